// CPU caches for a CPU node the KFD lists without any (Linux builds CPU
// nodes from ACPI's CRAT or its own virtual CRAT, neither of which carries
// caches). Like ROCm's thunk, read them from the host's sysfs:
//   /sys/devices/system/node/node<N>/cpulist          the node's CPUs
//   /sys/devices/system/cpu/cpu<c>/cache/index<i>/*   each CPU's caches
// A cache shared by several CPUs is reported once, by the first CPU of its
// shared_cpu_list; ProcessorIdLow is that CPU's number and SiblingMap has a
// 1 for every CPU number that shares it.
#include <cstdlib>
#include <string>
#include <vector>

#include "topology_snapshot.h"

namespace hsakmt {
namespace {

std::string read_trimmed(Transport& t, const std::string& path) {
  std::string text;
  if (t.read_file(path, &text) != 0) return std::string();
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
  return text;
}

// "0-3,8,10-11" -> {0,1,2,3,8,10,11}; malformed parts are ignored.
std::vector<uint32_t> parse_cpu_list(const std::string& text) {
  std::vector<uint32_t> cpus;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t comma = text.find(',', pos);
    if (comma == std::string::npos) comma = text.size();
    const std::string part = text.substr(pos, comma - pos);
    pos = comma + 1;
    char* end = nullptr;
    const unsigned long first = std::strtoul(part.c_str(), &end, 10);
    if (end == part.c_str()) continue;
    unsigned long last = first;
    if (*end == '-') last = std::strtoul(end + 1, nullptr, 10);
    for (unsigned long c = first; c <= last && cpus.size() < 65536; ++c)
      cpus.push_back(static_cast<uint32_t>(c));
  }
  return cpus;
}

// "32K" / "8M" / "512" (bytes) as KiB, the unit of the API.
uint32_t size_kib(const std::string& text) {
  char* end = nullptr;
  const unsigned long v = std::strtoul(text.c_str(), &end, 10);
  if (end != nullptr && (*end == 'K' || *end == 'k')) return static_cast<uint32_t>(v);
  if (end != nullptr && (*end == 'M' || *end == 'm')) return static_cast<uint32_t>(v * 1024);
  return static_cast<uint32_t>(v / 1024);
}

uint32_t number(const std::string& text) {
  return static_cast<uint32_t>(std::strtoul(text.c_str(), nullptr, 10));
}

}  // namespace

std::vector<HsaCacheProperties> host_cpu_caches(Transport& t, uint32_t numa_node) {
  std::vector<HsaCacheProperties> caches;
  std::string list =
      read_trimmed(t, "/sys/devices/system/node/node" + std::to_string(numa_node) + "/cpulist");
  // Without NUMA support in the kernel there is only node 0: every CPU.
  if (list.empty() && numa_node == 0) list = read_trimmed(t, "/sys/devices/system/cpu/online");
  for (uint32_t cpu : parse_cpu_list(list)) {
    const std::string base = "/sys/devices/system/cpu/cpu" + std::to_string(cpu) + "/cache/index";
    for (int i = 0; i < 16; ++i) {
      const std::string dir = base + std::to_string(i) + "/";
      const std::string level = read_trimmed(t, dir + "level");
      if (level.empty()) break;
      const std::vector<uint32_t> shared = parse_cpu_list(read_trimmed(t, dir + "shared_cpu_list"));
      if (!shared.empty() && shared.front() != cpu) continue;  // its first CPU reports it
      HsaCacheProperties c{};
      c.ProcessorIdLow = cpu;
      c.CacheLevel = number(level);
      c.CacheSize = size_kib(read_trimmed(t, dir + "size"));
      c.CacheLineSize = number(read_trimmed(t, dir + "coherency_line_size"));
      c.CacheAssociativity = number(read_trimmed(t, dir + "ways_of_associativity"));
      c.CacheLinesPerTag = number(read_trimmed(t, dir + "physical_line_partition"));
      const std::string type = read_trimmed(t, dir + "type");
      c.CacheType.ui32.CPU = 1;
      c.CacheType.ui32.Data = type != "Instruction";
      c.CacheType.ui32.Instruction = type != "Data";
      for (uint32_t s : shared.empty() ? std::vector<uint32_t>{cpu} : shared)
        if (s < HSA_CPU_SIBLINGS) c.SiblingMap[s] = 1;
      caches.push_back(c);
    }
  }
  return caches;
}

}  // namespace hsakmt
