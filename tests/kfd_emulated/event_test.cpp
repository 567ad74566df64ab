// Events where the emulated KFD differs from gcnkfd or has its own parts:
// ids and slots, bad ids and destruction under a waiter, the user and the
// KFD's event page. (Set/reset, waits, timeouts, auto-reset and wake-ups
// from another thread: tests/kselftest event_test.)
#include <sys/mman.h>

#include <cerrno>
#include <chrono>
#include <thread>

#include "kfd_fixture.h"

namespace kfd_test {
namespace {

constexpr uint64_t kMmapTypeEvents = 2ull << 62;

class EventTest : public KfdTest {
 protected:
  int set_event(uint32_t id) {
    kfd_ioctl_set_event_args a{};
    a.event_id = id;
    return io(AMDKFD_IOC_SET_EVENT, &a);
  }
  int reset_event(uint32_t id) {
    kfd_ioctl_reset_event_args a{};
    a.event_id = id;
    return io(AMDKFD_IOC_RESET_EVENT, &a);
  }
  int destroy_event(uint32_t id) {
    kfd_ioctl_destroy_event_args a{};
    a.event_id = id;
    return io(AMDKFD_IOC_DESTROY_EVENT, &a);
  }
  uint32_t signal_event(bool auto_reset) {
    kfd_ioctl_create_event_args a{};
    EXPECT_EQ(create_event(KFD_IOC_EVENT_SIGNAL, auto_reset, &a), 0);
    return a.event_id;
  }
};

TEST_F(EventTest, SignalEventsGetSlotsAndIds) {
  kfd_ioctl_create_event_args a{}, b{};
  ASSERT_EQ(create_event(KFD_IOC_EVENT_SIGNAL, false, &a), 0);
  ASSERT_EQ(create_event(KFD_IOC_EVENT_SIGNAL, false, &b), 0);
  EXPECT_GE(a.event_id, 1u);  // id 0 is reserved
  EXPECT_NE(a.event_id, b.event_id);
  EXPECT_EQ(a.event_slot_index, a.event_id);
  EXPECT_EQ(a.event_trigger_data, a.event_id);
  EXPECT_EQ(a.event_page_offset, kMmapTypeEvents);
  kfd_ioctl_create_event_args m{};
  ASSERT_EQ(create_event(KFD_IOC_EVENT_MEMORY, false, &m), 0);
  EXPECT_GE(m.event_id, 0x40000000u);  // non-signal events live above
  EXPECT_EQ(m.event_page_offset, 0u);
  EXPECT_EQ(set_event(m.event_id), -EINVAL);  // only signal events from the CPU
  EXPECT_EQ(reset_event(m.event_id), -EINVAL);
}

TEST_F(EventTest, BadIdsAndDestroyedEvents) {
  uint32_t r = 0;
  EXPECT_EQ(wait({12345}, true, 0, &r), -EINVAL);
  EXPECT_EQ(r, KFD_IOC_WAIT_RESULT_FAIL);
  EXPECT_EQ(set_event(12345), -EINVAL);
  EXPECT_EQ(destroy_event(12345), -EINVAL);
  kfd_ioctl_wait_events_args w{};
  w.num_events = 1;
  EXPECT_EQ(io(AMDKFD_IOC_WAIT_EVENTS, &w), -EFAULT);  // no event array

  const uint32_t id = signal_event(false);
  int rc = 0;
  std::thread waiter([&] { rc = wait({id}, true, 0xffffffffu, &r); });
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  ASSERT_EQ(destroy_event(id), 0);
  waiter.join();
  EXPECT_EQ(rc, -EIO);
  EXPECT_EQ(r, KFD_IOC_WAIT_RESULT_FAIL);
  EXPECT_EQ(set_event(id), -EINVAL);
}

TEST_F(EventTest, UserEventPageIsTheSignalPage) {
  Reservation va(1 << 20);
  const uint64_t bytes = KFD_SIGNAL_EVENT_LIMIT * 8;
  uint64_t h = 0, offset = 0;
  ASSERT_EQ(alloc(gpus_[0], va.base(), bytes,
                  KFD_IOC_ALLOC_MEM_FLAGS_GTT | KFD_IOC_ALLOC_MEM_FLAGS_WRITABLE, &h, &offset),
            0);
  auto* slots = static_cast<uint64_t*>(t_->mmap(reinterpret_cast<void*>(va.base()), bytes,
                                                PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED,
                                                render_fds_[0], static_cast<off_t>(offset)));
  ASSERT_EQ(reinterpret_cast<uint64_t>(slots), va.base());
  // A page smaller than the 4096 slots, or not in GTT, is refused.
  uint64_t small = 0, vram = 0;
  ASSERT_EQ(alloc(gpus_[0], va.base() + bytes, 4096, KFD_IOC_ALLOC_MEM_FLAGS_GTT, &small), 0);
  ASSERT_EQ(alloc(gpus_[0], va.base() + bytes + 4096, bytes, KFD_IOC_ALLOC_MEM_FLAGS_VRAM, &vram),
            0);
  kfd_ioctl_create_event_args a{};
  EXPECT_EQ(create_event(KFD_IOC_EVENT_SIGNAL, false, &a, small), -EINVAL);
  EXPECT_EQ(create_event(KFD_IOC_EVENT_SIGNAL, false, &a, vram), -EINVAL);
  ASSERT_EQ(create_event(KFD_IOC_EVENT_SIGNAL, false, &a, h), 0);
  EXPECT_EQ(slots[a.event_slot_index], ~0ull);  // unsignaled
  EXPECT_EQ(slots[KFD_SIGNAL_EVENT_LIMIT - 1], ~0ull);
  kfd_ioctl_create_event_args again{};
  EXPECT_EQ(create_event(KFD_IOC_EVENT_SIGNAL, false, &again, h), -EINVAL);  // page is set
  EXPECT_EQ(free_bo(h), -EPERM);  // the event page stays until the process ends
}

TEST_F(EventTest, KfdEventPageWithoutUserPage) {
  kfd_ioctl_create_event_args a{};
  ASSERT_EQ(create_event(KFD_IOC_EVENT_SIGNAL, false, &a), 0);
  void* p = t_->mmap(nullptr, KFD_SIGNAL_EVENT_LIMIT * 8, PROT_READ | PROT_WRITE, MAP_SHARED, kfd_,
                     static_cast<off_t>(a.event_page_offset));
  ASSERT_NE(p, MAP_FAILED);
  EXPECT_EQ(static_cast<uint64_t*>(p)[a.event_slot_index], ~0ull);
  t_->munmap(p, KFD_SIGNAL_EVENT_LIMIT * 8);
}

}  // namespace
}  // namespace kfd_test
