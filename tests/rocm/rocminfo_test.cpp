// Debian's rocminfo, unmodified, run by with-virtual-gpu on Debian's ROCr
// and our thunk, against our hsainfo on our runtime and the same thunk:
// every attribute both print about the CPU and the gfx900 agent agrees, or
// differs as tools/with-virtual-gpu/README.md ("rocminfo and hsainfo")
// documents, and the differences are checked to stay as documented.
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "info_report.h"

namespace {

using rocm_test::attribute;
using rocm_test::Attributes;
using rocm_test::find_agent;
using rocm_test::InfoReport;
using rocm_test::leading_number;

struct Captured {
  int status = -1;  // exit status, -1 if killed
  std::string out;
};

Captured run(const std::vector<std::string>& argv) {
  Captured c;
  int fds[2];
  if (::pipe(fds) != 0) return c;
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::dup2(fds[1], 1);
    ::close(fds[0]);
    ::close(fds[1]);
    std::vector<char*> args;
    for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    ::execv(args[0], args.data());
    std::perror(args[0]);
    ::_exit(127);
  }
  ::close(fds[1]);
  char buf[4096];
  ssize_t n;
  while ((n = ::read(fds[0], buf, sizeof buf)) > 0) c.out.append(buf, n);
  ::close(fds[0]);
  int status = 0;
  if (pid > 0 && ::waitpid(pid, &status, 0) == pid && WIFEXITED(status))
    c.status = WEXITSTATUS(status);
  return c;
}

struct Reports {
  Captured rocminfo_run, hsainfo_run;
  InfoReport rocminfo, hsainfo;
};

const Reports& reports() {
  static const Reports r = [] {
    Reports r;
    r.rocminfo_run = run({WITH_VIRTUAL_GPU, ROCMINFO});
    r.hsainfo_run = run({HSAINFO});
    r.rocminfo = rocm_test::parse_info_report(r.rocminfo_run.out);
    r.hsainfo = rocm_test::parse_info_report(r.hsainfo_run.out);
    return r;
  }();
  return r;
}

// How a rocminfo value and an hsainfo value of one attribute compare.
enum class Form {
  kText,     // equal strings
  kNumber,   // equal leading numbers: "64(0x40)" and "64 (0x40)"
  kKiB,      // rocminfo's KB against hsainfo's bytes
  kBool,     // TRUE/FALSE against yes/no
  kProfile,  // "BASE_PROFILE" against "BASE"
  kDims,     // rocminfo's x/y/z lines against "x 1024, y 1024, z 1024"
};

struct Row {
  const char* rocminfo;
  const char* hsainfo;
  Form form;
  bool cpu;  // compared for the CPU agent too (else GPU only)
};

// rocminfo's attribute names (rocminfo.cc) and hsainfo's (tools/hsainfo).
const Row kRows[] = {
    {"Name", "Name", Form::kText, true},
    {"Marketing Name", "Product Name", Form::kText, true},
    {"Vendor Name", "Vendor Name", Form::kText, false},  // CPU: a documented difference
    {"Device Type", "Device Type", Form::kText, true},
    {"Uuid", "UUID", Form::kText, true},
    {"Profile", "Profile", Form::kProfile, false},  // CPU: documented
    {"Float Round Mode", "Default Rounding Mode", Form::kText, true},
    {"Max Queue Number", "Queues Max", Form::kNumber, true},
    {"Queue Min Size", "Queue Min Size", Form::kNumber, true},
    {"Queue Max Size", "Queue Max Size", Form::kNumber, true},
    {"Queue Type", "Queue Type", Form::kText, true},
    {"Node", "Node", Form::kNumber, true},
    {"Cache Info/L1", "Caches/L1 (level 1)", Form::kKiB, true},
    {"Cache Info/L2", "Caches/L2 (level 2)", Form::kKiB, false},  // CPU: documented
    {"Chip ID", "Chip ID", Form::kNumber, true},
    {"Cacheline Size", "Caches/Cacheline Size", Form::kNumber, true},
    {"Max Clock Freq. (MHz)", "Max Clock Frequency", Form::kNumber, true},
    {"BDFID", "BDF ID", Form::kNumber, true},
    {"Internal Node ID", "Driver Node ID", Form::kNumber, true},
    {"Compute Unit", "Compute Units", Form::kNumber, true},
    {"SIMDs per CU", "SIMDs per CU", Form::kNumber, true},
    {"Shader Engines", "Shader Engines", Form::kNumber, true},
    {"Shader Arrs. per Eng.", "Shader Arrays per Engine", Form::kNumber, true},
    {"Features", "Features", Form::kText, false},  // CPU: documented
    {"Fast F16 Operation", "Fast F16", Form::kBool, false},
    {"Wavefront Size", "Wavefront Size", Form::kNumber, false},
    {"Workgroup Max Size", "Workgroup Max Size", Form::kNumber, false},
    {"Workgroup Max Size per Dimension", "Workgroup Max Dims", Form::kDims, false},
    {"Max Waves Per CU", "Max Waves per CU", Form::kNumber, false},
    {"Grid Max Size", "Grid Max Size", Form::kNumber, false},
    {"Grid Max Size per Dimension", "Grid Max Dims", Form::kDims, false},
    {"Max fbarriers/Workgrp", "FBarrier Max Size", Form::kNumber, false},
    // The agent's ISA (name: documented difference).
    {"ISA Info/ISA 1/Workgroup Max Size", "ISAs/ISA 0/Workgroup Max Size", Form::kNumber, false},
    {"ISA Info/ISA 1/Workgroup Max Size per Dimension", "ISAs/ISA 0/Workgroup Max Dims",
     Form::kDims, false},
    {"ISA Info/ISA 1/Grid Max Size", "ISAs/ISA 0/Grid Max Size", Form::kNumber, false},
    {"ISA Info/ISA 1/Grid Max Size per Dimension", "ISAs/ISA 0/Grid Max Dims", Form::kDims, false},
    {"ISA Info/ISA 1/FBarrier Max Size", "ISAs/ISA 0/FBarrier Max Size", Form::kNumber, false},
    {"ISA Info/ISA 1/Fast f16", "ISAs/ISA 0/Fast F16", Form::kBool, false},
};

