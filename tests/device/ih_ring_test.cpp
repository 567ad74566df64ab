// The device's side of the IH ring: entries at wptr (modulo the ring),
// wptr published after the entry, a notification per entry, a full ring
// waiting for the module's rptr, and a ring nobody drains dropping entries
// (counted) instead of hanging an engine thread.
#include <gtest/gtest.h>

#include <atomic>
#include <thread>
#include <vector>

#include "ih_ring.h"

namespace gcn_device_test {
namespace {

constexpr uint32_t kEntries = 8;

struct Area {
  std::vector<uint8_t> bytes =
      std::vector<uint8_t>(FW_VGPU_IH_HEADER_BYTES + kEntries * sizeof(fw_ih_entry));
  fw_vgpu_ih_header* header() { return reinterpret_cast<fw_vgpu_ih_header*>(bytes.data()); }
  fw_ih_entry* slots() {
    return reinterpret_cast<fw_ih_entry*>(bytes.data() + FW_VGPU_IH_HEADER_BYTES);
  }
};

fw_ih_entry entry(uint32_t n) {
  fw_ih_entry e{};
  e.src_data[0] = n;
  return e;
}

TEST(IhRing, EntriesGoAtWptrAndWrap) {
  Area a;
  // The module has drained 6 entries already: the ring resumes there.
  a.header()->wptr = a.header()->rptr = 6;
  std::atomic<unsigned> notes{0};
  gcn::device::IhRing ring(a.bytes.data(), kEntries, [&] { ++notes; });
  for (uint32_t i = 0; i < 5; ++i) ring.push(entry(100 + i));
  EXPECT_EQ(a.header()->wptr, 11u);
  EXPECT_EQ(notes.load(), 5u);
  // Slots 6, 7, then 0, 1, 2.
  EXPECT_EQ(a.slots()[6].src_data[0], 100u);
  EXPECT_EQ(a.slots()[7].src_data[0], 101u);
  EXPECT_EQ(a.slots()[0].src_data[0], 102u);
  EXPECT_EQ(a.slots()[2].src_data[0], 104u);
  EXPECT_EQ(a.header()->overflow, 0u);
}

TEST(IhRing, FullRingWaitsForTheModuleToDrain) {
  Area a;
  std::atomic<unsigned> notes{0};
  gcn::device::IhRing ring(a.bytes.data(), kEntries, [&] {
    // The module drains everything on the fourth notification past full.
    if (++notes == kEntries + 4)
      __atomic_store_n(&a.header()->rptr, __atomic_load_n(&a.header()->wptr, __ATOMIC_ACQUIRE),
                       __ATOMIC_RELEASE);
  });
  for (uint32_t i = 0; i < kEntries + 1; ++i) ring.push(entry(i));
  EXPECT_EQ(a.header()->wptr, kEntries + 1);
  EXPECT_EQ(a.slots()[0].src_data[0], kEntries);
  EXPECT_EQ(a.header()->overflow, 0u);
}

TEST(IhRing, StoppedFullRingDropsAndCounts) {
  Area a;
  gcn::device::IhRing ring(a.bytes.data(), kEntries, [] {});
  for (uint32_t i = 0; i < kEntries; ++i) ring.push(entry(i));
  ring.stop();
  ring.push(entry(99));
  EXPECT_EQ(a.header()->wptr, kEntries);
  EXPECT_EQ(a.header()->overflow, 1u);
  EXPECT_EQ(a.slots()[0].src_data[0], 0u);
}

}  // namespace
}  // namespace gcn_device_test
