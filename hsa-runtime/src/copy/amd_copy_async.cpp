// hsa_amd_memory_async_copy on the SDMA rings (copy/sdma_engines.h) or the
// blit kernels (copy/blit_queue.h) as ROCr 5.2 chooses between them, and
// hsa_amd_memory_fill on the blit kernels, with ROCr's argument checks. Both
// ranges must be in the GPU's page tables (copy/copy_checks.h).
#include <hsa/hsa_ext_amd.h>

#include <algorithm>
#include <utility>
#include <vector>

#include "copy/blit_queue.h"
#include "copy/copy_checks.h"
#include "copy/sdma_copy.h"
#include "copy/sdma_engines.h"
#include "runtime/runtime.h"
#include "runtime/topology.h"
#include "signals/api_state.h"

namespace hsart {

bool gpu_mapped(const void* p, uint64_t size, uint32_t node) {
  HsaPointerInfo info{};
  if (hsaKmtQueryPointerInfo(p, &info) != HSAKMT_STATUS_SUCCESS || info.Type == HSA_POINTER_UNKNOWN)
    return false;
  const uint64_t addr = reinterpret_cast<uintptr_t>(p);
  if (addr < info.GPUAddress || addr - info.GPUAddress > info.SizeInBytes ||
      size > info.SizeInBytes - (addr - info.GPUAddress))
    return false;
  for (uint32_t i = 0; i < info.NMappedNodes; ++i)
    if (info.MappedNodes[i] == node) return true;
  return false;
}

namespace {

// Vectors the aligned kernels move at once.
constexpr uint64_t kVectorBytes = 16;

const Agent* first_gpu() {
  for (const Agent& a : runtime().agents)
    if (a.type == HSA_DEVICE_TYPE_GPU) return &a;
  return nullptr;
}

const Agent* gpu_of_node(uint32_t node) {
  for (const Agent& a : runtime().agents)
    if (a.type == HSA_DEVICE_TYPE_GPU && a.node == node) return &a;
  return nullptr;
}

// As ROCr: the source's GPU copies, else the destination's; between two
// CPU agents (system memory every GPU sees) the first GPU does.
const Agent* copy_agent(const Agent* dst, const Agent* src) {
  if (src->type == HSA_DEVICE_TYPE_GPU) return src;
  if (dst->type == HSA_DEVICE_TYPE_GPU) return dst;
  return first_gpu();
}

// The SDMA ring that copies, or nullptr for the blit kernels. As ROCr:
// a copy between two agents goes to the copy agent's SDMA engine, on the
// host-to-device ring from a CPU agent to a GPU and on the device-to-host
// ring otherwise (to the host or to a peer GPU); a copy whose agents are
// one GPU runs blit kernels. Between CPU agents, where ROCr runs memcpy on
// a host thread, the first GPU's device-to-host ring copies, so the call
// stays asynchronous and ordered after its dependencies.
SdmaRing* copy_ring(const Agent* gpu, const Agent* dst, const Agent* src) {
  if (dst == src && dst->type == HSA_DEVICE_TYPE_GPU) return nullptr;
  const bool to_device = src->type != HSA_DEVICE_TYPE_GPU && dst->type == HSA_DEVICE_TYPE_GPU;
  return sdma_ring_for(gpu, to_device ? SdmaPath::kHostToDevice : SdmaPath::kDeviceToHost);
}

// Picks the kernel: plain vectors when both pointers share their offset
// within a vector, shifted source dwords otherwise. Either way the
// destination's first bytes up to 16-byte alignment and its last partial
// vector go by bytes.
BlitLaunch copy_launch(void* dst, const void* src, uint64_t size) {
  const uint64_t d = reinterpret_cast<uintptr_t>(dst), s = reinterpret_cast<uintptr_t>(src);
  const uint64_t head = std::min(size, (kVectorBytes - d % kVectorBytes) % kVectorBytes);
  const uint64_t vectors = (size - head) / kVectorBytes;
  const BlitKernel k =
      (d - s) % kVectorBytes == 0 ? BlitKernel::kCopyAligned : BlitKernel::kCopyUnaligned;
  return {k, {d, s, size, head}, std::max(vectors, kVectorBytes)};
}

}  // namespace
}  // namespace hsart

