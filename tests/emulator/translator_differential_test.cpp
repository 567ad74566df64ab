// Differential test of the translator (emulator/translate/) against the
// interpreter (emulator/semantics/), issue 25: random gfx900 instruction
// sequences, straight-line and with forward branches and short loops, run
// with translation off, on (threshold 1) and checked, on one and two
// engine threads. The interpreter is the reference: every register the
// sequence touched (SGPRs, VCC, EXEC, SCC, M0, MODE, VGPRs of all 64 lanes)
// and the stores it made must be byte-identical, the checked run must find
// no block that differs, and sequences that fault must report the same
// fault. The sequences mix instructions the translator emits as host code
// (the tables of emit_scalar.cpp and emit_vector.cpp) with ones it runs as
// callouts (DPP, SDWA, clamp/omod, MODE writes, 64-bit shifts, ...), so
// the hand-over of state between the two is exercised too.
//
// A failure prints the seed and the program body; the same seed makes the
// same program (a private generator, not <random>'s distributions, whose
// results differ between standard libraries). GCN_DIFF_SEED=n runs that
// seed alone and prints a minimised body; GCN_DIFF_KNOWN_BUGS=1 runs the
// skipped tests of known translator bugs.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "gcn_assembler.h"
#include "shader/translator_loader.h"
#include "snippet_runner.h"

