// Semantics of the less common gfx9 opcodes that compute code can still
// meet: ds_read/write_addtid_b32, v_cvt_pkaccum_u8_f32 and the d16 typed
// buffer accesses, run as real dispatches (assembled by llvm-mc-14) and
// checked against values computed here from the Vega ISA manual's rules.
// Opcodes the virtual GPU does not model must stop the dispatch with a
// "not supported" error while the process, and later dispatches, carry on.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "snippet_runner.h"

namespace {

using gcn_test::SnippetRunner;

uint64_t ptr(const void* p) { return reinterpret_cast<uintptr_t>(p); }

// Loads s[4:5] = kernarg 0 (source), s[6:7] = kernarg 1 (destination).
const char* kArgs = R"(
s_load_dwordx4 s[4:7], s[0:1], 0x0
s_waitcnt lgkmcnt(0)
)";

// A raw buffer resource over s[4:5] in s[8:11] whose word 3 is `dword3`
// (data format [18:15], numeric format [14:12]).
std::string rsrc(const char* base_lo, const char* base_hi, uint32_t dword3) {
  return std::string("s_mov_b32 s8, ") + base_lo + "\ns_and_b32 s9, " + base_hi +
         ", 0xffff\ns_mov_b32 s10, -1\ns_mov_b32 s11, " + std::to_string(dword3) + "\n";
}

constexpr uint32_t kDfmt16 = 2, kNfmtUint = 4;
constexpr uint32_t dword3(uint32_t dfmt, uint32_t nfmt) { return dfmt << 15 | nfmt << 12; }

// LDS byte offset16 + M0[15:0] + lane * 4: the write puts lane*3+7 at
// 16 + 8 + 4*lane; an ordinary ds_read_b32 reads it back at that address,
// and ds_read_addtid_b32 with M0 = 0x10008 (bits above 15 ignored) and
// offset 16 reaches the same dwords.
TEST(RareOps, DsAddTidAddressesByLane) {
  SnippetRunner r;
  auto* plain = r.alloc<uint32_t>(64);
  auto* addtid = r.alloc<uint32_t>(64);
  auto res = r.run(std::string(kArgs) + R"(
v_mul_u32_u24 v1, 3, v0
v_add_u32 v1, 7, v1
s_mov_b32 m0, 16
ds_write_addtid_b32 v1 offset:8
s_waitcnt lgkmcnt(0)
v_lshlrev_b32 v2, 2, v0
ds_read_b32 v3, v2 offset:24
s_mov_b32 m0, 0x10008
ds_read_addtid_b32 v4 offset:16
s_waitcnt lgkmcnt(0)
global_store_dword v2, v3, s[4:5]
global_store_dword v2, v4, s[6:7]
s_endpgm
)",
                   64, 64, {ptr(plain), ptr(addtid)}, 1024);
  ASSERT_TRUE(res.ok) << res.error;
  for (uint32_t l = 0; l < 64; ++l) {
    EXPECT_EQ(plain[l], 3 * l + 7) << "lane " << l;
    EXPECT_EQ(addtid[l], 3 * l + 7) << "lane " << l;
  }
}

// Byte src1[1:0] of the destination gets u8(src0); the other bytes stay:
// 0x11223344 with byte 1 = lane, byte 3 = u8(256.0) = 255, byte 0 =
// u8(-1.0) = 0.
TEST(RareOps, CvtPkaccumU8ReplacesOneByte) {
  SnippetRunner r;
  auto* out = r.alloc<uint32_t>(64);
  auto res = r.run(std::string(kArgs) + R"(
v_cvt_f32_u32 v1, v0
v_mov_b32 v2, 0x11223344
s_mov_b32 s8, 0x43800000
v_cvt_pkaccum_u8_f32 v2, v1, 1
v_cvt_pkaccum_u8_f32 v2, s8, 3
v_cvt_pkaccum_u8_f32 v2, -1.0, 4
v_lshlrev_b32 v3, 2, v0
global_store_dword v3, v2, s[4:5]
s_endpgm
)",
                   64, 64, {ptr(out), 0});
  ASSERT_TRUE(res.ok) << res.error;
  for (uint32_t l = 0; l < 64; ++l) {
    const uint32_t want = 0xFF220000u | l << 8;
    EXPECT_EQ(out[l], want) << "lane " << l;
  }
}

