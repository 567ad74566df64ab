// hsa_amd_memory_async_copy_rect on the SDMA engines: argument errors as
// ROCr reports them, OUT_OF_RESOURCES (ROCr's answer) with
// HSA_ENABLE_SDMA=0, then rectangles in every direction checked byte by
// byte against a CPU copy of the same boxes: odd offsets, several slices,
// rows wider than one SDMA tile, more slices than one tile, a pitch wider
// than the packet can name, and a dependency the host sets later.
#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>

#include "copy_fixture.h"

namespace copy_test {
namespace {

TEST(ApiCopyRectInit, NeedsInit) {
  char block[64] = {};
  hsa_pitched_ptr_t dst{block, 8, 64}, src{block + 32, 8, 64};
  hsa_dim3_t zero{0, 0, 0}, range{4, 2, 1};
  EXPECT_EQ(hsa_amd_memory_async_copy_rect(&dst, &zero, &src, &zero, &range, hsa_agent_t{1},
                                           hsaHostToDevice, 0, nullptr, hsa_signal_t{1}),
            HSA_STATUS_ERROR_NOT_INITIALIZED);
}

// A box on one side: where byte (x, y, z) of the range lies.
struct Box {
  uint8_t* base;
  size_t pitch, slice;
  hsa_dim3_t off;
  size_t at(size_t x, size_t y, size_t z) const {
    return (off.z + z) * slice + (off.y + y) * pitch + off.x + x;
  }
};

class ApiCopyRectTest : public ApiCopyFixture {
 protected:
  void TearDown() override {
    ApiCopyFixture::TearDown();
    unsetenv("HSA_ENABLE_SDMA");
  }

  hsa_status_t rect(const Box& d, const Box& s, const hsa_dim3_t& range,
                    hsa_amd_copy_direction_t dir, uint32_t ndeps, const hsa_signal_t* deps,
                    hsa_signal_t done) {
    const hsa_pitched_ptr_t dp{d.base, d.pitch, d.slice}, sp{s.base, s.pitch, s.slice};
    return hsa_amd_memory_async_copy_rect(&dp, &d.off, &sp, &s.off, &range, gpu_, dir, ndeps, deps,
                                          done);
  }

  // Copies the box and waits; the CPU does the same into `expect`.
  void rect_and_model(const Box& d, std::vector<uint8_t>& expect, const Box& s,
                      const uint8_t* s_host, const hsa_dim3_t& range,
                      hsa_amd_copy_direction_t dir) {
    hsa_signal_t done = signal(1);
    ASSERT_EQ(rect(d, s, range, dir, 0, nullptr, done), HSA_STATUS_SUCCESS);
    ASSERT_TRUE(wait_zero(done));
    for (size_t z = 0; z < range.z; ++z)
      for (size_t y = 0; y < range.y; ++y)
        for (size_t x = 0; x < range.x; ++x) expect[d.at(x, y, z)] = s_host[s.at(x, y, z)];
  }

  void linear(void* dst, hsa_agent_t da, const void* src, hsa_agent_t sa, size_t n) {
    hsa_signal_t done = signal(1);
    ASSERT_EQ(hsa_amd_memory_async_copy(dst, da, src, sa, n, 0, nullptr, done), HSA_STATUS_SUCCESS);
    ASSERT_TRUE(wait_zero(done));
  }

