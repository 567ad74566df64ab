#include "metadata_v2.h"

#include <cctype>
#include <sstream>

namespace hsart::loader {
namespace {

// Indentation LLVM's YAML writer uses for these fields.
constexpr size_t kKernelIndent = 4;  // "  - Name:", "    Args:"
constexpr size_t kArgIndent = 8;     // "      - Size:", "        Align:"
constexpr uint64_t kMaxArgBytes = 1u << 20;

struct Line {
  size_t indent = 0;  // column of the key
  bool item = false;  // "- " precedes the key
  std::string key, value;
};

bool Split(const std::string& text, Line* out) {
  size_t i = text.find_first_not_of(' ');
  if (i == std::string::npos) return false;
  out->item = text.compare(i, 2, "- ") == 0;
  if (out->item) i = text.find_first_not_of(' ', i + 2);
  if (i == std::string::npos) return false;
  const size_t colon = text.find(':', i);
  if (colon == std::string::npos) return false;
  out->indent = i;
  out->key = text.substr(i, colon - i);
  const size_t v = text.find_first_not_of(' ', colon + 1);
  out->value = v == std::string::npos ? "" : text.substr(v);
  if (out->value.size() >= 2 && out->value.front() == '\'' && out->value.back() == '\'')
    out->value = out->value.substr(1, out->value.size() - 2);
  return true;
}

bool Number(const std::string& s, uint64_t* out) {
  if (s.empty() || s.size() > 12) return false;
  uint64_t v = 0;
  for (char c : s) {
    if (!std::isdigit(static_cast<unsigned char>(c))) return false;
    v = v * 10 + static_cast<uint64_t>(c - '0');
  }
  *out = v;
  return true;
}

// "HiddenGlobalOffsetX" -> "hidden_global_offset_x".
std::string SnakeCase(const std::string& camel) {
  std::string out;
  for (char c : camel) {
    if (std::isupper(static_cast<unsigned char>(c))) {
      if (!out.empty()) out += '_';
      out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    } else {
      out += c;
    }
  }
  return out;
}

}  // namespace

bool ParseV2Args(const std::string& yaml, std::map<std::string, std::vector<KernelArg>>* out,
                 std::string* error) {
  std::istringstream in(yaml);
  std::string text, kernel;
  std::vector<KernelArg> args;
  std::vector<uint64_t> aligns;
  bool in_kernels = false, in_args = false, open = false;
  size_t line_no = 0;
  auto fail = [&](const std::string& why) {
    *error = "v2 metadata line " + std::to_string(line_no) + ": " + why;
    return false;
  };
  // Lays out the finished kernel's arguments: each at its alignment.
  auto flush = [&]() {
    if (!open) return true;
    uint64_t end = 0;
    for (size_t i = 0; i < args.size(); ++i) {
      const uint64_t a = aligns[i] ? aligns[i] : 1;
      end = (end + a - 1) / a * a;
      args[i].offset = end;
      end += args[i].size;
    }
    if (kernel.empty()) return fail("kernel without a Name");
    (*out)[kernel] = std::move(args);
    args.clear();
    aligns.clear();
    kernel.clear();
    open = false;
    return true;
  };
  while (std::getline(in, text)) {
    ++line_no;
    Line l;
    if (!Split(text, &l)) continue;
    if (l.indent == 0) {
      if (!flush()) return false;
      in_kernels = l.key == "Kernels";
      continue;
    }
    if (!in_kernels) continue;
    if (l.item && l.indent == kKernelIndent) {
      if (!flush()) return false;
      open = true;
      in_args = false;
    }
    if (!open) continue;
    if (l.indent == kKernelIndent) {
      in_args = l.key == "Args";
      if (l.key == "Name") kernel = l.value;
      continue;
    }
    if (!in_args || l.indent != kArgIndent) continue;
    if (l.item) {
      args.emplace_back();
      aligns.push_back(0);
    }
    if (args.empty()) return fail("argument field outside an argument");
    uint64_t n = 0;
    if (l.key == "Size") {
      if (!Number(l.value, &n) || n > kMaxArgBytes) return fail("bad Size '" + l.value + "'");
      args.back().size = n;
    } else if (l.key == "Align") {
      if (!Number(l.value, &n) || n == 0 || n > kMaxArgBytes || (n & (n - 1)))
        return fail("bad Align '" + l.value + "'");
      aligns.back() = n;
    } else if (l.key == "ValueKind") {
      args.back().value_kind = SnakeCase(l.value);
    } else if (l.key == "Name") {
      args.back().name = l.value;
    }
  }
  return flush();
}

}  // namespace hsart::loader
