// Peer access between two GPUs (GCN_EMU_GPUS=2, or the module's two virtual
// GPUs): VRAM of one GPU mapped to both with hsaKmtMapMemoryToGPUNodes, as
// ROCr maps memory for the agents it is allowed to, is read, written and
// copied by the other GPU's kernels and SDMA engines as over PCIe or XGMI.
// Skipped on one GPU.
#include <cstring>
#include <string>
#include <vector>

#include "sdma_queue.h"
#include "thunk_fixture.h"

namespace {

using hsakmt_test::AqlQueue;
using hsakmt_test::GpuCodeObject;
using hsakmt_test::Kernargs;
using hsakmt_test::SdmaQueue;
using hsakmt_test::Signal;
using hsakmt_test::va;

class PeerTest : public ThunkTest {
 protected:
  void SetUp() override {
    ThunkTest::SetUp();
    gpus_ = hsakmt_test::gpu_nodes();
    if (gpus_.size() < 2) GTEST_SKIP() << "needs two GPUs (GCN_EMU_GPUS=2)";
    std::string error;
    ASSERT_TRUE(vector_add_.load(std::string(KERNEL_DIR) + "/vector_add.O3.co", &error)) << error;
  }
  void TearDown() override {
    for (auto& [p, bytes] : vram_) {
      EXPECT_EQ(hsaKmtUnmapMemoryToGPU(p), HSAKMT_STATUS_SUCCESS);
      EXPECT_EQ(hsaKmtFreeMemory(p, bytes), HSAKMT_STATUS_SUCCESS);
    }
    ThunkTest::TearDown();
  }

  // Host-accessible VRAM of GPU `owner`, mapped to both GPUs by node list
  // or (by_nodes false) with hsaKmtMapMemoryToGPU, which maps memory no
  // node list was registered for on every GPU, as ROCm's thunk does.
  template <typename T>
  T* vram(unsigned owner, size_t bytes, bool by_nodes = true) {
    HsaMemFlags flags{};
    flags.ui32.HostAccess = 1;
    void* p = nullptr;
    EXPECT_EQ(hsaKmtAllocMemory(gpus_[owner], bytes, flags, &p), HSAKMT_STATUS_SUCCESS);
    if (!p) return nullptr;
    HsaMemMapFlags map{};
    uint32_t nodes[2] = {gpus_[0], gpus_[1]};
    if (by_nodes)
      EXPECT_EQ(hsaKmtMapMemoryToGPUNodes(p, bytes, nullptr, map, 2, nodes), HSAKMT_STATUS_SUCCESS);
    else
      EXPECT_EQ(hsaKmtMapMemoryToGPU(p, bytes, nullptr), HSAKMT_STATUS_SUCCESS);
    vram_.emplace_back(p, bytes);
    return static_cast<T*>(p);
  }

  // c = a + b for n floats on `gpu`'s queue q.
  void VectorAdd(AqlQueue& q, const float* a, const float* b, float* c, uint32_t n) {
    Kernargs args;
    args.ptr(a).ptr(b).ptr(c).add(n);
    Signal done;
    const uint32_t grid[3] = {n, 1, 1};
    const uint16_t group[3] = {64, 1, 1};
    auto pkt = AqlQueue::dispatch(vector_add_.kernel_object("vector_add"), grid, group, 1,
                                  args.place(), done.address());
    q.submit(&pkt);
    ASSERT_TRUE(done.wait_zero(20000)) << "the dispatch did not complete";
  }

