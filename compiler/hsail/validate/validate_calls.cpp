// Call rules (PRM 10): call, scall and icall operands against the callee's
// formal arguments; ret, alloca and branches inside arg blocks; how a function
// may access its own formal arguments.
#include <algorithm>
#include <string>
#include <vector>

#include <hsail/brig/names.h>

#include "validator_impl.h"

namespace hsail::validator_detail {

namespace {

// Operand roles of the three call instructions (PRM 10.6-10.8): the output
// list, the target (function or register), the input list, and for scall
// and icall the function list or signature.
constexpr size_t kOutArgs = 0;
constexpr size_t kTarget = 1;
constexpr size_t kInArgs = 2;
constexpr size_t kCallees = 3;

bool is_call(uint16_t opcode) {
  return opcode == FW_BRIG_OPCODE_CALL || opcode == FW_BRIG_OPCODE_SCALL ||
         opcode == FW_BRIG_OPCODE_ICALL;
}

bool is_callee_kind(uint16_t kind) {
  return kind == FW_BRIG_KIND_DIRECTIVE_FUNCTION ||
         kind == FW_BRIG_KIND_DIRECTIVE_INDIRECT_FUNCTION ||
         kind == FW_BRIG_KIND_DIRECTIVE_SIGNATURE;
}

uint16_t code_kind(const Context& c, uint32_t off) { return c.m.base_at(c.m.code(), off).kind; }

// The code offsets an operand of kind CODE_LIST names; fails when operand i
// is something else.
std::vector<uint32_t> code_list(const Context& c, size_t i, const char* what) {
  if (c.operand_kind(i) != FW_BRIG_KIND_OPERAND_CODE_LIST) {
    c.fail(std::string(what) + " must be a list in parentheses (PRM 10.2)");
  }
  return c.m.data_list(c.m.operand_entry<fw_brig_operand_code_list>(c.operands[i]).elements);
}

uint32_t code_ref(const Context& c, size_t i) {
  return c.m.operand_entry<fw_brig_operand_code_ref>(c.operands[i]).ref;
}

// The kernels, functions or signatures whose formal arguments the call's
// actual arguments must match: one for call and icall, every function of
// the list for scall.
std::vector<uint32_t> callees(const Context& c, uint16_t opcode) {
  if (opcode == FW_BRIG_OPCODE_CALL) {
    if (c.operand_kind(kTarget) != FW_BRIG_KIND_OPERAND_CODE_REF) {
      c.fail("call needs a function name as target (PRM 10.6)");
    }
    return {code_ref(c, kTarget)};
  }
  if (opcode == FW_BRIG_OPCODE_ICALL) {
    if (c.operand_kind(kCallees) != FW_BRIG_KIND_OPERAND_CODE_REF) {
      c.fail("icall needs a signature (PRM 10.8)");
    }
    return {code_ref(c, kCallees)};
  }
  if (c.operand_kind(kCallees) != FW_BRIG_KIND_OPERAND_CODE_LIST) {
    c.fail("scall needs a list of functions (PRM 10.7)");
  }
  return code_list(c, kCallees, "the scall function list");
}

// Argument errors point at the call itself: the argument lists carry no
// source positions of their own.
//
// An actual argument matches its formal when both have the same element
// type and alignment and are both scalars, or both arrays of the same
// length; a formal array without size takes any fixed-size array
// (PRM 10.2).
void check_argument(const Context& c, size_t list, size_t n, uint32_t actual_off,
                    uint32_t formal_off) {
  std::string which =
      std::string(list == kOutArgs ? "output" : "input") + " argument " + std::to_string(n + 1);
  if (actual_off == 0 || code_kind(c, actual_off) != FW_BRIG_KIND_DIRECTIVE_VARIABLE) {
    c.fail(which + " is not a variable (PRM 10.2)");
  }
  auto actual = c.m.code_entry<fw_brig_directive_variable>(actual_off);
  auto formal = c.m.code_entry<fw_brig_directive_variable>(formal_off);
  if (actual.segment != FW_BRIG_SEGMENT_ARG) {
    c.fail(which + " must be an arg segment variable (PRM 10.2)");
  }
  const TypeInfo* at = type_info(array_element(actual.type));
  const TypeInfo* ft = type_info(array_element(formal.type));
  if (array_element(actual.type) != array_element(formal.type)) {
    c.fail(which + " has type " + (at ? at->name : "?") + ", the formal argument " +
           (ft ? ft->name : "?") + " (PRM 10.2)");
  }
  if (actual.align != formal.align) {
    c.fail(which + " has another alignment than its formal argument (PRM 10.2)");
  }
  uint64_t actual_dim = uint64_t(actual.dim.hi) << 32 | actual.dim.lo;
  uint64_t formal_dim = uint64_t(formal.dim.hi) << 32 | formal.dim.lo;
  if (!is_array(formal.type)) {
    if (is_array(actual.type)) c.fail(which + " must be a scalar (PRM 10.2)");
    return;
  }
  if (!is_array(actual.type)) c.fail(which + " must be an array (PRM 10.2)");
  if (actual_dim == 0) c.fail(which + " must be an array with a size (PRM 10.2)");
  if (formal_dim != 0 && formal_dim != actual_dim) {
    c.fail(which + " has " + std::to_string(actual_dim) + " elements, the formal argument " +
           std::to_string(formal_dim) + " (PRM 10.2)");
  }
}

// Formal arguments follow the executable directive: outputs first, then
// the inputs from first_in_arg on.
std::vector<uint32_t> formals(const Context& c, uint32_t from, unsigned count) {
  std::vector<uint32_t> v;
  uint32_t off = from;
  for (unsigned i = 0; i < count; ++i) {
    if (off >= c.m.code().size() || code_kind(c, off) != FW_BRIG_KIND_DIRECTIVE_VARIABLE) {
      c.fail("callee's formal arguments are malformed (PRM 18.5.1)");
    }
    v.push_back(off);
    off += c.m.base_at(c.m.code(), off).byte_count;
  }
  return v;
}

void check_against(const Context& c, uint32_t callee, const std::vector<uint32_t>& outs,
                   const std::vector<uint32_t>& ins) {
  if (callee == 0 || !is_callee_kind(code_kind(c, callee))) {
    c.fail("call target is not a function or signature (PRM 10)");
  }
  auto d = c.m.code_entry<fw_brig_directive_executable>(callee);
  std::string name(c.m.data_bytes(d.name));
  if (outs.size() != d.out_arg_count) {
    c.fail(std::to_string(outs.size()) + " output arguments, " + name + " takes " +
           std::to_string(d.out_arg_count) + " (PRM 10.2)");
  }
  if (ins.size() != d.in_arg_count) {
    c.fail(std::to_string(ins.size()) + " input arguments, " + name + " takes " +
           std::to_string(d.in_arg_count) + " (PRM 10.2)");
  }
  uint32_t first_out = callee + c.m.base_at(c.m.code(), callee).byte_count;
  std::vector<uint32_t> fo = formals(c, first_out, d.out_arg_count);
  std::vector<uint32_t> fi = formals(c, d.first_in_arg, d.in_arg_count);
  for (size_t i = 0; i < outs.size(); ++i) check_argument(c, kOutArgs, i, outs[i], fo[i]);
  for (size_t i = 0; i < ins.size(); ++i) check_argument(c, kInArgs, i, ins[i], fi[i]);
}

void check_call(const Context& c, uint16_t opcode) {
  if (opcode == FW_BRIG_OPCODE_ICALL && c.profile == FW_BRIG_PROFILE_BASE) {
    c.fail("icall is not supported by the base profile (PRM 16.2.1)");
  }
  std::vector<uint32_t> outs = code_list(c, kOutArgs, "output arguments");
  std::vector<uint32_t> ins = code_list(c, kInArgs, "input arguments");
  // Each actual argument appears once, as input or as output (PRM 10.2).
  std::vector<uint32_t> all = outs;
  all.insert(all.end(), ins.begin(), ins.end());
  std::sort(all.begin(), all.end());
  if (std::adjacent_find(all.begin(), all.end()) != all.end()) {
    c.fail("an actual argument appears twice in the call (PRM 10.2)");
  }
  for (uint32_t callee : callees(c, opcode)) check_against(c, callee, outs, ins);
}

// True when a and b lie in the same scope: both in one arg block, or both
// outside every arg block of the code block. Walking from the lower offset
// to the higher one, leaving a block or ending up inside one means they
// differ.
bool same_scope(const Context& c, uint32_t a, uint32_t b) {
  uint32_t lo = a < b ? a : b;
  uint32_t hi = a < b ? b : a;
  int depth = 0;
  for (uint32_t off = lo; off < hi; off += c.m.base_at(c.m.code(), off).byte_count) {
    uint16_t kind = code_kind(c, off);
    if (kind == FW_BRIG_KIND_DIRECTIVE_ARG_BLOCK_START) ++depth;
    if (kind == FW_BRIG_KIND_DIRECTIVE_ARG_BLOCK_END && --depth < 0) return false;
  }
  return depth == 0;
}

// Branches stay in their scope: no jumps into, out of or between arg
// blocks (PRM 4.3.6, 4.9).
void check_branch_targets(const Context& c) {
  for (size_t i = 0; i < c.operands.size(); ++i) {
    std::vector<uint32_t> targets;
    if (c.operand_kind(i) == FW_BRIG_KIND_OPERAND_CODE_REF) {
      targets.push_back(code_ref(c, i));
    } else if (c.operand_kind(i) == FW_BRIG_KIND_OPERAND_CODE_LIST) {
      targets = c.m.data_list(c.m.operand_entry<fw_brig_operand_code_list>(c.operands[i]).elements);
    }
    for (uint32_t t : targets) {
      if (t == 0 || code_kind(c, t) != FW_BRIG_KIND_DIRECTIVE_LABEL) continue;
      if (!same_scope(c, c.at, t)) {
        c.fail_operand(
            i, "branch to label " +
                   std::string(c.m.data_bytes(c.m.code_entry<fw_brig_directive_label>(t).name)) +
                   " in another scope (an arg block boundary lies between, PRM 4.3.6)");
      }
    }
  }
}

// A function reads its input arguments with ld and writes its output
// argument with st, nothing else (PRM 10.2). Formal arguments sit between
// the function directive and its first code block entry; outputs come
// first, inputs from first_in_arg on.
void check_formal_access(const Context& c, uint16_t opcode) {
  if (c.executable == 0) return;
  auto e = c.m.code_entry<fw_brig_directive_executable>(c.executable);
  for (size_t i = 0; i < c.operands.size(); ++i) {
    if (c.operand_kind(i) != FW_BRIG_KIND_OPERAND_ADDRESS) continue;
    uint32_t sym = c.m.operand_entry<fw_brig_operand_address>(c.operands[i]).symbol;
    if (sym <= c.executable || sym >= e.first_code_block_entry) continue;
    if (code_kind(c, sym) != FW_BRIG_KIND_DIRECTIVE_VARIABLE) continue;
    auto v = c.m.code_entry<fw_brig_directive_variable>(sym);
    if (v.segment != FW_BRIG_SEGMENT_ARG) continue;  // kernel arguments: memory rules
    std::string name(c.m.data_bytes(v.name));
    if (sym >= e.first_in_arg && opcode != FW_BRIG_OPCODE_LD) {
      c.fail_operand(i, "input argument " + name + " can only be read with ld (PRM 10.2)");
    }
    if (sym < e.first_in_arg && opcode != FW_BRIG_OPCODE_ST) {
      c.fail_operand(i, "output argument " + name + " can only be written with st (PRM 10.2)");
    }
  }
}

}  // namespace

void check_call_rules(const Context& c) {
  uint16_t opcode = c.inst().opcode;
  if (opcode == FW_BRIG_OPCODE_RET && c.in_arg_block) {
    c.fail("ret cannot be used inside an arg block (PRM 10.2)");
  }
  if (opcode == FW_BRIG_OPCODE_ALLOCA && c.in_arg_block) {
    c.fail("alloca cannot be used inside an arg block (PRM 10.2)");
  }
  if (is_call(opcode)) {
    if (!c.in_arg_block) c.fail("calls must be inside an arg block (PRM 4.3.6)");
    check_call(c, opcode);
  }
  check_formal_access(c, opcode);
  if (opcode == FW_BRIG_OPCODE_BR || opcode == FW_BRIG_OPCODE_CBR || opcode == FW_BRIG_OPCODE_SBR) {
    check_branch_targets(c);
  }
}

}  // namespace hsail::validator_detail
