// The shader engine's dispatch mechanics, with hand-written machine code:
// wave layout, workgroup ids, partial groups, LDS and barriers, several
// host threads, and faults that stop a dispatch but not the process.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "snippet_runner.h"

namespace {

using gcn_test::SnippetRunner;

// out[global id] = global id; global id = group id * 64 + local id.
const char* kStoreGlobalId = R"(
s_load_dwordx2 s[4:5], s[0:1], 0x0
s_lshl_b32 s3, s2, 6
v_add_u32 v1, s3, v0
v_lshlrev_b32 v2, 2, v1
s_waitcnt lgkmcnt(0)
global_store_dword v2, v1, s[4:5]
s_endpgm
)";

TEST(ShaderEngine, EveryWorkItemRunsOnceWithItsId) {
  SnippetRunner r;
  const uint32_t n = 64 * 20;
  auto* out = r.alloc<uint32_t>(n);
  for (uint32_t i = 0; i < n; ++i) out[i] = 0xDEADBEEF;
  auto res = r.run(kStoreGlobalId, n, 64, {reinterpret_cast<uintptr_t>(out)});
  ASSERT_TRUE(res.ok) << res.error;
  for (uint32_t i = 0; i < n; ++i) ASSERT_EQ(out[i], i) << "work-item " << i;
  EXPECT_EQ(res.waves, 20u);
  EXPECT_EQ(res.wave_instructions, 20u * 7);
}

TEST(ShaderEngine, PartialWorkgroupLeavesTheRestUntouched) {
  SnippetRunner r;
  auto* out = r.alloc<uint32_t>(128);
  for (uint32_t i = 0; i < 128; ++i) out[i] = 0xDEADBEEF;
  auto res = r.run(kStoreGlobalId, 100, 64, {reinterpret_cast<uintptr_t>(out)});
  ASSERT_TRUE(res.ok) << res.error;
  for (uint32_t i = 0; i < 100; ++i) ASSERT_EQ(out[i], i);
  for (uint32_t i = 100; i < 128; ++i) ASSERT_EQ(out[i], 0xDEADBEEFu) << "lane " << i;
}

TEST(ShaderEngine, TwoHostThreadsRunEveryGroup) {
  SnippetRunner r(2);
  const uint32_t n = 64 * 1000;
  auto* out = r.alloc<uint32_t>(n);
  auto res = r.run(kStoreGlobalId, n, 64, {reinterpret_cast<uintptr_t>(out)});
  ASSERT_TRUE(res.ok) << res.error;
  for (uint32_t i = 0; i < n; ++i) ASSERT_EQ(out[i], i);
}

// Each of 4 waves writes its lane's id to LDS, waits at the barrier, then
// reads the value written by the mirror work-item of another wave:
// out[i] = 255 - i only if the barrier held every wave back.
TEST(ShaderEngine, BarrierOrdersLdsAcrossWaves) {
  SnippetRunner r;
  auto* out = r.alloc<uint32_t>(256);
  auto res = r.run(R"(
s_load_dwordx2 s[4:5], s[0:1], 0x0
v_lshlrev_b32 v1, 2, v0
ds_write_b32 v1, v0
s_waitcnt lgkmcnt(0)
s_barrier
v_sub_u32 v2, 255, v0
v_lshlrev_b32 v3, 2, v2
ds_read_b32 v4, v3
s_waitcnt lgkmcnt(0)
global_store_dword v1, v4, s[4:5]
s_endpgm
)",
                   256, 256, {reinterpret_cast<uintptr_t>(out)}, 1024);
  ASSERT_TRUE(res.ok) << res.error;
  for (uint32_t i = 0; i < 256; ++i) ASSERT_EQ(out[i], 255 - i) << "work-item " << i;
}

TEST(ShaderEngine, StoreToUnmappedMemoryFaultsTheDispatchOnly) {
  SnippetRunner r;
  const uint64_t bad = 0x7000DEAD0000ull;
  auto res = r.run(kStoreGlobalId, 64, 64, {bad});
  ASSERT_FALSE(res.ok);
  EXPECT_NE(res.error.find("kernel 'snippet'"), std::string::npos) << res.error;
  EXPECT_NE(res.error.find("pc 0x"), std::string::npos) << res.error;
  EXPECT_NE(res.error.find("global_store_dword"), std::string::npos) << res.error;
  EXPECT_NE(res.error.find("0x7000dead0000"), std::string::npos) << res.error;
  // The engine keeps working.
  auto* out = r.alloc<uint32_t>(64);
  auto again = r.run(kStoreGlobalId, 64, 64, {reinterpret_cast<uintptr_t>(out)});
  ASSERT_TRUE(again.ok) << again.error;
  EXPECT_EQ(out[63], 63u);
}

