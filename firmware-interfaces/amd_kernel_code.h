/* SPDX-License-Identifier: MIT */
/*
 * amd_kernel_code_t: the 256-byte kernel object of code object v2, which a
 * kernel dispatch packet's kernel_object points at (Compute ABI: "AMD
 * Kernel Code"). The machine code starts kernel_code_entry_byte_offset
 * bytes from it, 256-byte aligned.
 */
#ifndef FW_AMD_KERNEL_CODE_H
#define FW_AMD_KERNEL_CODE_H

#include "fw_common.h"
#include "compute_pgm_rsrc.h"

#define FW_AMD_KERNEL_CODE_VERSION_MAJOR 1
#define FW_AMD_KERNEL_CODE_VERSION_MINOR 1

enum fw_amd_machine_kind {
	FW_AMD_MACHINE_KIND_UNDEFINED = 0,
	FW_AMD_MACHINE_KIND_AMDGPU = 1,
};

/* amd_kernel_code_t.kernel_code_properties */
#define FW_AKC_ENABLE_SGPR_PRIVATE_SEGMENT_BUFFER 0, 1
#define FW_AKC_ENABLE_SGPR_DISPATCH_PTR 1, 1
#define FW_AKC_ENABLE_SGPR_QUEUE_PTR 2, 1
#define FW_AKC_ENABLE_SGPR_KERNARG_SEGMENT_PTR 3, 1
#define FW_AKC_ENABLE_SGPR_DISPATCH_ID 4, 1
#define FW_AKC_ENABLE_SGPR_FLAT_SCRATCH_INIT 5, 1
#define FW_AKC_ENABLE_SGPR_PRIVATE_SEGMENT_SIZE 6, 1
#define FW_AKC_ENABLE_SGPR_GRID_WORKGROUP_COUNT_X 7, 1
#define FW_AKC_ENABLE_SGPR_GRID_WORKGROUP_COUNT_Y 8, 1
#define FW_AKC_ENABLE_SGPR_GRID_WORKGROUP_COUNT_Z 9, 1
#define FW_AKC_ENABLE_ORDERED_APPEND_GDS 16, 1
#define FW_AKC_PRIVATE_ELEMENT_SIZE 17, 2	/* enum fw_element_byte_size */
#define FW_AKC_IS_PTR64 19, 1
#define FW_AKC_IS_DYNAMIC_CALLSTACK 20, 1
#define FW_AKC_IS_DEBUG_ENABLED 21, 1
#define FW_AKC_IS_XNACK_ENABLED 22, 1

/* Scratch swizzle element size (Compute ABI: "Scratch memory swizzling"). */
enum fw_element_byte_size {
	FW_ELEMENT_BYTE_SIZE_2 = 0,
	FW_ELEMENT_BYTE_SIZE_4 = 1,
	FW_ELEMENT_BYTE_SIZE_8 = 2,
	FW_ELEMENT_BYTE_SIZE_16 = 3,
};

/* enabled_control_directives bits (HSAIL PRM chapter 13). */
#define FW_CONTROL_DIRECTIVE_ENABLE_BREAK_EXCEPTIONS 0x1ull
#define FW_CONTROL_DIRECTIVE_ENABLE_DETECT_EXCEPTIONS 0x2ull
#define FW_CONTROL_DIRECTIVE_MAX_DYNAMIC_GROUP_SIZE 0x4ull
#define FW_CONTROL_DIRECTIVE_MAX_FLAT_GRID_SIZE 0x8ull
#define FW_CONTROL_DIRECTIVE_MAX_FLAT_WORKGROUP_SIZE 0x10ull
#define FW_CONTROL_DIRECTIVE_REQUIRED_DIM 0x20ull
#define FW_CONTROL_DIRECTIVE_REQUIRED_GRID_SIZE 0x40ull
#define FW_CONTROL_DIRECTIVE_REQUIRED_WORKGROUP_SIZE 0x80ull
#define FW_CONTROL_DIRECTIVE_REQUIRE_NO_PARTIAL_WORKGROUPS 0x100ull

struct fw_amd_control_directives {
	uint64_t enabled_control_directives;
	uint16_t enable_break_exceptions;
	uint16_t enable_detect_exceptions;
	uint32_t max_dynamic_group_size;
	uint64_t max_flat_grid_size;
	uint32_t max_flat_workgroup_size;
	uint8_t required_dim;
	uint8_t reserved1[3];
	uint64_t required_grid_size[3];
	uint32_t required_workgroup_size[3];
	uint8_t reserved2[60];
} FW_ALIGNED(64);

