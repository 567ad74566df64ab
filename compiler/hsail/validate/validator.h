// The HSAIL validator (PRM chapters 4-16): the rules a module must follow
// beyond its syntax, checked on the module itself so that text and BRIG
// input get the same judgement. HSAILasm validates every module it
// assembles; hsailasm does the same, and -validate runs only this pass.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

#include <hsail/brig/module.h>

namespace hsail {

// The first rule a module breaks. code_offset is the hsa_code entry (the
// instruction or directive); pos is its source position when the module
// came from text (the operand's own position when one operand is at fault).
class ValidationError : public std::runtime_error {
 public:
  ValidationError(uint32_t code_offset, const SourcePos* pos, const std::string& msg)
      : std::runtime_error(msg), code_offset_(code_offset), has_pos_(pos != nullptr) {
    if (pos) pos_ = *pos;
  }
  uint32_t code_offset() const { return code_offset_; }
  const SourcePos* pos() const { return has_pos_ ? &pos_ : nullptr; }

 private:
  uint32_t code_offset_;
  bool has_pos_;
  SourcePos pos_;
};

// Throws ValidationError for the first broken rule, BrigError when an entry
// cannot even be read.
void validate(const Module& m);

// "file:line:column: message" for text, "file: hsa_code@0x1c4: message" for
// BRIG input.
std::string format_diagnostic(const std::string& file, const ValidationError& e);

}  // namespace hsail
