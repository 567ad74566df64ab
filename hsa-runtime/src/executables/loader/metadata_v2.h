// Code object v2 kernel arguments from the NT_AMD_HSA_METADATA note: the
// YAML LLVM writes ("Kernels:" list, each with "Name:" and "Args:" items
// carrying "Size:", "Align:", "ValueKind:", optional "Name:"). A line
// reader for exactly that shape, not a YAML parser.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "code_object.h"

namespace hsart::loader {

// Kernel name -> arguments with offsets laid out by Align, value kinds in
// the v3 spelling ("GlobalBuffer" -> "global_buffer"). False and *error
// (naming the line) if a known field is malformed.
bool ParseV2Args(const std::string& yaml, std::map<std::string, std::vector<KernelArg>>* out,
                 std::string* error);

}  // namespace hsart::loader
