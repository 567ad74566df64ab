// Every value operation in every memory order, on polled and interrupt
// signals, against a plain CPU model of the 64-bit value; the layout the
// GPU sees; and which operations raise the KFD event for blocked waiters.
#include <atomic>
#include <cstdint>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "signal_fixture.h"

namespace {

using hsart::MemoryOrder;
using hsart::Signal;

// One operation: what the signal does and what the model says. Returns the
// value the operation reports (the old value for read-modify-writes).
struct Op {
  const char* name;
  int64_t (*run)(Signal&, int64_t a, int64_t b, MemoryOrder o);
  // Updates model and returns the expected reported value.
  int64_t (*model)(int64_t& value, int64_t a, int64_t b);
};

// Wrap-around arithmetic as the hardware does it (no signed overflow UB).
int64_t wrap_add(int64_t x, int64_t y) {
  return static_cast<int64_t>(static_cast<uint64_t>(x) + static_cast<uint64_t>(y));
}
int64_t wrap_sub(int64_t x, int64_t y) {
  return static_cast<int64_t>(static_cast<uint64_t>(x) - static_cast<uint64_t>(y));
}

const Op kOps[] = {
    {"load", [](Signal& s, int64_t, int64_t, MemoryOrder o) { return s.load(o); },
     [](int64_t& v, int64_t, int64_t) { return v; }},
    {"store",
     [](Signal& s, int64_t a, int64_t, MemoryOrder o) {
       s.store(a, o);
       return int64_t{0};
     },
     [](int64_t& v, int64_t a, int64_t) {
       v = a;
       return int64_t{0};
     }},
    {"silent_store",
     [](Signal& s, int64_t a, int64_t, MemoryOrder o) {
       s.silent_store(a, o);
       return int64_t{0};
     },
     [](int64_t& v, int64_t a, int64_t) {
       v = a;
       return int64_t{0};
     }},
    {"exchange", [](Signal& s, int64_t a, int64_t, MemoryOrder o) { return s.exchange(a, o); },
     [](int64_t& v, int64_t a, int64_t) {
       const int64_t old = v;
       v = a;
       return old;
     }},
    // cas twice: once expecting the current value (succeeds), once a value
    // that differs from it (fails, no change).
    {"cas_hit", [](Signal& s, int64_t a, int64_t, MemoryOrder o) { return s.cas(s.load(o), a, o); },
     [](int64_t& v, int64_t a, int64_t) {
       const int64_t old = v;
       v = a;
       return old;
     }},
    {"cas_miss",
     [](Signal& s, int64_t a, int64_t, MemoryOrder o) {
       return s.cas(wrap_add(s.load(o), 1), a, o);
     },
     [](int64_t& v, int64_t, int64_t) { return v; }},
    {"add", [](Signal& s, int64_t a, int64_t, MemoryOrder o) { return s.add(a, o); },
     [](int64_t& v, int64_t a, int64_t) {
       const int64_t old = v;
       v = wrap_add(v, a);
       return old;
     }},
    {"subtract", [](Signal& s, int64_t a, int64_t, MemoryOrder o) { return s.subtract(a, o); },
     [](int64_t& v, int64_t a, int64_t) {
       const int64_t old = v;
       v = wrap_sub(v, a);
       return old;
     }},
    {"and", [](Signal& s, int64_t a, int64_t, MemoryOrder o) { return s.bit_and(a, o); },
     [](int64_t& v, int64_t a, int64_t) {
       const int64_t old = v;
       v &= a;
       return old;
     }},
    {"or", [](Signal& s, int64_t a, int64_t, MemoryOrder o) { return s.bit_or(a, o); },
     [](int64_t& v, int64_t a, int64_t) {
       const int64_t old = v;
       v |= a;
       return old;
     }},
    {"xor", [](Signal& s, int64_t a, int64_t, MemoryOrder o) { return s.bit_xor(a, o); },
     [](int64_t& v, int64_t a, int64_t) {
       const int64_t old = v;
       v ^= a;
       return old;
     }},
};

const MemoryOrder kOrders[] = {MemoryOrder::kRelaxed, MemoryOrder::kAcquire, MemoryOrder::kRelease,
                               MemoryOrder::kAcqRel};

struct OpsParam {
  MemoryOrder order;
  bool interrupt;
};

class SignalOpsTest : public SignalTest, public ::testing::WithParamInterface<OpsParam> {};

TEST_P(SignalOpsTest, EveryOperationMatchesTheCpuModel) {
  const OpsParam p = GetParam();
  // Operands mixing small, negative, extreme and random 64-bit values.
  std::mt19937_64 rng(0x5167A15 + static_cast<unsigned>(p.order) * 2 + p.interrupt);
  std::vector<int64_t> operands = {0, 1, -1, INT64_MAX, INT64_MIN, 0x00ff00ff00ff00ff};
  for (int i = 0; i < 32; ++i) operands.push_back(static_cast<int64_t>(rng()));

  Signal* s = Make(operands[5], p.interrupt);
  ASSERT_NE(s, nullptr);
  int64_t model = operands[5];
  for (int round = 0; round < 4; ++round) {
    for (const Op& op : kOps) {
      for (int64_t a : operands) {
        const int64_t before = model;
        const int64_t expected = op.model(model, a, 0);
        const int64_t got = op.run(*s, a, 0, p.order);
        ASSERT_EQ(got, expected) << op.name << " reported, operand " << a << ", value " << before;
        ASSERT_EQ(s->load(MemoryOrder::kRelaxed), model)
            << op.name << " result, operand " << a << ", value " << before;
        // What the GPU reads: the value field of the amd_signal_t.
        ASSERT_EQ(__atomic_load_n(&s->amd_signal()->value, __ATOMIC_RELAXED), model);
      }
    }
  }
}

// Message passing through each releasing/acquiring order pair: a writer
// fills a buffer and releases the signal; a reader that acquires it must
// see the whole buffer.
TEST_P(SignalOpsTest, ReleaseAcquirePublishesData) {
  const OpsParam p = GetParam();
  Signal* s = Make(0, p.interrupt);
  ASSERT_NE(s, nullptr);
  constexpr int kRounds = 200;
  std::vector<int> data(64, 0);
  const MemoryOrder release =
      p.order == MemoryOrder::kAcqRel ? MemoryOrder::kAcqRel : MemoryOrder::kRelease;
  // A failed round stops both sides (a thread must be joined to end).
  std::atomic<bool> failed{false};
  std::thread writer([&] {
    for (int r = 1; r <= kRounds; ++r) {
      // Wait for the reader to take the previous round.
      while (s->load(MemoryOrder::kAcquire) != 2 * (r - 1)) {
        if (failed) return;
        std::this_thread::yield();
      }
      for (int& d : data) d = r;
      if (p.order == MemoryOrder::kRelaxed)
        s->store(2 * r - 1, MemoryOrder::kRelease);
      else
        s->add(1, release);
    }
  });
  for (int r = 1; r <= kRounds && !failed; ++r) {
    const int64_t v = s->wait(hsart::WaitCondition::kEq, 2 * r - 1, 10'000'000'000,
                              hsart::WaitExpectancy::kShort, MemoryOrder::kAcquire);
    bool seen_all = true;
    for (int d : data) seen_all = seen_all && d == r;
    if (v != 2 * r - 1 || !seen_all) {
      ADD_FAILURE() << "round " << r << ": value " << v << ", data complete " << seen_all;
      failed = true;
    }
    s->add(1, MemoryOrder::kAcqRel);
  }
  writer.join();
  EXPECT_EQ(s->load(MemoryOrder::kAcquire), 2 * kRounds);
}

// Every order on both kinds of signal.
std::vector<OpsParam> AllOpsParams() {
  std::vector<OpsParam> all;
  for (bool interrupt : {false, true})
    for (MemoryOrder o : kOrders) all.push_back(OpsParam{o, interrupt});
  return all;
}

std::string OpsParamName(const ::testing::TestParamInfo<OpsParam>& info) {
  static const char* const kNames[] = {"Relaxed", "Acquire", "Release", "AcqRel"};
  return std::string(kNames[static_cast<unsigned>(info.param.order)]) +
         (info.param.interrupt ? "Interrupt" : "Polled");
}

INSTANTIATE_TEST_SUITE_P(OrdersAndKinds, SignalOpsTest, ::testing::ValuesIn(AllOpsParams()),
                         OpsParamName);

TEST_F(SignalTest, LayoutIsWhatTheGpuExpects) {
  Signal* plain = Make(42, false);
  Signal* intr = Make(-7, true);
  ASSERT_TRUE(plain && intr);
  for (Signal* s : {plain, intr}) {
    EXPECT_EQ(s->handle(), reinterpret_cast<uintptr_t>(s->amd_signal()));
    EXPECT_EQ(s->handle() % 64, 0u) << "amd_signal_t is 64-byte aligned";
    EXPECT_EQ(s->amd_signal()->kind, FW_AMD_SIGNAL_KIND_USER);
  }
  EXPECT_EQ(plain->amd_signal()->value, 42);
  EXPECT_EQ(intr->amd_signal()->value, -7);
  EXPECT_FALSE(plain->is_interrupt());
  EXPECT_EQ(plain->amd_signal()->event_mailbox_ptr, 0u);
  ASSERT_TRUE(intr->is_interrupt());
  // HsaEvent is packed to 4 bytes: copy its fields before comparing.
  const uint64_t event_id = intr->event()->EventData.HWData1;
  const uint64_t mailbox = intr->event()->EventData.HWData2;
  EXPECT_EQ(intr->amd_signal()->event_mailbox_ptr, mailbox);
  EXPECT_NE(mailbox, 0u);
  EXPECT_EQ(intr->amd_signal()->event_id, event_id);
}

TEST_F(SignalTest, SlotsSpanPagesAndStayDistinct) {
  std::vector<Signal*> all;
  for (int i = 0; i < 150; ++i) {  // more than two pages of 64 slots
    all.push_back(Make(i, i % 3 == 0));
    ASSERT_NE(all.back(), nullptr);
  }
  EXPECT_EQ(pool_->live_signals(), 150u);
  for (size_t i = 0; i < all.size(); ++i) {
    EXPECT_EQ(all[i]->load(MemoryOrder::kRelaxed), static_cast<int64_t>(i));
    for (size_t j = i + 1; j < all.size(); ++j) {
      const uint64_t a = all[i]->handle(), b = all[j]->handle();
      ASSERT_GE(a > b ? a - b : b - a, 64u) << "slots overlap";
    }
  }
}

// Every change but a silent store raises the event while someone may be
// blocked, so the waiter wakes without waiting out its slice.
TEST_F(SignalTest, ChangesRaiseTheEventOnlyWhileWaited) {
  Signal* s = Make(0, true);
  ASSERT_NE(s, nullptr);
  HsaEvent* e = s->event();
  const MemoryOrder o = MemoryOrder::kRelaxed;
  struct Change {
    const char* name;
    void (*apply)(Signal&, MemoryOrder);
    bool raises;
  };
  const Change kChanges[] = {
      {"store", [](Signal& x, MemoryOrder m) { x.store(5, m); }, true},
      {"silent_store", [](Signal& x, MemoryOrder m) { x.silent_store(6, m); }, false},
      {"exchange", [](Signal& x, MemoryOrder m) { x.exchange(7, m); }, true},
      {"cas_hit", [](Signal& x, MemoryOrder m) { x.cas(x.load(m), 8, m); }, true},
      {"cas_miss", [](Signal& x, MemoryOrder m) { x.cas(x.load(m) + 1, 9, m); }, false},
      {"add", [](Signal& x, MemoryOrder m) { x.add(3, m); }, true},
      {"subtract", [](Signal& x, MemoryOrder m) { x.subtract(2, m); }, true},
      {"and", [](Signal& x, MemoryOrder m) { x.bit_and(6, m); }, true},
      {"or", [](Signal& x, MemoryOrder m) { x.bit_or(9, m); }, true},
      {"xor", [](Signal& x, MemoryOrder m) { x.bit_xor(3, m); }, true},
  };
  for (const Change& c : kChanges) {
    // Nobody waiting: no system call, the event stays clear.
    c.apply(*s, o);
    EXPECT_EQ(hsaKmtWaitOnEvent(e, 0), HSAKMT_STATUS_WAIT_TIMEOUT) << c.name << " unwaited";
    s->begin_wait();
    c.apply(*s, o);
    EXPECT_EQ(hsaKmtWaitOnEvent(e, 0),
              c.raises ? HSAKMT_STATUS_SUCCESS : HSAKMT_STATUS_WAIT_TIMEOUT)
        << c.name << " while waited";
    s->end_wait();
    // Auto-reset: the wait consumed it.
    EXPECT_EQ(hsaKmtWaitOnEvent(e, 0), HSAKMT_STATUS_WAIT_TIMEOUT) << c.name;
  }
}

}  // namespace
