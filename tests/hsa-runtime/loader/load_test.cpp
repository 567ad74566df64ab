// Load checks: each code object version is loaded into identity-mapped
// host memory, relocated, and its kernels run on the shader engine with
// results compared against a CPU computation of the same source.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>

#include "aql_packet.h"
#include "code_object.h"
#include "gpu_harness.h"
#include "test_files.h"

namespace hsart::loader::test {
namespace {

constexpr int kTable[8] = {3, 1, 4, 1, 5, 9, 2, 6};  // loader_kernels.cl
constexpr int kCounter = 7;
constexpr uint32_t kN = 256;

class LoadTest : public ::testing::TestWithParam<const char*> {
 protected:
  void SetUp() override {
    std::vector<uint8_t> bytes = ReadFile(KernelPath(GetParam()));
    ASSERT_TRUE(Parse(bytes.data(), bytes.size(), &co_, &error_)) << error_;
    // The harness hands out 4 KiB-aligned memory; the image asks no more.
    ASSERT_EQ(co_.image_align, 4096u);
    image_ = static_cast<uint8_t*>(gpu_.alloc(co_.image_size));
    app_var_ = gpu_.alloc_array<int>(1);
    *app_var_ = 1000;
  }

  bool load() {
    const uint64_t va = reinterpret_cast<uintptr_t>(image_);
    return Load(
        co_, image_, va,
        [this](const std::string& name, uint64_t* addr) {
          if (name != "app_var") return false;
          *addr = reinterpret_cast<uintptr_t>(app_var_);
          return true;
        },
        &error_);
  }

  // Dispatches `kernel` over kN work-items in groups of 64.
  gcn::DispatchResult run(const std::string& kernel, gcn::test::Kernargs args) {
    const Kernel* k = co_.find_kernel(kernel);
    gcn::DispatchResult bad;
    bad.ok = false;
    if (!k) return bad;
    std::vector<uint8_t> block = args.bytes();
    block.resize(std::max<size_t>(block.size(), k->kernarg_segment_size), 0);
    auto* kernarg = static_cast<uint8_t*>(gpu_.alloc(block.size()));
    std::memcpy(kernarg, block.data(), block.size());
    auto* packet = gpu_.alloc_array<fw_aql_kernel_dispatch_packet>(1);
    fw_aql_kernel_dispatch_packet pkt{};
    pkt.header = FW_AQL_PACKET_TYPE_KERNEL_DISPATCH | (FW_AQL_FENCE_SCOPE_SYSTEM << 9) |
                 (FW_AQL_FENCE_SCOPE_SYSTEM << 11);
    pkt.setup = 1;
    pkt.workgroup_size_x = 64;
    pkt.workgroup_size_y = pkt.workgroup_size_z = 1;
    pkt.grid_size_x = kN;
    pkt.grid_size_y = pkt.grid_size_z = 1;
    pkt.private_segment_size = k->private_segment_fixed_size;
    pkt.group_segment_size = k->group_segment_fixed_size;
    pkt.kernel_object = reinterpret_cast<uintptr_t>(image_) + k->descriptor_offset;
    pkt.kernarg_address = reinterpret_cast<uintptr_t>(kernarg);
    std::memcpy(packet, &pkt, sizeof(pkt));
    gcn::DispatchRequest req;
    req.packet_va = reinterpret_cast<uintptr_t>(packet);
    req.dispatch_id = 1;
    req.kernel_name = kernel;
    return gpu_.engine().dispatch(req);
  }

