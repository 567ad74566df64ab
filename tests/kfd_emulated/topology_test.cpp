// The sysfs topology text: files agree with each other, with the host and
// with the configuration, in the KFD's property order.
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "host_caches.h"
#include "kfd_fixture.h"

namespace kfd_test {
namespace {

unsigned env_or(const char* name, unsigned fallback) {
  const char* v = std::getenv(name);
  return v ? static_cast<unsigned>(std::atoi(v)) : fallback;
}

std::vector<std::string> names_in_order(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) out.push_back(line.substr(0, line.find(' ')));
  return out;
}

// Counts nodes/N/<dir>/M/properties that exist.
unsigned count_dirs(hsakmt::Transport& t, unsigned node, const char* dir) {
  unsigned n = 0;
  std::string text;
  while (t.read_file(std::string(hsakmt::kTopologyRoot) + "/nodes/" + std::to_string(node) + "/" +
                         dir + "/" + std::to_string(n) + "/properties",
                     &text) == 0)
    ++n;
  return n;
}

TEST_F(KfdTest, NodeCountsFollowConfiguration) {
  EXPECT_EQ(read("generation_id"), "1\n");
  const unsigned gpus = env_or("GCN_EMU_GPUS", 1);
  EXPECT_EQ(gpus_.size(), gpus);
  std::string text;
  EXPECT_EQ(t_->read_file(std::string(hsakmt::kTopologyRoot) + "/nodes/" +
                              std::to_string(1 + gpus) + "/properties",
                          &text),
            -ENOENT);
  EXPECT_EQ(t_->read_file(std::string(hsakmt::kTopologyRoot) + "/nodes/0/bogus", &text), -ENOENT);
  std::set<uint32_t> unique(gpus_.begin(), gpus_.end());
  EXPECT_EQ(unique.size(), gpus_.size());
  for (uint32_t id : gpus_) {
    EXPECT_NE(id, 0u);
    EXPECT_LT(id, 0x10000u);  // the KFD's 16-bit gpu id hash
  }
}

TEST_F(KfdTest, CpuNodeDescribesTheHost) {
  auto p = parse_properties(read("nodes/0/properties"));
  EXPECT_EQ(p["cpu_cores_count"], static_cast<uint64_t>(sysconf(_SC_NPROCESSORS_ONLN)));
  EXPECT_EQ(p["simd_count"], 0u);
  EXPECT_EQ(read("nodes/0/gpu_id"), "0\n");
  EXPECT_EQ(p["io_links_count"], gpus_.size());
  auto bank = parse_properties(read("nodes/0/mem_banks/0/properties"));
  EXPECT_EQ(bank["heap_type"], 0u);  // HSA_MEM_HEAP_TYPE_SYSTEM
  EXPECT_EQ(bank["size_in_bytes"],
            static_cast<uint64_t>(sysconf(_SC_PHYS_PAGES)) * sysconf(_SC_PAGESIZE));
  for (size_t i = 0; i < gpus_.size(); ++i) {
    auto link = parse_properties(read("nodes/0/io_links/" + std::to_string(i) + "/properties"));
    EXPECT_EQ(link["type"], 2u);  // PCIe
    EXPECT_EQ(link["node_from"], 0u);
    EXPECT_EQ(link["node_to"], gpu_nodes_[i]);
  }
}

TEST_F(KfdTest, CpuCachesAreTheHosts) {
  const std::vector<gcn::test::HostCache> host = gcn::test::host_cpu_caches();
  auto p = parse_properties(read("nodes/0/properties"));
  ASSERT_EQ(p["caches_count"], host.size());
  for (size_t i = 0; i < host.size(); ++i) {
    auto c = parse_properties(read("nodes/0/caches/" + std::to_string(i) + "/properties"));
    EXPECT_EQ(c["level"], host[i].level) << "cache " << i;
    EXPECT_EQ(c["size"], host[i].size_kb) << "cache " << i;
    EXPECT_NE(c["type"] & 0x4, 0u);  // HSA_CACHE_TYPE_CPU
  }
}

TEST_F(KfdTest, CountsMatchDirectories) {
  for (unsigned node = 0; node <= gpus_.size(); ++node) {
    auto p = parse_properties(read("nodes/" + std::to_string(node) + "/properties"));
    EXPECT_EQ(p["mem_banks_count"], count_dirs(*t_, node, "mem_banks")) << node;
    EXPECT_EQ(p["caches_count"], count_dirs(*t_, node, "caches")) << node;
    EXPECT_EQ(p["io_links_count"], count_dirs(*t_, node, "io_links")) << node;
  }
}

TEST_F(KfdTest, GpuNodesAreVega10) {
  const unsigned cus = env_or("GCN_EMU_CUS", 64);
  for (size_t i = 0; i < gpus_.size(); ++i) {
    const std::string n = "nodes/" + std::to_string(gpu_nodes_[i]) + "/";
    EXPECT_EQ(read(n + "gpu_id"), std::to_string(gpus_[i]) + "\n");
    EXPECT_EQ(read(n + "name"), "vega10\n");
    auto p = parse_properties(read(n + "properties"));
    EXPECT_EQ(p["gfx_target_version"], 90000u);
    EXPECT_EQ(p["vendor_id"], 0x1002u);
    EXPECT_EQ(p["simd_count"], 4u * cus);
    EXPECT_EQ(p["simd_per_cu"], 4u);
    EXPECT_EQ(p["array_count"] * p["cu_per_simd_array"], cus);
    EXPECT_EQ(p["wave_front_size"], 64u);
    EXPECT_EQ(p["max_waves_per_simd"], 10u);
    EXPECT_EQ(p["lds_size_in_kb"], 64u);
    EXPECT_EQ((p["capability"] >> 12) & 3, 2u);  // doorbell type 2.0 (SOC15)
    EXPECT_EQ(p["drm_render_minor"], 128u + i);
    // Vega 10 as Linux 6.1 prints it: 2 SDMA engines, 2 queues each.
    EXPECT_EQ(p["num_sdma_engines"], 2u);
    EXPECT_EQ(p["num_sdma_xgmi_engines"], 0u);
    EXPECT_EQ(p["num_sdma_queues_per_engine"], 2u);
    EXPECT_NE(p["sdma_fw_version"], 0u);
    EXPECT_EQ(p["local_mem_size"], 0u);  // Linux 6.1 reports VRAM in mem_banks
    auto bank = parse_properties(read(n + "mem_banks/0/properties"));
    EXPECT_EQ(bank["heap_type"], 1u);  // FB_PUBLIC
    // VRAM is system memory: at most 8 GiB and half the RAM in whole MiB
    // (the module's rule, kfd-common's device model).
    const uint64_t ram = static_cast<uint64_t>(sysconf(_SC_PHYS_PAGES)) *
                         static_cast<uint64_t>(sysconf(_SC_PAGESIZE));
    EXPECT_EQ(bank["size_in_bytes"],
              std::min<uint64_t>(8ull << 30, (ram / 2) & ~((1ull << 20) - 1)));
    auto link = parse_properties(read(n + "io_links/0/properties"));
    EXPECT_EQ(link["type"], 2u);
    EXPECT_EQ(link["node_from"], gpu_nodes_[i]);
    EXPECT_EQ(link["node_to"], 0u);
    // One L1 per CU, then the L2.
    EXPECT_EQ(p["caches_count"], cus + 1);
    auto l1 = parse_properties(read(n + "caches/0/properties"));
    EXPECT_EQ(l1["level"], 1u);
    EXPECT_EQ(l1["size"], 16u);
    auto l2 = parse_properties(read(n + "caches/" + std::to_string(cus) + "/properties"));
    EXPECT_EQ(l2["level"], 2u);
    EXPECT_EQ(l2["size"], 4096u);
  }
}

TEST_F(KfdTest, PropertyOrderIsTheDrivers) {
  // kfd_topology.c's node_show order for a GPU node.
  const std::vector<std::string> expected = {"cpu_cores_count",
                                             "simd_count",
                                             "mem_banks_count",
                                             "caches_count",
                                             "io_links_count",
                                             "p2p_links_count",
                                             "cpu_core_id_base",
                                             "simd_id_base",
                                             "max_waves_per_simd",
                                             "lds_size_in_kb",
                                             "gds_size_in_kb",
                                             "num_gws",
                                             "wave_front_size",
                                             "array_count",
                                             "simd_arrays_per_engine",
                                             "cu_per_simd_array",
                                             "simd_per_cu",
                                             "max_slots_scratch_cu",
                                             "gfx_target_version",
                                             "vendor_id",
                                             "device_id",
                                             "location_id",
                                             "domain",
                                             "drm_render_minor",
                                             "hive_id",
                                             "num_sdma_engines",
                                             "num_sdma_xgmi_engines",
                                             "num_sdma_queues_per_engine",
                                             "num_cp_queues",
                                             "max_engine_clk_fcompute",
                                             "local_mem_size",
                                             "fw_version",
                                             "capability",
                                             "sdma_fw_version",
                                             "unique_id",
                                             "max_engine_clk_ccompute"};
  EXPECT_EQ(names_in_order(read("nodes/" + std::to_string(gpu_nodes_[0]) + "/properties")),
            expected);
  EXPECT_EQ(
      names_in_order(read("nodes/0/mem_banks/0/properties")),
      (std::vector<std::string>{"heap_type", "size_in_bytes", "flags", "width", "mem_clk_max"}));
  EXPECT_EQ(
      names_in_order(read("nodes/0/io_links/0/properties")),
      (std::vector<std::string>{"type", "version_major", "version_minor", "node_from", "node_to",
                                "weight", "min_latency", "max_latency", "min_bandwidth",
                                "max_bandwidth", "recommended_transfer_size", "flags"}));
  EXPECT_EQ(names_in_order(read("nodes/" + std::to_string(gpu_nodes_[0]) + "/caches/0/properties")),
            (std::vector<std::string>{"processor_id_low", "level", "size", "cache_line_size",
                                      "cache_lines_per_tag", "association", "latency", "type",
                                      "sibling_map"}));
}

TEST_F(KfdTest, FilesOutsideTheTopologyComeFromTheHost) {
  std::string text;
  ASSERT_EQ(t_->read_file("/proc/self/status", &text), 0);
  EXPECT_NE(text.find("Pid:"), std::string::npos);
  EXPECT_EQ(t_->read_file("/nonexistent/file", &text), -ENOENT);
}

}  // namespace
}  // namespace kfd_test
