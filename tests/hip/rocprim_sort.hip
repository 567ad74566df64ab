// A real ROCm library on the virtual GPU: rocPRIM's radix_sort_keys
// (Debian's librocprim-dev, header-only) sorts 4096 unsigned 32-bit keys,
// compared key for key with std::sort. Two inputs: uniformly random keys,
// and keys with many duplicates and the extremes 0 and UINT32_MAX (equal
// keys and the top and bottom radix digits). The input buffer must come
// back unchanged: this overload writes only to its output.
#include <rocprim/rocprim.hpp>

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include "hip_check.h"

namespace {

constexpr size_t kKeys = 4096;

void sort_and_compare(const char* name, const std::vector<uint32_t>& keys) {
  const size_t bytes = keys.size() * sizeof(uint32_t);
  uint32_t *input, *output;
  HIP_CHECK(hipMalloc(&input, bytes));
  HIP_CHECK(hipMalloc(&output, bytes));
  HIP_CHECK(hipMemcpy(input, keys.data(), bytes, hipMemcpyHostToDevice));
  HIP_CHECK(hipMemset(output, 0, bytes));

  size_t temporary_bytes = 0;
  // A null storage pointer asks for the temporary storage's size.
  HIP_CHECK(rocprim::radix_sort_keys(nullptr, temporary_bytes, input, output, keys.size()));
  void* temporary;
  HIP_CHECK(hipMalloc(&temporary, temporary_bytes));
  HIP_CHECK(rocprim::radix_sort_keys(temporary, temporary_bytes, input, output, keys.size()));
  HIP_CHECK(hipDeviceSynchronize());

  std::vector<uint32_t> sorted(keys.size()), input_after(keys.size());
  HIP_CHECK(hipMemcpy(sorted.data(), output, bytes, hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(input_after.data(), input, bytes, hipMemcpyDeviceToHost));
  std::vector<uint32_t> expected = keys;
  std::sort(expected.begin(), expected.end());

  int wrong = 0;
  for (size_t i = 0; i < keys.size(); ++i) {
    if (sorted[i] != expected[i] && ++wrong <= 5)
      EXPECT_TRUE(false, "%s: key %zu is %u, std::sort has %u", name, i, sorted[i], expected[i]);
  }
  EXPECT_TRUE(wrong == 0, "%s: %d of %zu keys differ from std::sort", name, wrong, keys.size());
  EXPECT_TRUE(input_after == keys, "%s: radix_sort_keys changed its input", name);

  HIP_CHECK(hipFree(temporary));
  HIP_CHECK(hipFree(output));
  HIP_CHECK(hipFree(input));
}

}  // namespace

int main() {
  std::mt19937 random(4096);
  std::vector<uint32_t> keys(kKeys);
  for (uint32_t& k : keys) k = static_cast<uint32_t>(random());
  sort_and_compare("random keys", keys);

  // 37 distinct values, each repeated about 110 times, including 0 and
  // UINT32_MAX.
  for (size_t i = 0; i < kKeys; ++i) {
    const uint32_t v = static_cast<uint32_t>(random() % 37);
    keys[i] = v == 0 ? 0u : v == 36 ? UINT32_MAX : v * 0x07654321u;
  }
  sort_and_compare("duplicate keys", keys);
  return hip_report("rocprim_sort");
}
