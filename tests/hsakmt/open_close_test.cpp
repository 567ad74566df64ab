// Opening and closing the KFD through the thunk, and the version it reports.
#include <gtest/gtest.h>
#include <linux/kfd_ioctl.h>

#include "hsakmt.h"

namespace {

TEST(OpenClose, CallsBeforeOpenReportTheClosedChannel) {
  HsaVersionInfo v{};
  EXPECT_EQ(hsaKmtGetVersion(&v), HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED);
  EXPECT_EQ(hsaKmtCloseKFD(), HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED);
  void* p = nullptr;
  EXPECT_EQ(hsaKmtAllocMemory(0, 4096, HsaMemFlags{}, &p),
            HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED);
}

TEST(OpenClose, VersionIsTheKfdInterfaceVersion) {
  ASSERT_EQ(hsaKmtOpenKFD(), HSAKMT_STATUS_SUCCESS);
  HsaVersionInfo v{};
  ASSERT_EQ(hsaKmtGetVersion(&v), HSAKMT_STATUS_SUCCESS);
  // The uAPI header this was built with is the interface both sides speak.
  EXPECT_EQ(v.KernelInterfaceMajorVersion, static_cast<HSAuint32>(KFD_IOCTL_MAJOR_VERSION));
  EXPECT_EQ(v.KernelInterfaceMinorVersion, static_cast<HSAuint32>(KFD_IOCTL_MINOR_VERSION));
  EXPECT_EQ(hsaKmtGetVersion(nullptr), HSAKMT_STATUS_INVALID_PARAMETER);
  EXPECT_EQ(hsaKmtCloseKFD(), HSAKMT_STATUS_SUCCESS);
}

TEST(OpenClose, NestedOpensAreCountedAndReopenWorks) {
  ASSERT_EQ(hsaKmtOpenKFD(), HSAKMT_STATUS_SUCCESS);
  EXPECT_EQ(hsaKmtOpenKFD(), HSAKMT_STATUS_KERNEL_ALREADY_OPENED);
  EXPECT_EQ(hsaKmtCloseKFD(), HSAKMT_STATUS_SUCCESS);
  HsaVersionInfo v{};
  EXPECT_EQ(hsaKmtGetVersion(&v), HSAKMT_STATUS_SUCCESS) << "one open is still outstanding";
  EXPECT_EQ(hsaKmtCloseKFD(), HSAKMT_STATUS_SUCCESS);
  EXPECT_EQ(hsaKmtGetVersion(&v), HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED);
  // A new session after a full close.
  ASSERT_EQ(hsaKmtOpenKFD(), HSAKMT_STATUS_SUCCESS);
  EXPECT_EQ(hsaKmtGetVersion(&v), HSAKMT_STATUS_SUCCESS);
  EXPECT_EQ(hsaKmtCloseKFD(), HSAKMT_STATUS_SUCCESS);
}

}  // namespace
