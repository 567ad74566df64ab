// The emulated KFD's per-process state: what the kernel keeps in
// kfd_process and its per-device kfd_process_device. One exists while any
// /dev/kfd fd is open; closing the last fd releases it as process exit
// does (queues unmapped, events and memory freed).
//
// Locking: `mu` guards devices, buffer objects and queues; `ev_mu` guards
// events and the signal page, and is the only lock the CP's interrupt
// thread takes. Never call into a CommandProcessor while holding ev_mu.
#pragma once

#include <linux/kfd_ioctl.h>

#include <condition_variable>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <vector>

#include "emulated/memory_heap.h"
#include "emulated/shared_memory.h"
#include "emulated/topology.h"
#include "ih_entry.h"
#include "kfd_device_vega10.h"
#include "kfd_limits.h"
#include "kfd_mmap.h"
#include "kfd_mqd_v9.h"
#include "platform/virtual_gpu.h"

namespace hsakmt::emu {

inline constexpr uint64_t kPage = 4096;
// The VMID the process's compute queues run on (queue_ioctls.cpp maps them
// there); its trap handler registers are the process's TBA/TMA. The module
// has no VMIDs yet (its scheduler maps processes when queues run).
inline constexpr uint32_t kProcessVmid = 8;

struct Device;

struct BufferObject {
  ~BufferObject() {
    if (heap) heap->release(heap_offset, size);
  }
  uint64_t handle = 0;
  Device* owner = nullptr;
  uint32_t flags = 0;        // KFD_IOC_ALLOC_MEM_FLAGS_*
  uint64_t va = 0;           // GPU VA
  uint64_t size = 0;         // page multiple
  uint64_t mmap_offset = 0;  // render-node offset (VRAM/GTT), 0 otherwise
  // Host memory the GPU sees: a range of the device's VRAM heap, the BO's
  // own memfd (GTT, or VRAM the heap has no room for), the user pages
  // (USERPTR), the doorbell slice or the MMIO page.
  MemoryHeap* heap = nullptr;
  uint64_t heap_offset = 0;
  std::unique_ptr<SharedMemory> memory;
  uint8_t* host = nullptr;
  // The memfd and offset the process maps the BO from.
  int fd() const { return heap ? heap->fd() : memory->fd(); }
  uint64_t file_offset() const { return heap ? heap_offset : 0; }
  std::set<Device*> mapped_on;
};

struct Queue {
  uint32_t id = 0;
  Device* dev = nullptr;
  int cp_id = -1;    // the queue's id on the CP, or on the SDMA engines
  int sdma_id = -1;  // SDMA queue: its bit in Device::sdma_used; -1: a CP queue
  std::vector<uint32_t> cu_mask;
  // What the MQD is built from (props.doorbell: the queue's doorbell
  // slot), and the MQD the GPU was handed (one of the two, by engine), as
  // the module keeps them (kfd-common).
  kfdc_queue_props props{};
  bool active = false;  // ring, size and percentage: on the run list
  fw_v9_mqd mqd{};
  fw_v9_sdma_mqd sdma_mqd{};
};

// Per GPU: kfd_process_device plus the GPU itself.
struct Device {
  const GpuInfo* info = nullptr;
  std::unique_ptr<gcn::VirtualGpu> gpu;
  uint64_t render_file = 0;  // ACQUIRE_VM'd render-node open, 0 = none
  SharedMemory doorbells;    // KFDC_DOORBELL_SLICE_BYTES
  SharedMemory mmio;         // HDP flush page of MMIO_REMAP
  std::vector<bool> doorbell_used = std::vector<bool>(KFDC_DOORBELLS_PER_PROCESS, false);
  unsigned queue_count = 0;
  uint32_t sdma_used = 0;  // SDMA queues in use: bit = engine + queue * engines
  uint32_t next_idr = 0;
  uint64_t vram_used = 0;
  MemoryHeap vram_heap;  // made at the first VRAM allocation
  uint64_t scratch_va = 0;
  uint64_t tba = 0, tma = 0;
  uint32_t default_policy = 0, alternate_policy = 0;
  uint64_t alternate_aperture_base = 0, alternate_aperture_size = 0;
};

struct Event;
// One per event of a WAIT_EVENTS call, whose thread sleeps on `wake`.
// Only the waiters of an event that changes are woken (a process-wide
// condition would wake every sleeping thread, the runtime's error watcher
// too, at each completion signal's interrupt).
struct Waiter {
  Event* event = nullptr;  // nullptr once the event is destroyed
  bool activated = false;
  uint64_t last_age = 0;  // the age the caller saw last; 0: not tracked
  std::condition_variable* wake = nullptr;
};

struct Event {
  uint32_t id = 0;
  uint32_t type = 0;
  bool auto_reset = false;
  bool signaled = false;
  uint64_t age = 1;  // advanced by every SET (kfd_event_rules.h)
  std::vector<Waiter*> waiters;
  kfd_hsa_memory_exception_data memory_exception{};
};

struct Process {
  uint32_t pasid = 1;

