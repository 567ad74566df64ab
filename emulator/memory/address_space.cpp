#include "address_space.h"

#include <algorithm>
#include <mutex>

namespace gcn {

bool AddressSpace::map(uint64_t va, void* host, uint64_t size, bool writable) {
  if (size == 0 || va + size < va) return false;
  std::unique_lock lock(mu_);
  auto it = std::lower_bound(ranges_.begin(), ranges_.end(), va,
                             [](const Mapping& m, uint64_t v) { return m.va < v; });
  if (it != ranges_.end() && it->va < va + size) return false;
  if (it != ranges_.begin() && std::prev(it)->va + std::prev(it)->size > va) return false;
  ranges_.insert(it, Mapping{va, size, static_cast<uint8_t*>(host), writable});
  return true;
}

bool AddressSpace::unmap(uint64_t va) {
  std::unique_lock lock(mu_);
  auto it =
      std::find_if(ranges_.begin(), ranges_.end(), [va](const Mapping& m) { return m.va == va; });
  if (it == ranges_.end()) return false;
  ranges_.erase(it);
  return true;
}

bool AddressSpace::lookup(uint64_t va, Mapping* out) const {
  std::shared_lock lock(mu_);
  auto it = std::upper_bound(ranges_.begin(), ranges_.end(), va,
                             [](uint64_t v, const Mapping& m) { return v < m.va; });
  if (it == ranges_.begin()) return false;
  --it;
  if (va >= it->va + it->size) return false;
  *out = *it;
  return true;
}

}  // namespace gcn
