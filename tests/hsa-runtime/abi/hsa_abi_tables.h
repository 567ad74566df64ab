// What each side of hsa_headers_abi_test records about its headers: one
// row per name of hsa_abi_list.h, in list order, so that row i of our table
// and row i of Debian's describe the same name. Shared by the C++ and C
// translation units.
#pragma once

#ifdef __cplusplus
extern "C" {
#endif

// A type: sizeof, alignof and (C++ only) its mangled name, which spells
// the struct or enum tag and, for function pointers, every parameter.
typedef struct {
  const char* name;
  long long size;
  long long align;
  const char* mangled;
} HsaAbiType;

// A struct member, named "type.member".
typedef struct {
  const char* name;
  long long offset;
  long long size;
  const char* mangled;
} HsaAbiMember;

// An enumerator's value and (C++ only) the size and signedness of its
// enum's underlying type.
typedef struct {
  const char* name;
  long long value;
  long long size;
  int is_signed;
} HsaAbiEnumerator;

// A function's type, mangled: return type and every parameter.
typedef struct {
  const char* name;
  const char* mangled;
} HsaAbiFunction;

// A macro's expansion as text; an undefined macro expands to its own name.
typedef struct {
  const char* name;
  const char* expansion;
} HsaAbiMacro;

typedef struct {
  const HsaAbiType* types;
  unsigned type_count;
  const HsaAbiMember* members;
  unsigned member_count;
  const HsaAbiEnumerator* enumerators;
  unsigned enumerator_count;
  const HsaAbiFunction* functions;  // NULL in C
  unsigned function_count;
  const HsaAbiMacro* macros;
  unsigned macro_count;
} HsaAbiTables;

extern const HsaAbiTables kDebianHsaAbi;     // Debian's headers, C++17
extern const HsaAbiTables kOurHsaAbi;        // ours, C++17
extern const HsaAbiTables kDebianHsaAbiInC;  // Debian's headers, C11
extern const HsaAbiTables kOurHsaAbiInC;     // ours, C11

#ifdef __cplusplus
}  // extern "C"
#endif
