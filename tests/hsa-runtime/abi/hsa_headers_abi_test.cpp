// Our hsa.h, hsa_ext_amd.h, hsa_ext_finalize.h and hsa_ext_image.h against
// Debian's (ROCm 5.2.3), name by name: every type's size, alignment and
// mangled name, every struct member's offset, size and type, every
// enumerator's value and underlying type, every function's prototype and
// the macros programs use. Each side is compiled in its own translation
// unit (the two sets of headers declare the same extern "C" functions) into
// tables with one row per name of hsa_abi_list.h; the C11 compilations
// check that C programs see the same layouts.
#include <algorithm>
#include <fstream>
#include <iterator>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "hsa_abi_tables.h"

namespace {

// Whitespace inside a macro's expansion is not part of its meaning.
std::string WithoutSpaces(std::string text) {
  text.erase(std::remove(text.begin(), text.end(), ' '), text.end());
  return text;
}

void ExpectSameTypes(const HsaAbiTables& ours, const HsaAbiTables& theirs, bool mangled) {
  ASSERT_EQ(ours.type_count, theirs.type_count);
  for (unsigned i = 0; i < ours.type_count; ++i) {
    const HsaAbiType& a = ours.types[i];
    const HsaAbiType& b = theirs.types[i];
    ASSERT_STREQ(a.name, b.name);
    EXPECT_EQ(a.size, b.size) << "sizeof " << a.name;
    EXPECT_EQ(a.align, b.align) << "alignof " << a.name;
    if (mangled) {
      EXPECT_STREQ(a.mangled, b.mangled) << "type " << a.name;
    }
  }
}

void ExpectSameMembers(const HsaAbiTables& ours, const HsaAbiTables& theirs, bool mangled) {
  ASSERT_EQ(ours.member_count, theirs.member_count);
  for (unsigned i = 0; i < ours.member_count; ++i) {
    const HsaAbiMember& a = ours.members[i];
    const HsaAbiMember& b = theirs.members[i];
    ASSERT_STREQ(a.name, b.name);
    EXPECT_EQ(a.offset, b.offset) << "offset of " << a.name;
    EXPECT_EQ(a.size, b.size) << "size of " << a.name;
    if (mangled) {
      EXPECT_STREQ(a.mangled, b.mangled) << "type of " << a.name;
    }
  }
}

void ExpectSameEnumerators(const HsaAbiTables& ours, const HsaAbiTables& theirs) {
  ASSERT_EQ(ours.enumerator_count, theirs.enumerator_count);
  for (unsigned i = 0; i < ours.enumerator_count; ++i) {
    const HsaAbiEnumerator& a = ours.enumerators[i];
    const HsaAbiEnumerator& b = theirs.enumerators[i];
    ASSERT_STREQ(a.name, b.name);
    EXPECT_EQ(a.value, b.value) << a.name;
    EXPECT_EQ(a.size, b.size) << "size of the enum of " << a.name;
    EXPECT_EQ(a.is_signed, b.is_signed) << "signedness of the enum of " << a.name;
  }
}

TEST(HsaHeadersAbi, TypesHaveDebiansSizeAlignmentAndIdentity) {
  ExpectSameTypes(kOurHsaAbi, kDebianHsaAbi, true);
}

TEST(HsaHeadersAbi, StructMembersHaveDebiansOffsetSizeAndType) {
  ExpectSameMembers(kOurHsaAbi, kDebianHsaAbi, true);
}

TEST(HsaHeadersAbi, EnumeratorsHaveDebiansValues) {
  ExpectSameEnumerators(kOurHsaAbi, kDebianHsaAbi);
}

TEST(HsaHeadersAbi, FunctionsHaveDebiansPrototypes) {
  ASSERT_EQ(kOurHsaAbi.function_count, kDebianHsaAbi.function_count);
  for (unsigned i = 0; i < kOurHsaAbi.function_count; ++i) {
    ASSERT_STREQ(kOurHsaAbi.functions[i].name, kDebianHsaAbi.functions[i].name);
    EXPECT_STREQ(kOurHsaAbi.functions[i].mangled, kDebianHsaAbi.functions[i].mangled)
        << kOurHsaAbi.functions[i].name;
  }
}

TEST(HsaHeadersAbi, MacrosExpandAsDebians) {
  ASSERT_EQ(kOurHsaAbi.macro_count, kDebianHsaAbi.macro_count);
  for (unsigned i = 0; i < kOurHsaAbi.macro_count; ++i) {
    const HsaAbiMacro& a = kOurHsaAbi.macros[i];
    const HsaAbiMacro& b = kDebianHsaAbi.macros[i];
    ASSERT_STREQ(a.name, b.name);
    EXPECT_EQ(WithoutSpaces(a.expansion), WithoutSpaces(b.expansion)) << a.name;
  }
}

// The x86-64 facts the tables rest on, from the HSA specification rather
// than from either header: 64-byte AQL packets, the 40-byte queue, the
// large machine model and HSA 1.0.
TEST(HsaHeadersAbi, SpecifiedSizesHold) {
  auto size_of = [](const char* name) -> long long {
    for (unsigned i = 0; i < kOurHsaAbi.type_count; ++i)
      if (std::string(kOurHsaAbi.types[i].name) == name) return kOurHsaAbi.types[i].size;
    return -1;
  };
  EXPECT_EQ(size_of("hsa_kernel_dispatch_packet_t"), 64);
  EXPECT_EQ(size_of("hsa_agent_dispatch_packet_t"), 64);
  EXPECT_EQ(size_of("hsa_barrier_and_packet_t"), 64);
  EXPECT_EQ(size_of("hsa_barrier_or_packet_t"), 64);
  EXPECT_EQ(size_of("hsa_amd_barrier_value_packet_t"), 64);
  EXPECT_EQ(size_of("hsa_queue_t"), 40);
  EXPECT_EQ(size_of("hsa_signal_value_t"), 8);
  for (unsigned i = 0; i < kOurHsaAbi.macro_count; ++i) {
    if (std::string(kOurHsaAbi.macros[i].name) == "HSA_VERSION_1_0") {
      EXPECT_STREQ(kOurHsaAbi.macros[i].expansion, "1");
    }
  }
}

TEST(HsaHeadersAbi, CProgramsSeeDebiansLayouts) {
  ExpectSameTypes(kOurHsaAbiInC, kDebianHsaAbiInC, false);
  ExpectSameMembers(kOurHsaAbiInC, kDebianHsaAbiInC, false);
  ASSERT_EQ(kOurHsaAbiInC.enumerator_count, kDebianHsaAbiInC.enumerator_count);
  for (unsigned i = 0; i < kOurHsaAbiInC.enumerator_count; ++i)
    EXPECT_EQ(kOurHsaAbiInC.enumerators[i].value, kDebianHsaAbiInC.enumerators[i].value)
        << kOurHsaAbiInC.enumerators[i].name;
}

TEST(HsaHeadersAbi, CAndCxxLayoutsAgree) {
  ExpectSameTypes(kOurHsaAbiInC, kOurHsaAbi, false);
  ExpectSameMembers(kOurHsaAbiInC, kOurHsaAbi, false);
}

// The functions the headers declare are exactly those Debian's
// libhsa-runtime64.so.1 exports under ROCR_1 (rocr_exports.txt, from
// objdump -T), so the list the tables are built from is complete.
TEST(HsaHeadersAbi, DeclaredFunctionsAreTheRuntimesExports) {
  std::ifstream file(ROCR_EXPORTS_FILE);
  ASSERT_TRUE(file) << ROCR_EXPORTS_FILE;
  std::vector<std::string> exports{std::istream_iterator<std::string>(file),
                                   std::istream_iterator<std::string>()};
  EXPECT_TRUE(std::is_sorted(exports.begin(), exports.end()));
  std::set<std::string> declared;
  for (unsigned i = 0; i < kOurHsaAbi.function_count; ++i)
    declared.insert(kOurHsaAbi.functions[i].name);
  EXPECT_EQ(std::set<std::string>(exports.begin(), exports.end()), declared);
  EXPECT_EQ(exports.size(), 224u);
}

}  // namespace
