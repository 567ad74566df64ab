// One agent: the HSA_AGENT_INFO_* attributes, the AMD ones the runtime
// answers, its caches, then its ISAs, regions and memory pools.
#include <cstring>
#include <string>
#include <vector>

#include "names.h"
#include "query.h"
#include "sections.h"

namespace hsainfo {

namespace {

std::string text(const Name64& name) { return std::string(name.data(), strnlen(name.data(), 64)); }

std::string dims(uint64_t x, uint64_t y, uint64_t z) {
  return "x " + std::to_string(x) + ", y " + std::to_string(y) + ", z " + std::to_string(z);
}

// An AMD attribute's line, only if the runtime answers it.
template <typename T, typename Format>
void amd_field(Report& r, const std::string& label, const std::optional<T>& v, Format format) {
  if (v) r.field(label, format(*v));
}

std::string plain(uint32_t v) { return std::to_string(v); }

void print_identity(Report& r, hsa_agent_t a) {
  r.field("Name", text(HSAINFO_AGENT(Name64, a, HSA_AGENT_INFO_NAME)));
  amd_field(r, "Product Name", HSAINFO_AMD_AGENT(Name64, a, HSA_AMD_AGENT_INFO_PRODUCT_NAME), text);
  r.field("Vendor Name", text(HSAINFO_AGENT(Name64, a, HSA_AGENT_INFO_VENDOR_NAME)));
  using Uuid = std::array<char, 21>;
  amd_field(r, "UUID", HSAINFO_AMD_AGENT(Uuid, a, HSA_AMD_AGENT_INFO_UUID),
            [](const Uuid& u) { return std::string(u.data(), strnlen(u.data(), u.size())); });
  r.field("Device Type",
          device_type_name(HSAINFO_AGENT(hsa_device_type_t, a, HSA_AGENT_INFO_DEVICE)));
  r.field("Agent Version",
          std::to_string(HSAINFO_AGENT(uint16_t, a, HSA_AGENT_INFO_VERSION_MAJOR)) + "." +
              std::to_string(HSAINFO_AGENT(uint16_t, a, HSA_AGENT_INFO_VERSION_MINOR)));
  r.field("Profile", profile_name(HSAINFO_AGENT(hsa_profile_t, a, HSA_AGENT_INFO_PROFILE)));
  r.field("Machine Model",
          machine_model_name(HSAINFO_AGENT(hsa_machine_model_t, a, HSA_AGENT_INFO_MACHINE_MODEL)));
  r.field("Features", agent_features(HSAINFO_AGENT(uint32_t, a, HSA_AGENT_INFO_FEATURE)));
  r.field("Node", std::to_string(HSAINFO_AGENT(uint32_t, a, HSA_AGENT_INFO_NODE)));
  amd_field(r, "Driver Node ID", HSAINFO_AMD_AGENT(uint32_t, a, HSA_AMD_AGENT_INFO_DRIVER_NODE_ID),
            plain);
  amd_field(r, "Chip ID", HSAINFO_AMD_AGENT(uint32_t, a, HSA_AMD_AGENT_INFO_CHIP_ID), count);
  amd_field(r, "BDF ID", HSAINFO_AMD_AGENT(uint32_t, a, HSA_AMD_AGENT_INFO_BDFID), count);
  amd_field(r, "Domain", HSAINFO_AMD_AGENT(uint32_t, a, HSA_AMD_AGENT_INFO_DOMAIN), plain);
}

void print_compute(Report& r, hsa_agent_t a) {
  amd_field(r, "Max Clock Frequency",
            HSAINFO_AMD_AGENT(uint32_t, a, HSA_AMD_AGENT_INFO_MAX_CLOCK_FREQUENCY),
            [](uint32_t v) { return std::to_string(v) + " MHz"; });
  amd_field(r, "Compute Units",
            HSAINFO_AMD_AGENT(uint32_t, a, HSA_AMD_AGENT_INFO_COMPUTE_UNIT_COUNT), plain);
  amd_field(r, "SIMDs per CU", HSAINFO_AMD_AGENT(uint32_t, a, HSA_AMD_AGENT_INFO_NUM_SIMDS_PER_CU),
            plain);
  amd_field(r, "Shader Engines",
            HSAINFO_AMD_AGENT(uint32_t, a, HSA_AMD_AGENT_INFO_NUM_SHADER_ENGINES), plain);
  amd_field(r, "Shader Arrays per Engine",
            HSAINFO_AMD_AGENT(uint32_t, a, HSA_AMD_AGENT_INFO_NUM_SHADER_ARRAYS_PER_SE), plain);
  amd_field(r, "Max Waves per CU",
            HSAINFO_AMD_AGENT(uint32_t, a, HSA_AMD_AGENT_INFO_MAX_WAVES_PER_CU), plain);
  amd_field(r, "Address Watch Points",
            HSAINFO_AMD_AGENT(uint32_t, a, HSA_AMD_AGENT_INFO_MAX_ADDRESS_WATCH_POINTS), plain);
  r.field("Wavefront Size", count(HSAINFO_AGENT(uint32_t, a, HSA_AGENT_INFO_WAVEFRONT_SIZE)));
  r.field("Workgroup Max Size",
          count(HSAINFO_AGENT(uint32_t, a, HSA_AGENT_INFO_WORKGROUP_MAX_SIZE)));
  using Dim16 = std::array<uint16_t, 3>;
  const Dim16 wg = HSAINFO_AGENT(Dim16, a, HSA_AGENT_INFO_WORKGROUP_MAX_DIM);
  r.field("Workgroup Max Dims", dims(wg[0], wg[1], wg[2]));
  r.field("Grid Max Size", count(HSAINFO_AGENT(uint32_t, a, HSA_AGENT_INFO_GRID_MAX_SIZE)));
  const hsa_dim3_t grid = HSAINFO_AGENT(hsa_dim3_t, a, HSA_AGENT_INFO_GRID_MAX_DIM);
  r.field("Grid Max Dims", dims(grid.x, grid.y, grid.z));
  r.field("FBarrier Max Size",
          std::to_string(HSAINFO_AGENT(uint32_t, a, HSA_AGENT_INFO_FBARRIER_MAX_SIZE)));
  r.field("Default Rounding Mode",
          rounding_mode_name(HSAINFO_AGENT(hsa_default_float_rounding_mode_t, a,
                                           HSA_AGENT_INFO_DEFAULT_FLOAT_ROUNDING_MODE)));
  r.field("Base Profile Rounding Modes",
          rounding_mode_mask(HSAINFO_AGENT(
              uint32_t, a, HSA_AGENT_INFO_BASE_PROFILE_DEFAULT_FLOAT_ROUNDING_MODES)));
  r.field("Fast F16", yes_no(HSAINFO_AGENT(bool, a, HSA_AGENT_INFO_FAST_F16_OPERATION)));
}

void print_queues(Report& r, hsa_agent_t a) {
  r.field("Queues Max", std::to_string(HSAINFO_AGENT(uint32_t, a, HSA_AGENT_INFO_QUEUES_MAX)));
  r.field("Queue Min Size", count(HSAINFO_AGENT(uint32_t, a, HSA_AGENT_INFO_QUEUE_MIN_SIZE)));
  r.field("Queue Max Size", count(HSAINFO_AGENT(uint32_t, a, HSA_AGENT_INFO_QUEUE_MAX_SIZE)));
  r.field("Queue Type",
          queue_type_name(HSAINFO_AGENT(hsa_queue_type32_t, a, HSA_AGENT_INFO_QUEUE_TYPE)));
  r.field("Extensions",
          extension_list(HSAINFO_AGENT(Bitmask128, a, HSA_AGENT_INFO_EXTENSIONS).data()));
}

// The caches as hsa_agent_iterate_caches lists them (name, level, size);
// the AMD attributes add the line size and the memory interface.
void print_caches(Report& r, hsa_agent_t a) {
  std::vector<hsa_cache_t> caches;
  check(hsa_agent_iterate_caches(
            a,
            [](hsa_cache_t c, void* out) {
              static_cast<std::vector<hsa_cache_t>*>(out)->push_back(c);
              return HSA_STATUS_SUCCESS;
            },
            &caches),
        "hsa_agent_iterate_caches");
  r.open("Caches");
  if (caches.empty()) r.field("Cache", "none reported");
  for (hsa_cache_t c : caches) {
    const auto length = ::hsainfo::must<uint32_t>(
        [&](void* v) { return hsa_cache_get_info(c, HSA_CACHE_INFO_NAME_LENGTH, v); },
        "hsa_cache_get_info(HSA_CACHE_INFO_NAME_LENGTH)");
    std::vector<char> name(length + 1, '\0');
    check(hsa_cache_get_info(c, HSA_CACHE_INFO_NAME, name.data()),
          "hsa_cache_get_info(HSA_CACHE_INFO_NAME)");
    const auto level = ::hsainfo::must<uint8_t>(
        [&](void* v) { return hsa_cache_get_info(c, HSA_CACHE_INFO_LEVEL, v); },
        "hsa_cache_get_info(HSA_CACHE_INFO_LEVEL)");
    const auto size = ::hsainfo::must<uint32_t>(
        [&](void* v) { return hsa_cache_get_info(c, HSA_CACHE_INFO_SIZE, v); },
        "hsa_cache_get_info(HSA_CACHE_INFO_SIZE)");
    r.field(std::string(name.data()) + " (level " + std::to_string(level) + ")", bytes(size));
  }
  amd_field(r, "Cacheline Size", HSAINFO_AMD_AGENT(uint32_t, a, HSA_AMD_AGENT_INFO_CACHELINE_SIZE),
            plain);
  r.close();
  amd_field(r, "Memory Width", HSAINFO_AMD_AGENT(uint32_t, a, HSA_AMD_AGENT_INFO_MEMORY_WIDTH),
            [](uint32_t v) { return std::to_string(v) + " bits"; });
  amd_field(r, "Memory Max Frequency",
            HSAINFO_AMD_AGENT(uint32_t, a, HSA_AMD_AGENT_INFO_MEMORY_MAX_FREQUENCY),
            [](uint32_t v) { return std::to_string(v) + " MHz"; });
}

}  // namespace

void print_agent(Report& r, hsa_agent_t agent, int index) {
  r.banner("Agent " + std::to_string(index), '*');
  print_identity(r, agent);
  print_compute(r, agent);
  print_queues(r, agent);
  print_caches(r, agent);
  print_isas(r, agent);
  print_regions(r, agent);
  print_pools(r, agent);
  r.blank();
}

}  // namespace hsainfo
