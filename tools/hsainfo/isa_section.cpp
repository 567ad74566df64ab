// An agent's ISAs (hsa_agent_iterate_isas) with hsa_isa_get_info_alt's
// attributes and the wavefronts each ISA supports.
#include <string>
#include <vector>

#include "names.h"
#include "query.h"
#include "sections.h"

namespace hsainfo {

namespace {

using Bools2 = std::array<bool, 2>;  // one flag per machine model or profile
using Bools3 = std::array<bool, 3>;  // one flag per rounding mode
using Dims16 = std::array<uint16_t, 3>;

template <size_t N>
std::string supported(const std::array<bool, N>& which, std::string (*name)(uint32_t)) {
  std::string out;
  for (uint32_t i = 0; i < N; ++i) {
    if (!which[i]) continue;
    if (!out.empty()) out += ", ";
    out += name(i);
  }
  return out.empty() ? "none" : out;
}

std::string isa_name(hsa_isa_t isa) {
  const auto length = HSAINFO_ISA(uint32_t, isa, HSA_ISA_INFO_NAME_LENGTH);
  std::vector<char> name(length + 1, '\0');
  check(hsa_isa_get_info_alt(isa, HSA_ISA_INFO_NAME, name.data()),
        "hsa_isa_get_info_alt(HSA_ISA_INFO_NAME)");
  return std::string(name.data());
}

std::string wavefront_sizes(hsa_isa_t isa) {
  std::vector<uint32_t> sizes;
  check(hsa_isa_iterate_wavefronts(
            isa,
            [](hsa_wavefront_t w, void* out) {
              uint32_t size = 0;
              const hsa_status_t s = hsa_wavefront_get_info(w, HSA_WAVEFRONT_INFO_SIZE, &size);
              if (s == HSA_STATUS_SUCCESS)
                static_cast<std::vector<uint32_t>*>(out)->push_back(size);
              return s;
            },
            &sizes),
        "hsa_isa_iterate_wavefronts");
  std::string out;
  for (uint32_t s : sizes) out += (out.empty() ? "" : ", ") + std::to_string(s);
  return out.empty() ? "none" : out;
}

void print_isa(Report& r, hsa_isa_t isa, int index) {
  r.open("ISA " + std::to_string(index));
  r.field("Name", isa_name(isa));
  r.field("Machine Models",
          supported(HSAINFO_ISA(Bools2, isa, HSA_ISA_INFO_MACHINE_MODELS), machine_model_name));
  r.field("Profiles", supported(HSAINFO_ISA(Bools2, isa, HSA_ISA_INFO_PROFILES), profile_name));
  r.field("Default Rounding Modes",
          supported(HSAINFO_ISA(Bools3, isa, HSA_ISA_INFO_DEFAULT_FLOAT_ROUNDING_MODES),
                    rounding_mode_name));
  r.field(
      "Base Profile Rounding Modes",
      supported(HSAINFO_ISA(Bools3, isa, HSA_ISA_INFO_BASE_PROFILE_DEFAULT_FLOAT_ROUNDING_MODES),
                rounding_mode_name));
  r.field("Fast F16", yes_no(HSAINFO_ISA(bool, isa, HSA_ISA_INFO_FAST_F16_OPERATION)));
  r.field("Wavefront Sizes", wavefront_sizes(isa));
  r.field("Workgroup Max Size", count(HSAINFO_ISA(uint32_t, isa, HSA_ISA_INFO_WORKGROUP_MAX_SIZE)));
  const auto wg = HSAINFO_ISA(Dims16, isa, HSA_ISA_INFO_WORKGROUP_MAX_DIM);
  r.field("Workgroup Max Dims", "x " + std::to_string(wg[0]) + ", y " + std::to_string(wg[1]) +
                                    ", z " + std::to_string(wg[2]));
  r.field("Grid Max Size", count(HSAINFO_ISA(uint64_t, isa, HSA_ISA_INFO_GRID_MAX_SIZE)));
  const auto grid = HSAINFO_ISA(hsa_dim3_t, isa, HSA_ISA_INFO_GRID_MAX_DIM);
  r.field("Grid Max Dims", "x " + std::to_string(grid.x) + ", y " + std::to_string(grid.y) +
                               ", z " + std::to_string(grid.z));
  r.field("FBarrier Max Size",
          std::to_string(HSAINFO_ISA(uint32_t, isa, HSA_ISA_INFO_FBARRIER_MAX_SIZE)));
  r.close();
}

}  // namespace

void print_isas(Report& r, hsa_agent_t agent) {
  std::vector<hsa_isa_t> isas;
  check(hsa_agent_iterate_isas(
            agent,
            [](hsa_isa_t isa, void* out) {
              static_cast<std::vector<hsa_isa_t>*>(out)->push_back(isa);
              return HSA_STATUS_SUCCESS;
            },
            &isas),
        "hsa_agent_iterate_isas");
  r.open("ISAs");
  if (isas.empty()) r.field("ISA", "none (the agent runs no HSA kernels)");
  for (size_t i = 0; i < isas.size(); ++i) print_isa(r, isas[i], static_cast<int>(i));
  r.close();
}

}  // namespace hsainfo
