// A small DWARF 2 producer (32-bit format, 4-byte addresses): a tree of
// debugging information entries written as .debug_info and .debug_abbrev,
// and a line number program written as .debug_line. Only the forms the
// HSAIL debug section uses are supported. Addresses and section offsets may
// carry ELF relocations, which the writer reports with their final offsets.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "elf32_writer.h"

namespace hsail::dwarf {

// Tags, attributes, forms and operations used (DWARF 2, chapter 7).
enum Tag : uint16_t {
  kTagFormalParameter = 0x05,
  kTagCompileUnit = 0x11,
  kTagSubprogram = 0x2e,
  kTagVariable = 0x34,
};
enum At : uint16_t {
  kAtSibling = 0x01,
  kAtLocation = 0x02,
  kAtName = 0x03,
  kAtStmtList = 0x10,
  kAtLowPc = 0x11,
  kAtHighPc = 0x12,
  kAtLanguage = 0x13,
  kAtCompDir = 0x1b,
  kAtProducer = 0x25,
  kAtDeclColumn = 0x39,
  kAtDeclFile = 0x3a,
  kAtDeclLine = 0x3b,
};
enum Form : uint8_t {
  kFormAddr = 0x01,
  kFormData2 = 0x05,
  kFormData4 = 0x06,
  kFormString = 0x08,
  kFormBlock1 = 0x0a,
  kFormData1 = 0x0b,
  kFormFlag = 0x0c,
  kFormRef4 = 0x13,
};
constexpr uint8_t kOpAddr = 0x03;

// A relocation of a 4-byte field inside an attribute value or the line
// program; symbol 0 means none.
struct Reloc {
  uint32_t symbol = 0;
  uint8_t type = 0;
};

struct Attr {
  uint16_t name;
  uint8_t form;
  std::vector<uint8_t> value;  // encoded as the form says
  Reloc reloc;                 // applies to value[reloc_at .. +4)
  uint32_t reloc_at = 0;
};

struct Die {
  explicit Die(uint16_t t) : tag(t) {}
  uint16_t tag;
  bool sibling = false;  // write DW_AT_sibling (ref4) as the first attribute
  std::vector<Attr> attrs;
  std::vector<Die> children;

  void add_string(uint16_t name, const std::string& s);
  // The smallest of data1/data2/data4 that holds v.
  void add_unsigned(uint16_t name, uint32_t v);
  void add_data2(uint16_t name, uint16_t v);
  void add_data4(uint16_t name, uint32_t v, Reloc r = {});
  void add_flag(uint16_t name, bool v);
  void add_addr(uint16_t name, uint32_t v, Reloc r);
  // A location expression holding just DW_OP_addr v.
  void add_location_addr(uint16_t name, uint32_t v, Reloc r);
};

struct InfoSections {
  std::vector<uint8_t> info;
  std::vector<uint8_t> abbrev;
  std::vector<ElfRel> info_relocs;
};

// One compile unit: header, the entries of `unit` (its root and all
// descendants) and their abbreviations, numbered in order of first use.
// The unit header's abbreviation offset is relocated with abbrev_reloc.
InfoSections write_info(const Die& unit, Reloc abbrev_reloc);

// A DWARF 2 line number program for one file (file index 1). Rows are
// added per sequence in ascending address order.
class LineProgram {
 public:
  explicit LineProgram(const std::string& file_name);
  // Starts a sequence at address (DW_LNE_set_address, relocated with r).
  void begin_sequence(uint32_t address, Reloc r);
  void add_row(uint32_t address, uint32_t line, uint32_t column);
  void end_sequence(uint32_t end_address);

  std::vector<uint8_t> bytes() const;  // header and program
  std::vector<ElfRel> relocs() const;  // offsets in bytes()

 private:
  std::vector<uint8_t> header() const;
  void advance_to(uint32_t address, uint32_t line);
  std::string file_name_;
  std::vector<uint8_t> program_;
  std::vector<ElfRel> program_relocs_;  // offsets in program_
  uint32_t address_ = 0, line_ = 1, column_ = 0;
};

}  // namespace hsail::dwarf
