// The SDMA rings per GPU agent and path (copy/sdma_engines.h).
#include "copy/sdma_engines.h"

#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <utility>

#include "runtime/components.h"

namespace hsart {
namespace {

// How long shut-down waits for a ring to finish what it holds: a copy
// waiting on a signal no one sets never does.
constexpr uint32_t kDrainMs = 1000;

struct State {
  std::mutex mu;
  bool env_read = false;
  bool enabled = true;
  // nullptr: the ring could not be made; the blit kernels copy.
  std::map<std::pair<const Agent*, SdmaPath>, std::unique_ptr<SdmaRing>> rings;
};

State& state() {
  static State* s = new State;  // outlives static destructors
  return *s;
}

// ROCr's HSA_ENABLE_SDMA: "0" turns SDMA off, "1" or unset leaves it on.
bool env_enables_sdma() {
  const char* v = std::getenv("HSA_ENABLE_SDMA");
  return !v || std::strcmp(v, "0") != 0;
}

}  // namespace

SdmaRing* sdma_ring_for(const Agent* gpu, SdmaPath path) {
  State& s = state();
  std::lock_guard<std::mutex> lock(s.mu);
  if (!s.env_read) {
    s.enabled = env_enables_sdma();
    s.env_read = true;
  }
  if (!s.enabled) return nullptr;
  auto it = s.rings.find({gpu, path});
  if (it == s.rings.end()) {
    std::unique_ptr<SdmaRing> r;
    if (SdmaRing::create(*gpu, &r) != HSA_STATUS_SUCCESS) r.reset();
    it = s.rings.emplace(std::make_pair(gpu, path), std::move(r)).first;
  }
  return it->second.get();
}

// Runs before the signals are freed (components.cpp): the rings' last
// packets write into completion signals.
void sdma_stop(Runtime&) {
  State& s = state();
  std::lock_guard<std::mutex> lock(s.mu);
  for (auto& [key, ring] : s.rings)
    if (ring) ring->drain(kDrainMs);
  s.rings.clear();
  s.env_read = false;
}

}  // namespace hsart
