// Blit engines: loading the embedded blit kernels per GPU agent, the
// internal AQL queue, and packet submission from any thread.
#include "copy/blit_queue.h"
#include "runtime/components.h"

#include <hsa/hsa_ext_amd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "amd_queue.h"
#include "copy/blit/blit_code_object.h"
#include "executables/loader/code_object.h"
#include "fw_common.h"
#include "memory/gpu_visible_memory.h"
#include "queues/state.h"
#include "signals/timestamp.h"

namespace hsart {

namespace {

constexpr uint64_t kPage = 4096;
constexpr uint32_t kQueueSlots = 256;
// Kernarg bytes per queue slot: a slot's kernargs are reused only once the
// packet in that slot completed, which the reservation waits for.
constexpr uint64_t kKernargStride = 256;
constexpr uint16_t kGroupSize = 64;
// Work-items at most per launch: the kernels loop over the rest.
constexpr uint64_t kMaxGrid = 64 * 256;
constexpr uint32_t kDepsPerBarrier = 5;

uint64_t round_up(uint64_t v, uint64_t to) { return (v + to - 1) / to * to; }

struct LoadedKernel {
  uint64_t object = 0;  // kernel descriptor address
  uint32_t group_segment_size = 0;
  uint32_t private_segment_size = 0;
  std::vector<loader::KernelArg> explicit_args;
};

}  // namespace

struct Blit {
  const Agent* agent = nullptr;
  hsa_queue_t* queue = nullptr;
  void* code = nullptr;  // the loaded image
  uint64_t code_bytes = 0;
  uint8_t* kernargs = nullptr;  // kQueueSlots * kKernargStride
  LoadedKernel kernels[3];      // by BlitKernel
};

namespace {

struct State {
  std::mutex mu;  // guards the map and profiling
  std::map<const Agent*, std::unique_ptr<Blit>> blits;
  bool profiling = false;
  std::mutex signals_mu;
  std::map<uint64_t, const Agent*> copy_signals;
};

State& state() {
  static State* s = new State;  // outlives static destructors
  return *s;
}

const char* const kKernelNames[] = {blit::kCopyAligned, blit::kCopyUnaligned, blit::kFill};

void release(Blit& b) {
  free_gpu_visible(b.kernargs, kQueueSlots * kKernargStride);
  free_gpu_visible(b.code, b.code_bytes);
}

// Loads the embedded code object for one agent.
hsa_status_t load_kernels(Blit& b) {
  loader::CodeObject co;
  std::string error;
  if (!loader::Parse(blit::kCodeObject, blit::kCodeObjectSize, &co, &error))
    return HSA_STATUS_ERROR_INVALID_CODE_OBJECT;
  if (co.image_align > kPage) return HSA_STATUS_ERROR_INVALID_CODE_OBJECT;
  b.code_bytes = round_up(co.image_size, kPage);
  b.code = alloc_gpu_visible(b.code_bytes);
  if (!b.code) return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
  const uint64_t base = reinterpret_cast<uintptr_t>(b.code);
  if (!loader::Load(co, b.code, base, {}, &error)) return HSA_STATUS_ERROR_INVALID_CODE_OBJECT;
  for (size_t i = 0; i < std::size(kKernelNames); ++i) {
    const loader::Kernel* k = co.find_kernel(kKernelNames[i]);
    if (!k || k->kernarg_segment_size > kKernargStride) return HSA_STATUS_ERROR_INVALID_CODE_OBJECT;
    LoadedKernel& lk = b.kernels[i];
    lk.object = base + k->descriptor_offset;
    lk.group_segment_size = k->group_segment_fixed_size;
    lk.private_segment_size = k->private_segment_fixed_size;
    for (const loader::KernelArg& a : k->args)
      if (a.value_kind.rfind("hidden_", 0) != 0) lk.explicit_args.push_back(a);
  }
  return HSA_STATUS_SUCCESS;
}

hsa_status_t make_blit(const Agent* gpu, bool profiling, std::unique_ptr<Blit>* out) {
  auto b = std::make_unique<Blit>();
  b->agent = gpu;
  hsa_status_t s = load_kernels(*b);
  if (s == HSA_STATUS_SUCCESS) {
    b->kernargs = static_cast<uint8_t*>(alloc_gpu_visible(kQueueSlots * kKernargStride));
    if (!b->kernargs) s = HSA_STATUS_ERROR_OUT_OF_RESOURCES;
  }
  if (s == HSA_STATUS_SUCCESS)
    s = hsa_queue_create(handle_of(gpu), kQueueSlots, HSA_QUEUE_TYPE_MULTI, nullptr, nullptr,
                         UINT32_MAX, UINT32_MAX, &b->queue);
  if (s != HSA_STATUS_SUCCESS) {
    release(*b);
    return s;
  }
  set_queue_profiling(b->queue, profiling);
  *out = std::move(b);
  return HSA_STATUS_SUCCESS;
}

// Reserves the next packet slot; waits while the ring is full.
uint64_t reserve(hsa_queue_t* q) {
  const uint64_t index = hsa_queue_add_write_index_scacq_screl(q, 1);
  while (index - hsa_queue_load_read_index_scacquire(q) >= q->size) std::this_thread::yield();
  return index;
}

void* slot_of(hsa_queue_t* q, uint64_t index) {
  return static_cast<uint8_t*>(q->base_address) + (index % q->size) * 64;
}

// Publishes a packet whose body is written: header and setup in one
// release store, then the doorbell.
void publish(hsa_queue_t* q, uint64_t index, uint16_t header, uint16_t setup) {
  auto* word = static_cast<uint32_t*>(slot_of(q, index));
  __atomic_store_n(word, header | uint32_t{setup} << 16, __ATOMIC_RELEASE);
  hsa_signal_store_screlease(q->doorbell_signal, static_cast<hsa_signal_value_t>(index));
}

uint16_t header_of(hsa_packet_type_t type) {
  return static_cast<uint16_t>(type << HSA_PACKET_HEADER_TYPE | 1 << HSA_PACKET_HEADER_BARRIER |
                               HSA_FENCE_SCOPE_SYSTEM << HSA_PACKET_HEADER_SCACQUIRE_FENCE_SCOPE |
                               HSA_FENCE_SCOPE_SYSTEM << HSA_PACKET_HEADER_SCRELEASE_FENCE_SCOPE);
}

// A blit queue the CP stopped (a fault) runs nothing more.
bool queue_failed(const hsa_queue_t* q) {
  const Queue* internal = queue_from(q);
  return !internal || __atomic_load_n(&internal->block->inactive.value, __ATOMIC_ACQUIRE) != 0;
}

}  // namespace

// The queues part destroys the blit queues with every other queue (before
// or after this runs); what is left here is memory the blit kernels use,
// freed once the queue has drained (bounded: a copy waiting on a signal no
// one will set never completes).
void blit_stop(Runtime&) {
  State& s = state();
  std::lock_guard<std::mutex> lock(s.mu);
  for (auto& [agent, b] : s.blits) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(1);
    while (queue_from(b->queue) && !queue_failed(b->queue) &&
           hsa_queue_load_read_index_scacquire(b->queue) !=
               hsa_queue_load_write_index_scacquire(b->queue) &&
           std::chrono::steady_clock::now() < deadline)
      std::this_thread::yield();
    release(*b);
  }
  s.blits.clear();
  s.profiling = false;
  std::lock_guard<std::mutex> signals_lock(s.signals_mu);
  s.copy_signals.clear();
}