// 16-bit components arrive packed, component c in half c % 2 of dword
// c / 2: a 16_16_16_16 element reads back bit for bit.
TEST(RareOps, TbufferLoadD16PacksHalves) {
  SnippetRunner r;
  auto* in = r.alloc<uint16_t>(64 * 4);
  auto* out = r.alloc<uint32_t>(64 * 2);
  for (uint32_t i = 0; i < 64 * 4; ++i) in[i] = static_cast<uint16_t>(0x9000 + i * 37);
  auto res = r.run(std::string(kArgs) + rsrc("s4", "s5", 0) + R"(
v_lshlrev_b32 v1, 3, v0
tbuffer_load_format_d16_xyzw v[2:3], v1, s[8:11], 0 format:[BUF_DATA_FORMAT_16_16_16_16,BUF_NUM_FORMAT_SINT] offen
s_waitcnt vmcnt(0)
global_store_dwordx2 v1, v[2:3], s[6:7]
s_endpgm
)",
                   64, 64, {ptr(in), ptr(out)});
  ASSERT_TRUE(res.ok) << res.error;
  for (uint32_t l = 0; l < 64; ++l) {
    const uint16_t* h = in + 4 * l;
    EXPECT_EQ(out[2 * l], h[0] | uint32_t(h[1]) << 16) << "lane " << l;
    EXPECT_EQ(out[2 * l + 1], h[2] | uint32_t(h[3]) << 16) << "lane " << l;
  }
}

// sint bytes widen to 16 bits with their sign; a 16_16 element has no z
// and w, which read 0 and 1.
TEST(RareOps, TbufferLoadD16SignExtendsBytesAndFillsMissing) {
  SnippetRunner r;
  auto* in = r.alloc<uint8_t>(64 * 4);
  auto* out = r.alloc<uint32_t>(64 * 4);
  for (uint32_t i = 0; i < 64 * 4; ++i) in[i] = static_cast<uint8_t>(i * 29 + 100);
  auto res = r.run(std::string(kArgs) + rsrc("s4", "s5", 0) + R"(
v_lshlrev_b32 v1, 2, v0
tbuffer_load_format_d16_xyzw v[2:3], v1, s[8:11], 0 format:[BUF_DATA_FORMAT_8_8_8_8,BUF_NUM_FORMAT_SINT] offen
tbuffer_load_format_d16_xyzw v[4:5], v1, s[8:11], 0 format:[BUF_DATA_FORMAT_16_16,BUF_NUM_FORMAT_UINT] offen
s_waitcnt vmcnt(0)
v_lshlrev_b32 v6, 4, v0
global_store_dwordx4 v6, v[2:5], s[6:7]
s_endpgm
)",
                   64, 64, {ptr(in), ptr(out)});
  ASSERT_TRUE(res.ok) << res.error;
  auto s16 = [](uint8_t b) { return static_cast<uint32_t>(static_cast<uint16_t>(int8_t(b))); };
  for (uint32_t l = 0; l < 64; ++l) {
    const uint8_t* b = in + 4 * l;
    EXPECT_EQ(out[4 * l], s16(b[0]) | s16(b[1]) << 16) << "lane " << l;
    EXPECT_EQ(out[4 * l + 1], s16(b[2]) | s16(b[3]) << 16) << "lane " << l;
    uint32_t packed;
    std::memcpy(&packed, b, 4);
    EXPECT_EQ(out[4 * l + 2], packed) << "lane " << l;
    EXPECT_EQ(out[4 * l + 3], 0x00010000u) << "lane " << l;
  }
}

// Converting buffer formats (HIP's normalized-float textures over linear
// memory read through them): 8_8_8_8 UNORM loads x / 255 per byte, SNORM
// max(x / 127, -1); stores clamp to [0, 1] and round to nearest even
// (the Vega ISA's data conversion rules). Element 63 lies past
// NUM_RECORDS (a structured buffer of 63 records): it reads 0 and its
// store is dropped.
TEST(RareOps, BufferFormatNormalizedConverts) {
  SnippetRunner r;
  auto* in = r.alloc<uint8_t>(64 * 4);
  auto* out = r.alloc<float>(64 * 8);
  auto* stored = r.alloc<uint8_t>(64 * 4);
  for (uint32_t i = 0; i < 64 * 4; ++i) in[i] = static_cast<uint8_t>(i * 53 + 7);
  std::fill(stored, stored + 64 * 4, 0xAB);
  // V#: stride 4 (word 1 [29:16]), 63 records; word 3 formats.
  auto vsharp = [](const char* lo, const char* hi, const char* s0, uint32_t nfmt) {
    return std::string("s_mov_b32 ") + s0 + ", " + lo + "\ns_and_b32 s13, " + hi +
           ", 0xffff\ns_or_b32 s13, s13, 0x40000\ns_mov_b32 s14, 63\ns_mov_b32 s15, " +
           std::to_string(dword3(10, nfmt)) + "\n";
  };
  auto res = r.run(std::string(kArgs) + R"(
s_load_dwordx2 s[16:17], s[0:1], 0x10
s_waitcnt lgkmcnt(0)
)" + vsharp("s4", "s5", "s12", 0) +
                       R"(
buffer_load_format_xyzw v[2:5], v0, s[12:15], 0 idxen
)" + vsharp("s4", "s5", "s12", 1) +
                       R"(
