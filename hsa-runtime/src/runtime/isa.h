// The instruction sets the runtime knows (the table is in
// runtime/topology.cpp, the hsa_isa_* API in runtime/isa.cpp); an Isa's
// address is its hsa_isa_t handle.
#pragma once

#include <hsa/hsa.h>

#include <cstdint>
#include <vector>

namespace hsart {

struct Isa {
  const char* name;   // "amdgcn-amd-amdhsa--gfx900"
  const char* alias;  // the HSA 1.0 style name some programs still pass
  const char* gfx;    // the target an agent of this ISA is named after
  uint32_t wavefront_size;
  uint32_t waves_per_cu;  // the call convention's wavefronts per compute unit
};

// The ISA table.
const std::vector<Isa>& isas();

// Handle <-> ISA, checked against the table (a stale or made-up handle
// gives nullptr, never a wild pointer).
const Isa* isa_from(hsa_isa_t isa);
hsa_isa_t handle_of(const Isa* isa);

}  // namespace hsart
