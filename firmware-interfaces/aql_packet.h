/* SPDX-License-Identifier: MIT */
/*
 * AQL packets: the 64-byte slots of an HSA queue that the command processor
 * reads. Layouts from the HSA Runtime PRM (2.8 "Architected Queuing
 * Language packets") and AMD's vendor-specific packets as ROCm's runtime
 * writes them.
 */
#ifndef FW_AQL_PACKET_H
#define FW_AQL_PACKET_H

#include "fw_common.h"

#define FW_AQL_PACKET_SIZE 64

/* Packet types (header bits 7:0). */
enum fw_aql_packet_type {
	FW_AQL_PACKET_TYPE_VENDOR_SPECIFIC = 0,
	FW_AQL_PACKET_TYPE_INVALID = 1,
	FW_AQL_PACKET_TYPE_KERNEL_DISPATCH = 2,
	FW_AQL_PACKET_TYPE_BARRIER_AND = 3,
	FW_AQL_PACKET_TYPE_AGENT_DISPATCH = 4,
	FW_AQL_PACKET_TYPE_BARRIER_OR = 5,
};

/* Memory fence scopes for the acquire and release header fields. */
enum fw_aql_fence_scope {
	FW_AQL_FENCE_SCOPE_NONE = 0,
	FW_AQL_FENCE_SCOPE_AGENT = 1,
	FW_AQL_FENCE_SCOPE_SYSTEM = 2,
};

/* The 16-bit packet header that starts every packet. */
#define FW_AQL_HEADER_TYPE 0, 8
#define FW_AQL_HEADER_BARRIER 8, 1
#define FW_AQL_HEADER_ACQUIRE_FENCE_SCOPE 9, 2
#define FW_AQL_HEADER_RELEASE_FENCE_SCOPE 11, 2

/* Kernel dispatch "setup" field: number of grid dimensions, 1 to 3. */
#define FW_AQL_DISPATCH_SETUP_DIMENSIONS 0, 2

struct fw_aql_kernel_dispatch_packet {
	uint16_t header;
	uint16_t setup;
	uint16_t workgroup_size_x;
	uint16_t workgroup_size_y;
	uint16_t workgroup_size_z;
	uint16_t reserved0;
	uint32_t grid_size_x;
	uint32_t grid_size_y;
	uint32_t grid_size_z;
	uint32_t private_segment_size;
	uint32_t group_segment_size;
	uint64_t kernel_object;	/* amd_kernel_code_t or kernel descriptor */
	uint64_t kernarg_address;
	uint64_t reserved2;
	uint64_t completion_signal; /* amd_signal_t address, 0 for none */
};

struct fw_aql_agent_dispatch_packet {
	uint16_t header;
	uint16_t type;
	uint32_t reserved0;
	uint64_t return_address;
	uint64_t arg[4];
	uint64_t reserved2;
	uint64_t completion_signal;
};

/* Barrier-AND and barrier-OR share one layout; only the type differs. */
#define FW_AQL_BARRIER_DEP_SIGNALS 5

struct fw_aql_barrier_packet {
	uint16_t header;
	uint16_t reserved0;
	uint32_t reserved1;
	uint64_t dep_signal[FW_AQL_BARRIER_DEP_SIGNALS];
	uint64_t reserved2;
	uint64_t completion_signal;
};

/*
 * AMD vendor-specific packets (type VENDOR_SPECIFIC). The byte after the
 * header says which one; ROCm's runtime calls it the AMD format.
 */
enum fw_amd_aql_format {
	FW_AMD_AQL_FORMAT_PM4_IB = 1,
	FW_AMD_AQL_FORMAT_BARRIER_VALUE = 2,
};

struct fw_amd_vendor_packet_header {
	uint16_t header;
	uint8_t amd_format;
	uint8_t reserved;
};

/* Signal conditions of the barrier-value packet (hsa_signal_condition_t). */
enum fw_signal_condition {
	FW_SIGNAL_CONDITION_EQ = 0,
	FW_SIGNAL_CONDITION_NE = 1,
	FW_SIGNAL_CONDITION_LT = 2,
	FW_SIGNAL_CONDITION_GTE = 3,
};

/* Waits until (signal value & mask) meets cond against value. */
struct fw_amd_barrier_value_packet {
	struct fw_amd_vendor_packet_header header;
	uint32_t reserved0;
	uint64_t signal;
	int64_t value;
	int64_t mask;
	uint32_t cond;
	uint32_t reserved1;
	uint64_t reserved2;
	uint64_t reserved3;
	uint64_t completion_signal;
};

