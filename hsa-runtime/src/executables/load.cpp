// Executables: create/destroy, loading code objects through the loader
// into GPU-visible thunk memory, variable definitions, freeze, info and
// validation.
#include <cstring>

#include "executables/state.h"
#include "memory/gpu_visible_memory.h"
#include "runtime/init_check.h"
#include "runtime/isa.h"
#include "runtime/topology.h"

using hsart::exec::Executable;
using hsart::exec::Loaded;
using hsart::exec::Reader;
using hsart::exec::state;
using hsart::exec::Symbol;

namespace {

constexpr uint64_t kPage = 4096;

uint64_t round_up(uint64_t n, uint64_t align) { return (n + align - 1) / align * align; }

// The largest power of two dividing address, at most cap (what the address
// is known to be aligned to).
uint32_t alignment_of(uint64_t address, uint64_t cap) {
  uint64_t a = 1;
  while (a < cap && address % (a * 2) == 0) a *= 2;
  return static_cast<uint32_t>(a);
}

uint64_t power_of_two_at_least(uint64_t n) {
  uint64_t p = 1;
  while (p < n && p < kPage) p *= 2;
  return p;
}

// A code object fits the agent when it targets the agent's processor and
// does not require a feature the agent runs without (gfx900 runs with
// xnack off). Only v4 can say "required": v2/v3 have one bit per feature,
// and clang sets "+xnack" there for code that works either way (v4's
// "any"), so v2/v3 are accepted with or without it.
bool isa_compatible(const hsart::loader::CodeObject& co, const hsart::Agent& agent) {
  if (!agent.isa || co.processor != agent.isa->gfx) return false;
  if (co.version < 4) return true;
  return co.xnack != hsart::loader::Feature::On && co.sramecc != hsart::loader::Feature::On;
}

bool valid_profile(hsa_profile_t p) { return p == HSA_PROFILE_BASE || p == HSA_PROFILE_FULL; }

bool valid_rounding(hsa_default_float_rounding_mode_t m) {
  return m == HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT ||
         m == HSA_DEFAULT_FLOAT_ROUNDING_MODE_ZERO || m == HSA_DEFAULT_FLOAT_ROUNDING_MODE_NEAR;
}

hsa_status_t create(hsa_profile_t profile, hsa_default_float_rounding_mode_t rounding,
                    hsa_executable_state_t initial, hsa_executable_t* out) {
  if (!out || !valid_profile(profile) || !valid_rounding(rounding))
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  auto* e = new Executable;
  e->profile = profile;
  e->rounding = rounding;
  e->state = initial;
  std::lock_guard<std::mutex> lock(state().mu);
  state().executables.insert(e);
  *out = hsart::exec::handle_of(e);
  return HSA_STATUS_SUCCESS;
}

// An application-defined variable the executable already has for agent
// (nullptr: a program variable), or for any agent when agent is nullptr.
const Symbol* defined_variable(const Executable& e, const std::string& name,
                               const hsart::Agent* agent) {
  for (const Symbol& s : e.symbols) {
    if (s.kind != HSA_SYMBOL_KIND_VARIABLE || s.name != name) continue;
    if (!agent || !s.agent || s.agent == agent) return &s;
  }
  return nullptr;
}

// GPU-visible memory for an image: system memory (node 0, host-accessible,
// non-paged) mapped to every GPU, over-allocated so the image base can be
// aligned as the code object asks. The GPU sees it at its host address.
bool allocate_image(Loaded* l) {
  const uint64_t align = l->co.image_align > kPage ? l->co.image_align : kPage;
  l->bytes = round_up(l->co.image_size + (align - kPage), kPage);
  l->memory = hsart::alloc_gpu_visible(l->bytes);
  if (!l->memory) return false;
  l->base = round_up(reinterpret_cast<uintptr_t>(l->memory), align);
  return true;
}

void free_image(Loaded* l) { hsart::free_gpu_visible(l->memory, l->bytes); }

// The symbols a loaded code object brings: its kernels, its indirect
// functions and the variables it defines with global or weak binding
// (local ones are private to it).
void add_symbols(Executable* e, const Loaded& l,
                 const std::map<std::string, std::string>* module_names) {
  auto module_of = [module_names](const std::string& name) {
    if (!module_names) return std::string();
    auto it = module_names->find(name);
    return it == module_names->end() ? std::string() : it->second;
  };
  for (const hsart::loader::Kernel& k : l.co.kernels) {
    Symbol s;
    s.owner = e;
    s.kind = HSA_SYMBOL_KIND_KERNEL;
    s.name = k.symbol;
    s.kernel_name = k.name;
    s.module_name = module_of(k.name);
    s.agent = l.agent;
    s.address = l.base + k.descriptor_offset;
    s.kernel = &k;
    e->symbols.push_back(s);
    state().symbols.insert(&e->symbols.back());
  }
  for (const hsart::loader::Function& f : l.co.functions) {
    Symbol s;
    s.owner = e;
    s.kind = HSA_SYMBOL_KIND_INDIRECT_FUNCTION;
    s.name = f.name;
    s.module_name = module_of(f.name);
    s.agent = l.agent;
    s.address = l.base + f.offset;
    e->symbols.push_back(s);
    state().symbols.insert(&e->symbols.back());
  }
  for (const hsart::loader::Variable& v : l.co.variables) {
    if (!v.defined || v.binding == hsart::loader::Binding::Local) continue;
    Symbol s;
    s.owner = e;
    s.kind = HSA_SYMBOL_KIND_VARIABLE;
    s.name = v.name;
    s.agent = l.agent;
    s.address = l.base + v.offset;
    s.size = v.size;
    s.alignment = alignment_of(s.address, power_of_two_at_least(v.size));
    s.readonly = v.readonly;
    e->symbols.push_back(s);
    state().symbols.insert(&e->symbols.back());
  }
}

hsa_status_t define(hsa_executable_t executable, const hsart::Agent* agent, bool check_agent,
                    const char* name, void* address, bool readonly) {
  if (!name || !address) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  std::lock_guard<std::mutex> lock(state().mu);
  Executable* e = hsart::exec::executable_from(executable);
  if (!e) return HSA_STATUS_ERROR_INVALID_EXECUTABLE;
  if (check_agent && !agent) return HSA_STATUS_ERROR_INVALID_AGENT;
  if (e->state == HSA_EXECUTABLE_STATE_FROZEN) return HSA_STATUS_ERROR_FROZEN_EXECUTABLE;
  if (defined_variable(*e, name, agent)) return HSA_STATUS_ERROR_VARIABLE_ALREADY_DEFINED;
  Symbol s;
  s.owner = e;
  s.name = name;
  s.agent = agent;
  s.address = reinterpret_cast<uintptr_t>(address);
  s.alignment = alignment_of(s.address, 16);
  s.readonly = readonly;
  s.app_defined = true;
  e->symbols.push_back(s);
  state().symbols.insert(&e->symbols.back());
  return HSA_STATUS_SUCCESS;
}

}  // namespace

