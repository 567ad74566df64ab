// HSAIL functions (PRM 10): definitions, declarations, call, scall and the
// arg segment.
//
// Design. An HSAIL function is an LLVM function with internal linkage and
// the default calling convention (the AMDGPU backend's callable-function
// ABI: arguments and results in registers, its own stack in private
// memory). Its input formals are the LLVM parameters in order and its
// output formals the return value: void with none, the one output's type,
// or a struct of them in order. Each formal and each arg-block variable is
// typed by its bytes alone: iN for an N-bit scalar (b1 as i8) and
// [count x iN] for an array, so f32 and u32 formals share i32.
// In the body every arg-segment variable - formal or arg-block actual -
// is a private alloca (the arg segment is addressed like private memory),
// so ld_arg/st_arg, even with a register index into an array, are plain
// private loads and stores: the entry block copies the parameters into the
// input formals' allocas, every ret gathers the output formals' allocas
// into the return value, and a call loads the caller's input actuals and
// stores the returned values into its output actuals. SROA then turns all
// of that back into registers.
//
// Indirect functions (PRM 10.8) are ordinary definitions with external
// linkage, so each is a global function symbol of the code object and its
// code handle is its address in the loaded image; icall calls through
// that handle with the signature's function type (the backend's indirect
// call, a waterfall loop over the distinct targets of a wave). External
// (never defined) functions stay "not supported yet".
//
// A function of program linkage is external rather than internal, marked
// with kProgramFunctionAttribute (finalizer.h): its definition may come
// from another module of the program, joined by the IR linker, and
// emit_code_object() makes it internal once the program is whole.
#include <hsail/brig/names.h>

#include "translate_impl.h"

