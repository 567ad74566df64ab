// A program as a ROCm 5 user writes it (Debian's include spellings <hsa.h>
// and <hsakmt.h>), built against an installed hsa-gcn through pkg-config or
// find_package (tests/packaging/discovery_test.sh). It prints the thunk's
// KFD interface version, the agents and the files the two libraries were
// loaded from, which the script checks.
#include <dlfcn.h>
#include <hsa.h>
#include <hsakmt.h>

#include <cstdio>
#include <string>

#include "rocm6_style.h"

namespace {

std::string loaded_from(const void* symbol) {
  Dl_info info{};
  if (dladdr(symbol, &info) == 0 || !info.dli_fname) return "?";
  return info.dli_fname;
}

hsa_status_t print_agent(hsa_agent_t agent, void*) {
  char name[64] = {};
  hsa_device_type_t type{};
  if (hsa_agent_get_info(agent, HSA_AGENT_INFO_NAME, name) != HSA_STATUS_SUCCESS ||
      hsa_agent_get_info(agent, HSA_AGENT_INFO_DEVICE, &type) != HSA_STATUS_SUCCESS)
    return HSA_STATUS_ERROR;
  std::printf("agent %s %s\n", name, type == HSA_DEVICE_TYPE_GPU ? "gpu" : "other");
  return HSA_STATUS_SUCCESS;
}

}  // namespace

int main() {
  if (hsaKmtOpenKFD() != HSAKMT_STATUS_SUCCESS) {
    std::fprintf(stderr, "hsaKmtOpenKFD failed\n");
    return 1;
  }
  HsaVersionInfo version{};
  if (hsaKmtGetVersion(&version) != HSAKMT_STATUS_SUCCESS) {
    std::fprintf(stderr, "hsaKmtGetVersion failed\n");
    return 1;
  }
  std::printf("kfd-interface %u.%u\n", version.KernelInterfaceMajorVersion,
              version.KernelInterfaceMinorVersion);
  if (hsa_init() != HSA_STATUS_SUCCESS) {
    std::fprintf(stderr, "hsa_init failed\n");
    return 1;
  }
  if (hsa_iterate_agents(print_agent, nullptr) != HSA_STATUS_SUCCESS) {
    std::fprintf(stderr, "hsa_iterate_agents failed\n");
    return 1;
  }
  std::printf("runtime-version %s\n", rocm6_style_runtime_version().c_str());
  std::printf("thunk-file %s\n", loaded_from(reinterpret_cast<void*>(&hsaKmtOpenKFD)).c_str());
  std::printf("runtime-file %s\n", loaded_from(reinterpret_cast<void*>(&hsa_init)).c_str());
  const bool ok =
      hsa_shut_down() == HSA_STATUS_SUCCESS && hsaKmtCloseKFD() == HSAKMT_STATUS_SUCCESS;
  return ok ? 0 : 1;
}
