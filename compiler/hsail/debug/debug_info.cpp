#include "debug_info.h"

#include "dwarf2_writer.h"
#include "elf32_writer.h"

namespace hsail {

namespace {

using dwarf::Die;
using dwarf::Reloc;

constexpr uint16_t kMachineHsail = 0xaf5a;
// HSA extensions of DWARF (HSA debug information: language, the argument
// scope of a call, the kernel and output parameter flags).
constexpr uint16_t kLangHsaAssembly = 0x9000;
constexpr uint16_t kTagArgumentScope = 0x8000;
constexpr uint16_t kAtIsKernel = 0x3000;
constexpr uint16_t kAtIsOutParam = 0x3001;
// The source file's name when the text is inside the ELF (-include-source).
constexpr const char* kEmbeddedSourceName = "hsa::self().elf(\".source\"):text";

// ELF layout: fixed section indices (the writer numbers sections in the
// order they are added) and the section symbols that relocations use.
enum Index : uint32_t {
  kSymtab = 2,
  kBrigDirectives,
  kBrigCode,
  kDebugInfo,
  kDebugLine,
  kDebugAbbrev,
  kRelDebugInfo,
  kRelDebugLine,
};
enum Symbol : uint32_t { kSymDirectives = 1, kSymCode, kSymInfo, kSymLine, kSymAbbrev };
// Relocation types as HSAILasm writes them: a 32-bit offset into another
// debug section, and 32-bit offsets into hsa_code for code and directives.
constexpr uint8_t kRelSectionOffset = 1;
constexpr uint8_t kRelBrigCode = 4;
constexpr uint8_t kRelBrigDirectives = 5;
constexpr Reloc kCodeAddress{kSymCode, kRelBrigCode};
constexpr Reloc kDirectiveAddress{kSymDirectives, kRelBrigDirectives};

bool is_instruction(uint16_t kind) {
  return kind >= FW_BRIG_KIND_INST_BEGIN && kind < FW_BRIG_KIND_INST_END;
}

class Builder {
 public:
  Builder(const Module& m, const std::string& file_name) : m_(m), lines_(file_name) {}

  // Walks hsa_code as HSAILasm does: a variable at module scope becomes an
  // entry of the unit, a kernel or function its own subprogram (its body is
  // then skipped); everything else, indirect functions included, is stepped
  // through entry by entry.
  void build(Die* unit) {
    const Section& code = m_.code();
    for (uint32_t off = code.header_size(); off < code.size();) {
      fw_brig_base b = entry(off);
      if (b.kind == FW_BRIG_KIND_DIRECTIVE_VARIABLE) {
        unit->children.push_back(variable(off, dwarf::kTagVariable));
      } else if (b.kind == FW_BRIG_KIND_DIRECTIVE_FUNCTION ||
                 b.kind == FW_BRIG_KIND_DIRECTIVE_KERNEL) {
        auto e = m_.code_entry<fw_brig_directive_executable>(off);
        if (e.next_module_entry <= off) throw BrigError("debug info: bad next_module_entry");
        if (e.modifier & FW_BRIG_EXECUTABLE_DEFINITION) unit->children.push_back(subprogram(off));
        off = e.next_module_entry;
        continue;
      }
      off += b.byte_count;
    }
    // HSAILasm links each subprogram that has children to the entry after
    // it (DW_AT_sibling); only the unit's children get the link.
    for (size_t i = 0; i + 1 < unit->children.size(); ++i) {
      unit->children[i].sibling = !unit->children[i].children.empty();
    }
  }

  dwarf::LineProgram& lines() { return lines_; }

 private:
  // The base of the hsa_code entry at off; its size moves the walks on.
  fw_brig_base entry(uint32_t off) const {
    fw_brig_base b = m_.base_at(m_.code(), off);
    if (b.byte_count < sizeof(fw_brig_base)) {
      throw BrigError("debug info: empty entry at " + std::to_string(off));
    }
    return b;
  }

