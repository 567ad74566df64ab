// Scratch as ROCr uses it (AcquireQueueScratch/ReleaseQueueScratch) and as
// ROCm's thunk serves it on a dGPU (fmm_allocate_scratch,
// fmm_map_to_gpu_scratch): hsaKmtAllocMemory(Scratch) reserves address
// space only; each sub-range mapped gets a VRAM buffer object of its own,
// and unmapping one queue's range leaves another queue's range working.
#include <string>
#include <vector>

#include "thunk_fixture.h"

namespace {

using hsakmt_test::AqlQueue;
using hsakmt_test::GpuCodeObject;
using hsakmt_test::Kernargs;
using hsakmt_test::Signal;

constexpr HSAuint64 kScratchBytes = 4ull << 30;  // what ROCr reserves
constexpr HSAuint64 kPiece = 64 << 10;
constexpr uint32_t kN = kPiece / 4;

HsaMemFlags ScratchFlags() {
  HsaMemFlags f{};
  f.ui32.Scratch = 1;
  f.ui32.HostAccess = 1;
  return f;
}

class ScratchTest : public ThunkTest {
 protected:
  void SetUp() override {
    ThunkTest::SetUp();
    std::string error;
    ASSERT_TRUE(vector_add_.load(std::string(KERNEL_DIR) + "/vector_add.O3.co", &error)) << error;
  }

  // c = a + b on the GPU for kN floats; false when the dispatch fails.
  bool Add(AqlQueue& q, uint64_t a, uint64_t b, uint64_t c) {
    Kernargs args;
    args.add(a).add(b).add(c).add(kN);
    Signal done;
    if (!done.ok()) return false;
    const uint32_t grid[3] = {kN, 1, 1};
    const uint16_t group[3] = {256, 1, 1};
    auto pkt = AqlQueue::dispatch(vector_add_.kernel_object("vector_add"), grid, group, 1,
                                  args.place(), done.address());
    q.submit(&pkt);
    return done.wait_zero(20000);
  }

  // Writes a pattern into device-only memory at va through one kernel and
  // reads it back into host memory through another.
  void ExpectUsable(AqlQueue& q, uint64_t va, float seed) {
    float* in = hsakmt_test::alloc_array<float>(kN);
    float* zero = hsakmt_test::alloc_array<float>(kN);
    float* out = hsakmt_test::alloc_array<float>(kN);
    ASSERT_TRUE(in && zero && out);
    for (uint32_t i = 0; i < kN; ++i) in[i] = seed + static_cast<float>(i);
    const auto addr = [](const float* p) { return reinterpret_cast<uint64_t>(p); };
    ASSERT_TRUE(Add(q, addr(in), addr(zero), va));
    ASSERT_TRUE(Add(q, va, addr(zero), addr(out)));
    for (uint32_t i = 0; i < kN; ++i) ASSERT_EQ(out[i], in[i]) << "element " << i;
    hsakmt_test::free_system(in, kN * 4);
    hsakmt_test::free_system(zero, kN * 4);
    hsakmt_test::free_system(out, kN * 4);
  }

  GpuCodeObject vector_add_;
};

TEST_F(ScratchTest, AllocationIsAddressSpaceOnlyOncePerGpu) {
  void* s = nullptr;
  ASSERT_EQ(hsaKmtAllocMemory(gpu(), kScratchBytes, ScratchFlags(), &s), HSAKMT_STATUS_SUCCESS);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(s) % (64 << 10), 0u) << "64 KiB aligned (SCRATCH_ALIGN)";
  void* again = nullptr;
  EXPECT_EQ(hsaKmtAllocMemory(gpu(), kPiece, ScratchFlags(), &again), HSAKMT_STATUS_NO_MEMORY)
      << "one scratch reservation per GPU";
  void* on_cpu = nullptr;
  EXPECT_EQ(hsaKmtAllocMemory(0, kPiece, ScratchFlags(), &on_cpu), HSAKMT_STATUS_NO_MEMORY)
      << "the CPU node has no scratch";
  // ROCm's thunk keeps scratch out of its object lists.
  HsaPointerInfo info{};
  EXPECT_EQ(hsaKmtQueryPointerInfo(s, &info), HSAKMT_STATUS_ERROR);
  EXPECT_EQ(info.Type, HSA_POINTER_UNKNOWN);
  EXPECT_EQ(hsaKmtFreeMemory(s, kScratchBytes), HSAKMT_STATUS_SUCCESS);
  // Freed, the GPU's slot takes a new reservation.
  ASSERT_EQ(hsaKmtAllocMemory(gpu(), kPiece, ScratchFlags(), &s), HSAKMT_STATUS_SUCCESS);
  EXPECT_EQ(hsaKmtFreeMemory(s, kPiece), HSAKMT_STATUS_SUCCESS);
}

