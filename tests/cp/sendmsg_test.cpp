// s_sendmsg(MSG_INTERRUPT) from a kernel: the SQ interrupt message the
// KFD's gfx9 handler turns into a signal event (client SE0SH, source
// SQ_INTERRUPT_MSG, M0[23:0] in the first source dword, the queue's
// PASID), as device-side signal updates and hostcalls use it.
#include <algorithm>

#include "cp_fixture.h"

namespace gcn_cp_test {
namespace {

TEST_F(CpTest, SendmsgInterruptRaisesSqMessageWithM0) {
  AqlQueue q = make_aql_queue(64, /*pasid=*/0x2a);
  auto* done = make_signal(1);
  // Two interrupts (the second's M0 has bits above 23 that the message
  // does not carry); a GS message and s_sleep raise nothing.
  Kernel k = assemble(R"(
s_mov_b32 m0, 0x12345
s_sendmsg sendmsg(MSG_INTERRUPT)
s_sleep 1
s_mov_b32 m0, 0x7abcdef
s_sendmsg sendmsg(MSG_INTERRUPT)
s_sendmsg sendmsg(MSG_GS, GS_OP_EMIT, 0)
s_endpgm
)");
  auto pkt = dispatch_packet(k, 64, 64, {}, done);
  q.submit(&pkt);
  ASSERT_TRUE(eventually([&] { return load(&done->value) == 0; }));

  std::vector<uint32_t> data;
  for (const fw_ih_entry& e : interrupts()) {
    ASSERT_EQ(ih_client(e), static_cast<uint32_t>(FW_IH_CLIENT_SE0SH));
    ASSERT_EQ(ih_source(e), static_cast<uint32_t>(FW_IH_SRC_SQ_INTERRUPT_MSG));
    EXPECT_EQ(ih_pasid(e), 0x2au);
    data.push_back(e.src_data[0]);
  }
  EXPECT_EQ(data, (std::vector<uint32_t>{0x12345u, 0xabcdefu}));
}

// Every wave of the dispatch sends its own message.
TEST_F(CpTest, SendmsgInterruptComesFromEveryWave) {
  AqlQueue q = make_aql_queue();
  auto* done = make_signal(1);
  Kernel k = assemble(R"(
s_mov_b32 m0, s2
s_sendmsg sendmsg(MSG_INTERRUPT)
s_endpgm
)");
  auto pkt = dispatch_packet(k, 64 * 5, 64, {}, done);
  q.submit(&pkt);
  ASSERT_TRUE(eventually([&] { return load(&done->value) == 0; }));
  std::vector<uint32_t> groups;
  for (const fw_ih_entry& e : interrupts()) groups.push_back(e.src_data[0]);
  std::sort(groups.begin(), groups.end());
  EXPECT_EQ(groups, (std::vector<uint32_t>{0, 1, 2, 3, 4}));  // s2 = workgroup id x
}

}  // namespace
}  // namespace gcn_cp_test
