// hsainfo run as a user runs it, its report compared with the thunk's own
// topology (the same emulated machine: GCN_EMU_CUS=12 is set for these
// tests, so the GPU must show 12 compute units).
#include <gtest/gtest.h>
#include <hsakmt.h>

#include <cstdlib>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "run_tool.h"

namespace {

using tools_test::run_tool;

// One "Agent N" block: its top-level "Label: value" fields and its text.
struct AgentReport {
  std::map<std::string, std::string> fields;
  std::string text;
};

std::vector<AgentReport> parse_agents(const std::string& out) {
  std::vector<AgentReport> agents;
  std::istringstream in(out);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("Agent ", 0) == 0) {
      agents.emplace_back();
      continue;
    }
    if (agents.empty()) continue;
    agents.back().text += line + "\n";
    // Top level: two spaces of indent, then the label.
    if (line.size() < 3 || line.compare(0, 2, "  ") != 0 || line[2] == ' ') continue;
    const size_t colon = line.find(':');
    if (colon == std::string::npos) continue;
    const size_t value = line.find_first_not_of(' ', colon + 1);
    agents.back().fields[line.substr(2, colon - 2)] =
        value == std::string::npos ? "" : line.substr(value);
  }
  return agents;
}

// Whether some line of text at any depth reads "label: value".
bool has_field(const std::string& text, const std::string& label, const std::string& value) {
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    const size_t start = line.find_first_not_of(' ');
    const size_t colon = line.find(':');
    if (start == std::string::npos || colon == std::string::npos) continue;
    const size_t v = line.find_first_not_of(' ', colon + 1);
    if (line.substr(start, colon - start) == label && v != std::string::npos &&
        line.substr(v) == value)
      return true;
  }
  return false;
}

class ToolHsainfoTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_EQ(hsaKmtOpenKFD(), HSAKMT_STATUS_SUCCESS);
    HsaSystemProperties sys{};
    ASSERT_EQ(hsaKmtAcquireSystemProperties(&sys), HSAKMT_STATUS_SUCCESS);
    for (HSAuint32 n = 0; n < sys.NumNodes; ++n) {
      HsaNodeProperties p{};
      ASSERT_EQ(hsaKmtGetNodeProperties(n, &p), HSAKMT_STATUS_SUCCESS);
      nodes_.push_back(p);
    }
    hsaKmtReleaseSystemProperties();
    hsaKmtCloseKFD();
  }
  std::vector<HsaNodeProperties> nodes_;
};

TEST_F(ToolHsainfoTest, ListsTheCpuAndGpuAgentsOfTheThunkTopology) {
  ASSERT_STREQ(std::getenv("GCN_EMU_CUS"), "12") << "the test's environment sets 12 CUs";
  const auto r = run_tool(HSAINFO, {});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("HSA System Attributes"), std::string::npos);
  EXPECT_NE(r.out.find("Runtime Version:"), std::string::npos);
  EXPECT_TRUE(has_field(r.out, "Endianness", "LITTLE"));
  EXPECT_TRUE(has_field(r.out, "Machine Model", "LARGE (64-bit)"));
  const std::vector<AgentReport> agents = parse_agents(r.out);
  ASSERT_EQ(agents.size(), nodes_.size()) << r.out;
  int gpus = 0, cpus = 0;
  for (const AgentReport& a : agents) {
    const auto node_field = a.fields.find("Node");
    ASSERT_NE(node_field, a.fields.end()) << a.text;
    const size_t node = std::stoul(node_field->second);
    ASSERT_LT(node, nodes_.size());
    const HsaNodeProperties& p = nodes_[node];
    if (p.NumFComputeCores == 0) {
      ++cpus;
      EXPECT_EQ(a.fields.at("Device Type"), "CPU");
      EXPECT_EQ(a.fields.at("Compute Units"), std::to_string(p.NumCPUCores));
      EXPECT_EQ(a.fields.at("Features"), "AGENT_DISPATCH");
      continue;
    }
    ++gpus;
    EXPECT_EQ(a.fields.at("Device Type"), "GPU");
    EXPECT_EQ(a.fields.at("Name"), "gfx900");
    EXPECT_EQ(a.fields.at("Compute Units"), "12");
    EXPECT_EQ(a.fields.at("Compute Units"), std::to_string(p.NumFComputeCores / p.NumSIMDPerCU));
    EXPECT_EQ(a.fields.at("SIMDs per CU"), std::to_string(p.NumSIMDPerCU));
    EXPECT_EQ(a.fields.at("Max Waves per CU"), std::to_string(p.MaxWavesPerSIMD * p.NumSIMDPerCU));
    EXPECT_EQ(a.fields.at("Shader Engines"), std::to_string(p.NumShaderBanks));
    EXPECT_EQ(a.fields.at("Chip ID").substr(0, a.fields.at("Chip ID").find(' ')),
              std::to_string(p.DeviceId));
    EXPECT_EQ(a.fields.at("Wavefront Size"), "64 (0x40)");
    EXPECT_EQ(a.fields.at("Workgroup Max Size"), "1024 (0x400)");
    EXPECT_EQ(a.fields.at("Features"), "KERNEL_DISPATCH");
    EXPECT_TRUE(has_field(a.text, "Name", "amdgcn-amd-amdhsa--gfx900")) << a.text;
    EXPECT_TRUE(has_field(a.text, "Wavefront Sizes", "64")) << a.text;
    EXPECT_TRUE(has_field(a.text, "Global Flags", "KERNARG, FINE_GRAINED")) << a.text;
    EXPECT_TRUE(has_field(a.text, "Segment", "GROUP")) << a.text;
    EXPECT_NE(a.text.find("Memory Pools:"), std::string::npos);
  }
  EXPECT_EQ(gpus, 1);
  EXPECT_GE(cpus, 1);
}

TEST_F(ToolHsainfoTest, AgentOptionPrintsThatAgentOnly) {
  const auto r = run_tool(HSAINFO, {"--agent", std::to_string(nodes_.size() - 1)});
  ASSERT_EQ(r.status, 0) << r.err;
  const std::vector<AgentReport> agents = parse_agents(r.out);
  ASSERT_EQ(agents.size(), 1u);
  EXPECT_NE(r.out.find("Agent " + std::to_string(nodes_.size() - 1)), std::string::npos);
}

TEST_F(ToolHsainfoTest, BadArgumentsExitTwoWithAMessage) {
  auto r = run_tool(HSAINFO, {"--bogus"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("unknown option '--bogus'"), std::string::npos) << r.err;
  r = run_tool(HSAINFO, {"--agent", "99"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("no agent 99"), std::string::npos) << r.err;
  r = run_tool(HSAINFO, {"--agent", "x"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("not an agent number"), std::string::npos) << r.err;
  r = run_tool(HSAINFO, {"--help"});
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("Usage: hsainfo"), std::string::npos);
}

}  // namespace
