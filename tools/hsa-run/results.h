// After the dispatch: --print, --save and --expect on buffer arguments.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "plan.h"

namespace hsarun {

// The elements printed on one line: "arg 0 (buf:f32:4096): 1 2 3 ... (16 of 4096)".
void print_buffer(size_t index, const Arg& arg, const uint8_t* data, uint64_t count,
                  uint64_t limit);

// Compares count elements with want (raw elements of arg's type); prints
// the first mismatches and their total to stderr. True when all match.
bool compare_buffer(size_t index, const Arg& arg, const uint8_t* got, uint64_t count,
                    const std::vector<uint8_t>& want, double tolerance);

}  // namespace hsarun
