// AQL packet layouts and header encodings against ROCm's hsa.h and
// hsa_ext_amd.h (Debian libhsa-runtime-dev).
#include <hsa/hsa.h>
#include <hsa/hsa_ext_amd.h>

#include "abi_expect.h"
#include "aql_packet.h"

namespace {

TEST(AqlPacketAbi, KernelDispatchPacketMatchesHsaH) {
  using ours = fw_aql_kernel_dispatch_packet;
  using theirs = hsa_kernel_dispatch_packet_t;
  EXPECT_SAME_TYPE_SIZE(ours, theirs);
  EXPECT_SAME_MEMBER(ours, theirs, header);
  EXPECT_SAME_MEMBER(ours, theirs, setup);
  EXPECT_SAME_MEMBER(ours, theirs, workgroup_size_x);
  EXPECT_SAME_MEMBER(ours, theirs, workgroup_size_y);
  EXPECT_SAME_MEMBER(ours, theirs, workgroup_size_z);
  EXPECT_SAME_MEMBER(ours, theirs, reserved0);
  EXPECT_SAME_MEMBER(ours, theirs, grid_size_x);
  EXPECT_SAME_MEMBER(ours, theirs, grid_size_y);
  EXPECT_SAME_MEMBER(ours, theirs, grid_size_z);
  EXPECT_SAME_MEMBER(ours, theirs, private_segment_size);
  EXPECT_SAME_MEMBER(ours, theirs, group_segment_size);
  EXPECT_SAME_MEMBER(ours, theirs, kernel_object);
  EXPECT_SAME_MEMBER(ours, theirs, kernarg_address);
  EXPECT_SAME_MEMBER(ours, theirs, reserved2);
  EXPECT_SAME_MEMBER(ours, theirs, completion_signal);
}

TEST(AqlPacketAbi, AgentDispatchPacketMatchesHsaH) {
  using ours = fw_aql_agent_dispatch_packet;
  using theirs = hsa_agent_dispatch_packet_t;
  EXPECT_SAME_TYPE_SIZE(ours, theirs);
  EXPECT_SAME_MEMBER(ours, theirs, header);
  EXPECT_SAME_MEMBER(ours, theirs, type);
  EXPECT_SAME_MEMBER(ours, theirs, reserved0);
  EXPECT_SAME_MEMBER(ours, theirs, return_address);
  EXPECT_SAME_MEMBER(ours, theirs, arg);
  EXPECT_SAME_MEMBER(ours, theirs, reserved2);
  EXPECT_SAME_MEMBER(ours, theirs, completion_signal);
}

TEST(AqlPacketAbi, BarrierPacketsMatchHsaH) {
  using ours = fw_aql_barrier_packet;
  EXPECT_SAME_TYPE_SIZE(ours, hsa_barrier_and_packet_t);
  EXPECT_SAME_TYPE_SIZE(ours, hsa_barrier_or_packet_t);
  EXPECT_SAME_MEMBER(ours, hsa_barrier_and_packet_t, header);
  EXPECT_SAME_MEMBER(ours, hsa_barrier_and_packet_t, dep_signal);
  EXPECT_SAME_MEMBER(ours, hsa_barrier_and_packet_t, completion_signal);
  EXPECT_SAME_MEMBER(ours, hsa_barrier_or_packet_t, dep_signal);
  EXPECT_SAME_MEMBER(ours, hsa_barrier_or_packet_t, completion_signal);
  EXPECT_EQ(FW_AQL_BARRIER_DEP_SIGNALS,
            MEMBER_SIZE(hsa_barrier_and_packet_t, dep_signal) / sizeof(hsa_signal_t));
}

TEST(AqlPacketAbi, AmdVendorPacketsMatchHsaExtAmdH) {
  EXPECT_SAME_TYPE_SIZE(fw_amd_vendor_packet_header, hsa_amd_vendor_packet_header_t);
  EXPECT_SAME_MEMBER_AS(fw_amd_vendor_packet_header, amd_format, hsa_amd_vendor_packet_header_t,
                        AmdFormat);

  using ours = fw_amd_barrier_value_packet;
  using theirs = hsa_amd_barrier_value_packet_t;
  EXPECT_SAME_TYPE_SIZE(ours, theirs);
  EXPECT_SAME_MEMBER(ours, theirs, header);
  EXPECT_SAME_MEMBER(ours, theirs, signal);
  EXPECT_SAME_MEMBER(ours, theirs, value);
  EXPECT_SAME_MEMBER(ours, theirs, mask);
  EXPECT_SAME_MEMBER(ours, theirs, cond);
  EXPECT_SAME_MEMBER(ours, theirs, completion_signal);
  EXPECT_SAME_VALUE(FW_AMD_AQL_FORMAT_BARRIER_VALUE, HSA_AMD_PACKET_TYPE_BARRIER_VALUE);
}

TEST(AqlPacketAbi, Pm4IbPacketFillsOneSlot) {
  // ROCm has no public header for this packet; its runtime writes the
  // layout inline. The slot must stay exactly 64 bytes with the completion
  // signal where every other packet keeps it.
  EXPECT_EQ(sizeof(fw_amd_pm4_ib_packet), sizeof(hsa_kernel_dispatch_packet_t));
  EXPECT_EQ(offsetof(fw_amd_pm4_ib_packet, completion_signal),
            offsetof(hsa_kernel_dispatch_packet_t, completion_signal));
  // dw_cnt_remain counts the dwords of the slot that follow it.
  EXPECT_EQ(FW_AMD_PM4_IB_DW_CNT_REMAIN * 4u,
            sizeof(fw_amd_pm4_ib_packet) - offsetof(fw_amd_pm4_ib_packet, dw_cnt_remain) - 4);
}

TEST(AqlPacketAbi, PacketTypesAndFenceScopesMatchHsaH) {
  EXPECT_SAME_VALUE(FW_AQL_PACKET_TYPE_VENDOR_SPECIFIC, HSA_PACKET_TYPE_VENDOR_SPECIFIC);
  EXPECT_SAME_VALUE(FW_AQL_PACKET_TYPE_INVALID, HSA_PACKET_TYPE_INVALID);
  EXPECT_SAME_VALUE(FW_AQL_PACKET_TYPE_KERNEL_DISPATCH, HSA_PACKET_TYPE_KERNEL_DISPATCH);
  EXPECT_SAME_VALUE(FW_AQL_PACKET_TYPE_BARRIER_AND, HSA_PACKET_TYPE_BARRIER_AND);
  EXPECT_SAME_VALUE(FW_AQL_PACKET_TYPE_AGENT_DISPATCH, HSA_PACKET_TYPE_AGENT_DISPATCH);
  EXPECT_SAME_VALUE(FW_AQL_PACKET_TYPE_BARRIER_OR, HSA_PACKET_TYPE_BARRIER_OR);
  EXPECT_SAME_VALUE(FW_AQL_FENCE_SCOPE_NONE, HSA_FENCE_SCOPE_NONE);
  EXPECT_SAME_VALUE(FW_AQL_FENCE_SCOPE_AGENT, HSA_FENCE_SCOPE_AGENT);
  EXPECT_SAME_VALUE(FW_AQL_FENCE_SCOPE_SYSTEM, HSA_FENCE_SCOPE_SYSTEM);
  EXPECT_SAME_VALUE(FW_SIGNAL_CONDITION_EQ, HSA_SIGNAL_CONDITION_EQ);
  EXPECT_SAME_VALUE(FW_SIGNAL_CONDITION_NE, HSA_SIGNAL_CONDITION_NE);
  EXPECT_SAME_VALUE(FW_SIGNAL_CONDITION_LT, HSA_SIGNAL_CONDITION_LT);
  EXPECT_SAME_VALUE(FW_SIGNAL_CONDITION_GTE, HSA_SIGNAL_CONDITION_GTE);
}

TEST(AqlPacketAbi, HeaderFieldsMatchHsaH) {
  EXPECT_SAME_VALUE(FW_FIELD_SHIFT(FW_AQL_HEADER_TYPE), HSA_PACKET_HEADER_TYPE);
  EXPECT_SAME_VALUE(FW_FIELD_WIDTH(FW_AQL_HEADER_TYPE), HSA_PACKET_HEADER_WIDTH_TYPE);
  EXPECT_SAME_VALUE(FW_FIELD_SHIFT(FW_AQL_HEADER_BARRIER), HSA_PACKET_HEADER_BARRIER);
  EXPECT_SAME_VALUE(FW_FIELD_WIDTH(FW_AQL_HEADER_BARRIER), HSA_PACKET_HEADER_WIDTH_BARRIER);
  EXPECT_SAME_VALUE(FW_FIELD_SHIFT(FW_AQL_HEADER_ACQUIRE_FENCE_SCOPE),
                    HSA_PACKET_HEADER_SCACQUIRE_FENCE_SCOPE);
  EXPECT_SAME_VALUE(FW_FIELD_WIDTH(FW_AQL_HEADER_ACQUIRE_FENCE_SCOPE),
                    HSA_PACKET_HEADER_WIDTH_SCACQUIRE_FENCE_SCOPE);
  EXPECT_SAME_VALUE(FW_FIELD_SHIFT(FW_AQL_HEADER_RELEASE_FENCE_SCOPE),
                    HSA_PACKET_HEADER_SCRELEASE_FENCE_SCOPE);
  EXPECT_SAME_VALUE(FW_FIELD_WIDTH(FW_AQL_HEADER_RELEASE_FENCE_SCOPE),
                    HSA_PACKET_HEADER_WIDTH_SCRELEASE_FENCE_SCOPE);
  EXPECT_SAME_VALUE(FW_FIELD_SHIFT(FW_AQL_DISPATCH_SETUP_DIMENSIONS),
                    HSA_KERNEL_DISPATCH_PACKET_SETUP_DIMENSIONS);
  EXPECT_SAME_VALUE(FW_FIELD_WIDTH(FW_AQL_DISPATCH_SETUP_DIMENSIONS),
                    HSA_KERNEL_DISPATCH_PACKET_SETUP_WIDTH_DIMENSIONS);
}

TEST(AqlPacketAbi, HeaderHelpersBuildTheWordHsaProgramsWrite) {
  // The header a typical HSA program writes for a system-scope dispatch.
  uint16_t theirs = HSA_PACKET_TYPE_KERNEL_DISPATCH << HSA_PACKET_HEADER_TYPE |
                    1 << HSA_PACKET_HEADER_BARRIER |
                    HSA_FENCE_SCOPE_SYSTEM << HSA_PACKET_HEADER_SCACQUIRE_FENCE_SCOPE |
                    HSA_FENCE_SCOPE_AGENT << HSA_PACKET_HEADER_SCRELEASE_FENCE_SCOPE;
  uint32_t ours = FW_FIELD_PREP(FW_AQL_HEADER_TYPE, FW_AQL_PACKET_TYPE_KERNEL_DISPATCH) |
                  FW_FIELD_PREP(FW_AQL_HEADER_BARRIER, 1) |
                  FW_FIELD_PREP(FW_AQL_HEADER_ACQUIRE_FENCE_SCOPE, FW_AQL_FENCE_SCOPE_SYSTEM) |
                  FW_FIELD_PREP(FW_AQL_HEADER_RELEASE_FENCE_SCOPE, FW_AQL_FENCE_SCOPE_AGENT);
  EXPECT_EQ(ours, theirs);
  EXPECT_EQ(FW_FIELD_GET(theirs, FW_AQL_HEADER_ACQUIRE_FENCE_SCOPE), 2u);
  EXPECT_EQ(FW_FIELD_GET(theirs, FW_AQL_HEADER_RELEASE_FENCE_SCOPE), 1u);
  EXPECT_EQ(FW_FIELD_GET(theirs, FW_AQL_HEADER_TYPE), 2u);
}

}  // namespace