hsa_status_t blit_for(const Agent* gpu, Blit** out) {
  State& s = state();
  std::lock_guard<std::mutex> lock(s.mu);
  auto it = s.blits.find(gpu);
  if (it == s.blits.end()) {
    std::unique_ptr<Blit> b;
    const hsa_status_t status = make_blit(gpu, s.profiling, &b);
    if (status != HSA_STATUS_SUCCESS) return status;
    it = s.blits.emplace(gpu, std::move(b)).first;
  }
  *out = it->second.get();
  return HSA_STATUS_SUCCESS;
}

hsa_status_t blit_submit(Blit& b, const BlitLaunch& launch, const std::vector<uint64_t>& deps,
                         uint64_t completion) {
  hsa_queue_t* q = b.queue;
  const LoadedKernel& k = b.kernels[static_cast<int>(launch.kernel)];
  if (launch.args.size() != k.explicit_args.size() || queue_failed(q)) return HSA_STATUS_ERROR;
  for (size_t first = 0; first < deps.size(); first += kDepsPerBarrier) {
    const uint64_t index = reserve(q);
    auto* p = static_cast<hsa_barrier_and_packet_t*>(slot_of(q, index));
    std::memset(reinterpret_cast<uint8_t*>(p) + 4, 0, sizeof(*p) - 4);
    const size_t n = std::min<size_t>(kDepsPerBarrier, deps.size() - first);
    for (size_t i = 0; i < n; ++i) p->dep_signal[i].handle = deps[first + i];
    publish(q, index, header_of(HSA_PACKET_TYPE_BARRIER_AND), 0);
  }

  const uint64_t index = reserve(q);
  uint8_t* kernarg = b.kernargs + (index % q->size) * kKernargStride;
  std::memset(kernarg, 0, kKernargStride);  // the hidden arguments go unused
  for (size_t i = 0; i < launch.args.size(); ++i) {
    const loader::KernelArg& a = k.explicit_args[i];
    std::memcpy(kernarg + a.offset, &launch.args[i], std::min<uint64_t>(a.size, 8));
  }
  const uint64_t items = std::max<uint64_t>(launch.items, 1);
  auto* p = static_cast<hsa_kernel_dispatch_packet_t*>(slot_of(q, index));
  std::memset(reinterpret_cast<uint8_t*>(p) + 4, 0, sizeof(*p) - 4);
  p->workgroup_size_x = kGroupSize;
  p->workgroup_size_y = p->workgroup_size_z = 1;
  p->grid_size_x = static_cast<uint32_t>(std::min(round_up(items, kGroupSize), kMaxGrid));
  p->grid_size_y = p->grid_size_z = 1;
  p->private_segment_size = k.private_segment_size;
  p->group_segment_size = k.group_segment_size;
  p->kernel_object = k.object;
  p->kernarg_address = kernarg;
  p->completion_signal.handle = completion;
  publish(q, index, header_of(HSA_PACKET_TYPE_KERNEL_DISPATCH),
          1 << HSA_KERNEL_DISPATCH_PACKET_SETUP_DIMENSIONS);
  return HSA_STATUS_SUCCESS;
}

