// Work through the device: an AQL kernel dispatch and an SDMA copy, on
// queues mapped by MAP_QUEUE messages and memory mapped by VM_MAP, with the
// interrupts the module would read from the IH ring.
#include "compute_pgm_rsrc.h"
#include "device_fixture.h"
#include "kernel_descriptor.h"
#include "kfd_device_vega10.h"
#include "pm4_packets.h"
#include "sdma_builder.h"
#include "test_mqd.h"

namespace gcn_device_test {
namespace {

TEST_F(DeviceTest, AqlDispatchComputesSignalsAndRaisesEndOfPipe) {
  ASSERT_EQ(add_process(1), 0);
  AqlQueue q = make_aql_queue(1, /*hqd=*/10, /*doorbell_slot=*/3);
  const uint32_t n = 64 * 8;
  Buf in = alloc(1, n * 4);
  Buf out = alloc(1, n * 4);
  for (uint32_t i = 0; i < n; ++i) in.as<int32_t>()[i] = static_cast<int32_t>(i * 13) - 999;
  Buf mailbox = alloc(1, 8);
  *mailbox.as<uint64_t>() = ~0ull;
  Buf done = make_signal(1, 1, &mailbox, 42);
  Kernel k = assemble(1, kScaleAdd);
  auto pkt = dispatch_packet(1, k, n, 64, {out.va, in.va}, done);
  q.submit(&pkt);

  auto* signal = done.as<fw_amd_signal>();
  ASSERT_TRUE(eventually([&] { return load(&signal->value) == 0; }));
  for (uint32_t i = 0; i < n; ++i)
    ASSERT_EQ(out.as<int32_t>()[i], 5 * in.as<int32_t>()[i] + 7) << "work-item " << i;
  EXPECT_EQ(load(&q.queue()->read_dispatch_id), 1u);
  EXPECT_EQ(load(mailbox.as<uint64_t>()), 42u);
  fw_ih_entry e{};
  ASSERT_TRUE(port_.wait_for(FW_IH_CLIENT_GRBM_CP, FW_IH_SRC_CP_END_OF_PIPE, &e));
  EXPECT_EQ(ih_pasid(e), 1u);
  EXPECT_EQ(FW_FIELD_GET(e.dw0, FW_IH_VMID), gcn::device::kContextVmid);
  EXPECT_EQ(e.src_data[0], 42u);
}

TEST_F(DeviceTest, SdmaCopyThroughSdmaMqd) {
  ASSERT_EQ(add_process(5), 0);
  const uint32_t bytes = 3 * 4096 + 100;
  Buf src = alloc(5, bytes);
  Buf dst = alloc(5, bytes);
  for (uint32_t i = 0; i < bytes; ++i) src.host[i] = static_cast<uint8_t>(i * 7 + 3);
  Buf ring = alloc(5, 4096);
  Buf rptr = alloc(5, 8);
  Buf fence = alloc(5, 8);
  const uint32_t slot = kfdc_vega10_sdma_doorbell(0, 0);
  const fw_v9_sdma_mqd mqd = gcn_test::sdma_mqd(ring.va, 4096, rptr.va, slot, 0);
  fw_vgpu_msg m = message(FW_VGPU_OP_MAP_QUEUE, 5);
  m.hqd = 20;
  m.flags = FW_VGPU_F_ACTIVE | FW_VGPU_F_SDMA;
  std::memcpy(m.mqd, &mqd, sizeof(mqd));
  ASSERT_EQ(send(m), 0);

  sdma_test::Stream s;
  s.copy(dst.va, src.va, bytes);
  s.fence(fence.va, 0xcafe);
  s.trap(77);
  for (size_t i = 0; i < s.dwords().size(); ++i) ring.as<uint32_t>()[i] = s.dwords()[i];
  __atomic_store_n(doorbells(5) + slot, s.bytes(), __ATOMIC_RELEASE);

  ASSERT_TRUE(eventually([&] { return load(fence.as<uint32_t>()) == 0xcafe; }));
  EXPECT_EQ(std::memcmp(dst.host, src.host, bytes), 0);
  fw_ih_entry e{};
  ASSERT_TRUE(port_.wait_for(FW_IH_CLIENT_SDMA0, FW_IH_SRC_SDMA_TRAP, &e));
  EXPECT_EQ(ih_pasid(e), 5u);
  EXPECT_EQ(FW_FIELD_GET(e.src_data[0], FW_SDMA_TRAP_INT_CONTEXT), 77u);
  EXPECT_TRUE(eventually([&] { return load(rptr.as<uint64_t>()) == s.bytes(); }));
}

std::vector<uint32_t> set_sh_reg(uint32_t reg, std::vector<uint32_t> values) {
  std::vector<uint32_t> p = {
      FW_PM4_HEADER(FW_PM4_SET_SH_REG, 1 + static_cast<uint32_t>(values.size())), reg};
  p.insert(p.end(), values.begin(), values.end());
  return p;
}

// A PM4 dispatch whose private memory the shader engine backs itself: the
// scratch is mapped at the engine's own GPU VA, not at its host address
// (in a device context those are unrelated).
TEST_F(DeviceTest, Pm4DispatchWithEngineBackedScratch) {
  ASSERT_EQ(add_process(3), 0);
  Buf ring = alloc(3, 4096);
  Buf rptr = alloc(3, 8);
  Buf out = alloc(3, 64 * 4);
  Buf fence = alloc(3, 8);
  const fw_v9_mqd mqd = gcn_test::compute_mqd(false, ring.va, 4096, rptr.va, 0, 2);
  fw_vgpu_msg m = message(FW_VGPU_OP_MAP_QUEUE, 3);
  m.hqd = 30;
  m.flags = FW_VGPU_F_ACTIVE;
  std::memcpy(m.mqd, &mqd, sizeof(mqd));
  ASSERT_EQ(send(m), 0);
  // Each lane stores 1000 + its id to private offset 0 through the flat
  // private aperture, reads it back and writes it to out[lane].
  Kernel k = assemble(3, R"(
v_mov_b32 v2, 0
v_mov_b32 v3, 0x20000
v_add_u32 v4, 1000, v0
flat_store_dword v[2:3], v4
s_waitcnt vmcnt(0) lgkmcnt(0)
flat_load_dword v5, v[2:3]
s_waitcnt vmcnt(0) lgkmcnt(0)
v_lshlrev_b32 v1, 2, v0
global_store_dword v1, v5, s[0:1]
s_endpgm
)");
  const auto* kd = k.code.as<fw_kernel_descriptor>();
  const uint64_t code = k.code.va + 256;
  std::vector<uint32_t> cmds;
  auto add = [&](const std::vector<uint32_t>& p) { cmds.insert(cmds.end(), p.begin(), p.end()); };
  add(set_sh_reg(FW_SH_COMPUTE_PGM_LO,
                 {static_cast<uint32_t>(code >> 8), static_cast<uint32_t>(code >> 40)}));
  add(set_sh_reg(FW_SH_COMPUTE_PGM_RSRC1, {kd->compute_pgm_rsrc1, kd->compute_pgm_rsrc2}));
  add(set_sh_reg(FW_SH_COMPUTE_NUM_THREAD_X, {64, 1, 1}));
  add(set_sh_reg(FW_SH_COMPUTE_TMPRING_SIZE, {FW_FIELD_PREP(FW_COMPUTE_TMPRING_WAVES, 4) |
                                              FW_FIELD_PREP(FW_COMPUTE_TMPRING_WAVESIZE, 1)}));
  add(set_sh_reg(FW_SH_COMPUTE_USER_DATA_0,
                 {static_cast<uint32_t>(out.va), static_cast<uint32_t>(out.va >> 32)}));
  add({FW_PM4_HEADER(FW_PM4_DISPATCH_DIRECT, FW_PM4_DISPATCH_DIRECT_DWORDS), 1, 1, 1, 1});
  add({FW_PM4_HEADER(FW_PM4_RELEASE_MEM, FW_PM4_RELEASE_MEM_DWORDS),
       FW_FIELD_PREP(FW_PM4_EVENT_TYPE, FW_PM4_EVENT_CACHE_FLUSH_AND_INV_TS) |
           FW_FIELD_PREP(FW_PM4_EVENT_INDEX, 5),
       FW_FIELD_PREP(FW_PM4_RELEASE_MEM_DATA_SEL, FW_PM4_DATA_SEL_LOW32) |
           FW_FIELD_PREP(FW_PM4_RELEASE_MEM_INT_SEL, FW_PM4_INT_SEL_NONE),
       static_cast<uint32_t>(fence.va), static_cast<uint32_t>(fence.va >> 32), 1, 0, 0});
  for (size_t i = 0; i < cmds.size(); ++i) ring.as<uint32_t>()[i] = cmds[i];
  __atomic_store_n(doorbells(3) + 2, cmds.size(), __ATOMIC_RELEASE);

  ASSERT_TRUE(eventually([&] { return load(fence.as<uint32_t>()) == 1; }));
  for (uint32_t i = 0; i < 64; ++i) ASSERT_EQ(out.as<uint32_t>()[i], 1000 + i) << "lane " << i;
}

TEST_F(DeviceTest, SetVmidNeedsTheContext) {
  ASSERT_EQ(add_process(2), 0);
  fw_vgpu_msg m = message(FW_VGPU_OP_SET_VMID, 2);
  m.tba = 0x20000000;
  m.tma = 0x20001000;
  m.va = 0x30000000;
  EXPECT_EQ(send(m), 0);
  m.pasid = 3;  // no such process
  EXPECT_EQ(send(m), -EINVAL);
}

}  // namespace
}  // namespace gcn_device_test
