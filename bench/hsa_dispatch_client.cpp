// One side of rocr_dispatch_bench: the empty-kernel round trip (AQL packet
// written, doorbell rung, completion signal awaited) through whichever
// libhsa-runtime64.so.1 this executable is linked with. It is built twice,
// against our runtime and against Debian's ROCr, because both share one
// soname and cannot live in one process. Prints one line per wait mode,
// "<mode> <median us> <p99 us> <samples>", for the driver to tabulate.
#include <hsa/hsa.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

#include "empty_dispatch.h"

namespace {

using Clock = std::chrono::steady_clock;

int fail(const char* what) {
  std::fprintf(stderr, "hsa_dispatch_client: %s failed\n", what);
  return 1;
}

using Seconds = std::chrono::duration<double>;

struct Sampling {
  const char* name;
  hsa_wait_state_t wait;
  int warmup;       // iterations, or until kWarmupSeconds, whichever ends first
  int max_samples;  // measured iterations, or until kSampleSeconds
};

// Time limits keep a starved run short: when other work holds the host's
// cores, ROCr's spinning waiter and the virtual GPU's command processor
// thread compete, and a round trip can take milliseconds.
constexpr double kWarmupSeconds = 0.5;
constexpr double kSampleSeconds = 2.0;

// Both runtimes measured with the same counts; BLOCKED waits sleep, so they
// get fewer iterations.
constexpr Sampling kSamplings[] = {
    {"active", HSA_WAIT_STATE_ACTIVE, 1000, 20000},
    {"blocked", HSA_WAIT_STATE_BLOCKED, 100, 3000},
};

Clock::time_point after(double seconds) {
  return Clock::now() + std::chrono::duration_cast<Clock::duration>(Seconds(seconds));
}

}  // namespace

// Returns 0 after printing one line per sampling, or the failure's status.
static int measure(bench::EmptyDispatch& d) {
  for (const Sampling& s : kSamplings) {
    std::vector<double> us;
    const auto warm_until = after(kWarmupSeconds);
    for (int i = 0; i < s.warmup && Clock::now() < warm_until; ++i) {
      double ignored;
      if (!d.round_trip(s.wait, &ignored)) return fail("the completion wait");
    }
    const auto sample_until = after(kSampleSeconds);
    while (us.size() < static_cast<size_t>(s.max_samples) && Clock::now() < sample_until) {
      double t;
      if (!d.round_trip(s.wait, &t)) return fail("the completion wait");
      us.push_back(t);
    }
    if (us.size() < 10) return fail("collecting samples");
    std::sort(us.begin(), us.end());
    std::printf("%s %.3f %.3f %zu\n", s.name, us[us.size() / 2], us[us.size() * 99 / 100],
                us.size());
  }
  return 0;
}

int main() {
  if (hsa_init() != HSA_STATUS_SUCCESS) return fail("hsa_init");
  int status;
  {
    bench::EmptyDispatch d;
    const char* step = d.open(EMPTY_KERNEL);
    status = step ? fail(step) : measure(d);
  }
  hsa_shut_down();
  return status;
}
