// SDMA queues through the thunk (sdma_queue.h), driven as ROCr's blit code
// drives them on gfx9. Results are checked against CPU computations.
#include <chrono>
#include <cstring>
#include <memory>
#include <random>
#include <thread>
#include <vector>

#include "sdma_queue.h"
#include "thunk_fixture.h"

namespace {

using hsakmt_test::eventually;
using hsakmt_test::SdmaQueue;
using hsakmt_test::va;
using sdma_test::Stream;
using SdmaQueueTest = ThunkTest;

TEST_F(SdmaQueueTest, TopologyReportsVega10sTwoSdmaEngines) {
  HsaNodeProperties p{};
  ASSERT_EQ(hsaKmtGetNodeProperties(gpu(), &p), HSAKMT_STATUS_SUCCESS);
  EXPECT_EQ(p.NumSdmaEngines, 2u);
  EXPECT_EQ(p.NumSdmaXgmiEngines, 0u);
  EXPECT_EQ(p.NumSdmaQueuesPerEngine, 2u);
  EXPECT_NE(p.uCodeEngineVersions.uCodeSDMA, 0u);
}

TEST_F(SdmaQueueTest, TheThunkOwnsThePointersAndFourQueuesFit) {
  std::vector<std::unique_ptr<SdmaQueue>> qs;
  for (int i = 0; i < 4; ++i) {
    qs.push_back(std::make_unique<SdmaQueue>(gpu()));
    ASSERT_EQ(qs.back()->status(), HSAKMT_STATUS_SUCCESS) << i;
    const HsaQueueResource& r = qs.back()->resource();
    ASSERT_NE(r.Queue_DoorBell_aql, nullptr);
    ASSERT_NE(r.Queue_write_ptr_aql, nullptr);
    ASSERT_NE(r.Queue_read_ptr_aql, nullptr);
    EXPECT_NE(r.Queue_write_ptr_aql, r.Queue_read_ptr_aql);
    EXPECT_EQ(*r.Queue_read_ptr_aql, 0u);
  }
  SdmaQueue fifth(gpu());
  EXPECT_EQ(fifth.status(), HSAKMT_STATUS_NO_MEMORY) << "2 engines x 2 queues, then -ENOMEM";
  SdmaQueue xgmi(gpu(), HSA_QUEUE_SDMA_XGMI);
  EXPECT_EQ(xgmi.status(), HSAKMT_STATUS_NO_MEMORY) << "Vega 10 has no XGMI SDMA engine";
  qs.pop_back();
  SdmaQueue again(gpu());
  EXPECT_EQ(again.status(), HSAKMT_STATUS_SUCCESS) << "a destroyed queue's slot is free again";
}

TEST_F(SdmaQueueTest, CopiesMatchMemcpyAtManySizesAndAlignments) {
  constexpr size_t kBytes = 1 << 20;
  auto* src = hsakmt_test::alloc_array<uint8_t>(kBytes);
  auto* dst = hsakmt_test::alloc_array<uint8_t>(kBytes);
  ASSERT_TRUE(src && dst);
  std::vector<uint8_t> expect(kBytes, 0);
  std::memset(dst, 0, kBytes);
  std::mt19937 rng(5);
  for (size_t i = 0; i < kBytes; ++i) src[i] = static_cast<uint8_t>(rng());
  SdmaQueue q(gpu());
  ASSERT_EQ(q.status(), HSAKMT_STATUS_SUCCESS);
  size_t out = 0;
  Stream s;
  for (uint32_t size : {1u, 3u, 4u, 17u, 255u, 256u, 4097u, 100000u, 262144u}) {
    for (uint32_t sa : {0u, 1u, 2u, 7u}) {
      for (uint32_t da : {0u, 3u, 4u}) {
        if (out + da + size + 8 > kBytes) out = 0;
        const size_t from = (size * 3 + sa) % (kBytes - size);
        s.copy(va(dst + out + da), va(src + from), size);
        std::memcpy(expect.data() + out + da, src + from, size);
        out += (da + size + 15) & ~size_t{7};
      }
    }
  }
  q.submit(s);
  ASSERT_TRUE(q.drained());
  EXPECT_EQ(std::memcmp(dst, expect.data(), kBytes), 0);
  hsakmt_test::free_system(src, kBytes);
  hsakmt_test::free_system(dst, kBytes);
}

TEST_F(SdmaQueueTest, WriteFenceFillAndAtomics) {
  auto* m = hsakmt_test::alloc_array<uint64_t>(512);
  ASSERT_NE(m, nullptr);
  std::memset(m, 0, 4096);
  m[0] = 10;  // ROCr's signal decrement: ADD -1
  m[1] = 77;  // compare-swap 77 -> 5
  auto* d = reinterpret_cast<uint32_t*>(m + 64);
  SdmaQueue q(gpu());
  ASSERT_EQ(q.status(), HSAKMT_STATUS_SUCCESS);
  Stream s;
  s.write(va(d), {0x11, 0x22, 0x33});
  s.fill(va(d + 16), 0xc0ffee00u, 256);
  s.atomic(FW_SDMA_ATOMIC_ADD_RTN_64, va(&m[0]), static_cast<uint64_t>(-1));
  s.atomic(FW_SDMA_ATOMIC_CMPSWAP_RTN_64, va(&m[1]), 5, 77);
  s.fence(va(&m[2]), 0xf00d);
  q.submit(s);
  ASSERT_TRUE(eventually([&] { return __atomic_load_n(&m[2], __ATOMIC_ACQUIRE) == 0xf00du; }));
  ASSERT_TRUE(q.drained());
  EXPECT_EQ(d[0], 0x11u);
  EXPECT_EQ(d[2], 0x33u);
  EXPECT_EQ(d[3], 0u);
  for (int i = 16; i < 16 + 64; ++i) EXPECT_EQ(d[i], 0xc0ffee00u) << i;
  EXPECT_EQ(d[16 + 64], 0u);
  EXPECT_EQ(m[0], 9u);
  EXPECT_EQ(m[1], 5u);
  hsakmt_test::free_system(m, 4096);
}

// As on hardware, a packet fits when the ring holds it with a slot to spare
// (write pointer == read pointer means empty): ROCr's large WRITEs of
// kernel arguments and fills are a good part of its ring.
TEST_F(SdmaQueueTest, APacketUpToTheRingLessOneSlotFits) {
  constexpr uint32_t kRingDwords = SdmaQueue::kRingBytes / 4;
  auto* m = hsakmt_test::alloc_array<uint32_t>(kRingDwords);
  ASSERT_NE(m, nullptr);
  SdmaQueue q(gpu());
  ASSERT_EQ(q.status(), HSAKMT_STATUS_SUCCESS);
  // 8,289 dwords (more than half the ring), then ring - 1 dwords, which
  // wraps: each after a small packet, so neither starts at the ring's base.
  for (uint32_t packet : {8289u, kRingDwords - 1}) {
    std::vector<uint32_t> data(packet - 4);
    for (uint32_t i = 0; i < data.size(); ++i) data[i] = packet * 7 + i;
    Stream s;
    s.fence(va(&m[kRingDwords - 1]), packet);
    q.submit(s);
    ASSERT_TRUE(q.drained()) << packet;
    Stream big;
    big.write(va(m), data);
    ASSERT_EQ(big.bytes(), packet * 4ull);
    q.submit(big);
    ASSERT_TRUE(q.drained()) << "a packet of " << packet << " dwords";
    for (uint32_t i = 0; i < data.size(); ++i) ASSERT_EQ(m[i], data[i]) << packet << " " << i;
  }
  hsakmt_test::free_system(m, SdmaQueue::kRingBytes);
}

TEST_F(SdmaQueueTest, PollRegmemWaitsForAHostWrite) {
  auto* m = hsakmt_test::alloc_array<uint32_t>(16);
  ASSERT_NE(m, nullptr);
  m[0] = m[1] = 0;
  SdmaQueue q(gpu());
  ASSERT_EQ(q.status(), HSAKMT_STATUS_SUCCESS);
  Stream s;
  s.poll(va(&m[0]), 3, 0xffffffffu, FW_SDMA_FUNC_GE);
  s.fence(va(&m[1]), 1);
  q.submit(s);
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_EQ(__atomic_load_n(&m[1], __ATOMIC_ACQUIRE), 0u) << "polling until m[0] >= 3";
  __atomic_store_n(&m[0], 2, __ATOMIC_RELEASE);
  std::this_thread::sleep_for(std::chrono::milliseconds(5));
  EXPECT_EQ(__atomic_load_n(&m[1], __ATOMIC_ACQUIRE), 0u);
  __atomic_store_n(&m[0], 3, __ATOMIC_RELEASE);
  ASSERT_TRUE(q.drained());
  EXPECT_EQ(m[1], 1u);
  hsakmt_test::free_system(m, 4096);
}

// ROCr's completion of an interrupt signal on SDMA: the event id into the
// event's mailbox slot (FENCE), then TRAP with the event id.
TEST_F(SdmaQueueTest, TrapRaisesTheKfdEventWhoseSlotWasWritten) {
  HsaEventDescriptor desc{};
  desc.EventType = HSA_EVENTTYPE_SIGNAL;
  desc.NodeId = gpu();
  HsaEvent* event = nullptr;
  ASSERT_EQ(hsaKmtCreateEvent(&desc, false, false, &event), HSAKMT_STATUS_SUCCESS);
  auto* src = hsakmt_test::alloc_array<uint32_t>(1024);
  auto* dst = hsakmt_test::alloc_array<uint32_t>(1024);
  ASSERT_TRUE(src && dst);
  for (uint32_t i = 0; i < 1024; ++i) src[i] = i * 2654435761u;
  SdmaQueue q(gpu());
  ASSERT_EQ(q.status(), HSAKMT_STATUS_SUCCESS);
  EXPECT_EQ(hsaKmtWaitOnEvent(event, 0), HSAKMT_STATUS_WAIT_TIMEOUT);
  Stream s;
  s.copy(va(dst), va(src), 4096);
  s.fence(event->EventData.HWData2, static_cast<uint32_t>(event->EventData.HWData1));
  s.trap(static_cast<uint32_t>(event->EventData.HWData1));
  q.submit(s);
  ASSERT_EQ(hsaKmtWaitOnEvent(event, 20000), HSAKMT_STATUS_SUCCESS);
  EXPECT_EQ(std::memcmp(dst, src, 4096), 0) << "the copy is done when the trap fires";
  EXPECT_EQ(hsaKmtWaitOnEvent(event, 0), HSAKMT_STATUS_WAIT_TIMEOUT) << "auto-reset";
  EXPECT_EQ(hsaKmtDestroyEvent(event), HSAKMT_STATUS_SUCCESS);
  hsakmt_test::free_system(src, 4096);
  hsakmt_test::free_system(dst, 4096);
}

TEST_F(SdmaQueueTest, TimestampsAreOrdered) {
  auto* m = hsakmt_test::alloc_array<uint64_t>(8);
  auto* buf = hsakmt_test::alloc_array<uint8_t>(1 << 20);
  ASSERT_TRUE(m && buf);
  m[0] = m[1] = m[2] = 0;
  SdmaQueue q(gpu());
  ASSERT_EQ(q.status(), HSAKMT_STATUS_SUCCESS);
  Stream s;
  s.timestamp(va(&m[0]));
  s.copy(va(buf + (1 << 19)), va(buf), 1 << 19);
  s.timestamp(va(&m[1]));
  s.timestamp(va(&m[2]));
  q.submit(s);
  ASSERT_TRUE(q.drained());
  EXPECT_NE(m[0], 0u);
  EXPECT_LT(m[0], m[1]);
  EXPECT_LE(m[1], m[2]);
  hsakmt_test::free_system(m, 4096);
  hsakmt_test::free_system(buf, 1 << 20);
}

TEST_F(SdmaQueueTest, ACopyFromAnUnmappedAddressStopsOnlyThatQueue) {
  HsaEventDescriptor desc{};
  desc.EventType = HSA_EVENTTYPE_MEMORY;
  desc.NodeId = gpu();
  HsaEvent* memory_event = nullptr;
  ASSERT_EQ(hsaKmtCreateEvent(&desc, false, false, &memory_event), HSAKMT_STATUS_SUCCESS);
  auto* m = hsakmt_test::alloc_array<uint32_t>(1024);
  ASSERT_NE(m, nullptr);
  std::memset(m, 0, 4096);
  SdmaQueue bad(gpu()), good(gpu());
  ASSERT_EQ(bad.status(), HSAKMT_STATUS_SUCCESS);
  ASSERT_EQ(good.status(), HSAKMT_STATUS_SUCCESS);
  const uint64_t unmapped = 0x7000DEAD0000ull;
  Stream s;
  s.copy(va(&m[64]), unmapped, 256);
  s.fence(va(&m[0]), 1);  // never runs
  bad.submit(s);
  ASSERT_EQ(hsaKmtWaitOnEvent(memory_event, 20000), HSAKMT_STATUS_SUCCESS)
      << "the SDMA page fault raises the process's memory events";
  const HsaMemoryAccessFault& f = memory_event->EventData.EventData.MemoryAccessFault;
  EXPECT_EQ(f.VirtualAddress & ~0xfffull, unmapped & ~0xfffull);
  EXPECT_EQ(f.NodeId, gpu());
  EXPECT_EQ(bad.read_ptr(), 0u) << "stopped at the faulting copy";

  Stream t;
  t.fence(va(&m[1]), 2);
  good.submit(t);
  ASSERT_TRUE(good.drained());
  EXPECT_EQ(m[1], 2u);
  EXPECT_EQ(__atomic_load_n(&m[0], __ATOMIC_ACQUIRE), 0u);
  EXPECT_EQ(hsaKmtDestroyEvent(memory_event), HSAKMT_STATUS_SUCCESS);
  hsakmt_test::free_system(m, 4096);
}

}  // namespace