namespace {

using gcn_test::SnippetRunner;

// --- deterministic generator ----------------------------------------------------

class Rng {
 public:
  explicit Rng(uint64_t seed) : s_(seed * 0x9E3779B97F4A7C15ull + 0x632BE59BD9B4E019ull) {}
  uint64_t next() {  // splitmix64
    uint64_t z = (s_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  uint32_t below(uint32_t n) { return static_cast<uint32_t>(next() % n); }
  bool chance(unsigned percent) { return below(100) < percent; }
  template <class T, size_t N>
  const T& pick(const T (&a)[N]) {
    return a[below(N)];
  }

 private:
  uint64_t s_;
};

// Register values worth seeding: integer edges and f32 specials
// (denormals, signed zeros, infinities, quiet and signalling NaNs).
const uint32_t kInteresting[] = {
    0x00000000, 0x00000001, 0xFFFFFFFF, 0x7FFFFFFF, 0x80000000, 0x00000002, 0x0000001F,
    0x00000020, 0x0000FFFF, 0x00010000, 0x00FFFFFF, 0xFF800000, 0x7F800000, 0x7FC00000,
    0xFFC00000, 0x7FA00000, 0x7F800001, 0xFFC00123, 0x807FFFFF, 0x00000001, 0x80000001,
    0x00800000, 0x80800000, 0x3F800000, 0xBF800000, 0x3F000000, 0x40490FDB, 0x4B800000,
    0x7F7FFFFF, 0xFF7FFFFF, 0x4F800000, 0xCF000000, 0x00400000, 0x3E22F983};

uint32_t interesting_value(Rng& r) {
  switch (r.below(4)) {
    case 0:
      return static_cast<uint32_t>(r.next());
    case 1:
      return r.below(100);
    default:
      return r.pick(kInteresting);
  }
}

// f32 values without NaNs (but with infinities, denormals, signed zeros).
const uint32_t kFloats[] = {0x00000000, 0x80000000, 0x00000001, 0x807FFFFF, 0x00800000,
                            0x80800000, 0x3F800000, 0xBF800000, 0x3F000000, 0x40490FDB,
                            0x4B800000, 0x7F7FFFFF, 0xFF7FFFFF, 0x7F800000, 0xFF800000,
                            0x4F800000, 0xCF000000, 0x00400000, 0x3E22F983, 0x00000010};

uint32_t float_value(Rng& r) {
  if (r.chance(50)) return r.pick(kFloats);
  const uint32_t v = static_cast<uint32_t>(r.next());
  return (v & 0x7F800000) == 0x7F800000 ? v & 0xBFFFFFFF : v;
}

std::string hex32(uint32_t v) {
  char b[16];
  std::snprintf(b, sizeof b, "0x%08x", v);
  return b;
}

// Register ranges the random instructions use. s41 counts loops, s[42:43]
// hold the starting EXEC (restored now and then so lanes come back);
// s[44:50] and v31 upwards belong to the prologue and epilogue.
constexpr unsigned kFirstSgpr = 10, kLastSgpr = 40;
constexpr unsigned kFirstVgpr = 1, kLastVgpr = 30;
// Which NaN an f32 operation returns when two operands are NaNs is not
// fixed by the ISA, nor by C++ or LLVM IR (either may commute an add), and
// the interpreter and the translator do pick differently. So f32 arithmetic
// reads and writes its own registers, which hold no NaN to begin with:
// v1..v12 and (read-only) s10..s15. Integer ops write v13..v30 and
// s16..s40 and read everything; compares read everything (NaN inputs to
// the unordered predicates come from the integer registers).
constexpr unsigned kLastFloatVgpr = 12, kLastFloatSgpr = 15;

const char* const kFloatInline[] = {"0.5",  "-0.5", "1.0",  "-1.0",      "2.0",
                                    "-2.0", "4.0",  "-4.0", "0.15915494"};

// Builds one random program body.
class Generator {
 public:
  explicit Generator(uint64_t seed) : r(seed) {}
  Rng r;
  // What the generator may emit (see kMadDenormalBug).
  bool mad = true;
  bool mode_writes = true;  // s_setreg of MODE

  // Sources: any SGPR; destinations: the integer ones.
  std::string sreg() {
    return "s" + std::to_string(kFirstSgpr + r.below(kLastSgpr - kFirstSgpr + 1));
  }
  std::string sreg_dst() {
    return "s" + std::to_string(kLastFloatSgpr + 1 + r.below(kLastSgpr - kLastFloatSgpr));
  }
  std::string spair() {
    const unsigned a = kFirstSgpr + 2 * r.below((kLastSgpr - kFirstSgpr) / 2);
    return "s[" + std::to_string(a) + ":" + std::to_string(a + 1) + "]";
  }
  std::string spair_dst() {
    const unsigned a = kLastFloatSgpr + 1 + 2 * r.below((kLastSgpr - kLastFloatSgpr) / 2);
    return "s[" + std::to_string(a) + ":" + std::to_string(a + 1) + "]";
  }
  std::string vreg() {
    return "v" + std::to_string(kLastFloatVgpr + 1 + r.below(kLastVgpr - kLastFloatVgpr));
  }
  std::string freg() { return "v" + std::to_string(kFirstVgpr + r.below(kLastFloatVgpr)); }
  std::string fsgpr() { return "s" + std::to_string(kFirstSgpr + r.below(kLastFloatSgpr - 9)); }
  // Sources may read v0 (the work-item id) too.
  std::string vsrc_reg() { return "v" + std::to_string(r.below(kLastVgpr + 1)); }
  std::string inline_int() { return std::to_string(static_cast<int>(r.below(81)) - 16); }
  std::string inline_const() { return r.chance(75) ? inline_int() : r.pick(kFloatInline); }
  std::string literal() { return hex32(interesting_value(r)); }

  std::string sdst32() {
    const unsigned k = r.below(100);
    if (k < 84) return sreg_dst();
    if (k < 90) return "vcc_lo";
    if (k < 94) return "vcc_hi";
    return "m0";
  }
  // *lit: whether the instruction may still take a literal (SOP2: one).
  std::string ssrc32(bool* lit) {
    const unsigned k = r.below(100);
    if (k < 52) return sreg();
    if (k < 56) return "vcc_lo";
    if (k < 59) return "vcc_hi";
    if (k < 62) return "m0";
    if (k < 64) return "exec_lo";
    if (k < 66) return "exec_hi";
    if (k < 90 || !*lit) return inline_const();
    *lit = false;
    return literal();
  }
  std::string sdst64() { return r.chance(85) ? spair_dst() : "vcc"; }
  std::string ssrc64(bool* lit) {
    const unsigned k = r.below(100);
    if (k < 62) return spair();
    if (k < 72) return "vcc";
    if (k < 78) return "exec";
    if (k < 93 || !*lit) return inline_int();
    *lit = false;
    // 64-bit operands take a 32-bit literal; a positive one reads the same
    // whether the assembler means it zero- or sign-extended.
    return hex32(static_cast<uint32_t>(r.next()) & 0x7FFFFFFF);
  }

  // A VALU source under gfx9's constant bus rule: one SGPR or literal per
  // instruction (the same SGPR twice counts once). *bus: what the
  // instruction already reads over it ("" none, "-" taken by something
  // that cannot be shared, such as an implicit VCC).
  std::string scalar_for_valu(std::string* bus, bool allow_literal) {
    if (!bus->empty() && *bus != "-") return *bus;  // reuse the same SGPR
    if (!bus->empty()) return inline_const();
    std::string s;
    const unsigned k = r.below(100);
    if (k < 65)
      s = sreg();
    else if (k < 75)
      s = "vcc_lo";
    else if (k < 82)
      s = "m0";
    else if (k < 86)
      s = "exec_hi";
    else if (allow_literal)
      s = literal();
    else
      s = sreg();
    *bus = s[0] == '0' ? "-" : s;
    return s;
  }
  std::string vsrc0(std::string* bus, bool allow_literal) {
    const unsigned k = r.below(100);
    if (k < 58) return vsrc_reg();
    if (k < 80) return scalar_for_valu(bus, allow_literal);
    return inline_const();
  }
  // An f32 arithmetic source: a float register, float SGPR (one per
  // instruction), inline constant or NaN-free literal.
  std::string fsrc(std::string* bus, bool allow_literal) {
    const unsigned k = r.below(100);
    if (k < 62) return freg();
    if (k < 80) {
      if (bus->empty()) *bus = fsgpr();
      if (*bus != "-") return *bus;
    }
    if (k < 90 || !allow_literal || !bus->empty()) return inline_const();
    *bus = "-";
    return hex32(float_value(r));
  }
  // A VOP3 source (no literals on gfx9), with neg/abs when `fp` (f32
  // arithmetic: float registers only).
  std::string vop3_src(std::string* bus, bool fp) {
    const unsigned k = r.below(100);
    std::string s;
    if (fp)
      s = fsrc(bus, false);
    else if (k < 62)
      s = vsrc_reg();
    else if (k < 80)
      s = scalar_for_valu(bus, false);
    else
      return inline_const();
    if (!fp || (s[0] != 'v' && s[0] != 's')) return s;
    const unsigned m = r.below(100);
    if (m < 15) return "-" + s;
    if (m < 27) return "|" + s + "|";
    if (m < 32) return "-|" + s + "|";
    return s;
  }

  // --- instruction families ------------------------------------------------------

  std::string sop2_32() {
    static const char* const ops[] = {
        "s_add_u32",       "s_sub_u32",       "s_addc_u32",      "s_subb_u32",     "s_add_i32",
        "s_sub_i32",       "s_min_i32",       "s_min_u32",       "s_max_i32",      "s_max_u32",
        "s_cselect_b32",   "s_and_b32",       "s_or_b32",        "s_xor_b32",      "s_andn2_b32",
        "s_orn2_b32",      "s_lshl_b32",      "s_lshr_b32",      "s_ashr_i32",     "s_mul_i32",
        "s_lshl1_add_u32", "s_lshl2_add_u32", "s_lshl3_add_u32", "s_lshl4_add_u32"};
    bool lit = true;
    std::string a = ssrc32(&lit), b = ssrc32(&lit);
    return std::string(r.pick(ops)) + " " + sdst32() + ", " + a + ", " + b;
  }
  std::string sop2_64() {
    static const char* const ops[] = {"s_and_b64",   "s_or_b64",   "s_xor_b64",
                                      "s_andn2_b64", "s_orn2_b64", "s_cselect_b64"};
    bool lit = true;
    if (r.chance(20)) {
      const char* sh = r.chance(50) ? "s_lshl_b64" : "s_lshr_b64";
      std::string a = ssrc64(&lit), b = ssrc32(&lit);
      return std::string(sh) + " " + sdst64() + ", " + a + ", " + b;
    }
    std::string a = ssrc64(&lit), b = ssrc64(&lit);
    return std::string(r.pick(ops)) + " " + sdst64() + ", " + a + ", " + b;
  }
  std::string sop1() {
    bool lit = true;
    switch (r.below(4)) {
      case 0:
        return "s_mov_b32 " + sdst32() + ", " + ssrc32(&lit);
      case 1:
        return "s_mov_b64 " + sdst64() + ", " + ssrc64(&lit);
      case 2:
        return "s_not_b32 " + sdst32() + ", " + ssrc32(&lit);
      default: {
        static const char* const ops[] = {"s_and_saveexec_b64", "s_or_saveexec_b64",
                                          "s_xor_saveexec_b64", "s_andn2_saveexec_b64"};
        return std::string(r.pick(ops)) + " " + sdst64() + ", " + ssrc64(&lit);
      }
    }
  }
  std::string sopc() {
    static const char* const preds[] = {"eq", "lg", "gt", "ge", "lt", "le"};
    bool lit = true;
    if (r.chance(15)) {
      std::string a = ssrc64(&lit), b = ssrc64(&lit);
      return std::string("s_cmp_") + (r.chance(50) ? "eq" : "lg") + "_u64 " + a + ", " + b;
    }
    std::string a = ssrc32(&lit), b = ssrc32(&lit);
    return std::string("s_cmp_") + r.pick(preds) + (r.chance(50) ? "_i32 " : "_u32 ") + a + ", " +
           b;
  }
  std::string sopk() {
    static const char* const preds[] = {"eq", "lg", "gt", "ge", "lt", "le"};
    const int simm =
        static_cast<int>(r.chance(50) ? r.below(65536) : r.below(129)) - 32768 * r.chance(50);
    const int sv = simm < -32768 ? -32768 : simm > 32767 ? simm - 65536 : simm;
    switch (r.below(4)) {
      case 0:
        return "s_movk_i32 " + sdst32() + ", " + std::to_string(sv);
      case 1:
        return "s_addk_i32 " + sdst32() + ", " + std::to_string(sv);
      case 2:
        return "s_mulk_i32 " + sdst32() + ", " + std::to_string(sv);
      default: {
        if (r.chance(50))
          return std::string("s_cmpk_") + r.pick(preds) + "_i32 " + sdst32() + ", " +
                 std::to_string(sv);
        return std::string("s_cmpk_") + r.pick(preds) + "_u32 " + sdst32() + ", " +
               std::to_string(sv & 0xFFFF);
      }
    }
  }

  std::string vop_int2() {
    static const char* const ops[] = {
        "v_add_u32", "v_sub_u32",     "v_subrev_u32",  "v_and_b32",     "v_or_b32",
        "v_xor_b32", "v_lshlrev_b32", "v_lshrrev_b32", "v_ashrrev_i32", "v_max_u32",
        "v_min_u32", "v_max_i32",     "v_min_i32",     "v_mul_u32_u24", "v_mul_i32_i24"};
    std::string bus;
    const std::string op = r.pick(ops);
    if (r.chance(60)) {
      std::string a = vsrc0(&bus, true);
      return op + "_e32 " + vreg() + ", " + a + ", " + vsrc_reg();
    }
    std::string a = vop3_src(&bus, false), b = vop3_src(&bus, false);
    return op + "_e64 " + vreg() + ", " + a + ", " + b;
  }
  std::string vop_int3() {
    static const char* const ops[] = {
        "v_mul_lo_u32", "v_mul_hi_u32",   "v_mad_u32_u24", "v_mad_i32_i24",  "v_bfe_u32",
        "v_bfi_b32",    "v_alignbit_b32", "v_xad_u32",     "v_lshl_add_u32", "v_add_lshl_u32",
        "v_add3_u32",   "v_lshl_or_b32",  "v_and_or_b32",  "v_or3_b32"};
    std::string bus;
    const std::string op = r.pick(ops);
    std::string a = vop3_src(&bus, false), b = vop3_src(&bus, false);
    if (op == "v_mul_lo_u32" || op == "v_mul_hi_u32")
      return op + " " + vreg() + ", " + a + ", " + b;
    std::string c = vop3_src(&bus, false);
    return op + " " + vreg() + ", " + a + ", " + b + ", " + c;
  }
  std::string vop_carry() {
    static const char* const plain_ops[] = {"v_add_co_u32", "v_sub_co_u32", "v_subrev_co_u32"};
    static const char* const cin_ops[] = {"v_addc_co_u32", "v_subb_co_u32", "v_subbrev_co_u32"};
    const bool cin = r.chance(50);
    const std::string op = cin ? r.pick(cin_ops) : r.pick(plain_ops);
    std::string bus;
    if (r.chance(50)) {
      // e32: carry out to VCC; carry in (implicit VCC) takes the bus.
      if (cin) bus = "-";
      std::string a = vsrc0(&bus, true);
      return op + "_e32 " + vreg() + ", vcc, " + a + ", " + vsrc_reg() + (cin ? ", vcc" : "");
    }
    std::string cin_reg;
    if (cin) {
      cin_reg = r.chance(40) ? "vcc" : spair();
      bus = "-";
    }
    std::string a = vop3_src(&bus, false), b = vop3_src(&bus, false);
    return op + "_e64 " + vreg() + ", " + sdst64() + ", " + a + ", " + b +
           (cin ? ", " + cin_reg : "");
  }
  std::string vop1() {
    std::string bus;
    switch (r.below(5)) {
      case 0:
      case 1:
        return "v_mov_b32 " + vreg() + ", " + vsrc0(&bus, true);
      case 2:
        return "v_not_b32 " + vreg() + ", " + vsrc0(&bus, true);
      case 3:
        return std::string(r.chance(50) ? "v_cvt_f32_u32 " : "v_cvt_f32_i32 ") + freg() + ", " +
               vsrc0(&bus, true);
      default: {
        const unsigned k = r.below(10);
        const std::string d = k < 8 ? sreg_dst() : k < 9 ? "m0" : "vcc_lo";
        return "v_readfirstlane_b32 " + d + ", " + vsrc_reg();
      }
    }
  }
  std::string vop_cndmask() {
    std::string bus;
    if (r.chance(50)) {
      bus = "-";
      std::string a = vsrc0(&bus, false);
      return "v_cndmask_b32_e32 " + vreg() + ", " + a + ", " + vsrc_reg() + ", vcc";
    }
    std::string m = r.chance(40) ? "vcc" : spair();
    bus = "-";
    std::string a = vop3_src(&bus, false), b = vop3_src(&bus, false);
    return "v_cndmask_b32_e64 " + vreg() + ", " + a + ", " + b + ", " + m;
  }
  std::string vop_f32() {
    static const char* const ops2[] = {"v_add_f32", "v_sub_f32", "v_subrev_f32", "v_mul_f32",
                                       "v_mac_f32"};
    std::string bus;
    const unsigned k = r.below(10);
    if (k < 6) {
      const std::string op = r.pick(ops2);
      if (r.chance(45)) {
        std::string a = fsrc(&bus, op != "v_mac_f32");
        return op + "_e32 " + freg() + ", " + a + ", " + freg();
      }
      std::string a = vop3_src(&bus, true), b = vop3_src(&bus, true);
      return op + "_e64 " + freg() + ", " + a + ", " + b;
    }
    std::string a = vop3_src(&bus, true), b = vop3_src(&bus, true), c = vop3_src(&bus, true);
    return std::string(k < 8 && mad ? "v_mad_f32 " : "v_fma_f32 ") + freg() + ", " + a + ", " + b +
           ", " + c;
  }
  std::string vopc(bool cmpx) {
    static const char* const fpred[] = {"f", "lt",  "eq",  "le",  "gt",  "lg",  "ge",  "o",
                                        "u", "nge", "nlg", "ngt", "nle", "neq", "nlt", "tru"};
    static const char* const ipred[] = {"f", "lt", "eq", "le", "gt", "ne", "ge", "t"};
    const unsigned kind = r.below(3);
    const bool fp = kind == 0;
    const std::string op = std::string(cmpx ? "v_cmpx_" : "v_cmp_") +
                           (fp ? r.pick(fpred) : r.pick(ipred)) +
                           (kind == 0   ? "_f32"
                            : kind == 1 ? "_u32"
                                        : "_i32");
    std::string bus;
    if (r.chance(50)) {
      std::string a = vsrc0(&bus, true);
      return op + "_e32 vcc, " + a + ", " + vsrc_reg();
    }
    std::string a = vop3_src(&bus, fp), b = vop3_src(&bus, fp);
    return op + "_e64 " + sdst64() + ", " + a + ", " + b;
  }
  // Puts lanes back: the starting EXEC, or more of it.
  std::string exec_restore() {
    switch (r.below(3)) {
      case 0:
        return "s_mov_b64 exec, s[42:43]";
      case 1:
        return "s_or_b64 exec, exec, s[42:43]";
      default:
        return "s_or_saveexec_b64 " + spair_dst() + ", s[42:43]";
    }
  }

  // Instructions the translator leaves to the interpreter (callouts).
  std::string callout() {
    std::string bus;
    bool lit = true;
    switch (r.below(17)) {
      case 0:
        return std::string(r.chance(50) ? "v_min_f32_e32 " : "v_max_f32_e32 ") + freg() + ", " +
               fsrc(&bus, true) + ", " + freg();
      case 1:
        return std::string(r.chance(50) ? "v_rcp_f32 " : "v_cvt_u32_f32 ") + vreg() + ", " +
               vsrc0(&bus, true);
      case 2: {
        static const char* const ctrl[] = {
            "quad_perm:[1,0,3,2]", "quad_perm:[3,3,0,1]", "row_shl:1",      "row_shr:3",
            "row_ror:4",           "row_mirror",          "row_half_mirror"};
        static const char* const ops[] = {"v_add_u32_dpp", "v_xor_b32_dpp", "v_add_f32_dpp",
                                          "v_max_i32_dpp"};
        if (r.chance(40))
          return "v_mov_b32_dpp " + vreg() + ", " + vsrc_reg() + " " + r.pick(ctrl) +
                 " row_mask:0xf bank_mask:0xf";
        return std::string(r.pick(ops)) + " " + vreg() + ", " + vsrc_reg() + ", " + vsrc_reg() +
               " " + r.pick(ctrl) + " row_mask:0xf bank_mask:0xf";
      }
      case 3: {
        static const char* const sel[] = {"BYTE_0", "BYTE_1", "BYTE_3",
                                          "WORD_0", "WORD_1", "DWORD"};
        static const char* const unused[] = {"UNUSED_PAD", "UNUSED_SEXT", "UNUSED_PRESERVE"};
        return std::string(r.chance(50) ? "v_add_u32_sdwa " : "v_and_b32_sdwa ") + vreg() + ", " +
               vsrc_reg() + ", " + vsrc_reg() + " dst_sel:" + r.pick(sel) +
               " dst_unused:" + r.pick(unused) + " src0_sel:" + r.pick(sel) +
               " src1_sel:" + r.pick(sel);
      }
      case 4: {
        static const char* const mods[] = {"clamp", "mul:2", "mul:4", "div:2"};
        static const char* const ops[] = {"v_add_f32_e64", "v_mul_f32_e64", "v_sub_f32_e64"};
        std::string a = vop3_src(&bus, true), b = vop3_src(&bus, true);
        return std::string(r.pick(ops)) + " " + freg() + ", " + a + ", " + b + " " + r.pick(mods);
      }
      case 5: {
        std::string a = vop3_src(&bus, false), b = vop3_src(&bus, false);
        return "v_add_u32_e64 " + vreg() + ", " + a + ", " + b + " clamp";
      }
      case 6: {
        const unsigned d = kLastFloatVgpr + 1 + r.below(kLastVgpr - kLastFloatVgpr - 1);
        const unsigned s = r.below(kLastVgpr);
        std::string a = vop3_src(&bus, false);
        return "v_lshlrev_b64 v[" + std::to_string(d) + ":" + std::to_string(d + 1) + "], " + a +
               ", v[" + std::to_string(s) + ":" + std::to_string(s + 1) + "]";
      }
      case 7: {
        std::string a = ssrc32(&lit), b = ssrc32(&lit);
        return std::string(r.chance(50) ? "s_bfe_u32 " : "s_bfe_i32 ") + sdst32() + ", " + a +
               ", " + b;
      }
      case 8:
        return std::string(r.chance(50) ? "s_bitset0_b32 " : "s_bitset1_b32 ") + sdst32() + ", " +
               ssrc32(&lit);
      case 9: {
        static const char* const ops[] = {"s_ff1_i32_b32", "s_bcnt1_i32_b32", "s_brev_b32",
                                          "s_abs_i32"};
        return std::string(r.pick(ops)) + " " + sdst32() + ", " + ssrc32(&lit);
      }
      case 10:
        return "s_getreg_b32 " + sreg_dst() + ", hwreg(HW_REG_MODE)";
      case 11:
      case 12:
        if (!mode_writes) return "s_getreg_b32 " + sreg_dst() + ", hwreg(HW_REG_MODE, 4, 2)";
        // f32 denormals (MODE bits 4-5): flushing changes mid-block.
        return "s_setreg_imm32_b32 hwreg(HW_REG_MODE, 4, 2), " + std::to_string(r.below(4));
      case 13:
        if (!mode_writes) return "s_getreg_b32 " + sreg_dst() + ", hwreg(HW_REG_MODE, 0, 4)";
        if (r.chance(70)) return "s_setreg_b32 hwreg(HW_REG_MODE, 4, 2), " + sreg();
        // Round modes (bits 0-3): such blocks run on the interpreter.
        return "s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 4), " + std::to_string(r.below(16));
      case 14: {
        std::string a = vsrc_reg();
        const std::string lane = r.chance(50) ? std::to_string(r.below(64)) : sreg();
        return "v_readlane_b32 " + sreg_dst() + ", " + a + ", " + lane;
      }
      case 15: {
        std::string a = vop3_src(&bus, true), b = vop3_src(&bus, true), c = vop3_src(&bus, true);
        return "v_med3_f32 " + freg() + ", " + a + ", " + b + ", " + c;
      }
      default: {
        std::string a = vop3_src(&bus, false), b = vop3_src(&bus, false), c = vop3_src(&bus, false);
        return std::string(r.chance(50) ? "v_max3_i32 " : "v_min3_u32 ") + vreg() + ", " + a +
               ", " + b + ", " + c;
      }
    }
  }

  // One random instruction (no control flow).
  std::string instruction() {
    const unsigned k = r.below(100);
    if (k < 12) return sop2_32();
    if (k < 17) return sop2_64();
    if (k < 22) return sop1();
    if (k < 27) return sopc();
    if (k < 31) return sopk();
    if (k < 43) return vop_int2();
    if (k < 49) return vop_int3();
    if (k < 56) return vop_carry();
    if (k < 61) return vop1();
    if (k < 65) return vop_cndmask();
    if (k < 76) return vop_f32();
    if (k < 81) return vopc(false);
    if (k < 84) return vopc(true);
    if (k < 86) return exec_restore();
    if (k < 88) {
      // A store in the middle: memory written under the current EXEC.
      return "global_store_dword v[36:37], " + vsrc_reg() +
             ", off offset:" + std::to_string(272 + 4 * r.below(4));
    }
    return callout();
  }

  // The body: `count` instructions, some inside forward branches and
  // short counted loops. Returns the text; *n counts instructions.
  std::string body(unsigned count, bool branches, unsigned* n) {
    std::string text;
    unsigned label = 0;
    while (*n < count) {
      const unsigned k = r.below(100);
      if (branches && k < 6) {
        static const char* const br[] = {"s_branch",        "s_cbranch_scc0",  "s_cbranch_scc1",
                                         "s_cbranch_vccz",  "s_cbranch_vccnz", "s_cbranch_execz",
                                         "s_cbranch_execnz"};
        const std::string l = "skip" + std::to_string(label++);
        text += std::string(r.pick(br)) + " " + l + "\n";
        ++*n;
        for (unsigned i = 1 + r.below(6); i > 0; --i, ++*n) text += instruction() + "\n";
        text += l + ":\n";
      } else if (branches && k < 9) {
        const std::string l = "loop" + std::to_string(label++);
        text += "s_mov_b32 s41, " + std::to_string(2 + r.below(4)) + "\n" + l + ":\n";
        *n += 4;
        for (unsigned i = 1 + r.below(6); i > 0; --i, ++*n) text += instruction() + "\n";
        text += "s_add_u32 s41, s41, -1\ns_cmp_lg_u32 s41, 0\ns_cbranch_scc1 " + l + "\n";
      } else {
        text += instruction() + "\n";
        ++*n;
      }
    }
    return text;
  }
};

// --- the program around a body -------------------------------------------------

// Input: per workgroup a 256-byte scalar block (s10..s40 at 0, VCC at 128,
// EXEC at 136, M0 at 144); from kLaneInput, 128 bytes per work-item
// (v1..v30). Output: kLaneOutDwords per work-item: v1..v30, s10..s40,
// VCC, EXEC, SCC, M0, MODE, then four slots for the body's own stores.
constexpr uint32_t kGrid = 256, kGroup = 128;
constexpr uint32_t kLaneInput = 4096;
constexpr uint32_t kLaneOutDwords = 72;
constexpr size_t kInBytes = kLaneInput + kGrid * 128;
constexpr size_t kOutBytes = kGrid * kLaneOutDwords * 4;

const char* const kPrologue = R"(
s_load_dwordx4 s[4:7], s[0:1], 0x0
s_waitcnt lgkmcnt(0)
s_lshl_b32 s8, s2, 8
s_add_u32 s8, s4, s8
s_addc_u32 s9, s5, 0
s_load_dwordx2 s[10:11], s[8:9], 0x0
s_load_dwordx16 s[12:27], s[8:9], 0x8
s_load_dwordx8 s[28:35], s[8:9], 0x48
s_load_dwordx4 s[36:39], s[8:9], 0x68
s_load_dword s40, s[8:9], 0x78
s_load_dwordx2 s[44:45], s[8:9], 0x80
s_load_dwordx2 s[42:43], s[8:9], 0x88
s_load_dword s46, s[8:9], 0x90
s_waitcnt lgkmcnt(0)
s_lshl_b32 s8, s2, 7
v_add_u32 v31, s8, v0
s_add_u32 s8, s4, 0x1000
s_addc_u32 s9, s5, 0
v_lshlrev_b32 v32, 7, v31
v_add_co_u32 v32, vcc, s8, v32
v_mov_b32 v33, s9
v_addc_co_u32 v33, vcc, 0, v33, vcc
v_mul_u32_u24 v36, 0x120, v31
v_add_co_u32 v36, vcc, s6, v36
v_mov_b32 v37, s7
v_addc_co_u32 v37, vcc, 0, v37, vcc
global_load_dwordx4 v[1:4], v[32:33], off
global_load_dwordx4 v[5:8], v[32:33], off offset:16
global_load_dwordx4 v[9:12], v[32:33], off offset:32
global_load_dwordx4 v[13:16], v[32:33], off offset:48
global_load_dwordx4 v[17:20], v[32:33], off offset:64
global_load_dwordx4 v[21:24], v[32:33], off offset:80
global_load_dwordx4 v[25:28], v[32:33], off offset:96
global_load_dwordx2 v[29:30], v[32:33], off offset:112
s_waitcnt vmcnt(0)
s_mov_b64 vcc, s[44:45]
s_mov_b32 m0, s46
s_cmp_lt_u32 s46, s10
s_mov_b64 exec, s[42:43]
)";

std::string epilogue() {
  std::string t =
      "s_cselect_b32 s44, 1, 0\n"
      "s_mov_b32 s45, m0\n"
      "s_mov_b64 s[46:47], exec\n"
      "s_mov_b64 s[48:49], vcc\n"
      "s_getreg_b32 s50, hwreg(HW_REG_MODE)\n"
      "s_mov_b64 exec, -1\n";
  for (unsigned i = kFirstSgpr; i <= kLastSgpr; ++i)
    t += "v_mov_b32 v" + std::to_string(40 + i - kFirstSgpr) + ", s" + std::to_string(i) + "\n";
  // v71.. = VCC lo/hi, EXEC lo/hi, SCC, M0, MODE.
  const unsigned extra[] = {48, 49, 46, 47, 44, 45, 50};
  for (unsigned i = 0; i < 7; ++i)
    t += "v_mov_b32 v" + std::to_string(71 + i) + ", s" + std::to_string(extra[i]) + "\n";
  for (unsigned i = 0; i < 7; ++i)
    t += "global_store_dwordx4 v[36:37], v[" + std::to_string(1 + 4 * i) + ":" +
         std::to_string(4 + 4 * i) + "], off offset:" + std::to_string(16 * i) + "\n";
  t += "global_store_dwordx2 v[36:37], v[29:30], off offset:112\n";
  for (unsigned i = 0; i < 9; ++i)
    t += "global_store_dwordx4 v[36:37], v[" + std::to_string(40 + 4 * i) + ":" +
         std::to_string(43 + 4 * i) + "], off offset:" + std::to_string(120 + 16 * i) + "\n";
  t += "global_store_dwordx2 v[36:37], v[76:77], off offset:264\n";
  t += "s_endpgm\n";
  return t;
}

// The input data of a seed: per-workgroup scalars and per-lane vectors.
std::vector<uint8_t> make_input(uint64_t seed) {
  Rng r(seed ^ 0x5EEDull);
  std::vector<uint8_t> in(kInBytes, 0);
  auto put = [&](size_t off, uint32_t v) { std::memcpy(&in[off], &v, 4); };
  for (unsigned g = 0; g < kGrid / kGroup; ++g) {
    const size_t base = g * 256;
    for (unsigned i = 0; i < 31; ++i)
      put(base + 4 * i, i + kFirstSgpr <= kLastFloatSgpr ? float_value(r) : interesting_value(r));
    put(base + 128, static_cast<uint32_t>(r.next()));
    put(base + 132, static_cast<uint32_t>(r.next()));
    // EXEC: all lanes, one lane, or a random nonzero mask.
    uint64_t exec = r.next();
    const unsigned k = r.below(10);
    if (k < 3) exec = ~0ull;
    if (k == 3) exec = 1ull << r.below(64);
    if (!exec) exec = 1;
    put(base + 136, static_cast<uint32_t>(exec));
    put(base + 140, static_cast<uint32_t>(exec >> 32));
    put(base + 144, interesting_value(r));
  }
  // Per lane: mostly the same special value in every lane of a register
  // (as uniform data is), sometimes each lane its own.
  for (unsigned v = 0; v < 30; ++v) {
    const bool per_lane = r.chance(50), fp = v + 1 <= kLastFloatVgpr;
    auto value = [&] { return fp ? float_value(r) : interesting_value(r); };
    const uint32_t uniform = value();
    for (unsigned lane = 0; lane < kGrid; ++lane)
      put(kLaneInput + lane * 128 + 4 * v, per_lane ? value() : uniform);
  }
  return in;
}

// --- running ---------------------------------------------------------------------

// One engine (1 or 2 host threads) with its in/out buffers; the
// translation mode is switched between dispatches.
struct Rig {
  explicit Rig(unsigned threads) : runner(threads) {
    in = static_cast<uint8_t*>(runner.alloc_bytes(kInBytes));
    out = static_cast<uint8_t*>(runner.alloc_bytes(kOutBytes));
  }
  gcn::DispatchResult run(const std::vector<uint32_t>& words, const std::vector<uint8_t>& input,
                          gcn::Translation mode, std::vector<uint8_t>* dump) {
    runner.engine().set_translation({mode, 1});
    std::memcpy(in, input.data(), kInBytes);
    std::memset(out, 0xCD, kOutBytes);
    gcn::DispatchResult res = runner.run_words(
        words, kGrid, kGroup, {reinterpret_cast<uintptr_t>(in), reinterpret_cast<uintptr_t>(out)});
    dump->assign(out, out + kOutBytes);
    return res;
  }
  SnippetRunner runner;
  uint8_t* in;
  uint8_t* out;
};

// The first differing dword of two dumps, described by what it holds.
std::string first_difference(const std::vector<uint8_t>& a, const std::vector<uint8_t>& b) {
  for (size_t off = 0; off + 4 <= a.size(); off += 4) {
    uint32_t x, y;
    std::memcpy(&x, &a[off], 4);
    std::memcpy(&y, &b[off], 4);
    if (x == y) continue;
    const unsigned item = static_cast<unsigned>(off / 4 / kLaneOutDwords);
    const unsigned d = static_cast<unsigned>(off / 4 % kLaneOutDwords);
    std::string what;
    if (d < 30)
      what = "v" + std::to_string(d + 1);
    else if (d < 61)
      what = "s" + std::to_string(kFirstSgpr + d - 30);
    else {
      static const char* const names[] = {"vcc_lo", "vcc_hi", "exec_lo", "exec_hi", "scc",   "m0",
                                          "mode",   "store0", "store1",  "store2",  "store3"};
      what = names[d - 61];
    }
    return "work-item " + std::to_string(item) + " " + what + ": interpreter " + hex32(x) +
           ", translated " + hex32(y);
  }
  return "";
}

// Error text without the absolute PC (each dispatch's code is elsewhere).
std::string without_pc(std::string s) {
  const size_t at = s.find(" at pc ");
  const size_t entry = s.find(" (entry+");
  if (at != std::string::npos && entry != std::string::npos && entry > at)
    s.erase(at + 7, entry - at - 7);
  return s;
}

// Runs `body` (between the prologue and the epilogue) every way; "" when
// all agree with the interpreter, else what differs. *wave_instructions:
// the interpreter run's count.
std::string differences(Rig& one, Rig& two, uint64_t seed, const std::string& body,
                        uint64_t* wave_instructions = nullptr) {
  const std::string text = std::string(kPrologue) + body + epilogue();
  const gcn_test::Assembly a = gcn_test::assemble_gfx900(text);
  if (!a.error.empty() || a.words.empty()) return "llvm-mc: " + a.error;
  const std::vector<uint8_t> input = make_input(seed);
  std::vector<uint8_t> ref, dump;
  const gcn::DispatchResult off = one.run(a.words, input, gcn::Translation::kOff, &ref);
  if (!off.ok) return "interpreter: " + off.error;
  if (wave_instructions) *wave_instructions = off.wave_instructions;
  // Translated on one thread and on two; checked on one or the other.
  struct Way {
    Rig* rig;
    gcn::Translation mode;
    const char* name;
  };
  const bool odd = seed & 1;
  const Way ways[] = {
      {&one, gcn::Translation::kOn, "on, 1 thread"},
      {&two, gcn::Translation::kOn, "on, 2 threads"},
      {odd ? &one : &two, gcn::Translation::kCheck, odd ? "check, 1 thread" : "check, 2 threads"}};
  for (const Way& w : ways) {
    const gcn::DispatchResult res = w.rig->run(a.words, input, w.mode, &dump);
    std::string problem;
    if (!res.ok)
      problem = res.error;
    else if (res.wave_instructions != off.wave_instructions)
      problem = "instruction count " + std::to_string(res.wave_instructions) + ", interpreter " +
                std::to_string(off.wave_instructions);
    else if (dump != ref)
      problem = first_difference(ref, dump);
    if (!problem.empty()) return std::string(w.name) + ": " + problem;
  }
  return "";
}

// The smallest body (by dropping lines one at a time) that still differs:
// for reports. Labels stay while a branch names them (else llvm-mc fails,
// which does not count as a difference). Loops keep their counter.
std::string minimise(Rig& one, Rig& two, uint64_t seed, const std::string& body) {
  std::vector<std::string> lines;
  for (size_t at = 0; at < body.size();) {
    const size_t nl = body.find('\n', at);
    lines.push_back(body.substr(at, nl - at + 1));
    at = nl + 1;
  }
  auto join = [](const std::vector<std::string>& l) {
    std::string t;
    for (const auto& x : l) t += x;
    return t;
  };
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t i = 0; i < lines.size(); ++i) {
      // A loop's counting stays (without it the loop would not end).
      if (lines[i].find("s41") != std::string::npos) continue;
      std::vector<std::string> fewer = lines;
      fewer.erase(fewer.begin() + static_cast<long>(i));
      const std::string d = differences(one, two, seed, join(fewer));
      if (!d.empty() && d.rfind("llvm-mc", 0) != 0 && d.rfind("interpreter", 0) != 0) {
        lines = fewer;
        changed = true;
        --i;
      }
    }
  }
  return join(lines);
}