buffer_load_format_xyzw v[6:9], v0, s[12:15], 0 idxen
s_waitcnt vmcnt(0)
v_lshlrev_b32 v10, 5, v0
global_store_dwordx4 v10, v[2:5], s[6:7]
global_store_dwordx4 v10, v[6:9], s[6:7] offset:16
v_cvt_f32_u32 v11, v0
v_mul_f32 v11, 0x3c800000, v11
v_subrev_f32 v11, 0x3e000000, v11
v_mov_b32 v12, v11
v_add_f32 v13, 0x3f000000, v11
v_mov_b32 v14, 1.0
)" + vsharp("s16", "s17", "s12", 0) +
                       R"(
buffer_store_format_xyzw v[11:14], v0, s[12:15], 0 idxen
s_endpgm
)",
                   64, 64, {ptr(in), ptr(out), ptr(stored)});
  ASSERT_TRUE(res.ok) << res.error;
  for (uint32_t l = 0; l < 64; ++l) {
    for (uint32_t c = 0; c < 4; ++c) {
      const uint8_t b = in[4 * l + c];
      const float un = l < 63 ? static_cast<float>(b / 255.0) : 0.0f;
      const float sn = l < 63 ? static_cast<float>(std::max(int8_t(b) / 127.0, -1.0)) : 0.0f;
      EXPECT_EQ(out[8 * l + c], un) << "unorm lane " << l << " component " << c;
      EXPECT_EQ(out[8 * l + 4 + c], sn) << "snorm lane " << l << " component " << c;
    }
    // x = y = l / 64 - 1/8, z = x + 1/2, w = 1.
    const float x = static_cast<float>(l) * 0.015625f - 0.125f;
    const float comp[4] = {x, x, x + 0.5f, 1.0f};
    for (uint32_t c = 0; c < 4; ++c) {
      const double v = std::min(std::max(static_cast<double>(comp[c]), 0.0), 1.0) * 255.0;
      const uint8_t want = l < 63 ? static_cast<uint8_t>(std::nearbyint(v)) : 0xAB;
      EXPECT_EQ(stored[4 * l + c], want) << "store lane " << l << " component " << c;
    }
  }
}

// Stores take the halves back out: 16_16 writes both halves unchanged,
// 8_8 keeps the low byte of each half.
TEST(RareOps, TbufferStoreD16UnpacksHalves) {
  SnippetRunner r;
  auto* in = r.alloc<uint32_t>(64);
  auto* out = r.alloc<uint32_t>(64 * 2);
  for (uint32_t i = 0; i < 64; ++i) in[i] = 0x8123F456u + i * 0x01010203u;
  auto res = r.run(std::string(kArgs) + rsrc("s6", "s7", 0) + R"(
v_lshlrev_b32 v1, 2, v0
global_load_dword v2, v1, s[4:5]
v_lshlrev_b32 v3, 3, v0
s_waitcnt vmcnt(0)
tbuffer_store_format_d16_xy v2, v3, s[8:11], 0 format:[BUF_DATA_FORMAT_16_16,BUF_NUM_FORMAT_UINT] offen
tbuffer_store_format_d16_xy v2, v3, s[8:11], 0 format:[BUF_DATA_FORMAT_8_8,BUF_NUM_FORMAT_UINT] offen offset:4
s_endpgm
)",
                   64, 64, {ptr(in), ptr(out)});
  ASSERT_TRUE(res.ok) << res.error;
  for (uint32_t l = 0; l < 64; ++l) {
    EXPECT_EQ(out[2 * l], in[l]) << "lane " << l;
    const uint32_t bytes = (in[l] & 0xFF) | ((in[l] >> 16) & 0xFF) << 8;
    EXPECT_EQ(out[2 * l + 1], bytes) << "lane " << l;
  }
}

// buffer_*_format_d16_hi_x with the format from the V# (16, uint): the load
// fills the high half and keeps the low one; the store writes the high half.
TEST(RareOps, BufferFormatD16HiUsesHighHalf) {
  SnippetRunner r;
  auto* in = r.alloc<uint16_t>(128);  // halves 64..127 receive the store
  auto* out = r.alloc<uint32_t>(64);
  for (uint32_t i = 0; i < 64; ++i) in[i] = static_cast<uint16_t>(0xC000 + i * 101);
  auto res = r.run(std::string(kArgs) + rsrc("s4", "s5", dword3(kDfmt16, kNfmtUint)) + R"(
v_lshlrev_b32 v1, 1, v0
v_mov_b32 v2, 0x1234
buffer_load_format_d16_hi_x v2, v1, s[8:11], 0 offen
s_waitcnt vmcnt(0)
v_lshlrev_b32 v3, 2, v0
global_store_dword v3, v2, s[6:7]
v_add_u32 v2, 0x10000, v2
buffer_store_format_d16_hi_x v2, v1, s[8:11], 0 offen offset:128
s_endpgm
)",
                   64, 64, {ptr(in), ptr(out)});
  ASSERT_TRUE(res.ok) << res.error;
  for (uint32_t l = 0; l < 64; ++l) {
    EXPECT_EQ(out[l], uint32_t(in[l]) << 16 | 0x1234u) << "lane " << l;
    EXPECT_EQ(in[64 + l], static_cast<uint16_t>(in[l] + 1)) << "lane " << l;
  }
}

