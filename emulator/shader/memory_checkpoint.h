// Where a shader engine thread lets the host unmap memory: between slices,
// it drops its waves' TLBs and the decoded instructions (code may be what
// was freed), then tells the address space it has seen the unmap.
#pragma once

#include "decode_cache.h"
#include "memory/address_space.h"
#include "wave/wave.h"

namespace gcn {

// for_each_wave(drop_tlb) calls drop_tlb(wave) on every wave the thread
// holds; it runs only when something was unmapped since the last time.
template <class ForEachWave>
inline void memory_checkpoint(AddressSpace::Reader& reader, DecodeCache& cache,
                              ForEachWave for_each_wave) {
  reader.checkpoint([&] {
    for_each_wave([](Wave& w) { w.tlb.invalidate(); });
    cache.clear();
  });
}

}  // namespace gcn
