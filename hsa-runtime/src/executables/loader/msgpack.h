// A small MessagePack reader for the NT_AMDGPU_METADATA note of code
// objects v3 and later. It decodes the whole blob into a tree up front,
// checking every length against the remaining bytes and bounding the
// nesting depth, so that malformed notes fail cleanly.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace hsart::loader::msgpack {

struct Value {
  enum class Kind { Nil, Bool, Int, Float, String, Binary, Array, Map };
  Kind kind = Kind::Nil;
  bool b = false;
  bool is_signed = false;  // Int: the encoding was a signed integer
  uint64_t u = 0;          // Int: the raw two's-complement bits
  double f = 0;
  std::string s;  // String and Binary
  std::vector<Value> array;
  std::vector<std::pair<Value, Value>> map;

  // Map lookup by string key; nullptr if absent or not a map.
  const Value* find(const std::string& key) const;
  // True and *out if this is a non-negative integer.
  bool as_uint(uint64_t* out) const;
};

// Decodes exactly one value that spans all `size` bytes. On failure sets
// *error to the byte offset and reason.
bool Decode(const uint8_t* data, size_t size, Value* out, std::string* error);

}  // namespace hsart::loader::msgpack
