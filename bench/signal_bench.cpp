// Signals through our HSA runtime: (a) wake-up latency from another thread
// as a ping-pong (thread A stores to one signal and waits on a second,
// thread B waits on the first and answers on the second), with both wait
// states, beside a std::atomic spin ping-pong and a
// std::condition_variable ping-pong made in the same run; (b) signal
// operations per second on one thread, and add contended by two threads,
// beside the same operations on a std::atomic<int64_t>. The four
// ping-pongs run interleaved in several blocks, so a machine busy with
// other work weighs on all of them alike; each block and each throughput
// figure stops at its iteration count or its time budget, whichever comes
// first, so the whole run stays under about 20 s.
#include <hsa/hsa.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

double us_since(Clock::time_point start) {
  return std::chrono::duration<double, std::micro>(Clock::now() - start).count();
}

// Round trips of one kind of ping-pong, in us, sorted.
struct Latency {
  const char* name;
  std::vector<double> us;
  double median() const { return us.empty() ? 0 : us[us.size() / 2]; }
  double p99() const { return us.empty() ? 0 : us[us.size() * 99 / 100]; }
};

// Runs `rounds` ping-pongs (or until budget_s), the first tenth being
// warm-up and left out of the result: ping(i) wakes the partner,
// which answers through answer(i); wait_answer(i) returns once it has.
// A ping of -1 tells the partner to stop.
Latency ping_pong(const char* name, int rounds, double budget_s,
                  const std::function<void(int64_t)>& ping,
                  const std::function<void(int64_t)>& wait_ping,
                  const std::function<void(int64_t)>& answer,
                  const std::function<void(int64_t)>& wait_answer) {
  std::atomic<int64_t> last{0};
  std::thread partner([&] {
    for (int64_t i = 1;; ++i) {
      wait_ping(i);
      if (last.load(std::memory_order_acquire) < 0) return;
      answer(i);
    }
  });
  Latency out{name, {}};
  const auto begin = Clock::now();
  int64_t i = 1;
  for (; i <= rounds; ++i) {
    const auto start = Clock::now();
    ping(i);
    wait_answer(i);
    // Warm-up: the first tenth of the rounds or of the budget, whichever
    // ends first (on a loaded machine a spinning pair can be slow).
    if (i > rounds / 10 || us_since(begin) > budget_s * 1e5) out.us.push_back(us_since(start));
    if (us_since(begin) > budget_s * 1e6) {
      ++i;
      break;
    }
  }
  last.store(-1, std::memory_order_release);
  ping(i);  // releases the partner's next wait
  partner.join();
  std::sort(out.us.begin(), out.us.end());
  return out;
}

Latency hsa_ping_pong(const char* name, hsa_wait_state_t state, int rounds, double budget_s) {
  hsa_signal_t a{0}, b{0};
  if (hsa_signal_create(0, 0, nullptr, &a) || hsa_signal_create(0, 0, nullptr, &b))
    return {name, {}};
  auto wait = [state](hsa_signal_t s, int64_t v) {
    hsa_signal_wait_scacquire(s, HSA_SIGNAL_CONDITION_EQ, v, UINT64_MAX, state);
  };
  Latency l = ping_pong(
      name, rounds, budget_s, [&](int64_t v) { hsa_signal_store_screlease(a, v); },
      [&](int64_t v) { wait(a, v); }, [&](int64_t v) { hsa_signal_store_screlease(b, v); },
      [&](int64_t v) { wait(b, v); });
  hsa_signal_destroy(a);
  hsa_signal_destroy(b);
  return l;
}

Latency atomic_ping_pong(int rounds, double budget_s) {
  std::atomic<int64_t> a{0}, b{0};
  auto spin = [](const std::atomic<int64_t>& s, int64_t v) {
    while (s.load(std::memory_order_acquire) != v) {
    }
  };
  return ping_pong(
      "std::atomic, spinning", rounds, budget_s,
      [&](int64_t v) { a.store(v, std::memory_order_release); }, [&](int64_t v) { spin(a, v); },
      [&](int64_t v) { b.store(v, std::memory_order_release); }, [&](int64_t v) { spin(b, v); });
}

Latency condvar_ping_pong(int rounds, double budget_s) {
  std::mutex mu;
  std::condition_variable cv;
  int64_t a = 0, b = 0;
  auto set = [&](int64_t& s, int64_t v) {
    {
      std::lock_guard<std::mutex> lock(mu);
      s = v;
    }
    cv.notify_all();
  };
  auto wait = [&](const int64_t& s, int64_t v) {
    std::unique_lock<std::mutex> lock(mu);
    cv.wait(lock, [&] { return s == v; });
  };
  return ping_pong(
      "std::condition_variable", rounds, budget_s, [&](int64_t v) { set(a, v); },
      [&](int64_t v) { wait(a, v); }, [&](int64_t v) { set(b, v); },
      [&](int64_t v) { wait(b, v); });
}

// Millions of operations per second of `op` (called with the iteration
// number) on `threads` threads, each running up to n iterations or
// budget_s.
double mops(int threads, int64_t n, double budget_s, const std::function<void(int64_t)>& op) {
  std::atomic<int64_t> done{0};
  std::atomic<bool> go{false};
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t)
    pool.emplace_back([&] {
      while (!go.load()) std::this_thread::yield();
      const auto begin = Clock::now();
      int64_t i = 0;
      // Check the clock once per 4096 operations only.
      for (; i < n; ++i) {
        op(i);
        if ((i & 4095) == 4095 && us_since(begin) > budget_s * 1e6) break;
      }
      done.fetch_add(i);
    });
  const auto start = Clock::now();
  go = true;
  for (std::thread& t : pool) t.join();
  return static_cast<double>(done.load()) / us_since(start);
}

