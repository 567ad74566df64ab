// Operands of one kernel: registers as allocas, constants, addresses in
// each segment, labels as blocks.
#include <hsail/brig/names.h>

#include "llvm/IR/IntrinsicsAMDGPU.h"
#include "translate_impl.h"

namespace hsail::finalizer::translate_detail {

KernelTranslator::KernelTranslator(ModuleState& m, llvm::Function* f)
    : ms(m), brig(m.brig), ctx(m.ir.getContext()), fn(f), b(m.ir.getContext()) {}

// A label's block joins the function when its label directive is reached.
// Translation that stops early (a FinalizeError) can leave blocks only
// branches know; the function takes them, terminated, so the module frees
// them with everything else.
KernelTranslator::~KernelTranslator() {
  for (auto& [label, bb] : labels_) {
    if (bb->getParent() != nullptr) continue;
    bb->insertInto(fn);
    if (bb->getTerminator() == nullptr) new llvm::UnreachableInst(ctx, bb);
  }
}

void KernelTranslator::fail(const std::string& msg) const { fail_at(brig, at, msg); }

void KernelTranslator::unsupported(const std::string& what, const char* prm) const {
  fail("not supported yet: " + what + " (PRM " + prm + ")");
}

llvm::Type* KernelTranslator::value_type(uint16_t type) const {
  switch (type) {
    case FW_BRIG_TYPE_F16:
      return llvm::Type::getHalfTy(ctx);
    case FW_BRIG_TYPE_F32:
      return llvm::Type::getFloatTy(ctx);
    case FW_BRIG_TYPE_F64:
      return llvm::Type::getDoubleTy(ctx);
    default:
      break;
  }
  unsigned bits = type_bits(type);
  const TypeInfo* t = type_info(type);
  // Signal handles are the 64-bit address of their amd_signal_t, image
  // and sampler handles that of their descriptor (translate_image.cpp).
  if (is_handle_type(type)) return llvm::Type::getInt64Ty(ctx);
  if (bits == 0 || t == nullptr || t->cls == 'o') {
    unsupported("values of type " + type_name(type), "4.13");
  }
  return llvm::IntegerType::get(ctx, bits);
}

llvm::IRBuilder<> KernelTranslator::alloca_builder() {
  llvm::BasicBlock& entry = fn->getEntryBlock();
  return llvm::IRBuilder<>(&entry, entry.begin());
}

llvm::AllocaInst* KernelTranslator::reg_slot(uint16_t kind, uint16_t num) {
  if (kind > FW_BRIG_REGISTER_KIND_QUAD) fail("register of unknown kind " + std::to_string(kind));
  auto key = std::make_pair(kind, num);
  auto it = regs_.find(key);
  if (it != regs_.end()) return it->second;
  unsigned bits = register_kind_bits(kind);
  std::string name = std::string(1, register_kind_letter(kind)) + std::to_string(num);
  llvm::AllocaInst* slot =
      alloca_builder().CreateAlloca(llvm::IntegerType::get(ctx, bits), nullptr, name);
  regs_[key] = slot;
  return slot;
}

// Converts bits held as an integer of any width to a value of type.
static llvm::Value* from_bits(KernelTranslator& k, llvm::Value* v, uint16_t type) {
  unsigned bits = type_bits(type);
  unsigned have = v->getType()->getIntegerBitWidth();
  if (bits < have) v = k.b.CreateTrunc(v, k.b.getIntNTy(bits));
  if (bits > have) v = k.b.CreateZExt(v, k.b.getIntNTy(bits));
  llvm::Type* t = k.value_type(type);
  return t->isIntegerTy() ? v : k.b.CreateBitCast(v, t);
}

llvm::Value* KernelTranslator::read(uint32_t operand, uint16_t type) {
  switch (operand_kind(operand)) {
    case FW_BRIG_KIND_OPERAND_REGISTER: {
      auto r = brig.operand_entry<fw_brig_operand_register>(operand);
      llvm::AllocaInst* slot = reg_slot(r.reg_kind, r.reg_num);
      return from_bits(*this, b.CreateLoad(slot->getAllocatedType(), slot), type);
    }
    case FW_BRIG_KIND_OPERAND_CONSTANT_BYTES: {
      value_type(type);  // refuses opaque and unknown types
      auto c = brig.operand_entry<fw_brig_operand_constant_bytes>(operand);
      std::string_view bytes = brig.data_bytes(c.bytes);
      unsigned bits = type_bits(type);
      std::vector<uint64_t> words((bits + 63) / 64, 0);
      for (size_t i = 0; i < bytes.size() && i < words.size() * 8; ++i) {
        words[i / 8] |= uint64_t(uint8_t(bytes[i])) << (8 * (i % 8));
      }
      llvm::APInt value(words.size() * 64, words);
      return from_bits(*this, b.getInt(value.truncOrSelf(bits)), type);
    }
    case FW_BRIG_KIND_OPERAND_WAVESIZE:
      // As a b1 source WAVESIZE is a non-zero value, so true; truncating
      // 64 to one bit would make it false.
      if (type == FW_BRIG_TYPE_B1) return b.getTrue();
      return from_bits(*this, b.getInt32(64), type);
    default:
      unsupported("this operand kind as a " + type_name(type) + " source", "4.16");
  }
}

void KernelTranslator::write(uint32_t operand, llvm::Value* v, uint16_t type) {
  if (operand_kind(operand) != FW_BRIG_KIND_OPERAND_REGISTER) {
    unsupported("a destination that is not a register", "4.16");
  }
  auto r = brig.operand_entry<fw_brig_operand_register>(operand);
  llvm::AllocaInst* slot = reg_slot(r.reg_kind, r.reg_num);
  unsigned width = register_kind_bits(r.reg_kind);
  if (!v->getType()->isIntegerTy()) {
    v = b.CreateBitCast(v, b.getIntNTy(v->getType()->getPrimitiveSizeInBits()));
  }
  unsigned bits = v->getType()->getIntegerBitWidth();
  if (bits < width) {
    v = is_signed(type) ? b.CreateSExt(v, b.getIntNTy(width)) : b.CreateZExt(v, b.getIntNTy(width));
  } else if (bits > width) {
    v = b.CreateTrunc(v, b.getIntNTy(width));
  }
  b.CreateStore(v, slot);
}

unsigned KernelTranslator::address_space(uint8_t segment) const {
  switch (segment) {
    case FW_BRIG_SEGMENT_FLAT:
      return kFlatAS;
    case FW_BRIG_SEGMENT_GLOBAL:
    case FW_BRIG_SEGMENT_READONLY:
      return kGlobalAS;
    case FW_BRIG_SEGMENT_KERNARG:
      return kConstantAS;
    case FW_BRIG_SEGMENT_GROUP:
      return kGroupAS;
    case FW_BRIG_SEGMENT_PRIVATE:
    case FW_BRIG_SEGMENT_SPILL:
    case FW_BRIG_SEGMENT_ARG:  // arg variables are private allocas
      return kPrivateAS;
    default: {
      const char* n = kSegmentNames.name(segment);
      unsupported(std::string("the ") + (n ? n : "unknown") + " segment", "2.8");
    }
  }
}

const Kernarg* KernelTranslator::direct_kernarg(uint32_t operand) const {
  if (operand_kind(operand) != FW_BRIG_KIND_OPERAND_ADDRESS) return nullptr;
  auto a = brig.operand_entry<fw_brig_operand_address>(operand);
  auto it = kernargs.find(a.symbol);
  if (it == kernargs.end() || a.reg != 0 || a.offset.lo != 0 || a.offset.hi != 0) return nullptr;
  return &it->second;
}

llvm::Value* KernelTranslator::address(uint32_t operand, uint8_t segment) {
  if (operand_kind(operand) != FW_BRIG_KIND_OPERAND_ADDRESS) {
    unsupported("this operand kind as an address", "4.18");
  }
  auto a = brig.operand_entry<fw_brig_operand_address>(operand);
  unsigned as = address_space(segment);
  unsigned index_bits = ms.ir.getDataLayout().getPointerSizeInBits(as);
  llvm::Type* index_ty = b.getIntNTy(index_bits);
  llvm::Type* i8p = b.getInt8PtrTy(as);
  uint64_t offset = (uint64_t(a.offset.hi) << 32) | a.offset.lo;

  // HSAIL address arithmetic wraps at the register's width (32 bits in the
  // small model and in group/private), then the address is widened.
  llvm::Value* index = nullptr;
  if (a.reg != 0) {
    auto r = brig.operand_entry<fw_brig_operand_register>(a.reg);
    llvm::AllocaInst* slot = reg_slot(r.reg_kind, r.reg_num);
    llvm::Value* rv = b.CreateLoad(slot->getAllocatedType(), slot);
    unsigned width = rv->getType()->getIntegerBitWidth();
    if (offset != 0) rv = b.CreateAdd(rv, b.getIntN(width, offset));
    index = b.CreateZExtOrTrunc(rv, index_ty);
  } else {
    index = llvm::ConstantInt::get(index_ty, offset);
  }
  if (a.symbol == 0) return b.CreateIntToPtr(index, i8p);

  llvm::Value* base = nullptr;
  if (auto k = kernargs.find(a.symbol); k != kernargs.end()) {
    llvm::Value* seg = b.CreateIntrinsic(llvm::Intrinsic::amdgcn_kernarg_segment_ptr, {}, {});
    base = b.CreateConstGEP1_64(b.getInt8Ty(), seg, k->second.offset);
  } else if (auto l = locals.find(a.symbol); l != locals.end()) {
    base = l->second;
  } else if (auto g = ms.globals.find(a.symbol); g != ms.globals.end()) {
    base = g->second;
  } else {
    unsupported("this variable here (module-scope private variables only in kernels)", "4.18");
  }
  unsigned base_as = base->getType()->getPointerAddressSpace();
  base = b.CreateBitCast(base, b.getInt8PtrTy(base_as));
  if (base_as != as) base = b.CreateAddrSpaceCast(base, i8p);
  return b.CreateGEP(b.getInt8Ty(), base, index);
}

llvm::BasicBlock* KernelTranslator::label_block(uint32_t label) {
  auto it = labels_.find(label);
  if (it != labels_.end()) return it->second;
  if (brig.base_at(brig.code(), label).kind != FW_BRIG_KIND_DIRECTIVE_LABEL) {
    fail("a branch target that is not a label");
  }
  auto d = brig.code_entry<fw_brig_directive_label>(label);
  std::string name(brig.data_bytes(d.name));
  llvm::BasicBlock* bb = llvm::BasicBlock::Create(ctx, name.empty() ? "" : name.substr(1));
  labels_[label] = bb;
  return bb;
}

void KernelTranslator::start_block(llvm::BasicBlock* bb) {
  llvm::BasicBlock* cur = b.GetInsertBlock();
  if (cur != nullptr && cur->getTerminator() == nullptr) b.CreateBr(bb);
  if (bb->getParent() == nullptr) bb->insertInto(fn);
  b.SetInsertPoint(bb);
}

void KernelTranslator::ensure_open_block() {
  if (b.GetInsertBlock()->getTerminator() != nullptr) {
    // Code after a branch with no label: unreachable, but it must still
    // live in a block.
    b.SetInsertPoint(llvm::BasicBlock::Create(ctx, "dead", fn));
  }
}

llvm::Value* KernelTranslator::dispatch_ptr() {
  return b.CreateIntrinsic(llvm::Intrinsic::amdgcn_dispatch_ptr, {}, {});
}

}  // namespace hsail::finalizer::translate_detail
