// Shared by the loader tests: the clang-built code objects and an oracle
// that reads the same files through llvm-readelf-14.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace hsart::loader::test {

// The variants CMake builds: "v2", "v3", "v4", "v4_noxnack".
std::string KernelPath(const std::string& variant);
std::vector<uint8_t> ReadFile(const std::string& path);

// Runs llvm-readelf-14 with `args` on `path` and returns its stdout.
std::string Readelf(const std::string& args, const std::string& path);

// What llvm-readelf says about one kernel's metadata.
struct OracleKernel {
  uint64_t kernarg_size = 0;
  uint64_t kernarg_align = 0;
  uint64_t group = 0;
  uint64_t priv = 0;
  uint64_t sgprs = 0;
  uint64_t vgprs = 0;
  std::vector<uint64_t> arg_sizes;
  std::vector<uint64_t> arg_offsets;  // v3+ only
};
// Kernel name -> oracle facts, from the YAML that --notes prints (v2
// "Kernels:"/"CodeProps:" or v3+ "amdhsa.kernels:").
std::map<std::string, OracleKernel> OracleKernels(const std::string& path);
// Symbol name -> value from --syms (.symtab).
std::map<std::string, uint64_t> OracleSymbols(const std::string& path);

}  // namespace hsart::loader::test
