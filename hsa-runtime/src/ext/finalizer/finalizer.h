// The finalizer extension's internals (ext/finalizer/*.cpp): reading a
// BRIG module the application hands over, and turning a program's modules
// into code object bytes with the HSAIL finalizer (compiler/finalizer).
#pragma once

#include <hsa/hsa.h>
#include <hsa/hsa_ext_finalize.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "executables/module_names.h"

namespace hsail {
class Module;
}

namespace hsart::finalizer {

// A module accepted by hsa_ext_program_add_module: the application's
// pointer (what iterate_modules gives back) and the module read from it.
struct LoadedModule {
  hsa_ext_module_t handle = nullptr;
  std::shared_ptr<const hsail::Module> brig;
  // The module's bytes, kept for the finalizer plugin, which reads them
  // itself (the application may free its copy once the module is added).
  std::shared_ptr<const std::vector<uint8_t>> bytes;
  hsa_machine_model_t machine_model = HSA_MACHINE_MODEL_LARGE;
  hsa_profile_t profile = HSA_PROFILE_FULL;
  hsa_default_float_rounding_mode_t rounding = HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT;
};

// Why a module or a finalization was refused; the status is what the API
// returns, the message goes to the log.
class Failure : public std::runtime_error {
 public:
  Failure(int status, const std::string& message) : std::runtime_error(message), status_(status) {}
  hsa_status_t status() const { return static_cast<hsa_status_t>(status_); }

 private:
  int status_;
};

// Reads, checks and validates the BRIG module at handle (its size is the
// header's byte_count); throws Failure(INVALID_MODULE) when it is not one.
LoadedModule load_module(hsa_ext_module_t handle);

// The code object for the modules, for the GPU named gfx ("gfx900"), the
// modules of $default rounding taking the program's rounding, by
// libhsart-finalizer.so.1 (loaded on the first call); throws
// Failure(FINALIZATION_FAILED) with the finalizer's message, also when the
// plugin cannot be loaded.
std::vector<uint8_t> build_code_object(const std::vector<LoadedModule>& modules,
                                       const std::string& gfx,
                                       hsa_default_float_rounding_mode_t rounding);

// The module of every module-linkage kernel and function the modules
// define, by source name (module_linkage.cpp).
v1::ModuleNames module_linkage_names(const std::vector<LoadedModule>& modules);

// Whether libhsart-finalizer.so.1 is next to the runtime (the extension is
// reported only then); checks the file without loading it.
bool plugin_installed();

// Says why a call failed, on stderr: the API has no log to return it in.
void report(const char* function, const std::string& message);

// The version 1.00 function table, for hsa_system_get_*extension_table.
const hsa_ext_finalizer_1_00_pfn_t& table();

}  // namespace hsart::finalizer
