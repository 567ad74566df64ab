// The runtime's own GPU-visible memory (queue rings, amd_queue_t, loaded
// code objects): host-accessible system memory in every GPU's page tables.
#include "memory/gpu_visible_memory.h"

#include <hsakmt.h>

#include <cstring>

namespace hsart {
namespace {

constexpr uint64_t kPage = 4096;

uint64_t round_page(uint64_t n) { return (n + kPage - 1) & ~(kPage - 1); }

}  // namespace

void* alloc_gpu_visible(uint64_t bytes) {
  HsaMemFlags flags{};
  flags.ui32.HostAccess = 1;
  flags.ui32.NonPaged = 1;
  void* p = nullptr;
  bytes = round_page(bytes);
  if (hsaKmtAllocMemory(0, bytes, flags, &p) != HSAKMT_STATUS_SUCCESS) return nullptr;
  if (hsaKmtMapMemoryToGPU(p, bytes, nullptr) != HSAKMT_STATUS_SUCCESS) {
    hsaKmtFreeMemory(p, bytes);
    return nullptr;
  }
  std::memset(p, 0, bytes);
  return p;
}

void free_gpu_visible(void* p, uint64_t bytes) {
  if (!p) return;
  hsaKmtUnmapMemoryToGPU(p);
  hsaKmtFreeMemory(p, round_page(bytes));
}

}  // namespace hsart
