// A queue's CU mask (its MQD's COMPUTE_STATIC_THREAD_MGMT_SE0..3) decides
// where its workgroups run: a kernel records HW_ID per workgroup and every
// recorded (SE, SH, CU) must be one the mask enables, every enabled one must
// be used once there are enough groups, and a mask with no CU enabled holds
// the queue, as on gfx9.
#include <chrono>
#include <set>
#include <thread>
#include <tuple>

#include "cp_fixture.h"
#include "gfx9_cu_placement.h"

namespace gcn_cp_test {
namespace {

using Place = std::tuple<unsigned, unsigned, unsigned>;  // SE, SH, CU

Place place_of(uint32_t hw_id) {
  return {FW_FIELD_GET(hw_id, FW_HW_ID_SE_ID), FW_FIELD_GET(hw_id, FW_HW_ID_SH_ID),
          FW_FIELD_GET(hw_id, FW_HW_ID_CU_ID)};
}

// The places COMPUTE_STATIC_THREAD_MGMT_SEn enable on a chip whose SE s has
// `cus_in_se[s]` CUs in its single shader array: written from the register
// definition, independently of the emulator's layout code.
std::set<Place> expected_places(const uint32_t (&se_mask)[4], const unsigned (&cus_in_se)[4]) {
  std::set<Place> out;
  for (unsigned se = 0; se < 4; ++se)
    for (unsigned cu = 0; cu < cus_in_se[se]; ++cu)
      if (se_mask[se] >> cu & 1) out.insert({se, 0, cu});
  return out;
}

class CuMaskTest : public CpTest {
 protected:
  // Puts the CP on an engine of `cus` compute units (the harness's engine
  // has 64).
  void use_chip(unsigned cus) {
    cp_.reset();
    engine_ = std::make_unique<gcn::ShaderEngine>(harness().memory(), 2, cus);
    cp_ = std::make_unique<gcn::CommandProcessor>(harness().memory(), *engine_,
                                                  [](const fw_ih_entry&) {});
  }
  ~CuMaskTest() override { cp_.reset(); }  // before engine_ goes

  void SetUp() override {
    std::string error;
    co_ = harness().load(CP_KERNEL_DIR "/hw_id.co", &error);
    ASSERT_NE(co_, nullptr) << error;
    kd_ = co_->descriptor("record_hw_id");
    ASSERT_NE(kd_, nullptr);
  }

  // Submits record_hw_id over `groups` groups of 64 work-items; the
  // returned completion signal reaches 0 when it is done.
  fw_amd_signal* submit(AqlQueue& q, uint32_t groups, uint32_t* out) {
    gcn::test::Kernargs args;
    args.ptr(out);
    auto bytes = args.bytes();
    auto* kernarg = static_cast<uint8_t*>(alloc(bytes.size()));
    std::memcpy(kernarg, bytes.data(), bytes.size());
    auto* done = make_signal(1);
    fw_aql_kernel_dispatch_packet p{};
    p.header = FW_FIELD_PREP(FW_AQL_HEADER_TYPE, FW_AQL_PACKET_TYPE_KERNEL_DISPATCH) |
               FW_FIELD_PREP(FW_AQL_HEADER_ACQUIRE_FENCE_SCOPE, FW_AQL_FENCE_SCOPE_SYSTEM) |
               FW_FIELD_PREP(FW_AQL_HEADER_RELEASE_FENCE_SCOPE, FW_AQL_FENCE_SCOPE_SYSTEM);
    p.setup = 1;
    p.workgroup_size_x = 64;
    p.workgroup_size_y = p.workgroup_size_z = 1;
    p.grid_size_x = groups * 64;
    p.grid_size_y = p.grid_size_z = 1;
    p.group_segment_size = kd_->group_segment_fixed_size;
    p.private_segment_size = kd_->private_segment_fixed_size;
    p.kernel_object = va(kd_);
    p.kernarg_address = va(kernarg);
    p.completion_signal = va(done);
    q.submit(&p);
    return done;
  }

  // Runs the kernel and returns the places its groups ran on; checks that
  // the wave fields of HW_ID are those of a group's first wave.
  std::set<Place> run(AqlQueue& q, uint32_t groups) {
    auto* out = alloc_array<uint32_t>(groups);
    for (uint32_t g = 0; g < groups; ++g) out[g] = ~0u;
    auto* done = submit(q, groups, out);
    EXPECT_TRUE(eventually([&] { return load(&done->value) == 0; }));
    std::set<Place> seen;
    for (uint32_t g = 0; g < groups; ++g) {
      EXPECT_NE(out[g], ~0u) << "group " << g << " did not run";
      EXPECT_EQ(FW_FIELD_GET(out[g], FW_HW_ID_WAVE_ID), 0u) << "group " << g;
      EXPECT_EQ(FW_FIELD_GET(out[g], FW_HW_ID_SIMD_ID), 0u) << "group " << g;
      seen.insert(place_of(out[g]));
    }
    return seen;
  }

