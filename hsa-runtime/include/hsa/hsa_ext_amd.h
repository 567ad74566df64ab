/*
 * AMD's extension of the HSA API: memory pools, asynchronous copies,
 * pinned and IPC memory, signal handlers, queue CU masks, profiling and
 * system events, as exported by ROCm's libhsa-runtime64.so.1.
 *
 * Names, values, layouts and prototypes match ROCm's (5.2) so that
 * programs built against ROCm's or Debian's header run with our runtime;
 * tests/hsa-runtime/abi checks them. What the virtual GPU cannot do is
 * declared all the same; the runtime answers such calls with an error.
 */
#ifndef HSA_RUNTIME_EXT_AMD_H_
#define HSA_RUNTIME_EXT_AMD_H_

#include "hsa.h"
#include "hsa_ext_image.h"

/* hsa_ext_image.h set HSA_API for itself; the AMD functions are exported
 * with the core. */
#undef HSA_API
#ifdef HSA_EXPORT
#define HSA_API HSA_API_EXPORT
#else
#define HSA_API HSA_API_IMPORT
#endif

/* Version of this interface. */
#define HSA_AMD_INTERFACE_VERSION_MAJOR 1
#define HSA_AMD_INTERFACE_VERSION_MINOR 0

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------
 * AMD's vendor-specific AQL packet: wait until (signal & mask) satisfies a
 * condition against value (the hardware's barrier-value packet).
 */
typedef uint32_t hsa_signal_condition32_t;

typedef enum {
  HSA_AMD_PACKET_TYPE_BARRIER_VALUE = 2,
} hsa_amd_packet_type_t;

typedef uint8_t hsa_amd_packet_type8_t;

/* header's type field is HSA_PACKET_TYPE_VENDOR_SPECIFIC. */
typedef struct hsa_amd_packet_header_s {
  uint16_t header;
  hsa_amd_packet_type8_t AmdFormat;
  uint8_t reserved;
} hsa_amd_vendor_packet_header_t;

typedef struct hsa_amd_barrier_value_packet_s {
  hsa_amd_vendor_packet_header_t header;
  uint32_t reserved0;
  hsa_signal_t signal;
  hsa_signal_value_t value;
  hsa_signal_value_t mask;
  hsa_signal_condition32_t cond; /* an hsa_signal_condition_t */
  uint32_t reserved1;
  uint64_t reserved2;
  uint64_t reserved3;
  hsa_signal_t completion_signal;
} hsa_amd_barrier_value_packet_t;

/* ------------------------------------------------------------------------
 * Additional status codes (returned as hsa_status_t).
 */
enum {
  HSA_STATUS_ERROR_INVALID_MEMORY_POOL = 40,
  HSA_STATUS_ERROR_MEMORY_APERTURE_VIOLATION = 41,
  HSA_STATUS_ERROR_ILLEGAL_INSTRUCTION = 42,
  HSA_STATUS_ERROR_MEMORY_FAULT = 43,
  HSA_STATUS_CU_MASK_REDUCED = 44,
};

/* ------------------------------------------------------------------------
 * Agent and region attributes (passed as hsa_agent_info_t and
 * hsa_region_info_t).
 */
typedef enum hsa_amd_agent_info_s {
  HSA_AMD_AGENT_INFO_CHIP_ID = 0xA000,             /* uint32_t PCI device id */
  HSA_AMD_AGENT_INFO_CACHELINE_SIZE = 0xA001,      /* uint32_t bytes */
  HSA_AMD_AGENT_INFO_COMPUTE_UNIT_COUNT = 0xA002,  /* uint32_t */
  HSA_AMD_AGENT_INFO_MAX_CLOCK_FREQUENCY = 0xA003, /* uint32_t MHz */
  HSA_AMD_AGENT_INFO_DRIVER_NODE_ID = 0xA004,      /* uint32_t KFD node */
  HSA_AMD_AGENT_INFO_MAX_ADDRESS_WATCH_POINTS = 0xA005,
  HSA_AMD_AGENT_INFO_BDFID = 0xA006, /* uint32_t PCI bus/device/function */
  HSA_AMD_AGENT_INFO_MEMORY_WIDTH = 0xA007,
  HSA_AMD_AGENT_INFO_MEMORY_MAX_FREQUENCY = 0xA008,
  HSA_AMD_AGENT_INFO_PRODUCT_NAME = 0xA009, /* char[64] */
  HSA_AMD_AGENT_INFO_MAX_WAVES_PER_CU = 0xA00A,
  HSA_AMD_AGENT_INFO_NUM_SIMDS_PER_CU = 0xA00B,
  HSA_AMD_AGENT_INFO_NUM_SHADER_ENGINES = 0xA00C,
  HSA_AMD_AGENT_INFO_NUM_SHADER_ARRAYS_PER_SE = 0xA00D,
  HSA_AMD_AGENT_INFO_HDP_FLUSH = 0xA00E,          /* hsa_amd_hdp_flush_t */
  HSA_AMD_AGENT_INFO_DOMAIN = 0xA00F,             /* uint32_t PCI domain */
  HSA_AMD_AGENT_INFO_COOPERATIVE_QUEUES = 0xA010, /* bool */
  HSA_AMD_AGENT_INFO_UUID = 0xA011,               /* char[21] */
  HSA_AMD_AGENT_INFO_ASIC_REVISION = 0xA012,
  HSA_AMD_AGENT_INFO_SVM_DIRECT_HOST_ACCESS = 0xA013, /* bool */
  HSA_AMD_AGENT_INFO_COOPERATIVE_COMPUTE_UNIT_COUNT = 0xA014
} hsa_amd_agent_info_t;

/* Addresses of the registers that flush the host data path. */
typedef struct hsa_amd_hdp_flush_s {
  uint32_t* HDP_MEM_FLUSH_CNTL;
  uint32_t* HDP_REG_FLUSH_CNTL;
} hsa_amd_hdp_flush_t;

typedef enum hsa_amd_region_info_s {
  HSA_AMD_REGION_INFO_HOST_ACCESSIBLE = 0xA000,
  HSA_AMD_REGION_INFO_BASE = 0xA001,
  HSA_AMD_REGION_INFO_BUS_WIDTH = 0xA002,
  HSA_AMD_REGION_INFO_MAX_CLOCK_FREQUENCY = 0xA003
} hsa_amd_region_info_t;

/* ------------------------------------------------------------------------
 * Coherency of an agent's memory.
 */
typedef enum hsa_amd_coherency_type_s {
  HSA_AMD_COHERENCY_TYPE_COHERENT = 0,
  HSA_AMD_COHERENCY_TYPE_NONCOHERENT = 1
} hsa_amd_coherency_type_t;

hsa_status_t HSA_API hsa_amd_coherency_get_type(hsa_agent_t agent, hsa_amd_coherency_type_t* type);

hsa_status_t HSA_API hsa_amd_coherency_set_type(hsa_agent_t agent, hsa_amd_coherency_type_t type);

/* ------------------------------------------------------------------------
 * Profiling: start and end timestamps (agent ticks) of dispatches and
 * copies, read through their completion signals.
 */
typedef struct hsa_amd_profiling_dispatch_time_s {
  uint64_t start;
  uint64_t end;
} hsa_amd_profiling_dispatch_time_t;

typedef struct hsa_amd_profiling_async_copy_time_s {
  uint64_t start;
  uint64_t end;
} hsa_amd_profiling_async_copy_time_t;

hsa_status_t HSA_API hsa_amd_profiling_set_profiler_enabled(hsa_queue_t* queue, int enable);

hsa_status_t HSA_API hsa_amd_profiling_async_copy_enable(bool enable);

hsa_status_t HSA_API hsa_amd_profiling_get_dispatch_time(hsa_agent_t agent, hsa_signal_t signal,
                                                         hsa_amd_profiling_dispatch_time_t* time);

hsa_status_t HSA_API hsa_amd_profiling_get_async_copy_time(
    hsa_signal_t signal, hsa_amd_profiling_async_copy_time_t* time);

hsa_status_t HSA_API hsa_amd_profiling_convert_tick_to_system_domain(hsa_agent_t agent,
                                                                     uint64_t agent_tick,
                                                                     uint64_t* system_tick);

/* ------------------------------------------------------------------------
 * Signals.
 */
typedef enum {
  HSA_AMD_SIGNAL_AMD_GPU_ONLY = 1, /* only GPUs wait: no interrupt event */
  HSA_AMD_SIGNAL_IPC = 2,          /* shareable with other processes */
} hsa_amd_signal_attribute_t;

/* hsa_signal_create with hsa_amd_signal_attribute_t bits. */
hsa_status_t HSA_API hsa_amd_signal_create(hsa_signal_value_t initial_value, uint32_t num_consumers,
                                           const hsa_agent_t* consumers, uint64_t attributes,
                                           hsa_signal_t* signal);

/* The address of the signal's value, for direct polling. */
hsa_status_t HSA_API hsa_amd_signal_value_pointer(hsa_signal_t signal,
                                                  volatile hsa_signal_value_t** value_ptr);

/* Returns true to stay registered. */
typedef bool (*hsa_amd_signal_handler)(hsa_signal_value_t value, void* arg);

/* Calls handler on a runtime thread once the condition holds. */
hsa_status_t HSA_API hsa_amd_signal_async_handler(hsa_signal_t signal, hsa_signal_condition_t cond,
                                                  hsa_signal_value_t value,
                                                  hsa_amd_signal_handler handler, void* arg);

/* Runs callback on a runtime thread. */
hsa_status_t HSA_API hsa_amd_async_function(void (*callback)(void* arg), void* arg);

/* Returns the index of the first signal whose condition holds (its value
 * in satisfying_value if not NULL), or UINT32_MAX once timeout_hint has
 * passed. Relaxed memory order. */
uint32_t HSA_API hsa_amd_signal_wait_any(uint32_t signal_count, hsa_signal_t* signals,
                                         hsa_signal_condition_t* conds, hsa_signal_value_t* values,
                                         uint64_t timeout_hint, hsa_wait_state_t wait_hint,
                                         hsa_signal_value_t* satisfying_value);

/* ------------------------------------------------------------------------
 * Images and queues.
 */
hsa_status_t HSA_API hsa_amd_image_get_info_max_dim(hsa_agent_t agent, hsa_agent_info_t attribute,
                                                    void* value);

/* Restricts a queue to the compute units whose bits are set (32 per word). */
hsa_status_t HSA_API hsa_amd_queue_cu_set_mask(const hsa_queue_t* queue, uint32_t num_cu_mask_count,
                                               const uint32_t* cu_mask);

hsa_status_t HSA_API hsa_amd_queue_cu_get_mask(const hsa_queue_t* queue, uint32_t num_cu_mask_count,
                                               uint32_t* cu_mask);

/* ------------------------------------------------------------------------
 * Memory pools: the AMD successor of regions.
 */
typedef enum {
  HSA_AMD_SEGMENT_GLOBAL = 0,
  HSA_AMD_SEGMENT_READONLY = 1,
  HSA_AMD_SEGMENT_PRIVATE = 2,
  HSA_AMD_SEGMENT_GROUP = 3,
} hsa_amd_segment_t;

typedef struct hsa_amd_memory_pool_s {
  uint64_t handle;
} hsa_amd_memory_pool_t;

typedef enum hsa_amd_memory_pool_global_flag_s {
  HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_KERNARG_INIT = 1,
  HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_FINE_GRAINED = 2,
  HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_COARSE_GRAINED = 4
} hsa_amd_memory_pool_global_flag_t;

/* Shares numbers with hsa_region_info_t where the meaning is the same. */
typedef enum {
  HSA_AMD_MEMORY_POOL_INFO_SEGMENT = 0,
  HSA_AMD_MEMORY_POOL_INFO_GLOBAL_FLAGS = 1,
  HSA_AMD_MEMORY_POOL_INFO_SIZE = 2,
  HSA_AMD_MEMORY_POOL_INFO_RUNTIME_ALLOC_ALLOWED = 5,
  HSA_AMD_MEMORY_POOL_INFO_RUNTIME_ALLOC_GRANULE = 6,
  HSA_AMD_MEMORY_POOL_INFO_RUNTIME_ALLOC_ALIGNMENT = 7,
  HSA_AMD_MEMORY_POOL_INFO_ACCESSIBLE_BY_ALL = 15,
  HSA_AMD_MEMORY_POOL_INFO_ALLOC_MAX_SIZE = 16,
} hsa_amd_memory_pool_info_t;

hsa_status_t HSA_API hsa_amd_memory_pool_get_info(hsa_amd_memory_pool_t memory_pool,
                                                  hsa_amd_memory_pool_info_t attribute,
                                                  void* value);

hsa_status_t HSA_API hsa_amd_agent_iterate_memory_pools(
    hsa_agent_t agent, hsa_status_t (*callback)(hsa_amd_memory_pool_t memory_pool, void* data),
    void* data);

/* flags must be 0. */
hsa_status_t HSA_API hsa_amd_memory_pool_allocate(hsa_amd_memory_pool_t memory_pool, size_t size,
                                                  uint32_t flags, void** ptr);

hsa_status_t HSA_API hsa_amd_memory_pool_free(void* ptr);

/* Copies after all dependencies reach 0, then decrements completion_signal. */
hsa_status_t HSA_API hsa_amd_memory_async_copy(void* dst, hsa_agent_t dst_agent, const void* src,
                                               hsa_agent_t src_agent, size_t size,
                                               uint32_t num_dep_signals,
                                               const hsa_signal_t* dep_signals,
                                               hsa_signal_t completion_signal);

/* A 3D block of memory: rows pitch bytes apart, slices slice bytes apart. */
typedef struct hsa_pitched_ptr_s {
  void* base;
  size_t pitch;
  size_t slice;
} hsa_pitched_ptr_t;

typedef enum {
  hsaHostToHost = 0,
  hsaHostToDevice = 1,
  hsaDeviceToHost = 2,
  hsaDeviceToDevice = 3
} hsa_amd_copy_direction_t;

hsa_status_t HSA_API hsa_amd_memory_async_copy_rect(
    const hsa_pitched_ptr_t* dst, const hsa_dim3_t* dst_offset, const hsa_pitched_ptr_t* src,
    const hsa_dim3_t* src_offset, const hsa_dim3_t* range, hsa_agent_t copy_agent,
    hsa_amd_copy_direction_t dir, uint32_t num_dep_signals, const hsa_signal_t* dep_signals,
    hsa_signal_t completion_signal);

typedef enum {
  HSA_AMD_MEMORY_POOL_ACCESS_NEVER_ALLOWED = 0,
  HSA_AMD_MEMORY_POOL_ACCESS_ALLOWED_BY_DEFAULT = 1,
  HSA_AMD_MEMORY_POOL_ACCESS_DISALLOWED_BY_DEFAULT = 2
} hsa_amd_memory_pool_access_t;

typedef enum {
  HSA_AMD_LINK_INFO_TYPE_HYPERTRANSPORT = 0,
  HSA_AMD_LINK_INFO_TYPE_QPI = 1,
  HSA_AMD_LINK_INFO_TYPE_PCIE = 2,
  HSA_AMD_LINK_INFO_TYPE_INFINBAND = 3,
  HSA_AMD_LINK_INFO_TYPE_XGMI = 4
} hsa_amd_link_info_type_t;

/* One hop between an agent and a pool. */
typedef struct hsa_amd_memory_pool_link_info_s {
  uint32_t min_latency; /* ns */
  uint32_t max_latency;
  uint32_t min_bandwidth; /* MB/s */
  uint32_t max_bandwidth;
  bool atomic_support_32bit;
  bool atomic_support_64bit;
  bool coherent_support;
  hsa_amd_link_info_type_t link_type;
  uint32_t numa_distance;
} hsa_amd_memory_pool_link_info_t;

typedef enum {
  HSA_AMD_AGENT_MEMORY_POOL_INFO_ACCESS = 0,
  HSA_AMD_AGENT_MEMORY_POOL_INFO_NUM_LINK_HOPS = 1,
  HSA_AMD_AGENT_MEMORY_POOL_INFO_LINK_INFO = 2
} hsa_amd_agent_memory_pool_info_t;

hsa_status_t HSA_API hsa_amd_agent_memory_pool_get_info(hsa_agent_t agent,
                                                        hsa_amd_memory_pool_t memory_pool,
                                                        hsa_amd_agent_memory_pool_info_t attribute,
                                                        void* value);

/* Grants agents access to an allocation from a pool; flags must be NULL. */
hsa_status_t HSA_API hsa_amd_agents_allow_access(uint32_t num_agents, const hsa_agent_t* agents,
                                                 const uint32_t* flags, const void* ptr);

hsa_status_t HSA_API hsa_amd_memory_pool_can_migrate(hsa_amd_memory_pool_t src_memory_pool,
                                                     hsa_amd_memory_pool_t dst_memory_pool,
                                                     bool* result);

hsa_status_t HSA_API hsa_amd_memory_migrate(const void* ptr, hsa_amd_memory_pool_t memory_pool,
                                            uint32_t flags);

/* ------------------------------------------------------------------------
 * Pinning host memory for agents.
 */
hsa_status_t HSA_API hsa_amd_memory_lock(void* host_ptr, size_t size, hsa_agent_t* agents,
                                         int num_agent, void** agent_ptr);

hsa_status_t HSA_API hsa_amd_memory_lock_to_pool(void* host_ptr, size_t size, hsa_agent_t* agents,
                                                 int num_agent, hsa_amd_memory_pool_t pool,
                                                 uint32_t flags, void** agent_ptr);

hsa_status_t HSA_API hsa_amd_memory_unlock(void* host_ptr);

/* Writes count 32-bit copies of value. */
hsa_status_t HSA_API hsa_amd_memory_fill(void* ptr, uint32_t value, size_t count);

/* ------------------------------------------------------------------------
 * Interoperation with graphics buffers and images.
 */
hsa_status_t HSA_API hsa_amd_interop_map_buffer(uint32_t num_agents, hsa_agent_t* agents,
                                                int interop_handle, uint32_t flags, size_t* size,
                                                void** ptr, size_t* metadata_size,
                                                const void** metadata);

hsa_status_t HSA_API hsa_amd_interop_unmap_buffer(void* ptr);

/* A vendor image layout; data is variable-length in practice. */
typedef struct hsa_amd_image_descriptor_s {
  uint32_t version;
  uint32_t deviceID;
  uint32_t data[1];
} hsa_amd_image_descriptor_t;

hsa_status_t HSA_API hsa_amd_image_create(hsa_agent_t agent,
                                          const hsa_ext_image_descriptor_t* image_descriptor,
                                          const hsa_amd_image_descriptor_t* image_layout,
                                          const void* image_data,
                                          hsa_access_permission_t access_permission,
                                          hsa_ext_image_t* image);

/* ------------------------------------------------------------------------
 * What the runtime knows about an address.
 */
typedef enum {
  HSA_EXT_POINTER_TYPE_UNKNOWN = 0,
  HSA_EXT_POINTER_TYPE_HSA = 1,
  HSA_EXT_POINTER_TYPE_LOCKED = 2,
  HSA_EXT_POINTER_TYPE_GRAPHICS = 3,
  HSA_EXT_POINTER_TYPE_IPC = 4
} hsa_amd_pointer_type_t;

/* size is set by the caller to sizeof(hsa_amd_pointer_info_t), so later
 * versions can append fields. */
typedef struct hsa_amd_pointer_info_s {
  uint32_t size;
  hsa_amd_pointer_type_t type;
  void* agentBaseAddress;
  void* hostBaseAddress;
  size_t sizeInBytes;
  void* userData;
  hsa_agent_t agentOwner;
  uint32_t global_flags;
} hsa_amd_pointer_info_t;

/* accessible is allocated with alloc when both it and alloc are given. */
hsa_status_t HSA_API hsa_amd_pointer_info(const void* ptr, hsa_amd_pointer_info_t* info,
                                          void* (*alloc)(size_t), uint32_t* num_agents_accessible,
                                          hsa_agent_t** accessible);

hsa_status_t HSA_API hsa_amd_pointer_info_set_userdata(const void* ptr, void* userdata);

/* ------------------------------------------------------------------------
 * Sharing memory and signals with other processes.
 */
typedef struct hsa_amd_ipc_memory_s {
  uint32_t handle[8];
} hsa_amd_ipc_memory_t;

hsa_status_t HSA_API hsa_amd_ipc_memory_create(void* ptr, size_t len, hsa_amd_ipc_memory_t* handle);

hsa_status_t HSA_API hsa_amd_ipc_memory_attach(const hsa_amd_ipc_memory_t* handle, size_t len,
                                               uint32_t num_agents,
                                               const hsa_agent_t* mapping_agents,
                                               void** mapped_ptr);

hsa_status_t HSA_API hsa_amd_ipc_memory_detach(void* mapped_ptr);

typedef hsa_amd_ipc_memory_t hsa_amd_ipc_signal_t;

hsa_status_t HSA_API hsa_amd_ipc_signal_create(hsa_signal_t signal, hsa_amd_ipc_signal_t* handle);

hsa_status_t HSA_API hsa_amd_ipc_signal_attach(const hsa_amd_ipc_signal_t* handle,
                                               hsa_signal_t* signal);

/* ------------------------------------------------------------------------
 * System events (GPU memory faults).
 */
typedef enum hsa_amd_event_type_s {
  HSA_AMD_GPU_MEMORY_FAULT_EVENT = 0,
} hsa_amd_event_type_t;

/* Bits of fault_reason_mask. HANG is bit 31: a negative int, as in ROCm. */
typedef enum {
  HSA_AMD_MEMORY_FAULT_PAGE_NOT_PRESENT = 1 << 0,
  HSA_AMD_MEMORY_FAULT_READ_ONLY = 1 << 1,
  HSA_AMD_MEMORY_FAULT_NX = 1 << 2,
  HSA_AMD_MEMORY_FAULT_HOST_ONLY = 1 << 3,
  HSA_AMD_MEMORY_FAULT_DRAMECC = 1 << 4,
  HSA_AMD_MEMORY_FAULT_IMPRECISE = 1 << 5,
  HSA_AMD_MEMORY_FAULT_SRAMECC = 1 << 6,
  HSA_AMD_MEMORY_FAULT_HANG = INT32_MIN
} hsa_amd_memory_fault_reason_t;

typedef struct hsa_amd_gpu_memory_fault_info_s {
  hsa_agent_t agent;
  uint64_t virtual_address;
  uint32_t fault_reason_mask;
} hsa_amd_gpu_memory_fault_info_t;

typedef struct hsa_amd_event_s {
  hsa_amd_event_type_t event_type;
  union {
    hsa_amd_gpu_memory_fault_info_t memory_fault;
  };
} hsa_amd_event_t;

typedef hsa_status_t (*hsa_amd_system_event_callback_t)(const hsa_amd_event_t* event, void* data);

hsa_status_t HSA_API hsa_amd_register_system_event_handler(hsa_amd_system_event_callback_t callback,
                                                           void* data);

/* ------------------------------------------------------------------------
 * Queue priority.
 */
typedef enum hsa_amd_queue_priority_s {
  HSA_AMD_QUEUE_PRIORITY_LOW = 0,
  HSA_AMD_QUEUE_PRIORITY_NORMAL = 1,
  HSA_AMD_QUEUE_PRIORITY_HIGH = 2,
} hsa_amd_queue_priority_t;

hsa_status_t HSA_API hsa_amd_queue_set_priority(hsa_queue_t* queue,
                                                hsa_amd_queue_priority_t priority);

/* ------------------------------------------------------------------------
 * Callbacks run when an allocation is freed.
 */
typedef void (*hsa_amd_deallocation_callback_t)(void* ptr, void* user_data);

hsa_status_t HSA_API hsa_amd_register_deallocation_callback(
    void* ptr, hsa_amd_deallocation_callback_t callback, void* user_data);

hsa_status_t HSA_API
hsa_amd_deregister_deallocation_callback(void* ptr, hsa_amd_deallocation_callback_t callback);

/* ------------------------------------------------------------------------
 * Shared virtual memory attributes of address ranges.
 */
typedef enum hsa_amd_svm_model_s {
  HSA_AMD_SVM_GLOBAL_FLAG_FINE_GRAINED = 0,
  HSA_AMD_SVM_GLOBAL_FLAG_COARSE_GRAINED = 1,
  HSA_AMD_SVM_GLOBAL_FLAG_INDETERMINATE = 2
} hsa_amd_svm_model_t;

/* Attributes from 0x200 take an agent handle as their value. */
typedef enum hsa_amd_svm_attribute_s {
  HSA_AMD_SVM_ATTRIB_GLOBAL_FLAG = 0,
  HSA_AMD_SVM_ATTRIB_READ_ONLY = 1,
  HSA_AMD_SVM_ATTRIB_HIVE_LOCAL = 2,
  HSA_AMD_SVM_ATTRIB_MIGRATION_GRANULARITY = 3,
  HSA_AMD_SVM_ATTRIB_PREFERRED_LOCATION = 4,
  HSA_AMD_SVM_ATTRIB_PREFETCH_LOCATION = 5,
  HSA_AMD_SVM_ATTRIB_READ_MOSTLY = 6,
  HSA_AMD_SVM_ATTRIB_AGENT_ACCESSIBLE = 0x200,
  HSA_AMD_SVM_ATTRIB_AGENT_ACCESSIBLE_IN_PLACE = 0x201,
  HSA_AMD_SVM_ATTRIB_AGENT_NO_ACCESS = 0x202,
  HSA_AMD_SVM_ATTRIB_ACCESS_QUERY = 0x203,
} hsa_amd_svm_attribute_t;

typedef struct hsa_amd_svm_attribute_pair_s {
  uint64_t attribute; /* an hsa_amd_svm_attribute_t */
  uint64_t value;
} hsa_amd_svm_attribute_pair_t;

hsa_status_t HSA_API hsa_amd_svm_attributes_set(void* ptr, size_t size,
                                                hsa_amd_svm_attribute_pair_t* attribute_list,
                                                size_t attribute_count);

hsa_status_t HSA_API hsa_amd_svm_attributes_get(void* ptr, size_t size,
                                                hsa_amd_svm_attribute_pair_t* attribute_list,
                                                size_t attribute_count);

hsa_status_t HSA_API hsa_amd_svm_prefetch_async(void* ptr, size_t size, hsa_agent_t agent,
                                                uint32_t num_dep_signals,
                                                const hsa_signal_t* dep_signals,
                                                hsa_signal_t completion_signal);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* HSA_RUNTIME_EXT_AMD_H_ */
