// hsa_amd_memory_async_copy_rect: argument errors as ROCr reports them,
// then OUT_OF_RESOURCES, ROCr's answer when it has no SDMA queue for the
// copy: this runtime copies with blit kernels and drives no SDMA queue.
#include <cstring>

#include "unsupported_fixture.h"

namespace {

TEST(ApiUnsupportedCopyRectInit, NeedsInit) {
  char block[64] = {};
  hsa_pitched_ptr_t dst{block, 8, 64}, src{block + 32, 8, 64};
  hsa_dim3_t zero{0, 0, 0}, range{4, 2, 1};
  EXPECT_EQ(hsa_amd_memory_async_copy_rect(&dst, &zero, &src, &zero, &range, hsa_agent_t{1},
                                           hsaHostToDevice, 0, nullptr, hsa_signal_t{1}),
            HSA_STATUS_ERROR_NOT_INITIALIZED);
}

class ApiUnsupportedCopyRect : public ApiUnsupportedFixture {
 protected:
  hsa_status_t copy(const hsa_pitched_ptr_t* d, const hsa_dim3_t* d_off, const hsa_pitched_ptr_t* s,
                    const hsa_dim3_t* s_off, const hsa_dim3_t* r, hsa_agent_t agent,
                    hsa_amd_copy_direction_t dir, uint32_t num_deps, const hsa_signal_t* deps,
                    hsa_signal_t done) {
    return hsa_amd_memory_async_copy_rect(d, d_off, s, s_off, r, agent, dir, num_deps, deps, done);
  }
};

TEST_F(ApiUnsupportedCopyRect, ArgumentsThenOutOfResources) {
  constexpr size_t kPitch = 256, kSlice = 256 * 16;
  auto* host = static_cast<uint8_t*>(alloc(cpu_, kSlice * 2));
  auto* vram = static_cast<uint8_t*>(alloc(gpu_, kSlice * 2));
  ASSERT_NE(host, nullptr);
  ASSERT_NE(vram, nullptr);
  const hsa_pitched_ptr_t d{vram, kPitch, kSlice}, s{host, kPitch, kSlice};
  const hsa_dim3_t off{0, 0, 0}, range{64, 4, 2};
  hsa_signal_t done = signal(1);
  hsa_signal_t dep = signal(0);
  const hsa_amd_copy_direction_t h2d = hsaHostToDevice;

  EXPECT_EQ(copy(nullptr, &off, &s, &off, &range, gpu_, h2d, 0, nullptr, done),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(copy(&d, nullptr, &s, &off, &range, gpu_, h2d, 0, nullptr, done),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(copy(&d, &off, nullptr, &off, &range, gpu_, h2d, 0, nullptr, done),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(copy(&d, &off, &s, nullptr, &range, gpu_, h2d, 0, nullptr, done),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(copy(&d, &off, &s, &off, nullptr, gpu_, h2d, 0, nullptr, done),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(copy(&d, &off, &s, &off, &range, gpu_, h2d, 1, nullptr, done),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(copy(&d, &off, &s, &off, &range, gpu_, h2d, 0, &dep, done),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  // Host to host is no agent's copy; 4 is no direction.
  EXPECT_EQ(copy(&d, &off, &s, &off, &range, gpu_, hsaHostToHost, 0, nullptr, done),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(copy(&d, &off, &s, &off, &range, gpu_, static_cast<hsa_amd_copy_direction_t>(4), 0,
                 nullptr, done),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  // The copy agent must be a live GPU agent.
  EXPECT_EQ(copy(&d, &off, &s, &off, &range, made_up_agent_, h2d, 0, nullptr, done),
            HSA_STATUS_ERROR_INVALID_AGENT);
  EXPECT_EQ(copy(&d, &off, &s, &off, &range, cpu_, h2d, 0, nullptr, done),
            HSA_STATUS_ERROR_INVALID_AGENT);
  const hsa_signal_t bad_deps[] = {dep, made_up_signal_};
  EXPECT_EQ(copy(&d, &off, &s, &off, &range, gpu_, h2d, 2, bad_deps, done),
            HSA_STATUS_ERROR_INVALID_SIGNAL);
  EXPECT_EQ(copy(&d, &off, &s, &off, &range, gpu_, h2d, 0, nullptr, null_signal_),
            HSA_STATUS_ERROR_INVALID_SIGNAL);

  // Well-formed copies in each direction: no SDMA queue to run them, and
  // nothing happens (the completion signal stays, the destination too).
  std::memset(host, 0x5A, kSlice * 2);
  EXPECT_EQ(copy(&d, &off, &s, &off, &range, gpu_, h2d, 1, &dep, done),
            HSA_STATUS_ERROR_OUT_OF_RESOURCES);
  const hsa_pitched_ptr_t back_d{host, kPitch, kSlice}, back_s{vram, kPitch, kSlice};
  EXPECT_EQ(copy(&back_d, &off, &back_s, &off, &range, gpu_, hsaDeviceToHost, 0, nullptr, done),
            HSA_STATUS_ERROR_OUT_OF_RESOURCES);
  EXPECT_EQ(copy(&d, &off, &d, &range, &range, gpu_, hsaDeviceToDevice, 0, nullptr, done),
            HSA_STATUS_ERROR_OUT_OF_RESOURCES);
  EXPECT_EQ(hsa_signal_load_scacquire(done), 1);
  for (size_t i = 0; i < kSlice * 2; ++i) ASSERT_EQ(host[i], 0x5A) << i;
}

}  // namespace
