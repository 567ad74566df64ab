/*
 * The HSA thunk API: the functions of libhsakmt.so.1 (symbol version
 * HSAKMT_1), the user-space face of the KFD driver (/dev/kfd).
 *
 * Written for this project from the API's definition; names and prototypes
 * match ROCm's so that programs built against ROCm's or Debian's header run
 * with our library. Every function returns an HSAKMT_STATUS; all of them
 * except hsaKmtOpenKFD need an open KFD (else
 * HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED). Functions for hardware the
 * virtual GPU does not have return HSAKMT_STATUS_NOT_SUPPORTED.
 */
#ifndef HSAKMT_H_
#define HSAKMT_H_

#include "hsakmttypes.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------
 * Opening the driver. Open/close calls nest: the KFD is closed when the
 * last hsaKmtCloseKFD matches the first hsaKmtOpenKFD.
 */
HSAKMT_STATUS HSAKMTAPI hsaKmtOpenKFD(void);
HSAKMT_STATUS HSAKMTAPI hsaKmtCloseKFD(void);

/* The KFD ioctl interface version. */
HSAKMT_STATUS HSAKMTAPI hsaKmtGetVersion(HsaVersionInfo* VersionInfo);

/* ------------------------------------------------------------------------
 * Topology. hsaKmtAcquireSystemProperties reads a snapshot of the KFD's
 * topology; the hsaKmtGetNode* queries answer from that snapshot until
 * hsaKmtReleaseSystemProperties. The array arguments hold as many entries
 * as the node's NumMemoryBanks / NumCaches / NumIOLinks.
 */
HSAKMT_STATUS HSAKMTAPI hsaKmtAcquireSystemProperties(HsaSystemProperties* SystemProperties);
HSAKMT_STATUS HSAKMTAPI hsaKmtReleaseSystemProperties(void);
HSAKMT_STATUS HSAKMTAPI hsaKmtGetNodeProperties(HSAuint32 NodeId,
                                                HsaNodeProperties* NodeProperties);
HSAKMT_STATUS HSAKMTAPI hsaKmtGetNodeMemoryProperties(HSAuint32 NodeId, HSAuint32 NumBanks,
                                                      HsaMemoryProperties* MemoryProperties);
HSAKMT_STATUS HSAKMTAPI hsaKmtGetNodeCacheProperties(HSAuint32 NodeId, HSAuint32 ProcessorId,
                                                     HSAuint32 NumCaches,
                                                     HsaCacheProperties* CacheProperties);
HSAKMT_STATUS HSAKMTAPI hsaKmtGetNodeIoLinkProperties(HSAuint32 NodeId, HSAuint32 NumIoLinks,
                                                      HsaIoLinkProperties* IoLinkProperties);

/* ------------------------------------------------------------------------
 * Events. Timeouts are in milliseconds (HsaEventTimeOut for the special
 * values); WaitOnAll chooses between "all signaled" and "any signaled".
 */
HSAKMT_STATUS HSAKMTAPI hsaKmtCreateEvent(HsaEventDescriptor* EventDesc, bool ManualReset,
                                          bool IsSignaled, HsaEvent** Event);
HSAKMT_STATUS HSAKMTAPI hsaKmtDestroyEvent(HsaEvent* Event);
HSAKMT_STATUS HSAKMTAPI hsaKmtSetEvent(HsaEvent* Event);
HSAKMT_STATUS HSAKMTAPI hsaKmtResetEvent(HsaEvent* Event);
HSAKMT_STATUS HSAKMTAPI hsaKmtQueryEventState(HsaEvent* Event);
HSAKMT_STATUS HSAKMTAPI hsaKmtWaitOnEvent(HsaEvent* Event, HSAuint32 Milliseconds);
HSAKMT_STATUS HSAKMTAPI hsaKmtWaitOnMultipleEvents(HsaEvent* Events[], HSAuint32 NumEvents,
                                                   bool WaitOnAll, HSAuint32 Milliseconds);

/* ------------------------------------------------------------------------
 * Queues: user-mode rings the GPU's command processor reads.
 * (ROCm's header also declares hsaKmtReportQueue for Southern Islands; no
 * libhsakmt.so.1 exports it, so it is left out here.)
 */
