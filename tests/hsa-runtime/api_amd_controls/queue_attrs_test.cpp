// Queue CU masks and priorities: the default mask covers exactly the
// agent's compute units (12, set by the test's environment), a set mask
// reads back, and every documented error.
#include <vector>

#include "controls_fixture.h"

namespace {

class ApiQueueAttrsTest : public ApiControlsTest {
 protected:
  void SetUp() override {
    ApiControlsTest::SetUp();
    ASSERT_EQ(hsa_queue_create(gpu_, 64, HSA_QUEUE_TYPE_MULTI, nullptr, nullptr, UINT32_MAX,
                               UINT32_MAX, &queue_),
              HSA_STATUS_SUCCESS);
  }
  void TearDown() override {
    if (queue_) {
      EXPECT_EQ(hsa_queue_destroy(queue_), HSA_STATUS_SUCCESS);
    }
    ApiControlsTest::TearDown();
  }
  hsa_queue_t* queue_ = nullptr;
};

TEST_F(ApiQueueAttrsTest, DefaultMaskIsEveryComputeUnit) {
  uint32_t cus = 0;
  ASSERT_EQ(hsa_agent_get_info(
                gpu_, static_cast<hsa_agent_info_t>(HSA_AMD_AGENT_INFO_COMPUTE_UNIT_COUNT), &cus),
            HSA_STATUS_SUCCESS);
  ASSERT_EQ(cus, 12u);
  uint32_t mask[2] = {0xdeadbeef, 0xdeadbeef};
  ASSERT_EQ(hsa_amd_queue_cu_get_mask(queue_, 64, mask), HSA_STATUS_SUCCESS);
  EXPECT_EQ(mask[0], 0xfffu);
  EXPECT_EQ(mask[1], 0u);
}

TEST_F(ApiQueueAttrsTest, SetMaskReadsBack) {
  const uint32_t set[1] = {0x0a5u};
  ASSERT_EQ(hsa_amd_queue_cu_set_mask(queue_, 32, set), HSA_STATUS_SUCCESS);
  uint32_t got[3] = {1, 1, 1};
  ASSERT_EQ(hsa_amd_queue_cu_get_mask(queue_, 96, got), HSA_STATUS_SUCCESS);
  EXPECT_EQ(got[0], 0x0a5u);
  EXPECT_EQ(got[1], 0u);
  EXPECT_EQ(got[2], 0u);
}

TEST_F(ApiQueueAttrsTest, MaskErrors) {
  uint32_t mask[1] = {1};
  EXPECT_EQ(hsa_amd_queue_cu_set_mask(queue_, 31, mask), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_amd_queue_cu_set_mask(queue_, 0, mask), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_amd_queue_cu_set_mask(queue_, 32, nullptr), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_amd_queue_cu_get_mask(queue_, 33, mask), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_amd_queue_cu_get_mask(queue_, 32, nullptr), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_amd_queue_cu_set_mask(nullptr, 32, mask), HSA_STATUS_ERROR_INVALID_QUEUE);
  hsa_queue_t fake{};
  EXPECT_EQ(hsa_amd_queue_cu_get_mask(&fake, 32, mask), HSA_STATUS_ERROR_INVALID_QUEUE);
}

TEST_F(ApiQueueAttrsTest, Priorities) {
  for (hsa_amd_queue_priority_t p :
       {HSA_AMD_QUEUE_PRIORITY_LOW, HSA_AMD_QUEUE_PRIORITY_HIGH, HSA_AMD_QUEUE_PRIORITY_NORMAL})
    EXPECT_EQ(hsa_amd_queue_set_priority(queue_, p), HSA_STATUS_SUCCESS) << p;
  EXPECT_EQ(hsa_amd_queue_set_priority(queue_, static_cast<hsa_amd_queue_priority_t>(3)),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_amd_queue_set_priority(nullptr, HSA_AMD_QUEUE_PRIORITY_LOW),
            HSA_STATUS_ERROR_INVALID_QUEUE);
}

// A soft queue has no packet processor to restrict or schedule.
TEST_F(ApiQueueAttrsTest, SoftQueuesAreRefused) {
  hsa_region_t region{0};
  hsa_agent_iterate_regions(
      cpu_,
      [](hsa_region_t r, void* d) {
        *static_cast<hsa_region_t*>(d) = r;
        return HSA_STATUS_INFO_BREAK;
      },
      &region);
  hsa_signal_t bell{0};
  ASSERT_EQ(hsa_signal_create(0, 0, nullptr, &bell), HSA_STATUS_SUCCESS);
  hsa_queue_t* soft = nullptr;
  ASSERT_EQ(hsa_soft_queue_create(region, 16, HSA_QUEUE_TYPE_SINGLE,
                                  HSA_QUEUE_FEATURE_AGENT_DISPATCH, bell, &soft),
            HSA_STATUS_SUCCESS);
  uint32_t mask[1] = {1};
  EXPECT_EQ(hsa_amd_queue_cu_set_mask(soft, 32, mask), HSA_STATUS_ERROR_INVALID_QUEUE);
  EXPECT_EQ(hsa_amd_queue_set_priority(soft, HSA_AMD_QUEUE_PRIORITY_HIGH),
            HSA_STATUS_ERROR_INVALID_QUEUE);
  EXPECT_EQ(hsa_queue_destroy(soft), HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_signal_destroy(bell), HSA_STATUS_SUCCESS);
}

TEST(ApiQueueAttrsUninitialized, NotInitialized) {
  uint32_t mask[1] = {1};
  EXPECT_EQ(hsa_amd_queue_cu_set_mask(nullptr, 32, mask), HSA_STATUS_ERROR_NOT_INITIALIZED);
  EXPECT_EQ(hsa_amd_queue_cu_get_mask(nullptr, 32, mask), HSA_STATUS_ERROR_NOT_INITIALIZED);
  EXPECT_EQ(hsa_amd_queue_set_priority(nullptr, HSA_AMD_QUEUE_PRIORITY_LOW),
            HSA_STATUS_ERROR_NOT_INITIALIZED);
  hsa_amd_coherency_type_t t{};
  EXPECT_EQ(hsa_amd_coherency_get_type(hsa_agent_t{0}, &t), HSA_STATUS_ERROR_NOT_INITIALIZED);
  EXPECT_EQ(hsa_amd_register_deallocation_callback(
                mask, [](void*, void*) {}, nullptr),
            HSA_STATUS_ERROR_NOT_INITIALIZED);
}

}  // namespace
