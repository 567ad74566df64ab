// hsa_iterate_agents and hsa_agent_get_info. GPU facts come from the
// topology; the fixed ones are the HSA specification's or ROCm's values.
#include <cstdio>
#include <cstring>

#include <hsa/hsa_ext_amd.h>

#include "ext/image/images.h"
#include "runtime/extensions.h"
#include "runtime/isa.h"
#include "runtime/runtime.h"
#include "runtime/topology.h"

namespace {

using hsart::Agent;

// ROCm's GPU queue limits: packets per AQL queue and queues per agent.
constexpr uint32_t kQueuesMax = 128;
constexpr uint32_t kQueueMinSize = 64;
constexpr uint32_t kQueueMaxSize = 131072;
constexpr uint32_t kFbarrierMaxSize = 32;

bool is_gpu(const Agent& a) { return a.type == HSA_DEVICE_TYPE_GPU; }

void put_string(void* value, const std::string& s, size_t capacity) {
  char* out = static_cast<char*>(value);
  std::memset(out, 0, capacity);
  std::strncpy(out, s.c_str(), capacity - 1);
}

template <typename T>
hsa_status_t put(void* value, T v) {
  std::memcpy(value, &v, sizeof v);
  return HSA_STATUS_SUCCESS;
}

// The first VRAM bank of a GPU, or nullptr.
const HsaMemoryProperties* vram_bank(const Agent& a) {
  for (const HsaMemoryProperties& b : a.banks)
    if (b.HeapType == HSA_HEAPTYPE_FRAME_BUFFER_PUBLIC ||
        b.HeapType == HSA_HEAPTYPE_FRAME_BUFFER_PRIVATE)
      return &b;
  return nullptr;
}

uint32_t compute_units(const Agent& a) {
  if (!is_gpu(a)) return a.props.NumCPUCores;
  const uint32_t simds = a.props.NumSIMDPerCU ? a.props.NumSIMDPerCU : 4;
  return a.props.NumFComputeCores / simds;
}

uint32_t cacheline_size(const Agent& a) {
  for (const HsaCacheProperties& c : a.caches)
    if (c.CacheType.ui32.Data && c.CacheLineSize) return c.CacheLineSize;
  return 64;
}

std::string vendor_of(const Agent& a) {
  if (is_gpu(a)) return "AMD";
  // A CPU's vendor is the first word of its marketing name.
  const std::string& n = a.product_name;
  const size_t space = n.find(' ');
  return n.empty() ? "CPU" : n.substr(0, space);
}

hsa_status_t standard_info(const Agent& a, int attribute, void* value) {
  const bool gpu = is_gpu(a);
  switch (attribute) {
    case HSA_AGENT_INFO_NAME:
      put_string(value, a.name, 64);
      return HSA_STATUS_SUCCESS;
    case HSA_AGENT_INFO_VENDOR_NAME:
      put_string(value, vendor_of(a), 64);
      return HSA_STATUS_SUCCESS;
    case HSA_AGENT_INFO_FEATURE:
      return put(value, gpu ? HSA_AGENT_FEATURE_KERNEL_DISPATCH : HSA_AGENT_FEATURE_AGENT_DISPATCH);
    case HSA_AGENT_INFO_MACHINE_MODEL:
      return put(value, HSA_MACHINE_MODEL_LARGE);
    case HSA_AGENT_INFO_PROFILE:  // an APU's GPU is full profile, a dGPU base
      return put(value, gpu && hsart::full_profile(a) ? HSA_PROFILE_FULL : HSA_PROFILE_BASE);
    case HSA_AGENT_INFO_DEFAULT_FLOAT_ROUNDING_MODE:
    case HSA_AGENT_INFO_BASE_PROFILE_DEFAULT_FLOAT_ROUNDING_MODES:
      return put(value, HSA_DEFAULT_FLOAT_ROUNDING_MODE_NEAR);
    case HSA_AGENT_INFO_FAST_F16_OPERATION:
      return put(value, gpu);
    case HSA_AGENT_INFO_WAVEFRONT_SIZE:
      return put(value, gpu ? (a.props.WaveFrontSize ? a.props.WaveFrontSize : 64u) : 0u);
    case HSA_AGENT_INFO_WORKGROUP_MAX_DIM: {
      const uint16_t n = gpu ? 1024 : 0;
      const uint16_t dims[3] = {n, n, n};
      std::memcpy(value, dims, sizeof dims);
      return HSA_STATUS_SUCCESS;
    }
    case HSA_AGENT_INFO_WORKGROUP_MAX_SIZE:
      return put(value, gpu ? 1024u : 0u);
    case HSA_AGENT_INFO_GRID_MAX_DIM: {
      const uint32_t n = gpu ? UINT32_MAX : 0;
      const hsa_dim3_t dim = {n, n, n};
      return put(value, dim);
    }
    case HSA_AGENT_INFO_GRID_MAX_SIZE:
      return put(value, gpu ? UINT32_MAX : 0u);
    case HSA_AGENT_INFO_FBARRIER_MAX_SIZE:
      return put(value, gpu ? kFbarrierMaxSize : 0u);
    case HSA_AGENT_INFO_QUEUES_MAX:
      return put(value, gpu ? kQueuesMax : 0u);
    case HSA_AGENT_INFO_QUEUE_MIN_SIZE:
      return put(value, gpu ? kQueueMinSize : 0u);
    case HSA_AGENT_INFO_QUEUE_MAX_SIZE:
      return put(value, gpu ? kQueueMaxSize : 0u);
    case HSA_AGENT_INFO_QUEUE_TYPE:
      return put(value, HSA_QUEUE_TYPE_MULTI);
    case HSA_AGENT_INFO_NODE:
      return put(value, a.node);
    case HSA_AGENT_INFO_DEVICE:
      return put(value, a.type);
    case HSA_AGENT_INFO_CACHE_SIZE: {
      // Bytes per level L1..L4; the first cache of each level counts.
      uint32_t sizes[4] = {0, 0, 0, 0};
      for (const HsaCacheProperties& c : a.caches)
        if (c.CacheLevel >= 1 && c.CacheLevel <= 4 && sizes[c.CacheLevel - 1] == 0)
          sizes[c.CacheLevel - 1] = c.CacheSize * 1024;
      std::memcpy(value, sizes, sizeof sizes);
      return HSA_STATUS_SUCCESS;
    }
    case HSA_AGENT_INFO_ISA:
      return put(value, a.isa ? hsart::handle_of(a.isa) : hsa_isa_t{0});
    case HSA_AGENT_INFO_EXTENSIONS:  // the same as hsa_agent_extension_supported's
      hsart::extension_mask(value);
      if (!hsart::image::agent_has_images(a))  // images are the GPU agents'
        static_cast<uint8_t*>(value)[HSA_EXTENSION_IMAGES / 8] &=
            static_cast<uint8_t>(~(1u << (HSA_EXTENSION_IMAGES % 8)));
      return HSA_STATUS_SUCCESS;
    case HSA_AGENT_INFO_VERSION_MAJOR:
    case HSA_AGENT_INFO_VERSION_MINOR:
      return put(value, uint16_t{1});
    default:
      if (hsart::image::is_image_attribute(attribute))
        return hsart::image::agent_info(a, attribute, value);
      return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  }
}

hsa_status_t amd_info(const Agent& a, int attribute, void* value) {
  const bool gpu = is_gpu(a);
  const HsaMemoryProperties* vram = vram_bank(a);
  switch (attribute) {
    case HSA_AMD_AGENT_INFO_CHIP_ID:
      return put(value, uint32_t{a.props.DeviceId});
    case HSA_AMD_AGENT_INFO_ASIC_REVISION:
      return put(value, uint32_t{a.props.Capability.ui32.ASICRevision});
    case HSA_AMD_AGENT_INFO_CACHELINE_SIZE:
      return put(value, cacheline_size(a));
    case HSA_AMD_AGENT_INFO_COMPUTE_UNIT_COUNT:
      return put(value, compute_units(a));
    case HSA_AMD_AGENT_INFO_MAX_CLOCK_FREQUENCY:
      return put(value,
                 gpu ? a.props.MaxEngineClockMhzFCompute : a.props.MaxEngineClockMhzCCompute);
    case HSA_AMD_AGENT_INFO_DRIVER_NODE_ID:
      return put(value, a.node);
    case HSA_AMD_AGENT_INFO_MAX_ADDRESS_WATCH_POINTS:
      return put(value, a.props.Capability.ui32.WatchPointsSupported
                            ? uint32_t{1} << a.props.Capability.ui32.WatchPointsTotalBits
                            : 0u);
    case HSA_AMD_AGENT_INFO_BDFID:
      return put(value, a.props.LocationId);
    case HSA_AMD_AGENT_INFO_MEMORY_WIDTH:
      return put(value, vram ? vram->Width : 0u);
    case HSA_AMD_AGENT_INFO_MEMORY_MAX_FREQUENCY:
      return put(value, vram ? vram->MemoryClockMax : 0u);
    case HSA_AMD_AGENT_INFO_PRODUCT_NAME:
      put_string(value, a.product_name, 64);
      return HSA_STATUS_SUCCESS;
    case HSA_AMD_AGENT_INFO_MAX_WAVES_PER_CU:
      return put(value, a.props.MaxWavesPerSIMD * a.props.NumSIMDPerCU);
    case HSA_AMD_AGENT_INFO_NUM_SIMDS_PER_CU:
      return put(value, a.props.NumSIMDPerCU);
    case HSA_AMD_AGENT_INFO_NUM_SHADER_ENGINES:
      return put(value, a.props.NumShaderBanks);
    case HSA_AMD_AGENT_INFO_NUM_SHADER_ARRAYS_PER_SE:
      return put(value, a.props.NumArrays);
    case HSA_AMD_AGENT_INFO_DOMAIN:
      return put(value, a.props.Domain);
    case HSA_AMD_AGENT_INFO_COOPERATIVE_QUEUES:
    case HSA_AMD_AGENT_INFO_SVM_DIRECT_HOST_ACCESS:
      return put(value, false);
    case HSA_AMD_AGENT_INFO_COOPERATIVE_COMPUTE_UNIT_COUNT:
      return put(value, compute_units(a));
    case HSA_AMD_AGENT_INFO_UUID: {
      // ROCm's form: "GPU-" and the unique id in hex; "CPU-XX" for a CPU.
      char uuid[21] = {};
      if (gpu)
        std::snprintf(uuid, sizeof uuid, "GPU-%016llx",
                      static_cast<unsigned long long>(a.props.UniqueID));
      else
        std::snprintf(uuid, sizeof uuid, "CPU-XX");
      std::memcpy(value, uuid, sizeof uuid);
      return HSA_STATUS_SUCCESS;
    }
    default:
      return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  }
}

// The extensions are every agent's, but images, which only GPU agents have.
bool agent_has(const Agent& a, uint16_t extension) {
  return extension != HSA_EXTENSION_IMAGES || hsart::image::agent_has_images(a);
}

}  // namespace