HSAKMT_STATUS HSAKMTAPI hsaKmtCreateQueue(HSAuint32 NodeId, HSA_QUEUE_TYPE Type,
                                          HSAuint32 QueuePercentage, HSA_QUEUE_PRIORITY Priority,
                                          void* QueueAddress, HSAuint64 QueueSizeInBytes,
                                          HsaEvent* Event, HsaQueueResource* QueueResource);
HSAKMT_STATUS HSAKMTAPI hsaKmtUpdateQueue(HSA_QUEUEID QueueId, HSAuint32 QueuePercentage,
                                          HSA_QUEUE_PRIORITY Priority, void* QueueAddress,
                                          HSAuint64 QueueSize, HsaEvent* Event);
HSAKMT_STATUS HSAKMTAPI hsaKmtDestroyQueue(HSA_QUEUEID QueueId);
/* CUMaskCount is in bits (a multiple of 32). */
HSAKMT_STATUS HSAKMTAPI hsaKmtSetQueueCUMask(HSA_QUEUEID QueueId, HSAuint32 CUMaskCount,
                                             HSAuint32* QueueCUMask);
HSAKMT_STATUS HSAKMTAPI hsaKmtGetQueueInfo(HSA_QUEUEID QueueId, HsaQueueInfo* QueueInfo);
/* Reserves nGWS global wave sync entries for a queue. */
HSAKMT_STATUS HSAKMTAPI hsaKmtAllocQueueGWS(HSA_QUEUEID QueueId, HSAuint32 nGWS,
                                            HSAuint32* firstGWS);
/* Trap handler code and buffer for every queue of the node in this process. */
HSAKMT_STATUS HSAKMTAPI hsaKmtSetTrapHandler(HSAuint32 NodeId, void* TrapHandlerBaseAddress,
                                             HSAuint64 TrapHandlerSizeInBytes,
                                             void* TrapBufferBaseAddress,
                                             HSAuint64 TrapBufferSizeInBytes);

/* ------------------------------------------------------------------------
 * Memory. Addresses and sizes are page aligned unless stated otherwise.
 */
/* Default and alternate cache policy (HSA_CACHING_TYPE) of a GPU node. */
HSAKMT_STATUS HSAKMTAPI hsaKmtSetMemoryPolicy(HSAuint32 Node, HSAuint32 DefaultPolicy,
                                              HSAuint32 AlternatePolicy,
                                              void* MemoryAddressAlternate,
                                              HSAuint64 MemorySizeInBytes);
HSAKMT_STATUS HSAKMTAPI hsaKmtAllocMemory(HSAuint32 PreferredNode, HSAuint64 SizeInBytes,
                                          HsaMemFlags MemFlags, void** MemoryAddress);
HSAKMT_STATUS HSAKMTAPI hsaKmtFreeMemory(void* MemoryAddress, HSAuint64 SizeInBytes);

/* Makes host memory (malloc, mmap) usable by GPUs. */
HSAKMT_STATUS HSAKMTAPI hsaKmtRegisterMemory(void* MemoryAddress, HSAuint64 MemorySizeInBytes);
HSAKMT_STATUS HSAKMTAPI hsaKmtRegisterMemoryToNodes(void* MemoryAddress,
                                                    HSAuint64 MemorySizeInBytes,
                                                    HSAuint64 NumberOfNodes, HSAuint32* NodeArray);
HSAKMT_STATUS HSAKMTAPI hsaKmtRegisterMemoryWithFlags(void* MemoryAddress,
                                                      HSAuint64 MemorySizeInBytes,
                                                      HsaMemFlags MemFlags);
HSAKMT_STATUS HSAKMTAPI hsaKmtRegisterGraphicsHandleToNodes(
    HSAuint64 GraphicsResourceHandle, HsaGraphicsResourceInfo* GraphicsResourceInfo,
    HSAuint64 NumberOfNodes, HSAuint32* NodeArray);
HSAKMT_STATUS HSAKMTAPI hsaKmtDeregisterMemory(void* MemoryAddress);

