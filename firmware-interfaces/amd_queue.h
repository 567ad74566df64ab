/* SPDX-License-Identifier: MIT */
/*
 * amd_queue_t: the HSA queue object (hsa_queue_t) followed by the fields the
 * command processor and kernel code read (Compute ABI: "AMD Queue"). The
 * AQL ring itself lives at hsa_queue.base_address. 64-byte aligned, 256
 * bytes, never spanning a 4 GiB boundary.
 */
#ifndef FW_AMD_QUEUE_H
#define FW_AMD_QUEUE_H

#include "fw_common.h"

enum fw_hsa_queue_type {
	FW_HSA_QUEUE_TYPE_MULTI = 0,
	FW_HSA_QUEUE_TYPE_SINGLE = 1,
	FW_HSA_QUEUE_TYPE_COOPERATIVE = 2,
};

#define FW_HSA_QUEUE_FEATURE_KERNEL_DISPATCH 1u
#define FW_HSA_QUEUE_FEATURE_AGENT_DISPATCH 2u

/* hsa_queue_t of the HSA runtime, large machine model. */
struct fw_hsa_queue {
	uint32_t type;
	uint32_t features;
	uint64_t base_address;		/* the ring of 64-byte packets */
	uint64_t doorbell_signal;	/* amd_signal_t of kind DOORBELL */
	uint32_t size;			/* packets, a power of two */
	uint32_t reserved1;
	uint64_t id;
};

/* amd_queue_t.queue_properties */
#define FW_AMD_QUEUE_PROP_ENABLE_TRAP_HANDLER 0, 1
#define FW_AMD_QUEUE_PROP_IS_PTR64 1, 1
#define FW_AMD_QUEUE_PROP_ENABLE_TRAP_HANDLER_DEBUG_SGPRS 2, 1
#define FW_AMD_QUEUE_PROP_ENABLE_PROFILING 3, 1
#define FW_AMD_QUEUE_PROP_USE_SCRATCH_ONCE 4, 1

#define FW_AMD_QUEUE_ALIGN 64

/*
 * Values the CP stores in queue_inactive_signal, as ROCr's queue error
 * handler reads them (bit flags; ROCr tests them in the order below and
 * reports the first set). INSUFFICIENT_SCRATCH and SCRATCH_RECLAIM are
 * requests the runtime answers (the queue stalls until the signal is 0
 * again, or until USE_SCRATCH_ONCE is cleared); the others stop the queue.
 * Bit 0 is scratch only: error codes must leave it clear.
 */
#define FW_AMD_QUEUE_ERROR_INSUFFICIENT_SCRATCH 0x1	/* grow amd_queue_t scratch */
#define FW_AMD_QUEUE_ERROR_INVALID_DIM 0x2	/* setup dimensions, grid size */
#define FW_AMD_QUEUE_ERROR_INVALID_GROUP_MEMORY 0x4	/* group segment > 64 KiB */
#define FW_AMD_QUEUE_ERROR_INVALID_CODE 0x8	/* null or invalid kernel object */
#define FW_AMD_QUEUE_ERROR_INVALID_PACKET 0x20	/* malformed packet (ROCr: format) */
#define FW_AMD_QUEUE_ERROR_INVALID_WORKGROUP_SIZE 0x40	/* 0 or > 1024 items */
#define FW_AMD_QUEUE_ERROR_OUT_OF_VGPRS 0x80
#define FW_AMD_QUEUE_ERROR_INVALID_VENDOR_PACKET 0x100	/* unknown AMD format */
#define FW_AMD_QUEUE_SCRATCH_RECLAIM 0x200	/* take back a USE_SCRATCH_ONCE grant */
#define FW_AMD_QUEUE_ERROR_MEMORY_VIOLATION 0x20000000	/* kernel VM fault */
#define FW_AMD_QUEUE_ERROR_ILLEGAL_INSTRUCTION 0x40000000
#define FW_AMD_QUEUE_ERROR_KERNEL_EXCEPTION 0x80000000	/* other kernel fault (ROCr: trap) */
/* Set by the runtime in the signal to retry a scratch request. */
#define FW_AMD_QUEUE_SCRATCH_RETRY 0x8000000000000000ull

/*
 * scratch_resource_descriptor: a gfx9 buffer V# over the scratch, swizzled
 * per lane (SQ_BUF_RSRC_WORD1 and WORD3 fields; word 0 is the base's low
 * 32 bits, word 2 NUM_RECORDS).
 */
