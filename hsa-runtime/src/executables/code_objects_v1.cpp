// The HSA 1.0 code object API (deprecated by code object readers, still
// used by older programs and samples): a code object is a deserialized
// copy of an ELF, with symbols to inspect, loaded into an executable for
// one agent with hsa_executable_load_code_object.
#include <cstdio>
#include <cstring>
#include <deque>
#include <memory>
#include <mutex>
#include <set>
#include <string>

#include "executables/module_names.h"
#include "executables/state.h"
#include "runtime/components.h"
#include "runtime/isa.h"
#include "runtime/runtime.h"

namespace hsart::v1 {
namespace {

struct CodeObject;

// A symbol of a code object: a kernel or a variable it defines or uses.
struct CodeSymbol {
  const CodeObject* owner;
  const loader::Kernel* kernel;      // kernels
  const loader::Variable* variable;  // variables
};

struct CodeObject {
  loader::CodeObject co;
  std::deque<CodeSymbol> symbols;  // deque: addresses are the handles
  ModuleNames module_names;        // set by the finalizer extension
};

struct State {
  std::mutex mu;
  std::set<CodeObject*> objects;
  std::set<const CodeSymbol*> symbols;
};

State& state() {
  static State s;
  return s;
}

CodeObject* object_from(hsa_code_object_t c) {
  auto* p = reinterpret_cast<CodeObject*>(c.handle);
  return state().objects.count(p) ? p : nullptr;
}

const CodeSymbol* symbol_from(hsa_code_symbol_t s) {
  auto* p = reinterpret_cast<const CodeSymbol*>(s.handle);
  return state().symbols.count(p) ? p : nullptr;
}

hsa_code_symbol_t handle_of(const CodeSymbol* s) {
  return hsa_code_symbol_t{reinterpret_cast<uint64_t>(s)};
}

void destroy(CodeObject* c) {
  for (const CodeSymbol& s : c->symbols) state().symbols.erase(&s);
  state().objects.erase(c);
  delete c;
}

}  // namespace

bool set_module_names(hsa_code_object_t code_object, ModuleNames names) {
  std::lock_guard<std::mutex> lock(state().mu);
  CodeObject* c = object_from(code_object);
  if (!c) return false;
  c->module_names = std::move(names);
  return true;
}

void code_objects_v1_stop(Runtime&) {
  std::lock_guard<std::mutex> lock(state().mu);
  while (!state().objects.empty()) destroy(*state().objects.begin());
}

namespace {

template <typename T>
hsa_status_t put(void* value, T v) {
  std::memcpy(value, &v, sizeof v);
  return HSA_STATUS_SUCCESS;
}

// The name a symbol is reported by: kernels by their descriptor symbol, as
// executables report them.
const std::string& name_of(const CodeSymbol& s) {
  return s.kernel ? s.kernel->symbol : s.variable->name;
}

bool name_matches(const CodeSymbol& s, const char* name) {
  return name_of(s) == name || (s.kernel && s.kernel->name == name);
}

// The alignment a variable's placement guarantees: the largest power of two
// dividing its offset in the image (whose base is page aligned), at most the
// power of two covering its size.
uint32_t variable_alignment(const loader::Variable& v) {
  uint64_t cap = 1;
  while (cap < v.size && cap < 4096) cap *= 2;
  uint64_t a = 1;
  while (a < cap && v.offset % (a * 2) == 0) a *= 2;
  return static_cast<uint32_t>(a);
}

hsa_status_t variable_info(const loader::Variable& v, int attribute, void* value) {
  switch (attribute) {
    case HSA_CODE_SYMBOL_INFO_VARIABLE_ALLOCATION:
      return put(value, HSA_VARIABLE_ALLOCATION_AGENT);
    case HSA_CODE_SYMBOL_INFO_VARIABLE_SEGMENT:
      return put(value, v.readonly ? HSA_VARIABLE_SEGMENT_READONLY : HSA_VARIABLE_SEGMENT_GLOBAL);
    case HSA_CODE_SYMBOL_INFO_VARIABLE_ALIGNMENT:
      return put(value, variable_alignment(v));
    case HSA_CODE_SYMBOL_INFO_VARIABLE_SIZE:
      return put(value, static_cast<uint32_t>(v.size));
    case HSA_CODE_SYMBOL_INFO_VARIABLE_IS_CONST:
      return put(value, v.readonly);
  }
  return HSA_STATUS_ERROR_INVALID_ARGUMENT;
}

hsa_status_t kernel_info(const loader::Kernel& k, int attribute, void* value) {
  switch (attribute) {
    case HSA_CODE_SYMBOL_INFO_KERNEL_KERNARG_SEGMENT_SIZE:
      return put(value, k.kernarg_segment_size);
    case HSA_CODE_SYMBOL_INFO_KERNEL_KERNARG_SEGMENT_ALIGNMENT:
      return put(value, k.kernarg_segment_align);
    case HSA_CODE_SYMBOL_INFO_KERNEL_GROUP_SEGMENT_SIZE:
      return put(value, k.group_segment_fixed_size);
    case HSA_CODE_SYMBOL_INFO_KERNEL_PRIVATE_SEGMENT_SIZE:
      return put(value, k.private_segment_fixed_size);
    case HSA_CODE_SYMBOL_INFO_KERNEL_DYNAMIC_CALLSTACK:
      return put(value, k.dynamic_callstack);
    case HSA_CODE_SYMBOL_INFO_KERNEL_CALL_CONVENTION:
      return put(value, uint32_t{0});
  }
  return HSA_STATUS_ERROR_INVALID_ARGUMENT;
}

hsa_status_t symbol_info(const CodeSymbol& s, int attribute, void* value) {
  const std::string& name = name_of(s);
  // Kernels and functions the finalizer extension said have module
  // linkage; every other ELF symbol has program linkage.
  const std::string& source = s.kernel ? s.kernel->name : s.variable->name;
  auto module = s.owner->module_names.find(source);
  const std::string none;
  const std::string& module_name = module == s.owner->module_names.end() ? none : module->second;
  switch (attribute) {
    case HSA_CODE_SYMBOL_INFO_TYPE:
      return put(value, s.kernel ? HSA_SYMBOL_KIND_KERNEL : HSA_SYMBOL_KIND_VARIABLE);
    case HSA_CODE_SYMBOL_INFO_NAME_LENGTH:
      return put(value, static_cast<uint32_t>(name.size()));
    case HSA_CODE_SYMBOL_INFO_NAME:
      std::memcpy(value, name.data(), name.size());
      return HSA_STATUS_SUCCESS;
    case HSA_CODE_SYMBOL_INFO_MODULE_NAME_LENGTH:
      return put(value, static_cast<uint32_t>(module_name.size()));
    case HSA_CODE_SYMBOL_INFO_MODULE_NAME:
      std::memcpy(value, module_name.data(), module_name.size());
      return HSA_STATUS_SUCCESS;
    case HSA_CODE_SYMBOL_INFO_LINKAGE:
      return put(value,
                 module_name.empty() ? HSA_SYMBOL_LINKAGE_PROGRAM : HSA_SYMBOL_LINKAGE_MODULE);
    case HSA_CODE_SYMBOL_INFO_IS_DEFINITION:
      return put(value, s.kernel ? true : s.variable->defined);
  }
  return s.kernel ? kernel_info(*s.kernel, attribute, value)
                  : variable_info(*s.variable, attribute, value);
}

}  // namespace
}  // namespace hsart::v1

