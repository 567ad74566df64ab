/* SPDX-License-Identifier: MIT */
/*
 * BRIG, the binary form of HSAIL (HSA PRM chapter 18). Applications hand
 * BRIG modules to the runtime's finalizer extension and the compiler's front
 * end reads and writes them, so the layout lives here once.
 *
 * The field layouts are the ones of BRIG 1.0, which Debian's HSAILasm
 * produces and which the PRM 1.2 keeps unchanged; 1.2-only enumerators are
 * listed too so that readers can name them. Every entry of the hsa_code and
 * hsa_operand sections starts with struct fw_brig_base and is a multiple of
 * four bytes; references between entries are byte offsets from the start of
 * the referenced section (PRM 18.3.1), 0 meaning "none".
 */
#ifndef FW_BRIG_H
#define FW_BRIG_H

#include "fw_common.h"

/* Version we produce (HSAIL 1.0, like HSAILasm) and the newest we read. */
#define FW_BRIG_VERSION_MAJOR 1
#define FW_BRIG_VERSION_MINOR 0
#define FW_BRIG_VERSION_MINOR_MAX 2

#define FW_BRIG_IDENTIFICATION "HSA BRIG"

/* PRM 18.2: module header and sections are 16-byte aligned. */
#define FW_BRIG_MODULE_ALIGN 16
#define FW_BRIG_SECTION_ALIGN 16
#define FW_BRIG_ENTRY_ALIGN 4

struct fw_brig_module_header {
	char identification[8];	/* "HSA BRIG", no terminator */
	uint32_t brig_major;
	uint32_t brig_minor;
	uint64_t byte_count;	/* whole module, multiple of 16 */
	uint8_t hash[64];
	uint32_t reserved;
	uint32_t section_count;	/* at least 3 */
	uint64_t section_index;	/* offset of uint64_t[section_count] */
};

enum fw_brig_section_index {
	FW_BRIG_SECTION_INDEX_DATA = 0,
	FW_BRIG_SECTION_INDEX_CODE = 1,
	FW_BRIG_SECTION_INDEX_OPERAND = 2,
	FW_BRIG_SECTION_INDEX_FIRST_USER_DEFINED = 3,
};

/*
 * Section header (PRM 18.3.25); the name follows, then zero padding up to
 * header_byte_count. HSAILasm sizes the header as if name[] started at byte
 * 23 of an 8-byte aligned struct: header = align4(23 + name_length).
 */
struct fw_brig_section_header {
	uint64_t byte_count;
	uint32_t header_byte_count;
	uint32_t name_length;
	/* uint8_t name[name_length]; */
};
#define FW_BRIG_SECTION_HEADER_FIXED 16

/* hsa_data entries (PRM 18.4): byte count, bytes, zero pad to 4. */
struct fw_brig_data {
	uint32_t byte_count;
	/* uint8_t bytes[byte_count]; */
};

struct fw_brig_base {
	uint16_t byte_count;
	uint16_t kind;		/* enum fw_brig_kind */
};

/* A 64-bit value split for 4-byte alignment (PRM 18.3.29). */
struct fw_brig_uint64 {
	uint32_t lo;
	uint32_t hi;
};

enum fw_brig_kind {
	FW_BRIG_KIND_NONE = 0x0000,

	FW_BRIG_KIND_DIRECTIVE_BEGIN = 0x1000,
	FW_BRIG_KIND_DIRECTIVE_ARG_BLOCK_END = 0x1000,
	FW_BRIG_KIND_DIRECTIVE_ARG_BLOCK_START = 0x1001,
	FW_BRIG_KIND_DIRECTIVE_COMMENT = 0x1002,
	FW_BRIG_KIND_DIRECTIVE_CONTROL = 0x1003,
	FW_BRIG_KIND_DIRECTIVE_EXTENSION = 0x1004,
	FW_BRIG_KIND_DIRECTIVE_FBARRIER = 0x1005,
	FW_BRIG_KIND_DIRECTIVE_FUNCTION = 0x1006,
	FW_BRIG_KIND_DIRECTIVE_INDIRECT_FUNCTION = 0x1007,
	FW_BRIG_KIND_DIRECTIVE_KERNEL = 0x1008,
	FW_BRIG_KIND_DIRECTIVE_LABEL = 0x1009,
	FW_BRIG_KIND_DIRECTIVE_LOC = 0x100a,
	FW_BRIG_KIND_DIRECTIVE_MODULE = 0x100b,
	FW_BRIG_KIND_DIRECTIVE_PRAGMA = 0x100c,
	FW_BRIG_KIND_DIRECTIVE_SIGNATURE = 0x100d,
	FW_BRIG_KIND_DIRECTIVE_VARIABLE = 0x100e,
	FW_BRIG_KIND_DIRECTIVE_EXTENSION_VERSION = 0x100f, /* PRM 1.2 */
	FW_BRIG_KIND_DIRECTIVE_END = 0x1010,

	FW_BRIG_KIND_INST_BEGIN = 0x2000,
	FW_BRIG_KIND_INST_ADDR = 0x2000,
	FW_BRIG_KIND_INST_ATOMIC = 0x2001,
	FW_BRIG_KIND_INST_BASIC = 0x2002,
	FW_BRIG_KIND_INST_BR = 0x2003,
	FW_BRIG_KIND_INST_CMP = 0x2004,
	FW_BRIG_KIND_INST_CVT = 0x2005,
	FW_BRIG_KIND_INST_IMAGE = 0x2006,
	FW_BRIG_KIND_INST_LANE = 0x2007,
	FW_BRIG_KIND_INST_MEM = 0x2008,
	FW_BRIG_KIND_INST_MEM_FENCE = 0x2009,
	FW_BRIG_KIND_INST_MOD = 0x200a,
	FW_BRIG_KIND_INST_QUERY_IMAGE = 0x200b,
	FW_BRIG_KIND_INST_QUERY_SAMPLER = 0x200c,
	FW_BRIG_KIND_INST_QUEUE = 0x200d,
	FW_BRIG_KIND_INST_SEG = 0x200e,
	FW_BRIG_KIND_INST_SEG_CVT = 0x200f,
	FW_BRIG_KIND_INST_SIGNAL = 0x2010,
	FW_BRIG_KIND_INST_SOURCE_TYPE = 0x2011,
	FW_BRIG_KIND_INST_END = 0x2012,

