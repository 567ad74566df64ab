// A PM4 compute queue through the thunk: WRITE_DATA and RELEASE_MEM change
// memory, and RELEASE_MEM's interrupt raises the KFD event whose mailbox
// slot the queue wrote.
#include <vector>

#include "pm4_packets.h"
#include "thunk_fixture.h"

namespace {

using Pm4QueueTest = ThunkTest;

uint32_t lo(const void* p) { return static_cast<uint32_t>(reinterpret_cast<uintptr_t>(p)); }
uint32_t hi(const void* p) { return static_cast<uint32_t>(reinterpret_cast<uintptr_t>(p) >> 32); }

TEST_F(Pm4QueueTest, WriteDataAndReleaseMemChangeMemoryAndRaiseTheEvent) {
  constexpr size_t kRingBytes = 4096;
  auto* ring = hsakmt_test::alloc_array<uint32_t>(kRingBytes / 4);
  auto* target = hsakmt_test::alloc_array<uint32_t>(16);
  ASSERT_TRUE(ring && target);

  HsaEventDescriptor d{};
  d.EventType = HSA_EVENTTYPE_SIGNAL;
  HsaEvent* event = nullptr;
  ASSERT_EQ(hsaKmtCreateEvent(&d, false, false, &event), HSAKMT_STATUS_SUCCESS);

  HsaQueueResource r{};
  ASSERT_EQ(hsaKmtCreateQueue(gpu(), HSA_QUEUE_COMPUTE, 100, HSA_QUEUE_PRIORITY_NORMAL, ring,
                              kRingBytes, nullptr, &r),
            HSAKMT_STATUS_SUCCESS);
  // As in ROCT, the thunk owns a PM4 queue's write and read pointers (dwords).
  ASSERT_NE(r.Queue_write_ptr_aql, nullptr);
  ASSERT_NE(r.Queue_read_ptr_aql, nullptr);
  HSAuint64* const wptr = r.Queue_write_ptr_aql;
  HSAuint64* const rptr = r.Queue_read_ptr_aql;

  std::vector<uint32_t> cmd;
  // WRITE_DATA: two dwords to target[0..1], confirmed.
  cmd.push_back(FW_PM4_HEADER(FW_PM4_WRITE_DATA, 5));
  cmd.push_back(FW_FIELD_PREP(FW_PM4_WRITE_DATA_DST_SEL, FW_PM4_WRITE_DATA_DST_MEM) |
                FW_FIELD_PREP(FW_PM4_WRITE_DATA_WR_CONFIRM, 1));
  cmd.push_back(lo(target));
  cmd.push_back(hi(target));
  cmd.push_back(0x11223344u);
  cmd.push_back(0x55667788u);
  // A header-only NOP in between.
  cmd.push_back(FW_FIELD_PREP(FW_PM4_HEADER_TYPE, FW_PM4_TYPE_3) |
                FW_FIELD_PREP(FW_PM4_HEADER_COUNT, FW_PM4_NOP_HEADER_ONLY_COUNT) |
                FW_FIELD_PREP(FW_PM4_HEADER_OPCODE, FW_PM4_NOP));
  // As ROCr does for an interrupt signal: the event id into the event's
  // mailbox slot, then RELEASE_MEM (end-of-pipe, 64-bit value to
  // target[2..3]) with an interrupt whose context is the event id. The KFD
  // signals an event only when its slot was written.
  const auto* mailbox = reinterpret_cast<const void*>(event->EventData.HWData2);
  cmd.push_back(FW_PM4_HEADER(FW_PM4_WRITE_DATA, 5));
  cmd.push_back(FW_FIELD_PREP(FW_PM4_WRITE_DATA_DST_SEL, FW_PM4_WRITE_DATA_DST_MEM) |
                FW_FIELD_PREP(FW_PM4_WRITE_DATA_WR_CONFIRM, 1));
  cmd.push_back(lo(mailbox));
  cmd.push_back(hi(mailbox));
  cmd.push_back(static_cast<uint32_t>(event->EventData.HWData1));
  cmd.push_back(0);
  cmd.push_back(FW_PM4_HEADER(FW_PM4_RELEASE_MEM, FW_PM4_RELEASE_MEM_DWORDS));
  cmd.push_back(FW_FIELD_PREP(FW_PM4_EVENT_TYPE, FW_PM4_EVENT_BOTTOM_OF_PIPE_TS) |
                FW_FIELD_PREP(FW_PM4_EVENT_INDEX, 5));
  cmd.push_back(FW_FIELD_PREP(FW_PM4_RELEASE_MEM_DATA_SEL, FW_PM4_DATA_SEL_64) |
                FW_FIELD_PREP(FW_PM4_RELEASE_MEM_INT_SEL, FW_PM4_INT_SEL_INT_ON_CONFIRM));
  cmd.push_back(lo(target + 2));
  cmd.push_back(hi(target + 2));
  cmd.push_back(0x9abcdef0u);
  cmd.push_back(0x0fedcba9u);
  cmd.push_back(static_cast<uint32_t>(event->EventData.HWData1));
  for (size_t i = 0; i < cmd.size(); ++i) ring[i] = cmd[i];

  // The write pointer and the doorbell count dwords.
  __atomic_store_n(wptr, cmd.size(), __ATOMIC_RELEASE);
  __atomic_store_n(r.Queue_DoorBell_aql, cmd.size(), __ATOMIC_RELEASE);

  ASSERT_EQ(hsaKmtWaitOnEvent(event, 20000), HSAKMT_STATUS_SUCCESS)
      << "RELEASE_MEM's interrupt must raise the event";
  EXPECT_EQ(__atomic_load_n(&target[0], __ATOMIC_ACQUIRE), 0x11223344u);
  EXPECT_EQ(target[1], 0x55667788u);
  EXPECT_EQ(target[2], 0x9abcdef0u);
  EXPECT_EQ(target[3], 0x0fedcba9u);
  EXPECT_EQ(target[4], 0u) << "nothing beyond the packets' data";
  // The CP reports how far it fetched, as the hardware does: past the
  // RELEASE_MEM before its interrupt, so the woken waiter sees the ring
  // space free.
  EXPECT_EQ(__atomic_load_n(rptr, __ATOMIC_ACQUIRE), cmd.size())
      << "the CP reports it consumed every dword";

  EXPECT_EQ(hsaKmtDestroyQueue(r.QueueId), HSAKMT_STATUS_SUCCESS);
  EXPECT_EQ(hsaKmtDestroyEvent(event), HSAKMT_STATUS_SUCCESS);
  hsakmt_test::free_system(ring, kRingBytes);
  hsakmt_test::free_system(target, 64);
}

}  // namespace
