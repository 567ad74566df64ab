// Image and sampler objects (objects.h): 64-byte slots carved from pages of
// the runtime's GPU-visible memory, a free list of slots, and the records
// of the live handles, all under one lock.
#include "ext/image/objects.h"

#include <cstring>
#include <mutex>
#include <unordered_map>
#include <vector>

#include "memory/gpu_visible_memory.h"

namespace hsart::image {
namespace {

constexpr size_t kSlotBytes = 64;
constexpr size_t kPageBytes = 4096;

struct Sampler {
  hsa_agent_t agent;
};

struct State {
  std::mutex lock;
  std::vector<void*> pages;
  std::vector<uint32_t*> free_slots;
  std::unordered_map<uint64_t, ImageRecord> images;
  std::unordered_map<uint64_t, Sampler> samplers;
};

State& state() {
  static State s;
  return s;
}

uint64_t handle_of(const uint32_t* object) { return reinterpret_cast<uintptr_t>(object); }

void release(State& s, uint64_t handle) {
  auto* slot = reinterpret_cast<uint32_t*>(handle);
  std::memset(slot, 0, kSlotBytes);
  s.free_slots.push_back(slot);
}

}  // namespace

uint32_t* new_object() {
  State& s = state();
  std::lock_guard<std::mutex> g(s.lock);
  if (s.free_slots.empty()) {
    void* page = alloc_gpu_visible(kPageBytes);
    if (!page) return nullptr;
    s.pages.push_back(page);
    auto* bytes = static_cast<uint8_t*>(page);
    for (size_t off = kPageBytes; off >= kSlotBytes; off -= kSlotBytes)
      s.free_slots.push_back(reinterpret_cast<uint32_t*>(bytes + off - kSlotBytes));
  }
  uint32_t* slot = s.free_slots.back();
  s.free_slots.pop_back();
  return slot;
}

void add_image(const uint32_t* object, const ImageRecord& record) {
  State& s = state();
  std::lock_guard<std::mutex> g(s.lock);
  s.images[handle_of(object)] = record;
}

void add_sampler(const uint32_t* object, hsa_agent_t agent) {
  State& s = state();
  std::lock_guard<std::mutex> g(s.lock);
  s.samplers[handle_of(object)] = Sampler{agent};
}

bool find_image(uint64_t handle, ImageRecord* record) {
  State& s = state();
  std::lock_guard<std::mutex> g(s.lock);
  const auto it = s.images.find(handle);
  if (it == s.images.end()) return false;
  *record = it->second;
  return true;
}

bool remove_image(uint64_t handle) {
  State& s = state();
  std::lock_guard<std::mutex> g(s.lock);
  const auto it = s.images.find(handle);
  if (it == s.images.end()) return false;
  s.images.erase(it);
  release(s, handle);
  return true;
}

bool remove_sampler(uint64_t handle) {
  State& s = state();
  std::lock_guard<std::mutex> g(s.lock);
  const auto it = s.samplers.find(handle);
  if (it == s.samplers.end()) return false;
  s.samplers.erase(it);
  release(s, handle);
  return true;
}

void images_stop(Runtime&) {
  State& s = state();
  std::lock_guard<std::mutex> g(s.lock);
  s.images.clear();
  s.samplers.clear();
  s.free_slots.clear();
  for (void* p : s.pages) free_gpu_visible(p, kPageBytes);
  s.pages.clear();
}

}  // namespace hsart::image
