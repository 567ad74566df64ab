// Scalar-family semantics (SOP2, SOPK, SOP1, SOPC, SOPP, SMEM): small
// programs are assembled by llvm-mc-14, decoded by our decoder and run on a
// bare Wave, one instruction after another, the way the executor does it
// (w.pc = next instruction before the call). Expected values follow the Vega
// ISA manual's SCC and result rules.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "gcn_assembler.h"
#include "isa/decoder.h"
#include "semantics/opcode_tables.h"
#include "wave/dispatch_state.h"
#include "wave/wave.h"

namespace gcn {
namespace {

constexpr uint64_t kCodeBase = 0x100000;
constexpr uint64_t kDataVa = 0x10000;

// Code words of `source` (instructions separated by ';').
std::vector<uint32_t> assemble(const std::string& source) {
  std::string text;
  for (char c : source) text += c == ';' ? '\n' : c;
  return gcn_test::assemble_gfx900(text).words;
}

class ScalarTest : public testing::Test {
 protected:
  void SetUp() override {
    for (unsigned i = 0; i < kDataDwords; ++i) data_[i] = 0x1000 + i;
    memory_.map(kDataVa, data_, sizeof(data_));
    w_.memory = &memory_;
    w_.dispatch = &dispatch_;
    w_.vgpr = vgpr_;
    w_.nvgpr = 4;
  }

  // Runs until s_endpgm, a fault, or the end of the code.
  void run(const std::string& source) {
    const std::vector<uint32_t> code = assemble(source);
    ASSERT_FALSE(code.empty()) << source;
    w_.pc = kCodeBase;
    for (int steps = 0; steps < 1000 && !w_.done; ++steps) {
      const size_t at = (w_.pc - kCodeBase) / 4;
      if (at >= code.size()) break;
      Inst in;
      ASSERT_EQ(decode(gfx9_opcodes(), &code[at], code.size() - at, &in), DecodeStatus::kOk)
          << "word " << at;
      ASSERT_NE(in.info->exec, nullptr) << in.info->name;
      w_.pc += in.size;
      in.info->exec(w_, in);
    }
  }

  uint32_t s(unsigned r) const { return w_.sgpr[r]; }