extern "C" hsa_status_t hsa_executable_create_alt(
    hsa_profile_t profile, hsa_default_float_rounding_mode_t default_float_rounding_mode,
    const char* options, hsa_executable_t* executable) {
  HSART_CHECK_INIT();
  (void)options;  // no vendor options are defined
  return create(profile, default_float_rounding_mode, HSA_EXECUTABLE_STATE_UNFROZEN, executable);
}

extern "C" hsa_status_t hsa_executable_create(hsa_profile_t profile,
                                              hsa_executable_state_t executable_state,
                                              const char* options, hsa_executable_t* executable) {
  HSART_CHECK_INIT();
  (void)options;
  if (executable_state != HSA_EXECUTABLE_STATE_UNFROZEN &&
      executable_state != HSA_EXECUTABLE_STATE_FROZEN)
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  return create(profile, HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT, executable_state, executable);
}

extern "C" hsa_status_t hsa_executable_destroy(hsa_executable_t executable) {
  HSART_CHECK_INIT();
  std::lock_guard<std::mutex> lock(state().mu);
  Executable* e = hsart::exec::executable_from(executable);
  if (!e) return HSA_STATUS_ERROR_INVALID_EXECUTABLE;
  hsart::exec::destroy_executable(e);
  return HSA_STATUS_SUCCESS;
}

