// Our libhsa-runtime64.so.1 against Debian's (ROCm 5.2.3), symbol by
// symbol: the functions it defines under version ROCR_1, read from the
// built file's dynamic symbol table, are exactly ROCr's exports
// (rocr_exports.txt), the finalizer's program functions included; no other
// symbol is defined for programs to bind to.
#include <elf.h>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace {

struct DynamicSymbol {
  std::string name;
  std::string version;  // "" when unversioned
  unsigned char type;   // STT_*
};

// The defined global and weak symbols of a 64-bit ELF shared object, with
// the version each is bound to (from .gnu.version and .gnu.version_d).
std::vector<DynamicSymbol> defined_dynamic_symbols(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  EXPECT_TRUE(file) << path;
  const std::vector<char> image{std::istreambuf_iterator<char>(file),
                                std::istreambuf_iterator<char>()};
  std::vector<DynamicSymbol> out;
  if (image.size() < sizeof(Elf64_Ehdr)) return out;
  const auto* ehdr = reinterpret_cast<const Elf64_Ehdr*>(image.data());
  EXPECT_EQ(ehdr->e_ident[EI_CLASS], ELFCLASS64);
  const auto* shdrs = reinterpret_cast<const Elf64_Shdr*>(image.data() + ehdr->e_shoff);
  auto section = [&](Elf64_Word type) -> const Elf64_Shdr* {
    for (unsigned i = 0; i < ehdr->e_shnum; ++i)
      if (shdrs[i].sh_type == type) return &shdrs[i];
    return nullptr;
  };
  const Elf64_Shdr* dynsym = section(SHT_DYNSYM);
  const Elf64_Shdr* versym = section(SHT_GNU_versym);
  const Elf64_Shdr* verdef = section(SHT_GNU_verdef);
  EXPECT_NE(dynsym, nullptr);
  EXPECT_NE(versym, nullptr);
  EXPECT_NE(verdef, nullptr);
  if (!dynsym || !versym || !verdef) return out;
  const char* strings = image.data() + shdrs[dynsym->sh_link].sh_offset;

  // Version index -> name.
  std::map<unsigned, std::string> versions;
  const char* vd = image.data() + verdef->sh_offset;
  for (unsigned n = 0; n < verdef->sh_info; ++n) {
    const auto* def = reinterpret_cast<const Elf64_Verdef*>(vd);
    const auto* aux = reinterpret_cast<const Elf64_Verdaux*>(vd + def->vd_aux);
    versions[def->vd_ndx] = strings + aux->vda_name;
    vd += def->vd_next;
  }

  const auto* syms = reinterpret_cast<const Elf64_Sym*>(image.data() + dynsym->sh_offset);
  const auto* vers = reinterpret_cast<const Elf64_Versym*>(image.data() + versym->sh_offset);
  const size_t count = dynsym->sh_size / sizeof(Elf64_Sym);
  for (size_t i = 1; i < count; ++i) {
    const unsigned char bind = ELF64_ST_BIND(syms[i].st_info);
    if (syms[i].st_shndx == SHN_UNDEF || (bind != STB_GLOBAL && bind != STB_WEAK)) continue;
    const unsigned index = vers[i] & 0x7fff;  // the top bit marks a hidden version
    const auto v = versions.find(index);
    out.push_back({strings + syms[i].st_name, v == versions.end() ? "" : v->second,
                   static_cast<unsigned char>(ELF64_ST_TYPE(syms[i].st_info))});
  }
  return out;
}

TEST(HsaLibraryAbi, Rocr1FunctionsAreRocrs) {
  std::ifstream list(ROCR_EXPORTS_FILE);
  ASSERT_TRUE(list) << ROCR_EXPORTS_FILE;
  std::set<std::string> expected{std::istream_iterator<std::string>(list),
                                 std::istream_iterator<std::string>()};
  ASSERT_EQ(expected.size(), 224u);

  std::set<std::string> ours;
  for (const DynamicSymbol& s : defined_dynamic_symbols(HSA_RUNTIME_FILE)) {
    if (s.type == STT_FUNC && s.version == "ROCR_1") ours.insert(s.name);
  }
  std::vector<std::string> missing, extra;
  std::set_difference(expected.begin(), expected.end(), ours.begin(), ours.end(),
                      std::back_inserter(missing));
  std::set_difference(ours.begin(), ours.end(), expected.begin(), expected.end(),
                      std::back_inserter(extra));
  for (const std::string& name : missing) ADD_FAILURE() << "not exported: " << name;
  for (const std::string& name : extra) ADD_FAILURE() << "not one of ROCr's: " << name;
  EXPECT_EQ(ours.size(), 224u);
}

TEST(HsaLibraryAbi, NothingElseIsExported) {
  // Every defined dynamic symbol is an API function under ROCR_1, apart
  // from the symbol naming the version itself.
  const std::vector<DynamicSymbol> symbols = defined_dynamic_symbols(HSA_RUNTIME_FILE);
  ASSERT_FALSE(symbols.empty());
  for (const DynamicSymbol& s : symbols) {
    if (s.name == "ROCR_1" && s.type == STT_OBJECT) continue;
    EXPECT_EQ(s.version, "ROCR_1") << s.name;
    EXPECT_EQ(s.type, STT_FUNC) << s.name;
    EXPECT_EQ(s.name.rfind("hsa_", 0), 0u) << s.name;
  }
}

}  // namespace
