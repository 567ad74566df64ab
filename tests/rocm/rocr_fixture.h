// Each test starts Debian's ROCr (hsa_init) on our thunk, finds the CPU and
// GPU agents with their pools, and shuts the runtime down at the end.
#pragma once

#include <gtest/gtest.h>

#include "rocr_session.h"

namespace rocm_test {

class Rocr : public ::testing::Test {
 protected:
  void SetUp() override {
    const hsa_status_t s = hsa_init();
    ASSERT_EQ(s, HSA_STATUS_SUCCESS) << "hsa_init: " << status_text(s);
    initialized_ = true;
    agents_ = find_agents();
    ASSERT_TRUE(agents_.complete()) << "ROCr reports no CPU agent, GPU agent or one of their pools";
  }
  void TearDown() override {
    if (queue_) hsa_queue_destroy(queue_);
    if (initialized_) {
      EXPECT_EQ(hsa_shut_down(), HSA_STATUS_SUCCESS);
    }
  }
  // A queue of the GPU agent, destroyed at the end of the test.
  hsa_queue_t* queue() {
    if (!queue_) {
      EXPECT_EQ(hsa_queue_create(agents_.gpu, 256, HSA_QUEUE_TYPE_MULTI, nullptr, nullptr,
                                 UINT32_MAX, UINT32_MAX, &queue_),
                HSA_STATUS_SUCCESS);
    }
    return queue_;
  }

  Agents agents_;

 private:
  bool initialized_ = false;
  hsa_queue_t* queue_ = nullptr;
};

}  // namespace rocm_test