// Every row without semantics stops the dispatch with an error naming the
// opcode; the engine then runs the next dispatch normally.
TEST(RareOps, UnsupportedOpcodesFaultAndTheHostCarriesOn) {
  SnippetRunner r;
  struct Case {
    const char* code;
    const char* name;
  };
  const Case cases[] = {
      {"ds_gws_init v0 gds", "ds_gws_init"},
      {"ds_gws_barrier v0 gds", "ds_gws_barrier"},
      {"ds_ordered_count v1, v0 gds", "ds_ordered_count"},
      {"ds_condxchg32_rtn_b64 v[2:3], v0, v[4:5]", "ds_condxchg32_rtn_b64"},
      {"v_interp_p1_f32_e64 v1, v0, attr0.x", "v_interp_p1_f32"},
      {"v_interp_p2_f16 v1, v0, attr1.y, v2", "v_interp_p2_f16"},
      {"v_screen_partition_4se_b32 v1, v0", "v_screen_partition_4se_b32"},
      {"buffer_store_lds_dword s[4:7], 0 lds", "buffer_store_lds_dword"},
      // d16 of a 32-bit float format: the narrowing is not modelled.
      {"tbuffer_load_format_d16_x v1, v0, s[4:7], 0 "
       "format:[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_FLOAT] offen",
       "tbuffer_load_format_d16_x"},
  };
  auto* out = r.alloc<uint32_t>(64);
  for (const Case& c : cases) {
    auto res = r.run(std::string(c.code) + "\ns_endpgm\n", 64, 64, {ptr(out)}, 256);
    EXPECT_FALSE(res.ok) << c.code;
    EXPECT_NE(res.error.find(c.name), std::string::npos) << res.error;
    EXPECT_NE(res.error.find("is not supported by the virtual GPU"), std::string::npos)
        << res.error;
  }
  auto res = r.run(std::string(kArgs) + R"(
v_lshlrev_b32 v1, 2, v0
global_store_dword v1, v0, s[4:5]
s_endpgm
)",
                   64, 64, {ptr(out), 0});
  ASSERT_TRUE(res.ok) << res.error;
  for (uint32_t l = 0; l < 64; ++l) EXPECT_EQ(out[l], l);
}

}  // namespace

namespace {

// SDWA carries its own clamp bit (Vega ISA, SDWA fields): integer
// v_sub_u16 / v_add_u16 with it saturate at 0 and 0xffff, on the selected
// bytes as LLVM uses them for saturating u8 arithmetic. lane - 32 and
// lane * 1024 + 0xfc00 clamp for some lanes and not for others.
TEST(RareOps, SdwaClampSaturatesIntegerOps) {
  SnippetRunner r;
  auto* sub = r.alloc<uint32_t>(64);
  auto* add = r.alloc<uint32_t>(64);
  auto res = r.run(std::string(kArgs) + R"(
v_mov_b32 v1, 32
v_sub_u16_sdwa v2, v0, v1 clamp dst_sel:WORD_0 dst_unused:UNUSED_PAD src0_sel:WORD_0 src1_sel:WORD_0
v_lshlrev_b32 v3, 10, v0
v_mov_b32 v4, 0xfc00
v_add_u16_sdwa v5, v3, v4 clamp dst_sel:WORD_0 dst_unused:UNUSED_PAD src0_sel:WORD_0 src1_sel:WORD_0
v_lshlrev_b32 v6, 2, v0
global_store_dword v6, v2, s[4:5]
global_store_dword v6, v5, s[6:7]
s_endpgm
)",
                   64, 64, {ptr(sub), ptr(add)}, 0);
  ASSERT_TRUE(res.ok) << res.error;
  for (uint32_t l = 0; l < 64; ++l) {
    EXPECT_EQ(sub[l], l >= 32 ? l - 32 : 0u) << "lane " << l;
    EXPECT_EQ(add[l], std::min<uint32_t>(l * 1024 + 0xfc00, 0xffff)) << "lane " << l;
  }
}

}  // namespace
