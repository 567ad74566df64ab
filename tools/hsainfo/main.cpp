// hsainfo: what the HSA runtime reports about the system and each agent
// (rocminfo's job, on any runtime with the HSA 1.1 API).
//
// Exit status: 0 printed everything, 1 a runtime call failed (its status
// string is printed), 2 bad command line.
#include <hsa/hsa.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "command_line.h"
#include "report.h"
#include "sections.h"

namespace {

const char kTool[] = "hsainfo";

const char kUsage[] =
    "Usage: hsainfo [--agent N]\n"
    "       hsainfo --help | --version\n"
    "\n"
    "Prints the HSA runtime's system attributes, then every agent (CPU and GPU)\n"
    "with its compute properties, queues, caches, ISAs, regions and memory pools.\n"
    "\n"
    "  --agent N   print only agent N (agents are numbered from 0 in the\n"
    "              runtime's order; hsa-run takes the same number)\n"
    "  --help      print this text and exit\n"
    "  --version   print the version and exit\n"
    "\n"
    "Exit status: 0 success, 1 a runtime call failed, 2 bad arguments.\n";

struct Options {
  int agent = -1;  // all
};

// 0 parsed, 1 --help or --version printed, 2 error printed.
int parse(int argc, char** argv, Options* o) {
  using hsa_gcn_cli::usage_error;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--help" || arg == "-h") {
      std::fputs(kUsage, stdout);
      return 1;
    }
    if (arg == "--version") {
      hsa_gcn_cli::print_version(kTool);
      return 1;
    }
    if (arg == "--agent") {
      if (i + 1 >= argc) return usage_error(kTool, "--agent needs a number");
      char* end = nullptr;
      const long n = std::strtol(argv[++i], &end, 10);
      if (!*argv[i] || *end || n < 0 || n > 1 << 20)
        return usage_error(kTool, std::string("--agent: '") + argv[i] + "' is not an agent number");
      o->agent = static_cast<int>(n);
      continue;
    }
    return usage_error(kTool,
                       (arg[0] == '-' ? "unknown option '" : "unexpected argument '") + arg + "'");
  }
  return 0;
}

std::vector<hsa_agent_t> agents() {
  std::vector<hsa_agent_t> out;
  hsainfo::check(hsa_iterate_agents(
                     [](hsa_agent_t a, void* list) {
                       static_cast<std::vector<hsa_agent_t>*>(list)->push_back(a);
                       return HSA_STATUS_SUCCESS;
                     },
                     &out),
                 "hsa_iterate_agents");
  return out;
}

int run(const Options& o) {
  hsainfo::Report r(stdout);
  hsainfo::print_system(r);
  const std::vector<hsa_agent_t> list = agents();
  if (o.agent >= static_cast<int>(list.size())) {
    std::fprintf(stderr, "hsainfo: no agent %d (the runtime has %zu agents, 0 to %zu)\n", o.agent,
                 list.size(), list.size() - 1);
    return 2;
  }
  r.banner("HSA Agents");
  for (size_t i = 0; i < list.size(); ++i)
    if (o.agent < 0 || o.agent == static_cast<int>(i))
      hsainfo::print_agent(r, list[i], static_cast<int>(i));
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  if (const int p = parse(argc, argv, &o)) return p == 1 ? 0 : 2;
  const hsa_status_t init = hsa_init();
  if (init != HSA_STATUS_SUCCESS) {
    std::fprintf(stderr, "hsainfo: %s\n", hsainfo::RuntimeFailure("hsa_init", init).what());
    return 1;
  }
  int status = 0;
  try {
    status = run(o);
  } catch (const hsainfo::RuntimeFailure& e) {
    std::fflush(stdout);
    std::fprintf(stderr, "hsainfo: %s\n", e.what());
    status = 1;
  }
  hsa_shut_down();
  return status;
}
