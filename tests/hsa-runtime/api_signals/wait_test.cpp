// hsa_signal_wait_*: conditions, timeouts in system timestamp units, wake-
// ups from another thread in both wait states; signal groups and
// hsa_amd_signal_wait_any.
#include <hsa/hsa_ext_amd.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "signal_fixture.h"

#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

namespace {

using api_signals_test::ApiSignalTest;
using api_signals_test::kMs;
using api_signals_test::seconds_since;
using Clock = std::chrono::steady_clock;
using WaitFn = hsa_signal_value_t (*)(hsa_signal_t, hsa_signal_condition_t, hsa_signal_value_t,
                                      uint64_t, hsa_wait_state_t);

const WaitFn kWaits[] = {hsa_signal_wait_relaxed, hsa_signal_wait_scacquire,
                         hsa_signal_wait_acquire};
const hsa_wait_state_t kStates[] = {HSA_WAIT_STATE_BLOCKED, HSA_WAIT_STATE_ACTIVE};

TEST_F(ApiSignalTest, SatisfiedConditionsReturnAtOnce) {
  hsa_signal_t s = make(5);
  struct Case {
    hsa_signal_condition_t c;
    hsa_signal_value_t compare;
  };
  const Case satisfied[] = {{HSA_SIGNAL_CONDITION_EQ, 5},
                            {HSA_SIGNAL_CONDITION_NE, 4},
                            {HSA_SIGNAL_CONDITION_LT, 6},
                            {HSA_SIGNAL_CONDITION_GTE, 5}};
  for (WaitFn wait : kWaits)
    for (const Case& c : satisfied)
      EXPECT_EQ(wait(s, c.c, c.compare, UINT64_MAX, HSA_WAIT_STATE_BLOCKED), 5) << c.c;
  hsa_signal_destroy(s);
}

TEST_F(ApiSignalTest, UnsatisfiedWaitTimesOut) {
  // Timeouts count system timestamp ticks: 30 ms at the reported frequency.
  uint64_t frequency = 0;
  ASSERT_EQ(hsa_system_get_info(HSA_SYSTEM_INFO_TIMESTAMP_FREQUENCY, &frequency),
            HSA_STATUS_SUCCESS);
  const uint64_t timeout = frequency * 30 / 1000;
  hsa_signal_t s = make(5);
  for (hsa_wait_state_t state : kStates) {
    const auto start = Clock::now();
    // LT 5 never holds: the wait ends by timeout with the value observed.
    EXPECT_EQ(hsa_signal_wait_scacquire(s, HSA_SIGNAL_CONDITION_LT, 5, timeout, state), 5);
    const double waited = seconds_since(start);
    EXPECT_GE(waited, 0.029) << "returned before the timeout, state " << state;
    EXPECT_LT(waited, 2.0) << "the timeout is in ns: 30 ms, not 30 s";
  }
  hsa_signal_destroy(s);
}

TEST_F(ApiSignalTest, WaitsWakeOnAnotherThreadsStore) {
  for (WaitFn wait : kWaits) {
    for (hsa_wait_state_t state : kStates) {
      hsa_signal_t s = make(1);
      std::atomic<bool> stored{false};
      std::thread writer([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(30));
        stored.store(true);
        hsa_signal_store_screlease(s, 0);
      });
      const hsa_signal_value_t got = wait(s, HSA_SIGNAL_CONDITION_EQ, 0, UINT64_MAX, state);
      EXPECT_EQ(got, 0) << "state " << state;
      EXPECT_TRUE(stored.load()) << "returned before the store";
      writer.join();
      hsa_signal_destroy(s);
    }
  }
}

TEST_F(ApiSignalTest, BlockedWaitWakesOnSubtract) {
  // A countdown as in a barrier: three subtracts from other threads.
  hsa_signal_t s = make(3);
  std::vector<std::thread> threads;
  for (int i = 0; i < 3; ++i)
    threads.emplace_back([s, i] {
      std::this_thread::sleep_for(std::chrono::milliseconds(10 * (i + 1)));
      hsa_signal_subtract_screlease(s, 1);
    });
  EXPECT_EQ(
      hsa_signal_wait_scacquire(s, HSA_SIGNAL_CONDITION_EQ, 0, UINT64_MAX, HSA_WAIT_STATE_BLOCKED),
      0);
  for (auto& t : threads) t.join();
  hsa_signal_destroy(s);
}

