// The emulated machine: the host's CPUs as one CPU node, then the virtual
// gfx900 GPUs ($GCN_EMU_GPUS, default 1, each with $GCN_EMU_CUS compute
// units, default 64), and the sysfs text the KFD publishes for them.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace hsakmt::emu {

struct GpuInfo {
  uint32_t node_id = 0;  // topology node (after the CPU node)
  uint32_t gpu_id = 0;   // nonzero 16-bit hash, as the KFD makes it
  unsigned compute_units = 64;
  uint32_t render_minor = 128;
  uint64_t vram_bytes = 8ull << 30;
};

struct Machine {
  uint32_t cpu_nodes = 1;
  std::vector<GpuInfo> gpus;
  // Absolute path under kTopologyRoot -> file text.
  std::map<std::string, std::string> files;
};

// Built once from the environment and the host; never changes.
const Machine& machine();

// The GPU with that gpu_id / render minor, or nullptr.
const GpuInfo* gpu_by_id(uint32_t gpu_id);
const GpuInfo* gpu_by_render_minor(uint32_t minor);

// Vega 10 constants the topology and the ioctls share.
inline constexpr uint32_t kVendorAmd = 0x1002;
inline constexpr uint32_t kDeviceVega10 = 0x6863;  // Radeon Vega Frontier Edition
inline constexpr uint32_t kGfxTargetVersion = 90000;
inline constexpr uint32_t kSimdPerCu = 4;
inline constexpr uint32_t kShaderArrays = 4;  // 4 SEs x 1 SH
inline constexpr uint32_t kMaxWavesPerSimd = 10;
inline constexpr uint32_t kLdsKb = 64;

// Vega 10's SDMA: two engines (no XGMI engines) with two user queues each;
// engine e's queue q rings 64-bit doorbell kSdmaDoorbell[e] + (q & 1) *
// 512 + (q >> 1), the static SOC15 assignment of the KFD.
inline constexpr unsigned kSdmaEngines = 2;
inline constexpr unsigned kSdmaXgmiEngines = 0;
inline constexpr unsigned kSdmaQueuesPerEngine = 2;
inline constexpr unsigned kSdmaDoorbell[kSdmaEngines] = {0xf0, 0xf2};
inline constexpr unsigned kSdmaDoorbellMirror = 512;

}  // namespace hsakmt::emu
