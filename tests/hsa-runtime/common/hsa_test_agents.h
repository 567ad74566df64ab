// The agents a runtime test works with, found through hsa_iterate_agents
// once the runtime is initialized: all of them, and the first GPU and CPU.
#pragma once

#include <hsa/hsa.h>

#include <vector>

namespace hsa_test {

inline std::vector<hsa_agent_t> all_agents() {
  std::vector<hsa_agent_t> agents;
  hsa_iterate_agents(
      [](hsa_agent_t a, void* data) {
        static_cast<std::vector<hsa_agent_t>*>(data)->push_back(a);
        return HSA_STATUS_SUCCESS;
      },
      &agents);
  return agents;
}

inline hsa_device_type_t device_of(hsa_agent_t a) {
  hsa_device_type_t t{};
  hsa_agent_get_info(a, HSA_AGENT_INFO_DEVICE, &t);
  return t;
}

// Handles 0 where the system has no such agent.
struct FirstAgents {
  hsa_agent_t gpu{0};
  hsa_agent_t cpu{0};
};

inline FirstAgents first_agents() {
  FirstAgents first;
  for (hsa_agent_t a : all_agents()) {
    const hsa_device_type_t t = device_of(a);
    if (t == HSA_DEVICE_TYPE_GPU && first.gpu.handle == 0) first.gpu = a;
    if (t == HSA_DEVICE_TYPE_CPU && first.cpu.handle == 0) first.cpu = a;
  }
  return first;
}

}  // namespace hsa_test
