// Queues: argument checks with the KFD's errnos, SDMA doorbells, CU masks,
// and PM4 and SDMA queues whose packets reach memory and an event through
// the doorbell. (Doorbell offsets, the doorbell page and the 127-queue
// limit: tests/kselftest queue_test.)
#include <sys/mman.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <thread>

#include "kfd_fixture.h"
#include "pm4_packets.h"
#include "sdma_packets.h"

namespace kfd_test {
namespace {

constexpr uint32_t kGtt = KFD_IOC_ALLOC_MEM_FLAGS_GTT | KFD_IOC_ALLOC_MEM_FLAGS_WRITABLE;

class QueueTest : public KfdTest {
 protected:
  // GTT memory mapped for both the CPU and the GPU at the same VA.
  uint8_t* shared(uint64_t bytes, uint64_t* handle = nullptr) {
    const uint64_t va = va_.base() + used_;
    used_ += (bytes + 4095) & ~4095ull;
    uint64_t h = 0, off = 0;
    EXPECT_EQ(alloc(gpus_[0], va, bytes, kGtt, &h, &off), 0);
    if (handle) *handle = h;
    void* p = t_->mmap(reinterpret_cast<void*>(va), bytes, PROT_READ | PROT_WRITE,
                       MAP_SHARED | MAP_FIXED, render_fds_[0], static_cast<off_t>(off));
    EXPECT_EQ(reinterpret_cast<uint64_t>(p), va);
    EXPECT_EQ(map(h, {gpus_[0]}), 0);
    return static_cast<uint8_t*>(p);
  }

  kfd_ioctl_create_queue_args queue_args(uint32_t type = KFD_IOC_QUEUE_TYPE_COMPUTE_AQL) {
    if (!ring_) {
      ring_ = shared(4096);
      pointers_ = reinterpret_cast<uint64_t*>(shared(4096));
      // AQL slots start INVALID so the packet processor stops there.
      for (int i = 0; i < 64; ++i) reinterpret_cast<uint16_t*>(ring_ + i * 64)[0] = 1;
    }
    kfd_ioctl_create_queue_args a{};
    a.gpu_id = gpus_[0];
    a.queue_type = type;
    a.queue_percentage = 100;
    a.queue_priority = 7;
    a.ring_base_address = reinterpret_cast<uintptr_t>(ring_);
    a.ring_size = 4096;
    a.read_pointer_address = reinterpret_cast<uintptr_t>(&pointers_[0]);
    a.write_pointer_address = reinterpret_cast<uintptr_t>(&pointers_[1]);
    return a;
  }
  int destroy(uint32_t id) {
    kfd_ioctl_destroy_queue_args d{};
    d.queue_id = id;
    return io(AMDKFD_IOC_DESTROY_QUEUE, &d);
  }

