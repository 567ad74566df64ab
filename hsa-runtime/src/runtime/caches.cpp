// hsa_agent_iterate_caches and hsa_cache_get_info: one cache object per
// level an agent has (L1..L4), sized like the first cache of that level in
// the thunk's topology, the same rule HSA_AGENT_INFO_CACHE_SIZE follows, so
// the two views of an agent's caches always agree.
#include <cstring>
#include <deque>
#include <string>

#include "runtime/components.h"
#include "runtime/runtime.h"
#include "runtime/topology.h"

namespace hsart {
namespace {

// A cache; its address is the hsa_cache_t handle.
struct Cache {
  const Agent* agent;
  std::string name;  // "L1".."L4"
  uint8_t level;
  uint32_t size;  // bytes
};

// Built when the runtime starts (after the topology), emptied when it stops;
// handles from before a shut_down are then unknown, not dangling.
std::deque<Cache>& caches() {
  static std::deque<Cache> table;
  return table;
}

}  // namespace

hsa_status_t caches_start(Runtime& rt) {
  for (const Agent& a : rt.agents) {
    for (uint8_t level = 1; level <= 4; ++level) {
      for (const HsaCacheProperties& c : a.caches) {
        if (c.CacheLevel != level) continue;
        caches().push_back(Cache{&a, "L" + std::to_string(level), level, c.CacheSize * 1024});
        break;
      }
    }
  }
  return HSA_STATUS_SUCCESS;
}

void caches_stop(Runtime&) { caches().clear(); }

namespace {

const Cache* cache_from(hsa_cache_t cache) {
  for (const Cache& c : caches())
    if (reinterpret_cast<uint64_t>(&c) == cache.handle) return &c;
  return nullptr;
}

template <typename T>
hsa_status_t put(void* value, T v) {
  std::memcpy(value, &v, sizeof v);
  return HSA_STATUS_SUCCESS;
}

}  // namespace
}  // namespace hsart

extern "C" hsa_status_t hsa_agent_iterate_caches(
    hsa_agent_t agent, hsa_status_t (*callback)(hsa_cache_t cache, void* data), void* data) {
  HSART_CHECK_INIT();
  const hsart::Agent* a = hsart::agent_from(agent);
  if (!a) return HSA_STATUS_ERROR_INVALID_AGENT;
  if (!callback) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  for (const auto& c : hsart::caches()) {
    if (c.agent != a) continue;
    const hsa_status_t s = callback(hsa_cache_t{reinterpret_cast<uint64_t>(&c)}, data);
    if (s != HSA_STATUS_SUCCESS) return s;
  }
  return HSA_STATUS_SUCCESS;
}

extern "C" hsa_status_t hsa_cache_get_info(hsa_cache_t cache, hsa_cache_info_t attribute,
                                           void* value) {
  HSART_CHECK_INIT();
  const hsart::Cache* c = hsart::cache_from(cache);
  if (!c) return HSA_STATUS_ERROR_INVALID_CACHE;
  if (!value) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  switch (attribute) {
    case HSA_CACHE_INFO_NAME_LENGTH:
      return hsart::put(value, static_cast<uint32_t>(c->name.size()));
    case HSA_CACHE_INFO_NAME:
      std::memcpy(value, c->name.data(), c->name.size());
      return HSA_STATUS_SUCCESS;
    case HSA_CACHE_INFO_LEVEL:
      return hsart::put(value, c->level);
    case HSA_CACHE_INFO_SIZE:
      return hsart::put(value, c->size);
  }
  return HSA_STATUS_ERROR_INVALID_ARGUMENT;
}
