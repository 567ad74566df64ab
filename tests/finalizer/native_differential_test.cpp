// Differential test of the finalizer against the native oracle: integer
// arithmetic, logic and bit-string kernels generated from a table, each run
// over the same inputs natively (gccbrig-11 + libhsail-rt on the host) and
// on the emulated gfx900 (finalize() + our runtime), the stored results
// compared bit for bit. The inputs mix edge values with pseudo-random ones
// (shift amounts past the width included).
#include <gtest/gtest.h>
#include <hsa/hsa.h>

#include <cstring>
#include <sstream>
#include <string>
#include <vector>

#include <finalizer/finalizer.h>
#include <hsail/text/parser.h>
#include <hsail/validate/validator.h>

#include "native_hsail_runner.h"
#include "thunk_gpu.h"

namespace {

// One kernel: dest = op_type(a [, b]). Every buffer element is 8 bytes; a
// 32-bit operand or result is the low half, so the upper half of a 32-bit
// result slot must come back untouched on both sides.
struct IntOp {
  const char* op;
  const char* type;  // s32 ... b64, or dest_source ("u32_b64") for bit counts
  bool unary;
  bool shift;   // the second operand is a u32 shift amount
  bool divide;  // no zero divisors, no signed MIN / -1 (x86 traps on both)
};

// The family: every integer arithmetic and logic instruction with one or
// two source operands, for each type it accepts.
std::vector<IntOp> int_ops() {
  std::vector<IntOp> ops;
  const char* arithmetic_types[] = {"s32", "u32", "s64", "u64"};
  for (const char* op : {"add", "sub", "mul", "min", "max"})
    for (const char* t : arithmetic_types) ops.push_back({op, t, false, false, false});
  // gccbrig-11 stops with an internal compiler error (expand_expr_real_2)
  // on mulhi_s32 and mulhi_u32 at every -O level, so only 64 bits here.
  for (const char* t : {"s64", "u64"}) ops.push_back({"mulhi", t, false, false, false});
  for (const char* op : {"div", "rem"})
    for (const char* t : arithmetic_types) ops.push_back({op, t, false, false, true});
  for (const char* op : {"shl", "shr"})
    for (const char* t : arithmetic_types) ops.push_back({op, t, false, true, false});
  for (const char* op : {"and", "or", "xor"})
    for (const char* t : {"b32", "b64"}) ops.push_back({op, t, false, false, false});
  for (const char* op : {"neg", "abs"})
    for (const char* t : {"s32", "s64"}) ops.push_back({op, t, true, false, false});
  for (const char* t : {"b32", "b64"}) ops.push_back({"not", t, true, false, false});
  // The bit-string counts and reversal.
  for (const char* t : {"b32", "b64"}) ops.push_back({"bitrev", t, true, false, false});
  for (const char* t : {"u32_b32", "u32_b64"}) ops.push_back({"popcount", t, true, false, false});
  for (const char* op : {"firstbit", "lastbit"})
    for (const char* t : {"u32_u32", "u32_s32", "u32_u64", "u32_s64"})
      ops.push_back({op, t, true, false, false});
  return ops;
}

// The widths of the result (first type) and of the sources (last type).
bool wide(const IntOp& o) { return o.type[1] == '6'; }
bool wide_source(const IntOp& o) {
  const std::string t = o.type;
  return t.compare(t.size() - 2, 2, "64") == 0;
}
std::string kernel_name(const IntOp& o) { return std::string("&") + o.op + "_" + o.type; }

std::string kernel_text(const IntOp& o) {
  const bool w = wide(o), ws = wide_source(o);
  const std::string x = ws ? "$d4" : "$s1", y = o.shift ? "$s2" : (ws ? "$d5" : "$s2"),
                    z = w ? "$d6" : "$s3", load = ws ? "u64" : "u32", store = w ? "u64" : "u32";
  std::ostringstream s;
  s << "kernel " << kernel_name(o) << "(kernarg_u64 %a, kernarg_u64 %b, kernarg_u64 %c)\n{\n"
    << "\tworkitemabsid_u32 $s0, 0;\n\tcvt_u64_u32 $d0, $s0;\n\tshl_u64 $d0, $d0, 3;\n"
    << "\tld_kernarg_u64 $d1, [%a];\n\tadd_u64 $d1, $d1, $d0;\n"
    << "\tld_kernarg_u64 $d2, [%b];\n\tadd_u64 $d2, $d2, $d0;\n"
    << "\tld_kernarg_u64 $d3, [%c];\n\tadd_u64 $d3, $d3, $d0;\n"
    << "\tld_global_" << load << " " << x << ", [$d1];\n";
  if (!o.unary) s << "\tld_global_" << (o.shift ? "u32" : load) << " " << y << ", [$d2];\n";
  s << "\t" << o.op << "_" << o.type << " " << z << ", " << x;
  if (!o.unary) s << ", " << y;
  s << ";\n\tst_global_" << store << " " << z << ", [$d3];\n\tret;\n};\n";
  return s.str();
}

std::string module_text(const std::vector<IntOp>& ops) {
  std::string text = "module &intdiff:1:0:$full:$large:$default;\n";
  for (const IntOp& o : ops) text += kernel_text(o);
  return text;
}

constexpr uint32_t kItems = 256;
// What alloc_array reserves for kItems elements (whole pages).
constexpr size_t kBufferBytes = (kItems * 8 + 4095) & ~size_t{4095};
constexpr uint64_t kUntouched = 0xdeadbeefcafef00dull;

uint64_t next_random(uint64_t* state) {
  *state ^= *state << 13;
  *state ^= *state >> 7;
  *state ^= *state << 17;
  return *state;
}

// Operands for op: the first 100 work-items pair up edge values, the rest
// are pseudo-random; divisors are made legal for the host.
void make_inputs(const IntOp& o, std::vector<uint64_t>* a, std::vector<uint64_t>* b) {
  const uint64_t edges[] = {0,
                            1,
                            2,
                            ~0ull,
                            0x7fffffffull,
                            0x80000000u,
                            0xffffffffull,
                            0x7fffffffffffffffull,
                            0x8000000000000000ull,
                            0x123456789abcdef0ull};
  uint64_t state = 0x9e3779b97f4a7c15ull;
  a->resize(kItems);
  b->resize(kItems);
  for (uint32_t i = 0; i < kItems; ++i) {
    (*a)[i] = i < 100 ? edges[i / 10] : next_random(&state);
    (*b)[i] = i < 100 ? edges[i % 10] : next_random(&state);
    if (!o.divide) continue;
    const bool w = wide(o), is_signed = o.type[0] == 's';
    const uint64_t mask = w ? ~0ull : 0xffffffffull;
    const uint64_t min = w ? 0x8000000000000000ull : 0x80000000ull;
    if (((*b)[i] & mask) == 0) (*b)[i] |= 3;
    if (is_signed && ((*a)[i] & mask) == min && ((*b)[i] & mask) == mask) (*b)[i] ^= 2;
  }
}

uint64_t ptr(const void* p) { return reinterpret_cast<uintptr_t>(p); }

std::vector<uint8_t> kernargs(const void* a, const void* b, void* c) {
  std::vector<uint8_t> args(24);
  const uint64_t p[3] = {ptr(a), ptr(b), ptr(c)};
  std::memcpy(args.data(), p, sizeof p);
  return args;
}

class NativeDifferential : public ::testing::Test {
 protected:
  void SetUp() override {
    if (native_hsail::gccbrig_path().empty())
      FAIL() << "gccbrig-11 is not installed: run tools/install-deps.sh (tools/deps/packages.txt "
                "lists it)";
    ASSERT_EQ(hsa_init(), HSA_STATUS_SUCCESS);
    initialized_ = true;
    hsa_iterate_agents(
        [](hsa_agent_t a, void* data) {
          hsa_device_type_t t{};
          hsa_agent_get_info(a, HSA_AGENT_INFO_DEVICE, &t);
          auto* gpu = static_cast<hsa_agent_t*>(data);
          if (t == HSA_DEVICE_TYPE_GPU && gpu->handle == 0) *gpu = a;
          return HSA_STATUS_SUCCESS;
        },
        &gpu_);
    ASSERT_NE(gpu_.handle, 0u) << "no GPU agent";
  }
  void TearDown() override {
    if (exe_.handle != 0) hsa_executable_destroy(exe_);
    if (reader_.handle != 0) hsa_code_object_reader_destroy(reader_);
    if (initialized_) {
      EXPECT_EQ(hsa_shut_down(), HSA_STATUS_SUCCESS);
    }
  }

