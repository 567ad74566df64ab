// Executable symbols: lookup by name, iteration, and symbol attributes.
// Kernel symbols carry the descriptor symbol's name ("k.kd" for code
// object v3+, "k" for v2) as ROCr reports them; lookup accepts both the
// descriptor name and the source name.
#include <cstring>

#include "executables/state.h"
#include "runtime/init_check.h"

using hsart::exec::Executable;
using hsart::exec::state;
using hsart::exec::Symbol;

namespace {

template <typename T>
hsa_status_t put(void* value, T v) {
  std::memcpy(value, &v, sizeof v);
  return HSA_STATUS_SUCCESS;
}

bool name_matches(const Symbol& s, const char* name) {
  return s.name == name || (s.kind == HSA_SYMBOL_KIND_KERNEL && s.kernel_name == name);
}

// Symbols of e that satisfy keep, copied under the lock so callbacks run
// without it.
template <typename Keep>
std::vector<hsa_executable_symbol_t> symbols_of(const Executable& e, Keep keep) {
  std::vector<hsa_executable_symbol_t> out;
  for (const Symbol& s : e.symbols)
    if (keep(s)) out.push_back(hsart::exec::handle_of(&s));
  return out;
}

hsa_status_t find(hsa_executable_t executable, const char* name, const hsart::Agent* agent,
                  hsa_executable_symbol_t* symbol) {
  std::lock_guard<std::mutex> lock(state().mu);
  const Executable* e = hsart::exec::executable_from(executable);
  if (!e) return HSA_STATUS_ERROR_INVALID_EXECUTABLE;
  for (const Symbol& s : e->symbols) {
    if (s.agent == agent && name_matches(s, name)) {
      *symbol = hsart::exec::handle_of(&s);
      return HSA_STATUS_SUCCESS;
    }
  }
  return HSA_STATUS_ERROR_INVALID_SYMBOL_NAME;
}

// Attributes of every symbol kind.
bool common_info(const Symbol& s, int attribute, void* value) {
  switch (attribute) {
    case HSA_EXECUTABLE_SYMBOL_INFO_TYPE:
      put(value, s.kind);
      return true;
    case HSA_EXECUTABLE_SYMBOL_INFO_NAME_LENGTH:
      put(value, static_cast<uint32_t>(s.name.size()));
      return true;
    case HSA_EXECUTABLE_SYMBOL_INFO_NAME:
      std::memcpy(value, s.name.data(), s.name.size());
      return true;
    case HSA_EXECUTABLE_SYMBOL_INFO_MODULE_NAME_LENGTH:
      put(value, static_cast<uint32_t>(s.module_name.size()));
      return true;
    case HSA_EXECUTABLE_SYMBOL_INFO_MODULE_NAME:
      std::memcpy(value, s.module_name.data(), s.module_name.size());
      return true;
    case HSA_EXECUTABLE_SYMBOL_INFO_LINKAGE:
      put(value, s.module_name.empty() ? HSA_SYMBOL_LINKAGE_PROGRAM : HSA_SYMBOL_LINKAGE_MODULE);
      return true;
    case HSA_EXECUTABLE_SYMBOL_INFO_IS_DEFINITION:
      put(value, true);
      return true;
    case HSA_EXECUTABLE_SYMBOL_INFO_AGENT:
      if (!s.agent) return false;  // a program variable has no agent
      put(value, hsart::handle_of(s.agent));
      return true;
  }
  return false;
}

bool variable_info(const Symbol& s, int attribute, void* value) {
  switch (attribute) {
    case HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_ADDRESS:
      put(value, s.address);
      return true;
    case HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_ALLOCATION:
      put(value, s.agent ? HSA_VARIABLE_ALLOCATION_AGENT : HSA_VARIABLE_ALLOCATION_PROGRAM);
      return true;
    case HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_SEGMENT:
      put(value, s.readonly ? HSA_VARIABLE_SEGMENT_READONLY : HSA_VARIABLE_SEGMENT_GLOBAL);
      return true;
    case HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_ALIGNMENT:
      put(value, s.alignment);
      return true;
    case HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_SIZE:
      put(value, static_cast<uint32_t>(s.size));
      return true;
    case HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_IS_CONST:
      put(value, s.readonly);
      return true;
  }
  return false;
}

bool kernel_info(const Symbol& s, int attribute, void* value) {
  const hsart::loader::Kernel& k = *s.kernel;
  switch (attribute) {
    case HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_OBJECT:
      put(value, s.address);
      return true;
    case HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_KERNARG_SEGMENT_SIZE:
      put(value, k.kernarg_segment_size);
      return true;
    case HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_KERNARG_SEGMENT_ALIGNMENT:
      put(value, k.kernarg_segment_align);
      return true;
    case HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_GROUP_SEGMENT_SIZE:
      put(value, k.group_segment_fixed_size);
      return true;
    case HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_PRIVATE_SEGMENT_SIZE:
      put(value, k.private_segment_fixed_size);
      return true;
    case HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_DYNAMIC_CALLSTACK:
      put(value, k.dynamic_callstack);
      return true;
    case HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_CALL_CONVENTION:
      put(value, uint32_t{0});
      return true;
  }
  return false;
}

// HSAIL indirect functions: the code handle icall takes is the function's
// loaded address; one call convention per ISA, as for kernels.
bool function_info(const Symbol& s, int attribute, void* value) {
  switch (attribute) {
    case HSA_EXECUTABLE_SYMBOL_INFO_INDIRECT_FUNCTION_OBJECT:
      put(value, s.address);
      return true;
    case HSA_EXECUTABLE_SYMBOL_INFO_INDIRECT_FUNCTION_CALL_CONVENTION:
      put(value, uint32_t{0});
      return true;
  }
  return false;
}

}  // namespace

