// Doorbells rung by the GPU: the thunk maps each GPU's doorbell slice into
// the GPUs' address space at the address the CPU uses (ROCm's thunk on a
// dGPU: a DOORBELL buffer object mapped like any other), so a kernel or an
// SDMA packet that stores to a queue's doorbell wakes the engine as a host
// store does. Completion is polled, never waited on with an event: waiting
// on an event kicks the engines, which would find the packet anyway.
#include <string>

#include "sdma_queue.h"
#include "thunk_fixture.h"

namespace {

using hsakmt_test::AqlQueue;
using hsakmt_test::GpuCodeObject;
using hsakmt_test::Kernargs;
using hsakmt_test::SdmaQueue;
using hsakmt_test::Signal;
using hsakmt_test::va;

std::string KernelPath(const char* name) { return std::string(KERNEL_DIR) + "/" + name + ".O3.co"; }

class GpuDoorbellTest : public ThunkTest {
 protected:
  void SetUp() override {
    ThunkTest::SetUp();
    std::string error;
    ASSERT_TRUE(vector_add_.load(KernelPath("vector_add"), &error)) << error;
    ASSERT_TRUE(enqueue_.load(KernelPath("device_enqueue"), &error)) << error;
    a_ = hsakmt_test::alloc_array<float>(kN);
    c_ = hsakmt_test::alloc_array<float>(kN);
    ASSERT_TRUE(a_ && c_);
    for (uint32_t i = 0; i < kN; ++i) a_[i] = static_cast<float>(i);
    args_.ptr(a_).ptr(a_).ptr(c_).add(kN);
  }
  void TearDown() override {
    hsakmt_test::free_system(a_, kN * 4);
    hsakmt_test::free_system(c_, kN * 4);
    ThunkTest::TearDown();
  }

  // c = a + a, its completion on done.
  fw_aql_kernel_dispatch_packet vector_add(const Signal& done) {
    const uint32_t grid[3] = {kN, 1, 1};
    const uint16_t group[3] = {64, 1, 1};
    return AqlQueue::dispatch(vector_add_.kernel_object("vector_add"), grid, group, 1,
                              args_.place(), done.address());
  }

  // Runs packet 0 of q from the host, so that the engine has gone past the
  // doorbell's first value and looks at q again only when it changes.
  void FirstPacketFromTheHost(AqlQueue& q) {
    Signal done;
    auto pkt = vector_add(done);
    q.submit(&pkt);
    ASSERT_TRUE(done.wait_zero(20000));
    ASSERT_EQ(q.read_index(), 1u);
    for (uint32_t i = 0; i < kN; ++i) c_[i] = -1.0f;
  }

  void ExpectVectorAddDone() {
    for (uint32_t i = 0; i < kN; ++i) ASSERT_EQ(c_[i], 2.0f * i) << "element " << i;
  }

  static constexpr uint32_t kN = 256;
  GpuCodeObject vector_add_, enqueue_;
  float* a_ = nullptr;
  float* c_ = nullptr;
  Kernargs args_;
};

TEST_F(GpuDoorbellTest, AKernelEnqueuesOntoASecondQueueAndRingsItsDoorbell) {
  AqlQueue host_q(gpu()), device_q(gpu());
  ASSERT_EQ(host_q.status(), HSAKMT_STATUS_SUCCESS);
  ASSERT_EQ(device_q.status(), HSAKMT_STATUS_SUCCESS);
  FirstPacketFromTheHost(device_q);

  // The packet the kernel copies into device_q's ring, header included.
  Signal enqueued_done;
  auto* packet = hsakmt_test::alloc_array<fw_aql_kernel_dispatch_packet>(1);
  ASSERT_NE(packet, nullptr);
  *packet = vector_add(enqueued_done);
  Kernargs args;
  args.ptr(device_q.slot(1))
      .ptr(packet)
      .ptr(&device_q.amd_queue()->write_dispatch_id)
      .ptr(device_q.doorbell())
      .add(uint64_t{1});
  Signal enqueue_done;
  const uint32_t grid[3] = {64, 1, 1};
  const uint16_t group[3] = {64, 1, 1};
  auto enqueue = AqlQueue::dispatch(enqueue_.kernel_object("device_enqueue"), grid, group, 1,
                                    args.place(), enqueue_done.address());
  host_q.submit(&enqueue);
  ASSERT_TRUE(enqueue_done.wait_zero(20000)) << "the enqueueing kernel did not complete";
  EXPECT_EQ(*device_q.doorbell(), 1u) << "the kernel's doorbell store landed in the slice";
  ASSERT_TRUE(enqueued_done.wait_zero(20000)) << "the packet the GPU enqueued never ran";
  EXPECT_EQ(device_q.read_index(), 2u);
  ExpectVectorAddDone();
  hsakmt_test::free_system(packet, 4096);
}

TEST_F(GpuDoorbellTest, AnSdmaWriteRingsAnAqlQueuesDoorbell) {
  AqlQueue q(gpu());
  ASSERT_EQ(q.status(), HSAKMT_STATUS_SUCCESS);
  FirstPacketFromTheHost(q);
  SdmaQueue sdma(gpu());
  ASSERT_EQ(sdma.status(), HSAKMT_STATUS_SUCCESS);

  Signal done;
  auto pkt = vector_add(done);
  ASSERT_EQ(q.publish(&pkt), 1u);
  // The 64-bit doorbell value 1, as ROCr's SDMA-rung queues get it.
  sdma_test::Stream s;
  s.write(va(q.doorbell()), {1, 0});
  sdma.submit(s);
  ASSERT_TRUE(sdma.drained()) << "the SDMA WRITE to the doorbell did not complete";
  ASSERT_TRUE(done.wait_zero(20000)) << "the doorbell the SDMA engine rang was not noticed";
  EXPECT_EQ(q.read_index(), 2u);
  ExpectVectorAddDone();
}

}  // namespace
