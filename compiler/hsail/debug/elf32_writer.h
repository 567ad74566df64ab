// A minimal writer of little-endian ELF32 relocatable files, enough for the
// debug section of a BRIG module (HSAILasm's `-g` stores its DWARF in such a
// file). Section 0 is the null section and section 1 the section name table,
// which the writer builds itself; everything else is added by the caller as
// raw bytes, so the symbol table and relocation sections are the caller's.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace hsail {

struct ElfSection {
  std::string name;
  uint32_t type = 0;  // SHT_*
  uint32_t flags = 0;
  uint32_t link = 0;
  uint32_t info = 0;
  uint32_t align = 4;
  uint32_t entsize = 0;
  std::vector<uint8_t> data;  // file contents; empty for SHT_NOBITS
};

class Elf32Writer {
 public:
  // ELF section types and the one section flag used here.
  static constexpr uint32_t kProgbits = 1, kSymtab = 2, kStrtab = 3, kNote = 7, kNobits = 8,
                            kRel = 9;
  static constexpr uint32_t kFlagStrings = 0x20;

  explicit Elf32Writer(uint16_t machine) : machine_(machine) {}

  // Appends a section; returns its index (the first added section is 2).
  uint32_t add(ElfSection s);

  // The whole file: ELF header, section contents in index order, then the
  // section header table.
  std::vector<uint8_t> write() const;

 private:
  uint16_t machine_;
  std::vector<ElfSection> sections_;  // from index 2 on
};

// Little-endian byte appenders shared by the ELF and DWARF writers.
void put_u8(std::vector<uint8_t>* out, uint8_t v);
void put_u16(std::vector<uint8_t>* out, uint16_t v);
void put_u32(std::vector<uint8_t>* out, uint32_t v);
void put_uleb(std::vector<uint8_t>* out, uint64_t v);
void put_sleb(std::vector<uint8_t>* out, int64_t v);
void put_cstring(std::vector<uint8_t>* out, const std::string& s);
void patch_u32(std::vector<uint8_t>* out, size_t at, uint32_t v);

// One SHT_REL entry (r_offset, symbol index, relocation type).
struct ElfRel {
  uint32_t offset;
  uint32_t symbol;
  uint8_t type;
};
std::vector<uint8_t> rel_section_bytes(const std::vector<ElfRel>& rels);

// A symbol table of STT_SECTION symbols, one per given section index, after
// the null symbol; symbol i+1 names sections[i].
std::vector<uint8_t> section_symbols(const std::vector<uint32_t>& sections);

}  // namespace hsail
