// hsaKmtGetClockCounters and hsaKmtGetTileConfig: one KFD ioctl each, for
// the GPU of a node (a CPU node passes gpu_id 0, which the KFD answers with
// the CPU clocks only and refuses for tiling). As with ROCm's thunk, any
// failure of the ioctl is HSAKMT_STATUS_ERROR.
#include <linux/kfd_ioctl.h>

#include "thunk.h"

namespace hsakmt {
namespace {

// The KFD's id of a node's GPU: 0 for a CPU node, false for no such node.
bool node_gpu_id(uint32_t node_id, uint32_t* gpu_id) {
  std::lock_guard<std::mutex> lock(thunk().mu);
  if (node_id >= thunk().node_count) return false;
  const GpuNode* g = gpu_node(node_id);
  *gpu_id = g ? g->gpu_id : 0;
  return true;
}

}  // namespace
}  // namespace hsakmt

using namespace hsakmt;

extern "C" HSAKMT_STATUS HSAKMTAPI hsaKmtGetClockCounters(HSAuint32 node_id,
                                                          HsaClockCounters* counters) {
  HSAKMT_CHECK_OPEN();
  if (counters == nullptr) return HSAKMT_STATUS_INVALID_PARAMETER;
  kfd_ioctl_get_clock_counters_args args{};
  if (!node_gpu_id(node_id, &args.gpu_id)) return HSAKMT_STATUS_INVALID_NODE_UNIT;
  if (kfd_ioctl(AMDKFD_IOC_GET_CLOCK_COUNTERS, &args) != 0) return HSAKMT_STATUS_ERROR;
  counters->GPUClockCounter = args.gpu_clock_counter;
  counters->CPUClockCounter = args.cpu_clock_counter;
  counters->SystemClockCounter = args.system_clock_counter;
  counters->SystemClockFrequencyHz = args.system_clock_freq;
  return HSAKMT_STATUS_SUCCESS;
}

// The caller supplies both arrays and their capacities; the KFD writes at
// most that many entries and returns how many it has.
extern "C" HSAKMT_STATUS HSAKMTAPI hsaKmtGetTileConfig(HSAuint32 node_id,
                                                       HsaGpuTileConfig* config) {
  HSAKMT_CHECK_OPEN();
  if (config == nullptr) return HSAKMT_STATUS_INVALID_PARAMETER;
  kfd_ioctl_get_tile_config_args args{};
  if (!node_gpu_id(node_id, &args.gpu_id)) return HSAKMT_STATUS_INVALID_NODE_UNIT;
  args.tile_config_ptr = reinterpret_cast<uintptr_t>(config->TileConfig);
  args.macro_tile_config_ptr = reinterpret_cast<uintptr_t>(config->MacroTileConfig);
  args.num_tile_configs = config->NumTileConfigs;
  args.num_macro_tile_configs = config->NumMacroTileConfigs;
  if (kfd_ioctl(AMDKFD_IOC_GET_TILE_CONFIG, &args) != 0) return HSAKMT_STATUS_ERROR;
  config->NumTileConfigs = args.num_tile_configs;
  config->NumMacroTileConfigs = args.num_macro_tile_configs;
  config->GbAddrConfig = args.gb_addr_config;
  config->NumBanks = args.num_banks;
  config->NumRanks = args.num_ranks;
  return HSAKMT_STATUS_SUCCESS;
}