	FW_BRIG_KIND_OPERAND_BEGIN = 0x3000,
	FW_BRIG_KIND_OPERAND_ADDRESS = 0x3000,
	FW_BRIG_KIND_OPERAND_ALIGN = 0x3001,
	FW_BRIG_KIND_OPERAND_CODE_LIST = 0x3002,
	FW_BRIG_KIND_OPERAND_CODE_REF = 0x3003,
	FW_BRIG_KIND_OPERAND_CONSTANT_BYTES = 0x3004,
	FW_BRIG_KIND_OPERAND_CONSTANT_EXPRESSION = 0x3005, /* PRM 1.2 */
	FW_BRIG_KIND_OPERAND_CONSTANT_IMAGE = 0x3006,
	FW_BRIG_KIND_OPERAND_CONSTANT_OPERAND_LIST = 0x3007,
	FW_BRIG_KIND_OPERAND_CONSTANT_SAMPLER = 0x3008,
	FW_BRIG_KIND_OPERAND_OPERAND_LIST = 0x3009,
	FW_BRIG_KIND_OPERAND_REGISTER = 0x300a,
	FW_BRIG_KIND_OPERAND_STRING = 0x300b,
	FW_BRIG_KIND_OPERAND_WAVESIZE = 0x300c,
	FW_BRIG_KIND_OPERAND_ZERO = 0x300d, /* PRM 1.2 */
	FW_BRIG_KIND_OPERAND_END = 0x300e,
};

/* ---- support enumerations (PRM 18.3) ---- */

enum fw_brig_alignment {
	FW_BRIG_ALIGNMENT_NONE = 0,
	FW_BRIG_ALIGNMENT_1 = 1,
	FW_BRIG_ALIGNMENT_2 = 2,
	FW_BRIG_ALIGNMENT_4 = 3,
	FW_BRIG_ALIGNMENT_8 = 4,
	FW_BRIG_ALIGNMENT_16 = 5,
	FW_BRIG_ALIGNMENT_32 = 6,
	FW_BRIG_ALIGNMENT_64 = 7,
	FW_BRIG_ALIGNMENT_128 = 8,
	FW_BRIG_ALIGNMENT_256 = 9,
	FW_BRIG_ALIGNMENT_MAX = FW_BRIG_ALIGNMENT_256,
};

enum fw_brig_allocation {
	FW_BRIG_ALLOCATION_NONE = 0,
	FW_BRIG_ALLOCATION_PROGRAM = 1,
	FW_BRIG_ALLOCATION_AGENT = 2,
	FW_BRIG_ALLOCATION_AUTOMATIC = 3,
};

enum fw_brig_alu_modifier {
	FW_BRIG_ALU_MODIFIER_FTZ = 1 << 0,
	FW_BRIG_ALU_MODIFIER_INTEGER_SAT = 1 << 1, /* PRM 1.2 */
};

enum fw_brig_atomic_operation {
	FW_BRIG_ATOMIC_ADD = 0,
	FW_BRIG_ATOMIC_AND = 1,
	FW_BRIG_ATOMIC_CAS = 2,
	FW_BRIG_ATOMIC_EXCH = 3,
	FW_BRIG_ATOMIC_LD = 4,
	FW_BRIG_ATOMIC_MAX = 5,
	FW_BRIG_ATOMIC_MIN = 6,
	FW_BRIG_ATOMIC_OR = 7,
	FW_BRIG_ATOMIC_ST = 8,
	FW_BRIG_ATOMIC_SUB = 9,
	FW_BRIG_ATOMIC_WRAPDEC = 10,
	FW_BRIG_ATOMIC_WRAPINC = 11,
	FW_BRIG_ATOMIC_XOR = 12,
	FW_BRIG_ATOMIC_WAIT_EQ = 13,
	FW_BRIG_ATOMIC_WAIT_NE = 14,
	FW_BRIG_ATOMIC_WAIT_LT = 15,
	FW_BRIG_ATOMIC_WAIT_GTE = 16,
	FW_BRIG_ATOMIC_WAITTIMEOUT_EQ = 17,
	FW_BRIG_ATOMIC_WAITTIMEOUT_NE = 18,
	FW_BRIG_ATOMIC_WAITTIMEOUT_LT = 19,
	FW_BRIG_ATOMIC_WAITTIMEOUT_GTE = 20,
};

enum fw_brig_compare_operation {
	FW_BRIG_COMPARE_EQ = 0,
	FW_BRIG_COMPARE_NE = 1,
	FW_BRIG_COMPARE_LT = 2,
	FW_BRIG_COMPARE_LE = 3,
	FW_BRIG_COMPARE_GT = 4,
	FW_BRIG_COMPARE_GE = 5,
	FW_BRIG_COMPARE_EQU = 6,
	FW_BRIG_COMPARE_NEU = 7,
	FW_BRIG_COMPARE_LTU = 8,
	FW_BRIG_COMPARE_LEU = 9,
	FW_BRIG_COMPARE_GTU = 10,
	FW_BRIG_COMPARE_GEU = 11,
	FW_BRIG_COMPARE_NUM = 12,
	FW_BRIG_COMPARE_NAN = 13,
	FW_BRIG_COMPARE_SEQ = 14,
	FW_BRIG_COMPARE_SNE = 15,
	FW_BRIG_COMPARE_SLT = 16,
	FW_BRIG_COMPARE_SLE = 17,
	FW_BRIG_COMPARE_SGT = 18,
	FW_BRIG_COMPARE_SGE = 19,
	FW_BRIG_COMPARE_SGEU = 20,
	FW_BRIG_COMPARE_SEQU = 21,
	FW_BRIG_COMPARE_SNEU = 22,
	FW_BRIG_COMPARE_SLTU = 23,
	FW_BRIG_COMPARE_SLEU = 24,
	FW_BRIG_COMPARE_SNUM = 25,
	FW_BRIG_COMPARE_SNAN = 26,
	FW_BRIG_COMPARE_SGTU = 27,
};

enum fw_brig_control_directive {
	FW_BRIG_CONTROL_NONE = 0,
	FW_BRIG_CONTROL_ENABLEBREAKEXCEPTIONS = 1,
	FW_BRIG_CONTROL_ENABLEDETECTEXCEPTIONS = 2,
	FW_BRIG_CONTROL_MAXDYNAMICGROUPSIZE = 3,
	FW_BRIG_CONTROL_MAXFLATGRIDSIZE = 4,
	FW_BRIG_CONTROL_MAXFLATWORKGROUPSIZE = 5,
	FW_BRIG_CONTROL_REQUIREDDIM = 6,
	FW_BRIG_CONTROL_REQUIREDGRIDSIZE = 7,
	FW_BRIG_CONTROL_REQUIREDWORKGROUPSIZE = 8,
	FW_BRIG_CONTROL_REQUIRENOPARTIALWORKGROUPS = 9,
};

