// DS (LDS) rows and semantics. Vega ISA manual, "Data Share Operations".
// Row conventions: dst = type of the returned element (None: no return),
// src0/src1 = types of DATA0/DATA1 (None: unused), mem_dwords = data dwords
// moved per lane (both elements for read2/write2, both halves for cmpst /
// mskor), kOpMemPair for the two-address forms.
#include <cstring>

#include "isa/instruction.h"
#include "wave/memory_ops.h"

namespace gcn {
namespace {

using mem::AtomicOp;
using mem::Part;

// Single-address ops: ADDR + offset16 (offset1:offset0), 32-bit wrap; the
// byte within the access is added after the wrap so it cannot wrap to 0.
struct Single {
  const Wave& w;
  const Inst& in;
  mem::Target operator()(unsigned l, unsigned byte) const {
    const uint32_t a = w.v(in.addr)[l] + static_cast<uint32_t>(in.offset);
    return mem::lds(static_cast<uint64_t>(a) + byte);
  }
};

// Two-address ops: element i at ADDR + offset_i * element bytes (* 64 for
// the st64 forms); bytes [0, eb) of a lane's data belong to element 0.
template <unsigned EB, unsigned Scale>
struct Pair {
  const Wave& w;
  const Inst& in;
  mem::Target operator()(unsigned l, unsigned byte) const {
    const unsigned i = byte / EB;
    const uint32_t off = (i ? in.offset1 : in.offset0) * EB * Scale;
    return mem::lds(static_cast<uint64_t>(static_cast<uint32_t>(w.v(in.addr)[l] + off)) +
                    byte % EB);
  }
};

// The common case per wave: every active lane's dwords inside the group
// segment, so no lane reads 0 or drops its write (the per-lane path's
// range rule) and the copies go straight to and from LDS. Returns false
// when it did nothing.
template <unsigned N, bool Store>
bool ds_dwords_fast(Wave& w, const Inst& in) {
  if (!w.wg) return false;
  const uint64_t exec = w.exec();
  const uint64_t size = w.wg->lds.size();
  const uint32_t* a = w.v(in.addr);
  const uint32_t off = static_cast<uint32_t>(in.offset);
  uint32_t at[kWaveSize];
  bool inside = true;
  for (unsigned l = 0; l < kWaveSize; ++l) {
    at[l] = a[l] + off;
    inside &= !((exec >> l) & 1) || static_cast<uint64_t>(at[l]) + 4 * N <= size;
  }
  if (!inside) return false;
  uint8_t* lds = w.wg->lds.data();
  const unsigned reg = Store ? in.data0 : in.vdst;
  for_active(exec, [&](unsigned l) {
    for (unsigned k = 0; k < N; ++k) {
      if (Store)
        std::memcpy(lds + at[l] + 4 * k, &w.v(reg + k)[l], 4);
      else
        std::memcpy(&w.v(reg + k)[l], lds + at[l] + 4 * k, 4);
    }
  });
  return true;
}

template <unsigned N>
void ds_read(Wave& w, const Inst& in) {
  if (ds_dwords_fast<N, false>(w, in)) return;
  mem::load_dwords(w, in.vdst, N, Single{w, in}, in.info->name);
}

template <uint8_t Bytes, bool Sign, uint8_t Half>
void ds_read_part(Wave& w, const Inst& in) {
  mem::load_part(w, in.vdst, Part{Bytes, Sign, Half}, Single{w, in}, in.info->name);
}

template <unsigned N>
void ds_write(Wave& w, const Inst& in) {
  if (ds_dwords_fast<N, true>(w, in)) return;
  mem::store_dwords(w, in.data0, N, Single{w, in}, in.info->name);
}

template <uint8_t Bytes, uint8_t Half>
void ds_write_part(Wave& w, const Inst& in) {
  mem::store_part(w, in.data0, Part{Bytes, false, Half}, Single{w, in}, in.info->name);
}

template <unsigned E, unsigned Scale>
void ds_read2(Wave& w, const Inst& in) {
  mem::load_dwords(w, in.vdst, 2 * E, Pair<4 * E, Scale>{w, in}, in.info->name);
}

template <unsigned E, unsigned Scale>
void ds_write2(Wave& w, const Inst& in) {
  const Pair<4 * E, Scale> at{w, in};
  auto second = [&](unsigned l, unsigned byte) { return at(l, 4 * E + byte); };
  mem::store_dwords(w, in.data0, E, at, in.info->name);
  mem::store_dwords(w, in.data1, E, second, in.info->name);
}

// DS_CMPST: DATA0 is the compare value and DATA1 the new one (the reverse
// of the buffer/flat cmpswap data order); DS_MSKOR and DS_WRAP take DATA1
// as their second operand.
template <AtomicOp Op, bool Wide, bool Ret>
void ds_atomic(Wave& w, const Inst& in) {
  const bool cmp = Op == AtomicOp::kCmpSwap || Op == AtomicOp::kFCmpSwap;
  const bool two = Op == AtomicOp::kMskOr || Op == AtomicOp::kWrap;
  const unsigned a = cmp ? in.data1 : in.data0;
  const int b = cmp ? in.data0 : two ? in.data1 : -1;
  mem::atomic_lanes(w, Op, Wide, a, b, Ret ? in.vdst : -1, Single{w, in}, in.info->name);
}

// DS_WRXCHG2(ST64)_RTN: two exchanges; LDS cannot fault, so the lanes are
// processed in place once the old values are collected.
template <bool Wide, unsigned Scale>
void ds_wrxchg2(Wave& w, const Inst& in) {
  constexpr unsigned E = Wide ? 2 : 1;
  const Pair<4 * E, Scale> at{w, in};
  uint64_t olds[2][kWaveSize];
  const uint64_t exec = w.exec();
  for_active(exec, [&](unsigned l) {
    for (unsigned i = 0; i < 2; ++i) {
      const unsigned d = i ? in.data1 : in.data0;
      const uint64_t v = Wide ? mem::vreg64(w, d, l) : w.v(d)[l];
      mem::atomic(w, at(l, 4 * E * i), AtomicOp::kSwap, Wide, v, 0, &olds[i][l], in.info->name);
    }
  });
  for_active(exec, [&](unsigned l) {
    for (unsigned i = 0; i < 2; ++i) {
      w.v(in.vdst + E * i)[l] = static_cast<uint32_t>(olds[i][l]);
      if (Wide) w.v(in.vdst + E * i + 1)[l] = static_cast<uint32_t>(olds[i][l] >> 32);
    }
  });
}

// DS_SWIZZLE_B32 (ISA manual, "DS_SWIZZLE_B32"): offset[15] selects
// quad-permute mode (2-bit lane selects per quad in offset[7:0]); otherwise
// bit-mask mode within each 32-lane half: and = [4:0], or = [9:5], xor =
// [14:10]. A lane reading an inactive lane receives 0.
void ds_swizzle_b32(Wave& w, const Inst& in) {
  const uint32_t pat = static_cast<uint32_t>(in.offset) & 0xFFFF;
  const uint64_t exec = w.exec();
  const uint32_t* src = w.v(in.addr);
  uint32_t out[kWaveSize];
  for_active(exec, [&](unsigned l) {
    unsigned s;
    if (pat & 0x8000) {
      s = (l & ~3u) | ((pat >> (2 * (l & 3))) & 3);
    } else {
      const unsigned and_m = pat & 31, or_m = (pat >> 5) & 31, xor_m = (pat >> 10) & 31;
      s = (l & 32) | ((((l & 31) & and_m) | or_m) ^ xor_m);
    }
    out[l] = (exec >> s) & 1 ? src[s] : 0;
  });
  uint32_t* d = w.v(in.vdst);
  for_active(exec, [&](unsigned l) { d[l] = out[l]; });
}

// Lane selected by a permute address: (ADDR + offset) / 4, modulo 64.
inline unsigned permute_lane(const Wave& w, const Inst& in, unsigned l) {
  return ((w.v(in.addr)[l] + static_cast<uint32_t>(in.offset)) >> 2) & 63;
}

// DS_PERMUTE_B32: each active lane pushes DATA0 to the lane its address
// names (the highest pushing lane wins); lanes nobody pushed to read 0.
void ds_permute_b32(Wave& w, const Inst& in) {
  const uint64_t exec = w.exec();
  uint32_t out[kWaveSize] = {};
  for_active(exec, [&](unsigned l) { out[permute_lane(w, in, l)] = w.v(in.data0)[l]; });
  uint32_t* d = w.v(in.vdst);
  for_active(exec, [&](unsigned l) { d[l] = out[l]; });
}

// DS_BPERMUTE_B32: each active lane pulls DATA0 from the lane its address
// names; an inactive source lane gives 0.
void ds_bpermute_b32(Wave& w, const Inst& in) {
  const uint64_t exec = w.exec();
  uint32_t out[kWaveSize];
  for_active(exec, [&](unsigned l) {
    const unsigned s = permute_lane(w, in, l);
    out[l] = (exec >> s) & 1 ? w.v(in.data0)[s] : 0;
  });
  uint32_t* d = w.v(in.vdst);
  for_active(exec, [&](unsigned l) { d[l] = out[l]; });
}

void ds_nop(Wave&, const Inst&) {}

// DS_APPEND / DS_CONSUME: one counter at LDS[M0 + offset] moves by the
// number of active lanes; every active lane receives the value before.
// The GDS form is not modelled.
template <bool Append>
void ds_append_consume(Wave& w, const Inst& in) {
  if (in.gds) {
    w.raise(FaultKind::kIllegalInstruction, w.pc, std::string(in.info->name) + ": gds unsupported");
    return;
  }
  const uint64_t exec = w.exec();
  if (!exec) return;
  const uint32_t n = static_cast<uint32_t>(__builtin_popcountll(exec));
  const mem::Target t = mem::lds(static_cast<uint32_t>(w.sgpr[op::kM0] + in.offset));
  uint64_t old = 0;
  mem::atomic(w, t, Append ? AtomicOp::kAdd : AtomicOp::kSub, false, n, 0, &old, in.info->name);
  for_active(exec, [&](unsigned l) { w.v(in.vdst)[l] = static_cast<uint32_t>(old); });
}

// DS_READ_ADDTID_B32 / DS_WRITE_ADDTID_B32: no address VGPR; lane l uses
// LDS byte offset16 + M0[15:0] + l * 4 (Vega ISA manual, DS opcodes).
struct AddTid {
  const Wave& w;
  const Inst& in;
  mem::Target operator()(unsigned l, unsigned byte) const {
    const uint32_t base = (w.sgpr[op::kM0] & 0xFFFF) + static_cast<uint32_t>(in.offset);
    return mem::lds(static_cast<uint64_t>(base) + 4u * l + byte);
  }
};

void ds_read_addtid_b32(Wave& w, const Inst& in) {
  mem::load_dwords(w, in.vdst, 1, AddTid{w, in}, in.info->name);
}

void ds_write_addtid_b32(Wave& w, const Inst& in) {
  mem::store_dwords(w, in.data0, 1, AddTid{w, in}, in.info->name);
}

constexpr Ty N = Ty::None, B32 = Ty::B32, B64 = Ty::B64, F32 = Ty::F32, F64 = Ty::F64;
constexpr uint32_t kSt = kOpStore | kOpNoDst, kLd = kOpLoad, kAt = kOpAtomic | kOpNoDst,
                   kAtR = kOpAtomic | kOpLoad, kPair = kOpMemPair;

#define AT(name, op, O, W, T) \
  { "ds_" name, Format::DS, op, ds_atomic<O, W, false>, N, T, N, N, kAt, W ? 2 : 1 }
#define ATR(name, op, O, W, T) \
  { "ds_" name, Format::DS, op, ds_atomic<O, W, true>, T, T, N, N, kAtR, W ? 2 : 1 }
// Two-operand atomics (cmpst, mskor, wrap): DATA0 and DATA1.
#define AT2(name, op, O, W, T) \
  { "ds_" name, Format::DS, op, ds_atomic<O, W, false>, N, T, T, N, kAt, W ? 4 : 2 }
#define AT2R(name, op, O, W, T) \
  { "ds_" name, Format::DS, op, ds_atomic<O, W, true>, T, T, T, N, kAtR, W ? 4 : 2 }

const OpcodeInfo kRows[] = {
    AT("add_u32", 0, AtomicOp::kAdd, false, B32),
    AT("sub_u32", 1, AtomicOp::kSub, false, B32),
    AT("rsub_u32", 2, AtomicOp::kRsub, false, B32),
    AT("inc_u32", 3, AtomicOp::kInc, false, B32),
    AT("dec_u32", 4, AtomicOp::kDec, false, B32),
    AT("min_i32", 5, AtomicOp::kSMin, false, B32),
    AT("max_i32", 6, AtomicOp::kSMax, false, B32),
    AT("min_u32", 7, AtomicOp::kUMin, false, B32),
    AT("max_u32", 8, AtomicOp::kUMax, false, B32),
    AT("and_b32", 9, AtomicOp::kAnd, false, B32),
    AT("or_b32", 10, AtomicOp::kOr, false, B32),
    AT("xor_b32", 11, AtomicOp::kXor, false, B32),
    AT2("mskor_b32", 12, AtomicOp::kMskOr, false, B32),
    {"ds_write_b32", Format::DS, 13, ds_write<1>, N, B32, N, N, kSt, 1},
    {"ds_write2_b32", Format::DS, 14, ds_write2<1, 1>, N, B32, B32, N, kSt | kPair, 2},
    {"ds_write2st64_b32", Format::DS, 15, ds_write2<1, 64>, N, B32, B32, N, kSt | kPair, 2},
    AT2("cmpst_b32", 16, AtomicOp::kCmpSwap, false, B32),
    AT2("cmpst_f32", 17, AtomicOp::kFCmpSwap, false, F32),
    AT("min_f32", 18, AtomicOp::kFMin, false, F32),
    AT("max_f32", 19, AtomicOp::kFMax, false, F32),
    {"ds_nop", Format::DS, 20, ds_nop, N, N, N, N, kOpNoDst, 0},
    AT("add_f32", 21, AtomicOp::kFAdd, false, F32),
    {"ds_write_addtid_b32", Format::DS, 29, ds_write_addtid_b32, N, B32, N, N, kSt, 1},
    {"ds_write_b8", Format::DS, 30, ds_write_part<1, 0>, N, B32, N, N, kSt, 1},
    {"ds_write_b16", Format::DS, 31, ds_write_part<2, 0>, N, B32, N, N, kSt, 1},
    ATR("add_rtn_u32", 32, AtomicOp::kAdd, false, B32),
    ATR("sub_rtn_u32", 33, AtomicOp::kSub, false, B32),
    ATR("rsub_rtn_u32", 34, AtomicOp::kRsub, false, B32),
    ATR("inc_rtn_u32", 35, AtomicOp::kInc, false, B32),
    ATR("dec_rtn_u32", 36, AtomicOp::kDec, false, B32),
    ATR("min_rtn_i32", 37, AtomicOp::kSMin, false, B32),
    ATR("max_rtn_i32", 38, AtomicOp::kSMax, false, B32),
    ATR("min_rtn_u32", 39, AtomicOp::kUMin, false, B32),
    ATR("max_rtn_u32", 40, AtomicOp::kUMax, false, B32),
    ATR("and_rtn_b32", 41, AtomicOp::kAnd, false, B32),
    ATR("or_rtn_b32", 42, AtomicOp::kOr, false, B32),
    ATR("xor_rtn_b32", 43, AtomicOp::kXor, false, B32),
    AT2R("mskor_rtn_b32", 44, AtomicOp::kMskOr, false, B32),
    ATR("wrxchg_rtn_b32", 45, AtomicOp::kSwap, false, B32),
    {"ds_wrxchg2_rtn_b32", Format::DS, 46, ds_wrxchg2<false, 1>, B32, B32, B32, N, kAtR | kPair, 2},
    {"ds_wrxchg2st64_rtn_b32", Format::DS, 47, ds_wrxchg2<false, 64>, B32, B32, B32, N,
     kAtR | kPair, 2},
    AT2R("cmpst_rtn_b32", 48, AtomicOp::kCmpSwap, false, B32),
    AT2R("cmpst_rtn_f32", 49, AtomicOp::kFCmpSwap, false, F32),
    ATR("min_rtn_f32", 50, AtomicOp::kFMin, false, F32),
    ATR("max_rtn_f32", 51, AtomicOp::kFMax, false, F32),
    AT2R("wrap_rtn_b32", 52, AtomicOp::kWrap, false, B32),
    ATR("add_rtn_f32", 53, AtomicOp::kFAdd, false, F32),
    {"ds_read_b32", Format::DS, 54, ds_read<1>, B32, N, N, N, kLd, 1},
    {"ds_read2_b32", Format::DS, 55, ds_read2<1, 1>, B32, N, N, N, kLd | kPair, 2},
    {"ds_read2st64_b32", Format::DS, 56, ds_read2<1, 64>, B32, N, N, N, kLd | kPair, 2},
    {"ds_read_i8", Format::DS, 57, ds_read_part<1, true, 0>, B32, N, N, N, kLd, 1},
    {"ds_read_u8", Format::DS, 58, ds_read_part<1, false, 0>, B32, N, N, N, kLd, 1},
    {"ds_read_i16", Format::DS, 59, ds_read_part<2, true, 0>, B32, N, N, N, kLd, 1},
    {"ds_read_u16", Format::DS, 60, ds_read_part<2, false, 0>, B32, N, N, N, kLd, 1},
    // Lane exchanges through the LDS crossbar; they touch no LDS memory.
    {"ds_swizzle_b32", Format::DS, 61, ds_swizzle_b32, B32, N, N, N, kOpNone, 0},
    {"ds_permute_b32", Format::DS, 62, ds_permute_b32, B32, B32, N, N, kOpNone, 1},
    {"ds_bpermute_b32", Format::DS, 63, ds_bpermute_b32, B32, B32, N, N, kOpNone, 1},
    AT("add_u64", 64, AtomicOp::kAdd, true, B64),
    AT("sub_u64", 65, AtomicOp::kSub, true, B64),
    AT("rsub_u64", 66, AtomicOp::kRsub, true, B64),
    AT("inc_u64", 67, AtomicOp::kInc, true, B64),
    AT("dec_u64", 68, AtomicOp::kDec, true, B64),
    AT("min_i64", 69, AtomicOp::kSMin, true, B64),
    AT("max_i64", 70, AtomicOp::kSMax, true, B64),
    AT("min_u64", 71, AtomicOp::kUMin, true, B64),
    AT("max_u64", 72, AtomicOp::kUMax, true, B64),
    AT("and_b64", 73, AtomicOp::kAnd, true, B64),
    AT("or_b64", 74, AtomicOp::kOr, true, B64),
    AT("xor_b64", 75, AtomicOp::kXor, true, B64),
    AT2("mskor_b64", 76, AtomicOp::kMskOr, true, B64),
    {"ds_write_b64", Format::DS, 77, ds_write<2>, N, B64, N, N, kSt, 2},
    {"ds_write2_b64", Format::DS, 78, ds_write2<2, 1>, N, B64, B64, N, kSt | kPair, 4},
    {"ds_write2st64_b64", Format::DS, 79, ds_write2<2, 64>, N, B64, B64, N, kSt | kPair, 4},
    AT2("cmpst_b64", 80, AtomicOp::kCmpSwap, true, B64),
    AT2("cmpst_f64", 81, AtomicOp::kFCmpSwap, true, F64),
    AT("min_f64", 82, AtomicOp::kFMin, true, F64),
    AT("max_f64", 83, AtomicOp::kFMax, true, F64),
    {"ds_write_b8_d16_hi", Format::DS, 84, ds_write_part<1, 2>, N, B32, N, N, kSt, 1},
    {"ds_write_b16_d16_hi", Format::DS, 85, ds_write_part<2, 2>, N, B32, N, N, kSt, 1},
    {"ds_read_u8_d16", Format::DS, 86, ds_read_part<1, false, 1>, B32, N, N, N, kLd, 1},
    {"ds_read_u8_d16_hi", Format::DS, 87, ds_read_part<1, false, 2>, B32, N, N, N, kLd, 1},
    {"ds_read_i8_d16", Format::DS, 88, ds_read_part<1, true, 1>, B32, N, N, N, kLd, 1},
    {"ds_read_i8_d16_hi", Format::DS, 89, ds_read_part<1, true, 2>, B32, N, N, N, kLd, 1},
    {"ds_read_u16_d16", Format::DS, 90, ds_read_part<2, false, 1>, B32, N, N, N, kLd, 1},
    {"ds_read_u16_d16_hi", Format::DS, 91, ds_read_part<2, false, 2>, B32, N, N, N, kLd, 1},
    ATR("add_rtn_u64", 96, AtomicOp::kAdd, true, B64),
    ATR("sub_rtn_u64", 97, AtomicOp::kSub, true, B64),
    ATR("rsub_rtn_u64", 98, AtomicOp::kRsub, true, B64),
    ATR("inc_rtn_u64", 99, AtomicOp::kInc, true, B64),
    ATR("dec_rtn_u64", 100, AtomicOp::kDec, true, B64),
    ATR("min_rtn_i64", 101, AtomicOp::kSMin, true, B64),
    ATR("max_rtn_i64", 102, AtomicOp::kSMax, true, B64),
    ATR("min_rtn_u64", 103, AtomicOp::kUMin, true, B64),
    ATR("max_rtn_u64", 104, AtomicOp::kUMax, true, B64),
    ATR("and_rtn_b64", 105, AtomicOp::kAnd, true, B64),
    ATR("or_rtn_b64", 106, AtomicOp::kOr, true, B64),
    ATR("xor_rtn_b64", 107, AtomicOp::kXor, true, B64),
    AT2R("mskor_rtn_b64", 108, AtomicOp::kMskOr, true, B64),
    ATR("wrxchg_rtn_b64", 109, AtomicOp::kSwap, true, B64),
    {"ds_wrxchg2_rtn_b64", Format::DS, 110, ds_wrxchg2<true, 1>, B64, B64, B64, N, kAtR | kPair, 4},
    {"ds_wrxchg2st64_rtn_b64", Format::DS, 111, ds_wrxchg2<true, 64>, B64, B64, B64, N,
     kAtR | kPair, 4},
    AT2R("cmpst_rtn_b64", 112, AtomicOp::kCmpSwap, true, B64),
    AT2R("cmpst_rtn_f64", 113, AtomicOp::kFCmpSwap, true, F64),
    ATR("min_rtn_f64", 114, AtomicOp::kFMin, true, F64),
    ATR("max_rtn_f64", 115, AtomicOp::kFMax, true, F64),
    {"ds_read_b64", Format::DS, 118, ds_read<2>, B64, N, N, N, kLd, 2},
    {"ds_read2_b64", Format::DS, 119, ds_read2<2, 1>, B64, N, N, N, kLd | kPair, 4},
    {"ds_read2st64_b64", Format::DS, 120, ds_read2<2, 64>, B64, N, N, N, kLd | kPair, 4},
    // Rows without semantics (exec = nullptr) decode and print, and stop the
    // wave with a "not supported" fault: the global wave sync (GWS) unit,
    // ordered append for graphics and the conditional exchange have no
    // model in the virtual GPU.
    {"ds_condxchg32_rtn_b64", Format::DS, 126, nullptr, B64, B64, N, N, kAtR, 2},
    {"ds_gws_sema_release_all", Format::DS, 152, nullptr, N, N, N, N, kOpNoDst, 0},
    {"ds_gws_init", Format::DS, 153, nullptr, N, B32, N, N, kOpNoDst, 1},
    {"ds_gws_sema_v", Format::DS, 154, nullptr, N, N, N, N, kOpNoDst, 0},
    {"ds_gws_sema_br", Format::DS, 155, nullptr, N, B32, N, N, kOpNoDst, 1},
    {"ds_gws_sema_p", Format::DS, 156, nullptr, N, N, N, N, kOpNoDst, 0},
    {"ds_gws_barrier", Format::DS, 157, nullptr, N, B32, N, N, kOpNoDst, 1},
    {"ds_read_addtid_b32", Format::DS, 182, ds_read_addtid_b32, B32, N, N, N, kLd, 1},
    {"ds_consume", Format::DS, 189, ds_append_consume<false>, B32, N, N, N, kAtR, 1},
    {"ds_append", Format::DS, 190, ds_append_consume<true>, B32, N, N, N, kAtR, 1},
    {"ds_ordered_count", Format::DS, 191, nullptr, B32, N, N, N, kAtR, 1},
    {"ds_write_b96", Format::DS, 222, ds_write<3>, N, B32, N, N, kSt, 3},
    {"ds_write_b128", Format::DS, 223, ds_write<4>, N, B32, N, N, kSt, 4},
    {"ds_read_b96", Format::DS, 254, ds_read<3>, B32, N, N, N, kLd, 3},
    {"ds_read_b128", Format::DS, 255, ds_read<4>, B32, N, N, N, kLd, 4},
};

#undef AT
#undef ATR
#undef AT2
#undef AT2R

}  // namespace

extern const OpcodeTable kDsTable = {kRows, sizeof(kRows) / sizeof(kRows[0])};

}  // namespace gcn
