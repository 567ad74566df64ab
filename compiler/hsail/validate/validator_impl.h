// The validator's shared state and the rule families, one file each:
//   validator.cpp             the walk over hsa_code, the context below
//   validate_directives.cpp   module header, extensions, variables,
//                             control directives, loc, pragma (PRM 4, 13)
//   validate_types.cpp        types, modifiers, roundings, packing,
//                             compares, conversions, immediates (PRM 5, 9, 11)
//   validate_memory.cpp       segments, addresses, memory orders and
//                             scopes, opaque types, machine model (PRM 6, 7)
//   validate_calls.cpp        calls and their arguments (PRM 10)
//   validate_declarations.cpp declarations agree with their definition
//                             (PRM 4.3, 10.3)
// Internal to libhsail.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "validator.h"

namespace hsail::validator_detail {

// What the walk knows at the entry being checked.
class Context {
 public:
  explicit Context(const Module& m) : m(m) {}

  const Module& m;
  uint32_t at = 0;                 // hsa_code offset of the entry being checked
  uint16_t kind = 0;               // its kind
  std::vector<uint32_t> operands;  // instructions: operand offsets, in order
  uint8_t profile = FW_BRIG_PROFILE_FULL;
  uint8_t machine_model = FW_BRIG_MACHINE_LARGE;
  uint8_t default_round = 0;
  std::set<std::string> extensions;  // names from extension directives
  uint32_t executable = 0;           // kernel/function whose body we are in, 0 outside
  bool in_arg_block = false;
  // Module-scope names (&...) seen so far: the first directive of each.
  std::map<std::string, uint32_t, std::less<>> module_names;

  // The whole entry at `at` as T (the instruction or directive format).
  template <class T>
  T entry() const {
    return m.code_entry<T>(at);
  }
  fw_brig_inst_base inst() const { return m.code_entry<fw_brig_inst_base>(at); }
  // Kind of operand i (FW_BRIG_KIND_OPERAND_*), 0 when there is no such operand.
  uint16_t operand_kind(size_t i) const;
  // Only the extension's own name enables it: HSAILasm refuses image
  // instructions and variables under "CORE" too.
  bool extension_enabled(const std::string& name) const { return extensions.count(name) != 0; }
  bool small_model() const { return machine_model == FW_BRIG_MACHINE_SMALL; }

  // Errors at the entry, or at operand i's own position when known.
  [[noreturn]] void fail(const std::string& msg) const;
  [[noreturn]] void fail_operand(size_t i, const std::string& msg) const;
};

// The rule families; each throws through Context::fail.
void check_directive_rules(const Context& c);
void check_type_rules(const Context& c);
void check_memory_rules(const Context& c);
// Variable directives: opaque types and the segments of image handles.
void check_variable_memory_rules(const Context& c);
// A module-scope directive whose name came before: both must agree.
void check_redeclaration(const Context& c, uint32_t earlier);
void check_call_rules(const Context& c);

}  // namespace hsail::validator_detail
