// AMD extension functions whose feature this stack lacks. Each checks its
// arguments as ROCr does (so a program's error handling sees the same
// statuses), then answers what ROCr answers when the missing piece fails
// underneath it:
//
// | functions                   | missing here                        | answer             |
// |-----------------------------|-------------------------------------|--------------------|
// | hsa_amd_ipc_signal_create,  | IPC signals (hsa_amd_signal_create  | INVALID_ARGUMENT   |
// | _attach                     | refuses HSA_AMD_SIGNAL_IPC)         |                    |
// | hsa_amd_interop_map_buffer  | a graphics driver to import from    | ERROR              |
// | hsa_amd_interop_unmap_buffer| (nothing can have been mapped)      | INVALID_ARGUMENT   |
// | hsa_amd_svm_attributes_set, | SVM in the KFD (the system reports  | ERROR              |
// | _get, hsa_amd_svm_prefetch_ | HSA_AMD_SYSTEM_INFO_SVM_SUPPORTED   |                    |
// | async                       | false)                              |                    |
// | hsa_amd_image_create        | vendor-layout (metadata) images     | FORMAT_UNSUPPORTED |
//
// hsa_amd_image_get_info_max_dim answers the images extension's limits
// (ext/image/table.cpp): ROCr's gfx9 values on a GPU agent, 0 on a CPU.
//
// ROCr's interop unmap ignores unknown pointers and reports success; here
// no pointer can be a mapping, so every one is refused.
#include <hsa/hsa_ext_amd.h>

#include <cstring>

#include "ext/image/images.h"
#include "runtime/init_check.h"
#include "runtime/topology.h"
#include "signals/api_state.h"

