// The test hosts' reading of $GCN_EMU_TRANSLATE and
// $GCN_EMU_TRANSLATE_THRESHOLD (as libhsakmt's emulated KFD reads them),
// so that a test binary runs under each translation mode unchanged.
#pragma once

#include "shader/shader_engine.h"

namespace gcn_test {

// The engine's translation as the environment says; a value that cannot be
// read aborts the test program with a message.
void translation_from_env(gcn::ShaderEngine& engine);

}  // namespace gcn_test
