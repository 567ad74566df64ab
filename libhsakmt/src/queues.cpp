// Queues: hsaKmtCreateQueue and friends. The KFD builds the hardware queue
// from the ring and the read/write pointer addresses. An AQL queue's are
// fields of the caller's amd_queue_t; for the other queues (PM4 compute,
// SDMA) the thunk owns them, as ROCT does: a GPU-visible page per queue,
// returned in Queue_write_ptr / Queue_read_ptr. The thunk maps the GPU's
// doorbell page once, for the CPU and (as a DOORBELL buffer object) for
// the GPUs at the same address, and returns the queue's slot in it.
#include <linux/kfd_ioctl.h>
#include <sys/mman.h>

#include <map>
#include <memory>
#include <new>
#include <vector>

#include "thunk.h"

namespace hsakmt {
namespace {

// SOC15 doorbells: 64-bit slots, 1024 per process and GPU (8 KiB).
constexpr uint64_t kDoorbellSlice = 1024 * 8;

// The read and write pointers of a non-AQL queue, in memory the GPU sees.
struct QueuePointers {
  HSAuint64 wptr;
  HSAuint64 rptr;
};
constexpr HSAuint64 kPointerPage = 4096;

struct Queue {
  uint32_t kfd_queue_id = 0;
  uint32_t gpu_id = 0;
  volatile HSAint64 error_reason = 0;  // ErrorReason points here
  QueuePointers* pointers = nullptr;   // non-AQL queues
};

// A zeroed page of system memory mapped to the GPUs, or nullptr.
QueuePointers* allocate_pointers() {
  HsaMemFlags flags{};
  flags.ui32.NonPaged = 1;
  flags.ui32.HostAccess = 1;
  void* p = nullptr;
  if (hsaKmtAllocMemory(0, kPointerPage, flags, &p) != HSAKMT_STATUS_SUCCESS) return nullptr;
  if (hsaKmtMapMemoryToGPU(p, kPointerPage, nullptr) != HSAKMT_STATUS_SUCCESS) {
    hsaKmtFreeMemory(p, kPointerPage);
    return nullptr;
  }
  return new (p) QueuePointers{};
}

void free_pointers(QueuePointers* p) {
  if (!p) return;
  hsaKmtUnmapMemoryToGPU(p);
  hsaKmtFreeMemory(p, kPointerPage);
}

// A GPU's doorbell slice: the CPU mapping, and the DOORBELL buffer object
// that maps it for the GPUs at the same address (0: CPU only).
struct DoorbellSlice {
  void* cpu = nullptr;
  uint64_t handle = 0;
};

struct Queues {
  std::mutex mu;
  std::map<HSA_QUEUEID, std::unique_ptr<Queue>> queues;
  std::map<uint32_t, DoorbellSlice> doorbell_pages;  // by gpu_id
  HSA_QUEUEID next_id = 1;
};

Queues& queues() {
  static Queues* const q = new Queues;
  return *q;
}

// ROCm's map of the seven HSA priorities onto the KFD's 0..15.
int kfd_priority(HSA_QUEUE_PRIORITY p) {
  static const int kMap[] = {0, 3, 5, 7, 9, 11, 15};
  const int i = static_cast<int>(p) - HSA_QUEUE_PRIORITY_MINIMUM;
  return i >= 0 && i < 7 ? kMap[i] : -1;
}

bool kfd_queue_type(HSA_QUEUE_TYPE t, uint32_t* out) {
  switch (t) {
    case HSA_QUEUE_COMPUTE:
      *out = KFD_IOC_QUEUE_TYPE_COMPUTE;
      return true;
    case HSA_QUEUE_COMPUTE_AQL:
      *out = KFD_IOC_QUEUE_TYPE_COMPUTE_AQL;
      return true;
    case HSA_QUEUE_SDMA:
      *out = KFD_IOC_QUEUE_TYPE_SDMA;
      return true;
    case HSA_QUEUE_SDMA_XGMI:
      *out = KFD_IOC_QUEUE_TYPE_SDMA_XGMI;
      return true;
    default:
      return false;
  }
}

// The doorbell BO's GPU mappings: every GPU, so that any GPU's kernels and
// SDMA engines reach any queue's doorbell (as a peer write over PCIe).
int map_slice_to_gpus(uint64_t handle, bool map) {
  std::vector<uint32_t> ids;
  for (const GpuNode& g : thunk().gpus) ids.push_back(g.gpu_id);
  if (map) {
    kfd_ioctl_map_memory_to_gpu_args args{};
    args.handle = handle;
    args.device_ids_array_ptr = reinterpret_cast<uintptr_t>(ids.data());
    args.n_devices = static_cast<uint32_t>(ids.size());
    return kfd_ioctl(AMDKFD_IOC_MAP_MEMORY_TO_GPU, &args);
  }
  kfd_ioctl_unmap_memory_from_gpu_args args{};
  args.handle = handle;
  args.device_ids_array_ptr = reinterpret_cast<uintptr_t>(ids.data());
  args.n_devices = static_cast<uint32_t>(ids.size());
  return kfd_ioctl(AMDKFD_IOC_UNMAP_MEMORY_FROM_GPU, &args);
}

void free_slice_bo(uint64_t handle) {
  kfd_ioctl_free_memory_of_gpu_args args{};
  args.handle = handle;
  kfd_ioctl(AMDKFD_IOC_FREE_MEMORY_OF_GPU, &args);
}

// ROCm's map_doorbell_dgpu: a DOORBELL buffer object at the slice's
// address, mapped to the GPUs there, so the GPU's address of a doorbell is
// the CPU's. Returns the BO's handle, or 0 when the KFD refuses (ROCm then
// keeps the CPU mapping alone, as on an APU; so do we).
uint64_t map_slice_on_gpus(uint32_t gpu_id, uint64_t va) {
  kfd_ioctl_alloc_memory_of_gpu_args alloc{};
  alloc.va_addr = va;
  alloc.size = kDoorbellSlice;
  alloc.gpu_id = gpu_id;
  alloc.flags = KFD_IOC_ALLOC_MEM_FLAGS_DOORBELL | KFD_IOC_ALLOC_MEM_FLAGS_WRITABLE |
                KFD_IOC_ALLOC_MEM_FLAGS_COHERENT;
  if (kfd_ioctl(AMDKFD_IOC_ALLOC_MEMORY_OF_GPU, &alloc)) return 0;
  if (map_slice_to_gpus(alloc.handle, true)) {
    map_slice_to_gpus(alloc.handle, false);  // those that took it
    free_slice_bo(alloc.handle);
    return 0;
  }
  return alloc.handle;
}

void* doorbell_page(Queues& qs, uint32_t gpu_id, uint64_t offset) {
  auto it = qs.doorbell_pages.find(gpu_id);
  if (it != qs.doorbell_pages.end()) return it->second.cpu;
  Thunk& t = thunk();
  // The slice goes at an address aligned to its size, as ROCT's aperture
  // allocator places it: ROCr takes a doorbell's index in the slice from
  // its address ((address >> 3) & 1023) to find the queue its trap handler
  // reports on (the index MSG_GET_DOORBELL gives the wave). The address is
  // outside the thunk's allocation range, so no other buffer object of the
  // process is there on the GPU either.
  void* hole = ::mmap(nullptr, 2 * kDoorbellSlice, PROT_NONE,
                      MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (hole == MAP_FAILED) return nullptr;
  const uintptr_t start = reinterpret_cast<uintptr_t>(hole);
  const uintptr_t aligned = (start + kDoorbellSlice - 1) & ~(kDoorbellSlice - 1);
  if (aligned > start) ::munmap(hole, aligned - start);
  ::munmap(reinterpret_cast<void*>(aligned + kDoorbellSlice), start + kDoorbellSlice - aligned);
  void* p = t.transport->mmap(reinterpret_cast<void*>(aligned), kDoorbellSlice,
                              PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, t.kfd_fd,
                              static_cast<off_t>(offset & ~(kDoorbellSlice - 1)));
  if (p == MAP_FAILED) {
    ::munmap(reinterpret_cast<void*>(aligned), kDoorbellSlice);
    return nullptr;
  }
  qs.doorbell_pages[gpu_id] = DoorbellSlice{p, map_slice_on_gpus(gpu_id, aligned)};
  return p;
}

Queue* find(Queues& qs, HSA_QUEUEID id) {
  auto it = qs.queues.find(id);
  return it == qs.queues.end() ? nullptr : it->second.get();
}

}  // namespace

std::mutex& queues_mutex() { return queues().mu; }

// The parent's queues are forgotten without DESTROY_QUEUE. The doorbell
// pages are this process's copies of the parent's doorbell mappings: they
// are unmapped, so nothing in the child can ring the parent's queues (their
// buffer objects are the parent's session's, forgotten with it).
void queues_forget() {
  Queues& qs = queues();
  qs.queues.clear();
  for (auto& [gpu, slice] : qs.doorbell_pages) ::munmap(slice.cpu, kDoorbellSlice);
  qs.doorbell_pages.clear();
}

void queues_fini() {
  Queues& qs = queues();
  std::lock_guard<std::mutex> lock(qs.mu);
  for (auto& [id, q] : qs.queues) {
    kfd_ioctl_destroy_queue_args args{};
    args.queue_id = q->kfd_queue_id;
    kfd_ioctl(AMDKFD_IOC_DESTROY_QUEUE, &args);
  }
  // The pointer pages go with the rest of the process's memory (memory_fini).
  qs.queues.clear();
  for (auto& [gpu, slice] : qs.doorbell_pages) {
    if (slice.handle) {
      map_slice_to_gpus(slice.handle, false);
      free_slice_bo(slice.handle);
    }
    thunk().transport->munmap(slice.cpu, kDoorbellSlice);
  }
  qs.doorbell_pages.clear();
}

}  // namespace hsakmt

using namespace hsakmt;

extern "C" HSAKMT_STATUS HSAKMTAPI hsaKmtCreateQueue(HSAuint32 NodeId, HSA_QUEUE_TYPE Type,
                                                     HSAuint32 QueuePercentage,
                                                     HSA_QUEUE_PRIORITY Priority,
                                                     void* QueueAddress, HSAuint64 QueueSizeInBytes,
                                                     HsaEvent* Event,
                                                     HsaQueueResource* QueueResource) {
  (void)Event;  // the KFD has no per-queue event
  HSAKMT_CHECK_OPEN();
  if (!QueueResource) return HSAKMT_STATUS_INVALID_PARAMETER;
  const GpuNode* g = gpu_node(NodeId);
  if (!g) return HSAKMT_STATUS_INVALID_NODE_UNIT;
  uint32_t type;
  const int priority = kfd_priority(Priority);
  if (!kfd_queue_type(Type, &type) || priority < 0 || QueuePercentage > KFD_MAX_QUEUE_PERCENTAGE ||
      QueueSizeInBytes > UINT32_MAX)
    return HSAKMT_STATUS_INVALID_PARAMETER;

  kfd_ioctl_create_queue_args args{};
  args.gpu_id = g->gpu_id;
  args.queue_type = type;
  args.queue_percentage = QueuePercentage;
  args.queue_priority = static_cast<uint32_t>(priority);
  args.ring_base_address = reinterpret_cast<uintptr_t>(QueueAddress);
  args.ring_size = static_cast<uint32_t>(QueueSizeInBytes);
  auto q = std::make_unique<Queue>();
  if (Type != HSA_QUEUE_COMPUTE_AQL) {
    q->pointers = allocate_pointers();
    if (!q->pointers) return HSAKMT_STATUS_NO_MEMORY;
    QueueResource->QueueWptrValue = reinterpret_cast<uintptr_t>(&q->pointers->wptr);
    QueueResource->QueueRptrValue = reinterpret_cast<uintptr_t>(&q->pointers->rptr);
  }
  args.write_pointer_address = QueueResource->QueueWptrValue;
  args.read_pointer_address = QueueResource->QueueRptrValue;

  Queues& qs = queues();
  std::lock_guard<std::mutex> lock(qs.mu);
  const int r = kfd_ioctl(AMDKFD_IOC_CREATE_QUEUE, &args);
  if (r) {
    free_pointers(q->pointers);
    return status_from_errno(r);
  }
  auto* page = static_cast<uint8_t*>(doorbell_page(qs, g->gpu_id, args.doorbell_offset));
  if (!page) {
    kfd_ioctl_destroy_queue_args d{};
    d.queue_id = args.queue_id;
    kfd_ioctl(AMDKFD_IOC_DESTROY_QUEUE, &d);
    free_pointers(q->pointers);
    return HSAKMT_STATUS_ERROR;
  }
  q->kfd_queue_id = args.queue_id;
  q->gpu_id = g->gpu_id;
  const HSA_QUEUEID id = qs.next_id++;
  QueueResource->QueueId = id;
  QueueResource->Queue_DoorBell_aql =
      reinterpret_cast<HSAuint64*>(page + (args.doorbell_offset & (kDoorbellSlice - 1)));
  QueueResource->ErrorReason = &q->error_reason;
  qs.queues[id] = std::move(q);
  return HSAKMT_STATUS_SUCCESS;
}

extern "C" HSAKMT_STATUS HSAKMTAPI hsaKmtUpdateQueue(HSA_QUEUEID QueueId, HSAuint32 QueuePercentage,
                                                     HSA_QUEUE_PRIORITY Priority,
                                                     void* QueueAddress, HSAuint64 QueueSize,
                                                     HsaEvent* Event) {
  (void)Event;
  HSAKMT_CHECK_OPEN();
  const int priority = kfd_priority(Priority);
  if (priority < 0 || QueuePercentage > KFD_MAX_QUEUE_PERCENTAGE || QueueSize > UINT32_MAX)
    return HSAKMT_STATUS_INVALID_PARAMETER;
  Queues& qs = queues();
  std::lock_guard<std::mutex> lock(qs.mu);
  Queue* q = find(qs, QueueId);
  if (!q) return HSAKMT_STATUS_INVALID_PARAMETER;
  kfd_ioctl_update_queue_args args{};
  args.queue_id = q->kfd_queue_id;
  args.ring_base_address = reinterpret_cast<uintptr_t>(QueueAddress);
  args.ring_size = static_cast<uint32_t>(QueueSize);
  args.queue_percentage = QueuePercentage;
  args.queue_priority = static_cast<uint32_t>(priority);
  return status_from_errno(kfd_ioctl(AMDKFD_IOC_UPDATE_QUEUE, &args));
}

extern "C" HSAKMT_STATUS HSAKMTAPI hsaKmtDestroyQueue(HSA_QUEUEID QueueId) {
  HSAKMT_CHECK_OPEN();
  Queues& qs = queues();
  std::lock_guard<std::mutex> lock(qs.mu);
  Queue* q = find(qs, QueueId);
  if (!q) return HSAKMT_STATUS_INVALID_PARAMETER;
  kfd_ioctl_destroy_queue_args args{};
  args.queue_id = q->kfd_queue_id;
  const int r = kfd_ioctl(AMDKFD_IOC_DESTROY_QUEUE, &args);
  if (r) return status_from_errno(r);
  free_pointers(q->pointers);
  qs.queues.erase(QueueId);
  return HSAKMT_STATUS_SUCCESS;
}

extern "C" HSAKMT_STATUS HSAKMTAPI hsaKmtSetQueueCUMask(HSA_QUEUEID QueueId, HSAuint32 CUMaskCount,
                                                        HSAuint32* QueueCUMask) {
  HSAKMT_CHECK_OPEN();
  // The mask is counted in bits, whole 32-bit words of them.
  if (CUMaskCount == 0 || !QueueCUMask || (CUMaskCount % 32) != 0)
    return HSAKMT_STATUS_INVALID_PARAMETER;
  Queues& qs = queues();
  std::lock_guard<std::mutex> lock(qs.mu);
  Queue* q = find(qs, QueueId);
  if (!q) return HSAKMT_STATUS_INVALID_PARAMETER;
  kfd_ioctl_set_cu_mask_args args{};
  args.queue_id = q->kfd_queue_id;
  args.num_cu_mask = CUMaskCount;
  args.cu_mask_ptr = reinterpret_cast<uintptr_t>(QueueCUMask);
  return status_from_errno(kfd_ioctl(AMDKFD_IOC_SET_CU_MASK, &args));
}

// Queue info reports the context-save (CWSR) area, which the virtual GPU
// does not have: it never preempts a wave mid-kernel.
extern "C" HSAKMT_STATUS HSAKMTAPI hsaKmtGetQueueInfo(HSA_QUEUEID, HsaQueueInfo*) {
  return HSAKMT_STATUS_NOT_SUPPORTED;
}

extern "C" HSAKMT_STATUS HSAKMTAPI hsaKmtSetTrapHandler(HSAuint32 NodeId,
                                                        void* TrapHandlerBaseAddress,
                                                        HSAuint64 TrapHandlerSizeInBytes,
                                                        void* TrapBufferBaseAddress,
                                                        HSAuint64 TrapBufferSizeInBytes) {
  (void)TrapHandlerSizeInBytes;
  (void)TrapBufferSizeInBytes;
  HSAKMT_CHECK_OPEN();
  const GpuNode* g = gpu_node(NodeId);
  if (!g) return HSAKMT_STATUS_INVALID_NODE_UNIT;
  kfd_ioctl_set_trap_handler_args args{};
  args.gpu_id = g->gpu_id;
  args.tba_addr = reinterpret_cast<uintptr_t>(TrapHandlerBaseAddress);
  args.tma_addr = reinterpret_cast<uintptr_t>(TrapBufferBaseAddress);
  return status_from_errno(kfd_ioctl(AMDKFD_IOC_SET_TRAP_HANDLER, &args));
}