namespace {

// A dependency list as ROCr accepts it: a count and a list, or neither.
bool dep_list_ok(uint32_t num_dep_signals, const hsa_signal_t* dep_signals) {
  return (num_dep_signals == 0) == (dep_signals == nullptr);
}

hsa_status_t check_signals(uint32_t count, const hsa_signal_t* signals) {
  for (uint32_t i = 0; i < count; ++i)
    if (!hsart::signal_from(signals[i])) return HSA_STATUS_ERROR_INVALID_SIGNAL;
  return HSA_STATUS_SUCCESS;
}

hsa_status_t check_agents(uint32_t count, const hsa_agent_t* agents) {
  for (uint32_t i = 0; i < count; ++i)
    if (!hsart::agent_from(agents[i])) return HSA_STATUS_ERROR_INVALID_AGENT;
  return HSA_STATUS_SUCCESS;
}

// ------------------------------------------------------------------------
// SVM attributes: what value each attribute takes, per direction.
enum class SvmValue {
  kAny,          // a flag or a number
  kGlobalFlag,   // FINE_GRAINED or COARSE_GRAINED
  kAgentOrNull,  // an agent handle, or 0 for none
  kAgent,        // an agent handle; each agent once per call
};

struct SvmAttribute {
  uint64_t attribute;
  SvmValue value;
};

// What hsa_amd_svm_attributes_set accepts (PREFETCH_LOCATION and
// ACCESS_QUERY are queries only).
constexpr SvmAttribute kSvmSettable[] = {
    {HSA_AMD_SVM_ATTRIB_GLOBAL_FLAG, SvmValue::kGlobalFlag},
    {HSA_AMD_SVM_ATTRIB_READ_ONLY, SvmValue::kAny},
    {HSA_AMD_SVM_ATTRIB_HIVE_LOCAL, SvmValue::kAny},
    {HSA_AMD_SVM_ATTRIB_MIGRATION_GRANULARITY, SvmValue::kAny},
    {HSA_AMD_SVM_ATTRIB_PREFERRED_LOCATION, SvmValue::kAgentOrNull},
    {HSA_AMD_SVM_ATTRIB_READ_MOSTLY, SvmValue::kAny},
    {HSA_AMD_SVM_ATTRIB_AGENT_ACCESSIBLE, SvmValue::kAgent},
    {HSA_AMD_SVM_ATTRIB_AGENT_ACCESSIBLE_IN_PLACE, SvmValue::kAgent},
    {HSA_AMD_SVM_ATTRIB_AGENT_NO_ACCESS, SvmValue::kAgent},
};

// What hsa_amd_svm_attributes_get answers (values are outputs, except the
// agent ACCESS_QUERY asks about).
constexpr SvmAttribute kSvmQueryable[] = {
    {HSA_AMD_SVM_ATTRIB_GLOBAL_FLAG, SvmValue::kAny},
    {HSA_AMD_SVM_ATTRIB_READ_ONLY, SvmValue::kAny},
    {HSA_AMD_SVM_ATTRIB_HIVE_LOCAL, SvmValue::kAny},
    {HSA_AMD_SVM_ATTRIB_MIGRATION_GRANULARITY, SvmValue::kAny},
    {HSA_AMD_SVM_ATTRIB_PREFERRED_LOCATION, SvmValue::kAny},
    {HSA_AMD_SVM_ATTRIB_PREFETCH_LOCATION, SvmValue::kAny},
    {HSA_AMD_SVM_ATTRIB_READ_MOSTLY, SvmValue::kAny},
    {HSA_AMD_SVM_ATTRIB_ACCESS_QUERY, SvmValue::kAgent},
};

template <size_t N>
const SvmAttribute* find_svm(const SvmAttribute (&table)[N], uint64_t attribute) {
  for (const SvmAttribute& a : table)
    if (a.attribute == attribute) return &a;
  return nullptr;
}

// ROCr's checks of an attribute list: a known attribute with a valid
// value; when setting, no attribute and no agent named twice.
template <size_t N>
hsa_status_t check_svm_list(const SvmAttribute (&table)[N],
                            const hsa_amd_svm_attribute_pair_t* list, size_t count, bool setting) {
  if (count != 0 && !list) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  for (size_t i = 0; i < count; ++i) {
    const SvmAttribute* a = find_svm(table, list[i].attribute);
    if (!a) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
    const uint64_t value = list[i].value;
    switch (a->value) {
      case SvmValue::kAny:
        break;
      case SvmValue::kGlobalFlag:
        if (value != HSA_AMD_SVM_GLOBAL_FLAG_FINE_GRAINED &&
            value != HSA_AMD_SVM_GLOBAL_FLAG_COARSE_GRAINED)
          return HSA_STATUS_ERROR_INVALID_ARGUMENT;
        break;
      case SvmValue::kAgentOrNull:
        if (value != 0 && !hsart::agent_from(hsa_agent_t{value}))
          return HSA_STATUS_ERROR_INVALID_AGENT;
        break;
      case SvmValue::kAgent:
        if (!hsart::agent_from(hsa_agent_t{value})) return HSA_STATUS_ERROR_INVALID_AGENT;
        break;
    }
    if (!setting) continue;
    for (size_t j = 0; j < i; ++j) {
      const bool same_attribute =
          a->value != SvmValue::kAgent && list[j].attribute == list[i].attribute;
      const bool same_agent = a->value == SvmValue::kAgent && list[j].value == value &&
                              find_svm(table, list[j].attribute)->value == SvmValue::kAgent;
      if (same_attribute || same_agent) return HSA_STATUS_ERROR_INCOMPATIBLE_ARGUMENTS;
    }
  }
  return HSA_STATUS_SUCCESS;
}

// ------------------------------------------------------------------------
// hsa_amd_image_get_info_max_dim: how many uint32_t each limit fills.
struct ImageLimit {
  uint32_t attribute;
  unsigned words;
};

constexpr ImageLimit kImageLimits[] = {
    {HSA_EXT_AGENT_INFO_IMAGE_1D_MAX_ELEMENTS, 1},
    {HSA_EXT_AGENT_INFO_IMAGE_1DA_MAX_ELEMENTS, 1},
    {HSA_EXT_AGENT_INFO_IMAGE_1DB_MAX_ELEMENTS, 1},
    {HSA_EXT_AGENT_INFO_IMAGE_2D_MAX_ELEMENTS, 2},
    {HSA_EXT_AGENT_INFO_IMAGE_2DA_MAX_ELEMENTS, 2},
    {HSA_EXT_AGENT_INFO_IMAGE_2DDEPTH_MAX_ELEMENTS, 2},
    {HSA_EXT_AGENT_INFO_IMAGE_2DADEPTH_MAX_ELEMENTS, 2},
    {HSA_EXT_AGENT_INFO_IMAGE_3D_MAX_ELEMENTS, 3},
    {HSA_EXT_AGENT_INFO_IMAGE_ARRAY_MAX_LAYERS, 1},
};

// ROCr refuses image data that is not 256-byte aligned.
constexpr uintptr_t kImageDataAlignment = 256;

}  // namespace

// ------------------------------------------------------------------------
// Sharing signals between processes (memory: memory/amd_ipc_memory.cpp).

extern "C" hsa_status_t hsa_amd_ipc_signal_create(hsa_signal_t signal,
                                                  hsa_amd_ipc_signal_t* handle) {
  HSART_CHECK_INIT();
  if (!handle) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  if (!hsart::signal_from(signal)) return HSA_STATUS_ERROR_INVALID_SIGNAL;
  std::memset(handle, 0, sizeof(*handle));
  return HSA_STATUS_ERROR_INVALID_ARGUMENT;  // not created with HSA_AMD_SIGNAL_IPC
}

extern "C" hsa_status_t hsa_amd_ipc_signal_attach(const hsa_amd_ipc_signal_t* handle,
                                                  hsa_signal_t* signal) {
  HSART_CHECK_INIT();
  if (!handle || !signal) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  signal->handle = 0;
  return HSA_STATUS_ERROR_INVALID_ARGUMENT;  // no handle can name a shared signal here
}

