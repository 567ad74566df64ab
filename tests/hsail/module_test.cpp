// The in-memory module and its BRIG layout (PRM 18.2-18.4), checked against
// the numbers the spec and HSAILasm fix.
#include <gtest/gtest.h>

#include <cstring>

#include <hsail/brig/module.h>

namespace {

TEST(HsailModule, SectionHeadersHaveHsailasmSizes) {
  hsail::Module m;
  // align4(23 + name length): hsa_data and hsa_code 32, hsa_operand 36.
  EXPECT_EQ(m.data().header_size(), 32u);
  EXPECT_EQ(m.code().header_size(), 32u);
  EXPECT_EQ(m.operands().header_size(), 36u);
}

TEST(HsailModule, StringsAndBytesAreStoredOnceListsAlways) {
  hsail::Module m;
  uint32_t a = m.add_string("&kernel");
  EXPECT_EQ(m.add_string("&kernel"), a);
  EXPECT_NE(m.add_string("&other"), a);
  uint32_t l1 = m.add_list({});
  uint32_t l2 = m.add_list({});
  EXPECT_NE(l1, l2);
  EXPECT_EQ(m.data_bytes(a), "&kernel");
  // Entry: 4-byte count, 7 bytes, padding to 12.
  EXPECT_EQ(m.data().size() % 4, 0u);
  EXPECT_EQ(m.data_list(l1).size(), 0u);
}

TEST(HsailModule, BrigFileLayout) {
  hsail::Module m;
  m.add_string("&m");
  std::vector<uint8_t> b = m.to_brig();
  fw_brig_module_header h;
  ASSERT_GE(b.size(), sizeof(h));
  std::memcpy(&h, b.data(), sizeof(h));
  EXPECT_EQ(std::memcmp(h.identification, "HSA BRIG", 8), 0);
  EXPECT_EQ(h.brig_major, 1u);
  EXPECT_EQ(h.brig_minor, 0u);
  EXPECT_EQ(h.byte_count, b.size());
  EXPECT_EQ(h.byte_count % 16, 0u);
  EXPECT_EQ(h.section_count, 3u);
  EXPECT_EQ(h.section_index, 104u);
  uint64_t offs[3];
  std::memcpy(offs, b.data() + h.section_index, sizeof(offs));
  EXPECT_EQ(offs[0], 128u);  // 104 + 24 rounded up to 16
  for (uint64_t o : offs) EXPECT_EQ(o % 16, 0u);
  // The reader accepts what the writer wrote, section by section.
  hsail::Module back = hsail::Module::from_brig(b.data(), b.size());
  EXPECT_EQ(back.data().bytes(), m.data().bytes());
  EXPECT_EQ(back.operands().bytes(), m.operands().bytes());
}

TEST(HsailModule, AccessOutsideASectionThrows) {
  hsail::Module m;
  EXPECT_THROW(m.code().get<fw_brig_base>(m.code().size()), hsail::BrigError);
  EXPECT_THROW(m.code().get<fw_brig_base>(2), hsail::BrigError);
  EXPECT_THROW(m.data_bytes(1000), hsail::BrigError);
}

}  // namespace
