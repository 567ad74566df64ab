// Exception policies and rounding methods of an ISA (HSA 1.1), and the
// HSA 1.0 per-agent spelling of the exception query.
//
// Exception policies: gfx9 can raise IEEE exceptions as traps, but neither
// the code objects we load nor our finalizer enable them, and the HSAIL PRM
// (12.3) makes DETECT and BREAK optional in the base profile, so the mask is
// empty for both profiles. Rounding: gfx9 has native f16, f32 and f64
// arithmetic, so each result is rounded once, in the operation's own type,
// with or without flush to zero.
#include "runtime/init_check.h"
#include "runtime/isa.h"
#include "runtime/topology.h"

namespace {

bool valid_profile(hsa_profile_t p) { return p == HSA_PROFILE_BASE || p == HSA_PROFILE_FULL; }

}  // namespace

extern "C" hsa_status_t hsa_isa_get_exception_policies(hsa_isa_t isa, hsa_profile_t profile,
                                                       uint16_t* mask) {
  HSART_CHECK_INIT();
  if (!hsart::isa_from(isa)) return HSA_STATUS_ERROR_INVALID_ISA;
  if (!mask || !valid_profile(profile)) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  *mask = 0;
  return HSA_STATUS_SUCCESS;
}

extern "C" hsa_status_t hsa_agent_get_exception_policies(hsa_agent_t agent, hsa_profile_t profile,
                                                         uint16_t* mask) {
  HSART_CHECK_INIT();
  const hsart::Agent* a = hsart::agent_from(agent);
  if (!a) return HSA_STATUS_ERROR_INVALID_AGENT;
  if (!mask || !valid_profile(profile)) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  *mask = 0;
  return HSA_STATUS_SUCCESS;
}

extern "C" hsa_status_t hsa_isa_get_round_method(hsa_isa_t isa, hsa_fp_type_t fp_type,
                                                 hsa_flush_mode_t flush_mode,
                                                 hsa_round_method_t* round_method) {
  HSART_CHECK_INIT();
  if (!hsart::isa_from(isa)) return HSA_STATUS_ERROR_INVALID_ISA;
  const bool type_ok =
      fp_type == HSA_FP_TYPE_16 || fp_type == HSA_FP_TYPE_32 || fp_type == HSA_FP_TYPE_64;
  const bool flush_ok = flush_mode == HSA_FLUSH_MODE_FTZ || flush_mode == HSA_FLUSH_MODE_NON_FTZ;
  if (!round_method || !type_ok || !flush_ok) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  *round_method = HSA_ROUND_METHOD_SINGLE;
  return HSA_STATUS_SUCCESS;
}
