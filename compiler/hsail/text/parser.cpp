#include "parser.h"

#include "parser_impl.h"

namespace hsail {

namespace parser_detail {

// Splits at each '_' outside parentheses.
std::vector<std::string_view> split_mnemonic(std::string_view word) {
  std::vector<std::string_view> parts;
  int depth = 0;
  size_t start = 0;
  for (size_t k = 0; k < word.size(); ++k) {
    if (word[k] == '(') ++depth;
    if (word[k] == ')') --depth;
    if (word[k] == '_' && depth == 0) {
      parts.push_back(word.substr(start, k - start));
      start = k + 1;
    }
  }
  parts.push_back(word.substr(start));
  return parts;
}

std::string_view first_mnemonic_part(std::string_view word) {
  int depth = 0;
  for (size_t k = 0; k < word.size(); ++k) {
    if (word[k] == '(') ++depth;
    if (word[k] == ')') --depth;
    if (word[k] == '_' && depth == 0) return word.substr(0, k);
  }
  return word;
}

std::optional<std::string_view> paren_argument(std::string_view part, std::string_view name) {
  if (part.size() < name.size() + 2 || part.compare(0, name.size(), name) != 0 ||
      part[name.size()] != '(' || part.back() != ')') {
    return std::nullopt;
  }
  return part.substr(name.size() + 1, part.size() - name.size() - 2);
}

std::optional<uint64_t> parse_decimal(std::string_view s) {
  if (s.empty() || s.size() > 12) return std::nullopt;
  uint64_t v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return std::nullopt;
    v = v * 10 + static_cast<uint64_t>(c - '0');
  }
  return v;
}

bool is_float_type(uint16_t t) {
  const TypeInfo* i = type_info(packed_element(t));
  return i != nullptr && i->cls == 'f';
}

// Comments become comment directives where statements start; one written
// inside a statement has no such place. A statement starts here, so the
// tokens of the previous ones are released too.
void Parser::flush_comments() {
  cur();  // lexes up to the current token: every comment before it is known
  release_tokens();
  std::deque<Comment>& comments = lex_.comments();
  for (; !comments.empty() && comments.front().anchor <= i_; comments.pop_front()) {
    const Comment& c = comments.front();
    if (c.anchor < i_) throw SyntaxError(c.pos, "not supported yet: comment inside a statement");
    fw_brig_directive_comment d{};
    d.name = m_.add_string(c.text);
    m_.set_code_position(c.pos);
    m_.add_code(d, FW_BRIG_KIND_DIRECTIVE_COMMENT);
  }
}

// A kernel, function or variable declared with module linkage must be
// defined in the module (HSAILasm rejects it otherwise).
void Parser::check_declarations() {
  for (const auto& [name, s] : globals_) {
    if (!s.defined && !s.prog) {
      throw SyntaxError(
          s.pos, "'" + std::string(name) + "' is declared with module linkage but never defined");
    }
  }
}

// ---- module ----
void Parser::parse_module_header() {
  const Token& kw = cur();
  m_.set_code_position(kw.pos);
  if (kw.kind != TokenKind::kWord || kw.text != "module") {
    fail(kw, "expected 'module' header" + found());
  }
  take();
  const Token& name = expect_kind(TokenKind::kGlobalName, "module name");
  fw_brig_directive_module d{};
  d.name = m_.add_string(name.text);
  expect(':');
  const Token& major = expect_kind(TokenKind::kInt, "HSAIL major version");
  expect(':');
  const Token& minor = expect_kind(TokenKind::kInt, "HSAIL minor version");
  if (major.value != 1 || minor.value != 0) {
    fail(major, "not supported yet: HSAIL version " + std::string(major.text) + ":" +
                    std::string(minor.text));
  }
  d.hsail_major = 1;
  d.hsail_minor = 0;
  expect(':');
  d.profile = static_cast<uint8_t>(
      dollar_word({{"$full", FW_BRIG_PROFILE_FULL}, {"$base", FW_BRIG_PROFILE_BASE}}, "profile"));
  expect(':');
  d.machine_model = static_cast<uint8_t>(dollar_word(
      {{"$large", FW_BRIG_MACHINE_LARGE}, {"$small", FW_BRIG_MACHINE_SMALL}}, "machine model"));
  expect(':');
  d.default_float_round =
      static_cast<uint8_t>(dollar_word({{"$default", FW_BRIG_ROUND_FLOAT_DEFAULT},
                                        {"$near", FW_BRIG_ROUND_FLOAT_NEAR_EVEN},
                                        {"$zero", FW_BRIG_ROUND_FLOAT_ZERO}},
                                       "default rounding"));
  expect(';');
  machine_model_ = d.machine_model;
  m_.add_code(d, FW_BRIG_KIND_DIRECTIVE_MODULE);
}

int Parser::dollar_word(std::initializer_list<std::pair<const char*, int>> options,
                        const char* what) {
  const Token& t = cur();
  for (const auto& o : options) {
    if (t.kind == TokenKind::kWord && t.text == o.first) {
      take();
      return o.second;
    }
  }
  fail(t, std::string("expected ") + what + found());
}

Quals Parser::parse_quals() {
  Quals q;
  for (;;) {
    const Token& t = cur();
    if (t.kind != TokenKind::kWord) return q;
    if (t.text == "decl") {
      q.decl = true;
    } else if (t.text == "prog") {
      q.prog = true;
    } else if (t.text == "const") {
      q.is_const = true;
    } else if (t.text == "alloc(agent)") {
      q.agent = true;
    } else if (auto a = paren_argument(t.text, "align")) {
      auto n = parse_decimal(*a);
      q.align = n ? alignment_from_bytes(*n) : 0;
      if (q.align == 0) fail(t, "alignment must be a power of two from 1 to 256");
    } else {
      return q;
    }
    take();
  }
}

// Module-level statements, one row each: the keyword, the qualifiers it
// accepts, and its parser. Anything else is a variable declaration.
namespace {

constexpr unsigned kDecl = 1, kProg = 2, kAgent = 4, kConst = 8, kAlign = 16;

unsigned quals_present(const Quals& q) {
  return (q.decl ? kDecl : 0) | (q.prog ? kProg : 0) | (q.agent ? kAgent : 0) |
         (q.is_const ? kConst : 0) | (q.align ? kAlign : 0);
}

}  // namespace

void Parser::parse_top_level() {
  struct Form {
    const char* keyword;
    unsigned quals;
    void (Parser::*parse)(const Quals&);
  };
  static const Form kForms[] = {
      {"kernel", kDecl | kProg, &Parser::parse_kernel},
      {"function", kDecl | kProg, &Parser::parse_function},
      {"indirect", kDecl | kProg, &Parser::parse_indirect_function},
      {"signature", 0, &Parser::parse_signature},
      {"fbarrier", kDecl | kProg, &Parser::parse_module_fbarrier},
      {"extension", 0, &Parser::parse_extension},
      {"pragma", 0, &Parser::parse_module_annotation},
      {"loc", 0, &Parser::parse_module_annotation},
  };
  m_.set_code_position(cur().pos);
  Quals q = parse_quals();
  const Token& t = cur();
  if (t.kind != TokenKind::kWord) fail(t, "expected a declaration" + found());
  for (const Form& f : kForms) {
    if (t.text != f.keyword) continue;
    if (quals_present(q) & ~f.quals) fail(t, "qualifier not allowed on '" + str(t) + "'");
    (this->*f.parse)(q);
    return;
  }
  if (control_directive(t.text) != nullptr) {
    fail(t, "control directive '" + str(t) + "' is not allowed at module level");
  }
  parse_variable(q, VarScope::kModule);
  expect(';');
}

void Parser::parse_kernel(const Quals& q) { parse_executable(q, FW_BRIG_KIND_DIRECTIVE_KERNEL); }

void Parser::parse_function(const Quals& q) {
  parse_executable(q, FW_BRIG_KIND_DIRECTIVE_FUNCTION);
}

void Parser::parse_indirect_function(const Quals& q) {
  take();  // "indirect"
  if (cur().kind != TokenKind::kWord || cur().text != "function") {
    fail(cur(), "expected 'function' after 'indirect'" + found());
  }
  parse_executable(q, FW_BRIG_KIND_DIRECTIVE_INDIRECT_FUNCTION);
}

void Parser::parse_signature(const Quals& q) {
  parse_executable(q, FW_BRIG_KIND_DIRECTIVE_SIGNATURE);
}

void Parser::parse_module_fbarrier(const Quals& q) { parse_fbarrier(q, false); }

void Parser::parse_module_annotation(const Quals&) { parse_annotation(); }

// extension "NAME"; (PRM 13.1)
void Parser::parse_extension(const Quals&) {
  take();
  const Token& name = expect_kind(TokenKind::kString, "an extension name");
  fw_brig_directive_extension d{};
  d.name = m_.add_string(name.text);
  expect(';');
  m_.add_code(d, FW_BRIG_KIND_DIRECTIVE_EXTENSION);
}

// ---- symbols ----
void Parser::declare(const Token& name, uint32_t off, uint16_t kind, uint8_t seg, bool defined,
                     bool local, bool prog) {
  Symbol s{off, kind, seg, defined, prog, name.pos};
  if (local) {
    auto& scope = scopes_.back();
    if (!scope.emplace(name.text, s).second) fail(name, "redefinition of '" + str(name) + "'");
    return;
  }
  auto it = globals_.find(name.text);
  if (it == globals_.end()) {
    globals_.emplace(name.text, s);
    return;
  }
  if (it->second.kind != kind) fail(name, "'" + str(name) + "' redeclared as a different kind");
  if (!defined) return;  // repeated declaration: uses keep the first one
  if (it->second.defined) fail(name, "redefinition of '" + str(name) + "'");
  it->second.code_off = off;
  it->second.defined = true;
  // Uses that referred to the declaration now refer to the definition.
  auto refs = refs_.find(name.text);
  if (refs == refs_.end()) return;
  for (const RefSite& r : refs->second) r.section->put<uint32_t>(r.field_off, off);
}

const Symbol& Parser::lookup(const Token& name) {
  if (name.kind == TokenKind::kLocalName) {
    for (auto s = scopes_.rbegin(); s != scopes_.rend(); ++s) {
      auto it = s->find(name.text);
      if (it != s->end()) return it->second;
    }
  } else {
    auto it = globals_.find(name.text);
    if (it != globals_.end()) return it->second;
  }
  fail(name, "undefined symbol '" + str(name) + "'");
}

void Parser::note_ref(const Token& name, Section* s, uint32_t field_off) {
  if (name.kind == TokenKind::kGlobalName) refs_[name.text].push_back({s, field_off});
}

}  // namespace parser_detail

Module parse_hsail(std::string_view source) { return parser_detail::Parser(source).run(); }

}  // namespace hsail
