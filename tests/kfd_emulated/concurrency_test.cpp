// ioctls from several threads at once: each thread's buffer objects and
// events behave as if it were alone.
#include <atomic>
#include <thread>

#include "kfd_fixture.h"

namespace kfd_test {
namespace {

TEST_F(KfdTest, ThreadsAllocateMapAndSignalConcurrently) {
  constexpr int kThreads = 4, kRounds = 100;
  Reservation va(kThreads * (1ull << 20));
  std::atomic<int> failures{0};
  auto worker = [&](int t) {
    const uint64_t base = va.base() + static_cast<uint64_t>(t) * (1 << 20);
    for (int i = 0; i < kRounds; ++i) {
      uint64_t h = 0;
      if (alloc(gpus_[0], base, 8192,
                KFD_IOC_ALLOC_MEM_FLAGS_GTT | KFD_IOC_ALLOC_MEM_FLAGS_WRITABLE, &h) != 0 ||
          map(h, {gpus_[0]}) != 0) {
        ++failures;
        continue;
      }
      uint8_t* view = gpu_view(gpus_[0], base);
      if (!view) ++failures;
      if (unmap(h, {gpus_[0]}) != 0 || free_bo(h) != 0) ++failures;

      kfd_ioctl_create_event_args ev{};
      ev.event_type = KFD_IOC_EVENT_SIGNAL;
      if (io(AMDKFD_IOC_CREATE_EVENT, &ev) != 0) {
        ++failures;
        continue;
      }
      kfd_ioctl_set_event_args set{};
      set.event_id = ev.event_id;
      uint32_t r = 0;
      if (io(AMDKFD_IOC_SET_EVENT, &set) != 0 || wait({ev.event_id}, true, 1000, &r) != 0 ||
          r != KFD_IOC_WAIT_RESULT_COMPLETE)
        ++failures;
      kfd_ioctl_destroy_event_args d{};
      d.event_id = ev.event_id;
      if (io(AMDKFD_IOC_DESTROY_EVENT, &d) != 0) ++failures;
    }
  };
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) threads.emplace_back(worker, t);
  for (auto& th : threads) th.join();
  EXPECT_EQ(failures.load(), 0);
}

}  // namespace
}  // namespace kfd_test