volatile int64_t g_sink;

struct Throughput {
  const char* op;
  int threads;
  double hsa, native;  // Mops/s
};

}  // namespace

int main() {
  if (hsa_init() != HSA_STATUS_SUCCESS) {
    std::fprintf(stderr, "signal_bench: hsa_init failed\n");
    return 1;
  }
  const char* active = "hsa_signal_wait, HSA_WAIT_STATE_ACTIVE";
  const char* blocked = "hsa_signal_wait, HSA_WAIT_STATE_BLOCKED";
  std::vector<Latency> latency = {
      {active, {}}, {blocked, {}}, {"std::atomic, spinning", {}}, {"std::condition_variable", {}}};
  constexpr int kBlocks = 5;
  for (int block = 0; block < kBlocks; ++block) {
    const Latency runs[] = {
        hsa_ping_pong(active, HSA_WAIT_STATE_ACTIVE, 4000, 0.6),
        hsa_ping_pong(blocked, HSA_WAIT_STATE_BLOCKED, 600, 0.6),
        atomic_ping_pong(4000, 0.4),
        condvar_ping_pong(600, 0.4),
    };
    for (size_t k = 0; k < latency.size(); ++k)
      latency[k].us.insert(latency[k].us.end(), runs[k].us.begin(), runs[k].us.end());
  }
  for (Latency& l : latency) {
    std::sort(l.us.begin(), l.us.end());
    if (l.us.empty()) {
      std::fprintf(stderr, "signal_bench: %s measured nothing\n", l.name);
      return 1;
    }
  }

  hsa_signal_t s{0};
  if (hsa_signal_create(0, 0, nullptr, &s)) {
    std::fprintf(stderr, "signal_bench: hsa_signal_create failed\n");
    return 1;
  }
  std::atomic<int64_t> a{0};
  constexpr int64_t kOps = 5000000;
  constexpr double kBudget = 0.4;  // seconds per measurement
  std::vector<Throughput> ops = {
      {"load (acquire)", 1,
       mops(1, kOps, kBudget, [&](int64_t) { g_sink = hsa_signal_load_scacquire(s); }),
       mops(1, kOps, kBudget, [&](int64_t) { g_sink = a.load(std::memory_order_acquire); })},
      {"store (release)", 1,
       mops(1, kOps, kBudget, [&](int64_t i) { hsa_signal_store_screlease(s, i); }),
       mops(1, kOps, kBudget, [&](int64_t i) { a.store(i, std::memory_order_release); })},
      {"add (acq_rel)", 1,
       mops(1, kOps, kBudget, [&](int64_t) { hsa_signal_add_scacq_screl(s, 1); }),
       mops(1, kOps, kBudget, [&](int64_t) { a.fetch_add(1, std::memory_order_acq_rel); })},
      {"cas (acq_rel)", 1,
       mops(1, kOps, kBudget, [&](int64_t i) { g_sink = hsa_signal_cas_scacq_screl(s, i, i + 1); }),
       mops(1, kOps, kBudget,
            [&](int64_t i) {
              int64_t expected = i;
              a.compare_exchange_strong(expected, i + 1, std::memory_order_acq_rel);
              g_sink = expected;
            })},
      {"exchange (acq_rel)", 1,
       mops(1, kOps, kBudget, [&](int64_t i) { g_sink = hsa_signal_exchange_scacq_screl(s, i); }),
       mops(1, kOps, kBudget,
            [&](int64_t i) { g_sink = a.exchange(i, std::memory_order_acq_rel); })},
      {"add (acq_rel), contended", 2,
       mops(2, kOps, kBudget, [&](int64_t) { hsa_signal_add_scacq_screl(s, 1); }),
       mops(2, kOps, kBudget, [&](int64_t) { a.fetch_add(1, std::memory_order_acq_rel); })},
  };
  hsa_signal_destroy(s);
  hsa_shut_down();

  std::printf("Signal wake-up latency through our HSA runtime (libhsa-runtime64): ping-pong\n");
  std::printf("between two host threads, one round trip = two wake-ups\n\n");
  std::printf("| wait                                    | median us | p99 us  | rounds |\n");
  std::printf("|-----------------------------------------|-----------|---------|--------|\n");
  for (const Latency& l : latency)
    std::printf("| %-39s | %9.2f | %7.2f | %6zu |\n", l.name, l.median(), l.p99(), l.us.size());
  std::printf("\nSignal operations per second (hsa_signal_* against std::atomic<int64_t>)\n\n");
  std::printf("| operation                | threads | hsa Mops/s | std::atomic Mops/s | ratio |\n");
  std::printf("|--------------------------|---------|------------|--------------------|-------|\n");
  for (const Throughput& t : ops)
    std::printf("| %-24s | %7d | %10.1f | %18.1f | %5.2f |\n", t.op, t.threads, t.hsa, t.native,
                t.hsa > 0 ? t.native / t.hsa : 0.0);
  std::printf("\nratio: std::atomic's rate over the signal's (1.00 = no runtime overhead).\n");
  std::printf("The std::atomic and std::condition_variable rows are baselines of the same run.\n");
  return 0;
}