  const SourcePos& position(uint32_t off) const {
    const SourcePos* p = m_.code_position(off);
    if (!p) {
      throw BrigError("debug info: no source position for the entry at " + std::to_string(off));
    }
    return *p;
  }

  std::string name(uint32_t data_off) const { return std::string(m_.data_bytes(data_off)); }

  static void add_decl(Die* d, const SourcePos& p) {
    d->add_unsigned(dwarf::kAtDeclColumn, static_cast<uint32_t>(p.column));
    d->add_unsigned(dwarf::kAtDeclFile, 1);
    d->add_unsigned(dwarf::kAtDeclLine, static_cast<uint32_t>(p.line));
  }

  // A variable or formal parameter: its location is the offset of its
  // directive in hsa_code.
  Die variable(uint32_t off, uint16_t tag) const {
    auto v = m_.code_entry<fw_brig_directive_variable>(off);
    if (v.base.kind != FW_BRIG_KIND_DIRECTIVE_VARIABLE) {
      throw BrigError("debug info: argument at " + std::to_string(off) + " is not a variable");
    }
    Die d(tag);
    d.add_location_addr(dwarf::kAtLocation, off, kDirectiveAddress);
    d.add_string(dwarf::kAtName, name(v.name));
    add_decl(&d, position(off));
    return d;
  }

  // count consecutive argument directives from first.
  void add_arguments(Die* sub, uint32_t first, uint32_t count, bool out) const {
    uint32_t off = first;
    for (uint32_t i = 0; i < count; ++i) {
      Die p = variable(off, dwarf::kTagFormalParameter);
      if (out) p.add_flag(kAtIsOutParam, true);
      sub->children.push_back(std::move(p));
      off += entry(off).byte_count;
    }
  }

  Die subprogram(uint32_t off) {
    auto e = m_.code_entry<fw_brig_directive_executable>(off);
    bool kernel = e.base.kind == FW_BRIG_KIND_DIRECTIVE_KERNEL;
    // Line rows and the pc range come from the body's instructions. (An
    // empty body, which crashes HSAILasm, gets an empty range.)
    uint32_t low = e.first_code_block_entry, high = e.first_code_block_entry;
    bool any = false;
    for (uint32_t i = e.first_code_block_entry; i < e.next_module_entry;) {
      fw_brig_base b = entry(i);
      if (is_instruction(b.kind)) {
        if (!any) lines_.begin_sequence(i, kCodeAddress);
        if (!any) low = i;
        any = true;
        const SourcePos& p = position(i);
        lines_.add_row(i, static_cast<uint32_t>(p.line), static_cast<uint32_t>(p.column));
        high = i + b.byte_count;
      }
      i += b.byte_count;
    }
    if (any) lines_.end_sequence(high);

    Die d(dwarf::kTagSubprogram);
    d.add_string(dwarf::kAtName, name(e.name));
    d.add_addr(dwarf::kAtLowPc, low, kCodeAddress);
    d.add_addr(dwarf::kAtHighPc, high, kCodeAddress);
    add_decl(&d, position(off));
    if (kernel) d.add_flag(kAtIsKernel, true);
    // Output arguments follow the function directive; input ones start at
    // first_in_arg.
    if (!kernel) add_arguments(&d, off + e.base.byte_count, e.out_arg_count, true);
    add_arguments(&d, e.first_in_arg, e.in_arg_count, false);
    body(&d, e.first_code_block_entry, e.next_module_entry);
    return d;
  }

