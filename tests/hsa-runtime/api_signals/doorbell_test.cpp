// A queue's doorbell signal through the signal API: stores and silent
// stores ring the doorbell (the packet processor then runs the packet);
// every other operation is ignored and leaves the amd_signal_t intact.
#include <cstring>

#include <hsa/hsa_ext_amd.h>
#include "amd_signal.h"
#include "aql_packet.h"
#include "signal_fixture.h"

#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

namespace {

using api_signals_test::ApiSignalTest;
using api_signals_test::kMs;

// A barrier-AND packet without dependencies: it completes at once, so only
// the doorbell decides whether it runs.
fw_aql_barrier_packet barrier(uint64_t completion_signal) {
  fw_aql_barrier_packet p{};
  p.header = static_cast<uint16_t>(
      FW_FIELD_PREP(FW_AQL_HEADER_TYPE, FW_AQL_PACKET_TYPE_BARRIER_AND) |
      FW_FIELD_PREP(FW_AQL_HEADER_BARRIER, 1) |
      FW_FIELD_PREP(FW_AQL_HEADER_ACQUIRE_FENCE_SCOPE, FW_AQL_FENCE_SCOPE_SYSTEM) |
      FW_FIELD_PREP(FW_AQL_HEADER_RELEASE_FENCE_SCOPE, FW_AQL_FENCE_SCOPE_SYSTEM));
  p.completion_signal = completion_signal;
  return p;
}

// Writes the packet at index (header word last), without ringing.
void publish(hsa_queue_t* q, uint64_t index, const fw_aql_barrier_packet& p) {
  uint8_t* slot = static_cast<uint8_t*>(q->base_address) + (index % q->size) * 64;
  std::memcpy(slot + 4, reinterpret_cast<const uint8_t*>(&p) + 4, 60);
  uint32_t first;
  std::memcpy(&first, &p, 4);
  __atomic_store_n(reinterpret_cast<uint32_t*>(slot), first, __ATOMIC_RELEASE);
}

class ApiSignalDoorbellTest : public ApiSignalTest {
 protected:
  void SetUp() override {
    ApiSignalTest::SetUp();
    ASSERT_EQ(hsa_queue_create(gpu_, 64, HSA_QUEUE_TYPE_SINGLE, nullptr, nullptr, UINT32_MAX,
                               UINT32_MAX, &q_),
              HSA_STATUS_SUCCESS);
  }
  void TearDown() override {
    if (q_) {
      EXPECT_EQ(hsa_queue_destroy(q_), HSA_STATUS_SUCCESS);
    }
    ApiSignalTest::TearDown();
  }
  hsa_queue_t* q_ = nullptr;
};

TEST_F(ApiSignalDoorbellTest, StoresRingTheDoorbell) {
  hsa_signal_t done = make(3);
  const auto* amd = reinterpret_cast<const fw_amd_signal*>(q_->doorbell_signal.handle);
  const auto* slot = reinterpret_cast<const volatile int64_t*>(amd->hardware_doorbell_ptr);
  using Ring = void (*)(hsa_signal_t, hsa_signal_value_t);
  const Ring rings[] = {hsa_signal_store_screlease, hsa_signal_silent_store_relaxed,
                        hsa_signal_store_relaxed};
  for (uint64_t i = 0; i < 3; ++i) {
    publish(q_, i, barrier(done.handle));
    hsa_queue_store_write_index_screlease(q_, i + 1);
    rings[i](q_->doorbell_signal, static_cast<hsa_signal_value_t>(i));
    // The value lands in the doorbell slot (the emulated one is memory).
    EXPECT_EQ(*slot, static_cast<int64_t>(i)) << "ring " << i;
    const auto left = static_cast<hsa_signal_value_t>(2 - i);
    EXPECT_EQ(hsa_signal_wait_scacquire(done, HSA_SIGNAL_CONDITION_EQ, left, 10000 * kMs,
                                        HSA_WAIT_STATE_BLOCKED),
              left)
        << "packet " << i << " did not run";
  }
  hsa_signal_destroy(done);
}

TEST_F(ApiSignalDoorbellTest, OtherOperationsAreIgnored) {
  const hsa_signal_t bell = q_->doorbell_signal;
  const auto* amd = reinterpret_cast<const fw_amd_signal*>(bell.handle);
  const int64_t kind = amd->kind;
  const uint64_t doorbell = amd->hardware_doorbell_ptr;
  ASSERT_EQ(kind, FW_AMD_SIGNAL_KIND_DOORBELL);
  EXPECT_EQ(hsa_signal_load_scacquire(bell), 0);
  EXPECT_EQ(hsa_signal_exchange_scacq_screl(bell, 5), 0);
  EXPECT_EQ(hsa_signal_cas_relaxed(bell, 0, 5), 0);
  hsa_signal_add_relaxed(bell, 5);
  hsa_signal_subtract_screlease(bell, 5);
  hsa_signal_and_scacquire(bell, 0);
  hsa_signal_or_acq_rel(bell, 5);
  hsa_signal_xor_release(bell, 5);
  EXPECT_EQ(hsa_signal_wait_relaxed(bell, HSA_SIGNAL_CONDITION_EQ, 77, UINT64_MAX,
                                    HSA_WAIT_STATE_BLOCKED),
            0);
  volatile hsa_signal_value_t* p = nullptr;
  EXPECT_EQ(hsa_amd_signal_value_pointer(bell, &p), HSA_STATUS_ERROR_INVALID_SIGNAL);
  EXPECT_EQ(hsa_signal_destroy(bell), HSA_STATUS_ERROR_INVALID_SIGNAL);
  EXPECT_EQ(amd->kind, kind);
  EXPECT_EQ(amd->hardware_doorbell_ptr, doorbell) << "an ignored op overwrote the doorbell";
}

}  // namespace
