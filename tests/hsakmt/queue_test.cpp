// Queue creation through the thunk: arguments the KFD rejects, the
// per-process limit, destroy, update and CU masks.
#include <vector>

#include "thunk_fixture.h"

namespace {

using QueueTest = ThunkTest;

struct Ring {
  Ring()
      : bytes(64 * 64),
        base(hsakmt_test::alloc_system(bytes)),
        pointers(hsakmt_test::alloc_array<uint64_t>(2)) {}
  ~Ring() {
    hsakmt_test::free_system(base, bytes);
    hsakmt_test::free_system(pointers, 16);
  }
  HsaQueueResource resource() const {
    HsaQueueResource r{};
    r.Queue_write_ptr_aql = &pointers[0];
    r.Queue_read_ptr_aql = &pointers[1];
    return r;
  }
  size_t bytes;
  void* base;
  uint64_t* pointers;
};

TEST_F(QueueTest, CreateGivesADoorbellAndDestroyReleasesTheId) {
  Ring ring;
  HsaQueueResource r = ring.resource();
  ASSERT_EQ(hsaKmtCreateQueue(gpu(), HSA_QUEUE_COMPUTE_AQL, 100, HSA_QUEUE_PRIORITY_NORMAL,
                              ring.base, ring.bytes, nullptr, &r),
            HSAKMT_STATUS_SUCCESS);
  ASSERT_NE(r.Queue_DoorBell_aql, nullptr);
  *r.Queue_DoorBell_aql = 0;  // the doorbell page is writable
  HsaQueueResource r2 = ring.resource();
  ASSERT_EQ(hsaKmtCreateQueue(gpu(), HSA_QUEUE_COMPUTE, 50, HSA_QUEUE_PRIORITY_HIGH, ring.base,
                              ring.bytes, nullptr, &r2),
            HSAKMT_STATUS_SUCCESS);
  EXPECT_NE(r2.QueueId, r.QueueId);
  EXPECT_NE(r2.Queue_DoorBell_aql, r.Queue_DoorBell_aql) << "each queue has its own doorbell";

  EXPECT_EQ(hsaKmtUpdateQueue(r.QueueId, 0, HSA_QUEUE_PRIORITY_LOW, ring.base, ring.bytes, nullptr),
            HSAKMT_STATUS_SUCCESS);
  std::vector<HSAuint32> mask(2, 0xffffffffu);
  EXPECT_EQ(hsaKmtSetQueueCUMask(r.QueueId, 64, mask.data()), HSAKMT_STATUS_SUCCESS);
  EXPECT_EQ(hsaKmtSetQueueCUMask(r.QueueId, 33, mask.data()), HSAKMT_STATUS_INVALID_PARAMETER);

  EXPECT_EQ(hsaKmtDestroyQueue(r.QueueId), HSAKMT_STATUS_SUCCESS);
  EXPECT_EQ(hsaKmtDestroyQueue(r.QueueId), HSAKMT_STATUS_INVALID_PARAMETER) << "destroyed twice";
  EXPECT_EQ(
      hsaKmtUpdateQueue(r.QueueId, 100, HSA_QUEUE_PRIORITY_NORMAL, ring.base, ring.bytes, nullptr),
      HSAKMT_STATUS_INVALID_PARAMETER);
  EXPECT_EQ(hsaKmtDestroyQueue(r2.QueueId), HSAKMT_STATUS_SUCCESS);
}

TEST_F(QueueTest, BadArgumentsAreRejected) {
  Ring ring;
  HsaQueueResource r = ring.resource();
  EXPECT_EQ(hsaKmtCreateQueue(0xffff, HSA_QUEUE_COMPUTE_AQL, 100, HSA_QUEUE_PRIORITY_NORMAL,
                              ring.base, ring.bytes, nullptr, &r),
            HSAKMT_STATUS_INVALID_NODE_UNIT);
  EXPECT_EQ(hsaKmtCreateQueue(gpu(), HSA_QUEUE_COMPUTE_AQL, 101, HSA_QUEUE_PRIORITY_NORMAL,
                              ring.base, ring.bytes, nullptr, &r),
            HSAKMT_STATUS_INVALID_PARAMETER);
  EXPECT_EQ(hsaKmtCreateQueue(gpu(), HSA_QUEUE_COMPUTE_AQL, 100, HSA_QUEUE_PRIORITY_NUM_PRIORITY,
                              ring.base, ring.bytes, nullptr, &r),
            HSAKMT_STATUS_INVALID_PARAMETER);
  EXPECT_EQ(hsaKmtCreateQueue(gpu(), HSA_QUEUE_COMPUTE_AQL, 100, HSA_QUEUE_PRIORITY_NORMAL,
                              ring.base, ring.bytes - 64, nullptr, &r),
            HSAKMT_STATUS_INVALID_PARAMETER)
      << "ring size must be a power of two";
  EXPECT_EQ(hsaKmtCreateQueue(gpu(), HSA_QUEUE_COMPUTE_AQL, 100, HSA_QUEUE_PRIORITY_NORMAL,
                              ring.base, ring.bytes, nullptr, nullptr),
            HSAKMT_STATUS_INVALID_PARAMETER);
  // Vega 10 has no XGMI SDMA engine: the request fails cleanly.
  EXPECT_EQ(hsaKmtCreateQueue(gpu(), HSA_QUEUE_SDMA_XGMI, 100, HSA_QUEUE_PRIORITY_NORMAL, ring.base,
                              ring.bytes, nullptr, &r),
            HSAKMT_STATUS_NO_MEMORY);
  EXPECT_EQ(hsaKmtDestroyQueue(12345), HSAKMT_STATUS_INVALID_PARAMETER);
}

// Linux 6.1's process queue manager: 127 queues per process and GPU (the
// hardware scheduler's limit), then -ENOSPC.
TEST_F(QueueTest, AProcessHasAtMost127QueuesPerGpu) {
  Ring ring;
  std::vector<HSA_QUEUEID> ids;
  HSAKMT_STATUS s = HSAKMT_STATUS_SUCCESS;
  for (int i = 0; i < 200 && s == HSAKMT_STATUS_SUCCESS; ++i) {
    HsaQueueResource r = ring.resource();
    s = hsaKmtCreateQueue(gpu(), HSA_QUEUE_COMPUTE_AQL, 100, HSA_QUEUE_PRIORITY_NORMAL, ring.base,
                          ring.bytes, nullptr, &r);
    if (s == HSAKMT_STATUS_SUCCESS) ids.push_back(r.QueueId);
  }
  EXPECT_EQ(ids.size(), 127u);
  EXPECT_EQ(s, HSAKMT_STATUS_OUT_OF_RESOURCES);
  for (HSA_QUEUEID id : ids) ASSERT_EQ(hsaKmtDestroyQueue(id), HSAKMT_STATUS_SUCCESS);
  // Slots are free again.
  HsaQueueResource r = ring.resource();
  EXPECT_EQ(hsaKmtCreateQueue(gpu(), HSA_QUEUE_COMPUTE_AQL, 100, HSA_QUEUE_PRIORITY_NORMAL,
                              ring.base, ring.bytes, nullptr, &r),
            HSAKMT_STATUS_SUCCESS);
}

}  // namespace