  gcn::test::CodeObject* co_ = nullptr;
  const fw_kernel_descriptor* kd_ = nullptr;
  std::unique_ptr<gcn::ShaderEngine> engine_;
};

TEST_F(CuMaskTest, DefaultMaskUsesEveryCuOfTheChip) {
  AqlQueue q = make_aql_queue();
  const uint32_t all[4] = {~0u, ~0u, ~0u, ~0u};
  const unsigned vega10[4] = {16, 16, 16, 16};
  const std::set<Place> seen = run(q, 256);
  EXPECT_EQ(seen.size(), 64u);
  EXPECT_EQ(seen, expected_places(all, vega10));
}

TEST_F(CuMaskTest, GroupsRunOnlyOnEnabledCusAndUseThemAll) {
  AqlQueue q = make_aql_queue();
  const uint32_t mask[4] = {0x5, 0, 0x8000, 0x10};  // SE0 CU0+2, SE2 CU15, SE3 CU4
  ASSERT_TRUE(set_cu_mask(q, mask));
  const unsigned vega10[4] = {16, 16, 16, 16};
  EXPECT_EQ(run(q, 40), expected_places(mask, vega10));
  // A new mask applies to the next dispatch.
  const uint32_t se1[4] = {0, 0xFFFF, 0, 0};
  ASSERT_TRUE(set_cu_mask(q, se1));
  EXPECT_EQ(run(q, 64), expected_places(se1, vega10));
}

TEST_F(CuMaskTest, SmallChipDealsCusOverTheShaderEngines) {
  use_chip(6);  // $GCN_EMU_CUS=6: SE0 and SE1 get 2 CUs, SE2 and SE3 one
  AqlQueue q = make_aql_queue();
  const uint32_t all[4] = {~0u, ~0u, ~0u, ~0u};
  const unsigned six[4] = {2, 2, 1, 1};
  EXPECT_EQ(run(q, 24), expected_places(all, six));
  // Bits of CUs the chip does not have enable nothing.
  const uint32_t mask[4] = {0x2, 0xFFFC, 0x1, 0};
  ASSERT_TRUE(set_cu_mask(q, mask));
  EXPECT_EQ(run(q, 24), (std::set<Place>{{0, 0, 1}, {2, 0, 0}}));
}

TEST_F(CuMaskTest, MaskWithoutCusHoldsTheQueueUntilCusAreEnabled) {
  AqlQueue q = make_aql_queue();
  const uint32_t none[4] = {0, 0, 0, 0};
  ASSERT_TRUE(set_cu_mask(q, none));
  auto* out = alloc_array<uint32_t>(8);
  auto* done = submit(q, 8, out);
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  EXPECT_EQ(load(&done->value), 1) << "a dispatch ran with no CU enabled";
  EXPECT_EQ(q.read_index(), 0u);
  EXPECT_EQ(cp().state(q.id), gcn::QueueState::kActive);
  const uint32_t se3_cu7[4] = {0, 0, 0, 0x80};
  ASSERT_TRUE(set_cu_mask(q, se3_cu7));
  ASSERT_TRUE(eventually([&] { return load(&done->value) == 0; }));
  for (uint32_t g = 0; g < 8; ++g) EXPECT_EQ(place_of(out[g]), Place(3, 0, 7)) << "group " << g;
}

// The same for a PM4 queue's DISPATCH_DIRECT: held while no CU is enabled,
// then run on the one CU the new mask names.
TEST_F(CuMaskTest, Pm4DispatchWaitsForCusAndRunsOnTheEnabledOne) {
  Pm4Queue q = make_pm4_queue();
  const uint32_t none[4] = {0, 0, 0, 0};
  ASSERT_TRUE(set_cu_mask(q, none));
  // out[group] = HW_ID; s[0:1] = args (out pointer), s2 = group id.
  Kernel k = assemble(R"(
s_load_dwordx2 s[4:5], s[0:1], 0x0
s_getreg_b32 s3, hwreg(HW_REG_HW_ID)
s_lshl_b32 s6, s2, 2
v_mov_b32 v1, s3
v_mov_b32 v2, s6
s_waitcnt lgkmcnt(0)
global_store_dword v2, v1, s[4:5]
s_endpgm
)");
  const uint32_t groups = 6;
  auto* out = alloc_array<uint32_t>(groups);
  auto* args = alloc_array<uint64_t>(1);
  args[0] = va(out);
  auto* fence = alloc_array<uint32_t>(1);
  const uint64_t code = va(k.code);
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
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  EXPECT_EQ(load(fence), 0u) << "a dispatch ran with no CU enabled";
  EXPECT_EQ(cp().stats().dispatches, 0u);
  const uint32_t se2_cu1[4] = {0, 0, 0x2, 0};
  ASSERT_TRUE(set_cu_mask(q, se2_cu1));
  ASSERT_TRUE(eventually([&] { return load(fence) == 1; })) << cp().error(q.id);
  for (uint32_t g = 0; g < groups; ++g) {
    EXPECT_EQ(place_of(out[g]), Place(2, 0, 1)) << "group " << g;
    EXPECT_EQ(FW_FIELD_GET(out[g], FW_HW_ID_TG_ID), g) << "group " << g << "'s turn on the CU";
  }
}

TEST_F(CuMaskTest, UnknownQueueIsRefused) {
  const uint32_t all[4] = {~0u, ~0u, ~0u, ~0u};
  AqlQueue ghost;
  ghost.id = 12345;
  EXPECT_FALSE(set_cu_mask(ghost, all));
}

}  // namespace
}  // namespace gcn_cp_test