namespace hsart::exec {

hsa_status_t load_for_agent(Executable* e, const Agent* a, const uint8_t* bytes, size_t size,
                            Loaded** loaded,
                            const std::map<std::string, std::string>* module_names) {
  if (e->state == HSA_EXECUTABLE_STATE_FROZEN) return HSA_STATUS_ERROR_FROZEN_EXECUTABLE;
  auto l = std::make_unique<Loaded>();
  l->agent = a;
  std::string error;
  if (!loader::Parse(bytes, size, &l->co, &error)) return HSA_STATUS_ERROR_INVALID_CODE_OBJECT;
  if (!isa_compatible(l->co, *a)) return HSA_STATUS_ERROR_INCOMPATIBLE_ARGUMENTS;
  // A full-profile executable needs a full-profile agent (HSA 1.1: the
  // agent is not compatible): its code may dereference any host pointer,
  // which a discrete GPU cannot.
  if (e->profile == HSA_PROFILE_FULL && !hsart::full_profile(*a))
    return HSA_STATUS_ERROR_INCOMPATIBLE_ARGUMENTS;
  // A code object may not define a variable the application already did.
  for (const loader::Variable& v : l->co.variables) {
    if (v.defined && v.binding != loader::Binding::Local && defined_variable(*e, v.name, a))
      return HSA_STATUS_ERROR_VARIABLE_ALREADY_DEFINED;
  }
  if (!allocate_image(l.get())) return HSA_STATUS_ERROR_OUT_OF_RESOURCES;

  // Undefined symbols resolve to the application's definitions for this
  // agent first, then to its program variables.
  auto resolve = [e, a](const std::string& name, uint64_t* address) {
    const Symbol* s = defined_variable(*e, name, a);
    if (!s || !s->app_defined) return false;
    *address = s->address;
    return true;
  };
  if (!loader::Load(l->co, reinterpret_cast<void*>(l->base), l->base, resolve, &error)) {
    free_image(l.get());
    // The loader fails a load on an unresolved symbol or a bad relocation;
    // an undefined name the application never defined is the common case.
    for (const loader::Relocation& rel : l->co.relocations) {
      uint64_t unused = 0;
      if (!rel.symbol_defined && !rel.symbol.empty() && !resolve(rel.symbol, &unused))
        return HSA_STATUS_ERROR_VARIABLE_UNDEFINED;
    }
    return HSA_STATUS_ERROR_INVALID_CODE_OBJECT;
  }
  const hsa_status_t filled = fill_handles(l.get());
  if (filled != HSA_STATUS_SUCCESS) {
    free_image(l.get());
    return filled;
  }
  add_symbols(e, *l, module_names);
  if (loaded) *loaded = l.get();
  e->loaded.push_back(std::move(l));
  return HSA_STATUS_SUCCESS;
}

}  // namespace hsart::exec

extern "C" hsa_status_t hsa_executable_load_agent_code_object(
    hsa_executable_t executable, hsa_agent_t agent, hsa_code_object_reader_t code_object_reader,
    const char* options, hsa_loaded_code_object_t* loaded_code_object) {
  HSART_CHECK_INIT();
  (void)options;
  std::lock_guard<std::mutex> lock(state().mu);
  Executable* e = hsart::exec::executable_from(executable);
  if (!e) return HSA_STATUS_ERROR_INVALID_EXECUTABLE;
  const hsart::Agent* a = hsart::agent_from(agent);
  if (!a) return HSA_STATUS_ERROR_INVALID_AGENT;
  const Reader* r = hsart::exec::reader_from(code_object_reader);
  if (!r) return HSA_STATUS_ERROR_INVALID_CODE_OBJECT_READER;
  Loaded* l = nullptr;
  const hsa_status_t s = hsart::exec::load_for_agent(e, a, r->bytes.data(), r->bytes.size(), &l);
  if (s == HSA_STATUS_SUCCESS && loaded_code_object)
    loaded_code_object->handle = reinterpret_cast<uint64_t>(l);
  return s;
}