enum fw_brig_executable_modifier {
	FW_BRIG_EXECUTABLE_DEFINITION = 1,
};

enum fw_brig_linkage {
	FW_BRIG_LINKAGE_NONE = 0,
	FW_BRIG_LINKAGE_PROGRAM = 1,
	FW_BRIG_LINKAGE_MODULE = 2,
	FW_BRIG_LINKAGE_FUNCTION = 3,
	FW_BRIG_LINKAGE_ARG = 4,
};

enum fw_brig_machine_model {
	FW_BRIG_MACHINE_SMALL = 0,
	FW_BRIG_MACHINE_LARGE = 1,
};

enum fw_brig_memory_modifier {
	FW_BRIG_MEMORY_CONST = 1,
	FW_BRIG_MEMORY_NONTEMPORAL = 2, /* PRM 1.2 */
};

enum fw_brig_memory_order {
	FW_BRIG_MEMORY_ORDER_NONE = 0,
	FW_BRIG_MEMORY_ORDER_RELAXED = 1,
	FW_BRIG_MEMORY_ORDER_SC_ACQUIRE = 2,
	FW_BRIG_MEMORY_ORDER_SC_RELEASE = 3,
	FW_BRIG_MEMORY_ORDER_SC_ACQUIRE_RELEASE = 4,
};

enum fw_brig_memory_scope {
	FW_BRIG_MEMORY_SCOPE_NONE = 0,
	FW_BRIG_MEMORY_SCOPE_WORKITEM = 1,
	FW_BRIG_MEMORY_SCOPE_WAVEFRONT = 2,
	FW_BRIG_MEMORY_SCOPE_WORKGROUP = 3,
	FW_BRIG_MEMORY_SCOPE_AGENT = 4,
	FW_BRIG_MEMORY_SCOPE_SYSTEM = 5,
};

