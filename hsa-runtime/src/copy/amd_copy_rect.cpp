// hsa_amd_memory_async_copy_rect on the SDMA rings, as ROCr: the copy
// agent's host-to-device ring for hsaHostToDevice, its device-to-host ring
// for the other directions; OUT_OF_RESOURCES, ROCr's answer, when the agent
// has no SDMA ring (HSA_ENABLE_SDMA=0, no SDMA queue left), since the blit
// kernels copy no rectangles. Offsets and range: x in bytes, y in rows, z
// in slices. Both rectangles' spans must be in the GPU's page tables.
#include <hsa/hsa_ext_amd.h>

#include <utility>
#include <vector>

#include "copy/blit_queue.h"
#include "copy/copy_checks.h"
#include "copy/sdma_copy.h"
#include "copy/sdma_engines.h"
#include "copy/sdma_rect.h"
#include "runtime/runtime.h"
#include "runtime/topology.h"
#include "signals/api_state.h"

namespace hsart {
namespace {

// ROCr's geometry checks: dword-aligned bases, pitches and slices; rows
// that stay within the pitch, rows within the slice (when one is given),
// and a slice pitch for more than one slice.
bool geometry_ok(const hsa_pitched_ptr_t& p, const hsa_dim3_t& off, const hsa_dim3_t& range) {
  if (reinterpret_cast<uintptr_t>(p.base) % 4 || p.pitch % 4 || p.slice % 4) return false;
  if (uint64_t{off.x} + range.x > p.pitch) return false;
  if (p.slice != 0 && p.pitch != 0 && uint64_t{off.y} + range.y > p.slice / p.pitch) return false;
  return range.z <= 1 || p.slice != 0;
}

// The first byte copied and the span to the last, or false when the span
// does not fit 64 bits.
bool span_of(const hsa_pitched_ptr_t& p, const hsa_dim3_t& off, const hsa_dim3_t& range,
             RectSurface* s, uint64_t* bytes) {
  using Wide = unsigned __int128;
  const Wide first = Wide{reinterpret_cast<uintptr_t>(p.base)} + Wide{off.z} * p.slice +
                     Wide{off.y} * p.pitch + off.x;
  const Wide span = Wide{range.z - 1} * p.slice + Wide{range.y - 1} * p.pitch + Wide{range.x};
  if (first + span > UINT64_MAX) return false;
  *s = {static_cast<uint64_t>(first), p.pitch, p.slice};
  *bytes = static_cast<uint64_t>(span);
  return true;
}

}  // namespace
}  // namespace hsart

extern "C" hsa_status_t hsa_amd_memory_async_copy_rect(
    const hsa_pitched_ptr_t* dst, const hsa_dim3_t* dst_offset, const hsa_pitched_ptr_t* src,
    const hsa_dim3_t* src_offset, const hsa_dim3_t* range, hsa_agent_t copy_agent,
    hsa_amd_copy_direction_t dir, uint32_t num_dep_signals, const hsa_signal_t* dep_signals,
    hsa_signal_t completion_signal) {
  HSART_CHECK_INIT();
  if (!dst || !src || !dst_offset || !src_offset || !range)
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  if ((num_dep_signals == 0) != (dep_signals == nullptr)) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  // Host-to-host is not an agent's copy; past DeviceToDevice is no direction.
  if (dir == hsaHostToHost || static_cast<uint32_t>(dir) > hsaDeviceToDevice)
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  const hsart::Agent* gpu = hsart::agent_from(copy_agent);
  if (!gpu || gpu->type != HSA_DEVICE_TYPE_GPU) return HSA_STATUS_ERROR_INVALID_AGENT;
  std::vector<uint64_t> deps(num_dep_signals);
  for (uint32_t i = 0; i < num_dep_signals; ++i) {
    if (!hsart::signal_from(dep_signals[i])) return HSA_STATUS_ERROR_INVALID_SIGNAL;
    deps[i] = dep_signals[i].handle;
  }
  if (!hsart::signal_from(completion_signal)) return HSA_STATUS_ERROR_INVALID_SIGNAL;
  if (!hsart::geometry_ok(*dst, *dst_offset, *range) ||
      !hsart::geometry_ok(*src, *src_offset, *range))
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  hsart::SdmaRing* ring =
      hsart::sdma_ring_for(gpu, dir == hsaHostToDevice ? hsart::SdmaPath::kHostToDevice
                                                       : hsart::SdmaPath::kDeviceToHost);
  if (!ring) return HSA_STATUS_ERROR_OUT_OF_RESOURCES;

  // An empty range moves nothing but still completes after its
  // dependencies, on the ring.
  const bool empty = range->x == 0 || range->y == 0 || range->z == 0;
  hsart::RectSurface d, s;
  const hsart::RectRange r{range->x, range->y, range->z};
  if (!empty) {
    uint64_t d_bytes = 0, s_bytes = 0;
    if (!hsart::span_of(*dst, *dst_offset, *range, &d, &d_bytes) ||
        !hsart::span_of(*src, *src_offset, *range, &s, &s_bytes) ||
        !hsart::gpu_mapped(reinterpret_cast<void*>(d.base), d_bytes, gpu->node) ||
        !hsart::gpu_mapped(reinterpret_cast<void*>(s.base), s_bytes, gpu->node))
      return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  }
  hsart::blit_note_copy_signal(completion_signal.handle, gpu);
  hsart::sdma_submit(*ring, deps, completion_signal.handle, hsart::blit_profiling(),
                     [&](hsart::SdmaRing::Writer& w) {
                       if (!empty) hsart::sdma_rect_packets(w, d, s, r);
                     });
  return HSA_STATUS_SUCCESS;
}
