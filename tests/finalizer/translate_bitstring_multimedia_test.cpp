// Bit string (PRM 5.7), carry/borrow (5.2), class (5.13) and multimedia
// (5.15) instructions, differential: each kernel runs over the same inputs
// on the emulated gfx900 (finalize()) and natively (gccbrig-11 +
// libhsail-rt), results compared bit for bit. Where gccbrig-11 departs from
// the PRM the reference is a CPU implementation of the PRM's definition:
//  - class_f64: libhsail-rt tests "subnormal" against FLT_MIN, not DBL_MIN;
//  - class_f16: libhsail-rt widens to f32 and tests bit 30 for quiet NaN;
//  - packcvt: libhsail-rt truncates instead of rounding to nearest even.
// Inputs mix edge values (offsets and widths 0, 31, 32, 63, 64 and beyond;
// NaNs, infinities, subnormals, zeros) with pseudo-random ones.
#include <cmath>
#include <cstring>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include "finalized_gpu.h"
#include "native_hsail_runner.h"
#include "translate_test_util.h"

namespace finalizer_test {
namespace {

constexpr uint32_t kItems = 256;
constexpr uint64_t kUntouched = 0xdeadbeefcafef00dull;

// Source operand types; each source is an 8-byte slot (a 32-bit or f16
// value in its low bytes).
enum Src { kB32, kB64, kF16, kF32 };
// How the inputs of a source are drawn.
enum Draw { kBits, kField, kFloat };

using CpuRef = std::function<uint64_t(const uint64_t* src)>;

struct Op {
  std::string inst;  // e.g. "bitextract_s32"
  bool wide_dest;    // 64-bit destination register
  bool b1_dest;      // a c register (class)
  std::vector<Src> src;
  std::vector<Draw> draw;
  std::string imm;  // a trailing immediate operand, or empty
  CpuRef cpu;       // set when gccbrig is not the reference
  // For bitextract: keep offset + width within the length (PRM: undefined
  // beyond), masked bits above the low 5/6 still vary.
  unsigned extract_len = 0;
};

Op make(std::string inst, bool wide_dest, bool b1_dest, std::vector<Src> src,
        std::vector<Draw> draws) {
  Op o;
  o.inst = std::move(inst);
  o.wide_dest = wide_dest;
  o.b1_dest = b1_dest;
  o.src = std::move(src);
  o.draw = std::move(draws);
  return o;
}

uint64_t next_random(uint64_t* s) {
  *s ^= *s << 13;
  *s ^= *s >> 7;
  *s ^= *s << 17;
  return *s;
}

const uint64_t kBitEdges[] = {0,           1,          0x80000000u,           0xffffffffu,
                              0x7fffffffu, ~0ull,      0x8000000000000000ull, 0x123456789abcdef0ull,
                              0xa3a2a1a0u, 0xb3b2b1b0u};
const uint32_t kFieldEdges[] = {0, 1, 5, 16, 31, 32, 33, 63, 64, 65, 95, 127, 0xffffffffu};
// f32 edge bit patterns: zeros, subnormals, normals, infinities, NaNs
// (quiet and signaling, with payloads), ties for rounding.
const uint32_t kF32Edges[] = {
    0x00000000, 0x80000000, 0x00000001, 0x807fffff, 0x00800000, 0x80800000, 0x3f800000, 0xbf800000,
    0x7f800000, 0xff800000, 0x7fc00000, 0xffc00001, 0x7f800001, 0xffa00000, 0x3f000000, 0x3fc00000,
    0x40200000, 0x437e8000, 0x437f8000, 0x43800000, 0x7f7fffff, 0x437f0000, 0xc2c80000, 0x4f800000};
const uint16_t kF16Edges[] = {0x0000, 0x8000, 0x0001, 0x83ff, 0x0400, 0x8400, 0x3c00, 0xbc00,
                              0x7c00, 0xfc00, 0x7e00, 0xfe01, 0x7c01, 0xfd00, 0x7bff, 0x03ff};
const uint64_t kF64Edges[] = {0x0ull,
                              0x8000000000000000ull,
                              0x1ull,
                              0x800fffffffffffffull,
                              0x0010000000000000ull,
                              0x8010000000000000ull,
                              0x3ff0000000000000ull,
                              0x7ff0000000000000ull,
                              0xfff0000000000000ull,
                              0x7ff8000000000000ull,
                              0xfff8000000000001ull,
                              0x7ff0000000000001ull,
                              0xfff4000000000000ull,
                              0x3810000000000000ull,  // between DBL_MIN and FLT_MIN
                              0xb7f0000000000000ull,
                              0x7fefffffffffffffull};

uint64_t draw(Draw d, Src s, uint32_t i, uint64_t* state) {
  uint64_t r = next_random(state);
  bool edge = i < 128;
  switch (d) {
    case kField:
      // Mostly small, sometimes with high garbage bits that must be masked.
      if (edge) return kFieldEdges[(i * 7 + r % 5) % (sizeof kFieldEdges / 4)];
      return (r & 1) ? r >> 1 : (r >> 8) % 80;
    case kFloat:
      if (s == kF16) return edge ? kF16Edges[i % 16] : (r & 0xffff);
      if (s == kF32) {
        if (edge) return kF32Edges[i % (sizeof kF32Edges / 4)];
        if (r & 1) {  // a value near the packcvt range, some exact ties
          float f = float(int64_t(r >> 40) % 700 - 100) / ((r & 2) ? 2.0f : 7.0f);
          uint32_t u;
          std::memcpy(&u, &f, 4);
          return u;
        }
        return uint32_t(r >> 3);
      }
      return edge ? kF64Edges[i % 16] : r;
    case kBits:
      return edge ? kBitEdges[(i + (r & 3)) % 10] : r;
  }
  return r;
}

// PRM 5.13's classes from the raw fields of an IEEE value.
uint32_t ieee_class(bool neg, uint64_t exp, uint64_t exp_max, uint64_t frac, uint64_t quiet_bit) {
  if (exp == exp_max) {
    if (frac == 0) return neg ? 0x004 : 0x200;
    return (frac & quiet_bit) ? 0x002 : 0x001;
  }
  if (exp == 0) {
    if (frac == 0) return neg ? 0x020 : 0x040;
    return neg ? 0x010 : 0x080;
  }
  return neg ? 0x008 : 0x100;
}
uint64_t class_f16(const uint64_t* s) {
  uint64_t x = s[0] & 0xffff;
  return (ieee_class(x >> 15, (x >> 10) & 0x1f, 0x1f, x & 0x3ff, 0x200) & s[1]) != 0;
}
uint64_t class_f64(const uint64_t* s) {
  uint64_t x = s[0];
  return (ieee_class(x >> 63, (x >> 52) & 0x7ff, 0x7ff, x & ((1ull << 52) - 1), 1ull << 51) &
          s[1]) != 0;
}
// PRM 5.15 packcvt with cvt_neari_sat_u8_f32 (PRM 5.19: NaN to 0).
uint64_t packcvt(const uint64_t* s) {
  uint32_t r = 0;
  for (int i = 0; i < 4; ++i) {
    float f;
    uint32_t u = uint32_t(s[i]);
    std::memcpy(&f, &u, 4);
    float n = std::nearbyint(f);  // the default rounding: to nearest even
    uint32_t b = std::isnan(f) ? 0 : n <= 0 ? 0 : n >= 255 ? 255 : uint32_t(n);
    r |= b << (8 * i);
  }
  return r;
}

std::vector<Op> ops() {
  std::vector<Op> v;
  for (const char* t : {"u32", "s32", "u64", "s64"}) {
    bool w = t[1] == '6';
    Src x = w ? kB64 : kB32;
    Op e = make(std::string("bitextract_") + t, w, false, {x, kB32, kB32}, {kBits, kField, kField});
    e.extract_len = w ? 64 : 32;
    v.push_back(e);
    v.push_back(make(std::string("bitinsert_") + t, w, false, {x, x, kB32, kB32},
                     {kBits, kBits, kField, kField}));
  }
  v.push_back(make("bitmask_b32", false, false, {kB32, kB32}, {kField, kField}));
  v.push_back(make("bitmask_b64", true, false, {kB32, kB32}, {kField, kField}));
  for (const char* op : {"borrow", "carry"}) {
    for (const char* t : {"u32", "s32", "u64", "s64"}) {
      Src x = t[1] == '6' ? kB64 : kB32;
      v.push_back(make(std::string(op) + "_" + t, t[1] == '6', false, {x, x}, {kBits, kBits}));
    }
  }
  v.push_back(make("class_b1_f32", false, true, {kF32, kB32}, {kFloat, kBits}));
  Op c16 = make("class_b1_f16", false, true, {kF16, kB32}, {kFloat, kBits});
  c16.cpu = class_f16;
  v.push_back(c16);
  Op c64 = make("class_b1_f64", false, true, {kB64, kB32}, {kFloat, kBits});
  c64.cpu = class_f64;
  v.push_back(c64);
  for (const char* op : {"bitalign_b32", "bytealign_b32", "lerp_u8x4", "sad_u32_u32",
                         "sad_u32_u16x2", "sad_u32_u8x4", "sadhi_u16x2_u8x4"}) {
    Draw third = std::string(op).find("align") != std::string::npos ? kField : kBits;
    v.push_back(make(op, false, false, {kB32, kB32, kB32}, {kBits, kBits, third}));
  }
  Op pc = make("packcvt_u8x4_f32", false, false, {kF32, kF32, kF32, kF32},
               {kFloat, kFloat, kFloat, kFloat});
  pc.cpu = packcvt;
  v.push_back(pc);
  for (int i = 0; i < 4; ++i) {
    Op u = make("unpackcvt_f32_u8x4", false, false, {kB32}, {kBits});
    u.imm = std::to_string(i);
    v.push_back(u);
  }
  return v;
}

std::string kernel_name(const Op& o, size_t n) { return "&k" + std::to_string(n) + "_" + o.inst; }

// dest = inst(src...), the sources loaded from in[j * kItems + i], the
// result stored to out[i] (8-byte slots).
std::string kernel_text(const Op& o, size_t n) {
  std::ostringstream s;
  s << "kernel " << kernel_name(o, n) << "(kernarg_u64 %in, kernarg_u64 %out)\n{\n"
    << "\tworkitemabsid_u32 $s0, 0;\n\tcvt_u64_u32 $d0, $s0;\n\tshl_u64 $d0, $d0, 3;\n"
    << "\tld_kernarg_u64 $d1, [%in];\n\tadd_u64 $d1, $d1, $d0;\n"
    << "\tld_kernarg_u64 $d2, [%out];\n\tadd_u64 $d2, $d2, $d0;\n";
  std::vector<std::string> regs;
  for (size_t j = 0; j < o.src.size(); ++j) {
    static const char* const kLoad[] = {"u32", "u64", "f16", "f32"};
    std::string r = (o.src[j] == kB64 ? "$d" : "$s") + std::to_string(10 + j);
    s << "\tld_global_" << kLoad[o.src[j]] << " " << r << ", [$d1+" << j * kItems * 8 << "];\n";
    regs.push_back(r);
  }
  std::string dest = o.b1_dest ? "$c1" : o.wide_dest ? "$d20" : "$s20";
  s << "\t" << o.inst << " " << dest;
  for (const std::string& r : regs) s << ", " << r;
  if (!o.imm.empty()) s << ", " << o.imm;
  s << ";\n";
  if (o.b1_dest) s << "\tcvt_u32_b1 $s20, $c1;\n";
  s << "\tst_global_" << (o.wide_dest ? "u64 $d20" : "u32 $s20") << ", [$d2];\n\tret;\n};\n";
  return s.str();
}

class BitStringMultimedia : public FinalizedGpu {
 protected:
  uint64_t Object(const std::string& name) {
    hsa_executable_symbol_t k{0};
    uint64_t object = 0;
    if (hsa_executable_get_symbol_by_name(exe_, name.c_str(), &gpu_, &k) != HSA_STATUS_SUCCESS)
      return 0;
    hsa_executable_symbol_get_info(k, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_OBJECT, &object);
    return object;
  }
};

TEST_F(BitStringMultimedia, AgreeWithGccbrigOrThePrmBitForBit) {
  ASSERT_FALSE(native_hsail::gccbrig_path().empty())
      << "gccbrig-11 is not installed: run tools/install-deps.sh";
  const std::vector<Op> list = ops();
  std::string text = "module &bsmm:1:0:$full:$large:$default;\n";
  for (size_t n = 0; n < list.size(); ++n) text += kernel_text(list[n], n);
  hsail::Module brig = hsail::parse_hsail(text);
  hsail::validate(brig);
  native_hsail::NativeModule native(brig.to_brig());
  uint64_t first = 0;
  ASSERT_NO_FATAL_FAILURE(LoadCode(hsail::finalizer::finalize(brig, hsail::finalizer::Options{}),
                                   kernel_name(list[0], 0).c_str(), &first));

  uint64_t* in = Buffer<uint64_t>(4 * kItems);
  uint64_t* out = Buffer<uint64_t>(kItems);
  ASSERT_TRUE(in && out);
  native_hsail::NativeDispatch grid;
  grid.grid_size = kItems;
  grid.group_size = 64;
  size_t checked = 0;
  for (size_t n = 0; n < list.size(); ++n) {
    const Op& o = list[n];
    const std::string name = kernel_name(o, n);
    uint64_t state = 0x9e3779b97f4a7c15ull + n;
    for (size_t j = 0; j < o.src.size(); ++j) {
      for (uint32_t i = 0; i < kItems; ++i)
        in[j * kItems + i] = draw(o.draw[j], o.src[j], i, &state);
    }
    if (o.extract_len != 0) {
      const uint64_t m = o.extract_len - 1;
      for (uint32_t i = 0; i < kItems; ++i) {
        uint64_t off = in[kItems + i] & m, w = in[2 * kItems + i] & m;
        if (off + w > o.extract_len) in[2 * kItems + i] = (w & ~m) | (o.extract_len - off);
      }
    }
    std::vector<uint64_t> expect(kItems, kUntouched);
    std::vector<uint8_t> args(16);
    if (!o.cpu) {
      uint64_t p[2] = {Ptr(in), Ptr(expect.data())};
      std::memcpy(args.data(), p, 16);
      native.dispatch("&bsmm", name, args, grid);
    }
    for (uint32_t i = 0; i < kItems; ++i) out[i] = kUntouched;
    const uint64_t object = Object(name);
    ASSERT_NE(object, 0u) << name << " is not in the code object";
    ASSERT_TRUE(Dispatch(object, {Ptr(in), Ptr(out)}, kItems, 64)) << name << " did not complete";

    int reported = 0;
    for (uint32_t i = 0; i < kItems; ++i) {
      uint64_t src[4] = {};
      for (size_t j = 0; j < o.src.size(); ++j) src[j] = in[j * kItems + i];
      uint64_t want = expect[i];
      if (o.cpu) want = o.cpu(src) | (kUntouched & 0xffffffff00000000ull);
      if (!o.wide_dest && !o.cpu) want = (want & 0xffffffffull) | (kUntouched & ~0xffffffffull);
      EXPECT_NE(want, kUntouched) << name << ": the reference wrote nothing for item " << i;
      ++checked;
      if (out[i] == want || reported >= 3) continue;
      ++reported;
      ADD_FAILURE() << name << " (" << (o.cpu ? "PRM on the CPU" : "gccbrig") << ") item " << i
                    << std::hex << ": src=0x" << src[0] << ",0x" << src[1] << ",0x" << src[2]
                    << ",0x" << src[3] << " want=0x" << want << " gpu=0x" << out[i];
    }
  }
  EXPECT_EQ(checked, list.size() * kItems);
}

// The PRM's own examples (5.7, 5.15) as constants through the translator,
// independent of both implementations above.
TEST(BitStringMultimediaPrmExamples, FoldToThePrmsValues) {
  llvm::LLVMContext ctx;
  auto m = translate_text(ctx, R"(module &m:1:0:$full:$large:$default;
kernel &k(kernarg_u64 %out)
{
	ld_kernarg_u64 $d0, [%out];
	bitalign_b32 $s1, 0xA3A2A1A0, 0xB3B2B1B0, 8;
	st_global_u32 $s1, [$d0];
	bytealign_b32 $s1, 0xA3A2A1A0, 0xB3B2B1B0, 3;
	st_global_u32 $s1, [$d0+4];
	bitextract_s32 $s1, 0x00000f00, 8, 4;
	st_global_u32 $s1, [$d0+8];
	bitinsert_u32 $s1, 0xffffffff, 0, 4, 8;
	st_global_u32 $s1, [$d0+12];
	bitmask_b64 $d1, 60, 4;
	st_global_u64 $d1, [$d0+16];
	sad_u32_u8x4 $s1, u8x4(1, 2, 3, 4), u8x4(4, 3, 2, 1), 10;
	st_global_u32 $s1, [$d0+24];
	ret;
};
)");
  ASSERT_EQ(verify(*m), "");
  std::vector<Stored> s = stored_values(*m, "&k");
  const uint64_t want[] = {0xB0A3A2A1, 0xB2B1B0A3, 0xffffffff, 0xfffff00f, 0xf000000000000000ull,
                           18};
  ASSERT_EQ(s.size(), 6u);
  for (size_t i = 0; i < 6; ++i) {
    EXPECT_TRUE(s[i].constant) << "store " << i;
    EXPECT_EQ(s[i].value, want[i]) << "store " << i;
  }
}

}  // namespace
}  // namespace finalizer_test
