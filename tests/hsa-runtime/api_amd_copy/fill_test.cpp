// hsa_amd_memory_fill: dwords of a value in system memory and VRAM from
// aligned and 4-byte offsets, neighbours untouched, and its errors.
#include <cstring>

#include "copy_fixture.h"

namespace copy_test {
namespace {

using ApiFillTest = ApiCopyFixture;

TEST_F(ApiFillTest, FillsExactlyCountDwords) {
  constexpr size_t kDwords = 70000;
  auto* p = reinterpret_cast<uint32_t*>(alloc(system_, kDwords * 4));
  ASSERT_NE(p, nullptr);
  const struct {
    size_t offset, count;
  } cases[] = {{0, 1}, {1, 1}, {3, 5}, {0, 4}, {2, 7}, {1, 1024}, {0, 65536}, {5, 65536 + 3}};
  uint32_t value = 0x01020304;
  for (const auto& c : cases) {
    SCOPED_TRACE("offset " + std::to_string(c.offset) + " count " + std::to_string(c.count));
    for (size_t i = 0; i < kDwords; ++i) p[i] = 0xDEADBEEF;
    value += 0x11111111;
    ASSERT_EQ(hsa_amd_memory_fill(p + c.offset, value, c.count), HSA_STATUS_SUCCESS);
    for (size_t i = 0; i < kDwords; ++i) {
      const bool inside = i >= c.offset && i < c.offset + c.count;
      ASSERT_EQ(p[i], inside ? value : 0xDEADBEEFu) << "dword " << i;
    }
  }
}

TEST_F(ApiFillTest, FillsVram) {
  constexpr size_t kDwords = 4096 + 3;
  auto* vram = reinterpret_cast<uint32_t*>(alloc(vram_, kDwords * 4));
  auto* back = reinterpret_cast<uint32_t*>(alloc(system_, kDwords * 4));
  ASSERT_TRUE(vram && back);
  ASSERT_EQ(hsa_amd_memory_fill(vram, 0, kDwords), HSA_STATUS_SUCCESS);
  ASSERT_EQ(hsa_amd_memory_fill(vram + 1, 0xCAFEF00D, kDwords - 2), HSA_STATUS_SUCCESS);
  hsa_signal_t done = signal(1);
  ASSERT_EQ(hsa_amd_memory_async_copy(back, cpu_, vram, gpu_, kDwords * 4, 0, nullptr, done),
            HSA_STATUS_SUCCESS);
  ASSERT_TRUE(wait_zero(done));
  for (size_t i = 0; i < kDwords; ++i)
    ASSERT_EQ(back[i], i == 0 || i == kDwords - 1 ? 0u : 0xCAFEF00Du) << "dword " << i;
}

TEST_F(ApiFillTest, ErrorStatuses) {
  uint8_t* p = alloc(system_, 4096);
  EXPECT_EQ(hsa_amd_memory_fill(nullptr, 1, 4), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_amd_memory_fill(p + 2, 1, 4), HSA_STATUS_ERROR_INVALID_ARGUMENT);  // unaligned
  uint32_t stack[4] = {};
  EXPECT_EQ(hsa_amd_memory_fill(stack, 1, 4), HSA_STATUS_ERROR_INVALID_ARGUMENT);  // unmapped
  EXPECT_EQ(stack[0], 0u);
  EXPECT_EQ(hsa_amd_memory_fill(p + 4000, 1, 100), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  // Nothing to fill.
  std::memset(p, 0, 16);
  EXPECT_EQ(hsa_amd_memory_fill(p, 7, 0), HSA_STATUS_SUCCESS);
  EXPECT_EQ(p[0], 0);
}

}  // namespace
}  // namespace copy_test
