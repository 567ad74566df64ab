// PM4 compute queues: WRITE_DATA, RELEASE_MEM (data and interrupt),
// WAIT_REG_MEM, INDIRECT_BUFFER, SET_SH_REG + DISPATCH_DIRECT.
#include "compute_pgm_rsrc.h"
#include "cp_fixture.h"

namespace gcn_cp_test {
namespace {

TEST_F(CpTest, Pm4WriteDataAndReleaseMemChangeMemory) {
  Pm4Queue q = make_pm4_queue();
  auto* mem = alloc_array<uint64_t>(4);
  auto* words = reinterpret_cast<uint32_t*>(mem);
  q.submit(pm4_write_data(va(&words[0]), {0x11111111, 0x22222222}) +
           pm4_release_mem(va(&mem[2]), FW_PM4_DATA_SEL_64, 0x123456789ABCDEF0ull,
                           FW_PM4_INT_SEL_NONE, 0) +
           pm4_release_mem(va(&mem[3]), FW_PM4_DATA_SEL_LOW32, 0xFFFFFFFF00000077ull,
                           FW_PM4_INT_SEL_NONE, 0));
  ASSERT_TRUE(eventually([&] { return load(&mem[3]) == 0x77; }));
  EXPECT_EQ(words[0], 0x11111111u);
  EXPECT_EQ(words[1], 0x22222222u);
  EXPECT_EQ(mem[2], 0x123456789ABCDEF0ull);
  // Read pointer: every dword consumed.
  EXPECT_TRUE(eventually([&] { return load(q.rptr) == q.wptr % q.dwords; }));
  EXPECT_EQ(cp().stats().packets, 3u);
  EXPECT_TRUE(interrupts().empty());
}

TEST_F(CpTest, Pm4WriteDataOneAddressKeepsTheLastValue) {
  Pm4Queue q = make_pm4_queue();
  auto* mem = alloc_array<uint32_t>(4);
  auto p = pm4_write_data(va(mem), {1, 2, 3});
  p[1] |= FW_FIELD_PREP(FW_PM4_WRITE_DATA_WR_ONE_ADDR, 1);
  q.submit(p + pm4_write_data(va(&mem[3]), {9}));
  ASSERT_TRUE(eventually([&] { return load(&mem[3]) == 9; }));
  EXPECT_EQ(mem[0], 3u);
  EXPECT_EQ(mem[1], 0u);
}

TEST_F(CpTest, Pm4ReleaseMemRaisesInterruptWithContextId) {
  Pm4Queue q = make_pm4_queue(1024, /*pasid=*/0x55);
  auto* fence = alloc_array<uint64_t>(1);
  q.submit(
      pm4_release_mem(va(fence), FW_PM4_DATA_SEL_LOW32, 5, FW_PM4_INT_SEL_INT_ON_CONFIRM, 0xABC));
  fw_ih_entry e{};
  ASSERT_TRUE(wait_for_interrupt(FW_IH_CLIENT_GRBM_CP, FW_IH_SRC_CP_END_OF_PIPE, &e));
  EXPECT_EQ(e.src_data[0], 0xABCu);
  EXPECT_EQ(ih_pasid(e), 0x55u);
  EXPECT_EQ(load(fence), 5u);  // written before the interrupt
}

TEST_F(CpTest, Pm4ReleaseMemTimestampsIncrease) {
  Pm4Queue q = make_pm4_queue();
  auto* ts = alloc_array<uint64_t>(3);
  q.submit(pm4_release_mem(va(&ts[0]), FW_PM4_DATA_SEL_GPU_CLOCK, 0, FW_PM4_INT_SEL_NONE, 0) +
           pm4_release_mem(va(&ts[1]), FW_PM4_DATA_SEL_GPU_CLOCK, 0, FW_PM4_INT_SEL_NONE, 0) +
           pm4_release_mem(va(&ts[2]), FW_PM4_DATA_SEL_LOW32, 1, FW_PM4_INT_SEL_NONE, 0));
  ASSERT_TRUE(eventually([&] { return load(&ts[2]) == 1; }));
  EXPECT_NE(ts[0], 0u);
  EXPECT_LE(ts[0], ts[1]);
}

TEST_F(CpTest, Pm4WaitRegMemBlocksUntilMemoryChanges) {
  Pm4Queue q = make_pm4_queue();
  auto* flag = alloc_array<uint32_t>(1);
  auto* marker = alloc_array<uint32_t>(1);
  q.submit(pm4_wait_reg_mem_eq(va(flag), 0x5, 0xF) + pm4_write_data(va(marker), {1}));

  // Another queue runs while this one waits.
  Pm4Queue other = make_pm4_queue();
  auto* other_marker = alloc_array<uint32_t>(1);
  other.submit(pm4_write_data(va(other_marker), {7}));
  ASSERT_TRUE(eventually([&] { return load(other_marker) == 7; }));

  // 0x15 & 0xF == 5 but 0x14 does not match: still waiting.
  __atomic_store_n(flag, 0x14u, __ATOMIC_RELEASE);
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_EQ(load(marker), 0u);
  EXPECT_EQ(load(q.rptr), 0u);
  __atomic_store_n(flag, 0x15u, __ATOMIC_RELEASE);
  ASSERT_TRUE(eventually([&] { return load(marker) == 1; }));
}

TEST_F(CpTest, Pm4IndirectBufferRunsBeforeTheNextRingPacket) {
  Pm4Queue q = make_pm4_queue();
  auto* mem = alloc_array<uint32_t>(4);
  auto* flag = alloc_array<uint32_t>(1);
  // The IB waits on a flag halfway: the ring packet after it must wait too.
  auto ib_words = pm4_write_data(va(&mem[0]), {10}) + pm4_wait_reg_mem_eq(va(flag), 1, ~0u) +
                  pm4_write_data(va(&mem[1]), {20});
  auto* ib = alloc_array<uint32_t>(ib_words.size());
  std::memcpy(ib, ib_words.data(), ib_words.size() * 4);
  q.submit(pm4_indirect_buffer(ib, static_cast<uint32_t>(ib_words.size())) +
           pm4_write_data(va(&mem[2]), {30}));

  ASSERT_TRUE(eventually([&] { return load(&mem[0]) == 10; }));
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_EQ(load(&mem[1]), 0u);
  EXPECT_EQ(load(&mem[2]), 0u);
  __atomic_store_n(flag, 1u, __ATOMIC_RELEASE);
  ASSERT_TRUE(eventually([&] { return load(&mem[2]) == 30; }));
  EXPECT_EQ(mem[1], 20u);
  EXPECT_TRUE(eventually([&] { return load(q.rptr) == q.wptr % q.dwords; }));
}

TEST_F(CpTest, Pm4RingWrapsAround) {
  Pm4Queue q = make_pm4_queue(64);
  auto* mem = alloc_array<uint32_t>(40);
  for (uint32_t i = 0; i < 40; ++i) {
    // 5-dword packets in a 64-dword ring: they straddle the end.
    ASSERT_TRUE(eventually([&] { return (q.wptr - load(q.rptr)) % 64 <= 32; }));
    q.submit(pm4_write_data(va(&mem[i]), {i + 100}));
  }
  ASSERT_TRUE(eventually([&] { return load(&mem[39]) == 139; }));
  for (uint32_t i = 0; i < 40; ++i) EXPECT_EQ(mem[i], i + 100);
}

// out[gid] = 3 * gid + 1 launched from registers: the code address in
// COMPUTE_PGM_LO/HI, user SGPRs s[0:1] (the kernarg pointer) from
// COMPUTE_USER_DATA_0/1, the group size from COMPUTE_NUM_THREAD_X.
TEST_F(CpTest, Pm4SetShRegAndDispatchDirectRunAKernel) {
  Pm4Queue q = make_pm4_queue();
  Kernel k = assemble(kStoreLinear);
  const uint32_t groups = 5;
  auto* out = alloc_array<uint32_t>(64 * groups);
  auto* args = alloc_array<uint64_t>(1);
  args[0] = va(out);
  auto* fence = alloc_array<uint32_t>(1);
  const uint64_t code = va(k.code);
  ASSERT_EQ(code % 256, 0u);
  q.submit(
      pm4_set_sh_reg(FW_SH_COMPUTE_PGM_LO,
                     {static_cast<uint32_t>(code >> 8), static_cast<uint32_t>(code >> 40)}) +
      pm4_set_sh_reg(FW_SH_COMPUTE_PGM_RSRC1, {k.kd->compute_pgm_rsrc1, k.kd->compute_pgm_rsrc2}) +
      pm4_set_sh_reg(FW_SH_COMPUTE_NUM_THREAD_X, {64, 1, 1}) +
      pm4_set_sh_reg(FW_SH_COMPUTE_USER_DATA_0,
                     {static_cast<uint32_t>(va(args)), static_cast<uint32_t>(va(args) >> 32)}) +
      std::vector<uint32_t>{pm4_header(FW_PM4_DISPATCH_DIRECT, FW_PM4_DISPATCH_DIRECT_DWORDS),
                            groups, 1, 1, 1} +
      pm4_release_mem(va(fence), FW_PM4_DATA_SEL_LOW32, 1, FW_PM4_INT_SEL_NONE, 0));
  ASSERT_TRUE(eventually([&] { return load(fence) == 1; })) << cp().error(q.id);
  for (uint32_t i = 0; i < 64 * groups; ++i) ASSERT_EQ(out[i], 3 * i + 1) << "work-item " << i;
  EXPECT_EQ(cp().stats().dispatches, 1u);
}

}  // namespace
}  // namespace gcn_cp_test
