// Instruction mnemonics: opcode, modifiers in their fixed order, types,
// then the operands (PRM 18.5.2, printed as HSAILasm prints them).
#include "disassembler_impl.h"

namespace hsail::disasm_detail {

// "_v2" ... when the first or second operand is a register vector
// (ld/st/activelanemask/expand: the first; combine: the second).
std::string Disassembler::vector_suffix(const std::vector<uint32_t>& ops) const {
  for (size_t k = 0; k < ops.size() && k < 2; ++k) {
    if (m_.base_at(m_.operands(), ops[k]).kind == FW_BRIG_KIND_OPERAND_OPERAND_LIST) {
      auto l = m_.operand_entry<fw_brig_operand_operand_list>(ops[k]);
      return "_v" + std::to_string(m_.data_list(l.elements).size());
    }
  }
  return "";
}

std::string Disassembler::width_text(uint8_t w) {
  if (w == FW_BRIG_WIDTH_ALL) return "width(all)";
  if (w == FW_BRIG_WIDTH_WAVESIZE) return "width(WAVESIZE)";
  if (w >= 1 && w <= 32) return "width(" + std::to_string(1ull << (w - 1)) + ")";
  throw BrigError("invalid width " + std::to_string(w));
}

const char* Disassembler::round_text(uint8_t r) {
  if (r == FW_BRIG_ROUND_NONE || r == FW_BRIG_ROUND_FLOAT_DEFAULT) return "";
  const char* n = kRoundNames.name(r);
  if (n == nullptr) throw BrigError("not supported yet: rounding mode " + std::to_string(r));
  return n;
}

const char* Disassembler::must(const char* name, const char* what, int v) {
  if (name == nullptr) throw BrigError(std::string("invalid ") + what + " " + std::to_string(v));
  return name;
}

void Disassembler::print_instruction(uint32_t off, uint16_t kind) {
  auto base = m_.code_entry<fw_brig_inst_base>(off);
  const InstDesc* desc = find_inst(base.opcode);
  const char* op = kOpcodeNames.name(base.opcode);
  if (op == nullptr) throw BrigError("invalid opcode " + std::to_string(base.opcode));
  if (desc == nullptr) throw BrigError(std::string("not supported yet: instruction '") + op + "'");
  std::string s = op;
  std::vector<uint32_t> ops = m_.data_list(base.operands);
  switch (kind) {
    case FW_BRIG_KIND_INST_BASIC:
      suffix(&s, type_name(base.type));
      break;
    case FW_BRIG_KIND_INST_MOD: {
      auto i = m_.code_entry<fw_brig_inst_mod>(off);
      if (i.modifier & FW_BRIG_ALU_MODIFIER_FTZ) s += "_ftz";
      suffix(&s, round_text(i.round));
      if (i.pack) suffix(&s, must(kPackNames.name(i.pack), "packing", i.pack));
      suffix(&s, type_name(base.type));
      break;
    }
    case FW_BRIG_KIND_INST_CMP: {
      auto i = m_.code_entry<fw_brig_inst_cmp>(off);
      suffix(&s, must(kCompareNames.name(i.compare), "compare", i.compare));
      if (i.modifier & FW_BRIG_ALU_MODIFIER_FTZ) s += "_ftz";
      if (i.pack) suffix(&s, must(kPackNames.name(i.pack), "packing", i.pack));
      suffix(&s, type_name(base.type));
      suffix(&s, type_name(i.source_type));
      break;
    }
    case FW_BRIG_KIND_INST_CVT: {
      auto i = m_.code_entry<fw_brig_inst_cvt>(off);
      if (i.modifier & FW_BRIG_ALU_MODIFIER_FTZ) s += "_ftz";
      // The default rounding for the type pair is implied, not printed.
      const TypeInfo& d = checked_type(base.type);
      const TypeInfo& src = checked_type(i.source_type);
      bool int_from_float = d.cls != 'f' && src.cls == 'f';
      if (!(int_from_float && i.round == FW_BRIG_ROUND_INTEGER_ZERO))
        suffix(&s, round_text(i.round));
      suffix(&s, type_name(base.type));
      suffix(&s, type_name(i.source_type));
      break;
    }
    case FW_BRIG_KIND_INST_MEM: {
      auto i = m_.code_entry<fw_brig_inst_mem>(off);
      s += vector_suffix(ops);
      if (base.opcode != FW_BRIG_OPCODE_ALLOCA) suffix(&s, kSegmentNames.name(i.segment));
      if (i.align > FW_BRIG_ALIGNMENT_1)
        s += "_align(" + std::to_string(alignment_bytes(i.align)) + ")";
      if (i.modifier & FW_BRIG_MEMORY_CONST) s += "_const";
      if (i.equiv_class) s += "_equiv(" + std::to_string(i.equiv_class) + ")";
      if (i.width != desc->default_width) s += "_" + width_text(i.width);
      suffix(&s, type_name(base.type));
      break;
    }
    case FW_BRIG_KIND_INST_ADDR: {
      auto i = m_.code_entry<fw_brig_inst_addr>(off);
      suffix(&s, kSegmentNames.name(i.segment));
      suffix(&s, type_name(base.type));
      break;
    }
    case FW_BRIG_KIND_INST_BR: {
      auto i = m_.code_entry<fw_brig_inst_br>(off);
      if (i.width != desc->default_width) s += "_" + width_text(i.width);
      suffix(&s, type_name(base.type));
      if (base.opcode == FW_BRIG_OPCODE_CALL || base.opcode == FW_BRIG_OPCODE_ICALL ||
          base.opcode == FW_BRIG_OPCODE_SCALL) {
        out_ << s << '\t';
        print_call_operands(ops);
        return;
      }
      if (base.opcode == FW_BRIG_OPCODE_SBR) {
        // sbr_u32 $s0 [@a, @b]: the label list follows without a comma.
        if (ops.size() != 2) throw BrigError("hsa_code: sbr needs 2 operands");
        out_ << s << '\t';
        print_operand(ops[0]);
        auto l = m_.operand_entry<fw_brig_operand_code_list>(ops[1]);
        std::vector<uint32_t> elems = m_.data_list(l.elements);
        out_ << " [";
        for (size_t k = 0; k < elems.size(); ++k) out_ << (k ? ", " : "") << symbol_name(elems[k]);
        out_ << ']';
        return;
      }
      break;
    }
    case FW_BRIG_KIND_INST_SOURCE_TYPE: {
      auto i = m_.code_entry<fw_brig_inst_source_type>(off);
      s += vector_suffix(ops);
      suffix(&s, type_name(base.type));
      suffix(&s, type_name(i.source_type));
      break;
    }
    case FW_BRIG_KIND_INST_SEG: {
      auto i = m_.code_entry<fw_brig_inst_seg>(off);
      suffix(&s, kSegmentNames.name(i.segment));
      suffix(&s, type_name(base.type));
      break;
    }
    case FW_BRIG_KIND_INST_SEG_CVT: {
      auto i = m_.code_entry<fw_brig_inst_seg_cvt>(off);
      suffix(&s, kSegmentNames.name(i.segment));
      if (i.modifier & FW_BRIG_SEG_CVT_NONULL) s += "_nonull";
      suffix(&s, type_name(base.type));
      suffix(&s, type_name(i.source_type));
      break;
    }
    case FW_BRIG_KIND_INST_LANE: {
      auto i = m_.code_entry<fw_brig_inst_lane>(off);
      s += vector_suffix(ops);
      if (i.width != desc->default_width) s += "_" + width_text(i.width);
      suffix(&s, type_name(base.type));
      suffix(&s, type_name(i.source_type));
      break;
    }
    case FW_BRIG_KIND_INST_IMAGE: {
      auto i = m_.code_entry<fw_brig_inst_image>(off);
      s += vector_suffix(ops);
      suffix(&s, must(kGeometryNames.name(i.geometry), "geometry", i.geometry));
      if (i.equiv_class) s += "_equiv(" + std::to_string(i.equiv_class) + ")";
      suffix(&s, type_name(base.type));
      suffix(&s, type_name(i.image_type));
      suffix(&s, type_name(i.coord_type));
      break;
    }
    case FW_BRIG_KIND_INST_QUERY_IMAGE: {
      auto i = m_.code_entry<fw_brig_inst_query_image>(off);
      suffix(&s, must(kGeometryNames.name(i.geometry), "geometry", i.geometry));
      suffix(&s, must(kImageQueryNames.name(i.query), "image query", i.query));
      suffix(&s, type_name(base.type));
      suffix(&s, type_name(i.image_type));
      break;
    }
    case FW_BRIG_KIND_INST_QUERY_SAMPLER: {
      auto i = m_.code_entry<fw_brig_inst_query_sampler>(off);
      suffix(&s, must(kSamplerQueryNames.name(i.query), "sampler query", i.query));
      suffix(&s, type_name(base.type));
      break;
    }
    case FW_BRIG_KIND_INST_QUEUE: {
      auto i = m_.code_entry<fw_brig_inst_queue>(off);
      suffix(&s, kSegmentNames.name(i.segment));
      suffix(&s, must(kMemoryOrderNames.name(i.memory_order), "memory order", i.memory_order));
      suffix(&s, type_name(base.type));
      break;
    }
    case FW_BRIG_KIND_INST_SIGNAL: {
      auto i = m_.code_entry<fw_brig_inst_signal>(off);
      suffix(&s,
             must(kAtomicOpNames.name(i.signal_operation), "signal operation", i.signal_operation));
      suffix(&s, must(kMemoryOrderNames.name(i.memory_order), "memory order", i.memory_order));
      suffix(&s, type_name(base.type));
      suffix(&s, type_name(i.signal_type));
      break;
    }
    case FW_BRIG_KIND_INST_MEM_FENCE: {
      auto i = m_.code_entry<fw_brig_inst_mem_fence>(off);
      suffix(&s, must(kMemoryOrderNames.name(i.memory_order), "memory order", i.memory_order));
      suffix(&s, must(kMemoryScopeNames.name(i.global_segment_memory_scope), "memory scope",
                      i.global_segment_memory_scope));
      suffix(&s, type_name(base.type));
      break;
    }
    case FW_BRIG_KIND_INST_ATOMIC: {
      auto i = m_.code_entry<fw_brig_inst_atomic>(off);
      suffix(&s,
             must(kAtomicOpNames.name(i.atomic_operation), "atomic operation", i.atomic_operation));
      suffix(&s, kSegmentNames.name(i.segment));
      suffix(&s, must(kMemoryOrderNames.name(i.memory_order), "memory order", i.memory_order));
      suffix(&s, must(kMemoryScopeNames.name(i.memory_scope), "memory scope", i.memory_scope));
      if (i.equiv_class) s += "_equiv(" + std::to_string(i.equiv_class) + ")";
      suffix(&s, type_name(base.type));
      break;
    }
    default:
      unsupported_kind(kind, off);
  }
  out_ << s;
  for (size_t k = 0; k < ops.size(); ++k) {
    out_ << (k == 0 ? "\t" : ", ");
    print_operand(ops[k]);
  }
}

// target (outs) (ins), then the signature or "[functions]" of an
// indirect or switch call.
void Disassembler::print_call_operands(const std::vector<uint32_t>& ops) {
  if (ops.size() != 3 && ops.size() != 4) {
    throw BrigError("hsa_code: a call has " + std::to_string(ops.size()) + " operands");
  }
  print_operand(ops[1]);
  out_ << ' ';
  print_operand(ops[0]);
  out_ << ' ';
  print_operand(ops[2]);
  if (ops.size() == 4) {
    if (m_.base_at(m_.operands(), ops[3]).kind == FW_BRIG_KIND_OPERAND_CODE_LIST) {
      auto l = m_.operand_entry<fw_brig_operand_code_list>(ops[3]);
      std::vector<uint32_t> elems = m_.data_list(l.elements);
      out_ << " [";
      for (size_t k = 0; k < elems.size(); ++k) out_ << (k ? ", " : "") << symbol_name(elems[k]);
      out_ << ']';
    } else {
      out_ << ' ';
      print_operand(ops[3]);
    }
  }
}

}  // namespace hsail::disasm_detail
