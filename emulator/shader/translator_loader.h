// Finds the translator plugin (libgcn-translate.so.1) on first use.
#pragma once

#include <string>

#include "translate/translator.h"

namespace gcn {

// The translator, loaded once per process; nullptr when it cannot be (the
// reason, printed once to stderr, in *why). Looked for next to the library
// or program that holds the engine (libhsakmt.so.1, or the thunk's
// directory relative to gcn-vgpud), then in the install's thunk directory
// (HSA_GCN_THUNK_LIBDIR), then in the build tree.
const TranslatorApi* translator_api(std::string* why = nullptr);

}  // namespace gcn
