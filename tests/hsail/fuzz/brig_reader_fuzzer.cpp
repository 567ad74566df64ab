// libFuzzer target for the BRIG reader and the disassembler: any byte
// string is either loaded or rejected with a BrigError (bad header, section
// index, offsets out of range, entry chains that do not advance), and a
// loaded module either disassembles or is rejected with a BrigError, and
// validates or gets a ValidationError (or a BrigError for an entry the
// validator cannot read). A
// loaded module written out again must load back (the writer never produces
// BRIG the reader refuses). Any other exception, crash, hang or sanitizer
// report is a finding.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include <hsail/brig/error.h>
#include <hsail/brig/module.h>
#include <hsail/disasm/disassembler.h>
#include <hsail/validate/validator.h>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  hsail::Module m;
  try {
    m = hsail::Module::from_brig(data, size);
  } catch (const hsail::BrigError&) {
    return 0;  // rejected file: the expected outcome for most mutations
  }
  std::vector<uint8_t> again = m.to_brig();
  try {
    hsail::Module::from_brig(again.data(), again.size());
  } catch (const hsail::BrigError& e) {
    std::fprintf(stderr, "a loaded module writes BRIG the reader refuses: %s\n", e.what());
    std::abort();
  }
  try {
    hsail::disassemble(m);
  } catch (const hsail::BrigError&) {
    // malformed or unsupported entries found while printing
  }
  try {
    hsail::validate(m);
  } catch (const hsail::ValidationError&) {
    // an invalid module: the expected outcome for most mutations
  } catch (const hsail::BrigError&) {
    // an entry the validator cannot read
  }
  return 0;
}
