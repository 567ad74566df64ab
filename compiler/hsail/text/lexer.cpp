#include "lexer.h"

#include <cctype>
#include <cmath>
#include <cstdlib>
#include <cstring>

#include <hsail/brig/names.h>

#include "brig.h"

namespace hsail {

namespace {

// Character classes of the "C" locale, as a table: the lexer asks for
// every character of the source.
enum : uint8_t { kAlpha = 1, kDigit = 2, kSpace = 4 };
struct CharClasses {
  uint8_t of[256] = {};
  constexpr CharClasses() {
    for (int c = 'a'; c <= 'z'; ++c) of[c] = kAlpha;
    for (int c = 'A'; c <= 'Z'; ++c) of[c] = kAlpha;
    for (int c = '0'; c <= '9'; ++c) of[c] = kDigit;
    for (char c : {' ', '\t', '\n', '\v', '\f', '\r'}) of[static_cast<unsigned char>(c)] = kSpace;
  }
};
constexpr CharClasses kClasses;
uint8_t char_class(char c) { return kClasses.of[static_cast<unsigned char>(c)]; }

bool is_digit(char c) { return char_class(c) & kDigit; }
bool is_alnum(char c) { return char_class(c) & (kAlpha | kDigit); }
bool is_word_start(char c) { return (char_class(c) & kAlpha) || c == '_'; }
bool is_word_char(char c) { return is_alnum(c) || c == '_' || c == '.'; }

// Modifiers written with a parenthesised argument inside one mnemonic word.
bool takes_paren_argument(std::string_view word) {
  static const std::string_view kWords[] = {"align", "width", "equiv", "alloc"};
  for (std::string_view w : kWords) {
    size_t n = w.size();
    if (word.size() >= n && word.substr(word.size() - n) == w &&
        (word.size() == n || word[word.size() - n - 1] == '_')) {
      return true;
    }
  }
  return false;
}

bool is_register(std::string_view s) {
  if (s.size() < 3 || std::strchr("cdsq", s[1]) == nullptr) return false;
  for (size_t k = 2; k < s.size(); ++k) {
    if (!is_digit(s[k])) return false;
  }
  return true;
}

bool is_hex_prefix(std::string_view s) {
  return s.size() >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
}

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

// IEEE binary16 bits of d, rounded to nearest even (PRM 4.8.2 f16
// constants), with overflow to infinity and gradual underflow.
uint64_t half_bits(double d) {
  uint64_t sign = std::signbit(d) ? 0x8000 : 0;
  double a = std::fabs(d);
  if (std::isnan(a)) return sign | 0x7e00;
  if (a >= 65520.0) return sign | 0x7c00;  // rounds past the largest finite half
  int e;
  std::frexp(a, &e);                                   // a = m * 2^e with m in [0.5, 1)
  int exp = e - 1;                                     // a = 1.f * 2^exp
  if (exp < -14) exp = -14;                            // subnormals share the scale 2^-24
  double r = std::nearbyint(std::ldexp(a, 10 - exp));  // 10 fraction bits, nearest even
  uint64_t mant = static_cast<uint64_t>(r);
  if (mant >= 2048) {  // rounding carried into the next binade
    mant >>= 1;
    ++exp;
  }
  if (mant < 1024) return sign | mant;  // subnormal or zero
  return sign | static_cast<uint64_t>(exp + 15) << 10 | (mant & 0x3ff);
}

}  // namespace

Token Lexer::next() {
  skip_space_and_comments();
  Token t;
  t.pos = pos();
  if (i_ >= src_.size()) return t;  // kEnd; not counted, it never moves
  lex_one(&t);
  ++count_;
  return t;
}

void Lexer::skip_space_and_comments() {
  while (i_ < src_.size()) {
    char c = src_[i_];
    if (c == '\n') {
      ++i_;
      newline();
    } else if (char_class(c) & kSpace) {
      ++i_;
    } else if (c == '/' && peek(1) == '/') {
      size_t end = src_.find('\n', i_);
      if (end == std::string_view::npos) end = src_.size();
      comments_.push_back({std::string(src_.substr(i_, end - i_)), pos(), count_});
      i_ = end;
    } else if (c == '/' && peek(1) == '*') {
      skip_block_comment();
    } else {
      return;
    }
  }
}

// Each line of a block comment becomes its own "//" comment.
void Lexer::skip_block_comment() {
  SourcePos start = pos();
  i_ += 2;
  Comment cm{"//", start, count_};
  size_t from = i_;
  for (;;) {
    if (i_ >= src_.size()) throw SyntaxError(start, "unterminated comment");
    char c = src_[i_];
    if (c == '*' && peek(1) == '/') break;
    if (c == '\n') {
      cm.text.append(src_.substr(from, i_ - from));
      comments_.push_back(cm);
      cm.text = "//";
      cm.pos = pos();  // the next line's comment is placed at this line break
      ++i_;
      newline();
      from = i_;
    } else {
      ++i_;
    }
  }
  cm.text.append(src_.substr(from, i_ - from));
  i_ += 2;
  comments_.push_back(std::move(cm));
}

void Lexer::lex_word_chars(Token* t, size_t start) {
  while (i_ < src_.size()) {
    char c = src_[i_];
    if (is_word_char(c)) {
      ++i_;
    } else if (c == '(' && takes_paren_argument(src_.substr(start, i_ - start))) {
      while (i_ < src_.size() && src_[i_] != ')' && src_[i_] != '\n') ++i_;
      if (peek() != ')') throw SyntaxError(pos(), "missing ')' in modifier");
      ++i_;
    } else {
      break;
    }
  }
  t->text = src_.substr(start, i_ - start);
}

void Lexer::lex_one(Token* t) {
  const size_t start = i_;
  char c = src_[i_];
  if (is_word_start(c)) {
    t->kind = TokenKind::kWord;
    lex_word_chars(t, start);
    return;
  }
  if (c == '&' || c == '%' || c == '@' || c == '$') {
    ++i_;
    if (!is_word_start(peek()) && !(c == '$' && is_digit(peek()))) {
      throw SyntaxError(t->pos, std::string("expected a name after '") + c + "'");
    }
    while (is_word_char(peek())) ++i_;
    t->text = src_.substr(start, i_ - start);
    t->kind = c == '&'   ? TokenKind::kGlobalName
              : c == '%' ? TokenKind::kLocalName
              : c == '@' ? TokenKind::kLabel
                         : TokenKind::kWord;
    if (c == '$' && is_register(t->text)) t->kind = TokenKind::kRegister;
    return;
  }
  if (is_digit(c) || (c == '.' && is_digit(peek(1)))) {
    lex_number(t);
    return;
  }
  if (c == '"') {
    lex_string(t);
    return;
  }
  if (std::strchr("()[]{},;:=+-<>", c) != nullptr) {
    t->kind = TokenKind::kPunct;
    t->text = src_.substr(start, 1);
    ++i_;
    return;
  }
  throw SyntaxError(t->pos, std::string("unexpected character '") + c + "'");
}

// The character of the escape sequence after a backslash (PRM 4.5): up to
// three octal digits, x or X and one or two hex digits (as HSAILasm reads
// them), or one of the C escape letters. \f is 006, as the PRM's table
// says and HSAILasm does (C's form feed would be 014).
char Lexer::escape_value() {
  auto digit = [&](int base) -> int {
    char c = peek();
    int v = c >= '0' && c <= '9'   ? c - '0'
            : c >= 'a' && c <= 'f' ? c - 'a' + 10
            : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                   : 99;
    return v < base ? v : -1;
  };
  unsigned value = 0;
  if (digit(8) >= 0) {
    for (int n = 0; n < 3 && digit(8) >= 0; ++n, ++i_) value = value * 8 + unsigned(digit(8));
    return static_cast<char>(value);
  }
  if (peek() == 'x' || peek() == 'X') {
    ++i_;
    if (digit(16) < 0) throw SyntaxError(pos(), "a hex escape sequence needs a digit (PRM 4.5)");
    for (int n = 0; n < 2 && digit(16) >= 0; ++n, ++i_) value = value * 16 + unsigned(digit(16));
    return static_cast<char>(value);
  }
  static const char kEscapes[] = {'n',    '\n', 't',  '\t', 'r',  '\r', 'a', '\a', 'b',  '\b', 'f',
                                  '\006', 'v',  '\v', '\\', '\\', '"',  '"', '\'', '\'', '?',  '?'};
  for (size_t k = 0; k < sizeof(kEscapes); k += 2) {
    if (peek() == kEscapes[k]) {
      ++i_;
      return kEscapes[k + 1];
    }
  }
  throw SyntaxError(pos(), std::string("invalid escape sequence '\\") + peek() + "' (PRM 4.5)");
}

// A string without escapes views the source; one with escapes is copied
// with them resolved.
void Lexer::lex_string(Token* t) {
  ++i_;
  t->kind = TokenKind::kString;
  const size_t start = i_;
  while (i_ < src_.size() && src_[i_] != '"' && src_[i_] != '\n' && src_[i_] != '\\') ++i_;
  if (peek() != '\\') {
    if (peek() != '"') throw SyntaxError(t->pos, "unterminated string");
    t->text = src_.substr(start, i_ - start);
    ++i_;
    return;
  }
  std::string text(src_.substr(start, i_ - start));
  while (i_ < src_.size() && src_[i_] != '"' && src_[i_] != '\n') {
    if (src_[i_] == '\\') {
      ++i_;
      text += escape_value();
      continue;
    }
    text += src_[i_++];
  }
  if (peek() != '"') throw SyntaxError(t->pos, "unterminated string");
  ++i_;
  unescaped_.push_back(std::move(text));
  t->text = unescaped_.back();
}

void Lexer::lex_number(Token* t) {
  // Consume a maximal run that can belong to a numeric literal: digits,
  // letters (hex digits, prefixes, suffixes), '.', and a sign right after
  // an exponent marker.
  const size_t start = i_;
  while (i_ < src_.size()) {
    char c = src_[i_];
    std::string_view s = src_.substr(start, i_ - start);
    bool exp_sign = (c == '+' || c == '-') && !s.empty() &&
                    ((s.back() == 'e' || s.back() == 'E') && !is_hex_prefix(s)
                         ? true
                         : (s.back() == 'p' || s.back() == 'P'));
    if (is_alnum(c) || c == '.' || exp_sign) {
      ++i_;
    } else {
      break;
    }
  }
  std::string_view s = src_.substr(start, i_ - start);
  t->text = s;
  // Image geometries ("1d", "2da" ...) start with a digit but are words.
  if (kGeometryNames.lookup(s) >= 0) {
    t->kind = TokenKind::kWord;
    return;
  }
  if (s.size() > 2 && s[0] == '0' && std::strchr("fFdDhH", s[1]) != nullptr) {
    lex_raw_float(t, s);
  } else if (s.find_first_of(".pP") != std::string_view::npos ||
             (!is_hex_prefix(s) && s.find_first_of("eE") != std::string_view::npos)) {
    lex_float(t, s);
  } else {
    lex_int(t, s);
  }
}

// 0Fxxxxxxxx, 0Dxxxxxxxxxxxxxxxx, 0Hxxxx: IEEE bits written in hex.
void Lexer::lex_raw_float(Token* t, std::string_view s) {
  char p = static_cast<char>(std::tolower(static_cast<unsigned char>(s[1])));
  size_t digits = p == 'f' ? 8 : p == 'd' ? 16 : 4;
  t->float_type = p == 'f' ? FW_BRIG_TYPE_F32 : p == 'd' ? FW_BRIG_TYPE_F64 : FW_BRIG_TYPE_F16;
  auto malformed = [&] {
    return SyntaxError(t->pos, "malformed float constant '" + std::string(s) + "'");
  };
  if (s.size() != 2 + digits) throw malformed();
  uint64_t v = 0;
  for (size_t k = 2; k < s.size(); ++k) {
    int d = hex_digit(s[k]);
    if (d < 0) throw malformed();
    v = v << 4 | static_cast<uint64_t>(d);
  }
  t->kind = TokenKind::kFloat;
  t->value = v;
}

// Decimal or C99 hex float; suffix f (f32) or h (f16), none means f64.
void Lexer::lex_float(Token* t, std::string_view written) {
  std::string s(written);  // strtod needs a terminated copy
  t->float_type = FW_BRIG_TYPE_F64;
  char last = static_cast<char>(std::tolower(static_cast<unsigned char>(s.back())));
  if (!is_hex_prefix(s) && (last == 'f' || last == 'h')) {
    t->float_type = last == 'f' ? FW_BRIG_TYPE_F32 : FW_BRIG_TYPE_F16;
    s.pop_back();
  } else if (is_hex_prefix(s) && (last == 'f' || last == 'h') &&
             s.find_first_of("pP") != std::string::npos) {
    t->float_type = last == 'f' ? FW_BRIG_TYPE_F32 : FW_BRIG_TYPE_F16;
    s.pop_back();
  }
  char* end = nullptr;
  double d = std::strtod(s.c_str(), &end);
  if (end == nullptr || *end != '\0') {
    throw SyntaxError(t->pos, "malformed float constant '" + std::string(written) + "'");
  }
  t->kind = TokenKind::kFloat;
  if (t->float_type == FW_BRIG_TYPE_F32) {
    float f = std::strtof(s.c_str(), nullptr);
    uint32_t bits;
    std::memcpy(&bits, &f, sizeof(bits));
    t->value = bits;
  } else if (t->float_type == FW_BRIG_TYPE_F16) {
    t->value = half_bits(d);
  } else {
    std::memcpy(&t->value, &d, sizeof(d));
  }
}

void Lexer::lex_int(Token* t, std::string_view s) {
  unsigned base = 10;
  size_t k = 0;
  if (is_hex_prefix(s)) {
    base = 16;
    k = 2;
  } else if (s.size() > 1 && s[0] == '0') {
    base = 8;
    k = 1;
  }
  auto malformed = [&] {
    return SyntaxError(t->pos, "malformed integer constant '" + std::string(s) + "'");
  };
  if (k >= s.size()) throw malformed();
  uint64_t v = 0;
  for (; k < s.size(); ++k) {
    int d = hex_digit(s[k]);
    if (d < 0 || static_cast<unsigned>(d) >= base) throw malformed();
    if (v > (UINT64_MAX - static_cast<uint64_t>(d)) / base) t->overflow = true;
    v = v * base + static_cast<uint64_t>(d);
  }
  t->kind = TokenKind::kInt;
  t->value = v;
}

}  // namespace hsail
