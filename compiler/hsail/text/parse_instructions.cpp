// Instructions: the mnemonic decoded through its inst_table row, the
// operands it lists, and the BRIG instruction entry of its format
// (PRM 4.16-4.18, 5-11, 18.5.2).
#include "parser_impl.h"

namespace hsail::parser_detail {

bool Parser::match_modifier(uint32_t bit, std::string_view p, Mods* m, const Token& at) {
  switch (bit) {
    case kModAtomicOp:
      return (m->atomic_op = kAtomicOpNames.lookup(p)) >= 0;
    case kModCompare:
      return (m->compare = kCompareNames.lookup(p)) >= 0;
    case kModSegment:
      return (m->segment = kSegmentNames.lookup(p)) >= 0;
    case kModOrder:
      return (m->order = kMemoryOrderNames.lookup(p)) >= 0;
    case kModScope:
      return (m->scope = kMemoryScopeNames.lookup(p)) >= 0;
    case kModRound:
      return (m->round = kRoundNames.lookup(p)) >= 0;
    case kModConst:
      return (m->is_const = p == "const");
    case kModFtz:
      return (m->ftz = p == "ftz");
    case kModNonull:
      return (m->nonull = p == "nonull");
    case kModGeometry:
      return (m->geometry = kGeometryNames.lookup(p)) >= 0;
    case kModImageQuery:
      return (m->image_query = kImageQueryNames.lookup(p)) >= 0;
    case kModSamplerQuery:
      return (m->sampler_query = kSamplerQueryNames.lookup(p)) >= 0;
    case kModPack:
      return (m->pack = kPackNames.lookup(p)) >= 0;
    case kModVector:
      m->vector = p == "v2" ? 2 : p == "v3" ? 3 : p == "v4" ? 4 : 0;
      return m->vector != 0;
    case kModAlign:
      if (auto a = paren_argument(p, "align")) {
        auto n = parse_decimal(*a);
        m->align = n ? alignment_from_bytes(*n) : 0;
        if (m->align == 0) fail(at, "alignment must be a power of two from 1 to 256");
        return true;
      }
      return false;
    case kModEquiv:
      if (auto a = paren_argument(p, "equiv")) {
        auto n = parse_decimal(*a);
        if (!n || *n > 255) fail(at, "equivalence class must be 0 to 255");
        m->equiv = static_cast<uint8_t>(*n);
        return true;
      }
      return false;
    case kModWidth:
      if (auto a = paren_argument(p, "width")) {
        if (*a == "all") {
          m->width = FW_BRIG_WIDTH_ALL;
        } else if (*a == "WAVESIZE") {
          m->width = FW_BRIG_WIDTH_WAVESIZE;
        } else {
          auto n = parse_decimal(*a);
          uint8_t w = 0;
          for (uint8_t k = 0; n && k < 32; ++k) {
            if ((1ull << k) == *n) w = static_cast<uint8_t>(k + 1);
          }
          if (w == 0) fail(at, "width must be a power of two, WAVESIZE or all");
          m->width = w;
        }
        return true;
      }
      return false;
    default:
      return false;
  }
}

const char* Parser::modifier_name(uint32_t bit) {
  switch (bit) {
    case kModAtomicOp:
      return "an atomic operation";
    case kModCompare:
      return "a compare operation";
    case kModOrder:
      return "a memory order";
    case kModScope:
      return "a memory scope";
    case kModSegment:
      return "a segment";
    case kModGeometry:
      return "an image geometry";
    case kModImageQuery:
      return "an image query";
    case kModSamplerQuery:
      return "a sampler query";
    default:
      return "a modifier";
  }
}

void Parser::parse_instruction(const Mnemonic* known) {
  const Token& word = take();
  const Mnemonic& mn =
      known ? *known : mnemonics_.emplace(word.text, decode_mnemonic(word)).first->second;
  std::vector<uint32_t> ops = parse_operands(*mn.desc, word, mn.type, mn.stype, mn.segment, mn.m);
  uint32_t list = m_.add_list(ops);
  emit_instruction(*mn.desc, word, mn.type, mn.stype, mn.segment, mn.m, list);
}

// Everything the mnemonic says, checked against its inst_table row.
Parser::Mnemonic Parser::decode_mnemonic(const Token& word) {
  std::vector<std::string_view> parts = split_mnemonic(word.text);
  // Signal wait operations and saturating integer roundings are spelled
  // with an inner '_' ("wait_eq", "neari_sat"): rejoin them (the parts
  // are adjacent views of the word, so a joined part views both).
  auto join_next = [&](size_t k) {
    parts[k] = std::string_view(parts[k].data(),
                                parts[k + 1].data() + parts[k + 1].size() - parts[k].data());
    parts.erase(parts.begin() + static_cast<std::ptrdiff_t>(k + 1));
  };
  if (parts.size() > 2 && (parts[1] == "wait" || parts[1] == "waittimeout")) join_next(1);
  for (size_t k = 2; k < parts.size(); ++k) {
    if (parts[k] != "sat") continue;
    std::string joined = std::string(parts[k - 1]) + "_sat";
    if (kRoundNames.lookup(joined) >= 0 || kPackNames.lookup(joined) >= 0) {
      join_next(k - 1);
      break;
    }
  }
  const InstDesc* desc = find_inst(parts[0]);
  if (desc == nullptr) {
    if (kOpcodeNames.lookup(parts[0]) >= 0) {
      fail(word, "not supported yet: instruction '" + std::string(parts[0]) + "'");
    }
    fail(word, "unknown instruction '" + std::string(parts[0]) + "'");
  }
  // Image instructions name three types: value, image and coordinates.
  size_t ntypes = desc->untyped                        ? 0
                  : desc->format == InstFormat::kImage ? 3
                  : desc->source_type                  ? 2
                                                       : 1;
  if (parts.size() < 1 + ntypes) fail(word, "missing type in '" + str(word) + "'");
  size_t mod_end = parts.size() - ntypes;
  Mods m;
  size_t p = 1;
  static const uint32_t kOrder[] = {
      kModVector,  kModGeometry, kModImageQuery, kModSamplerQuery, kModAtomicOp, kModCompare,
      kModSegment, kModAlign,    kModConst,      kModOrder,        kModScope,    kModEquiv,
      kModWidth,   kModFtz,      kModRound,      kModPack,         kModNonull};
  for (uint32_t bit : kOrder) {
    if (!(desc->modifiers & bit)) continue;
    if (p < mod_end && match_modifier(bit, parts[p], &m, word)) {
      ++p;
    } else if (bit == kModAtomicOp || bit == kModCompare || bit == kModOrder || bit == kModScope ||
               bit == kModGeometry || bit == kModImageQuery || bit == kModSamplerQuery ||
               (bit == kModSegment && (desc->modifiers & kModSegmentRequired))) {
      fail(word, std::string("expected ") + modifier_name(bit) + " in '" + str(word) + "'");
    }
  }
  if (p != mod_end) {
    std::string_view bad = parts[p];
    // The grammar has a vector suffix only on ld, st, combine, expand and
    // the image instructions (PRM 19.4); HSAILasm ignores one elsewhere.
    if (bad == "v2" || bad == "v3" || bad == "v4") {
      fail(word, "'_" + std::string(bad) + "' is allowed only on ld, st, combine, expand and " +
                     "image instructions, not on '" + std::string(desc->name) + "'");
    }
    static const char* const kPacking[] = {"pp", "ps", "sp", "ss", "s", "p", "sat"};
    for (const char* pk : kPacking) {
      if (bad == pk) {
        fail(word, "'" + std::string(desc->name) + "' takes no packing control '_" +
                       std::string(bad) + "'");
      }
    }
    fail(word, "unexpected modifier '" + std::string(bad) + "' in '" + str(word) + "'");
  }
  uint16_t type = FW_BRIG_TYPE_NONE, stype = FW_BRIG_TYPE_NONE;
  if (ntypes >= 1) {
    std::string tn(parts[mod_end]);
    const TypeInfo* ti = type_by_name(tn);
    if (ti == nullptr) fail(word, "not supported yet: type '" + tn + "' in '" + str(word) + "'");
    if (!inst_allows_type(*desc, tn)) {
      fail(word, "instruction '" + std::string(desc->name) + "' does not take type " + tn);
    }
    type = ti->type;
  }
  // Packed operands need a packing control, and only they take one (PRM 4.14).
  uint16_t packed_operand_type = stype != FW_BRIG_TYPE_NONE ? stype : type;
  if ((desc->modifiers & kModPack) && m.pack < 0 && is_packed(packed_operand_type)) {
    fail(word, "a packed type needs a packing control (pp, ps, ...)");
  }
  if (m.pack >= 0 && !is_packed(packed_operand_type)) {
    fail(word, "a packing control needs a packed type");
  }
  if (desc->format == InstFormat::kAtomic && !atomic_op_allows_type(m.atomic_op, parts[mod_end])) {
    fail(word, std::string("atomic ") + kAtomicOpNames.name(m.atomic_op) + " does not take type " +
                   std::string(parts[mod_end]));
  }
  if (desc->format == InstFormat::kSignal)
    check_signal_types(word, m, parts[mod_end], parts.back());
  if (ntypes >= 2) {
    std::string tn(parts[mod_end + 1]);
    const TypeInfo* ti = type_by_name(tn);
    if (ti == nullptr || !inst_allows_type(*desc, tn)) {
      fail(word, "instruction '" + std::string(desc->name) + "' does not take source type " + tn);
    }
    stype = ti->type;
  }
  if (ntypes == 3) {
    std::string tn(parts[mod_end + 2]);
    const TypeInfo* ti = type_by_name(tn);
    if (ti == nullptr || !inst_allows_type(*desc, tn) || ti->cls == 'o') {
      fail(word,
           "instruction '" + std::string(desc->name) + "' does not take coordinate type " + tn);
    }
    m.coord_type = ti->type;
  }
  if ((m.ftz || m.round >= 0) && desc->format != InstFormat::kCvt && !is_float_type(type) &&
      !is_float_type(stype)) {
    fail(word, "ftz and rounding modifiers need a floating-point type");
  }
  if (m.round >= 0 && desc->format == InstFormat::kMod && !desc->rounding) {
    fail(word, "instruction '" + std::string(desc->name) + "' takes no rounding modifier");
  }

  if (m.segment >= 0 && !inst_allows_segment(*desc, kSegmentNames.name(m.segment))) {
    fail(word, "instruction '" + std::string(desc->name) + "' does not take the " +
                   kSegmentNames.name(m.segment) + " segment");
  }
  uint8_t segment =
      m.segment >= 0 ? static_cast<uint8_t>(m.segment) : static_cast<uint8_t>(FW_BRIG_SEGMENT_FLAT);
  // alloca names no segment; it always allocates private memory (PRM 10.6).
  if (desc->opcode == FW_BRIG_OPCODE_ALLOCA) segment = FW_BRIG_SEGMENT_PRIVATE;
  return Mnemonic{desc, m, type, stype, segment};
}

std::vector<uint32_t> Parser::parse_operands(const InstDesc& desc, const Token& word, uint16_t type,
                                             uint16_t stype, uint8_t segment, const Mods& m) {
  std::vector<uint32_t> ops;
  std::string roles = desc.operands;
  if (roles == "A") roles = atomic_roles(desc, m, word);
  if (roles == "G") roles = signal_roles(desc, m, word);
  if (roles == "C") return parse_call_operands();
  if (roles == "I") return parse_indirect_call_operands(desc, type);
  if (desc.opcode == FW_BRIG_OPCODE_LDA) {
    // lda's destination holds an address of the segment (PRM 5.10).
    if (type_info(type)->bits != segment_address_bits(segment, machine_model_)) {
      fail(word, "lda type does not match the address size of the segment");
    }
  }
  for (size_t k = 0; k < roles.size(); ++k) {
    if (k > 0 && roles[k] != 'L') expect(',');
    m_.set_operand_position(cur().pos);
    if (roles[k] == 'V') {
      ops.push_back(parse_vector(stype, m.vector > 0 ? m.vector : 1, false));
      continue;
    }
    if (k == 0 && m.vector > 0 && roles.find('V') == std::string::npos) {
      ops.push_back(parse_vector(type, m.vector, roles[k] == 'd'));
      continue;
    }
    switch (roles[k]) {
      case 'd':
        ops.push_back(parse_register(type));
        break;
      case 's':
        ops.push_back(parse_source(type));
        break;
      case 'S':
        ops.push_back(parse_source(stype));
        break;
      case 'u':
        ops.push_back(parse_source(FW_BRIG_TYPE_U32));
        break;
      case 'w':
        ops.push_back(parse_source(FW_BRIG_TYPE_B32));
        break;
      case 'c':
        ops.push_back(
            parse_source(is_packed(type) ? packed_unsigned(type) : uint16_t{FW_BRIG_TYPE_B1}));
        break;
      case 'U':
        ops.push_back(parse_source(FW_BRIG_TYPE_U64));
        break;
      case 'L':
        ops.push_back(parse_label_list());
        break;
      case 'm':
        ops.push_back(parse_register(FW_BRIG_TYPE_SAMP));
        break;
      case 'k': {
        // One coordinate is a plain operand, several a vector (PRM 7.2).
        unsigned n = geometry_coordinates(m.geometry);
        ops.push_back(n == 1 ? parse_source(m.coord_type)
                             : parse_vector(m.coord_type, static_cast<int>(n), false));
        break;
      }
      case 'n': {
        const Token& t = cur();
        if (t.kind != TokenKind::kInt || t.value > 2) fail(t, "expected a dimension 0, 1 or 2");
        ops.push_back(parse_source(FW_BRIG_TYPE_U32));
        break;
      }
      case 'a':
        ops.push_back(parse_address(segment));
        break;
      case 'l':
        ops.push_back(parse_label_ref());
        break;
      case 'f':
        ops.push_back(parse_fbarrier_operand());
        break;
      default:
        fail(word, "internal: bad operand role");
    }
  }
  expect(';');
  return ops;
}

// atomic: dst, address, sources; atomicnoret has no dst (PRM 6.6, 6.7).
std::string Parser::atomic_roles(const InstDesc& desc, const Mods& m, const Token& word) {
  bool ret = desc.opcode == FW_BRIG_OPCODE_ATOMIC;
  switch (m.atomic_op) {
    case FW_BRIG_ATOMIC_LD:
      if (!ret) break;
      return "da";
    case FW_BRIG_ATOMIC_ST:
      if (ret) break;
      return "as";
    case FW_BRIG_ATOMIC_CAS:
      if (!ret) break;
      return "dass";
    case FW_BRIG_ATOMIC_EXCH:
      if (!ret) break;
      return "das";
    default:
      return ret ? "das" : "as";
  }
  fail(word, std::string(desc.name) + " does not take the " + kAtomicOpNames.name(m.atomic_op) +
                 " operation");
}

// signal: dst, signal, sources; signalnoret has no dst (PRM 6.8). The
// signal handle has the source type (sig32/sig64), values the instruction
// type, a waittimeout's timeout is u64.
// A signal value has the signal's size; waits compare signed values, the
// other operations take the types of the same atomic operation (PRM 6.8).
void Parser::check_signal_types(const Token& word, const Mods& m, std::string_view type,
                                std::string_view signal_type) {
  const TypeInfo* t = type_by_name(type);
  if (signal_type != "sig32" && signal_type != "sig64") {
    fail(word, "the source type of a signal instruction must be sig32 or sig64");
  }
  if (t == nullptr || t->bits != (signal_type == "sig32" ? 32u : 64u)) {
    fail(word,
         "signal value type " + std::string(type) + " does not match " + std::string(signal_type));
  }
  bool wait =
      m.atomic_op >= FW_BRIG_ATOMIC_WAIT_EQ && m.atomic_op <= FW_BRIG_ATOMIC_WAITTIMEOUT_GTE;
  bool ok = wait ? t->cls == 's' : atomic_op_allows_type(m.atomic_op, type);
  if (!ok) {
    fail(word, std::string("signal ") + kAtomicOpNames.name(m.atomic_op) + " does not take type " +
                   std::string(type));
  }
}

std::string Parser::signal_roles(const InstDesc& desc, const Mods& m, const Token& word) {
  bool ret = desc.opcode == FW_BRIG_OPCODE_SIGNAL;
  switch (m.atomic_op) {
    case FW_BRIG_ATOMIC_LD:
      if (ret) return "dS";
      break;
    case FW_BRIG_ATOMIC_ST:
      if (!ret) return "Ss";
      break;
    case FW_BRIG_ATOMIC_CAS:
      if (ret) return "dSss";
      break;
    case FW_BRIG_ATOMIC_WAIT_EQ:
    case FW_BRIG_ATOMIC_WAIT_NE:
    case FW_BRIG_ATOMIC_WAIT_LT:
    case FW_BRIG_ATOMIC_WAIT_GTE:
      if (ret) return "dSs";
      break;
    case FW_BRIG_ATOMIC_WAITTIMEOUT_EQ:
    case FW_BRIG_ATOMIC_WAITTIMEOUT_NE:
    case FW_BRIG_ATOMIC_WAITTIMEOUT_LT:
    case FW_BRIG_ATOMIC_WAITTIMEOUT_GTE:
      if (ret) return "dSsU";
      break;
    case FW_BRIG_ATOMIC_ADD:
    case FW_BRIG_ATOMIC_SUB:
    case FW_BRIG_ATOMIC_AND:
    case FW_BRIG_ATOMIC_OR:
    case FW_BRIG_ATOMIC_XOR:
    case FW_BRIG_ATOMIC_EXCH:
      if (ret || m.atomic_op != FW_BRIG_ATOMIC_EXCH) return ret ? "dSs" : "Ss";
      break;
    default:
      break;
  }
  fail(word, std::string(desc.name) + " does not take the " + kAtomicOpNames.name(m.atomic_op) +
                 " operation");
}

uint32_t Parser::parse_register(uint16_t type) {
  const Token& t = cur();
  if (t.kind != TokenKind::kRegister) fail(t, "expected a register" + found());
  take();
  return add_register(t, type_info(type)->bits);
}

uint32_t Parser::add_register(const Token& t, unsigned bits) {
  int kind = register_kind_from_letter(t.text[1]);
  int want = register_kind_for_bits(bits);
  if (kind != want) {
    fail(t, "register " + str(t) + " has the wrong size for a " + std::to_string(bits) +
                "-bit operand");
  }
  auto num = parse_decimal(t.text.substr(2));
  if (!num || *num > 2047) fail(t, "register number out of range");
  fw_brig_operand_register r{};
  r.reg_kind = static_cast<uint16_t>(kind);
  r.reg_num = static_cast<uint16_t>(*num);
  return m_.add_operand(r, FW_BRIG_KIND_OPERAND_REGISTER);
}

// "($s0, $s1)": registers only for a destination, registers and
// constants for a source (PRM 4.17).
uint32_t Parser::parse_vector(uint16_t type, int count, bool destination) {
  const Token& open = cur();
  expect('(');
  std::vector<uint32_t> elems;
  do {
    elems.push_back(destination ? parse_register(type) : parse_source(type));
  } while (accept(','));
  expect(')');
  if (static_cast<int>(elems.size()) != count) {
    fail(open, "vector operand needs " + std::to_string(count) + " elements");
  }
  fw_brig_operand_operand_list l{};
  l.elements = m_.add_list(elems);
  return m_.add_operand(l, FW_BRIG_KIND_OPERAND_OPERAND_LIST);
}

uint32_t Parser::parse_source(uint16_t type) {
  if (cur().kind == TokenKind::kRegister) return parse_register(type);
  if (cur().kind == TokenKind::kWord && cur().text == "WAVESIZE") {
    const TypeInfo* ti = type_info(type);
    if (ti->cls != 'u' && ti->cls != 's' && ti->cls != 'b') {
      fail(cur(), "WAVESIZE needs an integer operand");
    }
    take();
    return m_.add_operand(fw_brig_operand_wavesize{}, FW_BRIG_KIND_OPERAND_WAVESIZE);
  }
  uint16_t const_type = 0;
  std::string bytes = literal_bytes(type, &const_type);
  return add_constant(const_type, bytes);
}

// [name], [name][reg+off], [reg+off], [off] (PRM 4.18).
uint32_t Parser::parse_address(uint8_t segment) {
  unsigned bits = segment_address_bits(segment, machine_model_);
  fw_brig_operand_address a{};
  expect('[');
  bool have_name = false;
  Token name;
  if (cur().kind == TokenKind::kGlobalName || cur().kind == TokenKind::kLocalName) {
    name = take();
    have_name = true;
    const Symbol& s = lookup(name);
    if (s.kind != FW_BRIG_KIND_DIRECTIVE_VARIABLE)
      fail(name, "'" + str(name) + "' is not a variable");
    a.symbol = s.code_off;
    expect(']');
    if (!cur().is('[')) return add_address(a, have_name ? &name : nullptr);
    take();
  }
  // The offset is kept as 64-bit two's complement; 32-bit addresses keep
  // only the low half (PRM 18.6.2: hi must be 0).
  uint64_t u = 0;
  if (cur().kind == TokenKind::kRegister) {
    const Token& r = take();
    a.reg = add_register(r, bits);
    if (cur().is('+') || cur().is('-')) {
      bool neg = take().is('-');
      u = parse_offset(neg, "an offset");
    }
  } else {
    bool neg = accept('-');
    u = parse_offset(neg, "a register or offset in the address");
  }
  expect(']');
  if (bits == 32) u &= 0xffffffffu;
  a.offset.lo = static_cast<uint32_t>(u);
  a.offset.hi = static_cast<uint32_t>(u >> 32);
  return add_address(a, have_name ? &name : nullptr);
}

uint64_t Parser::parse_offset(bool negative, const char* what) {
  const Token& n = expect_kind(TokenKind::kInt, what);
  if (n.overflow) fail(n, "offset does not fit in 64 bits");
  return negative ? 0 - n.value : n.value;
}

uint32_t Parser::add_address(const fw_brig_operand_address& a, const Token* name) {
  uint32_t off = m_.add_operand(a, FW_BRIG_KIND_OPERAND_ADDRESS);
  if (name) note_ref(*name, &m_.operands(), off + offsetof(fw_brig_operand_address, symbol));
  return off;
}

uint32_t Parser::parse_fbarrier_operand() {
  const Token& t = cur();
  if (t.kind == TokenKind::kRegister) return parse_register(FW_BRIG_TYPE_U32);
  if (t.kind != TokenKind::kGlobalName && t.kind != TokenKind::kLocalName) {
    fail(t, "expected an fbarrier" + found());
  }
  take();
  const Symbol& s = lookup(t);
  if (s.kind != FW_BRIG_KIND_DIRECTIVE_FBARRIER) fail(t, "'" + str(t) + "' is not an fbarrier");
  fw_brig_operand_code_ref r{};
  r.ref = s.code_off;
  uint32_t off = m_.add_operand(r, FW_BRIG_KIND_OPERAND_CODE_REF);
  note_ref(t, &m_.operands(), off + offsetof(fw_brig_operand_code_ref, ref));
  return off;
}

uint32_t Parser::parse_label_ref() {
  const Token& t = cur();
  if (t.kind != TokenKind::kLabel) fail(t, "expected a label" + found());
  take();
  fw_brig_operand_code_ref r{};
  auto it = labels_.find(t.text);
  if (it != labels_.end()) {
    r.ref = it->second;
  } else {
    m_.add_string(t.text);  // HSAILasm stores a forward label's name at its first use
  }
  uint32_t off = m_.add_operand(r, FW_BRIG_KIND_OPERAND_CODE_REF);
  if (it == labels_.end()) {
    label_fixups_.push_back({&m_.operands(),
                             off + static_cast<uint32_t>(offsetof(fw_brig_operand_code_ref, ref)),
                             t.text, t.pos});
  }
  return off;
}

// [@a, @b]: the label list of sbr (PRM 8.3). HSAILasm writes the list
// first and then the names of labels not defined yet, so we do too.
uint32_t Parser::parse_label_list() {
  expect('[');
  std::vector<const Token*> names;
  do {
    const Token& t = cur();
    if (t.kind != TokenKind::kLabel) fail(t, "expected a label" + found());
    names.push_back(&take());
  } while (accept(','));
  expect(']');
  std::vector<uint32_t> elems;
  for (const Token* t : names) {
    auto it = labels_.find(t->text);
    elems.push_back(it != labels_.end() ? it->second : 0);
  }
  uint32_t list = m_.add_list(elems);
  for (size_t k = 0; k < names.size(); ++k) {
    if (elems[k] != 0) continue;
    m_.add_string(names[k]->text);
    label_fixups_.push_back(
        {&m_.data(), list + 4 + 4 * static_cast<uint32_t>(k), names[k]->text, names[k]->pos});
  }
  fw_brig_operand_code_list l{};
  l.elements = list;
  return m_.add_operand(l, FW_BRIG_KIND_OPERAND_CODE_LIST);
}

// call &f (out args) (in args); operands are [out list, target, in list].
std::vector<uint32_t> Parser::parse_call_operands() {
  const Token& target = cur();
  if (target.kind != TokenKind::kGlobalName) fail(target, "expected a function name" + found());
  take();
  const Symbol& f = lookup(target);
  // An indirect function can also be called directly (HSAILasm agrees).
  if (f.kind != FW_BRIG_KIND_DIRECTIVE_FUNCTION &&
      f.kind != FW_BRIG_KIND_DIRECTIVE_INDIRECT_FUNCTION)
    fail(target, "'" + str(target) + "' is not a function");
  fw_brig_operand_code_ref r{};
  r.ref = f.code_off;
  uint32_t ref = m_.add_operand(r, FW_BRIG_KIND_OPERAND_CODE_REF);
  note_ref(target, &m_.operands(), ref + offsetof(fw_brig_operand_code_ref, ref));
  m_.set_operand_position(cur().pos);
  uint32_t outs = parse_arg_list();
  m_.set_operand_position(cur().pos);
  uint32_t ins = parse_arg_list();
  expect(';');
  return {outs, ref, ins};
}

// icall_u64 $d0 (outs) (ins) &signature;  scall_u32 $s0 (outs) (ins)
// [&f1, &f2]; operands are [out list, target, in list, signature or
// function list] (PRM 10.5, 10.7).
std::vector<uint32_t> Parser::parse_indirect_call_operands(const InstDesc& desc, uint16_t type) {
  uint32_t target = parse_register(type);
  m_.set_operand_position(cur().pos);
  uint32_t outs = parse_arg_list();
  m_.set_operand_position(cur().pos);
  uint32_t ins = parse_arg_list();
  uint32_t last = 0;
  if (desc.opcode == FW_BRIG_OPCODE_ICALL) {
    m_.set_operand_position(cur().pos);
    const Token& sig = expect_kind(TokenKind::kGlobalName, "a signature");
    const Symbol& s = lookup(sig);
    if (s.kind != FW_BRIG_KIND_DIRECTIVE_SIGNATURE)
      fail(sig, "'" + str(sig) + "' is not a signature");
    fw_brig_operand_code_ref r{};
    r.ref = s.code_off;
    last = m_.add_operand(r, FW_BRIG_KIND_OPERAND_CODE_REF);
  } else {
    m_.set_operand_position(cur().pos);
    expect('[');
    std::vector<uint32_t> elems;
    std::vector<std::pair<Token, size_t>> names;
    do {
      const Token& f = expect_kind(TokenKind::kGlobalName, "a function name");
      const Symbol& s = lookup(f);
      if (s.kind != FW_BRIG_KIND_DIRECTIVE_FUNCTION &&
          s.kind != FW_BRIG_KIND_DIRECTIVE_INDIRECT_FUNCTION) {
        fail(f, "'" + str(f) + "' is not a function");
      }
      elems.push_back(s.code_off);
    } while (accept(','));
    expect(']');
    fw_brig_operand_code_list l{};
    l.elements = m_.add_list(elems);
    last = m_.add_operand(l, FW_BRIG_KIND_OPERAND_CODE_LIST);
  }
  expect(';');
  return {outs, target, ins, last};
}

uint32_t Parser::parse_arg_list() {
  expect('(');
  std::vector<uint32_t> elems;
  if (!cur().is(')')) {
    do {
      const Token& n = expect_kind(TokenKind::kLocalName, "an argument name");
      const Symbol& s = lookup(n);
      if (s.kind != FW_BRIG_KIND_DIRECTIVE_VARIABLE || s.segment != FW_BRIG_SEGMENT_ARG) {
        fail(n, "'" + str(n) + "' is not an arg variable");
      }
      elems.push_back(s.code_off);
    } while (accept(','));
  }
  expect(')');
  fw_brig_operand_code_list l{};
  l.elements = m_.add_list(elems);
  return m_.add_operand(l, FW_BRIG_KIND_OPERAND_CODE_LIST);
}

// Default rounding of cvt (PRM 5.19.3): float results round to the
// default mode, integer results from floats truncate, exact cases none.
uint8_t Parser::cvt_default_round(uint16_t dst, uint16_t src) {
  const TypeInfo* d = type_info(dst);
  const TypeInfo* s = type_info(src);
  if (d->cls == 'f' && s->cls != 'f' && s->type != FW_BRIG_TYPE_B1) {
    return FW_BRIG_ROUND_FLOAT_DEFAULT;
  }
  if (d->cls == 'f' && s->cls == 'f') {
    return d->bits < s->bits ? FW_BRIG_ROUND_FLOAT_DEFAULT : FW_BRIG_ROUND_NONE;
  }
  if (d->cls != 'f' && d->type != FW_BRIG_TYPE_B1 && s->cls == 'f') {
    return FW_BRIG_ROUND_INTEGER_ZERO;
  }
  return FW_BRIG_ROUND_NONE;
}

void Parser::emit_instruction(const InstDesc& desc, const Token& word, uint16_t type,
                              uint16_t stype, uint8_t segment, const Mods& m, uint32_t list) {
  fw_brig_inst_base base{};
  base.opcode = desc.opcode;
  base.type = type;
  base.operands = list;
  uint8_t width = m.width ? m.width : desc.default_width;
  switch (desc.format) {
    case InstFormat::kMod:
      if (m.ftz || m.round >= 0 || m.pack >= 0) {
        fw_brig_inst_mod i{};
        i.base = base;
        i.modifier = m.ftz ? FW_BRIG_ALU_MODIFIER_FTZ : 0;
        i.pack = static_cast<uint8_t>(m.pack >= 0 ? m.pack : FW_BRIG_PACK_NONE);
        i.round = static_cast<uint8_t>(FW_BRIG_ROUND_NONE);
        if (m.round >= 0) {
          i.round = static_cast<uint8_t>(m.round);
        } else if (desc.rounding && is_float_type(type)) {
          i.round = FW_BRIG_ROUND_FLOAT_DEFAULT;
        }
        m_.add_code(i, FW_BRIG_KIND_INST_MOD);
        return;
      }
      [[fallthrough]];
    case InstFormat::kBasic:
      m_.add_code(fw_brig_inst_basic{base}, FW_BRIG_KIND_INST_BASIC);
      return;
    case InstFormat::kMem: {
      fw_brig_inst_mem i{};
      i.base = base;
      i.segment = segment;
      i.align = m.align ? m.align : static_cast<uint8_t>(FW_BRIG_ALIGNMENT_1);
      i.equiv_class = m.equiv;
      i.width = width;
      i.modifier = m.is_const ? FW_BRIG_MEMORY_CONST : 0;
      m_.add_code(i, FW_BRIG_KIND_INST_MEM);
      return;
    }
    case InstFormat::kAddr: {
      fw_brig_inst_addr i{};
      i.base = base;
      i.segment = segment;
      m_.add_code(i, FW_BRIG_KIND_INST_ADDR);
      return;
    }
    case InstFormat::kCmp: {
      fw_brig_inst_cmp i{};
      i.base = base;
      i.source_type = stype;
      i.modifier = m.ftz ? FW_BRIG_ALU_MODIFIER_FTZ : 0;
      i.compare = static_cast<uint8_t>(m.compare);
      i.pack = static_cast<uint8_t>(m.pack >= 0 ? m.pack : FW_BRIG_PACK_NONE);
      m_.add_code(i, FW_BRIG_KIND_INST_CMP);
      return;
    }
    case InstFormat::kCvt: {
      fw_brig_inst_cvt i{};
      i.base = base;
      i.source_type = stype;
      i.modifier = m.ftz ? FW_BRIG_ALU_MODIFIER_FTZ : 0;
      i.round = m.round >= 0 ? static_cast<uint8_t>(m.round) : cvt_default_round(type, stype);
      m_.add_code(i, FW_BRIG_KIND_INST_CVT);
      return;
    }
    case InstFormat::kBr: {
      fw_brig_inst_br i{};
      i.base = base;
      i.width = width;
      m_.add_code(i, FW_BRIG_KIND_INST_BR);
      return;
    }
    case InstFormat::kSourceType: {
      fw_brig_inst_source_type i{};
      i.base = base;
      i.source_type = stype;
      m_.add_code(i, FW_BRIG_KIND_INST_SOURCE_TYPE);
      return;
    }
    case InstFormat::kSeg: {
      fw_brig_inst_seg i{};
      i.base = base;
      i.segment = segment;
      m_.add_code(i, FW_BRIG_KIND_INST_SEG);
      return;
    }
    case InstFormat::kSegCvt: {
      fw_brig_inst_seg_cvt i{};
      i.base = base;
      i.source_type = stype;
      i.segment = segment;
      i.modifier = m.nonull ? FW_BRIG_SEG_CVT_NONULL : 0;
      m_.add_code(i, FW_BRIG_KIND_INST_SEG_CVT);
      return;
    }
    case InstFormat::kLane: {
      fw_brig_inst_lane i{};
      i.base = base;
      i.source_type = stype;
      i.width = width;
      m_.add_code(i, FW_BRIG_KIND_INST_LANE);
      return;
    }
    case InstFormat::kQueue: {
      fw_brig_inst_queue i{};
      i.base = base;
      i.segment = segment;
      i.memory_order = static_cast<uint8_t>(m.order);
      m_.add_code(i, FW_BRIG_KIND_INST_QUEUE);
      return;
    }
    case InstFormat::kSignal: {
      fw_brig_inst_signal i{};
      i.base = base;
      i.signal_type = stype;
      i.memory_order = static_cast<uint8_t>(m.order);
      i.signal_operation = static_cast<uint8_t>(m.atomic_op);
      m_.add_code(i, FW_BRIG_KIND_INST_SIGNAL);
      return;
    }
    case InstFormat::kImage: {
      fw_brig_inst_image i{};
      i.base = base;
      i.image_type = stype;
      i.coord_type = m.coord_type;
      i.geometry = static_cast<uint8_t>(m.geometry);
      i.equiv_class = m.equiv;
      m_.add_code(i, FW_BRIG_KIND_INST_IMAGE);
      return;
    }
    case InstFormat::kQueryImage: {
      fw_brig_inst_query_image i{};
      i.base = base;
      i.image_type = stype;
      i.geometry = static_cast<uint8_t>(m.geometry);
      i.query = static_cast<uint8_t>(m.image_query);
      m_.add_code(i, FW_BRIG_KIND_INST_QUERY_IMAGE);
      return;
    }
    case InstFormat::kQuerySampler: {
      fw_brig_inst_query_sampler i{};
      i.base = base;
      i.query = static_cast<uint8_t>(m.sampler_query);
      m_.add_code(i, FW_BRIG_KIND_INST_QUERY_SAMPLER);
      return;
    }
    case InstFormat::kMemFence: {
      fw_brig_inst_mem_fence i{};
      i.base = base;
      i.memory_order = static_cast<uint8_t>(m.order);
      // PRM 18.5.2.10: the group scope equals the global scope.
      i.global_segment_memory_scope = static_cast<uint8_t>(m.scope);
      i.group_segment_memory_scope = static_cast<uint8_t>(m.scope);
      m_.add_code(i, FW_BRIG_KIND_INST_MEM_FENCE);
      return;
    }
    case InstFormat::kAtomic: {
      if (segment != FW_BRIG_SEGMENT_FLAT && segment != FW_BRIG_SEGMENT_GLOBAL &&
          segment != FW_BRIG_SEGMENT_GROUP) {
        fail(word, "atomic operations need the flat, global or group segment");
      }
      fw_brig_inst_atomic i{};
      i.base = base;
      i.segment = segment;
      i.memory_order = static_cast<uint8_t>(m.order);
      i.memory_scope = static_cast<uint8_t>(m.scope);
      i.atomic_operation = static_cast<uint8_t>(m.atomic_op);
      i.equiv_class = m.equiv;
      m_.add_code(i, FW_BRIG_KIND_INST_ATOMIC);
      return;
    }
  }
}

}  // namespace hsail::parser_detail
