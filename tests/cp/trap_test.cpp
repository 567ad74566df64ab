// Trap handlers on the virtual GPU: s_trap and an illegal instruction
// enter the handler the VMID's TBA names, with the return PC and trap id in
// TTMP0/1, STATUS in TTMP12 and TMA in TTMP14/15 (the TTMP layout ROCr's
// gfx9 handler reads); s_rfe_b64 returns, and a HALT the handler leaves in
// STATUS stops the wave and the queue. The handlers here are written for
// the test and record what they saw into the TMA buffer.
#include <cstdio>
#include <string>
#include <vector>

#include "cp_fixture.h"

namespace gcn_cp_test {
namespace {

// STATUS and TRAPSTS bits (Vega ISA manual, section 3.5).
constexpr uint32_t kScc = 1u << 0;
constexpr uint32_t kPriv = 1u << 5;
constexpr uint32_t kTrapEn = 1u << 6;
constexpr uint32_t kIllegalInst = 1u << 11;

// Records TTMP0, TTMP1, TTMP12, STATUS, TRAPSTS and the doorbell id
// (MSG_GET_DOORBELL, polled as ROCr's handler does) at TMA, then steps
// over the 4-byte instruction that trapped and returns with the STATUS
// saved at entry (SCC included).
const char* const kRecordingHandler = R"(
s_store_dword ttmp0, ttmp[14:15], 0x0 glc
s_store_dword ttmp1, ttmp[14:15], 0x4 glc
s_store_dword ttmp12, ttmp[14:15], 0x8 glc
s_getreg_b32 ttmp2, hwreg(HW_REG_STATUS)
s_store_dword ttmp2, ttmp[14:15], 0xc glc
s_getreg_b32 ttmp2, hwreg(HW_REG_TRAPSTS)
s_store_dword ttmp2, ttmp[14:15], 0x10 glc
s_mov_b32 ttmp3, exec_lo
s_mov_b32 exec_lo, 0x80000000
s_sendmsg sendmsg(MSG_GET_DOORBELL)
s_nop 7
s_bitcmp0_b32 exec_lo, 31
s_cbranch_scc0 0xfffd
s_mov_b32 ttmp4, exec_lo
s_mov_b32 exec_lo, ttmp3
s_store_dword ttmp4, ttmp[14:15], 0x14 glc
s_waitcnt lgkmcnt(0)
s_add_u32 ttmp0, ttmp0, 4
s_addc_u32 ttmp1, ttmp1, 0
s_and_b32 ttmp1, ttmp1, 0xffff
s_setreg_b32 hwreg(HW_REG_STATUS), ttmp12
s_rfe_b64 ttmp[0:1]
)";

// Records TTMP1, then halts the wave on return (as ROCr's handler does
// after it reported an error).
const char* const kHaltingHandler = R"(
s_store_dword ttmp1, ttmp[14:15], 0x4 glc
s_waitcnt lgkmcnt(0)
s_or_b32 ttmp12, ttmp12, 0x2000
s_setreg_b32 hwreg(HW_REG_STATUS), ttmp12
s_rfe_b64 ttmp[0:1]
)";

std::string hex(uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof(buf), "0x%llx", static_cast<unsigned long long>(v));
  return buf;
}

struct Record {
  uint32_t ttmp0, ttmp1, ttmp12, status, trapsts, doorbell;
};

class TrapTest : public CpTest {
 protected:
  // Installs handler text as the trap handler of VMID 0 (the queues'),
  // with a zeroed record buffer as TMA.
  Record* install(const char* handler) {
    Kernel h = assemble(handler);
    auto* rec = static_cast<Record*>(alloc(sizeof(Record)));
    cp().set_trap_handler(0, va(h.code), va(rec));
    return rec;
  }
};

