// Handles: only the address of a live signal's amd_signal_t is accepted;
// null, forged, misaligned and destroyed handles are rejected without the
// memory they name being touched.
#include <vector>

#include "signal_fixture.h"

namespace {

using hsart::Signal;
using hsart::SignalStatus;

TEST_F(SignalTest, InvalidHandlesAreRejected) {
  Signal* s = Make(9, true);
  ASSERT_NE(s, nullptr);
  const uint64_t h = s->handle();
  EXPECT_EQ(pool_->find(h), s);

  int64_t on_stack = 0;
  const uint64_t forged[] = {0,         1,
                             h + 8,   // inside the slot: the value field
                             h + 64,  // the next, unused slot
                             h - 64,    reinterpret_cast<uintptr_t>(&on_stack),
                             UINT64_MAX};
  for (uint64_t f : forged) {
    EXPECT_EQ(pool_->find(f), nullptr) << std::hex << f;
    EXPECT_EQ(pool_->destroy(f), SignalStatus::kInvalidSignal) << std::hex << f;
  }
  EXPECT_EQ(pool_->find(h), s) << "rejections left the real signal alone";

  EXPECT_EQ(pool_->destroy(h), SignalStatus::kSuccess);
  EXPECT_EQ(pool_->find(h), nullptr) << "destroyed";
  EXPECT_EQ(pool_->destroy(h), SignalStatus::kInvalidSignal) << "destroyed twice";
  // A kernel still holding the stale handle reads an invalid signal kind.
  EXPECT_EQ(reinterpret_cast<fw_amd_signal*>(h)->kind, FW_AMD_SIGNAL_KIND_INVALID);
  EXPECT_EQ(pool_->live_signals(), 0u);

  hsart::Signal* out = nullptr;
  EXPECT_EQ(pool_->create(0, false, nullptr), SignalStatus::kInvalidArgument);
  // A freed slot is reused with fresh contents.
  ASSERT_EQ(pool_->create(-1, false, &out), SignalStatus::kSuccess);
  EXPECT_EQ(out->load(hsart::MemoryOrder::kRelaxed), -1);
  EXPECT_EQ(out->amd_signal()->kind, FW_AMD_SIGNAL_KIND_USER);
  EXPECT_EQ(out->amd_signal()->event_mailbox_ptr, 0u) << "no event left over";
}

TEST_F(SignalTest, PoolReleasesLiveSignalsOnDestruction) {
  // Events are a limited KFD resource: a pool that leaked them would run
  // out after a few rounds of 100 interrupt signals.
  for (int round = 0; round < 50; ++round) {
    auto pool = std::make_unique<hsart::SignalPool>();
    for (int i = 0; i < 100; ++i) {
      Signal* s = nullptr;
      ASSERT_EQ(pool->create(i, true, &s), SignalStatus::kSuccess)
          << "round " << round << " signal " << i;
    }
  }
}

// Signals spread over many pages are each found, by their own handle only;
// destroyed ones are gone and the rest stay (the lock-free page index).
TEST_F(SignalTest, ManyPagesEachSignalFound) {
  std::vector<Signal*> signals;
  for (int i = 0; i < 64 * 40; ++i) {
    Signal* s = Make(i, false);
    ASSERT_NE(s, nullptr) << i;
    signals.push_back(s);
  }
  std::vector<uint64_t> handles;
  for (Signal* s : signals) handles.push_back(s->handle());
  for (size_t i = 0; i < handles.size(); i += 2)
    ASSERT_EQ(pool_->destroy(handles[i]), SignalStatus::kSuccess);
  for (size_t i = 0; i < handles.size(); ++i) {
    if (i % 2 == 0) {
      EXPECT_EQ(pool_->find(handles[i]), nullptr) << i;
      continue;
    }
    ASSERT_EQ(pool_->find(handles[i]), signals[i]) << i;
    EXPECT_EQ(signals[i]->load(hsart::MemoryOrder::kRelaxed), static_cast<int64_t>(i));
  }
  EXPECT_EQ(pool_->live_signals(), signals.size() / 2);
}

}  // namespace
