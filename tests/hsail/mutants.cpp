#include "mutants.h"

#include <set>
#include <sstream>

namespace hsail_test {
namespace {

// Modifier families: a modifier is replaced by the other members of its
// family, and one member of each family is inserted where none is written.
const std::vector<std::vector<std::string>> kFamilies = {
    {"b1",    "b8",    "b16",   "b32",   "b64",   "b128", "u8",    "u16",  "u32",   "u64",
     "s8",    "s16",   "s32",   "s64",   "f16",   "f32",  "f64",   "u8x4", "s16x2", "u32x2",
     "f16x2", "f32x2", "f64x2", "s8x16", "roimg", "samp", "sig64", "sig32"},
    {"near", "zero", "up", "down", "neari", "zeroi", "upi", "downi", "sneari", "szeroi"},
    {"ftz", "sat", "const", "nonull"},
    {"global", "group", "private", "kernarg", "readonly", "spill", "arg"},
    {"rlx", "scacq", "screl", "scar"},
    {"wave", "wg", "agent", "system"},
    {"add", "and", "or", "xor", "cas", "exch", "min", "max", "sub", "wrapinc", "wrapdec", "ld",
     "st"},
    {"eq", "ne", "lt", "le", "gt", "ge", "equ", "ltu", "num", "nan", "sgt", "snan"},
    {"pp", "ps", "sp", "ss", "pp_sat", "ss_sat"},
    {"align(1)", "align(2)", "align(8)", "align(3)", "align(256)"},
    {"width(1)", "width(all)", "width(WAVESIZE)", "width(3)"},
    {"equiv(0)", "equiv(2)", "equiv(256)"},
    {"v2", "v3", "v4"},
    {"1d", "2d", "3d", "1da", "2da", "1db", "2ddepth", "2dadepth"},
};

// Operand replacements: every operand kind the grammar has.
const std::vector<std::string> kOperands = {"$c1",      "$s1",   "$d1",   "$q1",
                                            "0",        "-1",    "1.5f",  "1.5",
                                            "WAVESIZE", "[$s1]", "[$d1]", "($s1, $s2)"};

int family_of(const std::string& part) {
  for (size_t f = 0; f < kFamilies.size(); ++f) {
    for (const std::string& m : kFamilies[f]) {
      if (m == part) return static_cast<int>(f);
    }
  }
  return -1;
}

// Splits at sep outside (), [] so "align(4)" and "[$d0+4]" stay whole.
std::vector<std::string> split_outside(const std::string& s, char sep) {
  std::vector<std::string> out(1);
  int depth = 0;
  for (char c : s) {
    if (c == '(' || c == '[') ++depth;
    if (c == ')' || c == ']') --depth;
    if (c == sep && depth == 0) {
      out.emplace_back();
      continue;
    }
    out.back() += c;
  }
  return out;
}

std::string join(const std::vector<std::string>& v, const char* sep) {
  std::string out;
  for (size_t i = 0; i < v.size(); ++i) out += (i ? sep : "") + v[i];
  return out;
}

std::string trim(const std::string& s) {
  size_t b = s.find_first_not_of(" \t");
  size_t e = s.find_last_not_of(" \t");
  return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

// One statement line "<tab>word operands;" taken apart.
struct Statement {
  std::string indent;
  std::vector<std::string> parts;     // word split at '_'
  std::vector<std::string> operands;  // may be empty
  std::string text() const {
    std::string s = indent + join(parts, "_");
    if (!operands.empty()) s += " " + join(operands, ", ");
    return s + ";";
  }
};

bool is_qualifier(const std::string& w) {
  return w == "prog" || w == "decl" || w == "const" || w == "alloc(agent)" ||
         w.rfind("align(", 0) == 0;
}

// Statements inside bodies (indented), and typed declarations at module
// scope ("prog global_u32 &g;"); qualifiers stay in the prefix unchanged.
bool parse_statement(const std::string& line, Statement* st) {
  size_t b = line.find_first_not_of(" \t");
  if (b == std::string::npos) return false;
  if (line.back() != ';' || line.find("//") != std::string::npos) return false;
  if (line[b] < 'a' || line[b] > 'z') return false;
  std::string body = line.substr(b, line.size() - b - 1);
  st->indent = line.substr(0, b);
  for (size_t sp; (sp = body.find(' ')) != std::string::npos && is_qualifier(body.substr(0, sp));) {
    st->indent += body.substr(0, sp + 1);
    body.erase(0, sp + 1);
  }
  size_t sp = body.find(' ');
  std::string word = body.substr(0, sp);
  if (word.find('(') != std::string::npos && word.back() != ')' &&
      word.find(')') == std::string::npos)
    return false;
  if (b == 0 && (word.find('_') == std::string::npos || word == "module")) return false;
  st->parts = split_outside(word, '_');
  st->operands.clear();
  if (sp != std::string::npos) {
    for (const std::string& o : split_outside(body.substr(sp + 1), ',')) {
      st->operands.push_back(trim(o));
    }
  }
  return true;
}

// Every one-step change of a statement.
std::vector<std::pair<std::string, std::string>> variants(const Statement& st) {
  std::vector<std::pair<std::string, std::string>> out;
  auto add = [&](const Statement& s, const std::string& what) { out.push_back({s.text(), what}); };
  for (size_t k = 1; k < st.parts.size(); ++k) {
    Statement s = st;
    s.parts.erase(s.parts.begin() + static_cast<long>(k));
    add(s, "drop _" + st.parts[k]);
    int f = family_of(st.parts[k]);
    if (f < 0) continue;
    for (const std::string& m : kFamilies[static_cast<size_t>(f)]) {
      if (m == st.parts[k]) continue;
      s = st;
      s.parts[k] = m;
      add(s, st.parts[k] + " -> " + m);
    }
  }
  // Insert one member of each family not written, after the opcode.
  std::set<int> present;
  for (const std::string& p : st.parts) present.insert(family_of(p));
  for (size_t f = 1; f < kFamilies.size(); ++f) {
    if (present.count(static_cast<int>(f))) continue;
    Statement s = st;
    s.parts.insert(s.parts.begin() + 1, kFamilies[f][0]);
    add(s, "insert _" + kFamilies[f][0]);
  }
  for (size_t k = 0; k < st.operands.size(); ++k) {
    for (const std::string& o : kOperands) {
      if (o == st.operands[k]) continue;
      Statement s = st;
      s.operands[k] = o;
      add(s, "operand " + std::to_string(k) + " -> " + o);
    }
  }
  if (!st.operands.empty()) {
    Statement s = st;
    s.operands.pop_back();
    add(s, "drop last operand");
  }
  Statement s = st;
  s.operands.push_back("$s9");
  add(s, "extra operand");
  return out;
}

}  // namespace

uint64_t text_hash(const std::string& text) {
  uint64_t h = 1469598103934665603ull;
  for (unsigned char c : text) {
    h ^= c;
    h *= 1099511628211ull;
  }
  return h;
}

std::vector<Mutant> mutate_program(const std::string& name, const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) lines.push_back(l);
  std::vector<Mutant> out;
  std::set<std::string> seen_lines;  // a statement repeated in the file is mutated once
  for (size_t i = 0; i < lines.size(); ++i) {
    Statement st;
    if (!parse_statement(lines[i], &st) || !seen_lines.insert(trim(lines[i])).second) continue;
    for (const auto& [line, what] : variants(st)) {
      std::string prog;
      for (size_t j = 0; j < lines.size(); ++j) prog += (j == i ? line : lines[j]) + "\n";
      out.push_back(
          {name + ":" + std::to_string(i + 1) + ": " + what, prog, static_cast<int>(i + 1)});
    }
  }
  return out;
}

}  // namespace hsail_test
