// API functions for hardware and kernel features this stack does not have.
// Each returns HSAKMT_STATUS_NOT_SUPPORTED once the KFD is open (before
// that, KERNEL_IO_CHANNEL_NOT_OPENED like every call), touches no argument
// and changes no state, so callers take their fallback path.
#include "thunk.h"

namespace {

HSAKMT_STATUS not_supported() {
  HSAKMT_CHECK_OPEN();
  return HSAKMT_STATUS_NOT_SUPPORTED;
}

}  // namespace

// ---------------------------------------------------------------------------
// Debugger. The old interface (DBG_REGISTER, DBG_ADDRESS_WATCH, ...) left
// the KFD in Linux 5.x and the debug trap interface (AMDKFD_IOC_DBG_TRAP,
// runtime enable) arrived after 6.1; the virtual GPU has no trap hardware
// for a debugger either. ROCr treats NOT_SUPPORTED from RuntimeEnable as
// "no debugger support".

extern "C" HSAKMT_STATUS HSAKMTAPI hsaKmtDbgRegister(HSAuint32) { return not_supported(); }

extern "C" HSAKMT_STATUS HSAKMTAPI hsaKmtDbgUnregister(HSAuint32) { return not_supported(); }

extern "C" HSAKMT_STATUS HSAKMTAPI hsaKmtDbgWavefrontControl(HSAuint32, HSA_DBG_WAVEOP,
                                                             HSA_DBG_WAVEMODE, HSAuint32,
                                                             HsaDbgWaveMessage*) {
  return not_supported();
}

extern "C" HSAKMT_STATUS HSAKMTAPI hsaKmtDbgAddressWatch(HSAuint32, HSAuint32, HSA_DBG_WATCH_MODE[],
                                                         void*[], HSAuint64[], HsaEvent*[]) {
  return not_supported();
}

extern "C" HSAKMT_STATUS HSAKMTAPI hsaKmtRuntimeEnable(void*, bool) { return not_supported(); }

extern "C" HSAKMT_STATUS HSAKMTAPI hsaKmtRuntimeDisable(void) { return not_supported(); }

extern "C" HSAKMT_STATUS HSAKMTAPI hsaKmtGetKernelDebugTrapVersionInfo(HSAuint32*, HSAuint32*) {
  return not_supported();
}

// ---------------------------------------------------------------------------
// Performance counters (PMC) and streaming performance monitors (SPM): the
// virtual GPU has no counter blocks, and Linux 6.1 has no SPM ioctl.

extern "C" HSAKMT_STATUS HSAKMTAPI hsaKmtPmcGetCounterProperties(HSAuint32,
                                                                 HsaCounterProperties**) {
  return not_supported();
}

extern "C" HSAKMT_STATUS HSAKMTAPI hsaKmtPmcRegisterTrace(HSAuint32, HSAuint32, HsaCounter*,
                                                          HsaPmcTraceRoot*) {
  return not_supported();
}

extern "C" HSAKMT_STATUS HSAKMTAPI hsaKmtPmcUnregisterTrace(HSAuint32, HSATraceId) {
  return not_supported();
}

extern "C" HSAKMT_STATUS HSAKMTAPI hsaKmtPmcAcquireTraceAccess(HSAuint32, HSATraceId) {
  return not_supported();
}

extern "C" HSAKMT_STATUS HSAKMTAPI hsaKmtPmcReleaseTraceAccess(HSAuint32, HSATraceId) {
  return not_supported();
}

extern "C" HSAKMT_STATUS HSAKMTAPI hsaKmtPmcStartTrace(HSATraceId, void*, HSAuint64) {
  return not_supported();
}

extern "C" HSAKMT_STATUS HSAKMTAPI hsaKmtPmcQueryTrace(HSATraceId) { return not_supported(); }

extern "C" HSAKMT_STATUS HSAKMTAPI hsaKmtPmcStopTrace(HSATraceId) { return not_supported(); }

extern "C" HSAKMT_STATUS HSAKMTAPI hsaKmtSPMAcquire(HSAuint32) { return not_supported(); }

extern "C" HSAKMT_STATUS HSAKMTAPI hsaKmtSPMRelease(HSAuint32) { return not_supported(); }

extern "C" HSAKMT_STATUS HSAKMTAPI hsaKmtSPMSetDestBuffer(HSAuint32, HSAuint32, HSAuint32*,
                                                          HSAuint32*, void*, bool*) {
  return not_supported();
}

// ---------------------------------------------------------------------------
// Global wave sync: gfx900's GWS is not modelled by the virtual GPU (its
// topology reports num_gws 0, so ROCr never asks).

extern "C" HSAKMT_STATUS HSAKMTAPI hsaKmtAllocQueueGWS(HSA_QUEUEID, HSAuint32, HSAuint32*) {
  return not_supported();
}

// ---------------------------------------------------------------------------
// Graphics interop: there is no graphics driver whose buffers could be
// imported (the Windows-era handle calls were never in the Linux KFD).

extern "C" HSAKMT_STATUS HSAKMTAPI hsaKmtMapGraphicHandle(HSAuint32, HSAuint64, HSAuint64,
                                                          HSAuint64, HSAuint64, HSAuint64*) {
  return not_supported();
}

extern "C" HSAKMT_STATUS HSAKMTAPI hsaKmtUnmapGraphicHandle(HSAuint32, HSAuint64, HSAuint64) {
  return not_supported();
}

extern "C" HSAKMT_STATUS HSAKMTAPI hsaKmtRegisterGraphicsHandleToNodes(HSAuint64,
                                                                       HsaGraphicsResourceInfo*,
                                                                       HSAuint64, HSAuint32*) {
  return not_supported();
}

// ---------------------------------------------------------------------------
// Cross-process GPU memory copies: the KFD ioctl for them was never merged
// into Linux.

extern "C" HSAKMT_STATUS HSAKMTAPI hsaKmtProcessVMRead(HSAuint32, HsaMemoryRange*, HSAuint64,
                                                       HsaMemoryRange*, HSAuint64, HSAuint64*) {
  return not_supported();
}

extern "C" HSAKMT_STATUS HSAKMTAPI hsaKmtProcessVMWrite(HSAuint32, HsaMemoryRange*, HSAuint64,
                                                        HsaMemoryRange*, HSAuint64, HSAuint64*) {
  return not_supported();
}

// ---------------------------------------------------------------------------
// Shared virtual memory (AMDKFD_IOC_SVM): needs page migration and
// retry-on-fault, which the virtual GPU does not model; its topology does
// not set SVMAPISupported, so ROCr does not use these.

extern "C" HSAKMT_STATUS HSAKMTAPI hsaKmtSVMSetAttr(void*, HSAuint64, unsigned int,
                                                    HSA_SVM_ATTRIBUTE*) {
  return not_supported();
}

extern "C" HSAKMT_STATUS HSAKMTAPI hsaKmtSVMGetAttr(void*, HSAuint64, unsigned int,
                                                    HSA_SVM_ATTRIBUTE*) {
  return not_supported();
}
