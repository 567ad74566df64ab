// Packed data (PRM 4.14, 5.2, 5.5, 5.9, 5.10, 5.11, 5.13, 5.18): every
// packed opcode x packed type x packing control (and _sat, rounding, ftz)
// is generated as a candidate line and kept when our assembler's validator
// accepts it. Every kept line must translate (or be refused with "not
// supported yet"), and all of them together must finalize for gfx900.
// Then, per packed type, one kernel running all its translated lines is
// executed on the emulated gfx900 and natively (gccbrig-11 + libhsail-rt)
// over the same edge and pseudo-random inputs, the results compared bit for
// bit (NaN elements compare by being NaN, not by payload).
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <unistd.h>

#include "finalized_gpu.h"
#include "native_hsail_runner.h"
#include "translate_test_util.h"

namespace finalizer_test {
namespace {

// A packed type: element kind ('u', 's', 'f'), element bits and count.
struct PType {
  char kind;
  unsigned bits;
  unsigned count;
  std::string name() const { return kind + std::to_string(bits) + "x" + std::to_string(count); }
  unsigned width() const { return bits * count; }
};

std::vector<PType> packed_types() {
  std::vector<PType> out;
  for (char kind : {'u', 's', 'f'}) {
    for (unsigned width : {32u, 64u, 128u}) {
      for (unsigned bits : {8u, 16u, 32u, 64u}) {
        if (bits >= width || (kind == 'f' && bits == 8)) continue;
        out.push_back({kind, bits, width / bits});
      }
    }
  }
  return out;
}

// Registers by width: sources a and b, the destination's old value, the
// destination; $s5 a shift amount, $s8 an element index, $s6/$d9 scalar
// sources of pack, $s7/$d10 scalar destinations of unpack.
struct Regs {
  const char* a;
  const char* b;
  const char* old;
  const char* dest;
};
Regs regs(unsigned width) {
  if (width == 32) return {"$s1", "$s2", "$s3", "$s4"};
  if (width == 64) return {"$d5", "$d6", "$d7", "$d8"};
  return {"$q1", "$q2", "$q3", "$q4"};
}

// One candidate instruction and how to check its result.
struct Line {
  std::string text;
  std::string dest;    // register written
  unsigned width;      // its bits
  unsigned elem_bits;  // result elements
  bool elem_float;     // NaN elements compare equal whatever the payload
  unsigned compared;   // low bits of the result that are defined
  bool differential;   // run against the native oracle
};

Line packed_line(const PType& t, const std::string& text, bool differential = true) {
  return {text, regs(t.width()).dest, t.width(), t.bits, t.kind == 'f', t.width(), differential};
}

const char* const kBinary[] = {"add", "sub", "mul",      "mulhi", "div",
                               "min", "max", "copysign", "rem"};
const char* const kUnary[] = {"abs", "neg", "ceil", "floor", "fract", "rint", "trunc", "sqrt"};
const char* const kTwoControls[] = {"pp", "ps", "sp", "ss", "pp_sat", "ps_sat", "sp_sat", "ss_sat"};
const char* const kOneControls[] = {"p", "s", "p_sat", "s_sat"};
const char* const kCompares[] = {"eq",   "ne",   "lt",   "le",   "gt",   "ge",   "equ",
                                 "neu",  "ltu",  "leu",  "gtu",  "geu",  "num",  "nan",
                                 "seq",  "sne",  "slt",  "sle",  "sgt",  "sge",  "sequ",
                                 "sneu", "sltu", "sleu", "sgtu", "sgeu", "snum", "snan"};

// The candidates of one packed type (the validator decides which are valid).
std::vector<Line> candidates(const PType& t) {
  std::vector<Line> out;
  const std::string ty = t.name();
  const Regs r = regs(t.width());
  const std::string two = std::string(" ") + r.dest + ", " + r.a + ", " + r.b;
  const std::string one = std::string(" ") + r.dest + ", " + r.a;
  for (const char* op : kBinary) {
    for (const char* c : kTwoControls)
      out.push_back(packed_line(t, op + ("_" + (c + ("_" + ty)) + two)));
    // Explicit roundings and ftz (float only, per the validator). gccbrig
    // honours ftz but not the directed roundings (translate_rounding_test
    // says why), so those are checked against the host in
    // PackedDirectedRounding instead.
    for (const char* m : {"ftz_", "near_", "zero_", "up_", "ftz_down_"}) {
      bool directed = std::string(m) != "ftz_" && std::string(m) != "near_";
      out.push_back(packed_line(t, op + ("_" + (m + ("pp_" + ty)) + two), !directed));
    }
  }
  // A packed immediate as the second source (elements written from the
  // most significant, PRM 4.14.2): integers past the element range keep
  // their low bits; floats as exact bit patterns.
  std::string imm = ty + "(";
  for (unsigned i = 0; i < t.count; ++i) {
    const char* f16[] = {"0H3E00", "0HBC00", "0H7C00", "0H0001"};
    const char* f32[] = {"0F3fc00000", "0Fbf800000", "0F7f800000", "0F00000001"};
    const char* f64[] = {"0D3ff8000000000000", "0Dbff0000000000000"};
    std::string e = t.kind != 'f'  ? std::to_string(i * 97 + 126)
                    : t.bits == 16 ? f16[i % 4]
                    : t.bits == 32 ? f32[i % 4]
                                   : f64[i % 2];
    imm += (i ? ", " : "") + e;
  }
  imm += ")";
  for (const char* op : {"add", "min", "sub_ps_sat", "sub_sp"}) {
    std::string o = op;
    if (o.find('_') == std::string::npos) o += "_pp";
    out.push_back(packed_line(t, o + "_" + ty + " " + r.dest + ", " + r.a + ", " + imm));
  }
  for (const char* op : kUnary) {
    for (const char* c : kOneControls)
      out.push_back(packed_line(t, op + ("_" + (c + ("_" + ty)) + one)));
    out.push_back(packed_line(t, op + ("_ftz_p_" + ty) + one));
  }
  // Packed ops the PRM does not list, to see them refused by the validator.
  out.push_back(
      packed_line(t, "mad_pp_" + ty + " " + r.dest + ", " + r.a + ", " + r.b + ", " + r.old));
  out.push_back(packed_line(t, "and_" + ty + two));
  out.push_back(packed_line(t, "mov_" + ty + one));
  for (const char* op : {"shl", "shr"})
    out.push_back(packed_line(t, op + ("_" + ty) + one + ", $s5"));
  // cmov's control is unsigned (PRM 5.10); gccbrig-11 compares float
  // types' controls as floats (-0.0 counts as false), so those run but are
  // checked against the CPU in CmovSelectsPerElement instead.
  out.push_back(packed_line(t, "cmov_" + ty + " " + r.dest + ", " + r.old + ", " + r.a + ", " + r.b,
                            t.kind != 'f'));
  // cmp writes a packed u type of the same shape.
  PType d{'u', t.bits, t.count};
  for (const char* op : kCompares) {
    for (const char* c : {"pp", "ps", "sp", "ss", "pp_sat"}) {
      Line l = packed_line(d, std::string("cmp_") + op + "_" + c + "_" + d.name() + "_" + ty + two);
      out.push_back(l);
    }
    // ftz flushes subnormal elements; compared with the oracle too.
    out.push_back(
        packed_line(d, std::string("cmp_") + op + "_ftz_pp_" + d.name() + "_" + ty + two));
  }
  for (const char* sel : {"0", "0x1b", "0x55", "0xe4", "0x39", "0xfac688"})
    out.push_back(packed_line(t, "shuffle_" + ty + two + ", " + sel));
  for (const char* op : {"unpacklo", "unpackhi"})
    out.push_back(packed_line(t, op + ("_" + ty) + two));
  // pack and unpack with every scalar type of the same kind.
  const std::string kind(1, t.kind);
  for (unsigned bits : {16u, 32u, 64u}) {
    std::string st = kind + std::to_string(bits);
    std::string scalar = bits == 64 ? "$d9" : "$s6";
    out.push_back(packed_line(
        t, "pack_" + ty + "_" + st + " " + r.dest + ", " + r.a + ", " + scalar + ", $s8"));
    out.push_back(packed_line(
        t, "pack_" + ty + "_" + st + " " + r.dest + ", " + r.a + ", " + scalar + ", 1"));
    std::string sd = bits == 64 ? "$d10" : "$s7";
    for (const char* idx : {"$s8", "3"}) {
      Line l{"unpack_" + st + "_" + ty + " " + sd + ", " + r.a + ", " + idx,
             sd,
             bits == 64 ? 64u : 32u,
             bits == 16 ? 16u : bits,
             t.kind == 'f',
             bits == 16   ? 16u
             : bits == 64 ? 64u
                          : 32u,
             true};
      // The bits above an f16 in an s register are undefined.
      out.push_back(l);
    }
  }
  out.push_back(packed_line(t, "cvt_" + ty + "_" + ty + one));
  return out;
}

// The kernel: per work-item a 64-byte input record (a, b, old value, then
// shift amount, index and scalars) and a 16-byte result slot per line.
std::string kernel_text(const std::vector<Line>& lines) {
  std::string t = R"(module &packed:1:0:$full:$large:$default;
kernel &packed(kernarg_u64 %in, kernarg_u64 %out)
{
	workitemabsid_u32 $s0, 0;
	cvt_u64_u32 $d0, $s0;
	mul_u64 $d1, $d0, 64;
	ld_kernarg_u64 $d2, [%in];
	add_u64 $d1, $d1, $d2;
	mul_u64 $d3, $d0, )" +
                  std::to_string(16 * lines.size()) +
                  R"(;
	ld_kernarg_u64 $d2, [%out];
	add_u64 $d3, $d3, $d2;
	ld_global_u32 $s1, [$d1];
	ld_global_u32 $s2, [$d1+16];
	ld_global_u32 $s3, [$d1+32];
	ld_global_u64 $d5, [$d1];
	ld_global_u64 $d6, [$d1+16];
	ld_global_u64 $d7, [$d1+32];
	ld_global_b128 $q1, [$d1];
	ld_global_b128 $q2, [$d1+16];
	ld_global_b128 $q3, [$d1+32];
	ld_global_u32 $s5, [$d1+48];
	ld_global_u32 $s8, [$d1+52];
	ld_global_u32 $s6, [$d1+56];
	ld_global_u64 $d9, [$d1+56];
)";
  for (size_t i = 0; i < lines.size(); ++i) {
    const Line& l = lines[i];
    const std::string b = "b" + std::to_string(l.width);
    const std::string slot = "[$d3+" + std::to_string(16 * i) + "]";
    Regs r = regs(l.width);
    // The destination starts as the old value (s and ss keep its upper elements).
    t += "\tmov_" + b + " " + l.dest + ", " + (l.dest == r.dest ? r.old : "0") + ";\n";
    t += "\t" + l.text + ";\n";
    const std::string st = l.width == 128 ? b : "u" + std::to_string(l.width);
    t += "\tst_global_" + st + " " + l.dest + ", " + slot + ";\n";
  }
  return t + "\tret;\n};\n";
}

// Whether the validator accepts l (TRANSLATE_PACKED_REPORT=2 lists why not).
bool valid(const Line& l) {
  try {
    hsail::Module brig = hsail::parse_hsail(kernel_text({l}));
    hsail::validate(brig);
    return true;
  } catch (const std::exception& e) {
    const char* report = std::getenv("TRANSLATE_PACKED_REPORT");
    if (report != nullptr && std::string(report) == "2")
      std::printf("invalid: %s: %s\n", l.text.c_str(), e.what());
    return false;
  }
}

// The lines of type t that the validator accepts and the translator
// translates; refused ones are counted (and listed with
// TRANSLATE_PACKED_REPORT=1).
struct Sorted {
  std::vector<Line> translated;
  int refused = 0;
  int invalid = 0;
};

Sorted sort_uncached(const PType& t) {
  Sorted s;
  for (const Line& l : candidates(t)) {
    if (!valid(l)) {
      ++s.invalid;
      continue;
    }
    hsail::Module brig = hsail::parse_hsail(kernel_text({l}));
    hsail::validate(brig);
    llvm::LLVMContext context;
    try {
      auto m = hsail::finalizer::translate(brig, context, hsail::finalizer::Options{});
      EXPECT_EQ(verify(*m), "") << l.text;
      s.translated.push_back(l);
    } catch (const hsail::finalizer::FinalizeError& e) {
      EXPECT_NE(std::string(e.what()).find("not supported yet"), std::string::npos)
          << l.text << ": " << e.what();
      ++s.refused;
      if (std::getenv("TRANSLATE_PACKED_REPORT") != nullptr)
        std::printf("refused: %s: %s\n", l.text.c_str(), e.what());
    }
  }
  return s;
}

// Sorted once per type for both tests (validation is most of their time).
const Sorted& sort_candidates(const PType& t) {
  static std::map<std::string, Sorted> cache;
  auto it = cache.find(t.name());
  if (it == cache.end()) it = cache.emplace(t.name(), sort_uncached(t)).first;
  return it->second;
}

TEST(TranslatePacked, EveryValidPackedCombinationFinalizesForGfx900) {
  size_t translated = 0;
  int refused = 0, invalid = 0;
  std::set<std::string> opcodes;
  for (const PType& t : packed_types()) {
    const Sorted& s = sort_candidates(t);
    translated += s.translated.size();
    refused += s.refused;
    invalid += s.invalid;
    for (const Line& l : s.translated) opcodes.insert(l.text.substr(0, l.text.find('_')));
    if (s.translated.empty()) continue;
    hsail::Module brig = hsail::parse_hsail(kernel_text(s.translated));
    hsail::validate(brig);
    hsail::finalizer::Options options;
    options.gpu = hsail::finalizer::Gpu::kGfx900;
    EXPECT_GT(hsail::finalizer::finalize(brig, options).size(), 1000u) << t.name();
  }
  std::printf("packed sweep: %zu translated (%zu opcodes), %d refused, %d invalid HSAIL\n",
              translated, opcodes.size(), refused, invalid);
  // The PRM's packed opcodes all appear.
  for (const char* op :
       {"add", "sub", "mul",  "mulhi",   "div",      "min",      "max",   "copysign",
        "abs", "neg", "ceil", "floor",   "fract",    "rint",     "trunc", "sqrt",
        "shl", "shr", "cmp",  "shuffle", "unpacklo", "unpackhi", "pack",  "unpack"}) {
    EXPECT_EQ(opcodes.count(op), 1u) << op << " never translated";
  }
  EXPECT_GT(translated, 1000u);
}

// --- The differential run against the native oracle.

constexpr uint32_t kItems = 256;

uint64_t next_random(uint64_t* state) {
  *state ^= *state << 13;
  *state ^= *state >> 7;
  *state ^= *state << 17;
  return *state;
}

uint64_t low_bits(unsigned bits) { return bits == 64 ? ~0ull : (1ull << bits) - 1; }

// An element of kind and width: half the time an edge value (lane
// boundaries 0x7f/0x80/0xff.., zeros, infinities, NaNs, subnormals), else
// random bits.
uint64_t element(char kind, unsigned bits, uint64_t* state) {
  uint64_t r = next_random(state);
  if (r & 1) return next_random(state) & low_bits(bits);
  const uint64_t top = 1ull << (bits - 1);
  const uint64_t ints[] = {0,
                           1,
                           2,
                           top - 1,
                           top,
                           top + 1,
                           low_bits(bits),
                           low_bits(bits) - 1,
                           top - 2,
                           0x5555555555555555ull & low_bits(bits)};
  // f16, f32, f64: +0 -0 1 -1 0.5 1.5 2.5 -2.5 +inf -inf qNaN sNaN max
  // min-normal min-subnormal -subnormal 2^p+1.
  const uint64_t f16[] = {0,      0x8000, 0x3c00, 0xbc00, 0x3800, 0x3e00, 0x4100, 0xc100, 0x7c00,
                          0xfc00, 0x7e00, 0x7c01, 0x7bff, 0x0400, 0x0001, 0x8001, 0x6401};
  const uint64_t f32[] = {0,          0x80000000, 0x3f800000, 0xbf800000, 0x3f000000, 0x3fc00000,
                          0x40200000, 0xc0200000, 0x7f800000, 0xff800000, 0x7fc00000, 0x7f800001,
                          0x7f7fffff, 0x00800000, 0x00000001, 0x80000001, 0x4b000001};
  const uint64_t f64[] = {0,
                          0x8000000000000000ull,
                          0x3ff0000000000000ull,
                          0xbff0000000000000ull,
                          0x3fe0000000000000ull,
                          0x3ff8000000000000ull,
                          0x4004000000000000ull,
                          0xc004000000000000ull,
                          0x7ff0000000000000ull,
                          0xfff0000000000000ull,
                          0x7ff8000000000000ull,
                          0x7ff0000000000001ull,
                          0x7fefffffffffffffull,
                          0x0010000000000000ull,
                          1,
                          0x8000000000000001ull,
                          0x4330000000000001ull};
  uint64_t pick = (r >> 8) % 17;
  if (kind != 'f') return ints[pick % 10];
  return bits == 16 ? f16[pick] : bits == 32 ? f32[pick] : f64[pick];
}

void put(uint8_t* p, uint64_t v, unsigned bytes) {
  for (unsigned i = 0; i < bytes; ++i) p[i] = static_cast<uint8_t>(v >> (8 * i));
}

// kItems 64-byte records: a, b and the old destination as elements of t,
// a shift amount up to twice the element width, an index (all its bits
// random: only the low ones count), and the scalar pack sources.
std::vector<uint8_t> make_inputs(const PType& t) {
  std::vector<uint8_t> in(kItems * 64);
  uint64_t state = 0x9e3779b97f4a7c15ull ^ (t.bits * 131 + t.count * 7 + t.kind);
  for (uint32_t i = 0; i < kItems; ++i) {
    uint8_t* rec = &in[i * 64];
    for (unsigned off = 0; off < 48; off += t.bits / 8)
      put(rec + off, element(t.kind, t.bits, &state), t.bits / 8);
    put(rec + 48, next_random(&state) % (2 * t.bits + 2), 4);
    put(rec + 52, next_random(&state), 4);
    put(rec + 56, element(t.kind, 64, &state), 8);
    if (t.bits < 64) put(rec + 56, element(t.kind, t.bits, &state), t.bits / 8);
  }
  return in;
}

uint64_t get(const uint8_t* p, unsigned bytes) {
  uint64_t v = 0;
  for (unsigned i = 0; i < bytes; ++i) v |= uint64_t(p[i]) << (8 * i);
  return v;
}

bool is_nan(uint64_t v, unsigned bits) {
  unsigned mant = bits == 16 ? 10 : bits == 32 ? 23 : 52;
  uint64_t exp = (v >> mant) & low_bits(bits - 1 - mant);
  return exp == low_bits(bits - 1 - mant) && (v & low_bits(mant)) != 0;
}

// Float results where the two sides may differ element-wise, each by the
// PRM: min and max are IEEE minNum/maxNum, which may return either zero
// when the inputs are zeros of opposite signs; and fract of a tiny negative
// f16 must be 0x1.ffcp-1h (PRM 5.11), which the native side rounds up to
// 1.0 because gccbrig computes f16 arithmetic in f32.
bool allowed_difference(const Line& l, uint64_t native, uint64_t gpu) {
  const std::string op = l.text.substr(0, l.text.find('_'));
  const uint64_t magnitude = low_bits(l.elem_bits - 1);
  if ((op == "min" || op == "max") && (native & magnitude) == 0 && (gpu & magnitude) == 0)
    return true;
  return op == "fract" && l.elem_bits == 16 && native == 0x3c00 && gpu == 0x3bff;
}

// A result's defined bits agree element by element.
bool same_result(const Line& l, const uint8_t* x, const uint8_t* y) {
  const unsigned eb = l.elem_bits / 8;
  for (unsigned off = 0; off < l.compared / 8; off += eb) {
    uint64_t a = get(x + off, eb), b = get(y + off, eb);
    if (a == b) continue;
    if (l.elem_float && is_nan(a, l.elem_bits) && is_nan(b, l.elem_bits)) continue;
    if (l.elem_float && allowed_difference(l, a, b)) continue;
    return false;
  }
  return true;
}

std::string hex(const uint8_t* p, unsigned bytes) {
  std::string s = "0x";
  char buf[4];
  for (unsigned i = bytes; i-- > 0;) {
    std::snprintf(buf, sizeof buf, "%02x", p[i]);
    s += buf;
  }
  return s;
}

class PackedDifferential : public FinalizedGpu, public ::testing::WithParamInterface<PType> {};

TEST_P(PackedDifferential, AgreesWithTheNativeOracleBitForBit) {
  if (native_hsail::gccbrig_path().empty())
    FAIL() << "gccbrig-11 is not installed: run tools/install-deps.sh";
  const PType t = GetParam();
  std::vector<Line> lines;
  for (const Line& l : sort_candidates(t).translated) {
    if (l.differential) lines.push_back(l);
  }
  ASSERT_FALSE(lines.empty());
  const std::string text = kernel_text(lines);
  hsail::Module brig = hsail::parse_hsail(text);
  hsail::validate(brig);
  native_hsail::NativeModule native(brig.to_brig());
  uint64_t object = 0;
  ASSERT_NO_FATAL_FAILURE(Load(text.c_str(), "&packed", &object));

  const std::vector<uint8_t> in = make_inputs(t);
  const size_t out_bytes = size_t{kItems} * lines.size() * 16;
  std::vector<uint8_t> host(out_bytes, 0xa5);
  std::vector<uint8_t> args(16);
  const uint64_t native_args[2] = {Ptr(in.data()), Ptr(host.data())};
  std::memcpy(args.data(), native_args, sizeof native_args);
  native_hsail::NativeDispatch grid;
  grid.grid_size = kItems;
  grid.group_size = 64;
  native.dispatch("&packed", "&packed", args, grid);

  uint8_t* gin = Buffer<uint8_t>(in.size());
  uint8_t* gout = Buffer<uint8_t>(out_bytes);
  ASSERT_TRUE(gin != nullptr && gout != nullptr);
  std::memcpy(gin, in.data(), in.size());
  std::memset(gout, 0xa5, out_bytes);
  ASSERT_TRUE(Dispatch(object, {Ptr(gin), Ptr(gout)}, kItems, 64)) << "dispatch did not complete";

  int failed_lines = 0;
  for (size_t j = 0; j < lines.size(); ++j) {
    int reported = 0;
    for (uint32_t i = 0; i < kItems && reported < 2; ++i) {
      const size_t at = (size_t{i} * lines.size() + j) * 16;
      if (same_result(lines[j], &host[at], &gout[at])) continue;
      if (reported++ == 0) ++failed_lines;
      const uint8_t* rec = &in[i * 64];
      ADD_FAILURE() << lines[j].text << " work-item " << i << ": a=" << hex(rec, 16)
                    << " b=" << hex(rec + 16, 16) << " old=" << hex(rec + 32, 16)
                    << " misc=" << hex(rec + 48, 16) << " native=" << hex(&host[at], 16)
                    << " gpu=" << hex(&gout[at], 16);
    }
  }
  std::printf("%s: %zu packed lines x %u work-items, %d differ\n", t.name().c_str(), lines.size(),
              kItems, failed_lines);
}

INSTANTIATE_TEST_SUITE_P(AllPackedTypes, PackedDifferential, ::testing::ValuesIn(packed_types()),
                         [](const ::testing::TestParamInfo<PType>& info) {
                           return info.param.name();
                         });

// --- Packed cmov (PRM 5.10). These kernels are assembled by the reference
// assembler HSAILasm (ours agrees since it takes packed cmov) and
// translated; the registers hold constants, so the stored value folds and
// is checked against a CPU select per element.

// HSAILasm's BRIG for text, empty when HSAILasm rejects it.
std::vector<uint8_t> reference_assemble(const std::string& text) {
  char dir[] = "/tmp/translate_packed_XXXXXX";
  if (mkdtemp(dir) == nullptr) return {};
  const std::string in = std::string(dir) + "/k.hsail", out = std::string(dir) + "/k.brig";
  if (std::FILE* f = std::fopen(in.c_str(), "w")) {
    std::fputs(text.c_str(), f);
    std::fclose(f);
  }
  std::vector<uint8_t> brig;
  const std::string cmd = "/usr/bin/HSAILasm " + in + " -o " + out + " >/dev/null 2>&1";
  if (std::system(cmd.c_str()) == 0) {
    if (std::FILE* f = std::fopen(out.c_str(), "rb")) {
      int c;
      while ((c = std::fgetc(f)) != EOF) brig.push_back(static_cast<uint8_t>(c));
      std::fclose(f);
    }
  }
  std::remove(in.c_str());
  std::remove(out.c_str());
  rmdir(dir);
  return brig;
}

TEST(TranslatePacked, CmovSelectsPerElement) {
  ASSERT_EQ(access("/usr/bin/HSAILasm", X_OK), 0)
      << "HSAILasm (the reference assembler) is missing";
  int checked = 0;
  for (const PType& t : packed_types()) {
    if (t.width() == 128) continue;  // no 128-bit immediates for mov
    const bool wide = t.width() == 64;
    const std::string b = wide ? "b64" : "b32", r = wide ? "$d" : "$s";
    // Elements alternate zero, one and the top bit, so every element both
    // picks and misses (element 0 is the least significant).
    uint64_t cond = 0;
    for (unsigned i = 0; i < t.count; ++i) {
      uint64_t e = i % 3 == 0 ? 0 : i % 3 == 1 ? 1 : 1ull << (t.bits - 1);
      cond |= e << (i * t.bits);
    }
    const uint64_t x = 0x1122334455667788ull & low_bits(t.width());
    const uint64_t y = 0x99aabbccddeeff00ull & low_bits(t.width());
    char consts[160];
    std::snprintf(consts, sizeof consts,
                  "\tmov_%s %s1, 0x%llx;\n\tmov_%s %s2, 0x%llx;\n\tmov_%s %s3, 0x%llx;\n",
                  b.c_str(), r.c_str(), static_cast<unsigned long long>(cond), b.c_str(), r.c_str(),
                  static_cast<unsigned long long>(x), b.c_str(), r.c_str(),
                  static_cast<unsigned long long>(y));
    const std::string text =
        "module &m:1:0:$full:$large:$default;\nkernel &k(kernarg_u64 %out)\n{\n"
        "\tld_kernarg_u64 $d0, [%out];\n" +
        std::string(consts) + "\tcmov_" + t.name() + " " + r + "4, " + r + "1, " + r + "2, " + r +
        "3;\n\tst_global_u" + std::to_string(t.width()) + " " + r + "4, [$d0];\n\tret;\n};\n";
    const std::vector<uint8_t> brig_bytes = reference_assemble(text);
    ASSERT_FALSE(brig_bytes.empty()) << "HSAILasm rejects cmov_" << t.name();
    hsail::Module brig = hsail::Module::from_brig(brig_bytes.data(), brig_bytes.size());
    llvm::LLVMContext context;
    auto m = hsail::finalizer::translate(brig, context, hsail::finalizer::Options{});
    ASSERT_EQ(verify(*m), "") << t.name();
    std::vector<Stored> st = stored_values(*m, "&k");
    ASSERT_EQ(st.size(), 1u) << t.name();
    ASSERT_TRUE(st[0].constant) << t.name();
    uint64_t expected = 0;
    for (unsigned i = 0; i < t.count; ++i) {
      const uint64_t mask = low_bits(t.bits) << (i * t.bits);
      expected |= ((cond & mask) != 0 ? x : y) & mask;
    }
    EXPECT_EQ(st[0].value, expected) << "cmov_" << t.name();
    ++checked;
  }
  EXPECT_EQ(checked, 13);  // every 32- and 64-bit packed type
}

}  // namespace
}  // namespace finalizer_test
