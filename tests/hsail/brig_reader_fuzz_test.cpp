// The BRIG reader and disassembler on malformed input: hand-made corruptions
// with a known diagnosis, then a bounded, seeded mutation run over the BRIG
// of every corpus file. Every input must either load and disassemble or be
// rejected with a BrigError: no crash, no hang, no other exception.
#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <string>
#include <vector>

#include <hsail/brig/module.h>
#include <hsail/disasm/disassembler.h>
#include <hsail/text/parser.h>

#include "test_util.h"

namespace {

std::vector<uint8_t> corpus_brig(const std::string& name) {
  return hsail::parse_hsail(hsail_test::read_file(std::string(HSAIL_CORPUS_DIR) + "/" + name))
      .to_brig();
}

// Loads and disassembles; returns "" on success or the BrigError text.
std::string try_read(const std::vector<uint8_t>& b) {
  try {
    hsail::Module m = hsail::Module::from_brig(b.data(), b.size());
    hsail::disassemble(m);
    return "";
  } catch (const hsail::BrigError& e) {
    return e.what();
  }
}

void put32(std::vector<uint8_t>* b, size_t off, uint32_t v) { std::memcpy(b->data() + off, &v, 4); }
uint64_t get64(const std::vector<uint8_t>& b, size_t off) {
  uint64_t v;
  std::memcpy(&v, b.data() + off, 8);
  return v;
}

// Offset in the file of the section with this index.
size_t section_offset(const std::vector<uint8_t>& b, int index) {
  return static_cast<size_t>(get64(b, get64(b, 96) + 8 * static_cast<size_t>(index)));
}

TEST(HsailBrigReader, CorpusBrigLoads) { EXPECT_EQ(try_read(corpus_brig("functions.hsail")), ""); }

TEST(HsailBrigReader, RejectsTruncatedHeader) {
  std::vector<uint8_t> b = corpus_brig("arithmetic.hsail");
  b.resize(50);
  EXPECT_NE(try_read(b).find("too short"), std::string::npos);
}

TEST(HsailBrigReader, RejectsBadIdentification) {
  std::vector<uint8_t> b = corpus_brig("arithmetic.hsail");
  b[0] = 'X';
  EXPECT_NE(try_read(b).find("identification"), std::string::npos);
}

TEST(HsailBrigReader, RejectsNewerMajorVersion) {
  std::vector<uint8_t> b = corpus_brig("arithmetic.hsail");
  put32(&b, 8, 2);
  EXPECT_NE(try_read(b).find("version"), std::string::npos);
}

TEST(HsailBrigReader, RejectsSectionOutsideTheFile) {
  std::vector<uint8_t> b = corpus_brig("arithmetic.hsail");
  size_t index = static_cast<size_t>(get64(b, 96));
  put32(&b, index + 8, 0x7ffffff0);
  EXPECT_NE(try_read(b).find("out of range"), std::string::npos);
}

TEST(HsailBrigReader, RejectsDataEntryWhoseSizeWrapsAround) {
  // A count near 2^32 must not wrap the walk back to an earlier offset.
  std::vector<uint8_t> b = corpus_brig("arithmetic.hsail");
  size_t data = section_offset(b, 0);
  uint32_t header;
  std::memcpy(&header, b.data() + data + 8, 4);
  put32(&b, data + header, 0xfffffffd);
  EXPECT_NE(try_read(b).find("runs past the section"), std::string::npos);
}

TEST(HsailBrigReader, RejectsZeroSizedCodeEntry) {
  // An entry of byte_count 0 would make a naive walker loop forever.
  std::vector<uint8_t> b = corpus_brig("arithmetic.hsail");
  size_t code = section_offset(b, 1);
  uint32_t header;
  std::memcpy(&header, b.data() + code + 8, 4);
  put32(&b, code + header, 0x100b0000);  // byte_count 0, kind module
  EXPECT_NE(try_read(b).find("malformed entry"), std::string::npos);
}

TEST(HsailBrigReader, RejectsKernelWhoseNextEntryPointsBackwards) {
  std::vector<uint8_t> b = corpus_brig("control_flow.hsail");
  hsail::Module m = hsail::Module::from_brig(b.data(), b.size());
  // Find the kernel and make next_module_entry point at itself (a cycle).
  const hsail::Section& code = m.code();
  for (uint32_t off = code.header_size(); off < code.size();) {
    fw_brig_base base = code.get<fw_brig_base>(off);
    if (base.kind == FW_BRIG_KIND_DIRECTIVE_KERNEL) {
      size_t field =
          section_offset(b, 1) + off + offsetof(fw_brig_directive_executable, next_module_entry);
      put32(&b, field, off);
      break;
    }
    off += base.byte_count;
  }
  EXPECT_NE(try_read(b).find("bounds are invalid"), std::string::npos);
}

TEST(HsailBrigReader, RejectsOperandListPointingIntoAnEntry) {
  std::vector<uint8_t> b = corpus_brig("control_flow.hsail");
  hsail::Module m = hsail::Module::from_brig(b.data(), b.size());
  const hsail::Section& code = m.code();
  for (uint32_t off = code.header_size(); off < code.size();) {
    fw_brig_base base = code.get<fw_brig_base>(off);
    if (base.kind == FW_BRIG_KIND_INST_BR) {
      auto inst = code.get<fw_brig_inst_base>(off);
      std::vector<uint32_t> ops = m.data_list(inst.operands);
      ASSERT_FALSE(ops.empty());
      // Point the first operand 4 bytes into its entry.
      size_t elem = section_offset(b, 0) + inst.operands + 4;
      put32(&b, elem, ops[0] + 4);
      break;
    }
    off += base.byte_count;
  }
  EXPECT_NE(try_read(b).find("not the start of an entry"), std::string::npos);
}

// Seeded mutations: flipped bits, overwritten words (0, small, huge) and
// truncations, 250 per corpus file.
TEST(HsailBrigReader, SeededMutationsNeverCrash) {
  std::mt19937 rng(20261123);
  int rejected = 0, accepted = 0;
  for (const std::string& path : hsail_test::corpus_files()) {
    std::vector<uint8_t> orig = hsail::parse_hsail(hsail_test::read_file(path)).to_brig();
    for (int round = 0; round < 250; ++round) {
      std::vector<uint8_t> b = orig;
      int edits = 1 + static_cast<int>(rng() % 4);
      for (int e = 0; e < edits; ++e) {
        size_t pos = rng() % b.size();
        switch (rng() % 4) {
          case 0:
            b[pos] ^= static_cast<uint8_t>(1u << (rng() % 8));
            break;
          case 1: {
            static const uint32_t kWords[] = {0, 1, 4, 0x24, 0xffffffff, 0x80000000, 0xfffc};
            pos &= ~size_t{3};
            if (pos + 4 <= b.size()) put32(&b, pos, kWords[rng() % 7]);
            break;
          }
          case 2:
            b[pos] = static_cast<uint8_t>(rng());
            break;
          default:
            b.resize(pos + 1);
            break;
        }
      }
      std::string err;
      ASSERT_NO_THROW(err = try_read(b)) << path << " round " << round;
      (err.empty() ? accepted : rejected)++;
    }
  }
  // Both outcomes occur: the run exercises the checks and the happy path.
  EXPECT_GT(rejected, 0);
  EXPECT_GT(accepted, 0);
}

}  // namespace
