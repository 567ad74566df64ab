#include "elements.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>

namespace hsarun {

namespace {

const ElementType kTypes[] = {
    {"i8", 1, Kind::kSigned},    {"u8", 1, Kind::kUnsigned},  {"i16", 2, Kind::kSigned},
    {"u16", 2, Kind::kUnsigned}, {"i32", 4, Kind::kSigned},   {"u32", 4, Kind::kUnsigned},
    {"i64", 8, Kind::kSigned},   {"u64", 8, Kind::kUnsigned}, {"f32", 4, Kind::kFloat},
    {"f64", 8, Kind::kFloat},
};

// Little-endian host (x86-64): the low bytes of a 64-bit value are the
// narrower integer.
void store_bits(uint64_t bits, size_t size, void* out) { std::memcpy(out, &bits, size); }

uint64_t load_bits(const void* in, size_t size) {
  uint64_t bits = 0;
  std::memcpy(&bits, in, size);
  return bits;
}

int64_t sign_extend(uint64_t bits, size_t size) {
  if (size == 8) return static_cast<int64_t>(bits);
  const unsigned shift = static_cast<unsigned>(64 - size * 8);
  return static_cast<int64_t>(bits << shift) >> shift;
}

double load_double(const ElementType& t, const void* in) {
  if (t.size == 4) {
    float f;
    std::memcpy(&f, in, 4);
    return f;
  }
  double d;
  std::memcpy(&d, in, 8);
  return d;
}

}  // namespace

const ElementType* find_type(const std::string& name) {
  for (const ElementType& t : kTypes)
    if (name == t.name) return &t;
  return nullptr;
}

std::string type_names() {
  std::string out;
  for (const ElementType& t : kTypes) out += (out.empty() ? "" : ", ") + std::string(t.name);
  return out;
}

bool parse_element(const ElementType& t, const std::string& text, void* out, std::string* error) {
  if (text.empty()) {
    *error = "empty value";
    return false;
  }
  const char* s = text.c_str();
  char* end = nullptr;
  errno = 0;
  const std::string bad =
      "'" + text + "' is not " + (t.kind == Kind::kFloat ? "a" : "an") + " " + t.name + " value";
  if (t.kind == Kind::kFloat) {
    const double d = std::strtod(s, &end);
    if (*end || errno == ERANGE) {
      *error = bad;
      return false;
    }
    store_double(t, d, out);
    return true;
  }
  const unsigned bits = static_cast<unsigned>(t.size * 8);
  if (t.kind == Kind::kSigned) {
    const long long v = std::strtoll(s, &end, 0);
    const long long lo = bits == 64 ? std::numeric_limits<long long>::min() : -(1LL << (bits - 1));
    const long long hi =
        bits == 64 ? std::numeric_limits<long long>::max() : (1LL << (bits - 1)) - 1;
    if (*end || errno == ERANGE || v < lo || v > hi) {
      *error = bad;
      return false;
    }
    store_bits(static_cast<uint64_t>(v), t.size, out);
    return true;
  }
  const unsigned long long v = std::strtoull(s, &end, 0);
  const unsigned long long hi = bits == 64 ? ~0ULL : (1ULL << bits) - 1;
  if (*end || errno == ERANGE || text[0] == '-' || v > hi) {
    *error = bad;
    return false;
  }
  store_bits(v, t.size, out);
  return true;
}

void store_integer(const ElementType& t, int64_t v, void* out) {
  if (t.kind == Kind::kFloat)
    store_double(t, static_cast<double>(v), out);
  else
    store_bits(static_cast<uint64_t>(v), t.size, out);
}

void store_double(const ElementType& t, double v, void* out) {
  if (t.kind != Kind::kFloat) {
    store_integer(t, static_cast<int64_t>(v), out);
  } else if (t.size == 4) {
    const float f = static_cast<float>(v);
    std::memcpy(out, &f, 4);
  } else {
    std::memcpy(out, &v, 8);
  }
}

std::string format_element(const ElementType& t, const void* in) {
  char text[64];
  if (t.kind == Kind::kFloat)
    std::snprintf(text, sizeof text, "%.*g", t.size == 4 ? 9 : 17, load_double(t, in));
  else if (t.kind == Kind::kSigned)
    std::snprintf(text, sizeof text, "%lld",
                  static_cast<long long>(sign_extend(load_bits(in, t.size), t.size)));
  else
    std::snprintf(text, sizeof text, "%llu",
                  static_cast<unsigned long long>(load_bits(in, t.size)));
  return text;
}

bool elements_match(const ElementType& t, const void* got, const void* want, double tolerance) {
  if (std::memcmp(got, want, t.size) == 0) return true;
  if (t.kind != Kind::kFloat) return false;
  const double g = load_double(t, got);
  const double w = load_double(t, want);
  if (std::isnan(g) || std::isnan(w)) return std::isnan(g) && std::isnan(w);
  if (g == w) return true;  // +0 and -0
  return std::fabs(g - w) <= tolerance * std::max(1.0, std::fabs(w));
}

}  // namespace hsarun
