// Module linkage of the symbols of a finalized program (HSA 1.1
// hsa_executable_get_symbol, HSAIL PRM 4.12): an AMDGPU code object has
// only ELF symbols, so the finalizer extension, which reads the program's
// BRIG, tells the HSA 1.0 code object it made which of its kernels and
// functions have module linkage and in which module, and executables
// loading that code object report and find them by module name.
#pragma once

#include <hsa/hsa.h>

#include <map>
#include <string>

namespace hsart::v1 {

// A module-linkage symbol's source name ("&k") -> its module's name ("&m").
using ModuleNames = std::map<std::string, std::string>;

// Records the module names of code_object's symbols; false when the code
// object is not live.
bool set_module_names(hsa_code_object_t code_object, ModuleNames names);

}  // namespace hsart::v1
