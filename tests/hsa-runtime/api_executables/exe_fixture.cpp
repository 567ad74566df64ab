// The fixture and the oracle/dispatch helpers of exe_fixture.h.
#include "exe_fixture.h"

#include <cctype>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <memory>
#include <sstream>

#include "thunk_gpu.h"

namespace exe_test {

std::string KernelPath(const std::string& source, const std::string& variant) {
  return std::string(EXE_KERNEL_DIR) + "/" + source + "." + variant + ".co";
}

std::vector<uint8_t> ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::vector<uint8_t>(std::istreambuf_iterator<char>(in), {});
}

namespace {

std::string Run(const std::string& args, const std::string& path) {
  const std::string cmd = std::string(LLVM_READELF) + " " + args + " " + path;
  std::unique_ptr<FILE, int (*)(FILE*)> p(popen(cmd.c_str(), "r"), pclose);
  std::string out;
  if (!p) return out;
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, p.get())) > 0) out.append(buf, n);
  return out;
}

// "    .kernarg_segment_size: 28" -> key ".kernarg_segment_size", value "28".
bool KeyValue(const std::string& line, std::string* key, std::string* value) {
  std::istringstream in(line);
  std::string k;
  if (!(in >> k) || k.empty() || k.back() != ':') return false;
  k.pop_back();
  *key = k;
  std::getline(in >> std::ws, *value);
  return true;
}

}  // namespace

std::map<std::string, OracleSymbol> OracleSymbols(const std::string& path) {
  std::map<std::string, OracleSymbol> out;
  std::istringstream in(Run("--syms", path));
  std::string line;
  bool symtab = false;
  while (std::getline(in, line)) {
    if (line.find("Symbol table '") != std::string::npos) {
      symtab = line.find("'.symtab'") != std::string::npos;
      continue;
    }
    if (!symtab) continue;
    std::istringstream f(line);
    std::string num, value, size, type, bind, vis, ndx, name;
    if (!(f >> num >> value >> size >> type >> bind >> vis >> ndx >> name)) continue;
    if (num.back() != ':' || !std::isdigit(static_cast<unsigned char>(num[0]))) continue;
    OracleSymbol s;
    s.value = std::stoull(value, nullptr, 16);
    s.size = std::stoull(size, nullptr, 0);
    s.type = type;
    s.bind = bind;
    s.defined = ndx != "UND";
    out[name] = s;
  }
  return out;
}

std::map<std::string, OracleKernel> OracleKernels(const std::string& path) {
  std::map<std::string, OracleKernel> out;
  std::istringstream in(Run("--notes", path));
  std::string line, key, value;
  OracleKernel pending;  // v3+ lists a kernel's keys alphabetically, .name among them
  std::string current;   // v2 names the kernel first
  while (std::getline(in, line)) {
    // A kernel's name is at column 4 ("    .name: k" or "  - Name: k");
    // its arguments' names are deeper. The other keys are unique.
    const size_t col = line.find_first_not_of(" -");
    const bool item = line.find("- ") != std::string::npos && line.find("- ") < col;
    if (col == std::string::npos || !KeyValue(line.substr(col), &key, &value)) continue;
    if ((key == "Name" || key == ".name") && col != 4) continue;
    if (key == "Name" && item) {
      current = value;
      continue;
    }
    OracleKernel* k = current.empty() ? &pending : &out[current];
    if (key == ".kernarg_segment_size" || key == "KernargSegmentSize")
      k->kernarg_size = std::stoull(value);
    else if (key == ".kernarg_segment_align" || key == "KernargSegmentAlign")
      k->kernarg_align = std::stoull(value);
    else if (key == ".group_segment_fixed_size" || key == "GroupSegmentFixedSize")
      k->group = std::stoull(value);
    else if (key == ".private_segment_fixed_size" || key == "PrivateSegmentFixedSize")
      k->priv = std::stoull(value);
    else if (key == ".name" && current.empty()) {
      out[value] = pending;  // keys after .name follow below
      pending = OracleKernel{};
    }
  }
  return out;
}

