// The structural pass of Parse: ELF header, target, PT_LOAD layout,
// sections, symbols, relocations and variables. Kernels and the ISA name
// come from parse_metadata.cpp.
#include <algorithm>

#include "amdgpu_elf.h"
#include "code_object.h"
#include "parse_state.h"

namespace hsart::loader {
namespace {

// Refuse images beyond this: no real code object comes close, and the
// caller allocates image_size bytes on our word.
constexpr uint64_t kMaxImageSize = uint64_t{1} << 30;
constexpr uint64_t kMinImageAlign = 4096;

struct MachName {
  uint32_t mach;
  const char* name;
};
// EF_AMDGPU_MACH values of the GCN generations this stack may meet.
constexpr MachName kMachNames[] = {
    {0x20, "gfx600"}, {0x21, "gfx601"}, {0x22, "gfx700"}, {0x23, "gfx701"}, {0x24, "gfx702"},
    {0x25, "gfx703"}, {0x26, "gfx704"}, {0x28, "gfx801"}, {0x29, "gfx802"}, {0x2a, "gfx803"},
    {0x2b, "gfx810"}, {0x2c, "gfx900"}, {0x2d, "gfx902"}, {0x2e, "gfx904"}, {0x2f, "gfx906"},
    {0x30, "gfx908"}, {0x31, "gfx909"},
};

std::string Hex(uint64_t v) {
  char buf[24];
  snprintf(buf, sizeof(buf), "0x%llx", static_cast<unsigned long long>(v));
  return buf;
}

Feature V4Feature(uint32_t bits) {
  static constexpr Feature kStates[] = {Feature::Unsupported, Feature::Any, Feature::Off,
                                        Feature::On};
  return kStates[bits & 3];
}

bool ParseHeader(ParseState* st, CodeObject* co) {
  const ElfReader& elf = st->elf;
  if (!elf.read(0, &st->ehdr, "ELF header")) return false;
  const Elf64_Ehdr& h = st->ehdr;
  if (std::memcmp(h.e_ident, ELFMAG, SELFMAG) != 0) return elf.fail("offset 0: not an ELF file");
  if (h.e_ident[EI_CLASS] != ELFCLASS64) return elf.fail("offset 4: not ELF64");
  if (h.e_ident[EI_DATA] != ELFDATA2LSB) return elf.fail("offset 5: not little-endian");
  if (h.e_machine != EM_AMDGPU)
    return elf.fail("offset 18: e_machine " + std::to_string(h.e_machine) +
                    " is not EM_AMDGPU (224)");
  if (h.e_ident[EI_OSABI] != kElfOsAbiAmdgpuHsa)
    return elf.fail("offset 7: OS ABI " + std::to_string(h.e_ident[EI_OSABI]) +
                    " is not ELFOSABI_AMDGPU_HSA (64)");
  switch (h.e_ident[EI_ABIVERSION]) {
    case kAbiVersionV2:
      co->version = 2;
      break;
    case kAbiVersionV3:
      co->version = 3;
      break;
    case kAbiVersionV4:
      co->version = 4;
      break;
    default:
      return elf.fail("offset 8: ABI version " + std::to_string(h.e_ident[EI_ABIVERSION]) +
                      " is an unsupported code object version (2, 3 and 4 are supported)");
  }
  if (h.e_type != ET_DYN && h.e_type != ET_EXEC)
    return elf.fail("offset 16: e_type " + std::to_string(h.e_type) +
                    " is not a loadable object (ET_DYN)");

  co->mach = h.e_flags & kEfMachMask;
  for (const auto& m : kMachNames)
    if (m.mach == co->mach) co->processor = m.name;
  if (co->processor.empty())
    return elf.fail("offset 48: e_flags machine " + Hex(co->mach) + " is not a known GCN target");
  if (co->version >= 4) {
    co->xnack = V4Feature((h.e_flags & kEfXnackV4Mask) >> kEfXnackV4Shift);
    co->sramecc = V4Feature((h.e_flags & kEfSramEccV4Mask) >> kEfSramEccV4Shift);
  } else {
    co->xnack = (h.e_flags & kEfXnackV3) ? Feature::On : Feature::Off;
    co->sramecc = (h.e_flags & kEfSramEccV3) ? Feature::On : Feature::Off;
  }
  // Target ID syntax: v4 as LLVM prints it (":sramecc+:xnack-", "any"
  // omitted); v2/v3 only knew "+feature" for enabled ones.
  co->isa_name = "amdgcn-amd-amdhsa--" + co->processor;
  static constexpr const char* kV4Suffix[] = {"", "", "-", "+"};
  if (co->version >= 4) {
    if (co->sramecc == Feature::On || co->sramecc == Feature::Off)
      co->isa_name += std::string(":sramecc") + kV4Suffix[static_cast<int>(co->sramecc)];
    if (co->xnack == Feature::On || co->xnack == Feature::Off)
      co->isa_name += std::string(":xnack") + kV4Suffix[static_cast<int>(co->xnack)];
  } else {
    if (co->sramecc == Feature::On) co->isa_name += "+sramecc";
    if (co->xnack == Feature::On) co->isa_name += "+xnack";
  }
  return true;
}

bool ParseSegments(ParseState* st, CodeObject* co) {
  const ElfReader& elf = st->elf;
  const Elf64_Ehdr& h = st->ehdr;
  if (h.e_phnum == 0) return elf.fail("no program headers: nothing to load");
  if (h.e_phentsize != sizeof(Elf64_Phdr))
    return elf.fail("offset 54: e_phentsize " + std::to_string(h.e_phentsize) + " is not 56");
  uint64_t lo = UINT64_MAX, hi = 0, align = kMinImageAlign;
  for (unsigned i = 0; i < h.e_phnum; ++i) {
    Elf64_Phdr p;
    const uint64_t at = h.e_phoff + uint64_t{i} * sizeof(Elf64_Phdr);
    if (h.e_phoff > elf.size())
      return elf.fail("e_phoff " + Hex(h.e_phoff) + " lies outside the file");
    if (!elf.read(at, &p, "program header")) return false;
    st->phdrs.push_back(p);
    if (p.p_type != PT_LOAD) continue;
    const std::string where = "PT_LOAD program header " + std::to_string(i) + ": ";
    if (!elf.contains(p.p_offset, p.p_filesz))
      return elf.fail(where + "file range " + Hex(p.p_offset) + "+" + Hex(p.p_filesz) +
                      " lies outside the file");
    if (p.p_filesz > p.p_memsz) return elf.fail(where + "p_filesz exceeds p_memsz");
    if (p.p_memsz > kMaxImageSize || p.p_vaddr > kMaxImageSize * 16)
      return elf.fail(where + "segment address/size out of range");
    if (p.p_align > 1 && (p.p_align & (p.p_align - 1)))
      return elf.fail(where + "p_align " + Hex(p.p_align) + " is not a power of two");
    if (p.p_align > kMaxImageSize) return elf.fail(where + "p_align too large");
    if (p.p_memsz == 0) continue;
    align = std::max<uint64_t>(align, p.p_align);
    lo = std::min(lo, p.p_vaddr);
    hi = std::max(hi, p.p_vaddr + p.p_memsz);
  }
  if (lo == UINT64_MAX) return elf.fail("no non-empty PT_LOAD segment");
  st->base_vaddr = lo & ~(align - 1);
  st->end_vaddr = hi;
  if (hi - st->base_vaddr > kMaxImageSize) return elf.fail("image larger than 1 GiB");
  co->image_align = align;
  co->image_size = (hi - st->base_vaddr + kMinImageAlign - 1) & ~(kMinImageAlign - 1);
  for (const auto& p : st->phdrs) {
    if (p.p_type != PT_LOAD || p.p_memsz == 0) continue;
    co->segments.push_back({p.p_vaddr - st->base_vaddr, p.p_offset, p.p_filesz, p.p_memsz});
  }
  return true;
}

bool ParseSections(ParseState* st) {
  const ElfReader& elf = st->elf;
  const Elf64_Ehdr& h = st->ehdr;
  if (h.e_shnum == 0) return true;  // no symbols: caught by the kernel pass
  if (h.e_shentsize != sizeof(Elf64_Shdr))
    return elf.fail("offset 58: e_shentsize " + std::to_string(h.e_shentsize) + " is not 64");
  for (unsigned i = 0; i < h.e_shnum; ++i) {
    Elf64_Shdr s;
    const uint64_t at = h.e_shoff + uint64_t{i} * sizeof(Elf64_Shdr);
    if (h.e_shoff > elf.size())
      return elf.fail("e_shoff " + Hex(h.e_shoff) + " lies outside the file");
    if (!elf.read(at, &s, "section header")) return false;
    if (s.sh_type != SHT_NOBITS && s.sh_type != SHT_NULL && !elf.contains(s.sh_offset, s.sh_size))
      return elf.fail("section " + std::to_string(i) + ": file range " + Hex(s.sh_offset) + "+" +
                      Hex(s.sh_size) + " lies outside the file");
    st->shdrs.push_back(s);
  }
  return true;
}

// A NUL-terminated name at `off` inside string table section `strtab`.
bool SectionString(const ParseState& st, unsigned strtab, uint64_t off, std::string* out) {
  const ElfReader& elf = st.elf;
  if (strtab >= st.shdrs.size() || st.shdrs[strtab].sh_type != SHT_STRTAB)
    return elf.fail("sh_link " + std::to_string(strtab) + " is not a string table");
  const Elf64_Shdr& s = st.shdrs[strtab];
  if (off >= s.sh_size)
    return elf.fail("string offset " + Hex(off) + " outside string table section " +
                    std::to_string(strtab));
  const char* p = reinterpret_cast<const char*>(elf.data() + s.sh_offset + off);
  const size_t n = strnlen(p, s.sh_size - off);
  if (n == s.sh_size - off)
    return elf.fail("unterminated string in section " + std::to_string(strtab));
  out->assign(p, n);
  return true;
}

bool ReadSymbols(const ParseState& st, unsigned index, std::vector<SymbolInfo>* out) {
  const ElfReader& elf = st.elf;
  const Elf64_Shdr& s = st.shdrs[index];
  const std::string where = "symbol table section " + std::to_string(index);
  if (s.sh_entsize != sizeof(Elf64_Sym))
    return elf.fail(where + ": sh_entsize " + std::to_string(s.sh_entsize) + " is not 24");
  const uint64_t count = s.sh_size / sizeof(Elf64_Sym);
  out->clear();
  for (uint64_t i = 0; i < count; ++i) {
    Elf64_Sym sym;
    if (!elf.read(s.sh_offset + i * sizeof(Elf64_Sym), &sym, "symbol")) return false;
    SymbolInfo si;
    if (!SectionString(st, s.sh_link, sym.st_name, &si.name))
      return elf.fail(where + ": symbol " + std::to_string(i) + " has a bad name");
    si.value = sym.st_value;
    si.size = sym.st_size;
    si.type = ELF64_ST_TYPE(sym.st_info);
    si.bind = ELF64_ST_BIND(sym.st_info);
    si.shndx = sym.st_shndx;
    out->push_back(std::move(si));
  }
  return true;
}

bool ParseSymbols(ParseState* st) {
  int symtab = -1, dynsym = -1;
  for (size_t i = 0; i < st->shdrs.size(); ++i) {
    if (st->shdrs[i].sh_type == SHT_SYMTAB && symtab < 0) symtab = static_cast<int>(i);
    if (st->shdrs[i].sh_type == SHT_DYNSYM && dynsym < 0) dynsym = static_cast<int>(i);
  }
  const int use = symtab >= 0 ? symtab : dynsym;
  if (use < 0) return st->elf.fail("no symbol table (.symtab or .dynsym)");
  return ReadSymbols(*st, static_cast<unsigned>(use), &st->symbols);
}

bool InImage(const ParseState& st, uint64_t vaddr, uint64_t len) {
  return vaddr >= st.base_vaddr && vaddr <= st.end_vaddr && len <= st.end_vaddr - vaddr;
}

bool ParseRelocations(const ParseState& st, CodeObject* co) {
  const ElfReader& elf = st.elf;
  for (size_t i = 0; i < st.shdrs.size(); ++i) {
    const Elf64_Shdr& s = st.shdrs[i];
    const std::string where = "relocation section " + std::to_string(i);
    if (s.sh_type == SHT_REL) return elf.fail(where + ": SHT_REL is not used by AMDGPU");
    if (s.sh_type != SHT_RELA) continue;
    if (s.sh_entsize != sizeof(Elf64_Rela))
      return elf.fail(where + ": sh_entsize " + std::to_string(s.sh_entsize) + " is not 24");
    std::vector<SymbolInfo> syms;
    if (s.sh_link != 0) {
      if (s.sh_link >= st.shdrs.size() ||
          (st.shdrs[s.sh_link].sh_type != SHT_DYNSYM && st.shdrs[s.sh_link].sh_type != SHT_SYMTAB))
        return elf.fail(where + ": sh_link " + std::to_string(s.sh_link) +
                        " is not a symbol table");
      if (!ReadSymbols(st, s.sh_link, &syms)) return false;
    }
    const uint64_t count = s.sh_size / sizeof(Elf64_Rela);
    for (uint64_t k = 0; k < count; ++k) {
      Elf64_Rela r;
      const uint64_t at = s.sh_offset + k * sizeof(Elf64_Rela);
      if (!elf.read(at, &r, "relocation")) return false;
      const std::string rwhere =
          where + " entry " + std::to_string(k) + " (file offset " + Hex(at) + ")";
      Relocation rel;
      rel.type = static_cast<uint32_t>(ELF64_R_TYPE(r.r_info));
      rel.addend = r.r_addend;
      if (rel.type == kRNone) continue;
      const uint64_t width =
          (rel.type == kRAbs64 || rel.type == kRRel64 || rel.type == kRRelative64) ? 8 : 4;
      static constexpr uint32_t kKnown[] = {kRAbs32Lo, kRAbs32Hi, kRAbs64,   kRRel32,     kRRel64,
                                            kRAbs32,   kRRel32Lo, kRRel32Hi, kRRelative64};
      if (std::find(std::begin(kKnown), std::end(kKnown), rel.type) == std::end(kKnown))
        return elf.fail(rwhere + ": unsupported relocation type " + std::to_string(rel.type));
      if (!InImage(st, r.r_offset, width))
        return elf.fail(rwhere + ": target " + Hex(r.r_offset) + " lies outside the image");
      rel.image_offset = r.r_offset - st.base_vaddr;
      const uint64_t symi = ELF64_R_SYM(r.r_info);
      if (rel.type != kRRelative64 || symi != 0) {
        if (symi == 0 || symi >= syms.size())
          return elf.fail(rwhere + ": symbol index " + std::to_string(symi) + " out of range");
        const SymbolInfo& sym = syms[symi];
        rel.symbol = sym.name;
        rel.symbol_defined = sym.shndx != SHN_UNDEF;
        if (rel.symbol_defined) {
          if (sym.shndx == SHN_ABS)
            return elf.fail(rwhere + ": absolute symbol " + sym.name + " not supported");
          if (!InImage(st, sym.value, 0))
            return elf.fail(rwhere + ": symbol " + sym.name + " lies outside the image");
          rel.symbol_offset = sym.value - st.base_vaddr;
        } else if (sym.name.empty()) {
          return elf.fail(rwhere + ": undefined symbol without a name");
        }
      }
      co->relocations.push_back(std::move(rel));
    }
  }
  return true;
}

bool EndsWith(const std::string& s, const char* suffix) {
  const size_t n = strlen(suffix);
  return s.size() >= n && s.compare(s.size() - n, n, suffix) == 0;
}

bool ParseVariables(const ParseState& st, CodeObject* co) {
  static constexpr Binding kBindings[] = {Binding::Local, Binding::Global, Binding::Weak};
  for (const SymbolInfo& sym : st.symbols) {
    if (sym.name.empty() || sym.bind > STB_WEAK) continue;
    Variable v;
    v.name = sym.name;
    v.size = sym.size;
    v.binding = kBindings[sym.bind];
    if (sym.shndx == SHN_UNDEF) {
      if (sym.bind == STB_LOCAL) continue;
      v.defined = false;
      co->variables.push_back(std::move(v));
      continue;
    }
    if (sym.type != STT_OBJECT || EndsWith(sym.name, ".kd")) continue;
    if (sym.shndx >= st.shdrs.size() || !InImage(st, sym.value, sym.size))
      return st.elf.fail("variable " + sym.name + " at " + Hex(sym.value) + "+" + Hex(sym.size) +
                         " lies outside the image");
    v.offset = sym.value - st.base_vaddr;
    v.readonly = !(st.shdrs[sym.shndx].sh_flags & SHF_WRITE);
    co->variables.push_back(std::move(v));
  }
  return true;
}

// Global functions other than the kernels' entries (which carry the
// kernels' names); needs the kernels, so it runs after the notes.
bool ParseFunctions(const ParseState& st, CodeObject* co) {
  for (const SymbolInfo& sym : st.symbols) {
    if (sym.type != STT_FUNC || sym.bind != STB_GLOBAL || sym.shndx == SHN_UNDEF) continue;
    if (co->find_kernel(sym.name) != nullptr) continue;
    if (!InImage(st, sym.value, sym.size))
      return st.elf.fail("function " + sym.name + " at " + Hex(sym.value) +
                         " lies outside the image");
    co->functions.push_back({sym.name, sym.value - st.base_vaddr});
  }
  return true;
}

}  // namespace

const uint8_t* ParseState::file_bytes(uint64_t vaddr, uint64_t len) const {
  for (const auto& p : phdrs) {
    if (p.p_type != PT_LOAD || vaddr < p.p_vaddr) continue;
    const uint64_t rel = vaddr - p.p_vaddr;
    if (rel <= p.p_filesz && len <= p.p_filesz - rel) return elf.data() + p.p_offset + rel;
  }
  return nullptr;
}

const SymbolInfo* ParseState::symbol(const std::string& name) const {
  for (const auto& s : symbols)
    if (s.name == name && s.shndx != SHN_UNDEF) return &s;
  return nullptr;
}

const Kernel* CodeObject::find_kernel(const std::string& name) const {
  for (const auto& k : kernels)
    if (k.name == name) return &k;
  return nullptr;
}

const Variable* CodeObject::find_variable(const std::string& name) const {
  for (const auto& v : variables)
    if (v.name == name) return &v;
  return nullptr;
}

bool Parse(const void* data, size_t size, CodeObject* out, std::string* error) {
  *out = CodeObject{};
  error->clear();
  if (!data && size) {
    *error = "null code object";
    return false;
  }
  CodeObject co;
  co.file.assign(static_cast<const uint8_t*>(data), static_cast<const uint8_t*>(data) + size);
  ElfReader elf(co.file.data(), co.file.size(), error);
  ParseState st(elf);
  if (!ParseHeader(&st, &co) || !ParseSegments(&st, &co) || !ParseSections(&st) ||
      !ParseSymbols(&st) || !ParseRelocations(st, &co) || !ParseVariables(st, &co) ||
      !ParseNotes(st, &co) || !ParseFunctions(st, &co))
    return false;
  *out = std::move(co);
  return true;
}

}  // namespace hsart::loader