extern "C" hsa_status_t hsa_executable_get_symbol_by_name(hsa_executable_t executable,
                                                          const char* symbol_name,
                                                          const hsa_agent_t* agent,
                                                          hsa_executable_symbol_t* symbol) {
  HSART_CHECK_INIT();
  if (!symbol_name || !symbol) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  const hsart::Agent* a = nullptr;
  if (agent) {
    a = hsart::agent_from(*agent);
    if (!a) return HSA_STATUS_ERROR_INVALID_AGENT;
  }
  return find(executable, symbol_name, a, symbol);
}

// The HSA 1.0 form. With a module name it finds that module's
// module-linkage symbol (HSA 1.1: module_name names the module of a
// module-linkage symbol and is NULL for program linkage); call_convention
// is ignored (there is one per ISA).
extern "C" hsa_status_t hsa_executable_get_symbol(hsa_executable_t executable,
                                                  const char* module_name, const char* symbol_name,
                                                  hsa_agent_t agent, int32_t call_convention,
                                                  hsa_executable_symbol_t* symbol) {
  HSART_CHECK_INIT();
  (void)call_convention;
  if (!symbol_name || !symbol) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  if (module_name && *module_name) {
    std::lock_guard<std::mutex> lock(state().mu);
    const Executable* e = hsart::exec::executable_from(executable);
    if (!e) return HSA_STATUS_ERROR_INVALID_EXECUTABLE;
    const hsart::Agent* a = hsart::agent_from(agent);
    for (const Symbol& s : e->symbols) {
      if (s.module_name == module_name && (!s.agent || s.agent == a) &&
          name_matches(s, symbol_name)) {
        *symbol = hsart::exec::handle_of(&s);
        return HSA_STATUS_SUCCESS;
      }
    }
    return HSA_STATUS_ERROR_INVALID_SYMBOL_NAME;
  }
  // Agent symbols first (kernels, agent variables), then program variables.
  const hsart::Agent* a = hsart::agent_from(agent);
  hsa_status_t s =
      a ? find(executable, symbol_name, a, symbol) : HSA_STATUS_ERROR_INVALID_SYMBOL_NAME;
  if (s == HSA_STATUS_ERROR_INVALID_SYMBOL_NAME) s = find(executable, symbol_name, nullptr, symbol);
  return s;
}

