// Bad input and teardown: a malformed packet or a faulting kernel stops its
// queue with a message and an interrupt while other queues keep working;
// unmapping a queue whose kernel runs forever returns.
#include <future>

#include "cp_fixture.h"

namespace gcn_cp_test {
namespace {

// The kernel of kStoreLinear on another queue completed: out[10] = 31.
void expect_completed(uint32_t* out, fw_amd_signal* done) {
  ASSERT_TRUE(eventually([&] { return load(&done->value) == 0; }));
  EXPECT_EQ(out[10], 31u);
}

TEST_F(CpTest, UnknownAqlPacketTypeErrorsOnlyItsQueue) {
  AqlQueue bad = make_aql_queue(64, 3);
  AqlQueue good = make_aql_queue();
  uint8_t junk[64] = {};
  junk[0] = 7;  // no such packet type
  bad.submit(&junk);

  fw_ih_entry e{};
  ASSERT_TRUE(wait_for_interrupt(FW_IH_CLIENT_GRBM_CP, FW_IH_SRC_CP_BAD_OPCODE, &e));
  EXPECT_EQ(ih_pasid(e), 3u);
  EXPECT_EQ(cp().state(bad.id), gcn::QueueState::kError);
  const std::string why = cp().error(bad.id);
  EXPECT_NE(why.find("queue " + std::to_string(bad.id)), std::string::npos) << why;
  EXPECT_NE(why.find("packet 0"), std::string::npos) << why;
  EXPECT_NE(why.find("packet type 7"), std::string::npos) << why;
  EXPECT_EQ(bad.read_index(), 0u);

  auto* out = alloc_array<uint32_t>(64);
  auto* done = make_signal(1);
  Kernel k = assemble(kStoreLinear);
  auto pkt = dispatch_packet(k, 64, 64, {va(out)}, done);
  good.submit(&pkt);
  expect_completed(out, done);
  EXPECT_EQ(cp().state(good.id), gcn::QueueState::kActive);
  EXPECT_EQ(cp().error(good.id), "");
}

TEST_F(CpTest, AgentDispatchIsRefusedClearly) {
  AqlQueue q = make_aql_queue();
  fw_aql_agent_dispatch_packet p{};
  p.header = FW_FIELD_PREP(FW_AQL_HEADER_TYPE, FW_AQL_PACKET_TYPE_AGENT_DISPATCH);
  q.submit(&p);
  ASSERT_TRUE(eventually([&] { return cp().state(q.id) == gcn::QueueState::kError; }));
  EXPECT_NE(cp().error(q.id).find("AGENT_DISPATCH"), std::string::npos) << cp().error(q.id);
}

TEST_F(CpTest, ZeroWorkgroupSizeIsAMalformedPacket) {
  AqlQueue q = make_aql_queue();
  auto* out = alloc_array<uint32_t>(64);
  auto* done = make_signal(1);
  Kernel k = assemble(kStoreLinear);
  auto pkt = dispatch_packet(k, 64, 0, {va(out)}, done);
  q.submit(&pkt);
  fw_ih_entry e{};
  ASSERT_TRUE(wait_for_interrupt(FW_IH_CLIENT_GRBM_CP, FW_IH_SRC_CP_BAD_OPCODE, &e));
  EXPECT_EQ(cp().state(q.id), gcn::QueueState::kError);
  EXPECT_NE(cp().error(q.id).find("zero workgroup size"), std::string::npos);
  EXPECT_EQ(load(&done->value), 1);  // not completed
}

TEST_F(CpTest, UnknownPm4OpcodeErrorsTheQueue) {
  Pm4Queue bad = make_pm4_queue();
  Pm4Queue good = make_pm4_queue();
  auto* mem = alloc_array<uint32_t>(2);
  bad.submit({pm4_header(0xEE, 1), 0, 0});
  bad.submit(pm4_write_data(va(&mem[0]), {1}));  // never runs
  fw_ih_entry e{};
  ASSERT_TRUE(wait_for_interrupt(FW_IH_CLIENT_GRBM_CP, FW_IH_SRC_CP_BAD_OPCODE, &e));
  EXPECT_EQ(cp().state(bad.id), gcn::QueueState::kError);
  EXPECT_NE(cp().error(bad.id).find("unknown PM4 opcode 0xee"), std::string::npos)
      << cp().error(bad.id);
  good.submit(pm4_write_data(va(&mem[1]), {2}));
  ASSERT_TRUE(eventually([&] { return load(&mem[1]) == 2; }));
  EXPECT_EQ(mem[0], 0u);
}

TEST_F(CpTest, IndirectBufferInsideIndirectBufferIsAnError) {
  Pm4Queue q = make_pm4_queue();
  auto* inner = alloc_array<uint32_t>(8);
  auto nested = pm4_indirect_buffer(inner, 0);
  auto* outer = alloc_array<uint32_t>(nested.size());
  std::memcpy(outer, nested.data(), nested.size() * 4);
  q.submit(pm4_indirect_buffer(outer, static_cast<uint32_t>(nested.size())));
  ASSERT_TRUE(eventually([&] { return cp().state(q.id) == gcn::QueueState::kError; }));
  EXPECT_NE(cp().error(q.id).find("inside an indirect buffer"), std::string::npos)
      << cp().error(q.id);
}

TEST_F(CpTest, FaultingKernelRaisesVmFaultAndOtherQueueCompletes) {
  AqlQueue bad = make_aql_queue(64, 4);
  AqlQueue good = make_aql_queue();
  const uint64_t unmapped = 0x7000DEAD0000ull;
  auto* bad_done = make_signal(1);
  Kernel k = assemble(kStoreLinear);
  auto pkt = dispatch_packet(k, 64, 64, {unmapped}, bad_done);
  bad.submit(&pkt);

  fw_ih_entry e{};
  ASSERT_TRUE(wait_for_interrupt(FW_IH_CLIENT_UTCL2, 0, &e));
  EXPECT_EQ(ih_pasid(e), 4u);
  // The faulting page as the KFD decodes it (ih_entry.h).
  const uint64_t page = static_cast<uint64_t>(FW_FIELD_GET(e.src_data[1], FW_IH_VM_FAULT_PAGE_HI))
                            << 44 |
                        static_cast<uint64_t>(e.src_data[0]) << 12;
  EXPECT_EQ(page, unmapped & ~0xFFFull);
  EXPECT_EQ(cp().state(bad.id), gcn::QueueState::kError);
  const std::string why = cp().error(bad.id);
  EXPECT_NE(why.find("global_store_dword"), std::string::npos) << why;
  EXPECT_NE(why.find("0x7000dead0000"), std::string::npos) << why;
  EXPECT_EQ(load(&bad_done->value), 1);

  auto* out = alloc_array<uint32_t>(64);
  auto* done = make_signal(1);
  auto ok = dispatch_packet(k, 64, 64, {va(out)}, done);
  good.submit(&ok);
  expect_completed(out, done);
}

TEST_F(CpTest, UnmapWithAKernelRunningForeverReturns) {
  AqlQueue q = make_aql_queue();
  Kernel spin = assemble(kSpinForever);
  auto* done = make_signal(1);
  // Several groups, so pool threads run it too.
  auto pkt = dispatch_packet(spin, 64 * 8, 64, {}, done);
  q.submit(&pkt);
  ASSERT_TRUE(eventually([&] { return cp().stats().dispatches == 1; }));

  auto unmapped = std::async(std::launch::async, [&] { cp().unmap_queue(q.id); });
  ASSERT_EQ(unmapped.wait_for(std::chrono::seconds(20)), std::future_status::ready);
  // Cancelled, not completed: the packet stays where it was.
  EXPECT_EQ(load(&done->value), 1);
  EXPECT_EQ(q.read_index(), 0u);

  // The engine serves the next queue.
  AqlQueue next = make_aql_queue();
  auto* out = alloc_array<uint32_t>(64);
  auto* next_done = make_signal(1);
  Kernel k = assemble(kStoreLinear);
  auto ok = dispatch_packet(k, 64, 64, {va(out)}, next_done);
  next.submit(&ok);
  expect_completed(out, next_done);
}

// UPDATE_QUEUE (deactivate) does not wait for a dispatch that never ends.
TEST_F(CpTest, UpdateQueueWithAKernelRunningForeverReturns) {
  AqlQueue q = make_aql_queue();
  Kernel spin = assemble(kSpinForever);
  auto* done = make_signal(1);
  auto pkt = dispatch_packet(spin, 64, 64, {}, done);
  q.submit(&pkt);
  ASSERT_TRUE(eventually([&] { return cp().stats().dispatches == 1; }));
  auto updated =
      std::async(std::launch::async, [&] { return cp().update_queue(q.id, q.mqd, false); });
  ASSERT_EQ(updated.wait_for(std::chrono::seconds(20)), std::future_status::ready);
  EXPECT_TRUE(updated.get());
  EXPECT_EQ(cp().state(q.id), gcn::QueueState::kInactive);
  // Unmapping then cancels the dispatch.
  cp().unmap_queue(q.id);
  EXPECT_EQ(load(&done->value), 1);
}

TEST_F(CpTest, DestroyingTheCpWithWorkInFlightIsSafe) {
  AqlQueue q = make_aql_queue();
  Kernel spin = assemble(kSpinForever);
  auto* done = make_signal(1);
  auto pkt = dispatch_packet(spin, 64, 64, {}, done);
  q.submit(&pkt);
  ASSERT_TRUE(eventually([&] { return cp().stats().dispatches == 1; }));
  cp_.reset();  // unmaps (cancels) and joins the CP thread
  EXPECT_EQ(load(&done->value), 1);
}

TEST_F(CpTest, MapQueueRefusesUnusableDescriptors) {
  uint64_t doorbell = 0;
  // An AQL ring smaller than one packet (the MQD's smallest queue size).
  fw_v9_mqd m = gcn_test::compute_mqd(true, 0, 8, 0, 0, 0);
  EXPECT_EQ(cp().map_queue(m, gcn_test::owner(&doorbell, 1, 7), true), -1);
  m = gcn_test::compute_mqd(true, 0, 4096, 0, 0, 0);
  EXPECT_EQ(cp().map_queue(m, gcn_test::owner(nullptr, 1, 7), true), -1);
  m = gcn_test::compute_mqd(true, 0, 4096, 0, 0, 1);  // past the slice
  EXPECT_EQ(cp().map_queue(m, gcn_test::owner(&doorbell, 1, 7), true), -1);
  EXPECT_FALSE(cp().update_queue(12345, m, true));
}

TEST_F(CpTest, InactiveQueueIsNotProcessedUntilActivated) {
  AqlQueue q = make_aql_queue();
  ASSERT_TRUE(cp().update_queue(q.id, q.mqd, false));
  EXPECT_EQ(cp().state(q.id), gcn::QueueState::kInactive);
  auto* out = alloc_array<uint32_t>(64);
  auto* done = make_signal(1);
  Kernel k = assemble(kStoreLinear);
  auto pkt = dispatch_packet(k, 64, 64, {va(out)}, done);
  q.submit(&pkt);
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_EQ(load(&done->value), 1);
  ASSERT_TRUE(cp().update_queue(q.id, q.mqd, true));
  ASSERT_TRUE(eventually([&] { return load(&done->value) == 0; }));
  EXPECT_EQ(out[10], 31u);
}

}  // namespace
}  // namespace gcn_cp_test
