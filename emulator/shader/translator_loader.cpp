#include "translator_loader.h"

#include <dlfcn.h>
#include <unistd.h>

#include <cstdio>
#include <vector>

namespace gcn {

namespace {

constexpr const char* kPluginName = "libgcn-translate.so.1";

// The directory of the module this code was linked into, with a slash.
std::string own_directory() {
  Dl_info info{};
  if (dladdr(reinterpret_cast<void*>(&own_directory), &info) == 0 || !info.dli_fname) return "";
  const std::string self = info.dli_fname;
  const size_t slash = self.rfind('/');
  return slash == std::string::npos ? "" : self.substr(0, slash + 1);
}

struct Loaded {
  const TranslatorApi* api = nullptr;
  std::string why;
};

Loaded load() {
  Loaded l;
  const std::string dir = own_directory();
  std::vector<std::string> paths;
  if (!dir.empty()) {
    paths.push_back(dir + kPluginName);
    paths.push_back(dir + GCN_TRANSLATE_FROM_BINDIR "/" +
                    kPluginName);  // a program in bin/ or sbin/
  }
  paths.push_back(std::string(GCN_TRANSLATE_INSTALL_DIR) + "/" + kPluginName);
  paths.push_back(std::string(GCN_TRANSLATE_BUILD_DIR) + "/" + kPluginName);
  std::string tried;
  for (const std::string& p : paths) {
    if (access(p.c_str(), R_OK) != 0) {
      tried += (tried.empty() ? "" : ", ") + p;
      continue;
    }
    void* h = dlopen(p.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!h) {
      const char* e = dlerror();
      l.why = "cannot load " + p + ": " + (e ? e : "?");
      return l;
    }
    auto entry = reinterpret_cast<const TranslatorApi* (*)()>(dlsym(h, GCN_TRANSLATOR_ENTRY));
    const TranslatorApi* api = entry ? entry() : nullptr;
    if (!api || api->version != kTranslatorApiVersion) {
      l.why = p + " is not this build's translator";
      return l;
    }
    l.api = api;
    return l;
  }
  l.why = std::string(kPluginName) + " not found (" + tried + ")";
  return l;
}

}  // namespace

const TranslatorApi* translator_api(std::string* why) {
  static const Loaded loaded = [] {
    Loaded l = load();
    if (!l.api) std::fprintf(stderr, "gcn-emu: no translator, interpreting: %s\n", l.why.c_str());
    return l;
  }();
  if (why) *why = loaded.why;
  return loaded.api;
}

}  // namespace gcn
