/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * The topology's property files as one table per file kind: the names
 * Linux 6.1's kfd_topology.c prints, in its order, and on which nodes. The
 * module's sysfs writer, the emulated KFD's text builder and the thunk's
 * parser all walk these tables, so a name or its place exists once.
 */
#ifndef KFD_TOPOLOGY_H
#define KFD_TOPOLOGY_H

#include "kfd_common.h"
#include "kfd_device.h"

/* Which nodes print a property. */
enum kfdc_prop_when {
	KFDC_PROP_ALL,	 /* every node */
	KFDC_PROP_GPU,	 /* GPU nodes only */
	KFDC_PROP_PARSE, /* not printed by 6.1; newer kernels, parsed */
};

struct kfdc_prop {
	const char *name;
	enum kfdc_prop_when when;
};

/* nodes/N/properties */
#define KFDC_NODE_PROPS(X)                           \
	X(cpu_cores_count, KFDC_PROP_ALL)            \
	X(simd_count, KFDC_PROP_ALL)                 \
	X(mem_banks_count, KFDC_PROP_ALL)            \
	X(caches_count, KFDC_PROP_ALL)               \
	X(io_links_count, KFDC_PROP_ALL)             \
	X(p2p_links_count, KFDC_PROP_ALL)            \
	X(cpu_core_id_base, KFDC_PROP_ALL)           \
	X(simd_id_base, KFDC_PROP_ALL)               \
	X(max_waves_per_simd, KFDC_PROP_ALL)         \
	X(lds_size_in_kb, KFDC_PROP_ALL)             \
	X(gds_size_in_kb, KFDC_PROP_ALL)             \
	X(num_gws, KFDC_PROP_ALL)                    \
	X(wave_front_size, KFDC_PROP_ALL)            \
	X(array_count, KFDC_PROP_ALL)                \
	X(simd_arrays_per_engine, KFDC_PROP_ALL)     \
	X(cu_per_simd_array, KFDC_PROP_ALL)          \
	X(simd_per_cu, KFDC_PROP_ALL)                \
	X(max_slots_scratch_cu, KFDC_PROP_ALL)       \
	X(gfx_target_version, KFDC_PROP_ALL)         \
	X(vendor_id, KFDC_PROP_ALL)                  \
	X(device_id, KFDC_PROP_ALL)                  \
	X(location_id, KFDC_PROP_ALL)                \
	X(domain, KFDC_PROP_ALL)                     \
	X(drm_render_minor, KFDC_PROP_ALL)           \
	X(hive_id, KFDC_PROP_ALL)                    \
	X(num_sdma_engines, KFDC_PROP_ALL)           \
	X(num_sdma_xgmi_engines, KFDC_PROP_ALL)      \
	X(num_sdma_queues_per_engine, KFDC_PROP_ALL) \
	X(num_cp_queues, KFDC_PROP_ALL)              \
	X(max_engine_clk_fcompute, KFDC_PROP_GPU)    \
	X(local_mem_size, KFDC_PROP_GPU)             \
	X(fw_version, KFDC_PROP_GPU)                 \
	X(capability, KFDC_PROP_GPU)                 \
	X(sdma_fw_version, KFDC_PROP_GPU)            \
	X(unique_id, KFDC_PROP_GPU)                  \
	X(max_engine_clk_ccompute, KFDC_PROP_ALL)    \
	X(debug_prop, KFDC_PROP_PARSE)

/* nodes/N/mem_banks/M/properties */
#define KFDC_MEM_PROPS(X)               \
	X(heap_type, KFDC_PROP_ALL)     \
	X(size_in_bytes, KFDC_PROP_ALL) \
	X(flags, KFDC_PROP_ALL)         \
	X(width, KFDC_PROP_ALL)         \
	X(mem_clk_max, KFDC_PROP_ALL)

/* nodes/N/caches/M/properties (then the sibling_map line) */
#define KFDC_CACHE_PROPS(X)                   \
	X(processor_id_low, KFDC_PROP_ALL)    \
	X(level, KFDC_PROP_ALL)               \
	X(size, KFDC_PROP_ALL)                \
	X(cache_line_size, KFDC_PROP_ALL)     \
	X(cache_lines_per_tag, KFDC_PROP_ALL) \
	X(association, KFDC_PROP_ALL)         \
	X(latency, KFDC_PROP_ALL)             \
	X(type, KFDC_PROP_ALL)

/* nodes/N/{io_links,p2p_links}/M/properties */
#define KFDC_LINK_PROPS(X)                          \
	X(type, KFDC_PROP_ALL)                      \
	X(version_major, KFDC_PROP_ALL)             \
	X(version_minor, KFDC_PROP_ALL)             \
	X(node_from, KFDC_PROP_ALL)                 \
	X(node_to, KFDC_PROP_ALL)                   \
	X(weight, KFDC_PROP_ALL)                    \
	X(min_latency, KFDC_PROP_ALL)               \
	X(max_latency, KFDC_PROP_ALL)               \
	X(min_bandwidth, KFDC_PROP_ALL)             \
	X(max_bandwidth, KFDC_PROP_ALL)             \
	X(recommended_transfer_size, KFDC_PROP_ALL) \
	X(flags, KFDC_PROP_ALL)

#define KFDC_NODE_ENUM(name, when) KFDC_NODE_##name,
#define KFDC_MEM_ENUM(name, when) KFDC_MEM_##name,
#define KFDC_CACHE_ENUM(name, when) KFDC_CACHE_##name,
#define KFDC_LINK_ENUM(name, when) KFDC_LINK_##name,
#define KFDC_PROP_ENTRY(name, when) { #name, when },

