// One kernel: its amdgpu_kernel function with the kernarg formals as
// explicit arguments, its variables, and its body instruction by
// instruction through the opcode table.
#include <algorithm>

#include <hsail/brig/names.h>

#include "translate_impl.h"

namespace hsail::finalizer::translate_detail {

namespace {

// The LLVM type a variable of element type elem is stored as in memory.
llvm::Type* storage_type(KernelTranslator& k, uint16_t elem) {
  const TypeInfo* t = type_info(elem);
  if (t == nullptr || (t->cls == 'o' && !is_handle_type(elem))) {
    k.unsupported("variables of type " + type_name(elem), "4.13");
  }
  if (elem == FW_BRIG_TYPE_B1) return k.b.getInt8Ty();  // b1 occupies a byte
  if (t->cls == 'o') return k.b.getInt64Ty();           // signal, image and sampler handles
  return k.value_type(elem);
}

uint64_t natural_bytes(uint16_t elem) {
  unsigned bits = type_bits(elem);
  return bits <= 8 ? 1 : bits / 8;
}

// The kernarg formals become the explicit arguments in order, laid out
// as HSAIL lays out the kernarg segment (PRM 4.21): each formal at the next
// multiple of its alignment, the natural one or a larger align(n). A
// scalar at its natural alignment is an argument by value, which the
// backend places the same way. One with a larger alignment, and an array,
// is a byref argument (a pointer into the kernarg segment whose pointee
// the backend lays out at the byref's align), as clang passes aggregates:
// the backend's layout and its metadata (.offset, .kernarg_segment_size
// and _align, which the runtime reports) then agree with HSAIL's, and the
// body reads such a formal from kernarg.segment.ptr + offset.
llvm::Function* create_function(ModuleState& ms, uint32_t kernel_at,
                                std::vector<std::pair<uint32_t, uint64_t>>* formals) {
  const Module& brig = ms.brig;
  auto d = brig.code_entry<fw_brig_directive_executable>(kernel_at);
  llvm::LLVMContext& c = ms.ir.getContext();
  std::vector<llvm::Type*> types;
  std::vector<std::string> names;
  std::vector<std::pair<llvm::Type*, uint64_t>> byref;  // pointee, align; null: by value
  uint64_t offset = 0;
  uint32_t at = d.first_in_arg;
  for (unsigned i = 0; i < d.in_arg_count; ++i) {
    auto v = brig.code_entry<fw_brig_directive_variable>(at);
    std::string name(brig.data_bytes(v.name));
    auto fail = [&](const std::string& what) {
      fail_at(brig, at, "not supported yet: kernarg " + name + " " + what + " (PRM 4.21)");
    };
    uint16_t elem = array_element(v.type);
    const TypeInfo* t = type_info(elem);
    // Signal, image and sampler handles are 64-bit values (PRM 6.8, 7.1.7).
    if (t == nullptr || t->bits == 0 || (t->cls == 'o' && !is_handle_type(elem))) {
      fail("of type " + type_name(elem));
    }
    uint64_t natural = natural_bytes(elem);
    uint64_t count = is_array(v.type) ? (uint64_t(v.dim.hi) << 32) | v.dim.lo : 1;
    if (count == 0) fail("of array type without a size");
    uint64_t align = std::max(alignment_bytes(v.align), natural);
    llvm::Type* ty = nullptr;
    switch (elem) {
      case FW_BRIG_TYPE_F16:
        ty = llvm::Type::getHalfTy(c);
        break;
      case FW_BRIG_TYPE_F32:
        ty = llvm::Type::getFloatTy(c);
        break;
      case FW_BRIG_TYPE_F64:
        ty = llvm::Type::getDoubleTy(c);
        break;
      case FW_BRIG_TYPE_B128:
        // i128 has 8-byte alignment in the AMDGPU data layout; <4 x i32>
        // keeps the natural 16 of HSAIL's layout.
        ty = llvm::FixedVectorType::get(llvm::Type::getInt32Ty(c), 4);
        break;
      default:
        ty = llvm::IntegerType::get(c, t->bits == 1 ? 8 : t->bits);
    }
    if (is_array(v.type)) ty = llvm::ArrayType::get(ty, count);
    offset = (offset + align - 1) / align * align;
    formals->push_back({at, offset});
    offset += natural * count;
    if (is_array(v.type) || align != natural) {
      byref.push_back({ty, align});
      types.push_back(llvm::PointerType::get(ty, kConstantAS));
    } else {
      byref.push_back({nullptr, 0});
      types.push_back(ty);
    }
    names.push_back(name.empty() ? name : name.substr(1));
    at += brig.base_at(brig.code(), at).byte_count;
  }
  auto* fty = llvm::FunctionType::get(llvm::Type::getVoidTy(c), types, false);
  auto* fn = llvm::Function::Create(fty, llvm::GlobalValue::ExternalLinkage,
                                    std::string(brig.data_bytes(d.name)), ms.ir);
  fn->setCallingConv(llvm::CallingConv::AMDGPU_KERNEL);
  for (unsigned i = 0; i < types.size(); ++i) {
    fn->getArg(i)->setName(names[i]);
    if (byref[i].first == nullptr) continue;
    fn->addParamAttr(i, llvm::Attribute::getWithByRefType(c, byref[i].first));
    fn->addParamAttr(i, llvm::Attribute::getWithAlignment(c, llvm::Align(byref[i].second)));
  }
  return fn;
}

// A variable declared in the kernel body.
void declare_local(KernelTranslator& k) {
  auto v = k.entry<fw_brig_directive_variable>();
  std::string name(k.brig.data_bytes(v.name));
  uint16_t elem = array_element(v.type);
  llvm::Type* ty = storage_type(k, elem);
  if (is_array(v.type)) ty = llvm::ArrayType::get(ty, (uint64_t(v.dim.hi) << 32) | v.dim.lo);
  uint64_t align = alignment_bytes(v.align);
  llvm::Align a(align ? align : natural_bytes(elem));
  switch (v.segment) {
    case FW_BRIG_SEGMENT_PRIVATE:
    case FW_BRIG_SEGMENT_SPILL:
    case FW_BRIG_SEGMENT_ARG: {  // see translate_functions.cpp
      llvm::BasicBlock& entry = k.fn->getEntryBlock();
      llvm::IRBuilder<> ab(&entry, entry.begin());
      llvm::AllocaInst* slot = ab.CreateAlloca(ty, nullptr, name.substr(1));
      slot->setAlignment(a);
      k.locals[k.at] = slot;
      break;
    }
    case FW_BRIG_SEGMENT_GROUP:
    case FW_BRIG_SEGMENT_GLOBAL:
    case FW_BRIG_SEGMENT_READONLY: {
      // Group variables are per work-group LDS without an initial value;
      // function-scope global ones are ordinary zeroed globals.
      bool group = v.segment == FW_BRIG_SEGMENT_GROUP;
      bool handle_init = !group && has_handle_initializer(k.brig, k.at);
      llvm::Constant* init = group         ? static_cast<llvm::Constant*>(llvm::UndefValue::get(ty))
                             : handle_init ? llvm::Constant::getNullValue(ty)
                                           : variable_initializer(k.brig, k.at, ty);
      auto* gv =
          new llvm::GlobalVariable(k.ms.ir, ty, false, llvm::GlobalValue::InternalLinkage, init,
                                   k.fn->getName().str() + "." + name.substr(1), nullptr,
                                   llvm::GlobalValue::NotThreadLocal, group ? kGroupAS : kGlobalAS);
      gv->setAlignment(a);
      if (handle_init) describe_handle_initializer(k.brig, k.at, gv);
      k.locals[k.at] = gv;
      break;
    }
    default:
      k.unsupported("variable " + name + " in this segment (arg blocks, calls)", "10.2");
  }
}

void translate_instruction(KernelTranslator& k, uint16_t kind) {
  auto base = k.entry<fw_brig_inst_base>();
  Inst inst{k.at, kind, base.opcode, base.type, k.brig.data_list(base.operands)};
  Emitter emit = is_packed_instruction(k, inst) ? emit_packed : find_emitter(inst.opcode);
  if (emit == nullptr) k.unsupported(opcode_name(inst.opcode), prm_section(inst.opcode));
  k.ensure_open_block();
  emit(k, inst);
}

}  // namespace

void translate_kernel(ModuleState& ms, uint32_t kernel_at) {
  std::vector<std::pair<uint32_t, uint64_t>> formals;
  llvm::Function* fn = create_function(ms, kernel_at, &formals);
  KernelTranslator k(ms, fn);
  for (size_t i = 0; i < formals.size(); ++i) {
    auto v = ms.brig.code_entry<fw_brig_directive_variable>(formals[i].first);
    k.kernargs[formals[i].first] = Kernarg{fn->getArg(i), formals[i].second, v.type};
  }

  translate_body(k, kernel_at);
}

void translate_body(KernelTranslator& k, uint32_t exec_at) {
  // The entry block holds only the allocas (registers, private
  // variables); it falls through to the body once the body is done.
  // A function's entry already exists (see translate_functions.cpp).
  llvm::Function* fn = k.fn;
  llvm::BasicBlock* entry =
      fn->empty() ? llvm::BasicBlock::Create(k.ctx, "entry", fn) : &fn->getEntryBlock();
  llvm::BasicBlock* body = llvm::BasicBlock::Create(k.ctx, "body", fn);
  k.b.SetInsertPoint(body);
  apply_control_directives(k, exec_at);

  ModuleState& ms = k.ms;
  auto d = ms.brig.code_entry<fw_brig_directive_executable>(exec_at);
  // Module-scope private variables: a kernel's work-items get their own
  // copies. A function cannot reach its caller's: naming them there is
  // "not supported yet" (translate_values.cpp).
  if (ms.brig.base_at(ms.brig.code(), exec_at).kind == FW_BRIG_KIND_DIRECTIVE_KERNEL) {
    for (uint32_t at : ms.private_globals) {
      k.at = at;
      declare_local(k);
    }
  }
  const Section& code = ms.brig.code();
  for (uint32_t off = d.first_code_block_entry; off != 0 && off < d.next_module_entry;) {
    fw_brig_base base = ms.brig.base_at(code, off);
    k.at = off;
    if (base.kind >= FW_BRIG_KIND_INST_BEGIN && base.kind < FW_BRIG_KIND_INST_END) {
      translate_instruction(k, base.kind);
    } else {
      switch (base.kind) {
        case FW_BRIG_KIND_DIRECTIVE_VARIABLE:
          declare_local(k);
          break;
        case FW_BRIG_KIND_DIRECTIVE_LABEL:
          k.start_block(k.label_block(off));
          break;
        case FW_BRIG_KIND_DIRECTIVE_ARG_BLOCK_START:
        case FW_BRIG_KIND_DIRECTIVE_ARG_BLOCK_END:
          // Arg-block variables are private allocas of their own.
          break;
        case FW_BRIG_KIND_DIRECTIVE_FBARRIER:
          declare_fbarrier(k.ms, off, k.fn->getName().str() + ".");
          break;
        default:
          // Comments, loc, pragma and control directives: nothing to emit.
          break;
      }
    }
    off += base.byte_count;
  }
  if (k.b.GetInsertBlock()->getTerminator() == nullptr) k.b.CreateRetVoid();
  llvm::IRBuilder<>(entry).CreateBr(body);
}

}  // namespace hsail::finalizer::translate_detail
