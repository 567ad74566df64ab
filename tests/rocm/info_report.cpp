#include "info_report.h"

#include <cctype>
#include <cstdlib>
#include <sstream>

namespace rocm_test {
namespace {

std::string strip_ansi(const std::string& text) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\x1b' && i + 1 < text.size() && text[i + 1] == '[') {
      i += 2;
      while (i < text.size() && !std::isalpha(static_cast<unsigned char>(text[i]))) ++i;
      continue;
    }
    out += text[i];
  }
  return out;
}

std::string trim(const std::string& s) {
  const size_t b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos) return std::string();
  const size_t e = s.find_last_not_of(" \t\r");
  return s.substr(b, e - b + 1);
}

struct Line {
  size_t indent;
  std::string text;  // trimmed
};

// Banner lines ("*******", "=====", "*** Done ***") carry no attribute.
bool is_banner(const std::string& t) {
  return t.find_first_not_of("*= ") == std::string::npos || t.rfind("***", 0) == 0;
}

bool is_agent_heading(const std::string& t) {
  if (t.rfind("Agent ", 0) != 0) return false;
  const std::string n = t.substr(6);
  return !n.empty() && n.find_first_not_of("0123456789") == std::string::npos;
}

}  // namespace

InfoReport parse_info_report(const std::string& raw) {
  std::vector<Line> lines;
  std::istringstream in(strip_ansi(raw));
  std::string l;
  while (std::getline(in, l)) {
    const std::string t = trim(l);
    if (t.empty() || is_banner(t)) continue;
    lines.push_back({l.find_first_not_of(' '), t});
  }

  InfoReport report;
  Attributes* block = &report.system;
  std::vector<std::pair<size_t, std::string>> headings;  // (indent, name)
  for (size_t i = 0; i < lines.size(); ++i) {
    const Line& line = lines[i];
    const bool deeper_next = i + 1 < lines.size() && lines[i + 1].indent > line.indent;
    while (!headings.empty() && headings.back().first >= line.indent) headings.pop_back();

    std::string key, value;
    const size_t colon = line.text.find(':');
    if (colon != std::string::npos) {
      key = trim(line.text.substr(0, colon));
      value = trim(line.text.substr(colon + 1));
    } else if (deeper_next) {
      key = line.text;  // a heading such as "Pool 1" or "ISA 1"
    } else {
      // "x   1024(0x400)": rocminfo's per-dimension lines have no colon.
      const size_t space = line.text.find(' ');
      key = line.text.substr(0, space);
      value = space == std::string::npos ? std::string() : trim(line.text.substr(space));
    }

    if (line.indent == 0 && colon == std::string::npos) {
      if (is_agent_heading(line.text)) {
        report.agents.emplace_back();
        block = &report.agents.back();
      } else if (!deeper_next) {
        report.notes.push_back(line.text);
      }
      continue;  // section titles ("HSA Agents") only separate blocks
    }
    if (value.empty() && deeper_next) {
      headings.emplace_back(line.indent, key);
      continue;
    }
    std::string path;
    for (const auto& h : headings) path += h.second + "/";
    path += key;
    // rocminfo prints some keys twice in one block; the first one counts.
    block->emplace(path, value);
  }
  return report;
}

const Attributes* find_agent(const InfoReport& report, const std::string& type) {
  for (const Attributes& a : report.agents) {
    const auto t = attribute(a, "Device Type");
    if (t && *t == type) return &a;
  }
  return nullptr;
}

std::optional<std::string> attribute(const Attributes& a, const std::string& path) {
  const auto it = a.find(path);
  if (it == a.end()) return std::nullopt;
  return it->second;
}

std::optional<uint64_t> leading_number(const std::string& value) {
  if (value.empty() || !std::isdigit(static_cast<unsigned char>(value[0]))) return std::nullopt;
  return std::strtoull(value.c_str(), nullptr, 10);
}

}  // namespace rocm_test