TEST_F(ScratchTest, SubRangesMapAndUnmapIndependently) {
  void* s = nullptr;
  ASSERT_EQ(hsaKmtAllocMemory(gpu(), kScratchBytes, ScratchFlags(), &s), HSAKMT_STATUS_SUCCESS);
  const uint64_t base = reinterpret_cast<uintptr_t>(s);
  void* first = s;                                           // queue 1's scratch
  void* second = reinterpret_cast<void*>(base + (1 << 20));  // queue 2's scratch
  ASSERT_EQ(hsaKmtMapMemoryToGPU(first, kPiece, nullptr), HSAKMT_STATUS_SUCCESS);
  ASSERT_EQ(hsaKmtMapMemoryToGPU(second, kPiece, nullptr), HSAKMT_STATUS_SUCCESS);

  // A mapped range, or part of one, cannot be mapped again; nor can a range
  // that leaves the reservation.
  EXPECT_EQ(hsaKmtMapMemoryToGPU(first, kPiece, nullptr), HSAKMT_STATUS_ERROR);
  EXPECT_EQ(hsaKmtMapMemoryToGPU(reinterpret_cast<void*>(base + 4096), kPiece, nullptr),
            HSAKMT_STATUS_ERROR);
  EXPECT_EQ(
      hsaKmtMapMemoryToGPU(reinterpret_cast<void*>(base + kScratchBytes - 4096), kPiece, nullptr),
      HSAKMT_STATUS_ERROR);
  // Only the start of a mapped range unmaps it.
  EXPECT_EQ(hsaKmtUnmapMemoryToGPU(reinterpret_cast<void*>(base + 4096)), HSAKMT_STATUS_ERROR);

  AqlQueue q(gpu());
  ASSERT_EQ(q.status(), HSAKMT_STATUS_SUCCESS);
  ExpectUsable(q, base, 1.0f);
  ExpectUsable(q, base + (1 << 20), 2.0f);

  // Queue 1 releases its scratch: queue 2's stays mapped and usable.
  ASSERT_EQ(hsaKmtUnmapMemoryToGPU(first), HSAKMT_STATUS_SUCCESS);
  EXPECT_EQ(hsaKmtUnmapMemoryToGPU(first), HSAKMT_STATUS_ERROR) << "already unmapped";
  ExpectUsable(q, base + (1 << 20), 3.0f);
  // The first range's buffer object is gone: the KFD takes a new one there.
  ASSERT_EQ(hsaKmtMapMemoryToGPU(first, 2 * kPiece, nullptr), HSAKMT_STATUS_SUCCESS);
  ExpectUsable(q, base + kPiece, 4.0f);

  // Freeing the reservation unmaps and frees what is still mapped.
  EXPECT_EQ(hsaKmtFreeMemory(s, kScratchBytes), HSAKMT_STATUS_SUCCESS);
  ASSERT_EQ(hsaKmtAllocMemory(gpu(), kScratchBytes, ScratchFlags(), &s), HSAKMT_STATUS_SUCCESS);
  ASSERT_EQ(s, first) << "the thunk's first-fit allocator hands the same range out again";
  EXPECT_EQ(hsaKmtMapMemoryToGPU(second, kPiece, nullptr), HSAKMT_STATUS_SUCCESS)
      << "no buffer object left at the old range";
  EXPECT_EQ(hsaKmtFreeMemory(s, kScratchBytes), HSAKMT_STATUS_SUCCESS);
}

}  // namespace
