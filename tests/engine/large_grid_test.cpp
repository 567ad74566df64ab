// Grids near 2^32 work-items: the workgroup count and the edge group's
// extent are computed without 32-bit overflow.
#include <gtest/gtest.h>

#include <cstdint>

#include "snippet_runner.h"

namespace {

using gcn_test::SnippetRunner;

// 0xFFFFFFFF work-items in groups of 1024: 4,194,304 groups, the last
// (id 4194303) with 0xFFFFFFFF - 4194303 * 1024 = 1023 work-items. Only
// the last group works, so the test stays fast: each of its lanes adds one
// to out[0], out[1] gets its largest work-item id and out[2] its id.
TEST(LargeGrid, FullWidthGridRunsEveryGroupWithTheEdgeGroupsSize) {
  SnippetRunner r(2);
  r.vgprs = 4;
  auto* out = r.alloc<uint32_t>(3);
  auto res = r.run(R"(
s_cmp_lg_u32 s2, 0x3fffff
s_cbranch_scc1 done
s_load_dwordx2 s[4:5], s[0:1], 0x0
v_mov_b32 v1, 0
v_mov_b32 v2, 1
s_waitcnt lgkmcnt(0)
global_atomic_add v1, v2, s[4:5]
global_atomic_umax v1, v0, s[4:5] offset:4
v_mov_b32 v3, s2
global_store_dword v1, v3, s[4:5] offset:8
done:
s_endpgm
)",
                   0xFFFFFFFFu, 1024, {reinterpret_cast<uintptr_t>(out)});
  ASSERT_TRUE(res.ok) << res.error;
  EXPECT_EQ(out[0], 1023u);
  EXPECT_EQ(out[1], 1022u);
  EXPECT_EQ(out[2], 4194303u);
  // 4,194,304 groups of 16 waves (the last one's 1023 lanes fill 16 too).
  EXPECT_EQ(res.waves, 4194304ull * 16);
}

}  // namespace
