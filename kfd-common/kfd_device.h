/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * What every device model of the KFD has: the properties a GPU node
 * publishes, how its CUs spread over the shader arrays, how a gpu_id is
 * made, the SOC15 doorbell slice and the order SDMA queue slots are taken
 * in. A model (kfd_device_vega10.h) fills the properties.
 */
#ifndef KFD_DEVICE_H
#define KFD_DEVICE_H

#include "kfd_common.h"

/*
 * What a GPU node publishes in sysfs (kfd_topology.h prints these with the
 * names Linux uses) and what the ioctls report.
 */
struct kfdc_gpu_props {
	uint32_t simd_count;
	uint32_t max_waves_per_simd;
	uint32_t lds_size_in_kb;
	uint32_t gds_size_in_kb;
	uint32_t wave_front_size;
	uint32_t array_count; /* shader engines x arrays per engine */
	uint32_t simd_arrays_per_engine;
	uint32_t cu_per_simd_array;
	uint32_t simd_per_cu;
	uint32_t max_slots_scratch_cu;
	uint32_t gfx_target_version; /* 90000 for gfx900 */
	uint32_t vendor_id;
	uint32_t device_id;
	uint32_t location_id;
	uint32_t domain;
	uint32_t num_sdma_engines;
	uint32_t num_sdma_xgmi_engines;
	uint32_t num_sdma_queues_per_engine;
	uint32_t num_cp_queues;
	uint32_t max_engine_clk_fcompute; /* MHz */
	uint32_t fw_version;
	uint32_t sdma_fw_version;
	uint32_t capability;
	uint64_t local_mem_size; /* bytes of VRAM */
	uint32_t vram_width;	 /* bits */
	uint32_t mem_clk_max;	 /* MHz */
	uint64_t unique_id;
	uint32_t cu_count;    /* active CUs in all */
	uint32_t l1_cache_kb; /* per CU */
	uint32_t l2_cache_kb; /* per GPU */
	uint32_t cacheline_size;
};

/*
 * Active CUs of shader array `sh` of engine `se`: the CUs spread over the
 * engines as evenly as they go, the first engines taking one more.
 */
static inline uint32_t kfdc_active_cus(const struct kfdc_gpu_props *pr,
				       uint32_t se, uint32_t sh)
{
	uint32_t ses = pr->simd_arrays_per_engine
			       ? pr->array_count / pr->simd_arrays_per_engine
			       : 0;
	uint32_t per_se;

	if (se >= ses || sh >= pr->simd_arrays_per_engine)
		return 0;
	per_se = pr->cu_count / ses + (se < pr->cu_count % ses);
	return per_se / pr->simd_arrays_per_engine +
	       (sh < per_se % pr->simd_arrays_per_engine);
}

/*
 * gpu_id: Linux hashes the device's identity with hash_32() into 16 bits
 * (kfd_generate_gpu_id); the seed here is what identifies a virtual GPU.
 * `taken(id, ctx)` says whether another GPU already has the id; a clash or
 * a zero moves to the next seed.
 */
#define KFDC_GOLDEN_RATIO_32 0x61C88647u
#define KFDC_GPU_ID_BITS 16

static inline uint32_t kfdc_hash_32(uint32_t val, unsigned int bits)
{
	return (uint32_t)(val * KFDC_GOLDEN_RATIO_32) >> (32 - bits);
}

static inline uint32_t kfdc_make_gpu_id(const struct kfdc_gpu_props *pr,
					bool (*taken)(uint32_t id, void *ctx),
					void *ctx)
{
	uint32_t seed = pr->device_id ^ (pr->location_id << 16) ^
			pr->gfx_target_version ^ pr->cu_count;
	uint32_t n, id;

	for (n = 0;; n++) {
		id = kfdc_hash_32(seed + n, KFDC_GPU_ID_BITS);
		if (id && !taken(id, ctx))
			return id;
	}
}

/* SOC15: a process has 1024 64-bit doorbells per GPU, an 8 KiB slice. */
#define KFDC_DOORBELLS_PER_PROCESS 1024
#define KFDC_DOORBELL_SLICE_BYTES 8192

/*
 * SDMA queue slots: slot n is engine n % engines, queue n / engines, so
 * consecutive queues alternate engines (the KFD's allocation order).
 */
static inline uint32_t kfdc_sdma_slots(const struct kfdc_gpu_props *pr)
{
	return pr->num_sdma_engines * pr->num_sdma_queues_per_engine;
}

static inline uint32_t kfdc_sdma_slot_engine(const struct kfdc_gpu_props *pr,
					     uint32_t slot)
{
	return pr->num_sdma_engines ? slot % pr->num_sdma_engines : 0;
}

static inline uint32_t kfdc_sdma_slot_queue(const struct kfdc_gpu_props *pr,
					    uint32_t slot)
{
	return pr->num_sdma_engines ? slot / pr->num_sdma_engines : 0;
}

#endif /* KFD_DEVICE_H */
