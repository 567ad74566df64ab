// Scratch on demand, the runtime's half of the protocol the command
// processor follows (emulator/cp/queue_scratch.cpp, and gfx9 firmware with
// ROCr). A queue starts without scratch. When a dispatch needs more private
// memory per work-item than amd_queue_t describes, the CP stores
// INSUFFICIENT_SCRATCH in the queue's inactive signal, wakes the error
// watcher and stalls on the packet. The watcher calls queue_grant_scratch,
// which sizes the scratch from that packet (at read_dispatch_id) as ROCr
// does: the private bytes per lane rounded up to 16, a 64-lane wave slot of
// whole KiB, one slot for each scratch slot of every compute unit
// (MaxSlotsScratchCU). It replaces the old scratch, fills the queue's
// scratch fields (V#, base VA, size, bytes per lane, COMPUTE_TMPRING_SIZE)
// and stores 0 in the signal, which lets the CP go on.
#include <algorithm>
#include <cstring>

#include "aql_packet.h"
#include "fw_common.h"
#include "pm4_packets.h"
#include "queues/state.h"
#include "runtime/topology.h"

namespace hsart {
namespace {

constexpr uint64_t kLaneAlign = 16;    // ROCr: per-lane size in 16-byte units
constexpr uint64_t kWaveAlign = 1024;  // COMPUTE_TMPRING_SIZE.WAVESIZE unit
constexpr uint32_t kWaveLanes = 64;
constexpr uint64_t kPage = 4096;
// COMPUTE_TMPRING_SIZE field limits (12-bit WAVES, 13-bit WAVESIZE).
constexpr uint64_t kMaxWaves = (1u << 12) - 1;
constexpr uint64_t kMaxWaveKib = (1u << 13) - 1;

uint64_t align_up(uint64_t v, uint64_t a) { return (v + a - 1) / a * a; }

// Device memory on the queue's GPU, mapped to it.
void* alloc_scratch(const Agent& a, uint64_t bytes) {
  HsaMemFlags f{};
  f.ui32.HostAccess = 1;
  f.ui32.NonPaged = 1;
  f.ui32.CoarseGrain = 1;
  void* p = nullptr;
  if (hsaKmtAllocMemory(a.node, bytes, f, &p) != HSAKMT_STATUS_SUCCESS) return nullptr;
  if (hsaKmtMapMemoryToGPU(p, bytes, nullptr) != HSAKMT_STATUS_SUCCESS) {
    hsaKmtFreeMemory(p, bytes);
    return nullptr;
  }
  return p;
}

// The swizzled V# ROCr's InitScratchSRD builds for gfx9: 4-byte elements
// interleaved over the 64 lanes of a wave, lane added by the hardware.
void fill_descriptor(uint64_t base, uint64_t bytes, uint32_t* v) {
  v[0] = static_cast<uint32_t>(base);
  v[1] = FW_FIELD_PREP(FW_BUF_RSRC1_BASE_HI, base >> 32) |
         FW_FIELD_PREP(FW_BUF_RSRC1_SWIZZLE_ENABLE, 1);
  v[2] = static_cast<uint32_t>(std::min<uint64_t>(bytes, 0xFFFFFFFFu));
  v[3] = FW_FIELD_PREP(FW_BUF_RSRC3_DST_SEL_XYZW, 0xFAC) |
         FW_FIELD_PREP(FW_BUF_RSRC3_NUM_FORMAT, 4) | FW_FIELD_PREP(FW_BUF_RSRC3_DATA_FORMAT, 4) |
         FW_FIELD_PREP(FW_BUF_RSRC3_ELEMENT_SIZE, 1) | FW_FIELD_PREP(FW_BUF_RSRC3_INDEX_STRIDE, 3) |
         FW_FIELD_PREP(FW_BUF_RSRC3_ADD_TID_ENABLE, 1);
}

// amd_queue_t's scratch fields for a backing of `waves` slots (all zero for
// none). The CP reads them after the signal store that follows.
void describe(fw_amd_queue& amd, void* base, uint64_t lane_bytes, uint64_t wave_bytes,
              uint64_t waves) {
  const uint64_t va = reinterpret_cast<uintptr_t>(base);
  const uint64_t bytes = wave_bytes * waves;
  if (base)
    fill_descriptor(va, bytes, amd.scratch_resource_descriptor);
  else
    std::memset(amd.scratch_resource_descriptor, 0, sizeof(amd.scratch_resource_descriptor));
  // gfx9: the location is the VA itself (FLAT_SCRATCH_INIT).
  amd.scratch_backing_memory_location = va;
  amd.scratch_backing_memory_byte_size = bytes;
  amd.scratch_wave64_lane_byte_size = static_cast<uint32_t>(lane_bytes);
  amd.compute_tmpring_size = FW_FIELD_PREP(FW_COMPUTE_TMPRING_WAVES, waves) |
                             FW_FIELD_PREP(FW_COMPUTE_TMPRING_WAVESIZE, wave_bytes / kWaveAlign);
}

}  // namespace

bool queue_grant_scratch(Queue& q) {
  fw_amd_queue& amd = q.block->amd;
  if (!q.agent) return false;
  // The packet the CP stalls on is the one at the read index.
  const uint64_t index = __atomic_load_n(&amd.read_dispatch_id, __ATOMIC_ACQUIRE);
  const auto* ring = static_cast<const uint8_t*>(q.ring);
  fw_aql_kernel_dispatch_packet pkt;
  std::memcpy(&pkt, ring + (index % amd.hsa_queue.size) * FW_AQL_PACKET_SIZE, sizeof(pkt));

  const uint64_t lane_bytes = align_up(pkt.private_segment_size, kLaneAlign);
  const uint64_t wave_bytes = align_up(lane_bytes * kWaveLanes, kWaveAlign);
  const HsaNodeProperties& p = q.agent->props;
  const uint64_t cus = uint64_t{amd.max_cu_id} + 1;
  const uint64_t slots_per_cu = p.MaxSlotsScratchCU ? p.MaxSlotsScratchCU : 1;
  const uint64_t waves = std::min(cus * slots_per_cu, kMaxWaves);
  if (lane_bytes == 0 || wave_bytes / kWaveAlign > kMaxWaveKib) return false;
  const uint64_t bytes = align_up(wave_bytes * waves, kPage);

  queue_release_scratch(q);
  void* base = alloc_scratch(*q.agent, bytes);
  if (!base) return false;
  q.scratch = base;
  q.scratch_bytes = bytes;
  describe(amd, base, lane_bytes, wave_bytes, waves);
  // Publishes the fields, then lets the CP re-read them.
  __atomic_store_n(&q.block->inactive.value, 0, __ATOMIC_RELEASE);
  return true;
}

void queue_release_scratch(Queue& q) {
  if (!q.scratch) return;
  describe(q.block->amd, nullptr, 0, 0, 0);
  hsaKmtUnmapMemoryToGPU(q.scratch);
  hsaKmtFreeMemory(q.scratch, q.scratch_bytes);
  q.scratch = nullptr;
  q.scratch_bytes = 0;
}

}  // namespace hsart
