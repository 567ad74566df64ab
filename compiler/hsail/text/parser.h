// HSAIL text to the in-memory module (PRM 4 syntax, 19 grammar). The parser
// appends BRIG entries in the order HSAILasm does, so the module it builds
// serializes to the same bytes. Text outside the supported subset is
// rejected with a SyntaxError ("not supported yet: ...") rather than guessed.
#pragma once

#include <string_view>

#include <hsail/brig/module.h>

namespace hsail {

// Parses a whole HSAIL module; throws SyntaxError on the first problem.
Module parse_hsail(std::string_view source);

}  // namespace hsail
