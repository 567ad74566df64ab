// hsa_amd_signal_async_handler: a handler runs on the runtime's event
// thread once its signal satisfies the condition, receives the value seen,
// stays armed while it returns true and is gone once it returns false.
#include <atomic>
#include <mutex>
#include <thread>
#include <vector>

#include "async_fixture.h"

namespace async_test {
namespace {

using ApiAsyncHandler = ApiAsyncTest;

// What one handler saw.
struct Record {
  std::atomic<int> calls{0};
  std::atomic<hsa_signal_value_t> value{0};
  std::atomic<bool> keep{false};  // the handler's answer
  hsa_signal_t reset{0};          // when set, the handler stores 0 here first
};

bool record(hsa_signal_value_t value, void* arg) {
  auto* r = static_cast<Record*>(arg);
  r->value = value;
  if (r->reset.handle) hsa_signal_store_screlease(r->reset, 0);
  r->calls.fetch_add(1);
  return r->keep.load();
}

TEST_F(ApiAsyncHandler, FiresWithTheValueThatSatisfiedTheCondition) {
  hsa_signal_t s = make_signal(0);
  Record r;
  ASSERT_EQ(hsa_amd_signal_async_handler(s, HSA_SIGNAL_CONDITION_GTE, 10, record, &r),
            HSA_STATUS_SUCCESS);
  hsa_signal_store_screlease(s, 3);  // 3 < 10: not yet
  settle();
  EXPECT_EQ(r.calls.load(), 0);
  hsa_signal_store_screlease(s, 42);
  ASSERT_TRUE(eventually([&] { return r.calls.load() == 1; }));
  EXPECT_EQ(r.value.load(), 42);
  // It returned false: later changes reach nobody.
  hsa_signal_store_screlease(s, 0);
  hsa_signal_store_screlease(s, 99);
  settle();
  EXPECT_EQ(r.calls.load(), 1);
  EXPECT_EQ(hsa_signal_destroy(s), HSA_STATUS_SUCCESS);
}

TEST_F(ApiAsyncHandler, EveryConditionFires) {
  struct Case {
    hsa_signal_condition_t cond;
    hsa_signal_value_t compare, initial, fired_by;
  };
  const Case cases[] = {
      {HSA_SIGNAL_CONDITION_EQ, 7, 0, 7},
      {HSA_SIGNAL_CONDITION_NE, 5, 5, -1},
      {HSA_SIGNAL_CONDITION_LT, 0, 1, -8},
      {HSA_SIGNAL_CONDITION_GTE, 100, 99, 100},
  };
  for (const Case& c : cases) {
    hsa_signal_t s = make_signal(c.initial);
    Record r;
    ASSERT_EQ(hsa_amd_signal_async_handler(s, c.cond, c.compare, record, &r), HSA_STATUS_SUCCESS);
    settle();
    EXPECT_EQ(r.calls.load(), 0) << "condition " << c.cond;
    hsa_signal_store_relaxed(s, c.fired_by);
    EXPECT_TRUE(eventually([&] { return r.calls.load() == 1; })) << "condition " << c.cond;
    EXPECT_EQ(r.value.load(), c.fired_by);
    EXPECT_EQ(hsa_signal_destroy(s), HSA_STATUS_SUCCESS);
  }
}

TEST_F(ApiAsyncHandler, AlreadySatisfiedFiresAtOnce) {
  hsa_signal_t s = make_signal(0);
  Record r;
  ASSERT_EQ(hsa_amd_signal_async_handler(s, HSA_SIGNAL_CONDITION_EQ, 0, record, &r),
            HSA_STATUS_SUCCESS);
  ASSERT_TRUE(eventually([&] { return r.calls.load() == 1; }));
  EXPECT_EQ(r.value.load(), 0);
  EXPECT_EQ(hsa_signal_destroy(s), HSA_STATUS_SUCCESS);
}

// Returning true re-arms the handler for the same signal and condition.
TEST_F(ApiAsyncHandler, TrueRearmsFalseRemoves) {
  hsa_signal_t s = make_signal(0);
  Record r;
  r.keep = true;
  r.reset = s;  // the handler answers each store by putting 0 back
  ASSERT_EQ(hsa_amd_signal_async_handler(s, HSA_SIGNAL_CONDITION_NE, 0, record, &r),
            HSA_STATUS_SUCCESS);
  for (int i = 1; i <= 5; ++i) {
    if (i == 5) r.keep = false;  // the fifth call is the last
    hsa_signal_store_screlease(s, i * 11);
    ASSERT_TRUE(eventually([&] { return r.calls.load() == i; })) << "round " << i;
    EXPECT_EQ(r.value.load(), i * 11);
    EXPECT_EQ(hsa_signal_wait_scacquire(s, HSA_SIGNAL_CONDITION_EQ, 0, UINT64_MAX,
                                        HSA_WAIT_STATE_BLOCKED),
              0);
  }
  hsa_signal_store_screlease(s, 77);
  settle();
  EXPECT_EQ(r.calls.load(), 5);
  EXPECT_EQ(hsa_signal_load_scacquire(s), 77) << "no handler put 0 back";
  EXPECT_EQ(hsa_signal_destroy(s), HSA_STATUS_SUCCESS);
}

TEST_F(ApiAsyncHandler, ManyHandlersOnManySignals) {
  constexpr int kSignals = 24;
  std::vector<hsa_signal_t> signals(kSignals);
  // Two handlers per signal with different conditions: "== i + 1000" and
  // ">= 1000"; both must fire once, each with the stored value.
  std::vector<Record> eq(kSignals), gte(kSignals);
  for (int i = 0; i < kSignals; ++i) {
    signals[i] = make_signal(0);
    ASSERT_EQ(
        hsa_amd_signal_async_handler(signals[i], HSA_SIGNAL_CONDITION_EQ, i + 1000, record, &eq[i]),
        HSA_STATUS_SUCCESS);
    ASSERT_EQ(
        hsa_amd_signal_async_handler(signals[i], HSA_SIGNAL_CONDITION_GTE, 1000, record, &gte[i]),
        HSA_STATUS_SUCCESS);
  }
  // Stores from two threads in opposite orders.
  std::thread up([&] {
    for (int i = 0; i < kSignals; i += 2) hsa_signal_store_screlease(signals[i], i + 1000);
  });
  for (int i = kSignals - 1; i >= 1; i -= 2) hsa_signal_store_screlease(signals[i], i + 1000);
  up.join();
  for (int i = 0; i < kSignals; ++i) {
    ASSERT_TRUE(eventually([&] { return eq[i].calls.load() == 1 && gte[i].calls.load() == 1; }))
        << "signal " << i;
    EXPECT_EQ(eq[i].value.load(), i + 1000);
    EXPECT_EQ(gte[i].value.load(), i + 1000);
  }
  settle();
  for (int i = 0; i < kSignals; ++i) {
    EXPECT_EQ(eq[i].calls.load(), 1);
    EXPECT_EQ(gte[i].calls.load(), 1);
    EXPECT_EQ(hsa_signal_destroy(signals[i]), HSA_STATUS_SUCCESS);
  }
}

// A handler that stays armed with its condition still true does not starve
// the others.
TEST_F(ApiAsyncHandler, ARearmedHandlerDoesNotStarveOthers) {
  hsa_signal_t busy = make_signal(1);
  hsa_signal_t quiet = make_signal(0);
  struct Busy {
    std::atomic<int> calls{0};
    std::atomic<bool> done{false};
    std::atomic<bool> said_false{false};
  } b;
  ASSERT_EQ(hsa_amd_signal_async_handler(
                busy, HSA_SIGNAL_CONDITION_EQ, 1,
                [](hsa_signal_value_t, void* arg) {
                  auto* self = static_cast<Busy*>(arg);
                  self->calls.fetch_add(1);
                  if (!self->done.load()) return true;
                  self->said_false = true;
                  return false;
                },
                &b),
            HSA_STATUS_SUCCESS);
  Record r;
  ASSERT_EQ(hsa_amd_signal_async_handler(quiet, HSA_SIGNAL_CONDITION_EQ, 5, record, &r),
            HSA_STATUS_SUCCESS);
  ASSERT_TRUE(eventually([&] { return b.calls.load() > 10; }));
  hsa_signal_store_screlease(quiet, 5);
  ASSERT_TRUE(eventually([&] { return r.calls.load() == 1; }));
  EXPECT_EQ(r.value.load(), 5);
  // The busy handler's next call answers false and removes it: no call
  // follows, though its condition still holds.
  b.done = true;
  ASSERT_TRUE(eventually([&] { return b.said_false.load(); }));
  const int final_calls = b.calls.load();
  settle();
  EXPECT_EQ(b.calls.load(), final_calls);
  EXPECT_EQ(hsa_signal_destroy(quiet), HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_signal_destroy(busy), HSA_STATUS_SUCCESS);
}

// Handlers may call the API, registering new handlers included.
struct Chain {
  hsa_signal_t first{0}, second{0};
  std::atomic<int> first_calls{0};
  std::atomic<hsa_status_t> registered{HSA_STATUS_ERROR};
  std::atomic<hsa_status_t> created{HSA_STATUS_ERROR};
  std::atomic<hsa_status_t> destroyed{HSA_STATUS_ERROR};
  Record second_record;
};

bool register_second(hsa_signal_value_t, void* arg) {
  auto* c = static_cast<Chain*>(arg);
  hsa_signal_t scratch{0};
  c->created = hsa_signal_create(3, 0, nullptr, &scratch);
  c->destroyed = hsa_signal_destroy(scratch);
  c->registered = hsa_amd_signal_async_handler(c->second, HSA_SIGNAL_CONDITION_EQ, 2, record,
                                               &c->second_record);
  c->first_calls.fetch_add(1);
  return false;
}

TEST_F(ApiAsyncHandler, HandlerRegistersAnother) {
  Chain c;
  c.first = make_signal(0);
  c.second = make_signal(0);
  ASSERT_EQ(hsa_amd_signal_async_handler(c.first, HSA_SIGNAL_CONDITION_EQ, 1, register_second, &c),
            HSA_STATUS_SUCCESS);
  hsa_signal_store_screlease(c.first, 1);
  ASSERT_TRUE(eventually([&] { return c.first_calls.load() == 1; }));
  EXPECT_EQ(c.created.load(), HSA_STATUS_SUCCESS);
  EXPECT_EQ(c.destroyed.load(), HSA_STATUS_SUCCESS);
  ASSERT_EQ(c.registered.load(), HSA_STATUS_SUCCESS);
  settle();
  EXPECT_EQ(c.second_record.calls.load(), 0);
  hsa_signal_store_screlease(c.second, 2);
  ASSERT_TRUE(eventually([&] { return c.second_record.calls.load() == 1; }));
  EXPECT_EQ(c.second_record.value.load(), 2);
  EXPECT_EQ(hsa_signal_destroy(c.first), HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_signal_destroy(c.second), HSA_STATUS_SUCCESS);
}

// The common completion pattern: the handler destroys its own signal.
TEST_F(ApiAsyncHandler, HandlerDestroysItsSignal) {
  struct Own {
    hsa_signal_t signal{0};
    std::atomic<int> calls{0};
    std::atomic<hsa_status_t> destroyed{HSA_STATUS_ERROR};
  } own;
  own.signal = make_signal(1);
  ASSERT_EQ(hsa_amd_signal_async_handler(
                own.signal, HSA_SIGNAL_CONDITION_EQ, 0,
                [](hsa_signal_value_t, void* arg) {
                  auto* o = static_cast<Own*>(arg);
                  o->destroyed = hsa_signal_destroy(o->signal);
                  o->calls.fetch_add(1);
                  return false;
                },
                &own),
            HSA_STATUS_SUCCESS);
  // Another handler on the same signal that never fires: it goes with the
  // signal.
  Record never;
  ASSERT_EQ(hsa_amd_signal_async_handler(own.signal, HSA_SIGNAL_CONDITION_EQ, 99, record, &never),
            HSA_STATUS_SUCCESS);
  hsa_signal_subtract_screlease(own.signal, 1);
  ASSERT_TRUE(eventually([&] { return own.calls.load() == 1; }));
  EXPECT_EQ(own.destroyed.load(), HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_signal_destroy(own.signal), HSA_STATUS_ERROR_INVALID_SIGNAL);
  // The thread carries on with other work.
  hsa_signal_t next = make_signal(0);
  Record r;
  ASSERT_EQ(hsa_amd_signal_async_handler(next, HSA_SIGNAL_CONDITION_NE, 0, record, &r),
            HSA_STATUS_SUCCESS);
  hsa_signal_store_screlease(next, 8);
  ASSERT_TRUE(eventually([&] { return r.calls.load() == 1; }));
  EXPECT_EQ(r.value.load(), 8);
  EXPECT_EQ(never.calls.load(), 0);
  EXPECT_EQ(hsa_signal_destroy(next), HSA_STATUS_SUCCESS);
}

// Every handler and function runs on one runtime thread, not the caller's.
TEST_F(ApiAsyncHandler, OneRuntimeThreadRunsEverything) {
  static std::mutex mu;
  static std::vector<std::thread::id> seen;
  {
    std::lock_guard<std::mutex> lock(mu);
    seen.clear();
  }
  auto note = [] {
    std::lock_guard<std::mutex> lock(mu);
    seen.push_back(std::this_thread::get_id());
  };
  static void (*note_fn)() = nullptr;
  note_fn = +note;
  hsa_signal_t s = make_signal(1);
  for (int i = 0; i < 3; ++i) {
    ASSERT_EQ(hsa_amd_signal_async_handler(
                  s, HSA_SIGNAL_CONDITION_EQ, 1,
                  [](hsa_signal_value_t, void*) {
                    note_fn();
                    return false;
                  },
                  nullptr),
              HSA_STATUS_SUCCESS);
    ASSERT_EQ(hsa_amd_async_function([](void*) { note_fn(); }, nullptr), HSA_STATUS_SUCCESS);
  }
  ASSERT_TRUE(eventually([&] {
    std::lock_guard<std::mutex> lock(mu);
    return seen.size() == 6;
  }));
  std::lock_guard<std::mutex> lock(mu);
  for (const std::thread::id& id : seen) {
    EXPECT_EQ(id, seen[0]);
    EXPECT_NE(id, std::this_thread::get_id());
  }
  EXPECT_EQ(hsa_signal_destroy(s), HSA_STATUS_SUCCESS);
}

}  // namespace
}  // namespace async_test
