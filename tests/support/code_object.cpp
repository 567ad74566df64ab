#include "code_object.h"

#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <memory>

namespace gcn::test {
namespace {

// ELF machine and relocation numbers from the AMDGPU usage document
// ("ELF Code Object", "Relocation Records"); glibc's elf.h lacks them.
constexpr unsigned kEmAmdgpu = 224;
constexpr unsigned kRAmdgpuNone = 0;
constexpr unsigned kRAmdgpuAbs64 = 3;
constexpr unsigned kRAmdgpuRelative64 = 13;
constexpr size_t kPage = 4096;

struct ElfCloser {
  void operator()(Elf* e) const { elf_end(e); }
};

class Fd {
 public:
  explicit Fd(int fd) : fd_(fd) {}
  ~Fd() {
    if (fd_ >= 0) close(fd_);
  }
  int get() const { return fd_; }

 private:
  int fd_;
};

}  // namespace

CodeObject::~CodeObject() { std::free(image_); }

bool CodeObject::fail(std::string* error, const std::string& why) const {
  if (error) *error = path_ + ": " + why;
  return false;
}

bool CodeObject::load(const std::string& path, std::string* error) {
  path_ = path;
  if (elf_version(EV_CURRENT) == EV_NONE) return fail(error, "libelf is too old");
  Fd fd(open(path.c_str(), O_RDONLY | O_CLOEXEC));
  if (fd.get() < 0) return fail(error, std::string("cannot open: ") + std::strerror(errno));
  std::unique_ptr<Elf, ElfCloser> elf(elf_begin(fd.get(), ELF_C_READ, nullptr));
  if (!elf || elf_kind(elf.get()) != ELF_K_ELF) return fail(error, "not an ELF file");

  GElf_Ehdr eh;
  if (!gelf_getehdr(elf.get(), &eh)) return fail(error, "unreadable ELF header");
  if (eh.e_ident[EI_CLASS] != ELFCLASS64 || eh.e_ident[EI_DATA] != ELFDATA2LSB)
    return fail(error, "not a little-endian ELF64 file");
  if (eh.e_machine != kEmAmdgpu) return fail(error, "e_machine is not EM_AMDGPU");
  if (eh.e_type != ET_DYN) return fail(error, "not a shared object (ET_DYN)");

  // The image spans every PT_LOAD segment at its p_vaddr.
  size_t nphdr = 0;
  if (elf_getphdrnum(elf.get(), &nphdr) != 0) return fail(error, "unreadable program headers");
  uint64_t end = 0;
  std::vector<GElf_Phdr> loads;
  for (size_t i = 0; i < nphdr; ++i) {
    GElf_Phdr ph;
    if (!gelf_getphdr(elf.get(), static_cast<int>(i), &ph))
      return fail(error, "unreadable program header " + std::to_string(i));
    if (ph.p_type != PT_LOAD) continue;
    if (ph.p_filesz > ph.p_memsz) return fail(error, "PT_LOAD with p_filesz > p_memsz");
    if (ph.p_memsz > (1ull << 32) || ph.p_vaddr > (1ull << 32))
      return fail(error, "PT_LOAD segment out of range");
    end = std::max<uint64_t>(end, ph.p_vaddr + ph.p_memsz);
    loads.push_back(ph);
  }
  if (loads.empty()) return fail(error, "no PT_LOAD segment");

  size_t file_size = 0;
  const char* file = elf_rawfile(elf.get(), &file_size);
  if (!file) return fail(error, "cannot read file contents");

  image_size_ = (end + kPage - 1) / kPage * kPage;
  std::free(image_);
  image_ = static_cast<uint8_t*>(std::aligned_alloc(kPage, image_size_));
  if (!image_) return fail(error, "out of memory");
  std::memset(image_, 0, image_size_);
  for (const GElf_Phdr& ph : loads) {
    if (ph.p_offset + ph.p_filesz > file_size) return fail(error, "PT_LOAD beyond end of file");
    std::memcpy(image_ + ph.p_vaddr, file + ph.p_offset, ph.p_filesz);
  }

  // Symbols (prefer .symtab; .dynsym has the .kd symbols too) and
  // relocations.
  Elf_Scn* symtab = nullptr;
  Elf_Scn* dynsym = nullptr;
  std::vector<Elf_Scn*> relas;
  for (Elf_Scn* scn = elf_nextscn(elf.get(), nullptr); scn; scn = elf_nextscn(elf.get(), scn)) {
    GElf_Shdr sh;
    if (!gelf_getshdr(scn, &sh)) return fail(error, "unreadable section header");
    if (sh.sh_type == SHT_SYMTAB) symtab = scn;
    if (sh.sh_type == SHT_DYNSYM) dynsym = scn;
    if (sh.sh_type == SHT_RELA && (sh.sh_flags & SHF_ALLOC)) relas.push_back(scn);
    if (sh.sh_type == SHT_REL && (sh.sh_flags & SHF_ALLOC))
      return fail(error, "SHT_REL relocations are not used by AMDGPU code objects");
  }
  Elf_Scn* syms = symtab ? symtab : dynsym;
  if (!syms) return fail(error, "no symbol table");

  auto read_sym = [&](Elf_Scn* scn, size_t index, GElf_Sym* sym, std::string* name) -> bool {
    GElf_Shdr sh;
    gelf_getshdr(scn, &sh);
    Elf_Data* data = elf_getdata(scn, nullptr);
    if (!data || !gelf_getsym(data, static_cast<int>(index), sym)) return false;
    const char* n = elf_strptr(elf.get(), sh.sh_link, sym->st_name);
    if (name) *name = n ? n : "";
    return true;
  };

  {
    GElf_Shdr sh;
    gelf_getshdr(syms, &sh);
    size_t count = sh.sh_entsize ? sh.sh_size / sh.sh_entsize : 0;
    for (size_t i = 1; i < count; ++i) {
      GElf_Sym sym;
      std::string name;
      if (!read_sym(syms, i, &sym, &name)) return fail(error, "unreadable symbol");
      const std::string suffix = ".kd";
      if (name.size() <= suffix.size() ||
          name.compare(name.size() - suffix.size(), suffix.size(), suffix) != 0)
        continue;
      if (sym.st_value + sizeof(fw_kernel_descriptor) > end || sym.st_value % 64 != 0)
        return fail(error, "kernel descriptor " + name + " outside the image or misaligned");
      std::string kernel = name.substr(0, name.size() - suffix.size());
      const auto* kd = reinterpret_cast<const fw_kernel_descriptor*>(image_ + sym.st_value);
      int64_t entry = static_cast<int64_t>(sym.st_value) + kd->kernel_code_entry_byte_offset;
      if (entry < 0 || static_cast<uint64_t>(entry) + 4 > end || entry % 256 != 0)
        return fail(error, "kernel " + kernel + ": code entry outside the image or misaligned");
      kd_offsets_[kernel] = sym.st_value;
    }
  }
  if (kd_offsets_.empty()) return fail(error, "no kernel descriptor (.kd) symbol");

  const uint64_t base = reinterpret_cast<uintptr_t>(image_);
  for (Elf_Scn* scn : relas) {
    GElf_Shdr sh;
    gelf_getshdr(scn, &sh);
    Elf_Scn* link = elf_getscn(elf.get(), sh.sh_link);
    Elf_Data* data = elf_getdata(scn, nullptr);
    size_t count = sh.sh_entsize ? sh.sh_size / sh.sh_entsize : 0;
    for (size_t i = 0; i < count; ++i) {
      GElf_Rela r;
      if (!data || !gelf_getrela(data, static_cast<int>(i), &r))
        return fail(error, "unreadable relocation");
      unsigned type = GELF_R_TYPE(r.r_info);
      if (type == kRAmdgpuNone) continue;
      if (r.r_offset + 8 > end) return fail(error, "relocation outside the image");
      uint64_t value;
      if (type == kRAmdgpuRelative64) {
        value = base + r.r_addend;
      } else if (type == kRAmdgpuAbs64) {
        GElf_Sym sym;
        std::string name;
        if (!link || !read_sym(link, GELF_R_SYM(r.r_info), &sym, &name))
          return fail(error, "relocation against an unreadable symbol");
        if (sym.st_shndx == SHN_UNDEF) return fail(error, "undefined symbol " + name);
        value = base + sym.st_value + r.r_addend;
      } else {
        return fail(error, "unsupported relocation type " + std::to_string(type));
      }
      std::memcpy(image_ + r.r_offset, &value, 8);
    }
  }
  return true;
}

const fw_kernel_descriptor* CodeObject::descriptor(const std::string& name) const {
  auto it = kd_offsets_.find(name);
  if (it == kd_offsets_.end()) return nullptr;
  return reinterpret_cast<const fw_kernel_descriptor*>(image_ + it->second);
}

uint8_t* CodeObject::entry(const std::string& name) const {
  auto it = kd_offsets_.find(name);
  if (it == kd_offsets_.end()) return nullptr;
  return image_ + it->second + descriptor(name)->kernel_code_entry_byte_offset;
}

std::vector<std::string> CodeObject::kernel_names() const {
  std::vector<std::string> names;
  for (const auto& kv : kd_offsets_) names.push_back(kv.first);
  return names;
}

}  // namespace gcn::test
