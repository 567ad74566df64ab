// hsa_amd_coherency_get_type / _set_type: the coherency a GPU agent keeps
// with the host for fine-grained memory. As in ROCr on a discrete gfx9 GPU
// the setting is recorded per agent and read back; it changes no mapping
// (the KFD's memory policy matters only on APUs of the Kaveri kind).
#include <hsa/hsa_ext_amd.h>

#include <map>
#include <mutex>

#include "runtime/components.h"
#include "runtime/runtime.h"
#include "runtime/topology.h"

namespace {

struct Coherency {
  std::mutex mu;
  std::map<const hsart::Agent*, hsa_amd_coherency_type_t> types;  // absent: COHERENT
};

Coherency& coherency() {
  static Coherency c;
  return c;
}

}  // namespace

void hsart::coherency_stop(hsart::Runtime&) {
  std::lock_guard<std::mutex> lock(coherency().mu);
  coherency().types.clear();
}

namespace {

const hsart::Agent* gpu_from(hsa_agent_t agent) {
  const hsart::Agent* a = hsart::agent_from(agent);
  return a && a->type == HSA_DEVICE_TYPE_GPU ? a : nullptr;
}

}  // namespace

extern "C" hsa_status_t hsa_amd_coherency_get_type(hsa_agent_t agent,
                                                   hsa_amd_coherency_type_t* type) {
  HSART_CHECK_INIT();
  const hsart::Agent* a = gpu_from(agent);
  if (!a) return HSA_STATUS_ERROR_INVALID_AGENT;
  if (!type) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  std::lock_guard<std::mutex> lock(coherency().mu);
  auto it = coherency().types.find(a);
  *type = it == coherency().types.end() ? HSA_AMD_COHERENCY_TYPE_COHERENT : it->second;
  return HSA_STATUS_SUCCESS;
}

extern "C" hsa_status_t hsa_amd_coherency_set_type(hsa_agent_t agent,
                                                   hsa_amd_coherency_type_t type) {
  HSART_CHECK_INIT();
  const hsart::Agent* a = gpu_from(agent);
  if (!a) return HSA_STATUS_ERROR_INVALID_AGENT;
  if (type != HSA_AMD_COHERENCY_TYPE_COHERENT && type != HSA_AMD_COHERENCY_TYPE_NONCOHERENT)
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  std::lock_guard<std::mutex> lock(coherency().mu);
  coherency().types[a] = type;
  return HSA_STATUS_SUCCESS;
}
