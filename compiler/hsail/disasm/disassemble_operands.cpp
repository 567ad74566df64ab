// Operands and constants: registers, addresses, code references, lists,
// integer/float/packed values and image/sampler handles (PRM 18.6).
#include <cinttypes>
#include <cstdio>

#include "disassembler_impl.h"

namespace hsail::disasm_detail {

namespace {

template <class S, class U>
std::string int_text(U raw) {
  // Small values and "round" decimal values print in decimal, everything
  // else in hex, as HSAILasm does: |v| <= 256 (8192 for powers of two), or a
  // decimal spelling with three zeros in a row.
  S v = static_cast<S>(raw);
  U mag = v < 0 ? static_cast<U>(0) - raw : raw;
  bool pow2 = mag != 0 && (mag & (mag - 1)) == 0;
  bool min_value = v < 0 && static_cast<S>(mag) < 0;  // e.g. INT32_MIN: treated as small
  std::string dec = std::to_string(v);
  if (min_value || mag <= static_cast<U>(pow2 ? 8192 : 256)) return dec;
  if (!pow2 && dec.find("000") != std::string::npos) return dec;
  char buf[32];
  std::snprintf(buf, sizeof(buf), "0x%" PRIx64, static_cast<uint64_t>(raw));
  return buf;
}

}  // namespace

std::string hex_bits(uint64_t v, int digits) {
  char buf[32];
  std::snprintf(buf, sizeof(buf), "%0*" PRIx64, digits, v);
  return buf;
}

uint64_t load_le(const char* p, unsigned n) {
  uint64_t v = 0;
  for (unsigned k = 0; k < n; ++k)
    v |= static_cast<uint64_t>(static_cast<uint8_t>(p[k])) << (8 * k);
  return v;
}

// One element of a constant of type t; packed values print as
// "u8x4(1,2,3,4)", the last stored element first (as HSAILasm).
std::string value_text(uint16_t t, const char* p) {
  if (is_packed(t)) {
    const TypeInfo* ti = type_info(t);
    uint16_t elem = packed_element(t);
    unsigned n = packed_count(t);
    unsigned size = type_info(elem)->bits / 8;
    std::string s = std::string(ti->name) + "(";
    for (unsigned k = n; k-- > 0;) {
      s += value_text(elem, p + k * size);
      if (k) s += ',';
    }
    return s + ")";
  }
  switch (t) {
    case FW_BRIG_TYPE_U8:
      return std::to_string(static_cast<uint8_t>(p[0]));
    case FW_BRIG_TYPE_S8:
      return std::to_string(static_cast<int8_t>(p[0]));
    case FW_BRIG_TYPE_B1:
      return std::to_string(p[0] & 1);
    case FW_BRIG_TYPE_U16:
    case FW_BRIG_TYPE_S16:
      return int_text<int16_t, uint16_t>(static_cast<uint16_t>(load_le(p, 2)));
    case FW_BRIG_TYPE_U32:
    case FW_BRIG_TYPE_S32:
      return int_text<int32_t, uint32_t>(static_cast<uint32_t>(load_le(p, 4)));
    case FW_BRIG_TYPE_U64:
    case FW_BRIG_TYPE_S64:
      return int_text<int64_t, uint64_t>(load_le(p, 8));
    case FW_BRIG_TYPE_F16:
      return "0H" + hex_bits(load_le(p, 2), 4);
    case FW_BRIG_TYPE_F32:
      return "0F" + hex_bits(load_le(p, 4), 8);
    case FW_BRIG_TYPE_F64:
      return "0D" + hex_bits(load_le(p, 8), 16);
    default:
      throw BrigError("not supported yet: constants of type " + std::to_string(t));
  }
}

// "text" with C escapes, other non-printable bytes as \xNN.
void Disassembler::print_string_literal(std::string_view text) {
  out_ << '"';
  for (char ch : text) {
    unsigned char c = static_cast<unsigned char>(ch);
    switch (c) {
      case '\a':
        out_ << "\\a";
        break;
      case '\b':
        out_ << "\\b";
        break;
      case '\f':
        // As HSAILasm prints it, although both read "\f" back as 006.
        out_ << "\\f";
        break;
      case '\n':
        out_ << "\\n";
        break;
      case '\r':
        out_ << "\\r";
        break;
      case '\t':
        out_ << "\\t";
        break;
      case '"':
        out_ << "\\\"";
        break;
      case '\\':
        out_ << "\\\\";
        break;
      default:
        if (c >= 32 && c < 127) {
          out_ << ch;
        } else {
          out_ << "\\x" << hex_bits(c, 2);
        }
    }
  }
  out_ << '"';
}

std::string Disassembler::uint64_text(const fw_brig_uint64& v) {
  return std::to_string(uint64_t(v.hi) << 32 | v.lo);
}

// "roimg(geometry = 2d, width = 4, ...)": zero sizes are left out, in
// HSAILasm's property order.
void Disassembler::print_image(uint32_t off) {
  auto c = m_.operand_entry<fw_brig_operand_constant_image>(off);
  std::string props =
      std::string("geometry = ") + must(kGeometryNames.name(c.geometry), "geometry", c.geometry);
  const fw_brig_uint64* sizes[] = {&c.width, &c.height, &c.depth, &c.array};
  static const char* const kSizeNames[] = {"width", "height", "depth", "array"};
  for (int k = 0; k < 4; ++k) {
    if (sizes[k]->lo || sizes[k]->hi)
      props += std::string(", ") + kSizeNames[k] + " = " + uint64_text(*sizes[k]);
  }
  props += std::string(", channel_type = ") +
           must(kChannelTypeNames.name(c.channel_type), "channel type", c.channel_type);
  props += std::string(", channel_order = ") +
           must(kChannelOrderNames.name(c.channel_order), "channel order", c.channel_order);
  out_ << checked_type(c.type).name << '(' << props << ')';
}

void Disassembler::print_sampler(uint32_t off) {
  auto c = m_.operand_entry<fw_brig_operand_constant_sampler>(off);
  out_ << checked_type(c.type).name
       << "(coord = " << must(kCoordNames.name(c.coord), "coord", c.coord)
       << ", filter = " << must(kFilterNames.name(c.filter), "filter", c.filter)
       << ", addressing = " << must(kAddressingNames.name(c.addressing), "addressing", c.addressing)
       << ')';
}

// Arrays of image or sampler handles: one element per line when there
// are several (HSAILasm's layout, ", " before the line break included).
void Disassembler::print_constant_list(uint32_t off) {
  auto l = m_.operand_entry<fw_brig_operand_constant_operand_list>(off);
  if (!is_array(l.type)) throw BrigError("not supported yet: constant operand lists of this type");
  std::vector<uint32_t> elems = m_.data_list(l.elements);
  out_ << checked_type(array_element(l.type)).name << "[](";
  for (size_t k = 0; k < elems.size(); ++k) {
    if (k) out_ << ", ";
    if (elems.size() > 1) {
      out_ << '\n';
      indent();
      out_ << '\t';
    }
    uint16_t kind = m_.base_at(m_.operands(), elems[k]).kind;
    if (kind == FW_BRIG_KIND_OPERAND_CONSTANT_IMAGE) {
      print_image(elems[k]);
    } else if (kind == FW_BRIG_KIND_OPERAND_CONSTANT_SAMPLER) {
      print_sampler(elems[k]);
    } else {
      throw BrigError("not supported yet: constant operand list element kind " +
                      std::to_string(kind));
    }
  }
  if (elems.size() > 1) out_ << '\n';
  indent();
  out_ << ')';
}

// Signal handles as HSAILasm writes them: sig64(0), sig64[](sig64(0), ...).
void Disassembler::print_signal_constant(const fw_brig_operand_constant_bytes& c) {
  uint16_t elem = array_element(c.type);
  const TypeInfo& ti = checked_type(elem);
  std::string_view bytes = str(c.bytes);
  unsigned size = ti.bits / 8;
  if (bytes.empty() || bytes.size() % size != 0 || (!is_array(c.type) && bytes.size() != size)) {
    throw BrigError("hsa_operand: constant byte count does not match its type");
  }
  if (is_array(c.type)) out_ << ti.name << "[](";
  for (size_t k = 0; k < bytes.size(); k += size) {
    if (k) out_ << ", ";
    out_ << ti.name << '(' << load_le(bytes.data() + k, size) << ')';
  }
  if (is_array(c.type)) out_ << ')';
}

void Disassembler::print_constant(uint32_t off) {
  fw_brig_base b = m_.base_at(m_.operands(), off);
  switch (b.kind) {
    case FW_BRIG_KIND_OPERAND_CONSTANT_BYTES:
      break;
    case FW_BRIG_KIND_OPERAND_CONSTANT_IMAGE:
      return print_image(off);
    case FW_BRIG_KIND_OPERAND_CONSTANT_SAMPLER:
      return print_sampler(off);
    case FW_BRIG_KIND_OPERAND_CONSTANT_OPERAND_LIST:
      return print_constant_list(off);
    default:
      throw BrigError("not supported yet: constant operand kind " + std::to_string(b.kind));
  }
  auto c = m_.operand_entry<fw_brig_operand_constant_bytes>(off);
  uint16_t elem = array_element(c.type);
  const TypeInfo& ti = checked_type(elem);
  if (elem == FW_BRIG_TYPE_SIG32 || elem == FW_BRIG_TYPE_SIG64) return print_signal_constant(c);
  if (ti.cls == 'o' || ti.cls == 'b' || ti.bits < 8) {
    throw BrigError("not supported yet: constants of type " + std::string(ti.name));
  }
  std::string_view bytes = str(c.bytes);
  unsigned size = ti.bits / 8;
  if (bytes.size() % size != 0 || (!is_array(c.type) && bytes.size() != size)) {
    throw BrigError("hsa_operand: constant byte count does not match its type");
  }
  if (is_array(c.type)) out_ << ti.name << "[](";
  for (size_t k = 0; k < bytes.size(); k += size) {
    if (k) out_ << ", ";
    out_ << value_text(elem, bytes.data() + k);
  }
  if (is_array(c.type)) out_ << ')';
}

std::string_view Disassembler::symbol_name(uint32_t code_off) const {
  fw_brig_base b = m_.base_at(m_.code(), code_off);
  switch (b.kind) {
    case FW_BRIG_KIND_DIRECTIVE_VARIABLE:
      return str(m_.code_entry<fw_brig_directive_variable>(code_off).name);
    case FW_BRIG_KIND_DIRECTIVE_LABEL:
      return str(m_.code_entry<fw_brig_directive_label>(code_off).name);
    case FW_BRIG_KIND_DIRECTIVE_KERNEL:
    case FW_BRIG_KIND_DIRECTIVE_FUNCTION:
    case FW_BRIG_KIND_DIRECTIVE_INDIRECT_FUNCTION:
    case FW_BRIG_KIND_DIRECTIVE_SIGNATURE:
      return str(m_.code_entry<fw_brig_directive_executable>(code_off).name);
    case FW_BRIG_KIND_DIRECTIVE_FBARRIER:
      return str(m_.code_entry<fw_brig_directive_fbarrier>(code_off).name);
    default:
      throw BrigError("hsa_operand: reference to a code entry that has no name");
  }
}

unsigned Disassembler::symbol_address_bits(uint32_t code_off) const {
  return segment_address_bits(m_.code_entry<fw_brig_directive_variable>(code_off).segment, model_);
}

void Disassembler::print_register(uint32_t off) {
  auto r = m_.operand_entry<fw_brig_operand_register>(off);
  if (r.reg_kind > FW_BRIG_REGISTER_KIND_QUAD) throw BrigError("invalid register kind");
  out_ << '$' << register_kind_letter(r.reg_kind) << r.reg_num;
}

void Disassembler::print_operand(uint32_t off) {
  fw_brig_base b = m_.base_at(m_.operands(), off);
  switch (b.kind) {
    case FW_BRIG_KIND_OPERAND_REGISTER:
      print_register(off);
      return;
    case FW_BRIG_KIND_OPERAND_CONSTANT_BYTES:
      print_constant(off);
      return;
    case FW_BRIG_KIND_OPERAND_CODE_REF:
      out_ << symbol_name(m_.operand_entry<fw_brig_operand_code_ref>(off).ref);
      return;
    case FW_BRIG_KIND_OPERAND_CODE_LIST: {
      auto l = m_.operand_entry<fw_brig_operand_code_list>(off);
      out_ << '(';
      std::vector<uint32_t> elems = m_.data_list(l.elements);
      for (size_t k = 0; k < elems.size(); ++k) {
        if (k) out_ << ", ";
        out_ << symbol_name(elems[k]);
      }
      out_ << ')';
      return;
    }
    case FW_BRIG_KIND_OPERAND_ADDRESS:
      print_address(off);
      return;
    case FW_BRIG_KIND_OPERAND_WAVESIZE:
      out_ << "WAVESIZE";
      return;
    case FW_BRIG_KIND_OPERAND_OPERAND_LIST: {
      auto l = m_.operand_entry<fw_brig_operand_operand_list>(off);
      std::vector<uint32_t> elems = m_.data_list(l.elements);
      out_ << '(';
      for (size_t k = 0; k < elems.size(); ++k) {
        if (k) out_ << ", ";
        // Elements are registers or constants, never nested lists.
        if (m_.base_at(m_.operands(), elems[k]).kind == FW_BRIG_KIND_OPERAND_OPERAND_LIST) {
          throw BrigError("hsa_operand: nested operand list");
        }
        print_operand(elems[k]);
      }
      out_ << ')';
      return;
    }
    case FW_BRIG_KIND_OPERAND_STRING:
      print_string_literal(str(m_.operand_entry<fw_brig_operand_string>(off).string));
      return;
    default:
      throw BrigError("not supported yet: operand kind " + std::to_string(b.kind));
  }
}

void Disassembler::print_address(uint32_t off) {
  auto a = m_.operand_entry<fw_brig_operand_address>(off);
  int64_t offset = static_cast<int64_t>(uint64_t(a.offset.hi) << 32 | a.offset.lo);
  unsigned bits = model_address_bits(model_);
  if (a.reg) {
    auto r = m_.operand_entry<fw_brig_operand_register>(a.reg);
    bits = r.reg_kind == FW_BRIG_REGISTER_KIND_DOUBLE ? 64 : 32;
  } else if (a.symbol) {
    bits = symbol_address_bits(a.symbol);
  }
  if (bits == 32) offset = static_cast<int32_t>(static_cast<uint32_t>(offset));
  if (a.symbol) out_ << '[' << symbol_name(a.symbol) << ']';
  if (a.reg) {
    out_ << '[';
    print_register(a.reg);
    if (offset > 0) out_ << '+' << offset;
    if (offset < 0) out_ << '-' << (0 - static_cast<uint64_t>(offset));
    out_ << ']';
  } else if (offset != 0 || !a.symbol) {
    if (a.symbol && offset < 0) {
      out_ << "[-" << (0 - static_cast<uint64_t>(offset)) << ']';
    } else {
      out_ << '[' << (uint64_t(a.offset.hi) << 32 | a.offset.lo) << ']';
    }
  }
}

}  // namespace hsail::disasm_detail
