// Queues and processes coming and going: UNMAP_QUEUE under a running
// kernel, PROCESS_REMOVE's cleanup, and messages the device must refuse.
#include <algorithm>
#include <future>

#include "device_fixture.h"
#include "kfd_device.h"
#include "test_mqd.h"
#include "wave/dispatch_state.h"

namespace gcn_device_test {
namespace {

TEST_F(DeviceTest, UnmapQueueWhileKernelRunsReturns) {
  ASSERT_EQ(add_process(1), 0);
  AqlQueue q = make_aql_queue(1, 7);
  Kernel k = assemble(1, kSpinForever);
  Buf done = make_signal(1, 1);
  auto pkt = dispatch_packet(1, k, 64, 64, {}, done);
  q.submit(&pkt);
  ASSERT_TRUE(eventually([&] { return dev_->context(1)->gpu().cp().stats().dispatches == 1; }));

  fw_vgpu_msg m = message(FW_VGPU_OP_UNMAP_QUEUE, 1);
  m.hqd = 7;
  auto unmap = std::async(std::launch::async, [&] { return send(m); });
  ASSERT_EQ(unmap.wait_for(std::chrono::seconds(20)), std::future_status::ready);
  EXPECT_EQ(unmap.get(), 0);
  EXPECT_EQ(dev_->queues(), 0u);
  EXPECT_EQ(load(&done.as<fw_amd_signal>()->value), 1);  // never completed
  EXPECT_EQ(send(m), -EINVAL);                           // gone
}

TEST_F(DeviceTest, ProcessRemoveReleasesEverything) {
  ASSERT_EQ(add_process(1), 0);
  ASSERT_EQ(add_process(2), 0);
  AqlQueue q = make_aql_queue(1, 3);
  Buf a = alloc(1, 8192);
  Buf b = alloc(1, 4096);
  ASSERT_EQ(vm_unmap(1, b), 0);
  Buf other = alloc(2, 4096);
  const std::vector<HostRange> mapped_by_1 = {{doorbells(1), KFDC_DOORBELL_SLICE_BYTES},
                                              {q.amd.host, q.amd.size},
                                              {q.ring.host, q.ring.size},
                                              {a.host, a.size},
                                              {b.host, b.size}};

  ASSERT_EQ(send(message(FW_VGPU_OP_PROCESS_REMOVE, 1)), 0);
  EXPECT_EQ(dev_->contexts(), 1u);
  EXPECT_EQ(dev_->queues(), 0u);
  EXPECT_EQ(dev_->context(1), nullptr);
  ASSERT_EQ(port_.released_.size(), mapped_by_1.size());
  for (const HostRange& r : mapped_by_1)
    EXPECT_NE(std::find(port_.released_.begin(), port_.released_.end(), r), port_.released_.end())
        << r.host;
  // Pasid 2 keeps its memory.
  EXPECT_EQ(
      std::find(port_.released_.begin(), port_.released_.end(), HostRange{other.host, other.size}),
      port_.released_.end());

  // The pasid is unknown now, its queue handle too; it may come back.
  fw_vgpu_msg m = message(FW_VGPU_OP_VM_MAP, 1);
  m.va = 0x40000000;
  m.size = 4096;
  m.offset = 1ull << 20;
  EXPECT_EQ(send(m), -EINVAL);
  m = message(FW_VGPU_OP_UNMAP_QUEUE, 1);
  m.hqd = 3;
  EXPECT_EQ(send(m), -EINVAL);
  EXPECT_EQ(send(message(FW_VGPU_OP_PROCESS_REMOVE, 1)), -EINVAL);
  EXPECT_EQ(add_process(1), 0);
}

TEST_F(DeviceTest, BadMessagesAreRefused) {
  ASSERT_EQ(add_process(1), 0);
  Buf good = alloc(1, 4096);
  const Backing spare = port_.add_backing(4096);

  EXPECT_EQ(send(message(0, 1)), -EINVAL);
  EXPECT_EQ(send(message(99, 1)), -EINVAL);

  // PROCESS_ADD: pasid 0, again, no doorbells, the IH ring as doorbells,
  // an offset the module never gave.
  fw_vgpu_msg add = message(FW_VGPU_OP_PROCESS_ADD, 0);
  add.offset = spare.offset;
  add.size = spare.size;
  EXPECT_EQ(send(add), -EINVAL);
  add.pasid = 1;
  EXPECT_EQ(send(add), -EEXIST);
  add.pasid = 9;
  add.size = 0;
  EXPECT_EQ(send(add), -EINVAL);
  add.size = 4096;
  add.offset = 0;
  EXPECT_EQ(send(add), -EINVAL);
  add.offset = 1ull << 40;
  EXPECT_EQ(send(add), -ENXIO);
  EXPECT_EQ(dev_->contexts(), 1u);

  // VM_MAP: unknown pasid, unaligned or empty or wrapping ranges, the IH
  // ring, an overlap (its pages released again), an unknown offset.
  auto vm_map = [&](uint32_t pasid, uint64_t va, uint64_t size, uint64_t offset) {
    fw_vgpu_msg m = message(FW_VGPU_OP_VM_MAP, pasid);
    m.va = va;
    m.size = size;
    m.offset = offset;
    m.flags = FW_VGPU_F_WRITABLE;
    return send(m);
  };
  EXPECT_EQ(vm_map(2, 0x70000000, 4096, spare.offset), -EINVAL);
  EXPECT_EQ(vm_map(1, 0x70000010, 4096, spare.offset), -EINVAL);
  EXPECT_EQ(vm_map(1, 0x70000000, 100, spare.offset), -EINVAL);
  EXPECT_EQ(vm_map(1, 0x70000000, 0, spare.offset), -EINVAL);
  EXPECT_EQ(vm_map(1, 0x70000000, 4096, spare.offset + 8), -EINVAL);
  EXPECT_EQ(vm_map(1, ~uint64_t{4095}, 4096, spare.offset), -EINVAL);
  EXPECT_EQ(vm_map(1, gcn::kEngineScratchBase, 4096, spare.offset), -EINVAL);
  EXPECT_EQ(vm_map(1, 0x70000000, 4096, 0), -EINVAL);
  EXPECT_EQ(vm_map(1, 0x70000000, 4096, 4096), -EINVAL);
  EXPECT_EQ(vm_map(1, 0x70000000, 4096, 1ull << 40), -ENXIO);
  const size_t released = port_.released_.size();
  EXPECT_EQ(vm_map(1, good.va, 4096, spare.offset), -EINVAL);
  ASSERT_EQ(port_.released_.size(), released + 1);
  EXPECT_EQ(port_.released_.back().host, spare.host);

  // VM_UNMAP: unknown pasid, not the start of a range, the wrong size.
  fw_vgpu_msg un = message(FW_VGPU_OP_VM_UNMAP, 2);
  un.va = good.va;
  un.size = good.size;
  EXPECT_EQ(send(un), -EINVAL);
  un.pasid = 1;
  un.va = good.va + 4096;
  EXPECT_EQ(send(un), -EINVAL);
  un.va = good.va;
  un.size = 2 * good.size;
  EXPECT_EQ(send(un), -EINVAL);
  EXPECT_EQ(dev_->context(1)->mapped_ranges(), 1u);

  // MAP_QUEUE: unknown pasid, an MQD the CP cannot serve (no ring), a
  // doorbell past the slice, a handle in use; UPDATE/UNMAP of unknown
  // handles or of another pasid's.
  const fw_v9_mqd no_ring = gcn_test::compute_mqd(true, good.va, 0, 0, 0, 0);
  const fw_v9_mqd far_bell = gcn_test::compute_mqd(false, good.va, 4096, 0, 0, 5000);
  const fw_v9_mqd ok = gcn_test::compute_mqd(false, good.va, 4096, 0, 0, 1);
  auto queue_msg = [&](uint32_t op, uint32_t pasid, uint32_t hqd, const fw_v9_mqd& mqd) {
    fw_vgpu_msg m = message(op, pasid);
    m.hqd = hqd;
    m.flags = FW_VGPU_F_ACTIVE;
    std::memcpy(m.mqd, &mqd, sizeof(mqd));
    return send(m);
  };
  EXPECT_EQ(queue_msg(FW_VGPU_OP_MAP_QUEUE, 2, 1, ok), -EINVAL);
  EXPECT_EQ(queue_msg(FW_VGPU_OP_MAP_QUEUE, 1, 1, no_ring), -EINVAL);
  EXPECT_EQ(queue_msg(FW_VGPU_OP_MAP_QUEUE, 1, 1, far_bell), -EINVAL);
  EXPECT_EQ(queue_msg(FW_VGPU_OP_MAP_QUEUE, 1, 1, ok), 0);
  EXPECT_EQ(queue_msg(FW_VGPU_OP_MAP_QUEUE, 1, 1, ok), -EEXIST);
  EXPECT_EQ(queue_msg(FW_VGPU_OP_UPDATE_QUEUE, 1, 2, ok), -EINVAL);
  EXPECT_EQ(queue_msg(FW_VGPU_OP_UPDATE_QUEUE, 1, 1, no_ring), -EINVAL);
  EXPECT_EQ(queue_msg(FW_VGPU_OP_UPDATE_QUEUE, 1, 1, ok), 0);
  ASSERT_EQ(add_process(2), 0);
  EXPECT_EQ(queue_msg(FW_VGPU_OP_UNMAP_QUEUE, 2, 1, ok), -EINVAL);
  EXPECT_EQ(queue_msg(FW_VGPU_OP_UNMAP_QUEUE, 1, 1, ok), 0);
  EXPECT_EQ(dev_->queues(), 0u);
}

}  // namespace
}  // namespace gcn_device_test
