// The AMD profiling API: per-queue timestamps (the command processor writes
// a packet's start and end, in GPU clock ticks, into its completion
// signal's amd_signal_t when the queue's ENABLE_PROFILING bit is set),
// async-copy timestamps (the same bit on the blit queues), and ticks
// converted to the system timestamp domain (runtime.h timestamp_now).
#include <hsa/hsa_ext_amd.h>

#include <map>
#include <mutex>

#include "copy/blit_queue.h"
#include "queues/state.h"
#include "runtime/components.h"
#include "runtime/runtime.h"
#include "runtime/topology.h"
#include "signals/api_state.h"
#include "signals/timestamp.h"

namespace hsart {
namespace {

// A GPU tick and the system timestamp taken at the same moment: the middle
// of the tightest of a few system-clock reads bracketing the thunk's clock
// query (a preempted read would skew the pair, and with it the rate).
struct ClockPair {
  uint64_t gpu = 0;
  uint64_t system = 0;
};

bool sample(const Agent& gpu, ClockPair* out) {
  constexpr int kTries = 4;
  uint64_t best = UINT64_MAX;
  for (int i = 0; i < kTries; ++i) {
    HsaClockCounters c{};
    const uint64_t before = timestamp_now();
    if (hsaKmtGetClockCounters(gpu.node, &c) != HSAKMT_STATUS_SUCCESS || c.GPUClockCounter == 0)
      return false;
    const uint64_t after = timestamp_now();
    if (after - before < best) {
      best = after - before;
      out->gpu = c.GPUClockCounter;
      out->system = before + (after - before) / 2;
    }
  }
  return true;
}

// The first sample per GPU: the GPU clock's rate is measured against the
// system clock from it to the current sample.
struct Clocks {
  std::mutex mu;
  std::map<const Agent*, ClockPair> first;
};

Clocks& clocks() {
  static Clocks* c = new Clocks;  // outlives static destructors
  return *c;
}

}  // namespace

hsa_status_t profiling_clocks_start(Runtime& rt) {
  Clocks& c = clocks();
  std::lock_guard<std::mutex> lock(c.mu);
  c.first.clear();
  for (const Agent& a : rt.agents) {
    ClockPair p;
    if (a.type == HSA_DEVICE_TYPE_GPU && sample(a, &p)) c.first[&a] = p;
  }
  return HSA_STATUS_SUCCESS;
}

void profiling_clocks_stop(Runtime&) {
  Clocks& c = clocks();
  std::lock_guard<std::mutex> lock(c.mu);
  c.first.clear();
}

namespace {

// A GPU tick in the system domain: from the current clock pair, scaled by
// the GPU clock's measured rate (system ticks per GPU tick). A tick of 0
// means "not recorded" (profiling was off) and stays 0.
uint64_t to_system(const Agent& gpu, uint64_t tick) {
  if (tick == 0) return 0;
  ClockPair now;
  if (!sample(gpu, &now)) return 0;
  double rate = 1.0;
  {
    Clocks& c = clocks();
    std::lock_guard<std::mutex> lock(c.mu);
    auto it = c.first.find(&gpu);
    if (it != c.first.end() && now.gpu > it->second.gpu && now.system > it->second.system)
      rate = static_cast<double>(now.system - it->second.system) /
             static_cast<double>(now.gpu - it->second.gpu);
  }
  const double delta = (static_cast<double>(tick) - static_cast<double>(now.gpu)) * rate;
  const double system = static_cast<double>(now.system) + delta;
  return system <= 0 ? 0 : static_cast<uint64_t>(system + 0.5);
}

// Start and end of the packet that last completed `signal`; end first so
// that the conversion's own delay shows in neither.
void times_of(const Agent& gpu, const Signal& s, uint64_t* start, uint64_t* end) {
  const fw_amd_signal* amd = s.amd_signal();
  *end = to_system(gpu, __atomic_load_n(&amd->end_ts, __ATOMIC_ACQUIRE));
  *start = to_system(gpu, __atomic_load_n(&amd->start_ts, __ATOMIC_ACQUIRE));
}

}  // namespace
}  // namespace hsart

extern "C" hsa_status_t hsa_amd_profiling_set_profiler_enabled(hsa_queue_t* queue, int enable) {
  HSART_CHECK_INIT();
  if (!hsart::queue_from(queue)) return HSA_STATUS_ERROR_INVALID_QUEUE;
  hsart::set_queue_profiling(queue, enable != 0);
  return HSA_STATUS_SUCCESS;
}

extern "C" hsa_status_t hsa_amd_profiling_async_copy_enable(bool enable) {
  HSART_CHECK_INIT();
  hsart::blit_set_profiling(enable);
  return HSA_STATUS_SUCCESS;
}

// As ROCr: SUCCESS whether or not the queue profiled the packet; without
// profiling the signal holds no timestamps and both times read 0.
extern "C" hsa_status_t hsa_amd_profiling_get_dispatch_time(
    hsa_agent_t agent, hsa_signal_t signal, hsa_amd_profiling_dispatch_time_t* time) {
  HSART_CHECK_INIT();
  if (!time) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  const hsart::Agent* a = hsart::agent_from(agent);
  if (!a) return HSA_STATUS_ERROR_INVALID_AGENT;
  const hsart::Signal* s = hsart::signal_from(signal);
  if (!s) return HSA_STATUS_ERROR_INVALID_SIGNAL;
  if (a->type != HSA_DEVICE_TYPE_GPU) return HSA_STATUS_ERROR_INVALID_AGENT;
  hsart::times_of(*a, *s, &time->start, &time->end);
  return HSA_STATUS_SUCCESS;
}

// HSA_STATUS_ERROR for a signal no async copy completed, as ROCr.
extern "C" hsa_status_t hsa_amd_profiling_get_async_copy_time(
    hsa_signal_t signal, hsa_amd_profiling_async_copy_time_t* time) {
  HSART_CHECK_INIT();
  if (!time) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  const hsart::Signal* s = hsart::signal_from(signal);
  if (!s) return HSA_STATUS_ERROR_INVALID_SIGNAL;
  const hsart::Agent* gpu = hsart::blit_copy_agent(signal.handle);
  if (!gpu) return HSA_STATUS_ERROR;
  hsart::times_of(*gpu, *s, &time->start, &time->end);
  return HSA_STATUS_SUCCESS;
}

extern "C" hsa_status_t hsa_amd_profiling_convert_tick_to_system_domain(hsa_agent_t agent,
                                                                        uint64_t agent_tick,
                                                                        uint64_t* system_tick) {
  HSART_CHECK_INIT();
  if (!system_tick) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  const hsart::Agent* a = hsart::agent_from(agent);
  if (!a) return HSA_STATUS_ERROR_INVALID_AGENT;
  if (a->type != HSA_DEVICE_TYPE_GPU) return HSA_STATUS_ERROR_INVALID_AGENT;
  *system_tick = hsart::to_system(*a, agent_tick);
  return HSA_STATUS_SUCCESS;
}
