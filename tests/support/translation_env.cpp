#include "translation_env.h"

#include <cstdio>
#include <cstdlib>
#include <string>

namespace gcn_test {

void translation_from_env(gcn::ShaderEngine& engine) {
  gcn::TranslationOptions t;
  std::string error;
  if (!gcn::parse_translation(std::getenv("GCN_EMU_TRANSLATE"),
                              std::getenv("GCN_EMU_TRANSLATE_THRESHOLD"), &t, &error)) {
    std::fprintf(stderr, "test host: %s\n", error.c_str());
    std::abort();
  }
  engine.set_translation(t);
}

}  // namespace gcn_test
