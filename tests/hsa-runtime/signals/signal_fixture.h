// A fixture holding the KFD open and a SignalPool that lives inside it.
#pragma once

#include <gtest/gtest.h>

#include <chrono>
#include <memory>

#include "hsakmt.h"
#include "signals/signal_pool.h"

class SignalTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_EQ(hsaKmtOpenKFD(), HSAKMT_STATUS_SUCCESS);
    pool_ = std::make_unique<hsart::SignalPool>();
  }
  void TearDown() override {
    pool_.reset();
    EXPECT_EQ(hsaKmtCloseKFD(), HSAKMT_STATUS_SUCCESS);
  }

  // A new signal; fails the test when the pool cannot make one.
  hsart::Signal* Make(int64_t initial, bool interrupt) {
    hsart::Signal* s = nullptr;
    EXPECT_EQ(pool_->create(initial, interrupt, &s), hsart::SignalStatus::kSuccess);
    return s;
  }

  static double SecondsSince(std::chrono::steady_clock::time_point t) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
  }

  std::unique_ptr<hsart::SignalPool> pool_;
};