hsa_status_t blit_wait(Blit& b, hsa_signal_t signal) {
  constexpr uint64_t kSlice = kTimestampFrequencyHz / 100;  // recheck the queue every 10 ms
  while (hsa_signal_wait_scacquire(signal, HSA_SIGNAL_CONDITION_EQ, 0, kSlice,
                                   HSA_WAIT_STATE_BLOCKED) != 0)
    if (queue_failed(b.queue)) return HSA_STATUS_ERROR;
  return HSA_STATUS_SUCCESS;
}

void set_queue_profiling(hsa_queue_t* q, bool enable) {
  auto* amd = reinterpret_cast<fw_amd_queue*>(q);
  const uint32_t bit = FW_FIELD_PREP(FW_AMD_QUEUE_PROP_ENABLE_PROFILING, 1);
  if (enable)
    __atomic_fetch_or(&amd->queue_properties, bit, __ATOMIC_ACQ_REL);
  else
    __atomic_fetch_and(&amd->queue_properties, ~bit, __ATOMIC_ACQ_REL);
}

void blit_set_profiling(bool enable) {
  State& s = state();
  std::lock_guard<std::mutex> lock(s.mu);
  s.profiling = enable;
  for (auto& [agent, b] : s.blits) set_queue_profiling(b->queue, enable);
}

bool blit_profiling() {
  State& s = state();
  std::lock_guard<std::mutex> lock(s.mu);
  return s.profiling;
}

void blit_note_copy_signal(uint64_t signal, const Agent* gpu) {
  State& s = state();
  std::lock_guard<std::mutex> lock(s.signals_mu);
  s.copy_signals[signal] = gpu;
}

const Agent* blit_copy_agent(uint64_t signal) {
  State& s = state();
  std::lock_guard<std::mutex> lock(s.signals_mu);
  auto it = s.copy_signals.find(signal);
  return it == s.copy_signals.end() ? nullptr : it->second;
}

}  // namespace hsart
