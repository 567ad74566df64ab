// The debug sections (-g, -include-source) against Debian's HSAILasm: for
// each corpus file both tools assemble with -g, the ELF in "hsa_debug" is
// taken out of both BRIG files with a small reader of our own, and
// llvm-dwarfdump-14 prints both; the entry trees and line tables must agree
// except for what legitimately differs (producer string, offsets that follow
// from its length, and low_pc: HSAILasm always writes 0 there, we write the
// first instruction's offset, which the test checks against HSAILasm's own
// line table). Also: the BRIG reader keeps extra sections byte for byte, the
// disassembler ignores them, and -g leaves the three standard sections alone.

// GCC 12 reports a false -Wmaybe-uninitialized inside <regex>'s automaton
// when building with sanitizers; it is not about this file's code.
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <map>
#include <optional>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include <hsail/brig/module.h>
#include <hsail/debug/debug_info.h>
#include <hsail/disasm/disassembler.h>
#include <hsail/text/parser.h>

#include "test_util.h"

namespace {

using hsail_test::corpus_files;
using hsail_test::oracle_path;
using hsail_test::read_file;
using hsail_test::run;
using hsail_test::ScratchDir;
using hsail_test::write_file;

// llvm-dwarfdump-14 on PATH, else where Debian's llvm-14 keeps it.
std::string dwarfdump_path() {
  if (const char* path = std::getenv("PATH")) {
    std::stringstream ss(path);
    for (std::string d; std::getline(ss, d, ':');) {
      if (hsail_test::file_exists(d + "/llvm-dwarfdump-14")) return d + "/llvm-dwarfdump-14";
    }
  }
  const char* fallback = "/usr/lib/llvm-14/bin/llvm-dwarfdump";
  return hsail_test::file_exists(fallback) ? fallback : "";
}

struct BrigSection {
  std::string name;
  std::string payload;  // after the section header
  std::string whole;    // header included
};

template <class T>
T read_le(const std::string& b, size_t off) {
  T v{};
  if (off + sizeof(T) <= b.size()) std::memcpy(&v, b.data() + off, sizeof(T));
  return v;
}

// The sections of a BRIG file, read straight from the layout of PRM 18.2
// (module header: section_count at 92, section_index at 96; section header:
// byte_count, header_byte_count, name_length, name).
std::vector<BrigSection> brig_sections(const std::string& brig) {
  std::vector<BrigSection> out;
  uint32_t count = read_le<uint32_t>(brig, 92);
  uint64_t index = read_le<uint64_t>(brig, 96);
  for (uint32_t i = 0; i < count && i < 64; ++i) {
    uint64_t off = read_le<uint64_t>(brig, index + 8 * i);
    uint64_t size = read_le<uint64_t>(brig, off);
    uint32_t header = read_le<uint32_t>(brig, off + 8);
    uint32_t name_length = read_le<uint32_t>(brig, off + 12);
    if (off + size > brig.size() || header > size) break;
    out.push_back({brig.substr(off + 16, name_length), brig.substr(off + header, size - header),
                   brig.substr(off, size)});
  }
  return out;
}

// The section of a BRIG file named name, if there is one.
std::optional<BrigSection> find(const std::string& brig, const std::string& name) {
  for (const BrigSection& s : brig_sections(brig)) {
    if (s.name == name) return s;
  }
  return std::nullopt;
}

// What llvm-dwarfdump prints, split into the parts the test compares.
struct Dump {
  std::vector<std::string> entries;  // "depth tag" and "  attribute value" lines
  std::vector<std::string> rows;     // "address line column file flags"
  std::vector<std::string> files;    // line table file names
  // Per subprogram name: DW_AT_low_pc and DW_AT_high_pc.
  std::map<std::string, std::pair<uint64_t, uint64_t>> ranges;
  std::string text;
};

Dump parse_dump(const std::string& text) {
  static const std::regex die(R"(^0x[0-9a-f]{8}:( +)(DW_TAG_\w+|NULL)\s*$)");
  static const std::regex attr(R"(^\s+(DW_AT_\w+)\s+\((.*)\)$)");
  static const std::regex row(R"(^0x([0-9a-f]{16})\s+(\d+)\s+(\d+)\s+(\d+)\s+\d+\s+\d+\s+(.*)$)");
  static const std::regex file(R"(^\s+name: (.*)$)");
  Dump d;
  d.text = text;
  std::stringstream ss(text);
  std::string name;
  uint64_t low = 0;
  for (std::string l; std::getline(ss, l);) {
    std::smatch m;
    if (std::regex_match(l, m, die)) {
      d.entries.push_back(std::to_string(m[1].length()) + " " + m[2].str());
    } else if (std::regex_match(l, m, attr)) {
      std::string a = m[1], v = m[2];
      if (a == "DW_AT_name") name = v;
      if (a == "DW_AT_low_pc") low = std::stoull(v, nullptr, 16);
      if (a == "DW_AT_high_pc") d.ranges[name] = {low, std::stoull(v, nullptr, 16)};
      // Differ by design: the producer, the sibling offsets that follow from
      // its length, and low_pc (checked separately).
      if (a == "DW_AT_producer" || a == "DW_AT_sibling" || a == "DW_AT_low_pc") continue;
      d.entries.push_back("  " + a + " " + v);
    } else if (std::regex_match(l, m, row)) {
      d.rows.push_back(m[1].str() + " " + m[2].str() + " " + m[3].str() + " " + m[4].str() + " " +
                       m[5].str());
    } else if (std::regex_match(l, m, file)) {
      d.files.push_back(m[1]);
    }
  }
  return d;
}

std::string join(const std::vector<std::string>& v) {
  std::string s;
  for (const std::string& x : v) s += x + "\n";
  return s;
}

hsail::Module load(const std::string& brig) {
  return hsail::Module::from_brig(reinterpret_cast<const uint8_t*>(brig.data()), brig.size());
}

std::string current_directory() {
  char* cwd = getcwd(nullptr, 0);
  std::string dir = cwd ? cwd : "";
  std::free(cwd);
  return dir;
}

// Checks our dump against HSAILasm's: equal entries, rows and file names;
// our low_pc is the first row of the sequence that ends at high_pc.
void compare_dumps(const Dump& o, const Dump& r) {
  ASSERT_FALSE(r.rows.empty() && r.entries.empty()) << r.text;
  EXPECT_EQ(join(o.entries), join(r.entries));
  EXPECT_EQ(join(o.rows), join(r.rows));
  EXPECT_EQ(join(o.files), join(r.files));
  std::map<uint64_t, uint64_t> first_of_sequence_ending_at;
  std::string start;
  for (const std::string& row : r.rows) {
    if (start.empty()) start = row.substr(0, 16);
    if (row.find("end_sequence") != std::string::npos) {
      first_of_sequence_ending_at[std::stoull(row.substr(0, 16), nullptr, 16)] =
          std::stoull(start, nullptr, 16);
      start.clear();
    }
  }
  EXPECT_EQ(o.ranges.size(), r.ranges.size());
  for (const auto& [name, range] : o.ranges) {
    auto it = first_of_sequence_ending_at.find(range.second);
    ASSERT_NE(it, first_of_sequence_ending_at.end()) << name << ": no sequence ends at high_pc";
    EXPECT_EQ(range.first, it->second) << name << ": low_pc";
  }
}

// -g adds sections after the three standard ones and leaves those alone.
void compare_sections(const std::string& ours, const std::string& ref) {
  auto rs = brig_sections(ref), os = brig_sections(ours);
  ASSERT_EQ(os.size(), rs.size());
  for (size_t i = 0; i < rs.size(); ++i) EXPECT_EQ(os[i].name, rs[i].name);
  for (size_t i = 0; i < 3 && i < rs.size(); ++i) {
    EXPECT_TRUE(os[i].whole == rs[i].whole) << os[i].name;
  }
}

// Both tools' -g output for every corpus file, dumped by one llvm-dwarfdump
// run over all the ELF files (it costs a tenth of a second to start, and the
// suite must stay fast). Ours comes from the library, with the file name and
// directory HSAILasm sees.
struct CorpusDumps {
  std::string error;  // set when a tool is missing or failed
  std::map<std::string, std::string> ref_brig, ours_brig;
  std::map<std::string, Dump> ref, ours;
};

const CorpusDumps& corpus_dumps() {
  static const CorpusDumps dumps = [] {
    CorpusDumps d;
    std::string oracle = oracle_path(), dwarfdump = dwarfdump_path();
    if (oracle.empty()) d.error = "HSAILasm not found: install hsail-tools (tools/deps)";
    if (dwarfdump.empty()) {
      d.error = "llvm-dwarfdump-14 not found: install llvm-14 (apt-get install llvm-14)";
    }
    if (!d.error.empty()) return d;
    static ScratchDir dir;
    std::vector<std::string> argv = {dwarfdump, "--debug-info", "--debug-line", "-o",
                                     dir.file("dump.txt")};
    for (const std::string& path : corpus_files()) {
      std::string stem = hsail_test::stem(path);
      auto r = run({oracle, "-g", "-assemble", path, "-o", dir.file(stem + ".brig")});
      if (r.exit_code != 0) {
        d.error += "HSAILasm -g failed on " + path + ": " + r.err;
        continue;
      }
      d.ref_brig[stem] = read_file(dir.file(stem + ".brig"));
      hsail::Module m = hsail::parse_hsail(read_file(path));
      hsail::DebugInfoOptions o;
      o.file_name = path;
      o.comp_dir = current_directory();
      o.producer = "test";
      m.add_extra_section(hsail::kDebugSectionName, hsail::debug_section_payload(m, o));
      std::vector<uint8_t> ours = m.to_brig();
      d.ours_brig[stem] = std::string(ours.begin(), ours.end());
      for (const char* who : {"ref", "ours"}) {
        const std::string& brig = who[0] == 'r' ? d.ref_brig[stem] : d.ours_brig[stem];
        std::optional<BrigSection> s = find(brig, "hsa_debug");
        std::string elf = dir.file(stem + "." + who + ".elf");
        write_file(elf, s ? s->payload : "");
        argv.push_back(elf);
      }
    }
    auto r = run(argv);
    if (r.exit_code != 0) d.error += "llvm-dwarfdump failed: " + r.err;
    // The dump of each file starts with "<path>:\tfile format ...".
    static const std::regex header(R"(^(.*)\.(ref|ours)\.elf:\s+file format.*$)");
    std::stringstream ss(read_file(dir.file("dump.txt")));
    std::map<std::string, std::string> texts;
    std::string current;
    for (std::string l; std::getline(ss, l);) {
      std::smatch m;
      if (std::regex_match(l, m, header)) {
        current = hsail_test::stem(m[1].str()) + "." + m[2].str();
      }
      texts[current] += l + "\n";
    }
    for (const auto& [stem, brig] : d.ref_brig) {
      d.ref[stem] = parse_dump(texts[stem + ".ref"]);
      d.ours[stem] = parse_dump(texts[stem + ".ours"]);
    }
    return d;
  }();
  return dumps;
}

class HsailDebugInfo : public ::testing::TestWithParam<std::string> {};

TEST_P(HsailDebugInfo, DwarfMatchesHsailasm) {
  const CorpusDumps& d = corpus_dumps();
  ASSERT_TRUE(d.error.empty()) << d.error;
  std::string stem = hsail_test::stem(GetParam());
  compare_dumps(d.ours.at(stem), d.ref.at(stem));
  compare_sections(d.ours_brig.at(stem), d.ref_brig.at(stem));
}

INSTANTIATE_TEST_SUITE_P(Corpus, HsailDebugInfo, ::testing::ValuesIn(corpus_files()),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           return hsail_test::stem(info.param);
                         });

