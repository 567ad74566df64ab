// The 67 functions every libhsakmt.so.1 exports (Debian's 5.2.3 included),
// as an X-macro list: HSAKMT_API_FUNCTIONS(X) expands X(name) for each.
#pragma once

#define HSAKMT_API_FUNCTIONS(X)          \
  X(hsaKmtAcquireSystemProperties)       \
  X(hsaKmtAllocMemory)                   \
  X(hsaKmtAllocQueueGWS)                 \
  X(hsaKmtCloseKFD)                      \
  X(hsaKmtCreateEvent)                   \
  X(hsaKmtCreateQueue)                   \
  X(hsaKmtDbgAddressWatch)               \
  X(hsaKmtDbgRegister)                   \
  X(hsaKmtDbgUnregister)                 \
  X(hsaKmtDbgWavefrontControl)           \
  X(hsaKmtDeregisterMemory)              \
  X(hsaKmtDestroyEvent)                  \
  X(hsaKmtDestroyQueue)                  \
  X(hsaKmtFreeMemory)                    \
  X(hsaKmtGetClockCounters)              \
  X(hsaKmtGetKernelDebugTrapVersionInfo) \
  X(hsaKmtGetNodeCacheProperties)        \
  X(hsaKmtGetNodeIoLinkProperties)       \
  X(hsaKmtGetNodeMemoryProperties)       \
  X(hsaKmtGetNodeProperties)             \
  X(hsaKmtGetQueueInfo)                  \
  X(hsaKmtGetTileConfig)                 \
  X(hsaKmtGetVersion)                    \
  X(hsaKmtGetXNACKMode)                  \
  X(hsaKmtMapGraphicHandle)              \
  X(hsaKmtMapMemoryToGPU)                \
  X(hsaKmtMapMemoryToGPUNodes)           \
  X(hsaKmtOpenKFD)                       \
  X(hsaKmtPmcAcquireTraceAccess)         \
  X(hsaKmtPmcGetCounterProperties)       \
  X(hsaKmtPmcQueryTrace)                 \
  X(hsaKmtPmcRegisterTrace)              \
  X(hsaKmtPmcReleaseTraceAccess)         \
  X(hsaKmtPmcStartTrace)                 \
  X(hsaKmtPmcStopTrace)                  \
  X(hsaKmtPmcUnregisterTrace)            \
  X(hsaKmtProcessVMRead)                 \
  X(hsaKmtProcessVMWrite)                \
  X(hsaKmtQueryEventState)               \
  X(hsaKmtQueryPointerInfo)              \
  X(hsaKmtRegisterGraphicsHandleToNodes) \
  X(hsaKmtRegisterMemory)                \
  X(hsaKmtRegisterMemoryToNodes)         \
  X(hsaKmtRegisterMemoryWithFlags)       \
  X(hsaKmtRegisterSharedHandle)          \
  X(hsaKmtRegisterSharedHandleToNodes)   \
  X(hsaKmtReleaseSystemProperties)       \
  X(hsaKmtResetEvent)                    \
  X(hsaKmtRuntimeDisable)                \
  X(hsaKmtRuntimeEnable)                 \
  X(hsaKmtSPMAcquire)                    \
  X(hsaKmtSPMRelease)                    \
  X(hsaKmtSPMSetDestBuffer)              \
  X(hsaKmtSVMGetAttr)                    \
  X(hsaKmtSVMSetAttr)                    \
  X(hsaKmtSetEvent)                      \
  X(hsaKmtSetMemoryPolicy)               \
  X(hsaKmtSetMemoryUserData)             \
  X(hsaKmtSetQueueCUMask)                \
  X(hsaKmtSetTrapHandler)                \
  X(hsaKmtSetXNACKMode)                  \
  X(hsaKmtShareMemory)                   \
  X(hsaKmtUnmapGraphicHandle)            \
  X(hsaKmtUnmapMemoryToGPU)              \
  X(hsaKmtUpdateQueue)                   \
  X(hsaKmtWaitOnEvent)                   \
  X(hsaKmtWaitOnMultipleEvents)

// One function's C++ type as the compiler mangles it: typedef names vanish
// and struct tags remain, so equal strings mean equal prototypes.
struct HsakmtPrototype {
  const char* name;
  const char* mangled_type;
};

// Built from Debian's /usr/include/hsakmt.h and from ours, each in its own
// translation unit (both headers declare the same extern "C" functions).
extern const HsakmtPrototype kDebianHsakmtPrototypes[];
extern const HsakmtPrototype kOurHsakmtPrototypes[];
extern const unsigned kHsakmtPrototypeCount;
