// gccbrig-11 + libhsail-rt as a host-side HSAIL executor (see the header).
#include "native_hsail_runner.h"

#include <dlfcn.h>
#include <hsa/hsa.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <memory>

namespace native_hsail {
namespace {

// The launch data libhsail-rt's launchers read and fill in (its
// PHSAKernelLaunchData). The host sets the packet, the packet id and the
// kernarg address; the runtime sets the rest. The compiled kernels read it
// too (with -fassume-phsa), so the layout must match field for field:
// pointers and size_t's in this order.
struct LaunchData {
  hsa_kernel_dispatch_packet_t* packet;
  size_t packet_id;
  void* kernel;         // the kernel body, set by the launcher
  size_t group_min[3];  // the range of work-groups this launch runs
  size_t group_max[3];
  void* start_barrier;  // fiber barriers of the work-item scheduler
  void* completion_barrier;
  void* sync_barrier;
  size_t group_segment_start;  // flat address of the group segment
  void* kernarg_address;
};
static_assert(sizeof(LaunchData) == 14 * sizeof(void*), "PHSA launch data layout");

// The public entry gccbrig emits per kernel.
using Launcher = void (*)(void* launch_data, void* group_base);

// A block of memory from posix_memalign, released by free().
struct Aligned {
  explicit Aligned(size_t bytes, size_t align = 256) {
    if (posix_memalign(&p, align, bytes == 0 ? align : bytes) != 0) p = nullptr;
    if (p != nullptr) std::memset(p, 0, bytes == 0 ? align : bytes);
  }
  ~Aligned() { free(p); }
  Aligned(const Aligned&) = delete;
  Aligned& operator=(const Aligned&) = delete;
  void* p = nullptr;
};

std::string without_ampersand(const std::string& name) {
  return !name.empty() && name[0] == '&' ? name.substr(1) : name;
}

// Quotes a path for /bin/sh (the paths are ours: mkdtemp under /tmp, but
// quoting keeps that an assumption we do not rely on).
std::string quoted(const std::string& s) {
  std::string out = "'";
  for (char c : s) {
    if (c == '\'')
      out += "'\\''";
    else
      out += c;
  }
  return out + "'";
}

}  // namespace

std::string gccbrig_path() {
  const char* path = getenv("PATH");
  std::string dirs = path != nullptr ? path : "/usr/bin:/bin";
  size_t start = 0;
  while (start <= dirs.size()) {
    size_t end = dirs.find(':', start);
    if (end == std::string::npos) end = dirs.size();
    const std::string candidate = dirs.substr(start, end - start) + "/gccbrig-11";
    if (end > start && access(candidate.c_str(), X_OK) == 0) return candidate;
    start = end + 1;
  }
  return "";
}

NativeModule::NativeModule(const std::vector<uint8_t>& brig) {
  const std::string compiler = gccbrig_path();
  if (compiler.empty()) throw NativeError("gccbrig-11 is not installed");
  char pattern[] = "/tmp/native_hsail.XXXXXX";
  if (mkdtemp(pattern) == nullptr) throw NativeError("cannot create a temporary directory");
  dir_ = pattern;
  try {
    compile_and_load(compiler, brig);
  } catch (...) {
    // The destructor does not run for a constructor that throws.
    std::error_code ignored;
    std::filesystem::remove_all(dir_, ignored);
    throw;
  }
}

void NativeModule::compile_and_load(const std::string& compiler, const std::vector<uint8_t>& brig) {
  const std::string in = dir_ + "/module.brig";
  const std::string out = dir_ + "/module.so";
  {
    std::ofstream file(in, std::ios::binary);
    file.write(reinterpret_cast<const char*>(brig.data()),
               static_cast<std::streamsize>(brig.size()));
    if (!file) throw NativeError("cannot write " + in);
  }
  // -shared -fPIC for dlopen; the driver records libhsail-rt.so.0 as a
  // dependency. Kernels without barriers become work-group loops, those
  // with barriers run one fiber per work-item (both checked by the tests).
  const std::string command =
      quoted(compiler) + " -O2 -shared -fPIC -o " + quoted(out) + " " + quoted(in) + " 2>&1";
  std::string diagnostics;
  FILE* p = popen(command.c_str(), "r");
  if (p == nullptr) throw NativeError("cannot run " + compiler);
  char buf[4096];
  size_t got;
  while ((got = fread(buf, 1, sizeof buf, p)) > 0) diagnostics.append(buf, got);
  const int status = pclose(p);
  if (status != 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
    throw NativeError("gccbrig-11 rejected the BRIG module: " + diagnostics);
  handle_ = dlopen(out.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (handle_ == nullptr) throw NativeError(std::string("dlopen: ") + dlerror());
}

NativeModule::~NativeModule() {
  if (handle_ != nullptr) dlclose(handle_);
  std::error_code ignored;
  if (!dir_.empty()) std::filesystem::remove_all(dir_, ignored);
}

void NativeModule::dispatch(const std::string& module, const std::string& kernel,
                            const std::vector<uint8_t>& kernargs,
                            const NativeDispatch& grid) const {
  const std::string symbol =
      "gccbrig." + without_ampersand(module) + "." + without_ampersand(kernel);
  auto launch = reinterpret_cast<Launcher>(dlsym(handle_, symbol.c_str()));
  if (launch == nullptr) throw NativeError("no kernel launcher " + symbol + " in the module");
  if (grid.grid_size == 0 || grid.group_size == 0) throw NativeError("empty grid or work-group");

  // HSA's kernarg segment is 16-byte aligned; the kernels load in place.
  Aligned args(kernargs.size(), 64);
  Aligned group(grid.group_segment_size);
  if (args.p == nullptr || group.p == nullptr) throw NativeError("out of memory");
  if (!kernargs.empty()) std::memcpy(args.p, kernargs.data(), kernargs.size());

  hsa_kernel_dispatch_packet_t packet;
  std::memset(&packet, 0, sizeof packet);
  packet.setup = 1;  // dimensions
  packet.workgroup_size_x = grid.group_size;
  packet.workgroup_size_y = 1;
  packet.workgroup_size_z = 1;
  packet.grid_size_x = grid.grid_size;
  packet.grid_size_y = 1;
  packet.grid_size_z = 1;
  packet.private_segment_size = grid.private_segment_size;
  packet.group_segment_size = grid.group_segment_size;
  packet.kernarg_address = args.p;

  LaunchData data;
  std::memset(&data, 0, sizeof data);
  data.packet = &packet;
  data.kernarg_address = args.p;
  launch(&data, group.p);
}

}  // namespace native_hsail
