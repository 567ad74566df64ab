// Kernels through runtime queues: a clang-14 vector_add checked against the
// CPU, and queue errors: a faulting kernel or a malformed packet stops its
// queue and runs that queue's callback exactly once with the matching
// status, while another queue keeps working.
#include <atomic>
#include <chrono>
#include <string>
#include <thread>

#include "queue_fixture.h"

namespace queue_test {
namespace {

using hsakmt_test::AqlQueue;
using hsakmt_test::GpuCodeObject;
using hsakmt_test::Kernargs;
using hsakmt_test::Signal;

// What a queue's error callback saw.
struct Errors {
  std::atomic<int> calls{0};
  std::atomic<hsa_status_t> status{HSA_STATUS_SUCCESS};
  std::atomic<hsa_queue_t*> source{nullptr};
  std::atomic<void*> data{nullptr};
};

void on_error(hsa_status_t status, hsa_queue_t* source, void* data) {
  auto* e = static_cast<Errors*>(data);
  e->status = status;
  e->source = source;
  e->data = data;
  e->calls.fetch_add(1);
}

bool wait_calls(const Errors& e, int n, unsigned timeout_ms) {
  const auto end = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
  while (e.calls.load() < n) {
    if (std::chrono::steady_clock::now() > end) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return true;
}

class ApiQueueDispatch : public ApiQueueTest {
 protected:
  void SetUp() override {
    ApiQueueTest::SetUp();
    std::string error;
    ASSERT_TRUE(vector_add_.load(kernel_path("vector_add"), &error)) << error;
  }

  hsa_queue_t* make_queue(Errors* errors) {
    hsa_queue_t* q = nullptr;
    EXPECT_EQ(hsa_queue_create(gpu_, 64, HSA_QUEUE_TYPE_MULTI, errors ? on_error : nullptr, errors,
                               UINT32_MAX, UINT32_MAX, &q),
              HSA_STATUS_SUCCESS);
    return q;
  }

  // c = a + b for n floats on q, checked against the CPU.
  void RunVectorAdd(hsa_queue_t* q, uint32_t n, float seed) {
    float* a = hsakmt_test::alloc_array<float>(n);
    float* b = hsakmt_test::alloc_array<float>(n);
    float* c = hsakmt_test::alloc_array<float>(n);
    ASSERT_TRUE(a && b && c);
    for (uint32_t i = 0; i < n; ++i) {
      a[i] = seed + static_cast<float>(i);
      b[i] = 0.25f * static_cast<float>(i);
      c[i] = -1.0f;
    }
    Kernargs args;
    args.ptr(a).ptr(b).ptr(c).add(n);
    Signal done(true);
    ASSERT_TRUE(done.ok());
    const uint32_t grid[3] = {n, 1, 1};
    const uint16_t group[3] = {64, 1, 1};
    const auto pkt = AqlQueue::dispatch(vector_add_.kernel_object("vector_add"), grid, group, 1,
                                        args.place(), done.address());
    const uint64_t index = submit(q, &pkt);
    ASSERT_TRUE(done.wait_zero(20000)) << "the completion signal never reached 0";
    for (uint32_t i = 0; i < n; ++i) ASSERT_EQ(c[i], a[i] + b[i]) << "element " << i;
    EXPECT_GT(hsa_queue_load_read_index_scacquire(q), index);
    hsakmt_test::free_system(a, n * 4);
    hsakmt_test::free_system(b, n * 4);
    hsakmt_test::free_system(c, n * 4);
  }

  GpuCodeObject vector_add_;
};

TEST_F(ApiQueueDispatch, VectorAddMatchesTheCpu) {
  hsa_queue_t* q = make_queue(nullptr);
  ASSERT_NE(q, nullptr);
  RunVectorAdd(q, 1000, 2.0f);  // a partial last workgroup
  RunVectorAdd(q, 64, -5.0f);
  EXPECT_EQ(hsa_queue_load_read_index_scacquire(q), 2u);
  EXPECT_EQ(hsa_queue_destroy(q), HSA_STATUS_SUCCESS);
}

TEST_F(ApiQueueDispatch, FaultingKernelCallsItsQueueBackOnce) {
  GpuCodeObject fault;
  std::string error;
  ASSERT_TRUE(fault.load(kernel_path("fault_store"), &error)) << error;
  Errors bad_errors, good_errors;
  hsa_queue_t* bad = make_queue(&bad_errors);
  hsa_queue_t* good = make_queue(&good_errors);
  ASSERT_TRUE(bad && good);

  Kernargs args;
  args.add(uint64_t{0x7000DEAD0000ull});  // not mapped anywhere
  Signal never;
  const uint32_t grid[3] = {64, 1, 1};
  const uint16_t group[3] = {64, 1, 1};
  const auto pkt = AqlQueue::dispatch(fault.kernel_object("fault_store"), grid, group, 1,
                                      args.place(), never.address());
  submit(bad, &pkt);
  ASSERT_TRUE(wait_calls(bad_errors, 1, 20000)) << "the error callback never ran";
  // A page fault is either status of hsa_ext_amd.h.
  const int s = bad_errors.status;
  EXPECT_TRUE(s == HSA_STATUS_ERROR_MEMORY_APERTURE_VIOLATION || s == HSA_STATUS_ERROR_MEMORY_FAULT)
      << "status " << s;
  EXPECT_EQ(bad_errors.source.load(), bad);
  EXPECT_EQ(bad_errors.data.load(), &bad_errors);
  EXPECT_EQ(never.value(), 1) << "a faulted dispatch does not complete";

  // The other queue carries on, and nothing is reported twice.
  RunVectorAdd(good, 300, 7.0f);
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  EXPECT_EQ(bad_errors.calls.load(), 1);
  EXPECT_EQ(good_errors.calls.load(), 0);
  EXPECT_EQ(hsa_queue_destroy(bad), HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_queue_destroy(good), HSA_STATUS_SUCCESS);
}

TEST_F(ApiQueueDispatch, MalformedPacketReportsInvalidPacketFormat) {
  Errors errors;
  hsa_queue_t* q = make_queue(&errors);
  ASSERT_NE(q, nullptr);
  fw_aql_barrier_packet p{};
  p.header = header(7);  // no such packet type
  submit(q, &p);
  ASSERT_TRUE(wait_calls(errors, 1, 20000)) << "the error callback never ran";
  EXPECT_EQ(errors.status.load(), HSA_STATUS_ERROR_INVALID_PACKET_FORMAT);
  EXPECT_EQ(errors.source.load(), q);
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  EXPECT_EQ(errors.calls.load(), 1);
  EXPECT_EQ(hsa_queue_destroy(q), HSA_STATUS_SUCCESS);
}

// Each dispatch the CP refuses reports its own code in the queue's inactive
// signal, which the runtime maps as ROCr does: a null or invalid kernel
// object, too much group memory, bad dimensions, a bad work-group size.
TEST_F(ApiQueueDispatch, RefusedDispatchesReportTheirOwnStatus) {
  struct Case {
    const char* what;
    void (*edit)(fw_aql_kernel_dispatch_packet&);
    hsa_status_t status;
  };
  const Case cases[] = {
      {"null kernel object", [](fw_aql_kernel_dispatch_packet& p) { p.kernel_object = 0; },
       HSA_STATUS_ERROR_INVALID_CODE_OBJECT},
      {"unmapped kernel object",
       [](fw_aql_kernel_dispatch_packet& p) { p.kernel_object = 0x7ff000000000ull; },
       HSA_STATUS_ERROR_INVALID_CODE_OBJECT},
      {"group segment over 64 KiB",
       [](fw_aql_kernel_dispatch_packet& p) { p.group_segment_size = 128 * 1024; },
       HSA_STATUS_ERROR_INVALID_ALLOCATION},
      {"no dimensions", [](fw_aql_kernel_dispatch_packet& p) { p.setup = 0; },
       HSA_STATUS_ERROR_INCOMPATIBLE_ARGUMENTS},
      {"zero grid", [](fw_aql_kernel_dispatch_packet& p) { p.grid_size_x = 0; },
       HSA_STATUS_ERROR_INCOMPATIBLE_ARGUMENTS},
      {"zero work-group size", [](fw_aql_kernel_dispatch_packet& p) { p.workgroup_size_x = 0; },
       HSA_STATUS_ERROR_INVALID_ARGUMENT},
      {"work-group of 2048", [](fw_aql_kernel_dispatch_packet& p) { p.workgroup_size_x = 2048; },
       HSA_STATUS_ERROR_INVALID_ARGUMENT},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.what);
    Errors errors;
    hsa_queue_t* q = make_queue(&errors);
    ASSERT_NE(q, nullptr);
    float* v = hsakmt_test::alloc_array<float>(64);
    Kernargs args;
    args.ptr(v).ptr(v).ptr(v).add(64u);
    Signal done(true);
    const uint32_t grid[3] = {4096, 1, 1};
    const uint16_t group[3] = {64, 1, 1};
    auto pkt = AqlQueue::dispatch(vector_add_.kernel_object("vector_add"), grid, group, 1,
                                  args.place(), done.address());
    c.edit(pkt);
    submit(q, &pkt);
    ASSERT_TRUE(wait_calls(errors, 1, 20000)) << "the error callback never ran";
    EXPECT_EQ(errors.status.load(), c.status);
    EXPECT_EQ(errors.source.load(), q);
    EXPECT_EQ(done.value(), 1) << "a refused dispatch does not complete";
    EXPECT_EQ(hsa_queue_destroy(q), HSA_STATUS_SUCCESS);
    hsakmt_test::free_system(v, 64 * 4);
  }
}

// A callback may destroy the queue it reports.
TEST_F(ApiQueueDispatch, CallbackMayDestroyItsQueue) {
  static std::atomic<hsa_status_t> destroyed{HSA_STATUS_ERROR};
  hsa_queue_t* q = nullptr;
  ASSERT_EQ(
      hsa_queue_create(
          gpu_, 64, HSA_QUEUE_TYPE_MULTI,
          [](hsa_status_t, hsa_queue_t* source, void*) { destroyed = hsa_queue_destroy(source); },
          nullptr, UINT32_MAX, UINT32_MAX, &q),
      HSA_STATUS_SUCCESS);
  fw_aql_barrier_packet p{};
  p.header = header(6);
  submit(q, &p);
  const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (destroyed.load() != HSA_STATUS_SUCCESS && std::chrono::steady_clock::now() < end)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  EXPECT_EQ(destroyed.load(), HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_queue_destroy(q), HSA_STATUS_ERROR_INVALID_QUEUE);
}

struct FaultEvents {
  std::atomic<int> calls{0};
  std::atomic<uint64_t> agent{0};
  std::atomic<uint64_t> address{0};
  std::atomic<uint32_t> reasons{0};
};

// A system event handler learns of the fault (agent, page, reason) before
// the queue's own callback runs; the process keeps going.
TEST_F(ApiQueueDispatch, SystemEventHandlerSeesTheMemoryFault) {
  FaultEvents events;
  EXPECT_EQ(hsa_amd_register_system_event_handler(nullptr, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  ASSERT_EQ(hsa_amd_register_system_event_handler(
                [](const hsa_amd_event_t* e, void* d) {
                  auto* ev = static_cast<FaultEvents*>(d);
                  if (e->event_type == HSA_AMD_GPU_MEMORY_FAULT_EVENT) {
                    ev->agent = e->memory_fault.agent.handle;
                    ev->address = e->memory_fault.virtual_address;
                    ev->reasons = e->memory_fault.fault_reason_mask;
                  }
                  ev->calls.fetch_add(1);
                  return HSA_STATUS_SUCCESS;
                },
                &events),
            HSA_STATUS_SUCCESS);
  GpuCodeObject fault;
  std::string error;
  ASSERT_TRUE(fault.load(kernel_path("fault_store"), &error)) << error;
  Errors errors;
  hsa_queue_t* q = make_queue(&errors);
  ASSERT_NE(q, nullptr);
  const uint64_t bad_address = 0x7000DEAD0000ull;
  Kernargs args;
  args.add(bad_address);
  Signal never;
  const uint32_t grid[3] = {64, 1, 1};
  const uint16_t group[3] = {64, 1, 1};
  const auto pkt = AqlQueue::dispatch(fault.kernel_object("fault_store"), grid, group, 1,
                                      args.place(), never.address());
  submit(q, &pkt);
  ASSERT_TRUE(wait_calls(errors, 1, 20000)) << "the error callback never ran";
  EXPECT_EQ(events.calls.load(), 1) << "the handler runs before the queue's callback";
  EXPECT_EQ(events.agent.load(), gpu_.handle);
  EXPECT_EQ(events.address.load() & ~uint64_t{0xfff}, bad_address);
  // The KFD reports a page's protection bits as it finds them (none for an
  // address nothing maps), so only those reasons may appear.
  const uint32_t protection_bits = HSA_AMD_MEMORY_FAULT_PAGE_NOT_PRESENT |
                                   HSA_AMD_MEMORY_FAULT_READ_ONLY | HSA_AMD_MEMORY_FAULT_NX;
  EXPECT_EQ(events.reasons.load() & ~protection_bits, 0u);
  EXPECT_EQ(hsa_queue_destroy(q), HSA_STATUS_SUCCESS);
}

}  // namespace
}  // namespace queue_test
