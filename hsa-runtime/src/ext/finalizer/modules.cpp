// hsa_ext_module_t -> a checked module: the application's pointer is a
// BRIG file in memory whose header gives its size. It is read with the
// HSAIL front end's BRIG reader and judged by its validator, so a module
// the finalizer is given later is well formed; its module directive gives
// the machine model and profile the program compares, and the rounding.
#include <cstring>
#include <exception>

#include <hsail/brig/error.h>
#include <hsail/brig/module.h>
#include <hsail/validate/validator.h>

#include "brig.h"
#include "ext/finalizer/finalizer.h"

namespace hsart::finalizer {
namespace {

Failure invalid(const std::string& why) {
  return Failure(HSA_EXT_STATUS_ERROR_INVALID_MODULE, "invalid BRIG module: " + why);
}

// BRIG's float rounding (the module directive's) as the runtime's enum.
hsa_default_float_rounding_mode_t rounding_of(uint8_t round) {
  switch (round) {
    case FW_BRIG_ROUND_FLOAT_ZERO:
      return HSA_DEFAULT_FLOAT_ROUNDING_MODE_ZERO;
    case FW_BRIG_ROUND_FLOAT_NEAR_EVEN:
      return HSA_DEFAULT_FLOAT_ROUNDING_MODE_NEAR;
    default:  // the validator allows only these three
      return HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT;
  }
}

// The module directive (PRM 18.3.23), found by the BRIG reader's one rule
// for where it lies (comments, loc and pragmas may come before it).
void read_module_directive(const hsail::Module& m, LoadedModule* out) {
  const uint32_t first = m.module_directive();
  const auto d = m.code_entry<fw_brig_directive_module>(first);
  out->machine_model =
      d.machine_model == FW_BRIG_MACHINE_LARGE ? HSA_MACHINE_MODEL_LARGE : HSA_MACHINE_MODEL_SMALL;
  out->profile = d.profile == FW_BRIG_PROFILE_FULL ? HSA_PROFILE_FULL : HSA_PROFILE_BASE;
  out->rounding = rounding_of(d.default_float_round);
}

}  // namespace

LoadedModule load_module(hsa_ext_module_t handle) {
  fw_brig_module_header header;
  std::memcpy(&header, handle, sizeof header);
  if (std::memcmp(header.identification, "HSA BRIG", 8) != 0)
    throw invalid("no \"HSA BRIG\" identification");
  if (header.byte_count < sizeof header) throw invalid("byte_count is smaller than the header");
  LoadedModule out;
  out.handle = handle;
  try {
    auto m = std::make_shared<hsail::Module>(hsail::Module::from_brig(
        reinterpret_cast<const uint8_t*>(handle), static_cast<size_t>(header.byte_count)));
    hsail::validate(*m);
    read_module_directive(*m, &out);
    out.brig = std::move(m);
    const auto* first = reinterpret_cast<const uint8_t*>(handle);
    out.bytes = std::make_shared<const std::vector<uint8_t>>(
        first, first + static_cast<size_t>(header.byte_count));
  } catch (const hsail::ValidationError& e) {
    throw invalid("hsa_code@" + std::to_string(e.code_offset()) + ": " + e.what());
  } catch (const hsail::BrigError& e) {
    throw invalid(e.what());
  }
  return out;
}

}  // namespace hsart::finalizer
