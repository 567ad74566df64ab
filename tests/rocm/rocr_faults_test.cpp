// Faults as a real gfx900 shows them to Debian's ROCr:
// - an out-of-bounds write: the KFD's memory-exception event reaches ROCr's
//   VM-fault handler, which prints "Memory access fault by GPU node-N
//   (Agent handle: ...) on address <page>. Reason: ..." and aborts the
//   process by design, so the write runs in a child process;
// - a malformed AQL packet: the CP stores its error code in the queue's
//   inactive signal and raises the signal's event; ROCr's queue-error
//   handler turns the code into a status for the queue's error callback
//   and the process keeps running.
#include <sys/mman.h>
#include <atomic>
#include <chrono>
#include <csignal>
#include <cstring>
#include <thread>

#include "rocr_fixture.h"

namespace rocm_test {
namespace {

struct AxpbArgs {
  void* out;
  const void* in;
  int32_t a, b;
};

std::string run_axpb(const Agents& agents, hsa_queue_t* q, void* out, const void* in) {
  Program prog;
  std::string err = prog.load(agents.gpu, AXPB_CO);
  Kernel k;
  if (err.empty()) err = prog.kernel(agents.gpu, "axpb", &k);
  if (!err.empty()) return err;
  AxpbArgs args{out, in, 3, 4};
  Dispatch d;
  d.grid[0] = 64;
  d.workgroup[0] = 64;
  d.args = &args;
  d.args_size = sizeof(args);
  return dispatch(agents, q, k, d);
}

// Never mapped in the GPU's address space; lane i writes kBadOut + 4 i, all
// in one page.
constexpr uintptr_t kBadOut = 0x7ff000001234;

// Runs in the child: returns only if ROCr did not abort.
void write_out_of_bounds(const Agents& agents, hsa_queue_t* q) {
  PoolBuffer in(agents.system, 64 * 4, &agents.gpu);
  const std::string err = run_axpb(agents, q, reinterpret_cast<void*>(kBadOut), in.get());
  std::fprintf(stderr, "the faulting dispatch returned: %s\n", err.c_str());
  std::exit(0);
}

TEST_F(Rocr, OutOfBoundsWriteAbortsWithRocrsReport) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  // Linux's gfx9 KFD reports the faulting page, and for a page that is not
  // mapped (protection fault "valid" bit) NotPresent, which ROCr names first.
  EXPECT_EXIT(write_out_of_bounds(agents_, queue()), ::testing::KilledBySignal(SIGABRT),
              "Memory access fault by GPU node-1 \\(Agent handle: 0x[0-9a-f]+\\) on "
              "address 0x7ff000001000\\. Reason: Page not present or supervisor privilege\\.");
  // This process goes on: its own GPU work is untouched.
  PoolBuffer in(agents_.system, 64 * 4, &agents_.gpu), out(agents_.system, 64 * 4, &agents_.gpu);
  ASSERT_TRUE(in.get() && out.get());
  for (int i = 0; i < 64; ++i) in.as<int32_t>()[i] = i;
  ASSERT_EQ(run_axpb(agents_, queue(), out.get(), in.get()), "");
  EXPECT_EQ(out.as<int32_t>()[63], 3 * 63 + 4);
}

// Host memory ROCr was never told about: a fixed address, so that the
// death test's child (which reruns the test) uses the same page. Far below
// where mmap places things top down: the thunk's 256 GiB VA reservation
// lands at a random place there and sometimes covered 0x7ee000000000 (and
// ASan's allocator lives at 0x600000000000).
constexpr uintptr_t kUnregistered = 0x500000000000;

void copy_from_unregistered_memory(const Agents& agents) {
  void* p = mmap(reinterpret_cast<void*>(kUnregistered), 1 << 16, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
  if (p != reinterpret_cast<void*>(kUnregistered)) {
    std::fprintf(stderr, "cannot map the test page\n");
    std::exit(1);
  }
  PoolBuffer v(agents.vram, 1 << 16);
  const std::string err =
      copy(v.get(), agents.gpu, static_cast<char*>(p) + 0x2010, agents.cpu, 1 << 12);
  std::fprintf(stderr, "the copy returned: %s\n", err.c_str());
  std::exit(0);
}

// The SDMA engine's fault on the unmapped source page takes the same path:
// the KFD's memory-exception event, ROCr's report and abort.
TEST_F(Rocr, CopyFromUnregisteredHostMemoryAbortsWithRocrsReport) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(copy_from_unregistered_memory(agents_), ::testing::KilledBySignal(SIGABRT),
              "Memory access fault by GPU node-1 \\(Agent handle: 0x[0-9a-f]+\\) on "
              "address 0x500000002000\\. Reason: Page not present or supervisor privilege\\.");
}

struct QueueError {
  std::atomic<int> calls{0};
  std::atomic<int> status{HSA_STATUS_SUCCESS};
  std::atomic<hsa_queue_t*> queue{nullptr};
};

void on_queue_error(hsa_status_t status, hsa_queue_t* source, void* data) {
  auto* e = static_cast<QueueError*>(data);
  e->status = status;
  e->queue = source;
  ++e->calls;
}

bool wait_for_call(const QueueError& e) {
  for (int i = 0; i < 1000 && e.calls.load() == 0; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  return e.calls.load() > 0;
}

// Submits one packet the CP refuses (its body, and the first 32 bits as
// header_word) on a new queue with an error callback and checks the status
// ROCr hands the callback; then the process goes on with another queue.
void expect_refused(const Agents& agents, hsa_queue_t* good_queue, const void* packet,
                    uint32_t header_word, hsa_status_t expected) {
  QueueError e;
  hsa_queue_t* q = nullptr;
  ASSERT_EQ(hsa_queue_create(agents.gpu, 64, HSA_QUEUE_TYPE_MULTI, on_queue_error, &e, UINT32_MAX,
                             UINT32_MAX, &q),
            HSA_STATUS_SUCCESS);
  submit_packet(q, packet, header_word);
  EXPECT_TRUE(wait_for_call(e)) << "ROCr's queue error callback was not called within 10 s";
  EXPECT_EQ(e.status.load(), expected) << status_text(static_cast<hsa_status_t>(e.status.load()));
  EXPECT_EQ(e.queue.load(), q);
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_EQ(e.calls.load(), 1);
  EXPECT_EQ(hsa_queue_destroy(q), HSA_STATUS_SUCCESS);

  // The process keeps running and its other queues keep working.
  PoolBuffer in(agents.system, 64 * 4, &agents.gpu), out(agents.system, 64 * 4, &agents.gpu);
  ASSERT_TRUE(in.get() && out.get());
  for (int i = 0; i < 64; ++i) in.as<int32_t>()[i] = -i;
  ASSERT_EQ(run_axpb(agents, good_queue, out.get(), in.get()), "");
  EXPECT_EQ(out.as<int32_t>()[5], 3 * -5 + 4);
}

// A malformed packet: a header of no packet type, or an AMD vendor packet.
void expect_queue_error(const Agents& agents, hsa_queue_t* good_queue, uint32_t header_word,
                        uint16_t amd_format, hsa_status_t expected) {
  hsa_barrier_and_packet_t p{};
  expect_refused(agents, good_queue, &p, header_word | static_cast<uint32_t>(amd_format) << 16,
                 expected);
}

// A dispatch of axpb (64 work-items in one group) that edit() spoils.
template <typename Edit>
void expect_dispatch_error(const Agents& agents, hsa_queue_t* good_queue, Edit edit,
                           hsa_status_t expected) {
  Program prog;
  ASSERT_EQ(prog.load(agents.gpu, AXPB_CO), "");
  Kernel k;
  ASSERT_EQ(prog.kernel(agents.gpu, "axpb", &k), "");
  PoolBuffer kernarg(agents.kernarg, k.kernarg_size, &agents.gpu);
  ASSERT_TRUE(kernarg.get());
  std::memset(kernarg.get(), 0, k.kernarg_size);
  hsa_kernel_dispatch_packet_t p{};
  p.setup = 1;
  p.workgroup_size_x = 64;
  p.workgroup_size_y = p.workgroup_size_z = 1;
  p.grid_size_x = 64;
  p.grid_size_y = p.grid_size_z = 1;
  p.kernel_object = k.object;
  p.kernarg_address = kernarg.get();
  p.group_segment_size = k.group_size;
  p.private_segment_size = k.private_size;
  edit(p);
  const uint32_t header = HSA_PACKET_TYPE_KERNEL_DISPATCH << HSA_PACKET_HEADER_TYPE |
                          HSA_FENCE_SCOPE_SYSTEM << HSA_PACKET_HEADER_SCACQUIRE_FENCE_SCOPE |
                          HSA_FENCE_SCOPE_SYSTEM << HSA_PACKET_HEADER_SCRELEASE_FENCE_SCOPE;
  expect_refused(agents, good_queue, &p, header | static_cast<uint32_t>(p.setup) << 16, expected);
}

// ROCr's queue-error handler reads a distinct code for each refused
// dispatch (Debian's ROCr 5.2.3: 8 code object, 4 group memory, 2
// dimensions, 64 work-group size) and reports its own status for each.
TEST_F(Rocr, NullKernelObjectReportsInvalidCodeObject) {
  expect_dispatch_error(
      agents_, queue(), [](hsa_kernel_dispatch_packet_t& p) { p.kernel_object = 0; },
      HSA_STATUS_ERROR_INVALID_CODE_OBJECT);
}

TEST_F(Rocr, UnmappedKernelObjectReportsInvalidCodeObject) {
  expect_dispatch_error(
      agents_, queue(), [](hsa_kernel_dispatch_packet_t& p) { p.kernel_object = 0x7ff000000000; },
      HSA_STATUS_ERROR_INVALID_CODE_OBJECT);
}

TEST_F(Rocr, TooMuchGroupMemoryReportsInvalidAllocation) {
  expect_dispatch_error(
      agents_, queue(), [](hsa_kernel_dispatch_packet_t& p) { p.group_segment_size = 1 << 20; },
      HSA_STATUS_ERROR_INVALID_ALLOCATION);
}

TEST_F(Rocr, BadDimensionsReportIncompatibleArguments) {
  expect_dispatch_error(
      agents_, queue(), [](hsa_kernel_dispatch_packet_t& p) { p.setup = 0; },
      HSA_STATUS_ERROR_INCOMPATIBLE_ARGUMENTS);
  expect_dispatch_error(
      agents_, queue(), [](hsa_kernel_dispatch_packet_t& p) { p.grid_size_x = 0; },
      HSA_STATUS_ERROR_INCOMPATIBLE_ARGUMENTS);
}

TEST_F(Rocr, BadWorkGroupSizeReportsInvalidArgument) {
  expect_dispatch_error(
      agents_, queue(), [](hsa_kernel_dispatch_packet_t& p) { p.workgroup_size_x = 0; },
      HSA_STATUS_ERROR_INVALID_ARGUMENT);
  expect_dispatch_error(
      agents_, queue(), [](hsa_kernel_dispatch_packet_t& p) { p.workgroup_size_x = 2048; },
      HSA_STATUS_ERROR_INVALID_ARGUMENT);
}

// Packet type 6 is not defined by HSA (0..5): the CP reports the generic
// invalid-format code (32), which ROCr's AqlQueue error handler maps to
// HSA_STATUS_ERROR_INVALID_PACKET_FORMAT.
TEST_F(Rocr, UndefinedPacketTypeReachesTheQueueErrorCallback) {
  expect_queue_error(agents_, queue(), 6u << HSA_PACKET_HEADER_TYPE, 0,
                     HSA_STATUS_ERROR_INVALID_PACKET_FORMAT);
}

// A vendor-specific packet of an AMD format the CP does not know (ROCr
// maps both the generic code and the vendor-packet code, 256, to the
// same status).
TEST_F(Rocr, UnknownAmdPacketFormatReachesTheQueueErrorCallback) {
  expect_queue_error(agents_, queue(), HSA_PACKET_TYPE_VENDOR_SPECIFIC << HSA_PACKET_HEADER_TYPE,
                     0x7f, HSA_STATUS_ERROR_INVALID_PACKET_FORMAT);
}

// Runs in the child: a queue the CP stopped on a malformed packet is left
// to hsa_shut_down. ROCr does not destroy it there; the thunk does, when
// ROCr closes the KFD (as Linux does when a process closes /dev/kfd). A
// second session then runs a dispatch: nothing of the first one is left.
void shut_down_with_an_errored_queue(const Agents& agents) {
  QueueError e;
  hsa_queue_t* q = nullptr;
  if (hsa_queue_create(agents.gpu, 64, HSA_QUEUE_TYPE_MULTI, on_queue_error, &e, UINT32_MAX,
                       UINT32_MAX, &q) != HSA_STATUS_SUCCESS)
    std::exit(2);
  hsa_barrier_and_packet_t p{};
  submit_packet(q, &p, 6u << HSA_PACKET_HEADER_TYPE);
  if (!wait_for_call(e) || e.status.load() != HSA_STATUS_ERROR_INVALID_PACKET_FORMAT) std::exit(3);
  std::fprintf(stderr, "hsa_shut_down: %s\n", status_text(hsa_shut_down()).c_str());
  if (hsa_init() != HSA_STATUS_SUCCESS) std::exit(4);
  const Agents again = find_agents();
  hsa_queue_t* good = nullptr;
  if (!again.complete() || hsa_queue_create(again.gpu, 64, HSA_QUEUE_TYPE_MULTI, nullptr, nullptr,
                                            UINT32_MAX, UINT32_MAX, &good) != HSA_STATUS_SUCCESS)
    std::exit(5);
  int32_t out = 0;
  {
    PoolBuffer in(again.system, 64 * 4, &again.gpu), res(again.system, 64 * 4, &again.gpu);
    for (int i = 0; i < 64; ++i) in.as<int32_t>()[i] = i;
    if (run_axpb(again, good, res.get(), in.get()) != "") std::exit(6);
    out = res.as<int32_t>()[7];
  }
  hsa_queue_destroy(good);
  std::fprintf(stderr, "second session: %d\n", out);
  std::exit(hsa_shut_down() == HSA_STATUS_SUCCESS ? 0 : 7);
}

TEST_F(Rocr, ShutDownWithAnErroredQueueLeftSucceeds) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(shut_down_with_an_errored_queue(agents_), ::testing::ExitedWithCode(0),
              "hsa_shut_down: status 0 \\(.*\\)\n(.*\n)*second session: 25\n");
}

}  // namespace
}  // namespace rocm_test
