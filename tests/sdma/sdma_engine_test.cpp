// The SDMA engines alone: each packet's effect on memory against a CPU
// computation, the read pointer write-back, ring wrap-around, partial
// packets, and the trap interrupt.
#include <chrono>
#include <random>

#include "sdma_fixture.h"

namespace sdma_test {
namespace {

TEST_F(SdmaTest, MappingClearsTheReadPointerAndRejectsBadRings) {
  Ring* r = queue();
  EXPECT_EQ(load(r->rptr), 0u);
  uint64_t bell = 0;
  fw_v9_sdma_mqd m = gcn_test::sdma_mqd(0, 128, 0, 0, 0);
  EXPECT_EQ(sdma_->map_queue(m, gcn_test::owner(&bell, 1, 7), true), -1) << "ring under 256 bytes";
  m = gcn_test::sdma_mqd(0, 4096, 0, 0, 0);
  EXPECT_EQ(sdma_->map_queue(m, gcn_test::owner(nullptr, 1, 7), true), -1) << "no doorbell";
  m = gcn_test::sdma_mqd(0, 4096, 0, 1, 0);
  EXPECT_EQ(sdma_->map_queue(m, gcn_test::owner(&bell, 1, 7), true), -1)
      << "doorbell outside the owner's slice";
  EXPECT_FALSE(sdma_->update_queue(12345, m, true));
}

// COPY LINEAR of many sizes at every alignment, checked against memcpy on
// a CPU copy of the same buffers.
TEST_F(SdmaTest, CopyLinearMatchesMemcpyAtAnySizeAndAlignment) {
  constexpr size_t kBytes = 1 << 20;
  auto* src = buffer<uint8_t>(kBytes);
  auto* dst = buffer<uint8_t>(kBytes);
  std::vector<uint8_t> expect(kBytes, 0);
  std::mt19937 rng(11);
  for (size_t i = 0; i < kBytes; ++i) src[i] = static_cast<uint8_t>(rng());
  Ring* r = queue(4096);
  const uint32_t sizes[] = {1, 2, 3, 4, 5, 7, 8, 63, 64, 65, 255, 4095, 4096, 4097, 65537, 300000};
  size_t out = 0;
  Stream s;
  for (uint32_t size : sizes) {
    for (uint32_t sa : {0u, 1u, 2u, 3u, 5u}) {
      for (uint32_t da : {0u, 1u, 3u, 6u}) {
        if (out + da + size + 8 > kBytes) out = 0;
        const size_t from = (size * 7 + sa) % (kBytes - size);
        s.copy(va(dst + out + da), va(src + from), size);
        std::memcpy(expect.data() + out + da, src + from, size);
        out += (da + size + 15) & ~size_t{7};
        if (s.bytes() > 2048) {
          submit(r, s);
          s.clear();
          ASSERT_TRUE(drained(r));
        }
      }
    }
  }
  submit(r, s);
  ASSERT_TRUE(drained(r));
  EXPECT_EQ(std::memcmp(dst, expect.data(), kBytes), 0);
  EXPECT_EQ(sdma_->state(r->id), gcn::QueueState::kActive);
}

// A box out of one 3D surface into another, against the same box copied
// element by element on the CPU.
TEST_F(SdmaTest, CopySubWindowMovesABoxBetweenSurfaces) {
  constexpr uint32_t kElem = 4;  // log2 2: 4-byte elements
  const Stream::Surface src{0, 3, 2, 1, 40, 40 * 12};
  const Stream::Surface dst{0, 5, 1, 0, 24, 24 * 10};
  constexpr uint32_t w = 13, h = 7, d = 3;
  auto* a = buffer<uint32_t>(40 * 12 * 4);
  auto* b = buffer<uint32_t>(24 * 10 * 4);
  for (uint32_t i = 0; i < 40 * 12 * 4; ++i) a[i] = i * 2246822519u + 1;
  std::vector<uint32_t> expect(24 * 10 * 4, 0);
  for (uint32_t z = 0; z < d; ++z)
    for (uint32_t y = 0; y < h; ++y)
      for (uint32_t x = 0; x < w; ++x)
        expect[(dst.z + z) * dst.slice_pitch + (dst.y + y) * dst.pitch + dst.x + x] =
            a[(src.z + z) * src.slice_pitch + (src.y + y) * src.pitch + src.x + x];
  Stream::Surface s = src, t = dst;
  s.base = va(a);
  t.base = va(b);
  Ring* r = queue();
  Stream st;
  st.copy_sub_window(t, s, w, h, d, 2);
  submit(r, st);
  ASSERT_TRUE(drained(r));
  EXPECT_EQ(std::memcmp(b, expect.data(), expect.size() * kElem), 0);
}

TEST_F(SdmaTest, CopySpansAdjacentMappings) {
  // Two separately mapped buffers back to back in GPU VA: one 8 KiB block
  // mapped as two 4 KiB mappings.
  void* block = std::aligned_alloc(4096, 8192);
  buffers_.emplace_back(block, 8192);
  auto* b = static_cast<uint8_t*>(block);
  ASSERT_TRUE(as_.map(va(b), b, 4096));
  ASSERT_TRUE(as_.map(va(b + 4096), b + 4096, 4096));
  for (int i = 0; i < 4096; ++i) b[i] = static_cast<uint8_t>(i * 13 + 1);
  std::memset(b + 4096, 0, 4096);
  Ring* r = queue();
  Stream s;
  s.copy(va(b + 3000), va(b + 100), 1500);  // the destination crosses
  submit(r, s);
  ASSERT_TRUE(drained(r));
  std::vector<uint8_t> expect(1500);
  for (int i = 0; i < 1500; ++i) expect[i] = static_cast<uint8_t>((100 + i) * 13 + 1);
  EXPECT_EQ(std::memcmp(b + 3000, expect.data(), 1500), 0);
}

TEST_F(SdmaTest, WriteFenceFillAndNop) {
  auto* m = buffer<uint32_t>(4096);
  Ring* r = queue();
  Stream s;
  s.write(va(m), {1, 2, 3, 0xfeedface});
  s.nop(3);  // skips three dwords that are not packets
  s.raw(0xffffffffu);
  s.raw(0x12345678u);
  s.raw(0xabcdef01u);
  s.nop();
  s.hdp_flush();
  s.rocr_hdp_flush();
  s.fill(va(m + 16), 0xa5a5c3c3u, 64 * 4);     // dwords
  s.fill(va(m + 100) + 1, 0x5au, 11, 0);       // bytes, odd address
  s.fill(va(m + 200), 0xbeef1234u, 6 * 2, 1);  // 16-bit units
  s.fence(va(m + 1000), 0x600d);
  submit(r, s);
  ASSERT_TRUE(eventually([&] { return load(&m[1000]) == 0x600du; }));
  ASSERT_TRUE(drained(r));
  EXPECT_EQ(m[0], 1u);
  EXPECT_EQ(m[3], 0xfeedfaceu);
  EXPECT_EQ(m[4], 0u) << "WRITE wrote only its count";
  for (int i = 16; i < 80; ++i) EXPECT_EQ(m[i], 0xa5a5c3c3u) << i;
  EXPECT_EQ(m[80], 0u);
  auto* bytes = reinterpret_cast<uint8_t*>(m + 100);
  EXPECT_EQ(bytes[0], 0u);
  for (int i = 1; i <= 11; ++i) EXPECT_EQ(bytes[i], 0x5au) << i;
  EXPECT_EQ(bytes[12], 0u);
  auto* halves = reinterpret_cast<uint16_t*>(m + 200);
  for (int i = 0; i < 6; ++i) EXPECT_EQ(halves[i], 0x1234u) << i;
  EXPECT_EQ(halves[6], 0u);
  EXPECT_EQ(r->wptr, load(r->rptr)) << "the read pointer counts bytes, as the doorbell does";
}

// The SDMA atomics against the same operations done on the CPU.
TEST_F(SdmaTest, AtomicsComputeWhatTheCpuComputes) {
  auto* m = buffer<uint64_t>(64);
  m[0] = 1000;
  m[1] = 5;
  m[2] = 5;
  m[3] = 0xfffffffffffffff0ull;
  auto* m32 = reinterpret_cast<uint32_t*>(m + 8);
  m32[0] = 0xfffffffeu;
  m32[1] = 7;
  m32[2] = 3;
  Ring* r = queue();
  Stream s;
  s.atomic(FW_SDMA_ATOMIC_ADD_RTN_64, va(&m[0]), static_cast<uint64_t>(-1));  // ROCr's decrement
  s.atomic(FW_SDMA_ATOMIC_CMPSWAP_RTN_64, va(&m[1]), 99, 5);                  // succeeds
  s.atomic(FW_SDMA_ATOMIC_CMPSWAP_RTN_64, va(&m[2]), 99, 6);                  // fails
  s.atomic(0x34 /* UMAX_RTN_64 */, va(&m[3]), 0xffffffffffffffffull);
  s.atomic(0x0f /* ADD_RTN_32 */, va(&m32[0]), 3);  // wraps
  s.atomic(0x18 /* INC_RTN_32 */, va(&m32[1]), 7);  // at the limit
  s.atomic(0x51 /* SMIN_32 */, va(&m32[2]), static_cast<uint32_t>(-4));
  submit(r, s);
  ASSERT_TRUE(drained(r));
  EXPECT_EQ(m[0], 999u);
  EXPECT_EQ(m[1], 99u);
  EXPECT_EQ(m[2], 5u);
  EXPECT_EQ(m[3], 0xffffffffffffffffull);
  EXPECT_EQ(m32[0], 1u);
  EXPECT_EQ(m32[1], 0u);
  EXPECT_EQ(m32[2], static_cast<uint32_t>(-4));
}

TEST_F(SdmaTest, LoopingCompareSwapWaitsForItsValue) {
  auto* m = buffer<uint64_t>(8);
  m[0] = 1;
  Ring* r = queue();
  Stream s;
  s.atomic(FW_SDMA_ATOMIC_CMPSWAP_RTN_64, va(&m[0]), 42, 2, true);
  s.fence(va(&m[1]), 1);
  submit(r, s);
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_EQ(load(&m[1]), 0u) << "the compare-swap has not succeeded yet";
  __atomic_store_n(&m[0], 2, __ATOMIC_RELEASE);
  ASSERT_TRUE(drained(r));
  EXPECT_EQ(m[0], 42u);
  EXPECT_EQ(m[1], 1u);
}

TEST_F(SdmaTest, PollRegmemWaitsForTheHostAndOtherQueuesRunMeanwhile) {
  auto* m = buffer<uint32_t>(64);
  Ring* a = queue(4096, 0);
  Ring* b = queue(4096, 1);
  Stream s;
  s.poll(va(&m[0]), 0x50, 0xf0, FW_SDMA_FUNC_EQ);  // (m[0] & 0xf0) == 0x50
  s.fence(va(&m[1]), 0x1111);
  submit(a, s);
  Stream t;
  t.fence(va(&m[2]), 0x2222);
  submit(b, t);
  ASSERT_TRUE(drained(b)) << "a waiting queue does not block the others";
  EXPECT_EQ(load(&m[2]), 0x2222u);
  __atomic_store_n(&m[0], 0x0f, __ATOMIC_RELEASE);  // masked out: still 0
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_EQ(load(&m[1]), 0u);
  EXPECT_EQ(load(a->rptr), 0u) << "the read pointer stays at the waiting packet";
  __atomic_store_n(&m[0], 0x5f, __ATOMIC_RELEASE);
  ASSERT_TRUE(drained(a));
  EXPECT_EQ(m[1], 0x1111u);
}

TEST_F(SdmaTest, TimestampsFollowTheGpuClockInOrder) {
  auto* m = buffer<uint64_t>(8);
  auto* src = buffer<uint8_t>(1 << 20);
  auto* dst = buffer<uint8_t>(1 << 20);
  Ring* r = queue();
  const uint64_t before =
      static_cast<uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                std::chrono::steady_clock::now().time_since_epoch())
                                .count());
  Stream s;
  s.timestamp(va(&m[0]));
  s.copy(va(dst), va(src), 1 << 20);
  s.timestamp(va(&m[1]));
  submit(r, s);
  ASSERT_TRUE(drained(r));
  const uint64_t after =
      static_cast<uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                std::chrono::steady_clock::now().time_since_epoch())
                                .count());
  // The GPU clock is the host's monotonic clock in nanoseconds.
  EXPECT_LE(before, m[0]);
  EXPECT_LT(m[0], m[1]);
  EXPECT_LE(m[1], after);
}

