// How a polling engine of the virtual GPU (command processor, SDMA) paces
// itself: it polls at once after progress, spins for a short window after
// the last progress (work tends to come in bursts), then sleeps in steps
// that double up to 1 ms, and 4 ms after a long quiet spell. Each sleep
// costs the host about 10 us (a timer and two context switches), so idle
// polling stays near 1% of a core; a kick (a thread about to block on the
// engine's work, a queue mapped) ends a sleep at once.
#pragma once

#include <immintrin.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

namespace gcn {

class IdlePacer {
 public:
  using Clock = std::chrono::steady_clock;

  // After a pass over the queues: true means "poll again now" (after a
  // short pause when there was no progress but the spin window is open).
  bool poll_again(bool progress) {
    const auto now = Clock::now();
    if (progress) {
      last_progress_ = now;
      sleep_ = kFirstSleep;
      return true;
    }
    if (now - last_progress_ >= kSpinWindow) return false;
    for (int i = 0; i < 16; ++i) _mm_pause();
    std::this_thread::yield();
    return true;
  }

  // Sleeps on cv (lock held) until woken() holds or the current step ends;
  // with `until_woken`, without a time limit (nothing to poll).
  template <typename Woken>
  void sleep(std::unique_lock<std::mutex>& lock, std::condition_variable& cv, bool until_woken,
             Woken woken) {
    if (until_woken)
      cv.wait(lock, woken);
    else
      cv.wait_for(lock, sleep_, woken);
  }

  // After a sleep: a kick means work is coming (spin again); otherwise the
  // next step is longer.
  void woke(bool kicked) {
    if (kicked) {
      last_progress_ = Clock::now();
      sleep_ = kFirstSleep;
    } else if (Clock::now() - last_progress_ > kDeepIdleAfter) {
      sleep_ = kDeepIdleSleep;
    } else {
      sleep_ = std::min<std::chrono::microseconds>(sleep_ * 2, kLongestSleep);
    }
  }

 private:
  static constexpr auto kSpinWindow = std::chrono::microseconds(200);
  static constexpr auto kFirstSleep = std::chrono::microseconds(50);
  static constexpr auto kLongestSleep = std::chrono::microseconds(1000);
  static constexpr auto kDeepIdleAfter = std::chrono::milliseconds(100);
  static constexpr auto kDeepIdleSleep = std::chrono::microseconds(4000);

  Clock::time_point last_progress_ = Clock::now();
  std::chrono::microseconds sleep_ = kFirstSleep;
};

}  // namespace gcn
