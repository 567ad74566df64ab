// The shape of hsainfo's output: banners, indented "label: value" lines in
// one column, and the runtime calls' failures turned into one exception so
// every section reads as straight-line code.
#pragma once

#include <hsa/hsa.h>

#include <cstdint>
#include <cstdio>
#include <stdexcept>
#include <string>

namespace hsainfo {

// A runtime call that failed: which call, which attribute, what status.
class RuntimeFailure : public std::runtime_error {
 public:
  RuntimeFailure(const std::string& call, hsa_status_t status);
  hsa_status_t status() const { return status_; }

 private:
  hsa_status_t status_;
};

// Throws RuntimeFailure unless status is SUCCESS (INFO_BREAK counts as
// success: iteration callbacks use it to stop early).
void check(hsa_status_t status, const std::string& call);

class Report {
 public:
  explicit Report(std::FILE* out) : out_(out) {}

  // A title between two rules of '=' (top level) or '*' (an item).
  void banner(const std::string& title, char rule = '=');
  void field(const std::string& label, const std::string& value);
  // "label:" followed by the lines printed until the matching close().
  void open(const std::string& label);
  void close();
  void blank();

 private:
  std::FILE* out_;
  int depth_ = 1;
};

// "1024 (0x400)": counts users compare with other tools in either base.
std::string count(uint64_t v);
// "65536 (64 KiB)": the largest binary unit that divides the size exactly.
std::string bytes(uint64_t v);
std::string yes_no(bool v);

}  // namespace hsainfo
