// State behind the executable API: code object readers, executables, the
// code objects loaded into them and their symbols. Handles are object
// addresses, checked against the live sets below before use, so a stale
// or made-up handle gives an error instead of a wild pointer.
#pragma once

#include <hsa/hsa.h>

#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "executables/loader/code_object.h"
#include "ext/image/images.h"
#include "runtime/topology.h"

namespace hsart::exec {

// A code object reader owns a copy of the bytes (from_file reads the whole
// file; from_memory copies too, which the spec allows and which keeps the
// reader valid whatever the caller does with its buffer).
struct Reader {
  std::vector<uint8_t> bytes;
};

struct Executable;

// One symbol of an executable: a kernel of a loaded code object, a
// variable it defines, or a variable the application defined.
struct Symbol {
  Executable* owner = nullptr;
  hsa_symbol_kind_t kind = HSA_SYMBOL_KIND_VARIABLE;
  std::string name;              // kernels: the descriptor symbol ("k.kd" for v3+)
  std::string kernel_name;       // kernels: the source name ("k")
  std::string module_name;       // module linkage: its module's name; else empty
  const Agent* agent = nullptr;  // nullptr for program allocation
  uint64_t address = 0;          // variable address or kernel descriptor address
  uint64_t size = 0;
  uint32_t alignment = 0;
  bool readonly = false;
  bool app_defined = false;                // from *_variable_define
  const loader::Kernel* kernel = nullptr;  // kernels only (owned by the code object)
};

// A code object loaded for an agent: its parsed form and the GPU-visible
// memory the image lives in.
struct Loaded {
  loader::CodeObject co;
  const Agent* agent = nullptr;
  void* memory = nullptr;  // thunk allocation
  uint64_t bytes = 0;      // its size
  uint64_t base = 0;       // image base inside it (aligned as the loader asks)
  // The objects its initialized image and sampler variables name
  // (handle_init.cpp), destroyed with the executable.
  std::vector<image::OwnedImage> images;
  std::vector<uint64_t> samplers;
};

struct Executable {
  hsa_profile_t profile = HSA_PROFILE_BASE;
  hsa_default_float_rounding_mode_t rounding = HSA_DEFAULT_FLOAT_ROUNDING_MODE_NEAR;
  hsa_executable_state_t state = HSA_EXECUTABLE_STATE_UNFROZEN;
  std::vector<std::unique_ptr<Loaded>> loaded;
  std::deque<Symbol> symbols;  // deque: symbol addresses stay put
};

// Everything live, under one lock (API calls on executables are rare and
// short; iteration callbacks run without it).
struct State {
  std::mutex mu;
  std::set<Reader*> readers;
  std::set<Executable*> executables;
  std::set<const Symbol*> symbols;
};

State& state();

// Lookups (mu held); nullptr when the handle is not live.
Reader* reader_from(hsa_code_object_reader_t r);
Executable* executable_from(hsa_executable_t e);
const Symbol* symbol_from(hsa_executable_symbol_t s);

inline hsa_executable_t handle_of(Executable* e) {
  return hsa_executable_t{reinterpret_cast<uint64_t>(e)};
}
inline hsa_executable_symbol_t handle_of(const Symbol* s) {
  return hsa_executable_symbol_t{reinterpret_cast<uint64_t>(s)};
}

// Frees an executable's images and forgets its symbols (mu held).
void destroy_executable(Executable* e);

// Makes the image and sampler objects a loaded code object's handle
// variables are initialized with and writes their handles into its image
// (handle_init.cpp). On failure the status of the object that could not be
// made (HSA_EXT_STATUS_ERROR_IMAGE_FORMAT_UNSUPPORTED for a format the
// agent lacks), and nothing stays made.
hsa_status_t fill_handles(Loaded* l);
// Destroys what fill_handles made.
void release_handles(Loaded* l);

// Parses, checks, places and relocates size bytes of code object for agent
// a into e (mu held): the work of hsa_executable_load_agent_code_object and
// of HSA 1.0's hsa_executable_load_code_object. *loaded (may be null) gets
// the new loaded code object. module_names (may be null): the module of
// each module-linkage symbol, by source name (executables/module_names.h).
hsa_status_t load_for_agent(Executable* e, const Agent* a, const uint8_t* bytes, size_t size,
                            Loaded** loaded,
                            const std::map<std::string, std::string>* module_names = nullptr);

}  // namespace hsart::exec