/*
 * A PM4 INDIRECT_BUFFER command carried inside an AQL slot: ROCm's runtime
 * sends cache invalidations this way on gfx9. dw_cnt_remain counts the
 * dwords of the slot that follow it (always 10).
 */
#define FW_AMD_PM4_IB_DW_CNT_REMAIN 10

struct fw_amd_pm4_ib_packet {
	uint16_t header;
	uint16_t ven_hdr; /* FW_AMD_AQL_FORMAT_PM4_IB */
	uint32_t ib_jump_cmd[4];
	uint32_t dw_cnt_remain;
	uint32_t reserved[8];
	uint64_t completion_signal;
};

FW_ASSERT_SIZE(struct fw_aql_kernel_dispatch_packet, 64);
FW_ASSERT_OFFSET(struct fw_aql_kernel_dispatch_packet, setup, 2);
FW_ASSERT_OFFSET(struct fw_aql_kernel_dispatch_packet, workgroup_size_x, 4);
FW_ASSERT_OFFSET(struct fw_aql_kernel_dispatch_packet, workgroup_size_y, 6);
FW_ASSERT_OFFSET(struct fw_aql_kernel_dispatch_packet, workgroup_size_z, 8);
FW_ASSERT_OFFSET(struct fw_aql_kernel_dispatch_packet, grid_size_x, 12);
FW_ASSERT_OFFSET(struct fw_aql_kernel_dispatch_packet, grid_size_y, 16);
FW_ASSERT_OFFSET(struct fw_aql_kernel_dispatch_packet, grid_size_z, 20);
FW_ASSERT_OFFSET(struct fw_aql_kernel_dispatch_packet,
		 private_segment_size, 24);
FW_ASSERT_OFFSET(struct fw_aql_kernel_dispatch_packet, group_segment_size, 28);
FW_ASSERT_OFFSET(struct fw_aql_kernel_dispatch_packet, kernel_object, 32);
FW_ASSERT_OFFSET(struct fw_aql_kernel_dispatch_packet, kernarg_address, 40);
FW_ASSERT_OFFSET(struct fw_aql_kernel_dispatch_packet, completion_signal, 56);

FW_ASSERT_SIZE(struct fw_aql_agent_dispatch_packet, 64);
FW_ASSERT_OFFSET(struct fw_aql_agent_dispatch_packet, type, 2);
FW_ASSERT_OFFSET(struct fw_aql_agent_dispatch_packet, return_address, 8);
FW_ASSERT_OFFSET(struct fw_aql_agent_dispatch_packet, arg, 16);
FW_ASSERT_OFFSET(struct fw_aql_agent_dispatch_packet, completion_signal, 56);

FW_ASSERT_SIZE(struct fw_aql_barrier_packet, 64);
FW_ASSERT_OFFSET(struct fw_aql_barrier_packet, dep_signal, 8);
FW_ASSERT_OFFSET(struct fw_aql_barrier_packet, completion_signal, 56);

FW_ASSERT_SIZE(struct fw_amd_vendor_packet_header, 4);
FW_ASSERT_OFFSET(struct fw_amd_vendor_packet_header, amd_format, 2);

FW_ASSERT_SIZE(struct fw_amd_barrier_value_packet, 64);
FW_ASSERT_OFFSET(struct fw_amd_barrier_value_packet, signal, 8);
FW_ASSERT_OFFSET(struct fw_amd_barrier_value_packet, value, 16);
FW_ASSERT_OFFSET(struct fw_amd_barrier_value_packet, mask, 24);
FW_ASSERT_OFFSET(struct fw_amd_barrier_value_packet, cond, 32);
FW_ASSERT_OFFSET(struct fw_amd_barrier_value_packet, completion_signal, 56);

FW_ASSERT_SIZE(struct fw_amd_pm4_ib_packet, 64);
FW_ASSERT_OFFSET(struct fw_amd_pm4_ib_packet, ven_hdr, 2);
FW_ASSERT_OFFSET(struct fw_amd_pm4_ib_packet, ib_jump_cmd, 4);
FW_ASSERT_OFFSET(struct fw_amd_pm4_ib_packet, dw_cnt_remain, 20);
FW_ASSERT_OFFSET(struct fw_amd_pm4_ib_packet, completion_signal, 56);

#endif /* FW_AQL_PACKET_H */
