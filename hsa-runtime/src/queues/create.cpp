// hsa_queue_create, hsa_soft_queue_create, hsa_queue_destroy and
// hsa_queue_inactivate, and the table of live queues the error watcher and
// shut_down walk.
#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>

#include <hsa/hsa_ext_amd.h>

#include "aql_packet.h"
#include "fw_common.h"
#include "memory/gpu_visible_memory.h"
#include "queues/state.h"
#include "runtime/components.h"
#include "runtime/runtime.h"
#include "runtime/topology.h"
#include "signals/doorbell_signals.h"

namespace hsart {
namespace {

constexpr uint64_t kPage = 4096;

static_assert(sizeof(QueueBlock) <= kPage, "a queue's objects fit in one page");
static_assert(offsetof(QueueBlock, amd) == 0, "hsa_queue_t* is the block's address");

struct Table {
  std::mutex mu;
  std::condition_variable callback_cv;  // in_callback changed
  std::map<const hsa_queue_t*, std::unique_ptr<Queue>> queues;
  const Queue* in_callback = nullptr;  // the queue whose error callback runs
};

Table& table() {
  static Table* t = new Table;  // outlives static destructors
  return *t;
}

std::atomic<uint64_t> next_queue_id{1};

bool is_power_of_two(uint32_t n) { return n != 0 && (n & (n - 1)) == 0; }

bool valid_type(hsa_queue_type32_t type) {
  return type == HSA_QUEUE_TYPE_MULTI || type == HSA_QUEUE_TYPE_SINGLE;
}

// The virtual base of a GPU's bank of the given heap type, or 0.
uint64_t aperture_base(const Agent& a, HSA_HEAPTYPE heap) {
  for (const HsaMemoryProperties& b : a.banks)
    if (b.HeapType == heap) return b.VirtualBaseAddress;
  return 0;
}

// Ring, queue page and the fields every queue has; nullptr when out of
// memory.
std::unique_ptr<Queue> make_queue(uint32_t size, hsa_queue_type32_t type, uint32_t features) {
  auto q = std::make_unique<Queue>();
  q->ring_bytes = uint64_t{size} * FW_AQL_PACKET_SIZE;
  q->block = static_cast<QueueBlock*>(alloc_gpu_visible(kPage));
  q->ring = alloc_gpu_visible(q->ring_bytes);
  if (!q->block || !q->ring) {
    free_gpu_visible(q->ring, q->ring_bytes);
    free_gpu_visible(q->block, kPage);
    return nullptr;
  }
  // Every slot starts INVALID: consumers stop there until a packet is
  // published.
  auto* ring = static_cast<uint8_t*>(q->ring);
  for (uint32_t i = 0; i < size; ++i) {
    const uint16_t header = FW_AQL_PACKET_TYPE_INVALID;
    std::memcpy(ring + uint64_t{i} * FW_AQL_PACKET_SIZE, &header, sizeof header);
  }
  fw_amd_queue& amd = q->block->amd;
  amd.hsa_queue.type = type;
  amd.hsa_queue.features = features;
  amd.hsa_queue.base_address = reinterpret_cast<uintptr_t>(q->ring);
  amd.hsa_queue.size = size;
  amd.hsa_queue.id = next_queue_id.fetch_add(1);
  amd.read_dispatch_id_field_base_byte_offset = offsetof(fw_amd_queue, read_dispatch_id);
  amd.queue_properties = FW_FIELD_PREP(FW_AMD_QUEUE_PROP_IS_PTR64, 1);
  return q;
}

void release(Queue& q) {
  if (q.hardware) {
    hsaKmtDestroyQueue(q.thunk_id);
    doorbell_signal_remove(reinterpret_cast<uintptr_t>(&q.block->doorbell));
    queue_release_scratch(q);  // the CP no longer runs the queue
  }
  free_gpu_visible(q.ring, q.ring_bytes);
  free_gpu_visible(q.block, kPage);
}

hsa_queue_t* publish(std::unique_ptr<Queue> q) {
  hsa_queue_t* h = reinterpret_cast<hsa_queue_t*>(&q->block->amd);
  Table& t = table();
  std::lock_guard<std::mutex> lock(t.mu);
  t.queues.emplace(h, std::move(q));
  return h;
}

// Status reported for each code the CP stores in queue_inactive_signal.
// The codes are bit flags; as ROCr's AqlQueue error handler does, the
// first row whose bits are set decides.
struct ErrorCode {
  int64_t bits;
  hsa_status_t status;
};
constexpr ErrorCode kErrorCodes[] = {
    {FW_AMD_QUEUE_ERROR_INVALID_DIM, HSA_STATUS_ERROR_INCOMPATIBLE_ARGUMENTS},
    {FW_AMD_QUEUE_ERROR_INVALID_GROUP_MEMORY, HSA_STATUS_ERROR_INVALID_ALLOCATION},
    {FW_AMD_QUEUE_ERROR_INVALID_CODE, HSA_STATUS_ERROR_INVALID_CODE_OBJECT},
    {FW_AMD_QUEUE_ERROR_INVALID_PACKET | FW_AMD_QUEUE_ERROR_INVALID_VENDOR_PACKET,
     HSA_STATUS_ERROR_INVALID_PACKET_FORMAT},
    {FW_AMD_QUEUE_ERROR_INVALID_WORKGROUP_SIZE, HSA_STATUS_ERROR_INVALID_ARGUMENT},
    {FW_AMD_QUEUE_ERROR_OUT_OF_VGPRS, HSA_STATUS_ERROR_INVALID_ISA},
    {FW_AMD_QUEUE_ERROR_MEMORY_VIOLATION,
     static_cast<hsa_status_t>(HSA_STATUS_ERROR_MEMORY_APERTURE_VIOLATION)},
    {FW_AMD_QUEUE_ERROR_ILLEGAL_INSTRUCTION,
     static_cast<hsa_status_t>(HSA_STATUS_ERROR_ILLEGAL_INSTRUCTION)},
    {FW_AMD_QUEUE_ERROR_KERNEL_EXCEPTION, HSA_STATUS_ERROR_EXCEPTION},
};

hsa_status_t status_of(int64_t code) {
  for (const ErrorCode& e : kErrorCodes)
    if (code & e.bits) return e.status;
  return HSA_STATUS_ERROR;
}

}  // namespace

hsa_status_t queues_start(Runtime&) { return error_watcher_start(); }

// The watcher goes first so that no callback runs on a queue being freed.
void queues_stop(Runtime&) {
  error_watcher_stop();
  Table& t = table();
  std::lock_guard<std::mutex> lock(t.mu);
  for (auto& [h, q] : t.queues) release(*q);
  t.queues.clear();
}

Queue* queue_from(const hsa_queue_t* q) {
  Table& t = table();
  std::lock_guard<std::mutex> lock(t.mu);
  auto it = t.queues.find(q);
  return it == t.queues.end() ? nullptr : it->second.get();
}

Queue* queue_take_failed(hsa_status_t* status) {
  Table& t = table();
  std::lock_guard<std::mutex> lock(t.mu);
  for (auto& [h, q] : t.queues) {
    if (!q->hardware || q->error_reported) continue;
    const int64_t code = __atomic_load_n(&q->block->inactive.value, __ATOMIC_ACQUIRE);
    if (code == 0) continue;
    // A scratch request is an error only once it could not be granted.
    if (code == FW_AMD_QUEUE_ERROR_INSUFFICIENT_SCRATCH && !q->scratch_failed) continue;
    q->error_reported = true;
    if (!q->callback) continue;
    *status = code == FW_AMD_QUEUE_ERROR_INSUFFICIENT_SCRATCH ? HSA_STATUS_ERROR_OUT_OF_RESOURCES
                                                              : status_of(code);
    t.in_callback = q.get();
    return q.get();
  }
  return nullptr;
}

void queue_serve_scratch() {
  Table& t = table();
  std::lock_guard<std::mutex> lock(t.mu);
  for (auto& [h, q] : t.queues) {
    if (!q->hardware || q->scratch_failed) continue;
    const int64_t code = __atomic_load_n(&q->block->inactive.value, __ATOMIC_ACQUIRE);
    if (code == FW_AMD_QUEUE_ERROR_INSUFFICIENT_SCRATCH)
      q->scratch_failed = !queue_grant_scratch(*q);
  }
}

void queue_callback_done() {
  Table& t = table();
  std::lock_guard<std::mutex> lock(t.mu);
  t.in_callback = nullptr;
  t.callback_cv.notify_all();
}

}  // namespace hsart