/* Sharing between processes; SizeInBytes covers the whole allocation. */
HSAKMT_STATUS HSAKMTAPI hsaKmtShareMemory(void* MemoryAddress, HSAuint64 SizeInBytes,
                                          HsaSharedMemoryHandle* SharedMemoryHandle);
HSAKMT_STATUS HSAKMTAPI hsaKmtRegisterSharedHandle(const HsaSharedMemoryHandle* SharedMemoryHandle,
                                                   void** MemoryAddress, HSAuint64* SizeInBytes);
HSAKMT_STATUS HSAKMTAPI hsaKmtRegisterSharedHandleToNodes(
    const HsaSharedMemoryHandle* SharedMemoryHandle, void** MemoryAddress, HSAuint64* SizeInBytes,
    HSAuint64 NumberOfNodes, HSAuint32* NodeArray);

/* Copies between this process and the GPU memory of process Pid; SizeCopied
 * is the amount done even on failure. */
HSAKMT_STATUS HSAKMTAPI hsaKmtProcessVMRead(HSAuint32 Pid, HsaMemoryRange* LocalMemoryArray,
                                            HSAuint64 LocalMemoryArrayCount,
                                            HsaMemoryRange* RemoteMemoryArray,
                                            HSAuint64 RemoteMemoryArrayCount,
                                            HSAuint64* SizeCopied);
HSAKMT_STATUS HSAKMTAPI hsaKmtProcessVMWrite(HSAuint32 Pid, HsaMemoryRange* LocalMemoryArray,
                                             HSAuint64 LocalMemoryArrayCount,
                                             HsaMemoryRange* RemoteMemoryArray,
                                             HSAuint64 RemoteMemoryArrayCount,
                                             HSAuint64* SizeCopied);

/* GPU mappings: to every GPU, or to the listed nodes. */
HSAKMT_STATUS HSAKMTAPI hsaKmtMapMemoryToGPU(void* MemoryAddress, HSAuint64 MemorySizeInBytes,
                                             HSAuint64* AlternateVAGPU);
HSAKMT_STATUS HSAKMTAPI hsaKmtMapMemoryToGPUNodes(void* MemoryAddress, HSAuint64 MemorySizeInBytes,
                                                  HSAuint64* AlternateVAGPU,
                                                  HsaMemMapFlags MemMapFlags,
                                                  HSAuint64 NumberOfNodes, HSAuint32* NodeArray);
HSAKMT_STATUS HSAKMTAPI hsaKmtUnmapMemoryToGPU(void* MemoryAddress);

/* Graphics interop (Windows-era entry points). */
HSAKMT_STATUS HSAKMTAPI hsaKmtMapGraphicHandle(HSAuint32 NodeId, HSAuint64 GraphicDeviceHandle,
                                               HSAuint64 GraphicResourceHandle,
                                               HSAuint64 GraphicResourceOffset,
                                               HSAuint64 GraphicResourceSize,
                                               HSAuint64* FlatMemoryAddress);
HSAKMT_STATUS HSAKMTAPI hsaKmtUnmapGraphicHandle(HSAuint32 NodeId, HSAuint64 FlatMemoryAddress,
                                                 HSAuint64 SizeInBytes);

HSAKMT_STATUS HSAKMTAPI hsaKmtQueryPointerInfo(const void* Pointer, HsaPointerInfo* PointerInfo);
HSAKMT_STATUS HSAKMTAPI hsaKmtSetMemoryUserData(const void* Pointer, void* UserData);

/* Shared virtual memory ranges (AMDKFD_IOC_SVM). */
HSAKMT_STATUS HSAKMTAPI hsaKmtSVMSetAttr(void* start_addr, HSAuint64 size, unsigned int nattr,
                                         HSA_SVM_ATTRIBUTE* attrs);
HSAKMT_STATUS HSAKMTAPI hsaKmtSVMGetAttr(void* start_addr, HSAuint64 size, unsigned int nattr,
                                         HSA_SVM_ATTRIBUTE* attrs);