constexpr uint64_t kSequences = 300;

// Known translator bug (the MadF32* tests below): v_mad_f32's denormal
// handling differs between the translator and the interpreter. While set,
// the random sequences use v_fma_f32 where they would use v_mad_f32. The
// integrator clears it with the fix.
constexpr bool kMadDenormalBug = false;

TEST(TranslatorDifferential, RandomSequencesMatchTheInterpreter) {
  const auto start = std::chrono::steady_clock::now();
  Rig one(1), two(2);
  // GCN_DIFF_SEED=n: that seed only, minimised on failure.
  const char* only = std::getenv("GCN_DIFF_SEED");
  const uint64_t first = only ? std::strtoull(only, nullptr, 10) : 1;
  const uint64_t last = only ? first : kSequences;
  unsigned failures = 0, ran = 0;
  uint64_t instructions = 0, wave_instructions = 0;
  for (uint64_t seed = first; seed <= last && failures < 5; ++seed) {
    Generator g(seed);
    g.mad = !kMadDenormalBug;
    unsigned n = 0;
    const unsigned count = 20 + g.r.below(41);
    const std::string body = g.body(count, seed % 3 != 0, &n);  // a third straight-line
    uint64_t waves_ran = 0;
    const std::string d = differences(one, two, seed, body, &waves_ran);
    if (!d.empty()) {
      ++failures;
      ADD_FAILURE() << "seed " << seed << ": " << d << "\nbody:\n"
                    << body << "(prologue and epilogue: kPrologue, epilogue())";
      if (only) {
        const std::string small = minimise(one, two, seed, body);
        ADD_FAILURE() << "seed " << seed << " minimised: " << differences(one, two, seed, small)
                      << "\n"
                      << small;
      }
      continue;
    }
    ++ran;
    instructions += n;
    wave_instructions += waves_ran;
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf(
      "%u sequences agreed, %llu random instructions, %llu wave instructions per way, %.1f s\n",
      ran, static_cast<unsigned long long>(instructions),
      static_cast<unsigned long long>(wave_instructions), seconds);
  gcn::TranslatorStats t{};
  const gcn::TranslatorApi* api = gcn::translator_api();
  ASSERT_NE(api, nullptr);
  api->stats(&t);
  EXPECT_GT(t.native, 0u);
  std::printf("translator: %llu blocks, %llu instructions, %llu of them host code\n",
              static_cast<unsigned long long>(t.blocks),
              static_cast<unsigned long long>(t.instructions),
              static_cast<unsigned long long>(t.native));
}

// NaN operands, one per operation (which of two NaNs is returned is not
// fixed; see kLastFloatVgpr): signalling NaNs are quieted, payloads and
// signs kept through neg/abs, in both f32 denormal modes; v_mac_f32 with
// the NaN in the accumulator too. Results go to the integer registers.
// The values come from the block before (a branch ends it), so the
// translator cannot fold them as constants. Two cases that differ are in
// NanSignAndQuietingAgreeWithTheInterpreter.
// The body of SingleNanOperandsPropagateAlike for one NaN; `known_bug`
// adds the fma that NanSignAndQuietingAgreeWithTheInterpreter shows.
std::string nan_body(uint32_t nan, bool known_bug) {
  const std::string block = std::string(known_bug ? "v_fma_f32 v17, v4, -v1, v5\n" : "") +
                            "v_add_f32_e32 v13, v1, v4\n"
                            "v_sub_f32_e64 v14, -v2, |v5|\n"
                            "v_mul_f32_e64 v15, v6, -|v3|\n"
                            "v_subrev_f32_e32 v16, v4, v1\n"
                            "v_mov_b32 v20, v4\n"
                            "v_mac_f32_e32 v20, v2, v5\n"
                            "v_mov_b32 v21, v3\n"
                            "v_mac_f32_e64 v21, -v4, v6\n"
                            "v_add_f32_e32 v23, s10, v3\n"
                            "v_cmp_u_f32_e64 s[16:17], v1, v4\n"
                            "v_cmp_nlg_f32_e32 vcc, v2, v2\n"
                            "v_cndmask_b32_e64 v24, v1, v2, s[16:17]\n"
                            "v_fma_f32 v18, |v2|, v4, v6\n"
                            "v_fma_f32 v19, v4, v5, -|v3|\n";
  return "v_mov_b32 v1, " + hex32(nan) + "\nv_mov_b32 v2, " + hex32(nan ^ 0x80000000u) +
         "\nv_mov_b32 v3, " + hex32(nan | 0x1234) +
         "\nv_mov_b32 v4, 0x3fc00000\n"
         "v_mov_b32 v5, 1\n"
         "v_mov_b32 v6, 0x80000000\n"
         "s_mov_b32 s10, 0x7f7fffff\n"
         "s_branch values_set\n"
         "values_set:\n" +
         block + "s_setreg_imm32_b32 hwreg(HW_REG_MODE, 4, 2), 3\n" + block;
}

const uint32_t kNans[] = {0x7FA00000u, 0xFFC00123u, 0x7F800001u, 0x7FC00000u, 0xFFBFFFFFu};

TEST(TranslatorDifferential, SingleNanOperandsPropagateAlike) {
  Rig one(1), two(2);
  for (uint32_t nan : kNans) {
    const std::string body = nan_body(nan, false);
    EXPECT_EQ(differences(one, two, 2001 + nan % 7, body), "") << body;
  }
}

// Sequences that fault after some ALU work: a load from an unmapped
// address, and s_trap with no trap handler. The interpreter and the
// translator must stop the dispatch with the same report.
TEST(TranslatorDifferential, FaultsAreReportedAlike) {
  Rig one(1), two(2);
  const char* const faults[] = {
      "s_mov_b64 exec, s[42:43]\n"
      "v_mov_b32 v38, 0xdead0000\n"
      "v_mov_b32 v39, 0x7f\n"
      "global_load_dword v1, v[38:39], off\n"
      "s_waitcnt vmcnt(0)\n",
      "s_trap 2\n"};
  for (uint64_t seed = 1001; seed <= 1008; ++seed) {
    Generator g(seed);
    unsigned n = 0;
    const std::string text = std::string(kPrologue) + g.body(10 + g.r.below(20), seed & 1, &n) +
                             faults[seed % 2] + g.body(n + 5, false, &n) + epilogue();
    const gcn_test::Assembly a = gcn_test::assemble_gfx900(text);
    ASSERT_TRUE(a.error.empty() && !a.words.empty()) << "seed " << seed << ": " << a.error;
    const std::vector<uint8_t> input = make_input(seed);
    std::vector<uint8_t> dump;
    const gcn::DispatchResult off = one.run(a.words, input, gcn::Translation::kOff, &dump);
    ASSERT_FALSE(off.ok) << "seed " << seed << ": expected a fault\n" << text;
    for (Rig* rig : {&one, &two}) {
      const gcn::DispatchResult on = rig->run(a.words, input, gcn::Translation::kOn, &dump);
      EXPECT_FALSE(on.ok) << "seed " << seed;
      EXPECT_EQ(without_pc(on.error), without_pc(off.error)) << "seed " << seed << "\n" << text;
      EXPECT_EQ(on.memory_fault, off.memory_fault) << "seed " << seed;
      // A memory fault's address is the data's; other faults give the PC,
      // which differs per dispatch (the error text has it entry-relative).
      if (off.memory_fault) {
        EXPECT_EQ(on.fault_address, off.fault_address) << "seed " << seed;
      }
      EXPECT_EQ(on.halted, off.halted) << "seed " << seed;
    }
  }
}

// v_mad_f32, minimised from random seeds 1 and 28. One kernel, run by the
// interpreter and translated; returns v4 of work-item 0 both ways.
std::pair<uint32_t, uint32_t> mad_both_ways(const std::string& code) {
  const std::string text = "s_load_dwordx2 s[4:5], s[0:1], 0x0\n" + code +
                           "v_mov_b32 v0, 0\n"
                           "s_waitcnt lgkmcnt(0)\n"
                           "global_store_dword v0, v4, s[4:5]\n"
                           "s_endpgm\n";
  uint32_t got[2];
  for (int i = 0; i < 2; ++i) {
    SnippetRunner r;
    r.engine().set_translation({i ? gcn::Translation::kOn : gcn::Translation::kOff, 1});
    auto* out = r.alloc<uint32_t>(1);
    const gcn::DispatchResult res = r.run(text, 64, 64, {reinterpret_cast<uintptr_t>(out)});
    EXPECT_TRUE(res.ok) << res.error;
    got[i] = *out;
  }
  return {got[0], got[1]};
}

// With f32 denormals enabled in MODE, v_mad_f32 still flushes its inputs
// and result (the Vega ISA's MAD has no denormal support, which is why
// LLVM forms v_mad/v_mac_f32 only when f32 denormals are flushed):
// pi * 1.7e-44 + 4.5e-44 = 9.8e-44, a denormal, flushed to +0.
TEST(TranslatorDifferential, MadF32FlushesDenormalsWhateverTheMode) {
  const auto [interp, translated] = mad_both_ways(
      "s_setreg_imm32_b32 hwreg(HW_REG_MODE, 4, 2), 3\n"
      "v_mov_b32 v1, 0x40490fdb\n"
      "v_mov_b32 v2, 12\n"
      "v_mov_b32 v3, 32\n"
      "v_mad_f32 v4, v1, |v2|, v3\n");
  EXPECT_EQ(interp, 0u);
  EXPECT_EQ(translated, interp);
}

// The product is flushed too: 0.5 * -2^-126 = -2^-127 is a denormal and
// becomes -0; the addend 0x807fffff, negated, is a positive denormal and
// becomes +0; -0 + +0 = +0.
TEST(TranslatorDifferential, MadF32ProductFlushAgreesWithTheInterpreter) {
  const auto [interp, translated] = mad_both_ways(
      "v_mov_b32 v1, 0.5\n"
      "v_mov_b32 v2, 0x00800000\n"
      "v_mov_b32 v3, 0x807fffff\n"
      "v_mad_f32 v4, v1, -v2, -v3\n");
  EXPECT_EQ(interp, 0x00000000u);
  EXPECT_EQ(translated, interp);
}

// NaN results that differ, with a single NaN operand (so the ISA fixes
// the result: the operand after its neg/abs modifiers, quieted; the
// interpreter gives that). Found by SingleNanOperandsPropagateAlike.
// Returns v4 of work-item 0 from the interpreter and the translator.
std::pair<uint32_t, uint32_t> v4_both_ways(const std::string& code) { return mad_both_ways(code); }

TEST(TranslatorDifferential, NanSignOfANegatedFmaOperandAgrees) {
  if (!std::getenv("GCN_DIFF_KNOWN_BUGS"))
    GTEST_SKIP() << "known difference (emulator/README.md): LLVM turns fma(a, -b, c) into x86's "
                    "vfnmadd, which passes on b's NaN without the neg";
  // v_fma_f32 v17, v4, -v1, v5 with v1 = NaN, v4 = 1.5, v5 = 2^-149: the
  // interpreter gives -v1 quieted (0x7fa00000: 0xffe00000), the translator
  // 0x7fe00000 (the neg lost; LLVM may move an fneg between fma operands).
  // Only in this block's company; alone it agrees.
  {
    Rig one(1), two(2);
    for (uint32_t nan : kNans) {
      const std::string body = nan_body(nan, true);
      EXPECT_EQ(differences(one, two, 2001 + nan % 7, body), "") << body;
    }
  }
}

// An f32 operation on a signalling NaN literal quiets it (the translator
// leaves such instructions to the interpreter: LLVM would fold them).
TEST(TranslatorDifferential, SignallingNanLiteralIsQuieted) {
  auto mul = v4_both_ways(
      "v_mov_b32 v1, 0x3fc00000\n"
      "s_branch next\n"
      "next:\n"
      "v_mul_f32_e32 v4, 0x7fa00001, v1\n");
  EXPECT_EQ(mul.first, 0x7FE00001u);
  EXPECT_EQ(mul.second, mul.first);
}

}  // namespace
