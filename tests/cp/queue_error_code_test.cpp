// The code a queue's inactive signal gets when the CP refuses a packet, as
// gfx9's CP firmware reports it and ROCr's queue-error handler reads it
// (bit flags: 2 dimensions, 4 group memory, 8 code object, 32 packet format,
// 64 work-group size, 256 AMD vendor packet). The queue stops at the packet.
#include <functional>

#include "cp_fixture.h"

namespace gcn_cp_test {
namespace {

constexpr uint64_t kNeverMapped = 0x7ff000000000ull;

class QueueErrorCodeTest : public CpTest {
 protected:
  // Submits the packet `edit` makes of a valid 1-D dispatch and returns the
  // code the CP stored; checks that the queue stopped at it.
  int64_t code_for(const std::function<void(fw_aql_kernel_dispatch_packet&)>& edit) {
    AqlQueue q = make_aql_queue();
    fw_amd_signal* inactive = make_signal(0);
    q.amd->queue_inactive_signal = va(inactive);
    Kernel k = assemble(kStoreLinear);
    auto* out = alloc_array<uint32_t>(64);
    fw_amd_signal* done = make_signal(1);
    auto pkt = dispatch_packet(k, 64, 64, {va(out)}, done);
    edit(pkt);
    q.submit(&pkt);
    EXPECT_TRUE(eventually([&] { return cp().state(q.id) == gcn::QueueState::kError; }));
    EXPECT_EQ(q.read_index(), 0u) << "the queue stops at the packet";
    EXPECT_EQ(load(&done->value), 1);
    EXPECT_EQ(out[0], 0u) << "no wave ran";
    return load(&inactive->value);
  }
};

TEST_F(QueueErrorCodeTest, NullKernelObjectIsAnInvalidCodeObject) {
  EXPECT_EQ(code_for([](auto& p) { p.kernel_object = 0; }), FW_AMD_QUEUE_ERROR_INVALID_CODE);
}

TEST_F(QueueErrorCodeTest, UnmappedKernelObjectIsAnInvalidCodeObject) {
  EXPECT_EQ(code_for([](auto& p) { p.kernel_object = kNeverMapped; }),
            FW_AMD_QUEUE_ERROR_INVALID_CODE);
}

// COMPUTE_PGM_LO holds the entry's address bits 39:8: code that does not
// start on 256 bytes cannot be launched.
TEST_F(QueueErrorCodeTest, MisalignedEntryIsAnInvalidCodeObject) {
  EXPECT_EQ(code_for([](auto& p) {
              auto* kd = reinterpret_cast<fw_kernel_descriptor*>(p.kernel_object);
              kd->kernel_code_entry_byte_offset = 260;
            }),
            FW_AMD_QUEUE_ERROR_INVALID_CODE);
}

TEST_F(QueueErrorCodeTest, GroupSegmentOver64KiBIsInvalidGroupMemory) {
  EXPECT_EQ(code_for([](auto& p) { p.group_segment_size = 64 * 1024 + 4; }),
            FW_AMD_QUEUE_ERROR_INVALID_GROUP_MEMORY);
}

TEST_F(QueueErrorCodeTest, BadDimensionsAreInvalidDimensions) {
  EXPECT_EQ(code_for([](auto& p) { p.setup = 0; }), FW_AMD_QUEUE_ERROR_INVALID_DIM);
  EXPECT_EQ(code_for([](auto& p) { p.grid_size_x = 0; }), FW_AMD_QUEUE_ERROR_INVALID_DIM);
  EXPECT_EQ(code_for([](auto& p) {
              p.setup = 2;
              p.grid_size_y = 0;
            }),
            FW_AMD_QUEUE_ERROR_INVALID_DIM);
}

TEST_F(QueueErrorCodeTest, BadWorkGroupSizesAreInvalidWorkGroupSizes) {
  EXPECT_EQ(code_for([](auto& p) { p.workgroup_size_x = 0; }),
            FW_AMD_QUEUE_ERROR_INVALID_WORKGROUP_SIZE);
  EXPECT_EQ(code_for([](auto& p) {
              p.setup = 2;
              p.workgroup_size_x = 64;
              p.workgroup_size_y = 17;  // 1088 work-items
              p.grid_size_y = 17;
            }),
            FW_AMD_QUEUE_ERROR_INVALID_WORKGROUP_SIZE);
}

TEST_F(QueueErrorCodeTest, UnknownPacketsAreInvalidFormats) {
  // No such packet type: the generic format code.
  EXPECT_EQ(code_for([](auto& p) { p.header = 7; }), FW_AMD_QUEUE_ERROR_INVALID_PACKET);
  // An AMD vendor packet of a format the CP does not know: the vendor code.
  EXPECT_EQ(code_for([](auto& p) {
              p.header = FW_FIELD_PREP(FW_AQL_HEADER_TYPE, FW_AQL_PACKET_TYPE_VENDOR_SPECIFIC);
              reinterpret_cast<fw_amd_vendor_packet_header&>(p).amd_format = 0x7f;
            }),
            FW_AMD_QUEUE_ERROR_INVALID_VENDOR_PACKET);
}

}  // namespace
}  // namespace gcn_cp_test