#define FW_BUF_RSRC1_BASE_HI 0, 16
#define FW_BUF_RSRC1_SWIZZLE_ENABLE 31, 1
#define FW_BUF_RSRC3_DST_SEL_XYZW 0, 12	/* 0xfac: X, Y, Z, W */
#define FW_BUF_RSRC3_NUM_FORMAT 12, 3	/* 4: UINT */
#define FW_BUF_RSRC3_DATA_FORMAT 15, 4	/* 4: 32 */
#define FW_BUF_RSRC3_ELEMENT_SIZE 19, 2	/* 1: 4 bytes */
#define FW_BUF_RSRC3_INDEX_STRIDE 21, 2	/* 3: 64 lanes */
#define FW_BUF_RSRC3_ADD_TID_ENABLE 23, 1

struct fw_amd_queue {
	struct fw_hsa_queue hsa_queue;
	uint32_t reserved1[4];
	/* Written by producers: next packet index to be allocated. */
	uint64_t write_dispatch_id;
	/* Cache line read by kernel code. */
	uint32_t group_segment_aperture_base_hi;
	uint32_t private_segment_aperture_base_hi;
	uint32_t max_cu_id;
	uint32_t max_wave_id;
	uint64_t max_legacy_doorbell_dispatch_id_plus_1;
	uint32_t legacy_doorbell_lock;
	uint32_t reserved2[9];
	/* Cache line of the packet processor. */
	uint64_t read_dispatch_id;
	uint32_t read_dispatch_id_field_base_byte_offset;
	/* COMPUTE_TMPRING_SIZE (FW_COMPUTE_TMPRING_* in pm4_packets.h). */
	uint32_t compute_tmpring_size;
	uint32_t scratch_resource_descriptor[4];	/* buffer V# of scratch */
	/* gfx9: the scratch's VA (FLAT_SCRATCH_INIT); gfx8: an offset. */
	uint64_t scratch_backing_memory_location;
	uint64_t scratch_backing_memory_byte_size;
	/* Private bytes per lane each wave slot holds (ROCr 5.2 and older:
	 * scratch_workitem_byte_size, same offset). */
	uint32_t scratch_wave64_lane_byte_size;
	uint32_t queue_properties;
	uint32_t reserved3[2];
	/*
	 * An amd_signal_t the runtime owns (0: none). When the CP puts the
	 * queue in error it stores one of FW_AMD_QUEUE_ERROR_* in the signal's
	 * value before raising the interrupt, so the runtime can tell which
	 * queue stopped and why.
	 */
	uint64_t queue_inactive_signal;
	uint32_t reserved4[14];
} FW_ALIGNED(FW_AMD_QUEUE_ALIGN);

FW_ASSERT_SIZE(struct fw_hsa_queue, 40);
FW_ASSERT_OFFSET(struct fw_hsa_queue, features, 4);
FW_ASSERT_OFFSET(struct fw_hsa_queue, base_address, 8);
FW_ASSERT_OFFSET(struct fw_hsa_queue, doorbell_signal, 16);
FW_ASSERT_OFFSET(struct fw_hsa_queue, size, 24);
FW_ASSERT_OFFSET(struct fw_hsa_queue, id, 32);

FW_ASSERT_SIZE(struct fw_amd_queue, 256);
FW_ASSERT_OFFSET(struct fw_amd_queue, write_dispatch_id, 56);
FW_ASSERT_OFFSET(struct fw_amd_queue, group_segment_aperture_base_hi, 64);
FW_ASSERT_OFFSET(struct fw_amd_queue, private_segment_aperture_base_hi, 68);
FW_ASSERT_OFFSET(struct fw_amd_queue, max_cu_id, 72);
FW_ASSERT_OFFSET(struct fw_amd_queue, max_wave_id, 76);
FW_ASSERT_OFFSET(struct fw_amd_queue,
		 max_legacy_doorbell_dispatch_id_plus_1, 80);
FW_ASSERT_OFFSET(struct fw_amd_queue, legacy_doorbell_lock, 88);
FW_ASSERT_OFFSET(struct fw_amd_queue, read_dispatch_id, 128);
FW_ASSERT_OFFSET(struct fw_amd_queue,
		 read_dispatch_id_field_base_byte_offset, 136);
FW_ASSERT_OFFSET(struct fw_amd_queue, compute_tmpring_size, 140);
FW_ASSERT_OFFSET(struct fw_amd_queue, scratch_resource_descriptor, 144);
FW_ASSERT_OFFSET(struct fw_amd_queue, scratch_backing_memory_location, 160);
FW_ASSERT_OFFSET(struct fw_amd_queue, scratch_backing_memory_byte_size, 168);
FW_ASSERT_OFFSET(struct fw_amd_queue, scratch_wave64_lane_byte_size, 176);
FW_ASSERT_OFFSET(struct fw_amd_queue, queue_properties, 180);
FW_ASSERT_OFFSET(struct fw_amd_queue, queue_inactive_signal, 192);

#endif /* FW_AMD_QUEUE_H */
