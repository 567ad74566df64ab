// A test fixture holding the KFD open and the first GPU node.
#pragma once

#include <gtest/gtest.h>

#include "thunk_gpu.h"

class ThunkTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_EQ(hsaKmtOpenKFD(), HSAKMT_STATUS_SUCCESS);
    node_ = hsakmt_test::first_gpu_node();
    ASSERT_GE(node_, 0) << "the topology has no GPU node";
  }
  void TearDown() override { EXPECT_EQ(hsaKmtCloseKFD(), HSAKMT_STATUS_SUCCESS); }

  uint32_t gpu() const { return static_cast<uint32_t>(node_); }

  int node_ = -1;
};
