// The metadata pass of Parse: note records and kernels. Code object v2
// describes each kernel by an amd_kernel_code_t at an STT_AMDGPU_HSA_KERNEL
// symbol; v3 and v4 list kernels in the NT_AMDGPU_METADATA msgpack map
// ("amdhsa.kernels") and point at each 64-byte descriptor with "<name>.kd".
#include <cstddef>
#include <map>

#include "amd_kernel_code.h"
#include "amdgpu_elf.h"
#include "handle_init_note.h"
#include "kernel_descriptor.h"
#include "metadata_v2.h"
#include "msgpack.h"
#include "parse_state.h"

namespace hsart::loader {
namespace {

constexpr uint64_t kNoteAlign = 4;

struct Note {
  std::string name;
  uint32_t type = 0;
  const uint8_t* desc = nullptr;
  uint64_t desc_size = 0;
  uint64_t offset = 0;  // file offset of the record
};

uint64_t AlignNote(uint64_t v) { return (v + kNoteAlign - 1) & ~(kNoteAlign - 1); }

// Walks the records of one note area [off, off + size).
bool ReadNotes(const ElfReader& elf, uint64_t off, uint64_t size, std::vector<Note>* out) {
  if (!elf.contains(off, size))
    return elf.fail("note area at file offset " + std::to_string(off) + " lies outside the file");
  uint64_t pos = 0;
  while (pos < size) {
    Elf64_Nhdr nh;
    const std::string where = "note at file offset " + std::to_string(off + pos);
    if (size - pos < sizeof(nh)) return elf.fail(where + ": truncated header");
    std::memcpy(&nh, elf.data() + off + pos, sizeof(nh));
    uint64_t at = pos + sizeof(nh);
    const uint64_t name_span = AlignNote(nh.n_namesz), desc_span = AlignNote(nh.n_descsz);
    if (name_span > size - at || desc_span > size - at - name_span)
      return elf.fail(where + ": name/descriptor sizes run past the note area");
    Note n;
    n.offset = off + pos;
    n.type = nh.n_type;
    if (nh.n_namesz) {
      const char* p = reinterpret_cast<const char*>(elf.data() + off + at);
      n.name.assign(p, strnlen(p, nh.n_namesz));
    }
    at += name_span;
    n.desc = elf.data() + off + at;
    n.desc_size = nh.n_descsz;
    out->push_back(std::move(n));
    pos = at + desc_span;
  }
  return true;
}

bool CollectNotes(const ParseState& st, std::vector<Note>* notes) {
  for (const auto& p : st.phdrs)
    if (p.p_type == PT_NOTE && !ReadNotes(st.elf, p.p_offset, p.p_filesz, notes)) return false;
  if (!notes->empty()) return true;
  for (const auto& s : st.shdrs)
    if (s.sh_type == SHT_NOTE && !ReadNotes(st.elf, s.sh_offset, s.sh_size, notes)) return false;
  return true;
}

// Reads a uint field of a metadata map into a 32-bit member; absent keys
// keep the default, present ones must be unsigned integers that fit.
bool MetaU32(const ElfReader& elf, const msgpack::Value& m, const char* key, uint32_t* out,
             const std::string& where) {
  const msgpack::Value* v = m.find(key);
  if (!v) return true;
  uint64_t u;
  if (!v->as_uint(&u) || u > UINT32_MAX)
    return elf.fail(where + ": " + key + " is not a 32-bit unsigned integer");
  *out = static_cast<uint32_t>(u);
  return true;
}

bool MetaString(const ElfReader& elf, const msgpack::Value& m, const char* key, bool required,
                std::string* out, const std::string& where) {
  const msgpack::Value* v = m.find(key);
  if (!v) return required ? elf.fail(where + ": missing " + key) : true;
  if (v->kind != msgpack::Value::Kind::String)
    return elf.fail(where + ": " + key + " is not a string");
  *out = v->s;
  return true;
}

bool ParseArgs(const ElfReader& elf, const msgpack::Value& k, Kernel* kernel,
               const std::string& where) {
  const msgpack::Value* args = k.find(".args");
  if (!args) return true;
  if (args->kind != msgpack::Value::Kind::Array) return elf.fail(where + ": .args is not an array");
  for (size_t i = 0; i < args->array.size(); ++i) {
    const msgpack::Value& a = args->array[i];
    const std::string aw = where + " argument " + std::to_string(i);
    if (a.kind != msgpack::Value::Kind::Map) return elf.fail(aw + " is not a map");
    KernelArg arg;
    uint64_t u;
    const msgpack::Value* size = a.find(".size");
    const msgpack::Value* offset = a.find(".offset");
    if (!size || !size->as_uint(&u)) return elf.fail(aw + ": missing or bad .size");
    arg.size = u;
    if (!offset || !offset->as_uint(&u)) return elf.fail(aw + ": missing or bad .offset");
    arg.offset = u;
    if (!MetaString(elf, a, ".name", false, &arg.name, aw) ||
        !MetaString(elf, a, ".value_kind", true, &arg.value_kind, aw))
      return false;
    kernel->args.push_back(std::move(arg));
  }
  return true;
}

// The GPU takes a kernel object only at 64-byte alignment and starts code
// at a 256-byte aligned address (COMPUTE_PGM_LO holds address >> 8); the
// entry must also lie in the image, or a dispatch would jump outside it.
bool CheckKernelObject(const ParseState& st, const std::string& where, uint64_t vaddr,
                       int64_t entry_offset) {
  if (vaddr % 64)
    return st.elf.fail(where + ": kernel object at " + std::to_string(vaddr) +
                       " is not 64-byte aligned");
  const uint64_t entry = vaddr + static_cast<uint64_t>(entry_offset);
  if (entry < st.base_vaddr || entry >= st.end_vaddr || entry % 256)
    return st.elf.fail(where + ": code entry offset " + std::to_string(entry_offset) +
                       " points outside the image or is not 256-byte aligned");
  return true;
}

bool ParseV3Kernel(const ParseState& st, const msgpack::Value& k, size_t index, CodeObject* co) {
  const ElfReader& elf = st.elf;
  std::string where = "NT_AMDGPU_METADATA kernel " + std::to_string(index);
  if (k.kind != msgpack::Value::Kind::Map) return elf.fail(where + " is not a map");
  Kernel kernel;
  if (!MetaString(elf, k, ".name", true, &kernel.name, where)) return false;
  where += " (" + kernel.name + ")";
  uint32_t meta_group = 0, meta_private = 0;
  if (!MetaString(elf, k, ".symbol", true, &kernel.symbol, where) ||
      !MetaU32(elf, k, ".kernarg_segment_size", &kernel.kernarg_segment_size, where) ||
      !MetaU32(elf, k, ".kernarg_segment_align", &kernel.kernarg_segment_align, where) ||
      !MetaU32(elf, k, ".group_segment_fixed_size", &meta_group, where) ||
      !MetaU32(elf, k, ".private_segment_fixed_size", &meta_private, where) ||
      !MetaU32(elf, k, ".wavefront_size", &kernel.wavefront_size, where) ||
      !MetaU32(elf, k, ".sgpr_count", &kernel.sgpr_count, where) ||
      !MetaU32(elf, k, ".vgpr_count", &kernel.vgpr_count, where) ||
      !ParseArgs(elf, k, &kernel, where))
    return false;

  const SymbolInfo* sym = st.symbol(kernel.symbol);
  if (!sym) return elf.fail(where + ": descriptor symbol " + kernel.symbol + " not defined");
  const uint8_t* bytes = st.file_bytes(sym->value, sizeof(fw_kernel_descriptor));
  if (!bytes)
    return elf.fail(where + ": descriptor at " + std::to_string(sym->value) +
                    " is not inside a loaded segment's file data");
  fw_kernel_descriptor kd;
  std::memcpy(&kd, bytes, sizeof(kd));
  if (!CheckKernelObject(st, where, sym->value, kd.kernel_code_entry_byte_offset)) return false;
  kernel.descriptor_offset = sym->value - st.base_vaddr;
  // The descriptor is what the GPU uses; the metadata copy should agree.
  kernel.group_segment_fixed_size = kd.group_segment_fixed_size;
  kernel.private_segment_fixed_size = kd.private_segment_fixed_size;
  if (meta_group != kd.group_segment_fixed_size || meta_private != kd.private_segment_fixed_size)
    return elf.fail(where + ": metadata segment sizes disagree with the kernel descriptor");
  kernel.dynamic_callstack = (kd.kernel_code_properties & kKdUsesDynamicStack) != 0;
  if (const msgpack::Value* dyn = k.find(".uses_dynamic_stack"))
    kernel.dynamic_callstack |= dyn->kind == msgpack::Value::Kind::Bool && dyn->b;
  co->kernels.push_back(std::move(kernel));
  return true;
}

bool ParseV3Metadata(const ParseState& st, const Note& note, CodeObject* co) {
  const ElfReader& elf = st.elf;
  msgpack::Value root;
  std::string why;
  const std::string where = "NT_AMDGPU_METADATA note at file offset " + std::to_string(note.offset);
  if (!msgpack::Decode(note.desc, note.desc_size, &root, &why)) return elf.fail(where + ": " + why);
  const msgpack::Value* kernels = root.find("amdhsa.kernels");
  if (!kernels) return true;  // a code object with no kernels
  if (kernels->kind != msgpack::Value::Kind::Array)
    return elf.fail(where + ": amdhsa.kernels is not an array");
  for (size_t i = 0; i < kernels->array.size(); ++i)
    if (!ParseV3Kernel(st, kernels->array[i], i, co)) return false;
  return true;
}

// v2: each STT_AMDGPU_HSA_KERNEL symbol is an amd_kernel_code_t.
bool ParseV2Kernels(const ParseState& st, CodeObject* co) {
  const ElfReader& elf = st.elf;
  for (const SymbolInfo& sym : st.symbols) {
    if (sym.type != kSttAmdgpuHsaKernel || sym.shndx == SHN_UNDEF) continue;
    const std::string where = "v2 kernel symbol " + sym.name;
    const uint8_t* bytes = st.file_bytes(sym.value, sizeof(fw_amd_kernel_code));
    if (!bytes)
      return elf.fail(where + ": amd_kernel_code_t at " + std::to_string(sym.value) +
                      " is not inside a loaded segment's file data");
    fw_amd_kernel_code akc;
    std::memcpy(&akc, bytes, sizeof(akc));
    if (akc.amd_kernel_code_version_major != 1)
      return elf.fail(where + ": amd_kernel_code_t version " +
                      std::to_string(akc.amd_kernel_code_version_major) + " is not 1");
    if (akc.kernarg_segment_byte_size > UINT32_MAX || akc.kernarg_segment_alignment > 31 ||
        akc.wavefront_size > 31)
      return elf.fail(where + ": amd_kernel_code_t fields out of range");
    Kernel k;
    k.name = sym.name;
    k.symbol = sym.name;
    if (!CheckKernelObject(st, where, sym.value, akc.kernel_code_entry_byte_offset)) return false;
    k.descriptor_offset = sym.value - st.base_vaddr;
    k.kernarg_segment_size = static_cast<uint32_t>(akc.kernarg_segment_byte_size);
    k.kernarg_segment_align = 1u << akc.kernarg_segment_alignment;
    k.group_segment_fixed_size = akc.workgroup_group_segment_byte_size;
    k.private_segment_fixed_size = akc.workitem_private_segment_byte_size;
    k.wavefront_size = 1u << akc.wavefront_size;
    k.sgpr_count = akc.wavefront_sgpr_count;
    k.vgpr_count = akc.workitem_vgpr_count;
    k.dynamic_callstack = FW_FIELD_GET(akc.kernel_code_properties, FW_AKC_IS_DYNAMIC_CALLSTACK);
    co->kernels.push_back(std::move(k));
  }
  return true;
}

// v2 arguments come from the YAML note, matched to kernels by name. A
// code object without the note simply reports no arguments.
bool AttachV2Args(const ParseState& st, const std::vector<Note>& notes, CodeObject* co) {
  for (const Note& n : notes) {
    if (n.name != "AMD" || n.type != kNtAmdHsaMetadata) continue;
    std::map<std::string, std::vector<KernelArg>> args;
    std::string why;
    const std::string yaml(reinterpret_cast<const char*>(n.desc), n.desc_size);
    if (!ParseV2Args(yaml, &args, &why))
      return st.elf.fail("NT_AMD_HSA_METADATA note at file offset " + std::to_string(n.offset) +
                         ": " + why);
    for (Kernel& k : co->kernels) {
      auto it = args.find(k.name);
      if (it != args.end()) k.args = it->second;
    }
  }
  return true;
}

}  // namespace

bool ParseNotes(const ParseState& st, CodeObject* co) {
  const ElfReader& elf = st.elf;
  std::vector<Note> notes;
  if (!CollectNotes(st, &notes)) return false;
  // Ours, in any version: image and sampler handles to fill at load time.
  for (const Note& n : notes) {
    if (n.name == FW_HANDLE_INIT_NOTE_NAME && n.type == FW_HANDLE_INIT_NOTE_TYPE &&
        !ParseHandleInitNote(st, n.desc, n.desc_size, n.offset, co))
      return false;
  }
  if (co->version == 2) {
    for (const Note& n : notes) {
      if (n.name != "AMD" || n.type != kNtAmdHsaCodeObjectVersion) continue;
      uint32_t v[2];
      if (n.desc_size < sizeof(v))
        return elf.fail("NT_AMD_HSA_CODE_OBJECT_VERSION note at file offset " +
                        std::to_string(n.offset) + ": descriptor too short");
      std::memcpy(v, n.desc, sizeof(v));
      if (v[0] != 2)
        return elf.fail("NT_AMD_HSA_CODE_OBJECT_VERSION note at file offset " +
                        std::to_string(n.offset) + ": major version " + std::to_string(v[0]) +
                        " in a v2 (ABI version 0) object");
    }
    if (!ParseV2Kernels(st, co)) return false;
    return AttachV2Args(st, notes, co);
  }
  bool seen = false;
  for (const Note& n : notes) {
    if (n.name != "AMDGPU" || n.type != kNtAmdgpuMetadata) continue;
    if (seen)
      return elf.fail("note at file offset " + std::to_string(n.offset) +
                      ": second NT_AMDGPU_METADATA");
    seen = true;
    if (!ParseV3Metadata(st, n, co)) return false;
  }
  if (!seen) return elf.fail("code object v3+ without an NT_AMDGPU_METADATA note");
  return true;
}

}  // namespace hsart::loader
