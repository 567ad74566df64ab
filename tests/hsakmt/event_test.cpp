// Events through the thunk: set, reset, waits with and without timeouts,
// auto- and manual-reset, several events at once.
#include <chrono>
#include <future>
#include <thread>

#include "thunk_fixture.h"

namespace {

using EventTest = ThunkTest;

HsaEvent* Create(bool manual_reset, bool signaled, HSA_EVENTTYPE type = HSA_EVENTTYPE_SIGNAL) {
  HsaEventDescriptor d{};
  d.EventType = type;
  HsaEvent* e = nullptr;
  EXPECT_EQ(hsaKmtCreateEvent(&d, manual_reset, signaled, &e), HSAKMT_STATUS_SUCCESS);
  return e;
}

TEST_F(EventTest, AutoResetEventWakesOneWait) {
  HsaEvent* e = Create(false, false);
  ASSERT_NE(e, nullptr);
  EXPECT_NE(static_cast<HSAuint64>(e->EventData.HWData2), 0u)
      << "signal events have a mailbox slot";
  EXPECT_EQ(hsaKmtWaitOnEvent(e, 0), HSAKMT_STATUS_WAIT_TIMEOUT) << "not signaled yet";
  ASSERT_EQ(hsaKmtSetEvent(e), HSAKMT_STATUS_SUCCESS);
  EXPECT_EQ(hsaKmtWaitOnEvent(e, 1000), HSAKMT_STATUS_SUCCESS);
  EXPECT_EQ(hsaKmtWaitOnEvent(e, 20), HSAKMT_STATUS_WAIT_TIMEOUT) << "the wait consumed it";
  EXPECT_EQ(hsaKmtDestroyEvent(e), HSAKMT_STATUS_SUCCESS);
}

TEST_F(EventTest, ManualResetEventStaysSignaledUntilReset) {
  HsaEvent* e = Create(true, true);
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(hsaKmtWaitOnEvent(e, 0), HSAKMT_STATUS_SUCCESS) << "created signaled";
  EXPECT_EQ(hsaKmtWaitOnEvent(e, 0), HSAKMT_STATUS_SUCCESS);
  ASSERT_EQ(hsaKmtResetEvent(e), HSAKMT_STATUS_SUCCESS);
  EXPECT_EQ(hsaKmtWaitOnEvent(e, 0), HSAKMT_STATUS_WAIT_TIMEOUT);
  EXPECT_EQ(hsaKmtDestroyEvent(e), HSAKMT_STATUS_SUCCESS);
}

TEST_F(EventTest, TimeoutIsHonoured) {
  HsaEvent* e = Create(false, false);
  ASSERT_NE(e, nullptr);
  const auto start = std::chrono::steady_clock::now();
  EXPECT_EQ(hsaKmtWaitOnEvent(e, 50), HSAKMT_STATUS_WAIT_TIMEOUT);
  EXPECT_GE(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(45));
  EXPECT_EQ(hsaKmtDestroyEvent(e), HSAKMT_STATUS_SUCCESS);
}

TEST_F(EventTest, SetFromAnotherThreadWakesTheWaiter) {
  HsaEvent* e = Create(false, false);
  ASSERT_NE(e, nullptr);
  std::thread setter([e] {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    hsaKmtSetEvent(e);
  });
  EXPECT_EQ(hsaKmtWaitOnEvent(e, HSA_EVENTTIMEOUT_INFINITE), HSAKMT_STATUS_SUCCESS);
  setter.join();
  EXPECT_EQ(hsaKmtDestroyEvent(e), HSAKMT_STATUS_SUCCESS);
}

// ROCr's hsa_queue_destroy and its async-event thread wait on one
// auto-reset event: a set made while neither sleeps is taken by whichever
// waits first. The other, which had already looked at its signal, must
// still wake (the thunk passes each thread's last event age), or it
// sleeps forever.
TEST_F(EventTest, ASetAnotherThreadTookStillEndsALateWait) {
  HsaEvent* e = Create(false, false);
  ASSERT_NE(e, nullptr);
  std::promise<void> looked, taken;
  std::thread late([&] {
    EXPECT_EQ(hsaKmtWaitOnEvent(e, 0), HSAKMT_STATUS_WAIT_TIMEOUT) << "nothing yet";
    looked.set_value();
    taken.get_future().wait();
    const auto start = std::chrono::steady_clock::now();
    EXPECT_EQ(hsaKmtWaitOnEvent(e, 10000), HSAKMT_STATUS_SUCCESS);
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(5)) << "not at once";
    EXPECT_EQ(hsaKmtWaitOnEvent(e, 0), HSAKMT_STATUS_WAIT_TIMEOUT) << "the set ends one wait";
  });
  looked.get_future().wait();
  ASSERT_EQ(hsaKmtSetEvent(e), HSAKMT_STATUS_SUCCESS);
  EXPECT_EQ(hsaKmtWaitOnEvent(e, 1000), HSAKMT_STATUS_SUCCESS) << "this thread takes it";
  taken.set_value();
  late.join();
  EXPECT_EQ(hsaKmtDestroyEvent(e), HSAKMT_STATUS_SUCCESS);
}

TEST_F(EventTest, WaitForAnyOrAll) {
  HsaEvent* a = Create(true, false);
  HsaEvent* b = Create(true, false);
  ASSERT_TRUE(a && b);
  HsaEvent* both[] = {a, b};
  ASSERT_EQ(hsaKmtSetEvent(b), HSAKMT_STATUS_SUCCESS);
  EXPECT_EQ(hsaKmtWaitOnMultipleEvents(both, 2, false, 0), HSAKMT_STATUS_SUCCESS) << "any: b";
  EXPECT_EQ(hsaKmtWaitOnMultipleEvents(both, 2, true, 10), HSAKMT_STATUS_WAIT_TIMEOUT)
      << "all: a is not set";
  ASSERT_EQ(hsaKmtSetEvent(a), HSAKMT_STATUS_SUCCESS);
  EXPECT_EQ(hsaKmtWaitOnMultipleEvents(both, 2, true, 0), HSAKMT_STATUS_SUCCESS);
  EXPECT_EQ(hsaKmtDestroyEvent(a), HSAKMT_STATUS_SUCCESS);
  EXPECT_EQ(hsaKmtDestroyEvent(b), HSAKMT_STATUS_SUCCESS);
}

TEST_F(EventTest, SystemEventsCannotBeSetByTheProcess) {
  HsaEvent* m = Create(false, false, HSA_EVENTTYPE_MEMORY);
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(hsaKmtSetEvent(m), HSAKMT_STATUS_ERROR);
  EXPECT_EQ(hsaKmtWaitOnEvent(m, 0), HSAKMT_STATUS_WAIT_TIMEOUT);
  EXPECT_EQ(hsaKmtDestroyEvent(m), HSAKMT_STATUS_SUCCESS);
  EXPECT_EQ(hsaKmtDestroyEvent(nullptr), HSAKMT_STATUS_INVALID_HANDLE);
  HsaEventDescriptor bad{};
  bad.EventType = HSA_EVENTTYPE_MAXID;
  HsaEvent* e = nullptr;
  EXPECT_EQ(hsaKmtCreateEvent(&bad, false, false, &e), HSAKMT_STATUS_INVALID_PARAMETER);
}

}  // namespace
