// ROCr's memory services on the virtual GPU: hsa_amd_memory_async_copy in
// every direction (ROCr routes them to the SDMA engines by default),
// hsa_amd_memory_fill, and hsa_amd_agents_allow_access. Bytes are checked
// against the host's copy of what was sent.
#include <cstring>
#include <string>
#include <vector>

#include "rocr_fixture.h"

namespace rocm_test {
namespace {

void pattern(uint8_t* p, size_t n, uint32_t seed) {
  for (size_t i = 0; i < n; ++i) {
    seed = seed * 1103515245u + 12345u;
    p[i] = static_cast<uint8_t>(seed >> 16);
  }
}

struct CopyCase {
  size_t bytes;
  size_t src_offset, dst_offset;  // from page-aligned allocations
};

// Host -> VRAM, VRAM -> VRAM, VRAM -> host; the bytes around the
// destination range must stay untouched.
void copy_every_direction(const Agents& agents_, const CopyCase c) {
  const size_t span = (c.bytes + 64 + 3) / 4 * 4;  // whole dwords for the fills
  PoolBuffer src(agents_.system, span, &agents_.gpu), back(agents_.system, span, &agents_.gpu);
  PoolBuffer d1(agents_.vram, span), d2(agents_.vram, span);
  ASSERT_TRUE(src.get() && back.get() && d1.get() && d2.get());
  pattern(src.as<uint8_t>(), span, static_cast<uint32_t>(c.bytes));
  std::memset(back.get(), 0xee, span);
  // Known bytes around the ranges in VRAM: a fill before the copies.
  ASSERT_EQ(hsa_amd_memory_fill(d1.get(), 0xa5a5a5a5u, span / 4), HSA_STATUS_SUCCESS);
  ASSERT_EQ(hsa_amd_memory_fill(d2.get(), 0x3c3c3c3cu, span / 4), HSA_STATUS_SUCCESS);

  const uint8_t* s = src.as<uint8_t>() + c.src_offset;
  uint8_t* v1 = d1.as<uint8_t>() + c.dst_offset;
  uint8_t* v2 = d2.as<uint8_t>() + c.src_offset;
  uint8_t* h = back.as<uint8_t>() + c.dst_offset;
  ASSERT_EQ(copy(v1, agents_.gpu, s, agents_.cpu, c.bytes), "");
  ASSERT_EQ(copy(v2, agents_.gpu, v1, agents_.gpu, c.bytes), "");
  ASSERT_EQ(copy(h, agents_.cpu, v2, agents_.gpu, c.bytes), "");
  for (size_t i = 0; i < c.bytes; ++i) ASSERT_EQ(h[i], s[i]) << "byte " << i << " of " << c.bytes;
  for (size_t i = 0; i < c.dst_offset; ++i) ASSERT_EQ(back.as<uint8_t>()[i], 0xee) << "byte " << i;
  for (size_t i = c.dst_offset + c.bytes; i < span; ++i)
    ASSERT_EQ(back.as<uint8_t>()[i], 0xee) << "byte " << i << " after the copy";

  // The VRAM -> VRAM copy left the fill around its range.
  ASSERT_EQ(copy(back.get(), agents_.cpu, d2.get(), agents_.gpu, span), "");
  const uint8_t* whole = back.as<uint8_t>();
  for (size_t i = 0; i < c.src_offset; ++i) ASSERT_EQ(whole[i], 0x3c) << "byte " << i;
  for (size_t i = c.src_offset + c.bytes; i < span; ++i) ASSERT_EQ(whole[i], 0x3c) << "byte " << i;
}

TEST_F(Rocr, CopyOneDword) { copy_every_direction(agents_, {4, 0, 0}); }
TEST_F(Rocr, CopyOneUnalignedByte) { copy_every_direction(agents_, {1, 3, 1}); }
TEST_F(Rocr, CopyOnePage) { copy_every_direction(agents_, {4096, 0, 0}); }
TEST_F(Rocr, CopyUnalignedPagePlus3) { copy_every_direction(agents_, {4099, 1, 2}); }
TEST_F(Rocr, CopyUnaligned64KiBPlus12) { copy_every_direction(agents_, {65536 + 12, 4, 8}); }
TEST_F(Rocr, CopyUnaligned3MiBPlus5) { copy_every_direction(agents_, {(3u << 20) + 5, 7, 3}); }

// The host's own buffer (plain new, not a pool) reaches the GPU once
// locked with hsa_amd_memory_lock.
TEST_F(Rocr, LockedHostMemoryCopiesToVram) {
  constexpr size_t kBytes = (1u << 20) + 333;
  std::vector<uint8_t> host(kBytes), back(kBytes);
  pattern(host.data(), kBytes, 99);
  void* agent_ptr = nullptr;
  ASSERT_EQ(hsa_amd_memory_lock(host.data(), kBytes, nullptr, 0, &agent_ptr), HSA_STATUS_SUCCESS);
  void* back_ptr = nullptr;
  ASSERT_EQ(hsa_amd_memory_lock(back.data(), kBytes, nullptr, 0, &back_ptr), HSA_STATUS_SUCCESS);
  PoolBuffer v(agents_.vram, kBytes);
  ASSERT_TRUE(v.get());
  EXPECT_EQ(copy(v.get(), agents_.gpu, agent_ptr, agents_.cpu, kBytes), "");
  EXPECT_EQ(copy(back_ptr, agents_.cpu, v.get(), agents_.gpu, kBytes), "");
  EXPECT_EQ(hsa_amd_memory_unlock(host.data()), HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_amd_memory_unlock(back.data()), HSA_STATUS_SUCCESS);
  EXPECT_TRUE(back == host) << "the round trip through VRAM changed bytes";
}

// hsa_amd_memory_fill writes whole dwords: count of them, nothing more.
TEST_F(Rocr, FillWritesExactlyCountDwords) {
  constexpr size_t kCount = (1u << 18) + 3;  // just over 1 MiB
  PoolBuffer v(agents_.vram, (kCount + 16) * 4),
      host(agents_.system, (kCount + 16) * 4, &agents_.gpu);
  ASSERT_TRUE(v.get() && host.get());
  ASSERT_EQ(hsa_amd_memory_fill(v.get(), 0, kCount + 16), HSA_STATUS_SUCCESS);
  ASSERT_EQ(hsa_amd_memory_fill(v.as<uint32_t>() + 4, 0xdeadbeefu, kCount), HSA_STATUS_SUCCESS);
  ASSERT_EQ(copy(host.get(), agents_.cpu, v.get(), agents_.gpu, (kCount + 16) * 4), "");
  const uint32_t* h = host.as<uint32_t>();
  for (size_t i = 0; i < kCount + 16; ++i) {
    const uint32_t want = i >= 4 && i < 4 + kCount ? 0xdeadbeefu : 0u;
    ASSERT_EQ(h[i], want) << "dword " << i;
  }
  // Host memory is a valid target too.
  ASSERT_EQ(hsa_amd_memory_fill(host.get(), 0x01020304u, 5), HSA_STATUS_SUCCESS);
  EXPECT_EQ(h[0], 0x01020304u);
  EXPECT_EQ(h[4], 0x01020304u);
  EXPECT_EQ(h[5], 0xdeadbeefu);  // as the VRAM fill left it
}

// VRAM made accessible to the CPU agent: the host reads what a copy wrote
// there without another copy.
TEST_F(Rocr, AllowAccessLetsTheCpuReadVram) {
  constexpr size_t kBytes = 8192;
  PoolBuffer v(agents_.vram, kBytes), host(agents_.system, kBytes, &agents_.gpu);
  ASSERT_TRUE(v.get() && host.get());
  pattern(host.as<uint8_t>(), kBytes, 5);
  ASSERT_EQ(hsa_amd_agents_allow_access(1, &agents_.cpu, nullptr, v.get()), HSA_STATUS_SUCCESS);
  ASSERT_EQ(copy(v.get(), agents_.gpu, host.get(), agents_.cpu, kBytes), "");
  EXPECT_EQ(std::memcmp(v.get(), host.get(), kBytes), 0);
  // Unknown memory is refused.
  int local = 0;
  EXPECT_NE(hsa_amd_agents_allow_access(1, &agents_.cpu, nullptr, &local), HSA_STATUS_SUCCESS);
}

// Coarse-grained host memory is the GPU's only after allow_access; then a
// copy engine may write it.
TEST_F(Rocr, AllowAccessLetsTheGpuUseCoarseHostMemory) {
  if (!agents_.system_coarse.handle) GTEST_SKIP() << "ROCr reports no coarse-grained system pool";
  hsa_amd_memory_pool_access_t access{};
  hsa_amd_agent_memory_pool_get_info(agents_.gpu, agents_.system_coarse,
                                     HSA_AMD_AGENT_MEMORY_POOL_INFO_ACCESS, &access);
  constexpr size_t kBytes = 4096 * 3;
  PoolBuffer coarse(agents_.system_coarse, kBytes), v(agents_.vram, kBytes);
  ASSERT_TRUE(coarse.get() && v.get());
  if (access == HSA_AMD_MEMORY_POOL_ACCESS_DISALLOWED_BY_DEFAULT) {
    ASSERT_EQ(allow_gpu(agents_, coarse.get()), "");
  }
  ASSERT_EQ(hsa_amd_memory_fill(v.get(), 0x77777777u, kBytes / 4), HSA_STATUS_SUCCESS);
  ASSERT_EQ(copy(coarse.get(), agents_.cpu, v.get(), agents_.gpu, kBytes), "");
  for (size_t i = 0; i < kBytes; ++i) ASSERT_EQ(coarse.as<uint8_t>()[i], 0x77) << "byte " << i;
}

}  // namespace
}  // namespace rocm_test
