// Memory rules (PRM 2.8, 2.9, 4.13.3, 4.18, 5.10, 5.16, 5.17, 6, 7, 11.3):
// segments per opcode, address expressions and the variables they name,
// memory orders and scopes, the machine model's address and signal sizes,
// and the IMAGE extension's opaque types. Every rule reads only BRIG
// entries, so text and BRIG input are judged alike.
#include <cstdint>
#include <string>

#include <hsail/brig/address_size.h>
#include <hsail/brig/inst_table.h>
#include <hsail/brig/names.h>

#include "validator_impl.h"

namespace hsail::validator_detail {

namespace {

// ---------------------------------------------------------------- helpers

const char* segment_name(uint8_t segment) {
  if (segment == FW_BRIG_SEGMENT_FLAT) return "flat";
  const char* n = kSegmentNames.name(segment);
  return n != nullptr ? n : "unknown";
}

std::string type_name(uint16_t type) {
  const TypeInfo* t = type_info(array_element(type));
  return t != nullptr ? t->name : "type " + std::to_string(type);
}

std::string opcode_name(uint16_t opcode) {
  const char* n = kOpcodeNames.name(opcode);
  return n != nullptr ? n : "opcode " + std::to_string(opcode);
}

bool is_image_or_sampler(uint16_t type) {
  switch (array_element(type)) {
    case FW_BRIG_TYPE_ROIMG:
    case FW_BRIG_TYPE_WOIMG:
    case FW_BRIG_TYPE_RWIMG:
    case FW_BRIG_TYPE_SAMP:
      return true;
    default:
      return false;
  }
}

bool is_opaque(uint16_t type) {
  uint16_t t = array_element(type);
  return is_image_or_sampler(t) || t == FW_BRIG_TYPE_SIG32 || t == FW_BRIG_TYPE_SIG64;
}

// Bytes one value of the type occupies in memory; image, sampler and
// signal handles are 64-bit in both models (PRM 4.13.3, Table 4-4).
uint64_t type_bytes(uint16_t type) {
  if (is_opaque(type)) return 8;
  const TypeInfo* t = type_info(array_element(type));
  return t != nullptr && t->bits >= 8 ? t->bits / 8 : 1;
}

// Opaque types exist only where the module allows them: images and
// samplers with the IMAGE extension, sig32 in the small and sig64 in the
// large machine model (PRM 4.13.3). Applies to instructions and variables.
void check_type_allowed(const Context& c, uint16_t type) {
  uint16_t t = array_element(type);
  if (is_image_or_sampler(t) && !c.extension_enabled("IMAGE")) {
    c.fail("type " + type_name(t) + " needs 'extension \"IMAGE\";' (PRM 4.13.3)");
  }
  if (t == FW_BRIG_TYPE_SIG32 && !c.small_model()) {
    c.fail("sig32 is not supported by the large machine model; use sig64 (PRM 4.13.3)");
  }
  if (t == FW_BRIG_TYPE_SIG64 && c.small_model()) {
    c.fail("sig64 is not supported by the small machine model; use sig32 (PRM 4.13.3)");
  }
}

// Every type an instruction names: its own and, by format, the source,
// signal and image types.
void check_instruction_types(const Context& c) {
  check_type_allowed(c, c.inst().type);
  switch (c.kind) {
    case FW_BRIG_KIND_INST_CMP:
      check_type_allowed(c, c.entry<fw_brig_inst_cmp>().source_type);
      break;
    case FW_BRIG_KIND_INST_CVT:
      check_type_allowed(c, c.entry<fw_brig_inst_cvt>().source_type);
      break;
    case FW_BRIG_KIND_INST_LANE:
      check_type_allowed(c, c.entry<fw_brig_inst_lane>().source_type);
      break;
    case FW_BRIG_KIND_INST_SEG_CVT:
      check_type_allowed(c, c.entry<fw_brig_inst_seg_cvt>().source_type);
      break;
    case FW_BRIG_KIND_INST_SOURCE_TYPE:
      check_type_allowed(c, c.entry<fw_brig_inst_source_type>().source_type);
      break;
    case FW_BRIG_KIND_INST_SIGNAL:
      check_type_allowed(c, c.entry<fw_brig_inst_signal>().signal_type);
      break;
    case FW_BRIG_KIND_INST_IMAGE:
      check_type_allowed(c, c.entry<fw_brig_inst_image>().image_type);
      break;
    case FW_BRIG_KIND_INST_QUERY_IMAGE:
      check_type_allowed(c, c.entry<fw_brig_inst_query_image>().image_type);
      break;
    default:
      break;
  }
}

// The segment an instruction names, for the formats that carry one.
bool instruction_segment(const Context& c, uint8_t* segment) {
  switch (c.kind) {
    case FW_BRIG_KIND_INST_MEM:
      *segment = c.entry<fw_brig_inst_mem>().segment;
      return true;
    case FW_BRIG_KIND_INST_ADDR:
      *segment = c.entry<fw_brig_inst_addr>().segment;
      return true;
    case FW_BRIG_KIND_INST_ATOMIC:
      *segment = c.entry<fw_brig_inst_atomic>().segment;
      return true;
    case FW_BRIG_KIND_INST_QUEUE:
      *segment = c.entry<fw_brig_inst_queue>().segment;
      return true;
    case FW_BRIG_KIND_INST_SEG:
      *segment = c.entry<fw_brig_inst_seg>().segment;
      return true;
    case FW_BRIG_KIND_INST_SEG_CVT:
      *segment = c.entry<fw_brig_inst_seg_cvt>().segment;
      return true;
    default:
      return false;
  }
}

// ---------------------------------------------------------------- segments

// Which segments an opcode takes is a row of inst_table's segment rules
// (shared with the parser, which checks the written modifier); here the
// BRIG field is checked, flat (no modifier) included.
void check_segment(const Context& c, const InstDesc& desc, uint8_t segment) {
  if (!inst_allows_segment(desc, segment_name(segment))) {
    c.fail(std::string(desc.name) + " does not take the " + segment_name(segment) + " segment");
  }
}

// Stores of image and sampler handles only go to arg variables (PRM 6.4.3),
// and only global, readonly and flat loads may be const (PRM 6.3.2).
void check_mem_modifiers(const Context& c, const fw_brig_inst_mem& i) {
  uint16_t op = i.base.opcode;
  if (op == FW_BRIG_OPCODE_ST && is_image_or_sampler(i.base.type) &&
      i.segment != FW_BRIG_SEGMENT_ARG) {
    c.fail("st of an image or sampler handle needs the arg segment (PRM 6.4.3)");
  }
  if (i.modifier & FW_BRIG_MEMORY_CONST) {
    bool ok = op == FW_BRIG_OPCODE_LD &&
              (i.segment == FW_BRIG_SEGMENT_GLOBAL || i.segment == FW_BRIG_SEGMENT_READONLY ||
               i.segment == FW_BRIG_SEGMENT_FLAT);
    if (!ok) {
      c.fail("const needs a global, readonly or flat ld, not " + opcode_name(op) + " in the " +
             segment_name(i.segment) + " segment (PRM 6.3.2)");
    }
  }
}

// Some results and sources hold addresses: their size is the segment's
// address size ('s') or the model's ('m') (PRM 5.10, 5.16, 5.17, 11.1).
struct SizeRule {
  uint16_t opcode;
  char type_size;    // instruction type: 's', 'm' or 0 (unchecked)
  char source_size;  // source type
};
const SizeRule kSizeRules[] = {
    {FW_BRIG_OPCODE_NULLPTR, 's', 0},  {FW_BRIG_OPCODE_LDA, 's', 0},
    {FW_BRIG_OPCODE_FTOS, 's', 'm'},   {FW_BRIG_OPCODE_STOF, 'm', 's'},
    {FW_BRIG_OPCODE_SEGMENTP, 0, 'm'}, {FW_BRIG_OPCODE_KERNARGBASEPTR, 'm', 0},
};

void check_size(const Context& c, char rule, uint16_t type, uint8_t segment, const char* what) {
  if (rule == 0) return;
  unsigned want = rule == 's' ? segment_address_bits(segment, c.machine_model)
                              : model_address_bits(c.machine_model);
  const TypeInfo* t = type_info(type);
  if (t == nullptr || t->bits != want) {
    std::string why = rule == 's' ? std::string("a ") + segment_name(segment) + " address" +
                                        (c.small_model() ? " (small model)" : " (large model)")
                                  : std::string(c.small_model() ? "the small" : "the large") +
                                        " machine model's addresses";
    c.fail(opcode_name(c.inst().opcode) + " " + what + " " + type_name(type) + " must be u" +
           std::to_string(want) + " to hold " + why + " (PRM 2.9)");
  }
}

void check_sizes(const Context& c, uint8_t segment) {
  for (const SizeRule& r : kSizeRules) {
    if (r.opcode != c.inst().opcode) continue;
    check_size(c, r.type_size, c.inst().type, segment, "type");
    if (r.source_size != 0 && c.kind == FW_BRIG_KIND_INST_SEG_CVT) {
      check_size(c, r.source_size, c.entry<fw_brig_inst_seg_cvt>().source_type, segment,
                 "source type");
    }
  }
}

// ---------------------------------------------------------------- orders and scopes

constexpr unsigned bit(unsigned order) { return 1u << order; }
constexpr unsigned kAnyOrder =
    bit(FW_BRIG_MEMORY_ORDER_RELAXED) | bit(FW_BRIG_MEMORY_ORDER_SC_ACQUIRE) |
    bit(FW_BRIG_MEMORY_ORDER_SC_RELEASE) | bit(FW_BRIG_MEMORY_ORDER_SC_ACQUIRE_RELEASE);
constexpr unsigned kLoadOrders =
    bit(FW_BRIG_MEMORY_ORDER_RELAXED) | bit(FW_BRIG_MEMORY_ORDER_SC_ACQUIRE);
constexpr unsigned kStoreOrders =
    bit(FW_BRIG_MEMORY_ORDER_RELAXED) | bit(FW_BRIG_MEMORY_ORDER_SC_RELEASE);
constexpr unsigned kFenceOrders = bit(FW_BRIG_MEMORY_ORDER_SC_ACQUIRE) |
                                  bit(FW_BRIG_MEMORY_ORDER_SC_RELEASE) |
                                  bit(FW_BRIG_MEMORY_ORDER_SC_ACQUIRE_RELEASE);

constexpr int kAnyOp = -1;
constexpr int kWaitOps = -2;  // wait_* and waittimeout_*

// Memory orders per opcode and atomic operation; the first matching row
// applies. Loads cannot release and stores cannot acquire (PRM 6.6.2,
// 6.8.2, 11.3); a fence must order something (PRM 6.9.2).
struct OrderRule {
  uint16_t opcode;
  int op;
  unsigned orders;
};
const OrderRule kOrderRules[] = {
    {FW_BRIG_OPCODE_ATOMIC, FW_BRIG_ATOMIC_LD, kLoadOrders},
    {FW_BRIG_OPCODE_ATOMIC, kAnyOp, kAnyOrder},
    {FW_BRIG_OPCODE_ATOMICNORET, FW_BRIG_ATOMIC_ST, kStoreOrders},
    {FW_BRIG_OPCODE_ATOMICNORET, kAnyOp, kAnyOrder},
    {FW_BRIG_OPCODE_SIGNAL, FW_BRIG_ATOMIC_LD, kLoadOrders},
    {FW_BRIG_OPCODE_SIGNAL, kWaitOps, kLoadOrders},
    {FW_BRIG_OPCODE_SIGNAL, kAnyOp, kAnyOrder},
    {FW_BRIG_OPCODE_SIGNALNORET, FW_BRIG_ATOMIC_ST, kStoreOrders},
    {FW_BRIG_OPCODE_SIGNALNORET, kAnyOp, kAnyOrder},
    {FW_BRIG_OPCODE_LDQUEUEREADINDEX, kAnyOp, kLoadOrders},
    {FW_BRIG_OPCODE_LDQUEUEWRITEINDEX, kAnyOp, kLoadOrders},
    {FW_BRIG_OPCODE_STQUEUEREADINDEX, kAnyOp, kStoreOrders},
    {FW_BRIG_OPCODE_STQUEUEWRITEINDEX, kAnyOp, kStoreOrders},
    {FW_BRIG_OPCODE_ADDQUEUEWRITEINDEX, kAnyOp, kAnyOrder},
    {FW_BRIG_OPCODE_CASQUEUEWRITEINDEX, kAnyOp, kAnyOrder},
    {FW_BRIG_OPCODE_MEMFENCE, kAnyOp, kFenceOrders},
};

bool op_matches(int rule_op, int op) {
  if (rule_op == kAnyOp) return true;
  if (rule_op == kWaitOps)
    return op >= FW_BRIG_ATOMIC_WAIT_EQ && op <= FW_BRIG_ATOMIC_WAITTIMEOUT_GTE;
  return rule_op == op;
}

std::string order_list(unsigned orders) {
  std::string s;
  for (unsigned o = FW_BRIG_MEMORY_ORDER_RELAXED; o <= FW_BRIG_MEMORY_ORDER_SC_ACQUIRE_RELEASE;
       ++o) {
    if (!(orders & bit(o))) continue;
    if (!s.empty()) s += ", ";
    s += kMemoryOrderNames.name(static_cast<int>(o));
  }
  return s;
}

void check_order(const Context& c, uint8_t order, int op) {
  uint16_t opcode = c.inst().opcode;
  for (const OrderRule& r : kOrderRules) {
    if (r.opcode != opcode || !op_matches(r.op, op)) continue;
    if (order < 32 && (r.orders & bit(order))) return;
    const char* name = kMemoryOrderNames.name(order);
    std::string what = opcode_name(opcode);
    if (op >= 0 && kAtomicOpNames.name(op) != nullptr)
      what += std::string("_") + kAtomicOpNames.name(op);
    c.fail(what + " does not take memory order " + (name != nullptr ? name : "none") +
           "; it takes " + order_list(r.orders) + " (PRM 6.2.1)");
  }
}

// Atomics and fences name a scope of wave or wider; group memory is only
// shared within a work-group, so group atomics take wave or wg
// (PRM 6.2.2, 6.6.2, 6.9.2).
void check_scope(const Context& c, uint8_t scope, uint8_t segment) {
  uint8_t widest = segment == FW_BRIG_SEGMENT_GROUP ? FW_BRIG_MEMORY_SCOPE_WORKGROUP
                                                    : FW_BRIG_MEMORY_SCOPE_SYSTEM;
  if (scope < FW_BRIG_MEMORY_SCOPE_WAVEFRONT || scope > widest) {
    const char* name = kMemoryScopeNames.name(scope);
    c.fail(opcode_name(c.inst().opcode) + " in the " + segment_name(segment) +
           " segment does not take memory scope " + (name != nullptr ? name : "none") +
           (widest == FW_BRIG_MEMORY_SCOPE_WORKGROUP ? "; it takes wave or wg"
                                                     : "; it takes wave, wg, agent or system") +
           " (PRM 6.2.2)");
  }
}

void check_orders_and_scopes(const Context& c) {
  switch (c.kind) {
    case FW_BRIG_KIND_INST_ATOMIC: {
      auto i = c.entry<fw_brig_inst_atomic>();
      check_order(c, i.memory_order, i.atomic_operation);
      check_scope(c, i.memory_scope, i.segment);
      break;
    }
    case FW_BRIG_KIND_INST_SIGNAL: {
      auto i = c.entry<fw_brig_inst_signal>();
      check_order(c, i.memory_order, i.signal_operation);
      break;
    }
    case FW_BRIG_KIND_INST_QUEUE:
      check_order(c, c.entry<fw_brig_inst_queue>().memory_order, kAnyOp);
      break;
    case FW_BRIG_KIND_INST_MEM_FENCE: {
      auto i = c.entry<fw_brig_inst_mem_fence>();
      check_order(c, i.memory_order, kAnyOp);
      check_scope(c, i.global_segment_memory_scope, FW_BRIG_SEGMENT_GLOBAL);
      if (i.group_segment_memory_scope != i.global_segment_memory_scope) {
        c.fail("memfence's group segment scope must equal its global segment scope (PRM 6.9.2)");
      }
      break;
    }
    default:
      break;
  }
}

// ---------------------------------------------------------------- addresses

// Where an opcode's address expression is and how it accesses memory.
struct AccessRule {
  uint16_t opcode;
  int address;  // operand index of the address expression
  int data;     // operand whose element count sizes the access; -1: nothing is accessed here
  bool typed;   // opaque instruction and variable types must agree (PRM 6.3.3, 6.4.3)
};
const AccessRule kAccessRules[] = {
    {FW_BRIG_OPCODE_LD, 1, 0, true},
    {FW_BRIG_OPCODE_ST, 1, 0, true},
    {FW_BRIG_OPCODE_ATOMIC, 1, 0, false},
    {FW_BRIG_OPCODE_ATOMICNORET, 0, 1, false},
    {FW_BRIG_OPCODE_LDA, 1, -1, false},
    {FW_BRIG_OPCODE_LDQUEUEREADINDEX, 1, -1, false},
    {FW_BRIG_OPCODE_LDQUEUEWRITEINDEX, 1, -1, false},
    {FW_BRIG_OPCODE_STQUEUEREADINDEX, 0, -1, false},
    {FW_BRIG_OPCODE_STQUEUEWRITEINDEX, 0, -1, false},
    {FW_BRIG_OPCODE_ADDQUEUEWRITEINDEX, 1, -1, false},
    {FW_BRIG_OPCODE_CASQUEUEWRITEINDEX, 1, -1, false},
};

std::string variable_name(const Context& c, const fw_brig_directive_variable& v) {
  return std::string(c.m.data_bytes(v.name));
}

// A named variable must be in the instruction's segment, so a flat
// address names none; arg and spill memory has no address of its own, so
// it is reached only through a variable (PRM 4.18, 2.8.3).
void check_address_segment(const Context& c, size_t i, const fw_brig_operand_address& a,
                           const fw_brig_directive_variable* v, uint8_t segment) {
  if (v != nullptr && segment == FW_BRIG_SEGMENT_FLAT) {
    c.fail_operand(i, "a flat address cannot name a variable ('" + variable_name(c, *v) +
                          "' is in the " + segment_name(v->segment) + " segment) (PRM 4.18)");
  }
  if (v != nullptr && v->segment != segment) {
    c.fail_operand(i, "'" + variable_name(c, *v) + "' is in the " + segment_name(v->segment) +
                          " segment, the instruction accesses the " + segment_name(segment) +
                          " segment (PRM 4.18)");
  }
  if (v == nullptr && (segment == FW_BRIG_SEGMENT_ARG || segment == FW_BRIG_SEGMENT_SPILL)) {
    c.fail_operand(i, std::string(segment == FW_BRIG_SEGMENT_ARG ? "an " : "a ") +
                          segment_name(segment) + " address must name a variable (PRM 2.8.3)");
  }
  // 32-bit addresses keep their offset in the low half (PRM 18.6.2).
  if (segment_address_bits(segment, c.machine_model) == 32 && a.offset.hi != 0) {
    c.fail_operand(i, std::string("a ") + segment_name(segment) +
                          " address is 32-bit: its offset's high half must be 0 (PRM 18.6.2)");
  }
  if (a.reg != 0) {
    if (c.m.base_at(c.m.operands(), a.reg).kind != FW_BRIG_KIND_OPERAND_REGISTER) {
      c.fail_operand(i, "an address's register must be a register operand (PRM 18.6.2)");
    }
    auto r = c.m.operand_entry<fw_brig_operand_register>(a.reg);
    unsigned want = segment_address_bits(segment, c.machine_model);
    if (register_kind_bits(r.reg_kind) != want) {
      c.fail_operand(i, std::string("a ") + segment_name(segment) + " address needs a " +
                            std::to_string(want) + "-bit register (PRM 2.9)");
    }
  }
}

// ld and st move opaque handles only between variables of the same type
// (PRM 6.3.3, 6.4.3).
void check_address_type(const Context& c, size_t i, const fw_brig_directive_variable& v) {
  uint16_t type = c.inst().type;
  uint16_t var_type = array_element(v.type);
  if (type == var_type || (!is_opaque(type) && !is_opaque(var_type))) return;
  c.fail_operand(i, opcode_name(c.inst().opcode) + "_" + type_name(type) + " cannot access '" +
                        variable_name(c, v) + "' of type " + type_name(var_type) +
                        " (PRM 6.3.3, 6.4.3)");
}

// An access through a variable alone must stay inside it, when its size is
// known here: arrays declared without a size and kernarg variables (laid
// out by the dispatch) are not checked, nor are addresses with a register
// (PRM 4.18, 6.1.1).
void check_address_bounds(const Context& c, size_t i, const fw_brig_operand_address& a,
                          const fw_brig_directive_variable& v, size_t data) {
  if (a.reg != 0 || v.segment == FW_BRIG_SEGMENT_KERNARG) return;
  uint64_t dim = (static_cast<uint64_t>(v.dim.hi) << 32) | v.dim.lo;
  bool array = is_array(v.type);
  if (array && dim == 0) return;
  uint64_t elem = type_bytes(v.type);
  uint64_t count = array ? dim : 1;
  if (count > UINT64_MAX / elem) return;  // larger than any address space
  uint64_t size = elem * count;
  uint64_t offset = (static_cast<uint64_t>(a.offset.hi) << 32) | a.offset.lo;
  uint64_t values = 1;
  if (c.operand_kind(data) == FW_BRIG_KIND_OPERAND_OPERAND_LIST) {
    auto list = c.m.operand_entry<fw_brig_operand_operand_list>(c.operands[data]);
    values = c.m.data_list(list.elements).size();
  }
  uint64_t bytes = type_bytes(c.inst().type) * values;
  if (offset >= size || bytes > size - offset) {
    c.fail_operand(i, "access of " + std::to_string(bytes) + (bytes == 1 ? " byte" : " bytes") +
                          " at offset " + std::to_string(static_cast<int64_t>(offset)) +
                          " is outside '" + variable_name(c, v) + "' (" + std::to_string(size) +
                          " bytes) (PRM 4.18)");
  }
}

void check_address(const Context& c, const AccessRule& r, uint8_t segment) {
  size_t i = static_cast<size_t>(r.address);
  if (c.operand_kind(i) != FW_BRIG_KIND_OPERAND_ADDRESS) return;  // operand rules report it
  auto a = c.m.operand_entry<fw_brig_operand_address>(c.operands[i]);
  fw_brig_directive_variable var{};
  const fw_brig_directive_variable* v = nullptr;
  if (a.symbol != 0) {
    if (c.m.base_at(c.m.code(), a.symbol).kind != FW_BRIG_KIND_DIRECTIVE_VARIABLE) {
      c.fail_operand(i, "an address may only name a variable (PRM 4.18)");
    }
    var = c.m.code_entry<fw_brig_directive_variable>(a.symbol);
    v = &var;
  }
  check_address_segment(c, i, a, v, segment);
  if (v == nullptr) return;
  if (r.typed) check_address_type(c, i, *v);
  if (r.data >= 0) check_address_bounds(c, i, a, *v, static_cast<size_t>(r.data));
}

}  // namespace

void check_memory_rules(const Context& c) {
  uint16_t opcode = c.inst().opcode;
  if (opcode >= FW_BRIG_OPCODE_RDIMAGE && opcode <= FW_BRIG_OPCODE_QUERYSAMPLER &&
      !c.extension_enabled("IMAGE")) {
    c.fail("image instructions need 'extension \"IMAGE\";' (PRM 7)");
  }
  check_instruction_types(c);
  check_orders_and_scopes(c);
  uint8_t segment = 0;
  bool has_segment = instruction_segment(c, &segment);
  const InstDesc* desc = find_inst(opcode);
  if (has_segment && desc != nullptr) check_segment(c, *desc, segment);
  if (c.kind == FW_BRIG_KIND_INST_MEM) {
    check_mem_modifiers(c, c.entry<fw_brig_inst_mem>());
    // ld and st take these types (PRM 6.3.1, 6.4.1); other rows' types are
    // the type rules' business.
    if (desc != nullptr && (opcode == FW_BRIG_OPCODE_LD || opcode == FW_BRIG_OPCODE_ST) &&
        !inst_allows_type(*desc, type_name(c.inst().type))) {
      c.fail(std::string(desc->name) + " does not take type " + type_name(c.inst().type) +
             " (PRM 6.3.1, 6.4.1)");
    }
  }
  check_sizes(c, has_segment ? segment : static_cast<uint8_t>(FW_BRIG_SEGMENT_FLAT));
  if (!has_segment) return;
  for (const AccessRule& r : kAccessRules) {
    if (r.opcode == opcode) check_address(c, r, segment);
  }
}

// Variables: opaque types need the IMAGE extension or the matching machine
// model, and image and sampler handles live only in arg, kernarg, global
// and readonly memory (PRM 4.13.3, 7.1.7, 7.1.8).
void check_variable_memory_rules(const Context& c) {
  auto v = c.entry<fw_brig_directive_variable>();
  // The PRM's rule covers arrays too, but HSAILasm (the reference) checks
  // only scalar variables' types, and accepts e.g. sig32 arrays in the
  // large model: so do we.
  if (!is_array(v.type)) check_type_allowed(c, v.type);
  if (is_image_or_sampler(v.type)) {
    switch (v.segment) {
      case FW_BRIG_SEGMENT_ARG:
      case FW_BRIG_SEGMENT_KERNARG:
      case FW_BRIG_SEGMENT_GLOBAL:
      case FW_BRIG_SEGMENT_READONLY:
        break;
      default:
        c.fail(
            "image and sampler handles may only be in the arg, kernarg, global or readonly "
            "segment, not " +
            std::string(segment_name(v.segment)) + " (PRM 7.1.7)");
    }
  }
}

}  // namespace hsail::validator_detail