// -include-source, through the tool, for a few files: the text in a
// "source" section and inside the ELF, which the line table then names as
// HSAILasm does; and our reader and disassembler on HSAILasm's output.
class HsailDebugSource : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    oracle_ = oracle_path();
    ASSERT_FALSE(oracle_.empty()) << "HSAILasm not found: install hsail-tools (tools/deps)";
    dwarfdump_ = dwarfdump_path();
    ASSERT_FALSE(dwarfdump_.empty())
        << "llvm-dwarfdump-14 not found: install llvm-14 (apt-get install llvm-14)";
  }

  std::string assemble(const std::string& tool, const std::vector<std::string>& options,
                       const std::string& out_name) {
    std::vector<std::string> argv = {tool};
    argv.insert(argv.end(), options.begin(), options.end());
    argv.insert(argv.end(), {"-assemble", GetParam(), "-o", dir_.file(out_name)});
    auto r = run(argv);
    EXPECT_EQ(r.exit_code, 0) << tool << " failed on " << GetParam() << ":\n" << r.err;
    return r.exit_code == 0 ? read_file(dir_.file(out_name)) : "";
  }

  // Dumps of the ELF in hsa_debug of two BRIG files, in one run.
  std::pair<Dump, Dump> dump(const std::string& a, const std::string& b) {
    std::vector<std::string> argv = {dwarfdump_, "--debug-info", "--debug-line", "-o",
                                     dir_.file("dump.txt")};
    int i = 0;
    for (const std::string* brig : {&a, &b}) {
      std::optional<BrigSection> s = find(*brig, "hsa_debug");
      EXPECT_TRUE(s) << "no hsa_debug section";
      std::string elf = dir_.file(std::to_string(i++) + ".elf");
      write_file(elf, s ? s->payload : "");
      argv.push_back(elf);
    }
    auto r = run(argv);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    std::string text = read_file(dir_.file("dump.txt"));
    size_t second = text.find(dir_.file("1.elf") + ":");
    if (second == std::string::npos) second = text.size();
    return {parse_dump(text.substr(0, second)), parse_dump(text.substr(second))};
  }

  std::string oracle_;
  std::string dwarfdump_;
  ScratchDir dir_;
};