TEST_F(ApiSignalTest, WaitOnBadSignalOrConditionReturnsAtOnce) {
  hsa_signal_t s = make(1);
  const auto start = Clock::now();
  EXPECT_EQ(hsa_signal_wait_scacquire(hsa_signal_t{0xdead0000}, HSA_SIGNAL_CONDITION_EQ, 0,
                                      UINT64_MAX, HSA_WAIT_STATE_BLOCKED),
            0);
  EXPECT_EQ(hsa_signal_wait_scacquire(s, static_cast<hsa_signal_condition_t>(9), 0, UINT64_MAX,
                                      HSA_WAIT_STATE_BLOCKED),
            0);
  EXPECT_LT(seconds_since(start), 1.0);
  hsa_signal_destroy(s);
}

using GroupWaitFn = hsa_status_t (*)(hsa_signal_group_t, const hsa_signal_condition_t*,
                                     const hsa_signal_value_t*, hsa_wait_state_t, hsa_signal_t*,
                                     hsa_signal_value_t*);
const GroupWaitFn kGroupWaits[] = {hsa_signal_group_wait_any_relaxed,
                                   hsa_signal_group_wait_any_scacquire};

TEST_F(ApiSignalTest, GroupWaitReportsTheSatisfiedSignal) {
  hsa_signal_t s[3] = {make(1), make(1), make(1)};
  hsa_signal_group_t g{0};
  ASSERT_EQ(hsa_signal_group_create(3, s, 0, nullptr, &g), HSA_STATUS_SUCCESS);
  const hsa_signal_condition_t conds[3] = {HSA_SIGNAL_CONDITION_EQ, HSA_SIGNAL_CONDITION_EQ,
                                           HSA_SIGNAL_CONDITION_EQ};
  const hsa_signal_value_t zeros[3] = {0, 0, 0};
  for (GroupWaitFn wait : kGroupWaits) {
    for (hsa_wait_state_t state : kStates) {
      for (int which = 0; which < 3; ++which) {
        for (hsa_signal_t x : s) hsa_signal_store_relaxed(x, 1);
        std::thread writer([&] {
          std::this_thread::sleep_for(std::chrono::milliseconds(20));
          hsa_signal_store_screlease(s[which], 0);
        });
        hsa_signal_t hit{0};
        hsa_signal_value_t value = 99;
        EXPECT_EQ(wait(g, conds, zeros, state, &hit, &value), HSA_STATUS_SUCCESS);
        EXPECT_EQ(hit.handle, s[which].handle) << "signal " << which << " state " << state;
        EXPECT_EQ(value, 0);
        writer.join();
      }
    }
  }
  EXPECT_EQ(hsa_signal_group_destroy(g), HSA_STATUS_SUCCESS);
  for (hsa_signal_t x : s) hsa_signal_destroy(x);
}

TEST_F(ApiSignalTest, GroupWaitUsesEachSignalsOwnCondition) {
  hsa_signal_t s[2] = {make(10), make(10)};
  hsa_signal_group_t g{0};
  ASSERT_EQ(hsa_signal_group_create(2, s, 1, &cpu_, &g), HSA_STATUS_SUCCESS);
  // Signal 0 wants < 5 (false), signal 1 wants >= 10 (true).
  const hsa_signal_condition_t conds[2] = {HSA_SIGNAL_CONDITION_LT, HSA_SIGNAL_CONDITION_GTE};
  const hsa_signal_value_t compares[2] = {5, 10};
  hsa_signal_t hit{0};
  hsa_signal_value_t value = 0;
  ASSERT_EQ(
      hsa_signal_group_wait_any_scacquire(g, conds, compares, HSA_WAIT_STATE_ACTIVE, &hit, &value),
      HSA_STATUS_SUCCESS);
  EXPECT_EQ(hit.handle, s[1].handle);
  EXPECT_EQ(value, 10);
  EXPECT_EQ(hsa_signal_group_destroy(g), HSA_STATUS_SUCCESS);
  for (hsa_signal_t x : s) hsa_signal_destroy(x);
}

