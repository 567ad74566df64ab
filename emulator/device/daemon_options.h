// gcn-vgpud's command line, and the GPUs it serves by default (every GPU
// of the KFD topology).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "shader/shader_engine.h"

namespace gcn::device {

struct DaemonOptions {
  std::vector<uint32_t> gpus;      // --gpu ID (repeatable); empty: the topology's
  unsigned shader_threads = 1;     // --threads N, per context
  unsigned compute_units = 0;      // --cus N; 0: what ATTACH answers
  std::string pidfile;             // --pidfile PATH
  bool verbose = false;            // --verbose
  bool check_gprs = false;         // --check-gprs
  TranslationOptions translation;  // --translate MODE, --translate-threshold N
  bool help = false;               // --help
  bool version = false;            // --version
};

inline constexpr const char* kTopologyNodes = "/sys/devices/virtual/kfd/kfd/topology/nodes";

// Parses argv; false with *error naming the bad argument.
bool parse_options(int argc, char** argv, DaemonOptions* out, std::string* error);
std::string usage();

// The nonzero gpu_id of every node under nodes_dir (nodes/<n>/gpu_id), in
// node order; empty when there is none (or no topology).
std::vector<uint32_t> topology_gpu_ids(const std::string& nodes_dir);

}  // namespace gcn::device
