// build_code_object() through libhsart-finalizer.so.1 (finalizer_plugin.h),
// loaded on first use from the directory this runtime was loaded from:
// the finalizer brings LLVM 14 and lld, tens of megabytes an application
// that never finalizes should not map. Once loaded it stays loaded (LLVM
// registers process-wide state that does not survive dlclose).
#include <dlfcn.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <new>
#include <string>

#include "ext/finalizer/finalizer.h"
#include "ext/finalizer/plugin/finalizer_plugin.h"

namespace hsart::finalizer {
namespace {

// This library's directory + the plugin's name.
std::string plugin_path() {
  Dl_info info{};
  if (dladdr(reinterpret_cast<void*>(&plugin_path), &info) == 0 || info.dli_fname == nullptr)
    return HSART_FINALIZER_PLUGIN;
  std::string self = info.dli_fname;
  const size_t slash = self.rfind('/');
  return slash == std::string::npos ? HSART_FINALIZER_PLUGIN
                                    : self.substr(0, slash + 1) + HSART_FINALIZER_PLUGIN;
}

struct Plugin {
  hsart_finalizer_build_fn build = nullptr;
  std::string error;  // why it could not be loaded
};

const Plugin& plugin() {
  static const Plugin loaded = [] {
    Plugin p;
    const std::string path = plugin_path();
    void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (handle == nullptr) {
      const char* why = dlerror();
      p.error = "cannot load the finalizer (" + std::string(why ? why : path) + ")";
      return p;
    }
    p.build = reinterpret_cast<hsart_finalizer_build_fn>(dlsym(handle, HSART_FINALIZER_ENTRY));
    if (p.build == nullptr) p.error = path + " lacks " HSART_FINALIZER_ENTRY;
    return p;
  }();
  return loaded;
}

}  // namespace

bool plugin_installed() {
  static const bool installed = access(plugin_path().c_str(), R_OK) == 0;
  return installed;
}

std::vector<uint8_t> build_code_object(const std::vector<LoadedModule>& modules,
                                       const std::string& gfx,
                                       hsa_default_float_rounding_mode_t rounding) {
  const Plugin& p = plugin();
  if (p.build == nullptr) throw Failure(HSA_EXT_STATUS_ERROR_FINALIZATION_FAILED, p.error);
  std::vector<hsart_brig_blob> blobs;
  blobs.reserve(modules.size());
  for (const LoadedModule& m : modules) blobs.push_back({m.bytes->data(), m.bytes->size()});
  uint8_t* code = nullptr;
  size_t size = 0;
  char* message = nullptr;
  const int status =
      p.build(blobs.data(), blobs.size(), gfx.c_str(), rounding, &code, &size, &message);
  if (status != 0) {
    std::string why = message ? message : "out of memory";
    std::free(message);
    if (status == HSA_STATUS_ERROR_OUT_OF_RESOURCES) throw std::bad_alloc();
    throw Failure(status, why);
  }
  std::vector<uint8_t> bytes(code, code + size);
  std::free(code);
  return bytes;
}

void report(const char* function, const std::string& message) {
  std::fprintf(stderr, "hsa-runtime: %s: %s\n", function, message.c_str());
}

}  // namespace hsart::finalizer
