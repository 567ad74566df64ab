// Declarations and directives: variables and their initializers, kernels,
// functions and their arguments, code blocks, labels, fbarriers, control
// directives, pragma and loc (PRM 4.3, 4.8, 4.11, 9.2, 13).
#include "parser_impl.h"

namespace hsail::parser_detail {

// ---- variables ----
void Parser::parse_variable(const Quals& q, VarScope scope) {
  const Token& word = expect_kind(TokenKind::kWord, "a variable declaration");
  std::vector<std::string_view> parts = split_mnemonic(word.text);
  int seg = parts.size() == 2 ? kSegmentNames.lookup(parts[0]) : -1;
  const TypeInfo* ti = parts.size() == 2 ? type_by_name(parts[1]) : nullptr;
  if (seg < 0 || ti == nullptr) {
    if (parts.size() >= 2 && (kSegmentNames.lookup(parts[0]) >= 0 || parts[0] == "align")) {
      fail(word, "not supported yet: variable type '" + str(word) + "'");
    }
    if (find_inst(parts[0]) != nullptr || kOpcodeNames.lookup(parts[0]) >= 0) {
      fail(word, "instruction '" + std::string(parts[0]) + "' outside a kernel or function body");
    }
    fail(word, "expected a declaration, found '" + str(word) + "'");
  }
  if (ti->type == FW_BRIG_TYPE_B1) {
    fail(word, "variables cannot have type b1");
  }
  check_segment_for_scope(word, static_cast<uint8_t>(seg), scope);
  bool local_name = scope != VarScope::kModule;
  const Token& name = cur();
  // Signature arguments may be unnamed (PRM 10.3.3); their name is "".
  bool unnamed = scope == VarScope::kSignatureArg && name.kind != TokenKind::kLocalName;
  if (!unnamed) {
    if (name.kind != (local_name ? TokenKind::kLocalName : TokenKind::kGlobalName)) {
      fail(name, std::string("expected a ") + (local_name ? "%name" : "&name") + found());
    }
    take();
  }

  fw_brig_directive_variable v{};
  v.name = m_.add_string(unnamed ? std::string_view() : name.text);
  v.type = ti->type;
  v.segment = static_cast<uint8_t>(seg);
  v.align = q.align ? q.align : natural_alignment(ti->type);
  bool array = false;
  uint64_t dim = 0;
  if (accept('[')) {
    array = true;
    if (!cur().is(']')) {
      const Token& n = expect_kind(TokenKind::kInt, "array size");
      if (n.value == 0 || n.overflow) fail(n, "array size must be positive");
      dim = n.value;
    }
    expect(']');
  }
  if (cur().is('=')) {
    const Token& eq = take();
    if (q.decl) fail(eq, "a declaration cannot have an initializer");
    if (seg != FW_BRIG_SEGMENT_GLOBAL && seg != FW_BRIG_SEGMENT_READONLY) {
      fail(eq, "only global and readonly variables can have an initializer");
    }
    uint64_t count = 0;
    v.init = parse_initializer(ti->type, array, &count);
    if (array && dim == 0) dim = count;
    if (array && count != dim) {
      fail(eq, "initializer has " + std::to_string(count) + " elements, the array " +
                   std::to_string(dim));
    }
  }
  if (array) v.type |= FW_BRIG_TYPE_ARRAY;
  v.dim.lo = static_cast<uint32_t>(dim);
  v.dim.hi = static_cast<uint32_t>(dim >> 32);
  v.modifier = static_cast<uint8_t>((q.decl ? 0 : FW_BRIG_VARIABLE_DEFINITION) |
                                    (q.is_const ? FW_BRIG_VARIABLE_CONST : 0));
  switch (scope) {
    case VarScope::kModule:
      v.linkage = q.prog ? FW_BRIG_LINKAGE_PROGRAM : FW_BRIG_LINKAGE_MODULE;
      break;
    case VarScope::kArgBlock:
      v.linkage = FW_BRIG_LINKAGE_ARG;
      break;
    case VarScope::kKernelArg:
    case VarScope::kFunctionArg:
    case VarScope::kSignatureArg:
      // Formal arguments of a declaration belong to no function body.
      v.linkage = in_declaration_ ? FW_BRIG_LINKAGE_NONE : FW_BRIG_LINKAGE_FUNCTION;
      break;
    default:
      v.linkage = FW_BRIG_LINKAGE_FUNCTION;
      break;
  }
  if (seg == FW_BRIG_SEGMENT_GLOBAL) {
    v.allocation = q.agent ? FW_BRIG_ALLOCATION_AGENT : FW_BRIG_ALLOCATION_PROGRAM;
  } else if (seg == FW_BRIG_SEGMENT_READONLY) {
    v.allocation = FW_BRIG_ALLOCATION_AGENT;
  } else {
    v.allocation = FW_BRIG_ALLOCATION_AUTOMATIC;
  }
  if (q.agent && seg != FW_BRIG_SEGMENT_GLOBAL) fail(word, "alloc(agent) needs a global variable");
  if (v.init && ti->cls == 'o' && ti->type != FW_BRIG_TYPE_SIG32 &&
      ti->type != FW_BRIG_TYPE_SIG64 && v.allocation != FW_BRIG_ALLOCATION_AGENT) {
    fail(word, "initialized images and samplers need agent allocation");
  }
  if (q.is_const && seg != FW_BRIG_SEGMENT_GLOBAL && seg != FW_BRIG_SEGMENT_READONLY) {
    fail(word, "only global and readonly variables can be const");
  }
  m_.set_code_position(unnamed ? word.pos : name.pos);
  uint32_t off = m_.add_code(v, FW_BRIG_KIND_DIRECTIVE_VARIABLE);
  if (unnamed || scope == VarScope::kSignatureArg) return;
  declare(name, off, FW_BRIG_KIND_DIRECTIVE_VARIABLE, static_cast<uint8_t>(seg), !q.decl,
          local_name, q.prog);
}

void Parser::check_segment_for_scope(const Token& at, uint8_t seg, VarScope scope) {
  bool ok = true;
  switch (scope) {
    case VarScope::kModule:
      ok = seg == FW_BRIG_SEGMENT_GLOBAL || seg == FW_BRIG_SEGMENT_READONLY ||
           seg == FW_BRIG_SEGMENT_GROUP || seg == FW_BRIG_SEGMENT_PRIVATE;
      break;
    case VarScope::kFunction:
      ok = seg == FW_BRIG_SEGMENT_GLOBAL || seg == FW_BRIG_SEGMENT_READONLY ||
           seg == FW_BRIG_SEGMENT_GROUP || seg == FW_BRIG_SEGMENT_PRIVATE ||
           seg == FW_BRIG_SEGMENT_SPILL;
      break;
    case VarScope::kArgBlock:
    case VarScope::kFunctionArg:
    case VarScope::kSignatureArg:
      ok = seg == FW_BRIG_SEGMENT_ARG;
      break;
    case VarScope::kKernelArg:
      ok = seg == FW_BRIG_SEGMENT_KERNARG;
      break;
  }
  if (!ok) fail(at, "segment not allowed for a variable here");
}

// Initializer of a global or readonly variable: a literal or a typed array
// constant "u32[](1, 2)". Returns the constant operand; count is the
// number of elements.
uint32_t Parser::parse_initializer(uint16_t type, bool array, uint64_t* count) {
  const Token& t = cur();
  if (t.is('{')) fail(t, "not supported yet: aggregate initializers");
  const TypeInfo* vt = type_info(type);
  if (type == FW_BRIG_TYPE_SIG32 || type == FW_BRIG_TYPE_SIG64) {
    // Signal handles: "sig64(0)" or "sig64[](sig64(0), ...)"; 0 (no
    // signal) is the only value text can give (PRM 4.8).
    bool list = t.kind == TokenKind::kWord && peek().is('[');
    if (list != array) fail(t, "array constant and variable do not agree");
    if (list) {
      if (type_by_name(t.text) == nullptr || type_by_name(t.text)->type != type) {
        fail(t, "array constant type does not match the variable");
      }
      take();
      expect('[');
      expect(']');
      expect('(');
    }
    std::string bytes;
    *count = 0;
    do {
      bytes += signal_constant_bytes(type);
      ++*count;
    } while (list && accept(','));
    if (list) expect(')');
    return add_constant(static_cast<uint16_t>(list ? type | FW_BRIG_TYPE_ARRAY : type), bytes);
  }
  if (vt != nullptr && vt->cls == 'o') {
    // Image and sampler handles: "roimg(...)" or "rwimg[](rwimg(...), ...)".
    if (t.kind == TokenKind::kWord && peek().is('[')) {
      if (!array || type_by_name(t.text) == nullptr || type_by_name(t.text)->type != type) {
        fail(t, "array constant type does not match the variable");
      }
      take();
      expect('[');
      expect(']');
      expect('(');
      std::vector<uint32_t> elems;
      do {
        elems.push_back(parse_handle_constant(type));
      } while (accept(','));
      expect(')');
      *count = elems.size();
      fw_brig_operand_constant_operand_list l{};
      l.type = static_cast<uint16_t>(type | FW_BRIG_TYPE_ARRAY);
      l.elements = m_.add_list(elems);
      return m_.add_operand(l, FW_BRIG_KIND_OPERAND_CONSTANT_OPERAND_LIST);
    }
    if (array) fail(t, "an array variable needs an array constant initializer");
    *count = 1;
    return parse_handle_constant(type);
  }
  if (t.kind == TokenKind::kWord && peek().is('[')) {
    const TypeInfo* et = type_by_name(t.text);
    if (et == nullptr) fail(t, "not supported yet: initializer '" + str(t) + "'");
    take();
    expect('[');
    expect(']');
    if (!array) fail(t, "an array constant needs an array variable");
    if (et->type != type) fail(t, "array constant type does not match the variable");
    expect('(');
    std::string bytes;
    uint16_t const_type = 0;
    *count = 0;
    do {
      bytes += literal_bytes(type, &const_type);
      ++*count;
    } while (accept(','));
    expect(')');
    return add_constant(static_cast<uint16_t>(const_type | FW_BRIG_TYPE_ARRAY), bytes);
  }
  if (array) fail(t, "an array variable needs an array constant initializer");
  uint16_t const_type = 0;
  std::string bytes = literal_bytes(type, &const_type);
  *count = 1;
  return add_constant(const_type, bytes);
}

uint16_t Parser::unsigned_type(unsigned bytes) {
  switch (bytes) {
    case 1:
      return FW_BRIG_TYPE_U8;
    case 2:
      return FW_BRIG_TYPE_U16;
    case 4:
      return FW_BRIG_TYPE_U32;
    default:
      return FW_BRIG_TYPE_U64;
  }
}

uint32_t Parser::add_constant(uint16_t type, const std::string& bytes) {
  fw_brig_operand_constant_bytes c{};
  c.type = type;
  c.bytes = m_.add_bytes(bytes.data(), bytes.size());
  return m_.add_operand(c, FW_BRIG_KIND_OPERAND_CONSTANT_BYTES);
}

// Reads an integer or float literal (with an optional '-') and returns its
// little-endian bytes as a constant of the expected type (PRM 18.6.1:
// bit types take the unsigned type of their size, b1 takes u8).
// sig32(0) / sig64(0): the null signal handle's bytes.
std::string Parser::signal_constant_bytes(uint16_t type) {
  const Token& t = expect_kind(TokenKind::kWord, "a signal constant");
  const TypeInfo* ct = type_by_name(t.text);
  if (ct == nullptr || ct->type != type) fail(t, "constant type does not match the variable");
  expect('(');
  const Token& v = expect_kind(TokenKind::kInt, "0");
  if (v.value != 0) fail(v, "a signal handle constant can only be 0");
  expect(')');
  return std::string(type_info(type)->bits / 8, '\0');
}

// roimg(geometry = 2d, width = 4, ...) or samp(coord = normalized, ...)
// (PRM 7.1.7, 7.1.8): properties in any order, each at most once.
uint32_t Parser::parse_handle_constant(uint16_t type) {
  const Token& t = expect_kind(TokenKind::kWord, "an image or sampler constant");
  const TypeInfo* ct = type_by_name(t.text);
  if (ct == nullptr || ct->type != type) fail(t, "constant type does not match the variable");
  bool sampler = type == FW_BRIG_TYPE_SAMP;
  fw_brig_operand_constant_image img{};
  fw_brig_operand_constant_sampler smp{};
  img.type = smp.type = type;
  std::vector<std::string_view> seen;
  expect('(');
  do {
    const Token& prop = expect_kind(TokenKind::kWord, "a property name");
    for (std::string_view s : seen) {
      if (s == prop.text) fail(prop, "property '" + str(prop) + "' given twice");
    }
    seen.push_back(prop.text);
    expect('=');
    const Token& v = cur();
    auto word = [&](const NameTable& table) -> uint8_t {
      int x = v.kind == TokenKind::kWord ? table.lookup(v.text) : -1;
      if (x < 0) fail(v, "invalid value for '" + str(prop) + "'" + found());
      take();
      return static_cast<uint8_t>(x);
    };
    auto number = [&]() -> fw_brig_uint64 {
      const Token& n = expect_kind(TokenKind::kInt, "a size");
      if (n.overflow) fail(n, "size does not fit in 64 bits");
      return fw_brig_uint64{static_cast<uint32_t>(n.value), static_cast<uint32_t>(n.value >> 32)};
    };
    if (sampler && prop.text == "coord") {
      smp.coord = word(kCoordNames);
    } else if (sampler && prop.text == "filter") {
      smp.filter = word(kFilterNames);
    } else if (sampler && prop.text == "addressing") {
      smp.addressing = word(kAddressingNames);
    } else if (!sampler && prop.text == "geometry") {
      img.geometry = word(kGeometryNames);
    } else if (!sampler && prop.text == "channel_order") {
      img.channel_order = word(kChannelOrderNames);
    } else if (!sampler && prop.text == "channel_type") {
      img.channel_type = word(kChannelTypeNames);
    } else if (!sampler && prop.text == "width") {
      img.width = number();
    } else if (!sampler && prop.text == "height") {
      img.height = number();
    } else if (!sampler && prop.text == "depth") {
      img.depth = number();
    } else if (!sampler && prop.text == "array") {
      img.array = number();
    } else {
      fail(prop, "unknown property '" + str(prop) + "'");
    }
  } while (accept(','));
  check_handle_properties(t, seen, img, smp);
  expect(')');
  if (sampler) return m_.add_operand(smp, FW_BRIG_KIND_OPERAND_CONSTANT_SAMPLER);
  return m_.add_operand(img, FW_BRIG_KIND_OPERAND_CONSTANT_IMAGE);
}

// Which properties an image or sampler constant must and may have
// (PRM 7.1.7, 7.1.8): every sampler property; for images the geometry,
// channel type and order, a positive width, and exactly the other sizes
// the geometry has.
void Parser::check_handle_properties(const Token& at, const std::vector<std::string_view>& seen,
                                     const fw_brig_operand_constant_image& img,
                                     const fw_brig_operand_constant_sampler& smp) {
  auto has = [&](const char* p) {
    for (std::string_view s : seen) {
      if (s == p) return true;
    }
    return false;
  };
  auto positive = [](const fw_brig_uint64& v) { return v.lo != 0 || v.hi != 0; };
  if (smp.type == FW_BRIG_TYPE_SAMP) {
    for (const char* p : {"coord", "filter", "addressing"}) {
      if (!has(p)) fail(at, std::string("sampler ") + p + " value missing");
    }
    if (smp.coord == FW_BRIG_SAMPLER_COORD_UNNORMALIZED &&
        smp.addressing != FW_BRIG_SAMPLER_ADDRESSING_CLAMP_TO_EDGE &&
        smp.addressing != FW_BRIG_SAMPLER_ADDRESSING_CLAMP_TO_BORDER &&
        smp.addressing != FW_BRIG_SAMPLER_ADDRESSING_UNDEFINED) {
      fail(at,
           "unnormalized coordinates need clamp_to_edge, clamp_to_border or undefined addressing");
    }
    return;
  }
  for (const char* p : {"geometry", "channel_type", "channel_order", "width"}) {
    if (!has(p)) fail(at, std::string("image ") + p + " missing");
  }
  int g = img.geometry;
  bool height = g == FW_BRIG_GEOMETRY_2D || g == FW_BRIG_GEOMETRY_3D || g == FW_BRIG_GEOMETRY_2DA ||
                g == FW_BRIG_GEOMETRY_2DDEPTH || g == FW_BRIG_GEOMETRY_2DADEPTH;
  bool depth = g == FW_BRIG_GEOMETRY_3D;
  bool array =
      g == FW_BRIG_GEOMETRY_1DA || g == FW_BRIG_GEOMETRY_2DA || g == FW_BRIG_GEOMETRY_2DADEPTH;
  const struct {
    const char* name;
    bool wanted;
    const fw_brig_uint64& value;
  } sizes[] = {{"width", true, img.width},
               {"height", height, img.height},
               {"depth", depth, img.depth},
               {"array", array, img.array}};
  for (const auto& sz : sizes) {
    if (sz.wanted && !has(sz.name)) fail(at, std::string("image ") + sz.name + " missing");
    if (!sz.wanted && has(sz.name)) {
      fail(at, std::string("image ") + sz.name + " cannot be given for this geometry");
    }
    if (sz.wanted && !positive(sz.value))
      fail(at, std::string("image ") + sz.name + " must be positive");
  }
}

// "u32(5)", "u8x4(1, 2, 3, 4)": a constant spelled with its type. Packed
// elements are stored last element first (PRM 18.6.6). For a bit type the
// constant becomes the unsigned type of its size, as a literal would.
std::string Parser::typed_constant_bytes(uint16_t expected, uint16_t* const_type) {
  const Token& t = take();
  const TypeInfo* ct = type_by_name(t.text);
  const TypeInfo* et = type_info(expected);
  if (ct != nullptr && ct->cls == 'b') {
    fail(t, "bit typed constants such as '" + str(t) + "' do not exist (PRM 4.8.3)");
  }
  if (ct == nullptr || ct->cls == 'o') {
    fail(t, "not supported yet: typed constant '" + str(t) + "'");
  }
  if (et == nullptr || ct->bits != et->bits || (et->cls != 'b' && ct->type != expected)) {
    fail(t, std::string(ct->name) + " constant cannot be used as " + (et ? et->name : "this type"));
  }
  expect('(');
  std::vector<std::string> elems;
  uint16_t elem_type = packed_element(ct->type);
  do {
    uint16_t ignored = 0;
    elems.push_back(literal_bytes(elem_type, &ignored));
  } while (accept(','));
  expect(')');
  if (elems.size() != packed_count(ct->type)) {
    fail(t,
         std::string(ct->name) + " needs " + std::to_string(packed_count(ct->type)) + " elements");
  }
  std::string out;
  for (auto e = elems.rbegin(); e != elems.rend(); ++e) out += *e;
  *const_type = et->cls == 'b' ? unsigned_type(et->bits / 8) : ct->type;
  return out;
}

std::string Parser::literal_bytes(uint16_t expected, uint16_t* const_type) {
  if (cur().kind == TokenKind::kWord && peek().is('(')) {
    return typed_constant_bytes(expected, const_type);
  }
  bool negative = accept('-');
  const Token& t = cur();
  const TypeInfo* et = type_info(expected);
  if (et != nullptr && et->cls == 'p') fail(t, "a packed operand needs a typed constant");
  if (et == nullptr || et->cls == 'o' || et->bits == 128) {
    fail(t, "not supported yet: constants of this type");
  }
  if (t.kind == TokenKind::kInt) {
    take();
    if (t.overflow) fail(t, "integer constant does not fit in 64 bits");
    if (et->cls == 'f') fail(t, "integer constant cannot be used as " + std::string(et->name));
    uint64_t v = negative ? ~t.value + 1 : t.value;
    unsigned bytes = et->bits == 1 ? 1 : et->bits / 8;
    if (et->bits == 1) v &= 1;
    *const_type = et->cls == 'b' ? unsigned_type(bytes) : expected;
    std::string out(bytes, '\0');
    for (unsigned k = 0; k < bytes; ++k) out[k] = static_cast<char>(v >> (8 * k));
    return out;
  }
  if (t.kind == TokenKind::kFloat) {
    take();
    const TypeInfo* ft = type_info(t.float_type);
    if (et->cls == 'f' && t.float_type != expected) {
      fail(t, std::string(ft->name) + " constant cannot be converted to " + et->name);
    }
    if (et->cls != 'f' && !(et->cls == 'b' && et->bits == ft->bits)) {
      fail(t, "float constant cannot be used as " + std::string(et->name));
    }
    uint64_t v = t.value;
    if (negative) v ^= 1ull << (ft->bits - 1);
    // A float literal for a bit type is stored as the unsigned type of
    // that size, as HSAILasm does.
    *const_type = et->cls == 'b' ? unsigned_type(ft->bits / 8) : t.float_type;
    std::string out(ft->bits / 8, '\0');
    for (unsigned k = 0; k < ft->bits / 8; ++k) out[k] = static_cast<char>(v >> (8 * k));
    return out;
  }
  fail(t, "expected a constant" + found());
}

// ---- pragma and loc (PRM 13.2, 13.4) ----
void Parser::parse_annotation() {
  const Token& kw = take();
  if (kw.text == "loc") {
    fw_brig_directive_loc d{};
    const Token& line = expect_kind(TokenKind::kInt, "a line number");
    d.line = static_cast<uint32_t>(line.value);
    d.column = 1;
    if (cur().kind == TokenKind::kInt) d.column = static_cast<uint32_t>(take().value);
    // Without a file name the loc refers to the file of the previous one.
    if (cur().kind == TokenKind::kString) loc_file_ = take().text;
    d.filename = m_.add_string(loc_file_);
    expect(';');
    m_.add_code(d, FW_BRIG_KIND_DIRECTIVE_LOC);
    return;
  }
  std::vector<uint32_t> ops;
  do {
    const Token& t = cur();
    if (t.kind == TokenKind::kString) {
      take();
      fw_brig_operand_string o{};
      o.string = m_.add_string(t.text);
      ops.push_back(m_.add_operand(o, FW_BRIG_KIND_OPERAND_STRING));
    } else {
      ops.push_back(parse_pragma_operand());
    }
  } while (accept(','));
  expect(';');
  fw_brig_directive_pragma d{};
  d.operands = m_.add_list(ops);
  m_.add_code(d, FW_BRIG_KIND_DIRECTIVE_PRAGMA);
}

// Pragma operands (PRM 13.4): integers are u64, float literals keep their
// own type, WAVESIZE, registers of any size, typed constants, and
// identifiers of symbols and labels in scope.
uint32_t Parser::parse_pragma_operand() {
  const Token& t = cur();
  switch (t.kind) {
    case TokenKind::kRegister: {
      const Token& r = take();
      return add_register(r, register_kind_bits(register_kind_from_letter(r.text[1])));
    }
    case TokenKind::kFloat:
      return parse_source(t.float_type);
    case TokenKind::kGlobalName:
    case TokenKind::kLocalName: {
      const Token& name = take();
      fw_brig_operand_code_ref r{};
      r.ref = lookup(name).code_off;
      return m_.add_operand(r, FW_BRIG_KIND_OPERAND_CODE_REF);
    }
    case TokenKind::kLabel:
      return parse_label_ref();
    case TokenKind::kWord: {
      if (t.text == "WAVESIZE") return parse_source(FW_BRIG_TYPE_U64);
      const TypeInfo* ti = type_by_name(t.text);
      if (ti != nullptr && peek().is('(')) return parse_source(ti->type);
      break;
    }
    default:
      if (t.kind == TokenKind::kInt || (t.is('-') && peek().kind == TokenKind::kInt)) {
        return parse_source(FW_BRIG_TYPE_U64);
      }
      break;
  }
  fail(t, "expected a pragma operand" + found());
}

// fbarrier &name; at module scope (decl, prog allowed) or %name; in a
// code block (PRM 9.2).
void Parser::parse_fbarrier(const Quals& q, bool local) {
  take();
  const Token& name = cur();
  if (name.kind != (local ? TokenKind::kLocalName : TokenKind::kGlobalName)) {
    fail(name, std::string("expected a ") + (local ? "%name" : "&name") + found());
  }
  take();
  fw_brig_directive_fbarrier d{};
  d.name = m_.add_string(name.text);
  d.modifier = q.decl ? 0 : FW_BRIG_VARIABLE_DEFINITION;
  d.linkage = local    ? FW_BRIG_LINKAGE_FUNCTION
              : q.prog ? FW_BRIG_LINKAGE_PROGRAM
                       : FW_BRIG_LINKAGE_MODULE;
  expect(';');
  uint32_t off = m_.add_code(d, FW_BRIG_KIND_DIRECTIVE_FBARRIER);
  declare(name, off, FW_BRIG_KIND_DIRECTIVE_FBARRIER, 0, !q.decl, local, q.prog);
}

// Control directives inside a code block (PRM 13.5): fixed operand
// count and type per directive, constants or WAVESIZE.
void Parser::parse_control_directive() {
  const Token& kw = take();
  const ControlDirectiveInfo* info = control_directive(kw.text);
  std::vector<uint32_t> ops;
  for (unsigned k = 0; k < info->operand_count; ++k) {
    if (k > 0) expect(',');
    if (cur().kind == TokenKind::kRegister) fail(cur(), "control directive operands are constants");
    // A negative value would wrap to a valid-looking u32/u64 in BRIG, so
    // the text is the only place to refuse it.
    if (cur().is('-')) fail(cur(), "control directive operands are non-negative integers");
    ops.push_back(parse_source(info->operand_type));
  }
  expect(';');
  fw_brig_directive_control d{};
  d.control = info->control;
  d.operands = m_.add_list(ops);
  m_.add_code(d, FW_BRIG_KIND_DIRECTIVE_CONTROL);
}

// ---- kernels and functions ----
// Kernels, functions, indirect functions and signatures (PRM 4.3, 10.3):
// the directive first, its arguments after it, then the code block.
// Signatures have no code block, no linkage and are always definitions.
void Parser::parse_executable(const Quals& q, uint16_t kind) {
  take();  // "kernel", "function" or "signature"
  bool kernel = kind == FW_BRIG_KIND_DIRECTIVE_KERNEL;
  bool signature = kind == FW_BRIG_KIND_DIRECTIVE_SIGNATURE;
  const Token& name = expect_kind(TokenKind::kGlobalName, "a kernel or function name");
  fw_brig_directive_executable d{};
  d.name = m_.add_string(name.text);
  d.modifier = q.decl ? 0 : FW_BRIG_EXECUTABLE_DEFINITION;
  d.linkage = signature ? FW_BRIG_LINKAGE_NONE
              : q.prog  ? FW_BRIG_LINKAGE_PROGRAM
                        : FW_BRIG_LINKAGE_MODULE;
  m_.set_code_position(name.pos);
  uint32_t off = m_.add_code(d, kind);
  scopes_.emplace_back();
  in_declaration_ = q.decl || signature;
  VarScope arg_scope = signature ? VarScope::kSignatureArg
                       : kernel  ? VarScope::kKernelArg
                                 : VarScope::kFunctionArg;
  if (!kernel) d.out_arg_count = parse_args(arg_scope);
  // Without input arguments first_in_arg equals first_code_block_entry
  // (PRM 18.5.1.5), which is where the input arguments would have been.
  d.first_in_arg = m_.code().size();
  d.in_arg_count = parse_args(arg_scope);
  d.first_code_block_entry = m_.code().size();
  // Declared before the body so that recursive calls resolve.
  declare(name, off, kind, 0, !q.decl, false, q.prog || signature);
  if (!q.decl && !signature) {
    if (!cur().is('{')) fail(cur(), "expected '{' to start the body" + found());
    parse_body();
  }
  expect(';');
  scopes_.pop_back();
  d.next_module_entry = m_.code().size();
  if (q.decl || signature) d.first_code_block_entry = d.next_module_entry;
  fw_brig_directive_executable full = m_.code().get<fw_brig_directive_executable>(off);
  full.out_arg_count = d.out_arg_count;
  full.in_arg_count = d.in_arg_count;
  full.first_in_arg = d.first_in_arg;
  full.first_code_block_entry = d.first_code_block_entry;
  full.next_module_entry = d.next_module_entry;
  m_.code().put(off, full);
}

uint16_t Parser::parse_args(VarScope scope) {
  expect('(');
  uint16_t n = 0;
  if (accept(')')) return 0;
  do {
    Quals q = parse_quals();
    if (q.decl || q.prog || q.agent || q.is_const)
      fail(cur(), "qualifier not allowed on an argument");
    parse_variable(q, scope);
    ++n;
  } while (accept(','));
  expect(')');
  return n;
}

void Parser::parse_body() {
  expect('{');
  labels_.clear();
  label_fixups_.clear();
  int arg_depth = 0;
  for (;;) {
    flush_comments();
    const Token& t = cur();
    if (t.kind == TokenKind::kEnd) fail(t, "missing '}' at end of body");
    m_.set_code_position(t.pos);
    if (t.is('}')) {
      take();
      if (arg_depth == 0) break;
      --arg_depth;
      scopes_.pop_back();
      m_.add_code(fw_brig_directive_arg_block{}, FW_BRIG_KIND_DIRECTIVE_ARG_BLOCK_END);
      continue;
    }
    if (t.is('{')) {
      take();
      if (arg_depth > 0) fail(t, "arg blocks cannot nest");
      ++arg_depth;
      scopes_.emplace_back();
      m_.add_code(fw_brig_directive_arg_block{}, FW_BRIG_KIND_DIRECTIVE_ARG_BLOCK_START);
      continue;
    }
    // A spelling decoded before is an instruction again (the statement's
    // form depends on the word alone): no need to try the other forms.
    if (t.kind == TokenKind::kWord) {
      auto known = mnemonics_.find(t.text);
      if (known != mnemonics_.end()) {
        parse_instruction(&known->second);
        continue;
      }
    }
    if (t.kind == TokenKind::kLabel) {
      parse_label_definition();
      continue;
    }
    if (t.kind == TokenKind::kWord && (t.text == "pragma" || t.text == "loc")) {
      parse_annotation();
      continue;
    }
    if (t.kind == TokenKind::kWord && t.text == "fbarrier") {
      parse_fbarrier(Quals{}, true);
      continue;
    }
    if (t.kind == TokenKind::kWord && control_directive(t.text) != nullptr) {
      parse_control_directive();
      continue;
    }
    if (t.kind != TokenKind::kWord) fail(t, "expected an instruction or directive" + found());
    m_.set_code_position(t.pos);
    std::string_view first = first_mnemonic_part(t.text);
    if (first == "decl" || first == "prog" || first == "const" || first == "alloc(agent)" ||
        paren_argument(first, "align") || kSegmentNames.lookup(first) >= 0) {
      Quals q = parse_quals();
      parse_variable(q, arg_depth > 0 ? VarScope::kArgBlock : VarScope::kFunction);
      expect(';');
      continue;
    }
    parse_instruction(nullptr);
  }
  for (const LabelFixup& f : label_fixups_) {
    auto it = labels_.find(f.name);
    if (it == labels_.end())
      throw SyntaxError(f.pos, "undefined label '" + std::string(f.name) + "'");
    f.section->put<uint32_t>(f.field_off, it->second);
  }
}

void Parser::parse_label_definition() {
  const Token& t = take();
  expect(':');
  if (labels_.count(t.text)) fail(t, "label '" + str(t) + "' defined twice");
  fw_brig_directive_label l{};
  l.name = m_.add_string(t.text);
  labels_[t.text] = m_.add_code(l, FW_BRIG_KIND_DIRECTIVE_LABEL);
}

}  // namespace hsail::parser_detail
