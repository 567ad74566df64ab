// Private to translate_*.cpp: the state of translating one kernel and the
// helpers every instruction family uses. The translation is deliberately
// naive and lets LLVM clean up: every HSAIL register is an alloca (the
// backend's pipeline promotes them with SROA/mem2reg), every label a basic
// block, and each instruction is one row of an opcode -> emitter table
// filled from the families:
//   translate.cpp             module walk, module-scope variables, the table
//   translate_kernel.cpp      kernel function, kernargs, body variables
//   translate_values.cpp      registers, constants, addresses, labels
//   translate_arithmetic.cpp  arithmetic, 24-bit, copy, float (+ alu checks)
//   translate_bits.cpp        shifts, logical and bit instructions
//   translate_convert.cpp     cmp and cvt
//   translate_memory.cpp      ld, st, lda
//   translate_control.cpp     br, cbr, ret, barrier, memfence
//   translate_dispatch.cpp    dispatch-packet queries
//   translate_functions.cpp   functions, indirect functions, call, scall,
//                             icall, the arg segment
//   translate_alloca.cpp      alloca (a static region per activation)
//   translate_signals.cpp     signal, signalnoret (6.8)
//   translate_fbarrier.cpp    fbarriers (9.2)
//   translate_atomics.cpp     atomic, atomicnoret
//   translate_native.cpp      sqrt and the native functions
//   translate_rounding.cpp    float roundings up/down/zero and ftz (4.19)
//   translate_packed.cpp      packed data: packed ALU forms, shuffle, pack (5.9)
//   translate_multimedia.cpp  bitalign ... sadhi (5.15)
//   translate_segments.cpp    segmentp, ftos, stof (5.16, 5.17)
//   translate_lanes.cpp       cross-lane: activelane*, wavebarrier (9.4, 9.1)
//   translate_misc.cpp        clock, cuid, laneid, waveid, nop, debugtrap... (11.4)
//   translate_queue.cpp       packetid, completion signal, queue indices (11.3)
//   translate_detect.cpp      detect-exception instructions (11.2)
//   translate_image.cpp       images and samplers (7)
//   translate_directives.cpp  control directives (13.4)
//   translate_init.cpp        variable initializers (4.10)
//   translate_handle_init.cpp image and sampler initializers (7.1.7, 7.1.8)
//   translate_memory_order.h  memory orders and rmw operations (atomics,
//                             signals, queue indices)
// Whatever has no row, or a row that meets a modifier it cannot honour,
// is a FinalizeError "not supported yet: ... (PRM x.y)".
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include <finalizer/finalizer.h>

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"

namespace hsail::finalizer::translate_detail {

// Address spaces of the AMDGPU backend (amdgpu-usage: "Address Spaces").
enum AddrSpace : unsigned {
  kFlatAS = 0,
  kGlobalAS = 1,
  kGroupAS = 3,
  kConstantAS = 4,
  kPrivateAS = 5,
};

// What the module as a whole contributes to every kernel.
struct ModuleState {
  const Module& brig;
  llvm::Module& ir;
  const Options& options;
  bool large = true;  // machine model
  uint8_t default_round = FW_BRIG_ROUND_FLOAT_NEAR_EVEN;
  std::map<uint32_t, llvm::GlobalVariable*> globals;  // module-scope variables
  // Module-scope private and spill variables: one copy per work-item, so
  // each kernel gives them private storage of its own (translate_kernel.cpp).
  std::vector<uint32_t> private_globals;
};

// A kernarg formal: its LLVM argument and its offset in the kernarg segment.
struct Kernarg {
  llvm::Argument* arg;
  uint64_t offset;
  uint16_t type;
};

// One instruction being translated.
struct Inst {
  uint32_t at;    // hsa_code offset
  uint16_t kind;  // fw_brig_kind
  uint16_t opcode;
  uint16_t type;
  std::vector<uint32_t> operands;  // hsa_operand offsets
};

class KernelTranslator {
 public:
  KernelTranslator(ModuleState& ms, llvm::Function* fn);
  ~KernelTranslator();
  KernelTranslator(const KernelTranslator&) = delete;
  KernelTranslator& operator=(const KernelTranslator&) = delete;

