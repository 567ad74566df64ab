#include "validator.h"

#include <cstdio>

#include "validator_impl.h"

namespace hsail {

std::string format_diagnostic(const std::string& file, const ValidationError& e) {
  if (const SourcePos* p = e.pos()) {
    return file + ":" + std::to_string(p->line) + ":" + std::to_string(p->column) + ": " + e.what();
  }
  char where[32];
  std::snprintf(where, sizeof(where), "hsa_code@0x%x", e.code_offset());
  return file + ": " + where + ": " + e.what();
}

namespace validator_detail {

uint16_t Context::operand_kind(size_t i) const {
  if (i >= operands.size() || operands[i] == 0) return 0;
  return m.base_at(m.operands(), operands[i]).kind;
}

void Context::fail(const std::string& msg) const {
  throw ValidationError(at, m.code_position(at), msg);
}

void Context::fail_operand(size_t i, const std::string& msg) const {
  const SourcePos* p = i < operands.size() ? m.operand_position(operands[i]) : nullptr;
  throw ValidationError(at, p != nullptr ? p : m.code_position(at), msg);
}

namespace {

bool is_executable(uint16_t kind) {
  return kind == FW_BRIG_KIND_DIRECTIVE_KERNEL || kind == FW_BRIG_KIND_DIRECTIVE_FUNCTION ||
         kind == FW_BRIG_KIND_DIRECTIVE_INDIRECT_FUNCTION;
}

// Keeps the context (module header, extensions, enclosing body, arg
// blocks) up to date before the entry's rules run.
void track(Context& c, uint32_t* body_end) {
  if (c.executable != 0 && c.at >= *body_end) c.executable = 0;
  switch (c.kind) {
    case FW_BRIG_KIND_DIRECTIVE_MODULE: {
      auto d = c.entry<fw_brig_directive_module>();
      c.profile = d.profile;
      c.machine_model = d.machine_model;
      c.default_round = d.default_float_round;
      break;
    }
    case FW_BRIG_KIND_DIRECTIVE_EXTENSION:
      c.extensions.insert(std::string(c.m.data_bytes(c.entry<fw_brig_directive_extension>().name)));
      break;
    case FW_BRIG_KIND_DIRECTIVE_ARG_BLOCK_START:
      c.in_arg_block = true;
      break;
    case FW_BRIG_KIND_DIRECTIVE_ARG_BLOCK_END:
      c.in_arg_block = false;
      break;
    default:
      if (is_executable(c.kind)) {
        auto d = c.entry<fw_brig_directive_executable>();
        if (d.modifier & FW_BRIG_EXECUTABLE_DEFINITION) {
          c.executable = c.at;
          *body_end = d.next_module_entry;
        }
      }
      break;
  }
}

// Variables, fbarriers, kernels and functions with an &name: a later
// directive of the same name declares or defines the same thing.
void note_module_name(Context& c) {
  uint32_t name = 0;
  switch (c.kind) {
    case FW_BRIG_KIND_DIRECTIVE_VARIABLE:
      name = c.entry<fw_brig_directive_variable>().name;
      break;
    case FW_BRIG_KIND_DIRECTIVE_FBARRIER:
      name = c.entry<fw_brig_directive_fbarrier>().name;
      break;
    case FW_BRIG_KIND_DIRECTIVE_KERNEL:
    case FW_BRIG_KIND_DIRECTIVE_FUNCTION:
    case FW_BRIG_KIND_DIRECTIVE_INDIRECT_FUNCTION:
    case FW_BRIG_KIND_DIRECTIVE_SIGNATURE:
      name = c.entry<fw_brig_directive_executable>().name;
      break;
    default:
      return;
  }
  std::string_view text = c.m.data_bytes(name);
  if (text.empty() || text[0] != '&') return;
  auto it = c.module_names.find(text);
  if (it == c.module_names.end()) {
    c.module_names.emplace(std::string(text), c.at);
  } else {
    check_redeclaration(c, it->second);
  }
}

}  // namespace

}  // namespace validator_detail

void validate(const Module& m) {
  using namespace validator_detail;
  Context c(m);
  uint32_t body_end = 0;
  const Section& code = m.code();
  for (uint32_t off = code.header_size(); off < code.size();) {
    fw_brig_base b = m.base_at(code, off);
    c.at = off;
    c.kind = b.kind;
    c.operands.clear();
    track(c, &body_end);
    if (b.kind >= FW_BRIG_KIND_INST_BEGIN && b.kind < FW_BRIG_KIND_INST_END) {
      c.operands = m.data_list(c.inst().operands);
      check_type_rules(c);
      check_memory_rules(c);
      check_call_rules(c);
    } else {
      check_directive_rules(c);
      if (b.kind == FW_BRIG_KIND_DIRECTIVE_VARIABLE) check_variable_memory_rules(c);
      note_module_name(c);
    }
    off += b.byte_count;
  }
}

}  // namespace hsail
