// hsa_system_get_info and the system-wide extension queries.
#include <hsa/hsa_ext_finalize.h>

#include <algorithm>
#include <cstring>

#include "ext/finalizer/finalizer.h"
#include "ext/image/images.h"
#include "runtime/extensions.h"
#include "runtime/init_check.h"
#include "runtime/runtime.h"
#include "runtime/topology.h"
#include "signals/timestamp.h"

namespace {

struct ExtensionName {
  uint16_t id;
  const char* name;
};

// Every extension hsa.h names. Of their function tables the finalizer's
// (version 1.00) and the images' (1.00, and the major version 1 table with
// the *_with_layout functions) exist.
const ExtensionName kExtensions[] = {
    {HSA_EXTENSION_FINALIZER, "HSA_EXTENSION_FINALIZER"},
    {HSA_EXTENSION_IMAGES, "HSA_EXTENSION_IMAGES"},
    {HSA_EXTENSION_PERFORMANCE_COUNTERS, "HSA_EXTENSION_PERFORMANCE_COUNTERS"},
    {HSA_EXTENSION_PROFILING_EVENTS, "HSA_EXTENSION_PROFILING_EVENTS"},
    {HSA_EXTENSION_AMD_PROFILER, "HSA_EXTENSION_AMD_PROFILER"},
    {HSA_EXTENSION_AMD_LOADER, "HSA_EXTENSION_AMD_LOADER"},
    {HSA_EXTENSION_AMD_AQLPROFILE, "HSA_EXTENSION_AMD_AQLPROFILE"},
};

const ExtensionName* find_extension(uint16_t id) {
  for (const ExtensionName& e : kExtensions)
    if (e.id == id) return &e;
  return nullptr;
}

}  // namespace

namespace hsart {
// Shared with the agent queries: whether the runtime implements an extension.
// The finalizer counts only when its plugin is installed next to us.
bool extension_implemented(uint16_t id, uint16_t major) {
  if (major != 1) return false;
  if (id == HSA_EXTENSION_IMAGES) return true;
  return id == HSA_EXTENSION_FINALIZER && finalizer::plugin_installed();
}
bool extension_known(uint16_t id) { return find_extension(id) != nullptr; }
// HSA_*_INFO_EXTENSIONS: bit n of the 128 bytes is extension id n.
void extension_mask(void* value) {
  auto* bytes = static_cast<uint8_t*>(value);
  std::memset(bytes, 0, 128);
  for (const ExtensionName& e : kExtensions)
    if (e.id < 128 * 8 && extension_implemented(e.id, 1)) bytes[e.id / 8] |= 1u << (e.id % 8);
}
}  // namespace hsart

extern "C" hsa_status_t hsa_system_get_info(hsa_system_info_t attribute, void* value) {
  HSART_CHECK_INIT();
  if (!value) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  switch (static_cast<int>(attribute)) {
    case HSA_SYSTEM_INFO_VERSION_MAJOR:
      *static_cast<uint16_t*>(value) = 1;
      return HSA_STATUS_SUCCESS;
    case HSA_SYSTEM_INFO_VERSION_MINOR:
      *static_cast<uint16_t*>(value) = 1;
      return HSA_STATUS_SUCCESS;
    case HSA_SYSTEM_INFO_TIMESTAMP:
      *static_cast<uint64_t*>(value) = hsart::timestamp_now();
      return HSA_STATUS_SUCCESS;
    case HSA_SYSTEM_INFO_TIMESTAMP_FREQUENCY:
      *static_cast<uint64_t*>(value) = hsart::kTimestampFrequencyHz;
      return HSA_STATUS_SUCCESS;
    case HSA_SYSTEM_INFO_SIGNAL_MAX_WAIT:
      *static_cast<uint64_t*>(value) = UINT64_MAX;
      return HSA_STATUS_SUCCESS;
    case HSA_SYSTEM_INFO_ENDIANNESS:
      *static_cast<hsa_endianness_t*>(value) = HSA_ENDIANNESS_LITTLE;
      return HSA_STATUS_SUCCESS;
    case HSA_SYSTEM_INFO_MACHINE_MODEL:
      *static_cast<hsa_machine_model_t*>(value) = HSA_MACHINE_MODEL_LARGE;
      return HSA_STATUS_SUCCESS;
    case HSA_SYSTEM_INFO_EXTENSIONS:
      hsart::extension_mask(value);
      return HSA_STATUS_SUCCESS;
    case HSA_AMD_SYSTEM_INFO_BUILD_VERSION:
      *static_cast<const char**>(value) = "1.1.0";
      return HSA_STATUS_SUCCESS;
    case HSA_AMD_SYSTEM_INFO_SVM_SUPPORTED:  // the hsa_amd_svm_* attribute API
      *static_cast<bool*>(value) = false;
      return HSA_STATUS_SUCCESS;
    case HSA_AMD_SYSTEM_INFO_SVM_ACCESSIBLE_BY_DEFAULT: {
      // Every GPU reaches plain host memory: all are full-profile APUs.
      bool all = false;
      for (const hsart::Agent& a : hsart::runtime().agents) {
        if (a.type != HSA_DEVICE_TYPE_GPU) continue;
        all = hsart::full_profile(a);
        if (!all) break;
      }
      *static_cast<bool*>(value) = all;
      return HSA_STATUS_SUCCESS;
    }
    default:
      return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  }
}

