// MTBUF rows and semantics: typed buffer accesses whose data and numeric
// formats come from the instruction (dfmt/nfmt) instead of the V#. Vega ISA
// manual, "Vector Memory Buffer Instructions"; addressing as MUBUF, d16
// packing as semantics/buffer_d16.h describes.
#include "semantics/buffer_d16.h"

namespace gcn {
namespace {

template <unsigned N>
void tbuf_load(Wave& w, const Inst& in) {
  mem::load_format(w, in, N, in.dfmt, in.nfmt);
}

template <unsigned N>
void tbuf_store(Wave& w, const Inst& in) {
  mem::store_format(w, in, N, in.dfmt, in.nfmt);
}

template <unsigned N>
void tbuf_load_d16(Wave& w, const Inst& in) {
  d16::load(w, in, N, in.dfmt, in.nfmt, false);
}

template <unsigned N>
void tbuf_store_d16(Wave& w, const Inst& in) {
  d16::store(w, in, N, in.dfmt, in.nfmt, false);
}

constexpr Ty N = Ty::None, B32 = Ty::B32;
constexpr uint32_t kSt = kOpStore | kOpNoDst, kLd = kOpLoad;

const OpcodeInfo kRows[] = {
    {"tbuffer_load_format_x", Format::MTBUF, 0, tbuf_load<1>, B32, N, N, N, kLd, 1},
    {"tbuffer_load_format_xy", Format::MTBUF, 1, tbuf_load<2>, B32, N, N, N, kLd, 2},
    {"tbuffer_load_format_xyz", Format::MTBUF, 2, tbuf_load<3>, B32, N, N, N, kLd, 3},
    {"tbuffer_load_format_xyzw", Format::MTBUF, 3, tbuf_load<4>, B32, N, N, N, kLd, 4},
    {"tbuffer_store_format_x", Format::MTBUF, 4, tbuf_store<1>, N, B32, N, N, kSt, 1},
    {"tbuffer_store_format_xy", Format::MTBUF, 5, tbuf_store<2>, N, B32, N, N, kSt, 2},
    {"tbuffer_store_format_xyz", Format::MTBUF, 6, tbuf_store<3>, N, B32, N, N, kSt, 3},
    {"tbuffer_store_format_xyzw", Format::MTBUF, 7, tbuf_store<4>, N, B32, N, N, kSt, 4},
    {"tbuffer_load_format_d16_x", Format::MTBUF, 8, tbuf_load_d16<1>, B32, N, N, N, kLd, 1},
    {"tbuffer_load_format_d16_xy", Format::MTBUF, 9, tbuf_load_d16<2>, B32, N, N, N, kLd, 1},
    {"tbuffer_load_format_d16_xyz", Format::MTBUF, 10, tbuf_load_d16<3>, B32, N, N, N, kLd, 2},
    {"tbuffer_load_format_d16_xyzw", Format::MTBUF, 11, tbuf_load_d16<4>, B32, N, N, N, kLd, 2},
    {"tbuffer_store_format_d16_x", Format::MTBUF, 12, tbuf_store_d16<1>, N, B32, N, N, kSt, 1},
    {"tbuffer_store_format_d16_xy", Format::MTBUF, 13, tbuf_store_d16<2>, N, B32, N, N, kSt, 1},
    {"tbuffer_store_format_d16_xyz", Format::MTBUF, 14, tbuf_store_d16<3>, N, B32, N, N, kSt, 2},
    {"tbuffer_store_format_d16_xyzw", Format::MTBUF, 15, tbuf_store_d16<4>, N, B32, N, N, kSt, 2},
};

}  // namespace

extern const OpcodeTable kMtbufTable = {kRows, sizeof(kRows) / sizeof(kRows[0])};

}  // namespace gcn
