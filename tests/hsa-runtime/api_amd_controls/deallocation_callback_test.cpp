// Deallocation callbacks: run once with the allocation's base when it is
// freed (by hsa_memory_free or hsa_amd_memory_pool_free), not after being
// deregistered, found from any address inside the allocation.
#include <vector>

#include "controls_fixture.h"

namespace {

struct Seen {
  std::vector<void*> ptrs;
  std::vector<int> tags;
};

struct Tagged {
  Seen* seen;
  int tag;
};

void record(void* ptr, void* data) {
  auto* t = static_cast<Tagged*>(data);
  t->seen->ptrs.push_back(ptr);
  t->seen->tags.push_back(t->tag);
}

void record_other(void* ptr, void* data) { record(ptr, data); }

class ApiDeallocationTest : public ApiControlsTest {
 protected:
  void* Allocate(size_t bytes) {
    hsa_region_t region{0};
    hsa_agent_iterate_regions(
        cpu_,
        [](hsa_region_t r, void* d) {
          hsa_region_segment_t s{};
          hsa_region_get_info(r, HSA_REGION_INFO_SEGMENT, &s);
          if (s != HSA_REGION_SEGMENT_GLOBAL) return HSA_STATUS_SUCCESS;
          *static_cast<hsa_region_t*>(d) = r;
          return HSA_STATUS_INFO_BREAK;
        },
        &region);
    void* p = nullptr;
    EXPECT_EQ(hsa_memory_allocate(region, bytes, &p), HSA_STATUS_SUCCESS);
    return p;
  }
};

TEST_F(ApiDeallocationTest, RunsOnFreeWithTheBase) {
  Seen seen;
  Tagged a{&seen, 1}, b{&seen, 2};
  char* p = static_cast<char*>(Allocate(8192));
  ASSERT_NE(p, nullptr);
  ASSERT_EQ(hsa_amd_register_deallocation_callback(p + 100, record, &a), HSA_STATUS_SUCCESS);
  ASSERT_EQ(hsa_amd_register_deallocation_callback(p, record_other, &b), HSA_STATUS_SUCCESS);
  // One function once per allocation.
  EXPECT_EQ(hsa_amd_register_deallocation_callback(p + 8, record, &a),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_TRUE(seen.ptrs.empty());
  ASSERT_EQ(hsa_memory_free(p), HSA_STATUS_SUCCESS);
  ASSERT_EQ(seen.ptrs.size(), 2u);
  EXPECT_EQ(seen.ptrs[0], p);
  EXPECT_EQ(seen.ptrs[1], p);
  EXPECT_EQ(seen.tags, (std::vector<int>{1, 2}));
}

TEST_F(ApiDeallocationTest, DeregisteredCallbackDoesNotRun) {
  Seen seen;
  Tagged a{&seen, 1};
  void* p = Allocate(4096);
  ASSERT_EQ(hsa_amd_register_deallocation_callback(p, record, &a), HSA_STATUS_SUCCESS);
  ASSERT_EQ(hsa_amd_deregister_deallocation_callback(p, record), HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_amd_deregister_deallocation_callback(p, record), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  ASSERT_EQ(hsa_memory_free(p), HSA_STATUS_SUCCESS);
  EXPECT_TRUE(seen.ptrs.empty());
}

TEST_F(ApiDeallocationTest, Errors) {
  Seen seen;
  Tagged a{&seen, 1};
  int on_stack = 0;
  EXPECT_EQ(hsa_amd_register_deallocation_callback(&on_stack, record, &a),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  void* p = Allocate(4096);
  EXPECT_EQ(hsa_amd_register_deallocation_callback(nullptr, record, &a),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_amd_register_deallocation_callback(p, nullptr, &a),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_amd_deregister_deallocation_callback(&on_stack, record),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  ASSERT_EQ(hsa_memory_free(p), HSA_STATUS_SUCCESS);
  // Freed memory has no callbacks left to deregister.
  EXPECT_EQ(hsa_amd_deregister_deallocation_callback(p, record), HSA_STATUS_ERROR_INVALID_ARGUMENT);
}

}  // namespace