TEST(ShaderEngine, UndecodableWordFaultsWithItsEncoding) {
  SnippetRunner r;
  // 0xFFFFFFFF matches no gfx9 encoding (top bits 111111).
  auto res = r.run_words({0xBF800000u /* s_nop 0 */, 0xFFFFFFFFu}, 64, 64, {});
  ASSERT_FALSE(res.ok);
  EXPECT_NE(res.error.find("illegal instruction"), std::string::npos) << res.error;
  EXPECT_NE(res.error.find("entry+0x4"), std::string::npos) << res.error;
  EXPECT_NE(res.error.find("0xffffffff"), std::string::npos) << res.error;
}

TEST(ShaderEngine, RunningOffTheEndOfMappedCodeFaults) {
  SnippetRunner r;
  // s_nop without s_endpgm: the wave walks past its code buffer.
  std::vector<uint32_t> nops(60, 0xBF800000u);
  auto res = r.run_words(nops, 64, 64, {});
  ASSERT_FALSE(res.ok);
  EXPECT_NE(res.error.find("kernel 'snippet'"), std::string::npos) << res.error;
}

// 1.0 + 1.5 * 2^-24 lies between 1.0 and the next float 1 + 2^-23: round
// to nearest gives the latter, round toward zero (MODE.FP_ROUND = 3) 1.0.
uint32_t add_under_round_mode(unsigned mode) {
  SnippetRunner r;
  auto* out = r.alloc<uint32_t>(64);
  auto res = r.run(
      "s_load_dwordx2 s[4:5], s[0:1], 0x0\n"
      "s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 2), " +
          std::to_string(mode) +
          "\n"
          "v_mov_b32 v1, 0x33c00000\n"
          "v_add_f32 v1, 1.0, v1\n"
          "v_lshlrev_b32 v2, 2, v0\n"
          "s_waitcnt lgkmcnt(0)\n"
          "global_store_dword v2, v1, s[4:5]\n"
          "s_endpgm",
      64, 64, {reinterpret_cast<uintptr_t>(out)});
  EXPECT_TRUE(res.ok) << res.error;
  return out[5];
}

TEST(ShaderEngine, FloatRoundModeFromModeRegister) {
  EXPECT_EQ(add_under_round_mode(0), 0x3F800001u);  // nearest even
  EXPECT_EQ(add_under_round_mode(3), 0x3F800000u);  // toward zero
  EXPECT_EQ(add_under_round_mode(1), 0x3F800001u);  // toward +inf
  EXPECT_EQ(add_under_round_mode(2), 0x3F800000u);  // toward -inf
}

TEST(ShaderEngine, V2AmdKernelCodeGetsGridCountsAndIds) {
  SnippetRunner r;
  r.v2_kernel_code = true;
  auto* out = r.alloc<uint32_t>(64 * 5);
  auto res = r.run(R"(
s_load_dwordx2 s[4:5], s[0:1], 0x0
s_mul_i32 s6, s2, 1000
s_add_u32 s6, s6, s3
s_lshl_b32 s7, s3, 6
v_add_u32 v1, s7, v0
v_lshlrev_b32 v1, 2, v1
v_mov_b32 v2, s6
s_waitcnt lgkmcnt(0)
global_store_dword v1, v2, s[4:5]
s_endpgm
)",
                   64 * 5, 64, {reinterpret_cast<uintptr_t>(out)});
  ASSERT_TRUE(res.ok) << res.error;
  // s2 = workgroup count X (5), s3 = workgroup id X.
  for (uint32_t i = 0; i < 64 * 5; ++i) ASSERT_EQ(out[i], 5000 + i / 64) << "work-item " << i;
}

// With the engine's check option (GCN_EMU_CHECK_GPRS); without it the ISA's
// out-of-range rules apply (gpr_range_test.cpp).
TEST(ShaderEngine, VgprBeyondTheAllocationFaultsWhenChecked) {
  SnippetRunner r(1, /*check_gprs=*/true);
  r.vgprs = 8;
  auto res = r.run("v_mov_b32 v9, 0\ns_endpgm", 64, 64, {});
  ASSERT_FALSE(res.ok);
  EXPECT_NE(res.error.find("register index out of range"), std::string::npos) << res.error;
  EXPECT_NE(res.error.find("v9"), std::string::npos) << res.error;
  EXPECT_NE(res.error.find("8 VGPRs"), std::string::npos) << res.error;
}

}  // namespace
