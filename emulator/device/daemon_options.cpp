#include "daemon_options.h"

#include <dirent.h>
#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <fstream>

namespace gcn::device {

namespace {

// A whole decimal number in [min, max].
bool number(const char* s, unsigned long min, unsigned long max, unsigned long* out) {
  if (!s || !*s || *s == '-' || *s == '+') return false;
  char* end = nullptr;
  errno = 0;
  const unsigned long v = std::strtoul(s, &end, 10);
  if (errno || *end || v < min || v > max) return false;
  *out = v;
  return true;
}

}  // namespace

std::string usage() {
  return "Usage: gcn-vgpud [--gpu ID]... [--threads N] [--cus N] [--pidfile PATH] [--verbose]\n"
         "       [--check-gprs] [--translate on|off|check] [--translate-threshold N]\n"
         "       gcn-vgpud --help | --version\n"
         "  Hosts the virtual gfx900 GPUs of the gcnkfd module (/dev/gcnkfd-vgpu).\n"
         "  --gpu ID       serve the GPU with this topology gpu_id (repeatable;\n"
         "                 default: every GPU of the KFD topology)\n"
         "  --threads N    shader-engine host threads per process context (default 1)\n"
         "  --cus N        compute units per context (default: what the module reports)\n"
         "  --pidfile PATH write the daemon's pid there once every GPU is attached\n"
         "  --verbose, -v  log every message from the module\n"
         "  --check-gprs   a register beyond a kernel's allocation faults its wave\n"
         "                 (default: as hardware, reads of it give v0/s0, writes drop)\n"
         "  --translate MODE  on: hot code runs as translated host code (default);\n"
         "                 off: the interpreter only; check: translated blocks are\n"
         "                 compared with the interpreter (a difference faults the wave)\n"
         "  --translate-threshold N  entries before a block is translated (default 8)\n"
         "  --help         print this text and exit\n"
         "  --version      print the version and exit\n"
         "Exit status: 0 stopped by SIGTERM or SIGINT, 1 a GPU could not be attached\n"
         "or the module closed every GPU's file, 2 bad arguments.\n";
}

bool parse_options(int argc, char** argv, DaemonOptions* out, std::string* error) {
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    const char* value = i + 1 < argc ? argv[i + 1] : nullptr;
    unsigned long v = 0;
    if (a == "--help" || a == "-h") {
      out->help = true;
    } else if (a == "--version") {
      out->version = true;
    } else if (a == "--verbose" || a == "-v") {
      out->verbose = true;
    } else if (a == "--check-gprs") {
      out->check_gprs = true;
    } else if (a == "--translate" || a == "--translate-threshold") {
      std::string why;
      const bool mode = a == "--translate";
      if (!value || !parse_translation(mode ? value : nullptr, mode ? nullptr : value,
                                       &out->translation, &why)) {
        *error = a + ": " + (value ? why : std::string("needs a value"));
        return false;
      }
      ++i;
    } else if (a == "--gpu") {
      if (!number(value, 1, UINT32_MAX, &v)) {
        *error = "--gpu needs a nonzero gpu_id";
        return false;
      }
      out->gpus.push_back(static_cast<uint32_t>(v));
      ++i;
    } else if (a == "--threads") {
      if (!number(value, 1, 1024, &v)) {
        *error = "--threads needs a number from 1 to 1024";
        return false;
      }
      out->shader_threads = static_cast<unsigned>(v);
      ++i;
    } else if (a == "--cus") {
      if (!number(value, 1, 64, &v)) {
        *error = "--cus needs a number from 1 to 64";
        return false;
      }
      out->compute_units = static_cast<unsigned>(v);
      ++i;
    } else if (a == "--pidfile") {
      if (!value || !*value) {
        *error = "--pidfile needs a path";
        return false;
      }
      out->pidfile = value;
      ++i;
    } else {
      *error = (a[0] == '-' ? "unknown option '" : "unexpected argument '") + a + "'";
      return false;
    }
  }
  return true;
}

std::vector<uint32_t> topology_gpu_ids(const std::string& nodes_dir) {
  std::vector<std::pair<unsigned long, uint32_t>> found;  // (node, gpu_id)
  DIR* dir = opendir(nodes_dir.c_str());
  if (!dir) return {};
  while (dirent* e = readdir(dir)) {
    unsigned long node = 0;
    if (!number(e->d_name, 0, UINT32_MAX, &node)) continue;
    std::ifstream f(nodes_dir + "/" + e->d_name + "/gpu_id");
    unsigned long id = 0;
    if (f >> id && id && id <= UINT32_MAX) found.emplace_back(node, static_cast<uint32_t>(id));
  }
  closedir(dir);
  std::sort(found.begin(), found.end());
  std::vector<uint32_t> ids;
  for (const auto& [node, id] : found) ids.push_back(id);
  return ids;
}

}  // namespace gcn::device
