#include "gcn_assembler.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

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
  std::istringstream lines(all);
  std::string line;
  std::vector<uint8_t> bytes;
  while (std::getline(lines, line)) {
    const auto at = line.find("encoding: [");
    if (at == std::string::npos) continue;
    std::string list = line.substr(at + 11, line.find(']', at) - at - 11);
    std::istringstream items(list);
    std::string item;
    while (std::getline(items, item, ','))
      bytes.push_back(static_cast<uint8_t>(std::stoul(item, nullptr, 16)));
  }
  out.words.resize(bytes.size() / 4);
  for (size_t i = 0; i < out.words.size(); ++i)
    out.words[i] = bytes[4 * i] | bytes[4 * i + 1] << 8 | bytes[4 * i + 2] << 16 |
                   static_cast<uint32_t>(bytes[4 * i + 3]) << 24;
  return out;
}

}  // namespace gcn_test