enum kfdc_node_prop {
	KFDC_NODE_PROPS(KFDC_NODE_ENUM)
	KFDC_NODE_PROP_COUNT
};

enum kfdc_mem_prop {
	KFDC_MEM_PROPS(KFDC_MEM_ENUM)
	KFDC_MEM_PROP_COUNT
};

enum kfdc_cache_prop {
	KFDC_CACHE_PROPS(KFDC_CACHE_ENUM)
	KFDC_CACHE_PROP_COUNT
};

enum kfdc_link_prop {
	KFDC_LINK_PROPS(KFDC_LINK_ENUM)
	KFDC_LINK_PROP_COUNT
};

static const struct kfdc_prop kfdc_node_props[] = {
	KFDC_NODE_PROPS(KFDC_PROP_ENTRY)
};

static const struct kfdc_prop kfdc_mem_props[] = {
	KFDC_MEM_PROPS(KFDC_PROP_ENTRY)
};

static const struct kfdc_prop kfdc_cache_props[] = {
	KFDC_CACHE_PROPS(KFDC_PROP_ENTRY)
};

static const struct kfdc_prop kfdc_link_props[] = {
	KFDC_LINK_PROPS(KFDC_PROP_ENTRY)
};

/*
 * Prints one property file: "name value\n" for each property the node
 * kind prints, through emit(ctx, name, value), which each writer provides
 * (sysfs_emit_at in the module, a string in the emulated KFD).
 */
typedef void (*kfdc_emit_fn)(void *ctx, const char *name, uint64_t value);

static inline void kfdc_print_props(const struct kfdc_prop *props,
				    unsigned int count, const uint64_t *values,
				    bool gpu, kfdc_emit_fn emit, void *ctx)
{
	unsigned int i;

	for (i = 0; i < count; i++) {
		if (props[i].when == KFDC_PROP_PARSE ||
		    (props[i].when == KFDC_PROP_GPU && !gpu))
			continue;
		emit(ctx, props[i].name, values[i]);
	}
}

/* The index of a property by name, or -1 (a newer kernel's property). */
static inline int kfdc_prop_index(const struct kfdc_prop *props,
				  unsigned int count, const char *name)
{
	unsigned int i;

	for (i = 0; i < count; i++)
		if (!strcmp(props[i].name, name))
			return (int)i;
	return -1;
}

/*
 * Numbers of the CRAT that both writers use: GPU SIMDs are numbered from
 * this virtual processor id up (kfd_crat.c), one GPU after the other; a
 * PCIe 3.0 x16 link's weight and bandwidth in MB/s.
 */
#define KFDC_GPU_PROCESSOR_ID_BASE 0x80001000u
#define KFDC_PCIE_LINK_WEIGHT 20
#define KFDC_PCIE_BANDWIDTH_MBS 15760

/*
 * A GPU node's properties from the device model; the writer adds what only
 * it knows: the item counts, ids, the render minor and the CPU clock.
 */
static inline void kfdc_gpu_node_values(const struct kfdc_gpu_props *pr,
					uint64_t v[KFDC_NODE_PROP_COUNT])
{
	memset(v, 0, sizeof(uint64_t) * KFDC_NODE_PROP_COUNT);
	v[KFDC_NODE_simd_count] = pr->simd_count;
	v[KFDC_NODE_max_waves_per_simd] = pr->max_waves_per_simd;
	v[KFDC_NODE_lds_size_in_kb] = pr->lds_size_in_kb;
	v[KFDC_NODE_gds_size_in_kb] = pr->gds_size_in_kb;
	v[KFDC_NODE_wave_front_size] = pr->wave_front_size;
	v[KFDC_NODE_array_count] = pr->array_count;
	v[KFDC_NODE_simd_arrays_per_engine] = pr->simd_arrays_per_engine;
	v[KFDC_NODE_cu_per_simd_array] = pr->cu_per_simd_array;
	v[KFDC_NODE_simd_per_cu] = pr->simd_per_cu;
	v[KFDC_NODE_max_slots_scratch_cu] = pr->max_slots_scratch_cu;
	v[KFDC_NODE_gfx_target_version] = pr->gfx_target_version;
	v[KFDC_NODE_vendor_id] = pr->vendor_id;
	v[KFDC_NODE_device_id] = pr->device_id;
	v[KFDC_NODE_location_id] = pr->location_id;
	v[KFDC_NODE_domain] = pr->domain;
	v[KFDC_NODE_num_sdma_engines] = pr->num_sdma_engines;
	v[KFDC_NODE_num_sdma_xgmi_engines] = pr->num_sdma_xgmi_engines;
	v[KFDC_NODE_num_sdma_queues_per_engine] =
		pr->num_sdma_queues_per_engine;
	v[KFDC_NODE_num_cp_queues] = pr->num_cp_queues;
	v[KFDC_NODE_max_engine_clk_fcompute] = pr->max_engine_clk_fcompute;
	/* Linux reports VRAM in mem_banks only. */
	v[KFDC_NODE_local_mem_size] = 0;
	v[KFDC_NODE_fw_version] = pr->fw_version;
	v[KFDC_NODE_sdma_fw_version] = pr->sdma_fw_version;
	v[KFDC_NODE_unique_id] = pr->unique_id;
}

#endif /* KFD_TOPOLOGY_H */
