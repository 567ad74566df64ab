// A full-profile HSA program on the virtual APU (GCN_EMU_APU=1): the kernel
// takes plain malloc'd host pointers, reads and writes through them, and
// adds to a malloc'd counter with system-scope atomics while a host thread
// adds to the same counter; results are compared with the CPU's. Apu* runs
// with the option, Discrete* without it (ctest sets the environment).
#include <gtest/gtest.h>
#include <hsa/hsa.h>
#include <hsa/hsa_ext_amd.h>
#include <hsa/hsa_ext_finalize.h>

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "finalizer_fixture.h"

namespace {

// y[i] = y[i] + 2 * x[i]; every work-item adds 1 to *counter (system scope).
const char* const kSaxpyHsail = R"(module &fullprofile:1:0:$full:$large:$default;
kernel &saxpy_count(kernarg_u64 %x, kernarg_u64 %y, kernarg_u64 %counter, kernarg_u32 %n)
{
	workitemabsid_u32 $s1, 0;
	ld_kernarg_u32 $s0, [%n];
	cmp_lt_b1_u32 $c0, $s1, $s0;
	cbr_b1 $c0, @body;
	ret;
@body:
	cvt_u64_u32 $d0, $s1;
	shl_u64 $d0, $d0, 2;
	ld_kernarg_u64 $d1, [%x];
	add_u64 $d1, $d1, $d0;
	ld_global_f32 $s2, [$d1];
	ld_kernarg_u64 $d2, [%y];
	add_u64 $d2, $d2, $d0;
	ld_global_f32 $s3, [$d2];
	add_f32 $s2, $s2, $s2;
	add_f32 $s3, $s3, $s2;
	st_global_f32 $s3, [$d2];
	ld_kernarg_u64 $d3, [%counter];
	atomicnoret_add_global_scar_system_u32 [$d3], 1;
	ret;
};
)";

struct Args {
  uint64_t x, y, counter;
  uint32_t n;
};

class FullProfile : public fin_test::FinalizerTest {
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

  // The $full program finalized for the GPU's ISA, then loaded into a
  // full-profile executable for the GPU; the load's status.
  hsa_status_t FinalizeAndLoad() {
    brig_ = fin_test::brig_of(kSaxpyHsail);
    NewProgram();
    EXPECT_EQ(hsa_ext_program_add_module(program_, fin_test::module_of(brig_)), HSA_STATUS_SUCCESS);
    EXPECT_EQ(Finalize(&co_), HSA_STATUS_SUCCESS);
    EXPECT_EQ(hsa_executable_create_alt(HSA_PROFILE_FULL, HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT,
                                        nullptr, &exe_),
              HSA_STATUS_SUCCESS);
    return hsa_executable_load_code_object(exe_, gpu_, co_, nullptr);
  }

  hsa_profile_t GpuProfile() {
    hsa_profile_t p{};
    EXPECT_EQ(hsa_agent_get_info(gpu_, HSA_AGENT_INFO_PROFILE, &p), HSA_STATUS_SUCCESS);
    return p;
  }

  std::vector<uint8_t> brig_;
  hsa_code_object_t co_{0};
  hsa_executable_t exe_{0};
};

using Apu = FullProfile;
using Discrete = FullProfile;

bool SvmAccessibleByDefault() {
  bool v = true;
  EXPECT_EQ(hsa_system_get_info(
                static_cast<hsa_system_info_t>(HSA_AMD_SYSTEM_INFO_SVM_ACCESSIBLE_BY_DEFAULT), &v),
            HSA_STATUS_SUCCESS);
  return v;
}

std::vector<bool> IsaProfiles(hsa_isa_t isa) {
  bool p[2] = {false, false};
  EXPECT_EQ(hsa_isa_get_info_alt(isa, HSA_ISA_INFO_PROFILES, p), HSA_STATUS_SUCCESS);
  return {p[0], p[1]};
}

TEST_F(Apu, AgentAndSystemReportTheFullProfile) {
  EXPECT_EQ(GpuProfile(), HSA_PROFILE_FULL);
  // amdkfd puts an IOMMUv2 APU's CPU cores and GPU in one node; ROCr makes
  // a CPU and a GPU agent of it.
  const hsa_agent_t cpu = hsa_test::first_agents().cpu;
  ASSERT_NE(cpu.handle, 0u);
  uint32_t cpu_node = 99, gpu_node = 99;
  ASSERT_EQ(hsa_agent_get_info(cpu, HSA_AGENT_INFO_NODE, &cpu_node), HSA_STATUS_SUCCESS);
  ASSERT_EQ(hsa_agent_get_info(gpu_, HSA_AGENT_INFO_NODE, &gpu_node), HSA_STATUS_SUCCESS);
  EXPECT_EQ(cpu_node, 0u);
  EXPECT_EQ(gpu_node, 0u);
  char name[64] = {};
  ASSERT_EQ(hsa_agent_get_info(gpu_, HSA_AGENT_INFO_NAME, name), HSA_STATUS_SUCCESS);
  EXPECT_STREQ(name, "gfx900");
  EXPECT_EQ(IsaProfiles(isa_), (std::vector<bool>{true, true}));
  EXPECT_TRUE(SvmAccessibleByDefault());
}

