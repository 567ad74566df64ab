#include "host_page_tables.h"

#include <cinttypes>
#include <cstdio>

#include "address_space.h"

namespace gcn {

// Read on a TLB miss outside every mapped buffer only: a wave then keeps
// the whole VMA in its TLB, so a kernel walking malloc'd arrays reads the
// file once per array rather than once per page.
bool host_vma(uint64_t va, Mapping* out) {
  std::FILE* f = std::fopen("/proc/self/maps", "re");
  if (!f) return false;
  char line[512];
  bool found = false;
  while (std::fgets(line, sizeof line, f)) {
    uint64_t lo = 0, hi = 0;
    char perms[8] = {};
    if (std::sscanf(line, "%" SCNx64 "-%" SCNx64 " %7s", &lo, &hi, perms) != 3) continue;
    if (va < lo || va >= hi) continue;
    if (perms[0] == 'r') {
      out->va = lo;
      out->size = hi - lo;
      out->host = reinterpret_cast<uint8_t*>(static_cast<uintptr_t>(lo));
      out->writable = perms[1] == 'w';
      found = true;
    }
    break;
  }
  std::fclose(f);
  return found;
}

}  // namespace gcn