extern "C" hsa_status_t hsa_amd_memory_async_copy(void* dst, hsa_agent_t dst_agent, const void* src,
                                                  hsa_agent_t src_agent, size_t size,
                                                  uint32_t num_dep_signals,
                                                  const hsa_signal_t* dep_signals,
                                                  hsa_signal_t completion_signal) {
  HSART_CHECK_INIT();
  if (!dst || !src) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  if ((num_dep_signals == 0) != (dep_signals == nullptr)) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  const hsart::Agent* d = hsart::agent_from(dst_agent);
  const hsart::Agent* s = hsart::agent_from(src_agent);
  if (!d || !s) return HSA_STATUS_ERROR_INVALID_AGENT;
  std::vector<uint64_t> deps(num_dep_signals);
  for (uint32_t i = 0; i < num_dep_signals; ++i) {
    if (!hsart::signal_from(dep_signals[i])) return HSA_STATUS_ERROR_INVALID_SIGNAL;
    deps[i] = dep_signals[i].handle;
  }
  if (!hsart::signal_from(completion_signal)) return HSA_STATUS_ERROR_INVALID_SIGNAL;
  // Nothing to copy: done at once.
  if (size == 0) {
    hsa_signal_subtract_screlease(completion_signal, 1);
    return HSA_STATUS_SUCCESS;
  }
  const hsart::Agent* gpu = hsart::copy_agent(d, s);
  if (!gpu) return HSA_STATUS_ERROR_INVALID_AGENT;
  if (!hsart::gpu_mapped(dst, size, gpu->node) || !hsart::gpu_mapped(src, size, gpu->node))
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  if (hsart::SdmaRing* ring = hsart::copy_ring(gpu, d, s)) {
    hsart::SdmaCopy c;
    c.dst = reinterpret_cast<uintptr_t>(dst);
    c.src = reinterpret_cast<uintptr_t>(src);
    c.size = size;
    c.deps = std::move(deps);
    c.completion = completion_signal.handle;
    c.profiling = hsart::blit_profiling();
    hsart::blit_note_copy_signal(completion_signal.handle, gpu);
    hsart::sdma_submit_copy(*ring, c);
    return HSA_STATUS_SUCCESS;
  }
  hsart::Blit* b = nullptr;
  hsa_status_t status = hsart::blit_for(gpu, &b);
  if (status != HSA_STATUS_SUCCESS) return status;
  hsart::blit_note_copy_signal(completion_signal.handle, gpu);
  return hsart::blit_submit(*b, hsart::copy_launch(dst, src, size), deps, completion_signal.handle);
}

// Synchronous: the fill runs on the blit queue of the GPU that owns the
// memory (the first GPU for system memory) and is waited for.
extern "C" hsa_status_t hsa_amd_memory_fill(void* ptr, uint32_t value, size_t count) {
  HSART_CHECK_INIT();
  if (!ptr || reinterpret_cast<uintptr_t>(ptr) % 4) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  if (count == 0) return HSA_STATUS_SUCCESS;
  if (count > UINT64_MAX / 4) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  HsaPointerInfo info{};
  if (hsaKmtQueryPointerInfo(ptr, &info) != HSAKMT_STATUS_SUCCESS)
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  const hsart::Agent* gpu = hsart::gpu_of_node(info.Node);
  if (!gpu) gpu = hsart::first_gpu();
  if (!gpu) return HSA_STATUS_ERROR_INVALID_AGENT;
  if (!hsart::gpu_mapped(ptr, uint64_t{count} * 4, gpu->node))
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  hsart::Blit* b = nullptr;
  hsa_status_t status = hsart::blit_for(gpu, &b);
  if (status != HSA_STATUS_SUCCESS) return status;

  hsa_signal_t done{};
  status = hsa_signal_create(1, 0, nullptr, &done);
  if (status != HSA_STATUS_SUCCESS) return status;
  const uint64_t p = reinterpret_cast<uintptr_t>(ptr);
  const uint64_t head = std::min<uint64_t>(count, (16 - p % 16) % 16 / 4);
  const uint64_t vectors = (count - head) / 4;
  const hsart::BlitLaunch fill{
      hsart::BlitKernel::kFill, {p, value, count, head}, std::max<uint64_t>(vectors, 4)};
  status = hsart::blit_submit(*b, fill, {}, done.handle);
  if (status == HSA_STATUS_SUCCESS) status = hsart::blit_wait(*b, done);
  hsa_signal_destroy(done);
  return status;
}
