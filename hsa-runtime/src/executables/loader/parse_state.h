// What the ELF pass (parse_elf.cpp) hands the metadata pass
// (parse_metadata.cpp): validated headers, sections and symbols.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "code_object.h"
#include "elf_reader.h"

namespace hsart::loader {

struct SymbolInfo {
  std::string name;
  uint64_t value = 0;
  uint64_t size = 0;
  uint8_t type = 0;
  uint8_t bind = 0;
  uint16_t shndx = 0;
};

struct ParseState {
  explicit ParseState(const ElfReader& r) : elf(r) {}
  const ElfReader& elf;
  Elf64_Ehdr ehdr{};
  std::vector<Elf64_Phdr> phdrs;
  std::vector<Elf64_Shdr> shdrs;
  std::vector<SymbolInfo> symbols;  // .symtab if present, else .dynsym
  uint64_t base_vaddr = 0;          // p_vaddr of image offset 0
  uint64_t end_vaddr = 0;

  // File bytes backing [vaddr, vaddr + len) if one PT_LOAD holds them all
  // in its file part; nullptr otherwise.
  const uint8_t* file_bytes(uint64_t vaddr, uint64_t len) const;
  const SymbolInfo* symbol(const std::string& name) const;
};

// parse_handle_init.cpp: one handle-initializer note's descriptor (desc,
// size bytes, at file offset `at`) into co->handle_inits; needs the
// variables.
bool ParseHandleInitNote(const ParseState& st, const uint8_t* desc, uint64_t size, uint64_t at,
                         CodeObject* co);

// parse_metadata.cpp: notes, then kernels (v2 from amd_kernel_code_t
// symbols, v3+ from the msgpack metadata and descriptors).
bool ParseNotes(const ParseState& st, CodeObject* co);

}  // namespace hsart::loader