TEST_F(SdmaTest, TrapRaisesItsContextIdFromTheQueuesEngine) {
  Ring* r = queue(4096, 1);
  Stream s;
  s.trap(0x0abcdef5);
  submit(r, s);
  ASSERT_TRUE(drained(r));
  ASSERT_TRUE(eventually([&] { return !interrupts().empty(); }));
  const fw_ih_entry e = interrupts()[0];
  EXPECT_EQ(FW_FIELD_GET(e.dw0, FW_IH_CLIENT_ID), FW_IH_CLIENT_SDMA1);
  EXPECT_EQ(FW_FIELD_GET(e.dw0, FW_IH_SOURCE_ID), FW_IH_SRC_SDMA_TRAP);
  EXPECT_EQ(FW_FIELD_GET(e.dw0, FW_IH_VMID), 8u);
  EXPECT_EQ(FW_FIELD_GET(e.dw3, FW_IH_PASID), 7u);
  EXPECT_EQ(e.src_data[0], 0x0abcdef5u);
}

// A 256-byte ring used many times over: packets straddle the wrap.
TEST_F(SdmaTest, PacketsWrapAroundASmallRing) {
  auto* m = buffer<uint32_t>(1024);
  Ring* r = queue(256);
  for (uint32_t i = 0; i < 200; ++i) {
    Stream s;
    s.fence(va(&m[i]), i + 1);                          // 4 dwords
    if (i % 3 == 0) s.write(va(&m[512 + i]), {i * 3});  // 5 dwords: shifts the phase
    submit(r, s);
    if (i % 8 == 7) {
      ASSERT_TRUE(drained(r));  // never more than a ring ahead
    }
  }
  ASSERT_TRUE(drained(r));
  for (uint32_t i = 0; i < 200; ++i) {
    EXPECT_EQ(m[i], i + 1) << i;
    if (i % 3 == 0) {
      EXPECT_EQ(m[512 + i], i * 3) << i;
    }
  }
}