  void LoadOnGpu(const hsail::Module& brig) {
    code_ = hsail::finalizer::finalize(brig, hsail::finalizer::Options{});
    ASSERT_EQ(hsa_code_object_reader_create_from_memory(code_.data(), code_.size(), &reader_),
              HSA_STATUS_SUCCESS);
    ASSERT_EQ(hsa_executable_create_alt(HSA_PROFILE_BASE, HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT,
                                        nullptr, &exe_),
              HSA_STATUS_SUCCESS);
    ASSERT_EQ(hsa_executable_load_agent_code_object(exe_, gpu_, reader_, nullptr, nullptr),
              HSA_STATUS_SUCCESS);
    ASSERT_EQ(hsa_executable_freeze(exe_, nullptr), HSA_STATUS_SUCCESS);
  }

  uint64_t KernelObject(const std::string& name) {
    hsa_executable_symbol_t k{0};
    uint64_t object = 0;
    if (hsa_executable_get_symbol_by_name(exe_, name.c_str(), &gpu_, &k) != HSA_STATUS_SUCCESS)
      return 0;
    hsa_executable_symbol_get_info(k, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_OBJECT, &object);
    return object;
  }

  // One 1-D dispatch of kItems work-items on a thunk AQL queue.
  bool DispatchOnGpu(uint64_t object, const std::vector<uint8_t>& args) {
    const int node = hsakmt_test::first_gpu_node();
    if (node < 0) return false;
    hsakmt_test::AqlQueue q(static_cast<uint32_t>(node));
    if (q.status() != HSAKMT_STATUS_SUCCESS) return false;
    void* segment = hsakmt_test::alloc_system(4096);
    if (segment == nullptr) return false;
    std::memcpy(segment, args.data(), args.size());
    hsakmt_test::Signal done;
    const uint32_t grid[3] = {kItems, 1, 1};
    const uint16_t sizes[3] = {64, 1, 1};
    auto pkt = hsakmt_test::AqlQueue::dispatch(object, grid, sizes, 1, segment, done.address());
    q.submit(&pkt);
    const bool ok = done.wait_zero(20000);
    hsakmt_test::free_system(segment, 4096);
    return ok;
  }

