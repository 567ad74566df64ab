// Buffer contents on the host: initial values from a fill pattern or a
// file, and the raw files --save writes and --expect reads.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "plan.h"

namespace hsarun {

// The initial bytes of a buffer argument (its count taken from the file
// for a file fill); false with *error on an unreadable file, a size that
// is not COUNT elements, or a pattern value that does not parse.
bool initial_contents(const Arg& arg, std::vector<uint8_t>* out, std::string* error);

bool read_file(const std::string& path, std::vector<uint8_t>* out, std::string* error);
bool write_file(const std::string& path, const void* data, size_t size, std::string* error);

// The random pattern's generator (splitmix64), documented so that others
// can reproduce a buffer: element i takes the i-th output.
uint64_t splitmix64(uint64_t* state);

}  // namespace hsarun
