// The host CPU's caches as the tests expect the emulated KFD to publish
// them: cpu0's cache directories in sysfs, or, where sysfs has none (some
// containers), the levels sysconf reports. The oracle reads the host
// independently of the KFD's own code.
#pragma once

#include <cstdint>
#include <vector>

namespace gcn::test {

struct HostCache {
  uint32_t level = 0;
  uint32_t size_kb = 0;
};

std::vector<HostCache> host_cpu_caches();

}  // namespace gcn::test
