// Many small VRAM buffers at once (issue 22, item 4): 65,536 buffers of
// 32 KiB each, allocated and mapped to the GPU, must not run into the
// host's limit on mappings (vm.max_map_count, 65,530 by default), which a
// mapping per buffer (or two: the process's and the KFD's) would.
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include "thunk_fixture.h"

namespace {

// Lines of /proc/self/maps: the process's memory mappings.
size_t mapping_count() {
  std::ifstream maps("/proc/self/maps");
  std::string line;
  size_t n = 0;
  while (std::getline(maps, line)) ++n;
  return n;
}

// The thunk runs on its in-process emulated KFD: forced, or chosen because
// there is no /dev/kfd.
bool on_emulated_kfd() {
  const char* forced = std::getenv("HSAKMT_TRANSPORT");
  if (forced) return std::strcmp(forced, "emulated") == 0;
  return access("/dev/kfd", F_OK) != 0;
}

TEST_F(ThunkTest, SixtyFiveThousandVramBuffersFitTheMappingLimit) {
  if (!on_emulated_kfd())
    GTEST_SKIP() << "a kernel KFD maps each buffer object on its own, as amdgpu does; merged "
                    "mappings are the emulated KFD's";
  constexpr size_t kBuffers = 65536;
  constexpr size_t kBytes = 32 * 1024;
  HsaMemFlags vram{};
  vram.ui32.HostAccess = 1;
  vram.ui32.NonPaged = 1;
  const size_t before = mapping_count();
  std::vector<void*> bufs;
  bufs.reserve(kBuffers);
  for (size_t i = 0; i < kBuffers; ++i) {
    void* p = nullptr;
    const HSAKMT_STATUS s = hsaKmtAllocMemory(gpu(), kBytes, vram, &p);
    ASSERT_EQ(s, HSAKMT_STATUS_SUCCESS) << "allocation " << i;
    bufs.push_back(p);
    ASSERT_EQ(hsaKmtMapMemoryToGPU(p, kBytes, nullptr), HSAKMT_STATUS_SUCCESS) << "map " << i;
  }
  const size_t during = mapping_count();
  EXPECT_LT(during, before + kBuffers / 64)
      << "neighbouring buffers share mappings: the count is bounded by memory, not buffers";

  // The CPU sees each buffer's own memory, zero-filled.
  for (size_t i = 0; i < kBuffers; i += 4099) {
    auto* w = static_cast<uint32_t*>(bufs[i]);
    EXPECT_EQ(w[0], 0u);
    EXPECT_EQ(w[kBytes / 4 - 1], 0u);
    w[0] = static_cast<uint32_t>(i);
    w[kBytes / 4 - 1] = ~static_cast<uint32_t>(i);
  }
  for (size_t i = 0; i < kBuffers; i += 4099) {
    const auto* w = static_cast<const uint32_t*>(bufs[i]);
    EXPECT_EQ(w[0], static_cast<uint32_t>(i));
    EXPECT_EQ(w[kBytes / 4 - 1], ~static_cast<uint32_t>(i));
    if (i + 1 < kBuffers) {
      EXPECT_EQ(static_cast<const uint32_t*>(bufs[i + 1])[0], 0u);
    }
  }

  for (size_t i = 0; i < kBuffers; ++i) {
    ASSERT_EQ(hsaKmtUnmapMemoryToGPU(bufs[i]), HSAKMT_STATUS_SUCCESS) << "unmap " << i;
    ASSERT_EQ(hsaKmtFreeMemory(bufs[i], kBytes), HSAKMT_STATUS_SUCCESS) << "free " << i;
  }
  EXPECT_LT(mapping_count(), before + 64) << "freeing gives the mappings back";

  // A buffer allocated again is zero-filled, though its memory was written.
  void* again = nullptr;
  ASSERT_EQ(hsaKmtAllocMemory(gpu(), kBytes, vram, &again), HSAKMT_STATUS_SUCCESS);
  const auto* w = static_cast<const uint32_t*>(again);
  for (size_t k = 0; k < kBytes / 4; ++k) ASSERT_EQ(w[k], 0u) << "word " << k;
  EXPECT_EQ(hsaKmtFreeMemory(again, kBytes), HSAKMT_STATUS_SUCCESS);
}

}  // namespace
