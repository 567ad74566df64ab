/* SPDX-License-Identifier: MIT */
/*
 * PM4 type-3 packets of the gfx9 compute command processor (MEC): the
 * header, the opcodes the virtual GPU executes and the fields of their
 * payload dwords. A packet is one header dword followed by COUNT + 1
 * payload dwords; dword n below is the n-th dword after the header.
 */
#ifndef FW_PM4_PACKETS_H
#define FW_PM4_PACKETS_H

#include "fw_common.h"

/* Header */
#define FW_PM4_HEADER_TYPE 30, 2
#define FW_PM4_HEADER_COUNT 16, 14	/* payload dwords - 1 */
#define FW_PM4_HEADER_OPCODE 8, 8
#define FW_PM4_HEADER_SHADER_TYPE 1, 1	/* 1: compute */

#define FW_PM4_TYPE_0 0
#define FW_PM4_TYPE_2 2		/* one-dword filler */
#define FW_PM4_TYPE_3 3

/* A NOP whose count is all ones is a header-only (one-dword) NOP. */
#define FW_PM4_NOP_HEADER_ONLY_COUNT 0x3fff

#define FW_PM4_HEADER(opcode, payload_dwords)                         \
	(FW_FIELD_PREP(FW_PM4_HEADER_TYPE, FW_PM4_TYPE_3) |           \
	 FW_FIELD_PREP(FW_PM4_HEADER_COUNT, (payload_dwords) - 1) |   \
	 FW_FIELD_PREP(FW_PM4_HEADER_OPCODE, (opcode)) |              \
	 FW_FIELD_PREP(FW_PM4_HEADER_SHADER_TYPE, 1))

enum fw_pm4_opcode {
	FW_PM4_NOP = 0x10,
	FW_PM4_DISPATCH_DIRECT = 0x15,
	FW_PM4_WRITE_DATA = 0x37,
	FW_PM4_WAIT_REG_MEM = 0x3c,
	FW_PM4_INDIRECT_BUFFER = 0x3f,
	FW_PM4_EVENT_WRITE = 0x46,
	FW_PM4_RELEASE_MEM = 0x49,
	FW_PM4_ACQUIRE_MEM = 0x58,
	FW_PM4_SET_SH_REG = 0x76,
};

/*
 * WRITE_DATA: dword 0 control, 1-2 destination address, then the data.
 * Destinations 1 (memory through GRBM) and 5 (memory, direct) are memory.
 */
#define FW_PM4_WRITE_DATA_DST_SEL 8, 4
#define FW_PM4_WRITE_DATA_WR_ONE_ADDR 16, 1	/* all data to one address */
#define FW_PM4_WRITE_DATA_WR_CONFIRM 20, 1
#define FW_PM4_WRITE_DATA_ENGINE_SEL 30, 2
#define FW_PM4_WRITE_DATA_DST_MEM_GRBM 1
#define FW_PM4_WRITE_DATA_DST_MEM 5

/*
 * RELEASE_MEM (7 payload dwords): 0 event control, 1 data control,
 * 2-3 address, 4-5 data, 6 interrupt context id.
 */
#define FW_PM4_RELEASE_MEM_DWORDS 7
#define FW_PM4_EVENT_TYPE 0, 6
#define FW_PM4_EVENT_INDEX 8, 4
#define FW_PM4_RELEASE_MEM_DST_SEL 16, 2
#define FW_PM4_RELEASE_MEM_INT_SEL 24, 3
#define FW_PM4_RELEASE_MEM_DATA_SEL 29, 3

enum fw_pm4_release_mem_data_sel {
	FW_PM4_DATA_SEL_NONE = 0,
	FW_PM4_DATA_SEL_LOW32 = 1,
	FW_PM4_DATA_SEL_64 = 2,
	FW_PM4_DATA_SEL_GPU_CLOCK = 3,
	FW_PM4_DATA_SEL_SYS_CLOCK = 4,
};

enum fw_pm4_release_mem_int_sel {
	FW_PM4_INT_SEL_NONE = 0,
	FW_PM4_INT_SEL_INT_ONLY = 1,
	FW_PM4_INT_SEL_INT_ON_CONFIRM = 2,
};

/* Event types the CP signals on (EVENT_WRITE and RELEASE_MEM). */
#define FW_PM4_EVENT_CS_PARTIAL_FLUSH 0x07
#define FW_PM4_EVENT_CACHE_FLUSH_AND_INV_TS 0x14
#define FW_PM4_EVENT_BOTTOM_OF_PIPE_TS 0x28

