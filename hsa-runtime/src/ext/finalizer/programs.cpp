// The finalizer extension (HSA_EXTENSION_FINALIZER, HSA 1.1 section 3.2):
// HSAIL programs built from BRIG modules and finalized into HSA 1.0 code
// objects (hsa_code_object_t, executables/code_objects_v1.cpp) that
// hsa_executable_load_code_object loads. A program is a live object whose
// address is its handle, checked against the live set like every other
// handle. Arguments are checked in HSA 1.1's order: the program first,
// then the other arguments, then the modules themselves.
#include <hsa/hsa_ext_finalize.h>

#include <algorithm>
#include <memory>
#include <mutex>
#include <new>
#include <set>
#include <string>
#include <vector>

#include "ext/finalizer/finalizer.h"
#include "runtime/components.h"
#include "runtime/isa.h"
#include "runtime/runtime.h"

namespace hsart::finalizer {
namespace {

struct Program {
  hsa_machine_model_t machine_model;
  hsa_profile_t profile;
  hsa_default_float_rounding_mode_t rounding;
  std::vector<LoadedModule> modules;  // in the order they were added
};

struct State {
  std::mutex mu;
  std::set<Program*> programs;
};

State& state() {
  static State s;
  return s;
}

Program* program_from(hsa_ext_program_t p) {
  auto* program = reinterpret_cast<Program*>(p.handle);
  return state().programs.count(program) ? program : nullptr;
}

}  // namespace

// Programs the application did not destroy end with the runtime.
void finalizer_programs_stop(Runtime&) {
  std::lock_guard<std::mutex> lock(state().mu);
  for (Program* p : state().programs) delete p;
  state().programs.clear();
}

namespace {

hsa_status_t ext(int status) { return static_cast<hsa_status_t>(status); }

// HSA 1.1 (hsa_ext_program_add_module) makes INCOMPATIBLE_MODULE a
// different machine model or profile only; a module's rounding "should"
// match the program's, a recommendation: a $zero or $near module keeps
// its own, a $default one takes the program's at finalization.
bool compatible(const Program& p, const LoadedModule& m) {
  return m.machine_model == p.machine_model && m.profile == p.profile;
}

// Only HSA_CODE_OBJECT_TYPE_PROGRAM exists; a call convention is AUTO (-1)
// or below the ISA's HSA_ISA_INFO_CALL_CONVENTION_COUNT, which is 1.
bool finalize_arguments_ok(int32_t call_convention, hsa_code_object_type_t type,
                           const hsa_code_object_t* code_object) {
  return code_object && type == HSA_CODE_OBJECT_TYPE_PROGRAM &&
         call_convention >= HSA_EXT_FINALIZER_CALL_CONVENTION_AUTO && call_convention < 1;
}

}  // namespace
}  // namespace hsart::finalizer

namespace fz = hsart::finalizer;

extern "C" hsa_status_t hsa_ext_program_create(
    hsa_machine_model_t machine_model, hsa_profile_t profile,
    hsa_default_float_rounding_mode_t default_float_rounding_mode, const char* options,
    hsa_ext_program_t* program) {
  HSART_CHECK_INIT();
  (void)options;  // no vendor options are defined
  const int model = machine_model, prof = profile, round = default_float_rounding_mode;
  if (!program || model < HSA_MACHINE_MODEL_SMALL || model > HSA_MACHINE_MODEL_LARGE ||
      prof < HSA_PROFILE_BASE || prof > HSA_PROFILE_FULL ||
      round < HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT ||
      round > HSA_DEFAULT_FLOAT_ROUNDING_MODE_NEAR)
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  auto* p = new (std::nothrow) fz::Program{machine_model, profile, default_float_rounding_mode, {}};
  if (!p) return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
  std::lock_guard<std::mutex> lock(fz::state().mu);
  fz::state().programs.insert(p);
  program->handle = reinterpret_cast<uint64_t>(p);
  return HSA_STATUS_SUCCESS;
}

// Code objects made from the program stay valid: they own their bytes.
extern "C" hsa_status_t hsa_ext_program_destroy(hsa_ext_program_t program) {
  HSART_CHECK_INIT();
  std::lock_guard<std::mutex> lock(fz::state().mu);
  fz::Program* p = fz::program_from(program);
  if (!p) return fz::ext(HSA_EXT_STATUS_ERROR_INVALID_PROGRAM);
  fz::state().programs.erase(p);
  delete p;
  return HSA_STATUS_SUCCESS;
}

extern "C" hsa_status_t hsa_ext_program_add_module(hsa_ext_program_t program,
                                                   hsa_ext_module_t module) {
  HSART_CHECK_INIT();
  {
    std::lock_guard<std::mutex> lock(fz::state().mu);
    const fz::Program* p = fz::program_from(program);
    if (!p) return fz::ext(HSA_EXT_STATUS_ERROR_INVALID_PROGRAM);
    if (!module) return fz::ext(HSA_EXT_STATUS_ERROR_INVALID_MODULE);
    for (const fz::LoadedModule& m : p->modules)
      if (m.handle == module) return fz::ext(HSA_EXT_STATUS_ERROR_MODULE_ALREADY_INCLUDED);
  }
  // Reading and validating a large module takes a while: not under the lock.
  fz::LoadedModule loaded;
  try {
    loaded = fz::load_module(module);
  } catch (const fz::Failure& f) {
    fz::report("hsa_ext_program_add_module", f.what());
    return f.status();
  } catch (const std::bad_alloc&) {
    return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
  }
  std::lock_guard<std::mutex> lock(fz::state().mu);
  fz::Program* p = fz::program_from(program);  // destroyed meanwhile?
  if (!p) return fz::ext(HSA_EXT_STATUS_ERROR_INVALID_PROGRAM);
  for (const fz::LoadedModule& m : p->modules)  // added meanwhile by another thread?
    if (m.handle == module) return fz::ext(HSA_EXT_STATUS_ERROR_MODULE_ALREADY_INCLUDED);
  if (!fz::compatible(*p, loaded)) return fz::ext(HSA_EXT_STATUS_ERROR_INCOMPATIBLE_MODULE);
  p->modules.push_back(std::move(loaded));
  return HSA_STATUS_SUCCESS;
}

