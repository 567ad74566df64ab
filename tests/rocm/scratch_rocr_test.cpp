// Scratch on demand with Debian's ROCr: its queues start without scratch
// (hsa_queue_create with UINT32_MAX private bytes gives none on a dGPU), so
// a kernel with private arrays only runs if the virtual GPU's CP asks ROCr
// through the queue's inactive signal and ROCr's handler fills amd_queue_t.
// Results are compared with the CPU; the queue's scratch fields show what
// ROCr granted, which stays with the queue for later dispatches.
#include <cstring>
#include <vector>

#include "amd_queue.h"
#include "pm4_packets.h"
#include "rocr_fixture.h"

namespace rocm_test {
namespace {

using RocrScratch = Rocr;

const fw_amd_queue& amd_of(hsa_queue_t* q) { return *reinterpret_cast<const fw_amd_queue*>(q); }

uint32_t next(uint32_t* s) { return *s = *s * 1664525u + 1013904223u; }

// scratch_pointer_calls (the emulator's corpus): a 24-uint private array
// filled and weighed by non-inlined calls; out checked against the CPU.
void pointer_calls_match_cpu(const Agents& a, hsa_queue_t* q, const Kernel& k, uint32_t n,
                             uint32_t seed) {
  PoolBuffer buf(a.system, 8 * n, &a.gpu);
  ASSERT_EQ(buf.status(), HSA_STATUS_SUCCESS);
  uint32_t* in = buf.as<uint32_t>();
  uint32_t* out = in + n;
  for (uint32_t i = 0; i < n; ++i) in[i] = next(&seed);
  std::memset(out, 0, 4 * n);
  struct {
    const void* in;
    void* out;
  } args{in, out};
  Dispatch d;
  d.grid[0] = n;
  d.workgroup[0] = 64;
  d.args = &args;
  d.args_size = sizeof(args);
  ASSERT_EQ(dispatch(a, q, k, d), "");
  for (uint32_t i = 0; i < n; ++i) {
    const uint32_t v = in[i];
    uint32_t b[24];
    for (uint32_t j = 0; j < 24; ++j) b[j] = v * (j + 1) + (j ^ v);
    uint32_t acc = b[(v >> 3) % 24];
    for (uint32_t j = 0; j < 24; ++j) acc += b[j] * (j + 1);
    ASSERT_EQ(out[i], acc) << "work-item " << i;
  }
}

// private_array (the emulator's corpus): 256 uints per work-item indexed by
// data, more than 1 KiB of scratch per lane.
void private_array_matches_cpu(const Agents& a, hsa_queue_t* q, const Kernel& k, uint32_t n,
                               uint32_t seed) {
  PoolBuffer buf(a.system, 20 * n, &a.gpu);
  ASSERT_EQ(buf.status(), HSA_STATUS_SUCCESS);
  uint32_t* idx = buf.as<uint32_t>();
  uint32_t* out = idx + 4 * n;
  for (uint32_t i = 0; i < 4 * n; ++i) idx[i] = next(&seed);
  std::memset(out, 0, 4 * n);
  struct {
    const void* idx;
    void* out;
  } args{idx, out};
  Dispatch d;
  d.grid[0] = n;
  d.workgroup[0] = 64;
  d.args = &args;
  d.args_size = sizeof(args);
  ASSERT_EQ(dispatch(a, q, k, d), "");
  for (uint32_t gid = 0; gid < n; ++gid) {
    uint32_t arr[256];
    for (uint32_t i = 0; i < 256; ++i) arr[i] = i * i + gid;
    for (uint32_t j = 0; j < 4; ++j) arr[idx[gid * 4 + j] & 255u] += j + 1;
    uint32_t sum = 0;
    for (uint32_t j = 0; j < 4; ++j) sum = sum * 31 + arr[idx[gid * 4 + ((j + 1) & 3)] & 255u];
    ASSERT_EQ(out[gid], sum) << "work-item " << gid;
  }
}

TEST_F(RocrScratch, QueueStartsWithoutScratch) {
  hsa_queue_t* q = queue();
  ASSERT_NE(q, nullptr);
  EXPECT_EQ(amd_of(q).scratch_backing_memory_byte_size, 0u);
  EXPECT_EQ(amd_of(q).compute_tmpring_size, 0u);
  EXPECT_NE(amd_of(q).queue_inactive_signal, 0u) << "ROCr's scratch and error signal";
}

TEST_F(RocrScratch, SmallGrantStaysWithTheQueue) {
  Program prog;
  ASSERT_EQ(prog.load(agents_.gpu, CORPUS_DIR "/scratch_pointer_calls.O3.co"), "");
  Kernel k;
  ASSERT_EQ(prog.kernel(agents_.gpu, "scratch_pointer_calls", &k), "");
  ASSERT_GT(k.private_size, 0u);
  hsa_queue_t* q = queue();
  ASSERT_NE(q, nullptr);
  pointer_calls_match_cpu(agents_, q, k, 256, 7);

  // What ROCr's handler wrote when the CP asked: a swizzled V# over a
  // backing whose slots hold the kernel's private bytes per lane.
  const fw_amd_queue& amd = amd_of(q);
  const uint64_t base = amd.scratch_backing_memory_location;
  ASSERT_NE(base, 0u) << "ROCr granted no scratch: the CP never asked";
  EXPECT_GE(amd.scratch_wave64_lane_byte_size, k.private_size);
  const uint32_t* v = amd.scratch_resource_descriptor;
  EXPECT_EQ(v[0] | uint64_t{FW_FIELD_GET(v[1], FW_BUF_RSRC1_BASE_HI)} << 32, base)
      << "gfx9: the location is the V#'s base VA";
  const uint32_t waves = FW_FIELD_GET(amd.compute_tmpring_size, FW_COMPUTE_TMPRING_WAVES);
  const uint64_t wave_bytes =
      FW_FIELD_GET(amd.compute_tmpring_size, FW_COMPUTE_TMPRING_WAVESIZE) * 1024ull;
  EXPECT_GT(waves, 0u);
  EXPECT_GE(wave_bytes, uint64_t{k.private_size} * 64);
  EXPECT_GE(amd.scratch_backing_memory_byte_size, waves * wave_bytes);

  // The next dispatch runs on the same grant.
  pointer_calls_match_cpu(agents_, q, k, 320, 8);
  EXPECT_EQ(amd.scratch_backing_memory_location, base);
}

TEST_F(RocrScratch, KibsOfPrivateMemoryPerLaneMatchTheCpu) {
  Program prog;
  ASSERT_EQ(prog.load(agents_.gpu, CORPUS_DIR "/private_array.O3.co"), "");
  Kernel k;
  ASSERT_EQ(prog.kernel(agents_.gpu, "private_array", &k), "");
  ASSERT_GT(k.private_size, 1024u);
  hsa_queue_t* q = queue();
  ASSERT_NE(q, nullptr);
  private_array_matches_cpu(agents_, q, k, 256, 3);
  private_array_matches_cpu(agents_, q, k, 128, 4);
  // ROCr 5.2.3 sizes it for every slot of every CU (2048 waves of 65 KiB,
  // 136 MB here) and keeps it with the queue: no USE_SCRATCH_ONCE.
  const fw_amd_queue& amd = amd_of(q);
  const uint32_t props = __atomic_load_n(&amd.queue_properties, __ATOMIC_ACQUIRE);
  EXPECT_EQ(FW_FIELD_GET(props, FW_AMD_QUEUE_PROP_USE_SCRATCH_ONCE), 0u);
  EXPECT_GE(amd.scratch_wave64_lane_byte_size, k.private_size);
  const uint32_t waves = FW_FIELD_GET(amd.compute_tmpring_size, FW_COMPUTE_TMPRING_WAVES);
  EXPECT_EQ(waves, (amd.max_cu_id + 1) * 32) << "MaxSlotsScratchCU (32) slots per CU";
  EXPECT_GE(FW_FIELD_GET(amd.compute_tmpring_size, FW_COMPUTE_TMPRING_WAVESIZE) * 1024ull,
            uint64_t{k.private_size} * 64);
}

}  // namespace
}  // namespace rocm_test
