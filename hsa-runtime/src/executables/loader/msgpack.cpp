#include "msgpack.h"

namespace hsart::loader::msgpack {
namespace {

// Deep enough for any real metadata, shallow enough that a hostile blob of
// nested one-byte arrays cannot exhaust the stack.
constexpr int kMaxDepth = 32;

class Reader {
 public:
  Reader(const uint8_t* data, size_t size) : data_(data), size_(size) {}

  bool value(Value* v, int depth);
  size_t pos() const { return pos_; }
  const std::string& error() const { return error_; }

 private:
  bool fail(const std::string& why) {
    if (error_.empty()) error_ = "msgpack offset " + std::to_string(pos_) + ": " + why;
    return false;
  }
  bool bytes(size_t n, const uint8_t** p) {
    if (n > size_ - pos_) return fail("truncated (need " + std::to_string(n) + " bytes)");
    *p = data_ + pos_;
    pos_ += n;
    return true;
  }
  bool uint_be(size_t n, uint64_t* out) {
    const uint8_t* p;
    if (!bytes(n, &p)) return false;
    uint64_t v = 0;
    for (size_t i = 0; i < n; ++i) v = (v << 8) | p[i];
    *out = v;
    return true;
  }
  bool string(size_t n, Value* v, Value::Kind kind) {
    const uint8_t* p;
    if (!bytes(n, &p)) return false;
    v->kind = kind;
    v->s.assign(reinterpret_cast<const char*>(p), n);
    return true;
  }
  bool array(uint64_t n, Value* v, int depth);
  bool map(uint64_t n, Value* v, int depth);

  const uint8_t* data_;
  size_t size_;
  size_t pos_ = 0;
  std::string error_;
};

bool Reader::array(uint64_t n, Value* v, int depth) {
  v->kind = Value::Kind::Array;
  // Every element takes at least one byte: a count beyond the remaining
  // bytes is malformed, and checking first avoids a huge reserve.
  if (n > size_ - pos_) return fail("array count exceeds the data");
  v->array.resize(n);
  for (auto& e : v->array)
    if (!value(&e, depth + 1)) return false;
  return true;
}

bool Reader::map(uint64_t n, Value* v, int depth) {
  v->kind = Value::Kind::Map;
  if (n > (size_ - pos_) / 2) return fail("map count exceeds the data");
  v->map.resize(n);
  for (auto& kv : v->map)
    if (!value(&kv.first, depth + 1) || !value(&kv.second, depth + 1)) return false;
  return true;
}

bool Reader::value(Value* v, int depth) {
  if (depth > kMaxDepth) return fail("nested too deeply");
  const uint8_t* p;
  if (!bytes(1, &p)) return false;
  const uint8_t t = *p;
  uint64_t n = 0;
  if (t <= 0x7f) {
    v->kind = Value::Kind::Int;
    v->u = t;
    return true;
  }
  if (t >= 0xe0) {  // negative fixint
    v->kind = Value::Kind::Int;
    v->is_signed = true;
    v->u = static_cast<uint64_t>(static_cast<int64_t>(static_cast<int8_t>(t)));
    return true;
  }
  if ((t & 0xf0) == 0x80) return map(t & 0x0f, v, depth);
  if ((t & 0xf0) == 0x90) return array(t & 0x0f, v, depth);
  if ((t & 0xe0) == 0xa0) return string(t & 0x1f, v, Value::Kind::String);
  switch (t) {
    case 0xc0:
      v->kind = Value::Kind::Nil;
      return true;
    case 0xc2:
    case 0xc3:
      v->kind = Value::Kind::Bool;
      v->b = t == 0xc3;
      return true;
    case 0xc4:
    case 0xc5:
    case 0xc6:
      return uint_be(size_t{1} << (t - 0xc4), &n) && string(n, v, Value::Kind::Binary);
    case 0xca:
    case 0xcb: {
      const bool dbl = t == 0xcb;
      if (!uint_be(dbl ? 8 : 4, &n)) return false;
      v->kind = Value::Kind::Float;
      if (dbl) {
        double d;
        static_assert(sizeof(d) == 8);
        __builtin_memcpy(&d, &n, 8);
        v->f = d;
      } else {
        uint32_t w = static_cast<uint32_t>(n);
        float f;
        __builtin_memcpy(&f, &w, 4);
        v->f = f;
      }
      return true;
    }
    case 0xcc:
    case 0xcd:
    case 0xce:
    case 0xcf:
      v->kind = Value::Kind::Int;
      return uint_be(size_t{1} << (t - 0xcc), &v->u);
    case 0xd0:
    case 0xd1:
    case 0xd2:
    case 0xd3: {
      const size_t len = size_t{1} << (t - 0xd0);
      if (!uint_be(len, &n)) return false;
      // Sign-extend from len bytes.
      const unsigned shift = 64 - 8 * static_cast<unsigned>(len);
      v->kind = Value::Kind::Int;
      v->is_signed = true;
      v->u = shift ? static_cast<uint64_t>(static_cast<int64_t>(n << shift) >> shift) : n;
      return true;
    }
    case 0xd9:
    case 0xda:
    case 0xdb:
      return uint_be(size_t{1} << (t - 0xd9), &n) && string(n, v, Value::Kind::String);
    case 0xdc:
    case 0xdd:
      return uint_be(t == 0xdc ? 2 : 4, &n) && array(n, v, depth);
    case 0xde:
    case 0xdf:
      return uint_be(t == 0xde ? 2 : 4, &n) && map(n, v, depth);
    default:
      // ext types (0xc7-0xc9, 0xd4-0xd8) and 0xc1 never occur in metadata.
      return fail("unsupported type byte 0x" + [t] {
        const char* hex = "0123456789abcdef";
        return std::string{hex[t >> 4], hex[t & 15]};
      }());
  }
}

}  // namespace

const Value* Value::find(const std::string& key) const {
  if (kind != Kind::Map) return nullptr;
  for (const auto& kv : map)
    if (kv.first.kind == Kind::String && kv.first.s == key) return &kv.second;
  return nullptr;
}

bool Value::as_uint(uint64_t* out) const {
  if (kind != Kind::Int || (is_signed && static_cast<int64_t>(u) < 0)) return false;
  *out = u;
  return true;
}

bool Decode(const uint8_t* data, size_t size, Value* out, std::string* error) {
  Reader r(data, size);
  *out = Value{};
  if (!r.value(out, 0)) {
    *error = r.error();
    return false;
  }
  if (r.pos() != size) {
    *error = "msgpack offset " + std::to_string(r.pos()) + ": trailing bytes after the value";
    return false;
  }
  return true;
}

}  // namespace hsart::loader::msgpack
