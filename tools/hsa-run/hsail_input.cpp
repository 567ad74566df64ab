#include "hsail_input.h"

#include <exception>
#include <string_view>

#include <finalizer/finalizer.h>
#include <hsail/brig/error.h>
#include <hsail/brig/module.h>
#include <hsail/text/parser.h>
#include <hsail/validate/validator.h>

namespace hsarun {

bool finalize_hsail(const std::string& path, bool text, std::vector<uint8_t>* bytes,
                    std::string* error) {
  try {
    const hsail::Module module =
        text ? hsail::parse_hsail(
                   std::string_view(reinterpret_cast<const char*>(bytes->data()), bytes->size()))
             : hsail::Module::from_brig(bytes->data(), bytes->size());
    hsail::validate(module);
    // Every agent of the runtime is a gfx900 (its one ISA).
    *bytes = hsail::finalizer::finalize(module, hsail::finalizer::Options{});
    return true;
  } catch (const hsail::SyntaxError& e) {
    *error = hsail::format_diagnostic(path, e);
  } catch (const hsail::ValidationError& e) {
    *error = hsail::format_diagnostic(path, e);
  } catch (const hsail::finalizer::FinalizeError& e) {
    *error = path + ":" + e.what();    // "line:column: ..." or "hsa_code@0x..: ..."
  } catch (const std::exception& e) {  // BrigError and the like
    *error = path + ": " + e.what();
  }
  return false;
}

}  // namespace hsarun
