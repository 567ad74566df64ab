// Variable initializers (PRM 4.10): the initial value of a global or
// readonly variable as an LLVM constant of the variable's storage type.
// The initializer is a constant-bytes operand holding the little-endian
// values of the elements one after another; elements it does not reach
// start as zero, like an uninitialized global variable.
#include <string_view>

#include "translate_impl.h"

namespace hsail::finalizer::translate_detail {

namespace {

// One element of type t from the bytes at offset (zeros past the end).
llvm::Constant* element(llvm::Type* t, std::string_view bytes, uint64_t offset) {
  unsigned bits = t->getPrimitiveSizeInBits();
  std::vector<uint64_t> words((bits + 63) / 64, 0);
  for (unsigned i = 0; i < (bits + 7) / 8; ++i) {
    uint64_t at = offset + i;
    if (at >= bytes.size()) break;
    words[i / 8] |= uint64_t(uint8_t(bytes[at])) << (8 * (i % 8));
  }
  llvm::APInt value = llvm::APInt(words.size() * 64, words).truncOrSelf(bits);
  if (t->isIntegerTy()) return llvm::ConstantInt::get(t, value);
  if (t->isFloatingPointTy()) {
    return llvm::ConstantFP::get(t->getContext(), llvm::APFloat(t->getFltSemantics(), value));
  }
  return nullptr;
}

}  // namespace

llvm::Constant* variable_initializer(const Module& brig, uint32_t var_at, llvm::Type* ty) {
  auto v = brig.code_entry<fw_brig_directive_variable>(var_at);
  if (v.init == 0) return llvm::Constant::getNullValue(ty);
  std::string name(brig.data_bytes(v.name));
  auto unsupported = [&](const std::string& what) {
    fail_at(brig, var_at, "not supported yet: initializer of " + name + " " + what + " (PRM 4.10)");
  };
  if (v.segment != FW_BRIG_SEGMENT_GLOBAL && v.segment != FW_BRIG_SEGMENT_READONLY) {
    fail_at(brig, var_at, "only global and readonly variables take an initializer (PRM 4.10)");
  }
  if (brig.base_at(brig.operands(), v.init).kind != FW_BRIG_KIND_OPERAND_CONSTANT_BYTES) {
    unsupported("that is not a list of values (images, samplers)");
  }
  auto c = brig.operand_entry<fw_brig_operand_constant_bytes>(v.init);
  std::string_view bytes = brig.data_bytes(c.bytes);

  auto* array = llvm::dyn_cast<llvm::ArrayType>(ty);
  llvm::Type* et = array ? array->getElementType() : ty;
  // b1 occupies a byte in memory and in the initializer.
  uint64_t size = (et->getPrimitiveSizeInBits() + 7) / 8;
  if (size == 0 || element(et, bytes, 0) == nullptr) unsupported("of this type");
  if (array == nullptr) return element(et, bytes, 0);
  // Each element becomes an LLVM constant; beyond this an initialized
  // array costs the finalizer more memory than any kernel is worth.
  constexpr uint64_t kMaxInitializedBytes = uint64_t{64} << 20;
  if (array->getNumElements() > kMaxInitializedBytes / size) unsupported("larger than 64 MiB");
  std::vector<llvm::Constant*> elems;
  elems.reserve(array->getNumElements());
  for (uint64_t i = 0; i < array->getNumElements(); ++i) {
    elems.push_back(element(et, bytes, i * size));
  }
  return llvm::ConstantArray::get(array, elems);
}

}  // namespace hsail::finalizer::translate_detail
