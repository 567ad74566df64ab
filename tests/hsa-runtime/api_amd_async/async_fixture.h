// A fixture holding the runtime initialized, and a bounded wait for a
// condition another thread (the runtime's event thread) makes true.
#pragma once

#include <gtest/gtest.h>
#include <hsa/hsa.h>
#include <hsa/hsa_ext_amd.h>

#include <chrono>
#include <thread>

namespace async_test {

class ApiAsyncTest : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_EQ(hsa_init(), HSA_STATUS_SUCCESS); }
  void TearDown() override { EXPECT_EQ(hsa_shut_down(), HSA_STATUS_SUCCESS); }

  // A signal the host may wait on (no consumer list: an interrupt signal).
  hsa_signal_t make_signal(hsa_signal_value_t initial) {
    hsa_signal_t s{0};
    EXPECT_EQ(hsa_signal_create(initial, 0, nullptr, &s), HSA_STATUS_SUCCESS);
    return s;
  }
};

// Polls pred until it holds or timeout_ms passes; returns pred's last answer.
template <typename Pred>
bool eventually(Pred pred, unsigned timeout_ms = 10000) {
  const auto end = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
  while (!pred()) {
    if (std::chrono::steady_clock::now() > end) return pred();
    std::this_thread::sleep_for(std::chrono::microseconds(200));
  }
  return true;
}

// Lets the event thread run for a while, to show that something does NOT
// happen (a removed handler stays silent).
inline void settle() { std::this_thread::sleep_for(std::chrono::milliseconds(100)); }

}  // namespace async_test
