// The msgpack reader against hand-encoded bytes from the MessagePack spec.
#include "msgpack.h"
#include "metadata_v2.h"

#include <gtest/gtest.h>

namespace hsart::loader::msgpack {
namespace {

bool DecodeBytes(std::vector<uint8_t> b, Value* v, std::string* e) {
  return Decode(b.data(), b.size(), v, e);
}

TEST(Msgpack, MapOfScalars) {
  // {"a": 1, "bb": -2, "c": [true, nil], "d": 300 (uint16), "e": "xyz" (str8)}
  std::vector<uint8_t> b = {0x85, 0xa1, 'a',  0x01, 0xa2, 'b', 'b',  0xfe, 0xa1,
                            'c',  0x92, 0xc3, 0xc0, 0xa1, 'd', 0xcd, 0x01, 0x2c,
                            0xa1, 'e',  0xd9, 0x03, 'x',  'y', 'z'};
  Value v;
  std::string e;
  ASSERT_TRUE(DecodeBytes(b, &v, &e)) << e;
  uint64_t u;
  ASSERT_TRUE(v.find("a") && v.find("a")->as_uint(&u));
  EXPECT_EQ(u, 1u);
  EXPECT_FALSE(v.find("bb")->as_uint(&u));  // negative
  EXPECT_EQ(static_cast<int64_t>(v.find("bb")->u), -2);
  ASSERT_EQ(v.find("c")->array.size(), 2u);
  EXPECT_TRUE(v.find("c")->array[0].b);
  EXPECT_TRUE(v.find("d")->as_uint(&u));
  EXPECT_EQ(u, 300u);
  EXPECT_EQ(v.find("e")->s, "xyz");
  EXPECT_EQ(v.find("zz"), nullptr);
}

TEST(Msgpack, RejectsTruncationAndJunk) {
  Value v;
  std::string e;
  EXPECT_FALSE(DecodeBytes({0xd9, 0x05, 'a'}, &v, &e));  // str8 short
  EXPECT_NE(e.find("truncated"), std::string::npos) << e;
  EXPECT_FALSE(DecodeBytes({0xdd, 0xff, 0xff, 0xff, 0xff}, &v, &e));  // huge array
  EXPECT_FALSE(DecodeBytes({0x01, 0x02}, &v, &e));                    // trailing
  EXPECT_FALSE(DecodeBytes({0xc1}, &v, &e));                          // reserved
  std::vector<uint8_t> deep(1000, 0x91);                              // [[[[...]]]]
  deep.push_back(0x00);
  EXPECT_FALSE(DecodeBytes(deep, &v, &e));
  EXPECT_NE(e.find("deep"), std::string::npos) << e;
}

}  // namespace
}  // namespace hsart::loader::msgpack

namespace hsart::loader {
namespace {

TEST(MetadataV2, ArgsLaidOutByAlign) {
  const std::string yaml =
      "---\nVersion: [ 1, 0 ]\nKernels:\n"
      "  - Name:            k\n"
      "    Args:\n"
      "      - Size:            2\n"
      "        Align:           2\n"
      "        ValueKind:       ByValue\n"
      "      - Name:            p\n"
      "        Size:            8\n"
      "        Align:           8\n"
      "        ValueKind:       HiddenGlobalOffsetX\n"
      "    CodeProps:\n"
      "      KernargSegmentSize: 16\n"
      "...\n";
  std::map<std::string, std::vector<KernelArg>> args;
  std::string e;
  ASSERT_TRUE(ParseV2Args(yaml, &args, &e)) << e;
  ASSERT_EQ(args["k"].size(), 2u);
  EXPECT_EQ(args["k"][0].offset, 0u);
  EXPECT_EQ(args["k"][0].value_kind, "by_value");
  EXPECT_EQ(args["k"][1].offset, 8u);
  EXPECT_EQ(args["k"][1].name, "p");
  EXPECT_EQ(args["k"][1].value_kind, "hidden_global_offset_x");
}

TEST(MetadataV2, RejectsBadAlign) {
  const std::string yaml = "Kernels:\n  - Name: k\n    Args:\n      - Size: 4\n        Align: 3\n";
  std::map<std::string, std::vector<KernelArg>> args;
  std::string e;
  EXPECT_FALSE(ParseV2Args(yaml, &args, &e));
  EXPECT_NE(e.find("line 5"), std::string::npos) << e;
}

}  // namespace
}  // namespace hsart::loader