enum fw_brig_opcode {
	FW_BRIG_OPCODE_NOP = 0,
	FW_BRIG_OPCODE_ABS = 1,
	FW_BRIG_OPCODE_ADD = 2,
	FW_BRIG_OPCODE_BORROW = 3,
	FW_BRIG_OPCODE_CARRY = 4,
	FW_BRIG_OPCODE_CEIL = 5,
	FW_BRIG_OPCODE_COPYSIGN = 6,
	FW_BRIG_OPCODE_DIV = 7,
	FW_BRIG_OPCODE_FLOOR = 8,
	FW_BRIG_OPCODE_FMA = 9,
	FW_BRIG_OPCODE_FRACT = 10,
	FW_BRIG_OPCODE_MAD = 11,
	FW_BRIG_OPCODE_MAX = 12,
	FW_BRIG_OPCODE_MIN = 13,
	FW_BRIG_OPCODE_MUL = 14,
	FW_BRIG_OPCODE_MULHI = 15,
	FW_BRIG_OPCODE_NEG = 16,
	FW_BRIG_OPCODE_REM = 17,
	FW_BRIG_OPCODE_RINT = 18,
	FW_BRIG_OPCODE_SQRT = 19,
	FW_BRIG_OPCODE_SUB = 20,
	FW_BRIG_OPCODE_TRUNC = 21,
	FW_BRIG_OPCODE_MAD24 = 22,
	FW_BRIG_OPCODE_MAD24HI = 23,
	FW_BRIG_OPCODE_MUL24 = 24,
	FW_BRIG_OPCODE_MUL24HI = 25,
	FW_BRIG_OPCODE_SHL = 26,
	FW_BRIG_OPCODE_SHR = 27,
	FW_BRIG_OPCODE_AND = 28,
	FW_BRIG_OPCODE_NOT = 29,
	FW_BRIG_OPCODE_OR = 30,
	FW_BRIG_OPCODE_POPCOUNT = 31,
	FW_BRIG_OPCODE_XOR = 32,
	FW_BRIG_OPCODE_BITEXTRACT = 33,
	FW_BRIG_OPCODE_BITINSERT = 34,
	FW_BRIG_OPCODE_BITMASK = 35,
	FW_BRIG_OPCODE_BITREV = 36,
	FW_BRIG_OPCODE_BITSELECT = 37,
	FW_BRIG_OPCODE_FIRSTBIT = 38,
	FW_BRIG_OPCODE_LASTBIT = 39,
	FW_BRIG_OPCODE_COMBINE = 40,
	FW_BRIG_OPCODE_EXPAND = 41,
	FW_BRIG_OPCODE_LDA = 42,
	FW_BRIG_OPCODE_MOV = 43,
	FW_BRIG_OPCODE_SHUFFLE = 44,
	FW_BRIG_OPCODE_UNPACKHI = 45,
	FW_BRIG_OPCODE_UNPACKLO = 46,
	FW_BRIG_OPCODE_PACK = 47,
	FW_BRIG_OPCODE_UNPACK = 48,
	FW_BRIG_OPCODE_CMOV = 49,
	FW_BRIG_OPCODE_CLASS = 50,
	FW_BRIG_OPCODE_NCOS = 51,
	FW_BRIG_OPCODE_NEXP2 = 52,
	FW_BRIG_OPCODE_NFMA = 53,
	FW_BRIG_OPCODE_NLOG2 = 54,
	FW_BRIG_OPCODE_NRCP = 55,
	FW_BRIG_OPCODE_NRSQRT = 56,
	FW_BRIG_OPCODE_NSIN = 57,
	FW_BRIG_OPCODE_NSQRT = 58,
	FW_BRIG_OPCODE_BITALIGN = 59,
	FW_BRIG_OPCODE_BYTEALIGN = 60,
	FW_BRIG_OPCODE_PACKCVT = 61,
	FW_BRIG_OPCODE_UNPACKCVT = 62,
	FW_BRIG_OPCODE_LERP = 63,
	FW_BRIG_OPCODE_SAD = 64,
	FW_BRIG_OPCODE_SADHI = 65,
	FW_BRIG_OPCODE_SEGMENTP = 66,
	FW_BRIG_OPCODE_FTOS = 67,
	FW_BRIG_OPCODE_STOF = 68,
	FW_BRIG_OPCODE_CMP = 69,
	FW_BRIG_OPCODE_CVT = 70,
	FW_BRIG_OPCODE_LD = 71,
	FW_BRIG_OPCODE_ST = 72,
	FW_BRIG_OPCODE_ATOMIC = 73,
	FW_BRIG_OPCODE_ATOMICNORET = 74,
	FW_BRIG_OPCODE_SIGNAL = 75,
	FW_BRIG_OPCODE_SIGNALNORET = 76,
	FW_BRIG_OPCODE_MEMFENCE = 77,
	FW_BRIG_OPCODE_RDIMAGE = 78,
	FW_BRIG_OPCODE_LDIMAGE = 79,
	FW_BRIG_OPCODE_STIMAGE = 80,
	FW_BRIG_OPCODE_IMAGEFENCE = 81,
	FW_BRIG_OPCODE_QUERYIMAGE = 82,
	FW_BRIG_OPCODE_QUERYSAMPLER = 83,
	FW_BRIG_OPCODE_CBR = 84,
	FW_BRIG_OPCODE_BR = 85,
	FW_BRIG_OPCODE_SBR = 86,
	FW_BRIG_OPCODE_BARRIER = 87,
	FW_BRIG_OPCODE_WAVEBARRIER = 88,
	FW_BRIG_OPCODE_ARRIVEFBAR = 89,
	FW_BRIG_OPCODE_INITFBAR = 90,
	FW_BRIG_OPCODE_JOINFBAR = 91,
	FW_BRIG_OPCODE_LEAVEFBAR = 92,
	FW_BRIG_OPCODE_RELEASEFBAR = 93,
	FW_BRIG_OPCODE_WAITFBAR = 94,
	FW_BRIG_OPCODE_LDF = 95,
	FW_BRIG_OPCODE_ACTIVELANECOUNT = 96,
	FW_BRIG_OPCODE_ACTIVELANEID = 97,
	FW_BRIG_OPCODE_ACTIVELANEMASK = 98,
	FW_BRIG_OPCODE_ACTIVELANEPERMUTE = 99,
	FW_BRIG_OPCODE_CALL = 100,
	FW_BRIG_OPCODE_SCALL = 101,
	FW_BRIG_OPCODE_ICALL = 102,
	FW_BRIG_OPCODE_RET = 103,
	FW_BRIG_OPCODE_ALLOCA = 104,
	FW_BRIG_OPCODE_CURRENTWORKGROUPSIZE = 105,
	FW_BRIG_OPCODE_CURRENTWORKITEMFLATID = 106,
	FW_BRIG_OPCODE_DIM = 107,
	FW_BRIG_OPCODE_GRIDGROUPS = 108,
	FW_BRIG_OPCODE_GRIDSIZE = 109,
	FW_BRIG_OPCODE_PACKETCOMPLETIONSIG = 110,
	FW_BRIG_OPCODE_PACKETID = 111,
	FW_BRIG_OPCODE_WORKGROUPID = 112,
	FW_BRIG_OPCODE_WORKGROUPSIZE = 113,
	FW_BRIG_OPCODE_WORKITEMABSID = 114,
	FW_BRIG_OPCODE_WORKITEMFLATABSID = 115,
	FW_BRIG_OPCODE_WORKITEMFLATID = 116,
	FW_BRIG_OPCODE_WORKITEMID = 117,
	FW_BRIG_OPCODE_CLEARDETECTEXCEPT = 118,
	FW_BRIG_OPCODE_GETDETECTEXCEPT = 119,
	FW_BRIG_OPCODE_SETDETECTEXCEPT = 120,
	FW_BRIG_OPCODE_ADDQUEUEWRITEINDEX = 121,
	FW_BRIG_OPCODE_CASQUEUEWRITEINDEX = 122,
	FW_BRIG_OPCODE_LDQUEUEREADINDEX = 123,
	FW_BRIG_OPCODE_LDQUEUEWRITEINDEX = 124,
	FW_BRIG_OPCODE_STQUEUEREADINDEX = 125,
	FW_BRIG_OPCODE_STQUEUEWRITEINDEX = 126,
	FW_BRIG_OPCODE_CLOCK = 127,
	FW_BRIG_OPCODE_CUID = 128,
	FW_BRIG_OPCODE_DEBUGTRAP = 129,
	FW_BRIG_OPCODE_GROUPBASEPTR = 130,
	FW_BRIG_OPCODE_KERNARGBASEPTR = 131,
	FW_BRIG_OPCODE_LANEID = 132,
	FW_BRIG_OPCODE_MAXCUID = 133,
	FW_BRIG_OPCODE_MAXWAVEID = 134,
	FW_BRIG_OPCODE_NULLPTR = 135,
	FW_BRIG_OPCODE_WAVEID = 136,
	FW_BRIG_OPCODE_FIRST_USER_DEFINED = 32768,
};

enum fw_brig_pack {
	FW_BRIG_PACK_NONE = 0,
	FW_BRIG_PACK_PP = 1,
	FW_BRIG_PACK_PS = 2,
	FW_BRIG_PACK_SP = 3,
	FW_BRIG_PACK_SS = 4,
	FW_BRIG_PACK_S = 5,
	FW_BRIG_PACK_P = 6,
	FW_BRIG_PACK_PPSAT = 7,
	FW_BRIG_PACK_PSSAT = 8,
	FW_BRIG_PACK_SPSAT = 9,
	FW_BRIG_PACK_SSSAT = 10,
	FW_BRIG_PACK_SSAT = 11,
	FW_BRIG_PACK_PSAT = 12,
};

enum fw_brig_profile {
	FW_BRIG_PROFILE_BASE = 0,
	FW_BRIG_PROFILE_FULL = 1,
};

enum fw_brig_register_kind {
	FW_BRIG_REGISTER_KIND_CONTROL = 0,
	FW_BRIG_REGISTER_KIND_SINGLE = 1,
	FW_BRIG_REGISTER_KIND_DOUBLE = 2,
	FW_BRIG_REGISTER_KIND_QUAD = 3,
};

