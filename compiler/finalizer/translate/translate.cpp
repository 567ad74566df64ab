// translate(): BRIG module -> LLVM module for amdgcn-amd-amdhsa. This file
// walks the module level (header, module-scope variables, kernels) and owns
// the opcode table; kernel bodies are in translate_kernel.cpp and the
// instruction families in their own files.
#include <array>
#include <cstdio>

#include <stdexcept>

#include <hsail/brig/names.h>

#include "llvm/IR/Verifier.h"
#include "llvm/Support/raw_ostream.h"
#include "translate_impl.h"

namespace hsail::finalizer {

namespace translate_detail {

namespace {

// The AMDGPU data layout of LLVM 14 (what clang-14 emits for the triple),
// fixed here so translation does not need an initialised target.
constexpr const char* kDataLayout =
    "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-i64:64-v16:16-v24:32-"
    "v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-"
    "G1-ni:7";

// PRM sections by opcode range, for "not supported yet" messages.
struct SectionRange {
  uint16_t first, last;
  const char* prm;
};
constexpr SectionRange kSections[] = {
    {FW_BRIG_OPCODE_NOP, FW_BRIG_OPCODE_NOP, "11.4"},
    {FW_BRIG_OPCODE_ABS, FW_BRIG_OPCODE_TRUNC, "5.2, 5.11"},
    {FW_BRIG_OPCODE_MAD24, FW_BRIG_OPCODE_MUL24HI, "5.4"},
    {FW_BRIG_OPCODE_SHL, FW_BRIG_OPCODE_SHR, "5.5"},
    {FW_BRIG_OPCODE_AND, FW_BRIG_OPCODE_XOR, "5.6"},
    {FW_BRIG_OPCODE_BITEXTRACT, FW_BRIG_OPCODE_LASTBIT, "5.7"},
    {FW_BRIG_OPCODE_COMBINE, FW_BRIG_OPCODE_MOV, "5.8"},
    {FW_BRIG_OPCODE_SHUFFLE, FW_BRIG_OPCODE_UNPACK, "5.9"},
    {FW_BRIG_OPCODE_CMOV, FW_BRIG_OPCODE_CMOV, "5.10"},
    {FW_BRIG_OPCODE_CLASS, FW_BRIG_OPCODE_CLASS, "5.13"},
    {FW_BRIG_OPCODE_NCOS, FW_BRIG_OPCODE_NSQRT, "5.14"},
    {FW_BRIG_OPCODE_BITALIGN, FW_BRIG_OPCODE_SADHI, "5.15"},
    {FW_BRIG_OPCODE_SEGMENTP, FW_BRIG_OPCODE_SEGMENTP, "5.16"},
    {FW_BRIG_OPCODE_FTOS, FW_BRIG_OPCODE_STOF, "5.17"},
    {FW_BRIG_OPCODE_CMP, FW_BRIG_OPCODE_CMP, "5.18"},
    {FW_BRIG_OPCODE_CVT, FW_BRIG_OPCODE_CVT, "5.19"},
    {FW_BRIG_OPCODE_LD, FW_BRIG_OPCODE_LD, "6.3"},
    {FW_BRIG_OPCODE_ST, FW_BRIG_OPCODE_ST, "6.4"},
    {FW_BRIG_OPCODE_ATOMIC, FW_BRIG_OPCODE_ATOMICNORET, "6.6, 6.7"},
    {FW_BRIG_OPCODE_SIGNAL, FW_BRIG_OPCODE_SIGNALNORET, "6.8"},
    {FW_BRIG_OPCODE_MEMFENCE, FW_BRIG_OPCODE_MEMFENCE, "6.9"},
    {FW_BRIG_OPCODE_RDIMAGE, FW_BRIG_OPCODE_QUERYSAMPLER, "7"},
    {FW_BRIG_OPCODE_CBR, FW_BRIG_OPCODE_SBR, "8"},
    {FW_BRIG_OPCODE_BARRIER, FW_BRIG_OPCODE_WAVEBARRIER, "9.1"},
    {FW_BRIG_OPCODE_ARRIVEFBAR, FW_BRIG_OPCODE_LDF, "9.2"},
    {FW_BRIG_OPCODE_ACTIVELANECOUNT, FW_BRIG_OPCODE_ACTIVELANEPERMUTE, "9.4"},
    {FW_BRIG_OPCODE_CALL, FW_BRIG_OPCODE_CALL, "10.6"},
    {FW_BRIG_OPCODE_SCALL, FW_BRIG_OPCODE_SCALL, "10.7"},
    {FW_BRIG_OPCODE_ICALL, FW_BRIG_OPCODE_ICALL, "10.8"},
    {FW_BRIG_OPCODE_RET, FW_BRIG_OPCODE_RET, "10.9"},
    {FW_BRIG_OPCODE_ALLOCA, FW_BRIG_OPCODE_ALLOCA, "10.10"},
    {FW_BRIG_OPCODE_CURRENTWORKGROUPSIZE, FW_BRIG_OPCODE_WORKITEMID, "11.1"},
    {FW_BRIG_OPCODE_CLEARDETECTEXCEPT, FW_BRIG_OPCODE_SETDETECTEXCEPT, "11.2"},
    {FW_BRIG_OPCODE_ADDQUEUEWRITEINDEX, FW_BRIG_OPCODE_STQUEUEWRITEINDEX, "11.3"},
    {FW_BRIG_OPCODE_CLOCK, FW_BRIG_OPCODE_WAVEID, "11.4"},
};

constexpr size_t kOpcodeCount = FW_BRIG_OPCODE_WAVEID + 1;

// Index from opcode to emitter, filled once from the families' rows.
const std::array<Emitter, kOpcodeCount>& emitter_index() {
  static const std::array<Emitter, kOpcodeCount> index = [] {
    std::array<Emitter, kOpcodeCount> a{};
    for (RowSpan span :
         {arithmetic_rows(), bits_rows(), convert_rows(), memory_rows(), control_rows(),
          dispatch_rows(), function_rows(), atomic_rows(), native_rows(), lane_rows(), misc_rows(),
          queue_rows(), alloca_rows(), signal_rows(), detect_rows(), fbarrier_rows(),
          multimedia_rows(), segment_rows(), image_rows()}) {
      for (size_t i = 0; i < span.count; ++i) a[span.rows[i].opcode] = span.rows[i].emit;
    }
    return a;
  }();
  return index;
}

// Module-scope variables: global and readonly live in global memory
// (address space 1), group variables in LDS (address space 3), private
// and spill ones in each kernel's private memory.

// The definition of a module-scope variable named name, or 0: a
// declaration followed by its definition in the same module is one
// variable.
uint32_t find_definition(const Module& brig, const std::string& name) {
  const Section& code = brig.code();
  for (uint32_t off = code.header_size(); off < code.size();) {
    fw_brig_base base = brig.base_at(code, off);
    uint32_t next = off + base.byte_count;
    if (base.kind == FW_BRIG_KIND_DIRECTIVE_VARIABLE) {
      auto v = brig.code_entry<fw_brig_directive_variable>(off);
      if ((v.modifier & FW_BRIG_VARIABLE_DEFINITION) && brig.data_bytes(v.name) == name) return off;
    } else if (base.kind == FW_BRIG_KIND_DIRECTIVE_FUNCTION ||
               base.kind == FW_BRIG_KIND_DIRECTIVE_INDIRECT_FUNCTION ||
               base.kind == FW_BRIG_KIND_DIRECTIVE_KERNEL ||
               base.kind == FW_BRIG_KIND_DIRECTIVE_SIGNATURE) {
      // Skip executables' bodies: their variables are not module-scope.
      auto d = brig.code_entry<fw_brig_directive_executable>(off);
      if (d.next_module_entry > off) next = d.next_module_entry;
    }
    if (next <= off) break;
    off = next;
  }
  return 0;
}

// A program-linkage variable this module only declares: an undefined
// symbol of the code object that another module of the program, or the
// application (hsa_executable_*_variable_define), defines (PRM 4.12).
void declare_external_variable(ModuleState& ms, uint32_t at) {
  auto v = ms.brig.code_entry<fw_brig_directive_variable>(at);
  std::string name(ms.brig.data_bytes(v.name));
  bool global = v.segment == FW_BRIG_SEGMENT_GLOBAL || v.segment == FW_BRIG_SEGMENT_READONLY;
  if (v.linkage != FW_BRIG_LINKAGE_PROGRAM || !global)
    fail_at(ms.brig, at, "variable " + name + " is declared but never defined (PRM 4.12)");
  uint16_t elem = array_element(v.type);
  const TypeInfo* t = type_info(elem);
  if (t == nullptr || (t->cls == 'o' && !is_handle_type(elem)))
    fail_at(ms.brig, at,
            "not supported yet: variable " + name + " of type " + type_name(elem) + " (PRM 4.13)");
  llvm::Type* ty = llvm::IntegerType::get(ms.ir.getContext(), t->bits == 1 ? 8 : t->bits);
  uint64_t count = (uint64_t(v.dim.hi) << 32) | v.dim.lo;
  if (is_array(v.type)) ty = llvm::ArrayType::get(ty, count);
  auto* gv = new llvm::GlobalVariable(ms.ir, ty, v.segment == FW_BRIG_SEGMENT_READONLY,
                                      llvm::GlobalValue::ExternalLinkage, nullptr, name, nullptr,
                                      llvm::GlobalValue::NotThreadLocal, kGlobalAS);
  uint64_t align = alignment_bytes(v.align);
  gv->setAlignment(llvm::Align(align ? align : (t->bits <= 8 ? 1 : t->bits / 8)));
  ms.globals[at] = gv;
}

// Adds name to one of the program-linkage lists of finalizer.h.
void list_name(ModuleState& ms, const char* list, const std::string& name) {
  llvm::LLVMContext& c = ms.ir.getContext();
  ms.ir.getOrInsertNamedMetadata(list)->addOperand(
      llvm::MDNode::get(c, llvm::MDString::get(c, name)));
}

bool is_private(uint8_t segment) {
  return segment == FW_BRIG_SEGMENT_PRIVATE || segment == FW_BRIG_SEGMENT_SPILL;
}

void declare_module_variable(ModuleState& ms, uint32_t at) {
  if (ms.globals.count(at)) return;  // defined early for a declaration
  auto v = ms.brig.code_entry<fw_brig_directive_variable>(at);
  std::string name(ms.brig.data_bytes(v.name));
  auto fail = [&](const std::string& what, const char* prm) {
    fail_at(ms.brig, at, "not supported yet: " + what + " (PRM " + prm + ")");
  };
  if (!(v.modifier & FW_BRIG_VARIABLE_DEFINITION)) {
    // Instructions may name the declaration: give it the definition's
    // variable, made now.
    uint32_t def = find_definition(ms.brig, name);
    if (def != 0) {
      declare_module_variable(ms, def);
      if (ms.globals.count(def)) ms.globals[at] = ms.globals[def];
      return;
    }
    if (is_private(v.segment) && v.linkage == FW_BRIG_LINKAGE_PROGRAM) {
      // Defined in another module of the program: the declaration says
      // all a kernel's own copy needs (finalizer.h, program linkage).
      if (is_array(v.type) && v.dim.lo == 0 && v.dim.hi == 0)
        fail("private array " + name + " declared without a size", "4.12.1");
      list_name(ms, kProgramPrivateDeclared, name);
      ms.private_globals.push_back(at);
      return;
    }
    declare_external_variable(ms, at);
    return;
  }
  unsigned as = 0;
  switch (v.segment) {
    case FW_BRIG_SEGMENT_GLOBAL:
    case FW_BRIG_SEGMENT_READONLY:
      as = kGlobalAS;
      break;
    case FW_BRIG_SEGMENT_GROUP:
      as = kGroupAS;
      break;
    case FW_BRIG_SEGMENT_PRIVATE:
    case FW_BRIG_SEGMENT_SPILL:
      if (v.init != 0) fail("initializer of private variable " + name, "4.10");
      if (v.linkage == FW_BRIG_LINKAGE_PROGRAM) list_name(ms, kProgramPrivateDefined, name);
      ms.private_globals.push_back(at);
      return;
    default:
      fail("module-scope variable " + name + " in this segment", "4.11");
  }
  uint16_t elem = array_element(v.type);
  const TypeInfo* t = type_info(elem);
  // Signal, image and sampler handles are 64-bit values in memory (PRM
  // 6.8, 7.1.7).
  if (t == nullptr || (t->cls == 'o' && !is_handle_type(elem)))
    fail("variable " + name + " of type " + type_name(elem), "4.13");
  bool handle_init = has_handle_initializer(ms.brig, at);
  llvm::Type* et = llvm::IntegerType::get(ms.ir.getContext(), t->bits == 1 ? 8 : t->bits);
  uint64_t count = (uint64_t(v.dim.hi) << 32) | v.dim.lo;
  llvm::Type* ty = is_array(v.type) ? llvm::ArrayType::get(et, count) : et;
  // Group memory has no initial value; global memory starts zeroed, and
  // so do initialized handles until the loader fills them.
  llvm::Constant* init = as == kGroupAS ? static_cast<llvm::Constant*>(llvm::UndefValue::get(ty))
                         : handle_init  ? llvm::Constant::getNullValue(ty)
                                        : variable_initializer(ms.brig, at, ty);
  // A global or readonly definition of program linkage is what other
  // modules' declarations of the name refer to (PRM 4.12.1), and the
  // application finds it by name: a symbol of the code object, protected
  // so that the code reaches it directly rather than through the GOT.
  bool exported = v.linkage == FW_BRIG_LINKAGE_PROGRAM && as == kGlobalAS;
  auto* gv = new llvm::GlobalVariable(
      ms.ir, ty, false,
      exported ? llvm::GlobalValue::ExternalLinkage : llvm::GlobalValue::InternalLinkage, init,
      name, nullptr, llvm::GlobalValue::NotThreadLocal, as);
  if (exported) gv->setVisibility(llvm::GlobalValue::ProtectedVisibility);
  uint64_t align = alignment_bytes(v.align);
  gv->setAlignment(llvm::Align(align ? align : (t->bits <= 8 ? 1 : t->bits / 8)));
  if (handle_init) describe_handle_initializer(ms.brig, at, gv);
  ms.globals[at] = gv;
}

}  // namespace

void fail_at(const Module& brig, uint32_t at, const std::string& msg) {
  // The front end's convention: line:column for text, the entry's offset
  // for BRIG; the caller prefixes the file name.
  std::string where;
  if (const SourcePos* p = brig.code_position(at)) {
    where = std::to_string(p->line) + ":" + std::to_string(p->column);
  } else {
    char buf[32];
    std::snprintf(buf, sizeof(buf), "hsa_code@0x%x", at);
    where = buf;
  }
  throw FinalizeError(where + ": " + msg);
}

Emitter find_emitter(uint16_t opcode) {
  return opcode < kOpcodeCount ? emitter_index()[opcode] : nullptr;
}

const char* prm_section(uint16_t opcode) {
  for (const SectionRange& r : kSections) {
    if (opcode >= r.first && opcode <= r.last) return r.prm;
  }
  return "18.7";
}

unsigned type_bits(uint16_t type) {
  const TypeInfo* t = type_info(type);
  return t ? t->bits : 0;
}
bool is_float(uint16_t type) {
  return type == FW_BRIG_TYPE_F16 || type == FW_BRIG_TYPE_F32 || type == FW_BRIG_TYPE_F64;
}
bool is_signed(uint16_t type) {
  const TypeInfo* t = type_info(type);
  return t && t->cls == 's';
}
bool is_packed_type(uint16_t type) { return is_packed(type); }
bool is_image_or_sampler(uint16_t type) {
  return type == FW_BRIG_TYPE_SAMP || type == FW_BRIG_TYPE_ROIMG || type == FW_BRIG_TYPE_WOIMG ||
         type == FW_BRIG_TYPE_RWIMG;
}
bool is_handle_type(uint16_t type) {
  return type == FW_BRIG_TYPE_SIG32 || type == FW_BRIG_TYPE_SIG64 || is_image_or_sampler(type);
}
std::string type_name(uint16_t type) {
  const TypeInfo* t = type_info(type);
  return t ? t->name : "type " + std::to_string(type);
}
std::string opcode_name(uint16_t opcode) {
  const char* n = kOpcodeNames.name(opcode);
  return n ? n : "opcode " + std::to_string(opcode);
}

}  // namespace translate_detail

std::unique_ptr<llvm::Module> translate(const Module& brig, llvm::LLVMContext& context,
                                        const Options& options) {
  // A module that did not pass the validator can hold entries the
  // accessors reject or operand lists shorter than the opcode needs; both
  // are finalization errors, never anything else.
  try {
    return translate_detail::translate_module(brig, context, options);
  } catch (const BrigError& e) {
    throw FinalizeError(std::string("malformed BRIG: ") + e.what());
  } catch (const std::out_of_range&) {
    throw FinalizeError(std::string("malformed BRIG: an instruction lacks an operand"));
  }
}

}  // namespace hsail::finalizer