using hsart::v1::CodeObject;
using hsart::v1::CodeSymbol;
using hsart::v1::state;

extern "C" hsa_status_t hsa_code_object_deserialize(void* serialized_code_object,
                                                    size_t serialized_code_object_size,
                                                    const char* options,
                                                    hsa_code_object_t* code_object) {
  HSART_CHECK_INIT();
  (void)options;
  if (!serialized_code_object || serialized_code_object_size == 0 || !code_object)
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  auto c = std::make_unique<CodeObject>();
  std::string error;
  if (!hsart::loader::Parse(serialized_code_object, serialized_code_object_size, &c->co, &error))
    return HSA_STATUS_ERROR_INVALID_CODE_OBJECT;
  for (const hsart::loader::Kernel& k : c->co.kernels)
    c->symbols.push_back(CodeSymbol{c.get(), &k, nullptr});
  for (const hsart::loader::Variable& v : c->co.variables)
    if (v.binding != hsart::loader::Binding::Local)
      c->symbols.push_back(CodeSymbol{c.get(), nullptr, &v});
  std::lock_guard<std::mutex> lock(state().mu);
  for (const CodeSymbol& s : c->symbols) state().symbols.insert(&s);
  state().objects.insert(c.get());
  code_object->handle = reinterpret_cast<uint64_t>(c.release());
  return HSA_STATUS_SUCCESS;
}