  std::mutex mu;
  std::vector<std::unique_ptr<Device>> devices;           // machine().gpus order
  std::map<uint64_t, std::unique_ptr<BufferObject>> bos;  // by handle
  std::map<uint64_t, BufferObject*> bo_by_offset;         // render mmap offsets
  std::map<uint64_t, BufferObject*> bo_by_va;             // GPU VA, non-overlapping
  uint64_t next_mmap_offset = 1ull << 32;
  std::map<uint32_t, std::unique_ptr<Queue>> queues;
  std::vector<bool> queue_ids = std::vector<bool>(KFDC_MAX_QUEUES_PER_PROCESS, false);

  std::mutex ev_mu;
  std::map<uint32_t, std::unique_ptr<Event>> events;
  uint64_t* signal_slots = nullptr;  // event page (user BO or internal)
  uint32_t signal_slot_count = 0;    // slots mapped
  uint64_t signal_handle = 0;        // BO given as event page, may not be freed
  SharedMemory internal_signal_page;
  uint32_t signal_event_count = 1;  // id 0 is reserved, as in the KFD

  Device* device(uint32_t gpu_id);
  BufferObject* bo(uint64_t handle);

  Process();
  ~Process();  // releases everything: queues, GPUs, memory
};

// The virtual GPUs interrupt the process through this (CP thread).
void handle_interrupt(Process& p, Device& dev, const fw_ih_entry& e);

// Per-area ioctl handlers; args is the ioctl's struct, already copied in.
int ioctl_get_version(Process& p, void* args);
int ioctl_get_process_apertures(Process& p, void* args);
int ioctl_get_process_apertures_new(Process& p, void* args);
int ioctl_acquire_vm(Process& p, void* args);
int ioctl_set_memory_policy(Process& p, void* args);
int ioctl_set_scratch_backing_va(Process& p, void* args);
int ioctl_set_trap_handler(Process& p, void* args);
int ioctl_get_clock_counters(Process& p, void* args);
int ioctl_get_tile_config(Process& p, void* args);
int ioctl_available_memory(Process& p, void* args);
int ioctl_alloc_memory(Process& p, void* args);
int ioctl_free_memory(Process& p, void* args);
int ioctl_map_memory(Process& p, void* args);
int ioctl_unmap_memory(Process& p, void* args);
int ioctl_create_queue(Process& p, void* args);
int ioctl_destroy_queue(Process& p, void* args);
int ioctl_update_queue(Process& p, void* args);
int ioctl_set_cu_mask(Process& p, void* args);
int ioctl_get_queue_wave_state(Process& p, void* args);
int ioctl_create_event(Process& p, void* args);
int ioctl_destroy_event(Process& p, void* args);
int ioctl_set_event(Process& p, void* args);
int ioctl_reset_event(Process& p, void* args);
int ioctl_wait_events(Process& p, void* args);

// ACQUIRE_VM checks the drm fd through this (emulated_transport.cpp): the
// render-node open behind fd, or 0 when fd is not one of ours.
uint64_t render_file_of_fd(int fd, uint32_t* gpu_id);

// An ioctl on a render node of GPU gpu_id (render_ioctls.cpp): 0 or -errno.
int render_ioctl(uint32_t gpu_id, unsigned long request, void* arg);

// copy_to_user / copy_from_user: false (-EFAULT) where the kernel's copy
// would fault (NULL, unmapped, or for copy_to_user read-only memory).
bool copy_to_user(uint64_t dst, const void* src, uint64_t bytes);
bool copy_from_user(void* dst, uint64_t src, uint64_t bytes);

}  // namespace hsakmt::emu
