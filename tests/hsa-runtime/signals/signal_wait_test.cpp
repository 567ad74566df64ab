// Waits: every condition satisfied by another thread's change, for every
// expectancy on polled and interrupt signals; timeouts in system timestamp
// units; eight waiters on one signal; the timestamp itself.
#include <atomic>
#include <string>
#include <thread>
#include <vector>

#include "signal_fixture.h"
#include "signals/timestamp.h"

namespace {

using hsart::MemoryOrder;
using hsart::Signal;
using hsart::WaitCondition;
using hsart::WaitExpectancy;

constexpr uint64_t kMs = hsart::kTimestampFrequencyHz / 1000;
constexpr uint64_t kGenerous = 20000 * kMs;  // a wait that should never time out

// A condition, a starting value that does not satisfy it, and a later value
// that does.
struct ConditionCase {
  WaitCondition condition;
  int64_t compare, initial, later;
};
const ConditionCase kConditionCases[] = {
    {WaitCondition::kEq, 5, 4, 5},
    {WaitCondition::kNe, 0, 0, -3},
    {WaitCondition::kLt, 10, 10, 9},
    {WaitCondition::kGte, 7, 6, 7},
};

struct WaitParam {
  WaitExpectancy expectancy;
  bool interrupt;
};

class SignalWaitTest : public SignalTest, public ::testing::WithParamInterface<WaitParam> {};

TEST_P(SignalWaitTest, EachConditionWakesOnAnotherThreadsChange) {
  const WaitParam p = GetParam();
  for (const ConditionCase& c : kConditionCases) {
    Signal* s = Make(c.initial, p.interrupt);
    ASSERT_NE(s, nullptr);
    // Timed from before the changer starts: the change comes >= 30 ms later.
    const auto start = std::chrono::steady_clock::now();
    std::thread changer([&] {
      std::this_thread::sleep_for(std::chrono::milliseconds(30));
      // An intermediate value that still does not satisfy, then the one
      // that does.
      s->store(c.initial, MemoryOrder::kRelease);
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
      s->store(c.later, MemoryOrder::kRelease);
    });
    const int64_t got =
        s->wait(c.condition, c.compare, kGenerous, p.expectancy, MemoryOrder::kAcquire);
    const double waited = SecondsSince(start);
    changer.join();
    EXPECT_EQ(got, c.later) << "condition " << static_cast<int>(c.condition);
    EXPECT_GE(waited, 0.030) << "returned before the change";
    EXPECT_LT(waited, 10.0);
    // Already satisfied: returns at once with the current value.
    EXPECT_EQ(s->wait(c.condition, c.compare, 0, p.expectancy, MemoryOrder::kRelaxed), c.later);
    ASSERT_EQ(pool_->destroy(s->handle()), hsart::SignalStatus::kSuccess);
  }
}

TEST_P(SignalWaitTest, TimeoutIsHonouredAndReturnsTheCurrentValue) {
  const WaitParam p = GetParam();
  Signal* s = Make(3, p.interrupt);
  ASSERT_NE(s, nullptr);
  for (uint64_t timeout_ms : {0, 1, 40}) {
    const auto start = std::chrono::steady_clock::now();
    const int64_t got =
        s->wait(WaitCondition::kEq, 0, timeout_ms * kMs, p.expectancy, MemoryOrder::kAcquire);
    const double waited = SecondsSince(start);
    EXPECT_EQ(got, 3) << "the value seen when the wait gave up";
    EXPECT_GE(waited, static_cast<double>(timeout_ms) / 1000.0) << timeout_ms << " ms";
    EXPECT_LT(waited, static_cast<double>(timeout_ms) / 1000.0 + 2.0) << timeout_ms << " ms";
  }
}

TEST_P(SignalWaitTest, EightWaitersAllWake) {
  const WaitParam p = GetParam();
  Signal* s = Make(0, p.interrupt);
  ASSERT_NE(s, nullptr);
  constexpr int kWaiters = 8;
  std::vector<int64_t> seen(kWaiters, -1);
  std::atomic<int> started{0};
  std::vector<std::thread> waiters;
  for (int i = 0; i < kWaiters; ++i) {
    waiters.emplace_back([&, i] {
      started.fetch_add(1);
      seen[i] = s->wait(WaitCondition::kGte, 1, kGenerous, p.expectancy, MemoryOrder::kAcquire);
    });
  }
  while (started.load() != kWaiters) std::this_thread::yield();
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  const auto start = std::chrono::steady_clock::now();
  s->store(1, MemoryOrder::kRelease);
  for (auto& t : waiters) t.join();
  EXPECT_LT(SecondsSince(start), 10.0);
  for (int i = 0; i < kWaiters; ++i) EXPECT_EQ(seen[i], 1) << "waiter " << i;
}

// Every expectancy on both kinds of signal.
std::vector<WaitParam> AllWaitParams() {
  std::vector<WaitParam> all;
  for (bool interrupt : {false, true})
    for (WaitExpectancy e :
         {WaitExpectancy::kShort, WaitExpectancy::kLong, WaitExpectancy::kUnknown})
      all.push_back(WaitParam{e, interrupt});
  return all;
}

std::string WaitParamName(const ::testing::TestParamInfo<WaitParam>& info) {
  static const char* const kNames[] = {"Short", "Long", "Unknown"};
  return std::string(kNames[static_cast<unsigned>(info.param.expectancy)]) +
         (info.param.interrupt ? "Interrupt" : "Polled");
}

INSTANTIATE_TEST_SUITE_P(ExpectanciesAndKinds, SignalWaitTest, ::testing::ValuesIn(AllWaitParams()),
                         WaitParamName);

// A blocked waiter on an interrupt signal is woken by the event, not by
// its re-check slices: a thousand hand-offs back and forth stay far below
// what a slice-bound wake-up (10 ms each) would cost.
TEST_F(SignalTest, BlockedWaiterWakesThroughTheEvent) {
  Signal* ping = Make(0, true);
  Signal* pong = Make(0, true);
  ASSERT_TRUE(ping && pong);
  constexpr int kRounds = 300;
  // A failed round stops both sides (a thread must be joined to end).
  std::atomic<bool> failed{false};
  std::thread other([&] {
    for (int r = 1; r <= kRounds && !failed; ++r) {
      const int64_t v = ping->wait(WaitCondition::kEq, r, kGenerous, WaitExpectancy::kLong,
                                   MemoryOrder::kAcquire);
      if (v != r) {
        ADD_FAILURE() << "ping round " << r << " saw " << v;
        failed = true;
      }
      pong->store(r, MemoryOrder::kRelease);
    }
  });
  const auto start = std::chrono::steady_clock::now();
  for (int r = 1; r <= kRounds && !failed; ++r) {
    ping->store(r, MemoryOrder::kRelease);
    const int64_t v =
        pong->wait(WaitCondition::kEq, r, kGenerous, WaitExpectancy::kLong, MemoryOrder::kAcquire);
    if (v != r) {
      ADD_FAILURE() << "pong round " << r << " saw " << v;
      failed = true;
      ping->store(-1, MemoryOrder::kRelease);
    }
  }
  other.join();
  // 2 * 300 wake-ups at the 10 ms slice would take 6 s.
  EXPECT_LT(SecondsSince(start), 3.0);
}

TEST(SignalTimestamp, CountsNanosecondsOfTheMonotonicClock) {
  EXPECT_EQ(hsart::kTimestampFrequencyHz, 1000000000u);
  const uint64_t a = hsart::timestamp_now();
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  const uint64_t b = hsart::timestamp_now();
  EXPECT_GE(b - a, 20 * kMs);
  EXPECT_LT(b - a, 2000 * kMs);
  EXPECT_EQ(hsart::timestamp_after(UINT64_MAX - 5, 10), UINT64_MAX) << "saturates";
  EXPECT_EQ(hsart::timestamp_after(100, 23), 123u);
}

}  // namespace