  static constexpr unsigned kDataDwords = 64;
  uint32_t data_[kDataDwords] = {};
  uint32_t vgpr_[4 * kWaveSize] = {};
  AddressSpace memory_;
  DispatchState dispatch_;
  Wave w_;
};

TEST_F(ScalarTest, AddSubCarryAndOverflow) {
  w_.sgpr[1] = 0xFFFFFFFFu;
  w_.sgpr[2] = 2;
  w_.sgpr[3] = 0x7FFFFFFFu;
  w_.sgpr[4] = 0x80000000u;
  run("s_add_u32 s10, s1, s2; s_cselect_b32 s11, 1, 0;"  // carry out
      "s_addc_u32 s12, 0, 0;"                            // consumes it
      "s_sub_u32 s13, 1, 2; s_cselect_b32 s14, 1, 0;"    // borrow
      "s_subb_u32 s15, 5, 1;"                            // 5 - 1 - borrow
      "s_add_i32 s16, s3, 1; s_cselect_b32 s17, 1, 0;"   // signed overflow
      "s_add_i32 s18, s1, 1; s_cselect_b32 s19, 1, 0;"   // -1 + 1: none
      "s_sub_i32 s20, s4, 1; s_cselect_b32 s21, 1, 0;"   // INT_MIN - 1
      "s_endpgm");
  EXPECT_EQ(s(10), 1u);
  EXPECT_EQ(s(11), 1u);
  EXPECT_EQ(s(12), 1u);
  EXPECT_EQ(s(13), 0xFFFFFFFFu);
  EXPECT_EQ(s(14), 1u);
  EXPECT_EQ(s(15), 3u);
  EXPECT_EQ(s(16), 0x80000000u);
  EXPECT_EQ(s(17), 1u);
  EXPECT_EQ(s(18), 0u);
  EXPECT_EQ(s(19), 0u);
  EXPECT_EQ(s(20), 0x7FFFFFFFu);
  EXPECT_EQ(s(21), 1u);
  EXPECT_TRUE(w_.done);
}

TEST_F(ScalarTest, MinMaxSelectAndBitwiseScc) {
  run("s_min_i32 s0, -1, 5; s_cselect_b32 s1, 1, 0;"
      "s_max_u32 s2, -1, 5; s_cselect_b32 s3, 1, 0;"
      "s_and_b32 s4, 0xf0, 0x0f; s_cselect_b32 s5, 1, 0;"
      "s_andn2_b64 s[6:7], -1, 1; s_cselect_b32 s8, 1, 0;"
      "s_xnor_b32 s9, 0, 0; s_endpgm");
  EXPECT_EQ(s(0), 0xFFFFFFFFu);
  EXPECT_EQ(s(1), 1u);
  EXPECT_EQ(s(2), 0xFFFFFFFFu);
  EXPECT_EQ(s(3), 1u);
  EXPECT_EQ(s(4), 0u);
  EXPECT_EQ(s(5), 0u);
  EXPECT_EQ(s(6), 0xFFFFFFFEu);
  EXPECT_EQ(s(7), 0xFFFFFFFFu);
  EXPECT_EQ(s(8), 1u);
  EXPECT_EQ(s(9), 0xFFFFFFFFu);
}

TEST_F(ScalarTest, ShiftsBitfieldsAndMultiplies) {
  w_.sgpr[10] = 0x12345F80u;
  w_.sgpr[20] = 0;
  w_.sgpr[21] = 0x80000000u;
  w_.sgpr[30] = 0x40000001u;
  run("s_bfe_u32 s0, s10, 0x80004; s_bfe_i32 s1, s10, 0x80004;"
      "s_bfe_i64 s[2:3], s[20:21], 0x4003c;"
      "s_bfm_b32 s4, 4, 8; s_ashr_i64 s[6:7], s[20:21], 63;"
      "s_lshl2_add_u32 s8, s30, 3; s_cselect_b32 s9, 1, 0;"
      "s_mul_hi_i32 s11, -2, 3; s_mul_hi_u32 s12, -2, 3; s_absdiff_i32 s13, 3, 10;"
      "s_pack_lh_b32_b16 s14, s10, s10; s_lshr_b32 s15, s10, 36; s_endpgm");
  EXPECT_EQ(s(0), 0xF8u);
  EXPECT_EQ(s(1), 0xFFFFFFF8u);
  EXPECT_EQ(s(2), 0xFFFFFFF8u);  // bits 63:60 = 0x8, sign-extended
  EXPECT_EQ(s(3), 0xFFFFFFFFu);
  EXPECT_EQ(s(4), 0xF00u);
  EXPECT_EQ(s(6), 0xFFFFFFFFu);
  EXPECT_EQ(s(7), 0xFFFFFFFFu);
  EXPECT_EQ(s(8), 7u);
  EXPECT_EQ(s(9), 1u);
  EXPECT_EQ(s(11), 0xFFFFFFFFu);
  EXPECT_EQ(s(12), 2u);
  EXPECT_EQ(s(13), 7u);
  EXPECT_EQ(s(14), 0x12345F80u);
  EXPECT_EQ(s(15), 0x12345F80u >> 4);  // amount is S1[4:0]
}

TEST_F(ScalarTest, Sop1CountsAndExecMasks) {
  run("s_mov_b64 exec, -1; s_mov_b64 vcc, 0xf0;"
      "s_and_saveexec_b64 s[0:1], vcc; s_cselect_b32 s2, 1, 0;"
      "s_flbit_i32 s3, -1; s_flbit_i32 s4, 0xffffff; s_flbit_i32_b32 s5, 1;"
      "s_ff1_i32_b64 s6, 0; s_ff0_i32_b32 s7, 0xff; s_bcnt1_i32_b64 s8, -1;"
      "s_wqm_b32 s9, 0x10201; s_quadmask_b32 s10, 0x10201; s_brev_b32 s11, 1;"
      "s_sext_i32_i8 s12, 0x80; s_abs_i32 s13, 0x80000000;"
      "s_bitreplicate_b64_b32 s[14:15], 0x80000001; s_endpgm");
  EXPECT_EQ(s(0), 0xFFFFFFFFu);
  EXPECT_EQ(s(1), 0xFFFFFFFFu);
  EXPECT_EQ(w_.exec(), 0xF0u);
  EXPECT_EQ(s(2), 1u);
  EXPECT_EQ(s(3), 0xFFFFFFFFu);
  EXPECT_EQ(s(4), 8u);
  EXPECT_EQ(s(5), 31u);
  EXPECT_EQ(s(6), 0xFFFFFFFFu);
  EXPECT_EQ(s(7), 8u);
  EXPECT_EQ(s(8), 64u);
  EXPECT_EQ(s(9), 0xF0F0Fu);
  EXPECT_EQ(s(10), 0x15u);
  EXPECT_EQ(s(11), 0x80000000u);
  EXPECT_EQ(s(12), 0xFFFFFF80u);
  EXPECT_EQ(s(13), 0x80000000u);
  EXPECT_EQ(s(14), 3u);
  EXPECT_EQ(s(15), 0xC0000000u);
}

TEST_F(ScalarTest, SopkCompareAndHwreg) {
  w_.sgpr[3] = 0x3F;
  run("s_movk_i32 s0, 0x8000;"
      "s_cmpk_eq_u32 s0, 0x8000; s_cselect_b32 s1, 1, 0;"  // imm zero-extended
      "s_cmpk_lt_i32 s0, 0; s_cselect_b32 s2, 1, 0;"       // imm sign-extended
      "s_addk_i32 s0, 0x7fff; s_mulk_i32 s0, -2;"
      "s_setreg_b32 hwreg(HW_REG_MODE, 4, 4), s3;"
      "s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 4), 0xfffffff5;"
      "s_getreg_b32 s4, hwreg(HW_REG_MODE);"
      "s_getreg_b32 s5, hwreg(HW_REG_SH_MEM_BASES, 16, 16); s_endpgm");
  EXPECT_EQ(s(1), 0u);
  EXPECT_EQ(s(2), 1u);
  EXPECT_EQ(s(0), 2u);
  EXPECT_EQ(w_.mode, 0xF5u);
  EXPECT_EQ(s(4), 0xF5u);
  EXPECT_EQ(uint64_t{s(5)} << 48, kSharedApertureBase);
}

TEST_F(ScalarTest, BranchesCallsAndBarrier) {
  w_.sgpr[3] = 0x3F;
  run("s_call_b64 s[8:9], 1; s_endpgm;"  // skips the s_endpgm
      "s_mov_b32 m0, 2; s_movrels_b32 s10, s1; s_movreld_b32 s11, 0x55;"
      "s_cmp_eq_u32 s12, 0; s_cbranch_scc1 1; s_mov_b32 s12, 5;"
      "s_bitcmp1_b32 3, 1; s_cselect_b32 s14, 1, 0;"
      "s_branch 1; s_mov_b32 s15, 1; s_getpc_b64 s[16:17]; s_barrier; s_endpgm");
  EXPECT_EQ(uint64_t{s(8)} | uint64_t{s(9)} << 32, kCodeBase + 4);
  EXPECT_EQ(s(10), 0x3Fu);  // s[1 + M0]
  EXPECT_EQ(s(13), 0x55u);
  EXPECT_EQ(s(12), 0u);
  EXPECT_EQ(s(14), 1u);
  EXPECT_EQ(s(15), 0u);
  EXPECT_EQ(uint64_t{s(16)} | uint64_t{s(17)} << 32, w_.pc - 8);
  EXPECT_TRUE(w_.at_barrier);
  EXPECT_TRUE(w_.done);
}

TEST_F(ScalarTest, TrapWithoutHandlerFaults) {
  run("s_trap 2; s_endpgm");
  EXPECT_EQ(w_.fault.kind, FaultKind::kTrap);
}

TEST_F(ScalarTest, ScalarLoadsStoresAndBufferRange) {
  w_.sgpr[0] = static_cast<uint32_t>(kDataVa);
  w_.sgpr[1] = 0;
  w_.sgpr[12] = static_cast<uint32_t>(kDataVa);
  w_.sgpr[13] = 0xFFFF0000u;  // stride bits are not part of the base
  w_.sgpr[14] = 16;           // num_records (bytes)
  w_.sgpr[20] = 16;
  w_.sgpr[21] = 0xABCD;
  w_.sgpr[22] = 5;
  run("s_load_dwordx2 s[2:3], s[0:1], 0x7;"  // low two address bits ignored
      "s_load_dword s4, s[0:1], s20;"
      "s_store_dword s21, s[0:1], 0x0; s_load_dword s5, s[0:1], 0x0;"
      "s_buffer_load_dwordx4 s[8:11], s[12:15], 0x8;"  // last two dwords out of range
      "s_atomic_add s22, s[0:1], 0x4 glc; s_endpgm");
  EXPECT_EQ(s(2), 0x1001u);
  EXPECT_EQ(s(3), 0x1002u);
  EXPECT_EQ(s(4), 0x1004u);
  EXPECT_EQ(s(5), 0xABCDu);
  EXPECT_EQ(data_[0], 0xABCDu);
  EXPECT_EQ(s(8), 0x1002u);
  EXPECT_EQ(s(9), 0x1003u);
  EXPECT_EQ(s(10), 0u);
  EXPECT_EQ(s(11), 0u);
  EXPECT_EQ(s(22), 0x1001u);
  EXPECT_EQ(data_[1], 0x1006u);
}

TEST_F(ScalarTest, LoadFromUnmappedMemoryFaults) {
  run("s_load_dword s7, s[18:19], 0x0; s_endpgm");
  EXPECT_EQ(w_.fault.kind, FaultKind::kMemoryViolation);
}

}  // namespace
}  // namespace gcn
