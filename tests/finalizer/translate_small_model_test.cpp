// The small machine model end to end (PRM 2.9): global and flat addresses
// are 32-bit values the finalizer widens to gfx900's 64-bit pointers, so a
// small-model kernel runs on data below 4 GiB of the GPU's address space.
// On gfx9 ROCm's thunk (like ours) puts GPU VAs where mmap chooses, high,
// and refuses FixedAddress; with HSA_RESERVE_SVM=1 it reserves its range
// from the GPUVM aperture's base instead, so the first allocations sit low
// (CPU VA = GPU VA). The PRM's own vector add (3.1) and transpose (3.2),
// both small model, and a flat-segment variant are checked against results
// computed here.
#include <cstdlib>
#include <cstring>

#include "finalized_gpu.h"
#include "hsakmt.h"
#include "prm_examples.h"

namespace finalizer_test {
namespace {

// c[i] = a[i] * 3 + i through flat addresses with an offset in the
// address expression, and the 32-bit wrap of small-model address math.
constexpr char kFlatSmall[] = R"(module &flat:1:0:$full:$small:$default;
kernel &flat_small(kernarg_u32 %a, kernarg_u32 %c)
{
	workitemabsid_u32 $s1, 0;
	shl_u32 $s2, $s1, 2;
	ld_kernarg_u32 $s3, [%a];
	add_u32 $s3, $s3, $s2;
	ld_u32 $s4, [$s3+4];
	mul_u32 $s4, $s4, 3;
	add_u32 $s4, $s4, $s1;
	ld_kernarg_u32 $s5, [%c];
	add_u32 $s5, $s5, $s2;
	st_u32 $s4, [$s5];
	ret;
};
)";

// System memory below 4 GiB, seen by the GPU at the same address.
class Low32 {
 public:
  explicit Low32(size_t bytes) : bytes_((bytes + 4095) & ~size_t{4095}) {
    HsaMemFlags flags{};
    flags.ui32.HostAccess = 1;
    flags.ui32.NonPaged = 1;
    void* p = nullptr;
    if (hsaKmtAllocMemory(0, bytes_, flags, &p) != HSAKMT_STATUS_SUCCESS) return;
    if (reinterpret_cast<uintptr_t>(p) + bytes_ > (uint64_t{1} << 32) ||
        hsaKmtMapMemoryToGPU(p, bytes_, nullptr) != HSAKMT_STATUS_SUCCESS) {
      hsaKmtFreeMemory(p, bytes_);
      return;
    }
    p_ = p;
  }
  ~Low32() {
    if (p_ == nullptr) return;
    hsaKmtUnmapMemoryToGPU(p_);
    hsaKmtFreeMemory(p_, bytes_);
  }
  template <class T>
  T* as() const {
    return static_cast<T*>(p_);
  }
  uint32_t address() const { return static_cast<uint32_t>(reinterpret_cast<uintptr_t>(p_)); }

 private:
  size_t bytes_;
  void* p_ = nullptr;
};

std::vector<uint8_t> u32_kernargs(std::initializer_list<uint32_t> values) {
  std::vector<uint8_t> out(values.size() * 4);
  size_t at = 0;
  for (uint32_t v : values) {
    std::memcpy(out.data() + at, &v, 4);
    at += 4;
  }
  return out;
}

// The thunk reads HSA_RESERVE_SVM when the runtime opens it.
class SmallModel : public FinalizedGpu {
 protected:
  void SetUp() override {
    setenv("HSA_RESERVE_SVM", "1", 1);
    FinalizedGpu::SetUp();
  }
  void TearDown() override {
    FinalizedGpu::TearDown();
    unsetenv("HSA_RESERVE_SVM");
  }
};

TEST_F(SmallModel, PrmVectorAddRunsOnDataBelow4GiB) {
  constexpr uint32_t n = 1000;  // not a multiple of the work-group size
  Low32 a(n * 4), b(n * 4), c(n * 4);
  ASSERT_NE(a.as<float>(), nullptr);
  ASSERT_NE(c.as<float>(), nullptr);
  ASSERT_LT(reinterpret_cast<uintptr_t>(c.as<float>()) + n * 4, uint64_t{1} << 32);
  for (uint32_t i = 0; i < n; ++i) {
    a.as<float>()[i] = 0.5f * i;
    b.as<float>()[i] = 1000.0f - i * 0.25f;
    c.as<float>()[i] = -1.0f;
  }
  uint64_t object = 0;
  Load(kPrmVectorAdd, "&__OpenCL_vec_add_kernel", &object);
  ASSERT_NE(object, 0u);
  ASSERT_TRUE(
      DispatchBytes(object, u32_kernargs({a.address(), b.address(), c.address(), n}), 1024, 64));
  for (uint32_t i = 0; i < n; ++i)
    ASSERT_EQ(c.as<float>()[i], a.as<float>()[i] + b.as<float>()[i]) << i;
}

TEST_F(SmallModel, FlatAddressesWithOffsets) {
  constexpr uint32_t n = 256;
  Low32 a((n + 1) * 4), c(n * 4);
  ASSERT_NE(a.as<uint32_t>(), nullptr);
  ASSERT_NE(c.as<uint32_t>(), nullptr);
  for (uint32_t i = 0; i <= n; ++i) a.as<uint32_t>()[i] = 7 * i + 1;
  uint64_t object = 0;
  Load(kFlatSmall, "&flat_small", &object);
  ASSERT_NE(object, 0u);
  ASSERT_TRUE(DispatchBytes(object, u32_kernargs({a.address(), c.address()}), n, 64));
  for (uint32_t i = 0; i < n; ++i)
    ASSERT_EQ(c.as<uint32_t>()[i], a.as<uint32_t>()[i + 1] * 3 + i) << i;
}

TEST_F(SmallModel, PrmTransposeThroughGroupMemory) {
  // A width x height matrix in 16 x 16 blocks; out is height x width.
  constexpr uint32_t width = 64, height = 48, block = 16;
  Low32 in(width * height * 4), out(width * height * 4);
  ASSERT_NE(in.as<float>(), nullptr);
  ASSERT_NE(out.as<float>(), nullptr);
  for (uint32_t i = 0; i < width * height; ++i) {
    in.as<float>()[i] = static_cast<float>(i) * 0.5f - 100.0f;
    out.as<float>()[i] = -1.0f;
  }
  uint64_t object = 0;
  Load(kPrmTranspose, "&__OpenCL_matrixTranspose_kernel", &object);
  ASSERT_NE(object, 0u);
  rows_ = height;
  group_rows_ = block;
  dynamic_group_bytes_ = block * block * 4;
  ASSERT_TRUE(DispatchBytes(
      object, u32_kernargs({out.address(), in.address(), 0, width, height, block}), width, block));
  // Work-item (x, y) read in[y][x]; the PRM's formula puts it at
  // out[(wg.x * block + lid.x) * height + wg.y * block + lid.y] = out[x][y].
  for (uint32_t y = 0; y < height; ++y) {
    for (uint32_t x = 0; x < width; ++x)
      ASSERT_EQ(out.as<float>()[x * height + y], in.as<float>()[y * width + x]) << x << "," << y;
  }
}

}  // namespace
}  // namespace finalizer_test