  ModuleState& ms;
  const Module& brig;
  llvm::LLVMContext& ctx;
  llvm::Function* fn;
  llvm::IRBuilder<> b;
  std::map<uint32_t, Kernarg> kernargs;     // by variable directive offset
  std::map<uint32_t, llvm::Value*> locals;  // private/group/spill variables
  uint32_t at = 0;                          // entry being translated

  // Throws FinalizeError "<position>: msg".
  [[noreturn]] void fail(const std::string& msg) const;
  // "not supported yet: what (PRM section)".
  [[noreturn]] void unsupported(const std::string& what, const char* prm) const;

  template <class T>
  T entry() const {
    return brig.code_entry<T>(at);
  }
  uint16_t operand_kind(uint32_t off) const { return brig.base_at(brig.operands(), off).kind; }

  // Values: an HSAIL type's LLVM value type (floats as half/float/double,
  // others, packed included, as iN).
  llvm::Type* value_type(uint16_t type) const;
  // Reads a register, constant or WAVESIZE operand as a value of type.
  llvm::Value* read(uint32_t operand, uint16_t type);
  // Writes a value of type to a register operand: subword integers are
  // extended by their signedness, floats stored as their bits.
  void write(uint32_t operand, llvm::Value* v, uint16_t type);

  // Memory: the address of an address operand in segment as an i8 pointer
  // of the segment's address space.
  llvm::Value* address(uint32_t operand, uint8_t segment);
  unsigned address_space(uint8_t segment) const;
  // The kernarg formal an address names directly ([%x] with no register
  // or offset), or nullptr.
  const Kernarg* direct_kernarg(uint32_t operand) const;

  // Control flow: the block of a label directive; a new block after a
  // terminator so later (unreachable) instructions have a home.
  llvm::BasicBlock* label_block(uint32_t label);
  void start_block(llvm::BasicBlock* bb);
  void ensure_open_block();

  llvm::Value* dispatch_ptr();

