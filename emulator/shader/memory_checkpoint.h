// Where a shader engine thread lets the host unmap memory: between quanta,
// it drops its waves' TLBs and the decoded instructions (code may be what
// was freed), then tells the address space it has seen the unmap.
#pragma once

#include <vector>

#include "decode_cache.h"
#include "memory/address_space.h"
#include "wave/wave.h"

namespace gcn {

inline void memory_checkpoint(AddressSpace::Reader& reader, std::vector<Wave>& waves,
                              DecodeCache& cache) {
  reader.checkpoint([&] {
    for (Wave& w : waves) w.tlb.valid = false;
    cache.clear();
  });
}

}  // namespace gcn
