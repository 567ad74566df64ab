// AQL profiling: with FW_AMD_QUEUE_PROP_ENABLE_PROFILING set in the
// amd_queue_t, the CP stores a packet's start and end times (GPU clock: the
// host's CLOCK_MONOTONIC in ns) in its completion signal before the
// decrement; without the bit the signal's timestamp fields stay untouched.
#include <time.h>

#include "cp_fixture.h"

namespace gcn_cp_test {
namespace {

// The GPU clock's reference: CLOCK_MONOTONIC, read independently of the CP.
uint64_t monotonic_ns() {
  timespec ts{};
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<uint64_t>(ts.tv_sec) * 1000000000ull + static_cast<uint64_t>(ts.tv_nsec);
}

void enable_profiling(AqlQueue& q, bool on) {
  const uint32_t bit = FW_FIELD_PREP(FW_AMD_QUEUE_PROP_ENABLE_PROFILING, 1);
  uint32_t props = load(&q.amd->queue_properties);
  props = on ? (props | bit) : (props & ~bit);
  __atomic_store_n(&q.amd->queue_properties, props, __ATOMIC_RELEASE);
}

fw_aql_barrier_packet barrier_and(const std::vector<fw_amd_signal*>& deps,
                                  fw_amd_signal* completion) {
  fw_aql_barrier_packet b{};
  b.header = FW_FIELD_PREP(FW_AQL_HEADER_TYPE, FW_AQL_PACKET_TYPE_BARRIER_AND);
  for (size_t i = 0; i < deps.size(); ++i) b.dep_signal[i] = va(deps[i]);
  b.completion_signal = va(completion);
  return b;
}

TEST_F(CpTest, ProfilingDispatchTimestampsAreOrderedAndInsideHostInterval) {
  AqlQueue q = make_aql_queue();
  enable_profiling(q, true);
  const uint32_t n = 64 * 16;
  auto* out = alloc_array<uint32_t>(n);
  auto* done = make_signal(1);
  Kernel k = assemble(kStoreLinear);
  auto pkt = dispatch_packet(k, n, 64, {va(out)}, done);

  const uint64_t before = monotonic_ns();
  q.submit(&pkt);
  ASSERT_TRUE(eventually([&] { return load(&done->value) == 0; }));
  const uint64_t after = monotonic_ns();

  const uint64_t start = load(&done->start_ts), end = load(&done->end_ts);
  EXPECT_GE(start, before);
  EXPECT_LE(start, end);
  EXPECT_LE(end, after);
  for (uint32_t i = 0; i < n; ++i) ASSERT_EQ(out[i], 3 * i + 1) << "work-item " << i;
}

TEST_F(CpTest, ProfilingBarrierStartIsWhenItFirstRanAndEndWhenReleased) {
  AqlQueue q = make_aql_queue();
  enable_profiling(q, true);
  auto* dep = make_signal(1);
  auto* done = make_signal(1);
  auto pkt = barrier_and({dep}, done);

  const uint64_t before = monotonic_ns();
  q.submit(&pkt);
  // The barrier waits on dep: nothing completes, nothing is stamped.
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_EQ(load(&done->value), 1);
  EXPECT_EQ(load(&done->end_ts), 0u);
  const uint64_t released = monotonic_ns();
  __atomic_store_n(&dep->value, 0, __ATOMIC_RELEASE);
  ASSERT_TRUE(eventually([&] { return load(&done->value) == 0; }));
  const uint64_t after = monotonic_ns();

  const uint64_t start = load(&done->start_ts), end = load(&done->end_ts);
  EXPECT_GE(start, before);
  EXPECT_LT(start, released);  // started before the wait ended...
  EXPECT_GE(end, released);    // ...and ended after it
  EXPECT_LE(end, after);
}

TEST_F(CpTest, ProfilingConsecutivePacketsGetSuccessiveIntervals) {
  AqlQueue q = make_aql_queue();
  enable_profiling(q, true);
  auto* out = alloc_array<uint32_t>(64);
  Kernel k = assemble(kStoreLinear);
  std::vector<fw_amd_signal*> done;
  for (int i = 0; i < 4; ++i) {
    done.push_back(make_signal(1));
    auto pkt = dispatch_packet(k, 64, 64, {va(out)}, done.back());
    q.submit(&pkt);
  }
  ASSERT_TRUE(eventually([&] { return load(&done.back()->value) == 0; }));
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(load(&done[i]->value), 0);
    EXPECT_LE(done[i]->start_ts, done[i]->end_ts) << "packet " << i;
    if (i) {
      EXPECT_GE(done[i]->start_ts, done[i - 1]->end_ts) << "packet " << i;
    }
  }
}

TEST_F(CpTest, ProfilingOffLeavesTimestampsUntouched) {
  AqlQueue q = make_aql_queue();
  auto* out = alloc_array<uint32_t>(64);
  auto* done = make_signal(1);
  done->start_ts = 0x1111;  // sentinels the CP must not overwrite
  done->end_ts = 0x2222;
  auto* zero = make_signal(1);
  Kernel k = assemble(kStoreLinear);
  auto pkt = dispatch_packet(k, 64, 64, {va(out)}, done);
  q.submit(&pkt);
  auto pkt2 = dispatch_packet(k, 64, 64, {va(out)}, zero);
  q.submit(&pkt2);
  ASSERT_TRUE(eventually([&] { return load(&zero->value) == 0; }));
  EXPECT_EQ(load(&done->value), 0);
  EXPECT_EQ(load(&done->start_ts), 0x1111u);
  EXPECT_EQ(load(&done->end_ts), 0x2222u);
  EXPECT_EQ(load(&zero->start_ts), 0u);
  EXPECT_EQ(load(&zero->end_ts), 0u);
}

TEST_F(CpTest, ProfilingBitIsReadPerPacket) {
  AqlQueue q = make_aql_queue();
  auto* out = alloc_array<uint32_t>(64);
  Kernel k = assemble(kStoreLinear);
  auto* off = make_signal(1);
  auto pkt = dispatch_packet(k, 64, 64, {va(out)}, off);
  q.submit(&pkt);
  ASSERT_TRUE(eventually([&] { return load(&off->value) == 0; }));
  enable_profiling(q, true);
  auto* on = make_signal(1);
  auto pkt2 = dispatch_packet(k, 64, 64, {va(out)}, on);
  q.submit(&pkt2);
  ASSERT_TRUE(eventually([&] { return load(&on->value) == 0; }));
  EXPECT_EQ(load(&off->end_ts), 0u);
  EXPECT_NE(load(&on->end_ts), 0u);
  EXPECT_LE(load(&on->start_ts), load(&on->end_ts));
}

}  // namespace
}  // namespace gcn_cp_test
