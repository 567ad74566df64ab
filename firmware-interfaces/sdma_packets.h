/* SPDX-License-Identifier: MIT */
/*
 * SDMA v4 (gfx9) packets: what a user-mode SDMA ring holds. Every packet
 * starts with a header dword naming the operation (bits 7:0) and the
 * sub-operation (bits 15:8); the rest of the header and the dwords that
 * follow depend on the operation. Sizes are fixed per packet except WRITE
 * (its data follows) and NOP (its count of dwords to skip).
 *
 * On SDMA v4, byte and dword counts hold the count minus one.
 */
#ifndef FW_SDMA_PACKETS_H
#define FW_SDMA_PACKETS_H

#include "fw_common.h"

/* Header */
#define FW_SDMA_HEADER_OP 0, 8
#define FW_SDMA_HEADER_SUB_OP 8, 8

#define FW_SDMA_HEADER(op, sub_op)                      \
	(FW_FIELD_PREP(FW_SDMA_HEADER_OP, (op)) |       \
	 FW_FIELD_PREP(FW_SDMA_HEADER_SUB_OP, (sub_op)))

enum fw_sdma_op {
	FW_SDMA_OP_NOP = 0,
	FW_SDMA_OP_COPY = 1,
	FW_SDMA_OP_WRITE = 2,
	FW_SDMA_OP_INDIRECT = 4,
	FW_SDMA_OP_FENCE = 5,
	FW_SDMA_OP_TRAP = 6,
	FW_SDMA_OP_SEM = 7,
	FW_SDMA_OP_POLL_REGMEM = 8,
	FW_SDMA_OP_COND_EXE = 9,
	FW_SDMA_OP_ATOMIC = 10,
	FW_SDMA_OP_CONST_FILL = 11,
	FW_SDMA_OP_PTEPDE = 12,
	FW_SDMA_OP_TIMESTAMP = 13,
	FW_SDMA_OP_SRBM_WRITE = 14,
	FW_SDMA_OP_PRE_EXE = 15,
	FW_SDMA_OP_DUMMY_TRAP = 16,
};

enum fw_sdma_sub_op {
	FW_SDMA_SUBOP_COPY_LINEAR = 0,
	FW_SDMA_SUBOP_COPY_TILED = 1,
	FW_SDMA_SUBOP_COPY_LINEAR_SUB_WINDOW = 4,
	FW_SDMA_SUBOP_WRITE_LINEAR = 0,		/* WRITE UNTILED */
	FW_SDMA_SUBOP_TIMESTAMP_SET = 0,
	FW_SDMA_SUBOP_TIMESTAMP_GET = 1,
	FW_SDMA_SUBOP_TIMESTAMP_GET_GLOBAL = 2,
};

/*
 * NOP: the header's count is the number of dwords after the header that
 * the engine skips (padding).
 */
#define FW_SDMA_NOP_COUNT 16, 14

/*
 * COPY LINEAR: count + 1 bytes from src to dst, any alignment. The
 * parameter dword holds the byte-swap modes of both sides.
 */
struct fw_sdma_copy_linear {
	uint32_t header;
	uint32_t count;		/* bytes - 1 */
	uint32_t parameter;
	uint32_t src_lo;
	uint32_t src_hi;
	uint32_t dst_lo;
	uint32_t dst_hi;
};

FW_ASSERT_SIZE(struct fw_sdma_copy_linear, 28);
FW_ASSERT_OFFSET(struct fw_sdma_copy_linear, count, 4);
FW_ASSERT_OFFSET(struct fw_sdma_copy_linear, src_lo, 12);
FW_ASSERT_OFFSET(struct fw_sdma_copy_linear, dst_lo, 20);

#define FW_SDMA_COPY_LINEAR_HEADER_TMZ 18, 1
#define FW_SDMA_COPY_LINEAR_HEADER_BROADCAST 27, 1
#define FW_SDMA_COPY_LINEAR_COUNT 0, 22
#define FW_SDMA_COPY_LINEAR_DST_SW 16, 2
#define FW_SDMA_COPY_LINEAR_SRC_SW 24, 2
/* The largest copy one packet moves. */
#define FW_SDMA_COPY_LINEAR_MAX_BYTES (1u << 22)

/*
 * COPY LINEAR SUB-WINDOW: a rectangle of elements (1 << elementsize bytes
 * each) between two linear surfaces. Pitches are in elements minus one;
 * slice pitches in elements minus one; rectangle sizes minus one.
 */
