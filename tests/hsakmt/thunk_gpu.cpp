#include "thunk_gpu.h"

#include <chrono>
#include <thread>

#include "pm4_packets.h"

namespace hsakmt_test {
namespace {

constexpr size_t kPage = 4096;

size_t round_page(size_t n) { return (n + kPage - 1) & ~(kPage - 1); }

}  // namespace

int first_gpu_node() {
  HsaSystemProperties sys{};
  if (hsaKmtAcquireSystemProperties(&sys) != HSAKMT_STATUS_SUCCESS) return -1;
  for (HSAuint32 n = 0; n < sys.NumNodes; ++n) {
    HsaNodeProperties props{};
    if (hsaKmtGetNodeProperties(n, &props) == HSAKMT_STATUS_SUCCESS && props.NumFComputeCores != 0)
      return static_cast<int>(n);
  }
  return -1;
}

unsigned gpu_node_count() { return static_cast<unsigned>(gpu_nodes().size()); }

std::vector<uint32_t> gpu_nodes() {
  std::vector<uint32_t> gpus;
  HsaSystemProperties sys{};
  if (hsaKmtAcquireSystemProperties(&sys) != HSAKMT_STATUS_SUCCESS) return gpus;
  for (HSAuint32 n = 0; n < sys.NumNodes; ++n) {
    HsaNodeProperties props{};
    if (hsaKmtGetNodeProperties(n, &props) == HSAKMT_STATUS_SUCCESS && props.NumFComputeCores != 0)
      gpus.push_back(n);
  }
  return gpus;
}

void* alloc_system(size_t bytes) {
  HsaMemFlags flags{};
  flags.ui32.HostAccess = 1;
  flags.ui32.NonPaged = 1;
  void* p = nullptr;
  bytes = round_page(bytes);
  if (hsaKmtAllocMemory(0, bytes, flags, &p) != HSAKMT_STATUS_SUCCESS) return nullptr;
  if (hsaKmtMapMemoryToGPU(p, bytes, nullptr) != HSAKMT_STATUS_SUCCESS) {
    hsaKmtFreeMemory(p, bytes);
    return nullptr;
  }
  std::memset(p, 0, bytes);
  return p;
}

void free_system(void* p, size_t bytes) {
  if (!p) return;
  hsaKmtUnmapMemoryToGPU(p);
  hsaKmtFreeMemory(p, round_page(bytes));
}

bool GpuCodeObject::load(const std::string& path, std::string* error) {
  if (!co_.load(path, error)) return false;
  // Registered user memory has a GPU address of its own (as with ROCm's
  // thunk on a dGPU): the GPU finds the image at gpu_va_, not at image().
  if (hsaKmtRegisterMemory(co_.image(), co_.image_size()) != HSAKMT_STATUS_SUCCESS ||
      hsaKmtMapMemoryToGPU(co_.image(), co_.image_size(), &gpu_va_) != HSAKMT_STATUS_SUCCESS ||
      gpu_va_ == 0) {
    *error = "cannot register " + path + " with the GPU";
    return false;
  }
  registered_ = true;
  return true;
}

GpuCodeObject::~GpuCodeObject() {
  if (!registered_) return;
  hsaKmtUnmapMemoryToGPU(co_.image());
  hsaKmtDeregisterMemory(co_.image());
}

uint64_t GpuCodeObject::kernel_object(const std::string& name) const {
  const auto* d = reinterpret_cast<const uint8_t*>(co_.descriptor(name));
  if (!d) return 0;
  return gpu_va_ + static_cast<uint64_t>(d - static_cast<const uint8_t*>(co_.image()));
}

Signal::Signal(bool with_event, int64_t initial) : with_event_(with_event) {
  s_ = static_cast<fw_amd_signal*>(alloc_system(kPage));
  if (!s_) return;
  s_->kind = FW_AMD_SIGNAL_KIND_USER;
  s_->value = initial;
  if (with_event) {
    HsaEventDescriptor desc{};
    desc.EventType = HSA_EVENTTYPE_SIGNAL;
    if (hsaKmtCreateEvent(&desc, false, false, &event_) != HSAKMT_STATUS_SUCCESS) {
      event_ = nullptr;
      return;
    }
    s_->event_mailbox_ptr = event_->EventData.HWData2;
    s_->event_id = static_cast<uint32_t>(event_->EventData.HWData1);
  }
}

Signal::~Signal() {
  if (event_) hsaKmtDestroyEvent(event_);
  free_system(s_, kPage);
}

// Memory shared with the GPU is accessed with the compiler's atomics (C++17
// has no atomic_ref).
int64_t Signal::value() const { return __atomic_load_n(&s_->value, __ATOMIC_ACQUIRE); }

void Signal::set(int64_t v) { __atomic_store_n(&s_->value, v, __ATOMIC_RELEASE); }

bool Signal::wait_zero(unsigned timeout_ms) const {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
  while (value() != 0) {
    if (std::chrono::steady_clock::now() > deadline) return false;
    if (event_) {
      // The event may have fired for an earlier change: re-check the value.
      hsaKmtWaitOnEvent(event_, 10);
    } else {
      std::this_thread::yield();
    }
  }
  return true;
}

AqlQueue::AqlQueue(uint32_t node, uint32_t packets) : packets_(packets) {
  queue_ = static_cast<fw_amd_queue*>(alloc_system(sizeof(fw_amd_queue)));
  ring_ = static_cast<uint8_t*>(alloc_system(size_t{packets} * FW_AQL_PACKET_SIZE));
  if (!queue_ || !ring_) return;
  // Every slot starts INVALID: the packet processor stops there.
  for (uint32_t i = 0; i < packets; ++i)
    reinterpret_cast<uint16_t*>(ring_ + size_t{i} * FW_AQL_PACKET_SIZE)[0] =
        FW_AQL_PACKET_TYPE_INVALID;
  queue_->hsa_queue.base_address = reinterpret_cast<uintptr_t>(ring_);
  queue_->hsa_queue.size = packets;
  resource_.Queue_write_ptr_aql = &queue_->write_dispatch_id;
  resource_.Queue_read_ptr_aql = &queue_->read_dispatch_id;
  status_ = hsaKmtCreateQueue(node, HSA_QUEUE_COMPUTE_AQL, 100, HSA_QUEUE_PRIORITY_NORMAL, ring_,
                              size_t{packets} * FW_AQL_PACKET_SIZE, nullptr, &resource_);
}

AqlQueue::~AqlQueue() {
  if (status_ == HSAKMT_STATUS_SUCCESS) hsaKmtDestroyQueue(resource_.QueueId);
  for (auto& [p, bytes] : scratch_) free_system(p, bytes);
  free_system(ring_, size_t{packets_} * FW_AQL_PACKET_SIZE);
  free_system(queue_, sizeof(fw_amd_queue));
}

// The scratch a runtime describes in amd_queue_t (ROCr's InitScratchSRD for
// gfx9): kSlots wave slots of 64 lanes, a swizzled V# over them.
void AqlQueue::grow_scratch(uint32_t private_bytes) {
  constexpr uint32_t kSlots = 128;
  const uint32_t lane = (private_bytes + 15) & ~15u;
  const uint64_t wave = (uint64_t{lane} * 64 + 1023) & ~1023ull;
  const size_t bytes = (wave * kSlots + 4095) & ~size_t{4095};
  void* p = alloc_system(bytes);
  if (!p) return;  // the CP then asks for scratch and the dispatch waits
  scratch_.emplace_back(p, bytes);
  const uint64_t va = reinterpret_cast<uintptr_t>(p);
  fw_amd_queue& q = *queue_;
  q.scratch_resource_descriptor[0] = static_cast<uint32_t>(va);
  q.scratch_resource_descriptor[1] =
      FW_FIELD_PREP(FW_BUF_RSRC1_BASE_HI, va >> 32) | FW_FIELD_PREP(FW_BUF_RSRC1_SWIZZLE_ENABLE, 1);
  q.scratch_resource_descriptor[2] = static_cast<uint32_t>(bytes);
  q.scratch_resource_descriptor[3] =
      FW_FIELD_PREP(FW_BUF_RSRC3_DST_SEL_XYZW, 0xFAC) | FW_FIELD_PREP(FW_BUF_RSRC3_NUM_FORMAT, 4) |
      FW_FIELD_PREP(FW_BUF_RSRC3_DATA_FORMAT, 4) | FW_FIELD_PREP(FW_BUF_RSRC3_ELEMENT_SIZE, 1) |
      FW_FIELD_PREP(FW_BUF_RSRC3_INDEX_STRIDE, 3) | FW_FIELD_PREP(FW_BUF_RSRC3_ADD_TID_ENABLE, 1);
  q.scratch_backing_memory_location = va;
  q.scratch_backing_memory_byte_size = bytes;
  q.scratch_wave64_lane_byte_size = lane;
  q.compute_tmpring_size = FW_FIELD_PREP(FW_COMPUTE_TMPRING_WAVES, kSlots) |
                           FW_FIELD_PREP(FW_COMPUTE_TMPRING_WAVESIZE, wave / 1024);
}

uint64_t AqlQueue::submit(const void* packet64) {
  const uint64_t index = publish(packet64);
  __atomic_store_n(resource_.Queue_DoorBell_aql, index, __ATOMIC_RELEASE);
  return index;
}

uint64_t AqlQueue::publish(const void* packet64) {
  const auto* k = static_cast<const fw_aql_kernel_dispatch_packet*>(packet64);
  if (FW_FIELD_GET(k->header, FW_AQL_HEADER_TYPE) == FW_AQL_PACKET_TYPE_KERNEL_DISPATCH &&
      k->private_segment_size > queue_->scratch_wave64_lane_byte_size) {
    // Earlier packets must not see fields change under them.
    while (read_index() != __atomic_load_n(&queue_->write_dispatch_id, __ATOMIC_ACQUIRE))
      std::this_thread::yield();
    grow_scratch(k->private_segment_size);
  }
  const uint64_t index = __atomic_fetch_add(&queue_->write_dispatch_id, 1, __ATOMIC_ACQ_REL);
  // Wait for the slot to be free (the ring may be full).
  while (index - read_index() >= packets_) std::this_thread::yield();
  auto* dst = static_cast<uint8_t*>(slot(index));
  std::memcpy(dst + 4, static_cast<const uint8_t*>(packet64) + 4, FW_AQL_PACKET_SIZE - 4);
  uint32_t header_setup;
  std::memcpy(&header_setup, packet64, 4);
  __atomic_store_n(reinterpret_cast<uint32_t*>(dst), header_setup, __ATOMIC_RELEASE);
  return index;
}

uint64_t AqlQueue::read_index() const {
  return __atomic_load_n(&queue_->read_dispatch_id, __ATOMIC_ACQUIRE);
}

fw_aql_kernel_dispatch_packet AqlQueue::dispatch(uint64_t kernel_object, const uint32_t grid[3],
                                                 const uint16_t group[3], unsigned dims,
                                                 const void* kernargs, uint64_t signal) {
  fw_aql_kernel_dispatch_packet p{};
  p.header = static_cast<uint16_t>(
      FW_FIELD_PREP(FW_AQL_HEADER_TYPE, FW_AQL_PACKET_TYPE_KERNEL_DISPATCH) |
      FW_FIELD_PREP(FW_AQL_HEADER_BARRIER, 1) |
      FW_FIELD_PREP(FW_AQL_HEADER_ACQUIRE_FENCE_SCOPE, FW_AQL_FENCE_SCOPE_SYSTEM) |
      FW_FIELD_PREP(FW_AQL_HEADER_RELEASE_FENCE_SCOPE, FW_AQL_FENCE_SCOPE_SYSTEM));
  p.setup = static_cast<uint16_t>(FW_FIELD_PREP(FW_AQL_DISPATCH_SETUP_DIMENSIONS, dims));
  p.workgroup_size_x = group[0];
  p.workgroup_size_y = group[1];
  p.workgroup_size_z = group[2];
  p.grid_size_x = grid[0];
  p.grid_size_y = grid[1];
  p.grid_size_z = grid[2];
  p.kernel_object = kernel_object;
  p.kernarg_address = reinterpret_cast<uintptr_t>(kernargs);
  p.completion_signal = signal;
  // Segment sizes come from the kernel descriptor, read where the host
  // sees it: registered memory's GPU address is not a host address.
  uint64_t host = kernel_object;
  HsaPointerInfo info{};
  if (hsaKmtQueryPointerInfo(reinterpret_cast<void*>(kernel_object), &info) ==
          HSAKMT_STATUS_SUCCESS &&
      info.Type == HSA_POINTER_REGISTERED_USER)
    host = reinterpret_cast<uintptr_t>(info.CPUAddress) + (kernel_object - info.GPUAddress);
  const auto* kd = reinterpret_cast<const fw_kernel_descriptor*>(host);
  p.group_segment_size = kd->group_segment_fixed_size;
  p.private_segment_size = kd->private_segment_fixed_size;
  return p;
}

void* Kernargs::place() {
  const std::vector<uint8_t> b = bytes();
  free_system(placed_, placed_bytes_);
  placed_ = alloc_system(b.size());
  placed_bytes_ = b.size();
  if (placed_) std::memcpy(placed_, b.data(), b.size());
  return placed_;
}

Kernargs::~Kernargs() { free_system(placed_, placed_bytes_); }

}  // namespace hsakmt_test
