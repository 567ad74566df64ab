// Registers beyond the kernel's allocation, as the Vega ISA's "Out-of-range
// behavior" section describes them: a source VGPR out of range reads VGPR
// 0, an instruction whose destination VGPR is out of range is not executed
// (a memory instruction is issued with EXEC = 0); an SGPR source out of
// range reads SGPR 0, an SGPR destination is not written. The engine's
// check option reports such an access as a wave fault instead.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "snippet_runner.h"

namespace {

using gcn_test::SnippetRunner;

// Allocates 20 VGPRs and touches v28: out[lane] = v28 + 7 (reads v0, the
// lane id), out[64 + lane] = v1 after `v_mov_b32 v28, ...` and a load into
// v28 (neither writes anything: v1 keeps 5).
const char* kTouchesV28 = R"(
s_load_dwordx2 s[4:5], s[0:1], 0x0
v_mov_b32 v1, 5
v_lshlrev_b32 v2, 2, v0
v_add_u32 v3, 7, v28
v_mov_b32 v28, 99
s_waitcnt lgkmcnt(0)
global_load_dword v28, v2, s[4:5]
s_waitcnt vmcnt(0)
v_mov_b32 v4, v1
global_store_dword v2, v3, s[4:5]
global_store_dword v2, v4, s[4:5] offset:256
s_endpgm
)";

TEST(GprRange, OutOfRangeSourceReadsV0AndOutOfRangeDestinationIsNotWritten) {
  SnippetRunner r;
  r.vgprs = 20;
  auto* out = r.alloc<uint32_t>(128);
  auto res = r.run(kTouchesV28, 64, 64, {reinterpret_cast<uintptr_t>(out)});
  ASSERT_TRUE(res.ok) << res.error;
  for (uint32_t l = 0; l < 64; ++l) {
    ASSERT_EQ(out[l], l + 7) << "lane " << l;
    ASSERT_EQ(out[64 + l], 5u) << "lane " << l;
  }
}

// M0-relative SGPR moves past the wave's 16 SGPRs: s_movreld writes
// nothing (s7 + 100 is beyond; VCC_HI, code 107, keeps its value) and
// s_movrels reads s0. out = {s7, the value read, s0, VCC_HI}.
TEST(GprRange, RelativeSgprBeyondTheAllocationReadsS0AndWritesNothing) {
  SnippetRunner r;
  auto* out = r.alloc<uint32_t>(4);
  auto res = r.run(R"(
s_load_dwordx2 s[4:5], s[0:1], 0x0
s_mov_b32 s7, 0x1234
s_mov_b32 vcc_hi, 0x77
s_mov_b32 m0, 100
s_movreld_b32 s7, 0x55
s_movrels_b32 s8, s6
s_mov_b64 exec, 1
v_mov_b32 v1, 0
v_mov_b32 v2, s7
v_mov_b32 v3, s8
v_mov_b32 v4, s0
v_mov_b32 v5, vcc_hi
s_waitcnt lgkmcnt(0)
global_store_dword v1, v2, s[4:5]
global_store_dword v1, v3, s[4:5] offset:4
global_store_dword v1, v4, s[4:5] offset:8
global_store_dword v1, v5, s[4:5] offset:12
s_endpgm
)",
                   64, 64, {reinterpret_cast<uintptr_t>(out)});
  ASSERT_TRUE(res.ok) << res.error;
  EXPECT_EQ(out[0], 0x1234u);
  EXPECT_EQ(out[1], out[2]);
  EXPECT_EQ(out[3], 0x77u);
}

TEST(GprRange, CheckOptionFaultsNamingTheRegister) {
  SnippetRunner r(1, /*check_gprs=*/true);
  r.vgprs = 20;
  auto* out = r.alloc<uint32_t>(128);
  auto res = r.run(kTouchesV28, 64, 64, {reinterpret_cast<uintptr_t>(out)});
  ASSERT_FALSE(res.ok);
  EXPECT_NE(res.error.find("register index out of range"), std::string::npos) << res.error;
  EXPECT_NE(res.error.find("v28"), std::string::npos) << res.error;
  EXPECT_NE(res.error.find("20 VGPRs"), std::string::npos) << res.error;
  EXPECT_NE(res.error.find("v_add_u32"), std::string::npos) << res.error;
}

}  // namespace
