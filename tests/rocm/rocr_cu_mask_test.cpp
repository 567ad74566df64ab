// ROCr's queue CU masks reach the virtual GPU: hsa_amd_queue_cu_set_mask
// (ROCr -> hsaKmtSetQueueCUMask -> AMDKFD_IOC_SET_CU_MASK -> the MQD's
// per-SE CU enables) decides where the queue's workgroups run, which a
// kernel reads back from HW_ID. The expected places follow the KFD's
// documented mapping (mqd_symmetrically_map_cu_mask): user bit i names the
// i-th CU counted over the shader engines first, then up the CU index.
// Queue priorities (hsa_amd_queue_set_priority -> UPDATE_QUEUE) are
// accepted and the queue keeps running.
#include <algorithm>
#include <set>
#include <tuple>
#include <vector>

#include "rocr_fixture.h"

namespace rocm_test {
namespace {

using Place = std::tuple<unsigned, unsigned, unsigned>;  // SE, SH, CU

// gfx9 HW_ID: CU_ID[11:8], SH_ID[12], SE_ID[14:13] (LLVM SIDefines.h).
Place place_of(uint32_t hw_id) { return {hw_id >> 13 & 3, hw_id >> 12 & 1, hw_id >> 8 & 15}; }

class RocrCuMask : public Rocr {
 protected:
  void SetUp() override {
    Rocr::SetUp();
    if (HasFatalFailure()) return;
    ASSERT_EQ(prog_.load(agents_.gpu, HW_ID_CO), "");
    ASSERT_EQ(prog_.kernel(agents_.gpu, "record_hw_id", &kernel_), "");
    ASSERT_EQ(hsa_agent_get_info(
                  agents_.gpu, static_cast<hsa_agent_info_t>(HSA_AMD_AGENT_INFO_COMPUTE_UNIT_COUNT),
                  &cus_),
              HSA_STATUS_SUCCESS);
    ASSERT_EQ(hsa_agent_get_info(
                  agents_.gpu, static_cast<hsa_agent_info_t>(HSA_AMD_AGENT_INFO_NUM_SHADER_ENGINES),
                  &engines_),
              HSA_STATUS_SUCCESS);
    ASSERT_EQ(engines_, 4u) << "gfx900 has 4 shader engines";
    ASSERT_GT(cus_, 0u);
  }

  // Where user mask bit i puts CU i: the KFD deals the bits over the SEs
  // (one shader array each), skipping SEs whose CUs are used up; the
  // emulated GPU's CUs are spread evenly over its SEs.
  Place place_of_bit(unsigned bit) const {
    unsigned index = 0;
    for (unsigned cu = 0; cu < 16; ++cu)
      for (unsigned se = 0; se < engines_; ++se) {
        const unsigned in_se = cus_ / engines_ + (se < cus_ % engines_);
        if (cu >= in_se) continue;
        if (index++ == bit) return {se, 0, cu};
      }
    return {99, 99, 99};
  }

  // Runs record_hw_id over `groups` groups of 64 work-items on the queue and
  // returns the places they ran on.
  std::set<Place> run(uint32_t groups) {
    PoolBuffer out(agents_.system, groups * sizeof(uint32_t), &agents_.gpu);
    EXPECT_NE(out.get(), nullptr);
    if (!out.get()) return {};
    uint32_t* hw = out.as<uint32_t>();
    for (uint32_t g = 0; g < groups; ++g) hw[g] = ~0u;
    void* arg = out.get();
    Dispatch d;
    d.grid[0] = groups * 64;
    d.workgroup[0] = 64;
    d.args = &arg;
    d.args_size = sizeof(arg);
    EXPECT_EQ(dispatch(agents_, queue(), kernel_, d), "");
    std::set<Place> seen;
    for (uint32_t g = 0; g < groups; ++g) {
      EXPECT_NE(hw[g], ~0u) << "group " << g << " did not run";
      seen.insert(place_of(hw[g]));
    }
    return seen;
  }

  Program prog_;
  Kernel kernel_;
  uint32_t cus_ = 0, engines_ = 0;
};

TEST_F(RocrCuMask, DefaultQueueUsesEveryCu) {
  std::set<Place> all;
  for (unsigned i = 0; i < cus_; ++i) all.insert(place_of_bit(i));
  ASSERT_EQ(all.size(), cus_);
  EXPECT_EQ(run(4 * cus_), all);
}

TEST_F(RocrCuMask, MaskedQueueRunsOnlyOnTheCusItNames) {
  // ROCr keeps only the bits of CUs the agent has ($GCN_EMU_CUS may be low).
  std::vector<uint32_t> mask((cus_ + 31) / 32, 0);
  std::set<Place> expected;
  for (unsigned b : {0u, 5u, 10u, cus_ - 1}) {
    if (b >= cus_) continue;
    mask[b / 32] |= 1u << (b % 32);
    expected.insert(place_of_bit(b));
  }
  const hsa_status_t s =
      hsa_amd_queue_cu_set_mask(queue(), static_cast<uint32_t>(mask.size() * 32), mask.data());
  ASSERT_EQ(s, HSA_STATUS_SUCCESS) << status_text(s);
  std::vector<uint32_t> back(mask.size(), 0);
  ASSERT_EQ(
      hsa_amd_queue_cu_get_mask(queue(), static_cast<uint32_t>(back.size() * 32), back.data()),
      HSA_STATUS_SUCCESS);
  EXPECT_EQ(back, mask);
  EXPECT_EQ(run(32), expected);

  // A count of 0 gives the queue every CU again.
  ASSERT_EQ(hsa_amd_queue_cu_set_mask(queue(), 0, nullptr), HSA_STATUS_SUCCESS);
  EXPECT_EQ(run(4 * cus_).size(), cus_);
}

TEST_F(RocrCuMask, QueuePriorityChangesAreAcceptedAndTheQueueRuns) {
  for (hsa_amd_queue_priority_t p :
       {HSA_AMD_QUEUE_PRIORITY_HIGH, HSA_AMD_QUEUE_PRIORITY_LOW, HSA_AMD_QUEUE_PRIORITY_NORMAL}) {
    const hsa_status_t s = hsa_amd_queue_set_priority(queue(), p);
    ASSERT_EQ(s, HSA_STATUS_SUCCESS) << "priority " << p << ": " << status_text(s);
    EXPECT_EQ(run(8).size(), std::min(8u, cus_)) << "priority " << p;
  }
}

}  // namespace
}  // namespace rocm_test
