// The ioctl entry point where the emulated KFD has its own parts: bad
// pointers found in-process, struct sizes, which fds and paths the
// transport accepts, process release. (Version, the command table's errnos
// and ENOTTY: tests/kselftest version_test and device_test.)
#include <fcntl.h>
#include <sys/ioctl.h>
#include <sys/mman.h>

#include <cerrno>

#include "kfd_fixture.h"

namespace kfd_test {
namespace {

TEST_F(KfdTest, NullOrUnmappedArgumentIsEfault) {
  EXPECT_EQ(io(AMDKFD_IOC_GET_VERSION, nullptr), -EFAULT);
  EXPECT_EQ(io(AMDKFD_IOC_CREATE_EVENT, nullptr), -EFAULT);
  Reservation hole(4096);  // PROT_NONE: nothing mapped there
  munmap(reinterpret_cast<void*>(hole.base()), 4096);
  EXPECT_EQ(io(AMDKFD_IOC_CREATE_EVENT, reinterpret_cast<void*>(hole.base())), -EFAULT);
  kfd_ioctl_wait_events_args w{};
  w.num_events = 1;  // an event array in the unmapped hole
  w.events_ptr = hole.base();
  EXPECT_EQ(io(AMDKFD_IOC_WAIT_EVENTS, &w), -EFAULT);
  EXPECT_EQ(w.wait_result, static_cast<uint32_t>(KFD_IOC_WAIT_RESULT_FAIL));
}

TEST_F(KfdTest, SizeMismatchIsNotRejectedButTruncated) {
  // The kernel uses its own struct size: a caller's shorter struct gets
  // only the bytes it asked for.
  uint32_t major_only[2] = {0, 0xdeadbeef};
  ASSERT_EQ(io(_IOR('K', 0x01, uint32_t), major_only), 0);
  EXPECT_EQ(major_only[0], 1u);
  EXPECT_EQ(major_only[1], 0xdeadbeefu);
}

TEST_F(KfdTest, FdsAndPaths) {
  EXPECT_EQ(t_->open("/dev/nonexistent", O_RDWR), -ENOENT);
  EXPECT_EQ(t_->open("/dev/dri/renderD127", O_RDWR), -ENOENT);
  EXPECT_EQ(t_->open("/dev/dri/renderD12x", O_RDWR), -ENOENT);
  kfd_ioctl_get_version_args v{};
  EXPECT_EQ(t_->ioctl(987654, AMDKFD_IOC_GET_VERSION, &v), -EBADF);
  EXPECT_EQ(t_->ioctl(render_fds_[0], AMDKFD_IOC_GET_VERSION, &v), -ENOTTY);
  // A second /dev/kfd open shares the process: its events are the same.
  const int second = t_->open(hsakmt::kKfdDevice, O_RDWR);
  ASSERT_GE(second, 0);
  EXPECT_NE(second, kfd_);
  kfd_ioctl_create_event_args ev{};
  ASSERT_EQ(create_event(KFD_IOC_EVENT_SIGNAL, false, &ev), 0);
  kfd_ioctl_set_event_args set{};
  set.event_id = ev.event_id;
  EXPECT_EQ(t_->ioctl(second, AMDKFD_IOC_SET_EVENT, &set), 0);
  EXPECT_EQ(t_->close(second), 0);
  uint32_t result = 0;
  EXPECT_EQ(wait({ev.event_id}, true, 0, &result), 0);
  EXPECT_EQ(result, KFD_IOC_WAIT_RESULT_COMPLETE);
}

TEST(KfdProcess, LastCloseReleasesTheProcess) {
  auto t = hsakmt::make_emulated_transport();
  const int fd = t->open(hsakmt::kKfdDevice, O_RDWR);
  ASSERT_GE(fd, 0);
  kfd_ioctl_create_event_args ev{};
  ev.event_type = KFD_IOC_EVENT_SIGNAL;
  ASSERT_EQ(t->ioctl(fd, AMDKFD_IOC_CREATE_EVENT, &ev), 0);
  ASSERT_EQ(t->close(fd), 0);
  // A new process starts without the old events.
  const int again = t->open(hsakmt::kKfdDevice, O_RDWR);
  ASSERT_GE(again, 0);
  kfd_ioctl_set_event_args set{};
  set.event_id = ev.event_id;
  EXPECT_EQ(t->ioctl(again, AMDKFD_IOC_SET_EVENT, &set), -EINVAL);
  EXPECT_EQ(t->close(again), 0);
  EXPECT_EQ(t->ioctl(again, AMDKFD_IOC_SET_EVENT, &set), -EBADF);
}

}  // namespace
}  // namespace kfd_test
