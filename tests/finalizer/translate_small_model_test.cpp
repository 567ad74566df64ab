// The small machine model end to end (PRM 2.9): global and flat addresses
// are 32-bit values the finalizer widens to gfx900's 64-bit pointers, so a
// small-model kernel runs on data the host placed below 4 GiB (mmap with
// MAP_32BIT, registered with the thunk at the same GPU address). The PRM's
// own vector add (3.1) and transpose (3.2), both small model, and a
// flat-segment variant are checked against results computed here.
#include <sys/mman.h>

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

// Memory below 4 GiB that the GPU sees at the same address.
class Low32 {
 public:
  explicit Low32(size_t bytes) : bytes_((bytes + 4095) & ~size_t{4095}) {
    void* p = mmap(nullptr, bytes_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_32BIT,
                   -1, 0);
    if (p == MAP_FAILED) return;
    uint64_t gpu_va = 0;
    if (hsaKmtRegisterMemory(p, bytes_) != HSAKMT_STATUS_SUCCESS ||
        hsaKmtMapMemoryToGPU(p, bytes_, &gpu_va) != HSAKMT_STATUS_SUCCESS) {
      munmap(p, bytes_);
      return;
    }
    registered_ = true;
    p_ = p;
    gpu_va_ = gpu_va;
  }
  ~Low32() {
    if (p_ == nullptr) return;
    if (registered_) {
      hsaKmtUnmapMemoryToGPU(p_);
      hsaKmtDeregisterMemory(p_);
    }
    munmap(p_, bytes_);
  }
  template <class T>
  T* as() const {
    return static_cast<T*>(p_);
  }
  uint32_t address() const { return static_cast<uint32_t>(reinterpret_cast<uintptr_t>(p_)); }
  uint64_t gpu_va() const { return gpu_va_; }

 private:
  size_t bytes_;
  void* p_ = nullptr;
  bool registered_ = false;
  uint64_t gpu_va_ = 0;
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

using SmallModel = FinalizedGpu;

TEST_F(SmallModel, PrmVectorAddRunsOnDataBelow4GiB) {
  constexpr uint32_t n = 1000;  // not a multiple of the work-group size
  Low32 a(n * 4), b(n * 4), c(n * 4);
  ASSERT_NE(a.as<float>(), nullptr);
  ASSERT_NE(c.as<float>(), nullptr);
  ASSERT_LT(reinterpret_cast<uintptr_t>(c.as<float>()) + n * 4, uint64_t{1} << 32);
  ASSERT_EQ(a.gpu_va(), reinterpret_cast<uintptr_t>(a.as<float>()));
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
