// Caches: hsa_agent_iterate_caches / hsa_cache_get_info against the thunk's
// cache properties, and their agreement with HSA_AGENT_INFO_CACHE_SIZE.
#include <hsa/hsa.h>

#include <map>
#include <string>
#include <vector>

#include "core_fixture.h"

namespace {

std::vector<hsa_cache_t> caches_of(hsa_agent_t agent) {
  std::vector<hsa_cache_t> caches;
  EXPECT_EQ(hsa_agent_iterate_caches(
                agent,
                [](hsa_cache_t c, void* d) {
                  static_cast<std::vector<hsa_cache_t>*>(d)->push_back(c);
                  return HSA_STATUS_SUCCESS;
                },
                &caches),
            HSA_STATUS_SUCCESS);
  return caches;
}

std::string cache_name(hsa_cache_t c) {
  uint32_t length = 0;
  EXPECT_EQ(hsa_cache_get_info(c, HSA_CACHE_INFO_NAME_LENGTH, &length), HSA_STATUS_SUCCESS);
  std::string name(length, '\0');
  EXPECT_EQ(hsa_cache_get_info(c, HSA_CACHE_INFO_NAME, name.data()), HSA_STATUS_SUCCESS);
  return name;
}

class CoreCacheTest : public CoreTest {
 protected:
  // Level -> bytes of the first cache of that level, from the thunk.
  std::map<uint8_t, uint32_t> thunk_levels(hsa_agent_t agent) {
    uint32_t node = 0;
    EXPECT_EQ(hsa_agent_get_info(agent, HSA_AGENT_INFO_NODE, &node), HSA_STATUS_SUCCESS);
    std::map<uint8_t, uint32_t> levels;
    for (const HsaCacheProperties& c : core_test::thunk_node(node).caches)
      if (c.CacheLevel >= 1 && c.CacheLevel <= 4)
        levels.emplace(static_cast<uint8_t>(c.CacheLevel), c.CacheSize * 1024);
    return levels;
  }

  void expect_matches_thunk(hsa_agent_t agent) {
    const auto expected = thunk_levels(agent);
    std::map<uint8_t, uint32_t> seen;
    for (hsa_cache_t c : caches_of(agent)) {
      uint8_t level = 0;
      uint32_t size = 0;
      ASSERT_EQ(hsa_cache_get_info(c, HSA_CACHE_INFO_LEVEL, &level), HSA_STATUS_SUCCESS);
      ASSERT_EQ(hsa_cache_get_info(c, HSA_CACHE_INFO_SIZE, &size), HSA_STATUS_SUCCESS);
      EXPECT_EQ(cache_name(c), "L" + std::to_string(level));
      EXPECT_TRUE(seen.emplace(level, size).second) << "level " << int(level) << " twice";
    }
    EXPECT_EQ(seen, expected);
    uint32_t sizes[4] = {1, 1, 1, 1};
    ASSERT_EQ(hsa_agent_get_info(agent, HSA_AGENT_INFO_CACHE_SIZE, sizes), HSA_STATUS_SUCCESS);
    for (uint8_t level = 1; level <= 4; ++level) {
      const auto it = seen.find(level);
      EXPECT_EQ(sizes[level - 1], it == seen.end() ? 0u : it->second) << "L" << int(level);
    }
  }
};

TEST_F(CoreCacheTest, GpuCachesMatchTopology) {
  ASSERT_FALSE(thunk_levels(gpu_).empty()) << "the virtual GPU reports caches";
  expect_matches_thunk(gpu_);
}

TEST_F(CoreCacheTest, CpuCachesMatchTopology) { expect_matches_thunk(cpu_); }

TEST_F(CoreCacheTest, IterationStopsOnCallbackStatus) {
  ASSERT_GE(caches_of(gpu_).size(), 2u);
  int calls = 0;
  EXPECT_EQ(hsa_agent_iterate_caches(
                gpu_,
                [](hsa_cache_t, void* d) {
                  ++*static_cast<int*>(d);
                  return HSA_STATUS_INFO_BREAK;
                },
                &calls),
            HSA_STATUS_INFO_BREAK);
  EXPECT_EQ(calls, 1);
}

TEST_F(CoreCacheTest, Errors) {
  EXPECT_EQ(hsa_agent_iterate_caches(hsa_agent_t{12345}, nullptr, nullptr),
            HSA_STATUS_ERROR_INVALID_AGENT);
  EXPECT_EQ(hsa_agent_iterate_caches(gpu_, nullptr, nullptr), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  uint32_t size = 0;
  EXPECT_EQ(hsa_cache_get_info(hsa_cache_t{12345}, HSA_CACHE_INFO_SIZE, &size),
            HSA_STATUS_ERROR_INVALID_CACHE);
  const hsa_cache_t c = caches_of(gpu_).at(0);
  EXPECT_EQ(hsa_cache_get_info(c, HSA_CACHE_INFO_SIZE, nullptr), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_cache_get_info(c, static_cast<hsa_cache_info_t>(99), &size),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
}

// A handle from before shut_down is unknown afterwards, not dangling.
TEST(CoreCacheLifetime, StaleHandleAfterReinit) {
  ASSERT_EQ(hsa_init(), HSA_STATUS_SUCCESS);
  hsa_agent_t gpu{0};
  for (hsa_agent_t a : core_test::all_agents())
    if (core_test::device_of(a) == HSA_DEVICE_TYPE_GPU) gpu = a;
  const hsa_cache_t stale = caches_of(gpu).at(0);
  ASSERT_EQ(hsa_shut_down(), HSA_STATUS_SUCCESS);
  uint32_t size = 0;
  EXPECT_EQ(hsa_cache_get_info(stale, HSA_CACHE_INFO_SIZE, &size),
            HSA_STATUS_ERROR_NOT_INITIALIZED);
  ASSERT_EQ(hsa_init(), HSA_STATUS_SUCCESS);
  const auto fresh = caches_of(core_test::all_agents().back());
  bool reused = false;
  for (hsa_cache_t c : fresh) reused |= c.handle == stale.handle;
  if (!reused) {
    EXPECT_EQ(hsa_cache_get_info(stale, HSA_CACHE_INFO_SIZE, &size),
              HSA_STATUS_ERROR_INVALID_CACHE);
  }
  EXPECT_EQ(hsa_shut_down(), HSA_STATUS_SUCCESS);
}

}  // namespace
