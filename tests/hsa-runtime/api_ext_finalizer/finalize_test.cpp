// hsa_ext_program_finalize: its argument checks, and end to end: the PRM's
// vector add as HSAIL text -> BRIG (libhsail) -> program -> code object ->
// executable (hsa_executable_load_code_object) -> a dispatch on the
// virtual GPU, c checked against sums computed here. Two modules finalize
// into one code object with both kernels.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include <unistd.h>

#include "finalizer_dispatch.h"
#include "finalizer_fixture.h"
#include "thunk_gpu.h"

namespace fin_test {
namespace {

class ApiExtFinalizerFinalize : public FinalizerTest {
 protected:
  void TearDown() override {
    if (exe_.handle) {
      EXPECT_EQ(hsa_executable_destroy(exe_), HSA_STATUS_SUCCESS);
    }
    if (co_.handle) {
      EXPECT_EQ(hsa_code_object_destroy(co_), HSA_STATUS_SUCCESS);
    }
    FinalizerTest::TearDown();
  }

  // Loads co_ into a frozen executable for the GPU; the kernel by name.
  hsa_executable_symbol_t Load(const char* name) {
    hsa_executable_symbol_t kernel{0};
    EXPECT_EQ(hsa_executable_create_alt(HSA_PROFILE_BASE, HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT,
                                        nullptr, &exe_),
              HSA_STATUS_SUCCESS);
    EXPECT_EQ(hsa_executable_load_code_object(exe_, gpu_, co_, nullptr), HSA_STATUS_SUCCESS);
    EXPECT_EQ(hsa_executable_freeze(exe_, nullptr), HSA_STATUS_SUCCESS);
    EXPECT_EQ(hsa_executable_get_symbol_by_name(exe_, name, &gpu_, &kernel), HSA_STATUS_SUCCESS)
        << name;
    return kernel;
  }

  // toward_zero: c[i] is a[i] + b[i] rounded toward zero, not to nearest.
  void RunVecAdd(const char* name, bool toward_zero = false);

