// The text reports of rocminfo (ROCm's) and hsainfo (ours) read into one
// shape: a block of "path -> value" attributes per agent, where the path
// joins the headings above an attribute ("Pool Info/Pool 1/Size",
// "Caches/L1 (level 1)"). Both print "Key:  value" lines indented under
// their headings; that indentation, not column positions, gives the paths,
// so padding changes in either tool do not matter.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace rocm_test {

using Attributes = std::map<std::string, std::string>;

struct InfoReport {
  Attributes system;               // lines before the first agent
  std::vector<Attributes> agents;  // in printed order
  std::vector<std::string>
      notes;  // unindented lines that are neither (e.g. "ROCk module is loaded")
};

// Parses either tool's stdout; ANSI colour sequences (rocminfo's) are dropped.
InfoReport parse_info_report(const std::string& text);

// The first agent whose "Device Type" is `type` ("CPU", "GPU"), or nullptr.
const Attributes* find_agent(const InfoReport& report, const std::string& type);

// The value at `path`, or nullopt.
std::optional<std::string> attribute(const Attributes& a, const std::string& path);

// The leading unsigned number of a value: "32(0x20) KB" -> 32,
// "16384 (16 KiB)" -> 16384. nullopt when it does not start with a digit.
std::optional<uint64_t> leading_number(const std::string& value);

}  // namespace rocm_test
