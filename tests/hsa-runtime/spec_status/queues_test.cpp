// Queues: the HSA 1.1 status of each invalid argument of hsa_queue_create,
// hsa_soft_queue_create, hsa_queue_destroy and hsa_queue_inactivate.
#include "spec_fixture.h"

namespace spec_status_test {
namespace {

TEST_F(SpecStatusTest, QueueCreateArgumentsAreInvalidArguments) {
  hsa_queue_t* q = nullptr;
  EXPECT_EQ(hsa_queue_create(gpu_, 64, HSA_QUEUE_TYPE_MULTI, nullptr, nullptr, 0, 0, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_queue_create(gpu_, 0, HSA_QUEUE_TYPE_MULTI, nullptr, nullptr, 0, 0, &q),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_queue_create(gpu_, 100, HSA_QUEUE_TYPE_MULTI, nullptr, nullptr, 0, 0, &q),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_queue_create(gpu_, 64, 7, nullptr, nullptr, 0, 0, &q),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  uint32_t max = 0;
  ASSERT_EQ(hsa_agent_get_info(gpu_, HSA_AGENT_INFO_QUEUE_MAX_SIZE, &max), HSA_STATUS_SUCCESS);
  ASSERT_LT(max, 0x80000000u);
  EXPECT_EQ(hsa_queue_create(gpu_, max * 2, HSA_QUEUE_TYPE_MULTI, nullptr, nullptr, 0, 0, &q),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(q, nullptr);
}

TEST_F(SpecStatusTest, QueueCreateOnAMadeUpAgentIsAnInvalidAgent) {
  hsa_queue_t* q = nullptr;
  EXPECT_EQ(hsa_queue_create(hsa_agent_t{0xdead0000}, 64, HSA_QUEUE_TYPE_MULTI, nullptr, nullptr, 0,
                             0, &q),
            HSA_STATUS_ERROR_INVALID_AGENT);
}

TEST_F(SpecStatusTest, QueueCreateOnAnAgentWithoutQueuesIsAnInvalidQueueCreation) {
  // The CPU agent reports no AQL queues (QUEUES_MAX 0).
  hsa_queue_t* q = nullptr;
  EXPECT_EQ(hsa_queue_create(cpu_, 64, HSA_QUEUE_TYPE_MULTI, nullptr, nullptr, 0, 0, &q),
            HSA_STATUS_ERROR_INVALID_QUEUE_CREATION);
}

TEST_F(SpecStatusTest, SoftQueueCreateArgumentsAreInvalidArguments) {
  const hsa_region_t region = region_of(cpu_, [](hsa_region_t r) {
    bool ok = false;
    hsa_region_get_info(r, HSA_REGION_INFO_RUNTIME_ALLOC_ALLOWED, &ok);
    return ok;
  });
  ASSERT_NE(region.handle, 0u);
  hsa_signal_t doorbell{0};
  ASSERT_EQ(hsa_signal_create(0, 0, nullptr, &doorbell), HSA_STATUS_SUCCESS);
  const uint32_t kAql = HSA_QUEUE_FEATURE_AGENT_DISPATCH;
  hsa_queue_t* q = nullptr;
  EXPECT_EQ(hsa_soft_queue_create(region, 64, HSA_QUEUE_TYPE_MULTI, kAql, doorbell, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_soft_queue_create(region, 0, HSA_QUEUE_TYPE_MULTI, kAql, doorbell, &q),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_soft_queue_create(region, 100, HSA_QUEUE_TYPE_MULTI, kAql, doorbell, &q),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_soft_queue_create(region, 64, 7, kAql, doorbell, &q),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_soft_queue_create(region, 64, HSA_QUEUE_TYPE_MULTI, kAql, hsa_signal_t{0}, &q),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_signal_destroy(doorbell), HSA_STATUS_SUCCESS);
}

TEST_F(SpecStatusTest, QueueDestroyAndInactivateOfNullAreInvalidArguments) {
  EXPECT_EQ(hsa_queue_destroy(nullptr), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_queue_inactivate(nullptr), HSA_STATUS_ERROR_INVALID_ARGUMENT);
}

}  // namespace
}  // namespace spec_status_test