using hsart::Queue;

extern "C" hsa_status_t hsa_queue_create(hsa_agent_t agent, uint32_t size, hsa_queue_type32_t type,
                                         void (*callback)(hsa_status_t status, hsa_queue_t* source,
                                                          void* data),
                                         void* data, uint32_t private_segment_size,
                                         uint32_t group_segment_size, hsa_queue_t** queue) {
  HSART_CHECK_INIT();
  // The segment sizes are hints; scratch is sized per dispatch.
  (void)private_segment_size;
  (void)group_segment_size;
  const hsart::Agent* a = hsart::agent_from(agent);
  if (!a) return HSA_STATUS_ERROR_INVALID_AGENT;
  // The limits are what the agent reports (0 for an agent without queues).
  uint32_t min_size = 0, max_size = 0;
  hsa_agent_get_info(agent, HSA_AGENT_INFO_QUEUE_MIN_SIZE, &min_size);
  hsa_agent_get_info(agent, HSA_AGENT_INFO_QUEUE_MAX_SIZE, &max_size);
  if (!queue || !hsart::is_power_of_two(size) || (max_size != 0 && size > max_size) ||
      !hsart::valid_type(type))
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  // Only GPUs have a packet processor (kernel dispatch).
  if (a->type != HSA_DEVICE_TYPE_GPU || max_size == 0)
    return HSA_STATUS_ERROR_INVALID_QUEUE_CREATION;
  if (size < min_size) size = min_size;

  std::unique_ptr<Queue> q = hsart::make_queue(size, type, HSA_QUEUE_FEATURE_KERNEL_DISPATCH);
  if (!q) return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
  fw_amd_queue& amd = q->block->amd;
  amd.group_segment_aperture_base_hi =
      static_cast<uint32_t>(hsart::aperture_base(*a, HSA_HEAPTYPE_GPU_LDS) >> 32);
  amd.private_segment_aperture_base_hi =
      static_cast<uint32_t>(hsart::aperture_base(*a, HSA_HEAPTYPE_GPU_SCRATCH) >> 32);
  const HsaNodeProperties& p = a->props;
  const uint32_t simds = p.NumSIMDPerCU ? p.NumSIMDPerCU : 1;
  const uint32_t cus = p.NumFComputeCores / simds;
  amd.max_cu_id = cus ? cus - 1 : 0;
  const uint32_t waves = p.MaxWavesPerSIMD * simds;
  amd.max_wave_id = waves ? waves - 1 : 0;
  // The CP stores why the queue stopped, or that it needs scratch, in this
  // signal's value, and wakes the error watcher through its event.
  q->block->inactive.kind = FW_AMD_SIGNAL_KIND_USER;
  if (const HsaEvent* e = hsart::queue_event()) {
    q->block->inactive.event_mailbox_ptr = e->EventData.HWData2;
    q->block->inactive.event_id = static_cast<uint32_t>(e->EventData.HWData1);
  }
  q->agent = a;
  amd.queue_inactive_signal = reinterpret_cast<uintptr_t>(&q->block->inactive);

  HsaQueueResource res{};
  res.Queue_write_ptr_aql = &amd.write_dispatch_id;
  res.Queue_read_ptr_aql = &amd.read_dispatch_id;
  if (hsaKmtCreateQueue(a->node, HSA_QUEUE_COMPUTE_AQL, 100, HSA_QUEUE_PRIORITY_NORMAL, q->ring,
                        q->ring_bytes, nullptr, &res) != HSAKMT_STATUS_SUCCESS) {
    hsart::release(*q);
    return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
  }
  q->hardware = true;
  q->thunk_id = res.QueueId;
  fw_amd_signal& bell = q->block->doorbell;
  bell.kind = FW_AMD_SIGNAL_KIND_DOORBELL;
  bell.hardware_doorbell_ptr = reinterpret_cast<uintptr_t>(res.Queue_DoorBell_aql);
  bell.queue_ptr = reinterpret_cast<uintptr_t>(&amd);
  amd.hsa_queue.doorbell_signal = reinterpret_cast<uintptr_t>(&bell);
  hsart::doorbell_signal_add(amd.hsa_queue.doorbell_signal);
  q->callback = callback;
  q->data = data;
  *queue = hsart::publish(std::move(q));
  return HSA_STATUS_SUCCESS;
}