  bool initialized_ = false;
  hsa_agent_t gpu_{0};
  std::vector<uint8_t> code_;
  hsa_code_object_reader_t reader_{0};
  hsa_executable_t exe_{0};
};

TEST_F(NativeDifferential, IntegerAndBitStringOpsAgreeBitForBit) {
  const std::vector<IntOp> ops = int_ops();
  hsail::Module brig = hsail::parse_hsail(module_text(ops));
  hsail::validate(brig);
  native_hsail::NativeModule native(brig.to_brig());
  ASSERT_NO_FATAL_FAILURE(LoadOnGpu(brig));

  uint64_t* ga = hsakmt_test::alloc_array<uint64_t>(kItems);
  uint64_t* gb = hsakmt_test::alloc_array<uint64_t>(kItems);
  uint64_t* gc = hsakmt_test::alloc_array<uint64_t>(kItems);
  ASSERT_TRUE(ga && gb && gc);
  native_hsail::NativeDispatch grid;
  grid.grid_size = kItems;
  grid.group_size = 64;
  for (const IntOp& o : ops) {
    const std::string name = kernel_name(o);
    std::vector<uint64_t> a, b, host(kItems, kUntouched);
    make_inputs(o, &a, &b);
    native.dispatch("&intdiff", name, kernargs(a.data(), b.data(), host.data()), grid);

    std::memcpy(ga, a.data(), kItems * 8);
    std::memcpy(gb, b.data(), kItems * 8);
    for (uint32_t i = 0; i < kItems; ++i) gc[i] = kUntouched;
    const uint64_t object = KernelObject(name);
    ASSERT_NE(object, 0u) << name << " is not in the code object";
    ASSERT_TRUE(DispatchOnGpu(object, kernargs(ga, gb, gc))) << name << " did not complete";

    // Both sides must have run: every result slot changed.
    uint32_t unwritten = 0;
    for (uint32_t i = 0; i < kItems; ++i) unwritten += host[i] == kUntouched || gc[i] == kUntouched;
    EXPECT_EQ(unwritten, 0u) << name << " left result slots unwritten";
    int reported = 0;
    for (uint32_t i = 0; i < kItems && reported < 3; ++i) {
      if (gc[i] == host[i]) continue;
      ++reported;
      ADD_FAILURE() << name << " work-item " << i << std::hex << ": a=0x" << a[i] << " b=0x" << b[i]
                    << " native=0x" << host[i] << " gpu=0x" << gc[i];
    }
  }
  hsakmt_test::free_system(ga, kBufferBytes);
  hsakmt_test::free_system(gb, kBufferBytes);
  hsakmt_test::free_system(gc, kBufferBytes);
}

}  // namespace
