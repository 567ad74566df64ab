/* SPDX-License-Identifier: MIT */
/*
 * The 64-byte kernel descriptor of code objects v3 and later (AMDGPU usage:
 * "Kernel Descriptor for GFX6-GFX10"). A symbol "<kernel>.kd" in the code
 * object names it; a kernel dispatch packet's kernel_object points at it.
 */
#ifndef FW_KERNEL_DESCRIPTOR_H
#define FW_KERNEL_DESCRIPTOR_H

#include "fw_common.h"
#include "compute_pgm_rsrc.h"

/* kernel_code_properties (16 bits) */
#define FW_KD_ENABLE_SGPR_PRIVATE_SEGMENT_BUFFER 0, 1
#define FW_KD_ENABLE_SGPR_DISPATCH_PTR 1, 1
#define FW_KD_ENABLE_SGPR_QUEUE_PTR 2, 1
#define FW_KD_ENABLE_SGPR_KERNARG_SEGMENT_PTR 3, 1
#define FW_KD_ENABLE_SGPR_DISPATCH_ID 4, 1
#define FW_KD_ENABLE_SGPR_FLAT_SCRATCH_INIT 5, 1
#define FW_KD_ENABLE_SGPR_PRIVATE_SEGMENT_SIZE 6, 1
#define FW_KD_ENABLE_WAVEFRONT_SIZE32 10, 1	/* gfx10+; 0 on gfx9 */

struct fw_kernel_descriptor {
	uint32_t group_segment_fixed_size;	/* LDS bytes, static part */
	uint32_t private_segment_fixed_size;	/* scratch bytes per lane */
	/* Reserved in v3; LLVM 13+ records the kernarg bytes here. */
	uint32_t kernarg_size;
	uint8_t reserved0[4];
	int64_t kernel_code_entry_byte_offset;	/* from the descriptor */
	uint8_t reserved1[20];
	uint32_t compute_pgm_rsrc3;	/* gfx90a/gfx10+; 0 on gfx900 */
	uint32_t compute_pgm_rsrc1;
	uint32_t compute_pgm_rsrc2;
	uint16_t kernel_code_properties;
	uint8_t reserved2[6];
};

#define FW_KERNEL_DESCRIPTOR_ALIGN 64

FW_ASSERT_SIZE(struct fw_kernel_descriptor, 64);
FW_ASSERT_OFFSET(struct fw_kernel_descriptor, private_segment_fixed_size, 4);
FW_ASSERT_OFFSET(struct fw_kernel_descriptor, kernarg_size, 8);
FW_ASSERT_OFFSET(struct fw_kernel_descriptor,
		 kernel_code_entry_byte_offset, 16);
FW_ASSERT_OFFSET(struct fw_kernel_descriptor, compute_pgm_rsrc3, 44);
FW_ASSERT_OFFSET(struct fw_kernel_descriptor, compute_pgm_rsrc1, 48);
FW_ASSERT_OFFSET(struct fw_kernel_descriptor, compute_pgm_rsrc2, 52);
FW_ASSERT_OFFSET(struct fw_kernel_descriptor, kernel_code_properties, 56);

#endif /* FW_KERNEL_DESCRIPTOR_H */