TEST_F(ApiSignalTest, GroupErrors) {
  hsa_signal_t s[2] = {make(0), make(0)};
  hsa_signal_t dead = make(0);
  ASSERT_EQ(hsa_signal_destroy(dead), HSA_STATUS_SUCCESS);
  hsa_signal_group_t g{0};
  const hsa_agent_t bogus{0x1234};
  const hsa_signal_t twice[2] = {s[0], s[0]};
  const hsa_signal_t with_dead[2] = {s[0], dead};
  EXPECT_EQ(hsa_signal_group_create(0, s, 0, nullptr, &g), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_signal_group_create(2, nullptr, 0, nullptr, &g), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_signal_group_create(2, s, 0, nullptr, nullptr), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_signal_group_create(2, s, 1, nullptr, &g), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_signal_group_create(2, s, 1, &bogus, &g), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_signal_group_create(2, twice, 0, nullptr, &g), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_signal_group_create(2, with_dead, 0, nullptr, &g), HSA_STATUS_ERROR_INVALID_SIGNAL);

  ASSERT_EQ(hsa_signal_group_create(2, s, 0, nullptr, &g), HSA_STATUS_SUCCESS);
  const hsa_signal_condition_t conds[2] = {HSA_SIGNAL_CONDITION_EQ, HSA_SIGNAL_CONDITION_EQ};
  const hsa_signal_value_t zeros[2] = {0, 0};
  hsa_signal_t hit{0};
  hsa_signal_value_t value = 0;
  for (GroupWaitFn wait : kGroupWaits) {
    EXPECT_EQ(wait(g, nullptr, zeros, HSA_WAIT_STATE_ACTIVE, &hit, &value),
              HSA_STATUS_ERROR_INVALID_ARGUMENT);
    EXPECT_EQ(wait(g, conds, nullptr, HSA_WAIT_STATE_ACTIVE, &hit, &value),
              HSA_STATUS_ERROR_INVALID_ARGUMENT);
    EXPECT_EQ(wait(g, conds, zeros, HSA_WAIT_STATE_ACTIVE, nullptr, &value),
              HSA_STATUS_ERROR_INVALID_ARGUMENT);
    EXPECT_EQ(wait(g, conds, zeros, HSA_WAIT_STATE_ACTIVE, &hit, nullptr),
              HSA_STATUS_ERROR_INVALID_ARGUMENT);
    EXPECT_EQ(
        wait(hsa_signal_group_t{0xdead0000}, conds, zeros, HSA_WAIT_STATE_ACTIVE, &hit, &value),
        HSA_STATUS_ERROR_INVALID_SIGNAL_GROUP);
  }
  EXPECT_EQ(hsa_signal_group_destroy(g), HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_signal_group_destroy(g), HSA_STATUS_ERROR_INVALID_SIGNAL_GROUP);
  for (GroupWaitFn wait : kGroupWaits)
    EXPECT_EQ(wait(g, conds, zeros, HSA_WAIT_STATE_ACTIVE, &hit, &value),
              HSA_STATUS_ERROR_INVALID_SIGNAL_GROUP);
  for (hsa_signal_t x : s) hsa_signal_destroy(x);
}

TEST_F(ApiSignalTest, AmdWaitAnyFindsTheSignalOrTimesOut) {
  hsa_signal_t s[3] = {make(1), make(1), make(1)};
  hsa_signal_condition_t conds[3] = {HSA_SIGNAL_CONDITION_EQ, HSA_SIGNAL_CONDITION_EQ,
                                     HSA_SIGNAL_CONDITION_EQ};
  hsa_signal_value_t zeros[3] = {0, 0, 0};
  hsa_signal_value_t value = 99;
  for (hsa_wait_state_t state : kStates) {
    const auto start = Clock::now();
    EXPECT_EQ(hsa_amd_signal_wait_any(3, s, conds, zeros, 20 * kMs, state, &value), UINT32_MAX);
    EXPECT_GE(seconds_since(start), 0.019);
  }
  std::thread writer([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    hsa_signal_store_screlease(s[2], 0);
  });
  EXPECT_EQ(hsa_amd_signal_wait_any(3, s, conds, zeros, UINT64_MAX, HSA_WAIT_STATE_BLOCKED, &value),
            2u);
  EXPECT_EQ(value, 0);
  writer.join();
  // Bad input has no status: the "none" index.
  hsa_signal_t bad[2] = {s[0], hsa_signal_t{0xdead0000}};
  EXPECT_EQ(hsa_amd_signal_wait_any(2, bad, conds, zeros, 0, HSA_WAIT_STATE_ACTIVE, &value),
            UINT32_MAX);
  EXPECT_EQ(hsa_amd_signal_wait_any(0, s, conds, zeros, 0, HSA_WAIT_STATE_ACTIVE, &value),
            UINT32_MAX);
  for (hsa_signal_t x : s) hsa_signal_destroy(x);
}

}  // namespace