enum fw_brig_round {
	FW_BRIG_ROUND_NONE = 0,
	FW_BRIG_ROUND_FLOAT_DEFAULT = 1,
	FW_BRIG_ROUND_FLOAT_NEAR_EVEN = 2,
	FW_BRIG_ROUND_FLOAT_ZERO = 3,
	FW_BRIG_ROUND_FLOAT_PLUS_INFINITY = 4,
	FW_BRIG_ROUND_FLOAT_MINUS_INFINITY = 5,
	FW_BRIG_ROUND_INTEGER_NEAR_EVEN = 6,
	FW_BRIG_ROUND_INTEGER_ZERO = 7,
	FW_BRIG_ROUND_INTEGER_PLUS_INFINITY = 8,
	FW_BRIG_ROUND_INTEGER_MINUS_INFINITY = 9,
	FW_BRIG_ROUND_INTEGER_NEAR_EVEN_SAT = 10,
	FW_BRIG_ROUND_INTEGER_ZERO_SAT = 11,
	FW_BRIG_ROUND_INTEGER_PLUS_INFINITY_SAT = 12,
	FW_BRIG_ROUND_INTEGER_MINUS_INFINITY_SAT = 13,
	FW_BRIG_ROUND_INTEGER_SIGNALING_NEAR_EVEN = 14,
	FW_BRIG_ROUND_INTEGER_SIGNALING_ZERO = 15,
	FW_BRIG_ROUND_INTEGER_SIGNALING_PLUS_INFINITY = 16,
	FW_BRIG_ROUND_INTEGER_SIGNALING_MINUS_INFINITY = 17,
	FW_BRIG_ROUND_INTEGER_SIGNALING_NEAR_EVEN_SAT = 18,
	FW_BRIG_ROUND_INTEGER_SIGNALING_ZERO_SAT = 19,
	FW_BRIG_ROUND_INTEGER_SIGNALING_PLUS_INFINITY_SAT = 20,
	FW_BRIG_ROUND_INTEGER_SIGNALING_MINUS_INFINITY_SAT = 21,
};

enum fw_brig_seg_cvt_modifier {
	FW_BRIG_SEG_CVT_NONULL = 1,
};

enum fw_brig_segment {
	FW_BRIG_SEGMENT_NONE = 0,
	FW_BRIG_SEGMENT_FLAT = 1,
	FW_BRIG_SEGMENT_GLOBAL = 2,
	FW_BRIG_SEGMENT_READONLY = 3,
	FW_BRIG_SEGMENT_KERNARG = 4,
	FW_BRIG_SEGMENT_GROUP = 5,
	FW_BRIG_SEGMENT_PRIVATE = 6,
	FW_BRIG_SEGMENT_SPILL = 7,
	FW_BRIG_SEGMENT_ARG = 8,
	FW_BRIG_SEGMENT_FIRST_USER_DEFINED = 128,
};

/*
 * Types (PRM 18.3.28): base type in bits 4:0, packed size in bits 6:5
 * (1: 32-bit, 2: 64-bit, 3: 128-bit), array flag in bit 7.
 */
#define FW_BRIG_TYPE_BASE 0, 5
#define FW_BRIG_TYPE_PACK 5, 2
#define FW_BRIG_TYPE_ARRAY_FLAG 7, 1
#define FW_BRIG_TYPE_PACK_32 (1 << 5)
#define FW_BRIG_TYPE_PACK_64 (2 << 5)
#define FW_BRIG_TYPE_PACK_128 (3 << 5)
#define FW_BRIG_TYPE_ARRAY (1 << 7)

enum fw_brig_type {
	FW_BRIG_TYPE_NONE = 0,
	FW_BRIG_TYPE_U8 = 1,
	FW_BRIG_TYPE_U16 = 2,
	FW_BRIG_TYPE_U32 = 3,
	FW_BRIG_TYPE_U64 = 4,
	FW_BRIG_TYPE_S8 = 5,
	FW_BRIG_TYPE_S16 = 6,
	FW_BRIG_TYPE_S32 = 7,
	FW_BRIG_TYPE_S64 = 8,
	FW_BRIG_TYPE_F16 = 9,
	FW_BRIG_TYPE_F32 = 10,
	FW_BRIG_TYPE_F64 = 11,
	FW_BRIG_TYPE_B1 = 12,
	FW_BRIG_TYPE_B8 = 13,
	FW_BRIG_TYPE_B16 = 14,
	FW_BRIG_TYPE_B32 = 15,
	FW_BRIG_TYPE_B64 = 16,
	FW_BRIG_TYPE_B128 = 17,
	FW_BRIG_TYPE_SAMP = 18,
	FW_BRIG_TYPE_ROIMG = 19,
	FW_BRIG_TYPE_WOIMG = 20,
	FW_BRIG_TYPE_RWIMG = 21,
	FW_BRIG_TYPE_SIG32 = 22,
	FW_BRIG_TYPE_SIG64 = 23,
};

enum fw_brig_variable_modifier {
	FW_BRIG_VARIABLE_DEFINITION = 1,
	FW_BRIG_VARIABLE_CONST = 2,
};

/* Width modifier: log2(n) + 1, then WAVESIZE and ALL (PRM 18.3.32). */
enum fw_brig_width {
	FW_BRIG_WIDTH_NONE = 0,
	FW_BRIG_WIDTH_1 = 1,
	FW_BRIG_WIDTH_2147483648 = 32,
	FW_BRIG_WIDTH_WAVESIZE = 33,
	FW_BRIG_WIDTH_ALL = 34,
};

/* Image extension enumerations (PRM 18.3.35-18.3.40). */
enum fw_brig_image_geometry {
	FW_BRIG_GEOMETRY_1D = 0,
	FW_BRIG_GEOMETRY_2D = 1,
	FW_BRIG_GEOMETRY_3D = 2,
	FW_BRIG_GEOMETRY_1DA = 3,
	FW_BRIG_GEOMETRY_2DA = 4,
	FW_BRIG_GEOMETRY_1DB = 5,
	FW_BRIG_GEOMETRY_2DDEPTH = 6,
	FW_BRIG_GEOMETRY_2DADEPTH = 7,
};

enum fw_brig_image_query {
	FW_BRIG_IMAGE_QUERY_WIDTH = 0,
	FW_BRIG_IMAGE_QUERY_HEIGHT = 1,
	FW_BRIG_IMAGE_QUERY_DEPTH = 2,
	FW_BRIG_IMAGE_QUERY_ARRAY = 3,
	FW_BRIG_IMAGE_QUERY_CHANNELORDER = 4,
	FW_BRIG_IMAGE_QUERY_CHANNELTYPE = 5,
};

enum fw_brig_sampler_query {
	FW_BRIG_SAMPLER_QUERY_ADDRESSING = 0,
	FW_BRIG_SAMPLER_QUERY_COORD = 1,
	FW_BRIG_SAMPLER_QUERY_FILTER = 2,
};