// ------------------------------------------------------------------------
// Graphics interop.

extern "C" hsa_status_t hsa_amd_interop_map_buffer(uint32_t num_agents, hsa_agent_t* agents,
                                                   int interop_handle, uint32_t flags, size_t* size,
                                                   void** ptr, size_t* metadata_size,
                                                   const void** metadata) {
  HSART_CHECK_INIT();
  if (!agents || !size || !ptr) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  if (flags != 0 || num_agents == 0) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  const hsa_status_t s = check_agents(num_agents, agents);
  if (s != HSA_STATUS_SUCCESS) return s;
  (void)interop_handle;
  (void)metadata_size;
  (void)metadata;
  return HSA_STATUS_ERROR;  // ROCr's answer when the thunk cannot import the buffer
}

extern "C" hsa_status_t hsa_amd_interop_unmap_buffer(void* ptr) {
  HSART_CHECK_INIT();
  (void)ptr;  // no pointer was mapped by hsa_amd_interop_map_buffer
  return HSA_STATUS_ERROR_INVALID_ARGUMENT;
}

// ------------------------------------------------------------------------
// Shared virtual memory.

extern "C" hsa_status_t hsa_amd_svm_attributes_set(void* ptr, size_t size,
                                                   hsa_amd_svm_attribute_pair_t* attribute_list,
                                                   size_t attribute_count) {
  HSART_CHECK_INIT();
  const hsa_status_t s = check_svm_list(kSvmSettable, attribute_list, attribute_count, true);
  if (s != HSA_STATUS_SUCCESS) return s;
  (void)ptr;
  (void)size;
  return HSA_STATUS_ERROR;  // ROCr's answer when the KFD refuses SVM attributes
}

extern "C" hsa_status_t hsa_amd_svm_attributes_get(void* ptr, size_t size,
                                                   hsa_amd_svm_attribute_pair_t* attribute_list,
                                                   size_t attribute_count) {
  HSART_CHECK_INIT();
  const hsa_status_t s = check_svm_list(kSvmQueryable, attribute_list, attribute_count, false);
  if (s != HSA_STATUS_SUCCESS) return s;
  (void)ptr;
  (void)size;
  return HSA_STATUS_ERROR;
}

extern "C" hsa_status_t hsa_amd_svm_prefetch_async(void* ptr, size_t size, hsa_agent_t agent,
                                                   uint32_t num_dep_signals,
                                                   const hsa_signal_t* dep_signals,
                                                   hsa_signal_t completion_signal) {
  HSART_CHECK_INIT();
  if (!dep_list_ok(num_dep_signals, dep_signals)) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  if (!hsart::agent_from(agent)) return HSA_STATUS_ERROR_INVALID_AGENT;
  const hsa_status_t s = check_signals(num_dep_signals, dep_signals);
  if (s != HSA_STATUS_SUCCESS) return s;
  // The completion signal is optional here (a zero handle).
  if (completion_signal.handle != 0 && !hsart::signal_from(completion_signal))
    return HSA_STATUS_ERROR_INVALID_SIGNAL;
  (void)ptr;
  (void)size;
  return HSA_STATUS_ERROR;
}

// ------------------------------------------------------------------------
// Images in a vendor layout, and image limits.

extern "C" hsa_status_t hsa_amd_image_create(hsa_agent_t agent,
                                             const hsa_ext_image_descriptor_t* image_descriptor,
                                             const hsa_amd_image_descriptor_t* image_layout,
                                             const void* image_data,
                                             hsa_access_permission_t access_permission,
                                             hsa_ext_image_t* image) {
  HSART_CHECK_INIT();
  if (!hsart::agent_from(agent)) return HSA_STATUS_ERROR_INVALID_AGENT;
  if (!image_descriptor || !image_layout || !image_data || !image)
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  image->handle = 0;
  if (reinterpret_cast<uintptr_t>(image_data) % kImageDataAlignment != 0)
    return HSA_STATUS_ERROR_INVALID_ALLOCATION;
  (void)access_permission;
  return static_cast<hsa_status_t>(HSA_EXT_STATUS_ERROR_IMAGE_FORMAT_UNSUPPORTED);
}

extern "C" hsa_status_t hsa_amd_image_get_info_max_dim(hsa_agent_t agent,
                                                       hsa_agent_info_t attribute, void* value) {
  HSART_CHECK_INIT();
  const hsart::Agent* a = hsart::agent_from(agent);
  if (!a) return HSA_STATUS_ERROR_INVALID_AGENT;
  if (!value) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  for (const ImageLimit& l : kImageLimits) {
    if (l.attribute != static_cast<uint32_t>(attribute)) continue;
    // The images extension's limits (0 on a CPU agent, as ROCr reports).
    return hsart::image::agent_info(*a, static_cast<int>(attribute), value);
  }
  return HSA_STATUS_ERROR_INVALID_ARGUMENT;
}