extern "C" hsa_status_t hsa_executable_symbol_get_info(hsa_executable_symbol_t executable_symbol,
                                                       hsa_executable_symbol_info_t attribute,
                                                       void* value) {
  HSART_CHECK_INIT();
  if (!value) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  std::lock_guard<std::mutex> lock(state().mu);
  const Symbol* s = hsart::exec::symbol_from(executable_symbol);
  if (!s) return HSA_STATUS_ERROR_INVALID_EXECUTABLE_SYMBOL;
  if (common_info(*s, attribute, value)) return HSA_STATUS_SUCCESS;
  bool ok = false;
  switch (s->kind) {
    case HSA_SYMBOL_KIND_KERNEL:
      ok = kernel_info(*s, attribute, value);
      break;
    case HSA_SYMBOL_KIND_INDIRECT_FUNCTION:
      ok = function_info(*s, attribute, value);
      break;
    default:
      ok = variable_info(*s, attribute, value);
      break;
  }
  // Attributes of another kind are invalid for this symbol.
  return ok ? HSA_STATUS_SUCCESS : HSA_STATUS_ERROR_INVALID_ARGUMENT;
}

extern "C" hsa_status_t hsa_executable_iterate_symbols(
    hsa_executable_t executable,
    hsa_status_t (*callback)(hsa_executable_t exec, hsa_executable_symbol_t symbol, void* data),
    void* data) {
  HSART_CHECK_INIT();
  if (!callback) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  std::vector<hsa_executable_symbol_t> list;
  {
    std::lock_guard<std::mutex> lock(state().mu);
    const Executable* e = hsart::exec::executable_from(executable);
    if (!e) return HSA_STATUS_ERROR_INVALID_EXECUTABLE;
    list = symbols_of(*e, [](const Symbol&) { return true; });
  }
  for (hsa_executable_symbol_t s : list) {
    const hsa_status_t st = callback(executable, s, data);
    if (st != HSA_STATUS_SUCCESS) return st;
  }
  return HSA_STATUS_SUCCESS;
}

extern "C" hsa_status_t hsa_executable_iterate_agent_symbols(
    hsa_executable_t executable, hsa_agent_t agent,
    hsa_status_t (*callback)(hsa_executable_t exec, hsa_agent_t agent,
                             hsa_executable_symbol_t symbol, void* data),
    void* data) {
  HSART_CHECK_INIT();
  if (!callback) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  std::vector<hsa_executable_symbol_t> list;
  {
    std::lock_guard<std::mutex> lock(state().mu);
    const Executable* e = hsart::exec::executable_from(executable);
    if (!e) return HSA_STATUS_ERROR_INVALID_EXECUTABLE;
    const hsart::Agent* a = hsart::agent_from(agent);
    if (!a) return HSA_STATUS_ERROR_INVALID_AGENT;
    list = symbols_of(*e, [a](const Symbol& s) { return s.agent == a; });
  }
  for (hsa_executable_symbol_t s : list) {
    const hsa_status_t st = callback(executable, agent, s, data);
    if (st != HSA_STATUS_SUCCESS) return st;
  }
  return HSA_STATUS_SUCCESS;
}

extern "C" hsa_status_t hsa_executable_iterate_program_symbols(
    hsa_executable_t executable,
    hsa_status_t (*callback)(hsa_executable_t exec, hsa_executable_symbol_t symbol, void* data),
    void* data) {
  HSART_CHECK_INIT();
  if (!callback) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  std::vector<hsa_executable_symbol_t> list;
  {
    std::lock_guard<std::mutex> lock(state().mu);
    const Executable* e = hsart::exec::executable_from(executable);
    if (!e) return HSA_STATUS_ERROR_INVALID_EXECUTABLE;
    list = symbols_of(*e, [](const Symbol& s) { return s.agent == nullptr; });
  }
  for (hsa_executable_symbol_t s : list) {
    const hsa_status_t st = callback(executable, s, data);
    if (st != HSA_STATUS_SUCCESS) return st;
  }
  return HSA_STATUS_SUCCESS;
}