namespace hsail::finalizer::translate_detail {

namespace {

using Directive = fw_brig_directive_executable;

// The formal variables of an executable: outputs first (they follow the
// directive), then inputs from first_in_arg.
struct Formals {
  std::vector<uint32_t> out, in;
};

uint32_t next_entry(const Module& brig, uint32_t at) {
  return at + brig.base_at(brig.code(), at).byte_count;
}

Formals formals(const Module& brig, uint32_t fn_at) {
  auto d = brig.code_entry<Directive>(fn_at);
  Formals f;
  uint32_t at = next_entry(brig, fn_at);
  for (unsigned i = 0; i < d.out_arg_count; ++i, at = next_entry(brig, at)) f.out.push_back(at);
  at = d.first_in_arg;
  for (unsigned i = 0; i < d.in_arg_count; ++i, at = next_entry(brig, at)) f.in.push_back(at);
  return f;
}

// The type of an arg-segment variable as a value: its bytes.
llvm::Type* arg_type(ModuleState& ms, uint32_t var_at) {
  auto v = ms.brig.code_entry<fw_brig_directive_variable>(var_at);
  uint16_t elem = array_element(v.type);
  unsigned bits = type_bits(elem);
  if (bits == 0) {
    fail_at(ms.brig, var_at,
            "not supported yet: arguments of type " + type_name(elem) + " (PRM 10.2)");
  }
  llvm::Type* t = llvm::IntegerType::get(ms.ir.getContext(), bits == 1 ? 8 : bits);
  if (!is_array(v.type)) return t;
  uint64_t count = (uint64_t(v.dim.hi) << 32) | v.dim.lo;
  if (count == 0) {
    fail_at(ms.brig, var_at, "not supported yet: array arguments without a size (PRM 10.2)");
  }
  return llvm::ArrayType::get(t, count);
}

llvm::Type* return_type(ModuleState& ms, const Formals& f) {
  llvm::LLVMContext& c = ms.ir.getContext();
  if (f.out.empty()) return llvm::Type::getVoidTy(c);
  if (f.out.size() == 1) return arg_type(ms, f.out[0]);
  std::vector<llvm::Type*> fields;
  for (uint32_t o : f.out) fields.push_back(arg_type(ms, o));
  return llvm::StructType::get(c, fields);
}

// The function type of a function, indirect function or signature.
llvm::FunctionType* function_type(ModuleState& ms, uint32_t fn_at) {
  Formals f = formals(ms.brig, fn_at);
  std::vector<llvm::Type*> params;
  for (uint32_t i : f.in) params.push_back(arg_type(ms, i));
  return llvm::FunctionType::get(return_type(ms, f), params, false);
}

// The LLVM function of an HSAIL function, created on its first directive
// (declaration or definition: both carry the full signature). It stays
// internal until an indirect definition exports it.
llvm::Function* function_of(ModuleState& ms, uint32_t fn_at) {
  auto d = ms.brig.code_entry<Directive>(fn_at);
  std::string name(ms.brig.data_bytes(d.name));
  if (llvm::Function* fn = ms.ir.getFunction(name)) return fn;
  Formals f = formals(ms.brig, fn_at);
  bool program = d.linkage == FW_BRIG_LINKAGE_PROGRAM;
  auto* fn = llvm::Function::Create(
      function_type(ms, fn_at),
      program ? llvm::GlobalValue::ExternalLinkage : llvm::GlobalValue::InternalLinkage, name,
      ms.ir);
  if (program) {
    bool indirect =
        ms.brig.base_at(ms.brig.code(), fn_at).kind == FW_BRIG_KIND_DIRECTIVE_INDIRECT_FUNCTION;
    fn->addFnAttr(kProgramFunctionAttribute, indirect ? "indirect" : "function");
  }
  for (size_t i = 0; i < f.in.size(); ++i) {
    std::string n(ms.brig.data_bytes(ms.brig.code_entry<fw_brig_directive_variable>(f.in[i]).name));
    fn->getArg(i)->setName(n.empty() ? n : n.substr(1));
  }
  return fn;
}

// A private slot of an arg-segment variable, as typed pointer.
llvm::Value* slot_as(KernelTranslator& k, uint32_t var_at, llvm::Type* t) {
  auto it = k.locals.find(var_at);
  if (it == k.locals.end()) k.fail("an argument that is not a declared arg variable");
  unsigned as = it->second->getType()->getPointerAddressSpace();
  return k.b.CreateBitCast(it->second, t->getPointerTo(as));
}

// Every `ret void` the body left becomes a return of the output formals.
void gather_outputs(KernelTranslator& k, const Formals& f) {
  llvm::Type* rt = k.fn->getReturnType();
  if (rt->isVoidTy()) return;
  std::vector<llvm::ReturnInst*> rets;
  for (llvm::BasicBlock& bb : *k.fn) {
    if (auto* r = llvm::dyn_cast_or_null<llvm::ReturnInst>(bb.getTerminator())) rets.push_back(r);
  }
  for (llvm::ReturnInst* r : rets) {
    k.b.SetInsertPoint(r);
    llvm::Value* v = nullptr;
    if (f.out.size() == 1) {
      v = k.b.CreateLoad(rt, slot_as(k, f.out[0], rt));
    } else {
      v = llvm::UndefValue::get(rt);
      for (unsigned i = 0; i < f.out.size(); ++i) {
        llvm::Type* t = rt->getStructElementType(i);
        v = k.b.CreateInsertValue(v, k.b.CreateLoad(t, slot_as(k, f.out[i], t)), i);
      }
    }
    k.b.CreateRet(v);
    r->eraseFromParent();
  }
}

// One call of callee (a function or a pointer to one of type fty) with
// the arg-block actuals of inst.
void emit_call(KernelTranslator& k, llvm::FunctionType* fty, llvm::Value* callee,
               const std::vector<uint32_t>& outs, const std::vector<uint32_t>& ins) {
  if (ins.size() != fty->getNumParams()) k.fail("a call with the wrong number of inputs");
  std::vector<llvm::Value*> args;
  for (size_t i = 0; i < ins.size(); ++i) {
    llvm::Type* t = fty->getParamType(i);
    args.push_back(k.b.CreateLoad(t, slot_as(k, ins[i], t)));
  }
  llvm::CallInst* call = k.b.CreateCall(fty, callee, args);
  llvm::Type* rt = fty->getReturnType();
  if (outs.size() == 1 && !rt->isStructTy()) {
    k.b.CreateStore(call, slot_as(k, outs[0], rt));
    return;
  }
  if (!outs.empty() && (!rt->isStructTy() || rt->getStructNumElements() != outs.size())) {
    k.fail("a call with the wrong number of outputs");
  }
  for (unsigned i = 0; i < outs.size(); ++i) {
    llvm::Type* t = rt->getStructElementType(i);
    k.b.CreateStore(k.b.CreateExtractValue(call, i), slot_as(k, outs[i], t));
  }
}

std::vector<uint32_t> code_list(KernelTranslator& k, uint32_t operand) {
  if (k.operand_kind(operand) != FW_BRIG_KIND_OPERAND_CODE_LIST) {
    k.fail("a call needs argument lists");
  }
  return k.brig.data_list(k.brig.operand_entry<fw_brig_operand_code_list>(operand).elements);
}

// A direct call may name an indirect function too (PRM 10.8).
llvm::Function* callee_at(KernelTranslator& k, uint32_t fn_at) {
  uint16_t kind = k.brig.base_at(k.brig.code(), fn_at).kind;
  if (kind != FW_BRIG_KIND_DIRECTIVE_FUNCTION && kind != FW_BRIG_KIND_DIRECTIVE_INDIRECT_FUNCTION) {
    k.unsupported("calls of anything but a function", "10.6");
  }
  return function_of(k.ms, fn_at);
}

void emit_direct_call(KernelTranslator& k, llvm::Function* callee,
                      const std::vector<uint32_t>& outs, const std::vector<uint32_t>& ins) {
  emit_call(k, callee->getFunctionType(), callee, outs, ins);
}

// call (PRM 10.6): operands out-args, function, in-args.
void call(KernelTranslator& k, const Inst& inst) {
  if (k.operand_kind(inst.operands.at(1)) != FW_BRIG_KIND_OPERAND_CODE_REF) {
    k.fail("call needs a function name");
  }
  uint32_t fn_at = k.brig.operand_entry<fw_brig_operand_code_ref>(inst.operands.at(1)).ref;
  emit_direct_call(k, callee_at(k, fn_at), code_list(k, inst.operands.at(0)),
                   code_list(k, inst.operands.at(2)));
}

// scall (PRM 10.7): a switch on the selector over the function list, one
// call per case; a selector past the list calls nothing (PRM: undefined).
void scall(KernelTranslator& k, const Inst& inst) {
  std::vector<uint32_t> outs = code_list(k, inst.operands.at(0));
  std::vector<uint32_t> ins = code_list(k, inst.operands.at(2));
  std::vector<uint32_t> fns = code_list(k, inst.operands.at(3));
  llvm::Value* sel = k.read(inst.operands.at(1), inst.type);
  llvm::BasicBlock* done = llvm::BasicBlock::Create(k.ctx, "scall.done", k.fn);
  llvm::SwitchInst* sw = k.b.CreateSwitch(sel, done, static_cast<unsigned>(fns.size()));
  for (size_t i = 0; i < fns.size(); ++i) {
    llvm::BasicBlock* bb = llvm::BasicBlock::Create(k.ctx, "scall.case", k.fn);
    sw->addCase(llvm::cast<llvm::ConstantInt>(llvm::ConstantInt::get(sel->getType(), i)), bb);
    k.b.SetInsertPoint(bb);
    emit_direct_call(k, callee_at(k, fns[i]), outs, ins);
    k.b.CreateBr(done);
  }
  k.b.SetInsertPoint(done);
}

// icall (PRM 10.8): operands out-args, handle, in-args, signature. The
// handle is the address of the indirect function's code; the width
// modifier is only a hint and the backend's call handles any divergence.
void icall(KernelTranslator& k, const Inst& inst) {
  if (inst.type != FW_BRIG_TYPE_U64) {
    k.unsupported("icall with 32-bit code handles (small machine model)", "10.8");
  }
  if (k.operand_kind(inst.operands.at(3)) != FW_BRIG_KIND_OPERAND_CODE_REF) {
    k.fail("icall needs a signature");
  }
  uint32_t sig_at = k.brig.operand_entry<fw_brig_operand_code_ref>(inst.operands.at(3)).ref;
  if (k.brig.base_at(k.brig.code(), sig_at).kind != FW_BRIG_KIND_DIRECTIVE_SIGNATURE) {
    k.fail("icall needs a signature");
  }
  llvm::FunctionType* fty = function_type(k.ms, sig_at);
  llvm::Value* handle = k.read(inst.operands.at(1), FW_BRIG_TYPE_U64);
  llvm::Value* target = k.b.CreateIntToPtr(handle, fty->getPointerTo());
  emit_call(k, fty, target, code_list(k, inst.operands.at(0)), code_list(k, inst.operands.at(2)));
}

const OpcodeRow kRows[] = {
    {FW_BRIG_OPCODE_CALL, call},
    {FW_BRIG_OPCODE_SCALL, scall},
    {FW_BRIG_OPCODE_ICALL, icall},
};

}  // namespace

RowSpan function_rows() { return {kRows, sizeof(kRows) / sizeof(kRows[0])}; }

void translate_function(ModuleState& ms, uint32_t fn_at) {
  llvm::Function* fn = function_of(ms, fn_at);
  auto d = ms.brig.code_entry<Directive>(fn_at);
  if (!(d.modifier & FW_BRIG_EXECUTABLE_DEFINITION)) return;
  if (!fn->empty()) {
    fail_at(ms.brig, fn_at, "function " + fn->getName().str() + " is defined twice");
  }
  // An indirect function is found by its symbol (the host's code-handle
  // query) and may be called from code finalized later.
  if (ms.brig.base_at(ms.brig.code(), fn_at).kind == FW_BRIG_KIND_DIRECTIVE_INDIRECT_FUNCTION) {
    fn->setLinkage(llvm::GlobalValue::ExternalLinkage);
  }
  KernelTranslator k(ms, fn);
  Formals f = formals(ms.brig, fn_at);
  // The formals' slots and the copies of the parameters open the entry
  // block; translate_body adds the other allocas before them.
  llvm::BasicBlock* entry = llvm::BasicBlock::Create(k.ctx, "entry", fn);
  k.b.SetInsertPoint(entry);
  for (uint32_t o : f.out) {
    k.locals[o] = k.b.CreateAlloca(arg_type(ms, o), kPrivateAS, nullptr, "out");
  }
  for (size_t i = 0; i < f.in.size(); ++i) {
    llvm::AllocaInst* slot = k.b.CreateAlloca(arg_type(ms, f.in[i]), kPrivateAS, nullptr, "in");
    k.b.CreateStore(fn->getArg(i), slot);
    k.locals[f.in[i]] = slot;
  }
  translate_body(k, fn_at);
  gather_outputs(k, f);
}

void check_functions_defined(ModuleState& ms) {
  // Declarations nobody calls simply go; a called one of module linkage
  // has no definition anywhere (program-linkage ones are external and
  // wait for the program's other modules).
  std::vector<llvm::Function*> unused;
  for (llvm::Function& fn : ms.ir) {
    if (!fn.isDeclaration() || fn.isIntrinsic() || !fn.hasInternalLinkage()) continue;
    if (!fn.use_empty()) {
      throw FinalizeError(
          "function " + fn.getName().str() +
          " of module linkage is declared but not defined in the module (PRM 4.12)");
    }
    unused.push_back(&fn);
  }
  for (llvm::Function* fn : unused) fn->eraseFromParent();
}

}  // namespace hsail::finalizer::translate_detail