  // Variables of the body: arg variables inside an arg block go under one
  // argument scope entry per block (made when the first one appears), all
  // others directly under the subprogram.
  void body(Die* sub, uint32_t begin, uint32_t end) const {
    bool in_arg_block = false;
    size_t scope = 0;  // index of the block's argument scope in children + 1; 0: none yet
    for (uint32_t off = begin; off < end;) {
      fw_brig_base b = entry(off);
      if (b.kind == FW_BRIG_KIND_DIRECTIVE_VARIABLE) {
        auto v = m_.code_entry<fw_brig_directive_variable>(off);
        if (in_arg_block && v.segment == FW_BRIG_SEGMENT_ARG) {
          if (scope == 0) {
            sub->children.emplace_back(kTagArgumentScope);
            scope = sub->children.size();
          }
          sub->children[scope - 1].children.push_back(variable(off, dwarf::kTagVariable));
        } else {
          sub->children.push_back(variable(off, dwarf::kTagVariable));
        }
      } else if (b.kind == FW_BRIG_KIND_DIRECTIVE_ARG_BLOCK_START) {
        in_arg_block = true;
      } else if (b.kind == FW_BRIG_KIND_DIRECTIVE_ARG_BLOCK_END) {
        in_arg_block = false;
        scope = 0;
      }
      off += b.byte_count;
    }
  }

  const Module& m_;
  dwarf::LineProgram lines_;
};

}  // namespace

std::vector<uint8_t> source_section_payload(std::string_view text) {
  std::vector<uint8_t> out(text.begin(), text.end());
  out.push_back(0);
  while (out.size() % 4 != 0) out.push_back(' ');
  return out;
}

std::vector<uint8_t> debug_section_payload(const Module& m, const DebugInfoOptions& o) {
  if (!m.has_positions()) {
    throw BrigError("debug info needs source positions: assemble the module from text");
  }
  const std::string file = o.include_source ? kEmbeddedSourceName : o.file_name;
  Builder builder(m, file);

  Die unit(dwarf::kTagCompileUnit);
  unit.add_data4(dwarf::kAtStmtList, 0, Reloc{kSymLine, kRelSectionOffset});
  unit.add_data2(dwarf::kAtLanguage, kLangHsaAssembly);
  unit.add_string(dwarf::kAtCompDir, o.include_source ? "" : o.comp_dir);
  unit.add_string(dwarf::kAtProducer, o.producer);
  builder.build(&unit);
  dwarf::InfoSections info = dwarf::write_info(unit, Reloc{kSymAbbrev, kRelSectionOffset});

  Elf32Writer elf(kMachineHsail);
  ElfSection symtab{".symtab", Elf32Writer::kSymtab, 0, 1, 0, 4, 16, {}};
  symtab.data = section_symbols({kBrigDirectives, kBrigCode, kDebugInfo, kDebugLine, kDebugAbbrev});
  symtab.info = kSymAbbrev + 1;  // one past the last local symbol
  elf.add(std::move(symtab));
  // hsa_code's directives and instructions, as empty sections that
  // relocations can refer to.
  elf.add({".brigdirectives", Elf32Writer::kNobits, 0, 0, 0, 4, 0, {}});
  elf.add({".brigcode", Elf32Writer::kNobits, 0, 0, 0, 4, 0, {}});
  elf.add({".debug_info", Elf32Writer::kProgbits, 0, 0, 0, 4, 0, info.info});
  elf.add({".debug_line", Elf32Writer::kProgbits, 0, 0, 0, 4, 0, builder.lines().bytes()});
  elf.add({".debug_abbrev", Elf32Writer::kProgbits, 0, 0, 0, 4, 0, info.abbrev});
  elf.add({".rel.debug_info", Elf32Writer::kRel, 0, kSymtab, kDebugInfo, 4, 8,
           rel_section_bytes(info.info_relocs)});
  elf.add({".rel.debug_line", Elf32Writer::kRel, 0, kSymtab, kDebugLine, 4, 8,
           rel_section_bytes(builder.lines().relocs())});
  if (o.include_source) {
    std::vector<uint8_t> text(o.source.begin(), o.source.end());
    text.push_back(0);
    elf.add({".source", Elf32Writer::kProgbits, 0, 0, 0, 4, 0, std::move(text)});
  }
  return elf.write();
}

}  // namespace hsail
