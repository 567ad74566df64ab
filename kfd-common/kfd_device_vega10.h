/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * The device model both KFDs publish for the virtual GPU: a Vega 10
 * (gfx900) as the emulator models it. Its properties (what sysfs and the
 * ioctls report), its static SDMA doorbells, the gfx9 flat apertures and
 * the tile configuration. A gfx8 model would be a second header of the
 * same shape over kfd_device.h.
 */
#ifndef KFD_DEVICE_VEGA10_H
#define KFD_DEVICE_VEGA10_H

#include "gfx9_cu_placement.h"
#include "kfd_device.h"

#define KFDC_VEGA10_NAME "vega10" /* sysfs "name": the ASIC, lower case */
#define KFDC_VEGA10_MAX_CUS 64
#define KFDC_VEGA10_SHADER_ENGINES 4
#define KFDC_VEGA10_SH_PER_SE 1
#define KFDC_VEGA10_MAX_VRAM (8ULL << 30)

/*
 * VRAM is system memory on the virtual GPU: at most 8 GiB and never more
 * than half of the RAM, in whole MiB (the module's rule, so that buffers
 * the GPU holds can never take the host's last memory).
 */
static inline uint64_t kfdc_vega10_vram_bytes(uint64_t ram_bytes)
{
	return kfdc_min_u64(KFDC_VEGA10_MAX_VRAM,
			    (ram_bytes / 2) & ~((1ULL << 20) - 1));
}

/*
 * GPU `index` (0-based) with `cus` compute units (1..64) on a host with
 * `ram_bytes` of memory.
 */
static inline void kfdc_vega10_props(struct kfdc_gpu_props *pr, uint32_t index,
				     uint32_t cus, uint64_t ram_bytes)
{
	const uint32_t arrays =
		KFDC_VEGA10_SHADER_ENGINES * KFDC_VEGA10_SH_PER_SE;

	memset(pr, 0, sizeof(*pr));
	pr->cu_count = cus;
	pr->simd_per_cu = 4;
	pr->simd_count = cus * pr->simd_per_cu;
	pr->max_waves_per_simd = 10;
	pr->lds_size_in_kb = 64;
	pr->gds_size_in_kb = 0;
	pr->wave_front_size = 64;
	pr->array_count = arrays;
	pr->simd_arrays_per_engine = KFDC_VEGA10_SH_PER_SE;
	/* The widest array when the CUs do not divide evenly. */
	pr->cu_per_simd_array = (cus + arrays - 1) / arrays;
	pr->max_slots_scratch_cu = 32;
	pr->gfx_target_version = 90000;
	pr->vendor_id = 0x1002;
	pr->device_id = 0x6863;		    /* Radeon Vega Frontier Edition */
	pr->location_id = (index + 1) << 8; /* PCI bus index + 1, device 0 */
	pr->domain = 0;
	pr->num_sdma_engines = 2;
	pr->num_sdma_xgmi_engines = 0;
	pr->num_sdma_queues_per_engine = 2;
	pr->num_cp_queues = 24;
	pr->max_engine_clk_fcompute = 1600;
	pr->fw_version = 446; /* MEC firmware */
	pr->sdma_fw_version = 433;
	pr->local_mem_size = kfdc_vega10_vram_bytes(ram_bytes);
	pr->vram_width = 2048;
	pr->mem_clk_max = 945;
	pr->unique_id = 0x1000000000000000ULL | (index + 1);
	pr->l1_cache_kb = 16;
	pr->l2_cache_kb = 4096;
	pr->cacheline_size = 64;
}

/*
 * Doorbells (SOC15, kfd_device.h): SDMA doorbells are static: engine e's queue q rings slot
 * base[e] + (q & 1) * 512 + (q >> 1); CP queues never get those slots.
 */
#define KFDC_VEGA10_SDMA_ENGINES 2
#define KFDC_SDMA_DOORBELL_MIRROR 512

static inline uint32_t kfdc_vega10_sdma_doorbell(uint32_t engine,
						 uint32_t queue)
{
	static const uint32_t base[KFDC_VEGA10_SDMA_ENGINES] = { 0xf0, 0xf2 };

	return base[engine % KFDC_VEGA10_SDMA_ENGINES] +
	       (queue & 1) * KFDC_SDMA_DOORBELL_MIRROR + (queue >> 1);
}

static inline bool kfdc_vega10_doorbell_is_sdma(const struct kfdc_gpu_props *pr,
						uint32_t slot)
{
	uint32_t e, q;

	for (e = 0; e < KFDC_VEGA10_SDMA_ENGINES; e++)
		for (q = 0; q < pr->num_sdma_queues_per_engine; q++)
			if (kfdc_vega10_sdma_doorbell(e, q) == slot)
				return true;
	return false;
}

/*
 * gfx9 flat apertures of a 64-bit process: LDS and scratch at fixed 4 GiB
 * windows (Linux's MAKE_LDS_APP_BASE_V9, MAKE_SCRATCH_APP_BASE_V9); GPUVM
 * is the process's user range (GPU VA = CPU VA) above the first MiB.
 */
#define KFDC_LDS_APERTURE_BASE 0x1000000000000ULL     /* 2^48 */
#define KFDC_SCRATCH_APERTURE_BASE 0x2000000000000ULL /* 2^49 */
#define KFDC_APERTURE_SIZE 0x100000000ULL	      /* 4 GiB */
#define KFDC_GPUVM_BASE 0x100000ULL		      /* 1 MiB */
#define KFDC_GPUVM_LIMIT 0x7fffffffffffULL	      /* 2^47 - 1 */

static inline void
kfdc_gfx9_apertures(uint32_t gpu_id, struct kfd_process_device_apertures *ap)
{
	memset(ap, 0, sizeof(*ap));
	ap->gpu_id = gpu_id;
	ap->lds_base = KFDC_LDS_APERTURE_BASE;
	ap->lds_limit = KFDC_LDS_APERTURE_BASE + KFDC_APERTURE_SIZE - 1;
	ap->scratch_base = KFDC_SCRATCH_APERTURE_BASE;
	ap->scratch_limit = KFDC_SCRATCH_APERTURE_BASE + KFDC_APERTURE_SIZE - 1;
	ap->gpuvm_base = KFDC_GPUVM_BASE;
	ap->gpuvm_limit = KFDC_GPUVM_LIMIT;
}

/* Vega 10's GB_ADDR_CONFIG; gfx9 has no tile-mode tables (all zero). */
#define KFDC_VEGA10_GB_ADDR_CONFIG 0x2a114042
#define KFDC_NUM_TILE_CONFIGS 32
#define KFDC_NUM_MACRO_TILE_CONFIGS 16

#endif /* KFD_DEVICE_VEGA10_H */