TEST_P(HsailDebugSource, IncludeSourceMatchesHsailasm) {
  std::string ref = assemble(oracle_, {"-g", "-include-source"}, "ref.brig");
  std::string ours = assemble(HSAILASM_TOOL, {"-g", "-include-source"}, "ours.brig");
  ASSERT_FALSE(ref.empty());
  ASSERT_FALSE(ours.empty());
  auto [o, r] = dump(ours, ref);
  compare_dumps(o, r);
  compare_sections(ours, ref);
  std::optional<BrigSection> rs = find(ref, "source");
  std::optional<BrigSection> os = find(ours, "source");
  ASSERT_TRUE(rs);
  ASSERT_TRUE(os);
  EXPECT_TRUE(rs->whole == os->whole);
  // Without -g, only the source section is added.
  EXPECT_TRUE(assemble(oracle_, {"-include-source"}, "ref_src.brig") ==
              assemble(HSAILASM_TOOL, {"-include-source"}, "ours_src.brig"));
}

TEST_P(HsailDebugSource, ReaderKeepsDebugSectionsAndDisassemblerIgnoresThem) {
  std::string brig = assemble(oracle_, {"-g", "-include-source"}, "ref.brig");
  ASSERT_EQ(brig_sections(brig).size(), 5u);
  hsail::Module m = load(brig);
  ASSERT_EQ(m.extra_sections().size(), 2u);
  std::vector<uint8_t> again = m.to_brig();
  EXPECT_TRUE(std::string(again.begin(), again.end()) == brig);
  std::string text = dir_.file("ref.hsail");
  auto r = run({oracle_, "-disassemble", dir_.file("ref.brig"), "-o", text});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(hsail::disassemble(m), read_file(text));
}