struct fw_sdma_copy_sub_window {
	uint32_t header;
	uint32_t src_lo;
	uint32_t src_hi;
	uint32_t src_xy;	/* x 13:0, y 29:16 */
	uint32_t src_z_pitch;	/* z 10:0, pitch 31:13 */
	uint32_t src_slice_pitch;
	uint32_t dst_lo;
	uint32_t dst_hi;
	uint32_t dst_xy;
	uint32_t dst_z_pitch;
	uint32_t dst_slice_pitch;
	uint32_t rect_xy;	/* width - 1 13:0, height - 1 29:16 */
	uint32_t rect_z;	/* depth - 1 10:0, swap modes */
};

FW_ASSERT_SIZE(struct fw_sdma_copy_sub_window, 52);
FW_ASSERT_OFFSET(struct fw_sdma_copy_sub_window, dst_lo, 24);
FW_ASSERT_OFFSET(struct fw_sdma_copy_sub_window, rect_xy, 44);

#define FW_SDMA_SUB_WINDOW_HEADER_ELEMENTSIZE 29, 3	/* log2 bytes */
#define FW_SDMA_SUB_WINDOW_X 0, 14
#define FW_SDMA_SUB_WINDOW_Y 16, 14
#define FW_SDMA_SUB_WINDOW_Z 0, 11
#define FW_SDMA_SUB_WINDOW_PITCH 13, 19
#define FW_SDMA_SUB_WINDOW_SLICE_PITCH 0, 28
#define FW_SDMA_SUB_WINDOW_RECT_X 0, 14
#define FW_SDMA_SUB_WINDOW_RECT_Y 16, 14
#define FW_SDMA_SUB_WINDOW_RECT_Z 0, 11

/*
 * WRITE UNTILED: count + 1 dwords of data follow the packet and are
 * written to dst (dword aligned).
 */
struct fw_sdma_write_untiled {
	uint32_t header;
	uint32_t dst_lo;
	uint32_t dst_hi;
	uint32_t dw3;		/* count, swap mode */
	/* followed by the data */
};

FW_ASSERT_SIZE(struct fw_sdma_write_untiled, 16);
FW_ASSERT_OFFSET(struct fw_sdma_write_untiled, dw3, 12);

#define FW_SDMA_WRITE_UNTILED_COUNT 0, 20	/* dwords - 1 */
#define FW_SDMA_WRITE_UNTILED_SW 24, 2

/* FENCE: the 32-bit data to addr (dword aligned) once earlier work is done. */
struct fw_sdma_fence {
	uint32_t header;
	uint32_t addr_lo;
	uint32_t addr_hi;
	uint32_t data;
};

FW_ASSERT_SIZE(struct fw_sdma_fence, 16);
FW_ASSERT_OFFSET(struct fw_sdma_fence, data, 12);

/*
 * TRAP: an interrupt (SDMA client, source FW_IH_SRC_SDMA_TRAP) whose
 * context id is int_context; the KFD signals the event it names.
 */
struct fw_sdma_trap {
	uint32_t header;
	uint32_t int_context;
};

FW_ASSERT_SIZE(struct fw_sdma_trap, 8);

#define FW_SDMA_TRAP_INT_CONTEXT 0, 28

/*
 * POLL_REGMEM: waits until (value at addr & mask) FUNC reference holds,
 * retrying every interval (in 16-clock units) up to retry_count times
 * (0xfff: forever). mem_poll 0 polls a register; with hdp_flush set the
 * packet is the HDP flush (request/done register pair).
 */
struct fw_sdma_poll_regmem {
	uint32_t header;
	uint32_t addr_lo;
	uint32_t addr_hi;
	uint32_t value;		/* reference */
	uint32_t mask;
	uint32_t dw5;		/* interval, retry count */
};

FW_ASSERT_SIZE(struct fw_sdma_poll_regmem, 24);
FW_ASSERT_OFFSET(struct fw_sdma_poll_regmem, mask, 16);

#define FW_SDMA_POLL_REGMEM_HEADER_HDP_FLUSH 26, 1
#define FW_SDMA_POLL_REGMEM_HEADER_FUNC 28, 3
#define FW_SDMA_POLL_REGMEM_HEADER_MEM_POLL 31, 1
#define FW_SDMA_POLL_REGMEM_INTERVAL 0, 16
#define FW_SDMA_POLL_REGMEM_RETRY_COUNT 16, 12
#define FW_SDMA_POLL_REGMEM_RETRY_FOREVER 0xfff