extern "C" hsa_status_t hsa_iterate_agents(hsa_status_t (*callback)(hsa_agent_t agent, void* data),
                                           void* data) {
  HSART_CHECK_INIT();
  if (!callback) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  for (const Agent& a : hsart::runtime().agents) {
    const hsa_status_t s = callback(hsart::handle_of(&a), data);
    if (s != HSA_STATUS_SUCCESS) return s;
  }
  return HSA_STATUS_SUCCESS;
}

extern "C" hsa_status_t hsa_agent_get_info(hsa_agent_t agent, hsa_agent_info_t attribute,
                                           void* value) {
  HSART_CHECK_INIT();
  const Agent* a = hsart::agent_from(agent);
  if (!a) return HSA_STATUS_ERROR_INVALID_AGENT;
  if (!value) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  const int attr = static_cast<int>(attribute);
  return attr >= HSA_AMD_AGENT_INFO_CHIP_ID ? amd_info(*a, attr, value)
                                            : standard_info(*a, attr, value);
}

extern "C" hsa_status_t hsa_agent_extension_supported(uint16_t extension, hsa_agent_t agent,
                                                      uint16_t version_major,
                                                      uint16_t version_minor, bool* result) {
  HSART_CHECK_INIT();
  const Agent* a = hsart::agent_from(agent);
  if (!a) return HSA_STATUS_ERROR_INVALID_AGENT;
  if (!result || !hsart::extension_known(extension)) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  *result = hsart::extension_implemented(extension, version_major) && version_minor == 0 &&
            agent_has(*a, extension);
  return HSA_STATUS_SUCCESS;
}

extern "C" hsa_status_t hsa_agent_major_extension_supported(uint16_t extension, hsa_agent_t agent,
                                                            uint16_t version_major,
                                                            uint16_t* version_minor, bool* result) {
  HSART_CHECK_INIT();
  const Agent* a = hsart::agent_from(agent);
  if (!a) return HSA_STATUS_ERROR_INVALID_AGENT;
  if (!version_minor || !result || !hsart::extension_known(extension))
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  *result = hsart::extension_implemented(extension, version_major) && agent_has(*a, extension);
  if (*result) *version_minor = 0;  // the only minor version there is
  return HSA_STATUS_SUCCESS;
}
