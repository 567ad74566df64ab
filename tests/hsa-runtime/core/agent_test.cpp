// Agents: the default emulated system has one CPU and one GPU; every
// attribute matches the thunk's topology or the HSA specification.
#include <hsa/hsa.h>
#include <hsa/hsa_ext_amd.h>

#include <cstring>
#include <string>

#include "core_fixture.h"

namespace {

using CoreAgentTest = CoreTest;

uint32_t node_of(hsa_agent_t a) {
  uint32_t node = ~0u;
  EXPECT_EQ(hsa_agent_get_info(a, HSA_AGENT_INFO_NODE, &node), HSA_STATUS_SUCCESS);
  return node;
}

template <typename T>
T info(hsa_agent_t a, int attribute) {
  T v{};
  EXPECT_EQ(hsa_agent_get_info(a, static_cast<hsa_agent_info_t>(attribute), &v), HSA_STATUS_SUCCESS)
      << "attribute 0x" << std::hex << attribute;
  return v;
}

std::string text_info(hsa_agent_t a, int attribute) {
  char buf[64];
  std::memset(buf, 0x7f, sizeof buf);
  EXPECT_EQ(hsa_agent_get_info(a, static_cast<hsa_agent_info_t>(attribute), buf),
            HSA_STATUS_SUCCESS);
  EXPECT_NE(std::memchr(buf, 0, sizeof buf), nullptr) << "not NUL terminated";
  return std::string(buf, strnlen(buf, sizeof buf));
}

TEST_F(CoreAgentTest, OneCpuAndOneGpu) {
  int cpus = 0, gpus = 0;
  for (hsa_agent_t a : core_test::all_agents()) {
    const hsa_device_type_t t = core_test::device_of(a);
    cpus += t == HSA_DEVICE_TYPE_CPU;
    gpus += t == HSA_DEVICE_TYPE_GPU;
  }
  EXPECT_EQ(cpus, 1);
  EXPECT_EQ(gpus, 1);
}

TEST_F(CoreAgentTest, IterationStopsOnTheCallbacksStatus) {
  int calls = 0;
  EXPECT_EQ(hsa_iterate_agents(
                [](hsa_agent_t, void* data) {
                  ++*static_cast<int*>(data);
                  return HSA_STATUS_INFO_BREAK;
                },
                &calls),
            HSA_STATUS_INFO_BREAK);
  EXPECT_EQ(calls, 1);
  EXPECT_EQ(hsa_iterate_agents(nullptr, nullptr), HSA_STATUS_ERROR_INVALID_ARGUMENT);
}

TEST_F(CoreAgentTest, GpuMatchesTheThunkTopology) {
  const uint32_t node = node_of(gpu_);
  const core_test::ThunkNode t = core_test::thunk_node(node);
  ASSERT_GT(t.props.NumFComputeCores, 0u) << "the GPU agent's node is not a GPU node";

  // The name is the gfx target of the node's GFX IP version 9.0.0.
  EXPECT_EQ(t.props.EngineId.ui32.Major, 9u);
  EXPECT_EQ(t.props.EngineId.ui32.Minor, 0u);
  EXPECT_EQ(t.props.EngineId.ui32.Stepping, 0u);
  EXPECT_EQ(text_info(gpu_, HSA_AGENT_INFO_NAME), "gfx900");
  EXPECT_EQ(text_info(gpu_, HSA_AGENT_INFO_VENDOR_NAME), "AMD");
  EXPECT_EQ(info<uint32_t>(gpu_, HSA_AGENT_INFO_WAVEFRONT_SIZE), t.props.WaveFrontSize);
  EXPECT_EQ(info<uint32_t>(gpu_, HSA_AMD_AGENT_INFO_CHIP_ID), t.props.DeviceId);
  EXPECT_EQ(info<uint32_t>(gpu_, HSA_AMD_AGENT_INFO_ASIC_REVISION),
            t.props.Capability.ui32.ASICRevision);
  EXPECT_EQ(info<uint32_t>(gpu_, HSA_AMD_AGENT_INFO_COMPUTE_UNIT_COUNT),
            t.props.NumFComputeCores / t.props.NumSIMDPerCU);
  EXPECT_EQ(info<uint32_t>(gpu_, HSA_AMD_AGENT_INFO_MAX_CLOCK_FREQUENCY),
            t.props.MaxEngineClockMhzFCompute);
  EXPECT_EQ(info<uint32_t>(gpu_, HSA_AMD_AGENT_INFO_DRIVER_NODE_ID), node);
  EXPECT_EQ(info<uint32_t>(gpu_, HSA_AMD_AGENT_INFO_BDFID), t.props.LocationId);
  EXPECT_EQ(info<uint32_t>(gpu_, HSA_AMD_AGENT_INFO_DOMAIN), t.props.Domain);
  EXPECT_EQ(info<uint32_t>(gpu_, HSA_AMD_AGENT_INFO_NUM_SIMDS_PER_CU), t.props.NumSIMDPerCU);
  EXPECT_EQ(info<uint32_t>(gpu_, HSA_AMD_AGENT_INFO_NUM_SHADER_ENGINES), t.props.NumShaderBanks);
  EXPECT_EQ(info<uint32_t>(gpu_, HSA_AMD_AGENT_INFO_NUM_SHADER_ARRAYS_PER_SE), t.props.NumArrays);
  EXPECT_EQ(info<uint32_t>(gpu_, HSA_AMD_AGENT_INFO_MAX_WAVES_PER_CU),
            t.props.MaxWavesPerSIMD * t.props.NumSIMDPerCU);
  const uint32_t watch = t.props.Capability.ui32.WatchPointsSupported
                             ? 1u << t.props.Capability.ui32.WatchPointsTotalBits
                             : 0u;
  EXPECT_EQ(info<uint32_t>(gpu_, HSA_AMD_AGENT_INFO_MAX_ADDRESS_WATCH_POINTS), watch);

  // Product name: the thunk's UTF-16 marketing name in ASCII.
  std::string marketing;
  for (size_t i = 0; i < HSA_PUBLIC_NAME_SIZE && t.props.MarketingName[i]; ++i)
    marketing.push_back(static_cast<char>(t.props.MarketingName[i]));
  EXPECT_EQ(text_info(gpu_, HSA_AMD_AGENT_INFO_PRODUCT_NAME), marketing);

  // Caches: the first cache of each level, in bytes.
  uint32_t expected[4] = {0, 0, 0, 0};
  for (const HsaCacheProperties& c : t.caches)
    if (c.CacheLevel >= 1 && c.CacheLevel <= 4 && !expected[c.CacheLevel - 1])
      expected[c.CacheLevel - 1] = c.CacheSize * 1024;
  uint32_t sizes[4] = {};
  ASSERT_EQ(hsa_agent_get_info(gpu_, HSA_AGENT_INFO_CACHE_SIZE, sizes), HSA_STATUS_SUCCESS);
  for (int l = 0; l < 4; ++l) EXPECT_EQ(sizes[l], expected[l]) << "L" << l + 1;
  EXPECT_GT(sizes[0], 0u) << "the topology lists no L1 cache";

  // Memory facts of the VRAM bank.
  const HsaMemoryProperties* vram = nullptr;
  for (const HsaMemoryProperties& b : t.banks)
    if (!vram && (b.HeapType == HSA_HEAPTYPE_FRAME_BUFFER_PUBLIC ||
                  b.HeapType == HSA_HEAPTYPE_FRAME_BUFFER_PRIVATE))
      vram = &b;
  ASSERT_NE(vram, nullptr);
  EXPECT_EQ(info<uint32_t>(gpu_, HSA_AMD_AGENT_INFO_MEMORY_WIDTH), vram->Width);
  EXPECT_EQ(info<uint32_t>(gpu_, HSA_AMD_AGENT_INFO_MEMORY_MAX_FREQUENCY), vram->MemoryClockMax);

  // UUID: "GPU-" and the unique id in 16 hex digits.
  char uuid[21] = {};
  ASSERT_EQ(hsa_agent_get_info(gpu_, static_cast<hsa_agent_info_t>(HSA_AMD_AGENT_INFO_UUID), uuid),
            HSA_STATUS_SUCCESS);
  char expected_uuid[32];
  std::snprintf(expected_uuid, sizeof expected_uuid, "GPU-%016llx",
                static_cast<unsigned long long>(t.props.UniqueID));
  EXPECT_STREQ(uuid, expected_uuid);
}

TEST_F(CoreAgentTest, GpuFixedValues) {
  EXPECT_EQ(info<hsa_agent_feature_t>(gpu_, HSA_AGENT_INFO_FEATURE),
            HSA_AGENT_FEATURE_KERNEL_DISPATCH);
  EXPECT_EQ(info<hsa_machine_model_t>(gpu_, HSA_AGENT_INFO_MACHINE_MODEL), HSA_MACHINE_MODEL_LARGE);
  EXPECT_EQ(info<hsa_profile_t>(gpu_, HSA_AGENT_INFO_PROFILE), HSA_PROFILE_BASE);
  EXPECT_EQ(
      info<hsa_default_float_rounding_mode_t>(gpu_, HSA_AGENT_INFO_DEFAULT_FLOAT_ROUNDING_MODE),
      HSA_DEFAULT_FLOAT_ROUNDING_MODE_NEAR);
  EXPECT_EQ(info<uint32_t>(gpu_, HSA_AGENT_INFO_WAVEFRONT_SIZE), 64u);
  uint16_t dims[3] = {};
  ASSERT_EQ(hsa_agent_get_info(gpu_, HSA_AGENT_INFO_WORKGROUP_MAX_DIM, dims), HSA_STATUS_SUCCESS);
  EXPECT_EQ(dims[0], 1024);
  EXPECT_EQ(dims[1], 1024);
  EXPECT_EQ(dims[2], 1024);
  EXPECT_EQ(info<uint32_t>(gpu_, HSA_AGENT_INFO_WORKGROUP_MAX_SIZE), 1024u);
  const hsa_dim3_t grid = info<hsa_dim3_t>(gpu_, HSA_AGENT_INFO_GRID_MAX_DIM);
  EXPECT_EQ(grid.x, UINT32_MAX);
  EXPECT_EQ(grid.y, UINT32_MAX);
  EXPECT_EQ(grid.z, UINT32_MAX);
  EXPECT_EQ(info<uint32_t>(gpu_, HSA_AGENT_INFO_GRID_MAX_SIZE), UINT32_MAX);
  EXPECT_GE(info<uint32_t>(gpu_, HSA_AGENT_INFO_FBARRIER_MAX_SIZE), 32u);  // spec minimum
  EXPECT_EQ(info<uint32_t>(gpu_, HSA_AGENT_INFO_QUEUES_MAX), 128u);
  EXPECT_EQ(info<uint32_t>(gpu_, HSA_AGENT_INFO_QUEUE_MIN_SIZE), 64u);
  EXPECT_EQ(info<uint32_t>(gpu_, HSA_AGENT_INFO_QUEUE_MAX_SIZE), 131072u);
  EXPECT_EQ(info<hsa_queue_type32_t>(gpu_, HSA_AGENT_INFO_QUEUE_TYPE), HSA_QUEUE_TYPE_MULTI);
  EXPECT_EQ(info<uint16_t>(gpu_, HSA_AGENT_INFO_VERSION_MAJOR), 1);
  EXPECT_EQ(info<uint16_t>(gpu_, HSA_AGENT_INFO_VERSION_MINOR), 1);
  EXPECT_EQ(info<uint32_t>(gpu_, HSA_AMD_AGENT_INFO_CACHELINE_SIZE) % 64, 0u);

  // The ISA attribute is gfx900's ISA object.
  hsa_isa_t by_name{0};
  ASSERT_EQ(hsa_isa_from_name("amdgcn-amd-amdhsa--gfx900", &by_name), HSA_STATUS_SUCCESS);
  EXPECT_EQ(info<hsa_isa_t>(gpu_, HSA_AGENT_INFO_ISA).handle, by_name.handle);

  uint8_t ext[128];
  std::memset(ext, 0xff, sizeof ext);
  ASSERT_EQ(hsa_agent_get_info(gpu_, HSA_AGENT_INFO_EXTENSIONS, ext), HSA_STATUS_SUCCESS);
  // The finalizer (id 0) and images (id 1) are the extensions implemented.
  EXPECT_EQ(ext[0], (1u << HSA_EXTENSION_FINALIZER) | (1u << HSA_EXTENSION_IMAGES));
  for (size_t i = 1; i < sizeof ext; ++i) EXPECT_EQ(ext[i], 0) << "byte " << i;
}

TEST_F(CoreAgentTest, CpuAgent) {
  const uint32_t node = node_of(cpu_);
  const core_test::ThunkNode t = core_test::thunk_node(node);
  EXPECT_GT(t.props.NumCPUCores, 0u);
  EXPECT_EQ(t.props.NumFComputeCores, 0u);
  EXPECT_EQ(info<hsa_agent_feature_t>(cpu_, HSA_AGENT_INFO_FEATURE),
            HSA_AGENT_FEATURE_AGENT_DISPATCH);
  EXPECT_EQ(info<uint32_t>(cpu_, HSA_AMD_AGENT_INFO_COMPUTE_UNIT_COUNT), t.props.NumCPUCores);
  EXPECT_EQ(info<uint32_t>(cpu_, HSA_AMD_AGENT_INFO_MAX_CLOCK_FREQUENCY),
            t.props.MaxEngineClockMhzCCompute);
  EXPECT_EQ(info<uint32_t>(cpu_, HSA_AGENT_INFO_QUEUES_MAX), 0u);
  EXPECT_FALSE(text_info(cpu_, HSA_AGENT_INFO_NAME).empty());
  // CPU caches come from the CPU node's first core.
  uint32_t expected[4] = {0, 0, 0, 0};
  for (const HsaCacheProperties& c : t.caches)
    if (c.CacheLevel >= 1 && c.CacheLevel <= 4 && !expected[c.CacheLevel - 1])
      expected[c.CacheLevel - 1] = c.CacheSize * 1024;
  uint32_t sizes[4] = {};
  ASSERT_EQ(hsa_agent_get_info(cpu_, HSA_AGENT_INFO_CACHE_SIZE, sizes), HSA_STATUS_SUCCESS);
  for (int l = 0; l < 4; ++l) EXPECT_EQ(sizes[l], expected[l]) << "L" << l + 1;
  // A CPU agent has no ISA.
  EXPECT_EQ(info<hsa_isa_t>(cpu_, HSA_AGENT_INFO_ISA).handle, 0u);
  int isas = 0;
  EXPECT_EQ(hsa_agent_iterate_isas(
                cpu_,
                [](hsa_isa_t, void* d) {
                  ++*static_cast<int*>(d);
                  return HSA_STATUS_SUCCESS;
                },
                &isas),
            HSA_STATUS_SUCCESS);
  EXPECT_EQ(isas, 0);
}

TEST_F(CoreAgentTest, InvalidAgentAndArguments) {
  char buf[64];
  bool b = false;
  uint16_t minor = 0;
  const hsa_agent_t bogus{0xdead0000};
  EXPECT_EQ(hsa_agent_get_info(bogus, HSA_AGENT_INFO_NAME, buf), HSA_STATUS_ERROR_INVALID_AGENT);
  EXPECT_EQ(hsa_agent_get_info(hsa_agent_t{0}, HSA_AGENT_INFO_NAME, buf),
            HSA_STATUS_ERROR_INVALID_AGENT);
  EXPECT_EQ(hsa_agent_get_info(gpu_, HSA_AGENT_INFO_NAME, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_agent_get_info(gpu_, static_cast<hsa_agent_info_t>(0x777), buf),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_agent_extension_supported(HSA_EXTENSION_IMAGES, bogus, 1, 0, &b),
            HSA_STATUS_ERROR_INVALID_AGENT);
  EXPECT_EQ(hsa_agent_extension_supported(HSA_EXTENSION_IMAGES, gpu_, 1, 0, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_agent_extension_supported(0x1234, gpu_, 1, 0, &b),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_agent_major_extension_supported(HSA_EXTENSION_IMAGES, bogus, 1, &minor, &b),
            HSA_STATUS_ERROR_INVALID_AGENT);
  EXPECT_EQ(hsa_agent_major_extension_supported(HSA_EXTENSION_IMAGES, gpu_, 1, nullptr, &b),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
}

TEST_F(CoreAgentTest, AgentExtensionsAgreeWithTheAgentMask) {
  uint8_t mask[128] = {};
  ASSERT_EQ(hsa_agent_get_info(gpu_, HSA_AGENT_INFO_EXTENSIONS, mask), HSA_STATUS_SUCCESS);
  for (uint16_t ext : {HSA_EXTENSION_FINALIZER, HSA_EXTENSION_IMAGES}) {
    bool supported = true;
    ASSERT_EQ(hsa_agent_extension_supported(ext, gpu_, 1, 0, &supported), HSA_STATUS_SUCCESS);
    EXPECT_EQ(supported, ((mask[ext / 8] >> (ext % 8)) & 1) != 0);
    uint16_t minor = 0;
    bool major = true;
    ASSERT_EQ(hsa_agent_major_extension_supported(ext, gpu_, 1, &minor, &major),
              HSA_STATUS_SUCCESS);
    EXPECT_EQ(major, supported);
  }
}

}  // namespace
