// hsa_queue_create, hsa_soft_queue_create, hsa_queue_destroy and
// hsa_queue_inactivate: every documented error, and the fields of a new
// queue against the spec and the thunk's topology.
#include <set>
#include <vector>

#include "amd_queue.h"
#include "amd_signal.h"
#include "queue_fixture.h"

namespace queue_test {
namespace {

using ApiQueueCreate = ApiQueueTest;

hsa_status_t create(hsa_agent_t a, uint32_t size, hsa_queue_type32_t type, hsa_queue_t** q) {
  return hsa_queue_create(a, size, type, nullptr, nullptr, UINT32_MAX, UINT32_MAX, q);
}

TEST(ApiQueueNoInit, EveryCallNeedsInit) {
  hsa_queue_t* q = nullptr;
  EXPECT_EQ(create(hsa_agent_t{1}, 64, HSA_QUEUE_TYPE_MULTI, &q), HSA_STATUS_ERROR_NOT_INITIALIZED);
  EXPECT_EQ(hsa_soft_queue_create(hsa_region_t{1}, 64, HSA_QUEUE_TYPE_MULTI,
                                  HSA_QUEUE_FEATURE_KERNEL_DISPATCH, hsa_signal_t{1}, &q),
            HSA_STATUS_ERROR_NOT_INITIALIZED);
  hsa_queue_t fake{};
  EXPECT_EQ(hsa_queue_destroy(&fake), HSA_STATUS_ERROR_NOT_INITIALIZED);
  EXPECT_EQ(hsa_queue_inactivate(&fake), HSA_STATUS_ERROR_NOT_INITIALIZED);
}

TEST_F(ApiQueueCreate, RejectsBadArguments) {
  hsa_queue_t* q = nullptr;
  const uint32_t max = agent_u32(gpu_, HSA_AGENT_INFO_QUEUE_MAX_SIZE);
  ASSERT_GT(max, 0u);
  EXPECT_EQ(create(hsa_agent_t{0}, 64, HSA_QUEUE_TYPE_MULTI, &q), HSA_STATUS_ERROR_INVALID_AGENT);
  EXPECT_EQ(create(hsa_agent_t{gpu_.handle + 8}, 64, HSA_QUEUE_TYPE_MULTI, &q),
            HSA_STATUS_ERROR_INVALID_AGENT);
  EXPECT_EQ(create(cpu_, 64, HSA_QUEUE_TYPE_MULTI, &q), HSA_STATUS_ERROR_INVALID_QUEUE_CREATION)
      << "a CPU agent has no kernel-dispatch queues";
  for (uint32_t size : {0u, 3u, 100u, max + 1, max * 2})
    EXPECT_EQ(create(gpu_, size, HSA_QUEUE_TYPE_MULTI, &q), HSA_STATUS_ERROR_INVALID_ARGUMENT)
        << "size " << size;
  EXPECT_EQ(create(gpu_, 64, 7, &q), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(create(gpu_, 64, HSA_QUEUE_TYPE_MULTI, nullptr), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(q, nullptr) << "a failed call leaves the output alone";
}

TEST_F(ApiQueueCreate, NewQueueHasTheSpecsFields) {
  const uint32_t min = agent_u32(gpu_, HSA_AGENT_INFO_QUEUE_MIN_SIZE);
  const uint32_t max = agent_u32(gpu_, HSA_AGENT_INFO_QUEUE_MAX_SIZE);
  hsa_queue_t* q = nullptr;
  ASSERT_EQ(create(gpu_, 256, HSA_QUEUE_TYPE_SINGLE, &q), HSA_STATUS_SUCCESS);
  ASSERT_NE(q, nullptr);
  EXPECT_EQ(q->type, HSA_QUEUE_TYPE_SINGLE);
  EXPECT_EQ(q->features & HSA_QUEUE_FEATURE_KERNEL_DISPATCH, HSA_QUEUE_FEATURE_KERNEL_DISPATCH);
  EXPECT_EQ(q->size, 256u);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(q) % 64, 0u);
  ASSERT_NE(q->base_address, nullptr);
  const auto* ring = static_cast<const uint16_t*>(q->base_address);
  for (uint32_t i = 0; i < q->size; ++i)
    ASSERT_EQ(ring[i * 32] & 0xff, HSA_PACKET_TYPE_INVALID) << "slot " << i;
  EXPECT_EQ(hsa_queue_load_read_index_relaxed(q), 0u);
  EXPECT_EQ(hsa_queue_load_write_index_relaxed(q), 0u);

  // The doorbell is an amd_signal_t of kind DOORBELL that points back.
  ASSERT_NE(q->doorbell_signal.handle, 0u);
  EXPECT_EQ(q->doorbell_signal.handle % 64, 0u);
  const auto* bell = reinterpret_cast<const fw_amd_signal*>(q->doorbell_signal.handle);
  EXPECT_EQ(bell->kind, FW_AMD_SIGNAL_KIND_DOORBELL);
  EXPECT_NE(bell->hardware_doorbell_ptr, 0u);
  EXPECT_EQ(bell->queue_ptr, reinterpret_cast<uintptr_t>(q));

  // What kernels read comes from the thunk's topology.
  uint32_t node = 0;
  ASSERT_EQ(hsa_agent_get_info(gpu_, HSA_AGENT_INFO_NODE, &node), HSA_STATUS_SUCCESS);
  HsaNodeProperties props{};
  ASSERT_EQ(hsaKmtGetNodeProperties(node, &props), HSAKMT_STATUS_SUCCESS);
  std::vector<HsaMemoryProperties> banks(props.NumMemoryBanks);
  ASSERT_EQ(hsaKmtGetNodeMemoryProperties(node, props.NumMemoryBanks, banks.data()),
            HSAKMT_STATUS_SUCCESS);
  uint64_t lds = 0, scratch = 0;
  for (const HsaMemoryProperties& b : banks) {
    if (b.HeapType == HSA_HEAPTYPE_GPU_LDS) lds = b.VirtualBaseAddress;
    if (b.HeapType == HSA_HEAPTYPE_GPU_SCRATCH) scratch = b.VirtualBaseAddress;
  }
  ASSERT_NE(lds, 0u);
  ASSERT_NE(scratch, 0u);
  const auto* amd = reinterpret_cast<const fw_amd_queue*>(q);
  EXPECT_EQ(amd->group_segment_aperture_base_hi, lds >> 32);
  EXPECT_EQ(amd->private_segment_aperture_base_hi, scratch >> 32);
  EXPECT_EQ(amd->max_cu_id + 1, props.NumFComputeCores / props.NumSIMDPerCU);
  EXPECT_EQ(amd->max_wave_id + 1, props.MaxWavesPerSIMD * props.NumSIMDPerCU);
  EXPECT_NE(amd->queue_inactive_signal, 0u);

  // Sizes below the minimum grow to it; the maximum itself is allowed.
  hsa_queue_t* small = nullptr;
  ASSERT_EQ(create(gpu_, 1, HSA_QUEUE_TYPE_MULTI, &small), HSA_STATUS_SUCCESS);
  EXPECT_EQ(small->size, min);
  hsa_queue_t* big = nullptr;
  ASSERT_EQ(create(gpu_, max, HSA_QUEUE_TYPE_MULTI, &big), HSA_STATUS_SUCCESS);
  EXPECT_EQ(big->size, max);
  EXPECT_NE(q->id, small->id);
  EXPECT_NE(small->id, big->id);
  EXPECT_NE(q->id, big->id);
  EXPECT_EQ(hsa_queue_destroy(big), HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_queue_destroy(small), HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_queue_destroy(q), HSA_STATUS_SUCCESS);
}

TEST_F(ApiQueueCreate, IdsStayUniqueAcrossReuse) {
  std::set<uint64_t> ids;
  for (int i = 0; i < 8; ++i) {
    hsa_queue_t* q = nullptr;
    ASSERT_EQ(create(gpu_, 64, HSA_QUEUE_TYPE_MULTI, &q), HSA_STATUS_SUCCESS);
    EXPECT_TRUE(ids.insert(q->id).second) << "id " << q->id << " was handed out before";
    ASSERT_EQ(hsa_queue_destroy(q), HSA_STATUS_SUCCESS);
  }
}

TEST_F(ApiQueueCreate, DestroyRejectsUnknownQueues) {
  EXPECT_EQ(hsa_queue_destroy(nullptr), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  hsa_queue_t fake{};
  EXPECT_EQ(hsa_queue_destroy(&fake), HSA_STATUS_ERROR_INVALID_QUEUE);
  hsa_queue_t* q = nullptr;
  ASSERT_EQ(create(gpu_, 64, HSA_QUEUE_TYPE_MULTI, &q), HSA_STATUS_SUCCESS);
  ASSERT_EQ(hsa_queue_destroy(q), HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_queue_destroy(q), HSA_STATUS_ERROR_INVALID_QUEUE) << "destroyed twice";
  EXPECT_EQ(hsa_queue_inactivate(nullptr), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_queue_inactivate(&fake), HSA_STATUS_ERROR_INVALID_QUEUE);
}

TEST_F(ApiQueueCreate, QueuesLeftOpenAreFreedAtShutDown) {
  for (int i = 0; i < 3; ++i) {
    hsa_queue_t* q = nullptr;
    ASSERT_EQ(create(gpu_, 128, HSA_QUEUE_TYPE_MULTI, &q), HSA_STATUS_SUCCESS);
  }
  ASSERT_EQ(hsa_shut_down(), HSA_STATUS_SUCCESS);
  // A new runtime starts clean and serves queues again.
  ASSERT_EQ(hsa_init(), HSA_STATUS_SUCCESS);
  find_agents();
  hsa_queue_t* q = nullptr;
  ASSERT_EQ(create(gpu_, 64, HSA_QUEUE_TYPE_MULTI, &q), HSA_STATUS_SUCCESS);
  fw_amd_signal* done = hsakmt_test::alloc_array<fw_amd_signal>(1);
  ASSERT_NE(done, nullptr);
  done->kind = FW_AMD_SIGNAL_KIND_USER;
  done->value = 1;
  const fw_aql_barrier_packet p = barrier(reinterpret_cast<uintptr_t>(done));
  submit(q, &p);
  EXPECT_TRUE(wait_zero(done, 20000));
  EXPECT_EQ(hsa_queue_destroy(q), HSA_STATUS_SUCCESS);
  hsakmt_test::free_system(done, 4096);
}

TEST_F(ApiQueueCreate, InactiveQueueProcessesNothing) {
  hsa_queue_t* q = nullptr;
  ASSERT_EQ(create(gpu_, 64, HSA_QUEUE_TYPE_MULTI, &q), HSA_STATUS_SUCCESS);
  fw_amd_signal* done = hsakmt_test::alloc_array<fw_amd_signal>(2);
  ASSERT_NE(done, nullptr);
  for (int i = 0; i < 2; ++i) {
    done[i].kind = FW_AMD_SIGNAL_KIND_USER;
    done[i].value = 1;
  }
  // The queue works, then stops once inactivated.
  const fw_aql_barrier_packet first = barrier(reinterpret_cast<uintptr_t>(&done[0]));
  submit(q, &first);
  ASSERT_TRUE(wait_zero(&done[0], 20000));
  ASSERT_EQ(hsa_queue_inactivate(q), HSA_STATUS_SUCCESS);
  const fw_aql_barrier_packet second = barrier(reinterpret_cast<uintptr_t>(&done[1]));
  submit(q, &second);
  EXPECT_FALSE(wait_zero(&done[1], 300)) << "an inactive queue ran a packet";
  EXPECT_EQ(hsa_queue_load_read_index_scacquire(q), 1u);
  EXPECT_EQ(hsa_queue_destroy(q), HSA_STATUS_SUCCESS);
  hsakmt_test::free_system(done, 4096);
}

using ApiSoftQueue = ApiQueueTest;

// The first region of the GPU (any region will do for a soft queue).
hsa_region_t any_region(hsa_agent_t a) {
  hsa_region_t r{0};
  hsa_agent_iterate_regions(
      a,
      [](hsa_region_t region, void* data) {
        auto* out = static_cast<hsa_region_t*>(data);
        if (out->handle == 0) *out = region;
        return HSA_STATUS_SUCCESS;
      },
      &r);
  return r;
}

TEST_F(ApiSoftQueue, RejectsBadArguments) {
  const hsa_region_t region = any_region(cpu_);
  ASSERT_NE(region.handle, 0u);
  const hsa_signal_t bell{0x1000};
  const uint32_t kd = HSA_QUEUE_FEATURE_KERNEL_DISPATCH;
  hsa_queue_t* q = nullptr;
  EXPECT_EQ(hsa_soft_queue_create(region, 0, HSA_QUEUE_TYPE_MULTI, kd, bell, &q),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_soft_queue_create(region, 48, HSA_QUEUE_TYPE_MULTI, kd, bell, &q),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_soft_queue_create(region, 64, 9, kd, bell, &q), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_soft_queue_create(region, 64, HSA_QUEUE_TYPE_MULTI, 0, bell, &q),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_soft_queue_create(region, 64, HSA_QUEUE_TYPE_MULTI, kd, hsa_signal_t{0}, &q),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_soft_queue_create(region, 64, HSA_QUEUE_TYPE_MULTI, kd, bell, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(q, nullptr);
}

TEST_F(ApiSoftQueue, KeepsWhatTheCallerGave) {
  const hsa_region_t region = any_region(cpu_);
  const hsa_signal_t bell{0x2040};
  hsa_queue_t* q = nullptr;
  ASSERT_EQ(hsa_soft_queue_create(region, 8, HSA_QUEUE_TYPE_SINGLE,
                                  HSA_QUEUE_FEATURE_AGENT_DISPATCH, bell, &q),
            HSA_STATUS_SUCCESS);
  EXPECT_EQ(q->size, 8u) << "soft queues have no minimum size";
  EXPECT_EQ(q->type, HSA_QUEUE_TYPE_SINGLE);
  EXPECT_EQ(q->features, HSA_QUEUE_FEATURE_AGENT_DISPATCH);
  EXPECT_EQ(q->doorbell_signal.handle, bell.handle);
  const auto* ring = static_cast<const uint16_t*>(q->base_address);
  for (uint32_t i = 0; i < q->size; ++i) EXPECT_EQ(ring[i * 32] & 0xff, HSA_PACKET_TYPE_INVALID);
  EXPECT_EQ(hsa_queue_load_write_index_relaxed(q), 0u);
  EXPECT_EQ(hsa_queue_inactivate(q), HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_queue_destroy(q), HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_queue_destroy(q), HSA_STATUS_ERROR_INVALID_QUEUE);
}

}  // namespace
}  // namespace queue_test