// rocminfo's value in hsainfo's notation, or "" when absent/unparsable.
std::string as_hsainfo(const Attributes& agent, const Row& row) {
  const auto v = attribute(agent, row.rocminfo);
  if (row.form == Form::kDims) {
    const auto x = attribute(agent, std::string(row.rocminfo) + "/x");
    const auto y = attribute(agent, std::string(row.rocminfo) + "/y");
    const auto z = attribute(agent, std::string(row.rocminfo) + "/z");
    if (!x || !y || !z || !leading_number(*x) || !leading_number(*y) || !leading_number(*z))
      return "";
    return "x " + std::to_string(*leading_number(*x)) + ", y " +
           std::to_string(*leading_number(*y)) + ", z " + std::to_string(*leading_number(*z));
  }
  if (!v) return "";
  switch (row.form) {
    case Form::kText:
      return *v;
    case Form::kNumber:
      return leading_number(*v) ? std::to_string(*leading_number(*v)) : "";
    case Form::kKiB:
      return leading_number(*v) ? std::to_string(*leading_number(*v) * 1024) : "";
    case Form::kBool:
      return *v == "TRUE" ? "yes" : *v == "FALSE" ? "no" : "";
    case Form::kProfile: {
      const std::string suffix = "_PROFILE";
      return v->size() > suffix.size() &&
                     v->compare(v->size() - suffix.size(), suffix.size(), suffix) == 0
                 ? v->substr(0, v->size() - suffix.size())
                 : "";
    }
    case Form::kDims:
      break;
  }
  return "";
}

std::string ours(const Attributes& agent, const Row& row) {
  const auto v = attribute(agent, row.hsainfo);
  if (!v) return "";
  if (row.form == Form::kNumber || row.form == Form::kKiB)
    return leading_number(*v) ? std::to_string(*leading_number(*v)) : "";
  return *v;
}

class RocminfoVsHsainfo : public ::testing::Test {
 protected:
  void SetUp() override {
    const Reports& r = reports();
    ASSERT_EQ(r.rocminfo_run.status, 0) << "with-virtual-gpu rocminfo failed:\n"
                                        << r.rocminfo_run.out;
    ASSERT_EQ(r.hsainfo_run.status, 0) << "hsainfo failed:\n" << r.hsainfo_run.out;
  }

