// Name tables shared by the parser and the disassembler: every HSAIL
// spelling of a BRIG enumerator lives in exactly one row here, so that text
// to BRIG and BRIG to text cannot drift apart.
#pragma once

#include <cstdint>
#include <string_view>

namespace hsail {

struct TypeInfo {
  uint16_t type;     // fw_brig_type
  const char* name;  // "u32"
  unsigned bits;     // 1, 8, 16, 32, 64, 128; 0 for opaque types
  char cls;          // 'u', 's', 'f', 'b', 'p' (packed), 'o' (images, samplers, signals)
};

// Packed types (PRM 4.13.2): element type and count; non-packed types give
// the type itself and 1.
uint16_t packed_element(uint16_t type);
unsigned packed_count(uint16_t type);
bool is_packed(uint16_t type);
// The packed type of unsigned elements with type's shape (f32x2 -> u32x2):
// packed cmov's control operand (PRM 5.10).
uint16_t packed_unsigned(uint16_t type);

// Scalar (non-array, non-packed) types; nullptr if unknown.
const TypeInfo* type_by_name(std::string_view name);
const TypeInfo* type_info(uint16_t type);
// Element type of an array type (clears the array flag).
uint16_t array_element(uint16_t type);
bool is_array(uint16_t type);
// Alignment enumerator of the natural alignment of a scalar type.
uint8_t natural_alignment(uint16_t type);
// log2(bytes) + 1 <-> bytes for fw_brig_alignment; 0 if not a power of two <= 256.
uint8_t alignment_from_bytes(uint64_t bytes);
uint64_t alignment_bytes(uint8_t align);

// One table per enumeration: HSAIL spelling <-> value. lookup returns -1
// when the spelling is unknown; name returns nullptr for unknown values.
struct NameTable {
  struct Row {
    int value;
    const char* name;
  };
  const Row* rows;
  int count;
  int lookup(std::string_view name) const;
  const char* name(int value) const;
};

extern const NameTable kSegmentNames;       // "global" ...
extern const NameTable kCompareNames;       // "eq" ...
extern const NameTable kRoundNames;         // "near", "zeroi" ...
extern const NameTable kMemoryOrderNames;   // "rlx", "scacq" ...
extern const NameTable kMemoryScopeNames;   // "wv", "wg", "agent", "system"
extern const NameTable kAtomicOpNames;      // "add", "cas" ...
extern const NameTable kPackNames;          // "pp", "ps_sat" ...
extern const NameTable kGeometryNames;      // "1d", "2da" ...
extern const NameTable kImageQueryNames;    // "width", "channelorder" ...
extern const NameTable kSamplerQueryNames;  // "addressing", "coord", "filter"
extern const NameTable kChannelOrderNames;  // "rgba" ...
extern const NameTable kChannelTypeNames;   // "unorm_int8" ...
extern const NameTable kAddressingNames;    // "clamp_to_edge" ...
extern const NameTable kCoordNames;         // "normalized", "unnormalized"
extern const NameTable kFilterNames;        // "nearest", "linear"

// Coordinates an image geometry takes (PRM 7.1.3): 1 to 3.
unsigned geometry_coordinates(int geometry);
extern const NameTable kOpcodeNames;  // "add" ... (every opcode, for diagnostics)

// Control directives (PRM 13.5): spelling, operand type and count.
struct ControlDirectiveInfo {
  uint16_t control;  // fw_brig_control_directive
  const char* name;
  uint16_t operand_type;  // fw_brig_type of every operand
  unsigned operand_count;
};
const ControlDirectiveInfo* control_directive(std::string_view name);
const ControlDirectiveInfo* control_directive(uint16_t control);

// Register kind letters 'c','s','d','q' <-> fw_brig_register_kind.
int register_kind_from_letter(char c);
char register_kind_letter(int kind);
// Bit width a register kind holds (1, 32, 64, 128).
unsigned register_kind_bits(int kind);
// The register kind that holds values of a type of this many bits.
int register_kind_for_bits(unsigned bits);

}  // namespace hsail
