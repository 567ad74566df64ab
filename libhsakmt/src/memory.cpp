// Memory: hsaKmtAllocMemory and friends. The thunk reserves one range of
// virtual addresses (PROT_NONE) inside the GPUVM aperture, hands out GPU VAs
// from it, asks the KFD for a buffer object at that VA and, for memory the
// host may touch, maps the buffer object over its own reservation so CPU
// and GPU use the same address. As in ROCm's thunk on gfx9 (fmm.c with
// "mmap apertures"), registered user memory gets a GPU VA of its own (page
// offset kept) for its USERPTR buffer object, and a Scratch allocation is
// only address space: each hsaKmtMapMemoryToGPU of a sub-range creates a
// VRAM buffer object for exactly that range, its unmap frees it.
#include <linux/kfd_ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <map>
#include <vector>

#include "kfd_ipc.h"
#include "thunk.h"
#include "va_allocator.h"

namespace hsakmt {
namespace {

constexpr uint64_t kPage = 4096;
constexpr uint64_t kHugePage = 2ull << 20;
// VA reserved for allocations; PROT_NONE + MAP_NORESERVE costs no memory.
constexpr uint64_t kReserveBytes = 256ull << 30;
// ROCm's thunk aligns scratch reservations (SCRATCH_ALIGN) for the 64 KiB
// granularity of SET_SCRATCH_BACKING_VA.
constexpr uint64_t kScratchAlign = 64ull << 10;

// A mapped sub-range of a scratch reservation.
struct ScratchPiece {
  uint64_t size = 0;
  uint64_t handle = 0;
};

struct Allocation {
  uint64_t va = 0;  // GPU VA (page aligned)
  uint64_t size = 0;
  void* cpu = nullptr;     // what the caller sees (unaligned for user memory)
  uint64_t user_size = 0;  // registered user memory: the size asked for
  HSA_POINTER_TYPE type = HSA_POINTER_ALLOCATED;
  uint32_t node = 0;
  HsaMemFlags flags{};
  uint32_t gpu_id = 0;  // owner of the buffer object; 0: host-only memory
  uint64_t handle = 0;
  unsigned registrations = 1;               // hsaKmtRegisterMemory calls not yet undone
  unsigned user_maps = 0;                   // user memory: maps not yet undone (ROCm counts)
  bool scratch = false;                     // address space only; pieces hold the memory
  std::map<uint64_t, ScratchPiece> pieces;  // scratch: by VA
  // The GPUs a map without a node list reaches. ROCm's thunk reports them
  // as registered nodes only when the registration named them
  // (hsaKmtRegisterMemoryToNodes); otherwise it reports none.
  std::vector<uint32_t> registered_nodes;
  bool nodes_named = false;
  std::vector<uint32_t> mapped_nodes;
  void* user_data = nullptr;
};

struct Memory {
  std::mutex mu;
  void* reservation = nullptr;
  uint64_t reservation_bytes = 0;
  VaAllocator va;
  std::map<uint64_t, Allocation> allocations;  // by va
  // Registered user ranges, (address, size) as registered -> va. Ranges may
  // overlap: as in ROCm's thunk each distinct range is an object of its own.
  std::map<std::pair<uint64_t, uint64_t>, uint64_t> user_ranges;
};

Memory& memory() {
  static Memory* const m = new Memory;
  return *m;
}

Transport& tr() { return *thunk().transport; }

// The registered user range that contains the host address p (as ROCm's
// range lookup of userptr objects), else one whose pages contain it.
Allocation* find_user(Memory& m, uint64_t p) {
  Allocation* by_page = nullptr;
  for (auto it = m.user_ranges.upper_bound({p, ~uint64_t{0}}); it != m.user_ranges.begin();) {
    --it;
    const auto [start, size] = it->first;
    Allocation& a = m.allocations.at(it->second);
    if (p < start + size) return &a;
    if (!by_page && p < (start & ~(kPage - 1)) + a.size) by_page = &a;
  }
  return by_page;
}

// The hsaKmtAllocMemory allocation (or scratch) whose GPU VA range holds p.
Allocation* find_allocated(Memory& m, uint64_t p) {
  auto it = m.allocations.upper_bound(p);
  if (it == m.allocations.begin()) return nullptr;
  --it;
  Allocation& a = it->second;
  return a.type == HSA_POINTER_ALLOCATED && p < a.va + a.size ? &a : nullptr;
}

// The allocation that contains p, or nullptr. As ROCm's vm_find_object,
// host addresses of registered user memory are tried before GPU VAs.
Allocation* find_containing(Memory& m, uint64_t p) {
  if (Allocation* a = find_user(m, p)) return a;
  auto it = m.allocations.upper_bound(p);
  if (it == m.allocations.begin()) return nullptr;
  --it;
  return p < it->second.va + it->second.size ? &it->second : nullptr;
}

// As find_containing, without scratch reservations: ROCm keeps those in
// their own aperture, invisible to pointer queries and registration.
Allocation* find_object(Memory& m, uint64_t p) {
  Allocation* a = find_containing(m, p);
  return a && !a->scratch ? a : nullptr;
}

// Puts the PROT_NONE reservation back over a range the thunk handed out.
void restore_reservation(uint64_t va, uint64_t size) {
  tr().mmap(reinterpret_cast<void*>(va), size, PROT_NONE,
            MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED, -1, 0);
}

bool in_reservation(const Memory& m, uint64_t va, uint64_t size) {
  const uint64_t base = reinterpret_cast<uint64_t>(m.reservation);
  return va >= base && va + size <= base + m.reservation_bytes && va + size > va;
}

uint32_t alloc_ioc_flags(const HsaMemFlags& f, bool vram) {
  uint32_t flags = vram ? KFD_IOC_ALLOC_MEM_FLAGS_VRAM : KFD_IOC_ALLOC_MEM_FLAGS_GTT;
  if (!f.ui32.ReadOnly) flags |= KFD_IOC_ALLOC_MEM_FLAGS_WRITABLE;
  if (f.ui32.ExecuteAccess) flags |= KFD_IOC_ALLOC_MEM_FLAGS_EXECUTABLE;
  if (vram && f.ui32.HostAccess) flags |= KFD_IOC_ALLOC_MEM_FLAGS_PUBLIC;
  if (f.ui32.NoSubstitute) flags |= KFD_IOC_ALLOC_MEM_FLAGS_NO_SUBSTITUTE;
  if (f.ui32.AQLQueueMemory) flags |= KFD_IOC_ALLOC_MEM_FLAGS_AQL_QUEUE_MEM;
  if (!f.ui32.CoarseGrain) flags |= KFD_IOC_ALLOC_MEM_FLAGS_COHERENT;
  if (f.ui32.Uncached) flags |= KFD_IOC_ALLOC_MEM_FLAGS_UNCACHED;
  return flags;
}

int free_handle(uint64_t handle) {
  kfd_ioctl_free_memory_of_gpu_args args{};
  args.handle = handle;
  return kfd_ioctl(AMDKFD_IOC_FREE_MEMORY_OF_GPU, &args);
}

int unmap_handle(uint64_t handle, uint32_t gpu_id) {
  kfd_ioctl_unmap_memory_from_gpu_args args{};
  args.handle = handle;
  args.device_ids_array_ptr = reinterpret_cast<uintptr_t>(&gpu_id);
  args.n_devices = 1;
  return kfd_ioctl(AMDKFD_IOC_UNMAP_MEMORY_FROM_GPU, &args);
}

int free_bo(Allocation& a) {
  if (!a.gpu_id || a.scratch) return 0;
  return free_handle(a.handle);
}

int unmap_from_gpus(Allocation& a) {
  if (a.mapped_nodes.empty() || !a.gpu_id || a.scratch) return 0;
  std::vector<uint32_t> ids;
  for (uint32_t n : a.mapped_nodes)
    if (const GpuNode* g = gpu_node(n)) ids.push_back(g->gpu_id);
  kfd_ioctl_unmap_memory_from_gpu_args args{};
  args.handle = a.handle;
  args.device_ids_array_ptr = reinterpret_cast<uintptr_t>(ids.data());
  args.n_devices = static_cast<uint32_t>(ids.size());
  const int r = kfd_ioctl(AMDKFD_IOC_UNMAP_MEMORY_FROM_GPU, &args);
  if (r == 0) a.mapped_nodes.clear();
  return r;
}

// Unmaps and frees every mapped piece of a scratch reservation.
void release_pieces(Allocation& a) {
  for (auto& [va, piece] : a.pieces) {
    unmap_handle(piece.handle, a.gpu_id);
    free_handle(piece.handle);
  }
  a.pieces.clear();
}

// Releases everything an allocation holds; the caller erases it.
void destroy(Memory& m, Allocation& a) {
  release_pieces(a);
  unmap_from_gpus(a);
  free_bo(a);
  if (a.type == HSA_POINTER_REGISTERED_USER)
    m.user_ranges.erase({reinterpret_cast<uint64_t>(a.cpu), a.user_size});
  restore_reservation(a.va, a.size);
  m.va.release(a.va, a.size);
}

uint64_t va_align(uint64_t size) { return size >= kHugePage ? kHugePage : kPage; }

std::vector<uint32_t> all_gpu_nodes() {
  std::vector<uint32_t> nodes;
  for (const GpuNode& g : thunk().gpus) nodes.push_back(g.node_id);
  return nodes;
}

HSAKMT_STATUS map_to_nodes(Allocation& a, const std::vector<uint32_t>& nodes) {
  if (!a.gpu_id) return nodes.empty() ? HSAKMT_STATUS_SUCCESS : HSAKMT_STATUS_INVALID_NODE_UNIT;
  std::vector<uint32_t> ids, added;
  for (uint32_t n : nodes) {
    const GpuNode* g = gpu_node(n);
    if (!g) return HSAKMT_STATUS_INVALID_NODE_UNIT;
    if (std::find(a.mapped_nodes.begin(), a.mapped_nodes.end(), n) != a.mapped_nodes.end())
      continue;
    ids.push_back(g->gpu_id);
    added.push_back(n);
  }
  if (ids.empty()) return HSAKMT_STATUS_SUCCESS;
  kfd_ioctl_map_memory_to_gpu_args args{};
  args.handle = a.handle;
  args.device_ids_array_ptr = reinterpret_cast<uintptr_t>(ids.data());
  args.n_devices = static_cast<uint32_t>(ids.size());
  const int r = kfd_ioctl(AMDKFD_IOC_MAP_MEMORY_TO_GPU, &args);
  // n_success says how many devices took the mapping, even on failure.
  for (uint32_t i = 0; i < args.n_success && i < added.size(); ++i)
    a.mapped_nodes.push_back(added[i]);
  return status_from_errno(r);
}

// A userptr buffer object's flags: coherent (fine grained) only when the
// registration asked for it.
uint32_t user_ioc_flags(const HsaMemFlags& f) {
  return KFD_IOC_ALLOC_MEM_FLAGS_USERPTR | KFD_IOC_ALLOC_MEM_FLAGS_WRITABLE |
         KFD_IOC_ALLOC_MEM_FLAGS_EXECUTABLE |
         (f.ui32.CoarseGrain ? 0 : KFD_IOC_ALLOC_MEM_FLAGS_COHERENT);
}

HSAKMT_STATUS unmap_nodes_not_in(Allocation& a, const std::vector<uint32_t>& keep) {
  std::vector<uint32_t> ids, kept;
  for (uint32_t n : a.mapped_nodes) {
    if (std::find(keep.begin(), keep.end(), n) != keep.end()) {
      kept.push_back(n);
    } else if (const GpuNode* g = gpu_node(n)) {
      ids.push_back(g->gpu_id);
    }
  }
  if (ids.empty()) return HSAKMT_STATUS_SUCCESS;
  kfd_ioctl_unmap_memory_from_gpu_args args{};
  args.handle = a.handle;
  args.device_ids_array_ptr = reinterpret_cast<uintptr_t>(ids.data());
  args.n_devices = static_cast<uint32_t>(ids.size());
  const int r = kfd_ioctl(AMDKFD_IOC_UNMAP_MEMORY_FROM_GPU, &args);
  if (r) return status_from_errno(r);
  a.mapped_nodes = kept;
  return HSAKMT_STATUS_SUCCESS;
}

HSAKMT_STATUS register_user(void* address, uint64_t size, std::vector<uint32_t> nodes,
                            HsaMemFlags flags) {
  HSAKMT_CHECK_OPEN();
  if (!address || size == 0) return HSAKMT_STATUS_INVALID_PARAMETER;
  const uint64_t p = reinterpret_cast<uint64_t>(address);
  const uint64_t va = p & ~(kPage - 1);
  const uint64_t bytes = ((p + size + kPage - 1) & ~(kPage - 1)) - va;
  for (uint32_t n : nodes)
    if (!gpu_node(n)) return HSAKMT_STATUS_INVALID_NODE_UNIT;

  Memory& m = memory();
  std::lock_guard<std::mutex> lock(m.mu);
  // Memory from hsaKmtAllocMemory needs no registration.
  if (Allocation* a = find_allocated(m, p))
    return a->scratch ? HSAKMT_STATUS_MEMORY_ALREADY_REGISTERED : HSAKMT_STATUS_SUCCESS;
  // The same range again is counted (fmm_register_memory), unless it names
  // other nodes than its first registration.
  auto same = m.user_ranges.find({p, size});
  if (same != m.user_ranges.end()) {
    Allocation& a = m.allocations.at(same->second);
    if (a.nodes_named && !nodes.empty() && nodes != a.registered_nodes)
      return HSAKMT_STATUS_MEMORY_ALREADY_REGISTERED;
    ++a.registrations;
    return HSAKMT_STATUS_SUCCESS;
  }
  // Any other range is a userptr object of its own, even where it shares
  // pages with another: the KFD takes overlapping userptr buffer objects.

  // The USERPTR buffer object lives at a GPU VA of its own, as ROCm's
  // fmm_register_user_memory reserves one in its SVM aperture.
  const uint64_t gpu_va = m.va.allocate(bytes, va_align(bytes));
  if (!gpu_va) return HSAKMT_STATUS_NO_MEMORY;
  Allocation a;
  a.va = gpu_va;
  a.size = bytes;
  a.cpu = address;
  a.user_size = size;
  a.type = HSA_POINTER_REGISTERED_USER;
  a.registered_nodes = nodes.empty() ? all_gpu_nodes() : nodes;
  a.nodes_named = !nodes.empty();
  if (!a.registered_nodes.empty()) {
    const GpuNode* owner = gpu_node(a.registered_nodes.front());
    kfd_ioctl_alloc_memory_of_gpu_args args{};
    args.va_addr = gpu_va;
    args.size = bytes;
    args.mmap_offset = va;  // USERPTR: the user's first page
    args.gpu_id = owner->gpu_id;
    args.flags = user_ioc_flags(flags);
    const int r = kfd_ioctl(AMDKFD_IOC_ALLOC_MEMORY_OF_GPU, &args);
    if (r) {
      m.va.release(gpu_va, bytes);
      return status_from_errno(r);
    }
    a.gpu_id = owner->gpu_id;
    a.handle = args.handle;
    a.node = owner->node_id;
  }
  // ROCm reports the flags of the userptr buffer object
  // (fmm_translate_ioc_to_hsa_flags): writable, coarse grained unless the
  // registration asked for coherence, no host-access bit.
  a.flags = HsaMemFlags{};
  a.flags.ui32.CoarseGrain = flags.ui32.CoarseGrain;
  m.user_ranges[{p, size}] = gpu_va;
  m.allocations[gpu_va] = std::move(a);
  return HSAKMT_STATUS_SUCCESS;
}

// Maps user memory to its registered GPUs (ROCm ignores the node list for
// it) and counts the maps; *alternate gets the GPU address of `address`:
// the range's own VA plus the page offset.
HSAKMT_STATUS map_user(Allocation& a, const void* address, HSAuint64* alternate) {
  if (a.user_maps == 0) {
    const HSAKMT_STATUS s = map_to_nodes(a, a.registered_nodes);
    if (s != HSAKMT_STATUS_SUCCESS) return s;
  }
  ++a.user_maps;
  if (alternate) *alternate = a.va + (reinterpret_cast<uint64_t>(address) & (kPage - 1));
  return HSAKMT_STATUS_SUCCESS;
}

// hsaKmtMapMemoryToGPU on a scratch reservation (fmm_map_to_gpu_scratch):
// a VRAM buffer object for exactly [va, va + size), mapped to the scratch's
// GPU. A range that overlaps a mapped piece is refused by the KFD.
HSAKMT_STATUS map_scratch(Allocation& a, uint64_t va, uint64_t size) {
  if (size == 0 || va + size < va || va + size > a.va + a.size) return HSAKMT_STATUS_ERROR;
  kfd_ioctl_alloc_memory_of_gpu_args args{};
  args.va_addr = va;
  args.size = size;
  args.gpu_id = a.gpu_id;
  args.flags = KFD_IOC_ALLOC_MEM_FLAGS_VRAM | KFD_IOC_ALLOC_MEM_FLAGS_WRITABLE |
               KFD_IOC_ALLOC_MEM_FLAGS_NO_SUBSTITUTE;
  if (kfd_ioctl(AMDKFD_IOC_ALLOC_MEMORY_OF_GPU, &args)) return HSAKMT_STATUS_ERROR;
  kfd_ioctl_map_memory_to_gpu_args map{};
  map.handle = args.handle;
  map.device_ids_array_ptr = reinterpret_cast<uintptr_t>(&a.gpu_id);
  map.n_devices = 1;
  if (kfd_ioctl(AMDKFD_IOC_MAP_MEMORY_TO_GPU, &map)) {
    free_handle(args.handle);
    return HSAKMT_STATUS_ERROR;
  }
  a.pieces[va] = ScratchPiece{size, args.handle};
  return HSAKMT_STATUS_SUCCESS;
}

// hsaKmtUnmapMemoryToGPU on a scratch reservation: only the start of a
// mapped piece names one; its buffer object is unmapped and freed.
HSAKMT_STATUS unmap_scratch(Allocation& a, uint64_t va) {
  auto it = a.pieces.find(va);
  if (it == a.pieces.end()) return HSAKMT_STATUS_ERROR;
  if (unmap_handle(it->second.handle, a.gpu_id)) return HSAKMT_STATUS_ERROR;
  const int r = free_handle(it->second.handle);
  a.pieces.erase(it);
  return r ? HSAKMT_STATUS_ERROR : HSAKMT_STATUS_SUCCESS;
}

// ROCm's scratch allocation: address space only, 64 KiB aligned, one per
// GPU, its base told to the KFD (SET_SCRATCH_BACKING_VA).
HSAKMT_STATUS alloc_scratch(Memory& m, const GpuNode* gpu, uint32_t node, uint64_t size,
                            HsaMemFlags flags, void** out) {
  if (!gpu || flags.ui32.FixedAddress) return HSAKMT_STATUS_NO_MEMORY;
  for (const auto& [va, a] : m.allocations)
    if (a.scratch && a.gpu_id == gpu->gpu_id) return HSAKMT_STATUS_NO_MEMORY;
  const uint64_t bytes = (size + kScratchAlign - 1) & ~(kScratchAlign - 1);
  const uint64_t va = m.va.allocate(bytes, kScratchAlign);
  if (!va) return HSAKMT_STATUS_NO_MEMORY;
  kfd_ioctl_set_scratch_backing_va_args args{};
  args.gpu_id = gpu->gpu_id;
  args.va_addr = va >> 16;
  if (kfd_ioctl(AMDKFD_IOC_SET_SCRATCH_BACKING_VA, &args)) {
    m.va.release(va, bytes);
    return HSAKMT_STATUS_NO_MEMORY;
  }
  Allocation a;
  a.va = va;
  a.size = bytes;
  a.cpu = reinterpret_cast<void*>(va);
  a.node = node;
  a.flags = flags;
  a.gpu_id = gpu->gpu_id;
  a.scratch = true;
  m.allocations[va] = std::move(a);
  *out = reinterpret_cast<void*>(va);
  return HSAKMT_STATUS_SUCCESS;
}

// The reserved SVM range's start, or 0 when mmap chooses. ROCm's thunk
// with HSA_RESERVE_SVM set (not "0") reserves its SVM range from the GPUVM
// aperture's base (init_svm_apertures) rather than where mmap likes, which
// puts GPU VAs low, below 4 GiB for small-model clients.
uint64_t reserved_svm_base() {
  const char* env = std::getenv("HSA_RESERVE_SVM");
  if (!env || std::strcmp(env, "0") == 0) return 0;
  uint64_t base = 0;
  for (const GpuNode& g : thunk().gpus) base = std::max(base, g.gpuvm_base);
  return (base + kHugePage - 1) & ~(kHugePage - 1);
}

struct Range {
  uint64_t base = 0, bytes = 0;
};

// `bytes` of PROT_NONE address space on a 2 MiB boundary, at `hint` when
// the whole range there is free (mmap ignores a hint it cannot honour);
// bytes 0 when mmap fails. Over-reserves so the range can be aligned.
Range map_aligned(uint64_t hint, uint64_t bytes) {
  void* p = tr().mmap(reinterpret_cast<void*>(hint), bytes + kHugePage, PROT_NONE,
                      MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (p == MAP_FAILED) return {};
  const uint64_t raw = reinterpret_cast<uint64_t>(p);
  const uint64_t base = (raw + kHugePage - 1) & ~(kHugePage - 1);
  if (base > raw) tr().munmap(p, base - raw);
  const uint64_t tail = raw + bytes + kHugePage - (base + bytes);
  if (tail) tr().munmap(reinterpret_cast<void*>(base + bytes), tail);
  return {base, bytes};
}

// Below this a reserved SVM range is not worth having; it is what fits at
// the GPUVM base under AddressSanitizer on x86-64, whose shadow memory
// starts at 0x7fff8000 and leaves the program only the low 2 GiB less
// 32 KiB (1 GiB from the 2 MiB-aligned base fits there, 2 GiB does not).
// ROCm's thunk stops at 4 GiB and so finds no reserved range under ASan.
constexpr uint64_t kMinReservedSvmBytes = 1ull << 30;

// The range allocations come from. With a reserved SVM base, the range
// starts there, halved until it fits as ROCm's thunk halves its SVM range
// when the space is taken; when not even the smallest fits, or without
// HSA_RESERVE_SVM, mmap places the full range.
Range reserve() {
  if (const uint64_t base = reserved_svm_base()) {
    for (uint64_t bytes = kReserveBytes; bytes >= kMinReservedSvmBytes; bytes /= 2) {
      const Range r = map_aligned(base, bytes);
      if (r.bytes && r.base == base) return r;
      if (r.bytes) tr().munmap(reinterpret_cast<void*>(r.base), r.bytes);
    }
  }
  return map_aligned(0, kReserveBytes);
}

// ROCm's HsaSharedMemoryStruct, the bytes of an HsaSharedMemoryHandle:
// the KFD's share handle, the aperture the exporter's object was in (type,
// index), its size in pages and its GPU.
struct SharedHandle {
  uint32_t share_handle[4];
  uint32_t aperture_type;
  uint32_t aperture_index;
  uint32_t size_in_pages;
  uint32_t export_gpu_id;
};
static_assert(sizeof(SharedHandle) == sizeof(HsaSharedMemoryHandle));
// HSA_APERTURE_DGPU: ROCm's SVM aperture, where all our objects live.
constexpr uint32_t kApertureSvm = 1;

// Only a KFD in another process's reach can share: the emulated KFD is the
// caller's own.
bool ipc_supported() { return std::strcmp(tr().name(), "emulated") != 0; }

}  // namespace

HSAKMT_STATUS memory_init() {
  Memory& m = memory();
  std::lock_guard<std::mutex> lock(m.mu);
  const Range r = reserve();
  if (!r.bytes) return HSAKMT_STATUS_NO_MEMORY;
  // Every GPU must be able to address the range (GPU VA = CPU VA).
  for (const GpuNode& g : thunk().gpus) {
    if (r.base < g.gpuvm_base || r.base + r.bytes - 1 > g.gpuvm_limit) {
      tr().munmap(reinterpret_cast<void*>(r.base), r.bytes);
      return HSAKMT_STATUS_NO_MEMORY;
    }
  }
  m.reservation = reinterpret_cast<void*>(r.base);
  m.reservation_bytes = r.bytes;
  m.va.reset(r.base, r.bytes);
  return HSAKMT_STATUS_SUCCESS;
}

std::mutex& memory_mutex() { return memory().mu; }

// The child's copy of the reservation holds shared mappings of the
// parent's buffer objects: unmapping all of it keeps the child from
// writing the parent's memory, and the child's own session reserves its
// range again (memory_init). Registered user memory is the child's own
// and stays; only the bookkeeping of its registration goes.
void memory_forget() {
  Memory& m = memory();
  m.allocations.clear();
  m.user_ranges.clear();
  if (m.reservation) ::munmap(m.reservation, m.reservation_bytes);
  m.reservation = nullptr;
  m.reservation_bytes = 0;
  m.va.reset(0, 0);
}

void memory_fini() {
  Memory& m = memory();
  std::lock_guard<std::mutex> lock(m.mu);
  for (auto& [va, a] : m.allocations) {
    release_pieces(a);
    unmap_from_gpus(a);
    free_bo(a);
  }
  m.allocations.clear();
  m.user_ranges.clear();
  if (m.reservation) tr().munmap(m.reservation, m.reservation_bytes);
  m.reservation = nullptr;
  m.reservation_bytes = 0;
  m.va.reset(0, 0);
}

bool memory_handle(const void* va, uint64_t* handle) {
  Memory& m = memory();
  std::lock_guard<std::mutex> lock(m.mu);
  auto it = m.allocations.find(reinterpret_cast<uint64_t>(va));
  if (it == m.allocations.end() || !it->second.gpu_id || it->second.scratch) return false;
  *handle = it->second.handle;
  return true;
}

// hsaKmtRegisterMemory and hsaKmtRegisterMemoryToNodes register coarse
// grained memory, as ROCm's do; only hsaKmtRegisterMemoryWithFlags chooses.
HsaMemFlags coarse_grained() {
  HsaMemFlags f{};
  f.ui32.CoarseGrain = 1;
  return f;
}

}  // namespace hsakmt

using namespace hsakmt;

extern "C" HSAKMT_STATUS HSAKMTAPI hsaKmtAllocMemory(HSAuint32 PreferredNode, HSAuint64 SizeInBytes,
                                                     HsaMemFlags MemFlags, void** MemoryAddress) {
  HSAKMT_CHECK_OPEN();
  if (!MemoryAddress || SizeInBytes == 0 || (SizeInBytes & (kPage - 1)))
    return HSAKMT_STATUS_INVALID_PARAMETER;
  if (PreferredNode >= thunk().node_count) return HSAKMT_STATUS_INVALID_NODE_UNIT;
  // Device memory lives on a discrete GPU's node; system memory (also
  // everything an APU node allocates) is GTT of that or the first GPU.
  const GpuNode* gpu = gpu_node(PreferredNode);
  const bool vram = gpu != nullptr && !gpu->apu;
  if (!gpu && !thunk().gpus.empty()) gpu = &thunk().gpus.front();
  const bool host_access = !vram || MemFlags.ui32.HostAccess;

  Memory& m = memory();
  std::lock_guard<std::mutex> lock(m.mu);
  if (MemFlags.ui32.Scratch)
    return alloc_scratch(m, vram ? gpu : nullptr, PreferredNode, SizeInBytes, MemFlags,
                         MemoryAddress);
  uint64_t va;
  if (MemFlags.ui32.FixedAddress) {
    va = reinterpret_cast<uint64_t>(*MemoryAddress);
    if ((va & (kPage - 1)) || !in_reservation(m, va, SizeInBytes) || !m.va.claim(va, SizeInBytes))
      return HSAKMT_STATUS_INVALID_PARAMETER;
  } else {
    va = m.va.allocate(SizeInBytes, SizeInBytes >= kHugePage ? kHugePage : kPage);
    if (!va) return HSAKMT_STATUS_NO_MEMORY;
  }

  Allocation a;
  a.va = va;
  a.size = SizeInBytes;
  a.cpu = reinterpret_cast<void*>(va);
  a.node = PreferredNode;
  a.flags = MemFlags;
  const int prot = PROT_READ | (MemFlags.ui32.ReadOnly ? 0 : PROT_WRITE);
  if (!gpu) {
    // No GPU at all: plain host memory over the reservation.
    if (tr().mmap(a.cpu, SizeInBytes, prot, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) ==
        MAP_FAILED) {
      m.va.release(va, SizeInBytes);
      return HSAKMT_STATUS_NO_MEMORY;
    }
  } else {
    kfd_ioctl_alloc_memory_of_gpu_args args{};
    args.va_addr = va;
    args.size = SizeInBytes;
    args.gpu_id = gpu->gpu_id;
    args.flags = alloc_ioc_flags(MemFlags, vram);
    const int r = kfd_ioctl(AMDKFD_IOC_ALLOC_MEMORY_OF_GPU, &args);
    if (r) {
      m.va.release(va, SizeInBytes);
      return status_from_errno(r);
    }
    a.gpu_id = gpu->gpu_id;
    a.handle = args.handle;
    if (host_access && tr().mmap(a.cpu, SizeInBytes, prot, MAP_SHARED | MAP_FIXED, gpu->drm_fd,
                                 static_cast<off_t>(args.mmap_offset)) == MAP_FAILED) {
      free_bo(a);
      restore_reservation(va, SizeInBytes);
      m.va.release(va, SizeInBytes);
      return HSAKMT_STATUS_NO_MEMORY;
    }
  }
  if (vram)
    a.registered_nodes.push_back(PreferredNode);
  else
    a.registered_nodes = all_gpu_nodes();
  m.allocations[va] = std::move(a);
  *MemoryAddress = reinterpret_cast<void*>(va);
  return HSAKMT_STATUS_SUCCESS;
}

extern "C" HSAKMT_STATUS HSAKMTAPI hsaKmtFreeMemory(void* MemoryAddress, HSAuint64 SizeInBytes) {
  (void)SizeInBytes;  // the allocation knows its size, as in ROCm's thunk
  HSAKMT_CHECK_OPEN();
  if (!MemoryAddress) return HSAKMT_STATUS_INVALID_PARAMETER;
  Memory& m = memory();
  std::lock_guard<std::mutex> lock(m.mu);
  auto it = m.allocations.find(reinterpret_cast<uint64_t>(MemoryAddress));
  if (it == m.allocations.end() || it->second.type != HSA_POINTER_ALLOCATED)
    return HSAKMT_STATUS_MEMORY_NOT_REGISTERED;
  destroy(m, it->second);
  m.allocations.erase(it);
  return HSAKMT_STATUS_SUCCESS;
}

extern "C" HSAKMT_STATUS HSAKMTAPI hsaKmtRegisterMemory(void* MemoryAddress,
                                                        HSAuint64 MemorySizeInBytes) {
  return register_user(MemoryAddress, MemorySizeInBytes, {}, coarse_grained());
}

extern "C" HSAKMT_STATUS HSAKMTAPI hsaKmtRegisterMemoryToNodes(void* MemoryAddress,
                                                               HSAuint64 MemorySizeInBytes,
                                                               HSAuint64 NumberOfNodes,
                                                               HSAuint32* NodeArray) {
  if (NumberOfNodes && !NodeArray) return HSAKMT_STATUS_INVALID_PARAMETER;
  return register_user(MemoryAddress, MemorySizeInBytes,
                       std::vector<uint32_t>(NodeArray, NodeArray + NumberOfNodes),
                       coarse_grained());
}

extern "C" HSAKMT_STATUS HSAKMTAPI hsaKmtRegisterMemoryWithFlags(void* MemoryAddress,
                                                                 HSAuint64 MemorySizeInBytes,
                                                                 HsaMemFlags MemFlags) {
  return register_user(MemoryAddress, MemorySizeInBytes, {}, MemFlags);
}

extern "C" HSAKMT_STATUS HSAKMTAPI hsaKmtDeregisterMemory(void* MemoryAddress) {
  HSAKMT_CHECK_OPEN();
  if (!MemoryAddress) return HSAKMT_STATUS_INVALID_PARAMETER;
  Memory& m = memory();
  std::lock_guard<std::mutex> lock(m.mu);
  Allocation* a = find_object(m, reinterpret_cast<uint64_t>(MemoryAddress));
  if (!a) return HSAKMT_STATUS_MEMORY_NOT_REGISTERED;
  // Deregistering hsaKmtAllocMemory memory is a no-op, as in ROCm.
  if (a->type == HSA_POINTER_ALLOCATED) return HSAKMT_STATUS_SUCCESS;
  if (--a->registrations > 0) return HSAKMT_STATUS_SUCCESS;
  const uint64_t va = a->va;
  destroy(m, *a);
  m.allocations.erase(va);
  return HSAKMT_STATUS_SUCCESS;
}

extern "C" HSAKMT_STATUS HSAKMTAPI hsaKmtMapMemoryToGPU(void* MemoryAddress,
                                                        HSAuint64 MemorySizeInBytes,
                                                        HSAuint64* AlternateVAGPU) {
  HSAKMT_CHECK_OPEN();
  if (!MemoryAddress) return HSAKMT_STATUS_INVALID_PARAMETER;
  // Only CPU-invisible memory (none on gfx9) or user memory has another
  // GPU address; ROCm's thunk clears it first.
  if (AlternateVAGPU) *AlternateVAGPU = 0;
  Memory& m = memory();
  std::lock_guard<std::mutex> lock(m.mu);
  const uint64_t p = reinterpret_cast<uint64_t>(MemoryAddress);
  Allocation* a = find_containing(m, p);
  if (!a) return HSAKMT_STATUS_MEMORY_NOT_REGISTERED;
  if (a->scratch) return map_scratch(*a, p, MemorySizeInBytes);
  if (a->type == HSA_POINTER_REGISTERED_USER) return map_user(*a, MemoryAddress, AlternateVAGPU);
  // ROCm's _fmm_map_to_gpu: an object no node list was registered for (all
  // of hsaKmtAllocMemory's, VRAM too) maps on every GPU, so peers reach a
  // GPU's VRAM as over PCIe; an import registered to nodes maps on those.
  if (a->type == HSA_POINTER_REGISTERED_SHARED && a->nodes_named)
    return map_to_nodes(*a, a->registered_nodes);
  return map_to_nodes(*a, all_gpu_nodes());
}

extern "C" HSAKMT_STATUS HSAKMTAPI hsaKmtMapMemoryToGPUNodes(
    void* MemoryAddress, HSAuint64 MemorySizeInBytes, HSAuint64* AlternateVAGPU,
    HsaMemMapFlags MemMapFlags, HSAuint64 NumberOfNodes, HSAuint32* NodeArray) {
  (void)MemorySizeInBytes;
  (void)MemMapFlags;  // page size and caching are the buffer object's
  HSAKMT_CHECK_OPEN();
  if (!MemoryAddress || !NumberOfNodes || !NodeArray) return HSAKMT_STATUS_INVALID_PARAMETER;
  if (AlternateVAGPU) *AlternateVAGPU = 0;
  Memory& m = memory();
  std::lock_guard<std::mutex> lock(m.mu);
  // Scratch is not in ROCm's object lists, so it cannot be mapped by node.
  Allocation* a = find_object(m, reinterpret_cast<uint64_t>(MemoryAddress));
  if (!a) return HSAKMT_STATUS_MEMORY_NOT_REGISTERED;
  for (HSAuint64 i = 0; i < NumberOfNodes; ++i)
    if (!gpu_node(NodeArray[i])) return HSAKMT_STATUS_INVALID_NODE_UNIT;
  if (a->type == HSA_POINTER_REGISTERED_USER) return map_user(*a, MemoryAddress, AlternateVAGPU);
  // fmm_map_to_gpu_nodes: the buffer ends up on exactly these nodes; the
  // ones it is mapped on and that are not asked for are unmapped first.
  const std::vector<uint32_t> nodes(NodeArray, NodeArray + NumberOfNodes);
  const HSAKMT_STATUS s = unmap_nodes_not_in(*a, nodes);
  if (s != HSAKMT_STATUS_SUCCESS) return s;
  return map_to_nodes(*a, nodes);
}

extern "C" HSAKMT_STATUS HSAKMTAPI hsaKmtUnmapMemoryToGPU(void* MemoryAddress) {
  HSAKMT_CHECK_OPEN();
  if (!MemoryAddress) return HSAKMT_STATUS_INVALID_PARAMETER;
  Memory& m = memory();
  std::lock_guard<std::mutex> lock(m.mu);
  const uint64_t p = reinterpret_cast<uint64_t>(MemoryAddress);
  Allocation* a = find_containing(m, p);
  if (!a) return HSAKMT_STATUS_MEMORY_NOT_REGISTERED;
  if (a->scratch) return unmap_scratch(*a, p);
  // User memory stays mapped until every map is undone (ROCm's count).
  if (a->type == HSA_POINTER_REGISTERED_USER && a->user_maps > 1) {
    --a->user_maps;
    return HSAKMT_STATUS_SUCCESS;
  }
  a->user_maps = 0;
  return status_from_errno(unmap_from_gpus(*a));
}

extern "C" HSAKMT_STATUS HSAKMTAPI hsaKmtQueryPointerInfo(const void* Pointer,
                                                          HsaPointerInfo* PointerInfo) {
  HSAKMT_CHECK_OPEN();
  if (!PointerInfo) return HSAKMT_STATUS_INVALID_PARAMETER;
  *PointerInfo = HsaPointerInfo{};
  Memory& m = memory();
  std::lock_guard<std::mutex> lock(m.mu);
  const Allocation* a = find_object(m, reinterpret_cast<uint64_t>(Pointer));
  if (!a) {
    PointerInfo->Type = HSA_POINTER_UNKNOWN;
    return HSAKMT_STATUS_ERROR;
  }
  PointerInfo->Type = a->type;
  PointerInfo->Node = a->node;
  PointerInfo->MemFlags = a->flags;
  PointerInfo->CPUAddress = a->cpu;
  if (a->type == HSA_POINTER_ALLOCATED) {
    PointerInfo->GPUAddress = a->va;
    PointerInfo->SizeInBytes = a->size;
  } else if (a->type == HSA_POINTER_REGISTERED_SHARED) {
    // fmm_get_mem_info gives an import no CPU address of its own.
    PointerInfo->CPUAddress = nullptr;
    PointerInfo->GPUAddress = a->va;
    PointerInfo->SizeInBytes = a->size;
  } else {
    // fmm_get_mem_info: the user's pointer and size; the GPU address keeps
    // the pointer's offset within its page.
    PointerInfo->GPUAddress = a->va + (reinterpret_cast<uint64_t>(a->cpu) & (kPage - 1));
    PointerInfo->SizeInBytes = a->user_size;
  }
  if (a->nodes_named && !a->registered_nodes.empty()) {
    PointerInfo->NRegisteredNodes = static_cast<HSAuint32>(a->registered_nodes.size());
    PointerInfo->RegisteredNodes = a->registered_nodes.data();
  }
  PointerInfo->NMappedNodes = static_cast<HSAuint32>(a->mapped_nodes.size());
  PointerInfo->MappedNodes = a->mapped_nodes.empty() ? nullptr : a->mapped_nodes.data();
  PointerInfo->UserData = a->user_data;
  return HSAKMT_STATUS_SUCCESS;
}

extern "C" HSAKMT_STATUS HSAKMTAPI hsaKmtSetMemoryUserData(const void* Pointer, void* UserData) {
  HSAKMT_CHECK_OPEN();
  Memory& m = memory();
  std::lock_guard<std::mutex> lock(m.mu);
  Allocation* a = find_object(m, reinterpret_cast<uint64_t>(Pointer));
  if (!a) return HSAKMT_STATUS_INVALID_PARAMETER;
  a->user_data = UserData;
  return HSAKMT_STATUS_SUCCESS;
}

extern "C" HSAKMT_STATUS HSAKMTAPI hsaKmtSetMemoryPolicy(HSAuint32 Node, HSAuint32 DefaultPolicy,
                                                         HSAuint32 AlternatePolicy,
                                                         void* MemoryAddressAlternate,
                                                         HSAuint64 MemorySizeInBytes) {
  HSAKMT_CHECK_OPEN();
  const GpuNode* g = gpu_node(Node);
  if (!g) return HSAKMT_STATUS_INVALID_NODE_UNIT;
  const uint64_t alt = reinterpret_cast<uint64_t>(MemoryAddressAlternate);
  if ((alt & (kPage - 1)) || (MemorySizeInBytes & (kPage - 1)))
    return HSAKMT_STATUS_INVALID_PARAMETER;
  // HSA_CACHING_CACHED means coherent with the host; anything else is not.
  auto policy = [](HSAuint32 p) {
    return p == HSA_CACHING_CACHED ? KFD_IOC_CACHE_POLICY_COHERENT
                                   : KFD_IOC_CACHE_POLICY_NONCOHERENT;
  };
  kfd_ioctl_set_memory_policy_args args{};
  args.gpu_id = g->gpu_id;
  args.default_policy = policy(DefaultPolicy);
  args.alternate_policy = policy(AlternatePolicy);
  args.alternate_aperture_base = alt;
  args.alternate_aperture_size = MemorySizeInBytes;
  return status_from_errno(kfd_ioctl(AMDKFD_IOC_SET_MEMORY_POLICY, &args));
}

// Sharing memory between processes: ROCm's fmm_share_memory and
// fmm_register_shared_memory over the KFD's IPC commands (kfd_ipc.h). The
// emulated KFD is one process's: nothing to share with.
extern "C" HSAKMT_STATUS HSAKMTAPI hsaKmtShareMemory(void* MemoryAddress, HSAuint64 SizeInBytes,
                                                     HsaSharedMemoryHandle* SharedMemoryHandle) {
  HSAKMT_CHECK_OPEN();
  if (!ipc_supported()) return HSAKMT_STATUS_NOT_SUPPORTED;
  if (!MemoryAddress || !SharedMemoryHandle) return HSAKMT_STATUS_INVALID_PARAMETER;
  // The handle counts pages in 32 bits.
  if (SizeInBytes >= (uint64_t{1} << 44)) return HSAKMT_STATUS_INVALID_PARAMETER;
  Memory& m = memory();
  std::lock_guard<std::mutex> lock(m.mu);
  // As ROCm: the start of an object the thunk allocated or imported.
  auto it = m.allocations.find(reinterpret_cast<uint64_t>(MemoryAddress));
  if (it == m.allocations.end() || it->second.scratch ||
      it->second.type == HSA_POINTER_REGISTERED_USER)
    return HSAKMT_STATUS_INVALID_PARAMETER;
  const Allocation& a = it->second;
  if (!a.gpu_id) return HSAKMT_STATUS_ERROR;
  if (SizeInBytes > a.size) return HSAKMT_STATUS_INVALID_PARAMETER;
  kfdc_ipc_export_handle_args args{};
  args.handle = a.handle;
  args.gpu_id = a.gpu_id;
  args.flags = a.flags.Value;  // what the importer's object reports
  const int r = kfd_ioctl(KFDC_IOC_IPC_EXPORT_HANDLE, &args);
  if (r) return r == -ENOTTY ? HSAKMT_STATUS_NOT_SUPPORTED : HSAKMT_STATUS_ERROR;
  SharedHandle h{};
  std::memcpy(h.share_handle, args.share_handle, sizeof(h.share_handle));
  h.aperture_type = kApertureSvm;
  // The whole object: the KFD imports all of it at the importer's VA, which
  // must not run into the importer's next allocation.
  h.size_in_pages = static_cast<uint32_t>(a.size / kPage);
  h.export_gpu_id = a.gpu_id;
  std::memcpy(SharedMemoryHandle, &h, sizeof(h));
  return HSAKMT_STATUS_SUCCESS;
}

extern "C" HSAKMT_STATUS HSAKMTAPI hsaKmtRegisterSharedHandleToNodes(
    const HsaSharedMemoryHandle* SharedMemoryHandle, void** MemoryAddress, HSAuint64* SizeInBytes,
    HSAuint64 NumberOfNodes, HSAuint32* NodeArray) {
  HSAKMT_CHECK_OPEN();
  if (!ipc_supported()) return HSAKMT_STATUS_NOT_SUPPORTED;
  if (!SharedMemoryHandle || !MemoryAddress || !SizeInBytes || (NumberOfNodes && !NodeArray))
    return HSAKMT_STATUS_INVALID_PARAMETER;
  std::vector<uint32_t> nodes(NodeArray, NodeArray + NumberOfNodes);
  for (uint32_t n : nodes)
    if (!gpu_node(n)) return HSAKMT_STATUS_INVALID_NODE_UNIT;
  SharedHandle h;
  std::memcpy(&h, SharedMemoryHandle, sizeof(h));
  const uint64_t bytes = uint64_t{h.size_in_pages} * kPage;
  // The buffer lives on the exporter's GPU, as ROCm imports it there.
  const GpuNode* gpu = nullptr;
  for (const GpuNode& g : thunk().gpus)
    if (g.gpu_id == h.export_gpu_id) gpu = &g;
  if (!gpu || bytes == 0) return HSAKMT_STATUS_ERROR;

  Memory& m = memory();
  std::lock_guard<std::mutex> lock(m.mu);
  const uint64_t va = m.va.allocate(bytes, va_align(bytes));
  if (!va) return HSAKMT_STATUS_NO_MEMORY;
  kfdc_ipc_import_handle_args args{};
  std::memcpy(args.share_handle, h.share_handle, sizeof(args.share_handle));
  args.gpu_id = gpu->gpu_id;
  args.va_addr = va;
  const int r = kfd_ioctl(KFDC_IOC_IPC_IMPORT_HANDLE, &args);
  if (r) {
    m.va.release(va, bytes);
    return r == -ENOTTY ? HSAKMT_STATUS_NOT_SUPPORTED : HSAKMT_STATUS_ERROR;
  }
  if (tr().mmap(reinterpret_cast<void*>(va), bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED,
                gpu->drm_fd, static_cast<off_t>(args.mmap_offset)) == MAP_FAILED) {
    free_handle(args.handle);
    restore_reservation(va, bytes);
    m.va.release(va, bytes);
    return HSAKMT_STATUS_ERROR;
  }
  Allocation a;
  a.va = va;
  a.size = bytes;
  a.cpu = reinterpret_cast<void*>(va);
  a.type = HSA_POINTER_REGISTERED_SHARED;
  a.node = gpu->node_id;
  a.flags.Value = args.flags;
  a.gpu_id = gpu->gpu_id;
  a.handle = args.handle;
  a.registered_nodes = nodes.empty() ? all_gpu_nodes() : nodes;
  a.nodes_named = !nodes.empty();
  m.allocations[va] = std::move(a);
  *MemoryAddress = reinterpret_cast<void*>(va);
  *SizeInBytes = bytes;
  return HSAKMT_STATUS_SUCCESS;
}

extern "C" HSAKMT_STATUS HSAKMTAPI hsaKmtRegisterSharedHandle(
    const HsaSharedMemoryHandle* SharedMemoryHandle, void** MemoryAddress, HSAuint64* SizeInBytes) {
  return hsaKmtRegisterSharedHandleToNodes(SharedMemoryHandle, MemoryAddress, SizeInBytes, 0,
                                           nullptr);
}
