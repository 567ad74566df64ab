#include "disassembler.h"

#include "disassembler_impl.h"

namespace hsail {

namespace disasm_detail {

std::string Disassembler::run() {
  const Section& code = m_.code();
  uint32_t off = code.header_size();
  while (off < code.size()) {
    fw_brig_base b = m_.base_at(code, off);
    uint32_t next = off + b.byte_count;
    switch (b.kind) {
      case FW_BRIG_KIND_DIRECTIVE_MODULE:
        print_module(off);
        break;
      case FW_BRIG_KIND_DIRECTIVE_COMMENT:
        print_comment(off);
        break;
      case FW_BRIG_KIND_DIRECTIVE_LOC:
        print_loc(off);
        break;
      case FW_BRIG_KIND_DIRECTIVE_EXTENSION: {
        out_ << "extension ";
        print_string_literal(str(m_.code_entry<fw_brig_directive_extension>(off).name));
        out_ << ";\n";
        break;
      }
      case FW_BRIG_KIND_DIRECTIVE_FBARRIER:
        print_fbarrier(off);
        break;
      case FW_BRIG_KIND_DIRECTIVE_PRAGMA:
        print_pragma(off);
        break;
      case FW_BRIG_KIND_DIRECTIVE_VARIABLE:
        print_variable(off, false);
        out_ << ";\n";
        break;
      case FW_BRIG_KIND_DIRECTIVE_KERNEL:
      case FW_BRIG_KIND_DIRECTIVE_FUNCTION:
      case FW_BRIG_KIND_DIRECTIVE_INDIRECT_FUNCTION:
      case FW_BRIG_KIND_DIRECTIVE_SIGNATURE:
        next = print_executable(off, b.kind);
        break;
      default:
        unsupported_kind(b.kind, off);
    }
    if (next <= off) throw BrigError("hsa_code: entries do not advance at " + std::to_string(off));
    off = next;
  }
  return out_.str();
}

void Disassembler::unsupported_kind(uint16_t kind, uint32_t off) {
  char buf[16];
  std::snprintf(buf, sizeof(buf), "0x%04x", kind);
  throw BrigError(std::string("not supported yet: hsa_code entry of kind ") + buf + " at offset " +
                  std::to_string(off));
}

void Disassembler::print_module(uint32_t off) {
  auto d = m_.code_entry<fw_brig_directive_module>(off);
  model_ = d.machine_model;
  static const char* const kRound[] = {nullptr, "$default", "$near", "$zero"};
  if (d.profile > 1 || d.machine_model > 1 || d.default_float_round < 1 ||
      d.default_float_round > 3) {
    throw BrigError("hsa_code: module directive has invalid values");
  }
  out_ << "module " << str(d.name) << ':' << d.hsail_major << ':' << d.hsail_minor << ':'
       << (d.profile == FW_BRIG_PROFILE_FULL ? "$full" : "$base") << ':'
       << (d.machine_model == FW_BRIG_MACHINE_LARGE ? "$large" : "$small") << ':'
       << kRound[d.default_float_round] << ";\n";
}

// Comment text as stored, non-printable bytes shown as '.'.
void Disassembler::print_comment(uint32_t off) {
  auto d = m_.code_entry<fw_brig_directive_comment>(off);
  for (char c : str(d.name)) out_ << (c >= 32 && c < 127 ? c : '.');
  out_ << '\n';
}

void Disassembler::print_fbarrier(uint32_t off) {
  auto d = m_.code_entry<fw_brig_directive_fbarrier>(off);
  if (!(d.modifier & FW_BRIG_VARIABLE_DEFINITION)) out_ << "decl ";
  if (d.linkage == FW_BRIG_LINKAGE_PROGRAM) out_ << "prog ";
  out_ << "fbarrier " << str(d.name) << ";\n";
}

void Disassembler::print_control(uint32_t off) {
  auto d = m_.code_entry<fw_brig_directive_control>(off);
  const ControlDirectiveInfo* info = control_directive(d.control);
  if (info == nullptr) {
    throw BrigError("not supported yet: control directive " + std::to_string(d.control));
  }
  out_ << info->name;
  std::vector<uint32_t> ops = m_.data_list(d.operands);
  for (size_t k = 0; k < ops.size(); ++k) {
    out_ << (k ? ", " : " ");
    if (m_.base_at(m_.operands(), ops[k]).kind == FW_BRIG_KIND_OPERAND_CONSTANT_BYTES) {
      // Control directive operands cannot start with '-': such values print in hex.
      auto c = m_.operand_entry<fw_brig_operand_constant_bytes>(ops[k]);
      std::string_view b = str(c.bytes);
      unsigned size = c.type == FW_BRIG_TYPE_U64 ? 8 : 4;
      if ((c.type == FW_BRIG_TYPE_U32 || c.type == FW_BRIG_TYPE_U64) && b.size() == size) {
        std::string text = value_text(c.type, b.data());
        out_ << (text[0] == '-' ? "0x" + hex_bits(load_le(b.data(), size), 1) : text);
        continue;
      }
    }
    print_operand(ops[k]);
  }
  out_ << ";\n";
}

void Disassembler::print_loc(uint32_t off) {
  auto d = m_.code_entry<fw_brig_directive_loc>(off);
  out_ << "loc " << d.line;
  if (d.column != 1) out_ << ' ' << d.column;
  out_ << ' ';
  print_string_literal(str(d.filename));
  out_ << ";\n";
}

// Pragma operands: strings, and constants spelled with their type unless
// u64 or float (the types an untyped literal gets) or packed (a packed
// constant is always printed with its type).
void Disassembler::print_pragma(uint32_t off) {
  auto d = m_.code_entry<fw_brig_directive_pragma>(off);
  out_ << "pragma ";
  std::vector<uint32_t> ops = m_.data_list(d.operands);
  for (size_t k = 0; k < ops.size(); ++k) {
    if (k) out_ << ", ";
    fw_brig_base b = m_.base_at(m_.operands(), ops[k]);
    if (b.kind == FW_BRIG_KIND_OPERAND_CONSTANT_BYTES) {
      auto c = m_.operand_entry<fw_brig_operand_constant_bytes>(ops[k]);
      const TypeInfo& ti = checked_type(c.type);
      if (ti.cls != 'f' && c.type != FW_BRIG_TYPE_U64 && packed_element(c.type) == c.type) {
        out_ << ti.name << '(';
        print_constant(ops[k]);
        out_ << ')';
        continue;
      }
    }
    print_operand(ops[k]);
  }
  out_ << ";\n";
}

void Disassembler::print_variable(uint32_t off, bool is_arg) {
  auto v = m_.code_entry<fw_brig_directive_variable>(off);
  uint16_t elem = array_element(v.type);
  const TypeInfo& ti = checked_type(elem);
  const char* seg = kSegmentNames.name(v.segment);
  if (seg == nullptr) throw BrigError("invalid variable segment " + std::to_string(v.segment));
  if (!(v.modifier & FW_BRIG_VARIABLE_DEFINITION)) out_ << "decl ";
  if (v.linkage == FW_BRIG_LINKAGE_PROGRAM) out_ << "prog ";
  if (v.allocation == FW_BRIG_ALLOCATION_AGENT && v.segment != FW_BRIG_SEGMENT_READONLY) {
    out_ << "alloc(agent) ";
  }
  if (v.align != natural_alignment(elem)) {
    uint64_t bytes = alignment_bytes(v.align);
    if (bytes == 0) throw BrigError("invalid variable alignment");
    out_ << "align(" << bytes << ") ";
  }
  if (v.modifier & FW_BRIG_VARIABLE_CONST) out_ << "const ";
  out_ << seg << '_' << ti.name;
  std::string_view name = v.name ? str(v.name) : std::string_view();
  if (!name.empty()) out_ << ' ' << name;
  uint64_t dim = uint64_t(v.dim.hi) << 32 | v.dim.lo;
  if (is_array(v.type)) {
    if (dim == 0) {
      out_ << "[]";
    } else {
      out_ << '[' << dim << ']';
    }
  }
  if (v.init && !is_arg) {
    out_ << " = ";
    print_constant(v.init);
  }
}

// Arguments: one on the same line, several one per line (as HSAILasm).
uint32_t Disassembler::print_args(uint32_t first, unsigned count) {
  out_ << '(';
  uint32_t off = first;
  for (unsigned k = 0; k < count; ++k) {
    fw_brig_base b = m_.base_at(m_.code(), off);
    if (b.kind != FW_BRIG_KIND_DIRECTIVE_VARIABLE)
      throw BrigError("hsa_code: argument is not a variable");
    if (count > 1) out_ << "\n\t";
    print_variable(off, true);
    if (count > 1 && k + 1 < count) out_ << ',';
    off += b.byte_count;
  }
  out_ << ')';
  return off;
}

uint32_t Disassembler::print_executable(uint32_t off, uint16_t kind) {
  auto d = m_.code_entry<fw_brig_directive_executable>(off);
  const uint32_t end = d.next_module_entry;
  if (end <= off || end > m_.code().size() || d.first_code_block_entry > end ||
      d.first_in_arg > end) {
    throw BrigError("hsa_code: kernel or function bounds are invalid at " + std::to_string(off));
  }
  bool definition = d.modifier & FW_BRIG_EXECUTABLE_DEFINITION;
  static const char* const kKeywords[] = {"function ", "indirect function ", "kernel "};
  // HSAILasm separates kernels and functions by a blank line, not
  // indirect functions or signatures.
  if (kind == FW_BRIG_KIND_DIRECTIVE_KERNEL || kind == FW_BRIG_KIND_DIRECTIVE_FUNCTION) {
    out_ << '\n';
  }
  if (!definition) out_ << "decl ";
  if (d.linkage == FW_BRIG_LINKAGE_PROGRAM) out_ << "prog ";
  out_ << (kind == FW_BRIG_KIND_DIRECTIVE_SIGNATURE
               ? "signature "
               : kKeywords[kind - FW_BRIG_KIND_DIRECTIVE_FUNCTION])
       << str(d.name);
  uint32_t after = off + sizeof(fw_brig_directive_executable);
  if (kind != FW_BRIG_KIND_DIRECTIVE_KERNEL) print_args(after, d.out_arg_count);
  print_args(d.first_in_arg, d.in_arg_count);
  if (definition && kind != FW_BRIG_KIND_DIRECTIVE_SIGNATURE) {
    out_ << "\n{\n";
    indent_ = 1;
    for (uint32_t c = d.first_code_block_entry; c < end;) {
      fw_brig_base b = m_.base_at(m_.code(), c);
      print_body_entry(c, b.kind);
      c += b.byte_count;
    }
    indent_ = 0;
    out_ << '}';
  }
  out_ << ";\n";
  return end;
}

void Disassembler::print_body_entry(uint32_t off, uint16_t kind) {
  switch (kind) {
    case FW_BRIG_KIND_DIRECTIVE_VARIABLE:
      indent();
      print_variable(off, false);
      out_ << ";\n";
      return;
    case FW_BRIG_KIND_DIRECTIVE_COMMENT:
      indent();
      print_comment(off);
      return;
    case FW_BRIG_KIND_DIRECTIVE_LOC:
      indent();
      print_loc(off);
      return;
    case FW_BRIG_KIND_DIRECTIVE_CONTROL:
      indent();
      print_control(off);
      return;
    case FW_BRIG_KIND_DIRECTIVE_FBARRIER:
      indent();
      print_fbarrier(off);
      return;
    case FW_BRIG_KIND_DIRECTIVE_PRAGMA:
      indent();
      print_pragma(off);
      return;
    case FW_BRIG_KIND_DIRECTIVE_LABEL: {
      auto l = m_.code_entry<fw_brig_directive_label>(off);
      out_ << '\n' << str(l.name) << ":\n";
      return;
    }
    case FW_BRIG_KIND_DIRECTIVE_ARG_BLOCK_START:
      indent();
      out_ << "{\n";
      ++indent_;
      return;
    case FW_BRIG_KIND_DIRECTIVE_ARG_BLOCK_END:
      if (indent_ > 1) --indent_;
      indent();
      out_ << "}\n";
      return;
    default:
      break;
  }
  if (kind < FW_BRIG_KIND_INST_BEGIN || kind >= FW_BRIG_KIND_INST_END) unsupported_kind(kind, off);
  indent();
  print_instruction(off, kind);
  out_ << ";\n";
}

}  // namespace disasm_detail

std::string disassemble(const Module& m) { return disasm_detail::Disassembler(m).run(); }

}  // namespace hsail
