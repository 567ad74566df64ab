// The HSAIL finalizer (issue 7): a BRIG module (compiler/hsail's Module)
// to an AMD GPU code object for gfx900 or gfx803, in process, with LLVM
// 14's AMDGPU backend and lld. Two steps with one seam, LLVM IR:
//   translate()         BRIG -> LLVM IR for amdgcn-amd-amdhsa
//                       (translate_*.cpp)
//   emit_code_object()  LLVM IR -> relocatable object -> linked code
//                       object with its metadata (backend_*.cpp)
// finalize() runs both. Whatever the finalizer cannot translate is a
// FinalizeError with a message naming the instruction or directive (and
// its source position when the module came from text), never a crash or a
// wrong code object.
#pragma once

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <hsail/brig/module.h>

namespace llvm {
class LLVMContext;
class Module;
}  // namespace llvm

namespace hsail::finalizer {

class FinalizeError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

enum class Gpu { kGfx900, kGfx803 };

struct Options {
  Gpu gpu = Gpu::kGfx900;
  // 4 and 3: kernel descriptors and MessagePack metadata; 2: amd_kernel_code_t.
  int code_object_version = 4;
  // The program's default float rounding (hsa_ext_program_create): a
  // module whose own is $default takes it; $zero and $near modules keep
  // theirs. kDefault leaves $default modules rounding to nearest.
  enum class Round { kDefault, kZero, kNear } program_round = Round::kDefault;
};

// Kernels become amdgpu_kernel functions named as in HSAIL ("&k"), so the
// runtime finds them by their HSAIL names; their explicit arguments are the
// kernarg formals in order, laid out as HSAIL lays out the kernarg segment
// (align(n) and arrays as byref arguments, translate_kernel.cpp).
std::unique_ptr<llvm::Module> translate(const Module& brig, llvm::LLVMContext& context,
                                        const Options& options);

// Program linkage (PRM 4.12.1): a name declared in one module may be
// defined in another module of the same program (PRM 4.3, 14.2).
// translate() leaves such names for the IR linker to join and marks them;
// emit_code_object() takes the IR as the whole program and closes it
// (backend_program.cpp).
//  - A function of program linkage is an external LLVM function with the
//    string attribute kProgramFunctionAttribute ("indirect" for an
//    indirect function, which stays a symbol of the code object;
//    "function" otherwise, made internal once defined). A called one that
//    no module defines is an error.
//  - A module-scope private variable is a copy per work-item that each
//    kernel makes from its module's declaration or definition; the names
//    of program-linkage ones a module declares without defining, and of
//    those it defines, are the named metadata lists below (one MDString
//    each). A declared one no module defines is an error.
inline constexpr const char kProgramFunctionAttribute[] = "hsail-program-function";
inline constexpr const char kProgramPrivateDeclared[] = "hsail.program.private.declared";
inline constexpr const char kProgramPrivateDefined[] = "hsail.program.private.defined";

// Image and sampler variables with an initializer (PRM 7.1): translate()
// leaves each handle zeroed and lists what the runtime must make for it in
// this named metadata, one tuple per handle: the variable, the handle's
// byte offset in it (i64), then kind, geometry, channel order, channel
// type, access, coord, filter, addressing (i32) and width, height, depth,
// array size (i64), as in firmware-interfaces/handle_init_note.h.
// emit_code_object() writes them into the code object's handle-initializer
// note for the loader; the IR linker keeps the tuples of every module.
inline constexpr const char kHandleInitializers[] = "hsail.handle.init";

// The bytes of a loadable code object (ELF shared object).
std::vector<uint8_t> emit_code_object(llvm::Module& ir, const Options& options);

std::vector<uint8_t> finalize(const Module& brig, const Options& options);

}  // namespace hsail::finalizer