TEST_F(TrapTest, STrapEntersHandlerWhichReturnsPastIt) {
  Record* rec = install(kRecordingHandler);
  AqlQueue q = make_aql_queue(64, 7, /*doorbell_id=*/37);
  auto* done = make_signal(1);
  auto* out = alloc_array<uint32_t>(4);
  // SCC = 1 before the trap; s[6:7] = the s_trap's address.
  Kernel k = assemble(R"(
s_load_dwordx2 s[4:5], s[0:1], 0x0
s_waitcnt lgkmcnt(0)
s_cmp_eq_u32 0, 0
s_getpc_b64 s[6:7]
s_trap 5
s_cselect_b32 s8, 7, 9
s_getreg_b32 s9, hwreg(HW_REG_STATUS)
v_mov_b32 v1, 0
v_mov_b32 v2, s6
v_mov_b32 v3, s7
v_mov_b32 v4, s8
v_mov_b32 v5, s9
global_store_dwordx4 v1, v[2:5], s[4:5]
s_endpgm
)");
  auto pkt = dispatch_packet(k, 64, 64, {va(out)}, done);
  q.submit(&pkt);
  ASSERT_TRUE(eventually([&] { return load(&done->value) == 0; })) << cp().error(q.id);

  const uint64_t trap_pc = out[0] | static_cast<uint64_t>(out[1]) << 32;
  EXPECT_EQ(rec->ttmp0, static_cast<uint32_t>(trap_pc));
  EXPECT_EQ(rec->ttmp1, static_cast<uint32_t>(trap_pc >> 32 & 0xFFFF) | 5u << 16)
      << "TTMP1 = PC[47:32] | trap id << 16";
  EXPECT_EQ(rec->ttmp12 & (kScc | kPriv | kTrapEn), kScc | kTrapEn) << "STATUS before the trap";
  EXPECT_EQ(rec->status & kPriv, kPriv) << "the handler runs privileged";
  EXPECT_EQ(rec->trapsts, 0u);
  EXPECT_EQ(rec->doorbell, 37u) << "MSG_GET_DOORBELL answers with the queue's doorbell";
  EXPECT_EQ(out[2], 7u) << "SCC restored from TTMP12 through STATUS";
  EXPECT_EQ(out[3] & (kPriv | kTrapEn), kTrapEn) << "PRIV cleared by s_rfe_b64";
  EXPECT_EQ(cp().state(q.id), gcn::QueueState::kActive);
}

TEST_F(TrapTest, IllegalInstructionEntersHandlerWithItsPc) {
  Record* rec = install(kRecordingHandler);
  AqlQueue q = make_aql_queue();
  auto* done = make_signal(1);
  auto* out = alloc_array<uint32_t>(3);
  Kernel k = assemble(R"(
s_load_dwordx2 s[4:5], s[0:1], 0x0
s_waitcnt lgkmcnt(0)
s_getpc_b64 s[6:7]
s_nop 0
s_mov_b32 s8, 0x1234
v_mov_b32 v1, 0
v_mov_b32 v2, s6
v_mov_b32 v3, s7
v_mov_b32 v4, s8
global_store_dwordx3 v1, v[2:4], s[4:5]
s_endpgm
)");
  // The s_nop becomes SOPP opcode 31, which gfx9 does not define.
  auto* words = reinterpret_cast<uint32_t*>(k.code);
  size_t at = 0;
  while (words[at] != 0xBF800000u) ++at;
  words[at] = 0xBF9F0000u;
  auto pkt = dispatch_packet(k, 64, 64, {va(out)}, done);
  q.submit(&pkt);
  ASSERT_TRUE(eventually([&] { return load(&done->value) == 0; })) << cp().error(q.id);

  const uint64_t bad_pc = out[0] | static_cast<uint64_t>(out[1]) << 32;
  EXPECT_EQ(bad_pc, va(&words[at]));
  EXPECT_EQ(rec->ttmp0, static_cast<uint32_t>(bad_pc));
  EXPECT_EQ(rec->ttmp1, static_cast<uint32_t>(bad_pc >> 32 & 0xFFFF)) << "trap id 0: an exception";
  EXPECT_EQ(rec->trapsts & kIllegalInst, kIllegalInst) << "TRAPSTS.ILLEGAL_INST";
  EXPECT_EQ(out[2], 0x1234u) << "the kernel goes on after the handler returns";
}