// The serialized form is the ELF itself, as ROCr's.
extern "C" hsa_status_t hsa_code_object_serialize(
    hsa_code_object_t code_object,
    hsa_status_t (*alloc_callback)(size_t size, hsa_callback_data_t data, void** address),
    hsa_callback_data_t callback_data, const char* options, void** serialized_code_object,
    size_t* serialized_code_object_size) {
  HSART_CHECK_INIT();
  (void)options;
  if (!alloc_callback || !serialized_code_object || !serialized_code_object_size)
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  std::vector<uint8_t> bytes;
  {
    std::lock_guard<std::mutex> lock(state().mu);
    const CodeObject* c = hsart::v1::object_from(code_object);
    if (!c) return HSA_STATUS_ERROR_INVALID_CODE_OBJECT;
    bytes = c->co.file;
  }
  void* out = nullptr;
  const hsa_status_t s = alloc_callback(bytes.size(), callback_data, &out);
  if (s != HSA_STATUS_SUCCESS) return s;
  if (!out) return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
  std::memcpy(out, bytes.data(), bytes.size());
  *serialized_code_object = out;
  *serialized_code_object_size = bytes.size();
  return HSA_STATUS_SUCCESS;
}

extern "C" hsa_status_t hsa_code_object_destroy(hsa_code_object_t code_object) {
  HSART_CHECK_INIT();
  std::lock_guard<std::mutex> lock(state().mu);
  CodeObject* c = hsart::v1::object_from(code_object);
  if (!c) return HSA_STATUS_ERROR_INVALID_CODE_OBJECT;
  hsart::v1::destroy(c);
  return HSA_STATUS_SUCCESS;
}

extern "C" hsa_status_t hsa_code_object_get_info(hsa_code_object_t code_object,
                                                 hsa_code_object_info_t attribute, void* value) {
  HSART_CHECK_INIT();
  if (!value) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  std::lock_guard<std::mutex> lock(state().mu);
  const CodeObject* c = hsart::v1::object_from(code_object);
  if (!c) return HSA_STATUS_ERROR_INVALID_CODE_OBJECT;
  switch (attribute) {
    case HSA_CODE_OBJECT_INFO_VERSION: {  // char[64]: the code object version
      char version[64] = {};
      std::snprintf(version, sizeof version, "%u", c->co.version);
      std::memcpy(value, version, sizeof version);
      return HSA_STATUS_SUCCESS;
    }
    case HSA_CODE_OBJECT_INFO_TYPE:
      return hsart::v1::put(value, HSA_CODE_OBJECT_TYPE_PROGRAM);
    case HSA_CODE_OBJECT_INFO_ISA:
      for (const hsart::Isa& isa : hsart::isas()) {
        if (c->co.processor == isa.gfx) return hsart::v1::put(value, hsart::handle_of(&isa));
      }
      return HSA_STATUS_ERROR_INVALID_ISA;    // a target this runtime has no agent for
    case HSA_CODE_OBJECT_INFO_MACHINE_MODEL:  // amdhsa is 64-bit only
      return hsart::v1::put(value, HSA_MACHINE_MODEL_LARGE);
    case HSA_CODE_OBJECT_INFO_PROFILE:
      return hsart::v1::put(value, HSA_PROFILE_BASE);
    case HSA_CODE_OBJECT_INFO_DEFAULT_FLOAT_ROUNDING_MODE:
      return hsart::v1::put(value, HSA_DEFAULT_FLOAT_ROUNDING_MODE_NEAR);
  }
  return HSA_STATUS_ERROR_INVALID_ARGUMENT;
}

