// HSAIL tokens (PRM 4.4 source text format, 19.2 lexical grammar).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "error.h"

namespace hsail {

enum class TokenKind {
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

struct Token {
  TokenKind kind = TokenKind::kEnd;
  std::string text;  // as written (without quotes for strings)
  SourcePos pos;
  uint64_t value = 0;       // kInt: the value; kFloat: raw IEEE bits
  uint16_t float_type = 0;  // kFloat: fw_brig_type F16/F32/F64
  bool overflow = false;    // kInt: did not fit in 64 bits

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

struct TokenStream {
  std::vector<Token> tokens;  // ends with a kEnd token
  std::vector<Comment> comments;
};

// Splits the whole source up front; throws SyntaxError on a bad character or
// a malformed literal.
TokenStream tokenize(std::string_view source);

}  // namespace hsail
