// libFuzzer target for the HSAIL text parser and the validator: any byte
// string is either assembled or rejected with a SyntaxError, and an
// assembled module either validates or gets a ValidationError. Whatever is assembled must load
// back from its BRIG and disassemble, since the writer must never produce a
// file the reader refuses. Any other exception, crash or sanitizer report is
// a finding.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>
#include <vector>

#include <hsail/brig/error.h>
#include <hsail/brig/module.h>
#include <hsail/disasm/disassembler.h>
#include <hsail/text/parser.h>
#include <hsail/validate/validator.h>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::vector<uint8_t> brig;
  try {
    hsail::Module m =
        hsail::parse_hsail(std::string_view(reinterpret_cast<const char*>(data), size));
    brig = m.to_brig();
    hsail::validate(m);
  } catch (const hsail::SyntaxError&) {
    return 0;  // rejected input: the expected outcome for most mutations
  } catch (const hsail::ValidationError&) {
    // invalid module; its BRIG must still load back below
  }
  try {
    hsail::disassemble(hsail::Module::from_brig(brig.data(), brig.size()));
  } catch (const hsail::BrigError& e) {
    std::fprintf(stderr, "accepted text gives BRIG the reader refuses: %s\n", e.what());
    std::abort();
  }
  return 0;
}