extern "C" hsa_status_t hsa_code_object_get_symbol_from_name(hsa_code_object_t code_object,
                                                             const char* module_name,
                                                             const char* symbol_name,
                                                             hsa_code_symbol_t* symbol) {
  HSART_CHECK_INIT();
  (void)module_name;  // ELF symbols have program linkage: no module scope
  if (!symbol_name || !symbol) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  std::lock_guard<std::mutex> lock(state().mu);
  const CodeObject* c = hsart::v1::object_from(code_object);
  if (!c) return HSA_STATUS_ERROR_INVALID_CODE_OBJECT;
  for (const CodeSymbol& s : c->symbols) {
    if (hsart::v1::name_matches(s, symbol_name)) {
      *symbol = hsart::v1::handle_of(&s);
      return HSA_STATUS_SUCCESS;
    }
  }
  return HSA_STATUS_ERROR_INVALID_SYMBOL_NAME;
}

extern "C" hsa_status_t hsa_code_object_get_symbol(hsa_code_object_t code_object,
                                                   const char* symbol_name,
                                                   hsa_code_symbol_t* symbol) {
  return hsa_code_object_get_symbol_from_name(code_object, nullptr, symbol_name, symbol);
}

extern "C" hsa_status_t hsa_code_symbol_get_info(hsa_code_symbol_t code_symbol,
                                                 hsa_code_symbol_info_t attribute, void* value) {
  HSART_CHECK_INIT();
  if (!value) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  std::lock_guard<std::mutex> lock(state().mu);
  const CodeSymbol* s = hsart::v1::symbol_from(code_symbol);
  if (!s) return HSA_STATUS_ERROR_INVALID_CODE_SYMBOL;
  return hsart::v1::symbol_info(*s, attribute, value);
}

extern "C" hsa_status_t hsa_code_object_iterate_symbols(
    hsa_code_object_t code_object,
    hsa_status_t (*callback)(hsa_code_object_t code_object, hsa_code_symbol_t symbol, void* data),
    void* data) {
  HSART_CHECK_INIT();
  if (!callback) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  std::vector<hsa_code_symbol_t> symbols;
  {
    std::lock_guard<std::mutex> lock(state().mu);
    const CodeObject* c = hsart::v1::object_from(code_object);
    if (!c) return HSA_STATUS_ERROR_INVALID_CODE_OBJECT;
    for (const CodeSymbol& s : c->symbols) symbols.push_back(hsart::v1::handle_of(&s));
  }
  // The callback runs without the lock: it may query the symbols.
  for (hsa_code_symbol_t s : symbols) {
    const hsa_status_t status = callback(code_object, s, data);
    if (status != HSA_STATUS_SUCCESS) return status;
  }
  return HSA_STATUS_SUCCESS;
}

extern "C" hsa_status_t hsa_executable_load_code_object(hsa_executable_t executable,
                                                        hsa_agent_t agent,
                                                        hsa_code_object_t code_object,
                                                        const char* options) {
  HSART_CHECK_INIT();
  (void)options;
  std::vector<uint8_t> bytes;
  hsart::v1::ModuleNames module_names;
  {
    std::lock_guard<std::mutex> lock(state().mu);
    const CodeObject* c = hsart::v1::object_from(code_object);
    if (!c) return HSA_STATUS_ERROR_INVALID_CODE_OBJECT;
    bytes = c->co.file;
    module_names = c->module_names;
  }
  std::lock_guard<std::mutex> lock(hsart::exec::state().mu);
  hsart::exec::Executable* e = hsart::exec::executable_from(executable);
  if (!e) return HSA_STATUS_ERROR_INVALID_EXECUTABLE;
  const hsart::Agent* a = hsart::agent_from(agent);
  if (!a) return HSA_STATUS_ERROR_INVALID_AGENT;
  return hsart::exec::load_for_agent(e, a, bytes.data(), bytes.size(), nullptr, &module_names);
}
