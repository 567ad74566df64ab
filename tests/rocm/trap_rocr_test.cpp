// ROCr's own gfx9 trap handler, installed by hsa_init (kCodeTrapHandler9,
// its TMA the doorbell-to-queue map), runs on the virtual GPU: a kernel
// that aborts (llvm.trap, s_trap 2) or meets an illegal instruction makes
// the handler store its error code in the queue's queue_inactive_signal and
// raise the signal's event, and ROCr calls the queue's error callback with
// the status it derives (AqlQueue::DynamicScratchHandler in ROCr 5.2):
// 0x80000000 -> HSA_STATUS_ERROR_EXCEPTION, 0x40000000 ->
// HSA_STATUS_ERROR_ILLEGAL_INSTRUCTION. The queue stops; the process and
// its other queues go on.
#include <atomic>
#include <chrono>
#include <cstring>
#include <thread>

#include "rocr_fixture.h"

namespace rocm_test {
namespace {

constexpr uint32_t kItems = 64;

// What the queue's error callback saw.
struct QueueErrors {
  std::atomic<int> calls{0};
  std::atomic<int> status{HSA_STATUS_SUCCESS};
  std::atomic<uint64_t> queue_id{0};
};

void on_queue_error(hsa_status_t status, hsa_queue_t* queue, void* data) {
  auto* e = static_cast<QueueErrors*>(data);
  e->status = status;
  e->queue_id = queue->id;
  e->calls.fetch_add(1);
}

bool wait_for(const std::function<bool()>& pred, std::chrono::seconds limit) {
  const auto end = std::chrono::steady_clock::now() + limit;
  while (!pred()) {
    if (std::chrono::steady_clock::now() > end) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return true;
}

class RocrTrap : public Rocr {
 protected:
  void SetUp() override {
    Rocr::SetUp();
    if (HasFatalFailure()) return;
    ASSERT_EQ(prog_.load(agents_.gpu, TRAPS_CO), "");
  }
  void TearDown() override {
    if (queue_) hsa_queue_destroy(queue_);
    Rocr::TearDown();
  }

  // Starts `kernel` over kItems work-items on a queue of its own whose
  // errors go to errors_; out must hold kItems ints.
  void launch(const char* kernel, int* out, hsa_signal_t completion) {
    Kernel k;
    ASSERT_EQ(prog_.kernel(agents_.gpu, kernel, &k), "");
    ASSERT_EQ(hsa_queue_create(agents_.gpu, 64, HSA_QUEUE_TYPE_SINGLE, on_queue_error, &errors_,
                               UINT32_MAX, UINT32_MAX, &queue_),
              HSA_STATUS_SUCCESS);
    args_ = std::make_unique<PoolBuffer>(agents_.kernarg, k.kernarg_size, &agents_.gpu);
    ASSERT_EQ(args_->status(), HSA_STATUS_SUCCESS);
    std::memset(args_->get(), 0, k.kernarg_size);
    std::memcpy(args_->get(), &out, sizeof(out));
    hsa_kernel_dispatch_packet_t p{};
    p.setup = 1 << HSA_KERNEL_DISPATCH_PACKET_SETUP_DIMENSIONS;
    p.workgroup_size_x = kItems;
    p.workgroup_size_y = p.workgroup_size_z = 1;
    p.grid_size_x = kItems;
    p.grid_size_y = p.grid_size_z = 1;
    p.private_segment_size = k.private_size;
    p.group_segment_size = k.group_size;
    p.kernel_object = k.object;
    p.kernarg_address = args_->get();
    p.completion_signal = completion;
    const uint16_t header = (HSA_PACKET_TYPE_KERNEL_DISPATCH << HSA_PACKET_HEADER_TYPE) |
                            (1 << HSA_PACKET_HEADER_BARRIER) |
                            (HSA_FENCE_SCOPE_SYSTEM << HSA_PACKET_HEADER_SCACQUIRE_FENCE_SCOPE) |
                            (HSA_FENCE_SCOPE_SYSTEM << HSA_PACKET_HEADER_SCRELEASE_FENCE_SCOPE);
    submit_packet(queue_, &p, header | static_cast<uint32_t>(p.setup) << 16);
  }

  // Runs `kernel` and expects ROCr to report `expected` for its queue
  // exactly once, with the dispatch left unfinished.
  void expect_queue_error(const char* kernel, hsa_status_t expected, int* out) {
    hsa_signal_t done{};
    ASSERT_EQ(hsa_signal_create(1, 0, nullptr, &done), HSA_STATUS_SUCCESS);
    launch(kernel, out, done);
    if (HasFatalFailure()) return;
    ASSERT_TRUE(wait_for([&] { return errors_.calls.load() > 0; }, std::chrono::seconds(20)))
        << "ROCr never called the queue's error callback";
    EXPECT_EQ(errors_.status.load(), static_cast<int>(expected))
        << status_text(static_cast<hsa_status_t>(errors_.status.load()));
    EXPECT_EQ(errors_.queue_id.load(), queue_->id);
    // The halted wave never finishes its dispatch.
    EXPECT_EQ(hsa_signal_wait_scacquire(done, HSA_SIGNAL_CONDITION_LT, 1, 50'000'000,
                                        HSA_WAIT_STATE_BLOCKED),
              1);
    EXPECT_EQ(errors_.calls.load(), 1);
    hsa_signal_destroy(done);
  }

  // After a queue error: a new queue of the same process runs a kernel.
  void expect_process_goes_on() {
    hsa_queue_destroy(queue_);
    queue_ = nullptr;
    PoolBuffer out(agents_.system, kItems * sizeof(int), &agents_.gpu);
    ASSERT_EQ(out.status(), HSA_STATUS_SUCCESS);
    hsa_signal_t done{};
    ASSERT_EQ(hsa_signal_create(1, 0, nullptr, &done), HSA_STATUS_SUCCESS);
    launch("store_linear", out.as<int>(), done);
    if (HasFatalFailure()) return;
    EXPECT_EQ(hsa_signal_wait_scacquire(done, HSA_SIGNAL_CONDITION_LT, 1, 10'000'000'000ull,
                                        HSA_WAIT_STATE_BLOCKED),
              0);
    for (uint32_t i = 0; i < kItems; ++i) ASSERT_EQ(out.as<int>()[i], int(3 * i + 1)) << i;
    hsa_signal_destroy(done);
  }

  Program prog_;
  QueueErrors errors_;
  hsa_queue_t* queue_ = nullptr;
  std::unique_ptr<PoolBuffer> args_;
};

TEST_F(RocrTrap, LlvmTrapReportsExceptionToQueueCallback) {
  PoolBuffer out(agents_.system, kItems * sizeof(int), &agents_.gpu);
  ASSERT_EQ(out.status(), HSA_STATUS_SUCCESS);
  std::memset(out.get(), 0, kItems * sizeof(int));
  expect_queue_error("store_then_trap", HSA_STATUS_ERROR_EXCEPTION, out.as<int>());
  // The stores before the trap happened.
  for (uint32_t i = 0; i < kItems; ++i) EXPECT_EQ(out.as<int>()[i], 1) << i;
  expect_process_goes_on();
}

TEST_F(RocrTrap, IllegalInstructionReportsIllegalInstruction) {
  PoolBuffer out(agents_.system, kItems * sizeof(int), &agents_.gpu);
  ASSERT_EQ(out.status(), HSA_STATUS_SUCCESS);
  std::memset(out.get(), 0, kItems * sizeof(int));
  expect_queue_error("illegal_instruction",
                     static_cast<hsa_status_t>(HSA_STATUS_ERROR_ILLEGAL_INSTRUCTION),
                     out.as<int>());
  // The handler halted the wave at the illegal word: nothing after it ran.
  for (uint32_t i = 0; i < kItems; ++i) EXPECT_EQ(out.as<int>()[i], 1) << i;
  expect_process_goes_on();
}

}  // namespace
}  // namespace rocm_test