  gcn::test::GpuHarness gpu_;
  CodeObject co_;
  std::string error_;
  uint8_t* image_ = nullptr;
  int* app_var_ = nullptr;
};

TEST_P(LoadTest, ScaleAdd) {
  ASSERT_TRUE(load()) << error_;
  std::vector<int> in(kN);
  for (uint32_t i = 0; i < kN; ++i) in[i] = static_cast<int>(i * 7 - 300);
  int* out = gpu_.alloc_array<int>(kN);
  const int* din = gpu_.upload(in);
  gcn::test::Kernargs args;
  args.ptr(out).ptr(din).add<int32_t>(-3).add<int16_t>(11);
  gcn::DispatchResult r = run("scale_add", args);
  ASSERT_TRUE(r.ok) << r.error;
  for (uint32_t i = 0; i < kN; ++i)
    ASSERT_EQ(out[i], in[i] * -3 + kTable[i & 7] + kCounter + 11) << i;
}

TEST_P(LoadTest, RelocatedPointersAndGlobals) {
  ASSERT_TRUE(load()) << error_;
  // The loaded rows[] and counter_ptr hold GPU addresses inside the image.
  const Variable* rows = co_.find_variable("rows");
  const Variable* counter = co_.find_variable("counter");
  const Variable* table = co_.find_variable("table");
  ASSERT_TRUE(rows && counter && table);
  uint64_t row0, row1;
  std::memcpy(&row0, image_ + rows->offset, 8);
  std::memcpy(&row1, image_ + rows->offset + 8, 8);
  EXPECT_EQ(row0, reinterpret_cast<uintptr_t>(image_) + table->offset);
  EXPECT_EQ(row1, reinterpret_cast<uintptr_t>(image_) + table->offset + 16);

  int* out = gpu_.alloc_array<int>(kN);
  gcn::test::Kernargs args;
  args.ptr(out);
  gcn::DispatchResult r = run("indirect", args);
  ASSERT_TRUE(r.ok) << r.error;
  for (uint32_t i = 0; i < kN; ++i)
    ASSERT_EQ(out[i], kTable[(i & 1) * 4 + (i & 3)] + kCounter) << i;
}

TEST_P(LoadTest, ExternalSymbolThroughResolver) {
  ASSERT_TRUE(load()) << error_;
  int* out = gpu_.alloc_array<int>(kN);
  gcn::test::Kernargs args;
  args.ptr(out);
  gcn::DispatchResult r = run("use_extern", args);
  ASSERT_TRUE(r.ok) << r.error;
  for (uint32_t i = 0; i < kN; ++i) ASSERT_EQ(out[i], 1000 + static_cast<int>(i)) << i;
}

TEST_P(LoadTest, ConstantTableArgument) {
  ASSERT_TRUE(load()) << error_;
  const std::vector<int> tab = {10, 20, 30, 40, 50, 60, 70, 80};
  int* out = gpu_.alloc_array<int>(kN);
  gcn::test::Kernargs args;
  args.ptr(out).ptr(gpu_.upload(tab));
  gcn::DispatchResult r = run("lookup", args);
  ASSERT_TRUE(r.ok) << r.error;
  for (uint32_t i = 0; i < kN; ++i) ASSERT_EQ(out[i], tab[i & 7]) << i;
}

TEST_P(LoadTest, UnresolvedSymbolFails) {
  const uint64_t va = reinterpret_cast<uintptr_t>(image_);
  EXPECT_FALSE(Load(co_, image_, va, nullptr, &error_));
  EXPECT_NE(error_.find("'app_var'"), std::string::npos) << error_;
}

TEST_P(LoadTest, RelocatesForADifferentGpuAddress) {
  // Host copy and GPU address differ: the relocated words must hold the
  // GPU address, not the host one.
  const uint64_t va = 0x7f0000000000ull;
  ASSERT_TRUE(Load(
      co_, image_, va,
      [](const std::string&, uint64_t* a) {
        *a = 0x1234;
        return true;
      },
      &error_))
      << error_;
  const Variable* rows = co_.find_variable("rows");
  const Variable* table = co_.find_variable("table");
  uint64_t row0;
  std::memcpy(&row0, image_ + rows->offset, 8);
  EXPECT_EQ(row0, va + table->offset);
  EXPECT_FALSE(Load(co_, image_, va + 8, nullptr, &error_));  // misaligned base
}

INSTANTIATE_TEST_SUITE_P(Versions, LoadTest, ::testing::Values("v2", "v3", "v4"));

}  // namespace
}  // namespace hsart::loader::test
