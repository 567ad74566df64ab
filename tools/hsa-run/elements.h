// Element types of hsa-run's arguments (i8 ... f64): their size, how a
// command-line value becomes bytes, how bytes print, and how two
// elements compare (exactly, or for floats within a tolerance).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace hsarun {

enum class Kind { kSigned, kUnsigned, kFloat };

struct ElementType {
  const char* name;  // "f32"
  size_t size;       // bytes
  Kind kind;
};

// nullptr for a name that is not a type.
const ElementType* find_type(const std::string& name);
// "i8, u8, ..." for messages.
std::string type_names();

// Parses text as one element of t into out[0..t.size); false (and *error
// says why) if it is not a number of that type or out of its range.
bool parse_element(const ElementType& t, const std::string& text, void* out, std::string* error);
// Stores v (an integer or floating value computed by a fill pattern)
// converted to t: integers wrap modulo 2^bits, floats round.
void store_integer(const ElementType& t, int64_t v, void* out);
void store_double(const ElementType& t, double v, void* out);
// The element as text (floats with enough digits to round-trip).
std::string format_element(const ElementType& t, const void* in);
// Integers: equal bytes. Floats: both NaN, or |got - want| <= tolerance *
// max(1, |want|) (tolerance 0: exactly equal).
bool elements_match(const ElementType& t, const void* got, const void* want, double tolerance);

}  // namespace hsarun
