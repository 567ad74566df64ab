// gcn-vgpud's command line and its default GPUs (the topology's nonzero
// gpu_ids, in node order).
#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "daemon_options.h"

namespace gcn_device_test {
namespace {

bool parse(std::vector<std::string> args, gcn::device::DaemonOptions* o, std::string* error) {
  args.insert(args.begin(), "gcn-vgpud");
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  return gcn::device::parse_options(static_cast<int>(argv.size()), argv.data(), o, error);
}

TEST(DaemonOptions, Parses) {
  gcn::device::DaemonOptions o;
  std::string error;
  ASSERT_TRUE(parse({"--gpu", "1234", "--gpu", "5", "--threads", "4", "--cus", "16", "--pidfile",
                     "/run/x.pid", "--verbose", "--check-gprs"},
                    &o, &error))
      << error;
  EXPECT_EQ(o.gpus, (std::vector<uint32_t>{1234, 5}));
  EXPECT_EQ(o.shader_threads, 4u);
  EXPECT_EQ(o.compute_units, 16u);
  EXPECT_EQ(o.pidfile, "/run/x.pid");
  EXPECT_TRUE(o.verbose);
  EXPECT_TRUE(o.check_gprs);

  gcn::device::DaemonOptions d;
  ASSERT_TRUE(parse({}, &d, &error));
  EXPECT_TRUE(d.gpus.empty());
  EXPECT_EQ(d.shader_threads, 1u);
  EXPECT_EQ(d.compute_units, 0u);  // ATTACH's answer
  EXPECT_FALSE(d.check_gprs);      // as hardware: out-of-range registers run
}

TEST(DaemonOptions, RejectsBadArguments) {
  for (const std::vector<std::string>& bad : {std::vector<std::string>{"--gpu"},
                                              {"--gpu", "0"},
                                              {"--gpu", "-3"},
                                              {"--gpu", "12x"},
                                              {"--threads", "0"},
                                              {"--cus", "65"},
                                              {"--pidfile"},
                                              {"--frobnicate"}}) {
    gcn::device::DaemonOptions o;
    std::string error;
    EXPECT_FALSE(parse(bad, &o, &error)) << bad[0];
    EXPECT_FALSE(error.empty());
  }
}

// --help and --version are flags main() answers before any GPU is served;
// an unknown option and a stray word are told apart in the message.
TEST(DaemonOptions, HelpVersionAndUnknownOptions) {
  gcn::device::DaemonOptions o;
  std::string error;
  ASSERT_TRUE(parse({"--version"}, &o, &error)) << error;
  EXPECT_TRUE(o.version);
  EXPECT_FALSE(o.help);
  ASSERT_TRUE(parse({"--help"}, &o, &error)) << error;
  EXPECT_TRUE(o.help);
  EXPECT_EQ(gcn::device::usage().rfind("Usage: gcn-vgpud ", 0), 0u);
  EXPECT_FALSE(parse({"--frobnicate"}, &o, &error));
  EXPECT_EQ(error, "unknown option '--frobnicate'");
  EXPECT_FALSE(parse({"frobnicate"}, &o, &error));
  EXPECT_EQ(error, "unexpected argument 'frobnicate'");
}

TEST(DaemonOptions, TopologyGpuIds) {
  char dir[] = "/tmp/gcn-vgpud-topo-XXXXXX";
  ASSERT_NE(mkdtemp(dir), nullptr);
  const std::string root = dir;
  // Node 0 is the CPU (gpu_id 0); nodes 10 and 2 are GPUs; "x" is no node.
  const std::vector<std::pair<std::string, std::string>> nodes = {
      {"0", "0"}, {"10", "777"}, {"2", "4321"}, {"x", "99"}};
  for (const auto& [node, id] : nodes) {
    ASSERT_EQ(mkdir((root + "/" + node).c_str(), 0755), 0);
    std::ofstream(root + "/" + node + "/gpu_id") << id << "\n";
  }
  EXPECT_EQ(gcn::device::topology_gpu_ids(root), (std::vector<uint32_t>{4321, 777}));
  EXPECT_TRUE(gcn::device::topology_gpu_ids(root + "/none").empty());
  for (const auto& [node, id] : nodes) {
    std::remove((root + "/" + node + "/gpu_id").c_str());
    rmdir((root + "/" + node).c_str());
  }
  rmdir(dir);
}

}  // namespace
}  // namespace gcn_device_test
