#include "test_files.h"

#include <cstdio>
#include <fstream>
#include <iterator>
#include <memory>
#include <sstream>

namespace hsart::loader::test {

std::string KernelPath(const std::string& variant) {
  return std::string(LOADER_KERNEL_DIR) + "/loader_kernels." + variant + ".co";
}

std::vector<uint8_t> ReadFile(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  return std::vector<uint8_t>(std::istreambuf_iterator<char>(f), {});
}

std::string Readelf(const std::string& args, const std::string& path) {
  const std::string cmd = std::string(LLVM_READELF) + " " + args + " '" + path + "'";
  std::unique_ptr<FILE, int (*)(FILE*)> p(popen(cmd.c_str(), "r"), pclose);
  std::string out;
  if (!p) return out;
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof(buf), p.get())) > 0) out.append(buf, n);
  return out;
}

namespace {

// One "key: value" line of llvm-readelf's YAML: indentation of the key,
// whether a "- " list marker preceded it, key and value.
struct YamlLine {
  size_t indent = 0;
  bool item = false;
  std::string key, value;
};

bool SplitYaml(const std::string& line, YamlLine* out) {
  size_t i = line.find_first_not_of(' ');
  if (i == std::string::npos) return false;
  out->item = line.compare(i, 2, "- ") == 0;
  if (out->item) i = line.find_first_not_of(' ', i + 2);
  if (i == std::string::npos) return false;
  const size_t colon = line.find(':', i);
  if (colon == std::string::npos) return false;
  out->indent = i;
  out->key = line.substr(i, colon - i);
  const size_t v = line.find_first_not_of(' ', colon + 1);
  out->value = v == std::string::npos ? "" : line.substr(v);
  if (out->value.size() >= 2 && out->value.front() == '\'') {
    out->value = out->value.substr(1, out->value.size() - 2);
  }
  return true;
}

}  // namespace

std::map<std::string, OracleKernel> OracleKernels(const std::string& path) {
  std::istringstream in(Readelf("--notes", path));
  std::map<std::string, OracleKernel> out;
  std::string name, line;
  OracleKernel cur;
  bool open = false;
  auto flush = [&] {
    if (open && !name.empty()) out[name] = cur;
    cur = OracleKernel{};
    name.clear();
    open = false;
  };
  while (std::getline(in, line)) {
    YamlLine y;
    if (!SplitYaml(line, &y)) continue;
    const uint64_t num = std::strtoull(y.value.c_str(), nullptr, 0);
    if (y.item && y.indent == 4) {  // a new kernel in the list
      flush();
      open = true;
    }
    if (!open) continue;
    if (y.indent == 4 && (y.key == ".name" || y.key == "Name")) name = y.value;
    if (y.item && y.indent == 8) {  // a new argument
      cur.arg_sizes.push_back(0);
      cur.arg_offsets.push_back(0);
    }
    if (y.indent == 8 && !cur.arg_sizes.empty()) {
      if (y.key == ".size" || y.key == "Size") cur.arg_sizes.back() = num;
      if (y.key == ".offset") cur.arg_offsets.back() = num;
    }
    if (y.key == ".kernarg_segment_size" || y.key == "KernargSegmentSize") cur.kernarg_size = num;
    if (y.key == ".kernarg_segment_align" || y.key == "KernargSegmentAlign")
      cur.kernarg_align = num;
    if (y.key == ".group_segment_fixed_size" || y.key == "GroupSegmentFixedSize") cur.group = num;
    if (y.key == ".private_segment_fixed_size" || y.key == "PrivateSegmentFixedSize")
      cur.priv = num;
    if (y.key == ".sgpr_count" || y.key == "NumSGPRs") cur.sgprs = num;
    if (y.key == ".vgpr_count" || y.key == "NumVGPRs") cur.vgprs = num;
  }
  flush();
  return out;
}

std::map<std::string, uint64_t> OracleSymbols(const std::string& path) {
  std::istringstream in(Readelf("--syms", path));
  std::map<std::string, uint64_t> out;
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream f(line);
    std::string num, value, size, type, bind, vis, ndx, name;
    if (!(f >> num >> value >> size >> type >> bind >> vis >> ndx >> name)) continue;
    if (num.empty() || num.back() != ':' || ndx == "UND") continue;
    out[name] = std::strtoull(value.c_str(), nullptr, 16);
  }
  return out;
}

}  // namespace hsart::loader::test