  hsa_code_object_t co_{0};
  hsa_executable_t exe_{0};
};

// a + b rounded toward zero: the double sum of two such floats is exact,
// and rounding it to nearest overshoots by at most one step.
float add_toward_zero(float a, float b) {
  const double exact = static_cast<double>(a) + b;
  const float nearest = static_cast<float>(exact);
  return std::fabs(nearest) > std::fabs(exact) ? std::nextafter(nearest, 0.0f) : nearest;
}

// vec_add(a, b, c, n) over 1000 work-items in groups of 64 (the last one
// partial): c[i] == a[i] + b[i] below n, untouched above.
void ApiExtFinalizerFinalize::RunVecAdd(const char* name, bool toward_zero) {
  const hsa_executable_symbol_t kernel = Load(name);
  ASSERT_NE(kernel.handle, 0u);
  const uint64_t object = Info<uint64_t>(kernel, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_OBJECT);
  ASSERT_NE(object, 0u);
  EXPECT_EQ(Info<uint32_t>(kernel, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_KERNARG_SEGMENT_SIZE), 28u);

  const uint32_t n = 1000, alloc = 1024;
  float* a = hsakmt_test::alloc_array<float>(alloc);
  float* b = hsakmt_test::alloc_array<float>(alloc);
  float* c = hsakmt_test::alloc_array<float>(alloc);
  void* args = hsakmt_test::alloc_system(4096);
  ASSERT_TRUE(a && b && c && args);
  for (uint32_t i = 0; i < alloc; ++i) {
    a[i] = std::sin(static_cast<float>(i) * 0.25f) * 100.0f;
    b[i] = static_cast<float>(i) * 0.125f - 40.0f;
    c[i] = -1.0f;
  }
  const uint64_t pointers[3] = {reinterpret_cast<uintptr_t>(a), reinterpret_cast<uintptr_t>(b),
                                reinterpret_cast<uintptr_t>(c)};
  std::memset(args, 0, 4096);
  std::memcpy(args, pointers, sizeof pointers);
  std::memcpy(static_cast<uint8_t*>(args) + 24, &n, sizeof n);

  hsa_queue_t* q = nullptr;
  ASSERT_EQ(hsa_queue_create(gpu_, 64, HSA_QUEUE_TYPE_MULTI, nullptr, nullptr, UINT32_MAX,
                             UINT32_MAX, &q),
            HSA_STATUS_SUCCESS);
  hsa_signal_t done{0};
  ASSERT_EQ(hsa_signal_create(1, 0, nullptr, &done), HSA_STATUS_SUCCESS);
  hsa_kernel_dispatch_packet_t packet{};
  packet.header =
      static_cast<uint16_t>((HSA_PACKET_TYPE_KERNEL_DISPATCH << HSA_PACKET_HEADER_TYPE) |
                            (1 << HSA_PACKET_HEADER_BARRIER) |
                            (HSA_FENCE_SCOPE_SYSTEM << HSA_PACKET_HEADER_SCACQUIRE_FENCE_SCOPE) |
                            (HSA_FENCE_SCOPE_SYSTEM << HSA_PACKET_HEADER_SCRELEASE_FENCE_SCOPE));
  packet.setup = 1 << HSA_KERNEL_DISPATCH_PACKET_SETUP_DIMENSIONS;
  packet.workgroup_size_x = 64;
  packet.workgroup_size_y = packet.workgroup_size_z = 1;
  packet.grid_size_x = n;
  packet.grid_size_y = packet.grid_size_z = 1;
  packet.private_segment_size =
      Info<uint32_t>(kernel, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_PRIVATE_SEGMENT_SIZE);
  packet.group_segment_size =
      Info<uint32_t>(kernel, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_GROUP_SEGMENT_SIZE);
  packet.kernel_object = object;
  packet.kernarg_address = args;
  packet.completion_signal = done;
  ASSERT_TRUE(RunPacket(q, packet, done)) << "the dispatch did not complete";

  uint32_t inexact = 0;  // sums that round differently toward zero
  for (uint32_t i = 0; i < n; ++i) {
    const float want = toward_zero ? add_toward_zero(a[i], b[i]) : a[i] + b[i];
    ASSERT_EQ(c[i], want) << "element " << i;
    inexact += add_toward_zero(a[i], b[i]) != a[i] + b[i];
  }
  EXPECT_GT(inexact, 100u) << "the inputs do not tell the roundings apart";
  for (uint32_t i = n; i < alloc; ++i) ASSERT_EQ(c[i], -1.0f) << "element " << i << " past n";
  EXPECT_EQ(hsa_signal_destroy(done), HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_queue_destroy(q), HSA_STATUS_SUCCESS);
  for (void* p : {static_cast<void*>(a), static_cast<void*>(b), static_cast<void*>(c)})
    hsakmt_test::free_system(p, alloc * sizeof(float));
  hsakmt_test::free_system(args, 4096);
}

TEST_F(ApiExtFinalizerFinalize, ChecksItsArguments) {
  NewProgram();
  std::vector<uint8_t> brig = brig_of(vec_add_hsail());
  ASSERT_EQ(hsa_ext_program_add_module(program_, module_of(brig)), HSA_STATUS_SUCCESS);
  const hsa_ext_control_directives_t none{};
  hsa_code_object_t co{0};
  EXPECT_EQ(hsa_ext_program_finalize(program_, hsa_isa_t{0x1234}, 0, none, nullptr,
                                     HSA_CODE_OBJECT_TYPE_PROGRAM, &co),
            HSA_STATUS_ERROR_INVALID_ISA);
  EXPECT_EQ(hsa_ext_program_finalize(program_, isa_, 0, none, nullptr, HSA_CODE_OBJECT_TYPE_PROGRAM,
                                     nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_ext_program_finalize(program_, isa_, 0, none, nullptr,
                                     static_cast<hsa_code_object_type_t>(1), &co),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  // Call conventions: AUTO (-1) up to HSA_ISA_INFO_CALL_CONVENTION_COUNT.
  uint32_t conventions = 0;
  ASSERT_EQ(hsa_isa_get_info(isa_, HSA_ISA_INFO_CALL_CONVENTION_COUNT, 0, &conventions),
            HSA_STATUS_SUCCESS);
  ASSERT_EQ(conventions, 1u);
  EXPECT_EQ(hsa_ext_program_finalize(program_, isa_, static_cast<int32_t>(conventions), none,
                                     nullptr, HSA_CODE_OBJECT_TYPE_PROGRAM, &co),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_ext_program_finalize(program_, isa_, -2, none, nullptr,
                                     HSA_CODE_OBJECT_TYPE_PROGRAM, &co),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(co.handle, 0u);
  // Convention 0 works as AUTO does.
  ASSERT_EQ(
      hsa_ext_program_finalize(program_, isa_, 0, none, "", HSA_CODE_OBJECT_TYPE_PROGRAM, &co_),
      HSA_STATUS_SUCCESS);
}

TEST_F(ApiExtFinalizerFinalize, WhatTheFinalizerCannotDoFails) {
  NewProgram();
  hsa_code_object_t co{0};
  // A program without modules has nothing to finalize.
  EXPECT_STATUS(Finalize(&co), ext(HSA_EXT_STATUS_ERROR_FINALIZATION_FAILED));
  // Valid HSAIL the finalizer does not translate yet (an alloca beyond the
  // 64 KiB the finalizer gives one kernel).
  std::vector<uint8_t> brig = brig_of(
      "module &m:1:0:$full:$large:$default;\n"
      "kernel &k() { alloca_u32 $s0, 100000; ret; };\n");
  ASSERT_EQ(hsa_ext_program_add_module(program_, module_of(brig)), HSA_STATUS_SUCCESS);
  EXPECT_STATUS(Finalize(&co), ext(HSA_EXT_STATUS_ERROR_FINALIZATION_FAILED));
  EXPECT_EQ(co.handle, 0u);
}

TEST_F(ApiExtFinalizerFinalize, VectorAddRunsAndMatchesTheCpu) {
  NewProgram();
  std::vector<uint8_t> brig = brig_of(vec_add_hsail());
  ASSERT_EQ(hsa_ext_program_add_module(program_, module_of(brig)), HSA_STATUS_SUCCESS);
  const auto start = std::chrono::steady_clock::now();
  ASSERT_EQ(Finalize(&co_), HSA_STATUS_SUCCESS);
  const double ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  std::printf("hsa_ext_program_finalize(vec_add): %.1f ms\n", ms);
  RecordProperty("finalize_us", static_cast<int>(ms * 1000));
  // The code object is the HSA 1.0 API's: its ISA is the one asked for,
  // and it outlives the program and the BRIG.
  hsa_isa_t isa{0};
  ASSERT_EQ(hsa_code_object_get_info(co_, HSA_CODE_OBJECT_INFO_ISA, &isa), HSA_STATUS_SUCCESS);
  EXPECT_EQ(isa.handle, isa_.handle);
  hsa_code_symbol_t symbol{0};
  EXPECT_EQ(hsa_code_object_get_symbol(co_, "&vec_add", &symbol), HSA_STATUS_SUCCESS);
  ASSERT_EQ(hsa_ext_program_destroy(program_), HSA_STATUS_SUCCESS);
  program_.handle = 0;
  std::fill(brig.begin(), brig.end(), 0);
  RunVecAdd("&vec_add");
}

// PRM 18.5.1.11 lets comments, loc and pragma directives come before the
// module directive, and HSAILasm writes a comment above "module" there:
// such BRIG is added, finalized and run like any other (pragmas named by
// an integer included, as HSAILasm accepts them).
TEST_F(ApiExtFinalizerFinalize, AnnotationsBeforeTheModuleDirective) {
  ASSERT_EQ(access("/usr/bin/HSAILasm", X_OK), 0) << "HSAILasm (the oracle) is missing";
  NewProgram();
  const std::string text =
      "// vector add, assembled by HSAILasm\n"
      "pragma \"before\", 1;\n"
      "loc 3 \"vec_add.hsail\";\n"
      "pragma 5, \"integer-named\";\n" +
      vec_add_hsail();
  std::vector<uint8_t> brig = hsailasm_brig(text);
  ASSERT_FALSE(brig.empty()) << "HSAILasm refuses:\n" << text;
  ASSERT_EQ(hsa_ext_program_add_module(program_, module_of(brig)), HSA_STATUS_SUCCESS);
  ASSERT_EQ(Finalize(&co_), HSA_STATUS_SUCCESS);
  RunVecAdd("&vec_add");
}

TEST_F(ApiExtFinalizerFinalize, TwoModulesLinkIntoOneCodeObject) {
  NewProgram();
  std::vector<uint8_t> one = brig_of(vec_add_hsail("&one", "$full:$large:$default", "&add_one"));
  std::vector<uint8_t> two = brig_of(vec_add_hsail("&two", "$full:$large:$default", "&add_two"));
  ASSERT_EQ(hsa_ext_program_add_module(program_, module_of(one)), HSA_STATUS_SUCCESS);
  ASSERT_EQ(hsa_ext_program_add_module(program_, module_of(two)), HSA_STATUS_SUCCESS);
  ASSERT_EQ(Finalize(&co_), HSA_STATUS_SUCCESS);
  std::vector<std::string> names;
  ASSERT_EQ(hsa_code_object_iterate_symbols(
                co_,
                [](hsa_code_object_t, hsa_code_symbol_t s, void* data) {
                  uint32_t n = 0;
                  hsa_code_symbol_get_info(s, HSA_CODE_SYMBOL_INFO_NAME_LENGTH, &n);
                  std::string name(n, '\0');
                  hsa_code_symbol_get_info(s, HSA_CODE_SYMBOL_INFO_NAME, name.data());
                  static_cast<std::vector<std::string>*>(data)->push_back(name);
                  return HSA_STATUS_SUCCESS;
                },
                &names),
            HSA_STATUS_SUCCESS);
  ASSERT_EQ(names.size(), 2u);
  RunVecAdd("&add_two");
}

// A program whose rounding is ZERO takes a $near module (HSA 1.1 refuses
// modules only for machine model or profile); the $default module rounds
// as the program does, the $near one keeps rounding to nearest.
TEST_F(ApiExtFinalizerFinalize, ZeroProgramRoundsDefaultModulesTowardZero) {
  NewProgram(HSA_DEFAULT_FLOAT_ROUNDING_MODE_ZERO);
  std::vector<uint8_t> dflt = brig_of(vec_add_hsail("&d", "$full:$large:$default", "&add_dflt"));
  std::vector<uint8_t> near = brig_of(vec_add_hsail("&n", "$full:$large:$near", "&add_near"));
  ASSERT_EQ(hsa_ext_program_add_module(program_, module_of(dflt)), HSA_STATUS_SUCCESS);
  ASSERT_EQ(hsa_ext_program_add_module(program_, module_of(near)), HSA_STATUS_SUCCESS);
  ASSERT_EQ(Finalize(&co_), HSA_STATUS_SUCCESS);
  RunVecAdd("&add_dflt", true);
  if (HasFatalFailure()) return;
  EXPECT_EQ(hsa_executable_destroy(exe_), HSA_STATUS_SUCCESS);
  exe_.handle = 0;
  RunVecAdd("&add_near", false);
}

// A program-linkage global variable declared in one module and defined in
// another is one variable of the program (PRM 4.12): the code object
// loads without the application defining it, and the kernel of the
// declaring module reads the defining module's initial value.
TEST_F(ApiExtFinalizerFinalize, ProgramVariableDefinedInAnotherModule) {
  NewProgram();
  std::vector<uint8_t> uses = brig_of(
      "module &uses:1:0:$full:$large:$default;\n"
      "decl prog global_u32 &counter;\n"
      "kernel &read_counter(kernarg_u64 %out)\n"
      "{\n"
      "\tld_kernarg_u64 $d0, [%out];\n"
      "\tld_global_u32 $s0, [&counter];\n"
      "\tst_global_u32 $s0, [$d0];\n"
      "\tret;\n"
      "};\n");
  std::vector<uint8_t> defines = brig_of(
      "module &defines:1:0:$full:$large:$default;\n"
      "prog global_u32 &counter = 1234;\n");
  ASSERT_EQ(hsa_ext_program_add_module(program_, module_of(uses)), HSA_STATUS_SUCCESS);
  ASSERT_EQ(hsa_ext_program_add_module(program_, module_of(defines)), HSA_STATUS_SUCCESS);
  ASSERT_EQ(Finalize(&co_), HSA_STATUS_SUCCESS);
  const hsa_executable_symbol_t kernel = Load("&read_counter");
  ASSERT_NE(kernel.handle, 0u);

  auto* out = static_cast<uint32_t*>(hsakmt_test::alloc_system(4096));
  void* args = hsakmt_test::alloc_system(4096);
  ASSERT_TRUE(out && args);
  out[0] = 0;
  const uint64_t out_address = reinterpret_cast<uintptr_t>(out);
  std::memcpy(args, &out_address, sizeof out_address);
  hsa_queue_t* q = nullptr;
  ASSERT_EQ(hsa_queue_create(gpu_, 64, HSA_QUEUE_TYPE_MULTI, nullptr, nullptr, UINT32_MAX,
                             UINT32_MAX, &q),
            HSA_STATUS_SUCCESS);
  hsa_signal_t done{0};
  ASSERT_EQ(hsa_signal_create(1, 0, nullptr, &done), HSA_STATUS_SUCCESS);
  hsa_kernel_dispatch_packet_t packet{};
  packet.header =
      static_cast<uint16_t>((HSA_PACKET_TYPE_KERNEL_DISPATCH << HSA_PACKET_HEADER_TYPE) |
                            (HSA_FENCE_SCOPE_SYSTEM << HSA_PACKET_HEADER_SCACQUIRE_FENCE_SCOPE) |
                            (HSA_FENCE_SCOPE_SYSTEM << HSA_PACKET_HEADER_SCRELEASE_FENCE_SCOPE));
  packet.setup = 1 << HSA_KERNEL_DISPATCH_PACKET_SETUP_DIMENSIONS;
  packet.workgroup_size_x = packet.workgroup_size_y = packet.workgroup_size_z = 1;
  packet.grid_size_x = packet.grid_size_y = packet.grid_size_z = 1;
  packet.kernel_object = Info<uint64_t>(kernel, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_OBJECT);
  packet.private_segment_size =
      Info<uint32_t>(kernel, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_PRIVATE_SEGMENT_SIZE);
  packet.group_segment_size =
      Info<uint32_t>(kernel, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_GROUP_SEGMENT_SIZE);
  packet.kernarg_address = args;
  packet.completion_signal = done;
  ASSERT_TRUE(RunPacket(q, packet, done)) << "the dispatch did not complete";
  EXPECT_EQ(out[0], 1234u);
  EXPECT_EQ(hsa_signal_destroy(done), HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_queue_destroy(q), HSA_STATUS_SUCCESS);
  hsakmt_test::free_system(out, 4096);
  hsakmt_test::free_system(args, 4096);
}

// A kernel without "prog" has module linkage (PRM 4.12); HSA 1.1's
// hsa_executable_get_symbol finds it by its module's name, and its
// symbol says so. Another module name finds nothing.
TEST_F(ApiExtFinalizerFinalize, ModuleLinkageKernelIsFoundByItsModuleName) {
  NewProgram();
  std::vector<uint8_t> brig = brig_of(vec_add_hsail("&VectorAdd"));
  ASSERT_EQ(hsa_ext_program_add_module(program_, module_of(brig)), HSA_STATUS_SUCCESS);
  ASSERT_EQ(Finalize(&co_), HSA_STATUS_SUCCESS);
  hsa_code_symbol_t code_symbol{0};
  ASSERT_EQ(hsa_code_object_get_symbol(co_, "&vec_add", &code_symbol), HSA_STATUS_SUCCESS);
  hsa_symbol_linkage_t code_linkage{};
  ASSERT_EQ(hsa_code_symbol_get_info(code_symbol, HSA_CODE_SYMBOL_INFO_LINKAGE, &code_linkage),
            HSA_STATUS_SUCCESS);
  EXPECT_EQ(code_linkage, HSA_SYMBOL_LINKAGE_MODULE);
  const hsa_executable_symbol_t by_name = Load("&vec_add");
  ASSERT_NE(by_name.handle, 0u);
  hsa_executable_symbol_t by_module{0};
  ASSERT_EQ(hsa_executable_get_symbol(exe_, "&VectorAdd", "&vec_add", gpu_, 0, &by_module),
            HSA_STATUS_SUCCESS);
  EXPECT_EQ(by_module.handle, by_name.handle);
  EXPECT_EQ(Info<hsa_symbol_linkage_t>(by_module, HSA_EXECUTABLE_SYMBOL_INFO_LINKAGE),
            HSA_SYMBOL_LINKAGE_MODULE);
  const std::string module = "&VectorAdd";
  ASSERT_EQ(Info<uint32_t>(by_module, HSA_EXECUTABLE_SYMBOL_INFO_MODULE_NAME_LENGTH),
            module.size());
  std::string got(module.size(), '\0');
  ASSERT_EQ(
      hsa_executable_symbol_get_info(by_module, HSA_EXECUTABLE_SYMBOL_INFO_MODULE_NAME, got.data()),
      HSA_STATUS_SUCCESS);
  EXPECT_EQ(got, module);
  hsa_executable_symbol_t none{0};
  EXPECT_EQ(hsa_executable_get_symbol(exe_, "&Other", "&vec_add", gpu_, 0, &none),
            HSA_STATUS_ERROR_INVALID_SYMBOL_NAME);
}

TEST_F(ApiExtFinalizerFinalize, OneKernelDefinedTwiceFails) {
  NewProgram();
  std::vector<uint8_t> one = brig_of(vec_add_hsail("&one"));
  std::vector<uint8_t> two = brig_of(vec_add_hsail("&two"));
  ASSERT_EQ(hsa_ext_program_add_module(program_, module_of(one)), HSA_STATUS_SUCCESS);
  ASSERT_EQ(hsa_ext_program_add_module(program_, module_of(two)), HSA_STATUS_SUCCESS);
  hsa_code_object_t co{0};
  EXPECT_STATUS(Finalize(&co), ext(HSA_EXT_STATUS_ERROR_FINALIZATION_FAILED));
}

}  // namespace
}  // namespace fin_test
