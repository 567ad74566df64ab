// Image and sampler variables with an initializer (PRM 7.1.7, 7.1.8,
// 4.10): the object is made by the runtime when the code object is loaded
// for an agent, so the finalizer leaves the handle a zeroed 64-bit word and
// describes what to make in one kHandleInitializers tuple per initialized
// element (finalizer.h); the backend turns the tuples into the code
// object's handle-initializer note (firmware-interfaces/handle_init_note.h).
// The word is kept in @llvm.used so that no pass folds the zero the loader
// replaces, or drops the symbol the note names.
#include <llvm/IR/Constants.h>
#include <llvm/IR/Metadata.h>
#include <llvm/Transforms/Utils/ModuleUtils.h>

#include <hsail/brig/names.h>

#include "handle_init_note.h"
#include "translate_impl.h"

namespace hsail::finalizer::translate_detail {

namespace {

uint64_t u64(fw_brig_uint64 v) { return (uint64_t(v.hi) << 32) | v.lo; }

// What one element asks for, in the note's terms.
struct Element {
  fw_handle_init_kind kind = FW_HANDLE_INIT_IMAGE;
  uint8_t geometry = 0, channel_order = 0, channel_type = 0, access = 0;
  uint8_t coord = 0, filter = 0, addressing = 0;
  uint64_t width = 0, height = 0, depth = 0, array = 0;
};

class Reader {
 public:
  Reader(const Module& brig, uint32_t var_at, uint16_t type, std::string name)
      : brig_(brig), at_(var_at), type_(type), name_(std::move(name)) {}

  [[noreturn]] void fail(const std::string& why) const {
    fail_at(brig_, at_, "initializer of " + type_name(type_) + " variable " + name_ + ": " + why);
  }

  // The image or sampler constant at operand offset op (element i of the
  // list, or the scalar's initializer when i is -1).
  Element element(uint32_t op, int64_t i) const {
    std::string which = i < 0 ? "" : "element " + std::to_string(i) + " ";
    uint16_t kind = brig_.base_at(brig_.operands(), op).kind;
    bool sampler = type_ == FW_BRIG_TYPE_SAMP;
    if (kind !=
        (sampler ? FW_BRIG_KIND_OPERAND_CONSTANT_SAMPLER : FW_BRIG_KIND_OPERAND_CONSTANT_IMAGE)) {
      fail(which + "is not " + (sampler ? "a sampler" : "an image") + " constant (PRM 7.1.7)");
    }
    Element e;
    if (sampler) {
      auto s = brig_.operand_entry<fw_brig_operand_constant_sampler>(op);
      e.kind = FW_HANDLE_INIT_SAMPLER;
      if (s.type != type_) fail(which + "has type " + type_name(s.type));
      if (s.coord > FW_BRIG_SAMPLER_COORD_NORMALIZED) fail(which + "has an unknown coord");
      if (s.filter > FW_BRIG_SAMPLER_FILTER_LINEAR) fail(which + "has an unknown filter");
      if (s.addressing > FW_BRIG_SAMPLER_ADDRESSING_MIRRORED_REPEAT)
        fail(which + "has an unknown addressing");
      e.coord = s.coord;
      e.filter = s.filter;
      e.addressing = s.addressing;
      return e;
    }
    auto m = brig_.operand_entry<fw_brig_operand_constant_image>(op);
    if (m.type != type_) fail(which + "has type " + type_name(m.type));
    if (m.geometry > FW_BRIG_GEOMETRY_2DADEPTH) fail(which + "has an unknown geometry");
    if (m.channel_order > FW_BRIG_CHANNEL_ORDER_DEPTH_STENCIL)
      fail(which + "has an unknown channel_order");
    if (m.channel_type > FW_BRIG_CHANNEL_TYPE_FLOAT) fail(which + "has an unknown channel_type");
    e.geometry = m.geometry;
    e.channel_order = m.channel_order;
    e.channel_type = m.channel_type;
    e.access = type_ == FW_BRIG_TYPE_ROIMG   ? FW_HANDLE_INIT_ACCESS_RO
               : type_ == FW_BRIG_TYPE_WOIMG ? FW_HANDLE_INIT_ACCESS_WO
                                             : FW_HANDLE_INIT_ACCESS_RW;
    e.width = u64(m.width);
    e.height = u64(m.height);
    e.depth = u64(m.depth);
    e.array = u64(m.array);
    check_sizes(e, which);
    return e;
  }

