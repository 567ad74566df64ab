// Value operations in every memory order hsa.h declares, each checked
// against the same operation computed on the CPU, and their behavior on
// handles that name no live signal (no status to report: nothing happens).
#include <functional>
#include <string>
#include <thread>
#include <vector>

#include "signal_fixture.h"

// The deprecated HSA 1.0 spellings are exercised on purpose.
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

namespace {

using api_signals_test::ApiSignalTest;
using Value = hsa_signal_value_t;

using Load = Value (*)(hsa_signal_t);
using Store = void (*)(hsa_signal_t, Value);
using Exchange = Value (*)(hsa_signal_t, Value);
using Cas = Value (*)(hsa_signal_t, Value, Value);
using Rmw = void (*)(hsa_signal_t, Value);

struct Named {
  const char* name;
  void* fn;
};
template <typename F>
Named named(const char* name, F* fn) {
  return Named{name, reinterpret_cast<void*>(fn)};
}
#define NAMED(f) named(#f, &f)

const std::vector<Named> kLoads = {NAMED(hsa_signal_load_relaxed), NAMED(hsa_signal_load_scacquire),
                                   NAMED(hsa_signal_load_acquire)};
const std::vector<Named> kStores = {
    NAMED(hsa_signal_store_relaxed), NAMED(hsa_signal_store_screlease),
    NAMED(hsa_signal_store_release), NAMED(hsa_signal_silent_store_relaxed),
    NAMED(hsa_signal_silent_store_screlease)};

#define ALL_ORDERS(op)                                                          \
  {                                                                             \
    NAMED(hsa_signal_##op##_relaxed), NAMED(hsa_signal_##op##_scacquire),       \
        NAMED(hsa_signal_##op##_acquire), NAMED(hsa_signal_##op##_screlease),   \
        NAMED(hsa_signal_##op##_release), NAMED(hsa_signal_##op##_scacq_screl), \
        NAMED(hsa_signal_##op##_acq_rel)                                        \
  }
const std::vector<Named> kExchanges = ALL_ORDERS(exchange);
const std::vector<Named> kCases = ALL_ORDERS(cas);

// add..xor with the CPU's version of each.
struct RmwFamily {
  std::vector<Named> fns;
  std::function<Value(Value, Value)> reference;
};
const std::vector<RmwFamily> kRmws = {
    {ALL_ORDERS(add), [](Value a, Value b) { return a + b; }},
    {ALL_ORDERS(subtract), [](Value a, Value b) { return a - b; }},
    {ALL_ORDERS(and), [](Value a, Value b) { return a & b; }},
    {ALL_ORDERS(or), [](Value a, Value b) { return a | b; }},
    {ALL_ORDERS(xor), [](Value a, Value b) { return a ^ b; }},
};

const Value kStart = 0x0f0f'1234'5678'00f0;
const Value kOperand = 0x00ff'00ff'7777'0f0f;

TEST_F(ApiSignalTest, LoadsReadTheValue) {
  hsa_signal_t s = make(kStart);
  for (const Named& f : kLoads) EXPECT_EQ(reinterpret_cast<Load>(f.fn)(s), kStart) << f.name;
  hsa_signal_destroy(s);
}

TEST_F(ApiSignalTest, StoresWriteTheValue) {
  hsa_signal_t s = make(0);
  Value v = 100;
  for (const Named& f : kStores) {
    reinterpret_cast<Store>(f.fn)(s, ++v);
    EXPECT_EQ(hsa_signal_load_relaxed(s), v) << f.name;
  }
  hsa_signal_destroy(s);
}

TEST_F(ApiSignalTest, ExchangeReturnsTheOldValue) {
  hsa_signal_t s = make(kStart);
  Value expected_old = kStart;
  Value v = -50;
  for (const Named& f : kExchanges) {
    EXPECT_EQ(reinterpret_cast<Exchange>(f.fn)(s, v), expected_old) << f.name;
    EXPECT_EQ(hsa_signal_load_relaxed(s), v) << f.name;
    expected_old = v--;
  }
  hsa_signal_destroy(s);
}

TEST_F(ApiSignalTest, CasSwapsOnlyOnMatch) {
  hsa_signal_t s = make(kStart);
  for (const Named& f : kCases) {
    auto cas = reinterpret_cast<Cas>(f.fn);
    hsa_signal_store_relaxed(s, kStart);
    EXPECT_EQ(cas(s, kStart + 1, 7), kStart) << f.name << ": mismatch reports the value";
    EXPECT_EQ(hsa_signal_load_relaxed(s), kStart) << f.name << ": mismatch must not store";
    EXPECT_EQ(cas(s, kStart, 7), kStart) << f.name;
    EXPECT_EQ(hsa_signal_load_relaxed(s), 7) << f.name;
  }
  hsa_signal_destroy(s);
}

TEST_F(ApiSignalTest, ReadModifyWritesMatchTheCpu) {
  hsa_signal_t s = make(0);
  for (const RmwFamily& family : kRmws) {
    for (const Named& f : family.fns) {
      hsa_signal_store_relaxed(s, kStart);
      reinterpret_cast<Rmw>(f.fn)(s, kOperand);
      EXPECT_EQ(hsa_signal_load_relaxed(s), family.reference(kStart, kOperand)) << f.name;
    }
  }
  hsa_signal_destroy(s);
}

TEST_F(ApiSignalTest, WrapAroundIsTwosComplement) {
  hsa_signal_t s = make(INT64_MAX);
  hsa_signal_add_relaxed(s, 1);
  EXPECT_EQ(hsa_signal_load_relaxed(s), INT64_MIN);
  hsa_signal_subtract_relaxed(s, 1);
  EXPECT_EQ(hsa_signal_load_relaxed(s), INT64_MAX);
  hsa_signal_destroy(s);
}

TEST_F(ApiSignalTest, ConcurrentAddsAreAtomic) {
  hsa_signal_t s = make(0);
  constexpr int kThreads = 4, kEach = 20000;
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([s] {
      for (int i = 0; i < kEach; ++i) hsa_signal_add_scacq_screl(s, 1);
    });
  for (auto& t : threads) t.join();
  EXPECT_EQ(hsa_signal_load_scacquire(s), kThreads * kEach);
  hsa_signal_destroy(s);
}

// Every operation on a dead or made-up handle: loads and value-returning
// operations give 0, the others change nothing and do not crash.
TEST_F(ApiSignalTest, BadHandlesAreIgnored) {
  hsa_signal_t live = make(kStart);
  hsa_signal_t dead = make(1);
  ASSERT_EQ(hsa_signal_destroy(dead), HSA_STATUS_SUCCESS);
  // A made-up handle pointing into the live signal's own slot page must
  // not be mistaken for a signal either.
  const hsa_signal_t bad[] = {dead, hsa_signal_t{0}, hsa_signal_t{live.handle + 8},
                              hsa_signal_t{0xdead0000}};
  for (hsa_signal_t b : bad) {
    for (const Named& f : kLoads) EXPECT_EQ(reinterpret_cast<Load>(f.fn)(b), 0) << f.name;
    for (const Named& f : kStores) reinterpret_cast<Store>(f.fn)(b, 5);
    for (const Named& f : kExchanges) EXPECT_EQ(reinterpret_cast<Exchange>(f.fn)(b, 5), 0);
    for (const Named& f : kCases) EXPECT_EQ(reinterpret_cast<Cas>(f.fn)(b, 0, 5), 0);
    for (const RmwFamily& family : kRmws)
      for (const Named& f : family.fns) reinterpret_cast<Rmw>(f.fn)(b, 5);
  }
  EXPECT_EQ(hsa_signal_load_relaxed(live), kStart) << "an op on a bad handle hit a live signal";
  hsa_signal_destroy(live);
}

}  // namespace
