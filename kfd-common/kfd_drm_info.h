/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * What a GPU's render node answers on both KFDs (the module's render.c,
 * the emulated KFD's render files): the DRM version and the AMDGPU_INFO
 * queries libdrm_amdgpu's amdgpu_device_initialize() makes for ROCm's
 * thunk (ACCEL_WORKING, DEV_INFO, READ_MMR_REG of GB_ADDR_CONFIG), with
 * amdgpu_info_ioctl's errnos. The node speaks that subset of the amdgpu
 * DRM interface 3.49 (Linux 6.1); libdrm checks only the major version.
 */
#ifndef KFD_DRM_INFO_H
#define KFD_DRM_INFO_H

#include "kfd_common.h"
#include "kfd_device.h"

/* The kernel's uAPI header; user space gets libdrm's copy (kfd_uapi). */
#include <drm/amdgpu_drm.h>

#define KFDC_DRM_NAME "gcnkfd"
#define KFDC_DRM_DESC "GCN GPU (KFD render node)"
#define KFDC_DRM_DATE "20150101"
#define KFDC_DRM_MAJOR 3
#define KFDC_DRM_MINOR 49
#define KFDC_DRM_PATCHLEVEL 0

/* gfx9's GB_ADDR_CONFIG, the one register libdrm reads on family AI. */
#define KFDC_MMGB_ADDR_CONFIG 0x263e
/* amdgpu_info_ioctl's bound on READ_MMR_REG's count. */
#define KFDC_MMR_REG_MAX_COUNT 128

/* amdgpu's AMDGPU_VA_RESERVED_SIZE and the gfx9 VM: 48 bits, 4 KiB pages. */
#define KFDC_VA_RESERVED 0x100000ULL
#define KFDC_VA_HOLE_START 0x0000800000000000ULL
#define KFDC_VA_HOLE_END 0xffff800000000000ULL
#define KFDC_VM_SIZE 0x1000000000000ULL
#define KFDC_GPU_PAGE 4096
/* The virtual GPU's clock counter counts nanoseconds: 10^6 kHz. */
#define KFDC_GPU_COUNTER_KHZ 1000000

/* DEV_INFO: the fields libdrm reads, from the GPU's properties. */
static inline void kfdc_drm_dev_info(const struct kfdc_gpu_props *pr,
				     struct drm_amdgpu_info_device *i)
{
	uint32_t ses = pr->simd_arrays_per_engine ?
		pr->array_count / pr->simd_arrays_per_engine : 0;
	uint32_t se, sh, n;

	memset(i, 0, sizeof(*i));
	i->device_id = pr->device_id;
	i->chip_rev = 0;
	i->external_rev = 0x1;		/* Vega 10 A0: rev_id + 1 */
	i->pci_rev = 0;			/* amdgpu.ids: 6863, 00 */
	i->family = AMDGPU_FAMILY_AI;
	i->num_shader_engines = ses;
	i->num_shader_arrays_per_engine = pr->simd_arrays_per_engine;
	i->gpu_counter_freq = KFDC_GPU_COUNTER_KHZ;
	i->max_engine_clock = (uint64_t)pr->max_engine_clk_fcompute * 1000;
	i->max_memory_clock = (uint64_t)pr->mem_clk_max * 1000;
	i->cu_active_number = pr->cu_count;
	for (se = 0; se < ses && se < 4; se++) {
		for (sh = 0; sh < pr->simd_arrays_per_engine && sh < 4; sh++) {
			n = kfdc_active_cus(pr, se, sh);
			i->cu_bitmap[se][sh] = n >= 32 ? ~0u : (1u << n) - 1;
			i->cu_ao_bitmap[se][sh] = i->cu_bitmap[se][sh];
		}
	}
	i->cu_ao_mask = i->cu_bitmap[0][0];
	i->enabled_rb_pipes_mask = 0xffff;
	i->num_rb_pipes = 16;
	i->num_hw_gfx_contexts = 8;
	i->ids_flags = 0;		/* a discrete GPU, no preemption */
	i->virtual_address_offset = KFDC_VA_RESERVED;
	i->virtual_address_max = KFDC_VA_HOLE_START;
	i->virtual_address_alignment = KFDC_GPU_PAGE;
	i->pte_fragment_size = 2 << 20;
	i->gart_page_size = KFDC_GPU_PAGE;
	i->ce_ram_size = 0x8000;
	i->vram_type = AMDGPU_VRAM_TYPE_HBM;
	i->vram_bit_width = pr->vram_width;
	i->wave_front_size = pr->wave_front_size;
	i->num_shader_visible_vgprs = 256;
	i->num_cu_per_sh = pr->cu_per_simd_array;
	i->num_tcc_blocks = 16;
	i->gs_vgt_table_depth = 32;
	i->gs_prim_buffer_depth = 1792;
	i->max_gs_waves_per_vgt = 32;
	i->high_va_offset = KFDC_VA_HOLE_END;
	i->high_va_max = KFDC_VA_HOLE_END | (KFDC_VM_SIZE - KFDC_VA_RESERVED);
}

/* One answer of AMDGPU_INFO, before it is copied out. */
union kfdc_drm_info_value {
	uint32_t u32;
	struct drm_amdgpu_info_device dev;
};

/*
 * AMDGPU_INFO: fills *v and *bytes (what to copy out, at most return_size
 * of it) or returns amdgpu's errno (negative).
 */
static inline int kfdc_drm_info(const struct drm_amdgpu_info *info,
				const struct kfdc_gpu_props *pr,
				uint32_t gb_addr_config,
				union kfdc_drm_info_value *v, size_t *bytes)
{
	if (!info->return_size || !info->return_pointer)
		return -EINVAL;
	switch (info->query) {
	case AMDGPU_INFO_ACCEL_WORKING:
		v->u32 = 1;
		*bytes = sizeof(v->u32);
		return 0;
	case AMDGPU_INFO_READ_MMR_REG:
		/* amdgpu's allow list; this GPU models one register of it. */
		if (info->read_mmr_reg.count > KFDC_MMR_REG_MAX_COUNT)
			return -EINVAL;
		if (info->read_mmr_reg.dword_offset != KFDC_MMGB_ADDR_CONFIG ||
		    info->read_mmr_reg.count != 1)
			return -EFAULT;
		v->u32 = gb_addr_config;
		*bytes = sizeof(v->u32);
		return 0;
	case AMDGPU_INFO_DEV_INFO:
		kfdc_drm_dev_info(pr, &v->dev);
		*bytes = sizeof(v->dev);
		return 0;
	}
	return -EINVAL;			/* amdgpu: "Invalid request" */
}

#endif /* KFD_DRM_INFO_H */
