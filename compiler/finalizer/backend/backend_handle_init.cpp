// The handle-initializer note (firmware-interfaces/handle_init_note.h):
// the kHandleInitializers tuples translate() left (finalizer.h), written
// as one ELF note the loader reads, named by the variables' final symbol
// names (the IR linker may have renamed an internal variable whose name
// another module also used).
#include <llvm/IR/Constants.h>
#include <llvm/IR/GlobalVariable.h>
#include <llvm/IR/Metadata.h>
#include <llvm/IR/Module.h>
#include <llvm/Transforms/Utils/ModuleUtils.h>

#include <cstring>
#include <string>
#include <vector>

#include "backend_internal.h"
#include "handle_init_note.h"

namespace hsail::finalizer::backend {

namespace {

// The AMDGPU backend's constant address space: read-only data.
constexpr unsigned kConstantAddressSpace = 4;

uint64_t field(const llvm::MDNode& t, unsigned i) {
  auto* c = llvm::mdconst::extract<llvm::ConstantInt>(t.getOperand(i));
  return c->getZExtValue();
}

template <class T>
void append(std::vector<uint8_t>* out, const T& v) {
  const auto* p = reinterpret_cast<const uint8_t*>(&v);
  out->insert(out->end(), p, p + sizeof(T));
}

void pad4(std::vector<uint8_t>* out) {
  while (out->size() % 4) out->push_back(0);
}

}  // namespace

void add_handle_init_note(llvm::Module& ir) {
  llvm::NamedMDNode* list = ir.getNamedMetadata(kHandleInitializers);
  if (list == nullptr) return;
  std::vector<fw_handle_init_record> records;
  std::string strings;
  for (llvm::MDNode* t : list->operands()) {
    if (t->getNumOperands() != 14) throw FinalizeError("malformed handle initializer metadata");
    auto* gv = llvm::mdconst::dyn_extract_or_null<llvm::GlobalVariable>(t->getOperand(0));
    // A variable no longer in the program (no longer named) has no handle
    // to fill.
    if (gv == nullptr) continue;
    fw_handle_init_record r{};
    r.symbol = static_cast<uint32_t>(strings.size());
    strings += gv->getName().str();
    strings += '\0';
    r.offset = field(*t, 1);
    r.kind = static_cast<uint16_t>(field(*t, 2));
    r.geometry = static_cast<uint8_t>(field(*t, 3));
    r.channel_order = static_cast<uint8_t>(field(*t, 4));
    r.channel_type = static_cast<uint8_t>(field(*t, 5));
    r.access = static_cast<uint8_t>(field(*t, 6));
    r.coord = static_cast<uint8_t>(field(*t, 7));
    r.filter = static_cast<uint8_t>(field(*t, 8));
    r.addressing = static_cast<uint8_t>(field(*t, 9));
    r.width = field(*t, 10);
    r.height = field(*t, 11);
    r.depth = field(*t, 12);
    r.array_size = field(*t, 13);
    records.push_back(r);
  }
  list->eraseFromParent();
  if (records.empty()) return;

  std::vector<uint8_t> desc;
  fw_handle_init_header h{};
  h.version = FW_HANDLE_INIT_VERSION;
  h.record_size = sizeof(fw_handle_init_record);
  h.record_count = static_cast<uint32_t>(records.size());
  h.strings_size = static_cast<uint32_t>(strings.size());
  append(&desc, h);
  for (const fw_handle_init_record& r : records) append(&desc, r);
  desc.insert(desc.end(), strings.begin(), strings.end());

  // Elf64_Nhdr (three 32-bit words), the owner name, the descriptor, each
  // padded to 4 bytes.
  static const char kName[] = FW_HANDLE_INIT_NOTE_NAME;
  std::vector<uint8_t> note;
  append(&note, uint32_t{sizeof kName});
  append(&note, static_cast<uint32_t>(desc.size()));
  append(&note, uint32_t{FW_HANDLE_INIT_NOTE_TYPE});
  note.insert(note.end(), kName, kName + sizeof kName);
  pad4(&note);
  note.insert(note.end(), desc.begin(), desc.end());
  pad4(&note);

  // A section named .note* is SHT_NOTE; lld puts it in a PT_NOTE segment.
  llvm::Constant* bytes = llvm::ConstantDataArray::get(ir.getContext(), note);
  auto* g = new llvm::GlobalVariable(ir, bytes->getType(), true, llvm::GlobalValue::InternalLinkage,
                                     bytes, "hsail.handle.init.note", nullptr,
                                     llvm::GlobalValue::NotThreadLocal, kConstantAddressSpace);
  g->setSection(FW_HANDLE_INIT_SECTION);
  g->setAlignment(llvm::Align(4));
  llvm::appendToUsed(ir, {g});
}

}  // namespace hsail::finalizer::backend