 private:
  llvm::AllocaInst* reg_slot(uint16_t kind, uint16_t num);
  llvm::IRBuilder<> alloca_builder();
  std::map<std::pair<uint16_t, uint16_t>, llvm::AllocaInst*> regs_;
  std::map<uint32_t, llvm::BasicBlock*> labels_;
};

// Throws FinalizeError "line:column: msg" (or "hsa_code@0x..: msg").
[[noreturn]] void fail_at(const Module& brig, uint32_t at, const std::string& msg);

// Type facts (names.h's table) the emitters ask for.
unsigned type_bits(uint16_t type);
bool is_float(uint16_t type);
bool is_signed(uint16_t type);
bool is_packed_type(uint16_t type);
// Opaque 64-bit handles a register, a variable or an argument can hold:
// signals (PRM 6.8), images and samplers (PRM 7.1; translate_image.cpp).
bool is_handle_type(uint16_t type);
bool is_image_or_sampler(uint16_t type);
std::string type_name(uint16_t type);
std::string opcode_name(uint16_t opcode);

// One row per supported opcode; emitters live with their family.
using Emitter = void (*)(KernelTranslator& k, const Inst& inst);
struct OpcodeRow {
  uint16_t opcode;
  Emitter emit;
};
struct RowSpan {
  const OpcodeRow* rows;
  size_t count;
};
RowSpan arithmetic_rows();  // translate_arithmetic.cpp
RowSpan bits_rows();        // translate_bits.cpp
RowSpan convert_rows();     // translate_convert.cpp (cmp, cvt)
RowSpan memory_rows();      // translate_memory.cpp
RowSpan control_rows();     // translate_control.cpp (branches, barrier, memfence, ret)
RowSpan dispatch_rows();    // translate_dispatch.cpp (dispatch-packet queries)
RowSpan function_rows();    // translate_functions.cpp (call, scall, icall)
RowSpan atomic_rows();      // translate_atomics.cpp (atomic, atomicnoret)
RowSpan native_rows();      // translate_native.cpp (sqrt, native functions)
RowSpan lane_rows();        // translate_lanes.cpp (cross-lane, wavebarrier)
RowSpan misc_rows();        // translate_misc.cpp (clock, ids, nullptr, nop, debugtrap)
RowSpan queue_rows();       // translate_queue.cpp (packetid, queue indices)
RowSpan detect_rows();      // translate_detect.cpp (DETECT exception flags)
RowSpan alloca_rows();      // translate_alloca.cpp (alloca)
RowSpan signal_rows();      // translate_signals.cpp (signal, signalnoret)
RowSpan fbarrier_rows();    // translate_fbarrier.cpp (initfbar ... ldf)
RowSpan multimedia_rows();  // translate_multimedia.cpp (bitalign ... sadhi)
RowSpan segment_rows();     // translate_segments.cpp (segmentp, ftos, stof)
RowSpan image_rows();       // translate_image.cpp (rdimage ... imagefence)
// An fbarrier directive's group-memory word, in ms.globals; scope prefixes
// the name of a function-scope one (translate_fbarrier.cpp).
void declare_fbarrier(ModuleState& ms, uint32_t at, const std::string& scope);

// The emitter of an opcode, or nullptr; the PRM section naming it.
Emitter find_emitter(uint16_t opcode);
const char* prm_section(uint16_t opcode);

// Rejects rounding modes other than the default (round to nearest even)
// for a float instruction (PRM 4.19.2).
void require_default_rounding(KernelTranslator& k, const Inst& inst, uint8_t round);

// The predicate of compare operation op on values of a scalar type;
// BAD_ICMP_PREDICATE where integers cannot compare so (translate_convert.cpp).
llvm::CmpInst::Predicate compare_predicate(uint8_t op, uint16_t type);

// Packed data (translate_packed.cpp): whether inst computes on packed
// elements (shuffle, pack, a packed type or packed cmp), and its emitter.
bool is_packed_instruction(KernelTranslator& k, const Inst& inst);
void emit_packed(KernelTranslator& k, const Inst& inst);

// The module walk behind translate() (translate.cpp).
std::unique_ptr<llvm::Module> translate_module(const Module& brig, llvm::LLVMContext& context,
                                               const Options& options);

// Kernel bodies (translate_kernel.cpp).
void translate_kernel(ModuleState& ms, uint32_t kernel_at);
// The body of a kernel or function into k.fn (translate_kernel.cpp).
void translate_body(KernelTranslator& k, uint32_t exec_at);
// Control directives of a code block (translate_directives.cpp).
void apply_control_directives(KernelTranslator& k, uint32_t exec_at);
// What the directives fix: operand i (x, y, z) of requiredworkgroupsize,
// requiredgridsize or requireddim, true for requirenopartialworkgroups;
// nullptr when no directive says.
enum class Required { kWorkGroupSize, kGridSize, kDim, kNoPartialWorkGroups };
llvm::ConstantInt* required_value(const KernelTranslator& k, Required what, unsigned i = 0);
// A global/readonly variable's initial value of type ty (translate_init.cpp).
llvm::Constant* variable_initializer(const Module& brig, uint32_t var_at, llvm::Type* ty);
// An image or sampler variable with an initializer: its handle is the
// address of an object only the runtime can make, so the variable starts
// zeroed and describe_handle_initializer() records what the loader must
// make for each element (kHandleInitializers, translate_handle_init.cpp).
bool has_handle_initializer(const Module& brig, uint32_t var_at);
void describe_handle_initializer(const Module& brig, uint32_t var_at, llvm::GlobalVariable* gv);
// HSAIL functions (translate_functions.cpp): declares, and translates a
// definition; after the module walk, rejects called functions never defined.
void translate_function(ModuleState& ms, uint32_t fn_at);
void check_functions_defined(ModuleState& ms);

}  // namespace hsail::finalizer::translate_detail
