// Errors of the HSAIL front end. Text errors carry a source position and
// print as "file:line:column: message"; BRIG errors carry the section and
// offset of the bad entry.
#pragma once

#include <stdexcept>
#include <string>

namespace hsail {

struct SourcePos {
  int line = 1;
  int column = 1;
};

// Thrown by the lexer and parser; the tool catches it and prints it.
class SyntaxError : public std::runtime_error {
 public:
  SyntaxError(SourcePos pos, const std::string& msg) : std::runtime_error(msg), pos_(pos) {}
  SourcePos pos() const { return pos_; }

 private:
  SourcePos pos_;
};

// Thrown for malformed BRIG (reader and disassembler).
class BrigError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// "file:line:column: message"
std::string format_diagnostic(const std::string& file, const SyntaxError& e);

}  // namespace hsail
