#include "report.h"
#include "status_text.h"

namespace hsainfo {

namespace {

// Labels end in one column so values line up like rocminfo's.
constexpr size_t kLabelColumn = 36;

}  // namespace

RuntimeFailure::RuntimeFailure(const std::string& call, hsa_status_t status)
    : std::runtime_error(hsa_tools::describe_failure(call, status)), status_(status) {}

void check(hsa_status_t status, const std::string& call) {
  if (status != HSA_STATUS_SUCCESS && status != HSA_STATUS_INFO_BREAK)
    throw RuntimeFailure(call, status);
}

void Report::banner(const std::string& title, char rule) {
  const std::string line(title.size(), rule);
  std::fprintf(out_, "%s\n%s\n%s\n", line.c_str(), title.c_str(), line.c_str());
}

void Report::field(const std::string& label, const std::string& value) {
  std::string left(static_cast<size_t>(depth_) * 2, ' ');
  left += label + ":";
  if (left.size() < kLabelColumn)
    left.resize(kLabelColumn, ' ');
  else
    left += ' ';
  std::fprintf(out_, "%s%s\n", left.c_str(), value.c_str());
}

void Report::open(const std::string& label) {
  std::fprintf(out_, "%s%s:\n", std::string(static_cast<size_t>(depth_) * 2, ' ').c_str(),
               label.c_str());
  ++depth_;
}

void Report::close() {
  if (depth_ > 1) --depth_;
}

void Report::blank() { std::fputc('\n', out_); }

std::string count(uint64_t v) {
  char text[48];
  std::snprintf(text, sizeof text, "%llu (0x%llx)", static_cast<unsigned long long>(v),
                static_cast<unsigned long long>(v));
  return text;
}

std::string bytes(uint64_t v) {
  static const char* const kUnits[] = {"KiB", "MiB", "GiB", "TiB"};
  int unit = -1;
  double scaled = static_cast<double>(v);
  while (unit < 3 && scaled >= 1024) {
    scaled /= 1024;
    ++unit;
  }
  if (unit < 0) return std::to_string(v);
  char text[64];
  const bool whole = v % (uint64_t{1} << (10 * (unit + 1))) == 0;
  std::snprintf(text, sizeof text, whole ? "%llu (%.0f %s)" : "%llu (%.1f %s)",
                static_cast<unsigned long long>(v), scaled, kUnits[unit]);
  return text;
}

std::string yes_no(bool v) { return v ? "yes" : "no"; }

}  // namespace hsainfo