  static void compare_agent(const std::string& type) {
    const Reports& r = reports();
    const Attributes* theirs = find_agent(r.rocminfo, type);
    const Attributes* mine = find_agent(r.hsainfo, type);
    ASSERT_NE(theirs, nullptr) << "rocminfo lists no " << type << " agent:\n" << r.rocminfo_run.out;
    ASSERT_NE(mine, nullptr) << "hsainfo lists no " << type << " agent:\n" << r.hsainfo_run.out;
    int compared = 0;
    for (const Row& row : kRows) {
      if (type == "CPU" && !row.cpu) continue;
      const std::string want = as_hsainfo(*theirs, row);
      const std::string got = ours(*mine, row);
      EXPECT_FALSE(want.empty()) << type << " agent: rocminfo prints no readable '" << row.rocminfo
                                 << "'";
      EXPECT_EQ(got, want) << type << " agent: hsainfo's '" << row.hsainfo
                           << "' disagrees with rocminfo's '" << row.rocminfo << "'";
      ++compared;
    }
    EXPECT_GE(compared, 20);
  }
};

TEST_F(RocminfoVsHsainfo, RocminfoStartsAndListsTwoAgents) {
  const Reports& r = reports();
  bool loaded = false;
  for (const std::string& note : r.rocminfo.notes) loaded |= note == "ROCk module is loaded";
  EXPECT_TRUE(loaded) << "rocminfo's amdgpu check did not pass:\n" << r.rocminfo_run.out;
  ASSERT_EQ(r.rocminfo.agents.size(), 2u) << r.rocminfo_run.out;
  EXPECT_EQ(r.hsainfo.agents.size(), 2u) << r.hsainfo_run.out;
  EXPECT_EQ(attribute(r.rocminfo.agents[0], "Device Type"), "CPU");
  EXPECT_EQ(attribute(r.rocminfo.agents[1], "Device Type"), "GPU");
  EXPECT_EQ(attribute(r.rocminfo.agents[1], "Name"), "gfx900");
  EXPECT_EQ(attribute(r.rocminfo.system, "Runtime Version"),
            attribute(r.hsainfo.system, "Runtime Version"));
}

TEST_F(RocminfoVsHsainfo, CpuAgentAgrees) { compare_agent("CPU"); }

TEST_F(RocminfoVsHsainfo, GpuAgentAgrees) { compare_agent("GPU"); }

// A memory pool in one notation: "SEGMENT FLAGS size=... granule=... ...".
std::vector<std::string> pools_of_rocminfo(const Attributes& agent) {
  std::vector<std::string> pools;
  for (int i = 1;; ++i) {
    const std::string p = "Pool Info/Pool " + std::to_string(i) + "/";
    const auto segment = attribute(agent, p + "Segment");
    if (!segment) break;
    // "GLOBAL; FLAGS: KERNARG, FINE GRAINED" -> "GLOBAL KERNARG,FINE_GRAINED"
    std::string text = segment->substr(0, segment->find(';'));
    const size_t flags = segment->find("FLAGS:");
    if (flags != std::string::npos) {
      std::string f = segment->substr(flags + 6);
      std::string norm;
      for (size_t k = 0; k < f.size(); ++k) {
        if (f[k] == ' ' && (norm.empty() || norm.back() == ',')) continue;
        norm += f[k] == ' ' ? '_' : f[k];
      }
      text += " " + norm;
    }
    const auto kb = [&](const char* key) {
      const auto v = attribute(agent, p + key);
      return v && leading_number(*v) ? std::to_string(*leading_number(*v) * 1024) : "?";
    };
    text += " size=" + kb("Size") + " granule=" + kb("Alloc Granule") +
            " align=" + kb("Alloc Alignment");
    text += std::string(" alloc=") + (attribute(agent, p + "Allocatable") == "TRUE" ? "1" : "0");
    text +=
        std::string(" all=") + (attribute(agent, p + "Accessible by all") == "TRUE" ? "1" : "0");
    pools.push_back(text);
  }
  return pools;
}

std::vector<std::string> pools_of_hsainfo(const Attributes& agent) {
  std::vector<std::string> pools;
  for (int i = 0;; ++i) {
    const std::string p = "Memory Pools/Pool " + std::to_string(i) + "/";
    const auto segment = attribute(agent, p + "Segment");
    if (!segment) break;
    std::string text = *segment;
    if (const auto flags = attribute(agent, p + "Global Flags")) {
      std::string norm;
      for (char c : *flags)
        if (c != ' ') norm += c;
      text += " " + norm;
    }
    const auto bytes = [&](const char* key) {
      const auto v = attribute(agent, p + key);
      if (!v) return std::string("0");  // hsainfo leaves out what does not apply (GROUP)
      return leading_number(*v) ? std::to_string(*leading_number(*v)) : "?";
    };
    text += " size=" + bytes("Size") + " granule=" + bytes("Alloc Granule") +
            " align=" + bytes("Alloc Alignment");
    text += std::string(" alloc=") +
            (attribute(agent, p + "Runtime Alloc Allowed") == "yes" ? "1" : "0");
    text += std::string(" all=") + (attribute(agent, p + "Accessible by All") == "yes" ? "1" : "0");
    pools.push_back(text);
  }
  return pools;
}

