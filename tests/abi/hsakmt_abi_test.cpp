// Our hsakmttypes.h against Debian's libhsakmt-dev 5.2.3: every struct's
// size, alignment and member offsets, every bit field's position, every
// enumerator and macro value. Both headers spell the same names, so each is
// included into its own namespace (their include guards differ); the tables
// below name a member once and read it from both sides.
#include <stdbool.h>
#include <stdint.h>

#include <cstddef>
#include <cstring>
#include <type_traits>

#include <gtest/gtest.h>

#include "hsakmt_api_list.h"

namespace debian {
#include "/usr/include/hsakmttypes.h"
}  // namespace debian

// Capture Debian's macros before ours redefine them.
namespace debian_macro {
constexpr unsigned long long kVersionMajor = HSAKMT_VERSION_MAJOR;
constexpr unsigned long long kVersionMinor = HSAKMT_VERSION_MINOR;
constexpr unsigned long long kInvalidQueueId = INVALID_QUEUEID;
constexpr unsigned long long kInvalidPid = INVALID_PID;
constexpr unsigned long long kInvalidNodeId = INVALID_NODEID;
constexpr unsigned long long kPublicNameSize = HSA_PUBLIC_NAME_SIZE;
constexpr unsigned long long kCpuSiblings = HSA_CPU_SIBLINGS;
constexpr unsigned long long kProcessorIdAll = HSA_PROCESSORID_ALL;
}  // namespace debian_macro
#undef HSAKMT_VERSION_MAJOR
#undef HSAKMT_VERSION_MINOR
#undef HSAKMTAPI
#undef INVALID_QUEUEID
#undef INVALID_PID
#undef INVALID_NODEID
#undef HSA_PUBLIC_NAME_SIZE
#undef HSA_CPU_SIBLINGS
#undef HSA_PROCESSORID_ALL
#undef HSA_DEFINE_UUID

// The profiling block ids are C-linkage variables; the same name in two
// namespaces would clash, so ours get a prefix.
#define HSA_PROFILEBLOCK_AMD_CB our_HSA_PROFILEBLOCK_AMD_CB
#define HSA_PROFILEBLOCK_AMD_CPF our_HSA_PROFILEBLOCK_AMD_CPF
#define HSA_PROFILEBLOCK_AMD_CPG our_HSA_PROFILEBLOCK_AMD_CPG
#define HSA_PROFILEBLOCK_AMD_DB our_HSA_PROFILEBLOCK_AMD_DB
#define HSA_PROFILEBLOCK_AMD_GDS our_HSA_PROFILEBLOCK_AMD_GDS
#define HSA_PROFILEBLOCK_AMD_GRBM our_HSA_PROFILEBLOCK_AMD_GRBM
#define HSA_PROFILEBLOCK_AMD_GRBMSE our_HSA_PROFILEBLOCK_AMD_GRBMSE
#define HSA_PROFILEBLOCK_AMD_IA our_HSA_PROFILEBLOCK_AMD_IA
#define HSA_PROFILEBLOCK_AMD_MC our_HSA_PROFILEBLOCK_AMD_MC
#define HSA_PROFILEBLOCK_AMD_PASC our_HSA_PROFILEBLOCK_AMD_PASC
#define HSA_PROFILEBLOCK_AMD_PASU our_HSA_PROFILEBLOCK_AMD_PASU
#define HSA_PROFILEBLOCK_AMD_SPI our_HSA_PROFILEBLOCK_AMD_SPI
#define HSA_PROFILEBLOCK_AMD_SRBM our_HSA_PROFILEBLOCK_AMD_SRBM
#define HSA_PROFILEBLOCK_AMD_SQ our_HSA_PROFILEBLOCK_AMD_SQ
#define HSA_PROFILEBLOCK_AMD_SX our_HSA_PROFILEBLOCK_AMD_SX
#define HSA_PROFILEBLOCK_AMD_TA our_HSA_PROFILEBLOCK_AMD_TA
#define HSA_PROFILEBLOCK_AMD_TCA our_HSA_PROFILEBLOCK_AMD_TCA
#define HSA_PROFILEBLOCK_AMD_TCC our_HSA_PROFILEBLOCK_AMD_TCC
#define HSA_PROFILEBLOCK_AMD_TCP our_HSA_PROFILEBLOCK_AMD_TCP
#define HSA_PROFILEBLOCK_AMD_TCS our_HSA_PROFILEBLOCK_AMD_TCS
#define HSA_PROFILEBLOCK_AMD_TD our_HSA_PROFILEBLOCK_AMD_TD
#define HSA_PROFILEBLOCK_AMD_VGT our_HSA_PROFILEBLOCK_AMD_VGT
#define HSA_PROFILEBLOCK_AMD_WD our_HSA_PROFILEBLOCK_AMD_WD
#define HSA_PROFILEBLOCK_AMD_IOMMUV2 our_HSA_PROFILEBLOCK_AMD_IOMMUV2
#define HSA_PROFILEBLOCK_AMD_KERNEL_DRIVER our_HSA_PROFILEBLOCK_AMD_KERNEL_DRIVER
namespace ours {
#include "hsakmttypes.h"
}  // namespace ours
#undef HSA_PROFILEBLOCK_AMD_CB
#undef HSA_PROFILEBLOCK_AMD_CPF
#undef HSA_PROFILEBLOCK_AMD_CPG
#undef HSA_PROFILEBLOCK_AMD_DB
#undef HSA_PROFILEBLOCK_AMD_GDS
#undef HSA_PROFILEBLOCK_AMD_GRBM
#undef HSA_PROFILEBLOCK_AMD_GRBMSE
#undef HSA_PROFILEBLOCK_AMD_IA
#undef HSA_PROFILEBLOCK_AMD_MC
#undef HSA_PROFILEBLOCK_AMD_PASC
#undef HSA_PROFILEBLOCK_AMD_PASU
#undef HSA_PROFILEBLOCK_AMD_SPI
#undef HSA_PROFILEBLOCK_AMD_SRBM
#undef HSA_PROFILEBLOCK_AMD_SQ
#undef HSA_PROFILEBLOCK_AMD_SX
#undef HSA_PROFILEBLOCK_AMD_TA
#undef HSA_PROFILEBLOCK_AMD_TCA
#undef HSA_PROFILEBLOCK_AMD_TCC
#undef HSA_PROFILEBLOCK_AMD_TCP
#undef HSA_PROFILEBLOCK_AMD_TCS
#undef HSA_PROFILEBLOCK_AMD_TD
#undef HSA_PROFILEBLOCK_AMD_VGT
#undef HSA_PROFILEBLOCK_AMD_WD
#undef HSA_PROFILEBLOCK_AMD_IOMMUV2
#undef HSA_PROFILEBLOCK_AMD_KERNEL_DRIVER