namespace hsail::finalizer::translate_detail {

std::unique_ptr<llvm::Module> translate_module(const Module& brig, llvm::LLVMContext& context,
                                               const Options& options) {
  auto ir = std::make_unique<llvm::Module>("hsail", context);
  ir->setTargetTriple("amdgcn-amd-amdhsa");
  ir->setDataLayout(kDataLayout);
  ModuleState ms{brig, *ir, options, true, FW_BRIG_ROUND_FLOAT_NEAR_EVEN, {}, {}};

  const Section& code = brig.code();
  for (uint32_t off = code.header_size(); off < code.size();) {
    fw_brig_base base = brig.base_at(code, off);
    uint32_t next = off + base.byte_count;
    switch (base.kind) {
      case FW_BRIG_KIND_DIRECTIVE_MODULE: {
        auto d = brig.code_entry<fw_brig_directive_module>(off);
        ms.large = d.machine_model == FW_BRIG_MACHINE_LARGE;
        ms.default_round = d.default_float_round;
        if (ms.default_round == FW_BRIG_ROUND_FLOAT_DEFAULT &&
            options.program_round == Options::Round::kZero)
          ms.default_round = FW_BRIG_ROUND_FLOAT_ZERO;
        break;
      }
      case FW_BRIG_KIND_DIRECTIVE_VARIABLE:
        declare_module_variable(ms, off);
        break;
      case FW_BRIG_KIND_DIRECTIVE_KERNEL:
      case FW_BRIG_KIND_DIRECTIVE_FUNCTION:
      case FW_BRIG_KIND_DIRECTIVE_INDIRECT_FUNCTION:
      case FW_BRIG_KIND_DIRECTIVE_SIGNATURE: {
        auto d = brig.code_entry<fw_brig_directive_executable>(off);
        bool definition = d.modifier & FW_BRIG_EXECUTABLE_DEFINITION;
        if (definition && base.kind == FW_BRIG_KIND_DIRECTIVE_KERNEL) {
          translate_kernel(ms, off);
        } else if (base.kind == FW_BRIG_KIND_DIRECTIVE_FUNCTION ||
                   base.kind == FW_BRIG_KIND_DIRECTIVE_INDIRECT_FUNCTION) {
          translate_function(ms, off);
        }
        // Signatures only type the icalls that name them.
        if (d.next_module_entry > off) next = d.next_module_entry;
        break;
      }
      case FW_BRIG_KIND_DIRECTIVE_FBARRIER:
        declare_fbarrier(ms, off, "");
        break;
      default:
        // Comments, loc, pragma, extension and control directives change
        // nothing in the code generated so far.
        break;
    }
    off = next;
  }
  check_functions_defined(ms);
  // Each emitter makes well-typed IR from validated HSAIL; should an
  // unvalidated module slip something past them, say so here rather than
  // hand the backend a broken module.
  std::string problems;
  llvm::raw_string_ostream os(problems);
  if (llvm::verifyModule(*ir, &os)) {
    throw FinalizeError("internal error: the translation is not valid LLVM IR: " + os.str());
  }
  return ir;
}

}  // namespace hsail::finalizer::translate_detail
