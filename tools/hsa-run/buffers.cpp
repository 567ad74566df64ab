#include "buffers.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace hsarun {

namespace {

// A pattern parameter parsed as an element of the buffer's type, then
// read back as a double or an integer for the arithmetic of the pattern.
bool param(const Arg& arg, size_t index, const char* fallback, std::vector<uint8_t>* bytes,
           std::string* error) {
  const std::string text = index < arg.fill.params.size() ? arg.fill.params[index] : fallback;
  bytes->assign(arg.type->size, 0);
  if (parse_element(*arg.type, text, bytes->data(), error)) return true;
  *error = "argument '" + arg.spec + "': " + *error;
  return false;
}

double as_double(const ElementType& t, const std::vector<uint8_t>& b) {
  if (t.kind == Kind::kFloat) {
    if (t.size == 4) {
      float f;
      std::memcpy(&f, b.data(), 4);
      return f;
    }
    double d;
    std::memcpy(&d, b.data(), 8);
    return d;
  }
  return 0;
}

int64_t as_integer(const ElementType& t, const std::vector<uint8_t>& b) {
  uint64_t bits = 0;
  std::memcpy(&bits, b.data(), t.size);
  if (t.kind == Kind::kSigned && t.size < 8) {
    const unsigned shift = static_cast<unsigned>(64 - t.size * 8);
    return static_cast<int64_t>(bits << shift) >> shift;
  }
  return static_cast<int64_t>(bits);
}

bool fill_iota(const Arg& a, std::vector<uint8_t>* out, std::string* error) {
  std::vector<uint8_t> start, step;
  if (!param(a, 0, "0", &start, error) || !param(a, 1, "1", &step, error)) return false;
  const ElementType& t = *a.type;
  for (uint64_t i = 0; i < a.count; ++i) {
    uint8_t* at = out->data() + i * t.size;
    if (t.kind == Kind::kFloat)
      store_double(t, as_double(t, start) + static_cast<double>(i) * as_double(t, step), at);
    else
      store_integer(t,
                    static_cast<int64_t>(static_cast<uint64_t>(as_integer(t, start)) +
                                         i * static_cast<uint64_t>(as_integer(t, step))),
                    at);
  }
  return true;
}

bool fill_random(const Arg& a, std::vector<uint8_t>* out, std::string* error) {
  uint64_t seed = 0;
  char* end = nullptr;
  errno = 0;
  seed = std::strtoull(a.fill.params[0].c_str(), &end, 0);
  if (a.fill.params[0].empty() || *end || errno == ERANGE) {
    *error = "argument '" + a.spec + "': random seed '" + a.fill.params[0] + "' is not a number";
    return false;
  }
  const ElementType& t = *a.type;
  const bool fp = t.kind == Kind::kFloat;
  std::vector<uint8_t> lo, hi;
  if (!param(a, 1, fp ? "0" : "0", &lo, error) || !param(a, 2, fp ? "1" : "100", &hi, error))
    return false;
  uint64_t state = seed;
  for (uint64_t i = 0; i < a.count; ++i) {
    const uint64_t r = splitmix64(&state);
    uint8_t* at = out->data() + i * t.size;
    if (fp) {
      const double unit = static_cast<double>(r >> 11) * 0x1.0p-53;  // [0, 1)
      const double l = as_double(t, lo), h = as_double(t, hi);
      store_double(t, l + (h - l) * unit, at);
    } else {
      const int64_t l = as_integer(t, lo), h = as_integer(t, hi);
      if (h < l) {
        *error = "argument '" + a.spec + "': random range is empty";
        return false;
      }
      const uint64_t span = static_cast<uint64_t>(h) - static_cast<uint64_t>(l) + 1;
      store_integer(t, static_cast<int64_t>(static_cast<uint64_t>(l) + (span ? r % span : r)), at);
    }
  }
  return true;
}

}  // namespace

uint64_t splitmix64(uint64_t* state) {
  uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

bool read_file(const std::string& path, std::vector<uint8_t>* out, std::string* error) {
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) {
    *error = "cannot open '" + path + "': " + std::strerror(errno);
    return false;
  }
  out->clear();
  uint8_t chunk[65536];
  size_t n;
  while ((n = std::fread(chunk, 1, sizeof chunk, f)) > 0) out->insert(out->end(), chunk, chunk + n);
  const bool failed = std::ferror(f);
  std::fclose(f);
  if (failed) *error = "cannot read '" + path + "'";
  return !failed;
}

bool write_file(const std::string& path, const void* data, size_t size, std::string* error) {
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) {
    *error = "cannot create '" + path + "': " + std::strerror(errno);
    return false;
  }
  const bool ok = std::fwrite(data, 1, size, f) == size;
  if (std::fclose(f) != 0 || !ok) {
    *error = "cannot write '" + path + "'";
    return false;
  }
  return true;
}

bool initial_contents(const Arg& arg, std::vector<uint8_t>* out, std::string* error) {
  const ElementType& t = *arg.type;
  if (arg.fill.pattern == Fill::Pattern::kFile) {
    if (!read_file(arg.fill.path, out, error)) return false;
    const uint64_t want = arg.count * t.size;
    if (out->empty() || out->size() % t.size || (arg.count && out->size() != want)) {
      *error = "argument '" + arg.spec + "': '" + arg.fill.path + "' holds " +
               std::to_string(out->size()) + " bytes, " +
               (arg.count ? "not " + std::to_string(want) + " (" + std::to_string(arg.count) + " " +
                                t.name + " elements)"
                          : "not a whole number of " + std::string(t.name) + " elements");
      return false;
    }
    return true;
  }
  out->assign(arg.count * t.size, 0);
  switch (arg.fill.pattern) {
    case Fill::Pattern::kIota:
      return fill_iota(arg, out, error);
    case Fill::Pattern::kRandom:
      return fill_random(arg, out, error);
    case Fill::Pattern::kConst: {
      std::vector<uint8_t> v;
      if (!param(arg, 0, "0", &v, error)) return false;
      for (uint64_t i = 0; i < arg.count; ++i)
        std::memcpy(out->data() + i * t.size, v.data(), t.size);
      return true;
    }
    default:
      return true;  // zero
  }
}

}  // namespace hsarun
