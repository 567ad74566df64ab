// The parser's state and its steps, shared by the files that implement it:
// parser.cpp (module level, symbols, comments), parse_declarations.cpp
// (variables, kernels, functions, directives) and parse_instructions.cpp
// (mnemonics, operands, instruction entries). Internal to libhsail.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "inst_table.h"
#include "lexer.h"
#include "module.h"
#include "names.h"

namespace hsail::parser_detail {

// Splits "ld_global_align(4)_u32" into {"ld", "global", "align(4)", "u32"}.
std::vector<std::string> split_mnemonic(const std::string& word);
// "align(16)" -> "16" when the part is name(...).
std::optional<std::string> paren_argument(const std::string& part, std::string_view name);
// A short decimal number, or nullopt.
std::optional<uint64_t> parse_decimal(const std::string& s);
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
  Section* section;    // hsa_operand (code ref) or hsa_data (label list of sbr)
  uint32_t field_off;  // where the label's code offset goes
  std::string name;
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
  explicit Parser(TokenStream ts)
      : toks_(std::move(ts.tokens)), comments_(std::move(ts.comments)) {}

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
  const Token& cur() const { return toks_[i_]; }
  const Token& peek(size_t k = 1) const {
    return toks_[i_ + k < toks_.size() ? i_ + k : toks_.size() - 1];
  }
  const Token& take() {
    const Token& t = toks_[i_];
    if (i_ + 1 < toks_.size()) ++i_;
    return t;
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
    return " before '" + cur().text + "'";
  }
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
  void check_handle_properties(const Token& at, const std::vector<std::string>& seen,
                               const fw_brig_operand_constant_image& img,
                               const fw_brig_operand_constant_sampler& smp);
  void parse_annotation();
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
  bool match_modifier(uint32_t bit, const std::string& p, Mods* m, const Token& at);
  static const char* modifier_name(uint32_t bit);
  void parse_instruction();
  unsigned address_bits(uint8_t segment) const;
  std::vector<uint32_t> parse_operands(const InstDesc& desc, const Token& word, uint16_t type,
                                       uint16_t stype, uint8_t segment, const Mods& m);
  std::string atomic_roles(const InstDesc& desc, const Mods& m, const Token& word);
  std::string signal_roles(const InstDesc& desc, const Mods& m, const Token& word);
  void check_signal_types(const Token& word, const Mods& m, const std::string& type,
                          const std::string& signal_type);
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
  std::vector<Token> toks_;
  std::vector<Comment> comments_;
  size_t next_comment_ = 0;
  size_t i_ = 0;
  Module m_;
  uint8_t machine_model_ = FW_BRIG_MACHINE_LARGE;
  bool in_declaration_ = false;
  std::string loc_file_;
  std::map<std::string, Symbol> globals_;              // & names
  std::map<std::string, std::vector<RefSite>> refs_;   // uses of & names
  std::vector<std::map<std::string, Symbol>> scopes_;  // % names: function, arg block
  std::map<std::string, uint32_t> labels_;             // of the current code block
  std::vector<LabelFixup> label_fixups_;               // forward label uses
};

}  // namespace hsail::parser_detail
