// Type and modifier rules of instructions (PRM 4.14, 4.19.2, 5, 9, 11):
// the entry's format, types and source types, ftz, roundings, packing
// controls, compare operations, conversions, and the operands that must be
// immediates or may not be WAVESIZE. The parser rejects much of this while
// reading text; everything is checked again here on the entry itself, so a
// BRIG module gets the same judgement.
#include <string>
#include <string_view>

#include <hsail/brig/inst_table.h>
#include <hsail/brig/names.h>

#include "validator_impl.h"

namespace hsail::validator_detail {

namespace {

// ---- small helpers ----------------------------------------------------

bool in_list(std::string_view all, std::string_view word) {
  size_t pos = 0;
  while (pos <= all.size()) {
    size_t end = all.find(' ', pos);
    if (end == std::string_view::npos) end = all.size();
    if (all.substr(pos, end - pos) == word) return true;
    pos = end + 1;
  }
  return false;
}

std::string type_name(uint16_t t) {
  if (t == FW_BRIG_TYPE_NONE) return "none";
  const TypeInfo* i = type_info(t);
  return i != nullptr ? i->name : "#" + std::to_string(t);
}

std::string enum_name(const NameTable& table, int value) {
  const char* n = table.name(value);
  return n != nullptr ? n : "#" + std::to_string(value);
}

// 'i' integer (u, s), 'f' float, 'b' bit, 'I' packed integer, 'F' packed
// float, 'o' opaque or unknown: the classes the rules below are written in.
char type_class(uint16_t t) {
  if (is_packed(t)) {
    const TypeInfo* e = type_info(packed_element(t));
    return e != nullptr && e->cls == 'f' ? 'F' : 'I';
  }
  const TypeInfo* i = type_info(t);
  if (i == nullptr) return 'o';
  switch (i->cls) {
    case 'u':
    case 's':
      return 'i';
    case 'f':
      return 'f';
    case 'b':
      return 'b';
    default:
      return 'o';
  }
}

unsigned type_bits(uint16_t t) {
  const TypeInfo* i = type_info(t);
  return i != nullptr ? i->bits : 0;
}

// ---- what the entry says ----------------------------------------------

// Fields an instruction entry may carry; -1 where its format has none.
struct Fields {
  const InstDesc* desc = nullptr;
  uint16_t type = 0;
  int stype = -1;  // source type; the image type of image instructions
  int coord = -1;  // coordinate type of image instructions
  bool ftz = false;
  int round = -1;
  int pack = -1;
  int compare = -1;
};

// The BRIG kinds each inst_table format is written as (PRM 18.5.2); kMod
// rows without modifiers are written as InstBasic, as HSAILasm does.
bool kind_fits(InstFormat f, uint16_t kind) {
  switch (f) {
    case InstFormat::kBasic:
      return kind == FW_BRIG_KIND_INST_BASIC;
    case InstFormat::kMod:
      return kind == FW_BRIG_KIND_INST_MOD || kind == FW_BRIG_KIND_INST_BASIC;
    case InstFormat::kMem:
      return kind == FW_BRIG_KIND_INST_MEM;
    case InstFormat::kAddr:
      return kind == FW_BRIG_KIND_INST_ADDR;
    case InstFormat::kCmp:
      return kind == FW_BRIG_KIND_INST_CMP;
    case InstFormat::kCvt:
      return kind == FW_BRIG_KIND_INST_CVT;
    case InstFormat::kBr:
      return kind == FW_BRIG_KIND_INST_BR;
    case InstFormat::kAtomic:
      return kind == FW_BRIG_KIND_INST_ATOMIC;
    case InstFormat::kMemFence:
      return kind == FW_BRIG_KIND_INST_MEM_FENCE;
    case InstFormat::kSourceType:
      return kind == FW_BRIG_KIND_INST_SOURCE_TYPE;
    case InstFormat::kSeg:
      return kind == FW_BRIG_KIND_INST_SEG;
    case InstFormat::kSegCvt:
      return kind == FW_BRIG_KIND_INST_SEG_CVT;
    case InstFormat::kLane:
      return kind == FW_BRIG_KIND_INST_LANE;
    case InstFormat::kQueue:
      return kind == FW_BRIG_KIND_INST_QUEUE;
    case InstFormat::kSignal:
      return kind == FW_BRIG_KIND_INST_SIGNAL;
    case InstFormat::kImage:
      return kind == FW_BRIG_KIND_INST_IMAGE;
    case InstFormat::kQueryImage:
      return kind == FW_BRIG_KIND_INST_QUERY_IMAGE;
    case InstFormat::kQuerySampler:
      return kind == FW_BRIG_KIND_INST_QUERY_SAMPLER;
  }
  return false;
}

Fields read_fields(const Context& c) {
  Fields f;
  fw_brig_inst_base b = c.inst();
  f.type = b.type;
  const char* op = kOpcodeNames.name(b.opcode);
  f.desc = find_inst(b.opcode);
  if (f.desc == nullptr) {
    c.fail(op != nullptr ? std::string("instruction '") + op + "' is not supported"
                         : "unknown opcode " + std::to_string(b.opcode));
  }
  if (!kind_fits(f.desc->format, c.kind)) {
    c.fail(std::string("instruction '") + f.desc->name +
           "' has the wrong BRIG format (PRM 18.5.2)");
  }
  switch (c.kind) {
    case FW_BRIG_KIND_INST_MOD: {
      auto i = c.entry<fw_brig_inst_mod>();
      f.ftz = (i.modifier & FW_BRIG_ALU_MODIFIER_FTZ) != 0;
      f.round = i.round;
      f.pack = i.pack;
      break;
    }
    case FW_BRIG_KIND_INST_CMP: {
      auto i = c.entry<fw_brig_inst_cmp>();
      f.stype = i.source_type;
      f.ftz = (i.modifier & FW_BRIG_ALU_MODIFIER_FTZ) != 0;
      f.compare = i.compare;
      f.pack = i.pack;
      break;
    }
    case FW_BRIG_KIND_INST_CVT: {
      auto i = c.entry<fw_brig_inst_cvt>();
      f.stype = i.source_type;
      f.ftz = (i.modifier & FW_BRIG_ALU_MODIFIER_FTZ) != 0;
      f.round = i.round;
      break;
    }
    case FW_BRIG_KIND_INST_SOURCE_TYPE:
      f.stype = c.entry<fw_brig_inst_source_type>().source_type;
      break;
    case FW_BRIG_KIND_INST_SEG_CVT:
      f.stype = c.entry<fw_brig_inst_seg_cvt>().source_type;
      break;
    case FW_BRIG_KIND_INST_LANE:
      f.stype = c.entry<fw_brig_inst_lane>().source_type;
      break;
    case FW_BRIG_KIND_INST_SIGNAL:
      f.stype = c.entry<fw_brig_inst_signal>().signal_type;
      break;
    case FW_BRIG_KIND_INST_IMAGE: {
      auto i = c.entry<fw_brig_inst_image>();
      f.stype = i.image_type;
      f.coord = i.coord_type;
      break;
    }
    case FW_BRIG_KIND_INST_QUERY_IMAGE:
      f.stype = c.entry<fw_brig_inst_query_image>().image_type;
      break;
    default:
      break;
  }
  return f;
}

// ---- types against the inst_table row ---------------------------------

// The row lists the union of the types an opcode takes (instruction and
// source types together); the exact pairs follow in kTypeRules.
void check_row_types(const Context& c, const Fields& f) {
  const InstDesc& d = *f.desc;
  std::string op = d.name;
  if (d.untyped) {
    if (f.type != FW_BRIG_TYPE_NONE) c.fail(op + " takes no type");
  } else if (!inst_allows_type(d, type_name(f.type))) {
    c.fail(op + " does not take type " + type_name(f.type));
  }
  if (f.stype < 0) return;
  auto stype = static_cast<uint16_t>(f.stype);
  if (!d.source_type) {
    if (stype != FW_BRIG_TYPE_NONE) c.fail(op + " takes no source type");
  } else if (!inst_allows_type(d, type_name(stype))) {
    c.fail(op + " does not take source type " + type_name(stype));
  }
  if (f.coord >= 0) {
    auto coord = static_cast<uint16_t>(f.coord);
    if (!inst_allows_type(d, type_name(coord)) || type_class(coord) == 'o') {
      c.fail(op + " does not take coordinate type " + type_name(coord) + " (PRM 7.2)");
    }
  }
}

// Modifier fields the row does not take at all.
void check_row_modifiers(const Context& c, const Fields& f) {
  const InstDesc& d = *f.desc;
  std::string op = d.name;
  if (f.ftz && !(d.modifiers & kModFtz)) c.fail(op + " does not take ftz");
  if (f.round >= 0 && kRoundNames.name(f.round) == nullptr && f.round != FW_BRIG_ROUND_NONE &&
      f.round != FW_BRIG_ROUND_FLOAT_DEFAULT) {
    c.fail(op + " has an unknown rounding " + std::to_string(f.round));
  }
  if (f.round > FW_BRIG_ROUND_NONE && !(d.modifiers & kModRound)) {
    c.fail(op + " does not take a rounding modifier");
  }
  if (f.pack >= 0 && f.pack != FW_BRIG_PACK_NONE) {
    if (kPackNames.name(f.pack) == nullptr) {
      c.fail(op + " has an unknown packing control " + std::to_string(f.pack));
    }
    if (!(d.modifiers & kModPack)) c.fail(op + " does not take a packing control");
  }
  if (f.compare >= 0 && kCompareNames.name(f.compare) == nullptr) {
    c.fail(op + " has an unknown compare operation " + std::to_string(f.compare));
  }
}

// ---- exact type pairs -------------------------------------------------

// pack's element source: sub-word integer elements travel in 32 bits
// (PRM 5.9); unpack is the same pairing the other way round.
uint16_t packed_element_source(uint16_t packed) {
  uint16_t e = packed_element(packed);
  const TypeInfo* i = type_info(e);
  if (i == nullptr || i->cls == 'f' || i->bits >= 32) return e;
  return i->cls == 's' ? FW_BRIG_TYPE_S32 : FW_BRIG_TYPE_U32;
}

bool pack_pair(uint16_t type, uint16_t stype) {
  return is_packed(type) && packed_element_source(type) == stype;
}

bool unpack_pair(uint16_t type, uint16_t stype) {
  return is_packed(stype) && packed_element_source(stype) == type;
}

bool wider_pair(uint16_t type, uint16_t stype) { return type_bits(type) > type_bits(stype); }
bool narrower_pair(uint16_t type, uint16_t stype) { return type_bits(type) < type_bits(stype); }

// cmp (PRM 5.18): a packed compare yields a packed unsigned mask of the
// source's shape; scalar compares yield b1 or a 32/64-bit integer or
// float of any size.
bool cmp_pair(uint16_t type, uint16_t stype) {
  if (is_packed(stype)) {
    std::string want = "u" + std::to_string(type_bits(packed_element(stype))) + "x" +
                       std::to_string(packed_count(stype));
    const TypeInfo* w = type_by_name(want);
    return w != nullptr && w->type == type;
  }
  return in_list("b1 u32 u64 s32 s64 f16 f32 f64", type_name(type));
}

// cvt (PRM 5.19.1): b1 converts to and from integers and floats; integers
// convert to integers of another size (same-size integers are moves);
// floats convert to anything but themselves.
bool cvt_pair(uint16_t type, uint16_t stype) {
  char t = type_class(type), s = type_class(stype);
  if (type == FW_BRIG_TYPE_B1) return s == 'i' || s == 'f';
  if (t == 'i') {
    return stype == FW_BRIG_TYPE_B1 || s == 'f' ||
           (s == 'i' && type_bits(stype) != type_bits(type));
  }
  if (t == 'f') return type != stype;
  return false;
}

struct TypeRule {
  uint16_t opcode;
  const char* types;                            // instruction types; nullptr: the row's list
  const char* stypes;                           // source types; nullptr: the row's list
  bool (*pair)(uint16_t type, uint16_t stype);  // further pairing, nullptr if none
  const char* prm;
};

#define PACKED_ALL                                                                         \
  "u8x4 u8x8 u8x16 u16x2 u16x4 u16x8 u32x2 u32x4 u64x2 s8x4 s8x8 s8x16 s16x2 s16x4 s16x8 " \
  "s32x2 s32x4 s64x2 f16x2 f16x4 f16x8 f32x2 f32x4 f64x2"

const TypeRule kTypeRules[] = {
    {FW_BRIG_OPCODE_POPCOUNT, "u32", "b32 b64", nullptr, "5.7"},
    {FW_BRIG_OPCODE_FIRSTBIT, "u32", "u32 u64 s32 s64", nullptr, "5.7"},
    {FW_BRIG_OPCODE_LASTBIT, "u32", "u32 u64 s32 s64", nullptr, "5.7"},
    {FW_BRIG_OPCODE_CLASS, "b1", "f16 f32 f64", nullptr, "5.13"},
    {FW_BRIG_OPCODE_PACK, PACKED_ALL, "u32 u64 s32 s64 f16 f32 f64", pack_pair, "5.9"},
    {FW_BRIG_OPCODE_UNPACK, "u32 u64 s32 s64 f16 f32 f64", PACKED_ALL, unpack_pair, "5.9"},
    {FW_BRIG_OPCODE_COMBINE, "b64 b128", "b32 b64", wider_pair, "5.8"},
    {FW_BRIG_OPCODE_EXPAND, "b32 b64", "b64 b128", narrower_pair, "5.8"},
    {FW_BRIG_OPCODE_PACKCVT, "u8x4", "f32", nullptr, "5.15"},
    {FW_BRIG_OPCODE_UNPACKCVT, "f32", "u8x4", nullptr, "5.15"},
    {FW_BRIG_OPCODE_SAD, "u32", "u32 u16x2 u8x4", nullptr, "5.15"},
    {FW_BRIG_OPCODE_SADHI, "u16x2", "u8x4", nullptr, "5.15"},
    {FW_BRIG_OPCODE_CMP, nullptr, nullptr, cmp_pair, "5.18"},
    {FW_BRIG_OPCODE_CVT, nullptr, nullptr, cvt_pair, "5.19"},
    {FW_BRIG_OPCODE_SEGMENTP, "b1", "u32 u64", nullptr, "5.16"},
    {FW_BRIG_OPCODE_ACTIVELANECOUNT, "u32", "b1", nullptr, "9.4"},
    {FW_BRIG_OPCODE_ACTIVELANEMASK, "b64", "b1", nullptr, "9.4"},
};

void check_type_pairs(const Context& c, const Fields& f) {
  for (const TypeRule& r : kTypeRules) {
    if (r.opcode != f.desc->opcode) continue;
    std::string op = f.desc->name;
    std::string prm = std::string(" (PRM ") + r.prm + ")";
    auto stype = static_cast<uint16_t>(f.stype);
    if (r.types != nullptr && !in_list(r.types, type_name(f.type))) {
      c.fail(op + " does not take type " + type_name(f.type) + prm);
    }
    if (r.stypes != nullptr && !in_list(r.stypes, type_name(stype))) {
      c.fail(op + " does not take source type " + type_name(stype) + prm);
    }
    if (r.pair != nullptr && !r.pair(f.type, stype)) {
      c.fail(op + " does not take source type " + type_name(stype) + " with type " +
             type_name(f.type) + prm);
    }
    return;
  }
}

// ---- modifiers --------------------------------------------------------

constexpr uint16_t pk(int v) { return static_cast<uint16_t>(1u << v); }
constexpr uint16_t kNoPack = pk(FW_BRIG_PACK_NONE);
constexpr uint16_t kPackPP = pk(FW_BRIG_PACK_PP);
constexpr uint16_t kBinNoSat =
    pk(FW_BRIG_PACK_PP) | pk(FW_BRIG_PACK_PS) | pk(FW_BRIG_PACK_SP) | pk(FW_BRIG_PACK_SS);
constexpr uint16_t kBinary = kBinNoSat | pk(FW_BRIG_PACK_PPSAT) | pk(FW_BRIG_PACK_PSSAT) |
                             pk(FW_BRIG_PACK_SPSAT) | pk(FW_BRIG_PACK_SSSAT);
constexpr uint16_t kUnary = pk(FW_BRIG_PACK_S) | pk(FW_BRIG_PACK_P);

// Rounding kinds (PRM 4.19.2, 5.19.3): none, a float rounding (default
// included), an integer rounding (saturating and signalling included).
enum class Round : uint8_t { kNone, kFloat, kInteger };

bool round_fits(Round r, int round) {
  switch (r) {
    case Round::kNone:
      return round == FW_BRIG_ROUND_NONE;
    case Round::kFloat:
      return round >= FW_BRIG_ROUND_FLOAT_DEFAULT && round <= FW_BRIG_ROUND_FLOAT_MINUS_INFINITY;
    case Round::kInteger:
      return round >= FW_BRIG_ROUND_INTEGER_NEAR_EVEN &&
             round <= FW_BRIG_ROUND_INTEGER_SIGNALING_MINUS_INFINITY_SAT;
  }
  return false;
}

const char* round_kind(Round r) {
  switch (r) {
    case Round::kNone:
      return "none";
    case Round::kFloat:
      return "a float rounding";
    case Round::kInteger:
      return "an integer rounding";
  }
  return "";
}

constexpr uint32_t kCmpEqNe = (1u << FW_BRIG_COMPARE_EQ) | (1u << FW_BRIG_COMPARE_NE);
constexpr uint32_t kCmpOrdered = kCmpEqNe | (1u << FW_BRIG_COMPARE_LT) |
                                 (1u << FW_BRIG_COMPARE_LE) | (1u << FW_BRIG_COMPARE_GT) |
                                 (1u << FW_BRIG_COMPARE_GE);
constexpr uint32_t kCmpAll = (1u << (FW_BRIG_COMPARE_SGTU + 1)) - 1;

// Modifiers by type class (the instruction type; cmp's source type): the
// packing controls, rounding kind, ftz and compare operations allowed.
// An (opcode, class) without a row takes none of them.
struct ModRule {
  uint16_t opcode;
  char cls;
  uint16_t packs;
  Round round;
  bool ftz;
  uint32_t compares;
};

const ModRule kModRules[] = {
    // 5.2, 5.11, 5.9 (PRM 4.14: saturation only for integer packed add,
    // sub, mul).
    {FW_BRIG_OPCODE_ADD, 'i', kNoPack, Round::kNone, false, 0},
    {FW_BRIG_OPCODE_ADD, 'f', kNoPack, Round::kFloat, true, 0},
    {FW_BRIG_OPCODE_ADD, 'I', kBinary, Round::kNone, false, 0},
    {FW_BRIG_OPCODE_ADD, 'F', kBinNoSat, Round::kFloat, true, 0},
    {FW_BRIG_OPCODE_SUB, 'i', kNoPack, Round::kNone, false, 0},
    {FW_BRIG_OPCODE_SUB, 'f', kNoPack, Round::kFloat, true, 0},
    {FW_BRIG_OPCODE_SUB, 'I', kBinary, Round::kNone, false, 0},
    {FW_BRIG_OPCODE_SUB, 'F', kBinNoSat, Round::kFloat, true, 0},
    {FW_BRIG_OPCODE_MUL, 'i', kNoPack, Round::kNone, false, 0},
    {FW_BRIG_OPCODE_MUL, 'f', kNoPack, Round::kFloat, true, 0},
    {FW_BRIG_OPCODE_MUL, 'I', kBinary, Round::kNone, false, 0},
    {FW_BRIG_OPCODE_MUL, 'F', kBinNoSat, Round::kFloat, true, 0},
    {FW_BRIG_OPCODE_DIV, 'i', kNoPack, Round::kNone, false, 0},
    {FW_BRIG_OPCODE_DIV, 'f', kNoPack, Round::kFloat, true, 0},
    {FW_BRIG_OPCODE_DIV, 'F', kBinNoSat, Round::kFloat, true, 0},
    {FW_BRIG_OPCODE_MAD, 'i', kNoPack, Round::kNone, false, 0},
    {FW_BRIG_OPCODE_MAD, 'f', kNoPack, Round::kFloat, true, 0},
    {FW_BRIG_OPCODE_FMA, 'f', kNoPack, Round::kFloat, true, 0},
    {FW_BRIG_OPCODE_MIN, 'i', kNoPack, Round::kNone, false, 0},
    {FW_BRIG_OPCODE_MIN, 'f', kNoPack, Round::kNone, true, 0},
    {FW_BRIG_OPCODE_MIN, 'I', kBinNoSat, Round::kNone, false, 0},
    {FW_BRIG_OPCODE_MIN, 'F', kBinNoSat, Round::kNone, true, 0},
    {FW_BRIG_OPCODE_MAX, 'i', kNoPack, Round::kNone, false, 0},
    {FW_BRIG_OPCODE_MAX, 'f', kNoPack, Round::kNone, true, 0},
    {FW_BRIG_OPCODE_MAX, 'I', kBinNoSat, Round::kNone, false, 0},
    {FW_BRIG_OPCODE_MAX, 'F', kBinNoSat, Round::kNone, true, 0},
    {FW_BRIG_OPCODE_COPYSIGN, 'f', kNoPack, Round::kNone, false, 0},
    {FW_BRIG_OPCODE_COPYSIGN, 'F', kBinNoSat, Round::kNone, false, 0},
    {FW_BRIG_OPCODE_MULHI, 'i', kNoPack, Round::kNone, false, 0},
    {FW_BRIG_OPCODE_MULHI, 'I', kBinNoSat, Round::kNone, false, 0},
    // Unary packed operations take the unary controls (p, s).
    {FW_BRIG_OPCODE_NEG, 'i', kNoPack, Round::kNone, false, 0},
    {FW_BRIG_OPCODE_NEG, 'f', kNoPack, Round::kNone, false, 0},
    {FW_BRIG_OPCODE_NEG, 'I', kUnary, Round::kNone, false, 0},
    {FW_BRIG_OPCODE_NEG, 'F', kUnary, Round::kNone, false, 0},
    {FW_BRIG_OPCODE_ABS, 'i', kNoPack, Round::kNone, false, 0},
    {FW_BRIG_OPCODE_ABS, 'f', kNoPack, Round::kNone, false, 0},
    {FW_BRIG_OPCODE_ABS, 'I', kUnary, Round::kNone, false, 0},
    {FW_BRIG_OPCODE_ABS, 'F', kUnary, Round::kNone, false, 0},
    {FW_BRIG_OPCODE_FRACT, 'f', kNoPack, Round::kFloat, true, 0},
    {FW_BRIG_OPCODE_FRACT, 'F', kUnary, Round::kFloat, true, 0},
    {FW_BRIG_OPCODE_SQRT, 'f', kNoPack, Round::kFloat, true, 0},
    {FW_BRIG_OPCODE_SQRT, 'F', kUnary, Round::kFloat, true, 0},
    {FW_BRIG_OPCODE_CEIL, 'f', kNoPack, Round::kNone, true, 0},
    {FW_BRIG_OPCODE_CEIL, 'F', kUnary, Round::kNone, true, 0},
    {FW_BRIG_OPCODE_FLOOR, 'f', kNoPack, Round::kNone, true, 0},
    {FW_BRIG_OPCODE_FLOOR, 'F', kUnary, Round::kNone, true, 0},
    {FW_BRIG_OPCODE_RINT, 'f', kNoPack, Round::kNone, true, 0},
    {FW_BRIG_OPCODE_RINT, 'F', kUnary, Round::kNone, true, 0},
    {FW_BRIG_OPCODE_TRUNC, 'f', kNoPack, Round::kNone, true, 0},
    {FW_BRIG_OPCODE_TRUNC, 'F', kUnary, Round::kNone, true, 0},
    // 5.18: classed by the source type; bit types compare for equality
    // only, packed compares take only pp.
    {FW_BRIG_OPCODE_CMP, 'b', kNoPack, Round::kNone, false, kCmpEqNe},
    {FW_BRIG_OPCODE_CMP, 'i', kNoPack, Round::kNone, false, kCmpOrdered},
    {FW_BRIG_OPCODE_CMP, 'f', kNoPack, Round::kNone, true, kCmpAll},
    {FW_BRIG_OPCODE_CMP, 'I', kPackPP, Round::kNone, false, kCmpOrdered},
    {FW_BRIG_OPCODE_CMP, 'F', kPackPP, Round::kNone, true, kCmpAll},
};

// cvt (PRM 5.19.3): the rounding and ftz a conversion takes depend on
// both types; the first matching row applies. Classes: 'c' b1, 'i'
// integer, 'f' float, or an exact type name.
struct CvtRule {
  const char* from;
  const char* to;
  Round round;
  bool ftz;
};

const CvtRule kCvtRules[] = {
    {"c i", "c i", Round::kNone, false},  // integer to integer: exact or truncating
    {"c", "f", Round::kNone, false},      // b1 to float: exact
    {"i", "f", Round::kFloat, false},
    {"f", "c", Round::kNone, true},
    {"f", "i", Round::kInteger, true},
    {"f32", "f16", Round::kFloat, true},  // narrowing float conversions round
    {"f64", "f16 f32", Round::kFloat, true},
    {"f", "f", Round::kNone, true},  // widening ones are exact
};

bool cvt_matches(const char* pattern, uint16_t t) {
  char cls = t == FW_BRIG_TYPE_B1 ? 'c' : type_class(t);
  return in_list(pattern, std::string(1, cls)) || in_list(pattern, type_name(t));
}

struct ModAllowance {
  uint16_t packs = kNoPack;
  Round round = Round::kNone;
  bool ftz = false;
  uint32_t compares = 0;
};

ModAllowance allowance(const Fields& f) {
  ModAllowance a;
  uint16_t opcode = f.desc->opcode;
  if (opcode == FW_BRIG_OPCODE_CVT) {
    auto stype = static_cast<uint16_t>(f.stype);
    for (const CvtRule& r : kCvtRules) {
      if (cvt_matches(r.from, stype) && cvt_matches(r.to, f.type)) {
        a.round = r.round;
        a.ftz = r.ftz;
        break;
      }
    }
    return a;
  }
  char cls = type_class(opcode == FW_BRIG_OPCODE_CMP ? static_cast<uint16_t>(f.stype) : f.type);
  for (const ModRule& r : kModRules) {
    if (r.opcode == opcode && r.cls == cls) {
      a.packs = r.packs;
      a.round = r.round;
      a.ftz = r.ftz;
      a.compares = r.compares;
    }
  }
  return a;
}

std::string pack_name(int pack) {
  return pack == FW_BRIG_PACK_NONE ? "none" : enum_name(kPackNames, pack);
}

std::string round_name(int round) {
  if (round == FW_BRIG_ROUND_NONE) return "none";
  if (round == FW_BRIG_ROUND_FLOAT_DEFAULT) return "default";
  return enum_name(kRoundNames, round);
}

void check_modifiers(const Context& c, const Fields& f) {
  const InstDesc& d = *f.desc;
  if (d.format != InstFormat::kMod && d.format != InstFormat::kCmp &&
      d.format != InstFormat::kCvt) {
    return;
  }
  ModAllowance a = allowance(f);
  std::string op = d.name;
  std::string on =
      std::string(" on ") +
      type_name(d.format == InstFormat::kCmp ? static_cast<uint16_t>(f.stype) : f.type);
  if (d.format == InstFormat::kCvt) {
    on = " converting " + type_name(static_cast<uint16_t>(f.stype)) + " to " + type_name(f.type);
  }
  const char* prm = d.format == InstFormat::kCvt   ? " (PRM 5.19.3)"
                    : d.format == InstFormat::kCmp ? " (PRM 5.18)"
                                                   : " (PRM 4.14, 4.19.2)";
  if (f.ftz && !a.ftz) c.fail(op + on + " does not take ftz" + prm);
  // InstBasic (no modifier fields) means no packing and the default
  // rounding of the instruction, as written without modifiers.
  if (f.round >= 0 && !round_fits(a.round, f.round)) {
    c.fail(op + on + " takes " + round_kind(a.round) + ", not rounding " + round_name(f.round) +
           prm);
  }
  int pack = f.pack >= 0 ? f.pack : FW_BRIG_PACK_NONE;
  if (pack > 15 || !(a.packs & pk(pack))) {
    if (pack == FW_BRIG_PACK_NONE) c.fail(op + on + " needs a packing control" + prm);
    c.fail(op + on + " does not take packing " + pack_name(pack) + prm);
  }
  if (f.compare >= 0 && (f.compare > 31 || !(a.compares & (1u << f.compare)))) {
    c.fail(op + on + " does not take compare operation " + enum_name(kCompareNames, f.compare) +
           prm);
  }
}

// ---- operands ---------------------------------------------------------

// What a source operand must be beyond "register or constant".
enum class OperandNeed : uint8_t {
  kImmediate,       // a constant, not WAVESIZE
  kRegisterOrImm,   // a register or a constant, not WAVESIZE
  kImmediate0To2,   // a constant 0, 1 or 2 (dimension numbers)
  kImmediate0To3,   // a constant 0 to 3 (unpackcvt's element)
  kFbarrier,        // an fbarrier name, not a register
  kOpaqueRegister,  // a register when the instruction type is opaque (handles)
};

struct OperandRule {
  uint16_t opcode;
  uint8_t index;
  OperandNeed need;
  const char* prm;
};

const OperandRule kOperandRules[] = {
    {FW_BRIG_OPCODE_CLEARDETECTEXCEPT, 0, OperandNeed::kImmediate, "11.2"},
    {FW_BRIG_OPCODE_SETDETECTEXCEPT, 0, OperandNeed::kImmediate, "11.2"},
    {FW_BRIG_OPCODE_SHUFFLE, 3, OperandNeed::kImmediate, "5.9"},
    {FW_BRIG_OPCODE_UNPACKCVT, 2, OperandNeed::kImmediate0To3, "5.15"},
    {FW_BRIG_OPCODE_CLASS, 2, OperandNeed::kRegisterOrImm, "5.13"},
    {FW_BRIG_OPCODE_LDF, 1, OperandNeed::kFbarrier, "9.2"},
    {FW_BRIG_OPCODE_MOV, 1, OperandNeed::kOpaqueRegister, "5.8"},
    {FW_BRIG_OPCODE_CURRENTWORKGROUPSIZE, 1, OperandNeed::kImmediate0To2, "11.1"},
    {FW_BRIG_OPCODE_GRIDGROUPS, 1, OperandNeed::kImmediate0To2, "11.1"},
    {FW_BRIG_OPCODE_GRIDSIZE, 1, OperandNeed::kImmediate0To2, "11.1"},
    {FW_BRIG_OPCODE_WORKGROUPID, 1, OperandNeed::kImmediate0To2, "11.1"},
    {FW_BRIG_OPCODE_WORKGROUPSIZE, 1, OperandNeed::kImmediate0To2, "11.1"},
    {FW_BRIG_OPCODE_WORKITEMABSID, 1, OperandNeed::kImmediate0To2, "11.1"},
    {FW_BRIG_OPCODE_WORKITEMID, 1, OperandNeed::kImmediate0To2, "11.1"},
};

// The value of a constant operand (its low 64 bits).
uint64_t constant_value(const Context& c, size_t i) {
  auto k = c.m.operand_entry<fw_brig_operand_constant_bytes>(c.operands[i]);
  std::string_view bytes = c.m.data_bytes(k.bytes);
  uint64_t v = 0;
  for (size_t b = 0; b < bytes.size() && b < 8; ++b) {
    v |= static_cast<uint64_t>(static_cast<uint8_t>(bytes[b])) << (8 * b);
  }
  return v;
}

void check_operand_rule(const Context& c, const OperandRule& r) {
  size_t i = r.index;
  uint16_t kind = c.operand_kind(i);
  std::string op = find_inst(r.opcode)->name;
  std::string prm = std::string(" (PRM ") + r.prm + ")";
  std::string which = op + " operand " + std::to_string(i);
  bool constant = kind == FW_BRIG_KIND_OPERAND_CONSTANT_BYTES;
  switch (r.need) {
    case OperandNeed::kImmediate:
      if (!constant) c.fail_operand(i, which + " must be an immediate" + prm);
      break;
    case OperandNeed::kRegisterOrImm:
      if (!constant && kind != FW_BRIG_KIND_OPERAND_REGISTER) {
        c.fail_operand(i, which + " must be a register or an immediate" + prm);
      }
      break;
    case OperandNeed::kImmediate0To2:
      if (!constant || constant_value(c, i) > 2) {
        c.fail_operand(i, which + " must be the immediate 0, 1 or 2" + prm);
      }
      break;
    case OperandNeed::kImmediate0To3:
      if (!constant || constant_value(c, i) > 3) {
        c.fail_operand(i, which + " must be the immediate 0, 1, 2 or 3" + prm);
      }
      break;
    case OperandNeed::kOpaqueRegister:
      if (type_class(c.inst().type) == 'o' && kind != FW_BRIG_KIND_OPERAND_REGISTER) {
        c.fail_operand(i, which + " must be a register for type " + type_name(c.inst().type) + prm);
      }
      break;
    case OperandNeed::kFbarrier:
      if (kind != FW_BRIG_KIND_OPERAND_CODE_REF) {
        c.fail_operand(i, which + " must name an fbarrier" + prm);
      }
      break;
  }
}

// WAVESIZE is an integer immediate of at most 64 bits (PRM 4.8.4, 11.4):
// a source whose type is float, packed, opaque or b128 cannot be WAVESIZE.
bool wavesize_fits(uint16_t type) {
  char cls = type_class(type);
  return (cls == 'i' || cls == 'b') && type_bits(type) <= 64;
}

void check_wavesize(const Context& c, size_t i, uint16_t type, const char* of) {
  if (c.operand_kind(i) == FW_BRIG_KIND_OPERAND_WAVESIZE && !wavesize_fits(type)) {
    c.fail_operand(i, std::string("operand ") + std::to_string(i) + " cannot be WAVESIZE: " + of +
                          " is " + type_name(type) + " (PRM 4.8.4)");
  }
}

// Elements of a vector operand (PRM 4.17).
void check_wavesize_elements(const Context& c, size_t i, uint16_t type, const char* of) {
  if (c.operand_kind(i) != FW_BRIG_KIND_OPERAND_OPERAND_LIST || wavesize_fits(type)) return;
  auto l = c.m.operand_entry<fw_brig_operand_operand_list>(c.operands[i]);
  for (uint32_t e : c.m.data_list(l.elements)) {
    if (e != 0 && c.m.base_at(c.m.operands(), e).kind == FW_BRIG_KIND_OPERAND_WAVESIZE) {
      c.fail_operand(i, std::string("operand ") + std::to_string(i) + " cannot hold WAVESIZE: " +
                            of + " is " + type_name(type) + " (PRM 4.8.4)");
    }
  }
}

// A register operand has the size of the type its role gives it: $c for
// b1, $s up to 32 bits, $d for 64 bits and handles, $q for 128 (PRM 4.16.2).
void check_register_size(const Context& c, size_t i, uint16_t type) {
  if (c.operand_kind(i) != FW_BRIG_KIND_OPERAND_REGISTER || type_info(type) == nullptr) return;
  auto r = c.m.operand_entry<fw_brig_operand_register>(c.operands[i]);
  if (r.reg_kind != register_kind_for_bits(type_bits(type))) {
    c.fail_operand(i, std::string("operand ") + std::to_string(i) + " is a " +
                          std::to_string(register_kind_bits(r.reg_kind)) +
                          "-bit register, the operand type is " + type_name(type) +
                          " (PRM 4.16.2)");
  }
}

// A constant operand holds exactly the bytes of its operand type (b1 in one
// byte), so later stages can read it at that size (PRM 18.6.3).
void check_constant_size(const Context& c, size_t i, uint16_t type) {
  if (c.operand_kind(i) != FW_BRIG_KIND_OPERAND_CONSTANT_BYTES || type_info(type) == nullptr) {
    return;
  }
  auto k = c.m.operand_entry<fw_brig_operand_constant_bytes>(c.operands[i]);
  size_t want = type_bits(type) <= 8 ? 1 : type_bits(type) / 8;
  size_t have = c.m.data_bytes(k.bytes).size();
  if (have != want) {
    c.fail_operand(i, std::string("operand ") + std::to_string(i) + " is a " +
                          std::to_string(have) + "-byte constant, the operand type is " +
                          type_name(type) + " (PRM 18.6.3)");
  }
}

// The type an operand role stands for (see InstDesc::operands); 0 for
// roles whose operands are not plain values.
uint16_t role_type(char role, const Fields& f) {
  switch (role) {
    case 'd':
    case 's':
      return f.type;
    case 'S':
    case 'V':
      return static_cast<uint16_t>(f.stype >= 0 ? f.stype : FW_BRIG_TYPE_NONE);
    case 'u':
      return FW_BRIG_TYPE_U32;
    case 'c':
      return is_packed(f.type) ? packed_unsigned(f.type) : uint16_t{FW_BRIG_TYPE_B1};
    case 'U':
      return FW_BRIG_TYPE_U64;
    default:
      return 0;
  }
}

// An fbarrier operand names an fbarrier, or is a u32 register holding its
// address (PRM 9.2).
void check_fbarrier_operand(const Context& c, size_t i) {
  uint16_t kind = c.operand_kind(i);
  if (kind == FW_BRIG_KIND_OPERAND_CODE_REF) {
    uint32_t ref = c.m.operand_entry<fw_brig_operand_code_ref>(c.operands[i]).ref;
    if (ref != 0 && c.m.base_at(c.m.code(), ref).kind == FW_BRIG_KIND_DIRECTIVE_FBARRIER) return;
  } else if (kind == FW_BRIG_KIND_OPERAND_REGISTER) {
    check_register_size(c, i, FW_BRIG_TYPE_U32);
    return;
  }
  c.fail_operand(i, std::string("operand ") + std::to_string(i) +
                        " must be an fbarrier or a u32 register (PRM 9.2)");
}

void check_operands(const Context& c, const Fields& f) {
  const InstDesc& d = *f.desc;
  for (const OperandRule& r : kOperandRules) {
    if (r.opcode == d.opcode) check_operand_rule(c, r);
  }
  std::string_view roles = d.operands;
  for (size_t i = 0; i < roles.size() && i < c.operands.size(); ++i) {
    if (roles[i] == 'f') check_fbarrier_operand(c, i);
    uint16_t type = role_type(roles[i], f);
    if (type == 0) continue;
    const char* of =
        roles[i] == 'S' || roles[i] == 'V' ? "the source type" : "the instruction type";
    if (roles[i] == 'd' && c.operand_kind(i) != FW_BRIG_KIND_OPERAND_REGISTER &&
        c.operand_kind(i) != FW_BRIG_KIND_OPERAND_OPERAND_LIST) {
      c.fail_operand(i, std::string(d.name) + " operand " + std::to_string(i) +
                            " must be a register (PRM 4.16)");
    }
    check_register_size(c, i, type);
    check_constant_size(c, i, type);
    check_wavesize(c, i, type, of);
    check_wavesize_elements(c, i, type, of);
  }
}

// ---- images (PRM 7.2-7.5) ---------------------------------------------

constexpr uint8_t geo(int g) { return static_cast<uint8_t>(1u << g); }
constexpr uint8_t kAnyGeometry = 0xff;
constexpr uint8_t kDepthGeometries = geo(FW_BRIG_GEOMETRY_2DDEPTH) | geo(FW_BRIG_GEOMETRY_2DADEPTH);

// Which images each image instruction reads or writes, with which
// coordinates and geometries: rdimage samples read-only images at float or
// signed coordinates (no buffers), ldimage and stimage address texels by
// unsigned coordinates.
struct ImageRule {
  uint16_t opcode;
  const char* images;
  const char* coords;
  uint8_t geometries;
  uint8_t coord_operand;
  const char* prm;
};

const ImageRule kImageRules[] = {
    {FW_BRIG_OPCODE_RDIMAGE, "roimg", "s32 f32",
     static_cast<uint8_t>(kAnyGeometry & ~geo(FW_BRIG_GEOMETRY_1DB)), 3, "7.2"},
    {FW_BRIG_OPCODE_LDIMAGE, "roimg rwimg", "u32", kAnyGeometry, 2, "7.3"},
    {FW_BRIG_OPCODE_STIMAGE, "woimg rwimg", "u32", kAnyGeometry, 2, "7.4"},
};

std::string geometry_name(int g) { return enum_name(kGeometryNames, g); }

// A texel is four channels in a vector, a depth value one register; the
// coordinates are one operand per dimension, a vector when there are more.
void check_image_operands(const Context& c, const ImageRule& r, uint8_t geometry) {
  const char* op = find_inst(r.opcode)->name;
  std::string prm = std::string(" (PRM ") + r.prm + ")";
  bool depth = (kDepthGeometries & geo(geometry)) != 0;
  uint16_t k = c.operand_kind(0);
  if (depth && k != FW_BRIG_KIND_OPERAND_REGISTER) {
    c.fail_operand(0, std::string(op) + " with geometry " + geometry_name(geometry) +
                          " takes one register, not a vector" + prm);
  }
  size_t n = 0;
  if (k == FW_BRIG_KIND_OPERAND_OPERAND_LIST) {
    n = c.m.data_list(c.m.operand_entry<fw_brig_operand_operand_list>(c.operands[0]).elements)
            .size();
  }
  if (!depth && n != 4) {
    c.fail_operand(0, std::string(op) + " with geometry " + geometry_name(geometry) +
                          " takes a vector of four channels" + prm);
  }
  size_t ci = r.coord_operand;
  unsigned want = geometry_coordinates(geometry);
  size_t have = 1;
  if (c.operand_kind(ci) == FW_BRIG_KIND_OPERAND_OPERAND_LIST) {
    have = c.m.data_list(c.m.operand_entry<fw_brig_operand_operand_list>(c.operands[ci]).elements)
               .size();
  }
  if (have != want) {
    c.fail_operand(ci, std::string(op) + " with geometry " + geometry_name(geometry) + " takes " +
                           std::to_string(want) + " coordinates" + prm);
  }
}

void check_image_instruction(const Context& c, const Fields& f) {
  auto i = c.entry<fw_brig_inst_image>();
  for (const ImageRule& r : kImageRules) {
    if (r.opcode != i.base.opcode) continue;
    std::string op = f.desc->name;
    std::string prm = std::string(" (PRM ") + r.prm + ")";
    if (!in_list("u32 s32 f32 f16", type_name(f.type))) {
      c.fail(op + " does not take type " + type_name(f.type) + prm);
    }
    if (!in_list(r.images, type_name(i.image_type))) {
      c.fail(op + " does not take image type " + type_name(i.image_type) + prm);
    }
    if (!in_list(r.coords, type_name(i.coord_type))) {
      c.fail(op + " does not take coordinate type " + type_name(i.coord_type) + prm);
    }
    if (i.geometry > FW_BRIG_GEOMETRY_2DADEPTH || !(r.geometries & geo(i.geometry))) {
      c.fail(op + " does not take geometry " + geometry_name(i.geometry) + prm);
    }
    check_image_operands(c, r, i.geometry);
    return;
  }
}

// Image properties exist only for geometries that have them (PRM 7.5).
struct QueryGeometryRule {
  uint8_t query;
  uint8_t geometries;
};

const QueryGeometryRule kQueryGeometries[] = {
    {FW_BRIG_IMAGE_QUERY_WIDTH, kAnyGeometry},
    {FW_BRIG_IMAGE_QUERY_CHANNELORDER, kAnyGeometry},
    {FW_BRIG_IMAGE_QUERY_CHANNELTYPE, kAnyGeometry},
    {FW_BRIG_IMAGE_QUERY_HEIGHT, geo(FW_BRIG_GEOMETRY_2D) | geo(FW_BRIG_GEOMETRY_3D) |
                                     geo(FW_BRIG_GEOMETRY_2DA) | kDepthGeometries},
    {FW_BRIG_IMAGE_QUERY_DEPTH, geo(FW_BRIG_GEOMETRY_3D)},
    {FW_BRIG_IMAGE_QUERY_ARRAY,
     geo(FW_BRIG_GEOMETRY_1DA) | geo(FW_BRIG_GEOMETRY_2DA) | geo(FW_BRIG_GEOMETRY_2DADEPTH)},
};

void check_query_image(const Context& c, const Fields& f) {
  auto i = c.entry<fw_brig_inst_query_image>();
  if (f.type != FW_BRIG_TYPE_U32) {
    c.fail("queryimage does not take type " + type_name(f.type) + " (PRM 7.5)");
  }
  if (!in_list("roimg woimg rwimg", type_name(i.image_type))) {
    c.fail("queryimage does not take image type " + type_name(i.image_type) + " (PRM 7.5)");
  }
  for (const QueryGeometryRule& r : kQueryGeometries) {
    if (r.query != i.query) continue;
    if (i.geometry <= FW_BRIG_GEOMETRY_2DADEPTH && (r.geometries & geo(i.geometry))) return;
    c.fail("an image of geometry " + geometry_name(i.geometry) + " has no " +
           enum_name(kImageQueryNames, i.query) + " (PRM 7.5)");
  }
  c.fail("queryimage has an unknown query " + std::to_string(i.query));
}

}  // namespace

void check_type_rules(const Context& c) {
  Fields f = read_fields(c);
  check_row_types(c, f);
  check_row_modifiers(c, f);
  check_type_pairs(c, f);
  check_modifiers(c, f);
  check_operands(c, f);
  if (c.kind == FW_BRIG_KIND_INST_IMAGE) check_image_instruction(c, f);
  if (c.kind == FW_BRIG_KIND_INST_QUERY_IMAGE) check_query_image(c, f);
}

}  // namespace hsail::validator_detail
