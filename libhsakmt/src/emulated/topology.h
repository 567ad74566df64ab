// The emulated machine: the host's CPUs as one CPU node, then the virtual
// gfx900 GPUs ($GCN_EMU_GPUS, default 1, each with $GCN_EMU_CUS compute
// units, default 64), and the sysfs text the KFD publishes for them. With
// $GCN_EMU_APU=1 the first GPU is an APU: one node holds the CPU cores and
// the GPU, as amdkfd reports Kaveri, Carrizo or Raven with IOMMUv2.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "kfd_device_vega10.h"

namespace hsakmt::emu {

struct GpuInfo {
  uint32_t node_id = 0;  // topology node (after the CPU node)
  uint32_t gpu_id = 0;   // kfdc_make_gpu_id, as the module makes it
  uint32_t render_minor = 128;
  // The device model of kfd-common (the module publishes the same), with
  // $GCN_EMU_CUS compute units; VRAM is local_mem_size.
  kfdc_gpu_props props{};
  // $GCN_EMU_APU=1: the first GPU is an APU sharing node 0 with the CPU
  // cores, as amdkfd builds it from an IOMMUv2 APU's CRAT.
  bool apu = false;
};

struct Machine {
  uint32_t cpu_nodes = 1;  // CPU-only nodes before the GPUs (0 with an APU)
  uint64_t ram_bytes = 0;  // MemTotal: the CPU bank, VRAM and memory limits
  std::vector<GpuInfo> gpus;
  // Absolute path under kTopologyRoot -> file text.
  std::map<std::string, std::string> files;
  // Directories Linux 6.1 creates even when they hold nothing (each node's
  // p2p_links and perf), as absolute paths: the files above imply the rest.
  std::vector<std::string> empty_dirs;
};

// Built once from the environment and the host; never changes.
const Machine& machine();

// The GPU with that gpu_id / render minor, or nullptr.
const GpuInfo* gpu_by_id(uint32_t gpu_id);
const GpuInfo* gpu_by_render_minor(uint32_t minor);

}  // namespace hsakmt::emu