enum fw_brig_sampler_addressing {
	FW_BRIG_SAMPLER_ADDRESSING_UNDEFINED = 0,
	FW_BRIG_SAMPLER_ADDRESSING_CLAMP_TO_EDGE = 1,
	FW_BRIG_SAMPLER_ADDRESSING_CLAMP_TO_BORDER = 2,
	FW_BRIG_SAMPLER_ADDRESSING_REPEAT = 3,
	FW_BRIG_SAMPLER_ADDRESSING_MIRRORED_REPEAT = 4,
};

enum fw_brig_sampler_coord_normalization {
	FW_BRIG_SAMPLER_COORD_UNNORMALIZED = 0,
	FW_BRIG_SAMPLER_COORD_NORMALIZED = 1,
};

enum fw_brig_sampler_filter {
	FW_BRIG_SAMPLER_FILTER_NEAREST = 0,
	FW_BRIG_SAMPLER_FILTER_LINEAR = 1,
};

enum fw_brig_image_channel_order {
	FW_BRIG_CHANNEL_ORDER_A = 0,
	FW_BRIG_CHANNEL_ORDER_R = 1,
	FW_BRIG_CHANNEL_ORDER_RX = 2,
	FW_BRIG_CHANNEL_ORDER_RG = 3,
	FW_BRIG_CHANNEL_ORDER_RGX = 4,
	FW_BRIG_CHANNEL_ORDER_RA = 5,
	FW_BRIG_CHANNEL_ORDER_RGB = 6,
	FW_BRIG_CHANNEL_ORDER_RGBX = 7,
	FW_BRIG_CHANNEL_ORDER_RGBA = 8,
	FW_BRIG_CHANNEL_ORDER_BGRA = 9,
	FW_BRIG_CHANNEL_ORDER_ARGB = 10,
	FW_BRIG_CHANNEL_ORDER_ABGR = 11,
	FW_BRIG_CHANNEL_ORDER_SRGB = 12,
	FW_BRIG_CHANNEL_ORDER_SRGBX = 13,
	FW_BRIG_CHANNEL_ORDER_SRGBA = 14,
	FW_BRIG_CHANNEL_ORDER_SBGRA = 15,
	FW_BRIG_CHANNEL_ORDER_INTENSITY = 16,
	FW_BRIG_CHANNEL_ORDER_LUMINANCE = 17,
	FW_BRIG_CHANNEL_ORDER_DEPTH = 18,
	FW_BRIG_CHANNEL_ORDER_DEPTH_STENCIL = 19,
};

enum fw_brig_image_channel_type {
	FW_BRIG_CHANNEL_TYPE_SNORM_INT8 = 0,
	FW_BRIG_CHANNEL_TYPE_SNORM_INT16 = 1,
	FW_BRIG_CHANNEL_TYPE_UNORM_INT8 = 2,
	FW_BRIG_CHANNEL_TYPE_UNORM_INT16 = 3,
	FW_BRIG_CHANNEL_TYPE_UNORM_INT24 = 4,
	FW_BRIG_CHANNEL_TYPE_UNORM_SHORT_555 = 5,
	FW_BRIG_CHANNEL_TYPE_UNORM_SHORT_565 = 6,
	FW_BRIG_CHANNEL_TYPE_UNORM_INT_101010 = 7,
	FW_BRIG_CHANNEL_TYPE_SIGNED_INT8 = 8,
	FW_BRIG_CHANNEL_TYPE_SIGNED_INT16 = 9,
	FW_BRIG_CHANNEL_TYPE_SIGNED_INT32 = 10,
	FW_BRIG_CHANNEL_TYPE_UNSIGNED_INT8 = 11,
	FW_BRIG_CHANNEL_TYPE_UNSIGNED_INT16 = 12,
	FW_BRIG_CHANNEL_TYPE_UNSIGNED_INT32 = 13,
	FW_BRIG_CHANNEL_TYPE_HALF_FLOAT = 14,
	FW_BRIG_CHANNEL_TYPE_FLOAT = 15,
};

/* ---- hsa_code: directives (PRM 18.5.1) ---- */

struct fw_brig_directive_arg_block {
	struct fw_brig_base base;
};

struct fw_brig_directive_comment {
	struct fw_brig_base base;
	uint32_t name;			/* data: text including the // */
};

struct fw_brig_directive_control {
	struct fw_brig_base base;
	uint16_t control;		/* enum fw_brig_control_directive */
	uint16_t reserved;
	uint32_t operands;		/* data: operand list */
};

/* Kernel, function, indirect function and signature. */
struct fw_brig_directive_executable {
	struct fw_brig_base base;
	uint32_t name;			/* data */
	uint16_t out_arg_count;
	uint16_t in_arg_count;
	uint32_t first_in_arg;		/* code */
	uint32_t first_code_block_entry; /* code */
	uint32_t next_module_entry;	/* code */
	uint8_t modifier;		/* enum fw_brig_executable_modifier */
	uint8_t linkage;		/* enum fw_brig_linkage */
	uint16_t reserved;
};

struct fw_brig_directive_extension {
	struct fw_brig_base base;
	uint32_t name;
};

struct fw_brig_directive_fbarrier {
	struct fw_brig_base base;
	uint32_t name;
	uint8_t modifier;		/* enum fw_brig_variable_modifier */
	uint8_t linkage;
	uint16_t reserved;
};

struct fw_brig_directive_label {
	struct fw_brig_base base;
	uint32_t name;
};

struct fw_brig_directive_loc {
	struct fw_brig_base base;
	uint32_t filename;
	uint32_t line;
	uint32_t column;
};

struct fw_brig_directive_module {
	struct fw_brig_base base;
	uint32_t name;
	uint32_t hsail_major;
	uint32_t hsail_minor;
	uint8_t profile;		/* enum fw_brig_profile */
	uint8_t machine_model;		/* enum fw_brig_machine_model */
	uint8_t default_float_round;	/* enum fw_brig_round */
	uint8_t reserved;
};

struct fw_brig_directive_pragma {
	struct fw_brig_base base;
	uint32_t operands;
};