/*
 * ACQUIRE_MEM (6 payload dwords): coherence control, size, size high,
 * base, base high, poll interval. Cache actions only.
 */
#define FW_PM4_ACQUIRE_MEM_DWORDS 6

/*
 * WAIT_REG_MEM (6 payload dwords): 0 control, 1-2 poll address (dword
 * aligned), 3 reference, 4 mask, 5 poll interval. Waits until
 * (memory & mask) FUNCTION reference holds.
 */
#define FW_PM4_WAIT_REG_MEM_DWORDS 6
#define FW_PM4_WAIT_REG_MEM_FUNCTION 0, 3
#define FW_PM4_WAIT_REG_MEM_MEM_SPACE 4, 2	/* 0 register, 1 memory */
#define FW_PM4_WAIT_REG_MEM_OPERATION 6, 2	/* 0 wait */
#define FW_PM4_WAIT_REG_MEM_ENGINE 8, 1

enum fw_pm4_wait_function {
	FW_PM4_WAIT_ALWAYS = 0,
	FW_PM4_WAIT_LT = 1,
	FW_PM4_WAIT_LE = 2,
	FW_PM4_WAIT_EQ = 3,
	FW_PM4_WAIT_NE = 4,
	FW_PM4_WAIT_GE = 5,
	FW_PM4_WAIT_GT = 6,
};

/*
 * INDIRECT_BUFFER (3 payload dwords): 0-1 buffer address (dword aligned;
 * bits 1:0 of dword 0 are the swap mode), 2 control.
 */
#define FW_PM4_INDIRECT_BUFFER_DWORDS 3
#define FW_PM4_IB_SIZE 0, 20		/* dwords */
#define FW_PM4_IB_CHAIN 20, 1
#define FW_PM4_IB_VALID 23, 1
#define FW_PM4_IB_VMID 24, 4

/*
 * SET_SH_REG: dword 0 is the first register's offset from the SH register
 * base, the values follow. Compute registers the CP launches from (gfx9
 * offsets from the SH base, in dwords):
 */
#define FW_PM4_SH_REG_BASE 0x2c00
#define FW_SH_COMPUTE_DISPATCH_INITIATOR 0x200
#define FW_SH_COMPUTE_START_X 0x204
#define FW_SH_COMPUTE_START_Y 0x205
#define FW_SH_COMPUTE_START_Z 0x206
#define FW_SH_COMPUTE_NUM_THREAD_X 0x207
#define FW_SH_COMPUTE_NUM_THREAD_Y 0x208
#define FW_SH_COMPUTE_NUM_THREAD_Z 0x209
#define FW_SH_COMPUTE_PGM_LO 0x20c	/* code address >> 8 */
#define FW_SH_COMPUTE_PGM_HI 0x20d
#define FW_SH_COMPUTE_PGM_RSRC1 0x212
#define FW_SH_COMPUTE_PGM_RSRC2 0x213
#define FW_SH_COMPUTE_RESOURCE_LIMITS 0x215
#define FW_SH_COMPUTE_TMPRING_SIZE 0x218
#define FW_SH_COMPUTE_USER_DATA_0 0x240
#define FW_SH_COMPUTE_USER_DATA_COUNT 16
#define FW_SH_COMPUTE_REG_END 0x400	/* registers the CP tracks: [0, END) */

/* COMPUTE_NUM_THREAD_*: work-items per group along one dimension. */
#define FW_COMPUTE_NUM_THREAD_FULL 0, 16
/* COMPUTE_TMPRING_SIZE: scratch waves and bytes per wave in KiB units. */
#define FW_COMPUTE_TMPRING_WAVES 0, 12
#define FW_COMPUTE_TMPRING_WAVESIZE 12, 13

/* DISPATCH_DIRECT (4 payload dwords): group counts x, y, z; initiator. */
#define FW_PM4_DISPATCH_DIRECT_DWORDS 4
#define FW_COMPUTE_DISPATCH_INITIATOR_COMPUTE_SHADER_EN 0, 1
#define FW_COMPUTE_DISPATCH_INITIATOR_USE_THREAD_DIMENSIONS 5, 1

/* EVENT_WRITE: dword 0 event type and index; timestamp events add 2. */
#define FW_PM4_EVENT_WRITE_MIN_DWORDS 1

#endif /* FW_PM4_PACKETS_H */
