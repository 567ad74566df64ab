// The steps of emit_code_object() (backend_*.cpp), each in its own file:
// the target machine for a GPU, the code object version, IR optimization,
// code generation to a relocatable object in memory, and the in-process
// lld link.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include <finalizer/finalizer.h>

namespace llvm {
class TargetMachine;
}  // namespace llvm

namespace hsail::finalizer::backend {

// "amdgcn-amd-amdhsa"; the only triple the finalizer generates for.
extern const char kTriple[];

// A target machine for options.gpu; initializes the AMDGPU target once.
std::unique_ptr<llvm::TargetMachine> make_target_machine(const Options& options);

// Makes LLVM 14's AMDGPU backend write code object `version` (2, 3 or 4);
// process-wide state, so the caller holds the backend lock.
void select_code_object_version(int version);

// Closes the program the IR holds (program linkage, finalizer.h): defined
// program functions become internal; a called function or a private
// variable declared but defined in no module is a FinalizeError.
void close_program(llvm::Module& ir);

// Writes the kHandleInitializers tuples of the program (finalizer.h) as
// the code object's handle-initializer note and drops the tuples.
void add_handle_init_note(llvm::Module& ir);

// Runs the -O2 IR pipeline (with the AMDGPU target's passes) on valid IR.
void optimize(llvm::Module& ir, llvm::TargetMachine& machine);

// Gives ir the machine's triple and data layout, verifies it, optimizes it
// and runs the code generator: the bytes of a relocatable ELF object.
std::vector<char> generate_object(llvm::Module& ir, llvm::TargetMachine& machine);

// Links a relocatable object into a loadable code object (a shared ELF)
// with lld's ELF driver; lld is not thread-safe, so the caller holds the
// backend lock.
// undefined_variables: the module declares variables another module or
// the application defines (HSAIL program linkage); they stay undefined in
// the code object for the loader (hsa_executable_*_variable_define).
std::vector<uint8_t> link_code_object(const std::vector<char>& object, bool undefined_variables);

}  // namespace hsail::finalizer::backend
