/*
 * Types of the HSA thunk API (ROCm's libhsakmt, "HSAKMT_1").
 *
 * Written for this project from the API's definition. Applications built
 * against ROCm's or Debian's headers must keep working when linked with our
 * libhsakmt.so.1, so every name, value and byte layout here matches theirs
 * (checked field by field by tests/abi/hsakmt_abi_test). Comments explain
 * what the thunk fills in, not how ROCm's sources word it.
 */
#ifndef HSAKMTTYPES_H_
#define HSAKMTTYPES_H_

#include <stdbool.h>
#include <stdint.h>

/* Version of this API definition (not of the kernel interface). */
#define HSAKMT_VERSION_MAJOR 0
#define HSAKMT_VERSION_MINOR 99

#ifdef __cplusplus
extern "C" {
#endif

/* Calling convention marker of the API; empty on Linux. */
#define HSAKMTAPI

typedef uint8_t HSAuint8;
typedef int8_t HSAint8;
typedef uint16_t HSAuint16;
typedef int16_t HSAint16;
typedef uint32_t HSAuint32;
typedef int32_t HSAint32;
typedef int64_t HSAint64;
typedef uint64_t HSAuint64;

typedef void* HSA_HANDLE;
typedef HSAuint64 HSA_QUEUEID;

/* Sentinels that never name a real queue, process or node. */
#define INVALID_QUEUEID 0xFFFFFFFFFFFFFFFFULL
#define INVALID_PID 0xFFFFFFFF
#define INVALID_NODEID 0xFFFFFFFF

/*
 * The API's structs are laid out with 4-byte packing: a 64-bit member that
 * follows a 32-bit one is not padded to 8. Every layout below depends on it.
 */
#pragma pack(push, hsakmttypes_h, 4)

/* ------------------------------------------------------------------------
 * Status codes returned by every hsaKmt* function.
 */
typedef enum _HSAKMT_STATUS {
  HSAKMT_STATUS_SUCCESS = 0,
  HSAKMT_STATUS_ERROR = 1,           /* failure without a better code */
  HSAKMT_STATUS_DRIVER_MISMATCH = 2, /* kernel interface too old or new */

  HSAKMT_STATUS_INVALID_PARAMETER = 3,
  HSAKMT_STATUS_INVALID_HANDLE = 4,
  HSAKMT_STATUS_INVALID_NODE_UNIT = 5, /* no such node, or wrong kind of node */

  HSAKMT_STATUS_NO_MEMORY = 6,
  HSAKMT_STATUS_BUFFER_TOO_SMALL = 7,

  HSAKMT_STATUS_NOT_IMPLEMENTED = 10, /* not for these parameters */
  HSAKMT_STATUS_NOT_SUPPORTED = 11,   /* the node has no such feature */
  HSAKMT_STATUS_UNAVAILABLE = 12,     /* not now, maybe later */
  HSAKMT_STATUS_OUT_OF_RESOURCES = 13,

  HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED = 20, /* hsaKmtOpenKFD not called */
  HSAKMT_STATUS_KERNEL_COMMUNICATION_ERROR = 21,
  HSAKMT_STATUS_KERNEL_ALREADY_OPENED = 22,
  HSAKMT_STATUS_HSAMMU_UNAVAILABLE = 23, /* no IOMMUv2 (ATS/PRI) */

  HSAKMT_STATUS_WAIT_FAILURE = 30,
  HSAKMT_STATUS_WAIT_TIMEOUT = 31,

  HSAKMT_STATUS_MEMORY_ALREADY_REGISTERED = 35,
  HSAKMT_STATUS_MEMORY_NOT_REGISTERED = 36,
  HSAKMT_STATUS_MEMORY_ALIGNMENT = 37,
} HSAKMT_STATUS;

/* KFD ioctl interface version (AMDKFD_IOC_GET_VERSION). */
typedef struct _HsaVersionInfo {
  HSAuint32 KernelInterfaceMajorVersion;
  HSAuint32 KernelInterfaceMinorVersion;
} HsaVersionInfo;

/* ------------------------------------------------------------------------
 * Topology: the system is a list of nodes (CPU sockets and GPUs), each with
 * memory banks, caches and IO links, as published by the KFD in sysfs.
 */

/* hsaKmtAcquireSystemProperties: the node count of the snapshot. */
typedef struct _HsaSystemProperties {
  HSAuint32 NumNodes;    /* CPU and GPU nodes */
  HSAuint32 PlatformOem; /* from the CRAT table header; 0 when unknown */
  HSAuint32 PlatformId;
  HSAuint32 PlatformRev;
} HsaSystemProperties;

/* GFX IP version of a GPU node plus its packet processor firmware. */
typedef union {
  HSAuint32 Value;
  struct {
    unsigned int uCode : 10; /* CP firmware version */
    unsigned int Major : 6;  /* e.g. 9 for gfx900 */
    unsigned int Minor : 8;
    unsigned int Stepping : 8;
  } ui32;
} HSA_ENGINE_ID;

/* Firmware versions of the other engines. */
typedef union {
  HSAuint32 Value;
  struct {
    unsigned int uCodeSDMA : 10;
    unsigned int uCodeRes : 10;
    unsigned int Reserved : 12;
  };
} HSA_ENGINE_VERSION;

/*
 * Node capability bits; the KFD's "capability" topology value, bit for bit
 * (HSA_CAP_* in the kernel's kfd_topology.h).
 */
typedef union {
  HSAuint32 Value;
  struct {
    unsigned int HotPluggable : 1;
    unsigned int HSAMMUPresent : 1;       /* IOMMUv2 translation available */
    unsigned int SharedWithGraphics : 1;  /* GPU also drives the display */
    unsigned int QueueSizePowerOfTwo : 1; /* queue sizes must be 2^n */
    unsigned int QueueSize32bit : 1;      /* queue sizes must be < 4 GiB */
    unsigned int QueueIdleEvent : 1;
    unsigned int VALimit : 1;              /* GPU VA narrower than the CPU's */
    unsigned int WatchPointsSupported : 1; /* address watch points exist */
    unsigned int WatchPointsTotalBits : 4; /* log2 of their number */
    unsigned int DoorbellType : 2;         /* 0 pre-1.0, 1 1.0, 2 64-bit (gfx9) */
    unsigned int AQLQueueDoubleMap : 1;    /* AQL ring mapped twice back to back */
    unsigned int DebugTrapSupported : 1;
    unsigned int WaveLaunchTrapOverrideSupported : 1;
    unsigned int WaveLaunchModeSupported : 1;
    unsigned int PreciseMemoryOperationsSupported : 1;
    unsigned int DEPRECATED_SRAM_EDCSupport : 1; /* kept 0: old runtimes misread it */
    unsigned int Mem_EDCSupport : 1;             /* DRAM ECC active */
    unsigned int RASEventNotify : 1;
    unsigned int ASICRevision : 4;
    unsigned int SRAM_EDCSupport : 1;
    unsigned int SVMAPISupported : 1;
    unsigned int CoherentHostAccess : 1; /* host may access VRAM coherently */
    unsigned int DebugSupportedFirmware : 1;
    unsigned int Reserved : 2;
  } ui32;
} HSA_CAPABILITY;

/* What the debugger may rely on for a node. */
typedef union {
  HSAuint64 Value;
  struct {
    HSAuint64 WatchAddrMaskLoBit : 4; /* usable watch mask bits: Lo..Hi */
    HSAuint64 WatchAddrMaskHiBit : 6;
    HSAuint64 DispatchInfoAlwaysValid : 1;    /* trap temporaries always set up */
    HSAuint64 AddressWatchpointShareKind : 1; /* 1: per process, 0: shared */
    HSAuint64 Reserved : 52;
  };
} HSA_DEBUG_PROPERTIES;

/* Length of the name arrays of HsaNodeProperties. */
#define HSA_PUBLIC_NAME_SIZE 64

/* hsaKmtGetNodeProperties: one CPU or GPU node. */
typedef struct _HsaNodeProperties {
  HSAuint32 NumCPUCores;      /* 0 on a discrete GPU node */
  HSAuint32 NumFComputeCores; /* SIMDs; 0 on a CPU node */
  HSAuint32 NumMemoryBanks;   /* entries for hsaKmtGetNodeMemoryProperties */
  HSAuint32 NumCaches;        /* entries for hsaKmtGetNodeCacheProperties */
  HSAuint32 NumIOLinks;       /* entries for hsaKmtGetNodeIoLinkProperties */
  HSAuint32 CComputeIdLo;     /* first CPU core id of the node */
  HSAuint32 FComputeIdLo;     /* first SIMD id of the node */
  HSA_CAPABILITY Capability;
  HSAuint32 MaxWavesPerSIMD;
  HSAuint32 LDSSizeInKB; /* per workgroup */
  HSAuint32 GDSSizeInKB;
  HSAuint32 WaveFrontSize;  /* 64 on GCN */
  HSAuint32 NumShaderBanks; /* shader engines */
  HSAuint32 NumArrays;      /* shader arrays per engine */
  HSAuint32 NumCUPerArray;
  HSAuint32 NumSIMDPerCU;
  HSAuint32 MaxSlotsScratchCU; /* scratch wave slots per CU; 0 = no limit */
  HSA_ENGINE_ID EngineId;
  HSAuint16 VendorId; /* PCI ids; 0 on CPU nodes */
  HSAuint16 DeviceId;
  HSAuint32 LocationId; /* PCI bus/device/function */
  HSAuint64 LocalMemSize;
  HSAuint32 MaxEngineClockMhzFCompute;
  HSAuint32 MaxEngineClockMhzCCompute;
  HSAint32 DrmRenderMinor;                       /* /dev/dri/renderD<minor> */
  HSAuint16 MarketingName[HSA_PUBLIC_NAME_SIZE]; /* UTF-16, NUL terminated */
  HSAuint8 AMDName[HSA_PUBLIC_NAME_SIZE];        /* ASCII, e.g. "gfx900" */
  HSA_ENGINE_VERSION uCodeEngineVersions;
  HSA_DEBUG_PROPERTIES DebugProperties;
  HSAuint64 HiveID; /* XGMI hive; 0 when not in one */
  HSAuint32 NumSdmaEngines;
  HSAuint32 NumSdmaXgmiEngines;
  HSAuint8 NumSdmaQueuesPerEngine;
  HSAuint8 NumCpQueues;
  HSAuint8 NumGws;
  HSAuint8 Reserved2;
  HSAuint32 Domain;   /* PCI domain */
  HSAuint64 UniqueID; /* stable across boots */
  HSAuint32 VGPRSizePerCU;
  HSAuint32 SGPRSizePerCU;
  HSAuint8 Reserved[12];
} HsaNodeProperties;

/* Kind of a memory bank (and of an allocation's backing). */
typedef enum _HSA_HEAPTYPE {
  HSA_HEAPTYPE_SYSTEM = 0,
  HSA_HEAPTYPE_FRAME_BUFFER_PUBLIC = 1,  /* VRAM the CPU can reach through the BAR */
  HSA_HEAPTYPE_FRAME_BUFFER_PRIVATE = 2, /* VRAM beyond the BAR */
  HSA_HEAPTYPE_GPU_GDS = 3,
  HSA_HEAPTYPE_GPU_LDS = 4,
  HSA_HEAPTYPE_GPU_SCRATCH = 5,
  HSA_HEAPTYPE_DEVICE_SVM = 6, /* system memory in the GPU's page tables */
  HSA_HEAPTYPE_MMIO_REMAP = 7, /* remapped registers (HDP flush) */

  HSA_HEAPTYPE_NUMHEAPTYPES,
  HSA_HEAPTYPE_SIZE = 0xFFFFFFFF
} HSA_HEAPTYPE;

typedef union {
  HSAuint32 MemoryProperty;
  struct {
    unsigned int HotPluggable : 1;
    unsigned int NonVolatile : 1;
    unsigned int Reserved : 30;
  } ui32;
} HSA_MEMORYPROPERTY;

/* hsaKmtGetNodeMemoryProperties: one memory bank of a node. */
typedef struct _HsaMemoryProperties {
  HSA_HEAPTYPE HeapType;
  union {
    HSAuint64 SizeInBytes;
    struct {
      HSAuint32 SizeInBytesLow;
      HSAuint32 SizeInBytesHigh;
    } ui32;
  };
  HSA_MEMORYPROPERTY Flags;
  HSAuint32 Width;              /* bus width in bits */
  HSAuint32 MemoryClockMax;     /* MHz */
  HSAuint64 VirtualBaseAddress; /* where the bank appears to the process, or 0 */
} HsaMemoryProperties;

/* Size of a cache's sibling map (one entry per CPU core or CU). */
#define HSA_CPU_SIBLINGS 256
#define HSA_PROCESSORID_ALL 0xFFFFFFFF

typedef union {
  HSAuint32 Value;
  struct {
    unsigned int Data : 1;
    unsigned int Instruction : 1;
    unsigned int CPU : 1;   /* a CPU cache */
    unsigned int HSACU : 1; /* a GPU cache */
    unsigned int Reserved : 28;
  } ui32;
} HsaCacheType;

/* hsaKmtGetNodeCacheProperties: one cache of a node. */
typedef struct _HaCacheProperties {
  HSAuint32 ProcessorIdLow; /* first core or CU the cache serves */
  HSAuint32 CacheLevel;
  HSAuint32 CacheSize; /* KiB */
  HSAuint32 CacheLineSize;
  HSAuint32 CacheLinesPerTag;
  HSAuint32 CacheAssociativity;
  HSAuint32 CacheLatency; /* ns */
  HsaCacheType CacheType;
  HSAuint32 SiblingMap[HSA_CPU_SIBLINGS]; /* 1 for each core/CU sharing it */
} HsaCacheProperties;

typedef struct _HsaCComputeProperties {
  HSAuint32 SiblingMap[HSA_CPU_SIBLINGS];
} HsaCComputeProperties;

/* Bus of an IO link (the KFD's CRAT_IOLINK_TYPE_* values). */
typedef enum _HSA_IOLINKTYPE {
  HSA_IOLINKTYPE_UNDEFINED = 0,
  HSA_IOLINKTYPE_HYPERTRANSPORT = 1,
  HSA_IOLINKTYPE_PCIEXPRESS = 2,
  HSA_IOLINKTYPE_AMBA = 3,
  HSA_IOLINKTYPE_MIPI = 4,
  HSA_IOLINK_TYPE_QPI_1_1 = 5,
  HSA_IOLINK_TYPE_RESERVED1 = 6,
  HSA_IOLINK_TYPE_RESERVED2 = 7,
  HSA_IOLINK_TYPE_RAPID_IO = 8,
  HSA_IOLINK_TYPE_INFINIBAND = 9,
  HSA_IOLINK_TYPE_RESERVED3 = 10,
  HSA_IOLINK_TYPE_XGMI = 11,
  HSA_IOLINK_TYPE_XGOP = 12,
  HSA_IOLINK_TYPE_GZ = 13,
  HSA_IOLINK_TYPE_ETHERNET_RDMA = 14,
  HSA_IOLINK_TYPE_RDMA_OTHER = 15,
  HSA_IOLINK_TYPE_OTHER = 16,
  HSA_IOLINKTYPE_NUMIOLINKTYPES,
  HSA_IOLINKTYPE_SIZE = 0xFFFFFFFF
} HSA_IOLINKTYPE;

/* Link restrictions; meaningful only when Override is set. */
typedef union {
  HSAuint32 LinkProperty;
  struct {
    unsigned int Override : 1;
    unsigned int NonCoherent : 1;
    unsigned int NoAtomics32bit : 1;
    unsigned int NoAtomics64bit : 1;
    unsigned int NoPeerToPeerDMA : 1;
    unsigned int Reserved : 27;
  } ui32;
} HSA_LINKPROPERTY;

/* hsaKmtGetNodeIoLinkProperties: one link from this node to another. */
typedef struct _HsaIoLinkProperties {
  HSA_IOLINKTYPE IoLinkType;
  HSAuint32 VersionMajor;
  HSAuint32 VersionMinor;
  HSAuint32 NodeFrom;
  HSAuint32 NodeTo;
  HSAuint32 Weight;         /* relative distance */
  HSAuint32 MinimumLatency; /* ns */
  HSAuint32 MaximumLatency;
  HSAuint32 MinimumBandwidth; /* MB/s */
  HSAuint32 MaximumBandwidth;
  HSAuint32 RecTransferSize; /* bytes */
  HSA_LINKPROPERTY Flags;
} HsaIoLinkProperties;

/* ------------------------------------------------------------------------
 * Memory.
 */

/* How hsaKmtAllocMemory / hsaKmtRegisterMemoryWithFlags back a range. */
typedef struct _HsaMemFlags {
  union {
    struct {
      unsigned int NonPaged : 1;    /* pinned */
      unsigned int CachePolicy : 2; /* HSA_CACHING_TYPE */
      unsigned int ReadOnly : 1;
      unsigned int PageSize : 2;     /* HSA_PAGE_SIZE */
      unsigned int HostAccess : 1;   /* the CPU maps it too */
      unsigned int NoSubstitute : 1; /* fail rather than fall back to system memory */
      unsigned int GDSMemory : 1;
      unsigned int Scratch : 1; /* reserve in the scratch aperture */
      unsigned int AtomicAccessFull : 1;
      unsigned int AtomicAccessPartial : 1; /* PCIe atomics (swap, CAS, add) only */
      unsigned int ExecuteAccess : 1;       /* holds code or queue rings */
      unsigned int CoarseGrain : 1;         /* coherent only at dispatch boundaries */
      unsigned int AQLQueueMemory : 1;      /* ring of an AQL queue */
      unsigned int FixedAddress : 1;        /* at *MemoryAddress or fail */
      unsigned int NoNUMABind : 1;
      unsigned int Uncached : 1;
      unsigned int Reserved : 14;
    } ui32;
    HSAuint32 Value;
  };
} HsaMemFlags;

/* Hints for hsaKmtMapMemoryToGPUNodes. */
typedef struct _HsaMemMapFlags {
  union {
    struct {
      unsigned int Reserved1 : 1;
      unsigned int CachePolicy : 2; /* HSA_CACHING_TYPE */
      unsigned int ReadOnly : 1;
      unsigned int PageSize : 2; /* HSA_PAGE_SIZE */
      unsigned int HostAccess : 1;
      unsigned int Migrate : 1; /* may move to the mapping GPU's memory */
      unsigned int Probe : 1;   /* will be mapped soon; no mapping yet */
      unsigned int Reserved : 23;
    } ui32;
    HSAuint32 Value;
  };
} HsaMemMapFlags;

/* hsaKmtRegisterGraphicsHandleToNodes output. */
typedef struct _HsaGraphicsResourceInfo {
  void* MemoryAddress;
  HSAuint64 SizeInBytes;
  const void* Metadata; /* owned by the thunk */
  HSAuint32 MetadataSizeInBytes;
  HSAuint32 Reserved;
} HsaGraphicsResourceInfo;

typedef enum _HSA_CACHING_TYPE {
  HSA_CACHING_CACHED = 0,
  HSA_CACHING_NONCACHED = 1,
  HSA_CACHING_WRITECOMBINED = 2,
  HSA_CACHING_RESERVED = 3,
  HSA_CACHING_NUM_CACHING,
  HSA_CACHING_SIZE = 0xFFFFFFFF
} HSA_CACHING_TYPE;

typedef enum _HSA_PAGE_SIZE {
  HSA_PAGE_SIZE_4KB = 0,
  HSA_PAGE_SIZE_64KB = 1,
  HSA_PAGE_SIZE_2MB = 2,
  HSA_PAGE_SIZE_1GB = 3,
} HSA_PAGE_SIZE;

typedef enum _HSA_DEVICE { HSA_DEVICE_CPU = 0, HSA_DEVICE_GPU = 1, MAX_HSA_DEVICE = 2 } HSA_DEVICE;

/* ------------------------------------------------------------------------
 * Queues.
 */

/* The enumerators span -3..0xFFFFFFFF, so C++ gives this enum 8 bytes. */
typedef enum _HSA_QUEUE_PRIORITY {
  HSA_QUEUE_PRIORITY_MINIMUM = -3,
  HSA_QUEUE_PRIORITY_LOW = -2,
  HSA_QUEUE_PRIORITY_BELOW_NORMAL = -1,
  HSA_QUEUE_PRIORITY_NORMAL = 0,
  HSA_QUEUE_PRIORITY_ABOVE_NORMAL = 1,
  HSA_QUEUE_PRIORITY_HIGH = 2,
  HSA_QUEUE_PRIORITY_MAXIMUM = 3,
  HSA_QUEUE_PRIORITY_NUM_PRIORITY,
  HSA_QUEUE_PRIORITY_SIZE = 0xFFFFFFFF
} HSA_QUEUE_PRIORITY;

typedef enum _HSA_QUEUE_TYPE {
  HSA_QUEUE_COMPUTE = 1, /* PM4 compute ring */
  HSA_QUEUE_SDMA = 2,
  HSA_QUEUE_MULTIMEDIA_DECODE = 3,
  HSA_QUEUE_MULTIMEDIA_ENCODE = 4,
  HSA_QUEUE_SDMA_XGMI = 5,

  /* Variants allowed to reference OS graphics resources. */
  HSA_QUEUE_COMPUTE_OS = 11,
  HSA_QUEUE_SDMA_OS = 12,
  HSA_QUEUE_MULTIMEDIA_DECODE_OS = 13,
  HSA_QUEUE_MULTIMEDIA_ENCODE_OS = 14,

  HSA_QUEUE_COMPUTE_AQL = 21, /* AQL packet queue */
  HSA_QUEUE_DMA_AQL = 22,
  HSA_QUEUE_DMA_AQL_XGMI = 23,

  HSA_QUEUE_TYPE_SIZE = 0xFFFFFFFF
} HSA_QUEUE_TYPE;

/*
 * Header at offset 0 of a queue's user context save area, updated by the
 * firmware on each context save (control stack, then wave state, then the
 * debugger's area).
 */
typedef struct {
  HSAuint32 ControlStackOffset; /* from the area's start to the stack's top */
  HSAuint32 ControlStackSize;
  HSAuint32 WaveStateOffset;
  HSAuint32 WaveStateSize;
  HSAuint32 DebugOffset; /* 64-byte aligned */
  HSAuint32 DebugSize;
  volatile HSAint64* ErrorReason; /* signal payload receiving error bits */
  HSAuint32 ErrorEventId;
  HSAuint32 Reserved1;
} HsaUserContextSaveAreaHeader;

/* hsaKmtGetQueueInfo output. */
typedef struct {
  HSAuint32 QueueDetailError;
  HSAuint32 QueueTypeExtended;
  HSAuint32 NumCUAssigned; /* bits in *CUMaskInfo, a multiple of 32 */
  HSAuint32* CUMaskInfo;
  HSAuint32* UserContextSaveArea;
  HSAuint64 SaveAreaSizeInBytes;
  HSAuint32* ControlStackTop;
  HSAuint64 ControlStackUsedInBytes;
  HsaUserContextSaveAreaHeader* SaveAreaHeader;
  HSAuint64 Reserved2;
} HsaQueueInfo;

/* hsaKmtCreateQueue output: where to ring and what the CP reads/writes. */
typedef struct _HsaQueueResource {
  HSA_QUEUEID QueueId;
  union {
    HSAuint32* Queue_DoorBell;
    HSAuint64* Queue_DoorBell_aql;
    HSAuint64 QueueDoorBell;
  };
  union {
    HSAuint32* Queue_write_ptr;
    HSAuint64* Queue_write_ptr_aql;
    HSAuint64 QueueWptrValue;
  };
  union {
    HSAuint32* Queue_read_ptr;
    HSAuint64* Queue_read_ptr_aql;
    HSAuint64 QueueRptrValue;
  };
  volatile HSAint64* ErrorReason; /* payload of the queue's error signal */
} HsaQueueResource;

/* Old Southern Islands interface (hsaKmtReportQueue); kept for the layout. */
typedef struct _HsaQueueReport {
  HSAuint32 VMID;
  void* QueueAddress;
  HSAuint64 QueueSize;
} HsaQueueReport;

/* ------------------------------------------------------------------------
 * Debugger (the old hsaKmtDbg* interface).
 */

typedef enum _HSA_DBG_WAVEOP {
  HSA_DBG_WAVEOP_HALT = 1,
  HSA_DBG_WAVEOP_RESUME = 2,
  HSA_DBG_WAVEOP_KILL = 3,
  HSA_DBG_WAVEOP_DEBUG = 4,
  HSA_DBG_WAVEOP_TRAP = 5,
  HSA_DBG_NUM_WAVEOP = 5,
  HSA_DBG_MAX_WAVEOP = 0xFFFFFFFF
} HSA_DBG_WAVEOP;

typedef enum _HSA_DBG_WAVEMODE {
  HSA_DBG_WAVEMODE_SINGLE = 0,
  /* 1 (all processes) is not offered to user mode. */
  HSA_DBG_WAVEMODE_BROADCAST_PROCESS = 2,
  HSA_DBG_WAVEMODE_BROADCAST_PROCESS_CU = 3,
  HSA_DBG_NUM_WAVEMODE = 3,
  HSA_DBG_MAX_WAVEMODE = 0xFFFFFFFF
} HSA_DBG_WAVEMODE;

typedef enum _HSA_DBG_WAVEMSG_TYPE {
  HSA_DBG_WAVEMSG_AUTO = 0,
  HSA_DBG_WAVEMSG_USER = 1,
  HSA_DBG_WAVEMSG_ERROR = 2,
  HSA_DBG_NUM_WAVEMSG,
  HSA_DBG_MAX_WAVEMSG = 0xFFFFFFFF
} HSA_DBG_WAVEMSG_TYPE;

typedef enum _HSA_DBG_WATCH_MODE {
  HSA_DBG_WATCH_READ = 0,
  HSA_DBG_WATCH_NONREAD = 1, /* writes and atomics */
  HSA_DBG_WATCH_ATOMIC = 2,
  HSA_DBG_WATCH_ALL = 3,
  HSA_DBG_WATCH_NUM
} HSA_DBG_WATCH_MODE;

typedef enum _HSA_DBG_TRAP_OVERRIDE {
  HSA_DBG_TRAP_OVERRIDE_OR = 0,
  HSA_DBG_TRAP_OVERRIDE_REPLACE = 1,
  HSA_DBG_TRAP_OVERRIDE_NUM
} HSA_DBG_TRAP_OVERRIDE;

typedef enum _HSA_DBG_TRAP_MASK {
  HSA_DBG_TRAP_MASK_FP_INVALID = 1,
  HSA_DBG_TRAP_MASK_FP_INPUT_DENOMAL = 2,
  HSA_DBG_TRAP_MASK_FP_DIVIDE_BY_ZERO = 4,
  HSA_DBG_TRAP_MASK_FP_OVERFLOW = 8,
  HSA_DBG_TRAP_MASK_FP_UNDERFLOW = 16,
  HSA_DBG_TRAP_MASK_FP_INEXACT = 32,
  HSA_DBG_TRAP_MASK_INT_DIVIDE_BY_ZERO = 64,
  HSA_DBG_TRAP_MASK_DBG_ADDRESS_WATCH = 128,
  HSA_DBG_TRAP_MASK_DBG_MEMORY_VIOLATION = 256
} HSA_DBG_TRAP_MASK;

typedef enum _HSA_DBG_WAVE_LAUNCH_MODE {
  HSA_DBG_WAVE_LAUNCH_MODE_NORMAL = 0,
  HSA_DBG_WAVE_LAUNCH_MODE_HALT = 1,
  HSA_DBG_WAVE_LAUNCH_MODE_KILL = 2, /* launched and terminated at once */
  HSA_DBG_WAVE_LAUNCH_MODE_SINGLE_STEP = 3,
  HSA_DBG_WAVE_LAUNCH_MODE_DISABLE = 4, /* no new waves */
  HSA_DBG_WAVE_LAUNCH_MODE_NUM
} HSA_DBG_WAVE_LAUNCH_MODE;

/* No node control flags are defined yet. */
typedef enum HSA_DBG_NODE_CONTROL { HSA_DBG_NODE_CONTROL_FLAG_MAX = 0x01 } HSA_DBG_NODE_CONTROL;

typedef struct _HsaDbgWaveMsgAMDGen2 {
  HSAuint32 Value;
  HSAuint32 Reserved2;
} HsaDbgWaveMsgAMDGen2;

typedef union _HsaDbgWaveMessageAMD {
  HsaDbgWaveMsgAMDGen2 WaveMsgInfoGen2;
} HsaDbgWaveMessageAMD;

typedef struct _HsaDbgWaveMessage {
  void* MemoryVA;
  HsaDbgWaveMessageAMD DbgWaveMsg;
} HsaDbgWaveMessage;

/* ------------------------------------------------------------------------
 * Events: a KFD event id, optionally with a user-memory sync variable, that
 * the GPU (an interrupt) or the CPU (hsaKmtSetEvent) signals.
 */

typedef enum _HSA_EVENTTYPE {
  HSA_EVENTTYPE_SIGNAL = 0,            /* raised by the GPU or hsaKmtSetEvent */
  HSA_EVENTTYPE_NODECHANGE = 1,        /* node attached or detached */
  HSA_EVENTTYPE_DEVICESTATECHANGE = 2, /* device started or stopped */
  HSA_EVENTTYPE_HW_EXCEPTION = 3,
  HSA_EVENTTYPE_SYSTEM_EVENT = 4,
  HSA_EVENTTYPE_DEBUG_EVENT = 5,
  HSA_EVENTTYPE_PROFILE_EVENT = 6,
  HSA_EVENTTYPE_QUEUE_EVENT = 7,
  HSA_EVENTTYPE_MEMORY = 8, /* GPU memory access fault */
  HSA_EVENTTYPE_MAXID,
  HSA_EVENTTYPE_TYPE_SIZE = 0xFFFFFFFF
} HSA_EVENTTYPE;

typedef enum _HSA_DEBUG_EVENT_TYPE {
  HSA_DEBUG_EVENT_TYPE_NONE = 0,
  HSA_DEBUG_EVENT_TYPE_TRAP = 1,
  HSA_DEBUG_EVENT_TYPE_VMFAULT = 2,
  HSA_DEBUG_EVENT_TYPE_TRAP_VMFAULT = 3
} HSA_DEBUG_EVENT_TYPE;

typedef HSAuint32 HSA_EVENTID;

/* User memory tied to an event. */
typedef struct _HsaSyncVar {
  union {
    void* UserData;
    HSAuint64 UserDataPtrValue;
  } SyncVar;
  HSAuint64 SyncVarSize;
} HsaSyncVar;

typedef enum _HSA_EVENTTYPE_NODECHANGE_FLAGS {
  HSA_EVENTTYPE_NODECHANGE_ADD = 0,
  HSA_EVENTTYPE_NODECHANGE_REMOVE = 1,
  HSA_EVENTTYPE_NODECHANGE_SIZE = 0xFFFFFFFF
} HSA_EVENTTYPE_NODECHANGE_FLAGS;

typedef struct _HsaNodeChange {
  HSA_EVENTTYPE_NODECHANGE_FLAGS Flags;
} HsaNodeChange;

typedef enum _HSA_EVENTTYPE_DEVICESTATECHANGE_FLAGS {
  HSA_EVENTTYPE_DEVICESTATUSCHANGE_START = 0,
  HSA_EVENTTYPE_DEVICESTATUSCHANGE_STOP = 1,
  HSA_EVENTTYPE_DEVICESTATUSCHANGE_SIZE = 0xFFFFFFFF
} HSA_EVENTTYPE_DEVICESTATECHANGE_FLAGS;

typedef struct _HsaDeviceStateChange {
  HSAuint32 NodeId;
  HSA_DEVICE Device;
  HSA_EVENTTYPE_DEVICESTATECHANGE_FLAGS Flags;
} HsaDeviceStateChange;

typedef enum _HSA_EVENTID_MEMORYFLAGS {
  HSA_EVENTID_MEMORY_RECOVERABLE = 0,   /* fixable by a page update */
  HSA_EVENTID_MEMORY_FATAL_PROCESS = 1, /* the process's GPU context is lost */
  HSA_EVENTID_MEMORY_FATAL_VM = 2,      /* every GPU VM is lost */
} HSA_EVENTID_MEMORYFLAGS;

/* Why a GPU access faulted. */
typedef struct _HsaAccessAttributeFailure {
  unsigned int NotPresent : 1;
  unsigned int ReadOnly : 1; /* write to a read-only page */
  unsigned int NoExecute : 1;
  unsigned int GpuAccess : 1; /* host-only page */
  unsigned int ECC : 1;
  unsigned int Imprecise : 1; /* address is approximate */
  unsigned int ErrorType : 3; /* 0 none, 1 SRAM ECC, 2 poison, 3 hang */
  unsigned int Reserved : 23;
} HsaAccessAttributeFailure;

typedef struct _HsaMemoryAccessFault {
  HSAuint32 NodeId;
  HSAuint64 VirtualAddress;
  HsaAccessAttributeFailure Failure;
  HSA_EVENTID_MEMORYFLAGS Flags;
} HsaMemoryAccessFault;

typedef struct _HsaEventData {
  HSA_EVENTTYPE EventType;
  union {
    HsaSyncVar SyncVar;                     /* SIGNAL and most others */
    HsaNodeChange NodeChangeState;          /* NODECHANGE */
    HsaDeviceStateChange DeviceState;       /* DEVICESTATECHANGE */
    HsaMemoryAccessFault MemoryAccessFault; /* MEMORY */
  } EventData;
  /* Private to the thunk. */
  HSAuint64 HWData1; /* KFD event id */
  HSAuint64 HWData2; /* address of the event's slot in the event page */
  HSAuint32 HWData3; /* KFD event trigger data */
} HsaEventData;

/* hsaKmtCreateEvent input. */
typedef struct _HsaEventDescriptor {
  HSA_EVENTTYPE EventType;
  HSAuint32 NodeId;
  HsaSyncVar SyncVar;
} HsaEventDescriptor;

typedef struct _HsaEvent {
  HSA_EVENTID EventId;
  HsaEventData EventData;
} HsaEvent;

/* Millisecond timeouts for the wait functions with special meanings. */
typedef enum _HsaEventTimeout {
  HSA_EVENTTIMEOUT_IMMEDIATE = 0,
  HSA_EVENTTIMEOUT_INFINITE = 0xFFFFFFFF
} HsaEventTimeOut;

/* hsaKmtGetClockCounters output (AMDKFD_IOC_GET_CLOCK_COUNTERS). */
typedef struct _HsaClockCounters {
  HSAuint64 GPUClockCounter;
  HSAuint64 CPUClockCounter;
  HSAuint64 SystemClockCounter;
  HSAuint64 SystemClockFrequencyHz;
} HsaClockCounters;

/* ------------------------------------------------------------------------
 * Performance counters: blocks are named by UUID.
 */

#ifndef DEFINE_GUID
typedef struct _HSA_UUID {
  HSAuint32 Data1;
  HSAuint16 Data2;
  HSAuint16 Data3;
  HSAuint8 Data4[8];
} HSA_UUID;

#define HSA_DEFINE_UUID(name, dw, w1, w2, b1, b2, b3, b4, b5, b6, b7, b8) \
  static const HSA_UUID name = {dw, w1, w2, {b1, b2, b3, b4, b5, b6, b7, b8}}
#else
#define HSA_UUID GUID
#define HSA_DEFINE_UUID DEFINE_GUID
#endif

/* GPU hardware blocks with counters; ids {Data1-Data2-Data3-Data4}. */
HSA_DEFINE_UUID(HSA_PROFILEBLOCK_AMD_CB, 0x9ba429c6, 0xaf2d, 0x4b38, 0xb3, 0x49, 0x15, 0x72, 0x71,
                0xbe, 0xac, 0x6a);
HSA_DEFINE_UUID(HSA_PROFILEBLOCK_AMD_CPF, 0x2b0ad2b5, 0x1c43, 0x4f46, 0xa7, 0xbc, 0xe1, 0x19, 0x41,
                0x1e, 0xa6, 0xc9);
HSA_DEFINE_UUID(HSA_PROFILEBLOCK_AMD_CPG, 0x590ec94d, 0x20f0, 0x448f, 0x8d, 0xff, 0x31, 0x6c, 0x67,
                0x9d, 0xe7, 0xff);
HSA_DEFINE_UUID(HSA_PROFILEBLOCK_AMD_DB, 0x3d1a47fc, 0x0013, 0x4ed4, 0x83, 0x06, 0x82, 0x2c, 0xa0,
                0xb7, 0xa6, 0xc2);
HSA_DEFINE_UUID(HSA_PROFILEBLOCK_AMD_GDS, 0xf59276ec, 0x2526, 0x4bf8, 0x8e, 0xc0, 0x11, 0x8f, 0x77,
                0x70, 0x0d, 0xc9);
HSA_DEFINE_UUID(HSA_PROFILEBLOCK_AMD_GRBM, 0x8f00933c, 0xc33d, 0x4801, 0x97, 0xb7, 0x70, 0x07, 0xf7,
                0x85, 0x73, 0xad);
HSA_DEFINE_UUID(HSA_PROFILEBLOCK_AMD_GRBMSE, 0x34ebd8d7, 0x7c8b, 0x4d15, 0x88, 0xfa, 0x0e, 0x4e,
                0x4a, 0xf5, 0x9a, 0xc1);
HSA_DEFINE_UUID(HSA_PROFILEBLOCK_AMD_IA, 0x34276944, 0x4264, 0x4fcd, 0x9d, 0x6e, 0xae, 0x26, 0x45,
                0x82, 0xec, 0x51);
HSA_DEFINE_UUID(HSA_PROFILEBLOCK_AMD_MC, 0x13900b57, 0x4956, 0x4d98, 0x81, 0xd0, 0x68, 0x52, 0x19,
                0x37, 0xf5, 0x9c);
HSA_DEFINE_UUID(HSA_PROFILEBLOCK_AMD_PASC, 0xb0e7fb5d, 0x0efc, 0x4744, 0xb5, 0x16, 0x5d, 0x23, 0xdc,
                0x1f, 0xd5, 0x6c);
HSA_DEFINE_UUID(HSA_PROFILEBLOCK_AMD_PASU, 0x9a152b6a, 0x1fad, 0x45f2, 0xa5, 0xbf, 0xf1, 0x63, 0x82,
                0x6b, 0xd0, 0xcd);
HSA_DEFINE_UUID(HSA_PROFILEBLOCK_AMD_SPI, 0xeda81044, 0xd62c, 0x47eb, 0xaf, 0x89, 0x4f, 0x6f, 0xbf,
                0x3b, 0x38, 0xe0);
HSA_DEFINE_UUID(HSA_PROFILEBLOCK_AMD_SRBM, 0x9f8040e0, 0x6830, 0x4019, 0xac, 0xc8, 0x46, 0x3c, 0x9e,
                0x44, 0x5b, 0x89);
HSA_DEFINE_UUID(HSA_PROFILEBLOCK_AMD_SQ, 0xb5c396b6, 0xd310, 0x47e4, 0x86, 0xfc, 0x5c, 0xc3, 0x04,
                0x3a, 0xf5, 0x08);
HSA_DEFINE_UUID(HSA_PROFILEBLOCK_AMD_SX, 0xbdb8d737, 0x43cc, 0x4162, 0xbe, 0x52, 0x51, 0xcf, 0xb8,
                0x47, 0xbe, 0xaf);
HSA_DEFINE_UUID(HSA_PROFILEBLOCK_AMD_TA, 0xc01ee43d, 0xad92, 0x44b1, 0x8a, 0xb9, 0xbe, 0x5e, 0x69,
                0x6c, 0xee, 0xa7);
HSA_DEFINE_UUID(HSA_PROFILEBLOCK_AMD_TCA, 0x333e393f, 0xe147, 0x4f49, 0xa6, 0xd1, 0x60, 0x91, 0x4c,
                0x70, 0x86, 0xb0);
HSA_DEFINE_UUID(HSA_PROFILEBLOCK_AMD_TCC, 0x848ce855, 0xd805, 0x4566, 0xa8, 0xab, 0x73, 0xe8, 0x84,
                0xcc, 0x6b, 0xff);
HSA_DEFINE_UUID(HSA_PROFILEBLOCK_AMD_TCP, 0xe10a013b, 0x17d4, 0x4bf5, 0xb0, 0x89, 0x42, 0x95, 0x91,
                0x05, 0x9b, 0x60);
HSA_DEFINE_UUID(HSA_PROFILEBLOCK_AMD_TCS, 0x4126245c, 0x4d96, 0x4d1a, 0x8a, 0xed, 0xa9, 0x39, 0xd4,
                0xcc, 0x8e, 0xc9);
HSA_DEFINE_UUID(HSA_PROFILEBLOCK_AMD_TD, 0x7d7c0fe4, 0xfe41, 0x4fea, 0x92, 0xc9, 0x45, 0x44, 0xd7,
                0x70, 0x6d, 0xc6);
HSA_DEFINE_UUID(HSA_PROFILEBLOCK_AMD_VGT, 0x0b6a8cb7, 0x7a01, 0x409f, 0xa2, 0x2c, 0x30, 0x14, 0x85,
                0x4f, 0x13, 0x59);
HSA_DEFINE_UUID(HSA_PROFILEBLOCK_AMD_WD, 0x0e176789, 0x46ed, 0x4b02, 0x97, 0x2a, 0x91, 0x6d, 0x2f,
                0xac, 0x24, 0x4a);
/* The IOMMUv2 and the KFD itself. */
HSA_DEFINE_UUID(HSA_PROFILEBLOCK_AMD_IOMMUV2, 0x80969879, 0xb0f6, 0x4be6, 0x97, 0xf6, 0x6a, 0x63,
                0x00, 0xf5, 0x10, 0x1d);
HSA_DEFINE_UUID(HSA_PROFILEBLOCK_AMD_KERNEL_DRIVER, 0xea9b5ae1, 0x6c3f, 0x44b3, 0x89, 0x54, 0xda,
                0xf0, 0x75, 0x65, 0xa9, 0x0a);

typedef enum _HSA_PROFILE_TYPE {
  HSA_PROFILE_TYPE_PRIVILEGED_IMMEDIATE = 0, /* read by the KFD only */
  HSA_PROFILE_TYPE_PRIVILEGED_STREAMING = 1, /* written to memory by hardware, KFD only */
  HSA_PROFILE_TYPE_NONPRIV_IMMEDIATE = 2,    /* readable from user queues */
  HSA_PROFILE_TYPE_NONPRIV_STREAMING = 3,
  HSA_PROFILE_TYPE_NUM,
  HSA_PROFILE_TYPE_SIZE = 0xFFFFFFFF
} HSA_PROFILE_TYPE;

typedef struct _HsaCounterFlags {
  union {
    struct {
      unsigned int Global : 1; /* not tied to a VMID, wave or CU */
      unsigned int Resettable : 1;
      unsigned int ReadOnly : 1;
      unsigned int Stream : 1;
      unsigned int Reserved : 28;
    } ui32;
    HSAuint32 Value;
  };
} HsaCounterFlags;

typedef struct _HsaCounter {
  HSA_PROFILE_TYPE Type;
  HSAuint64 CounterId; /* register offset */
  HSAuint32 CounterSizeInBits;
  HSAuint64 CounterMask;
  HsaCounterFlags Flags;
  HSAuint32 BlockIndex;
} HsaCounter;

/* Variable length: NumCounters entries of Counters follow. */
typedef struct _HsaCounterBlockProperties {
  HSA_UUID BlockId;
  HSAuint32 NumCounters;
  HSAuint32 NumConcurrent; /* counters usable at once */
  HsaCounter Counters[1];
} HsaCounterBlockProperties;

/* Variable length: NumBlocks entries of Blocks follow. */
typedef struct _HsaCounterProperties {
  HSAuint32 NumBlocks;
  HSAuint32 NumConcurrent;
  HsaCounterBlockProperties Blocks[1];
} HsaCounterProperties;

typedef HSAuint64 HSATraceId;

typedef struct _HsaPmcTraceRoot {
  HSAuint64 TraceBufferMinSizeBytes; /* page aligned */
  HSAuint32 NumberOfPasses;
  HSATraceId TraceId;
} HsaPmcTraceRoot;

/* hsaKmtGetTileConfig: the caller supplies the arrays and their sizes. */
typedef struct _HsaGpuTileConfig {
  HSAuint32* TileConfig;
  HSAuint32* MacroTileConfig;
  HSAuint32 NumTileConfigs; /* in: capacity, out: entries written */
  HSAuint32 NumMacroTileConfigs;
  HSAuint32 GbAddrConfig;
  HSAuint32 NumBanks;
  HSAuint32 NumRanks;
  HSAuint32 Reserved[7]; /* pads the struct to 16 dwords */
} HsaGpuTileConfig;

/* ------------------------------------------------------------------------
 * Pointer queries, sharing and SVM.
 */

typedef enum _HSA_POINTER_TYPE {
  HSA_POINTER_UNKNOWN = 0,
  HSA_POINTER_ALLOCATED = 1,       /* hsaKmtAllocMemory (not scratch) */
  HSA_POINTER_REGISTERED_USER = 2, /* hsaKmtRegisterMemory* */
  HSA_POINTER_REGISTERED_GRAPHICS = 3,
  HSA_POINTER_REGISTERED_SHARED = 4 /* hsaKmtRegisterSharedHandle* */
} HSA_POINTER_TYPE;

/* hsaKmtQueryPointerInfo output. */
typedef struct _HsaPointerInfo {
  HSA_POINTER_TYPE Type;
  HSAuint32 Node;
  HsaMemFlags MemFlags;
  void* CPUAddress;
  HSAuint64 GPUAddress;
  HSAuint64 SizeInBytes;
  HSAuint32 NRegisteredNodes;
  HSAuint32 NMappedNodes;
  const HSAuint32* RegisteredNodes;
  const HSAuint32* MappedNodes;
  void* UserData; /* hsaKmtSetMemoryUserData */
} HsaPointerInfo;

/* Opaque handle passed between processes (hsaKmtShareMemory). */
typedef HSAuint32 HsaSharedMemoryHandle[8];

typedef struct _HsaMemoryRange {
  void* MemoryAddress;
  HSAuint64 SizeInBytes;
} HsaMemoryRange;

typedef enum _HSA_SVM_FLAGS {
  HSA_SVM_FLAG_HOST_ACCESS = 0x00000001,
  HSA_SVM_FLAG_COHERENT = 0x00000002,   /* fine grained between all devices */
  HSA_SVM_FLAG_HIVE_LOCAL = 0x00000004, /* any GPU of the hive may hold it */
  HSA_SVM_FLAG_GPU_RO = 0x00000008,
  HSA_SVM_FLAG_GPU_EXEC = 0x00000010,
  HSA_SVM_FLAG_GPU_READ_MOSTLY = 0x00000020,
} HSA_SVM_FLAGS;

typedef enum _HSA_SVM_ATTR_TYPE {
  HSA_SVM_ATTR_PREFERRED_LOC, /* gpu id, 0 = system, INVALID_NODEID = none */
  HSA_SVM_ATTR_PREFETCH_LOC,  /* gpu id to migrate to now, 0 = system */
  HSA_SVM_ATTR_ACCESS,
  HSA_SVM_ATTR_ACCESS_IN_PLACE,
  HSA_SVM_ATTR_NO_ACCESS,
  HSA_SVM_ATTR_SET_FLAGS,  /* HSA_SVM_FLAGS to set */
  HSA_SVM_ATTR_CLR_FLAGS,  /* HSA_SVM_FLAGS to clear */
  HSA_SVM_ATTR_GRANULARITY /* log2 of pages migrated together */
} HSA_SVM_ATTR_TYPE;

typedef struct _HSA_SVM_ATTRIBUTE {
  HSAuint32 type; /* HSA_SVM_ATTR_TYPE */
  HSAuint32 value;
} HSA_SVM_ATTRIBUTE;

#pragma pack(pop, hsakmttypes_h)

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* HSAKMTTYPES_H_ */