  // Host -> VRAM box, VRAM -> VRAM box, VRAM -> host box; the host result
  // against the CPU's copies of the same boxes.
  void round_trip(size_t pitch, size_t slice, hsa_dim3_t range, hsa_dim3_t off_a, hsa_dim3_t off_b,
                  hsa_dim3_t off_c) {
    const size_t bytes = slice * (std::max({off_a.z, off_b.z, off_c.z}) + range.z) + pitch;
    uint8_t* host = alloc(system_, bytes);
    uint8_t* back = alloc(system_, bytes);
    uint8_t* v1 = alloc(vram_, bytes);
    uint8_t* v2 = alloc(vram_, bytes);
    ASSERT_TRUE(host && back && v1 && v2);
    fill_pattern(host, bytes, static_cast<uint32_t>(pitch + range.x));
    std::vector<uint8_t> zero(bytes, 0);
    std::memset(back, 0, bytes);
    linear(v1, gpu_, back, cpu_, bytes);
    linear(v2, gpu_, back, cpu_, bytes);
    std::vector<uint8_t> m1(zero), m2(zero), m3(zero);
    const Box h{host, pitch, slice, off_a};
    const Box a{v1, pitch, slice, off_b};
    rect_and_model(a, m1, h, host, range, hsaHostToDevice);
    const Box a2{v1, pitch, slice, off_b};
    const Box b{v2, pitch, slice, off_c};
    rect_and_model(b, m2, a2, m1.data(), range, hsaDeviceToDevice);
    const Box b2{v2, pitch, slice, off_c};
    const Box out{back, pitch, slice, off_a};
    rect_and_model(out, m3, b2, m2.data(), range, hsaDeviceToHost);
    for (size_t i = 0; i < bytes; ++i) ASSERT_EQ(back[i], m3[i]) << "byte " << i;
  }
};

TEST_F(ApiCopyRectTest, ArgumentErrorsAsRocr) {
  constexpr size_t kPitch = 256, kSlice = 256 * 16;
  uint8_t* host = alloc(system_, kSlice * 2);
  uint8_t* vram = alloc(vram_, kSlice * 2);
  ASSERT_TRUE(host && vram);
  const hsa_pitched_ptr_t d{vram, kPitch, kSlice}, s{host, kPitch, kSlice};
  const hsa_dim3_t off{0, 0, 0}, range{64, 4, 2};
  hsa_signal_t done = signal(1);
  hsa_signal_t dep = signal(0);
  const hsa_agent_t made_up_agent{reinterpret_cast<uint64_t>(&gpu_)};
  const hsa_signal_t made_up_signal{reinterpret_cast<uint64_t>(&cpu_)};
  const hsa_amd_copy_direction_t h2d = hsaHostToDevice;
  auto copy = [&](const hsa_pitched_ptr_t* dp, const hsa_dim3_t* doff, const hsa_pitched_ptr_t* sp,
                  const hsa_dim3_t* soff, const hsa_dim3_t* r, hsa_agent_t agent,
                  hsa_amd_copy_direction_t dir, uint32_t n, const hsa_signal_t* deps,
                  hsa_signal_t sig) {
    return hsa_amd_memory_async_copy_rect(dp, doff, sp, soff, r, agent, dir, n, deps, sig);
  };
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
  EXPECT_EQ(copy(&d, &off, &s, &off, &range, made_up_agent, h2d, 0, nullptr, done),
            HSA_STATUS_ERROR_INVALID_AGENT);
  EXPECT_EQ(copy(&d, &off, &s, &off, &range, cpu_, h2d, 0, nullptr, done),
            HSA_STATUS_ERROR_INVALID_AGENT);
  const hsa_signal_t bad_deps[] = {dep, made_up_signal};
  EXPECT_EQ(copy(&d, &off, &s, &off, &range, gpu_, h2d, 2, bad_deps, done),
            HSA_STATUS_ERROR_INVALID_SIGNAL);
  EXPECT_EQ(copy(&d, &off, &s, &off, &range, gpu_, h2d, 0, nullptr, hsa_signal_t{0}),
            HSA_STATUS_ERROR_INVALID_SIGNAL);
  // ROCr's geometry checks: dword-aligned bases, pitches and slices, rows
  // within the pitch, rows within the slice, a slice for several slices.
  const hsa_pitched_ptr_t odd_base{vram + 2, kPitch, kSlice}, odd_pitch{vram, kPitch - 2, kSlice},
      odd_slice{vram, kPitch, kSlice - 2}, no_slice{vram, kPitch, 0};
  for (const hsa_pitched_ptr_t* bad : {&odd_base, &odd_pitch, &odd_slice, &no_slice})
    EXPECT_EQ(copy(bad, &off, &s, &off, &range, gpu_, h2d, 0, nullptr, done),
              HSA_STATUS_ERROR_INVALID_ARGUMENT);
  const hsa_dim3_t past_row{kPitch - 63, 0, 0}, past_slice{0, 13, 0};
  EXPECT_EQ(copy(&d, &past_row, &s, &off, &range, gpu_, h2d, 0, nullptr, done),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(copy(&d, &off, &s, &past_slice, &range, gpu_, h2d, 0, nullptr, done),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  // A box running past the end of its allocation is not the GPU's memory.
  const hsa_dim3_t last_slice{0, 0, 1};
  EXPECT_EQ(copy(&d, &last_slice, &s, &off, &range, gpu_, h2d, 0, nullptr, done),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_signal_load_scacquire(done), 1) << "no failed call touched the signal";
}

TEST_F(ApiCopyRectTest, NoSdmaIsOutOfResourcesAsRocr) {
  setenv("HSA_ENABLE_SDMA", "0", 1);
  constexpr size_t kPitch = 256, kSlice = 256 * 16;
  uint8_t* host = alloc(system_, kSlice * 2);
  uint8_t* vram = alloc(vram_, kSlice * 2);
  std::memset(host, 0x5A, kSlice * 2);
  const Box d{vram, kPitch, kSlice, {0, 0, 0}}, s{host, kPitch, kSlice, {0, 0, 0}};
  hsa_signal_t done = signal(1);
  EXPECT_EQ(rect(d, s, {64, 4, 2}, hsaHostToDevice, 0, nullptr, done),
            HSA_STATUS_ERROR_OUT_OF_RESOURCES);
  EXPECT_EQ(rect(s, d, {64, 4, 2}, hsaDeviceToHost, 0, nullptr, done),
            HSA_STATUS_ERROR_OUT_OF_RESOURCES);
  EXPECT_EQ(hsa_signal_load_scacquire(done), 1);
  for (size_t i = 0; i < kSlice * 2; ++i) ASSERT_EQ(host[i], 0x5A) << i;
}

TEST_F(ApiCopyRectTest, OddOffsetsAndSeveralSlices) {
  round_trip(256, 256 * 16, {61, 5, 3}, {3, 2, 1}, {7, 0, 2}, {0, 9, 0});
}

TEST_F(ApiCopyRectTest, RowsWiderThanOneTile) {
  // 20000-byte rows: two SUB-WINDOW tiles across (16 Ki bytes each).
  round_trip(20480, 20480 * 4, {20000, 3, 2}, {5, 1, 0}, {480, 0, 1}, {1, 0, 0});
}

TEST_F(ApiCopyRectTest, MoreSlicesThanOneTile) {
  // 2049 slices: two tiles deep (2 Ki slices each).
  round_trip(16, 64, {13, 3, 2049}, {1, 0, 0}, {3, 1, 0}, {0, 0, 1});
}

TEST_F(ApiCopyRectTest, PitchWiderThanThePacketNames) {
  // A 600000-byte pitch (over 2^19): one linear copy per row.
  round_trip(600000, 600000 * 3, {1001, 3, 2}, {17, 0, 0}, {9, 0, 0}, {0, 0, 1});
}

TEST_F(ApiCopyRectTest, WaitsForItsDependency) {
  constexpr size_t kPitch = 128, kSlice = 128 * 8;
  uint8_t* host = alloc(system_, kSlice);
  uint8_t* vram = alloc(vram_, kSlice);
  uint8_t* back = alloc(system_, kSlice);
  fill_pattern(host, kSlice, 31);
  std::memset(back, 0, kSlice);
  linear(vram, gpu_, back, cpu_, kSlice);
  hsa_signal_t dep = signal(1);
  hsa_signal_t done = signal(1);
  const Box d{vram, kPitch, kSlice, {0, 0, 0}}, s{host, kPitch, kSlice, {0, 0, 0}};
  ASSERT_EQ(rect(d, s, {100, 8, 1}, hsaHostToDevice, 1, &dep, done), HSA_STATUS_SUCCESS);
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_EQ(hsa_signal_load_scacquire(done), 1);
  linear(back, cpu_, vram, gpu_, kSlice);
  for (size_t i = 0; i < kSlice; ++i) ASSERT_EQ(back[i], 0) << "moved before the dependency";
  hsa_signal_store_screlease(dep, 0);
  ASSERT_TRUE(wait_zero(done));
  linear(back, cpu_, vram, gpu_, kSlice);
  for (size_t y = 0; y < 8; ++y)
    for (size_t x = 0; x < kPitch; ++x)
      ASSERT_EQ(back[y * kPitch + x], x < 100 ? host[y * kPitch + x] : 0) << x << "," << y;
}

TEST_F(ApiCopyRectTest, EmptyRangeCompletesAfterItsDependency) {
  uint8_t* host = alloc(system_, 4096);
  uint8_t* vram = alloc(vram_, 4096);
  hsa_signal_t dep = signal(1);
  hsa_signal_t done = signal(1);
  const Box d{vram, 64, 4096, {0, 0, 0}}, s{host, 64, 4096, {0, 0, 0}};
  ASSERT_EQ(rect(d, s, {0, 4, 1}, hsaHostToDevice, 1, &dep, done), HSA_STATUS_SUCCESS);
  std::this_thread::sleep_for(std::chrono::milliseconds(10));
  EXPECT_EQ(hsa_signal_load_scacquire(done), 1);
  hsa_signal_store_screlease(dep, 0);
  ASSERT_TRUE(wait_zero(done));
}

}  // namespace
}  // namespace copy_test
