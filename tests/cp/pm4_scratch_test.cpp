// PM4 dispatches' scratch belongs to the queue's VMID, as on hardware: the
// process's scratch backing (SET_SCRATCH_BACKING_VA, the KFD's
// SH_HIDDEN_PRIVATE_BASE_VMID) laid out in slots as COMPUTE_TMPRING_SIZE
// says. What one dispatch leaves in its scratch the next finds there.
#include "compute_pgm_rsrc.h"
#include "cp_fixture.h"

namespace gcn_cp_test {
namespace {

constexpr uint32_t kVmid = 8;
constexpr uint32_t kWaves = 4;    // COMPUTE_TMPRING_SIZE.WAVES
constexpr uint32_t kWaveKib = 1;  // .WAVESIZE: 4 bytes per lane

// User data: s[0:1] out, s[2:3] the scratch base (FLAT_SCRATCH_INIT, as a
// launcher passes it); s4 the wave's scratch offset. The kernel sets
// FLAT_SCRATCH itself as gfx9 code does, then the writer stores 500 + lane
// to its private dword 0 and the reader copies that dword to out[lane].
std::string scratch_kernel(bool write) {
  std::string t =
      "s_add_u32 flat_scratch_lo, s2, s4\n"
      "s_addc_u32 flat_scratch_hi, s3, 0\n"
      "v_mov_b32 v2, 0\n";
  if (write)
    t += "v_add_u32 v4, 500, v0\n"
         "scratch_store_dword v2, v4, off\n"
         "s_waitcnt vmcnt(0)\n";
  else
    t += "scratch_load_dword v5, v2, off\n"
         "v_lshlrev_b32 v1, 2, v0\n"
         "s_waitcnt vmcnt(0)\n"
         "global_store_dword v1, v5, s[0:1]\n";
  return t + "s_endpgm\n";
}

class Pm4ScratchTest : public CpTest {
 protected:
  void SetUp() override {
    backing_ = alloc_array<uint32_t>(kWaves * kWaveKib * 256);
    q_ = make_pm4_queue(1024, 9);
    // The queue on the process's VMID.
    cp().unmap_queue(q_.id);
    q_.id = cp().map_queue(q_.mqd, gcn_test::owner(q_.doorbell, 1, 9, kVmid), true);
    ASSERT_GE(q_.id, 0);
    fence_ = alloc_array<uint32_t>(1);
  }

  // One 64-lane group of k; waits for the fence after it.
  void dispatch(const Kernel& k, uint32_t* out) {
    const uint64_t code = va(k.code);
    const uint32_t rsrc2 = FW_FIELD_PREP(FW_RSRC2_USER_SGPR_COUNT, 4) |
                           FW_FIELD_PREP(FW_RSRC2_ENABLE_SGPR_PRIVATE_SEGMENT_WAVE_OFFSET, 1);
    const uint32_t mark = ++fences_;
    q_.submit(pm4_set_sh_reg(FW_SH_COMPUTE_PGM_LO, {static_cast<uint32_t>(code >> 8),
                                                    static_cast<uint32_t>(code >> 40)}) +
              pm4_set_sh_reg(FW_SH_COMPUTE_PGM_RSRC1, {k.kd->compute_pgm_rsrc1, rsrc2}) +
              pm4_set_sh_reg(FW_SH_COMPUTE_NUM_THREAD_X, {64, 1, 1}) +
              pm4_set_sh_reg(FW_SH_COMPUTE_TMPRING_SIZE,
                             {FW_FIELD_PREP(FW_COMPUTE_TMPRING_WAVES, kWaves) |
                              FW_FIELD_PREP(FW_COMPUTE_TMPRING_WAVESIZE, kWaveKib)}) +
              pm4_set_sh_reg(FW_SH_COMPUTE_USER_DATA_0,
                             {static_cast<uint32_t>(va(out)), static_cast<uint32_t>(va(out) >> 32),
                              static_cast<uint32_t>(va(backing_)),
                              static_cast<uint32_t>(va(backing_) >> 32)}) +
              std::vector<uint32_t>{
                  pm4_header(FW_PM4_DISPATCH_DIRECT, FW_PM4_DISPATCH_DIRECT_DWORDS), 1, 1, 1, 1} +
              pm4_release_mem(va(fence_), FW_PM4_DATA_SEL_LOW32, mark, FW_PM4_INT_SEL_NONE, 0));
    ASSERT_TRUE(eventually([&] { return load(fence_) == mark; })) << cp().error(q_.id);
  }

  Pm4Queue q_;
  uint32_t* backing_ = nullptr;
  uint32_t* fence_ = nullptr;
  uint32_t fences_ = 0;
};

TEST_F(Pm4ScratchTest, ScratchWrittenByOneDispatchIsReadByTheNext) {
  cp().set_scratch_backing(kVmid, va(backing_));
  Kernel writer = assemble(scratch_kernel(true));
  Kernel reader = assemble(scratch_kernel(false));
  auto* out = alloc_array<uint32_t>(64);
  dispatch(writer, out);
  // The one wave ran in slot 0 of the backing: private dword 0 of lane l
  // is dword l (swizzled by lane, 4-byte elements).
  for (uint32_t l = 0; l < 64; ++l) ASSERT_EQ(backing_[l], 500 + l) << "lane " << l;
  dispatch(reader, out);
  for (uint32_t l = 0; l < 64; ++l) ASSERT_EQ(out[l], 500 + l) << "lane " << l;
}

}  // namespace
}  // namespace gcn_cp_test