TEST_F(RocminfoVsHsainfo, GpuPoolsAgree) {
  const Attributes* theirs = find_agent(reports().rocminfo, "GPU");
  const Attributes* mine = find_agent(reports().hsainfo, "GPU");
  ASSERT_TRUE(theirs && mine);
  const auto want = pools_of_rocminfo(*theirs);
  EXPECT_EQ(want.size(), 2u);  // VRAM and LDS
  EXPECT_EQ(pools_of_hsainfo(*mine), want);
}

// ROCr's CPU agent has one pool more: system memory as coarse grained.
TEST_F(RocminfoVsHsainfo, CpuPoolsAgreeBesidesRocrsCoarseGrainedSystemPool) {
  const Attributes* theirs = find_agent(reports().rocminfo, "CPU");
  const Attributes* mine = find_agent(reports().hsainfo, "CPU");
  ASSERT_TRUE(theirs && mine);
  auto want = pools_of_rocminfo(*theirs);
  const auto got = pools_of_hsainfo(*mine);
  ASSERT_FALSE(got.empty());
  const std::string fine = got.front();  // our first pool: fine-grained system memory
  ASSERT_EQ(fine.rfind("GLOBAL FINE_GRAINED ", 0), 0u) << fine;
  std::string coarse = fine;
  coarse.replace(0, std::string("GLOBAL FINE_GRAINED").size(), "GLOBAL COARSE_GRAINED");
  bool found = false;
  for (auto it = want.begin(); it != want.end(); ++it)
    if (*it == coarse) {
      want.erase(it);
      found = true;
      break;
    }
  EXPECT_TRUE(found) << "rocminfo's CPU agent has no coarse-grained pool like '" << coarse << "'";
  EXPECT_EQ(got, want);
}

// The differences README.md documents, each pinned so that a change on
// either side shows up here.
TEST_F(RocminfoVsHsainfo, DocumentedDifferencesStayAsDocumented) {
  const Reports& r = reports();
  const Attributes* rcpu = find_agent(r.rocminfo, "CPU");
  const Attributes* rgpu = find_agent(r.rocminfo, "GPU");
  const Attributes* ocpu = find_agent(r.hsainfo, "CPU");
  const Attributes* ogpu = find_agent(r.hsainfo, "GPU");
  ASSERT_TRUE(rcpu && rgpu && ocpu && ogpu);

  // ROCr names every CPU agent's vendor "CPU"; ours takes the first word of
  // the marketing name.
  EXPECT_EQ(attribute(*rcpu, "Vendor Name"), "CPU");
  const std::string name = attribute(*ocpu, "Name").value_or("");
  EXPECT_EQ(attribute(*ocpu, "Vendor Name"), name.substr(0, name.find(' ')));

  // ROCr keeps a CPU's data-only caches; unified L2/L3 (Data and
  // Instruction bits) drop out. Ours reports every level.
  EXPECT_FALSE(attribute(*rcpu, "Cache Info/L2").has_value());

  // ROCr's CPU agent: full profile, no dispatch feature.
  EXPECT_EQ(attribute(*rcpu, "Profile"), "FULL_PROFILE");
  EXPECT_EQ(attribute(*ocpu, "Profile"), "BASE");
  EXPECT_EQ(attribute(*rcpu, "Features"), "None");
  EXPECT_EQ(attribute(*ocpu, "Features"), "AGENT_DISPATCH");

  // ROCr answers 1 << WatchPointsTotalBits even when the node supports no
  // watch points (the KFD's topology for the virtual GPU says none).
  for (const Attributes* a : {rcpu, rgpu})
    EXPECT_EQ(attribute(*a, "WatchPts on Addr. Ranges"), "1");
  for (const Attributes* a : {ocpu, ogpu}) EXPECT_EQ(attribute(*a, "Address Watch Points"), "0");

  // ROCr names the ISA with the XNACK mode the process runs in; ours gives
  // the target without features.
  EXPECT_EQ(attribute(*rgpu, "ISA Info/ISA 1/Name"), "amdgcn-amd-amdhsa--gfx900:xnack-");
  EXPECT_EQ(attribute(*ogpu, "ISAs/ISA 0/Name"), "amdgcn-amd-amdhsa--gfx900");
}

}  // namespace
