#include "host_caches.h"

#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <string>

namespace gcn::test {

std::vector<HostCache> host_cpu_caches() {
  std::vector<HostCache> out;
  for (int i = 0;; ++i) {
    const std::string dir = "/sys/devices/system/cpu/cpu0/cache/index" + std::to_string(i) + "/";
    std::ifstream level(dir + "level"), size(dir + "size");
    if (!level) break;
    HostCache c;
    std::string text;
    level >> c.level;
    size >> text;  // "32K"
    c.size_kb = static_cast<uint32_t>(std::atoi(text.c_str()));
    out.push_back(c);
  }
  if (!out.empty()) return out;
  const struct {
    uint32_t level;
    int size_name;
  } kLevels[] = {{1, _SC_LEVEL1_DCACHE_SIZE},
                 {1, _SC_LEVEL1_ICACHE_SIZE},
                 {2, _SC_LEVEL2_CACHE_SIZE},
                 {3, _SC_LEVEL3_CACHE_SIZE}};
  for (const auto& l : kLevels) {
    const long bytes = sysconf(l.size_name);
    if (bytes > 0) out.push_back({l.level, static_cast<uint32_t>(bytes / 1024)});
  }
  return out;
}

}  // namespace gcn::test