// The ring goes to GPU-visible system memory whatever the region: the
// consumer of a soft queue may be host code or a kernel.
extern "C" hsa_status_t hsa_soft_queue_create(hsa_region_t region, uint32_t size,
                                              hsa_queue_type32_t type, uint32_t features,
                                              hsa_signal_t doorbell_signal, hsa_queue_t** queue) {
  HSART_CHECK_INIT();
  constexpr uint32_t kKnownFeatures =
      HSA_QUEUE_FEATURE_KERNEL_DISPATCH | HSA_QUEUE_FEATURE_AGENT_DISPATCH;
  if (!hsart::region_from(region) || !queue || !hsart::is_power_of_two(size) ||
      !hsart::valid_type(type) || features == 0 || (features & ~kKnownFeatures) ||
      doorbell_signal.handle == 0)
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  std::unique_ptr<Queue> q = hsart::make_queue(size, type, features);
  if (!q) return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
  q->block->amd.hsa_queue.doorbell_signal = doorbell_signal.handle;
  *queue = hsart::publish(std::move(q));
  return HSA_STATUS_SUCCESS;
}

extern "C" hsa_status_t hsa_queue_destroy(hsa_queue_t* queue) {
  HSART_CHECK_INIT();
  if (!queue) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  hsart::Table& t = hsart::table();
  std::unique_ptr<Queue> q;
  {
    std::unique_lock<std::mutex> lock(t.mu);
    auto it = t.queues.find(queue);
    if (it == t.queues.end()) return HSA_STATUS_ERROR_INVALID_QUEUE;
    // A callback may destroy its own queue; anyone else waits for it.
    const Queue* target = it->second.get();
    if (!hsart::on_error_watcher_thread())
      t.callback_cv.wait(lock, [&] { return t.in_callback != target; });
    it = t.queues.find(queue);
    if (it == t.queues.end()) return HSA_STATUS_ERROR_INVALID_QUEUE;
    q = std::move(it->second);
    t.queues.erase(it);
  }
  hsart::release(*q);
  return HSA_STATUS_SUCCESS;
}

extern "C" hsa_status_t hsa_queue_inactivate(hsa_queue_t* queue) {
  HSART_CHECK_INIT();
  if (!queue) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  hsart::Table& t = hsart::table();
  std::lock_guard<std::mutex> lock(t.mu);
  auto it = t.queues.find(queue);
  if (it == t.queues.end()) return HSA_STATUS_ERROR_INVALID_QUEUE;
  const Queue& q = *it->second;
  if (!q.hardware) return HSA_STATUS_SUCCESS;  // nothing processes a soft queue
  // A queue percentage of 0 unmaps it from the packet processor.
  if (hsaKmtUpdateQueue(q.thunk_id, 0, HSA_QUEUE_PRIORITY_NORMAL, q.ring, q.ring_bytes, nullptr) !=
      HSAKMT_STATUS_SUCCESS)
    return HSA_STATUS_ERROR;
  return HSA_STATUS_SUCCESS;
}
