// PM4 dispatches on a thunk queue keep their scratch in the process's
// scratch backing (hsaKmtAllocMemory(Scratch), which tells the KFD its VA
// as SET_SCRATCH_BACKING_VA does in ROCm's thunk): what one dispatch
// writes there, the next dispatch on the queue reads back.
#include <chrono>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "compute_pgm_rsrc.h"
#include "gcn_assembler.h"
#include "pm4_packets.h"
#include "thunk_fixture.h"

namespace {

using Pm4ScratchTest = ThunkTest;

constexpr HSAuint64 kPiece = 64 << 10;
constexpr size_t kRingBytes = 4096;

uint32_t lo(uint64_t v) { return static_cast<uint32_t>(v); }
uint32_t hi(uint64_t v) { return static_cast<uint32_t>(v >> 32); }
uint64_t va(const void* p) { return reinterpret_cast<uintptr_t>(p); }

// Waits up to 20 s (a hang guard) for the fence to reach mark.
bool fence_reaches(const uint32_t* fence, uint32_t mark) {
  const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (__atomic_load_n(fence, __ATOMIC_ACQUIRE) != mark) {
    if (std::chrono::steady_clock::now() > end) return false;
    std::this_thread::yield();
  }
  return true;
}

// s[0:1] out, s[2:3] the scratch base (FLAT_SCRATCH_INIT as the launcher
// passes it), s4 the wave's scratch offset: the writer stores 700 + lane to
// private dword 0, the reader copies it to out[lane].
std::string kernel_text(bool write) {
  std::string t =
      "s_add_u32 flat_scratch_lo, s2, s4\n"
      "s_addc_u32 flat_scratch_hi, s3, 0\n"
      "v_mov_b32 v2, 0\n";
  t += write ? "v_add_u32 v4, 700, v0\nscratch_store_dword v2, v4, off\ns_waitcnt vmcnt(0)\n"
             : "scratch_load_dword v5, v2, off\nv_lshlrev_b32 v1, 2, v0\n"
               "s_waitcnt vmcnt(0)\nglobal_store_dword v1, v5, s[0:1]\n";
  return t + "s_endpgm\n";
}

TEST_F(Pm4ScratchTest, ScratchOutlivesTheDispatchThatWroteIt) {
  void* scratch = nullptr;
  HsaMemFlags flags{};
  flags.ui32.Scratch = 1;
  flags.ui32.HostAccess = 1;
  ASSERT_EQ(hsaKmtAllocMemory(gpu(), kPiece, flags, &scratch), HSAKMT_STATUS_SUCCESS);
  ASSERT_EQ(hsaKmtMapMemoryToGPU(scratch, kPiece, nullptr), HSAKMT_STATUS_SUCCESS);

  // Both kernels in one GPU-visible buffer, each 256-byte aligned.
  const gcn_test::Assembly writer = gcn_test::assemble_gfx900(kernel_text(true));
  const gcn_test::Assembly reader = gcn_test::assemble_gfx900(kernel_text(false));
  ASSERT_TRUE(writer.error.empty() && reader.error.empty()) << writer.error << reader.error;
  auto* code = hsakmt_test::alloc_array<uint32_t>(1024);
  auto* out = hsakmt_test::alloc_array<uint32_t>(64);
  auto* fence = hsakmt_test::alloc_array<uint32_t>(1);
  auto* ring = hsakmt_test::alloc_array<uint32_t>(kRingBytes / 4);
  ASSERT_TRUE(code && out && fence && ring);
  ASSERT_EQ(va(code) % 256, 0u);
  std::memcpy(code, writer.words.data(), writer.words.size() * 4);
  std::memcpy(code + 256, reader.words.data(), reader.words.size() * 4);

  HsaQueueResource r{};
  ASSERT_EQ(hsaKmtCreateQueue(gpu(), HSA_QUEUE_COMPUTE, 100, HSA_QUEUE_PRIORITY_NORMAL, ring,
                              kRingBytes, nullptr, &r),
            HSAKMT_STATUS_SUCCESS);
  std::vector<uint32_t> cmd;
  auto set_sh = [&](uint32_t reg, std::vector<uint32_t> v) {
    cmd.push_back(FW_PM4_HEADER(FW_PM4_SET_SH_REG, 1 + static_cast<uint32_t>(v.size())));
    cmd.push_back(reg);
    cmd.insert(cmd.end(), v.begin(), v.end());
  };
  auto dispatch = [&](const uint32_t* entry, uint32_t mark) {
    set_sh(FW_SH_COMPUTE_PGM_LO, {lo(va(entry) >> 8), hi(va(entry) >> 8)});
    set_sh(FW_SH_COMPUTE_PGM_RSRC1,
           {FW_FIELD_PREP(FW_RSRC1_GRANULATED_WORKITEM_VGPR_COUNT, 7),
            FW_FIELD_PREP(FW_RSRC2_USER_SGPR_COUNT, 4) |
                FW_FIELD_PREP(FW_RSRC2_ENABLE_SGPR_PRIVATE_SEGMENT_WAVE_OFFSET, 1)});
    set_sh(FW_SH_COMPUTE_NUM_THREAD_X, {64, 1, 1});
    set_sh(FW_SH_COMPUTE_TMPRING_SIZE, {FW_FIELD_PREP(FW_COMPUTE_TMPRING_WAVES, 4) |
                                        FW_FIELD_PREP(FW_COMPUTE_TMPRING_WAVESIZE, 1)});
    set_sh(FW_SH_COMPUTE_USER_DATA_0, {lo(va(out)), hi(va(out)), lo(va(scratch)), hi(va(scratch))});
    cmd.insert(cmd.end(),
               {FW_PM4_HEADER(FW_PM4_DISPATCH_DIRECT, FW_PM4_DISPATCH_DIRECT_DWORDS), 1, 1, 1, 1});
    cmd.insert(cmd.end(), {FW_PM4_HEADER(FW_PM4_RELEASE_MEM, FW_PM4_RELEASE_MEM_DWORDS),
                           FW_FIELD_PREP(FW_PM4_EVENT_TYPE, FW_PM4_EVENT_BOTTOM_OF_PIPE_TS) |
                               FW_FIELD_PREP(FW_PM4_EVENT_INDEX, 5),
                           FW_FIELD_PREP(FW_PM4_RELEASE_MEM_DATA_SEL, FW_PM4_DATA_SEL_LOW32),
                           lo(va(fence)), hi(va(fence)), mark, 0, 0});
  };
  // Two submissions, so that the second dispatch starts after the first
  // one is done and gone.
  dispatch(code, 1);
  for (size_t i = 0; i < cmd.size(); ++i) ring[i] = cmd[i];
  const size_t first = cmd.size();
  __atomic_store_n(r.Queue_write_ptr_aql, first, __ATOMIC_RELEASE);
  __atomic_store_n(r.Queue_DoorBell_aql, first, __ATOMIC_RELEASE);
  ASSERT_TRUE(fence_reaches(fence, 1)) << "the writer never finished";
  dispatch(code + 256, 2);
  for (size_t i = first; i < cmd.size(); ++i) ring[i] = cmd[i];
  __atomic_store_n(r.Queue_write_ptr_aql, cmd.size(), __ATOMIC_RELEASE);
  __atomic_store_n(r.Queue_DoorBell_aql, cmd.size(), __ATOMIC_RELEASE);
  ASSERT_TRUE(fence_reaches(fence, 2)) << "the reader never finished";
  for (uint32_t l = 0; l < 64; ++l) ASSERT_EQ(out[l], 700 + l) << "lane " << l;

  EXPECT_EQ(hsaKmtDestroyQueue(r.QueueId), HSAKMT_STATUS_SUCCESS);
  EXPECT_EQ(hsaKmtUnmapMemoryToGPU(scratch), HSAKMT_STATUS_SUCCESS);
  EXPECT_EQ(hsaKmtFreeMemory(scratch, kPiece), HSAKMT_STATUS_SUCCESS);
  hsakmt_test::free_system(code, 4096);
  hsakmt_test::free_system(out, 256);
  hsakmt_test::free_system(fence, 4);
  hsakmt_test::free_system(ring, kRingBytes);
}

}  // namespace
