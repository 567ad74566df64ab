// AQL queues: kernel dispatch with completion signals (plain and with an
// event mailbox), barrier-AND/OR dependencies, the AMD PM4 vendor packet.
#include "code_object.h"
#include "cp_fixture.h"

namespace gcn_cp_test {
namespace {

TEST_F(CpTest, AqlDispatchOfAssembledKernelWritesMemoryAndSignals) {
  AqlQueue q = make_aql_queue();
  const uint32_t n = 64 * 8;
  auto* out = alloc_array<uint32_t>(n);
  auto* done = make_signal(1);
  Kernel k = assemble(kStoreLinear);
  auto pkt = dispatch_packet(k, n, 64, {va(out)}, done);
  const uint64_t index = q.submit(&pkt);

  ASSERT_TRUE(eventually([&] { return load(&done->value) == 0; }));
  for (uint32_t i = 0; i < n; ++i) ASSERT_EQ(out[i], 3 * i + 1) << "work-item " << i;
  // The slot is handed back and the read index moved past it.
  EXPECT_EQ(q.read_index(), index + 1);
  const auto* slot = reinterpret_cast<const uint16_t*>(q.ring + index * FW_AQL_PACKET_SIZE);
  EXPECT_EQ(FW_FIELD_GET(load(slot), FW_AQL_HEADER_TYPE), FW_AQL_PACKET_TYPE_INVALID);
  EXPECT_EQ(cp().state(q.id), gcn::QueueState::kActive);
  EXPECT_EQ(cp().stats().dispatches, 1u);
  EXPECT_TRUE(interrupts().empty());  // no mailbox: no interrupt
}

TEST_F(CpTest, AqlDispatchOfClangKernelMatchesCpu) {
  std::string error;
  gcn::test::CodeObject* co = harness().load(CP_KERNEL_DIR "/axpb.co", &error);
  ASSERT_NE(co, nullptr) << error;
  const fw_kernel_descriptor* kd = co->descriptor("axpb");
  ASSERT_NE(kd, nullptr);

  const uint32_t n = 1000;  // not a multiple of the group: partial last group
  auto* in = alloc_array<int32_t>(n);
  auto* out = alloc_array<int32_t>(n);
  for (uint32_t i = 0; i < n; ++i) in[i] = static_cast<int32_t>(i * 7) - 300;
  gcn::test::Kernargs args;
  args.ptr(out).ptr(in).add<int32_t>(-5).add<int32_t>(11);
  auto bytes = args.bytes();
  auto* kernarg = static_cast<uint8_t*>(alloc(bytes.size()));
  std::memcpy(kernarg, bytes.data(), bytes.size());

  AqlQueue q = make_aql_queue();
  auto* done = make_signal(1);
  fw_aql_kernel_dispatch_packet p{};
  p.header = FW_FIELD_PREP(FW_AQL_HEADER_TYPE, FW_AQL_PACKET_TYPE_KERNEL_DISPATCH) |
             FW_FIELD_PREP(FW_AQL_HEADER_ACQUIRE_FENCE_SCOPE, FW_AQL_FENCE_SCOPE_SYSTEM) |
             FW_FIELD_PREP(FW_AQL_HEADER_RELEASE_FENCE_SCOPE, FW_AQL_FENCE_SCOPE_SYSTEM);
  p.setup = 1;
  p.workgroup_size_x = 128;
  p.workgroup_size_y = p.workgroup_size_z = 1;
  p.grid_size_x = n;
  p.grid_size_y = p.grid_size_z = 1;
  p.group_segment_size = kd->group_segment_fixed_size;
  p.private_segment_size = kd->private_segment_fixed_size;
  p.kernel_object = va(kd);
  p.kernarg_address = va(kernarg);
  p.completion_signal = va(done);
  q.submit(&p);

  ASSERT_TRUE(eventually([&] { return load(&done->value) == 0; }));
  for (uint32_t i = 0; i < n; ++i) ASSERT_EQ(out[i], -5 * in[i] + 11) << "work-item " << i;
}

TEST_F(CpTest, InterruptSignalWritesMailboxAndRaisesEndOfPipe) {
  AqlQueue q = make_aql_queue(64, /*pasid=*/0x123);
  auto* mailbox = alloc_array<uint64_t>(1);
  *mailbox = ~0ull;  // the KFD's "not signalled" slot value
  auto* done = make_signal(1);
  done->event_mailbox_ptr = va(mailbox);
  done->event_id = 42;
  auto* out = alloc_array<uint32_t>(64);
  Kernel k = assemble(kStoreLinear);
  auto pkt = dispatch_packet(k, 64, 64, {va(out)}, done);
  q.submit(&pkt);

  fw_ih_entry e{};
  ASSERT_TRUE(wait_for_interrupt(FW_IH_CLIENT_GRBM_CP, FW_IH_SRC_CP_END_OF_PIPE, &e));
  EXPECT_EQ(e.src_data[0], 42u);
  EXPECT_EQ(ih_pasid(e), 0x123u);
  EXPECT_EQ(load(&done->value), 0);
  EXPECT_EQ(load(mailbox), 42u);
  EXPECT_EQ(out[63], 3u * 63 + 1);
}

// A barrier-AND packet followed by a barrier with a completion signal of its
// own: the second completes only once the first released.
TEST_F(CpTest, BarrierAndWaitsForEveryDependency) {
  AqlQueue q = make_aql_queue();
  auto* a = make_signal(1);
  auto* b = make_signal(1);
  auto* done = make_signal(1);
  fw_aql_barrier_packet bar{};
  bar.header = FW_FIELD_PREP(FW_AQL_HEADER_TYPE, FW_AQL_PACKET_TYPE_BARRIER_AND) |
               FW_FIELD_PREP(FW_AQL_HEADER_BARRIER, 1);
  bar.dep_signal[0] = va(a);
  bar.dep_signal[3] = va(b);  // gaps (0 handles) are ignored
  bar.completion_signal = va(done);
  q.submit(&bar);

  // Meanwhile a second queue keeps working.
  AqlQueue other = make_aql_queue();
  auto* out = alloc_array<uint32_t>(64);
  auto* other_done = make_signal(1);
  Kernel k = assemble(kStoreLinear);
  auto pkt = dispatch_packet(k, 64, 64, {va(out)}, other_done);
  other.submit(&pkt);
  ASSERT_TRUE(eventually([&] { return load(&other_done->value) == 0; }));

  __atomic_store_n(&a->value, 0, __ATOMIC_RELEASE);
  // b is still 1: the barrier holds however often the CP looks.
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_EQ(load(&done->value), 1);
  EXPECT_EQ(q.read_index(), 0u);

  __atomic_store_n(&b->value, 0, __ATOMIC_RELEASE);
  ASSERT_TRUE(eventually([&] { return load(&done->value) == 0; }));
  EXPECT_EQ(q.read_index(), 1u);
}

TEST_F(CpTest, BarrierOrReleasesOnAnyDependency) {
  AqlQueue q = make_aql_queue();
  auto* a = make_signal(1);
  auto* b = make_signal(1);
  auto* done = make_signal(1);
  fw_aql_barrier_packet bar{};
  bar.header = FW_FIELD_PREP(FW_AQL_HEADER_TYPE, FW_AQL_PACKET_TYPE_BARRIER_OR);
  bar.dep_signal[1] = va(a);
  bar.dep_signal[2] = va(b);
  bar.completion_signal = va(done);
  q.submit(&bar);

  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_EQ(load(&done->value), 1);  // neither is 0 yet

  __atomic_store_n(&b->value, 0, __ATOMIC_RELEASE);
  cp().kick();
  ASSERT_TRUE(eventually([&] { return load(&done->value) == 0; }));
  EXPECT_EQ(load(&a->value), 1);
}

TEST_F(CpTest, PacketsAfterAPendingBarrierWait) {
  AqlQueue q = make_aql_queue();
  auto* gate = make_signal(1);
  fw_aql_barrier_packet bar{};
  bar.header = FW_FIELD_PREP(FW_AQL_HEADER_TYPE, FW_AQL_PACKET_TYPE_BARRIER_AND);
  bar.dep_signal[0] = va(gate);
  q.submit(&bar);
  auto* out = alloc_array<uint32_t>(64);
  auto* done = make_signal(1);
  Kernel k = assemble(kStoreLinear);
  auto pkt = dispatch_packet(k, 64, 64, {va(out)}, done);
  q.submit(&pkt);

  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_EQ(out[5], 0u);
  EXPECT_EQ(load(&done->value), 1);
  __atomic_store_n(&gate->value, 0, __ATOMIC_RELEASE);
  ASSERT_TRUE(eventually([&] { return load(&done->value) == 0; }));
  EXPECT_EQ(out[5], 16u);
}

// ROCm's runtime sends PM4 (cache invalidations) in an AMD vendor packet
// whose slot holds an INDIRECT_BUFFER command.
TEST_F(CpTest, AmdPm4IbPacketRunsItsIndirectBuffer) {
  AqlQueue q = make_aql_queue();
  auto* target = alloc_array<uint32_t>(4);
  auto ib_words = pm4_write_data(va(target), {0xCAFE0001, 0xCAFE0002});
  auto* ib = alloc_array<uint32_t>(ib_words.size());
  std::memcpy(ib, ib_words.data(), ib_words.size() * 4);
  auto jump = pm4_indirect_buffer(ib, static_cast<uint32_t>(ib_words.size()));

  auto* done = make_signal(1);
  fw_amd_pm4_ib_packet p{};
  p.header = FW_FIELD_PREP(FW_AQL_HEADER_TYPE, FW_AQL_PACKET_TYPE_VENDOR_SPECIFIC) |
             FW_FIELD_PREP(FW_AQL_HEADER_BARRIER, 1);
  p.ven_hdr = FW_AMD_AQL_FORMAT_PM4_IB;
  std::memcpy(p.ib_jump_cmd, jump.data(), sizeof(p.ib_jump_cmd));
  p.dw_cnt_remain = FW_AMD_PM4_IB_DW_CNT_REMAIN;
  p.completion_signal = va(done);
  q.submit(&p);

  ASSERT_TRUE(eventually([&] { return load(&done->value) == 0; }));
  EXPECT_EQ(target[0], 0xCAFE0001u);
  EXPECT_EQ(target[1], 0xCAFE0002u);
  EXPECT_EQ(target[2], 0u);
}

// The AMD barrier-value packet waits until (value & mask) meets the
// condition.
TEST_F(CpTest, AmdBarrierValuePacketWaitsForItsCondition) {
  AqlQueue q = make_aql_queue();
  auto* watched = make_signal(0x13);
  auto* done = make_signal(1);
  fw_amd_barrier_value_packet p{};
  p.header.header = FW_FIELD_PREP(FW_AQL_HEADER_TYPE, FW_AQL_PACKET_TYPE_VENDOR_SPECIFIC);
  p.header.amd_format = FW_AMD_AQL_FORMAT_BARRIER_VALUE;
  p.signal = va(watched);
  p.value = 0x20;
  p.mask = 0xF0;
  p.cond = FW_SIGNAL_CONDITION_GTE;
  p.completion_signal = va(done);
  q.submit(&p);

  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_EQ(load(&done->value), 1);  // 0x13 & 0xF0 = 0x10 < 0x20
  __atomic_store_n(&watched->value, 0x2F, __ATOMIC_RELEASE);
  ASSERT_TRUE(eventually([&] { return load(&done->value) == 0; }));
}

TEST_F(CpTest, ManyPacketsWrapAroundTheRing) {
  AqlQueue q = make_aql_queue(8);
  Kernel k = assemble(kStoreLinear);
  const uint32_t rounds = 30;
  auto* out = alloc_array<uint32_t>(64 * rounds);
  auto* done = make_signal(rounds);
  for (uint32_t r = 0; r < rounds; ++r) {
    // Wait for a free slot, as a producer must.
    ASSERT_TRUE(eventually([&] { return load(&q.amd->write_dispatch_id) - q.read_index() < 8; }));
    auto pkt = dispatch_packet(k, 64, 64, {va(out + 64 * r)}, done);
    q.submit(&pkt);
  }
  ASSERT_TRUE(eventually([&] { return load(&done->value) == 0; }));
  for (uint32_t i = 0; i < 64 * rounds; ++i) ASSERT_EQ(out[i], 3 * (i % 64) + 1) << i;
  EXPECT_EQ(q.read_index(), rounds);
  // Slot index % 8 of every packet went back to INVALID once it was done.
  for (uint32_t s = 0; s < 8; ++s)
    EXPECT_EQ(FW_FIELD_GET(load(reinterpret_cast<uint16_t*>(q.ring + s * FW_AQL_PACKET_SIZE)),
                           FW_AQL_HEADER_TYPE),
              FW_AQL_PACKET_TYPE_INVALID)
        << "slot " << s;
}

}  // namespace
}  // namespace gcn_cp_test