bool Dispatch(uint64_t kernel_object, const std::vector<uint8_t>& kernargs, uint32_t n) {
  const int node = hsakmt_test::first_gpu_node();
  if (node < 0) return false;
  hsakmt_test::AqlQueue q(static_cast<uint32_t>(node));
  if (q.status() != HSAKMT_STATUS_SUCCESS) return false;
  void* args = hsakmt_test::alloc_system(4096);
  if (!args || kernargs.size() > 4096) return false;
  std::memcpy(args, kernargs.data(), kernargs.size());
  hsakmt_test::Signal done;
  const uint32_t grid[3] = {n, 1, 1};
  const uint16_t group[3] = {64, 1, 1};
  auto pkt = hsakmt_test::AqlQueue::dispatch(kernel_object, grid, group, 1, args, done.address());
  q.submit(&pkt);
  const bool ok = done.wait_zero(20000);
  hsakmt_test::free_system(args, 4096);
  return ok;
}

}  // namespace exe_test

void ApiExecutableTest::SetUp() {
  ASSERT_EQ(hsa_init(), HSA_STATUS_SUCCESS);
  hsa_iterate_agents(
      [](hsa_agent_t a, void* data) {
        auto* self = static_cast<ApiExecutableTest*>(data);
        hsa_device_type_t t{};
        hsa_agent_get_info(a, HSA_AGENT_INFO_DEVICE, &t);
        if (t == HSA_DEVICE_TYPE_GPU && self->gpu_.handle == 0) self->gpu_ = a;
        if (t == HSA_DEVICE_TYPE_CPU && self->cpu_.handle == 0) self->cpu_ = a;
        return HSA_STATUS_SUCCESS;
      },
      this);
  ASSERT_NE(gpu_.handle, 0u) << "no GPU agent";
  ASSERT_NE(cpu_.handle, 0u) << "no CPU agent";
}

void ApiExecutableTest::TearDown() {
  // Whatever a test destroyed itself reports INVALID_*; both are fine here.
  for (hsa_executable_t e : executables_) hsa_executable_destroy(e);
  for (hsa_code_object_reader_t r : readers_) hsa_code_object_reader_destroy(r);
  EXPECT_EQ(hsa_shut_down(), HSA_STATUS_SUCCESS);
}

hsa_code_object_reader_t ApiExecutableTest::Reader(const std::vector<uint8_t>& bytes) {
  hsa_code_object_reader_t r{0};
  buffers_.push_back(bytes);
  EXPECT_EQ(
      hsa_code_object_reader_create_from_memory(buffers_.back().data(), buffers_.back().size(), &r),
      HSA_STATUS_SUCCESS);
  readers_.push_back(r);
  return r;
}

hsa_executable_t ApiExecutableTest::NewExecutable() {
  hsa_executable_t e{0};
  EXPECT_EQ(hsa_executable_create_alt(HSA_PROFILE_BASE, HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT,
                                      nullptr, &e),
            HSA_STATUS_SUCCESS);
  executables_.push_back(e);
  return e;
}

hsa_status_t ApiExecutableTest::LoadFile(hsa_executable_t exe, const std::string& source,
                                         const std::string& variant) {
  const std::vector<uint8_t> bytes = exe_test::ReadFile(exe_test::KernelPath(source, variant));
  EXPECT_FALSE(bytes.empty()) << exe_test::KernelPath(source, variant);
  return hsa_executable_load_agent_code_object(exe, gpu_, Reader(bytes), nullptr, nullptr);
}

hsa_executable_symbol_t ApiExecutableTest::Symbol(hsa_executable_t exe, const char* name) {
  hsa_executable_symbol_t s{0};
  EXPECT_EQ(hsa_executable_get_symbol_by_name(exe, name, &gpu_, &s), HSA_STATUS_SUCCESS) << name;
  return s;
}

namespace exe_test {

std::string SymbolName(hsa_executable_symbol_t s) {
  uint32_t len = 0;
  EXPECT_EQ(hsa_executable_symbol_get_info(s, HSA_EXECUTABLE_SYMBOL_INFO_NAME_LENGTH, &len),
            HSA_STATUS_SUCCESS);
  std::string name(len, '\0');
  EXPECT_EQ(hsa_executable_symbol_get_info(s, HSA_EXECUTABLE_SYMBOL_INFO_NAME, name.data()),
            HSA_STATUS_SUCCESS);
  return name;
}

}  // namespace exe_test
