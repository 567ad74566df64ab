// Memory shared between processes: hsa_amd_ipc_memory_create, _attach and
// _detach over the thunk's hsaKmtShareMemory and hsaKmtRegisterSharedHandle
// (ROCr's Runtime::IPCCreate/IPCAttach/IPCDetach). The hsa_amd_ipc_memory_t
// is the thunk's HsaSharedMemoryHandle, byte for byte, so a handle made by
// ROCr in another process attaches here and the other way round. Where the
// thunk cannot share (its emulated KFD lives in this one process) every
// call fails as ROCr fails when the thunk refuses: INVALID_ARGUMENT.
#include <hsa/hsa_ext_amd.h>

#include <algorithm>
#include <cstring>
#include <vector>

#include "memory/records.h"
#include "runtime/runtime.h"
#include "runtime/topology.h"

namespace {

using hsart::Runtime;

static_assert(sizeof(hsa_amd_ipc_memory_t) == sizeof(HsaSharedMemoryHandle));

// ROCr marks a share of part of a larger block (its fragment allocator)
// in the size word: the top bit, and the part's offset in pages below.
// Ours never makes one (every allocation is its own block) but attaches
// ROCr's.
constexpr int kSizeWord = 6;
constexpr uint32_t kFragmentBit = 0x80000000u;
constexpr uint32_t kFragmentPages = 0x1FF;

}  // namespace

extern "C" hsa_status_t hsa_amd_ipc_memory_create(void* ptr, size_t len,
                                                  hsa_amd_ipc_memory_t* handle) {
  HSART_CHECK_INIT();
  if (!ptr || !handle) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  std::memset(handle, 0, sizeof(*handle));
  // ROCr shares only a whole allocation of the runtime's, named by its
  // start and size.
  hsart::MemoryBlock block{};
  if (!hsart::find_memory(ptr, len, &block) ||
      block.kind != hsart::MemoryBlock::Kind::kAllocation || block.base != ptr ||
      block.bytes != hsart::round_to_page(len) || len == 0)
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  HsaSharedMemoryHandle shared{};
  if (hsaKmtShareMemory(ptr, block.bytes, &shared) != HSAKMT_STATUS_SUCCESS)
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  std::memcpy(handle, &shared, sizeof(*handle));
  return HSA_STATUS_SUCCESS;
}

extern "C" hsa_status_t hsa_amd_ipc_memory_attach(const hsa_amd_ipc_memory_t* handle, size_t len,
                                                  uint32_t num_agents,
                                                  const hsa_agent_t* mapping_agents,
                                                  void** mapped_ptr) {
  HSART_CHECK_INIT();
  if (!mapped_ptr) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  if (num_agents != 0 && !mapping_agents) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  std::vector<HSAuint32> nodes;
  for (uint32_t i = 0; i < num_agents; ++i) {
    const hsart::Agent* a = hsart::agent_from(mapping_agents[i]);
    if (!a) return HSA_STATUS_ERROR_INVALID_AGENT;
    nodes.push_back(a->node);
  }
  if (!handle) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  *mapped_ptr = nullptr;

  hsa_amd_ipc_memory_t h = *handle;
  uint64_t offset = 0;
  if (h.handle[kSizeWord] & kFragmentBit) {
    offset = uint64_t{h.handle[kSizeWord] & kFragmentPages} * hsart::kMemoryPage;
    h.handle[kSizeWord] &= ~(kFragmentBit | kFragmentPages);
  }
  HsaSharedMemoryHandle shared;
  std::memcpy(&shared, &h, sizeof(shared));
  void* base = nullptr;
  HSAuint64 size = 0;
  HSAuint64 alternate = 0;
  if (nodes.empty()) {
    if (hsaKmtRegisterSharedHandle(&shared, &base, &size) != HSAKMT_STATUS_SUCCESS)
      return HSA_STATUS_ERROR_INVALID_ARGUMENT;
    if (hsaKmtMapMemoryToGPU(base, size, &alternate) != HSAKMT_STATUS_SUCCESS) {
      hsaKmtDeregisterMemory(base);
      return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
    }
  } else {
    // The agents' duplicates are the thunk's to sort out, as in ROCr.
    if (hsaKmtRegisterSharedHandleToNodes(&shared, &base, &size, nodes.size(), nodes.data()) !=
        HSAKMT_STATUS_SUCCESS)
      return HSA_STATUS_ERROR_INVALID_ARGUMENT;
    HsaMemMapFlags map{};
    if (hsaKmtMapMemoryToGPUNodes(base, size, &alternate, map, nodes.size(), nodes.data()) !=
        HSAKMT_STATUS_SUCCESS) {
      hsaKmtDeregisterMemory(base);
      return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
    }
  }
  if (offset >= size) {
    hsaKmtUnmapMemoryToGPU(base);
    hsaKmtDeregisterMemory(base);
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  }
  void* p = static_cast<char*>(base) + offset;
  Runtime& rt = hsart::runtime();
  {
    std::lock_guard<std::mutex> lock(rt.memory_mu);
    rt.imports[p] = base;
  }
  (void)len;  // the exporter's object decides the size, as in ROCr
  *mapped_ptr = p;
  return HSA_STATUS_SUCCESS;
}

extern "C" hsa_status_t hsa_amd_ipc_memory_detach(void* mapped_ptr) {
  HSART_CHECK_INIT();
  Runtime& rt = hsart::runtime();
  void* base = nullptr;
  {
    // Only what an attach returned: never the runtime's own memory.
    std::lock_guard<std::mutex> lock(rt.memory_mu);
    auto it = rt.imports.find(mapped_ptr);
    if (!mapped_ptr || it == rt.imports.end()) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
    base = it->second;
    rt.imports.erase(it);
  }
  if (hsaKmtUnmapMemoryToGPU(base) != HSAKMT_STATUS_SUCCESS)
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  if (hsaKmtDeregisterMemory(base) != HSAKMT_STATUS_SUCCESS)
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  return HSA_STATUS_SUCCESS;
}
