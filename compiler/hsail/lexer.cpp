#include "lexer.h"

#include <cctype>
#include <cmath>
#include <cstdlib>
#include <cstring>

#include "brig.h"
#include "names.h"

namespace hsail {

namespace {

bool is_word_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool is_word_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.';
}

// Modifiers written with a parenthesised argument inside one mnemonic word.
bool takes_paren_argument(std::string_view word) {
  static const char* const kWords[] = {"align", "width", "equiv", "alloc"};
  for (const char* w : kWords) {
    size_t n = std::strlen(w);
    if (word.size() >= n && word.substr(word.size() - n) == w &&
        (word.size() == n || word[word.size() - n - 1] == '_')) {
      return true;
    }
  }
  return false;
}

class Lexer {
 public:
  explicit Lexer(std::string_view src) : src_(src) {}

  TokenStream run() {
    for (;;) {
      skip_space_and_comments();
      Token t;
      t.pos = pos_;
      if (i_ >= src_.size()) {
        out_.tokens.push_back(t);
        return std::move(out_);
      }
      lex_one(&t);
      out_.tokens.push_back(std::move(t));
    }
  }

 private:
  char peek(size_t k = 0) const { return i_ + k < src_.size() ? src_[i_ + k] : '\0'; }
  void advance() {
    if (src_[i_] == '\n') {
      ++pos_.line;
      pos_.column = 1;
    } else {
      ++pos_.column;
    }
    ++i_;
  }

  void skip_space_and_comments() {
    while (i_ < src_.size()) {
      char c = peek();
      if (std::isspace(static_cast<unsigned char>(c))) {
        advance();
      } else if (c == '/' && peek(1) == '/') {
        Comment cm{"", pos_, out_.tokens.size()};
        while (i_ < src_.size() && peek() != '\n') {
          cm.text += peek();
          advance();
        }
        out_.comments.push_back(std::move(cm));
      } else if (c == '/' && peek(1) == '*') {
        SourcePos start = pos_;
        advance();
        advance();
        Comment cm{"//", start, out_.tokens.size()};
        while (i_ < src_.size() && !(peek() == '*' && peek(1) == '/')) {
          if (peek() == '\n') {
            out_.comments.push_back(cm);
            cm.text = "//";
            cm.pos = pos_;
          } else {
            cm.text += peek();
          }
          advance();
        }
        if (i_ >= src_.size()) throw SyntaxError(start, "unterminated comment");
        advance();
        advance();
        out_.comments.push_back(std::move(cm));
      } else {
        return;
      }
    }
  }

  void lex_word_chars(Token* t) {
    while (i_ < src_.size()) {
      if (is_word_char(peek())) {
        t->text += peek();
        advance();
      } else if (peek() == '(' && takes_paren_argument(t->text)) {
        while (i_ < src_.size() && peek() != ')' && peek() != '\n') {
          t->text += peek();
          advance();
        }
        if (peek() != ')') throw SyntaxError(pos_, "missing ')' in modifier");
        t->text += ')';
        advance();
      } else {
        return;
      }
    }
  }

  void lex_one(Token* t) {
    char c = peek();
    if (is_word_start(c)) {
      t->kind = TokenKind::kWord;
      lex_word_chars(t);
      return;
    }
    if (c == '&' || c == '%' || c == '@' || c == '$') {
      t->text += c;
      advance();
      if (!is_word_start(peek()) &&
          !(c == '$' && std::isdigit(static_cast<unsigned char>(peek())))) {
        throw SyntaxError(t->pos, std::string("expected a name after '") + c + "'");
      }
      while (is_word_char(peek())) {
        t->text += peek();
        advance();
      }
      t->kind = c == '&'   ? TokenKind::kGlobalName
                : c == '%' ? TokenKind::kLocalName
                : c == '@' ? TokenKind::kLabel
                           : TokenKind::kWord;
      if (c == '$' && is_register(t->text)) t->kind = TokenKind::kRegister;
      return;
    }
    if (std::isdigit(static_cast<unsigned char>(c)) ||
        (c == '.' && std::isdigit(static_cast<unsigned char>(peek(1))))) {
      lex_number(t);
      return;
    }
    if (c == '"') {
      lex_string(t);
      return;
    }
    if (std::strchr("()[]{},;:=+-<>", c) != nullptr) {
      t->kind = TokenKind::kPunct;
      t->text = c;
      advance();
      return;
    }
    throw SyntaxError(pos_, std::string("unexpected character '") + c + "'");
  }

  static bool is_register(const std::string& s) {
    if (s.size() < 3 || std::strchr("cdsq", s[1]) == nullptr) return false;
    for (size_t k = 2; k < s.size(); ++k) {
      if (!std::isdigit(static_cast<unsigned char>(s[k]))) return false;
    }
    return true;
  }

