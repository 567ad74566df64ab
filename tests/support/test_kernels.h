// GCN assembly kernels, and their dispatch packet, that several
// engine-level test suites dispatch (tests/cp, tests/device), assembled with
// gcn_assembler.h. Each names its kernarg layout and what it computes, so a
// test checks against it.
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

#include <cstdint>

#include "aql_packet.h"

namespace gcn_test {

// A 1-D kernel dispatch packet as the engine tests write them: barrier
// bit set, system-scope fences, `grid` work-items in groups of `group`.
inline fw_aql_kernel_dispatch_packet dispatch_packet_1d(uint64_t kernel_object, uint64_t kernarg,
                                                        uint32_t grid, uint16_t group,
                                                        uint64_t completion) {
  fw_aql_kernel_dispatch_packet p{};
  p.header = FW_FIELD_PREP(FW_AQL_HEADER_TYPE, FW_AQL_PACKET_TYPE_KERNEL_DISPATCH) |
             FW_FIELD_PREP(FW_AQL_HEADER_BARRIER, 1) |
             FW_FIELD_PREP(FW_AQL_HEADER_ACQUIRE_FENCE_SCOPE, FW_AQL_FENCE_SCOPE_SYSTEM) |
             FW_FIELD_PREP(FW_AQL_HEADER_RELEASE_FENCE_SCOPE, FW_AQL_FENCE_SCOPE_SYSTEM);
  p.setup = 1;
  p.workgroup_size_x = group;
  p.workgroup_size_y = p.workgroup_size_z = 1;
  p.grid_size_x = grid;
  p.grid_size_y = p.grid_size_z = 1;
  p.kernel_object = kernel_object;
  p.kernarg_address = kernarg;
  p.completion_signal = completion;
  return p;
}

}  // namespace gcn_test