 private:
  // The sizes a geometry has must be positive, the others absent (PRM
  // 7.1.7); the runtime would have nothing to make of a zero extent.
  void check_sizes(const Element& e, const std::string& which) const {
    bool h = false, d = false, a = false;
    switch (e.geometry) {
      case FW_BRIG_GEOMETRY_2D:
      case FW_BRIG_GEOMETRY_2DDEPTH:
        h = true;
        break;
      case FW_BRIG_GEOMETRY_3D:
        h = d = true;
        break;
      case FW_BRIG_GEOMETRY_1DA:
        a = true;
        break;
      case FW_BRIG_GEOMETRY_2DA:
      case FW_BRIG_GEOMETRY_2DADEPTH:
        h = a = true;
        break;
      default:  // 1D, 1DB: width only
        break;
    }
    auto size = [&](const char* what, uint64_t v, bool has) {
      if (has && v == 0) fail(which + "needs a positive " + what + " (PRM 7.1.7)");
      if (!has && v != 0) fail(which + "has a " + what + " its geometry does not (PRM 7.1.7)");
    };
    size("width", e.width, true);
    size("height", e.height, h);
    size("depth", e.depth, d);
    size("array", e.array, a);
  }

  const Module& brig_;
  uint32_t at_;
  uint16_t type_;
  std::string name_;
};

llvm::Metadata* int_md(llvm::LLVMContext& c, unsigned bits, uint64_t v) {
  return llvm::ConstantAsMetadata::get(llvm::ConstantInt::get(llvm::IntegerType::get(c, bits), v));
}

// One tuple: the variable, the handle's byte offset, then the fields in
// the order of fw_handle_init_record (finalizer.h).
void add_tuple(llvm::GlobalVariable* gv, uint64_t offset, const Element& e) {
  llvm::LLVMContext& c = gv->getContext();
  llvm::Metadata* ops[] = {
      llvm::ConstantAsMetadata::get(gv),
      int_md(c, 64, offset),
      int_md(c, 32, e.kind),
      int_md(c, 32, e.geometry),
      int_md(c, 32, e.channel_order),
      int_md(c, 32, e.channel_type),
      int_md(c, 32, e.access),
      int_md(c, 32, e.coord),
      int_md(c, 32, e.filter),
      int_md(c, 32, e.addressing),
      int_md(c, 64, e.width),
      int_md(c, 64, e.height),
      int_md(c, 64, e.depth),
      int_md(c, 64, e.array),
  };
  gv->getParent()
      ->getOrInsertNamedMetadata(kHandleInitializers)
      ->addOperand(llvm::MDTuple::get(c, ops));
}

}  // namespace

bool has_handle_initializer(const Module& brig, uint32_t var_at) {
  auto v = brig.code_entry<fw_brig_directive_variable>(var_at);
  return v.init != 0 && is_image_or_sampler(array_element(v.type));
}

void describe_handle_initializer(const Module& brig, uint32_t var_at, llvm::GlobalVariable* gv) {
  auto v = brig.code_entry<fw_brig_directive_variable>(var_at);
  uint16_t type = array_element(v.type);
  Reader r(brig, var_at, type, std::string(brig.data_bytes(v.name)));
  if (v.segment != FW_BRIG_SEGMENT_GLOBAL && v.segment != FW_BRIG_SEGMENT_READONLY)
    r.fail("only global and readonly variables take an initializer (PRM 4.10)");
  uint16_t kind = brig.base_at(brig.operands(), v.init).kind;
  if (!is_array(v.type)) {
    add_tuple(gv, 0, r.element(v.init, -1));
  } else {
    if (kind != FW_BRIG_KIND_OPERAND_CONSTANT_OPERAND_LIST)
      r.fail("an array takes a list of constants (PRM 4.10)");
    auto list = brig.operand_entry<fw_brig_operand_constant_operand_list>(v.init);
    std::vector<uint32_t> elems = brig.data_list(list.elements);
    uint64_t count = (uint64_t(v.dim.hi) << 32) | v.dim.lo;
    // Elements past the list keep a zero handle, as the bytes of any other
    // array do (PRM 4.10).
    if (elems.size() > count)
      r.fail(std::to_string(elems.size()) + " constants for " + std::to_string(count) +
             " elements (PRM 4.10)");
    for (size_t i = 0; i < elems.size(); ++i) add_tuple(gv, i * 8, r.element(elems[i], i));
  }
  llvm::appendToUsed(*gv->getParent(), {gv});
}

}  // namespace hsail::finalizer::translate_detail
