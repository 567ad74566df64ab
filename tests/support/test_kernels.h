// GCN assembly kernels that several engine-level test suites dispatch
// (tests/cp, tests/device), assembled with gcn_assembler.h. Each names its
// kernarg layout and what it computes, so a test checks against it.
#pragma once

namespace gcn_test {

// out[gid] = 3 * gid + 1; out pointer at kernarg 0.
inline constexpr const char* kStoreLinear = R"(
s_load_dwordx2 s[4:5], s[0:1], 0x0
s_lshl_b32 s3, s2, 6
v_add_u32 v1, s3, v0
v_mul_u32_u24 v2, 3, v1
v_add_u32 v2, 1, v2
v_lshlrev_b32 v1, 2, v1
s_waitcnt lgkmcnt(0)
global_store_dword v1, v2, s[4:5]
s_endpgm
)";

// Loops forever (a queue's work that only preemption or reset ends).
inline constexpr const char* kSpinForever = R"(
s_nop 0
s_branch 0xfffe
s_endpgm
)";

}  // namespace gcn_test
