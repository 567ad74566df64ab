// SOPC: scalar compares, which only write SCC (Vega ISA manual, section
// 12.4).
#include <functional>

#include "isa/instruction.h"
#include "wave/wave.h"

namespace gcn {
namespace {

template <class T, class Cmp>
void cmp32(Wave& w, const Inst& in) {
  const T a = static_cast<T>(read_s32(w, in, in.src[0]));
  const T b = static_cast<T>(read_s32(w, in, in.src[1]));
  w.scc = Cmp()(a, b);
}

template <class Cmp>
void cmp64(Wave& w, const Inst& in) {
  const uint64_t a = read_s64(w, in, in.src[0], Ty::B64);
  const uint64_t b = read_s64(w, in, in.src[1], Ty::B64);
  w.scc = Cmp()(a, b);
}

// s_bitcmp0/1: SCC = (S0[S1[4:0] or S1[5:0]] == 0/1).
template <bool kOne>
void s_bitcmp_b32(Wave& w, const Inst& in) {
  const uint32_t v = read_s32(w, in, in.src[0]);
  w.scc = ((v >> (read_s32(w, in, in.src[1]) & 31)) & 1) == (kOne ? 1u : 0u);
}
template <bool kOne>
void s_bitcmp_b64(Wave& w, const Inst& in) {
  const uint64_t v = read_s64(w, in, in.src[0], Ty::B64);
  w.scc = ((v >> (read_s32(w, in, in.src[1]) & 63)) & 1) == (kOne ? 1u : 0u);
}

using I = int32_t;
using W = uint32_t;
constexpr Ty N = Ty::None, U = Ty::B32, Q = Ty::B64;
constexpr uint32_t kNd = kOpNoDst;

const OpcodeInfo kRows[] = {
    {"s_cmp_eq_i32", Format::SOPC, 0, cmp32<I, std::equal_to<I>>, N, U, U, N, kNd},
    {"s_cmp_lg_i32", Format::SOPC, 1, cmp32<I, std::not_equal_to<I>>, N, U, U, N, kNd},
    {"s_cmp_gt_i32", Format::SOPC, 2, cmp32<I, std::greater<I>>, N, U, U, N, kNd},
    {"s_cmp_ge_i32", Format::SOPC, 3, cmp32<I, std::greater_equal<I>>, N, U, U, N, kNd},
    {"s_cmp_lt_i32", Format::SOPC, 4, cmp32<I, std::less<I>>, N, U, U, N, kNd},
    {"s_cmp_le_i32", Format::SOPC, 5, cmp32<I, std::less_equal<I>>, N, U, U, N, kNd},
    {"s_cmp_eq_u32", Format::SOPC, 6, cmp32<W, std::equal_to<W>>, N, U, U, N, kNd},
    {"s_cmp_lg_u32", Format::SOPC, 7, cmp32<W, std::not_equal_to<W>>, N, U, U, N, kNd},
    {"s_cmp_gt_u32", Format::SOPC, 8, cmp32<W, std::greater<W>>, N, U, U, N, kNd},
    {"s_cmp_ge_u32", Format::SOPC, 9, cmp32<W, std::greater_equal<W>>, N, U, U, N, kNd},
    {"s_cmp_lt_u32", Format::SOPC, 10, cmp32<W, std::less<W>>, N, U, U, N, kNd},
    {"s_cmp_le_u32", Format::SOPC, 11, cmp32<W, std::less_equal<W>>, N, U, U, N, kNd},
    {"s_bitcmp0_b32", Format::SOPC, 12, s_bitcmp_b32<false>, N, U, U, N, kNd},
    {"s_bitcmp1_b32", Format::SOPC, 13, s_bitcmp_b32<true>, N, U, U, N, kNd},
    {"s_bitcmp0_b64", Format::SOPC, 14, s_bitcmp_b64<false>, N, Q, U, N, kNd},
    {"s_bitcmp1_b64", Format::SOPC, 15, s_bitcmp_b64<true>, N, Q, U, N, kNd},
    // Decoded only: VSKIP and GPR-index mode are not modelled (LLVM uses
    // s_movrel/v_movrel with M0 on gfx9 by default, not the index mode).
    {"s_setvskip", Format::SOPC, 16, nullptr, N, U, U, N, kNd},
    {"s_set_gpr_idx_on", Format::SOPC, 17, nullptr, N, U, U, N, kNd},
    {"s_cmp_eq_u64", Format::SOPC, 18, cmp64<std::equal_to<uint64_t>>, N, Q, Q, N, kNd},
    {"s_cmp_lg_u64", Format::SOPC, 19, cmp64<std::not_equal_to<uint64_t>>, N, Q, Q, N, kNd},
};

}  // namespace

extern const OpcodeTable kSopcTable = {kRows, sizeof(kRows) / sizeof(kRows[0])};

}  // namespace gcn
