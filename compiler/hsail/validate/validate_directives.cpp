// Directive rules (PRM 4, 13): variables and formal arguments, arg blocks,
// control directives, loc, extensions.
#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include <hsail/brig/names.h>

#include "validator_impl.h"

namespace hsail::validator_detail {

namespace {

uint16_t code_kind(const Context& c, uint32_t off) { return c.m.base_at(c.m.code(), off).kind; }
uint32_t next_entry(const Context& c, uint32_t off) {
  return off + c.m.base_at(c.m.code(), off).byte_count;
}

uint64_t dim_of(const fw_brig_directive_variable& v) { return uint64_t(v.dim.hi) << 32 | v.dim.lo; }

std::string type_name(uint16_t type) {
  const TypeInfo* t = type_info(array_element(type));
  return t != nullptr ? t->name : "type " + std::to_string(type);
}

// ---- control directives (PRM 13.5) ----

enum class Bound { kAny, kPositive, kDimension };

struct ControlRule {
  uint16_t control;
  const char* name;
  unsigned operands;
  unsigned bits;  // every operand is a u32 or u64 constant
  bool wavesize;  // WAVESIZE may stand for a value
  Bound bound;
};

constexpr ControlRule kControlRules[] = {
    {FW_BRIG_CONTROL_ENABLEBREAKEXCEPTIONS, "enablebreakexceptions", 1, 32, false, Bound::kAny},
    {FW_BRIG_CONTROL_ENABLEDETECTEXCEPTIONS, "enabledetectexceptions", 1, 32, false, Bound::kAny},
    {FW_BRIG_CONTROL_MAXDYNAMICGROUPSIZE, "maxdynamicgroupsize", 1, 32, false, Bound::kAny},
    {FW_BRIG_CONTROL_MAXFLATGRIDSIZE, "maxflatgridsize", 1, 64, true, Bound::kPositive},
    {FW_BRIG_CONTROL_MAXFLATWORKGROUPSIZE, "maxflatworkgroupsize", 1, 32, true, Bound::kPositive},
    {FW_BRIG_CONTROL_REQUIREDDIM, "requireddim", 1, 32, false, Bound::kDimension},
    {FW_BRIG_CONTROL_REQUIREDGRIDSIZE, "requiredgridsize", 3, 64, true, Bound::kPositive},
    {FW_BRIG_CONTROL_REQUIREDWORKGROUPSIZE, "requiredworkgroupsize", 3, 32, true, Bound::kPositive},
    {FW_BRIG_CONTROL_REQUIRENOPARTIALWORKGROUPS, "requirenopartialworkgroups", 0, 0, false,
     Bound::kAny},
};

const ControlRule* control_rule(uint16_t control) {
  for (const ControlRule& r : kControlRules) {
    if (r.control == control) return &r;
  }
  return nullptr;
}

// Only comments, loc, pragma and other control directives may come before
// a control directive in its code block (PRM 13.5: "before the first HSAIL
// code block definition or statement").
bool may_precede_control(uint16_t kind) {
  return kind == FW_BRIG_KIND_DIRECTIVE_COMMENT || kind == FW_BRIG_KIND_DIRECTIVE_LOC ||
         kind == FW_BRIG_KIND_DIRECTIVE_PRAGMA || kind == FW_BRIG_KIND_DIRECTIVE_CONTROL;
}

void check_control_placement(const Context& c, const char* name) {
  if (c.executable == 0) {
    c.fail(std::string(name) + " must be inside a kernel or function (PRM 13.5)");
  }
  auto e = c.m.code_entry<fw_brig_directive_executable>(c.executable);
  for (uint32_t off = e.first_code_block_entry; off < c.at; off = next_entry(c, off)) {
    if (!may_precede_control(code_kind(c, off))) {
      c.fail(std::string(name) +
             " must come before the first definition or statement of its code block (PRM 13.5)");
    }
  }
}

void check_control(const Context& c) {
  auto d = c.entry<fw_brig_directive_control>();
  const ControlRule* rule = control_rule(d.control);
  if (rule == nullptr) c.fail("unknown control directive " + std::to_string(d.control));
  const std::string name = rule->name;
  check_control_placement(c, rule->name);
  std::vector<uint32_t> ops = c.m.data_list(d.operands);
  if (ops.size() != rule->operands) {
    c.fail(name + " takes " + std::to_string(rule->operands) + " operands (PRM 13.5)");
  }
  for (uint32_t op : ops) {
    uint16_t kind = op != 0 ? c.m.base_at(c.m.operands(), op).kind : 0;
    if (kind == FW_BRIG_KIND_OPERAND_WAVESIZE) {
      if (!rule->wavesize) c.fail(name + " does not take WAVESIZE (PRM 13.5)");
      continue;
    }
    if (kind != FW_BRIG_KIND_OPERAND_CONSTANT_BYTES) {
      c.fail(name + " operands must be integer constants (PRM 13.5)");
    }
    std::string_view bytes =
        c.m.data_bytes(c.m.operand_entry<fw_brig_operand_constant_bytes>(op).bytes);
    if (bytes.size() != rule->bits / 8) {
      c.fail(name + " operands must be u" + std::to_string(rule->bits) + " constants (PRM 13.5)");
    }
    uint64_t value = 0;
    std::memcpy(&value, bytes.data(), bytes.size());
    if (rule->bound == Bound::kPositive && value == 0) {
      c.fail(name + " operands must be greater than 0 (PRM 13.5)");
    }
    if (rule->bound == Bound::kDimension && (value < 1 || value > 3)) {
      c.fail(name + " must be 1, 2 or 3 (PRM 13.5)");
    }
  }
}

// ---- loc (PRM 13.2) ----

void check_loc(const Context& c) {
  auto d = c.entry<fw_brig_directive_loc>();
  if (d.line == 0) c.fail("loc line number must be greater than 0 (PRM 13.2)");
  if (d.column == 0) c.fail("loc column number must be greater than 0 (PRM 13.2)");
}

// ---- arg blocks (PRM 4.3.6) ----

// Fails at the entry at off (not the one being checked), with its own
// source position when known.
[[noreturn]] void fail_at(const Context& c, uint32_t off, const std::string& msg) {
  throw ValidationError(off, c.m.code_position(off), msg);
}

bool is_call(uint16_t opcode) {
  return opcode == FW_BRIG_OPCODE_CALL || opcode == FW_BRIG_OPCODE_SCALL ||
         opcode == FW_BRIG_OPCODE_ICALL;
}

// The variables a call names in its output and input lists.
std::vector<uint32_t> call_arguments(const Context& c, uint32_t call) {
  std::vector<uint32_t> ops = c.m.data_list(c.m.code_entry<fw_brig_inst_base>(call).operands);
  std::vector<uint32_t> args;
  for (size_t i : {size_t{0}, size_t{2}}) {
    if (i >= ops.size() || ops[i] == 0 ||
        c.m.base_at(c.m.operands(), ops[i]).kind != FW_BRIG_KIND_OPERAND_CODE_LIST) {
      continue;  // the call rules report malformed lists
    }
    for (uint32_t v :
         c.m.data_list(c.m.operand_entry<fw_brig_operand_code_list>(ops[i]).elements)) {
      args.push_back(v);
    }
  }
  return args;
}

// An arg block holds exactly one call instruction (a second call is at
// fault, or the closing bracket of a block without any), and every
// variable it defines is an argument of that call (PRM 4.3.6, 10.2).
void check_arg_block(const Context& c) {
  uint32_t call = 0;
  std::vector<uint32_t> vars;
  const uint32_t end = c.m.code().size();
  for (uint32_t off = next_entry(c, c.at);; off = next_entry(c, off)) {
    if (off >= end) c.fail("arg block is not closed (PRM 4.3.6)");
    uint16_t kind = code_kind(c, off);
    if (kind == FW_BRIG_KIND_DIRECTIVE_ARG_BLOCK_END) {
      if (call == 0) {
        fail_at(c, off, "an arg block must hold one call, this one has none (PRM 4.3.6)");
      }
      std::vector<uint32_t> args = call_arguments(c, call);
      for (uint32_t v : vars) {
        if (std::find(args.begin(), args.end(), v) == args.end()) {
          fail_at(c, v,
                  "every variable of an arg block must be an argument of its call (PRM 10.2)");
        }
      }
      return;
    }
    if (kind == FW_BRIG_KIND_DIRECTIVE_ARG_BLOCK_START) {
      fail_at(c, off, "arg blocks cannot be nested (PRM 4.3.6)");
    }
    if (kind == FW_BRIG_KIND_DIRECTIVE_VARIABLE) vars.push_back(off);
    if (kind >= FW_BRIG_KIND_INST_BEGIN && kind < FW_BRIG_KIND_INST_END &&
        is_call(c.m.code_entry<fw_brig_inst_base>(off).opcode)) {
      if (call != 0) fail_at(c, off, "an arg block must hold only one call (PRM 4.3.6)");
      call = off;
    }
  }
}

// ---- variables (PRM 4.3.10, 4.13); opaque types and their segments are
// memory rules (validate_memory.cpp) ----

// Natural alignment in bytes of an element type: its size; every opaque
// handle (images, samplers, signals) is 64-bit (PRM 4.13, table 4-4).
uint64_t natural_bytes(uint16_t type) {
  const TypeInfo* info = type_info(array_element(type));
  if (info == nullptr || info->bits == 0) return 8;
  return info->bits <= 8 ? 1 : info->bits / 8;
}

bool is_argument_segment(uint8_t segment) {
  return segment == FW_BRIG_SEGMENT_ARG || segment == FW_BRIG_SEGMENT_KERNARG;
}

void check_variable(const Context& c) {
  auto v = c.entry<fw_brig_directive_variable>();
  uint64_t natural = natural_bytes(v.type);
  if (alignment_bytes(v.align) < natural) {
    c.fail("alignment must be at least the natural one, " + std::to_string(natural) +
           " bytes for " + type_name(v.type) + " (PRM 4.3.10)");
  }
  const bool definition = (v.modifier & FW_BRIG_VARIABLE_DEFINITION) != 0;
  if ((v.modifier & FW_BRIG_VARIABLE_CONST) != 0) {
    if (v.segment != FW_BRIG_SEGMENT_GLOBAL && v.segment != FW_BRIG_SEGMENT_READONLY) {
      c.fail("only global and readonly variables can be const (PRM 4.3.10)");
    }
    if (definition && v.init == 0) {
      c.fail("a const variable definition needs an initializer (PRM 4.3.10)");
    }
  }
  // Arrays without size: formal arguments are checked with their kernel or
  // function; elsewhere only a module-scope declaration may have one.
  const bool formal = is_argument_segment(v.segment) && !c.in_arg_block;
  if (is_array(v.type) && dim_of(v) == 0 && !formal) {
    if (c.executable != 0 || c.in_arg_block) {
      c.fail("only the last input argument of a function can be an array without size (PRM 10.4)");
    }
    if (definition) c.fail("an array definition needs a size (PRM 4.3.10)");
  }
}

// ---- extension (PRM 13.1) ----

// Extensions come right after the module header (only annotations may lie
// between), and "CORE" excludes every other extension.
void check_extension(const Context& c) {
  for (uint32_t off = c.m.code().header_size(); off < c.at; off = next_entry(c, off)) {
    uint16_t kind = code_kind(c, off);
    if (kind != FW_BRIG_KIND_DIRECTIVE_MODULE && kind != FW_BRIG_KIND_DIRECTIVE_EXTENSION &&
        kind != FW_BRIG_KIND_DIRECTIVE_COMMENT && kind != FW_BRIG_KIND_DIRECTIVE_LOC &&
        kind != FW_BRIG_KIND_DIRECTIVE_PRAGMA) {
      c.fail("extension directives must come before every other directive (PRM 13.1)");
    }
  }
  if (c.extensions.count("CORE") != 0 && c.extensions.size() > 1) {
    c.fail("extension \"CORE\" cannot be combined with other extensions (PRM 13.1)");
  }
}

// ---- kernels, functions and signatures: formal arguments (PRM 10.4) ----

void check_formals(const Context& c) {
  auto e = c.entry<fw_brig_directive_executable>();
  const bool kernel = c.kind == FW_BRIG_KIND_DIRECTIVE_KERNEL;
  uint32_t off = next_entry(c, c.at);
  if (e.out_arg_count > 1) c.fail("functions have at most one output argument (PRM 10.2)");
  const unsigned count = e.out_arg_count + e.in_arg_count;
  for (unsigned i = 0; i < count; ++i, off = next_entry(c, off)) {
    if (off >= c.m.code().size() || code_kind(c, off) != FW_BRIG_KIND_DIRECTIVE_VARIABLE) {
      c.fail("formal arguments are missing (PRM 18.5.1)");
    }
    auto v = c.m.code_entry<fw_brig_directive_variable>(off);
    if (!is_array(v.type) || dim_of(v) != 0) continue;
    if (kernel) fail_at(c, off, "kernel array arguments need a size (PRM 4.3.2)");
    if (i < e.out_arg_count) fail_at(c, off, "output array arguments need a size (PRM 10.4)");
    if (i + 1 != count) {
      fail_at(c, off, "only the last input argument can be an array without size (PRM 10.4)");
    }
  }
}

// Pragmas need at least one operand. PRM 13.4 says the first names the
// pragma and is a string, but HSAILasm accepts integers, floats and
// identifiers there and HSAIL programs use them, so that is not a rule
// here: a pragma's meaning is the implementation's, and ours ignores them.
void check_pragma(const Context& c) {
  auto d = c.entry<fw_brig_directive_pragma>();
  if (c.m.data_list(d.operands).empty()) c.fail("a pragma needs at least one operand (PRM 13.4)");
}

}  // namespace

void check_directive_rules(const Context& c) {
  switch (c.kind) {
    case FW_BRIG_KIND_DIRECTIVE_CONTROL:
      check_control(c);
      break;
    case FW_BRIG_KIND_DIRECTIVE_LOC:
      check_loc(c);
      break;
    case FW_BRIG_KIND_DIRECTIVE_PRAGMA:
      check_pragma(c);
      break;
    case FW_BRIG_KIND_DIRECTIVE_EXTENSION:
      check_extension(c);
      break;
    case FW_BRIG_KIND_DIRECTIVE_ARG_BLOCK_START:
      check_arg_block(c);
      break;
    case FW_BRIG_KIND_DIRECTIVE_VARIABLE:
      check_variable(c);
      break;
    case FW_BRIG_KIND_DIRECTIVE_FBARRIER:
      if (c.in_arg_block) c.fail("fbarriers cannot be defined inside an arg block (PRM 4.3.6)");
      break;
    case FW_BRIG_KIND_DIRECTIVE_KERNEL:
    case FW_BRIG_KIND_DIRECTIVE_FUNCTION:
    case FW_BRIG_KIND_DIRECTIVE_INDIRECT_FUNCTION:
    case FW_BRIG_KIND_DIRECTIVE_SIGNATURE:
      check_formals(c);
      break;
    default:
      break;
  }
}

}  // namespace hsail::validator_detail