  std::vector<uint32_t> gpus_;
  std::vector<std::pair<void*, size_t>> vram_;
  GpuCodeObject vector_add_;
};

// Each GPU's SDMA engine reads the other's VRAM into its own and writes its
// own into the other's, several times over (the first copy of a peer range
// must not be the only one that finds it).
TEST_F(PeerTest, SdmaCopiesVramBetweenTheGpusBothWaysRepeatedly) {
  constexpr size_t kBytes = 1 << 20;
  uint8_t* mem[2] = {vram<uint8_t>(0, kBytes), vram<uint8_t>(1, kBytes)};
  ASSERT_TRUE(mem[0] && mem[1]);
  SdmaQueue q0(gpus_[0]), q1(gpus_[1]);
  ASSERT_EQ(q0.status(), HSAKMT_STATUS_SUCCESS);
  ASSERT_EQ(q1.status(), HSAKMT_STATUS_SUCCESS);
  SdmaQueue* queue[2] = {&q0, &q1};
  std::vector<uint8_t> expect(kBytes / 2);
  for (unsigned round = 0; round < 6; ++round) {
    // Engine e copies from `from` to `to`: a peer read on even rounds
    // (into its own VRAM), a peer write on odd ones.
    for (unsigned e = 0; e < 2; ++e) {
      const unsigned from = (round % 2 == 0) ? 1 - e : e;
      const unsigned to = 1 - from;
      const size_t half = e * (kBytes / 2);
      for (size_t i = 0; i < expect.size(); ++i)
        expect[i] = static_cast<uint8_t>(i * 31 + round * 7 + e);
      std::memcpy(mem[from] + half, expect.data(), expect.size());
      std::memset(mem[to] + half, 0, expect.size());
      sdma_test::Stream s;
      s.copy(va(mem[to] + half), va(mem[from] + half), static_cast<uint32_t>(expect.size()));
      queue[e]->submit(s);
      ASSERT_TRUE(queue[e]->drained()) << "round " << round << ", engine of GPU " << e;
      ASSERT_EQ(std::memcmp(mem[to] + half, expect.data(), expect.size()), 0)
          << "round " << round << ", engine of GPU " << e << ": " << from << " -> " << to;
    }
  }
}

// New buffers every round: a VA the thunk hands out again must be mapped
// afresh on both GPUs.
TEST_F(PeerTest, SdmaCopiesFromTheSecondGpusVramIntoNewBuffersEachRound) {
  constexpr size_t kBytes = 64 * 1024;
  SdmaQueue q(gpus_[0]);
  ASSERT_EQ(q.status(), HSAKMT_STATUS_SUCCESS);
  std::vector<uint8_t> expect(kBytes);
  for (unsigned round = 0; round < 4; ++round) {
    auto* src = vram<uint8_t>(1, kBytes);
    auto* dst = vram<uint8_t>(0, kBytes);
    ASSERT_TRUE(src && dst);
    for (size_t i = 0; i < kBytes; ++i) expect[i] = static_cast<uint8_t>(i * 7 + round);
    std::memcpy(src, expect.data(), kBytes);
    std::memset(dst, 0, kBytes);
    sdma_test::Stream s;
    s.copy(va(dst), va(src), kBytes);
    q.submit(s);
    ASSERT_TRUE(q.drained()) << "round " << round;
    ASSERT_EQ(std::memcmp(dst, expect.data(), kBytes), 0) << "round " << round;
    for (void* p : {static_cast<void*>(src), static_cast<void*>(dst)}) {
      EXPECT_EQ(hsaKmtUnmapMemoryToGPU(p), HSAKMT_STATUS_SUCCESS);
      EXPECT_EQ(hsaKmtFreeMemory(p, kBytes), HSAKMT_STATUS_SUCCESS);
    }
    vram_.clear();
  }
}

TEST_F(PeerTest, AKernelOnTheSecondGpuStoresIntoTheFirstsVram) {
  constexpr uint32_t kN = 1024;
  float* c = vram<float>(0, kN * 4);
  ASSERT_NE(c, nullptr);
  float* a = hsakmt_test::alloc_array<float>(kN);
  ASSERT_NE(a, nullptr);
  for (uint32_t i = 0; i < kN; ++i) {
    a[i] = static_cast<float>(i) + 0.5f;
    c[i] = -1.0f;
  }
  AqlQueue q(gpus_[1]);
  ASSERT_EQ(q.status(), HSAKMT_STATUS_SUCCESS);
  for (int round = 0; round < 3; ++round) {
    VectorAdd(q, a, a, c, kN);
    for (uint32_t i = 0; i < kN; ++i) ASSERT_EQ(c[i], 2 * a[i]) << "element " << i;
    for (uint32_t i = 0; i < kN; ++i) a[i] += 1.0f;
  }
  hsakmt_test::free_system(a, kN * 4);
}

TEST_F(PeerTest, AKernelOnTheSecondGpuReadsTheFirstsVram) {
  constexpr uint32_t kN = 1024;
  float* a = vram<float>(0, kN * 4);
  float* b = vram<float>(1, kN * 4);
  ASSERT_TRUE(a && b);
  float* c = hsakmt_test::alloc_array<float>(kN);
  ASSERT_NE(c, nullptr);
  for (uint32_t i = 0; i < kN; ++i) {
    a[i] = static_cast<float>(i) * 3.0f;
    b[i] = 1.0f;
  }
  AqlQueue q(gpus_[1]);
  ASSERT_EQ(q.status(), HSAKMT_STATUS_SUCCESS);
  VectorAdd(q, a, b, c, kN);
  for (uint32_t i = 0; i < kN; ++i) ASSERT_EQ(c[i], a[i] + 1.0f) << "element " << i;
  hsakmt_test::free_system(c, kN * 4);
}

TEST_F(PeerTest, VramMappedWithoutANodeListIsReachedFromTheOtherGpu) {
  constexpr uint32_t kN = 1024;
  float* a = vram<float>(1, kN * 4, false);
  ASSERT_NE(a, nullptr);
  float* c = hsakmt_test::alloc_array<float>(kN);
  float* copy = hsakmt_test::alloc_array<float>(kN);
  ASSERT_TRUE(c && copy);
  for (uint32_t i = 0; i < kN; ++i) a[i] = static_cast<float>(i) - 100.0f;
  AqlQueue q(gpus_[0]);
  ASSERT_EQ(q.status(), HSAKMT_STATUS_SUCCESS);
  VectorAdd(q, a, a, c, kN);
  for (uint32_t i = 0; i < kN; ++i) ASSERT_EQ(c[i], 2 * a[i]) << "element " << i;
  SdmaQueue sdma(gpus_[0]);
  ASSERT_EQ(sdma.status(), HSAKMT_STATUS_SUCCESS);
  for (int round = 0; round < 3; ++round) {
    std::memset(copy, 0, kN * 4);
    a[round] = static_cast<float>(round) * 1000.0f;
    sdma_test::Stream s;
    s.copy(va(copy), va(a), kN * 4);
    sdma.submit(s);
    ASSERT_TRUE(sdma.drained()) << "round " << round;
    ASSERT_EQ(std::memcmp(copy, a, kN * 4), 0) << "round " << round;
  }
  hsakmt_test::free_system(c, kN * 4);
  hsakmt_test::free_system(copy, kN * 4);
}

// Each GPU's doorbell slice is mapped on every GPU: an SDMA engine of the
// second GPU rings an AQL queue of the first (a doorbell write over PCIe).
TEST_F(PeerTest, TheSecondGpusSdmaRingsAQueueOfTheFirst) {
  constexpr uint32_t kN = 256;
  float* a = hsakmt_test::alloc_array<float>(kN);
  float* c = hsakmt_test::alloc_array<float>(kN);
  ASSERT_TRUE(a && c);
  for (uint32_t i = 0; i < kN; ++i) a[i] = static_cast<float>(i);
  AqlQueue q(gpus_[0]);
  ASSERT_EQ(q.status(), HSAKMT_STATUS_SUCCESS);
  // Packet 0 from the host: afterwards the CP looks at q again only when
  // its doorbell changes.
  VectorAdd(q, a, a, c, kN);
  std::memset(c, 0, kN * 4);
  Kernargs args;
  args.ptr(a).ptr(a).ptr(c).add(kN);
  Signal done;
  const uint32_t grid[3] = {kN, 1, 1};
  const uint16_t group[3] = {64, 1, 1};
  auto pkt = AqlQueue::dispatch(vector_add_.kernel_object("vector_add"), grid, group, 1,
                                args.place(), done.address());
  ASSERT_EQ(q.publish(&pkt), 1u);
  SdmaQueue sdma(gpus_[1]);
  ASSERT_EQ(sdma.status(), HSAKMT_STATUS_SUCCESS);
  sdma_test::Stream s;
  s.write(va(q.doorbell()), {1, 0});
  sdma.submit(s);
  ASSERT_TRUE(sdma.drained()) << "GPU 1's SDMA could not write GPU 0's doorbell";
  ASSERT_TRUE(done.wait_zero(20000)) << "GPU 0's CP did not notice the doorbell";
  for (uint32_t i = 0; i < kN; ++i) ASSERT_EQ(c[i], 2 * a[i]) << "element " << i;
  hsakmt_test::free_system(a, kN * 4);
  hsakmt_test::free_system(c, kN * 4);
}

}  // namespace
