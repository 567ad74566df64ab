// MUBUF rows and semantics. Vega ISA manual, "Vector Memory Buffer
// Instructions". Row conventions: dst = returned element type (atomics
// return only with glc), src0 = VDATA type for stores/atomics, src1 = the
// compare type of cmpswap, mem_dwords = VDATA dwords per lane (cmpswap:
// data and compare).
#include "semantics/buffer_d16.h"

namespace gcn {
namespace {

using mem::AtomicOp;
using mem::Part;

// The LDS-destination form (lds=1) is not modelled.
bool check_lds(Wave& w, const Inst& in) {
  if (!in.lds) return true;
  w.raise(FaultKind::kIllegalInstruction, w.pc, std::string(in.info->name) + ": lds=1 unsupported");
  return false;
}

template <unsigned N>
void buf_load(Wave& w, const Inst& in) {
  if (!check_lds(w, in)) return;
  mem::load_dwords(w, in.data0, N, mem::buffer_addr(w, in, 4), in.info->name);
}

template <uint8_t Bytes, bool Sign, uint8_t Half>
void buf_load_part(Wave& w, const Inst& in) {
  if (!check_lds(w, in)) return;
  mem::load_part(w, in.data0, Part{Bytes, Sign, Half}, mem::buffer_addr(w, in, Bytes),
                 in.info->name);
}

template <unsigned N>
void buf_store(Wave& w, const Inst& in) {
  mem::store_dwords(w, in.data0, N, mem::buffer_addr(w, in, 4), in.info->name);
}

template <uint8_t Bytes, uint8_t Half>
void buf_store_part(Wave& w, const Inst& in) {
  mem::store_part(w, in.data0, Part{Bytes, false, Half}, mem::buffer_addr(w, in, Bytes),
                  in.info->name);
}

// BUFFER_ATOMIC_*: VDATA holds the data (cmpswap: data, then compare);
// with glc the pre-op value returns to VDATA.
template <AtomicOp Op, bool Wide>
void buf_atomic(Wave& w, const Inst& in) {
  const unsigned e = Wide ? 2 : 1;
  const int b = Op == AtomicOp::kCmpSwap ? static_cast<int>(in.data0 + e) : -1;
  mem::atomic_lanes(w, Op, Wide, in.data0, b, in.glc ? in.data0 : -1,
                    mem::buffer_addr(w, in, 4 * e), in.info->name);
}

// *_format: the V# supplies the data and numeric formats.
template <unsigned N>
void buf_load_format(Wave& w, const Inst& in) {
  const mem::BufferRsrc r = mem::buffer_rsrc(w, in.rsrc);
  mem::load_format(w, in, N, r.data_format, r.num_format);
}

template <unsigned N>
void buf_store_format(Wave& w, const Inst& in) {
  const mem::BufferRsrc r = mem::buffer_rsrc(w, in.rsrc);
  mem::store_format(w, in, N, r.data_format, r.num_format);
}

// *_format_d16_*: 16-bit components, packed (semantics/buffer_d16.h).
template <unsigned N, bool Hi>
void buf_load_format_d16(Wave& w, const Inst& in) {
  const mem::BufferRsrc r = mem::buffer_rsrc(w, in.rsrc);
  d16::load(w, in, N, r.data_format, r.num_format, Hi);
}

template <unsigned N, bool Hi>
void buf_store_format_d16(Wave& w, const Inst& in) {
  const mem::BufferRsrc r = mem::buffer_rsrc(w, in.rsrc);
  d16::store(w, in, N, r.data_format, r.num_format, Hi);
}

// The emulator has no caches: every access is coherent already.
void buffer_wbinvl1(Wave&, const Inst&) {}

constexpr Ty N = Ty::None, B32 = Ty::B32, B64 = Ty::B64;
constexpr uint32_t kSt = kOpStore | kOpNoDst, kLd = kOpLoad;

#define MB(name, op, fn, dst, src0, flags, dw) \
  { "buffer_" name, Format::MUBUF, op, fn, dst, src0, N, N, flags, dw }
#define AT32(name, op, O) MB(name, op, (buf_atomic<O, false>), B32, B32, kOpAtomic, 1)
#define AT64(name, op, O) MB(name, op, (buf_atomic<O, true>), B64, B64, kOpAtomic, 2)

const OpcodeInfo kRows[] = {
    MB("load_format_x", 0, buf_load_format<1>, B32, N, kLd, 1),
    MB("load_format_xy", 1, buf_load_format<2>, B32, N, kLd, 2),
    MB("load_format_xyz", 2, buf_load_format<3>, B32, N, kLd, 3),
    MB("load_format_xyzw", 3, buf_load_format<4>, B32, N, kLd, 4),
    MB("store_format_x", 4, buf_store_format<1>, N, B32, kSt, 1),
    MB("store_format_xy", 5, buf_store_format<2>, N, B32, kSt, 2),
    MB("store_format_xyz", 6, buf_store_format<3>, N, B32, kSt, 3),
    MB("store_format_xyzw", 7, buf_store_format<4>, N, B32, kSt, 4),
    MB("load_format_d16_x", 8, (buf_load_format_d16<1, false>), B32, N, kLd, 1),
    MB("load_format_d16_xy", 9, (buf_load_format_d16<2, false>), B32, N, kLd, 1),
    MB("load_format_d16_xyz", 10, (buf_load_format_d16<3, false>), B32, N, kLd, 2),
    MB("load_format_d16_xyzw", 11, (buf_load_format_d16<4, false>), B32, N, kLd, 2),
    MB("store_format_d16_x", 12, (buf_store_format_d16<1, false>), N, B32, kSt, 1),
    MB("store_format_d16_xy", 13, (buf_store_format_d16<2, false>), N, B32, kSt, 1),
    MB("store_format_d16_xyz", 14, (buf_store_format_d16<3, false>), N, B32, kSt, 2),
    MB("store_format_d16_xyzw", 15, (buf_store_format_d16<4, false>), N, B32, kSt, 2),
    MB("load_ubyte", 16, (buf_load_part<1, false, 0>), B32, N, kLd, 1),
    MB("load_sbyte", 17, (buf_load_part<1, true, 0>), B32, N, kLd, 1),
    MB("load_ushort", 18, (buf_load_part<2, false, 0>), B32, N, kLd, 1),
    MB("load_sshort", 19, (buf_load_part<2, true, 0>), B32, N, kLd, 1),
    MB("load_dword", 20, buf_load<1>, B32, N, kLd, 1),
    MB("load_dwordx2", 21, buf_load<2>, B32, N, kLd, 2),
    MB("load_dwordx3", 22, buf_load<3>, B32, N, kLd, 3),
    MB("load_dwordx4", 23, buf_load<4>, B32, N, kLd, 4),
    MB("store_byte", 24, (buf_store_part<1, 0>), N, B32, kSt, 1),
    MB("store_byte_d16_hi", 25, (buf_store_part<1, 2>), N, B32, kSt, 1),
    MB("store_short", 26, (buf_store_part<2, 0>), N, B32, kSt, 1),
    MB("store_short_d16_hi", 27, (buf_store_part<2, 2>), N, B32, kSt, 1),
    MB("store_dword", 28, buf_store<1>, N, B32, kSt, 1),
    MB("store_dwordx2", 29, buf_store<2>, N, B32, kSt, 2),
    MB("store_dwordx3", 30, buf_store<3>, N, B32, kSt, 3),
    MB("store_dwordx4", 31, buf_store<4>, N, B32, kSt, 4),
    MB("load_ubyte_d16", 32, (buf_load_part<1, false, 1>), B32, N, kLd, 1),
    MB("load_ubyte_d16_hi", 33, (buf_load_part<1, false, 2>), B32, N, kLd, 1),
    MB("load_sbyte_d16", 34, (buf_load_part<1, true, 1>), B32, N, kLd, 1),
    MB("load_sbyte_d16_hi", 35, (buf_load_part<1, true, 2>), B32, N, kLd, 1),
    MB("load_short_d16", 36, (buf_load_part<2, false, 1>), B32, N, kLd, 1),
    MB("load_short_d16_hi", 37, (buf_load_part<2, false, 2>), B32, N, kLd, 1),
    MB("load_format_d16_hi_x", 38, (buf_load_format_d16<1, true>), B32, N, kLd, 1),
    MB("store_format_d16_hi_x", 39, (buf_store_format_d16<1, true>), N, B32, kSt, 1),
    // M0-addressed LDS to memory copy: no LDS-DMA model, so it faults as
    // "not supported" (exec = nullptr).
    MB("store_lds_dword", 61, nullptr, N, N, kOpNoDst, 0),
    MB("wbinvl1", 62, buffer_wbinvl1, N, N, kOpNoDst, 0),
    MB("wbinvl1_vol", 63, buffer_wbinvl1, N, N, kOpNoDst, 0),
    AT32("atomic_swap", 64, AtomicOp::kSwap),
    {"buffer_atomic_cmpswap", Format::MUBUF, 65, buf_atomic<AtomicOp::kCmpSwap, false>, B32, B32,
     B32, N, kOpAtomic, 2},
    AT32("atomic_add", 66, AtomicOp::kAdd),
    AT32("atomic_sub", 67, AtomicOp::kSub),
    AT32("atomic_smin", 68, AtomicOp::kSMin),
    AT32("atomic_umin", 69, AtomicOp::kUMin),
    AT32("atomic_smax", 70, AtomicOp::kSMax),
    AT32("atomic_umax", 71, AtomicOp::kUMax),
    AT32("atomic_and", 72, AtomicOp::kAnd),
    AT32("atomic_or", 73, AtomicOp::kOr),
    AT32("atomic_xor", 74, AtomicOp::kXor),
    AT32("atomic_inc", 75, AtomicOp::kInc),
    AT32("atomic_dec", 76, AtomicOp::kDec),
    AT64("atomic_swap_x2", 96, AtomicOp::kSwap),
    {"buffer_atomic_cmpswap_x2", Format::MUBUF, 97, buf_atomic<AtomicOp::kCmpSwap, true>, B64, B64,
     B64, N, kOpAtomic, 4},
    AT64("atomic_add_x2", 98, AtomicOp::kAdd),
    AT64("atomic_sub_x2", 99, AtomicOp::kSub),
    AT64("atomic_smin_x2", 100, AtomicOp::kSMin),
    AT64("atomic_umin_x2", 101, AtomicOp::kUMin),
    AT64("atomic_smax_x2", 102, AtomicOp::kSMax),
    AT64("atomic_umax_x2", 103, AtomicOp::kUMax),
    AT64("atomic_and_x2", 104, AtomicOp::kAnd),
    AT64("atomic_or_x2", 105, AtomicOp::kOr),
    AT64("atomic_xor_x2", 106, AtomicOp::kXor),
    AT64("atomic_inc_x2", 107, AtomicOp::kInc),
    AT64("atomic_dec_x2", 108, AtomicOp::kDec),
};

#undef MB
#undef AT32
#undef AT64

}  // namespace

extern const OpcodeTable kMubufTable = {kRows, sizeof(kRows) / sizeof(kRows[0])};

}  // namespace gcn