struct fw_amd_kernel_code {
	uint32_t amd_kernel_code_version_major;
	uint32_t amd_kernel_code_version_minor;
	uint16_t amd_machine_kind;
	uint16_t amd_machine_version_major;	/* gfx900: 9 */
	uint16_t amd_machine_version_minor;	/* gfx900: 0 */
	uint16_t amd_machine_version_stepping;	/* gfx900: 0 */
	int64_t kernel_code_entry_byte_offset;
	int64_t kernel_code_prefetch_byte_offset;
	uint64_t kernel_code_prefetch_byte_size;
	uint64_t max_scratch_backing_memory_byte_size;
	uint32_t compute_pgm_rsrc1;
	uint32_t compute_pgm_rsrc2;
	uint32_t kernel_code_properties;
	uint32_t workitem_private_segment_byte_size;
	uint32_t workgroup_group_segment_byte_size;
	uint32_t gds_segment_byte_size;
	uint64_t kernarg_segment_byte_size;
	uint32_t workgroup_fbarrier_count;
	uint16_t wavefront_sgpr_count;
	uint16_t workitem_vgpr_count;
	uint16_t reserved_vgpr_first;
	uint16_t reserved_vgpr_count;
	uint16_t reserved_sgpr_first;
	uint16_t reserved_sgpr_count;
	uint16_t debug_wavefront_private_segment_offset_sgpr;
	uint16_t debug_private_segment_buffer_sgpr;
	uint8_t kernarg_segment_alignment;	/* log2 of bytes */
	uint8_t group_segment_alignment;	/* log2 of bytes */
	uint8_t private_segment_alignment;	/* log2 of bytes */
	uint8_t wavefront_size;			/* log2: 6 for wave64 */
	int32_t call_convention;
	uint8_t reserved1[12];
	uint64_t runtime_loader_kernel_symbol;
	struct fw_amd_control_directives control_directives;
} FW_ALIGNED(64);

FW_ASSERT_SIZE(struct fw_amd_control_directives, 128);
FW_ASSERT_OFFSET(struct fw_amd_control_directives, max_dynamic_group_size, 12);
FW_ASSERT_OFFSET(struct fw_amd_control_directives, max_flat_grid_size, 16);
FW_ASSERT_OFFSET(struct fw_amd_control_directives,
		 max_flat_workgroup_size, 24);
FW_ASSERT_OFFSET(struct fw_amd_control_directives, required_dim, 28);
FW_ASSERT_OFFSET(struct fw_amd_control_directives, required_grid_size, 32);
FW_ASSERT_OFFSET(struct fw_amd_control_directives,
		 required_workgroup_size, 56);

FW_ASSERT_SIZE(struct fw_amd_kernel_code, 256);
FW_ASSERT_OFFSET(struct fw_amd_kernel_code, amd_machine_kind, 8);
FW_ASSERT_OFFSET(struct fw_amd_kernel_code, amd_machine_version_major, 10);
FW_ASSERT_OFFSET(struct fw_amd_kernel_code, kernel_code_entry_byte_offset, 16);
FW_ASSERT_OFFSET(struct fw_amd_kernel_code,
		 kernel_code_prefetch_byte_offset, 24);
FW_ASSERT_OFFSET(struct fw_amd_kernel_code,
		 max_scratch_backing_memory_byte_size, 40);
FW_ASSERT_OFFSET(struct fw_amd_kernel_code, compute_pgm_rsrc1, 48);
FW_ASSERT_OFFSET(struct fw_amd_kernel_code, compute_pgm_rsrc2, 52);
FW_ASSERT_OFFSET(struct fw_amd_kernel_code, kernel_code_properties, 56);
FW_ASSERT_OFFSET(struct fw_amd_kernel_code,
		 workitem_private_segment_byte_size, 60);
FW_ASSERT_OFFSET(struct fw_amd_kernel_code,
		 workgroup_group_segment_byte_size, 64);
FW_ASSERT_OFFSET(struct fw_amd_kernel_code, gds_segment_byte_size, 68);
FW_ASSERT_OFFSET(struct fw_amd_kernel_code, kernarg_segment_byte_size, 72);
FW_ASSERT_OFFSET(struct fw_amd_kernel_code, workgroup_fbarrier_count, 80);
FW_ASSERT_OFFSET(struct fw_amd_kernel_code, wavefront_sgpr_count, 84);
FW_ASSERT_OFFSET(struct fw_amd_kernel_code, workitem_vgpr_count, 86);
FW_ASSERT_OFFSET(struct fw_amd_kernel_code,
		 debug_private_segment_buffer_sgpr, 98);
FW_ASSERT_OFFSET(struct fw_amd_kernel_code, kernarg_segment_alignment, 100);
FW_ASSERT_OFFSET(struct fw_amd_kernel_code, wavefront_size, 103);
FW_ASSERT_OFFSET(struct fw_amd_kernel_code, call_convention, 104);
FW_ASSERT_OFFSET(struct fw_amd_kernel_code, runtime_loader_kernel_symbol, 120);
FW_ASSERT_OFFSET(struct fw_amd_kernel_code, control_directives, 128);

#endif /* FW_AMD_KERNEL_CODE_H */