  Reservation va_{64ull << 20};
  uint64_t used_ = 0;
  uint8_t* ring_ = nullptr;
  uint64_t* pointers_ = nullptr;
};

TEST_F(QueueTest, BadArgumentsGetLinuxErrnos) {
  struct Case {
    const char* what;
    void (*edit)(kfd_ioctl_create_queue_args&);
    int expected;
  };
  const Case cases[] = {
      {"percentage > 100", [](kfd_ioctl_create_queue_args& a) { a.queue_percentage = 101; },
       -EINVAL},
      {"priority > 15", [](kfd_ioctl_create_queue_args& a) { a.queue_priority = 16; }, -EINVAL},
      {"ring size not a power of 2", [](kfd_ioctl_create_queue_args& a) { a.ring_size = 3000; },
       -EINVAL},
      {"ring in the kernel half",
       [](kfd_ioctl_create_queue_args& a) { a.ring_base_address = 0xffff800000000000ull; },
       -EFAULT},
      {"read pointer in the kernel half",
       [](kfd_ioctl_create_queue_args& a) { a.read_pointer_address = 1ull << 63; }, -EFAULT},
      {"write pointer in the kernel half",
       [](kfd_ioctl_create_queue_args& a) { a.write_pointer_address = 1ull << 63; }, -EFAULT},
      {"unknown queue type", [](kfd_ioctl_create_queue_args& a) { a.queue_type = 9; }, -524},
      {"unknown gpu", [](kfd_ioctl_create_queue_args& a) { a.gpu_id = 0; }, -EINVAL},
      // Vega 10 has no XGMI SDMA engine: no such queue to give.
      {"SDMA XGMI",
       [](kfd_ioctl_create_queue_args& a) { a.queue_type = KFD_IOC_QUEUE_TYPE_SDMA_XGMI; },
       -ENOMEM},
  };
  for (const Case& c : cases) {
    kfd_ioctl_create_queue_args a = queue_args();
    c.edit(a);
    EXPECT_EQ(io(AMDKFD_IOC_CREATE_QUEUE, &a), c.expected) << c.what;
  }
  // A small ring is raised to the 1 KiB minimum, not refused.
  kfd_ioctl_create_queue_args small = queue_args();
  small.ring_size = 256;
  ASSERT_EQ(io(AMDKFD_IOC_CREATE_QUEUE, &small), 0);
  EXPECT_EQ(small.ring_size, 1024u);
  EXPECT_EQ(destroy(small.queue_id), 0);
}

// SDMA queues: 2 engines x 2 queues per device, taken lowest id first
// (engine = id % 2, queue = id / 2), then -ENOMEM; each rings the static
// SOC15 doorbell of its engine and queue (engine 0: 0xf0, engine 1: 0xf2,
// queue 1: + 512).
TEST_F(QueueTest, SdmaQueuesHaveStaticDoorbellsAndALimitOfFour) {
  const uint64_t expected_slot[4] = {0xf0, 0xf2, 0xf0 + 512, 0xf2 + 512};
  std::vector<uint32_t> ids;
  for (int i = 0; i < 4; ++i) {
    kfd_ioctl_create_queue_args a = queue_args(KFD_IOC_QUEUE_TYPE_SDMA);
    ASSERT_EQ(io(AMDKFD_IOC_CREATE_QUEUE, &a), 0) << i;
    EXPECT_EQ(a.doorbell_offset >> 62, 3u);
    EXPECT_EQ((a.doorbell_offset >> 46) & 0xffff, gpus_[0]);
    EXPECT_EQ((a.doorbell_offset & 8191) / 8, expected_slot[i]) << i;
    ids.push_back(a.queue_id);
  }
  kfd_ioctl_create_queue_args extra = queue_args(KFD_IOC_QUEUE_TYPE_SDMA);
  EXPECT_EQ(io(AMDKFD_IOC_CREATE_QUEUE, &extra), -ENOMEM);
  // A compute queue still gets a doorbell outside the SDMA slots.
  kfd_ioctl_create_queue_args cp = queue_args();
  ASSERT_EQ(io(AMDKFD_IOC_CREATE_QUEUE, &cp), 0);
  for (uint64_t slot : expected_slot) EXPECT_NE((cp.doorbell_offset & 8191) / 8, slot);
  // Freeing engine 1's first queue gives its slot to the next request.
  EXPECT_EQ(destroy(ids[1]), 0);
  ASSERT_EQ(io(AMDKFD_IOC_CREATE_QUEUE, &extra), 0);
  EXPECT_EQ((extra.doorbell_offset & 8191) / 8, expected_slot[1]);
  ids[1] = extra.queue_id;

  kfd_ioctl_update_queue_args u{};
  u.queue_id = ids[0];
  u.ring_base_address = reinterpret_cast<uintptr_t>(ring_);
  u.ring_size = 2048;
  u.queue_percentage = 0;
  EXPECT_EQ(io(AMDKFD_IOC_UPDATE_QUEUE, &u), 0);
  u.ring_size = 3000;
  EXPECT_EQ(io(AMDKFD_IOC_UPDATE_QUEUE, &u), -EINVAL);
  for (uint32_t id : ids) EXPECT_EQ(destroy(id), 0);
  EXPECT_EQ(destroy(cp.queue_id), 0);
}

TEST_F(QueueTest, UpdateCuMaskAndWaveState) {
  kfd_ioctl_create_queue_args a = queue_args();
  ASSERT_EQ(io(AMDKFD_IOC_CREATE_QUEUE, &a), 0);
  kfd_ioctl_update_queue_args u{};
  u.queue_id = a.queue_id;
  u.ring_base_address = a.ring_base_address;
  u.ring_size = 2048;
  u.queue_percentage = 0;  // stops processing
  u.queue_priority = 3;
  EXPECT_EQ(io(AMDKFD_IOC_UPDATE_QUEUE, &u), 0);
  u.queue_percentage = 200;
  EXPECT_EQ(io(AMDKFD_IOC_UPDATE_QUEUE, &u), -EINVAL);
  u.queue_percentage = 100;
  u.queue_priority = 15;  // KFD_MAX_QUEUE_PRIORITY
  EXPECT_EQ(io(AMDKFD_IOC_UPDATE_QUEUE, &u), 0);
  u.queue_priority = 16;
  EXPECT_EQ(io(AMDKFD_IOC_UPDATE_QUEUE, &u), -EINVAL);
  u.queue_priority = 0;
  u.queue_id = 999;
  EXPECT_EQ(io(AMDKFD_IOC_UPDATE_QUEUE, &u), -EFAULT);  // unknown queue, as pqm says

  uint32_t mask[2] = {0xffffffff, 0x0000ffff};
  kfd_ioctl_set_cu_mask_args m{};
  m.queue_id = a.queue_id;
  m.num_cu_mask = 64;
  m.cu_mask_ptr = reinterpret_cast<uintptr_t>(mask);
  EXPECT_EQ(io(AMDKFD_IOC_SET_CU_MASK, &m), 0);
  // No CU enabled: accepted, as the KFD does (the queue then waits).
  uint32_t none[2] = {0, 0};
  m.cu_mask_ptr = reinterpret_cast<uintptr_t>(none);
  EXPECT_EQ(io(AMDKFD_IOC_SET_CU_MASK, &m), 0);
  m.cu_mask_ptr = reinterpret_cast<uintptr_t>(mask);
  m.num_cu_mask = 33;
  EXPECT_EQ(io(AMDKFD_IOC_SET_CU_MASK, &m), -EINVAL);
  m.num_cu_mask = 0;
  EXPECT_EQ(io(AMDKFD_IOC_SET_CU_MASK, &m), -EINVAL);
  m.num_cu_mask = 32;
  m.cu_mask_ptr = 0;
  EXPECT_EQ(io(AMDKFD_IOC_SET_CU_MASK, &m), -EFAULT);
  m.cu_mask_ptr = reinterpret_cast<uintptr_t>(mask);
  m.queue_id = 999;
  EXPECT_EQ(io(AMDKFD_IOC_SET_CU_MASK, &m), -EFAULT);

  kfd_ioctl_get_queue_wave_state_args w{};
  w.queue_id = a.queue_id;
  EXPECT_EQ(io(AMDKFD_IOC_GET_QUEUE_WAVE_STATE, &w), -EINVAL);  // no CWSR
  EXPECT_EQ(destroy(a.queue_id), 0);
}

TEST_F(QueueTest, Pm4WriteDataAndReleaseMemInterrupt) {
  auto* target = reinterpret_cast<uint32_t*>(shared(4096));
  target[0] = 0;
  // The event page is GPU memory: RELEASE_MEM writes the event's slot, and
  // the interrupt makes the KFD look at it, as ROCm's mailbox does.
  uint64_t page_handle = 0;
  auto* slots = reinterpret_cast<uint64_t*>(shared(KFD_SIGNAL_EVENT_LIMIT * 8, &page_handle));
  kfd_ioctl_create_event_args ev{};
  ASSERT_EQ(create_event(KFD_IOC_EVENT_SIGNAL, true, &ev, page_handle), 0);
  ASSERT_EQ(slots[ev.event_slot_index], ~0ull);
  const uint64_t slot = reinterpret_cast<uintptr_t>(&slots[ev.event_slot_index]);

  kfd_ioctl_create_queue_args a = queue_args(KFD_IOC_QUEUE_TYPE_COMPUTE);
  std::memset(ring_, 0, 4096);
  pointers_[0] = pointers_[1] = 0;
  ASSERT_EQ(io(AMDKFD_IOC_CREATE_QUEUE, &a), 0);
  auto* db_page =
      static_cast<uint8_t*>(t_->mmap(nullptr, 8192, PROT_READ | PROT_WRITE, MAP_SHARED, kfd_,
                                     static_cast<off_t>(a.doorbell_offset & ~8191ull)));
  ASSERT_NE(db_page, MAP_FAILED);
  auto* doorbell = reinterpret_cast<volatile uint64_t*>(db_page + (a.doorbell_offset & 8191));

  auto* ring = reinterpret_cast<uint32_t*>(ring_);
  uint32_t n = 0;
  const uint64_t dst = reinterpret_cast<uintptr_t>(target);
  ring[n++] = FW_PM4_HEADER(FW_PM4_WRITE_DATA, 4);
  ring[n++] = FW_FIELD_PREP(FW_PM4_WRITE_DATA_DST_SEL, FW_PM4_WRITE_DATA_DST_MEM);
  ring[n++] = static_cast<uint32_t>(dst);
  ring[n++] = static_cast<uint32_t>(dst >> 32);
  ring[n++] = 0xc0ffee;
  // RELEASE_MEM: the event id into its slot, then interrupt with that id.
  ring[n++] = FW_PM4_HEADER(FW_PM4_RELEASE_MEM, FW_PM4_RELEASE_MEM_DWORDS);
  ring[n++] = FW_FIELD_PREP(FW_PM4_EVENT_TYPE, FW_PM4_EVENT_BOTTOM_OF_PIPE_TS) |
              FW_FIELD_PREP(FW_PM4_EVENT_INDEX, 5);
  ring[n++] = FW_FIELD_PREP(FW_PM4_RELEASE_MEM_INT_SEL, FW_PM4_INT_SEL_INT_ON_CONFIRM) |
              FW_FIELD_PREP(FW_PM4_RELEASE_MEM_DATA_SEL, FW_PM4_DATA_SEL_LOW32);
  ring[n++] = static_cast<uint32_t>(slot);
  ring[n++] = static_cast<uint32_t>(slot >> 32);
  ring[n++] = ev.event_id;
  ring[n++] = 0;
  ring[n++] = ev.event_id;
  __atomic_store_n(&pointers_[1], uint64_t{n}, __ATOMIC_RELEASE);
  __atomic_store_n(doorbell, uint64_t{n}, __ATOMIC_RELEASE);

  uint32_t r = 0;
  ASSERT_EQ(wait({ev.event_id}, true, 10000, &r), 0);
  EXPECT_EQ(r, KFD_IOC_WAIT_RESULT_COMPLETE);
  EXPECT_EQ(__atomic_load_n(&target[0], __ATOMIC_ACQUIRE), 0xc0ffeeu);
  // The KFD acknowledged the slot when it set the event.
  EXPECT_EQ(__atomic_load_n(&slots[ev.event_slot_index], __ATOMIC_ACQUIRE), ~0ull);
  t_->munmap(db_page, 8192);
  EXPECT_EQ(destroy(a.queue_id), 0);
}

// An SDMA queue through the uAPI: its doorbell slot reaches the SDMA
// engine, the read pointer comes back in bytes, a TRAP sets the event whose
// slot a FENCE wrote, and a queue still waiting (POLL_REGMEM) at close is
// released with the process.
TEST_F(QueueTest, SdmaFenceAndTrapThroughTheDoorbell) {
  auto* target = reinterpret_cast<uint32_t*>(shared(4096));
  uint64_t page_handle = 0;
  auto* slots = reinterpret_cast<uint64_t*>(shared(KFD_SIGNAL_EVENT_LIMIT * 8, &page_handle));
  kfd_ioctl_create_event_args ev{};
  ASSERT_EQ(create_event(KFD_IOC_EVENT_SIGNAL, true, &ev, page_handle), 0);
  const uint64_t slot = reinterpret_cast<uintptr_t>(&slots[ev.event_slot_index]);

  kfd_ioctl_create_queue_args a = queue_args(KFD_IOC_QUEUE_TYPE_SDMA);
  std::memset(ring_, 0, 4096);
  pointers_[0] = 0x1234;  // the read pointer: cleared when the queue is mapped
  ASSERT_EQ(io(AMDKFD_IOC_CREATE_QUEUE, &a), 0);
  EXPECT_EQ(__atomic_load_n(&pointers_[0], __ATOMIC_ACQUIRE), 0u);
  auto* db_page =
      static_cast<uint8_t*>(t_->mmap(nullptr, 8192, PROT_READ | PROT_WRITE, MAP_SHARED, kfd_,
                                     static_cast<off_t>(a.doorbell_offset & ~8191ull)));
  ASSERT_NE(db_page, MAP_FAILED);
  auto* doorbell = reinterpret_cast<volatile uint64_t*>(db_page + (a.doorbell_offset & 8191));

  auto* ring = reinterpret_cast<uint32_t*>(ring_);
  uint32_t n = 0;
  const uint64_t dst = reinterpret_cast<uintptr_t>(target);
  ring[n++] = FW_SDMA_HEADER(FW_SDMA_OP_FENCE, 0);
  ring[n++] = static_cast<uint32_t>(dst);
  ring[n++] = static_cast<uint32_t>(dst >> 32);
  ring[n++] = 0xc0ffee;
  ring[n++] = FW_SDMA_HEADER(FW_SDMA_OP_FENCE, 0);
  ring[n++] = static_cast<uint32_t>(slot);
  ring[n++] = static_cast<uint32_t>(slot >> 32);
  ring[n++] = ev.event_id;
  ring[n++] = FW_SDMA_HEADER(FW_SDMA_OP_TRAP, 0);
  ring[n++] = ev.event_id;
  const uint64_t done_bytes = n * 4;
  // Then a poll on target[1] == 1, which nobody writes.
  ring[n++] = FW_SDMA_HEADER(FW_SDMA_OP_POLL_REGMEM, 0) |
              FW_FIELD_PREP(FW_SDMA_POLL_REGMEM_HEADER_FUNC, FW_SDMA_FUNC_EQ) |
              FW_FIELD_PREP(FW_SDMA_POLL_REGMEM_HEADER_MEM_POLL, 1);
  ring[n++] = static_cast<uint32_t>(dst + 4);
  ring[n++] = static_cast<uint32_t>((dst + 4) >> 32);
  ring[n++] = 1;
  ring[n++] = ~0u;
  ring[n++] = FW_FIELD_PREP(FW_SDMA_POLL_REGMEM_RETRY_COUNT, FW_SDMA_POLL_REGMEM_RETRY_FOREVER);
  // The SDMA write pointer counts bytes.
  __atomic_store_n(&pointers_[1], uint64_t{n} * 4, __ATOMIC_RELEASE);
  __atomic_store_n(doorbell, uint64_t{n} * 4, __ATOMIC_RELEASE);

  uint32_t r = 0;
  ASSERT_EQ(wait({ev.event_id}, true, 10000, &r), 0);
  EXPECT_EQ(r, KFD_IOC_WAIT_RESULT_COMPLETE);
  EXPECT_EQ(__atomic_load_n(&target[0], __ATOMIC_ACQUIRE), 0xc0ffeeu);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (__atomic_load_n(&pointers_[0], __ATOMIC_ACQUIRE) != done_bytes &&
         std::chrono::steady_clock::now() < deadline)
    std::this_thread::yield();
  EXPECT_EQ(__atomic_load_n(&pointers_[0], __ATOMIC_ACQUIRE), done_bytes)
      << "the read pointer stops at the waiting poll";
  t_->munmap(db_page, 8192);
  // The queue is left to the process's release (TearDown closes the fd).
}

}  // namespace
}  // namespace kfd_test
