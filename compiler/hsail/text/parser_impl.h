// The parser's state and its steps, shared by the files that implement it:
// parser.cpp (module level, symbols, comments), parse_declarations.cpp
// (variables, kernels, functions, directives) and parse_instructions.cpp
// (mnemonics, operands, instruction entries). Internal to libhsail.
#pragma once

#include <deque>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include <hsail/brig/address_size.h>
#include <hsail/brig/inst_table.h>
#include <hsail/brig/module.h>
#include <hsail/brig/names.h>

#include "lexer.h"

namespace hsail::parser_detail {

// Splits "ld_global_align(4)_u32" into {"ld", "global", "align(4)", "u32"},
// views into word.
std::vector<std::string_view> split_mnemonic(std::string_view word);
// The first of those parts, without splitting the rest.
std::string_view first_mnemonic_part(std::string_view word);
// "align(16)" -> "16" when the part is name(...).
std::optional<std::string_view> paren_argument(std::string_view part, std::string_view name);
// A short decimal number, or nullopt.
std::optional<uint64_t> parse_decimal(std::string_view s);
bool is_float_type(uint16_t t);

struct Symbol {
  uint32_t code_off = 0;  // directive in hsa_code
  uint16_t kind = 0;      // directive kind
  uint8_t segment = 0;    // variables
  bool defined = false;
  bool prog = false;  // program linkage
  SourcePos pos;      // of the first declaration
};

// Where a code offset of a global symbol was written, so a later definition
// can redirect the reference (PRM 18.5.1.1).
struct RefSite {
  Section* section;
  uint32_t field_off;
};

struct LabelFixup {
  Section* section;       // hsa_operand (code ref) or hsa_data (label list of sbr)
  uint32_t field_off;     // where the label's code offset goes
  std::string_view name;  // views the source
  SourcePos pos;
};

struct Quals {
  bool decl = false;
  bool prog = false;
  bool agent = false;
  bool is_const = false;
  uint8_t align = 0;
};

enum class VarScope { kModule, kFunction, kArgBlock, kKernelArg, kFunctionArg, kSignatureArg };

class Parser {
 public:
  // source must outlive the parser: tokens, symbol names and the decoded
  // mnemonics view it.
  explicit Parser(std::string_view source) : lex_(source) { m_.reserve_for_text(source.size()); }

  Module run() {
    flush_comments();
    parse_module_header();
    for (;;) {
      flush_comments();
      if (cur().kind == TokenKind::kEnd) break;
      parse_top_level();
    }
    check_declarations();
    return std::move(m_);
  }

 private:
  // ---- tokens ----
  // Tokens are lexed as the parser looks at them and kept in window_ until
  // the next statement starts (release_tokens): a statement's tokens stay
  // in place while it is parsed, so references to them remain valid, and
  // a large file never exists as a whole token list. Indices (i_, comment
  // anchors) count from the start of the source.
  const Token& token_at(size_t index) const {
    const size_t k = index - window_start_;
    while (k >= window_.size()) {
      if (!window_.empty() && window_.back().kind == TokenKind::kEnd) return window_.back();
      window_.push_back(lex_.next());
    }
    return window_[k];
  }
  // The current token is asked for most; cur_ keeps it (deque elements stay
  // in place while others are added or released).
  const Token& cur() const {
    if (cur_ == nullptr) cur_ = &token_at(i_);
    return *cur_;
  }
  const Token& peek(size_t k = 1) const { return token_at(i_ + k); }
  const Token& take() {
    const Token& t = cur();
    if (t.kind != TokenKind::kEnd) {  // the end token is never passed
      ++i_;
      cur_ = nullptr;
    }
    return t;
  }
  // Drops the tokens before the current one; only at statement starts,
  // where no caller holds a reference to an earlier token.
  void release_tokens() {
    for (; window_start_ < i_; ++window_start_) window_.pop_front();
  }
  [[noreturn]] void fail(const Token& t, const std::string& msg) const {
    throw SyntaxError(t.pos, msg);
  }
  void expect(char c) {
    if (!cur().is(c)) fail(cur(), std::string("expected '") + c + "'" + found());
    take();
  }
  bool accept(char c) {
    if (!cur().is(c)) return false;
    take();
    return true;
  }
  std::string found() const {
    if (cur().kind == TokenKind::kEnd) return " at end of input";
    return " before '" + str(cur()) + "'";
  }
  // A token's text for a message.
  static std::string str(const Token& t) { return std::string(t.text); }
  const Token& expect_kind(TokenKind k, const char* what) {
    if (cur().kind != k) fail(cur(), std::string("expected ") + what + found());
    return take();
  }

  // ---- module level and symbols (parser.cpp) ----
  void flush_comments();
  void check_declarations();
  void parse_module_header();
  int dollar_word(std::initializer_list<std::pair<const char*, int>> options, const char* what);
  Quals parse_quals();
  void parse_top_level();
  void parse_kernel(const Quals& q);
  void parse_function(const Quals& q);
  void parse_indirect_function(const Quals& q);
  void parse_signature(const Quals& q);
  void parse_module_fbarrier(const Quals& q);
  void parse_module_annotation(const Quals& q);
  void parse_extension(const Quals& q);
  void declare(const Token& name, uint32_t off, uint16_t kind, uint8_t seg, bool defined,
               bool local, bool prog = false);
  const Symbol& lookup(const Token& name);
  void note_ref(const Token& name, Section* s, uint32_t field_off);

