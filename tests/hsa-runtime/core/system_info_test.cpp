// hsa_system_get_info and the extension queries.
#include <hsa/hsa.h>

#include <cstring>
#include <ctime>
#include <string>

#include "core_fixture.h"

namespace {

using CoreSystemInfoTest = CoreTest;

uint64_t monotonic_ns() {
  timespec ts{};
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return uint64_t(ts.tv_sec) * 1000000000u + uint64_t(ts.tv_nsec);
}

TEST_F(CoreSystemInfoTest, VersionIsOneOne) {
  uint16_t major = 0, minor = 0;
  ASSERT_EQ(hsa_system_get_info(HSA_SYSTEM_INFO_VERSION_MAJOR, &major), HSA_STATUS_SUCCESS);
  ASSERT_EQ(hsa_system_get_info(HSA_SYSTEM_INFO_VERSION_MINOR, &minor), HSA_STATUS_SUCCESS);
  EXPECT_EQ(major, 1);
  EXPECT_EQ(minor, 1);
}

TEST_F(CoreSystemInfoTest, TimestampIsMonotonicNanoseconds) {
  uint64_t freq = 0, t = 0;
  ASSERT_EQ(hsa_system_get_info(HSA_SYSTEM_INFO_TIMESTAMP_FREQUENCY, &freq), HSA_STATUS_SUCCESS);
  EXPECT_EQ(freq, 1000000000u);
  const uint64_t before = monotonic_ns();
  ASSERT_EQ(hsa_system_get_info(HSA_SYSTEM_INFO_TIMESTAMP, &t), HSA_STATUS_SUCCESS);
  const uint64_t after = monotonic_ns();
  EXPECT_GE(t, before);
  EXPECT_LE(t, after);
}

TEST_F(CoreSystemInfoTest, FixedAttributes) {
  uint64_t max_wait = 0;
  hsa_endianness_t endian{};
  hsa_machine_model_t model{};
  ASSERT_EQ(hsa_system_get_info(HSA_SYSTEM_INFO_SIGNAL_MAX_WAIT, &max_wait), HSA_STATUS_SUCCESS);
  EXPECT_EQ(max_wait, UINT64_MAX);
  ASSERT_EQ(hsa_system_get_info(HSA_SYSTEM_INFO_ENDIANNESS, &endian), HSA_STATUS_SUCCESS);
  const uint16_t probe = 1;
  const bool little = *reinterpret_cast<const uint8_t*>(&probe) == 1;
  EXPECT_EQ(endian, little ? HSA_ENDIANNESS_LITTLE : HSA_ENDIANNESS_BIG);
  ASSERT_EQ(hsa_system_get_info(HSA_SYSTEM_INFO_MACHINE_MODEL, &model), HSA_STATUS_SUCCESS);
  EXPECT_EQ(model, sizeof(void*) == 8 ? HSA_MACHINE_MODEL_LARGE : HSA_MACHINE_MODEL_SMALL);
}

TEST_F(CoreSystemInfoTest, ExtensionMaskAgreesWithSupportedQueries) {
  uint8_t mask[128];
  std::memset(mask, 0xAB, sizeof mask);
  ASSERT_EQ(hsa_system_get_info(HSA_SYSTEM_INFO_EXTENSIONS, mask), HSA_STATUS_SUCCESS);
  for (uint16_t ext : {HSA_EXTENSION_FINALIZER, HSA_EXTENSION_IMAGES,
                       HSA_EXTENSION_PERFORMANCE_COUNTERS, HSA_EXTENSION_PROFILING_EVENTS}) {
    bool supported = true;
    ASSERT_EQ(hsa_system_extension_supported(ext, 1, 0, &supported), HSA_STATUS_SUCCESS);
    EXPECT_EQ(supported, ((mask[ext / 8] >> (ext % 8)) & 1) != 0) << "extension " << ext;
    uint16_t minor = 0;
    bool major_supported = true;
    ASSERT_EQ(hsa_system_major_extension_supported(ext, 1, &minor, &major_supported),
              HSA_STATUS_SUCCESS);
    EXPECT_EQ(major_supported, supported);
    // No table exists for what is not supported.
    if (!supported) {
      char table[256];
      EXPECT_EQ(hsa_system_get_extension_table(ext, 1, 0, table),
                HSA_STATUS_ERROR_INVALID_ARGUMENT);
      EXPECT_EQ(hsa_system_get_major_extension_table(ext, 1, sizeof table, table),
                HSA_STATUS_ERROR_INVALID_ARGUMENT);
    }
  }
  // Nothing beyond the standard ids is set.
  for (size_t i = 1; i < sizeof mask; ++i) EXPECT_EQ(mask[i], 0) << "byte " << i;
}

TEST_F(CoreSystemInfoTest, ExtensionNames) {
  const char* name = nullptr;
  ASSERT_EQ(hsa_extension_get_name(HSA_EXTENSION_FINALIZER, &name), HSA_STATUS_SUCCESS);
  EXPECT_STREQ(name, "HSA_EXTENSION_FINALIZER");
  ASSERT_EQ(hsa_extension_get_name(HSA_EXTENSION_IMAGES, &name), HSA_STATUS_SUCCESS);
  EXPECT_STREQ(name, "HSA_EXTENSION_IMAGES");
  ASSERT_EQ(hsa_extension_get_name(HSA_EXTENSION_AMD_LOADER, &name), HSA_STATUS_SUCCESS);
  EXPECT_STREQ(name, "HSA_EXTENSION_AMD_LOADER");
  EXPECT_EQ(hsa_extension_get_name(0x1234, &name), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_extension_get_name(HSA_EXTENSION_IMAGES, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
}

TEST_F(CoreSystemInfoTest, InvalidArguments) {
  uint64_t v = 0;
  bool b = false;
  uint16_t minor = 0;
  char table[64];
  EXPECT_EQ(hsa_system_get_info(HSA_SYSTEM_INFO_TIMESTAMP, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_system_get_info(static_cast<hsa_system_info_t>(0x4321), &v),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_system_extension_supported(HSA_EXTENSION_IMAGES, 1, 0, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_system_extension_supported(0x1234, 1, 0, &b), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_system_major_extension_supported(HSA_EXTENSION_IMAGES, 1, nullptr, &b),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_system_major_extension_supported(HSA_EXTENSION_IMAGES, 1, &minor, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_system_get_extension_table(HSA_EXTENSION_IMAGES, 1, 0, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_system_get_major_extension_table(HSA_EXTENSION_IMAGES, 1, sizeof table, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
}

}  // namespace