  void lex_string(Token* t) {
    advance();
    t->kind = TokenKind::kString;
    while (i_ < src_.size() && peek() != '"' && peek() != '\n') {
      if (peek() == '\\') {
        advance();
        static const char kEscapes[] = {'n', '\n', 't', '\t', 'r',  '\r', 'a', '\a',
                                        'b', '\b', 'f', '\f', '\\', '\\', '"', '"'};
        bool known = false;
        for (size_t k = 0; k < sizeof(kEscapes); k += 2) {
          if (peek() == kEscapes[k]) {
            t->text += kEscapes[k + 1];
            known = true;
            break;
          }
        }
        if (!known) throw SyntaxError(pos_, "not supported yet: escape sequence in a string");
        advance();
        continue;
      }
      t->text += peek();
      advance();
    }
    if (peek() != '"') throw SyntaxError(t->pos, "unterminated string");
    advance();
  }

  void lex_number(Token* t) {
    std::string s;
    // Consume a maximal run that can belong to a numeric literal: digits,
    // letters (hex digits, prefixes, suffixes), '.', and a sign right after
    // an exponent marker.
    while (i_ < src_.size()) {
      char c = peek();
      bool exp_sign = (c == '+' || c == '-') && !s.empty() &&
                      ((s.back() == 'e' || s.back() == 'E') && !is_hex_prefix(s)
                           ? true
                           : (s.back() == 'p' || s.back() == 'P'));
      if (std::isalnum(static_cast<unsigned char>(c)) || c == '.' || exp_sign) {
        s += c;
        advance();
      } else {
        break;
      }
    }
    t->text = s;
    // Image geometries ("1d", "2da" ...) start with a digit but are words.
    if (kGeometryNames.lookup(s) >= 0) {
      t->kind = TokenKind::kWord;
      return;
    }
    if (s.size() > 2 && s[0] == '0' && std::strchr("fFdDhH", s[1]) != nullptr) {
      lex_raw_float(t, s);
    } else if (s.find_first_of(".pP") != std::string::npos ||
               (!is_hex_prefix(s) && s.find_first_of("eE") != std::string::npos)) {
      lex_float(t, s);
    } else {
      lex_int(t, s);
    }
  }

  static bool is_hex_prefix(const std::string& s) {
    return s.size() >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
  }

  // 0Fxxxxxxxx, 0Dxxxxxxxxxxxxxxxx, 0Hxxxx: IEEE bits written in hex.
  void lex_raw_float(Token* t, const std::string& s) {
    char p = static_cast<char>(std::tolower(static_cast<unsigned char>(s[1])));
    size_t digits = p == 'f' ? 8 : p == 'd' ? 16 : 4;
    t->float_type = p == 'f' ? FW_BRIG_TYPE_F32 : p == 'd' ? FW_BRIG_TYPE_F64 : FW_BRIG_TYPE_F16;
    if (s.size() != 2 + digits) throw SyntaxError(t->pos, "malformed float constant '" + s + "'");
    uint64_t v = 0;
    for (size_t k = 2; k < s.size(); ++k) {
      int d = hex_digit(s[k]);
      if (d < 0) throw SyntaxError(t->pos, "malformed float constant '" + s + "'");
      v = v << 4 | static_cast<uint64_t>(d);
    }
    t->kind = TokenKind::kFloat;
    t->value = v;
  }

  // Decimal or C99 hex float; suffix f (f32) or h (f16), none means f64.
  void lex_float(Token* t, std::string s) {
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
      throw SyntaxError(t->pos, "malformed float constant '" + t->text + "'");
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

  // IEEE binary16 bits of d, rounded to nearest even (PRM 4.8.2 f16
  // constants), with overflow to infinity and gradual underflow.
  static uint64_t half_bits(double d) {
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

  static int hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return -1;
  }

  void lex_int(Token* t, const std::string& s) {
    unsigned base = 10;
    size_t k = 0;
    if (is_hex_prefix(s)) {
      base = 16;
      k = 2;
    } else if (s.size() > 1 && s[0] == '0') {
      base = 8;
      k = 1;
    }
    if (k >= s.size()) throw SyntaxError(t->pos, "malformed integer constant '" + s + "'");
    uint64_t v = 0;
    for (; k < s.size(); ++k) {
      int d = hex_digit(s[k]);
      if (d < 0 || static_cast<unsigned>(d) >= base) {
        throw SyntaxError(t->pos, "malformed integer constant '" + s + "'");
      }
      if (v > (UINT64_MAX - static_cast<uint64_t>(d)) / base) t->overflow = true;
      v = v * base + static_cast<uint64_t>(d);
    }
    t->kind = TokenKind::kInt;
    t->value = v;
  }

  std::string_view src_;
  size_t i_ = 0;
  SourcePos pos_;
  TokenStream out_;
};

}  // namespace

TokenStream tokenize(std::string_view source) { return Lexer(source).run(); }

}  // namespace hsail