struct fw_brig_directive_variable {
	struct fw_brig_base base;
	uint32_t name;			/* data */
	uint32_t init;			/* operand, 0 if none */
	uint16_t type;			/* fw_brig_type (+ array flag) */
	uint8_t segment;
	uint8_t align;			/* enum fw_brig_alignment */
	struct fw_brig_uint64 dim;
	uint8_t modifier;		/* enum fw_brig_variable_modifier */
	uint8_t linkage;
	uint8_t allocation;		/* enum fw_brig_allocation */
	uint8_t reserved;
};

/* ---- hsa_code: instructions (PRM 18.5.2) ---- */

struct fw_brig_inst_base {
	struct fw_brig_base base;
	uint16_t opcode;		/* enum fw_brig_opcode */
	uint16_t type;			/* destination type */
	uint32_t operands;		/* data: operand list */
};

struct fw_brig_inst_addr {
	struct fw_brig_inst_base base;
	uint8_t segment;
	uint8_t reserved[3];
};

struct fw_brig_inst_atomic {
	struct fw_brig_inst_base base;
	uint8_t segment;
	uint8_t memory_order;
	uint8_t memory_scope;
	uint8_t atomic_operation;
	uint8_t equiv_class;
	uint8_t reserved[3];
};

struct fw_brig_inst_basic {
	struct fw_brig_inst_base base;
};

struct fw_brig_inst_br {
	struct fw_brig_inst_base base;
	uint8_t width;			/* enum fw_brig_width */
	uint8_t reserved[3];
};

struct fw_brig_inst_cmp {
	struct fw_brig_inst_base base;
	uint16_t source_type;
	uint8_t modifier;		/* enum fw_brig_alu_modifier */
	uint8_t compare;		/* enum fw_brig_compare_operation */
	uint8_t pack;
	uint8_t reserved[3];
};

struct fw_brig_inst_cvt {
	struct fw_brig_inst_base base;
	uint16_t source_type;
	uint8_t modifier;
	uint8_t round;
};

struct fw_brig_inst_lane {
	struct fw_brig_inst_base base;
	uint16_t source_type;
	uint8_t width;
	uint8_t reserved;
};

struct fw_brig_inst_mem {
	struct fw_brig_inst_base base;
	uint8_t segment;
	uint8_t align;
	uint8_t equiv_class;
	uint8_t width;
	uint8_t modifier;		/* enum fw_brig_memory_modifier */
	uint8_t reserved[3];
};

struct fw_brig_inst_mem_fence {
	struct fw_brig_inst_base base;
	uint8_t memory_order;
	uint8_t global_segment_memory_scope;
	uint8_t group_segment_memory_scope;
	uint8_t reserved;
};

struct fw_brig_inst_mod {
	struct fw_brig_inst_base base;
	uint8_t modifier;
	uint8_t round;
	uint8_t pack;
	uint8_t reserved;
};

struct fw_brig_inst_queue {
	struct fw_brig_inst_base base;
	uint8_t segment;
	uint8_t memory_order;
	uint16_t reserved;
};

struct fw_brig_inst_seg {
	struct fw_brig_inst_base base;
	uint8_t segment;
	uint8_t reserved[3];
};

struct fw_brig_inst_seg_cvt {
	struct fw_brig_inst_base base;
	uint16_t source_type;
	uint8_t segment;
	uint8_t modifier;		/* enum fw_brig_seg_cvt_modifier */
};

struct fw_brig_inst_signal {
	struct fw_brig_inst_base base;
	uint16_t signal_type;
	uint8_t memory_order;
	uint8_t signal_operation;
};

struct fw_brig_inst_source_type {
	struct fw_brig_inst_base base;
	uint16_t source_type;
	uint16_t reserved;
};

/* Image extension instructions (PRM 18.5.2.17-18.5.2.19). */
struct fw_brig_inst_image {
	struct fw_brig_inst_base base;
	uint16_t image_type;		/* roimg, woimg or rwimg */
	uint16_t coord_type;
	uint8_t geometry;		/* enum fw_brig_image_geometry */
	uint8_t equiv_class;
	uint16_t reserved;
};

struct fw_brig_inst_query_image {
	struct fw_brig_inst_base base;
	uint16_t image_type;
	uint8_t geometry;
	uint8_t query;			/* enum fw_brig_image_query */
};

struct fw_brig_inst_query_sampler {
	struct fw_brig_inst_base base;
	uint8_t query;			/* enum fw_brig_sampler_query */
	uint8_t reserved[3];
};

/* ---- hsa_operand (PRM 18.6) ---- */

struct fw_brig_operand_address {
	struct fw_brig_base base;
	uint32_t symbol;		/* code: variable, 0 if none */
	uint32_t reg;			/* operand: register, 0 if none */
	struct fw_brig_uint64 offset;
};

struct fw_brig_operand_align {
	struct fw_brig_base base;
	uint8_t align;
	uint8_t reserved[3];
};

struct fw_brig_operand_code_list {
	struct fw_brig_base base;
	uint32_t elements;		/* data: list of code offsets */
};

struct fw_brig_operand_code_ref {
	struct fw_brig_base base;
	uint32_t ref;			/* code */
};

struct fw_brig_operand_constant_bytes {
	struct fw_brig_base base;
	uint16_t type;
	uint16_t reserved;
	uint32_t bytes;			/* data: little-endian bytes */
};

struct fw_brig_operand_constant_operand_list {
	struct fw_brig_base base;
	uint16_t type;
	uint16_t reserved;
	uint32_t elements;		/* data: operand list */
};

/* Image and sampler handle constants (PRM 18.6.14, 18.6.15). */
struct fw_brig_operand_constant_image {
	struct fw_brig_base base;
	uint16_t type;			/* roimg, woimg or rwimg */
	uint8_t geometry;		/* enum fw_brig_image_geometry */
	uint8_t channel_order;		/* fw_brig_image_channel_order */
	uint8_t channel_type;		/* fw_brig_image_channel_type */
	uint8_t reserved[3];
	struct fw_brig_uint64 width;
	struct fw_brig_uint64 height;
	struct fw_brig_uint64 depth;
	struct fw_brig_uint64 array;
};

struct fw_brig_operand_constant_sampler {
	struct fw_brig_base base;
	uint16_t type;			/* samp */
	uint8_t coord;			/* coord normalization */
	uint8_t filter;			/* enum fw_brig_sampler_filter */
	uint8_t addressing;		/* enum fw_brig_sampler_addressing */
	uint8_t reserved[3];
};

struct fw_brig_operand_operand_list {
	struct fw_brig_base base;
	uint32_t elements;		/* data: operand list */
};