INSTANTIATE_TEST_SUITE_P(Corpus, HsailDebugSource,
                         ::testing::Values(std::string(HSAIL_CORPUS_DIR) + "/functions.hsail",
                                           std::string(HSAIL_CORPUS_DIR) + "/variables.hsail"),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           return hsail_test::stem(info.param);
                         });

TEST(HsailDebugSections, ReaderRejectsOverlappingExtraSection) {
  hsail::Module m = hsail::parse_hsail(read_file(std::string(HSAIL_CORPUS_DIR) + "/memory.hsail"));
  m.add_extra_section("hsa_debug", std::vector<uint8_t>(64, 7));
  std::vector<uint8_t> brig = m.to_brig();
  EXPECT_NO_THROW(hsail::Module::from_brig(brig.data(), brig.size()));
  // Point section 3 at section 2 (section index at 104, 8 bytes each).
  std::memcpy(brig.data() + 104 + 24, brig.data() + 104 + 16, 8);
  EXPECT_THROW(hsail::Module::from_brig(brig.data(), brig.size()), hsail::BrigError);
}

TEST(HsailDebugSections, DebugInfoNeedsSourcePositions) {
  hsail::Module parsed =
      hsail::parse_hsail(read_file(std::string(HSAIL_CORPUS_DIR) + "/functions.hsail"));
  std::vector<uint8_t> brig = parsed.to_brig();
  hsail::Module loaded = hsail::Module::from_brig(brig.data(), brig.size());
  hsail::DebugInfoOptions o;
  o.file_name = "functions.hsail";
  EXPECT_FALSE(hsail::debug_section_payload(parsed, o).empty());
  EXPECT_THROW(hsail::debug_section_payload(loaded, o), hsail::BrigError);
}

}  // namespace