// Every AMDGPU code object targets one ISA, so none is agent-independent:
// a program code object cannot be loaded (ROCr instead loads it for every
// agent; here the application uses load_agent_code_object per agent).
// The usual checks still run, and malformed input is still reported; a
// well-formed agent code object is INCOMPATIBLE_ARGUMENTS, HSA 1.1's
// status for a code object the executable or implementation cannot take.
extern "C" hsa_status_t hsa_executable_load_program_code_object(
    hsa_executable_t executable, hsa_code_object_reader_t code_object_reader, const char* options,
    hsa_loaded_code_object_t* loaded_code_object) {
  HSART_CHECK_INIT();
  (void)options;
  (void)loaded_code_object;
  std::lock_guard<std::mutex> lock(state().mu);
  Executable* e = hsart::exec::executable_from(executable);
  if (!e) return HSA_STATUS_ERROR_INVALID_EXECUTABLE;
  const Reader* r = hsart::exec::reader_from(code_object_reader);
  if (!r) return HSA_STATUS_ERROR_INVALID_CODE_OBJECT_READER;
  if (e->state == HSA_EXECUTABLE_STATE_FROZEN) return HSA_STATUS_ERROR_FROZEN_EXECUTABLE;
  hsart::loader::CodeObject co;
  std::string error;
  if (!hsart::loader::Parse(r->bytes.data(), r->bytes.size(), &co, &error))
    return HSA_STATUS_ERROR_INVALID_CODE_OBJECT;
  return HSA_STATUS_ERROR_INCOMPATIBLE_ARGUMENTS;
}

extern "C" hsa_status_t hsa_executable_freeze(hsa_executable_t executable, const char* options) {
  HSART_CHECK_INIT();
  (void)options;
  std::lock_guard<std::mutex> lock(state().mu);
  Executable* e = hsart::exec::executable_from(executable);
  if (!e) return HSA_STATUS_ERROR_INVALID_EXECUTABLE;
  if (e->state == HSA_EXECUTABLE_STATE_FROZEN) return HSA_STATUS_ERROR_FROZEN_EXECUTABLE;
  e->state = HSA_EXECUTABLE_STATE_FROZEN;
  return HSA_STATUS_SUCCESS;
}

extern "C" hsa_status_t hsa_executable_get_info(hsa_executable_t executable,
                                                hsa_executable_info_t attribute, void* value) {
  HSART_CHECK_INIT();
  if (!value) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  std::lock_guard<std::mutex> lock(state().mu);
  const Executable* e = hsart::exec::executable_from(executable);
  if (!e) return HSA_STATUS_ERROR_INVALID_EXECUTABLE;
  switch (attribute) {
    case HSA_EXECUTABLE_INFO_PROFILE:
      std::memcpy(value, &e->profile, sizeof e->profile);
      return HSA_STATUS_SUCCESS;
    case HSA_EXECUTABLE_INFO_STATE:
      std::memcpy(value, &e->state, sizeof e->state);
      return HSA_STATUS_SUCCESS;
    case HSA_EXECUTABLE_INFO_DEFAULT_FLOAT_ROUNDING_MODE:
      std::memcpy(value, &e->rounding, sizeof e->rounding);
      return HSA_STATUS_SUCCESS;
  }
  return HSA_STATUS_ERROR_INVALID_ARGUMENT;
}

extern "C" hsa_status_t hsa_executable_global_variable_define(hsa_executable_t executable,
                                                              const char* variable_name,
                                                              void* address) {
  HSART_CHECK_INIT();
  return define(executable, nullptr, false, variable_name, address, false);
}

extern "C" hsa_status_t hsa_executable_agent_global_variable_define(hsa_executable_t executable,
                                                                    hsa_agent_t agent,
                                                                    const char* variable_name,
                                                                    void* address) {
  HSART_CHECK_INIT();
  return define(executable, hsart::agent_from(agent), true, variable_name, address, false);
}

extern "C" hsa_status_t hsa_executable_readonly_variable_define(hsa_executable_t executable,
                                                                hsa_agent_t agent,
                                                                const char* variable_name,
                                                                void* address) {
  HSART_CHECK_INIT();
  return define(executable, hsart::agent_from(agent), true, variable_name, address, true);
}

// Every check validation could make (ISA against agent, undefined
// symbols) is made when a code object is loaded and fails the load, so a
// live executable is always consistent: result 0.
extern "C" hsa_status_t hsa_executable_validate(hsa_executable_t executable, uint32_t* result) {
  HSART_CHECK_INIT();
  if (!result) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  std::lock_guard<std::mutex> lock(state().mu);
  if (!hsart::exec::executable_from(executable)) return HSA_STATUS_ERROR_INVALID_EXECUTABLE;
  *result = 0;
  return HSA_STATUS_SUCCESS;
}

extern "C" hsa_status_t hsa_executable_validate_alt(hsa_executable_t executable,
                                                    const char* options, uint32_t* result) {
  (void)options;
  return hsa_executable_validate(executable, result);
}
