#include "inst_table.h"

#include "brig.h"

namespace hsail {

namespace {

// Packed types (PRM 4.13.2) join the scalar ones where the instruction
// takes a packing control.
#define PACKED_INT                                                                         \
  " u8x4 u8x8 u8x16 u16x2 u16x4 u16x8 u32x2 u32x4 u64x2 s8x4 s8x8 s8x16 s16x2 s16x4 s16x8" \
  " s32x2 s32x4 s64x2"
#define PACKED_SIGNED " s8x4 s8x8 s8x16 s16x2 s16x4 s16x8 s32x2 s32x4 s64x2"
#define PACKED_FLOAT " f16x2 f16x4 f16x8 f32x2 f32x4 f64x2"
constexpr const char* kIntFloat = "u32 u64 s32 s64 f16 f32 f64";
constexpr const char* kIntFloatPacked = "u32 u64 s32 s64 f16 f32 f64" PACKED_INT PACKED_FLOAT;
constexpr const char* kSignedPacked = "s32 s64 f16 f32 f64" PACKED_SIGNED PACKED_FLOAT;
constexpr const char* kIntPacked = "u32 u64 s32 s64" PACKED_INT;
constexpr const char* kInt = "u32 u64 s32 s64";
constexpr const char* k32 = "u32 s32";
constexpr const char* kFloat = "f16 f32 f64";
// Float operations that also work element-wise on packed floats (PRM 5.11).
constexpr const char* kFloatPacked = "f16 f32 f64" PACKED_FLOAT;
constexpr const char* kIntFloatFloatPacked = "u32 u64 s32 s64 f16 f32 f64" PACKED_FLOAT;
constexpr const char* kBits = "b1 b32 b64";
// cmov also selects per element of a packed type (PRM 5.10).
constexpr const char* kCmovTypes = "b1 b32 b64" PACKED_INT PACKED_FLOAT;
// ld and st: no b8..b64, whose bits a u or s type of the size moves alike;
// b128 has no other name (PRM 6.3.1, 6.4.1).
constexpr const char* kMemTypes =
    "u8 u16 u32 u64 s8 s16 s32 s64 f16 f32 f64 b128 roimg woimg rwimg samp sig32 sig64";
// Image instructions: value, image and coordinate types together; the
// validator pairs them (PRM 7.2-7.4).
constexpr const char* kImageTypes = "u32 s32 f16 f32 roimg woimg rwimg";
constexpr const char* kCvtTypes = "b1 u8 u16 u32 u64 s8 s16 s32 s64 f16 f32 f64";
// cmp: b32 and b64 only as source types (compared for equality, PRM 5.18).
constexpr const char* kCmpTypes = "b1 b32 b64 u32 u64 s32 s64 f16 f32 f64" PACKED_INT PACKED_FLOAT;
// mov copies opaque handles too, register to register only (PRM 5.8).
constexpr const char* kMovTypes =
    "b1 b32 b64 b128 u32 u64 s32 s64 f16 f32 f64 roimg woimg rwimg samp sig32 sig64";
constexpr const char* kAtomicTypes = "b32 b64 u32 u64 s32 s64";

constexpr uint32_t kMemLd =
    kModVector | kModSegment | kModAlign | kModConst | kModEquiv | kModWidth;
constexpr uint32_t kMemSt = kModVector | kModSegment | kModAlign | kModEquiv;
constexpr uint32_t kAtomicMods = kModAtomicOp | kModSegment | kModOrder | kModScope | kModEquiv;
constexpr uint32_t kFloatMods = kModFtz | kModRound;
constexpr uint32_t kPackedFloatMods = kModFtz | kModRound | kModPack;

using F = InstFormat;

// name, opcode, format, modifiers, source type, untyped, types, operands,
// default width, rounding
const InstDesc kInsts[] = {
    // 5.2 integer and 5.11 floating-point arithmetic
    {"abs", FW_BRIG_OPCODE_ABS, F::kMod, kModPack, false, false, kSignedPacked, "ds", 0, false},
    {"add", FW_BRIG_OPCODE_ADD, F::kMod, kPackedFloatMods, false, false, kIntFloatPacked, "dss", 0,
     true},
    {"sub", FW_BRIG_OPCODE_SUB, F::kMod, kPackedFloatMods, false, false, kIntFloatPacked, "dss", 0,
     true},
    {"mul", FW_BRIG_OPCODE_MUL, F::kMod, kPackedFloatMods, false, false, kIntFloatPacked, "dss", 0,
     true},
    {"div", FW_BRIG_OPCODE_DIV, F::kMod, kPackedFloatMods, false, false, kIntFloatFloatPacked,
     "dss", 0, true},
    {"rem", FW_BRIG_OPCODE_REM, F::kBasic, 0, false, false, kInt, "dss", 0, false},
    {"mad", FW_BRIG_OPCODE_MAD, F::kMod, kFloatMods, false, false, kIntFloat, "dsss", 0, true},
    {"min", FW_BRIG_OPCODE_MIN, F::kMod, kModFtz | kModPack, false, false, kIntFloatPacked, "dss",
     0, false},
    {"max", FW_BRIG_OPCODE_MAX, F::kMod, kModFtz | kModPack, false, false, kIntFloatPacked, "dss",
     0, false},
    {"neg", FW_BRIG_OPCODE_NEG, F::kMod, kModPack, false, false, kSignedPacked, "ds", 0, false},
    {"mulhi", FW_BRIG_OPCODE_MULHI, F::kMod, kModPack, false, false, kIntPacked, "dss", 0, false},
    {"borrow", FW_BRIG_OPCODE_BORROW, F::kBasic, 0, false, false, kInt, "dss", 0, false},
    {"carry", FW_BRIG_OPCODE_CARRY, F::kBasic, 0, false, false, kInt, "dss", 0, false},
    // 5.3 24-bit integer optimization
    {"mad24", FW_BRIG_OPCODE_MAD24, F::kBasic, 0, false, false, k32, "dsss", 0, false},
    {"mad24hi", FW_BRIG_OPCODE_MAD24HI, F::kBasic, 0, false, false, k32, "dsss", 0, false},
    {"mul24", FW_BRIG_OPCODE_MUL24, F::kBasic, 0, false, false, k32, "dss", 0, false},
    {"mul24hi", FW_BRIG_OPCODE_MUL24HI, F::kBasic, 0, false, false, k32, "dss", 0, false},
    // 5.11 floating-point arithmetic
    {"ceil", FW_BRIG_OPCODE_CEIL, F::kMod, kModFtz | kModPack, false, false, kFloatPacked, "ds", 0,
     false},
    {"floor", FW_BRIG_OPCODE_FLOOR, F::kMod, kModFtz | kModPack, false, false, kFloatPacked, "ds",
     0, false},
    {"rint", FW_BRIG_OPCODE_RINT, F::kMod, kModFtz | kModPack, false, false, kFloatPacked, "ds", 0,
     false},
    {"trunc", FW_BRIG_OPCODE_TRUNC, F::kMod, kModFtz | kModPack, false, false, kFloatPacked, "ds",
     0, false},
    {"fract", FW_BRIG_OPCODE_FRACT, F::kMod, kPackedFloatMods, false, false, kFloatPacked, "ds", 0,
     true},
    {"sqrt", FW_BRIG_OPCODE_SQRT, F::kMod, kPackedFloatMods, false, false, kFloatPacked, "ds", 0,
     true},
    {"fma", FW_BRIG_OPCODE_FMA, F::kMod, kFloatMods, false, false, kFloat, "dsss", 0, true},
    {"copysign", FW_BRIG_OPCODE_COPYSIGN, F::kMod, kModPack, false, false, kFloatPacked, "dss", 0,
     false},
    // 5.14 native floating-point
    {"ncos", FW_BRIG_OPCODE_NCOS, F::kBasic, 0, false, false, "f32", "ds", 0, false},
    {"nsin", FW_BRIG_OPCODE_NSIN, F::kBasic, 0, false, false, "f32", "ds", 0, false},
    {"nexp2", FW_BRIG_OPCODE_NEXP2, F::kBasic, 0, false, false, "f32", "ds", 0, false},
    {"nlog2", FW_BRIG_OPCODE_NLOG2, F::kBasic, 0, false, false, "f32", "ds", 0, false},
    {"nrcp", FW_BRIG_OPCODE_NRCP, F::kBasic, 0, false, false, kFloat, "ds", 0, false},
    {"nrsqrt", FW_BRIG_OPCODE_NRSQRT, F::kBasic, 0, false, false, kFloat, "ds", 0, false},
    {"nsqrt", FW_BRIG_OPCODE_NSQRT, F::kBasic, 0, false, false, kFloat, "ds", 0, false},
    {"nfma", FW_BRIG_OPCODE_NFMA, F::kBasic, 0, false, false, kFloat, "dsss", 0, false},
    // 5.4 shift, 5.5 bitwise
    {"shl", FW_BRIG_OPCODE_SHL, F::kBasic, 0, false, false, kIntPacked, "dsu", 0, false},
    {"shr", FW_BRIG_OPCODE_SHR, F::kBasic, 0, false, false, kIntPacked, "dsu", 0, false},
    {"and", FW_BRIG_OPCODE_AND, F::kBasic, 0, false, false, kBits, "dss", 0, false},
    {"or", FW_BRIG_OPCODE_OR, F::kBasic, 0, false, false, kBits, "dss", 0, false},
    {"xor", FW_BRIG_OPCODE_XOR, F::kBasic, 0, false, false, kBits, "dss", 0, false},
    {"not", FW_BRIG_OPCODE_NOT, F::kBasic, 0, false, false, kBits, "ds", 0, false},
    // 5.7 bit string
    {"bitextract", FW_BRIG_OPCODE_BITEXTRACT, F::kBasic, 0, false, false, kInt, "dsuu", 0, false},
    {"bitinsert", FW_BRIG_OPCODE_BITINSERT, F::kBasic, 0, false, false, kInt, "dssuu", 0, false},
    {"bitrev", FW_BRIG_OPCODE_BITREV, F::kBasic, 0, false, false, "b32 b64", "ds", 0, false},
    {"bitselect", FW_BRIG_OPCODE_BITSELECT, F::kBasic, 0, false, false, "b32 b64", "dsss", 0,
     false},
    // 5.15 multimedia
    {"bitalign", FW_BRIG_OPCODE_BITALIGN, F::kBasic, 0, false, false, "b32", "dsss", 0, false},
    {"bytealign", FW_BRIG_OPCODE_BYTEALIGN, F::kBasic, 0, false, false, "b32", "dsss", 0, false},
    // 5.6 conditional move
    {"cmov", FW_BRIG_OPCODE_CMOV, F::kBasic, 0, false, false, kCmovTypes, "dcss", 0, false},
    // 5.7 bit string: instructions with a separate source type
    {"popcount", FW_BRIG_OPCODE_POPCOUNT, F::kSourceType, 0, true, false, "u32 b32 b64", "dS", 0,
     false},
    {"firstbit", FW_BRIG_OPCODE_FIRSTBIT, F::kSourceType, 0, true, false, "u32 u64 s32 s64", "dS",
     0, false},
    {"lastbit", FW_BRIG_OPCODE_LASTBIT, F::kSourceType, 0, true, false, "u32 u64 s32 s64", "dS", 0,
     false},
    // 5.13 floating-point classification
    {"class", FW_BRIG_OPCODE_CLASS, F::kSourceType, 0, true, false, "b1 f16 f32 f64", "dSu", 0,
     false},
    // 5.16 segment checking and conversion
    {"segmentp", FW_BRIG_OPCODE_SEGMENTP, F::kSegCvt,
     kModSegment | kModSegmentRequired | kModNonull, true, false, "b1 u32 u64", "dS", 0, false},
    {"ftos", FW_BRIG_OPCODE_FTOS, F::kSegCvt, kModSegment | kModSegmentRequired | kModNonull, true,
     false, "u32 u64", "dS", 0, false},
    {"stof", FW_BRIG_OPCODE_STOF, F::kSegCvt, kModSegment | kModSegmentRequired | kModNonull, true,
     false, "u32 u64", "dS", 0, false},
    {"nullptr", FW_BRIG_OPCODE_NULLPTR, F::kSeg, kModSegment, false, false, "u32 u64", "d", 0,
     false},
    // 5.9 packed data
    {"shuffle", FW_BRIG_OPCODE_SHUFFLE, F::kBasic, 0, false, false, PACKED_INT PACKED_FLOAT, "dssw",
     0, false},
    {"unpackhi", FW_BRIG_OPCODE_UNPACKHI, F::kBasic, 0, false, false, PACKED_INT PACKED_FLOAT,
     "dss", 0, false},
    {"unpacklo", FW_BRIG_OPCODE_UNPACKLO, F::kBasic, 0, false, false, PACKED_INT PACKED_FLOAT,
     "dss", 0, false},
    {"pack", FW_BRIG_OPCODE_PACK, F::kSourceType, 0, true, false,
     "u32 u64 s32 s64 f16 f32 f64" PACKED_INT PACKED_FLOAT, "dsSu", 0, false},
    {"unpack", FW_BRIG_OPCODE_UNPACK, F::kSourceType, 0, true, false,
     "u32 u64 s32 s64 f16 f32 f64" PACKED_INT PACKED_FLOAT, "dSu", 0, false},
    // 5.8 bit copies between register sizes
    {"combine", FW_BRIG_OPCODE_COMBINE, F::kSourceType, kModVector, true, false, "b32 b64 b128",
     "dV", 0, false},
    {"expand", FW_BRIG_OPCODE_EXPAND, F::kSourceType, kModVector, true, false, "b32 b64 b128", "dS",
     0, false},
    // 5.15 multimedia
    {"lerp", FW_BRIG_OPCODE_LERP, F::kBasic, 0, false, false, "u8x4", "dsss", 0, false},
    {"packcvt", FW_BRIG_OPCODE_PACKCVT, F::kSourceType, 0, true, false, "u8x4 f32", "dSSSS", 0,
     false},
    {"unpackcvt", FW_BRIG_OPCODE_UNPACKCVT, F::kSourceType, 0, true, false, "f32 u8x4", "dSu", 0,
     false},
    {"sad", FW_BRIG_OPCODE_SAD, F::kSourceType, 0, true, false, "u32 u16x2 u8x4", "dSSs", 0, false},
    {"sadhi", FW_BRIG_OPCODE_SADHI, F::kSourceType, 0, true, false, "u16x2 u8x4", "dSSs", 0, false},
    {"bitmask", FW_BRIG_OPCODE_BITMASK, F::kBasic, 0, false, false, "b32 b64", "duu", 0, false},
    // 5.8 copy
    {"mov", FW_BRIG_OPCODE_MOV, F::kBasic, 0, false, false, kMovTypes, "ds", 0, false},
    // 5.18 compare, 5.19 conversion
    {"cmp", FW_BRIG_OPCODE_CMP, F::kCmp, kModCompare | kModFtz | kModPack, true, false, kCmpTypes,
     "dSS", 0, false},
    {"cvt", FW_BRIG_OPCODE_CVT, F::kCvt, kFloatMods, true, false, kCvtTypes, "dS", 0, false},
    // 6 memory
    {"ld", FW_BRIG_OPCODE_LD, F::kMem, kMemLd, false, false, kMemTypes, "da", FW_BRIG_WIDTH_1,
     false},
    {"st", FW_BRIG_OPCODE_ST, F::kMem, kMemSt, false, false, kMemTypes, "sa", FW_BRIG_WIDTH_NONE,
     false},
    {"atomic", FW_BRIG_OPCODE_ATOMIC, F::kAtomic, kAtomicMods, false, false, kAtomicTypes, "A", 0,
     false},
    {"atomicnoret", FW_BRIG_OPCODE_ATOMICNORET, F::kAtomic, kAtomicMods, false, false, kAtomicTypes,
     "A", 0, false},
    {"memfence", FW_BRIG_OPCODE_MEMFENCE, F::kMemFence, kModOrder | kModScope, false, true, "", "",
     0, false},
    // 5.10 address
    {"lda", FW_BRIG_OPCODE_LDA, F::kAddr, kModSegment, false, false, "u32 u64", "da", 0, false},
    // 8 branch, 9 synchronization, 10 call
    {"br", FW_BRIG_OPCODE_BR, F::kBr, 0, false, true, "", "l", FW_BRIG_WIDTH_ALL, false},
    {"cbr", FW_BRIG_OPCODE_CBR, F::kBr, kModWidth, false, false, "b1", "sl", FW_BRIG_WIDTH_1,
     false},
    {"sbr", FW_BRIG_OPCODE_SBR, F::kBr, kModWidth, false, false, "u32 u64", "sL", FW_BRIG_WIDTH_1,
     false},
    {"barrier", FW_BRIG_OPCODE_BARRIER, F::kBr, kModWidth, false, true, "", "", FW_BRIG_WIDTH_ALL,
     false},
    {"call", FW_BRIG_OPCODE_CALL, F::kBr, 0, false, true, "", "C", FW_BRIG_WIDTH_ALL, false},
    {"wavebarrier", FW_BRIG_OPCODE_WAVEBARRIER, F::kBr, 0, false, true, "", "",
     FW_BRIG_WIDTH_WAVESIZE, false},
    // 9.4 cross-lane operations
    {"activelanecount", FW_BRIG_OPCODE_ACTIVELANECOUNT, F::kLane, kModWidth, true, false, "u32 b1",
     "dS", FW_BRIG_WIDTH_1, false},
    {"activelaneid", FW_BRIG_OPCODE_ACTIVELANEID, F::kLane, kModWidth, false, false, "u32", "d",
     FW_BRIG_WIDTH_1, false},
    {"activelanemask", FW_BRIG_OPCODE_ACTIVELANEMASK, F::kLane, kModVector | kModWidth, true, false,
     "b64 b1", "dS", FW_BRIG_WIDTH_1, false},
    {"activelanepermute", FW_BRIG_OPCODE_ACTIVELANEPERMUTE, F::kLane, kModWidth, false, false,
     "b1 b32 b64 b128", "dsusc", FW_BRIG_WIDTH_1, false},
    // 11.3 user-mode queues
    {"ldqueuereadindex", FW_BRIG_OPCODE_LDQUEUEREADINDEX, F::kQueue, kModSegment | kModOrder, false,
     false, "u64", "da", 0, false},
    {"ldqueuewriteindex", FW_BRIG_OPCODE_LDQUEUEWRITEINDEX, F::kQueue, kModSegment | kModOrder,
     false, false, "u64", "da", 0, false},
    {"stqueuereadindex", FW_BRIG_OPCODE_STQUEUEREADINDEX, F::kQueue, kModSegment | kModOrder, false,
     false, "u64", "as", 0, false},
    {"stqueuewriteindex", FW_BRIG_OPCODE_STQUEUEWRITEINDEX, F::kQueue, kModSegment | kModOrder,
     false, false, "u64", "as", 0, false},
    {"addqueuewriteindex", FW_BRIG_OPCODE_ADDQUEUEWRITEINDEX, F::kQueue, kModSegment | kModOrder,
     false, false, "u64", "das", 0, false},
    {"casqueuewriteindex", FW_BRIG_OPCODE_CASQUEUEWRITEINDEX, F::kQueue, kModSegment | kModOrder,
     false, false, "u64", "dass", 0, false},
    // 6.8 notification (signal)
    {"signal", FW_BRIG_OPCODE_SIGNAL, F::kSignal, kModAtomicOp | kModOrder, true, false,
     "b32 b64 u32 u64 s32 s64 sig32 sig64", "G", 0, false},
    {"signalnoret", FW_BRIG_OPCODE_SIGNALNORET, F::kSignal, kModAtomicOp | kModOrder, true, false,
     "b32 b64 u32 u64 s32 s64 sig32 sig64", "G", 0, false},
    // 7 images and samplers (the IMAGE extension)
    {"rdimage", FW_BRIG_OPCODE_RDIMAGE, F::kImage, kModVector | kModGeometry | kModEquiv, true,
     false, kImageTypes, "dSmk", 0, false},
    {"ldimage", FW_BRIG_OPCODE_LDIMAGE, F::kImage, kModVector | kModGeometry | kModEquiv, true,
     false, kImageTypes, "dSk", 0, false},
    {"stimage", FW_BRIG_OPCODE_STIMAGE, F::kImage, kModVector | kModGeometry | kModEquiv, true,
     false, kImageTypes, "sSk", 0, false},
    {"queryimage", FW_BRIG_OPCODE_QUERYIMAGE, F::kQueryImage, kModGeometry | kModImageQuery, true,
     false, "u32 roimg woimg rwimg", "dS", 0, false},
    {"querysampler", FW_BRIG_OPCODE_QUERYSAMPLER, F::kQuerySampler, kModSamplerQuery, false, false,
     "u32", "dm", 0, false},
    {"imagefence", FW_BRIG_OPCODE_IMAGEFENCE, F::kBasic, 0, false, true, "", "", 0, false},
    // 9.2 fine-grain barriers
    {"initfbar", FW_BRIG_OPCODE_INITFBAR, F::kBasic, 0, false, true, "", "f", 0, false},
    {"releasefbar", FW_BRIG_OPCODE_RELEASEFBAR, F::kBasic, 0, false, true, "", "f", 0, false},
    {"joinfbar", FW_BRIG_OPCODE_JOINFBAR, F::kBr, kModWidth, false, true, "", "f",
     FW_BRIG_WIDTH_WAVESIZE, false},
    {"waitfbar", FW_BRIG_OPCODE_WAITFBAR, F::kBr, kModWidth, false, true, "", "f",
     FW_BRIG_WIDTH_WAVESIZE, false},
    {"arrivefbar", FW_BRIG_OPCODE_ARRIVEFBAR, F::kBr, kModWidth, false, true, "", "f",
     FW_BRIG_WIDTH_WAVESIZE, false},
    {"leavefbar", FW_BRIG_OPCODE_LEAVEFBAR, F::kBr, kModWidth, false, true, "", "f",
     FW_BRIG_WIDTH_WAVESIZE, false},
    {"ldf", FW_BRIG_OPCODE_LDF, F::kBasic, 0, false, false, "u32", "df", 0, false},
    {"icall", FW_BRIG_OPCODE_ICALL, F::kBr, kModWidth, false, false, "u32 u64", "I",
     FW_BRIG_WIDTH_1, false},
    {"scall", FW_BRIG_OPCODE_SCALL, F::kBr, kModWidth, false, false, "u32 u64", "I",
     FW_BRIG_WIDTH_1, false},
    {"ret", FW_BRIG_OPCODE_RET, F::kBasic, 0, false, true, "", "", 0, false},
    {"nop", FW_BRIG_OPCODE_NOP, F::kBasic, 0, false, true, "", "", 0, false},
    // 11.1 dispatch packet and work-item information
    {"currentworkgroupsize", FW_BRIG_OPCODE_CURRENTWORKGROUPSIZE, F::kBasic, 0, false, false, "u32",
     "dn", 0, false},
    {"currentworkitemflatid", FW_BRIG_OPCODE_CURRENTWORKITEMFLATID, F::kBasic, 0, false, false,
     "u32", "d", 0, false},
    {"dim", FW_BRIG_OPCODE_DIM, F::kBasic, 0, false, false, "u32", "d", 0, false},
    {"gridgroups", FW_BRIG_OPCODE_GRIDGROUPS, F::kBasic, 0, false, false, "u32", "dn", 0, false},
    {"gridsize", FW_BRIG_OPCODE_GRIDSIZE, F::kBasic, 0, false, false, "u32 u64", "dn", 0, false},
    {"workgroupid", FW_BRIG_OPCODE_WORKGROUPID, F::kBasic, 0, false, false, "u32", "dn", 0, false},
    {"workgroupsize", FW_BRIG_OPCODE_WORKGROUPSIZE, F::kBasic, 0, false, false, "u32", "dn", 0,
     false},
    {"workitemabsid", FW_BRIG_OPCODE_WORKITEMABSID, F::kBasic, 0, false, false, "u32 u64", "dn", 0,
     false},
    {"workitemflatabsid", FW_BRIG_OPCODE_WORKITEMFLATABSID, F::kBasic, 0, false, false, "u32 u64",
     "d", 0, false},
    {"workitemflatid", FW_BRIG_OPCODE_WORKITEMFLATID, F::kBasic, 0, false, false, "u32", "d", 0,
     false},
    {"workitemid", FW_BRIG_OPCODE_WORKITEMID, F::kBasic, 0, false, false, "u32", "dn", 0, false},
    {"packetcompletionsig", FW_BRIG_OPCODE_PACKETCOMPLETIONSIG, F::kBasic, 0, false, false,
     "sig32 sig64", "d", 0, false},
    {"packetid", FW_BRIG_OPCODE_PACKETID, F::kBasic, 0, false, false, "u64", "d", 0, false},
    // 11.2 exceptions
    {"cleardetectexcept", FW_BRIG_OPCODE_CLEARDETECTEXCEPT, F::kBasic, 0, false, false, "u32", "s",
     0, false},
    {"getdetectexcept", FW_BRIG_OPCODE_GETDETECTEXCEPT, F::kBasic, 0, false, false, "u32", "d", 0,
     false},
    {"setdetectexcept", FW_BRIG_OPCODE_SETDETECTEXCEPT, F::kBasic, 0, false, false, "u32", "s", 0,
     false},
    // 10.6 alloca: private memory, its segment is implied
    {"alloca", FW_BRIG_OPCODE_ALLOCA, F::kMem, kModAlign, false, false, "u32", "du",
     FW_BRIG_WIDTH_NONE, false},
    // 11.4 miscellaneous
    {"debugtrap", FW_BRIG_OPCODE_DEBUGTRAP, F::kBasic, 0, false, false, "u32", "s", 0, false},
    {"clock", FW_BRIG_OPCODE_CLOCK, F::kBasic, 0, false, false, "u64", "d", 0, false},
    {"cuid", FW_BRIG_OPCODE_CUID, F::kBasic, 0, false, false, "u32", "d", 0, false},
    {"maxcuid", FW_BRIG_OPCODE_MAXCUID, F::kBasic, 0, false, false, "u32", "d", 0, false},
    {"laneid", FW_BRIG_OPCODE_LANEID, F::kBasic, 0, false, false, "u32", "d", 0, false},
    {"waveid", FW_BRIG_OPCODE_WAVEID, F::kBasic, 0, false, false, "u32", "d", 0, false},
    {"maxwaveid", FW_BRIG_OPCODE_MAXWAVEID, F::kBasic, 0, false, false, "u32", "d", 0, false},
    {"groupbaseptr", FW_BRIG_OPCODE_GROUPBASEPTR, F::kBasic, 0, false, false, "u32", "d", 0, false},
    {"kernargbaseptr", FW_BRIG_OPCODE_KERNARGBASEPTR, F::kBasic, 0, false, false, "u32 u64", "d", 0,
     false},
};

// Opcodes restricted to some segments; the others (ld) take any segment.
// "flat" stands for no segment modifier (the parser only checks written
// modifiers, the validator the BRIG field). Stores need writable memory,
// atomics memory shared between work-items, user-mode queues live in
// global memory, lda has no address in arg and spill (PRM 5.10, 5.16,
// 5.17, 6.4, 6.6, 6.7, 10.10, 11.3).
struct SegmentRule {
  uint16_t opcode;
  const char* segments;
};
constexpr const char* kQueueSegments = "flat global";
const SegmentRule kSegmentRules[] = {
    {FW_BRIG_OPCODE_FTOS, "group private"},
    {FW_BRIG_OPCODE_STOF, "group private"},
    {FW_BRIG_OPCODE_SEGMENTP, "global group private"},
    {FW_BRIG_OPCODE_NULLPTR, "flat group kernarg private"},
    {FW_BRIG_OPCODE_ST, "flat global group private spill arg"},
    {FW_BRIG_OPCODE_ATOMIC, "flat global group"},
    {FW_BRIG_OPCODE_ATOMICNORET, "flat global group"},
    {FW_BRIG_OPCODE_LDA, "flat global group private kernarg readonly"},
    {FW_BRIG_OPCODE_ALLOCA, "private"},
    {FW_BRIG_OPCODE_LDQUEUEREADINDEX, kQueueSegments},
    {FW_BRIG_OPCODE_LDQUEUEWRITEINDEX, kQueueSegments},
    {FW_BRIG_OPCODE_STQUEUEREADINDEX, kQueueSegments},
    {FW_BRIG_OPCODE_STQUEUEWRITEINDEX, kQueueSegments},
    {FW_BRIG_OPCODE_ADDQUEUEWRITEINDEX, kQueueSegments},
    {FW_BRIG_OPCODE_CASQUEUEWRITEINDEX, kQueueSegments},
};

bool listed(std::string_view all, std::string_view word) {
  size_t pos = 0;
  while (pos <= all.size()) {
    size_t end = all.find(' ', pos);
    if (end == std::string_view::npos) end = all.size();
    if (all.substr(pos, end - pos) == word) return true;
    pos = end + 1;
  }
  return false;
}

struct AtomicTypeRule {
  int op;
  const char* types;
};
const AtomicTypeRule kAtomicOpTypes[] = {
    {FW_BRIG_ATOMIC_LD, "b32 b64"},          {FW_BRIG_ATOMIC_ST, "b32 b64"},
    {FW_BRIG_ATOMIC_AND, "b32 b64"},         {FW_BRIG_ATOMIC_OR, "b32 b64"},
    {FW_BRIG_ATOMIC_XOR, "b32 b64"},         {FW_BRIG_ATOMIC_EXCH, "b32 b64"},
    {FW_BRIG_ATOMIC_CAS, "b32 b64"},         {FW_BRIG_ATOMIC_ADD, "u32 u64 s32 s64"},
    {FW_BRIG_ATOMIC_SUB, "u32 u64 s32 s64"}, {FW_BRIG_ATOMIC_MAX, "u32 u64 s32 s64"},
    {FW_BRIG_ATOMIC_MIN, "u32 u64 s32 s64"}, {FW_BRIG_ATOMIC_WRAPINC, "u32 u64"},
    {FW_BRIG_ATOMIC_WRAPDEC, "u32 u64"},
};

}  // namespace

bool atomic_op_allows_type(int atomic_op, std::string_view type_name) {
  for (const AtomicTypeRule& r : kAtomicOpTypes) {
    if (r.op == atomic_op) return listed(r.types, type_name);
  }
  return false;
}

bool inst_allows_segment(const InstDesc& desc, std::string_view segment_name) {
  for (const SegmentRule& r : kSegmentRules) {
    if (r.opcode == desc.opcode) return listed(r.segments, segment_name);
  }
  return true;
}

const InstDesc* find_inst(std::string_view name) {
  for (const InstDesc& d : kInsts) {
    if (name == d.name) return &d;
  }
  return nullptr;
}

const InstDesc* find_inst(uint16_t opcode) {
  for (const InstDesc& d : kInsts) {
    if (d.opcode == opcode) return &d;
  }
  return nullptr;
}

bool inst_allows_type(const InstDesc& desc, std::string_view type_name) {
  return listed(desc.types, type_name);
}

}  // namespace hsail
