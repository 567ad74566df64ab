// The runtime's code-object loader, independent of the HSA API: parses an
// AMDGPU HSA code object (ELF64, code object v2, v3 or v4) into the facts
// an executable needs (ISA, kernels, variables, image layout) and loads its
// image into caller-provided memory at a caller-chosen GPU address,
// applying dynamic relocations. Every read is bounds-checked: bad input
// returns false with a message naming the offset or section and why.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace hsart::loader {

// Target feature state as the v4 e_flags encode it (v2/v3 know only On/Off
// for xnack and sramecc).
enum class Feature { Unsupported, Any, Off, On };

struct KernelArg {
  std::string name;  // empty if the metadata omits it
  uint64_t size = 0;
  uint64_t offset = 0;
  std::string value_kind;  // "global_buffer", "by_value", "hidden_..."
};

struct Kernel {
  std::string name;    // source name ("scale_add")
  std::string symbol;  // descriptor symbol: "scale_add.kd" (v3+), "scale_add" (v2)
  // Offset of the kernel descriptor (v3+) or amd_kernel_code_t (v2) from
  // the image base: a dispatch packet's kernel_object is base + this.
  uint64_t descriptor_offset = 0;
  uint32_t kernarg_segment_size = 0;
  uint32_t kernarg_segment_align = 0;  // bytes
  uint32_t group_segment_fixed_size = 0;
  uint32_t private_segment_fixed_size = 0;
  uint32_t wavefront_size = 0;
  uint32_t sgpr_count = 0;
  uint32_t vgpr_count = 0;
  bool dynamic_callstack = false;
  std::vector<KernelArg> args;  // explicit and hidden, from the metadata note
};

enum class Binding { Local, Global, Weak };

// A data symbol: program-scope global (__global) or readonly (__constant)
// variable defined in the image, or an undefined one the application must
// supply through the Load resolver.
struct Variable {
  std::string name;
  uint64_t offset = 0;  // from the image base; 0 if undefined
  uint64_t size = 0;
  Binding binding = Binding::Global;
  bool readonly = false;  // in a section without SHF_WRITE
  bool defined = true;
};

// A function with global binding that is not a kernel's entry: an HSAIL
// indirect function (PRM 10.8), called through its loaded address.
struct Function {
  std::string name;
  uint64_t offset = 0;  // from the image base
};

// An image or sampler handle the loader must fill (the handle-initializer
// note, firmware-interfaces/handle_init_note.h): the object to make, as
// the HSAIL initializer gave it, and where its 64-bit handle goes.
struct HandleInit {
  enum class Kind { Image, Sampler } kind = Kind::Image;
  std::string symbol;         // the variable
  uint64_t image_offset = 0;  // of the handle, from the image base
  // Images: BRIG (= HSA images extension) enumerations; access is an
  // hsa_access_permission_t value. Sizes as given (0: not given).
  uint32_t geometry = 0, channel_order = 0, channel_type = 0, access = 0;
  uint64_t width = 0, height = 0, depth = 0, array_size = 0;
  // Samplers: hsa_ext_sampler_{coordinate,filter,addressing}_mode_t values.
  uint32_t coord = 0, filter = 0, addressing = 0;
};

struct Segment {
  uint64_t image_offset = 0;  // where p_vaddr lands in the image
  uint64_t file_offset = 0;
  uint64_t file_size = 0;
  uint64_t mem_size = 0;
};

struct Relocation {
  uint64_t image_offset = 0;  // r_offset, rebased to the image
  uint32_t type = 0;
  int64_t addend = 0;
  // The symbol it refers to: none (RELATIVE64: symbol empty, not
  // defined), defined in the image (section symbols have empty names), or
  // undefined and named, for the Load resolver.
  std::string symbol;
  bool symbol_defined = false;
  uint64_t symbol_offset = 0;  // image offset when defined
};

struct CodeObject {
  unsigned version = 0;   // 2, 3 or 4
  std::string isa_name;   // "amdgcn-amd-amdhsa--gfx900[:xnack-]"
  uint32_t mach = 0;      // EF_AMDGPU_MACH value (gfx900 = 0x2c)
  std::string processor;  // "gfx900"
  Feature xnack = Feature::Unsupported;
  Feature sramecc = Feature::Unsupported;
  std::vector<Kernel> kernels;
  std::vector<Variable> variables;
  std::vector<Function> functions;
  std::vector<HandleInit> handle_inits;

  uint64_t image_size = 0;   // bytes from the lowest to the highest PT_LOAD
  uint64_t image_align = 0;  // the largest PT_LOAD alignment, at least 4 KiB
  std::vector<Segment> segments;
  std::vector<Relocation> relocations;
  std::vector<uint8_t> file;  // a private copy of the ELF

  const Kernel* find_kernel(const std::string& name) const;
  const Variable* find_variable(const std::string& name) const;
};

// Parses `size` bytes of ELF. On failure returns false and sets *error.
bool Parse(const void* data, size_t size, CodeObject* out, std::string* error);

// Resolves a symbol the code object leaves undefined (an agent or program
// variable the application defines) to its GPU address.
using SymbolResolver = std::function<bool(const std::string& name, uint64_t* gpu_address)>;

// Copies the segments of a parsed code object into `host` (image_size
// bytes the caller owns, which the GPU sees at `gpu_va`), zeroes the rest,
// and applies the relocations against gpu_va. Undefined symbols go to
// `resolve` (may be empty); an unresolved one fails naming the symbol.
bool Load(const CodeObject& co, void* host, uint64_t gpu_va, const SymbolResolver& resolve,
          std::string* error);

}  // namespace hsart::loader
