// hsa_amd_register_deallocation_callback / _deregister_: callbacks a
// program (HIP's runtime, for one) attaches to an allocation, run with the
// allocation's base when it is freed (memory.cpp, free_memory). As in ROCr
// the pointer may be anywhere inside the allocation, and one callback
// function is registered at most once per allocation.
#include <hsa/hsa_ext_amd.h>

#include <algorithm>

#include "memory/allocation.h"
#include "runtime/runtime.h"

namespace {

using hsart::Allocation;

// The allocation holding p (memory_mu held), or nullptr.
Allocation* allocation_holding(hsart::Runtime& rt, const void* p) {
  auto it = rt.allocations.upper_bound(const_cast<void*>(p));
  if (it == rt.allocations.begin()) return nullptr;
  --it;
  const auto* base = static_cast<const char*>(it->first);
  return static_cast<const char*>(p) < base + it->second.bytes ? &it->second : nullptr;
}

}  // namespace

extern "C" hsa_status_t hsa_amd_register_deallocation_callback(
    void* ptr, hsa_amd_deallocation_callback_t callback, void* user_data) {
  HSART_CHECK_INIT();
  if (!ptr || !callback) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  hsart::Runtime& rt = hsart::runtime();
  std::lock_guard<std::mutex> lock(rt.memory_mu);
  Allocation* a = allocation_holding(rt, ptr);
  if (!a) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  for (const auto& entry : a->on_free)
    if (entry.first == callback) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  a->on_free.emplace_back(callback, user_data);
  return HSA_STATUS_SUCCESS;
}

extern "C" hsa_status_t hsa_amd_deregister_deallocation_callback(
    void* ptr, hsa_amd_deallocation_callback_t callback) {
  HSART_CHECK_INIT();
  if (!ptr || !callback) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  hsart::Runtime& rt = hsart::runtime();
  std::lock_guard<std::mutex> lock(rt.memory_mu);
  Allocation* a = allocation_holding(rt, ptr);
  if (!a) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  auto it = std::find_if(a->on_free.begin(), a->on_free.end(),
                         [callback](const auto& entry) { return entry.first == callback; });
  if (it == a->on_free.end()) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  a->on_free.erase(it);
  return HSA_STATUS_SUCCESS;
}
