// What the MIMG families share (ops_mimg.cpp defines them, ops_mimg_sample.cpp
// uses them too): the fault for what is not implemented, the T# and format
// checks of an access, texel reads, DST_SEL and writing the returned values.
#pragma once

#include <cstdint>
#include <string>

#include "isa/instruction.h"
#include "wave/image_format.h"
#include "wave/image_texel.h"
#include "wave/wave.h"

namespace gcn {
namespace mimg {

void unsupported(Wave& w, const Inst& in, const std::string& what);

// An image access resolved for the whole wave: the T#, its type's
// coordinates and the texel format.
struct Access {
  img::Rsrc r;
  img::Dims d;
  img::Format f;
};

// Checks the instruction's modifiers and the T# (faulting the wave when
// something is not implemented); false after a fault.
bool prepare(Wave& w, const Inst& in, bool need_format, Access* a);

// Reads a texel's bytes; false after a memory fault.
bool read_texel(Wave& w, const Inst& in, uint64_t va, unsigned bytes, uint8_t* out);

// DST_SEL: returned component i is sel[i] of the texel's components.
uint32_t select(unsigned sel, const uint32_t comp[4], bool float_result);

// Returned values (DMASK's components, in order) into VDATA; d16 packs them.
void put_results(Wave& w, const Inst& in, unsigned l, const uint32_t* vals, unsigned n,
                 bool float_result);

// The sampling rows' semantics (ops_mimg_sample.cpp): image_sample*,
// image_gather4*, image_get_lod.
void sample(Wave& w, const Inst& in);

}  // namespace mimg
}  // namespace gcn