extern "C" hsa_status_t hsa_extension_get_name(uint16_t extension, const char** name) {
  HSART_CHECK_INIT();
  const ExtensionName* e = find_extension(extension);
  if (!e || !name) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  *name = e->name;
  return HSA_STATUS_SUCCESS;
}

extern "C" hsa_status_t hsa_system_extension_supported(uint16_t extension, uint16_t version_major,
                                                       uint16_t version_minor, bool* result) {
  HSART_CHECK_INIT();
  if (!result || !find_extension(extension)) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  *result = hsart::extension_implemented(extension, version_major) && version_minor == 0;
  return HSA_STATUS_SUCCESS;
}

extern "C" hsa_status_t hsa_system_major_extension_supported(uint16_t extension,
                                                             uint16_t version_major,
                                                             uint16_t* version_minor,
                                                             bool* result) {
  HSART_CHECK_INIT();
  if (!version_minor || !result || !find_extension(extension))
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  *result = hsart::extension_implemented(extension, version_major);
  if (*result) *version_minor = 0;  // the highest minor version there is
  return HSA_STATUS_SUCCESS;
}

// Asking for the table of an extension the runtime lacks is an invalid
// argument (the specification's word); both tables are minor version 0, so
// a later minor version is one the runtime lacks too.
extern "C" hsa_status_t hsa_system_get_extension_table(uint16_t extension, uint16_t version_major,
                                                       uint16_t version_minor, void* table) {
  HSART_CHECK_INIT();
  if (!table || !find_extension(extension) ||
      !hsart::extension_implemented(extension, version_major) || version_minor != 0)
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  if (extension == HSA_EXTENSION_IMAGES)
    std::memcpy(table, &hsart::image::table_1_00(), sizeof(hsa_ext_images_1_00_pfn_t));
  else
    std::memcpy(table, &hsart::finalizer::table(), sizeof(hsa_ext_finalizer_1_00_pfn_t));
  return HSA_STATUS_SUCCESS;
}

extern "C" hsa_status_t hsa_system_get_major_extension_table(uint16_t extension,
                                                             uint16_t version_major,
                                                             size_t table_length, void* table) {
  HSART_CHECK_INIT();
  if (!table || table_length == 0 || !find_extension(extension) ||
      !hsart::extension_implemented(extension, version_major))
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  // The caller's table may be shorter (an older minor version's): fill
  // what fits, as ROCr does.
  if (extension == HSA_EXTENSION_IMAGES)
    std::memcpy(table, &hsart::image::table_1(),
                std::min(table_length, sizeof(hsa_ext_images_1_pfn_t)));
  else
    std::memcpy(table, &hsart::finalizer::table(),
                std::min(table_length, sizeof(hsa_ext_finalizer_1_00_pfn_t)));
  return HSA_STATUS_SUCCESS;
}