  // ---- declarations and directives (parse_declarations.cpp) ----
  void parse_variable(const Quals& q, VarScope scope);
  void check_segment_for_scope(const Token& at, uint8_t seg, VarScope scope);
  uint32_t parse_initializer(uint16_t type, bool array, uint64_t* count);
  static uint16_t unsigned_type(unsigned bytes);
  uint32_t add_constant(uint16_t type, const std::string& bytes);
  std::string literal_bytes(uint16_t expected, uint16_t* const_type);
  std::string typed_constant_bytes(uint16_t expected, uint16_t* const_type);
  uint32_t parse_handle_constant(uint16_t type);
  std::string signal_constant_bytes(uint16_t type);
  void check_handle_properties(const Token& at, const std::vector<std::string_view>& seen,
                               const fw_brig_operand_constant_image& img,
                               const fw_brig_operand_constant_sampler& smp);
  void parse_annotation();
  uint32_t parse_pragma_operand();
  void parse_fbarrier(const Quals& q, bool local);
  void parse_control_directive();
  void parse_executable(const Quals& q, uint16_t kind);
  uint16_t parse_args(VarScope scope);
  void parse_body();
  void parse_label_definition();

  // ---- instructions and operands (parse_instructions.cpp) ----
  // Modifiers decoded from a mnemonic; -1 / 0 mean "not written".
  struct Mods {
    int atomic_op = -1, compare = -1, segment = -1, order = -1, scope = -1, round = -1;
    uint8_t align = 0, equiv = 0, width = 0;
    bool is_const = false, ftz = false, nonull = false;
    int vector = 0;  // element count of a vector operand 0, or 0
    int pack = -1;   // fw_brig_pack
    int geometry = -1, image_query = -1, sampler_query = -1;
    uint16_t coord_type = 0;  // third type of image instructions
  };
  // What a mnemonic says, decoded once per distinct spelling: decoding is a
  // function of the spelling alone, and programs repeat few spellings.
  struct Mnemonic {
    const InstDesc* desc;
    Mods m;
    uint16_t type, stype;
    uint8_t segment;
  };
  bool match_modifier(uint32_t bit, std::string_view p, Mods* m, const Token& at);
  static const char* modifier_name(uint32_t bit);
  // known: the word's decoded mnemonic when it was met before.
  void parse_instruction(const Mnemonic* known);
  Mnemonic decode_mnemonic(const Token& word);
  std::vector<uint32_t> parse_operands(const InstDesc& desc, const Token& word, uint16_t type,
                                       uint16_t stype, uint8_t segment, const Mods& m);
  std::string atomic_roles(const InstDesc& desc, const Mods& m, const Token& word);
  std::string signal_roles(const InstDesc& desc, const Mods& m, const Token& word);
  void check_signal_types(const Token& word, const Mods& m, std::string_view type,
                          std::string_view signal_type);
  uint32_t parse_register(uint16_t type);
  uint32_t add_register(const Token& t, unsigned bits);
  uint32_t parse_vector(uint16_t type, int count, bool destination);
  uint32_t parse_source(uint16_t type);
  uint32_t parse_address(uint8_t segment);
  uint64_t parse_offset(bool negative, const char* what);
  uint32_t add_address(const fw_brig_operand_address& a, const Token* name);
  uint32_t parse_fbarrier_operand();
  uint32_t parse_label_ref();
  uint32_t parse_label_list();
  std::vector<uint32_t> parse_call_operands();
  uint32_t parse_arg_list();
  std::vector<uint32_t> parse_indirect_call_operands(const InstDesc& desc, uint16_t type);
  static uint8_t cvt_default_round(uint16_t dst, uint16_t src);
  void emit_instruction(const InstDesc& desc, const Token& word, uint16_t type, uint16_t stype,
                        uint8_t segment, const Mods& m, uint32_t list);

  // ---- state ----
  // Lexing on demand changes no observable state, so cur() and peek() stay
  // const.
  mutable Lexer lex_;
  mutable std::deque<Token> window_;  // tokens window_start_, window_start_ + 1 ...
  mutable size_t window_start_ = 0;
  mutable const Token* cur_ = nullptr;                        // token i_ once looked at
  size_t i_ = 0;                                              // index of the current token
  std::unordered_map<std::string_view, Mnemonic> mnemonics_;  // keys view the source
  Module m_;
  uint8_t machine_model_ = FW_BRIG_MACHINE_LARGE;
  bool in_declaration_ = false;
  std::string loc_file_;
  // Names as views into the source; the maps outlive no parse.
  std::map<std::string_view, Symbol> globals_;              // & names
  std::map<std::string_view, std::vector<RefSite>> refs_;   // uses of & names
  std::vector<std::map<std::string_view, Symbol>> scopes_;  // % names: function, arg block
  std::map<std::string_view, uint32_t> labels_;             // of the current code block
  std::vector<LabelFixup> label_fixups_;                    // forward label uses
};

}  // namespace hsail::parser_detail