TEST_F(TrapTest, HandlerThatHaltsStopsTheQueue) {
  Record* rec = install(kHaltingHandler);
  AqlQueue q = make_aql_queue();
  auto* done = make_signal(1);
  auto* after = make_signal(1);
  auto* out = alloc_array<uint32_t>(64 * 3);
  Kernel k = assemble(std::string("s_trap 2\n") + kStoreLinear);
  auto pkt = dispatch_packet(k, 64 * 3, 64, {va(out)}, done);
  q.submit(&pkt);
  ASSERT_TRUE(eventually([&] { return cp().state(q.id) == gcn::QueueState::kError; }));
  // Halted on return, at the s_trap (the handler leaves the trap id in
  // TTMP1's high bits; s_rfe_b64 takes PC[47:0]).
  EXPECT_NE(cp().error(q.id).find("wave halted at pc " + hex(va(k.code)) + " (entry+0x0)"),
            std::string::npos)
      << cp().error(q.id);
  EXPECT_EQ(rec->ttmp1 >> 16 & 0xFF, 2u);
  // Nothing ran past the trap; the packet is not retired and the queue
  // takes no more packets.
  auto next = dispatch_packet(k, 64, 64, {va(out)}, after);
  q.submit(&next);
  cp().kick();
  EXPECT_EQ(load(&done->value), 1);
  EXPECT_EQ(load(&after->value), 1);
  EXPECT_EQ(q.read_index(), 0u);
  for (int i = 0; i < 64 * 3; ++i) ASSERT_EQ(out[i], 0u) << "work-item " << i;
  // The handler reports errors itself: the CP raised no interrupt.
  EXPECT_TRUE(interrupts().empty());
}

TEST_F(TrapTest, RemovedHandlerLeavesSTrapAQueueError) {
  install(kRecordingHandler);
  cp().set_trap_handler(0, 0, 0);
  AqlQueue q = make_aql_queue();
  auto* done = make_signal(1);
  Kernel k = assemble("s_trap 2\ns_endpgm\n");
  auto pkt = dispatch_packet(k, 64, 64, {}, done);
  q.submit(&pkt);
  ASSERT_TRUE(eventually([&] { return cp().state(q.id) == gcn::QueueState::kError; }));
  EXPECT_NE(cp().error(q.id).find("s_trap without a trap handler"), std::string::npos)
      << cp().error(q.id);
}

TEST_F(TrapTest, SSethaltStopsTheWave) {
  AqlQueue q = make_aql_queue();
  auto* done = make_signal(1);
  auto* out = alloc_array<uint32_t>(64);
  Kernel k = assemble(std::string("s_sethalt 1\n") + kStoreLinear);
  auto pkt = dispatch_packet(k, 64, 64, {va(out)}, done);
  q.submit(&pkt);
  ASSERT_TRUE(eventually([&] { return cp().state(q.id) == gcn::QueueState::kError; }));
  EXPECT_NE(cp().error(q.id).find("wave halted"), std::string::npos) << cp().error(q.id);
  EXPECT_EQ(load(&done->value), 1);
  EXPECT_EQ(out[0], 0u);
}

// A register launch (PM4 DISPATCH_DIRECT) enters the same handler; one
// that halts stops the PM4 queue before its RELEASE_MEM.
TEST_F(TrapTest, Pm4DispatchEntersHandlerAndHaltStopsTheQueue) {
  Record* rec = install(kHaltingHandler);
  Pm4Queue q = make_pm4_queue();
  Kernel k = assemble("s_trap 7\ns_endpgm\n");
  auto* fence = alloc_array<uint32_t>(1);
  const uint64_t code = va(k.code);
  q.submit(
      pm4_set_sh_reg(FW_SH_COMPUTE_PGM_LO,
                     {static_cast<uint32_t>(code >> 8), static_cast<uint32_t>(code >> 40)}) +
      pm4_set_sh_reg(FW_SH_COMPUTE_PGM_RSRC1, {k.kd->compute_pgm_rsrc1, k.kd->compute_pgm_rsrc2}) +
      pm4_set_sh_reg(FW_SH_COMPUTE_NUM_THREAD_X, {64, 1, 1}) +
      std::vector<uint32_t>{pm4_header(FW_PM4_DISPATCH_DIRECT, FW_PM4_DISPATCH_DIRECT_DWORDS), 1, 1,
                            1, 1} +
      pm4_release_mem(va(fence), FW_PM4_DATA_SEL_LOW32, 1, FW_PM4_INT_SEL_NONE, 0));
  ASSERT_TRUE(eventually([&] { return cp().state(q.id) == gcn::QueueState::kError; }));
  EXPECT_NE(cp().error(q.id).find("wave halted"), std::string::npos) << cp().error(q.id);
  EXPECT_EQ(rec->ttmp1 >> 16 & 0xFF, 7u);
  EXPECT_EQ(load(fence), 0u);
  EXPECT_TRUE(interrupts().empty());
}

}  // namespace
}  // namespace gcn_cp_test
