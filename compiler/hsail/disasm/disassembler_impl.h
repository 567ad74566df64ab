// The disassembler's state and steps, shared by the files that implement
// it: disassembler.cpp (module structure and directives),
// disassemble_instructions.cpp (mnemonics) and disassemble_operands.cpp
// (operands and constants). Internal to libhsail.
#pragma once

#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <hsail/brig/address_size.h>
#include <hsail/brig/inst_table.h>
#include <hsail/brig/module.h>
#include <hsail/brig/names.h>

namespace hsail::disasm_detail {

// IEEE bits as lowercase hex with leading zeros.
std::string hex_bits(uint64_t v, int digits);
// n little-endian bytes as an integer.
uint64_t load_le(const char* p, unsigned n);
// One element of a constant of type t, spelled as HSAILasm does.
std::string value_text(uint16_t t, const char* p);

class Disassembler {
 public:
  explicit Disassembler(const Module& m) : m_(m) {}

  std::string run();

 private:
  // ---- shared helpers ----
  [[noreturn]] static void unsupported_kind(uint16_t kind, uint32_t off);
  std::string_view str(uint32_t data_off) const { return m_.data_bytes(data_off); }
  void indent() {
    for (int k = 0; k < indent_; ++k) out_ << '\t';
  }
  const TypeInfo& checked_type(uint16_t t) const {
    const TypeInfo* ti = type_info(t);
    if (ti == nullptr) throw BrigError("invalid type " + std::to_string(t));
    return *ti;
  }
  const char* type_name(uint16_t t) const {
    return t == FW_BRIG_TYPE_NONE ? "" : checked_type(t).name;
  }

  // ---- module structure and directives (disassembler.cpp) ----
  void print_module(uint32_t off);
  void print_comment(uint32_t off);
  void print_fbarrier(uint32_t off);
  void print_control(uint32_t off);
  void print_loc(uint32_t off);
  void print_pragma(uint32_t off);
  void print_variable(uint32_t off, bool is_arg);
  uint32_t print_args(uint32_t first, unsigned count);
  uint32_t print_executable(uint32_t off, uint16_t kind);
  void print_body_entry(uint32_t off, uint16_t kind);

  // ---- instructions (disassemble_instructions.cpp) ----
  void suffix(std::string* s, const char* part) const {
    if (part != nullptr && *part) {
      *s += '_';
      *s += part;
    }
  }
  std::string vector_suffix(const std::vector<uint32_t>& ops) const;
  static std::string width_text(uint8_t w);
  static const char* round_text(uint8_t r);
  static const char* must(const char* name, const char* what, int v);
  void print_instruction(uint32_t off, uint16_t kind);
  void print_call_operands(const std::vector<uint32_t>& ops);

  // ---- operands and constants (disassemble_operands.cpp) ----
  void print_string_literal(std::string_view text);
  static std::string uint64_text(const fw_brig_uint64& v);
  void print_image(uint32_t off);
  void print_sampler(uint32_t off);
  void print_constant_list(uint32_t off);
  void print_constant(uint32_t off);
  void print_signal_constant(const fw_brig_operand_constant_bytes& c);
  std::string_view symbol_name(uint32_t code_off) const;
  unsigned symbol_address_bits(uint32_t code_off) const;
  void print_register(uint32_t off);
  void print_operand(uint32_t off);
  void print_address(uint32_t off);

  // ---- state ----
  const Module& m_;
  std::ostringstream out_;
  int indent_ = 0;  // tabs before body lines: 1 in a code block, 2 in an arg block
  uint8_t model_ = FW_BRIG_MACHINE_LARGE;  // from the module directive
};

}  // namespace hsail::disasm_detail