extern "C" hsa_status_t hsa_ext_program_iterate_modules(
    hsa_ext_program_t program,
    hsa_status_t (*callback)(hsa_ext_program_t program, hsa_ext_module_t module, void* data),
    void* data) {
  HSART_CHECK_INIT();
  std::vector<hsa_ext_module_t> modules;
  {
    std::lock_guard<std::mutex> lock(fz::state().mu);
    const fz::Program* p = fz::program_from(program);
    if (!p) return fz::ext(HSA_EXT_STATUS_ERROR_INVALID_PROGRAM);
    if (!callback) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
    for (const fz::LoadedModule& m : p->modules) modules.push_back(m.handle);
  }
  // The callback runs without the lock: it may call back into the API.
  for (hsa_ext_module_t m : modules) {
    const hsa_status_t s = callback(program, m, data);
    if (s != HSA_STATUS_SUCCESS) return s;
  }
  return HSA_STATUS_SUCCESS;
}

extern "C" hsa_status_t hsa_ext_program_get_info(hsa_ext_program_t program,
                                                 hsa_ext_program_info_t attribute, void* value) {
  HSART_CHECK_INIT();
  std::lock_guard<std::mutex> lock(fz::state().mu);
  const fz::Program* p = fz::program_from(program);
  if (!p) return fz::ext(HSA_EXT_STATUS_ERROR_INVALID_PROGRAM);
  if (!value) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  switch (static_cast<int>(attribute)) {
    case HSA_EXT_PROGRAM_INFO_MACHINE_MODEL:
      *static_cast<hsa_machine_model_t*>(value) = p->machine_model;
      return HSA_STATUS_SUCCESS;
    case HSA_EXT_PROGRAM_INFO_PROFILE:
      *static_cast<hsa_profile_t*>(value) = p->profile;
      return HSA_STATUS_SUCCESS;
    case HSA_EXT_PROGRAM_INFO_DEFAULT_FLOAT_ROUNDING_MODE:
      *static_cast<hsa_default_float_rounding_mode_t*>(value) = p->rounding;
      return HSA_STATUS_SUCCESS;
  }
  return HSA_STATUS_ERROR_INVALID_ARGUMENT;
}

// control_directives and options only tune the code: the finalizer makes
// the same code without them, which every promise they make allows.
extern "C" hsa_status_t hsa_ext_program_finalize(hsa_ext_program_t program, hsa_isa_t isa,
                                                 int32_t call_convention,
                                                 hsa_ext_control_directives_t control_directives,
                                                 const char* options,
                                                 hsa_code_object_type_t code_object_type,
                                                 hsa_code_object_t* code_object) {
  HSART_CHECK_INIT();
  (void)control_directives;
  (void)options;
  std::vector<fz::LoadedModule> modules;
  hsa_default_float_rounding_mode_t rounding;
  {
    std::lock_guard<std::mutex> lock(fz::state().mu);
    const fz::Program* p = fz::program_from(program);
    if (!p) return fz::ext(HSA_EXT_STATUS_ERROR_INVALID_PROGRAM);
    modules = p->modules;  // the BRIG is shared, not copied
    rounding = p->rounding;
  }
  const hsart::Isa* target = hsart::isa_from(isa);
  if (!target) return HSA_STATUS_ERROR_INVALID_ISA;
  if (!fz::finalize_arguments_ok(call_convention, code_object_type, code_object))
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  std::vector<uint8_t> bytes;
  try {
    bytes = fz::build_code_object(modules, target->gfx, rounding);
  } catch (const fz::Failure& f) {
    fz::report("hsa_ext_program_finalize", f.what());
    return f.status();
  } catch (const std::bad_alloc&) {
    return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
  }
  // The HSA 1.0 code object API owns the result from here on. Its loader
  // refusing the finalizer's output would be the finalizer's fault.
  const hsa_status_t s =
      hsa_code_object_deserialize(bytes.data(), bytes.size(), nullptr, code_object);
  if (s == HSA_STATUS_SUCCESS) {
    // The module linkage the ELF cannot carry (hsa_executable_get_symbol).
    try {
      hsart::v1::set_module_names(*code_object, fz::module_linkage_names(modules));
    } catch (const std::bad_alloc&) {
      hsa_code_object_destroy(*code_object);
      code_object->handle = 0;
      return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
    }
  }
  if (s == HSA_STATUS_SUCCESS || s == HSA_STATUS_ERROR_OUT_OF_RESOURCES) return s;
  fz::report("hsa_ext_program_finalize", "the loader refuses the finalized code object");
  return fz::ext(HSA_EXT_STATUS_ERROR_FINALIZATION_FAILED);
}

const hsa_ext_finalizer_1_00_pfn_t& hsart::finalizer::table() {
  static const hsa_ext_finalizer_1_00_pfn_t kTable = {
      hsa_ext_program_create,          hsa_ext_program_destroy,  hsa_ext_program_add_module,
      hsa_ext_program_iterate_modules, hsa_ext_program_get_info, hsa_ext_program_finalize,
  };
  return kTable;
}
