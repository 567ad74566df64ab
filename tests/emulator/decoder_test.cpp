// Decoder conformance: every line of corpus/gfx9_forms.s is assembled by
// llvm-mc-14 (the encoding oracle), the bytes are disassembled by llvm-mc-14
// (the text oracle), and our decode() + disassemble() must agree with both:
// same length, same text up to whitespace. Every opcode of the corpus must
// have a table row: an unknown opcode fails like any other difference.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "isa/decoder.h"
#include "semantics/opcode_tables.h"

namespace gcn {
namespace {

std::string run(const std::string& cmd) {
  std::string out;
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) return out;
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, n);
  pclose(p);
  return out;
}

// Collapses runs of blanks and trims, so only whitespace is normalized.
std::string squash(const std::string& s) {
  std::string r;
  bool blank = false;
  for (char c : s) {
    if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
      blank = !r.empty();
      continue;
    }
    if (blank) r += ' ';
    blank = false;
    r += c;
  }
  return r;
}

struct Form {
  std::string source;  // the corpus line, as llvm-mc printed it back
  std::vector<uint8_t> bytes;
  std::string expected;  // llvm-mc -disassemble text of the bytes
};

// "<text> ; encoding: [0x01,0x02,...]" lines of llvm-mc -show-encoding.
std::vector<Form> assemble_corpus() {
  std::vector<Form> forms;
  std::istringstream in(run(std::string(LLVM_MC) +
                            " -arch=amdgcn -mcpu=gfx900 -show-encoding " CORPUS_DIR
                            "/gfx9_forms.s"));
  std::string line;
  while (std::getline(in, line)) {
    const size_t e = line.find("; encoding: [");
    if (e == std::string::npos) continue;
    Form f;
    f.source = squash(line.substr(0, e));
    std::string list = line.substr(e + 13);
    list = list.substr(0, list.find(']'));
    std::istringstream bytes(list);
    std::string b;
    while (std::getline(bytes, b, ','))
      f.bytes.push_back(static_cast<uint8_t>(std::strtoul(b.c_str(), nullptr, 16)));
    forms.push_back(f);
  }
  return forms;
}

// Disassembles all forms in one llvm-mc run, one instruction per input line.
bool disassemble_with_llvm(std::vector<Form>* forms) {
  char path[] = "/tmp/decoder_test_XXXXXX";
  const int fd = mkstemp(path);
  if (fd < 0) return false;
  {
    std::ofstream out(path);
    for (const Form& f : *forms) {
      for (uint8_t b : f.bytes) out << "0x" << std::hex << unsigned(b) << ' ';
      out << '\n';
    }
  }
  std::istringstream in(
      run(std::string(LLVM_MC) + " -arch=amdgcn -mcpu=gfx900 -disassemble " + path));
  std::remove(path);
  std::vector<std::string> texts;
  std::string line;
  while (std::getline(in, line)) {
    line = squash(line);
    if (line.empty() || line[0] == '.') continue;
    texts.push_back(line);
  }
  if (texts.size() != forms->size()) return false;
  for (size_t i = 0; i < texts.size(); ++i) (*forms)[i].expected = texts[i];
  return true;
}

// The table name of a printed mnemonic: LLVM's encoding suffixes dropped.
std::string base_mnemonic(const std::string& text) {
  std::string m = text.substr(0, text.find(' '));
  for (const char* suffix : {"_e32", "_e64", "_sdwa", "_dpp"}) {
    const std::string s(suffix);
    if (m.size() > s.size() && m.compare(m.size() - s.size(), s.size(), s) == 0)
      return m.substr(0, m.size() - s.size());
  }
  return m;
}

TEST(DecoderConformance, MatchesLlvm14OnCorpus) {
  std::vector<Form> forms = assemble_corpus();
  ASSERT_GT(forms.size(), 100u) << "llvm-mc-14 did not assemble the corpus";
  ASSERT_TRUE(disassemble_with_llvm(&forms)) << "llvm-mc-14 -disassemble did not round-trip";

  size_t exact = 0, missing = 0;
  std::set<std::string> missing_names;
  for (const Form& f : forms) {
    std::vector<uint32_t> words((f.bytes.size() + 3) / 4 + 1, 0);
    for (size_t i = 0; i < f.bytes.size(); ++i)
      words[i / 4] |= uint32_t(f.bytes[i]) << (8 * (i % 4));
    Inst in;
    const DecodeStatus st = decode(gfx9_opcodes(), words.data(), f.bytes.size() / 4, &in);
    if (st == DecodeStatus::kUnknownOpcode) {
      ++missing;
      missing_names.insert(base_mnemonic(f.expected));
      continue;
    }
    if (st != DecodeStatus::kOk) {
      ADD_FAILURE() << f.expected << ": decode failed: " << decode_status_name(st);
      continue;
    }
    if (in.size != f.bytes.size()) {
      ADD_FAILURE() << f.expected << ": decoded " << unsigned(in.size) << " bytes, llvm "
                    << f.bytes.size();
      continue;
    }
    const std::string ours = squash(disassemble(in, 0));
    if (ours != f.expected) {
      ADD_FAILURE() << "text differs\n  llvm: " << f.expected << "\n  ours: " << ours
                    << "\n  (source: " << f.source << ")";
      continue;
    }
    ++exact;
  }
  std::printf("decoder conformance: %zu forms, %zu exact, %zu missing (%zu opcodes)\n",
              forms.size(), exact, missing, missing_names.size());
  std::string list;
  for (const std::string& n : missing_names) list += " " + n;
  EXPECT_EQ(missing, 0u) << "opcodes without a table row:" << list;
}

}  // namespace
}  // namespace gcn
