// Shared by the executable API tests: the runtime initialized with its GPU
// and CPU agents, the clang-built code objects, an llvm-readelf-14 oracle
// for their symbols and kernel metadata, and a dispatch helper that runs a
// kernel object on a thunk AQL queue.
#pragma once

#include <gtest/gtest.h>
#include <hsa/hsa.h>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace exe_test {

// "exe_kernels" or "extern_kernels"; variant "v2", "v3", "v4", "v4_noxnack".
std::string KernelPath(const std::string& source, const std::string& variant);
std::vector<uint8_t> ReadFile(const std::string& path);

struct OracleSymbol {
  uint64_t value = 0;
  uint64_t size = 0;
  std::string type;  // "FUNC", "OBJECT", "AMDGPU_HSA_KERNEL", "NOTYPE"
  std::string bind;  // "GLOBAL", "LOCAL", "WEAK"
  bool defined = true;
};
// .symtab as llvm-readelf-14 --syms prints it.
std::map<std::string, OracleSymbol> OracleSymbols(const std::string& path);

struct OracleKernel {
  uint64_t kernarg_size = 0;
  uint64_t kernarg_align = 0;
  uint64_t group = 0;
  uint64_t priv = 0;
};
// Kernel name -> metadata, from llvm-readelf-14 --notes (v2 or v3+ YAML).
std::map<std::string, OracleKernel> OracleKernels(const std::string& path);

// Runs kernel_object over a 1D grid of n work-items (groups of 64) with
// the given kernarg bytes on a new thunk AQL queue of the first GPU node;
// false on a failure to set up or a timeout.
bool Dispatch(uint64_t kernel_object, const std::vector<uint8_t>& kernargs, uint32_t n);

// A symbol's name through NAME_LENGTH and NAME.
std::string SymbolName(hsa_executable_symbol_t s);

}  // namespace exe_test

class ApiExecutableTest : public ::testing::Test {
 protected:
  void SetUp() override;
  void TearDown() override;

  // A reader over the file's bytes (or over bytes), destroyed at TearDown.
  hsa_code_object_reader_t Reader(const std::vector<uint8_t>& bytes);
  // An unfrozen executable, destroyed at TearDown unless destroyed already.
  hsa_executable_t NewExecutable();
  // Loads source.variant for the GPU into exe.
  hsa_status_t LoadFile(hsa_executable_t exe, const std::string& source,
                        const std::string& variant);
  hsa_executable_symbol_t Symbol(hsa_executable_t exe, const char* name);

  template <typename T>
  T Info(hsa_executable_symbol_t s, hsa_executable_symbol_info_t attribute) {
    T v{};
    EXPECT_EQ(hsa_executable_symbol_get_info(s, attribute, &v), HSA_STATUS_SUCCESS)
        << "attribute " << attribute;
    return v;
  }
  std::string Name(hsa_executable_symbol_t s) { return exe_test::SymbolName(s); }

  hsa_agent_t gpu_{0};
  hsa_agent_t cpu_{0};
  std::vector<std::vector<uint8_t>> buffers_;  // what readers point into
  std::vector<hsa_code_object_reader_t> readers_;
  std::vector<hsa_executable_t> executables_;
};
