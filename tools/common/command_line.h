// The command line every program of the project answers the same way (its
// man page in man/ says so): --help prints "Usage: TOOL ..." to stdout and
// exits 0; --version prints "TOOL (hsa-gcn) VERSION" and exits 0; a bad
// command line prints one line naming the problem and "Try 'TOOL --help'."
// to stderr and exits 2 (with-virtual-gpu: 125, as env(1), since 2 could
// be its command's own status).
#pragma once

#include <cstdio>
#include <string>

#ifndef HSA_GCN_VERSION
#error "HSA_GCN_VERSION comes with the hsa_gcn_cli target (tools/CMakeLists.txt)"
#endif

namespace hsa_gcn_cli {

inline constexpr int kUsageStatus = 2;

inline int print_version(const char* tool) {
  std::printf("%s (hsa-gcn) %s\n", tool, HSA_GCN_VERSION);
  return 0;
}

inline int usage_error(const char* tool, const std::string& message, int status = kUsageStatus) {
  std::fprintf(stderr, "%s: %s\nTry '%s --help'.\n", tool, message.c_str(), tool);
  return status;
}

}  // namespace hsa_gcn_cli
