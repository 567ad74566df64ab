// HSAIL input for hsa-run: text is assembled and BRIG read with the HSAIL
// front end, both validated, then finalized in process into a code object
// that the rest of hsa-run loads like any other.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace hsarun {

// Replaces *bytes (HSAIL text when text is true, else BRIG) with a gfx900
// code object. False with *error set ("file:line:column: message" for
// text) when the module is invalid or the finalizer cannot translate it.
bool finalize_hsail(const std::string& path, bool text, std::vector<uint8_t>* bytes,
                    std::string* error);

}  // namespace hsarun