TEST_F(Apu, MallocPointersAndPlatformAtomics) {
  ASSERT_EQ(FinalizeAndLoad(), HSA_STATUS_SUCCESS);
  ASSERT_EQ(hsa_executable_freeze(exe_, nullptr), HSA_STATUS_SUCCESS);
  hsa_executable_symbol_t sym{0};
  ASSERT_EQ(hsa_executable_get_symbol_by_name(exe_, "&saxpy_count", &gpu_, &sym),
            HSA_STATUS_SUCCESS);
  uint64_t object = 0;
  uint32_t group = 0, priv = 0;
  ASSERT_EQ(hsa_executable_symbol_get_info(sym, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_OBJECT, &object),
            HSA_STATUS_SUCCESS);
  hsa_executable_symbol_get_info(sym, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_GROUP_SEGMENT_SIZE, &group);
  hsa_executable_symbol_get_info(sym, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_PRIVATE_SEGMENT_SIZE,
                                 &priv);

  // Plain malloc: 40,000 floats are past glibc's mmap threshold (their own
  // mappings); the counter and the kernel arguments sit in the heap.
  constexpr uint32_t kN = 40000;
  auto* x = static_cast<float*>(std::malloc(kN * sizeof(float)));
  auto* y = static_cast<float*>(std::malloc(kN * sizeof(float)));
  auto* counter = static_cast<uint32_t*>(std::malloc(sizeof(uint32_t)));
  auto* args = static_cast<Args*>(std::malloc(sizeof(Args)));
  ASSERT_TRUE(x && y && counter && args);
  std::vector<float> expect(kN);
  for (uint32_t i = 0; i < kN; ++i) {
    x[i] = static_cast<float>(i % 97) * 0.25f;
    y[i] = static_cast<float>(i % 13) - 6.0f;
    expect[i] = y[i] + (x[i] + x[i]);
  }
  *counter = 0;
  *args = Args{reinterpret_cast<uintptr_t>(x), reinterpret_cast<uintptr_t>(y),
               reinterpret_cast<uintptr_t>(counter), kN};

  hsa_queue_t* q = nullptr;
  ASSERT_EQ(hsa_queue_create(gpu_, 64, HSA_QUEUE_TYPE_SINGLE, nullptr, nullptr, UINT32_MAX,
                             UINT32_MAX, &q),
            HSA_STATUS_SUCCESS);
  hsa_signal_t done{0};
  ASSERT_EQ(hsa_signal_create(1, 0, nullptr, &done), HSA_STATUS_SUCCESS);

  // The host adds to the counter while the kernel does.
  std::atomic<bool> stop{false};
  uint32_t host_adds = 0;
  std::thread host([&] {
    while (!stop.load(std::memory_order_acquire)) {
      __atomic_fetch_add(counter, 1u, __ATOMIC_SEQ_CST);
      ++host_adds;
    }
  });

  hsa_kernel_dispatch_packet_t p{};
  p.setup = 1 << HSA_KERNEL_DISPATCH_PACKET_SETUP_DIMENSIONS;
  p.workgroup_size_x = 256;
  p.workgroup_size_y = p.workgroup_size_z = 1;
  p.grid_size_x = (kN + 255) / 256 * 256;
  p.grid_size_y = p.grid_size_z = 1;
  p.kernel_object = object;
  p.kernarg_address = args;
  p.group_segment_size = group;
  p.private_segment_size = priv;
  p.completion_signal = done;
  const uint64_t index = hsa_queue_add_write_index_screlease(q, 1);
  auto* slot = static_cast<hsa_kernel_dispatch_packet_t*>(q->base_address) + index % q->size;
  std::memcpy(slot, &p, sizeof p);
  const uint16_t header = (HSA_PACKET_TYPE_KERNEL_DISPATCH << HSA_PACKET_HEADER_TYPE) |
                          (HSA_FENCE_SCOPE_SYSTEM << HSA_PACKET_HEADER_ACQUIRE_FENCE_SCOPE) |
                          (HSA_FENCE_SCOPE_SYSTEM << HSA_PACKET_HEADER_RELEASE_FENCE_SCOPE);
  __atomic_store_n(&slot->header, header, __ATOMIC_RELEASE);
  hsa_signal_store_screlease(q->doorbell_signal, static_cast<hsa_signal_value_t>(index));
  const hsa_signal_value_t left = hsa_signal_wait_scacquire(
      done, HSA_SIGNAL_CONDITION_EQ, 0, 60'000'000'000ull, HSA_WAIT_STATE_BLOCKED);
  stop.store(true, std::memory_order_release);
  host.join();
  EXPECT_EQ(left, 0) << "the dispatch completes";

  for (uint32_t i = 0; i < kN; ++i) ASSERT_EQ(y[i], expect[i]) << "y[" << i << "]";
  EXPECT_EQ(__atomic_load_n(counter, __ATOMIC_SEQ_CST), kN + host_adds)
      << "no add of the kernel or the host is lost";

  EXPECT_EQ(hsa_signal_destroy(done), HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_queue_destroy(q), HSA_STATUS_SUCCESS);
  std::free(args);
  std::free(counter);
  std::free(y);
  std::free(x);
}

TEST_F(Discrete, TheFullProfileProgramIsRefused) {
  EXPECT_EQ(GpuProfile(), HSA_PROFILE_BASE);
  EXPECT_EQ(IsaProfiles(isa_), (std::vector<bool>{true, false}));
  EXPECT_FALSE(SvmAccessibleByDefault());
  EXPECT_EQ(FinalizeAndLoad(), HSA_STATUS_ERROR_INCOMPATIBLE_ARGUMENTS);
}

}  // namespace
