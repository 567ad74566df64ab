// XNACK (retry on page fault) mode of the process: AMDKFD_IOC_SET_XNACK_MODE,
// where a negative value queries. The KFD refuses a mode its GPUs cannot
// run with EPERM (gfx900 has no retry-capable page fault handling, so
// enabling fails there): that is NOT_SUPPORTED, as with ROCm's thunk. A
// transport without the ioctl (ENOTTY, EINVAL for an unknown command) is
// NOT_SUPPORTED too; the mode is never guessed. Anything else (EBUSY: the
// process already has queues) is ERROR, as with ROCm.
#include <linux/kfd_ioctl.h>

#include <cerrno>

#include "thunk.h"

namespace hsakmt {
namespace {

HSAKMT_STATUS set_get_xnack(HSAint32* mode) {
  kfd_ioctl_set_xnack_mode_args args{};
  args.xnack_enabled = *mode;
  const int r = kfd_ioctl(AMDKFD_IOC_SET_XNACK_MODE, &args);
  if (r == -EPERM || r == -ENOTTY || r == -EINVAL) return HSAKMT_STATUS_NOT_SUPPORTED;
  if (r != 0) return HSAKMT_STATUS_ERROR;
  *mode = args.xnack_enabled;
  return HSAKMT_STATUS_SUCCESS;
}

}  // namespace
}  // namespace hsakmt

using namespace hsakmt;

extern "C" HSAKMT_STATUS HSAKMTAPI hsaKmtSetXNACKMode(HSAint32 enable) {
  HSAKMT_CHECK_OPEN();
  HSAint32 mode = enable ? 1 : 0;
  return set_get_xnack(&mode);
}

extern "C" HSAKMT_STATUS HSAKMTAPI hsaKmtGetXNACKMode(HSAint32* enable) {
  HSAKMT_CHECK_OPEN();
  if (enable == nullptr) return HSAKMT_STATUS_INVALID_PARAMETER;
  HSAint32 mode = -1;
  const HSAKMT_STATUS s = set_get_xnack(&mode);
  if (s == HSAKMT_STATUS_SUCCESS) *enable = mode;
  return s;
}