struct fw_brig_operand_register {
	struct fw_brig_base base;
	uint16_t reg_kind;		/* enum fw_brig_register_kind */
	uint16_t reg_num;
};

struct fw_brig_operand_string {
	struct fw_brig_base base;
	uint32_t string;		/* data */
};

struct fw_brig_operand_wavesize {
	struct fw_brig_base base;
};

/* ---- layout checks ---- */

FW_ASSERT_SIZE(struct fw_brig_module_header, 104);
FW_ASSERT_OFFSET(struct fw_brig_module_header, brig_major, 8);
FW_ASSERT_OFFSET(struct fw_brig_module_header, byte_count, 16);
FW_ASSERT_OFFSET(struct fw_brig_module_header, hash, 24);
FW_ASSERT_OFFSET(struct fw_brig_module_header, section_count, 92);
FW_ASSERT_OFFSET(struct fw_brig_module_header, section_index, 96);
FW_ASSERT_SIZE(struct fw_brig_section_header, 16);
FW_ASSERT_OFFSET(struct fw_brig_section_header, name_length, 12);
FW_ASSERT_SIZE(struct fw_brig_base, 4);
FW_ASSERT_SIZE(struct fw_brig_uint64, 8);

FW_ASSERT_SIZE(struct fw_brig_directive_arg_block, 4);
FW_ASSERT_SIZE(struct fw_brig_directive_comment, 8);
FW_ASSERT_SIZE(struct fw_brig_directive_control, 12);
FW_ASSERT_SIZE(struct fw_brig_directive_executable, 28);
FW_ASSERT_OFFSET(struct fw_brig_directive_executable, first_in_arg, 12);
FW_ASSERT_OFFSET(struct fw_brig_directive_executable, next_module_entry, 20);
FW_ASSERT_OFFSET(struct fw_brig_directive_executable, modifier, 24);
FW_ASSERT_SIZE(struct fw_brig_directive_extension, 8);
FW_ASSERT_SIZE(struct fw_brig_directive_fbarrier, 12);
FW_ASSERT_SIZE(struct fw_brig_directive_label, 8);
FW_ASSERT_SIZE(struct fw_brig_directive_loc, 16);
FW_ASSERT_SIZE(struct fw_brig_directive_module, 20);
FW_ASSERT_OFFSET(struct fw_brig_directive_module, profile, 16);
FW_ASSERT_SIZE(struct fw_brig_directive_pragma, 8);
FW_ASSERT_SIZE(struct fw_brig_directive_variable, 28);
FW_ASSERT_OFFSET(struct fw_brig_directive_variable, type, 12);
FW_ASSERT_OFFSET(struct fw_brig_directive_variable, dim, 16);
FW_ASSERT_OFFSET(struct fw_brig_directive_variable, modifier, 24);

FW_ASSERT_SIZE(struct fw_brig_inst_base, 12);
FW_ASSERT_OFFSET(struct fw_brig_inst_base, operands, 8);
FW_ASSERT_SIZE(struct fw_brig_inst_addr, 16);
FW_ASSERT_SIZE(struct fw_brig_inst_atomic, 20);
FW_ASSERT_OFFSET(struct fw_brig_inst_atomic, equiv_class, 16);
FW_ASSERT_SIZE(struct fw_brig_inst_basic, 12);
FW_ASSERT_SIZE(struct fw_brig_inst_br, 16);
FW_ASSERT_SIZE(struct fw_brig_inst_cmp, 20);
FW_ASSERT_OFFSET(struct fw_brig_inst_cmp, compare, 15);
FW_ASSERT_SIZE(struct fw_brig_inst_cvt, 16);
FW_ASSERT_SIZE(struct fw_brig_inst_lane, 16);
FW_ASSERT_SIZE(struct fw_brig_inst_mem, 20);
FW_ASSERT_OFFSET(struct fw_brig_inst_mem, width, 15);
FW_ASSERT_OFFSET(struct fw_brig_inst_mem, modifier, 16);
FW_ASSERT_SIZE(struct fw_brig_inst_mem_fence, 16);
FW_ASSERT_SIZE(struct fw_brig_inst_mod, 16);
FW_ASSERT_SIZE(struct fw_brig_inst_queue, 16);
FW_ASSERT_SIZE(struct fw_brig_inst_seg, 16);
FW_ASSERT_SIZE(struct fw_brig_inst_seg_cvt, 16);
FW_ASSERT_SIZE(struct fw_brig_inst_signal, 16);
FW_ASSERT_SIZE(struct fw_brig_inst_source_type, 16);
FW_ASSERT_SIZE(struct fw_brig_inst_image, 20);
FW_ASSERT_OFFSET(struct fw_brig_inst_image, geometry, 16);
FW_ASSERT_SIZE(struct fw_brig_inst_query_image, 16);
FW_ASSERT_OFFSET(struct fw_brig_inst_query_image, query, 15);
FW_ASSERT_SIZE(struct fw_brig_inst_query_sampler, 16);

FW_ASSERT_SIZE(struct fw_brig_operand_address, 20);
FW_ASSERT_OFFSET(struct fw_brig_operand_address, offset, 12);
FW_ASSERT_SIZE(struct fw_brig_operand_align, 8);
FW_ASSERT_SIZE(struct fw_brig_operand_code_list, 8);
FW_ASSERT_SIZE(struct fw_brig_operand_code_ref, 8);
FW_ASSERT_SIZE(struct fw_brig_operand_constant_bytes, 12);
FW_ASSERT_OFFSET(struct fw_brig_operand_constant_bytes, bytes, 8);
FW_ASSERT_SIZE(struct fw_brig_operand_constant_operand_list, 12);
FW_ASSERT_SIZE(struct fw_brig_operand_constant_image, 44);
FW_ASSERT_OFFSET(struct fw_brig_operand_constant_image, width, 12);
FW_ASSERT_OFFSET(struct fw_brig_operand_constant_image, array, 36);
FW_ASSERT_SIZE(struct fw_brig_operand_constant_sampler, 12);
FW_ASSERT_OFFSET(struct fw_brig_operand_constant_sampler, addressing, 8);
FW_ASSERT_SIZE(struct fw_brig_operand_operand_list, 8);
FW_ASSERT_SIZE(struct fw_brig_operand_register, 8);
FW_ASSERT_SIZE(struct fw_brig_operand_string, 8);
FW_ASSERT_SIZE(struct fw_brig_operand_wavesize, 4);

#endif /* FW_BRIG_H */
