// Declarations and definitions of one module-scope name must agree (PRM
// 4.3.1, 10.3.3): the same kind of directive, and for variables the same
// segment, type, alignment, const-ness, linkage and allocation (an array
// declared without a size matches any size); for kernels and functions the
// same linkage and formal arguments. A name is defined at most once.
#include <string>

#include <hsail/brig/names.h>

#include "validator_impl.h"

namespace hsail::validator_detail {

namespace {

uint16_t kind_at(const Context& c, uint32_t off) { return c.m.base_at(c.m.code(), off).kind; }

const char* kind_name(uint16_t kind) {
  switch (kind) {
    case FW_BRIG_KIND_DIRECTIVE_VARIABLE:
      return "a variable";
    case FW_BRIG_KIND_DIRECTIVE_FBARRIER:
      return "an fbarrier";
    case FW_BRIG_KIND_DIRECTIVE_KERNEL:
      return "a kernel";
    case FW_BRIG_KIND_DIRECTIVE_FUNCTION:
      return "a function";
    case FW_BRIG_KIND_DIRECTIVE_INDIRECT_FUNCTION:
      return "an indirect function";
    default:
      return "a signature";
  }
}

uint64_t dim_of(const fw_brig_directive_variable& v) { return uint64_t(v.dim.hi) << 32 | v.dim.lo; }

// What differs between two variables, or "" when they agree. Formal
// arguments must agree exactly; at module scope an array declared without
// a size agrees with any size.
std::string variable_difference(const fw_brig_directive_variable& a,
                                const fw_brig_directive_variable& b, bool formal) {
  if (a.segment != b.segment) return "segment";
  if (a.type != b.type) return "type";
  if (dim_of(a) != dim_of(b)) {
    bool open = !formal && ((!(a.modifier & FW_BRIG_VARIABLE_DEFINITION) && dim_of(a) == 0) ||
                            (!(b.modifier & FW_BRIG_VARIABLE_DEFINITION) && dim_of(b) == 0));
    if (!open) return "array size";
  }
  if (a.align != b.align) return "alignment";
  if ((a.modifier & FW_BRIG_VARIABLE_CONST) != (b.modifier & FW_BRIG_VARIABLE_CONST)) {
    return "const qualifier";
  }
  // A declaration's formal arguments have no linkage or allocation of
  // their own (PRM 18.5.1.8); only module-scope variables compare them.
  if (formal) return "";
  if (a.linkage != b.linkage) return "linkage";
  if (a.allocation != b.allocation) return "allocation";
  return "";
}

bool is_definition(const Context& c, uint32_t off) {
  switch (kind_at(c, off)) {
    case FW_BRIG_KIND_DIRECTIVE_VARIABLE:
      return c.m.code_entry<fw_brig_directive_variable>(off).modifier & FW_BRIG_VARIABLE_DEFINITION;
    case FW_BRIG_KIND_DIRECTIVE_FBARRIER:
      return c.m.code_entry<fw_brig_directive_fbarrier>(off).modifier & FW_BRIG_VARIABLE_DEFINITION;
    case FW_BRIG_KIND_DIRECTIVE_SIGNATURE:
      return false;
    default:
      return c.m.code_entry<fw_brig_directive_executable>(off).modifier &
             FW_BRIG_EXECUTABLE_DEFINITION;
  }
}

void compare_executables(const Context& c, const std::string& name, uint32_t earlier) {
  auto a = c.m.code_entry<fw_brig_directive_executable>(earlier);
  auto b = c.entry<fw_brig_directive_executable>();
  if (a.linkage != b.linkage) c.fail(name + " differs in linkage from its declaration (PRM 4.3.1)");
  if (a.out_arg_count != b.out_arg_count || a.in_arg_count != b.in_arg_count) {
    c.fail(name + " has other arguments than its declaration (PRM 10.3.3)");
  }
  // Formal arguments follow their kernel or function directive (PRM 18.5.1).
  uint32_t pa = earlier + a.base.byte_count, pb = c.at + b.base.byte_count;
  for (unsigned i = 0; i < a.out_arg_count + a.in_arg_count; ++i) {
    if (kind_at(c, pa) != FW_BRIG_KIND_DIRECTIVE_VARIABLE ||
        kind_at(c, pb) != FW_BRIG_KIND_DIRECTIVE_VARIABLE) {
      c.fail(name + ": formal arguments are missing (PRM 18.5.1)");
    }
    auto va = c.m.code_entry<fw_brig_directive_variable>(pa);
    auto vb = c.m.code_entry<fw_brig_directive_variable>(pb);
    std::string diff = variable_difference(va, vb, true);
    if (!diff.empty()) {
      c.fail(name + ": argument " + std::to_string(i + 1) + " differs in " + diff +
             " from its declaration (PRM 10.3.3)");
    }
    pa += va.base.byte_count;
    pb += vb.base.byte_count;
  }
}

}  // namespace

void check_redeclaration(const Context& c, uint32_t earlier) {
  uint16_t k0 = kind_at(c, earlier);
  std::string name;
  switch (c.kind) {
    case FW_BRIG_KIND_DIRECTIVE_VARIABLE:
      name = std::string(c.m.data_bytes(c.entry<fw_brig_directive_variable>().name));
      break;
    case FW_BRIG_KIND_DIRECTIVE_FBARRIER:
      name = std::string(c.m.data_bytes(c.entry<fw_brig_directive_fbarrier>().name));
      break;
    default:
      name = std::string(c.m.data_bytes(c.entry<fw_brig_directive_executable>().name));
      break;
  }
  if (k0 != c.kind) {
    c.fail(name + " was declared as " + kind_name(k0) + ", here it is " + kind_name(c.kind) +
           " (PRM 4.3.1)");
  }
  bool d0 = is_definition(c, earlier), d1 = is_definition(c, c.at);
  if (d0 == d1) {
    c.fail(name + (d0 ? " is defined twice" : " is declared twice") + " (PRM 4.3.1)");
  }
  switch (c.kind) {
    case FW_BRIG_KIND_DIRECTIVE_VARIABLE: {
      std::string diff = variable_difference(c.m.code_entry<fw_brig_directive_variable>(earlier),
                                             c.entry<fw_brig_directive_variable>(), false);
      if (!diff.empty()) {
        c.fail(name + " differs in " + diff + " from its declaration (PRM 4.3.1)");
      }
      break;
    }
    case FW_BRIG_KIND_DIRECTIVE_FBARRIER:
      if (c.m.code_entry<fw_brig_directive_fbarrier>(earlier).linkage !=
          c.entry<fw_brig_directive_fbarrier>().linkage) {
        c.fail(name + " differs in linkage from its declaration (PRM 4.3.1)");
      }
      break;
    default:
      compare_executables(c, name, earlier);
      break;
  }
}

}  // namespace hsail::validator_detail