/* The compare functions of POLL_REGMEM (as PM4 WAIT_REG_MEM's). */
enum fw_sdma_poll_func {
	FW_SDMA_FUNC_ALWAYS = 0,
	FW_SDMA_FUNC_LT = 1,
	FW_SDMA_FUNC_LE = 2,
	FW_SDMA_FUNC_EQ = 3,
	FW_SDMA_FUNC_NE = 4,
	FW_SDMA_FUNC_GE = 5,
	FW_SDMA_FUNC_GT = 6,
};

/*
 * ATOMIC: a TC atomic operation on the 32- or 64-bit value at addr with
 * src_data (and cmp_data for compare-swap). With the loop bit a
 * compare-swap that fails is retried every loop_interval clocks.
 */
struct fw_sdma_atomic {
	uint32_t header;
	uint32_t addr_lo;
	uint32_t addr_hi;
	uint32_t src_data_lo;
	uint32_t src_data_hi;
	uint32_t cmp_data_lo;
	uint32_t cmp_data_hi;
	uint32_t loop_interval;
};

FW_ASSERT_SIZE(struct fw_sdma_atomic, 32);
FW_ASSERT_OFFSET(struct fw_sdma_atomic, src_data_lo, 12);
FW_ASSERT_OFFSET(struct fw_sdma_atomic, cmp_data_lo, 20);

#define FW_SDMA_ATOMIC_HEADER_LOOP 16, 1
#define FW_SDMA_ATOMIC_HEADER_TMZ 18, 1
#define FW_SDMA_ATOMIC_HEADER_OPERATION 25, 7
#define FW_SDMA_ATOMIC_LOOP_INTERVAL 0, 13

/*
 * The TC atomic opcodes: bits 4:0 the operation, bit 5 set for 64 bits,
 * bit 6 set for the variants that return nothing.
 */
#define FW_SDMA_ATOMIC_KIND 0, 5
#define FW_SDMA_ATOMIC_64BIT 5, 1
#define FW_SDMA_ATOMIC_NO_RETURN 6, 1

enum fw_sdma_atomic_kind {
	FW_SDMA_ATOMIC_SWAP = 0x07,
	FW_SDMA_ATOMIC_CMPSWAP = 0x08,
	FW_SDMA_ATOMIC_ADD = 0x0f,
	FW_SDMA_ATOMIC_SUB = 0x10,
	FW_SDMA_ATOMIC_SMIN = 0x11,
	FW_SDMA_ATOMIC_UMIN = 0x12,
	FW_SDMA_ATOMIC_SMAX = 0x13,
	FW_SDMA_ATOMIC_UMAX = 0x14,
	FW_SDMA_ATOMIC_AND = 0x15,
	FW_SDMA_ATOMIC_OR = 0x16,
	FW_SDMA_ATOMIC_XOR = 0x17,
	FW_SDMA_ATOMIC_INC = 0x18,
	FW_SDMA_ATOMIC_DEC = 0x19,
};

/* The opcodes ROCr sends. */
#define FW_SDMA_ATOMIC_CMPSWAP_RTN_64 0x28
#define FW_SDMA_ATOMIC_ADD_RTN_64 0x2f

/*
 * CONST_FILL: count + 1 bytes at dst filled with src_data, in units of
 * 1 << fillsize bytes (ROCr fills dwords: dst and count dword aligned).
 */
struct fw_sdma_const_fill {
	uint32_t header;
	uint32_t dst_lo;
	uint32_t dst_hi;
	uint32_t src_data;
	uint32_t count;
};

FW_ASSERT_SIZE(struct fw_sdma_const_fill, 20);
FW_ASSERT_OFFSET(struct fw_sdma_const_fill, count, 16);

#define FW_SDMA_CONST_FILL_HEADER_SW 16, 2
#define FW_SDMA_CONST_FILL_HEADER_FILLSIZE 30, 2	/* log2 bytes */
#define FW_SDMA_CONST_FILL_COUNT 0, 22		/* bytes - 1 */

/*
 * TIMESTAMP GET / GET_GLOBAL: the 64-bit GPU clock to addr (qword
 * aligned). SET loads the engine's local counter.
 */
struct fw_sdma_timestamp {
	uint32_t header;
	uint32_t addr_lo;
	uint32_t addr_hi;
};

FW_ASSERT_SIZE(struct fw_sdma_timestamp, 12);

#endif /* FW_SDMA_PACKETS_H */