/* Retry-on-fault ("XNACK") mode of the process. */
HSAKMT_STATUS HSAKMTAPI hsaKmtSetXNACKMode(HSAint32 enable);
HSAKMT_STATUS HSAKMTAPI hsaKmtGetXNACKMode(HSAint32* enable);

/* ------------------------------------------------------------------------
 * Debugging.
 */
HSAKMT_STATUS HSAKMTAPI hsaKmtDbgRegister(HSAuint32 NodeId);
HSAKMT_STATUS HSAKMTAPI hsaKmtDbgUnregister(HSAuint32 NodeId);
HSAKMT_STATUS HSAKMTAPI hsaKmtDbgWavefrontControl(HSAuint32 NodeId, HSA_DBG_WAVEOP Operand,
                                                  HSA_DBG_WAVEMODE Mode, HSAuint32 TrapId,
                                                  HsaDbgWaveMessage* DbgWaveMsgRing);
/* WatchMask and WatchEvent may be NULL. */
HSAKMT_STATUS HSAKMTAPI hsaKmtDbgAddressWatch(HSAuint32 NodeId, HSAuint32 NumWatchPoints,
                                              HSA_DBG_WATCH_MODE WatchMode[], void* WatchAddress[],
                                              HSAuint64 WatchMask[], HsaEvent* WatchEvent[]);
/* The runtime announces itself to an attached debugger (r_debug). */
HSAKMT_STATUS HSAKMTAPI hsaKmtRuntimeEnable(void* rDebug, bool setupTtmp);
HSAKMT_STATUS HSAKMTAPI hsaKmtRuntimeDisable(void);
HSAKMT_STATUS HSAKMTAPI hsaKmtGetKernelDebugTrapVersionInfo(HSAuint32* Major, HSAuint32* Minor);

/* ------------------------------------------------------------------------
 * Clocks and tiling.
 */
HSAKMT_STATUS HSAKMTAPI hsaKmtGetClockCounters(HSAuint32 NodeId, HsaClockCounters* Counters);
HSAKMT_STATUS HSAKMTAPI hsaKmtGetTileConfig(HSAuint32 NodeId, HsaGpuTileConfig* config);

/* ------------------------------------------------------------------------
 * Performance counters and streaming performance monitors.
 */
HSAKMT_STATUS HSAKMTAPI hsaKmtPmcGetCounterProperties(HSAuint32 NodeId,
                                                      HsaCounterProperties** CounterProperties);
HSAKMT_STATUS HSAKMTAPI hsaKmtPmcRegisterTrace(HSAuint32 NodeId, HSAuint32 NumberOfCounters,
                                               HsaCounter* Counters, HsaPmcTraceRoot* TraceRoot);
HSAKMT_STATUS HSAKMTAPI hsaKmtPmcUnregisterTrace(HSAuint32 NodeId, HSATraceId TraceId);
HSAKMT_STATUS HSAKMTAPI hsaKmtPmcAcquireTraceAccess(HSAuint32 NodeId, HSATraceId TraceId);
HSAKMT_STATUS HSAKMTAPI hsaKmtPmcReleaseTraceAccess(HSAuint32 NodeId, HSATraceId TraceId);
HSAKMT_STATUS HSAKMTAPI hsaKmtPmcStartTrace(HSATraceId TraceId, void* TraceBuffer,
                                            HSAuint64 TraceBufferSizeBytes);
HSAKMT_STATUS HSAKMTAPI hsaKmtPmcQueryTrace(HSATraceId TraceId);
HSAKMT_STATUS HSAKMTAPI hsaKmtPmcStopTrace(HSATraceId TraceId);

HSAKMT_STATUS HSAKMTAPI hsaKmtSPMAcquire(HSAuint32 PreferredNode);
HSAKMT_STATUS HSAKMTAPI hsaKmtSPMRelease(HSAuint32 PreferredNode);
HSAKMT_STATUS HSAKMTAPI hsaKmtSPMSetDestBuffer(HSAuint32 PreferredNode, HSAuint32 SizeInBytes,
                                               HSAuint32* timeout, HSAuint32* SizeCopied,
                                               void* DestMemoryAddress, bool* isSPMDataLoss);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* HSAKMT_H_ */