TEST_F(SdmaTest, APartlyPublishedPacketWaitsForTheRest) {
  auto* m = buffer<uint32_t>(16);
  Ring* r = queue();
  Stream s;
  s.write(va(m), {7, 8, 9});
  submit(r, s, 3);  // header, address; not the count
  std::this_thread::sleep_for(std::chrono::milliseconds(10));
  EXPECT_EQ(load(r->rptr), 0u);
  Stream rest;
  for (size_t i = 3; i < s.dwords().size(); ++i) rest.raw(s.dwords()[i]);
  submit(r, rest, 2);  // the count and one data dword
  std::this_thread::sleep_for(std::chrono::milliseconds(10));
  EXPECT_EQ(load(&m[0]), 0u) << "nothing runs before the whole packet is there";
  Stream last;
  for (size_t i = 5; i < s.dwords().size(); ++i) last.raw(s.dwords()[i]);
  submit(r, last);
  ASSERT_TRUE(drained(r));
  EXPECT_EQ(m[0], 7u);
  EXPECT_EQ(m[2], 9u);
}

TEST_F(SdmaTest, InactiveQueueWaitsUntilUpdated) {
  auto* m = buffer<uint32_t>(16);
  Ring* r = queue();
  ASSERT_TRUE(sdma_->update_queue(r->id, r->mqd, false));
  Stream s;
  s.fence(va(m), 5);
  submit(r, s);
  std::this_thread::sleep_for(std::chrono::milliseconds(10));
  EXPECT_EQ(load(&m[0]), 0u);
  EXPECT_EQ(sdma_->state(r->id), gcn::QueueState::kInactive);
  ASSERT_TRUE(sdma_->update_queue(r->id, r->mqd, true));
  ASSERT_TRUE(drained(r));
  EXPECT_EQ(m[0], 5u);
}

}  // namespace
}  // namespace sdma_test
