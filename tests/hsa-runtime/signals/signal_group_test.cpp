// Signal groups: wait_any wakes on the member another thread changes, with
// interrupt members (blocking on all events at once) and mixed members
// (polling); timeouts; and the checks on creation.
#include <thread>
#include <vector>

#include "signal_fixture.h"
#include "signals/timestamp.h"

namespace {

using hsart::MemoryOrder;
using hsart::Signal;
using hsart::SignalGroup;
using hsart::SignalStatus;
using hsart::WaitCondition;
using hsart::WaitExpectancy;

constexpr uint64_t kMs = hsart::kTimestampFrequencyHz / 1000;

class SignalGroupTest : public SignalTest {
 protected:
  SignalGroup* MakeGroup(const std::vector<Signal*>& members) {
    std::vector<uint64_t> handles;
    for (Signal* s : members) handles.push_back(s->handle());
    SignalGroup* g = nullptr;
    EXPECT_EQ(pool_->create_group(handles.data(), handles.size(), &g), SignalStatus::kSuccess);
    return g;
  }
};

TEST_F(SignalGroupTest, WaitAnyReportsTheMemberThatChanged) {
  for (bool all_interrupt : {true, false}) {
    for (WaitExpectancy e : {WaitExpectancy::kLong, WaitExpectancy::kShort}) {
      std::vector<Signal*> members = {Make(1, true), Make(1, all_interrupt), Make(1, true)};
      for (Signal* s : members) ASSERT_NE(s, nullptr);
      SignalGroup* g = MakeGroup(members);
      ASSERT_NE(g, nullptr);
      ASSERT_EQ(g->size(), 3u);
      const WaitCondition conds[] = {WaitCondition::kEq, WaitCondition::kLt, WaitCondition::kNe};
      const int64_t compares[] = {0, 0, 1};
      // Timed from before the changer starts: the change comes >= 30 ms later.
      const auto start = std::chrono::steady_clock::now();
      std::thread changer([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(30));
        members[2]->store(42, MemoryOrder::kRelease);
      });
      size_t index = 99;
      int64_t value = 0;
      const SignalStatus status =
          g->wait_any(conds, compares, e, MemoryOrder::kAcquire, 20000 * kMs, &index, &value);
      changer.join();
      ASSERT_EQ(status, SignalStatus::kSuccess);
      EXPECT_EQ(index, 2u);
      EXPECT_EQ(value, 42);
      EXPECT_GE(SecondsSince(start), 0.030);
      EXPECT_LT(SecondsSince(start), 10.0);

      // Two satisfied: the lowest index wins.
      members[1]->store(-5, MemoryOrder::kRelease);
      ASSERT_EQ(g->wait_any(conds, compares, e, MemoryOrder::kRelaxed, 0, &index, &value),
                SignalStatus::kSuccess);
      EXPECT_EQ(index, 1u);
      EXPECT_EQ(value, -5);
      EXPECT_EQ(pool_->destroy_group(g->handle()), SignalStatus::kSuccess);
      for (Signal* s : members) EXPECT_EQ(pool_->destroy(s->handle()), SignalStatus::kSuccess);
    }
  }
}

TEST_F(SignalGroupTest, WaitAnyTimesOut) {
  std::vector<Signal*> members = {Make(1, true), Make(2, true)};
  SignalGroup* g = MakeGroup(members);
  ASSERT_NE(g, nullptr);
  const WaitCondition conds[] = {WaitCondition::kEq, WaitCondition::kEq};
  const int64_t compares[] = {0, 0};
  size_t index = 0;
  int64_t value = 0;
  const auto start = std::chrono::steady_clock::now();
  ASSERT_EQ(g->wait_any(conds, compares, WaitExpectancy::kUnknown, MemoryOrder::kAcquire, 50 * kMs,
                        &index, &value),
            SignalStatus::kSuccess);
  EXPECT_EQ(index, SignalGroup::kNone);
  EXPECT_EQ(value, 1) << "signal 0's value";
  EXPECT_GE(SecondsSince(start), 0.050);
  EXPECT_LT(SecondsSince(start), 5.0);
}

TEST_F(SignalGroupTest, CreationAndArgumentsAreChecked) {
  Signal* a = Make(0, true);
  Signal* b = Make(0, false);
  ASSERT_TRUE(a && b);
  SignalGroup* g = nullptr;
  const uint64_t dup[] = {a->handle(), b->handle(), a->handle()};
  EXPECT_EQ(pool_->create_group(dup, 3, &g), SignalStatus::kInvalidArgument) << "repeated";
  EXPECT_EQ(pool_->create_group(dup, 0, &g), SignalStatus::kInvalidArgument) << "empty";
  EXPECT_EQ(pool_->create_group(nullptr, 2, &g), SignalStatus::kInvalidArgument);
  const uint64_t bad[] = {a->handle(), b->handle() + 64};
  EXPECT_EQ(pool_->create_group(bad, 2, &g), SignalStatus::kInvalidSignal);
  ASSERT_EQ(pool_->create_group(dup, 2, &g), SignalStatus::kSuccess);
  EXPECT_EQ(pool_->find_group(g->handle()), g);

  size_t index;
  int64_t value;
  const int64_t compares[] = {0, 0};
  const WaitCondition bad_cond[] = {WaitCondition::kEq, static_cast<WaitCondition>(9)};
  EXPECT_EQ(g->wait_any(bad_cond, compares, WaitExpectancy::kShort, MemoryOrder::kAcquire, 0,
                        &index, &value),
            SignalStatus::kInvalidArgument);
  EXPECT_EQ(g->wait_any(nullptr, compares, WaitExpectancy::kShort, MemoryOrder::kAcquire, 0, &index,
                        &value),
            SignalStatus::kInvalidArgument);

  const uint64_t handle = g->handle();
  EXPECT_EQ(pool_->destroy_group(handle), SignalStatus::kSuccess);
  EXPECT_EQ(pool_->find_group(handle), nullptr);
  EXPECT_EQ(pool_->destroy_group(handle), SignalStatus::kInvalidSignalGroup);
  EXPECT_EQ(pool_->destroy_group(0), SignalStatus::kInvalidSignalGroup);
}

}  // namespace
