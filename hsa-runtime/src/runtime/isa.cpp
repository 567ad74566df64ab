// ISAs and wavefronts: hsa_isa_*, hsa_agent_iterate_isas, hsa_wavefront_*.
// The ISA table (topology.cpp) has gfx900; its one wavefront size is 64.
#include "runtime/isa.h"

#include <cstring>

#include "runtime/init_check.h"
#include "runtime/topology.h"

namespace {

using hsart::Isa;

// A wavefront kind; its address is the hsa_wavefront_t handle.
struct Wavefront {
  uint32_t size;
};

const Wavefront kWave64 = {64};

const Wavefront* wavefront_from(hsa_wavefront_t w) {
  return w.handle == reinterpret_cast<uint64_t>(&kWave64) ? &kWave64 : nullptr;
}

hsa_status_t put_bools(void* value, std::initializer_list<bool> bools) {
  bool* out = static_cast<bool*>(value);
  for (bool b : bools) *out++ = b;
  return HSA_STATUS_SUCCESS;
}

template <typename T>
hsa_status_t put(void* value, T v) {
  std::memcpy(value, &v, sizeof v);
  return HSA_STATUS_SUCCESS;
}

// Attributes that need no call-convention index.
hsa_status_t isa_info(const Isa& isa, int attribute, void* value) {
  switch (attribute) {
    case HSA_ISA_INFO_NAME_LENGTH:
      return put(value, static_cast<uint32_t>(std::strlen(isa.name)));
    case HSA_ISA_INFO_NAME:
      std::memcpy(value, isa.name, std::strlen(isa.name));
      return HSA_STATUS_SUCCESS;
    case HSA_ISA_INFO_MACHINE_MODELS:  // [small, large]
      return put_bools(value, {false, true});
    case HSA_ISA_INFO_PROFILES:  // [base, full]: full where an APU runs it
      return put_bools(value, {true, hsart::isa_has_full_profile_agent(isa)});
    case HSA_ISA_INFO_DEFAULT_FLOAT_ROUNDING_MODES:  // [default, zero, near]
    case HSA_ISA_INFO_BASE_PROFILE_DEFAULT_FLOAT_ROUNDING_MODES:
      return put_bools(value, {false, false, true});
    case HSA_ISA_INFO_FAST_F16_OPERATION:
      return put(value, true);
    case HSA_ISA_INFO_WORKGROUP_MAX_DIM: {
      const uint16_t dims[3] = {1024, 1024, 1024};
      std::memcpy(value, dims, sizeof dims);
      return HSA_STATUS_SUCCESS;
    }
    case HSA_ISA_INFO_WORKGROUP_MAX_SIZE:
      return put(value, uint32_t{1024});
    case HSA_ISA_INFO_GRID_MAX_DIM:
      return put(value, hsa_dim3_t{UINT32_MAX, UINT32_MAX, UINT32_MAX});
    case HSA_ISA_INFO_GRID_MAX_SIZE:
      return put(value, uint64_t{UINT32_MAX});
    case HSA_ISA_INFO_FBARRIER_MAX_SIZE:
      return put(value, uint32_t{32});
    default:
      return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  }
}

bool is_call_convention_attribute(int attribute) {
  return attribute == HSA_ISA_INFO_CALL_CONVENTION_COUNT ||
         attribute == HSA_ISA_INFO_CALL_CONVENTION_INFO_WAVEFRONT_SIZE ||
         attribute == HSA_ISA_INFO_CALL_CONVENTION_INFO_WAVEFRONTS_PER_COMPUTE_UNIT;
}

}  // namespace

extern "C" hsa_status_t hsa_isa_from_name(const char* name, hsa_isa_t* isa) {
  HSART_CHECK_INIT();
  if (!name || !isa) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  for (const Isa& i : hsart::isas()) {
    if (std::strcmp(name, i.name) == 0 || std::strcmp(name, i.alias) == 0) {
      *isa = hsart::handle_of(&i);
      return HSA_STATUS_SUCCESS;
    }
  }
  return HSA_STATUS_ERROR_INVALID_ISA_NAME;
}

extern "C" hsa_status_t hsa_agent_iterate_isas(hsa_agent_t agent,
                                               hsa_status_t (*callback)(hsa_isa_t isa, void* data),
                                               void* data) {
  HSART_CHECK_INIT();
  const hsart::Agent* a = hsart::agent_from(agent);
  if (!a) return HSA_STATUS_ERROR_INVALID_AGENT;
  if (!callback) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  if (!a->isa) return HSA_STATUS_SUCCESS;  // a CPU agent runs no HSA code objects
  return callback(hsart::handle_of(a->isa), data);
}

extern "C" hsa_status_t hsa_isa_get_info(hsa_isa_t isa, hsa_isa_info_t attribute, uint32_t index,
                                         void* value) {
  HSART_CHECK_INIT();
  const Isa* i = hsart::isa_from(isa);
  if (!i) return HSA_STATUS_ERROR_INVALID_ISA;
  if (!value) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  const int attr = static_cast<int>(attribute);
  if (!is_call_convention_attribute(attr)) return isa_info(*i, attr, value);
  // One call convention, index 0.
  if (attr == HSA_ISA_INFO_CALL_CONVENTION_COUNT) return put(value, uint32_t{1});
  if (index != 0) return HSA_STATUS_ERROR_INVALID_INDEX;
  return put(value, attr == HSA_ISA_INFO_CALL_CONVENTION_INFO_WAVEFRONT_SIZE ? i->wavefront_size
                                                                             : i->waves_per_cu);
}

extern "C" hsa_status_t hsa_isa_get_info_alt(hsa_isa_t isa, hsa_isa_info_t attribute, void* value) {
  HSART_CHECK_INIT();
  const Isa* i = hsart::isa_from(isa);
  if (!i) return HSA_STATUS_ERROR_INVALID_ISA;
  if (!value) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  const int attr = static_cast<int>(attribute);
  // The call-convention attributes are for hsa_isa_get_info only.
  if (is_call_convention_attribute(attr)) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  return isa_info(*i, attr, value);
}

extern "C" hsa_status_t hsa_isa_iterate_wavefronts(
    hsa_isa_t isa, hsa_status_t (*callback)(hsa_wavefront_t wavefront, void* data), void* data) {
  HSART_CHECK_INIT();
  if (!hsart::isa_from(isa)) return HSA_STATUS_ERROR_INVALID_ISA;
  if (!callback) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  return callback(hsa_wavefront_t{reinterpret_cast<uint64_t>(&kWave64)}, data);
}

extern "C" hsa_status_t hsa_wavefront_get_info(hsa_wavefront_t wavefront,
                                               hsa_wavefront_info_t attribute, void* value) {
  HSART_CHECK_INIT();
  const Wavefront* w = wavefront_from(wavefront);
  if (!w) return HSA_STATUS_ERROR_INVALID_WAVEFRONT;
  if (!value || attribute != HSA_WAVEFRONT_INFO_SIZE) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  return put(value, w->size);
}

extern "C" hsa_status_t hsa_isa_compatible(hsa_isa_t code_object_isa, hsa_isa_t agent_isa,
                                           bool* result) {
  HSART_CHECK_INIT();
  if (!hsart::isa_from(code_object_isa) || !hsart::isa_from(agent_isa))
    return HSA_STATUS_ERROR_INVALID_ISA;
  if (!result) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  *result = code_object_isa.handle == agent_isa.handle;
  return HSA_STATUS_SUCCESS;
}
