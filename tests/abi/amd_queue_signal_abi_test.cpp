// amd_queue_t, hsa_queue_t and amd_signal_t against ROCm's amd_hsa_queue.h
// and amd_hsa_signal.h (Debian libhsa-runtime-dev).
#include <hsa/amd_hsa_queue.h>
#include <hsa/amd_hsa_signal.h>
#include <hsa/hsa.h>

#include "abi_expect.h"
#include "amd_queue.h"
#include "amd_signal.h"

namespace {

TEST(AmdQueueAbi, HsaQueueMatchesHsaH) {
  using ours = fw_hsa_queue;
  using theirs = hsa_queue_t;
  EXPECT_EQ(sizeof(ours), sizeof(theirs));
  EXPECT_SAME_MEMBER(ours, theirs, type);
  EXPECT_SAME_MEMBER(ours, theirs, features);
  EXPECT_SAME_MEMBER(ours, theirs, base_address);
  EXPECT_SAME_MEMBER(ours, theirs, doorbell_signal);
  EXPECT_SAME_MEMBER(ours, theirs, size);
  EXPECT_SAME_MEMBER(ours, theirs, reserved1);
  EXPECT_SAME_MEMBER(ours, theirs, id);
  EXPECT_SAME_VALUE(FW_HSA_QUEUE_TYPE_MULTI, HSA_QUEUE_TYPE_MULTI);
  EXPECT_SAME_VALUE(FW_HSA_QUEUE_TYPE_SINGLE, HSA_QUEUE_TYPE_SINGLE);
  EXPECT_SAME_VALUE(FW_HSA_QUEUE_TYPE_COOPERATIVE, HSA_QUEUE_TYPE_COOPERATIVE);
  EXPECT_SAME_VALUE(FW_HSA_QUEUE_FEATURE_KERNEL_DISPATCH, HSA_QUEUE_FEATURE_KERNEL_DISPATCH);
  EXPECT_SAME_VALUE(FW_HSA_QUEUE_FEATURE_AGENT_DISPATCH, HSA_QUEUE_FEATURE_AGENT_DISPATCH);
}

TEST(AmdQueueAbi, AmdQueueMatchesAmdHsaQueueH) {
  using ours = fw_amd_queue;
  using theirs = amd_queue_t;
  EXPECT_SAME_TYPE_SIZE(ours, theirs);
  EXPECT_SAME_MEMBER(ours, theirs, hsa_queue);
  EXPECT_SAME_MEMBER(ours, theirs, reserved1);
  EXPECT_SAME_MEMBER(ours, theirs, write_dispatch_id);
  EXPECT_SAME_MEMBER(ours, theirs, group_segment_aperture_base_hi);
  EXPECT_SAME_MEMBER(ours, theirs, private_segment_aperture_base_hi);
  EXPECT_SAME_MEMBER(ours, theirs, max_cu_id);
  EXPECT_SAME_MEMBER(ours, theirs, max_wave_id);
  EXPECT_SAME_MEMBER(ours, theirs, max_legacy_doorbell_dispatch_id_plus_1);
  EXPECT_SAME_MEMBER(ours, theirs, legacy_doorbell_lock);
  EXPECT_SAME_MEMBER(ours, theirs, reserved2);
  EXPECT_SAME_MEMBER(ours, theirs, read_dispatch_id);
  EXPECT_SAME_MEMBER(ours, theirs, read_dispatch_id_field_base_byte_offset);
  EXPECT_SAME_MEMBER(ours, theirs, compute_tmpring_size);
  EXPECT_SAME_MEMBER(ours, theirs, scratch_resource_descriptor);
  EXPECT_SAME_MEMBER(ours, theirs, scratch_backing_memory_location);
  EXPECT_SAME_MEMBER(ours, theirs, scratch_backing_memory_byte_size);
  EXPECT_SAME_MEMBER(ours, theirs, scratch_wave64_lane_byte_size);
  EXPECT_SAME_MEMBER(ours, theirs, queue_properties);
  EXPECT_SAME_MEMBER(ours, theirs, reserved3);
  EXPECT_SAME_MEMBER(ours, theirs, queue_inactive_signal);
  EXPECT_SAME_MEMBER(ours, theirs, reserved4);
}

TEST(AmdQueueAbi, QueuePropertiesMatchAmdHsaQueueH) {
  EXPECT_SAME_BITS(FW_AMD_QUEUE_PROP_ENABLE_TRAP_HANDLER, AMD_QUEUE_PROPERTIES_ENABLE_TRAP_HANDLER);
  EXPECT_SAME_BITS(FW_AMD_QUEUE_PROP_IS_PTR64, AMD_QUEUE_PROPERTIES_IS_PTR64);
  EXPECT_SAME_BITS(FW_AMD_QUEUE_PROP_ENABLE_TRAP_HANDLER_DEBUG_SGPRS,
                   AMD_QUEUE_PROPERTIES_ENABLE_TRAP_HANDLER_DEBUG_SGPRS);
  EXPECT_SAME_BITS(FW_AMD_QUEUE_PROP_ENABLE_PROFILING, AMD_QUEUE_PROPERTIES_ENABLE_PROFILING);
  EXPECT_SAME_BITS(FW_AMD_QUEUE_PROP_USE_SCRATCH_ONCE, AMD_QUEUE_PROPERTIES_USE_SCRATCH_ONCE);
}

TEST(AmdSignalAbi, AmdSignalMatchesAmdHsaSignalH) {
  using ours = fw_amd_signal;
  using theirs = amd_signal_t;
  EXPECT_SAME_TYPE_SIZE(ours, theirs);
  EXPECT_SAME_MEMBER(ours, theirs, kind);
  EXPECT_SAME_MEMBER(ours, theirs, value);
  EXPECT_SAME_MEMBER(ours, theirs, hardware_doorbell_ptr);
  EXPECT_SAME_MEMBER(ours, theirs, event_mailbox_ptr);
  EXPECT_SAME_MEMBER(ours, theirs, event_id);
  EXPECT_SAME_MEMBER(ours, theirs, reserved1);
  EXPECT_SAME_MEMBER(ours, theirs, start_ts);
  EXPECT_SAME_MEMBER(ours, theirs, end_ts);
  EXPECT_SAME_MEMBER(ours, theirs, queue_ptr);
  EXPECT_SAME_MEMBER(ours, theirs, reserved3);
}

TEST(AmdSignalAbi, SignalKindsMatchAmdHsaSignalH) {
  EXPECT_SAME_VALUE(FW_AMD_SIGNAL_KIND_INVALID, AMD_SIGNAL_KIND_INVALID);
  EXPECT_SAME_VALUE(FW_AMD_SIGNAL_KIND_USER, AMD_SIGNAL_KIND_USER);
  EXPECT_SAME_VALUE(FW_AMD_SIGNAL_KIND_DOORBELL, AMD_SIGNAL_KIND_DOORBELL);
  EXPECT_SAME_VALUE(FW_AMD_SIGNAL_KIND_LEGACY_DOORBELL, AMD_SIGNAL_KIND_LEGACY_DOORBELL);
}

}  // namespace