namespace {

// ---------------------------------------------------------------------------
// Types and members.

struct TypeRow {
  const char* name;
  size_t debian_size, our_size, debian_align, our_align;
};

#define TYPE_ROW(T) \
  { #T, sizeof(debian::T), sizeof(ours::T), alignof(debian::T), alignof(ours::T) }

const TypeRow kTypes[] = {
    TYPE_ROW(HSAuint8),
    TYPE_ROW(HSAint8),
    TYPE_ROW(HSAuint16),
    TYPE_ROW(HSAint16),
    TYPE_ROW(HSAuint32),
    TYPE_ROW(HSAint32),
    TYPE_ROW(HSAuint64),
    TYPE_ROW(HSAint64),
    TYPE_ROW(HSA_HANDLE),
    TYPE_ROW(HSA_QUEUEID),
    TYPE_ROW(HSA_EVENTID),
    TYPE_ROW(HSATraceId),
    TYPE_ROW(HsaSharedMemoryHandle),
    TYPE_ROW(HSAKMT_STATUS),
    TYPE_ROW(HsaVersionInfo),
    TYPE_ROW(HsaSystemProperties),
    TYPE_ROW(HSA_ENGINE_ID),
    TYPE_ROW(HSA_ENGINE_VERSION),
    TYPE_ROW(HSA_CAPABILITY),
    TYPE_ROW(HSA_DEBUG_PROPERTIES),
    TYPE_ROW(HsaNodeProperties),
    TYPE_ROW(HSA_HEAPTYPE),
    TYPE_ROW(HSA_MEMORYPROPERTY),
    TYPE_ROW(HsaMemoryProperties),
    TYPE_ROW(HsaCacheType),
    TYPE_ROW(HsaCacheProperties),
    TYPE_ROW(HsaCComputeProperties),
    TYPE_ROW(HSA_IOLINKTYPE),
    TYPE_ROW(HSA_LINKPROPERTY),
    TYPE_ROW(HsaIoLinkProperties),
    TYPE_ROW(HsaMemFlags),
    TYPE_ROW(HsaMemMapFlags),
    TYPE_ROW(HsaGraphicsResourceInfo),
    TYPE_ROW(HSA_CACHING_TYPE),
    TYPE_ROW(HSA_PAGE_SIZE),
    TYPE_ROW(HSA_DEVICE),
    TYPE_ROW(HSA_QUEUE_PRIORITY),
    TYPE_ROW(HSA_QUEUE_TYPE),
    TYPE_ROW(HsaUserContextSaveAreaHeader),
    TYPE_ROW(HsaQueueInfo),
    TYPE_ROW(HsaQueueResource),
    TYPE_ROW(HsaQueueReport),
    TYPE_ROW(HSA_DBG_WAVEOP),
    TYPE_ROW(HSA_DBG_WAVEMODE),
    TYPE_ROW(HSA_DBG_WAVEMSG_TYPE),
    TYPE_ROW(HSA_DBG_WATCH_MODE),
    TYPE_ROW(HSA_DBG_TRAP_OVERRIDE),
    TYPE_ROW(HSA_DBG_TRAP_MASK),
    TYPE_ROW(HSA_DBG_WAVE_LAUNCH_MODE),
    TYPE_ROW(HSA_DBG_NODE_CONTROL),
    TYPE_ROW(HsaDbgWaveMsgAMDGen2),
    TYPE_ROW(HsaDbgWaveMessageAMD),
    TYPE_ROW(HsaDbgWaveMessage),
    TYPE_ROW(HSA_EVENTTYPE),
    TYPE_ROW(HSA_DEBUG_EVENT_TYPE),
    TYPE_ROW(HsaSyncVar),
    TYPE_ROW(HSA_EVENTTYPE_NODECHANGE_FLAGS),
    TYPE_ROW(HsaNodeChange),
    TYPE_ROW(HSA_EVENTTYPE_DEVICESTATECHANGE_FLAGS),
    TYPE_ROW(HsaDeviceStateChange),
    TYPE_ROW(HSA_EVENTID_MEMORYFLAGS),
    TYPE_ROW(HsaAccessAttributeFailure),
    TYPE_ROW(HsaMemoryAccessFault),
    TYPE_ROW(HsaEventData),
    TYPE_ROW(HsaEventDescriptor),
    TYPE_ROW(HsaEvent),
    TYPE_ROW(HsaEventTimeOut),
    TYPE_ROW(HsaClockCounters),
    TYPE_ROW(HSA_UUID),
    TYPE_ROW(HSA_PROFILE_TYPE),
    TYPE_ROW(HsaCounterFlags),
    TYPE_ROW(HsaCounter),
    TYPE_ROW(HsaCounterBlockProperties),
    TYPE_ROW(HsaCounterProperties),
    TYPE_ROW(HsaPmcTraceRoot),
    TYPE_ROW(HsaGpuTileConfig),
    TYPE_ROW(HSA_POINTER_TYPE),
    TYPE_ROW(HsaPointerInfo),
    TYPE_ROW(HsaMemoryRange),
    TYPE_ROW(HSA_SVM_FLAGS),
    TYPE_ROW(HSA_SVM_ATTR_TYPE),
    TYPE_ROW(HSA_SVM_ATTRIBUTE),
};

TEST(HsakmtAbi, TypeSizesAndAlignmentsMatchDebian) {
  for (const TypeRow& t : kTypes) {
    EXPECT_EQ(t.debian_size, t.our_size) << "sizeof " << t.name;
    EXPECT_EQ(t.debian_align, t.our_align) << "alignof " << t.name;
  }
}

// The integer typedefs must be the same C types, signedness included.
TEST(HsakmtAbi, IntegerTypedefsAreTheSameTypes) {
  EXPECT_TRUE((std::is_same_v<debian::HSAuint8, ours::HSAuint8>));
  EXPECT_TRUE((std::is_same_v<debian::HSAint8, ours::HSAint8>));
  EXPECT_TRUE((std::is_same_v<debian::HSAuint16, ours::HSAuint16>));
  EXPECT_TRUE((std::is_same_v<debian::HSAint16, ours::HSAint16>));
  EXPECT_TRUE((std::is_same_v<debian::HSAuint32, ours::HSAuint32>));
  EXPECT_TRUE((std::is_same_v<debian::HSAint32, ours::HSAint32>));
  EXPECT_TRUE((std::is_same_v<debian::HSAuint64, ours::HSAuint64>));
  EXPECT_TRUE((std::is_same_v<debian::HSAint64, ours::HSAint64>));
  EXPECT_TRUE((std::is_same_v<debian::HSA_HANDLE, ours::HSA_HANDLE>));
  EXPECT_TRUE((std::is_same_v<debian::HSA_QUEUEID, ours::HSA_QUEUEID>));
  EXPECT_TRUE((std::is_same_v<debian::HSA_EVENTID, ours::HSA_EVENTID>));
  EXPECT_TRUE((std::is_same_v<debian::HSATraceId, ours::HSATraceId>));
}

struct MemberRow {
  const char* name;
  size_t debian_offset, our_offset, debian_size, our_size;
};

#define MEMBER_ROW(T, m)                                                                         \
  {                                                                                              \
#T "." #m, offsetof(debian::T, m), offsetof(ours::T, m),                                     \
        sizeof(static_cast <debian::T*>(nullptr)->m), sizeof(static_cast <ours::T*>(nullptr)->m) \
  }

const MemberRow kMembers[] = {
    MEMBER_ROW(HsaVersionInfo, KernelInterfaceMajorVersion),
    MEMBER_ROW(HsaVersionInfo, KernelInterfaceMinorVersion),

    MEMBER_ROW(HsaSystemProperties, NumNodes),
    MEMBER_ROW(HsaSystemProperties, PlatformOem),
    MEMBER_ROW(HsaSystemProperties, PlatformId),
    MEMBER_ROW(HsaSystemProperties, PlatformRev),

    MEMBER_ROW(HSA_ENGINE_ID, Value),
    MEMBER_ROW(HSA_ENGINE_ID, ui32),
    MEMBER_ROW(HSA_ENGINE_VERSION, Value),
    MEMBER_ROW(HSA_CAPABILITY, Value),
    MEMBER_ROW(HSA_CAPABILITY, ui32),
    MEMBER_ROW(HSA_DEBUG_PROPERTIES, Value),

    MEMBER_ROW(HsaNodeProperties, NumCPUCores),
    MEMBER_ROW(HsaNodeProperties, NumFComputeCores),
    MEMBER_ROW(HsaNodeProperties, NumMemoryBanks),
    MEMBER_ROW(HsaNodeProperties, NumCaches),
    MEMBER_ROW(HsaNodeProperties, NumIOLinks),
    MEMBER_ROW(HsaNodeProperties, CComputeIdLo),
    MEMBER_ROW(HsaNodeProperties, FComputeIdLo),
    MEMBER_ROW(HsaNodeProperties, Capability),
    MEMBER_ROW(HsaNodeProperties, MaxWavesPerSIMD),
    MEMBER_ROW(HsaNodeProperties, LDSSizeInKB),
    MEMBER_ROW(HsaNodeProperties, GDSSizeInKB),
    MEMBER_ROW(HsaNodeProperties, WaveFrontSize),
    MEMBER_ROW(HsaNodeProperties, NumShaderBanks),
    MEMBER_ROW(HsaNodeProperties, NumArrays),
    MEMBER_ROW(HsaNodeProperties, NumCUPerArray),
    MEMBER_ROW(HsaNodeProperties, NumSIMDPerCU),
    MEMBER_ROW(HsaNodeProperties, MaxSlotsScratchCU),
    MEMBER_ROW(HsaNodeProperties, EngineId),
    MEMBER_ROW(HsaNodeProperties, VendorId),
    MEMBER_ROW(HsaNodeProperties, DeviceId),
    MEMBER_ROW(HsaNodeProperties, LocationId),
    MEMBER_ROW(HsaNodeProperties, LocalMemSize),
    MEMBER_ROW(HsaNodeProperties, MaxEngineClockMhzFCompute),
    MEMBER_ROW(HsaNodeProperties, MaxEngineClockMhzCCompute),
    MEMBER_ROW(HsaNodeProperties, DrmRenderMinor),
    MEMBER_ROW(HsaNodeProperties, MarketingName),
    MEMBER_ROW(HsaNodeProperties, AMDName),
    MEMBER_ROW(HsaNodeProperties, uCodeEngineVersions),
    MEMBER_ROW(HsaNodeProperties, DebugProperties),
    MEMBER_ROW(HsaNodeProperties, HiveID),
    MEMBER_ROW(HsaNodeProperties, NumSdmaEngines),
    MEMBER_ROW(HsaNodeProperties, NumSdmaXgmiEngines),
    MEMBER_ROW(HsaNodeProperties, NumSdmaQueuesPerEngine),
    MEMBER_ROW(HsaNodeProperties, NumCpQueues),
    MEMBER_ROW(HsaNodeProperties, NumGws),
    MEMBER_ROW(HsaNodeProperties, Reserved2),
    MEMBER_ROW(HsaNodeProperties, Domain),
    MEMBER_ROW(HsaNodeProperties, UniqueID),
    MEMBER_ROW(HsaNodeProperties, VGPRSizePerCU),
    MEMBER_ROW(HsaNodeProperties, SGPRSizePerCU),
    MEMBER_ROW(HsaNodeProperties, Reserved),

    MEMBER_ROW(HSA_MEMORYPROPERTY, MemoryProperty),
    MEMBER_ROW(HsaMemoryProperties, HeapType),
    MEMBER_ROW(HsaMemoryProperties, SizeInBytes),
    MEMBER_ROW(HsaMemoryProperties, ui32.SizeInBytesLow),
    MEMBER_ROW(HsaMemoryProperties, ui32.SizeInBytesHigh),
    MEMBER_ROW(HsaMemoryProperties, Flags),
    MEMBER_ROW(HsaMemoryProperties, Width),
    MEMBER_ROW(HsaMemoryProperties, MemoryClockMax),
    MEMBER_ROW(HsaMemoryProperties, VirtualBaseAddress),

    MEMBER_ROW(HsaCacheType, Value),
    MEMBER_ROW(HsaCacheProperties, ProcessorIdLow),
    MEMBER_ROW(HsaCacheProperties, CacheLevel),
    MEMBER_ROW(HsaCacheProperties, CacheSize),
    MEMBER_ROW(HsaCacheProperties, CacheLineSize),
    MEMBER_ROW(HsaCacheProperties, CacheLinesPerTag),
    MEMBER_ROW(HsaCacheProperties, CacheAssociativity),
    MEMBER_ROW(HsaCacheProperties, CacheLatency),
    MEMBER_ROW(HsaCacheProperties, CacheType),
    MEMBER_ROW(HsaCacheProperties, SiblingMap),
    MEMBER_ROW(HsaCComputeProperties, SiblingMap),

    MEMBER_ROW(HSA_LINKPROPERTY, LinkProperty),
    MEMBER_ROW(HsaIoLinkProperties, IoLinkType),
    MEMBER_ROW(HsaIoLinkProperties, VersionMajor),
    MEMBER_ROW(HsaIoLinkProperties, VersionMinor),
    MEMBER_ROW(HsaIoLinkProperties, NodeFrom),
    MEMBER_ROW(HsaIoLinkProperties, NodeTo),
    MEMBER_ROW(HsaIoLinkProperties, Weight),
    MEMBER_ROW(HsaIoLinkProperties, MinimumLatency),
    MEMBER_ROW(HsaIoLinkProperties, MaximumLatency),
    MEMBER_ROW(HsaIoLinkProperties, MinimumBandwidth),
    MEMBER_ROW(HsaIoLinkProperties, MaximumBandwidth),
    MEMBER_ROW(HsaIoLinkProperties, RecTransferSize),
    MEMBER_ROW(HsaIoLinkProperties, Flags),

    MEMBER_ROW(HsaMemFlags, Value),
    MEMBER_ROW(HsaMemFlags, ui32),
    MEMBER_ROW(HsaMemMapFlags, Value),
    MEMBER_ROW(HsaMemMapFlags, ui32),

    MEMBER_ROW(HsaGraphicsResourceInfo, MemoryAddress),
    MEMBER_ROW(HsaGraphicsResourceInfo, SizeInBytes),
    MEMBER_ROW(HsaGraphicsResourceInfo, Metadata),
    MEMBER_ROW(HsaGraphicsResourceInfo, MetadataSizeInBytes),
    MEMBER_ROW(HsaGraphicsResourceInfo, Reserved),

    MEMBER_ROW(HsaUserContextSaveAreaHeader, ControlStackOffset),
    MEMBER_ROW(HsaUserContextSaveAreaHeader, ControlStackSize),
    MEMBER_ROW(HsaUserContextSaveAreaHeader, WaveStateOffset),
    MEMBER_ROW(HsaUserContextSaveAreaHeader, WaveStateSize),
    MEMBER_ROW(HsaUserContextSaveAreaHeader, DebugOffset),
    MEMBER_ROW(HsaUserContextSaveAreaHeader, DebugSize),
    MEMBER_ROW(HsaUserContextSaveAreaHeader, ErrorReason),
    MEMBER_ROW(HsaUserContextSaveAreaHeader, ErrorEventId),
    MEMBER_ROW(HsaUserContextSaveAreaHeader, Reserved1),

    MEMBER_ROW(HsaQueueInfo, QueueDetailError),
    MEMBER_ROW(HsaQueueInfo, QueueTypeExtended),
    MEMBER_ROW(HsaQueueInfo, NumCUAssigned),
    MEMBER_ROW(HsaQueueInfo, CUMaskInfo),
    MEMBER_ROW(HsaQueueInfo, UserContextSaveArea),
    MEMBER_ROW(HsaQueueInfo, SaveAreaSizeInBytes),
    MEMBER_ROW(HsaQueueInfo, ControlStackTop),
    MEMBER_ROW(HsaQueueInfo, ControlStackUsedInBytes),
    MEMBER_ROW(HsaQueueInfo, SaveAreaHeader),
    MEMBER_ROW(HsaQueueInfo, Reserved2),

    MEMBER_ROW(HsaQueueResource, QueueId),
    MEMBER_ROW(HsaQueueResource, Queue_DoorBell),
    MEMBER_ROW(HsaQueueResource, Queue_DoorBell_aql),
    MEMBER_ROW(HsaQueueResource, QueueDoorBell),
    MEMBER_ROW(HsaQueueResource, Queue_write_ptr),
    MEMBER_ROW(HsaQueueResource, Queue_write_ptr_aql),
    MEMBER_ROW(HsaQueueResource, QueueWptrValue),
    MEMBER_ROW(HsaQueueResource, Queue_read_ptr),
    MEMBER_ROW(HsaQueueResource, Queue_read_ptr_aql),
    MEMBER_ROW(HsaQueueResource, QueueRptrValue),
    MEMBER_ROW(HsaQueueResource, ErrorReason),

    MEMBER_ROW(HsaQueueReport, VMID),
    MEMBER_ROW(HsaQueueReport, QueueAddress),
    MEMBER_ROW(HsaQueueReport, QueueSize),

    MEMBER_ROW(HsaDbgWaveMsgAMDGen2, Value),
    MEMBER_ROW(HsaDbgWaveMsgAMDGen2, Reserved2),
    MEMBER_ROW(HsaDbgWaveMessageAMD, WaveMsgInfoGen2),
    MEMBER_ROW(HsaDbgWaveMessage, MemoryVA),
    MEMBER_ROW(HsaDbgWaveMessage, DbgWaveMsg),

    MEMBER_ROW(HsaSyncVar, SyncVar.UserData),
    MEMBER_ROW(HsaSyncVar, SyncVar.UserDataPtrValue),
    MEMBER_ROW(HsaSyncVar, SyncVarSize),
    MEMBER_ROW(HsaNodeChange, Flags),
    MEMBER_ROW(HsaDeviceStateChange, NodeId),
    MEMBER_ROW(HsaDeviceStateChange, Device),
    MEMBER_ROW(HsaDeviceStateChange, Flags),
    MEMBER_ROW(HsaMemoryAccessFault, NodeId),
    MEMBER_ROW(HsaMemoryAccessFault, VirtualAddress),
    MEMBER_ROW(HsaMemoryAccessFault, Failure),
    MEMBER_ROW(HsaMemoryAccessFault, Flags),

    MEMBER_ROW(HsaEventData, EventType),
    MEMBER_ROW(HsaEventData, EventData),
    MEMBER_ROW(HsaEventData, EventData.SyncVar),
    MEMBER_ROW(HsaEventData, EventData.NodeChangeState),
    MEMBER_ROW(HsaEventData, EventData.DeviceState),
    MEMBER_ROW(HsaEventData, EventData.MemoryAccessFault),
    MEMBER_ROW(HsaEventData, HWData1),
    MEMBER_ROW(HsaEventData, HWData2),
    MEMBER_ROW(HsaEventData, HWData3),
    MEMBER_ROW(HsaEventDescriptor, EventType),
    MEMBER_ROW(HsaEventDescriptor, NodeId),
    MEMBER_ROW(HsaEventDescriptor, SyncVar),
    MEMBER_ROW(HsaEvent, EventId),
    MEMBER_ROW(HsaEvent, EventData),

    MEMBER_ROW(HsaClockCounters, GPUClockCounter),
    MEMBER_ROW(HsaClockCounters, CPUClockCounter),
    MEMBER_ROW(HsaClockCounters, SystemClockCounter),
    MEMBER_ROW(HsaClockCounters, SystemClockFrequencyHz),

    MEMBER_ROW(HSA_UUID, Data1),
    MEMBER_ROW(HSA_UUID, Data2),
    MEMBER_ROW(HSA_UUID, Data3),
    MEMBER_ROW(HSA_UUID, Data4),

    MEMBER_ROW(HsaCounterFlags, Value),
    MEMBER_ROW(HsaCounterFlags, ui32),
    MEMBER_ROW(HsaCounter, Type),
    MEMBER_ROW(HsaCounter, CounterId),
    MEMBER_ROW(HsaCounter, CounterSizeInBits),
    MEMBER_ROW(HsaCounter, CounterMask),
    MEMBER_ROW(HsaCounter, Flags),
    MEMBER_ROW(HsaCounter, BlockIndex),
    MEMBER_ROW(HsaCounterBlockProperties, BlockId),
    MEMBER_ROW(HsaCounterBlockProperties, NumCounters),
    MEMBER_ROW(HsaCounterBlockProperties, NumConcurrent),
    MEMBER_ROW(HsaCounterBlockProperties, Counters),
    MEMBER_ROW(HsaCounterProperties, NumBlocks),
    MEMBER_ROW(HsaCounterProperties, NumConcurrent),
    MEMBER_ROW(HsaCounterProperties, Blocks),
    MEMBER_ROW(HsaPmcTraceRoot, TraceBufferMinSizeBytes),
    MEMBER_ROW(HsaPmcTraceRoot, NumberOfPasses),
    MEMBER_ROW(HsaPmcTraceRoot, TraceId),

    MEMBER_ROW(HsaGpuTileConfig, TileConfig),
    MEMBER_ROW(HsaGpuTileConfig, MacroTileConfig),
    MEMBER_ROW(HsaGpuTileConfig, NumTileConfigs),
    MEMBER_ROW(HsaGpuTileConfig, NumMacroTileConfigs),
    MEMBER_ROW(HsaGpuTileConfig, GbAddrConfig),
    MEMBER_ROW(HsaGpuTileConfig, NumBanks),
    MEMBER_ROW(HsaGpuTileConfig, NumRanks),
    MEMBER_ROW(HsaGpuTileConfig, Reserved),

    MEMBER_ROW(HsaPointerInfo, Type),
    MEMBER_ROW(HsaPointerInfo, Node),
    MEMBER_ROW(HsaPointerInfo, MemFlags),
    MEMBER_ROW(HsaPointerInfo, CPUAddress),
    MEMBER_ROW(HsaPointerInfo, GPUAddress),
    MEMBER_ROW(HsaPointerInfo, SizeInBytes),
    MEMBER_ROW(HsaPointerInfo, NRegisteredNodes),
    MEMBER_ROW(HsaPointerInfo, NMappedNodes),
    MEMBER_ROW(HsaPointerInfo, RegisteredNodes),
    MEMBER_ROW(HsaPointerInfo, MappedNodes),
    MEMBER_ROW(HsaPointerInfo, UserData),

    MEMBER_ROW(HsaMemoryRange, MemoryAddress),
    MEMBER_ROW(HsaMemoryRange, SizeInBytes),
    MEMBER_ROW(HSA_SVM_ATTRIBUTE, type),
    MEMBER_ROW(HSA_SVM_ATTRIBUTE, value),
};

TEST(HsakmtAbi, MemberOffsetsAndSizesMatchDebian) {
  for (const MemberRow& m : kMembers) {
    EXPECT_EQ(m.debian_offset, m.our_offset) << "offsetof " << m.name;
    EXPECT_EQ(m.debian_size, m.our_size) << "sizeof " << m.name;
  }
}

// ---------------------------------------------------------------------------
// Bit fields: set a field to all ones through one header, look at the raw
// bits, and read them back through the other header.

template <class U, class Set>
uint64_t raw_bits_after(Set set) {
  static_assert(sizeof(U) <= sizeof(uint64_t));
  U u;
  std::memset(&u, 0, sizeof(u));
  set(u);
  uint64_t raw = 0;
  std::memcpy(&raw, &u, sizeof(u));
  return raw;
}

template <class U, class Get>
uint64_t read_through(uint64_t raw, Get get) {
  U u;
  std::memcpy(&u, &raw, sizeof(u));
  return get(u);
}

struct BitRow {
  const char* name;
  uint64_t debian_mask;  // bits set by all ones through Debian's header
  uint64_t our_mask;     // the same through ours
  uint64_t read_by_debian_after_our_write;
  uint64_t read_by_debian_after_its_write;
};

// Decrementing a zeroed unsigned bit field sets all of its bits.
#define BIT_ROW(U, f)                                                                             \
  {                                                                                               \
#U "." #f, raw_bits_after < debian::U>([](debian::U& u) { --u.f; }),                          \
        raw_bits_after < ours::U>([](ours::U& u) { --u.f; }),                                     \
        read_through < debian::U>(raw_bits_after <ours::U>([](ours::U& u) { --u.f; }),            \
                                  [](const debian::U& u) { return static_cast<uint64_t>(u.f); }), \
        read_through < debian::U>(raw_bits_after <debian::U>([](debian::U& u) { --u.f; }),        \
                                  [](const debian::U& u) { return static_cast<uint64_t>(u.f); })  \
  }

const BitRow kBits[] = {
    BIT_ROW(HSA_ENGINE_ID, ui32.uCode),
    BIT_ROW(HSA_ENGINE_ID, ui32.Major),
    BIT_ROW(HSA_ENGINE_ID, ui32.Minor),
    BIT_ROW(HSA_ENGINE_ID, ui32.Stepping),

    BIT_ROW(HSA_ENGINE_VERSION, uCodeSDMA),
    BIT_ROW(HSA_ENGINE_VERSION, uCodeRes),
    BIT_ROW(HSA_ENGINE_VERSION, Reserved),

    BIT_ROW(HSA_CAPABILITY, ui32.HotPluggable),
    BIT_ROW(HSA_CAPABILITY, ui32.HSAMMUPresent),
    BIT_ROW(HSA_CAPABILITY, ui32.SharedWithGraphics),
    BIT_ROW(HSA_CAPABILITY, ui32.QueueSizePowerOfTwo),
    BIT_ROW(HSA_CAPABILITY, ui32.QueueSize32bit),
    BIT_ROW(HSA_CAPABILITY, ui32.QueueIdleEvent),
    BIT_ROW(HSA_CAPABILITY, ui32.VALimit),
    BIT_ROW(HSA_CAPABILITY, ui32.WatchPointsSupported),
    BIT_ROW(HSA_CAPABILITY, ui32.WatchPointsTotalBits),
    BIT_ROW(HSA_CAPABILITY, ui32.DoorbellType),
    BIT_ROW(HSA_CAPABILITY, ui32.AQLQueueDoubleMap),
    BIT_ROW(HSA_CAPABILITY, ui32.DebugTrapSupported),
    BIT_ROW(HSA_CAPABILITY, ui32.WaveLaunchTrapOverrideSupported),
    BIT_ROW(HSA_CAPABILITY, ui32.WaveLaunchModeSupported),
    BIT_ROW(HSA_CAPABILITY, ui32.PreciseMemoryOperationsSupported),
    BIT_ROW(HSA_CAPABILITY, ui32.DEPRECATED_SRAM_EDCSupport),
    BIT_ROW(HSA_CAPABILITY, ui32.Mem_EDCSupport),
    BIT_ROW(HSA_CAPABILITY, ui32.RASEventNotify),
    BIT_ROW(HSA_CAPABILITY, ui32.ASICRevision),
    BIT_ROW(HSA_CAPABILITY, ui32.SRAM_EDCSupport),
    BIT_ROW(HSA_CAPABILITY, ui32.SVMAPISupported),
    BIT_ROW(HSA_CAPABILITY, ui32.CoherentHostAccess),
    BIT_ROW(HSA_CAPABILITY, ui32.DebugSupportedFirmware),
    BIT_ROW(HSA_CAPABILITY, ui32.Reserved),

    BIT_ROW(HSA_DEBUG_PROPERTIES, WatchAddrMaskLoBit),
    BIT_ROW(HSA_DEBUG_PROPERTIES, WatchAddrMaskHiBit),
    BIT_ROW(HSA_DEBUG_PROPERTIES, DispatchInfoAlwaysValid),
    BIT_ROW(HSA_DEBUG_PROPERTIES, AddressWatchpointShareKind),
    BIT_ROW(HSA_DEBUG_PROPERTIES, Reserved),

    BIT_ROW(HSA_MEMORYPROPERTY, ui32.HotPluggable),
    BIT_ROW(HSA_MEMORYPROPERTY, ui32.NonVolatile),
    BIT_ROW(HSA_MEMORYPROPERTY, ui32.Reserved),

    BIT_ROW(HsaCacheType, ui32.Data),
    BIT_ROW(HsaCacheType, ui32.Instruction),
    BIT_ROW(HsaCacheType, ui32.CPU),
    BIT_ROW(HsaCacheType, ui32.HSACU),
    BIT_ROW(HsaCacheType, ui32.Reserved),

    BIT_ROW(HSA_LINKPROPERTY, ui32.Override),
    BIT_ROW(HSA_LINKPROPERTY, ui32.NonCoherent),
    BIT_ROW(HSA_LINKPROPERTY, ui32.NoAtomics32bit),
    BIT_ROW(HSA_LINKPROPERTY, ui32.NoAtomics64bit),
    BIT_ROW(HSA_LINKPROPERTY, ui32.NoPeerToPeerDMA),
    BIT_ROW(HSA_LINKPROPERTY, ui32.Reserved),

    BIT_ROW(HsaMemFlags, ui32.NonPaged),
    BIT_ROW(HsaMemFlags, ui32.CachePolicy),
    BIT_ROW(HsaMemFlags, ui32.ReadOnly),
    BIT_ROW(HsaMemFlags, ui32.PageSize),
    BIT_ROW(HsaMemFlags, ui32.HostAccess),
    BIT_ROW(HsaMemFlags, ui32.NoSubstitute),
    BIT_ROW(HsaMemFlags, ui32.GDSMemory),
    BIT_ROW(HsaMemFlags, ui32.Scratch),
    BIT_ROW(HsaMemFlags, ui32.AtomicAccessFull),
    BIT_ROW(HsaMemFlags, ui32.AtomicAccessPartial),
    BIT_ROW(HsaMemFlags, ui32.ExecuteAccess),
    BIT_ROW(HsaMemFlags, ui32.CoarseGrain),
    BIT_ROW(HsaMemFlags, ui32.AQLQueueMemory),
    BIT_ROW(HsaMemFlags, ui32.FixedAddress),
    BIT_ROW(HsaMemFlags, ui32.NoNUMABind),
    BIT_ROW(HsaMemFlags, ui32.Uncached),
    BIT_ROW(HsaMemFlags, ui32.Reserved),

    BIT_ROW(HsaMemMapFlags, ui32.Reserved1),
    BIT_ROW(HsaMemMapFlags, ui32.CachePolicy),
    BIT_ROW(HsaMemMapFlags, ui32.ReadOnly),
    BIT_ROW(HsaMemMapFlags, ui32.PageSize),
    BIT_ROW(HsaMemMapFlags, ui32.HostAccess),
    BIT_ROW(HsaMemMapFlags, ui32.Migrate),
    BIT_ROW(HsaMemMapFlags, ui32.Probe),
    BIT_ROW(HsaMemMapFlags, ui32.Reserved),

    BIT_ROW(HsaAccessAttributeFailure, NotPresent),
    BIT_ROW(HsaAccessAttributeFailure, ReadOnly),
    BIT_ROW(HsaAccessAttributeFailure, NoExecute),
    BIT_ROW(HsaAccessAttributeFailure, GpuAccess),
    BIT_ROW(HsaAccessAttributeFailure, ECC),
    BIT_ROW(HsaAccessAttributeFailure, Imprecise),
    BIT_ROW(HsaAccessAttributeFailure, ErrorType),
    BIT_ROW(HsaAccessAttributeFailure, Reserved),

    BIT_ROW(HsaCounterFlags, ui32.Global),
    BIT_ROW(HsaCounterFlags, ui32.Resettable),
    BIT_ROW(HsaCounterFlags, ui32.ReadOnly),
    BIT_ROW(HsaCounterFlags, ui32.Stream),
    BIT_ROW(HsaCounterFlags, ui32.Reserved),
};

TEST(HsakmtAbi, BitFieldPositionsMatchDebian) {
  for (const BitRow& b : kBits) {
    EXPECT_NE(b.debian_mask, 0u) << b.name;  // the field exists and has width
    EXPECT_EQ(b.debian_mask, b.our_mask) << "bits of " << b.name;
    EXPECT_EQ(b.read_by_debian_after_our_write, b.read_by_debian_after_its_write)
        << b.name << " written through ours, read through Debian's";
  }
}

// The fields of each bit-field word tile it exactly (no gaps, no overlap):
// the masks of HSA_CAPABILITY's fields OR to all 32 bits.
TEST(HsakmtAbi, CapabilityFieldsCoverTheWord) {
  uint64_t all = 0;
  for (const BitRow& b : kBits) {
    if (std::strncmp(b.name, "HSA_CAPABILITY.", 15) != 0) continue;
    EXPECT_EQ(all & b.our_mask, 0u) << b.name << " overlaps an earlier field";
    all |= b.our_mask;
  }
  EXPECT_EQ(all, 0xFFFFFFFFu);
}

// ---------------------------------------------------------------------------
// Enumerators and macros.

struct ValueRow {
  const char* name;
  long long debian_value, our_value;
};

#define ENUM_ROW(e) \
  { #e, static_cast < long long>(debian::e), static_cast < long long>(ours::e) }

const ValueRow kEnumerators[] = {
    ENUM_ROW(HSAKMT_STATUS_SUCCESS),
    ENUM_ROW(HSAKMT_STATUS_ERROR),
    ENUM_ROW(HSAKMT_STATUS_DRIVER_MISMATCH),
    ENUM_ROW(HSAKMT_STATUS_INVALID_PARAMETER),
    ENUM_ROW(HSAKMT_STATUS_INVALID_HANDLE),
    ENUM_ROW(HSAKMT_STATUS_INVALID_NODE_UNIT),
    ENUM_ROW(HSAKMT_STATUS_NO_MEMORY),
    ENUM_ROW(HSAKMT_STATUS_BUFFER_TOO_SMALL),
    ENUM_ROW(HSAKMT_STATUS_NOT_IMPLEMENTED),
    ENUM_ROW(HSAKMT_STATUS_NOT_SUPPORTED),
    ENUM_ROW(HSAKMT_STATUS_UNAVAILABLE),
    ENUM_ROW(HSAKMT_STATUS_OUT_OF_RESOURCES),
    ENUM_ROW(HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED),
    ENUM_ROW(HSAKMT_STATUS_KERNEL_COMMUNICATION_ERROR),
    ENUM_ROW(HSAKMT_STATUS_KERNEL_ALREADY_OPENED),
    ENUM_ROW(HSAKMT_STATUS_HSAMMU_UNAVAILABLE),
    ENUM_ROW(HSAKMT_STATUS_WAIT_FAILURE),
    ENUM_ROW(HSAKMT_STATUS_WAIT_TIMEOUT),
    ENUM_ROW(HSAKMT_STATUS_MEMORY_ALREADY_REGISTERED),
    ENUM_ROW(HSAKMT_STATUS_MEMORY_NOT_REGISTERED),
    ENUM_ROW(HSAKMT_STATUS_MEMORY_ALIGNMENT),

    ENUM_ROW(HSA_HEAPTYPE_SYSTEM),
    ENUM_ROW(HSA_HEAPTYPE_FRAME_BUFFER_PUBLIC),
    ENUM_ROW(HSA_HEAPTYPE_FRAME_BUFFER_PRIVATE),
    ENUM_ROW(HSA_HEAPTYPE_GPU_GDS),
    ENUM_ROW(HSA_HEAPTYPE_GPU_LDS),
    ENUM_ROW(HSA_HEAPTYPE_GPU_SCRATCH),
    ENUM_ROW(HSA_HEAPTYPE_DEVICE_SVM),
    ENUM_ROW(HSA_HEAPTYPE_MMIO_REMAP),
    ENUM_ROW(HSA_HEAPTYPE_NUMHEAPTYPES),
    ENUM_ROW(HSA_HEAPTYPE_SIZE),

    ENUM_ROW(HSA_IOLINKTYPE_UNDEFINED),
    ENUM_ROW(HSA_IOLINKTYPE_HYPERTRANSPORT),
    ENUM_ROW(HSA_IOLINKTYPE_PCIEXPRESS),
    ENUM_ROW(HSA_IOLINKTYPE_AMBA),
    ENUM_ROW(HSA_IOLINKTYPE_MIPI),
    ENUM_ROW(HSA_IOLINK_TYPE_QPI_1_1),
    ENUM_ROW(HSA_IOLINK_TYPE_RESERVED1),
    ENUM_ROW(HSA_IOLINK_TYPE_RESERVED2),
    ENUM_ROW(HSA_IOLINK_TYPE_RAPID_IO),
    ENUM_ROW(HSA_IOLINK_TYPE_INFINIBAND),
    ENUM_ROW(HSA_IOLINK_TYPE_RESERVED3),
    ENUM_ROW(HSA_IOLINK_TYPE_XGMI),
    ENUM_ROW(HSA_IOLINK_TYPE_XGOP),
    ENUM_ROW(HSA_IOLINK_TYPE_GZ),
    ENUM_ROW(HSA_IOLINK_TYPE_ETHERNET_RDMA),
    ENUM_ROW(HSA_IOLINK_TYPE_RDMA_OTHER),
    ENUM_ROW(HSA_IOLINK_TYPE_OTHER),
    ENUM_ROW(HSA_IOLINKTYPE_NUMIOLINKTYPES),
    ENUM_ROW(HSA_IOLINKTYPE_SIZE),

    ENUM_ROW(HSA_CACHING_CACHED),
    ENUM_ROW(HSA_CACHING_NONCACHED),
    ENUM_ROW(HSA_CACHING_WRITECOMBINED),
    ENUM_ROW(HSA_CACHING_RESERVED),
    ENUM_ROW(HSA_CACHING_NUM_CACHING),
    ENUM_ROW(HSA_CACHING_SIZE),

    ENUM_ROW(HSA_PAGE_SIZE_4KB),
    ENUM_ROW(HSA_PAGE_SIZE_64KB),
    ENUM_ROW(HSA_PAGE_SIZE_2MB),
    ENUM_ROW(HSA_PAGE_SIZE_1GB),

    ENUM_ROW(HSA_DEVICE_CPU),
    ENUM_ROW(HSA_DEVICE_GPU),
    ENUM_ROW(MAX_HSA_DEVICE),

    ENUM_ROW(HSA_QUEUE_PRIORITY_MINIMUM),
    ENUM_ROW(HSA_QUEUE_PRIORITY_LOW),
    ENUM_ROW(HSA_QUEUE_PRIORITY_BELOW_NORMAL),
    ENUM_ROW(HSA_QUEUE_PRIORITY_NORMAL),
    ENUM_ROW(HSA_QUEUE_PRIORITY_ABOVE_NORMAL),
    ENUM_ROW(HSA_QUEUE_PRIORITY_HIGH),
    ENUM_ROW(HSA_QUEUE_PRIORITY_MAXIMUM),
    ENUM_ROW(HSA_QUEUE_PRIORITY_NUM_PRIORITY),
    ENUM_ROW(HSA_QUEUE_PRIORITY_SIZE),

    ENUM_ROW(HSA_QUEUE_COMPUTE),
    ENUM_ROW(HSA_QUEUE_SDMA),
    ENUM_ROW(HSA_QUEUE_MULTIMEDIA_DECODE),
    ENUM_ROW(HSA_QUEUE_MULTIMEDIA_ENCODE),
    ENUM_ROW(HSA_QUEUE_SDMA_XGMI),
    ENUM_ROW(HSA_QUEUE_COMPUTE_OS),
    ENUM_ROW(HSA_QUEUE_SDMA_OS),
    ENUM_ROW(HSA_QUEUE_MULTIMEDIA_DECODE_OS),
    ENUM_ROW(HSA_QUEUE_MULTIMEDIA_ENCODE_OS),
    ENUM_ROW(HSA_QUEUE_COMPUTE_AQL),
    ENUM_ROW(HSA_QUEUE_DMA_AQL),
    ENUM_ROW(HSA_QUEUE_DMA_AQL_XGMI),
    ENUM_ROW(HSA_QUEUE_TYPE_SIZE),

    ENUM_ROW(HSA_DBG_WAVEOP_HALT),
    ENUM_ROW(HSA_DBG_WAVEOP_RESUME),
    ENUM_ROW(HSA_DBG_WAVEOP_KILL),
    ENUM_ROW(HSA_DBG_WAVEOP_DEBUG),
    ENUM_ROW(HSA_DBG_WAVEOP_TRAP),
    ENUM_ROW(HSA_DBG_NUM_WAVEOP),
    ENUM_ROW(HSA_DBG_MAX_WAVEOP),
    ENUM_ROW(HSA_DBG_WAVEMODE_SINGLE),
    ENUM_ROW(HSA_DBG_WAVEMODE_BROADCAST_PROCESS),
    ENUM_ROW(HSA_DBG_WAVEMODE_BROADCAST_PROCESS_CU),
    ENUM_ROW(HSA_DBG_NUM_WAVEMODE),
    ENUM_ROW(HSA_DBG_MAX_WAVEMODE),
    ENUM_ROW(HSA_DBG_WAVEMSG_AUTO),
    ENUM_ROW(HSA_DBG_WAVEMSG_USER),
    ENUM_ROW(HSA_DBG_WAVEMSG_ERROR),
    ENUM_ROW(HSA_DBG_NUM_WAVEMSG),
    ENUM_ROW(HSA_DBG_MAX_WAVEMSG),
    ENUM_ROW(HSA_DBG_WATCH_READ),
    ENUM_ROW(HSA_DBG_WATCH_NONREAD),
    ENUM_ROW(HSA_DBG_WATCH_ATOMIC),
    ENUM_ROW(HSA_DBG_WATCH_ALL),
    ENUM_ROW(HSA_DBG_WATCH_NUM),
    ENUM_ROW(HSA_DBG_TRAP_OVERRIDE_OR),
    ENUM_ROW(HSA_DBG_TRAP_OVERRIDE_REPLACE),
    ENUM_ROW(HSA_DBG_TRAP_OVERRIDE_NUM),
    ENUM_ROW(HSA_DBG_TRAP_MASK_FP_INVALID),
    ENUM_ROW(HSA_DBG_TRAP_MASK_FP_INPUT_DENOMAL),
    ENUM_ROW(HSA_DBG_TRAP_MASK_FP_DIVIDE_BY_ZERO),
    ENUM_ROW(HSA_DBG_TRAP_MASK_FP_OVERFLOW),
    ENUM_ROW(HSA_DBG_TRAP_MASK_FP_UNDERFLOW),
    ENUM_ROW(HSA_DBG_TRAP_MASK_FP_INEXACT),
    ENUM_ROW(HSA_DBG_TRAP_MASK_INT_DIVIDE_BY_ZERO),
    ENUM_ROW(HSA_DBG_TRAP_MASK_DBG_ADDRESS_WATCH),
    ENUM_ROW(HSA_DBG_TRAP_MASK_DBG_MEMORY_VIOLATION),
    ENUM_ROW(HSA_DBG_WAVE_LAUNCH_MODE_NORMAL),
    ENUM_ROW(HSA_DBG_WAVE_LAUNCH_MODE_HALT),
    ENUM_ROW(HSA_DBG_WAVE_LAUNCH_MODE_KILL),
    ENUM_ROW(HSA_DBG_WAVE_LAUNCH_MODE_SINGLE_STEP),
    ENUM_ROW(HSA_DBG_WAVE_LAUNCH_MODE_DISABLE),
    ENUM_ROW(HSA_DBG_WAVE_LAUNCH_MODE_NUM),
    ENUM_ROW(HSA_DBG_NODE_CONTROL_FLAG_MAX),

    ENUM_ROW(HSA_EVENTTYPE_SIGNAL),
    ENUM_ROW(HSA_EVENTTYPE_NODECHANGE),
    ENUM_ROW(HSA_EVENTTYPE_DEVICESTATECHANGE),
    ENUM_ROW(HSA_EVENTTYPE_HW_EXCEPTION),
    ENUM_ROW(HSA_EVENTTYPE_SYSTEM_EVENT),
    ENUM_ROW(HSA_EVENTTYPE_DEBUG_EVENT),
    ENUM_ROW(HSA_EVENTTYPE_PROFILE_EVENT),
    ENUM_ROW(HSA_EVENTTYPE_QUEUE_EVENT),
    ENUM_ROW(HSA_EVENTTYPE_MEMORY),
    ENUM_ROW(HSA_EVENTTYPE_MAXID),
    ENUM_ROW(HSA_EVENTTYPE_TYPE_SIZE),
    ENUM_ROW(HSA_DEBUG_EVENT_TYPE_NONE),
    ENUM_ROW(HSA_DEBUG_EVENT_TYPE_TRAP),
    ENUM_ROW(HSA_DEBUG_EVENT_TYPE_VMFAULT),
    ENUM_ROW(HSA_DEBUG_EVENT_TYPE_TRAP_VMFAULT),
    ENUM_ROW(HSA_EVENTTYPE_NODECHANGE_ADD),
    ENUM_ROW(HSA_EVENTTYPE_NODECHANGE_REMOVE),
    ENUM_ROW(HSA_EVENTTYPE_NODECHANGE_SIZE),
    ENUM_ROW(HSA_EVENTTYPE_DEVICESTATUSCHANGE_START),
    ENUM_ROW(HSA_EVENTTYPE_DEVICESTATUSCHANGE_STOP),
    ENUM_ROW(HSA_EVENTTYPE_DEVICESTATUSCHANGE_SIZE),
    ENUM_ROW(HSA_EVENTID_MEMORY_RECOVERABLE),
    ENUM_ROW(HSA_EVENTID_MEMORY_FATAL_PROCESS),
    ENUM_ROW(HSA_EVENTID_MEMORY_FATAL_VM),
    ENUM_ROW(HSA_EVENTTIMEOUT_IMMEDIATE),
    ENUM_ROW(HSA_EVENTTIMEOUT_INFINITE),

    ENUM_ROW(HSA_PROFILE_TYPE_PRIVILEGED_IMMEDIATE),
    ENUM_ROW(HSA_PROFILE_TYPE_PRIVILEGED_STREAMING),
    ENUM_ROW(HSA_PROFILE_TYPE_NONPRIV_IMMEDIATE),
    ENUM_ROW(HSA_PROFILE_TYPE_NONPRIV_STREAMING),
    ENUM_ROW(HSA_PROFILE_TYPE_NUM),
    ENUM_ROW(HSA_PROFILE_TYPE_SIZE),

    ENUM_ROW(HSA_POINTER_UNKNOWN),
    ENUM_ROW(HSA_POINTER_ALLOCATED),
    ENUM_ROW(HSA_POINTER_REGISTERED_USER),
    ENUM_ROW(HSA_POINTER_REGISTERED_GRAPHICS),
    ENUM_ROW(HSA_POINTER_REGISTERED_SHARED),

    ENUM_ROW(HSA_SVM_FLAG_HOST_ACCESS),
    ENUM_ROW(HSA_SVM_FLAG_COHERENT),
    ENUM_ROW(HSA_SVM_FLAG_HIVE_LOCAL),
    ENUM_ROW(HSA_SVM_FLAG_GPU_RO),
    ENUM_ROW(HSA_SVM_FLAG_GPU_EXEC),
    ENUM_ROW(HSA_SVM_FLAG_GPU_READ_MOSTLY),
    ENUM_ROW(HSA_SVM_ATTR_PREFERRED_LOC),
    ENUM_ROW(HSA_SVM_ATTR_PREFETCH_LOC),
    ENUM_ROW(HSA_SVM_ATTR_ACCESS),
    ENUM_ROW(HSA_SVM_ATTR_ACCESS_IN_PLACE),
    ENUM_ROW(HSA_SVM_ATTR_NO_ACCESS),
    ENUM_ROW(HSA_SVM_ATTR_SET_FLAGS),
    ENUM_ROW(HSA_SVM_ATTR_CLR_FLAGS),
    ENUM_ROW(HSA_SVM_ATTR_GRANULARITY),
};

TEST(HsakmtAbi, EnumeratorValuesMatchDebian) {
  for (const ValueRow& e : kEnumerators) {
    EXPECT_EQ(e.debian_value, e.our_value) << e.name;
  }
}

// An enum's underlying type decides how it is passed and stored (e.g. the
// priority enum spans -3..0xFFFFFFFF and is 8 bytes in C++).
#define EXPECT_SAME_UNDERLYING(E)                                                           \
  EXPECT_TRUE(                                                                              \
      (std::is_same_v<std::underlying_type_t<debian::E>, std::underlying_type_t<ours::E>>)) \
      << #E

TEST(HsakmtAbi, EnumUnderlyingTypesMatchDebian) {
  EXPECT_SAME_UNDERLYING(HSAKMT_STATUS);
  EXPECT_SAME_UNDERLYING(HSA_HEAPTYPE);
  EXPECT_SAME_UNDERLYING(HSA_IOLINKTYPE);
  EXPECT_SAME_UNDERLYING(HSA_CACHING_TYPE);
  EXPECT_SAME_UNDERLYING(HSA_PAGE_SIZE);
  EXPECT_SAME_UNDERLYING(HSA_DEVICE);
  EXPECT_SAME_UNDERLYING(HSA_QUEUE_PRIORITY);
  EXPECT_SAME_UNDERLYING(HSA_QUEUE_TYPE);
  EXPECT_SAME_UNDERLYING(HSA_DBG_WAVEOP);
  EXPECT_SAME_UNDERLYING(HSA_DBG_WAVEMODE);
  EXPECT_SAME_UNDERLYING(HSA_DBG_WAVEMSG_TYPE);
  EXPECT_SAME_UNDERLYING(HSA_DBG_WATCH_MODE);
  EXPECT_SAME_UNDERLYING(HSA_DBG_TRAP_OVERRIDE);
  EXPECT_SAME_UNDERLYING(HSA_DBG_TRAP_MASK);
  EXPECT_SAME_UNDERLYING(HSA_DBG_WAVE_LAUNCH_MODE);
  EXPECT_SAME_UNDERLYING(HSA_DBG_NODE_CONTROL);
  EXPECT_SAME_UNDERLYING(HSA_EVENTTYPE);
  EXPECT_SAME_UNDERLYING(HSA_DEBUG_EVENT_TYPE);
  EXPECT_SAME_UNDERLYING(HSA_EVENTTYPE_NODECHANGE_FLAGS);
  EXPECT_SAME_UNDERLYING(HSA_EVENTTYPE_DEVICESTATECHANGE_FLAGS);
  EXPECT_SAME_UNDERLYING(HSA_EVENTID_MEMORYFLAGS);
  EXPECT_SAME_UNDERLYING(HsaEventTimeOut);
  EXPECT_SAME_UNDERLYING(HSA_PROFILE_TYPE);
  EXPECT_SAME_UNDERLYING(HSA_POINTER_TYPE);
  EXPECT_SAME_UNDERLYING(HSA_SVM_FLAGS);
  EXPECT_SAME_UNDERLYING(HSA_SVM_ATTR_TYPE);
}

TEST(HsakmtAbi, MacroValuesMatchDebian) {
  EXPECT_EQ(debian_macro::kVersionMajor, static_cast<unsigned long long>(HSAKMT_VERSION_MAJOR));
  EXPECT_EQ(debian_macro::kVersionMinor, static_cast<unsigned long long>(HSAKMT_VERSION_MINOR));
  EXPECT_EQ(debian_macro::kInvalidQueueId, static_cast<unsigned long long>(INVALID_QUEUEID));
  EXPECT_EQ(debian_macro::kInvalidPid, static_cast<unsigned long long>(INVALID_PID));
  EXPECT_EQ(debian_macro::kInvalidNodeId, static_cast<unsigned long long>(INVALID_NODEID));
  EXPECT_EQ(debian_macro::kPublicNameSize, static_cast<unsigned long long>(HSA_PUBLIC_NAME_SIZE));
  EXPECT_EQ(debian_macro::kCpuSiblings, static_cast<unsigned long long>(HSA_CPU_SIBLINGS));
  EXPECT_EQ(debian_macro::kProcessorIdAll, static_cast<unsigned long long>(HSA_PROCESSORID_ALL));
}

// The profiling block ids are data applications compare against.
#define EXPECT_SAME_UUID(u) \
  EXPECT_EQ(0, std::memcmp(&debian::u, &ours::our_##u, sizeof(debian::HSA_UUID))) << #u

TEST(HsakmtAbi, ProfileBlockUuidsMatchDebian) {
  EXPECT_SAME_UUID(HSA_PROFILEBLOCK_AMD_CB);
  EXPECT_SAME_UUID(HSA_PROFILEBLOCK_AMD_CPF);
  EXPECT_SAME_UUID(HSA_PROFILEBLOCK_AMD_CPG);
  EXPECT_SAME_UUID(HSA_PROFILEBLOCK_AMD_DB);
  EXPECT_SAME_UUID(HSA_PROFILEBLOCK_AMD_GDS);
  EXPECT_SAME_UUID(HSA_PROFILEBLOCK_AMD_GRBM);
  EXPECT_SAME_UUID(HSA_PROFILEBLOCK_AMD_GRBMSE);
  EXPECT_SAME_UUID(HSA_PROFILEBLOCK_AMD_IA);
  EXPECT_SAME_UUID(HSA_PROFILEBLOCK_AMD_MC);
  EXPECT_SAME_UUID(HSA_PROFILEBLOCK_AMD_PASC);
  EXPECT_SAME_UUID(HSA_PROFILEBLOCK_AMD_PASU);
  EXPECT_SAME_UUID(HSA_PROFILEBLOCK_AMD_SPI);
  EXPECT_SAME_UUID(HSA_PROFILEBLOCK_AMD_SRBM);
  EXPECT_SAME_UUID(HSA_PROFILEBLOCK_AMD_SQ);
  EXPECT_SAME_UUID(HSA_PROFILEBLOCK_AMD_SX);
  EXPECT_SAME_UUID(HSA_PROFILEBLOCK_AMD_TA);
  EXPECT_SAME_UUID(HSA_PROFILEBLOCK_AMD_TCA);
  EXPECT_SAME_UUID(HSA_PROFILEBLOCK_AMD_TCC);
  EXPECT_SAME_UUID(HSA_PROFILEBLOCK_AMD_TCP);
  EXPECT_SAME_UUID(HSA_PROFILEBLOCK_AMD_TCS);
  EXPECT_SAME_UUID(HSA_PROFILEBLOCK_AMD_TD);
  EXPECT_SAME_UUID(HSA_PROFILEBLOCK_AMD_VGT);
  EXPECT_SAME_UUID(HSA_PROFILEBLOCK_AMD_WD);
  EXPECT_SAME_UUID(HSA_PROFILEBLOCK_AMD_IOMMUV2);
  EXPECT_SAME_UUID(HSA_PROFILEBLOCK_AMD_KERNEL_DRIVER);
}

// ---------------------------------------------------------------------------
// Function prototypes: parameter and return types of all 67 functions.

TEST(HsakmtAbi, FunctionPrototypesMatchDebian) {
  ASSERT_EQ(kHsakmtPrototypeCount, 67u);
  for (unsigned i = 0; i < kHsakmtPrototypeCount; ++i) {
    EXPECT_STREQ(kDebianHsakmtPrototypes[i].mangled_type, kOurHsakmtPrototypes[i].mangled_type)
        << kOurHsakmtPrototypes[i].name;
  }
}

}  // namespace
