// HSAIL tokens (PRM 4.4 source text format, 19.2 lexical grammar).
#pragma once

#include <cstdint>
#include <deque>
#include <string>
#include <string_view>

#include <hsail/brig/error.h>

namespace hsail {

enum class TokenKind : uint8_t {
  kEnd,
  kWord,        // opcode with modifiers, keyword, $full ...; may hold "align(4)" groups
  kGlobalName,  // &name
  kLocalName,   // %name
  kLabel,       // @name
  kRegister,    // $s0 ...
  kInt,         // integer literal (value holds the bits, possibly wrapped)
  kFloat,       // floating-point literal (float_type says f16/f32/f64)
  kString,      // "..."
  kPunct,       // one of ( ) [ ] { } , ; : = + -
};

// Tokens are small and own nothing: text views the source (or, for a
// string with escapes, the lexer's copy), so the source and the lexer must
// outlive them.
struct Token {
  std::string_view text;  // as written (without quotes for strings)
  uint64_t value = 0;     // kInt: the value; kFloat: raw IEEE bits
  SourcePos pos;
  TokenKind kind = TokenKind::kEnd;
  bool overflow = false;    // kInt: did not fit in 64 bits
  uint16_t float_type = 0;  // kFloat: fw_brig_type F16/F32/F64

  bool is(char punct) const {
    return kind == TokenKind::kPunct && text.size() == 1 && text[0] == punct;
  }
};

// A source comment. HSAILasm keeps comments as BRIG comment directives, so
// the parser emits them; anchor is the index of the token that follows.
// Block comments become one "//" comment per line, as HSAILasm stores them.
struct Comment {
  std::string text;
  SourcePos pos;
  size_t anchor = 0;
};

// Splits the source into tokens on demand, one per next() call, so that a
// large file never exists as a whole token list (HSAILasm's scanner works
// the same way). Throws SyntaxError on a bad character or a malformed
// literal when it reaches it.
class Lexer {
 public:
  explicit Lexer(std::string_view source) : src_(source) {}

  // The next token; kEnd at the end of the source, and again on every
  // later call.
  Token next();
  // Comments met so far and not yet taken, in source order; a comment's
  // anchor counts the tokens next() returned before it.
  std::deque<Comment>& comments() { return comments_; }

 private:
  SourcePos pos() const { return {line_, static_cast<int>(i_ - line_start_) + 1}; }
  char peek(size_t k = 0) const { return i_ + k < src_.size() ? src_[i_ + k] : '\0'; }
  void newline() {
    ++line_;
    line_start_ = i_;
  }
  void skip_space_and_comments();
  void skip_block_comment();
  void lex_one(Token* t);
  void lex_word_chars(Token* t, size_t start);
  void lex_string(Token* t);
  char escape_value();
  void lex_number(Token* t);
  void lex_raw_float(Token* t, std::string_view s);
  void lex_float(Token* t, std::string_view s);
  void lex_int(Token* t, std::string_view s);

  std::string_view src_;
  size_t i_ = 0;
  size_t line_start_ = 0;  // offset of the current line's first character
  int line_ = 1;
  size_t count_ = 0;  // tokens returned so far
  std::deque<Comment> comments_;
  std::deque<std::string> unescaped_;  // texts of strings with escapes; deque keeps them in place
};

}  // namespace hsail
