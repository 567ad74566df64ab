#include "gcn_assembler.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <utility>

namespace gcn_test {

Assembly assemble_gfx900(const std::string& text) {
  Assembly out;
  char path[] = "/tmp/gcn_asm_XXXXXX";
  const int fd = mkstemp(path);
  if (fd < 0) {
    out.error = "mkstemp failed";
    return out;
  }
  {
    std::ofstream f(path);
    f << text << "\n";
  }
  close(fd);
  const std::string cmd =
      std::string("llvm-mc-14 -arch=amdgcn -mcpu=gfx900 -show-encoding ") + path + " 2>&1";
  FILE* p = popen(cmd.c_str(), "r");
  std::string all;
  char buf[4096];
  while (p && fgets(buf, sizeof(buf), p)) all += buf;
  const int rc = p ? pclose(p) : -1;
  std::remove(path);
  if (rc != 0) {
    out.error = all;
    return out;
  }
  // Lines look like: "s_mov_b32 s0, 1   ; encoding: [0x81,0x00,0x80,0xbe]".
  // A branch to a label shows its offset bytes as "A" and a fixup line
  // naming the label; labels are resolved here once every address is known.
  std::istringstream lines(all);
  std::string line;
  std::vector<uint8_t> bytes;
  std::map<std::string, size_t> labels;
  std::vector<std::pair<size_t, std::string>> branches;  // instruction offset, label
  size_t last_inst = 0;
  while (std::getline(lines, line)) {
    const auto at = line.find("encoding: [");
    if (at == std::string::npos) {
      const auto fix = line.find("value: ");
      if (line.find("fixup_si_sopp_br") != std::string::npos && fix != std::string::npos) {
        const auto start = fix + 7;
        branches.emplace_back(last_inst, line.substr(start, line.find(',', start) - start));
      } else if (!line.empty() && line.back() == ':' &&
                 line.find_first_of(" \t") == std::string::npos) {
        labels[line.substr(0, line.size() - 1)] = bytes.size();
      }
      continue;
    }
    last_inst = bytes.size();
    std::string list = line.substr(at + 11, line.find(']', at) - at - 11);
    std::istringstream items(list);
    std::string item;
    while (std::getline(items, item, ','))
      bytes.push_back(item == "A" ? 0 : static_cast<uint8_t>(std::stoul(item, nullptr, 16)));
  }
  for (const auto& [at, label] : branches) {
    const auto it = labels.find(label);
    if (it == labels.end()) {
      out.error = "undefined label " + label;
      return out;
    }
    // SOPP branch: simm16 dwords from the next instruction.
    const auto rel =
        static_cast<int16_t>((static_cast<int64_t>(it->second) - static_cast<int64_t>(at + 4)) / 4);
    bytes[at] = static_cast<uint8_t>(rel);
    bytes[at + 1] = static_cast<uint8_t>(static_cast<uint16_t>(rel) >> 8);
  }
  out.words.resize(bytes.size() / 4);
  for (size_t i = 0; i < out.words.size(); ++i)
    out.words[i] = bytes[4 * i] | bytes[4 * i + 1] << 8 | bytes[4 * i + 2] << 16 |
                   static_cast<uint32_t>(bytes[4 * i + 3]) << 24;
  return out;
}

}  // namespace gcn_test
