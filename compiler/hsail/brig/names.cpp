#include "names.h"

#include <cstring>

#include "brig.h"

namespace hsail {

namespace {

const TypeInfo kTypes[] = {
    {FW_BRIG_TYPE_U8, "u8", 8, 'u'},
    {FW_BRIG_TYPE_U16, "u16", 16, 'u'},
    {FW_BRIG_TYPE_U32, "u32", 32, 'u'},
    {FW_BRIG_TYPE_U64, "u64", 64, 'u'},
    {FW_BRIG_TYPE_S8, "s8", 8, 's'},
    {FW_BRIG_TYPE_S16, "s16", 16, 's'},
    {FW_BRIG_TYPE_S32, "s32", 32, 's'},
    {FW_BRIG_TYPE_S64, "s64", 64, 's'},
    {FW_BRIG_TYPE_F16, "f16", 16, 'f'},
    {FW_BRIG_TYPE_F32, "f32", 32, 'f'},
    {FW_BRIG_TYPE_F64, "f64", 64, 'f'},
    {FW_BRIG_TYPE_B1, "b1", 1, 'b'},
    {FW_BRIG_TYPE_B8, "b8", 8, 'b'},
    {FW_BRIG_TYPE_B16, "b16", 16, 'b'},
    {FW_BRIG_TYPE_B32, "b32", 32, 'b'},
    {FW_BRIG_TYPE_B64, "b64", 64, 'b'},
    {FW_BRIG_TYPE_B128, "b128", 128, 'b'},
    {FW_BRIG_TYPE_SAMP, "samp", 64, 'o'},
    {FW_BRIG_TYPE_ROIMG, "roimg", 64, 'o'},
    {FW_BRIG_TYPE_WOIMG, "woimg", 64, 'o'},
    {FW_BRIG_TYPE_RWIMG, "rwimg", 64, 'o'},
    {FW_BRIG_TYPE_SIG32, "sig32", 64, 'o'},
    {FW_BRIG_TYPE_SIG64, "sig64", 64, 'o'},
    // Packed types: element type | FW_BRIG_TYPE_PACK_{32,64,128}.
    {FW_BRIG_TYPE_U8 | FW_BRIG_TYPE_PACK_32, "u8x4", 32, 'p'},
    {FW_BRIG_TYPE_U8 | FW_BRIG_TYPE_PACK_64, "u8x8", 64, 'p'},
    {FW_BRIG_TYPE_U8 | FW_BRIG_TYPE_PACK_128, "u8x16", 128, 'p'},
    {FW_BRIG_TYPE_U16 | FW_BRIG_TYPE_PACK_32, "u16x2", 32, 'p'},
    {FW_BRIG_TYPE_U16 | FW_BRIG_TYPE_PACK_64, "u16x4", 64, 'p'},
    {FW_BRIG_TYPE_U16 | FW_BRIG_TYPE_PACK_128, "u16x8", 128, 'p'},
    {FW_BRIG_TYPE_U32 | FW_BRIG_TYPE_PACK_64, "u32x2", 64, 'p'},
    {FW_BRIG_TYPE_U32 | FW_BRIG_TYPE_PACK_128, "u32x4", 128, 'p'},
    {FW_BRIG_TYPE_U64 | FW_BRIG_TYPE_PACK_128, "u64x2", 128, 'p'},
    {FW_BRIG_TYPE_S8 | FW_BRIG_TYPE_PACK_32, "s8x4", 32, 'p'},
    {FW_BRIG_TYPE_S8 | FW_BRIG_TYPE_PACK_64, "s8x8", 64, 'p'},
    {FW_BRIG_TYPE_S8 | FW_BRIG_TYPE_PACK_128, "s8x16", 128, 'p'},
    {FW_BRIG_TYPE_S16 | FW_BRIG_TYPE_PACK_32, "s16x2", 32, 'p'},
    {FW_BRIG_TYPE_S16 | FW_BRIG_TYPE_PACK_64, "s16x4", 64, 'p'},
    {FW_BRIG_TYPE_S16 | FW_BRIG_TYPE_PACK_128, "s16x8", 128, 'p'},
    {FW_BRIG_TYPE_S32 | FW_BRIG_TYPE_PACK_64, "s32x2", 64, 'p'},
    {FW_BRIG_TYPE_S32 | FW_BRIG_TYPE_PACK_128, "s32x4", 128, 'p'},
    {FW_BRIG_TYPE_S64 | FW_BRIG_TYPE_PACK_128, "s64x2", 128, 'p'},
    {FW_BRIG_TYPE_F16 | FW_BRIG_TYPE_PACK_32, "f16x2", 32, 'p'},
    {FW_BRIG_TYPE_F16 | FW_BRIG_TYPE_PACK_64, "f16x4", 64, 'p'},
    {FW_BRIG_TYPE_F16 | FW_BRIG_TYPE_PACK_128, "f16x8", 128, 'p'},
    {FW_BRIG_TYPE_F32 | FW_BRIG_TYPE_PACK_64, "f32x2", 64, 'p'},
    {FW_BRIG_TYPE_F32 | FW_BRIG_TYPE_PACK_128, "f32x4", 128, 'p'},
    {FW_BRIG_TYPE_F64 | FW_BRIG_TYPE_PACK_128, "f64x2", 128, 'p'},
};

#define TABLE(var, ...)                                                           \
  const NameTable::Row var##_rows[] = {__VA_ARGS__};                              \
  }                                                                               \
  const NameTable var = {var##_rows, sizeof(var##_rows) / sizeof(var##_rows[0])}; \
  namespace {

}  // namespace

const TypeInfo* type_by_name(std::string_view name) {
  for (const TypeInfo& t : kTypes) {
    if (name == t.name) return &t;
  }
  return nullptr;
}

const TypeInfo* type_info(uint16_t type) {
  for (const TypeInfo& t : kTypes) {
    if (t.type == type) return &t;
  }
  return nullptr;
}

uint16_t array_element(uint16_t type) { return type & ~FW_BRIG_TYPE_ARRAY; }

bool is_packed(uint16_t type) { return FW_FIELD_GET(type, FW_BRIG_TYPE_PACK) != 0; }

uint16_t packed_element(uint16_t type) {
  return static_cast<uint16_t>(FW_FIELD_GET(type, FW_BRIG_TYPE_BASE));
}

uint16_t packed_unsigned(uint16_t type) {
  const TypeInfo* elem = type_info(packed_element(type));
  uint16_t u = FW_BRIG_TYPE_NONE;
  switch (elem ? elem->bits : 0) {
    case 8:
      u = FW_BRIG_TYPE_U8;
      break;
    case 16:
      u = FW_BRIG_TYPE_U16;
      break;
    case 32:
      u = FW_BRIG_TYPE_U32;
      break;
    case 64:
      u = FW_BRIG_TYPE_U64;
      break;
    default:
      return type;
  }
  return static_cast<uint16_t>((type & ~uint16_t{0x1f}) | u);
}

unsigned packed_count(uint16_t type) {
  const TypeInfo* all = type_info(type);
  const TypeInfo* elem = type_info(packed_element(type));
  return all && elem && elem->bits ? all->bits / elem->bits : 1;
}
bool is_array(uint16_t type) { return (type & FW_BRIG_TYPE_ARRAY) != 0; }

uint8_t alignment_from_bytes(uint64_t bytes) {
  for (uint8_t a = FW_BRIG_ALIGNMENT_1; a <= FW_BRIG_ALIGNMENT_MAX; ++a) {
    if (alignment_bytes(a) == bytes) return a;
  }
  return 0;
}

uint64_t alignment_bytes(uint8_t align) {
  return align >= FW_BRIG_ALIGNMENT_1 && align <= FW_BRIG_ALIGNMENT_MAX ? 1ull << (align - 1) : 0;
}

uint8_t natural_alignment(uint16_t type) {
  const TypeInfo* t = type_info(type);
  if (t == nullptr || t->bits <= 8) return FW_BRIG_ALIGNMENT_1;
  return alignment_from_bytes(t->bits / 8);
}

int NameTable::lookup(std::string_view n) const {
  for (int i = 0; i < count; ++i) {
    if (n == rows[i].name) return rows[i].value;
  }
  return -1;
}

const char* NameTable::name(int value) const {
  for (int i = 0; i < count; ++i) {
    if (rows[i].value == value) return rows[i].name;
  }
  return nullptr;
}

namespace {

TABLE(kSegmentNames, {FW_BRIG_SEGMENT_GLOBAL, "global"}, {FW_BRIG_SEGMENT_READONLY, "readonly"},
      {FW_BRIG_SEGMENT_KERNARG, "kernarg"}, {FW_BRIG_SEGMENT_GROUP, "group"},
      {FW_BRIG_SEGMENT_PRIVATE, "private"}, {FW_BRIG_SEGMENT_SPILL, "spill"},
      {FW_BRIG_SEGMENT_ARG, "arg"})

TABLE(kCompareNames, {FW_BRIG_COMPARE_EQ, "eq"}, {FW_BRIG_COMPARE_NE, "ne"},
      {FW_BRIG_COMPARE_LT, "lt"}, {FW_BRIG_COMPARE_LE, "le"}, {FW_BRIG_COMPARE_GT, "gt"},
      {FW_BRIG_COMPARE_GE, "ge"}, {FW_BRIG_COMPARE_EQU, "equ"}, {FW_BRIG_COMPARE_NEU, "neu"},
      {FW_BRIG_COMPARE_LTU, "ltu"}, {FW_BRIG_COMPARE_LEU, "leu"}, {FW_BRIG_COMPARE_GTU, "gtu"},
      {FW_BRIG_COMPARE_GEU, "geu"}, {FW_BRIG_COMPARE_NUM, "num"}, {FW_BRIG_COMPARE_NAN, "nan"},
      {FW_BRIG_COMPARE_SEQ, "seq"}, {FW_BRIG_COMPARE_SNE, "sne"}, {FW_BRIG_COMPARE_SLT, "slt"},
      {FW_BRIG_COMPARE_SLE, "sle"}, {FW_BRIG_COMPARE_SGT, "sgt"}, {FW_BRIG_COMPARE_SGE, "sge"},
      {FW_BRIG_COMPARE_SGEU, "sgeu"}, {FW_BRIG_COMPARE_SEQU, "sequ"},
      {FW_BRIG_COMPARE_SNEU, "sneu"}, {FW_BRIG_COMPARE_SLTU, "sltu"},
      {FW_BRIG_COMPARE_SLEU, "sleu"}, {FW_BRIG_COMPARE_SNUM, "snum"},
      {FW_BRIG_COMPARE_SNAN, "snan"}, {FW_BRIG_COMPARE_SGTU, "sgtu"})

TABLE(kRoundNames, {FW_BRIG_ROUND_FLOAT_NEAR_EVEN, "near"}, {FW_BRIG_ROUND_FLOAT_ZERO, "zero"},
      {FW_BRIG_ROUND_FLOAT_PLUS_INFINITY, "up"}, {FW_BRIG_ROUND_FLOAT_MINUS_INFINITY, "down"},
      {FW_BRIG_ROUND_INTEGER_NEAR_EVEN, "neari"}, {FW_BRIG_ROUND_INTEGER_ZERO, "zeroi"},
      {FW_BRIG_ROUND_INTEGER_PLUS_INFINITY, "upi"}, {FW_BRIG_ROUND_INTEGER_MINUS_INFINITY, "downi"},
      {FW_BRIG_ROUND_INTEGER_NEAR_EVEN_SAT, "neari_sat"},
      {FW_BRIG_ROUND_INTEGER_ZERO_SAT, "zeroi_sat"},
      {FW_BRIG_ROUND_INTEGER_PLUS_INFINITY_SAT, "upi_sat"},
      {FW_BRIG_ROUND_INTEGER_MINUS_INFINITY_SAT, "downi_sat"},
      {FW_BRIG_ROUND_INTEGER_SIGNALING_NEAR_EVEN, "sneari"},
      {FW_BRIG_ROUND_INTEGER_SIGNALING_ZERO, "szeroi"},
      {FW_BRIG_ROUND_INTEGER_SIGNALING_PLUS_INFINITY, "supi"},
      {FW_BRIG_ROUND_INTEGER_SIGNALING_MINUS_INFINITY, "sdowni"},
      {FW_BRIG_ROUND_INTEGER_SIGNALING_NEAR_EVEN_SAT, "sneari_sat"},
      {FW_BRIG_ROUND_INTEGER_SIGNALING_ZERO_SAT, "szeroi_sat"},
      {FW_BRIG_ROUND_INTEGER_SIGNALING_PLUS_INFINITY_SAT, "supi_sat"},
      {FW_BRIG_ROUND_INTEGER_SIGNALING_MINUS_INFINITY_SAT, "sdowni_sat"})

TABLE(kPackNames, {FW_BRIG_PACK_PP, "pp"}, {FW_BRIG_PACK_PS, "ps"}, {FW_BRIG_PACK_SP, "sp"},
      {FW_BRIG_PACK_SS, "ss"}, {FW_BRIG_PACK_S, "s"}, {FW_BRIG_PACK_P, "p"},
      {FW_BRIG_PACK_PPSAT, "pp_sat"}, {FW_BRIG_PACK_PSSAT, "ps_sat"},
      {FW_BRIG_PACK_SPSAT, "sp_sat"}, {FW_BRIG_PACK_SSSAT, "ss_sat"}, {FW_BRIG_PACK_SSAT, "s_sat"},
      {FW_BRIG_PACK_PSAT, "p_sat"})

TABLE(kGeometryNames, {FW_BRIG_GEOMETRY_1D, "1d"}, {FW_BRIG_GEOMETRY_2D, "2d"},
      {FW_BRIG_GEOMETRY_3D, "3d"}, {FW_BRIG_GEOMETRY_1DA, "1da"}, {FW_BRIG_GEOMETRY_2DA, "2da"},
      {FW_BRIG_GEOMETRY_1DB, "1db"}, {FW_BRIG_GEOMETRY_2DDEPTH, "2ddepth"},
      {FW_BRIG_GEOMETRY_2DADEPTH, "2dadepth"})

TABLE(kImageQueryNames, {FW_BRIG_IMAGE_QUERY_WIDTH, "width"},
      {FW_BRIG_IMAGE_QUERY_HEIGHT, "height"}, {FW_BRIG_IMAGE_QUERY_DEPTH, "depth"},
      {FW_BRIG_IMAGE_QUERY_ARRAY, "array"}, {FW_BRIG_IMAGE_QUERY_CHANNELORDER, "channelorder"},
      {FW_BRIG_IMAGE_QUERY_CHANNELTYPE, "channeltype"})

TABLE(kSamplerQueryNames, {FW_BRIG_SAMPLER_QUERY_ADDRESSING, "addressing"},
      {FW_BRIG_SAMPLER_QUERY_COORD, "coord"}, {FW_BRIG_SAMPLER_QUERY_FILTER, "filter"})

TABLE(kChannelOrderNames, {FW_BRIG_CHANNEL_ORDER_A, "a"}, {FW_BRIG_CHANNEL_ORDER_R, "r"},
      {FW_BRIG_CHANNEL_ORDER_RX, "rx"}, {FW_BRIG_CHANNEL_ORDER_RG, "rg"},
      {FW_BRIG_CHANNEL_ORDER_RGX, "rgx"}, {FW_BRIG_CHANNEL_ORDER_RA, "ra"},
      {FW_BRIG_CHANNEL_ORDER_RGB, "rgb"}, {FW_BRIG_CHANNEL_ORDER_RGBX, "rgbx"},
      {FW_BRIG_CHANNEL_ORDER_RGBA, "rgba"}, {FW_BRIG_CHANNEL_ORDER_BGRA, "bgra"},
      {FW_BRIG_CHANNEL_ORDER_ARGB, "argb"}, {FW_BRIG_CHANNEL_ORDER_ABGR, "abgr"},
      {FW_BRIG_CHANNEL_ORDER_SRGB, "srgb"}, {FW_BRIG_CHANNEL_ORDER_SRGBX, "srgbx"},
      {FW_BRIG_CHANNEL_ORDER_SRGBA, "srgba"}, {FW_BRIG_CHANNEL_ORDER_SBGRA, "sbgra"},
      {FW_BRIG_CHANNEL_ORDER_INTENSITY, "intensity"},
      {FW_BRIG_CHANNEL_ORDER_LUMINANCE, "luminance"}, {FW_BRIG_CHANNEL_ORDER_DEPTH, "depth"},
      {FW_BRIG_CHANNEL_ORDER_DEPTH_STENCIL, "depth_stencil"})

TABLE(kChannelTypeNames, {FW_BRIG_CHANNEL_TYPE_SNORM_INT8, "snorm_int8"},
      {FW_BRIG_CHANNEL_TYPE_SNORM_INT16, "snorm_int16"},
      {FW_BRIG_CHANNEL_TYPE_UNORM_INT8, "unorm_int8"},
      {FW_BRIG_CHANNEL_TYPE_UNORM_INT16, "unorm_int16"},
      {FW_BRIG_CHANNEL_TYPE_UNORM_INT24, "unorm_int24"},
      {FW_BRIG_CHANNEL_TYPE_UNORM_SHORT_555, "unorm_short_555"},
      {FW_BRIG_CHANNEL_TYPE_UNORM_SHORT_565, "unorm_short_565"},
      {FW_BRIG_CHANNEL_TYPE_UNORM_INT_101010, "unorm_int_101010"},
      {FW_BRIG_CHANNEL_TYPE_SIGNED_INT8, "signed_int8"},
      {FW_BRIG_CHANNEL_TYPE_SIGNED_INT16, "signed_int16"},
      {FW_BRIG_CHANNEL_TYPE_SIGNED_INT32, "signed_int32"},
      {FW_BRIG_CHANNEL_TYPE_UNSIGNED_INT8, "unsigned_int8"},
      {FW_BRIG_CHANNEL_TYPE_UNSIGNED_INT16, "unsigned_int16"},
      {FW_BRIG_CHANNEL_TYPE_UNSIGNED_INT32, "unsigned_int32"},
      {FW_BRIG_CHANNEL_TYPE_HALF_FLOAT, "half_float"}, {FW_BRIG_CHANNEL_TYPE_FLOAT, "float"})

TABLE(kAddressingNames, {FW_BRIG_SAMPLER_ADDRESSING_UNDEFINED, "undefined"},
      {FW_BRIG_SAMPLER_ADDRESSING_CLAMP_TO_EDGE, "clamp_to_edge"},
      {FW_BRIG_SAMPLER_ADDRESSING_CLAMP_TO_BORDER, "clamp_to_border"},
      {FW_BRIG_SAMPLER_ADDRESSING_REPEAT, "repeat"},
      {FW_BRIG_SAMPLER_ADDRESSING_MIRRORED_REPEAT, "mirrored_repeat"})

TABLE(kCoordNames, {FW_BRIG_SAMPLER_COORD_UNNORMALIZED, "unnormalized"},
      {FW_BRIG_SAMPLER_COORD_NORMALIZED, "normalized"})

TABLE(kFilterNames, {FW_BRIG_SAMPLER_FILTER_NEAREST, "nearest"},
      {FW_BRIG_SAMPLER_FILTER_LINEAR, "linear"})

TABLE(kMemoryOrderNames, {FW_BRIG_MEMORY_ORDER_RELAXED, "rlx"},
      {FW_BRIG_MEMORY_ORDER_SC_ACQUIRE, "scacq"}, {FW_BRIG_MEMORY_ORDER_SC_RELEASE, "screl"},
      {FW_BRIG_MEMORY_ORDER_SC_ACQUIRE_RELEASE, "scar"})

TABLE(kMemoryScopeNames, {FW_BRIG_MEMORY_SCOPE_WORKITEM, "wi"},
      {FW_BRIG_MEMORY_SCOPE_WAVEFRONT, "wave"}, {FW_BRIG_MEMORY_SCOPE_WORKGROUP, "wg"},
      {FW_BRIG_MEMORY_SCOPE_AGENT, "agent"}, {FW_BRIG_MEMORY_SCOPE_SYSTEM, "system"})

TABLE(kAtomicOpNames, {FW_BRIG_ATOMIC_ADD, "add"}, {FW_BRIG_ATOMIC_AND, "and"},
      {FW_BRIG_ATOMIC_CAS, "cas"}, {FW_BRIG_ATOMIC_EXCH, "exch"}, {FW_BRIG_ATOMIC_LD, "ld"},
      {FW_BRIG_ATOMIC_MAX, "max"}, {FW_BRIG_ATOMIC_MIN, "min"}, {FW_BRIG_ATOMIC_OR, "or"},
      {FW_BRIG_ATOMIC_ST, "st"}, {FW_BRIG_ATOMIC_SUB, "sub"}, {FW_BRIG_ATOMIC_WRAPDEC, "wrapdec"},
      {FW_BRIG_ATOMIC_WRAPINC, "wrapinc"}, {FW_BRIG_ATOMIC_XOR, "xor"},
      {FW_BRIG_ATOMIC_WAIT_EQ, "wait_eq"}, {FW_BRIG_ATOMIC_WAIT_NE, "wait_ne"},
      {FW_BRIG_ATOMIC_WAIT_LT, "wait_lt"}, {FW_BRIG_ATOMIC_WAIT_GTE, "wait_gte"},
      {FW_BRIG_ATOMIC_WAITTIMEOUT_EQ, "waittimeout_eq"},
      {FW_BRIG_ATOMIC_WAITTIMEOUT_NE, "waittimeout_ne"},
      {FW_BRIG_ATOMIC_WAITTIMEOUT_LT, "waittimeout_lt"},
      {FW_BRIG_ATOMIC_WAITTIMEOUT_GTE, "waittimeout_gte"})

TABLE(kOpcodeNames, {FW_BRIG_OPCODE_NOP, "nop"}, {FW_BRIG_OPCODE_ABS, "abs"},
      {FW_BRIG_OPCODE_ADD, "add"}, {FW_BRIG_OPCODE_BORROW, "borrow"},
      {FW_BRIG_OPCODE_CARRY, "carry"}, {FW_BRIG_OPCODE_CEIL, "ceil"},
      {FW_BRIG_OPCODE_COPYSIGN, "copysign"}, {FW_BRIG_OPCODE_DIV, "div"},
      {FW_BRIG_OPCODE_FLOOR, "floor"}, {FW_BRIG_OPCODE_FMA, "fma"}, {FW_BRIG_OPCODE_FRACT, "fract"},
      {FW_BRIG_OPCODE_MAD, "mad"}, {FW_BRIG_OPCODE_MAX, "max"}, {FW_BRIG_OPCODE_MIN, "min"},
      {FW_BRIG_OPCODE_MUL, "mul"}, {FW_BRIG_OPCODE_MULHI, "mulhi"}, {FW_BRIG_OPCODE_NEG, "neg"},
      {FW_BRIG_OPCODE_REM, "rem"}, {FW_BRIG_OPCODE_RINT, "rint"}, {FW_BRIG_OPCODE_SQRT, "sqrt"},
      {FW_BRIG_OPCODE_SUB, "sub"}, {FW_BRIG_OPCODE_TRUNC, "trunc"}, {FW_BRIG_OPCODE_MAD24, "mad24"},
      {FW_BRIG_OPCODE_MAD24HI, "mad24hi"}, {FW_BRIG_OPCODE_MUL24, "mul24"},
      {FW_BRIG_OPCODE_MUL24HI, "mul24hi"}, {FW_BRIG_OPCODE_SHL, "shl"}, {FW_BRIG_OPCODE_SHR, "shr"},
      {FW_BRIG_OPCODE_AND, "and"}, {FW_BRIG_OPCODE_NOT, "not"}, {FW_BRIG_OPCODE_OR, "or"},
      {FW_BRIG_OPCODE_POPCOUNT, "popcount"}, {FW_BRIG_OPCODE_XOR, "xor"},
      {FW_BRIG_OPCODE_BITEXTRACT, "bitextract"}, {FW_BRIG_OPCODE_BITINSERT, "bitinsert"},
      {FW_BRIG_OPCODE_BITMASK, "bitmask"}, {FW_BRIG_OPCODE_BITREV, "bitrev"},
      {FW_BRIG_OPCODE_BITSELECT, "bitselect"}, {FW_BRIG_OPCODE_FIRSTBIT, "firstbit"},
      {FW_BRIG_OPCODE_LASTBIT, "lastbit"}, {FW_BRIG_OPCODE_COMBINE, "combine"},
      {FW_BRIG_OPCODE_EXPAND, "expand"}, {FW_BRIG_OPCODE_LDA, "lda"}, {FW_BRIG_OPCODE_MOV, "mov"},
      {FW_BRIG_OPCODE_SHUFFLE, "shuffle"}, {FW_BRIG_OPCODE_UNPACKHI, "unpackhi"},
      {FW_BRIG_OPCODE_UNPACKLO, "unpacklo"}, {FW_BRIG_OPCODE_PACK, "pack"},
      {FW_BRIG_OPCODE_UNPACK, "unpack"}, {FW_BRIG_OPCODE_CMOV, "cmov"},
      {FW_BRIG_OPCODE_CLASS, "class"}, {FW_BRIG_OPCODE_NCOS, "ncos"},
      {FW_BRIG_OPCODE_NEXP2, "nexp2"}, {FW_BRIG_OPCODE_NFMA, "nfma"},
      {FW_BRIG_OPCODE_NLOG2, "nlog2"}, {FW_BRIG_OPCODE_NRCP, "nrcp"},
      {FW_BRIG_OPCODE_NRSQRT, "nrsqrt"}, {FW_BRIG_OPCODE_NSIN, "nsin"},
      {FW_BRIG_OPCODE_NSQRT, "nsqrt"}, {FW_BRIG_OPCODE_BITALIGN, "bitalign"},
      {FW_BRIG_OPCODE_BYTEALIGN, "bytealign"}, {FW_BRIG_OPCODE_PACKCVT, "packcvt"},
      {FW_BRIG_OPCODE_UNPACKCVT, "unpackcvt"}, {FW_BRIG_OPCODE_LERP, "lerp"},
      {FW_BRIG_OPCODE_SAD, "sad"}, {FW_BRIG_OPCODE_SADHI, "sadhi"},
      {FW_BRIG_OPCODE_SEGMENTP, "segmentp"}, {FW_BRIG_OPCODE_FTOS, "ftos"},
      {FW_BRIG_OPCODE_STOF, "stof"}, {FW_BRIG_OPCODE_CMP, "cmp"}, {FW_BRIG_OPCODE_CVT, "cvt"},
      {FW_BRIG_OPCODE_LD, "ld"}, {FW_BRIG_OPCODE_ST, "st"}, {FW_BRIG_OPCODE_ATOMIC, "atomic"},
      {FW_BRIG_OPCODE_ATOMICNORET, "atomicnoret"}, {FW_BRIG_OPCODE_SIGNAL, "signal"},
      {FW_BRIG_OPCODE_SIGNALNORET, "signalnoret"}, {FW_BRIG_OPCODE_MEMFENCE, "memfence"},
      {FW_BRIG_OPCODE_RDIMAGE, "rdimage"}, {FW_BRIG_OPCODE_LDIMAGE, "ldimage"},
      {FW_BRIG_OPCODE_STIMAGE, "stimage"}, {FW_BRIG_OPCODE_IMAGEFENCE, "imagefence"},
      {FW_BRIG_OPCODE_QUERYIMAGE, "queryimage"}, {FW_BRIG_OPCODE_QUERYSAMPLER, "querysampler"},
      {FW_BRIG_OPCODE_CBR, "cbr"}, {FW_BRIG_OPCODE_BR, "br"}, {FW_BRIG_OPCODE_SBR, "sbr"},
      {FW_BRIG_OPCODE_BARRIER, "barrier"}, {FW_BRIG_OPCODE_WAVEBARRIER, "wavebarrier"},
      {FW_BRIG_OPCODE_ARRIVEFBAR, "arrivefbar"}, {FW_BRIG_OPCODE_INITFBAR, "initfbar"},
      {FW_BRIG_OPCODE_JOINFBAR, "joinfbar"}, {FW_BRIG_OPCODE_LEAVEFBAR, "leavefbar"},
      {FW_BRIG_OPCODE_RELEASEFBAR, "releasefbar"}, {FW_BRIG_OPCODE_WAITFBAR, "waitfbar"},
      {FW_BRIG_OPCODE_LDF, "ldf"}, {FW_BRIG_OPCODE_ACTIVELANECOUNT, "activelanecount"},
      {FW_BRIG_OPCODE_ACTIVELANEID, "activelaneid"},
      {FW_BRIG_OPCODE_ACTIVELANEMASK, "activelanemask"},
      {FW_BRIG_OPCODE_ACTIVELANEPERMUTE, "activelanepermute"}, {FW_BRIG_OPCODE_CALL, "call"},
      {FW_BRIG_OPCODE_SCALL, "scall"}, {FW_BRIG_OPCODE_ICALL, "icall"}, {FW_BRIG_OPCODE_RET, "ret"},
      {FW_BRIG_OPCODE_ALLOCA, "alloca"},
      {FW_BRIG_OPCODE_CURRENTWORKGROUPSIZE, "currentworkgroupsize"},
      {FW_BRIG_OPCODE_CURRENTWORKITEMFLATID, "currentworkitemflatid"}, {FW_BRIG_OPCODE_DIM, "dim"},
      {FW_BRIG_OPCODE_GRIDGROUPS, "gridgroups"}, {FW_BRIG_OPCODE_GRIDSIZE, "gridsize"},
      {FW_BRIG_OPCODE_PACKETCOMPLETIONSIG, "packetcompletionsig"},
      {FW_BRIG_OPCODE_PACKETID, "packetid"}, {FW_BRIG_OPCODE_WORKGROUPID, "workgroupid"},
      {FW_BRIG_OPCODE_WORKGROUPSIZE, "workgroupsize"},
      {FW_BRIG_OPCODE_WORKITEMABSID, "workitemabsid"},
      {FW_BRIG_OPCODE_WORKITEMFLATABSID, "workitemflatabsid"},
      {FW_BRIG_OPCODE_WORKITEMFLATID, "workitemflatid"}, {FW_BRIG_OPCODE_WORKITEMID, "workitemid"},
      {FW_BRIG_OPCODE_CLEARDETECTEXCEPT, "cleardetectexcept"},
      {FW_BRIG_OPCODE_GETDETECTEXCEPT, "getdetectexcept"},
      {FW_BRIG_OPCODE_SETDETECTEXCEPT, "setdetectexcept"},
      {FW_BRIG_OPCODE_ADDQUEUEWRITEINDEX, "addqueuewriteindex"},
      {FW_BRIG_OPCODE_CASQUEUEWRITEINDEX, "casqueuewriteindex"},
      {FW_BRIG_OPCODE_LDQUEUEREADINDEX, "ldqueuereadindex"},
      {FW_BRIG_OPCODE_LDQUEUEWRITEINDEX, "ldqueuewriteindex"},
      {FW_BRIG_OPCODE_STQUEUEREADINDEX, "stqueuereadindex"},
      {FW_BRIG_OPCODE_STQUEUEWRITEINDEX, "stqueuewriteindex"}, {FW_BRIG_OPCODE_CLOCK, "clock"},
      {FW_BRIG_OPCODE_CUID, "cuid"}, {FW_BRIG_OPCODE_DEBUGTRAP, "debugtrap"},
      {FW_BRIG_OPCODE_GROUPBASEPTR, "groupbaseptr"},
      {FW_BRIG_OPCODE_KERNARGBASEPTR, "kernargbaseptr"}, {FW_BRIG_OPCODE_LANEID, "laneid"},
      {FW_BRIG_OPCODE_MAXCUID, "maxcuid"}, {FW_BRIG_OPCODE_MAXWAVEID, "maxwaveid"},
      {FW_BRIG_OPCODE_NULLPTR, "nullptr"}, {FW_BRIG_OPCODE_WAVEID, "waveid"})

}  // namespace

namespace {

const ControlDirectiveInfo kControlDirectives[] = {
    {FW_BRIG_CONTROL_ENABLEBREAKEXCEPTIONS, "enablebreakexceptions", FW_BRIG_TYPE_U32, 1},
    {FW_BRIG_CONTROL_ENABLEDETECTEXCEPTIONS, "enabledetectexceptions", FW_BRIG_TYPE_U32, 1},
    {FW_BRIG_CONTROL_MAXDYNAMICGROUPSIZE, "maxdynamicgroupsize", FW_BRIG_TYPE_U32, 1},
    {FW_BRIG_CONTROL_MAXFLATGRIDSIZE, "maxflatgridsize", FW_BRIG_TYPE_U64, 1},
    {FW_BRIG_CONTROL_MAXFLATWORKGROUPSIZE, "maxflatworkgroupsize", FW_BRIG_TYPE_U32, 1},
    {FW_BRIG_CONTROL_REQUIREDDIM, "requireddim", FW_BRIG_TYPE_U32, 1},
    {FW_BRIG_CONTROL_REQUIREDGRIDSIZE, "requiredgridsize", FW_BRIG_TYPE_U64, 3},
    {FW_BRIG_CONTROL_REQUIREDWORKGROUPSIZE, "requiredworkgroupsize", FW_BRIG_TYPE_U32, 3},
    {FW_BRIG_CONTROL_REQUIRENOPARTIALWORKGROUPS, "requirenopartialworkgroups", FW_BRIG_TYPE_NONE,
     0},
};

}  // namespace

const ControlDirectiveInfo* control_directive(std::string_view name) {
  for (const ControlDirectiveInfo& c : kControlDirectives) {
    if (name == c.name) return &c;
  }
  return nullptr;
}

const ControlDirectiveInfo* control_directive(uint16_t control) {
  for (const ControlDirectiveInfo& c : kControlDirectives) {
    if (control == c.control) return &c;
  }
  return nullptr;
}

unsigned geometry_coordinates(int geometry) {
  switch (geometry) {
    case FW_BRIG_GEOMETRY_1D:
    case FW_BRIG_GEOMETRY_1DB:
      return 1;
    case FW_BRIG_GEOMETRY_2D:
    case FW_BRIG_GEOMETRY_1DA:
    case FW_BRIG_GEOMETRY_2DDEPTH:
      return 2;
    default:
      return 3;
  }
}

int register_kind_from_letter(char c) {
  switch (c) {
    case 'c':
      return FW_BRIG_REGISTER_KIND_CONTROL;
    case 's':
      return FW_BRIG_REGISTER_KIND_SINGLE;
    case 'd':
      return FW_BRIG_REGISTER_KIND_DOUBLE;
    case 'q':
      return FW_BRIG_REGISTER_KIND_QUAD;
    default:
      return -1;
  }
}

char register_kind_letter(int kind) {
  static const char kLetters[] = {'c', 's', 'd', 'q'};
  return kind >= 0 && kind < 4 ? kLetters[kind] : '?';
}

unsigned register_kind_bits(int kind) {
  static const unsigned kBits[] = {1, 32, 64, 128};
  return kind >= 0 && kind < 4 ? kBits[kind] : 0;
}

int register_kind_for_bits(unsigned bits) {
  if (bits == 1) return FW_BRIG_REGISTER_KIND_CONTROL;
  if (bits <= 32) return FW_BRIG_REGISTER_KIND_SINGLE;
  if (bits == 64) return FW_BRIG_REGISTER_KIND_DOUBLE;
  if (bits == 128) return FW_BRIG_REGISTER_KIND_QUAD;
  return -1;
}

}  // namespace hsail
