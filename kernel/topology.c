// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * The HSA topology in sysfs, where the thunks look for it:
 *
 *   /sys/devices/virtual/kfd/kfd/topology/{generation_id,system_properties}
 *   .../topology/nodes/N/{gpu_id,name,properties}
 *   .../topology/nodes/N/{mem_banks,caches,io_links}/M/properties
 *   .../topology/nodes/N/{p2p_links,perf}/            (empty)
 *
 * Names, order and number formats of the properties are those of Linux
 * 6.1's amdkfd, since ROCm's thunk and ours parse the text line by line.
 * Nodes 0..C-1 are the online NUMA nodes (CPU nodes), the GPUs of
 * gcnkfd_devices follow in list order. With the apu parameter the first
 * GPU is an IOMMUv2 APU instead, as amdkfd builds Kaveri, Carrizo or
 * Raven from their CRAT: node 0 holds the first NUMA node's CPU cores and
 * the GPU, its memory is the SYSTEM heap, and the node reports
 * HSA_CAP_ATS_PRESENT; the other GPUs follow the CPU nodes as before.
 * The emulated KFD's GCN_EMU_APU=1 node has the same shape (libhsakmt's
 * emulated/topology.cpp). The tree is a snapshot taken at
 * module load: the GPUs never change while the module is loaded, so the
 * generation id stays 1.
 */
#include <linux/bitmap.h>
#include <linux/cacheinfo.h>
#include <linux/cpu.h>
#include <linux/cpufreq.h>
#include <linux/device.h>
#include <linux/kobject.h>
#include <linux/mmzone.h>
#include <linux/nodemask.h>
#include <linux/slab.h>
#include <linux/sysfs.h>
#include <linux/topology.h>
#include <uapi/linux/kfd_sysfs.h>

#include "gcnkfd.h"
#include "kfd_topology.h"

#define TOPO_GENERATION 1
/* CRAT's sibling map is 32 bytes; wider maps only for bigger systems. */
#define TOPO_SIBLING_BITS_MIN 256
#define TOPO_SIBLING_BITS_MAX 1024
/* What the emulated topology reports for system memory (no DMI data). */
#define TOPO_SYSMEM_WIDTH 64

/* One mem_banks/M, caches/M or io_links/M directory. */
struct topo_item {
	struct kobject kobj;
	struct list_head list;		/* topo_node.items */
	union {
		struct {
			u32 heap_type;
			u64 size;
			u32 width;
			u32 mem_clk_max;
		} mem;
		struct {
			u32 processor_id_low;
			u32 level;
			u32 size_kb;
			u32 line_size;
			u32 lines_per_tag;
			u32 assoc;
			u32 type;
			u32 nbits;
			DECLARE_BITMAP(siblings, TOPO_SIBLING_BITS_MAX);
		} cache;
		struct {
			u32 type;
			u32 from, to;
			u32 weight;
			u32 min_bw, max_bw;
		} link;
	};
};

enum topo_kind { TOPO_MEM, TOPO_CACHE, TOPO_LINK, TOPO_KINDS };

/* One nodes/N directory; the values are copied, nothing points outside. */
struct topo_node {
	struct kobject kobj;
	struct list_head list;		/* topo_nodes */
	struct list_head items;		/* its topo_items, children first */
	struct kobject *dirs[TOPO_KINDS];
	struct kobject *p2p_dir, *perf_dir;
	u32 counts[TOPO_KINDS];
	u32 index;			/* N */
	bool gpu;
	u32 gpu_id;
	char name[32];
	u32 cpu_cores;
	u32 cpu_core_id_base;
	u32 simd_id_base;
	u32 capability;
	u32 render_minor;		/* GPU nodes: render.c's */
	struct kfdc_gpu_props props;	/* GPU nodes */
};

static struct kobject *topo_root;	/* .../kfd/kfd/topology */
static struct kobject *topo_nodes_dir;	/* .../topology/nodes */
static LIST_HEAD(topo_nodes);

static const char * const topo_dir_names[TOPO_KINDS] = {
	[TOPO_MEM] = "mem_banks",
	[TOPO_CACHE] = "caches",
	[TOPO_LINK] = "io_links",
};

/* Linux prints the CPU clock of every node from cpufreq, in MHz. */
static u32 topo_cpu_mhz(void)
{
	unsigned int khz = cpufreq_quick_get_max(0);

#ifdef CONFIG_X86
	if (!khz)
		khz = cpu_khz;	/* no cpufreq driver, e.g. in a VM */
#endif
	return khz / 1000;
}

/* sysfs text */

static struct attribute topo_attr_props = {
	.name = "properties", .mode = 0444,
};

static struct attribute topo_attr_gpu_id = { .name = "gpu_id", .mode = 0444 };
static struct attribute topo_attr_name = { .name = "name", .mode = 0444 };
static struct attribute topo_attr_genid = {
	.name = "generation_id", .mode = 0444,
};

static struct attribute topo_attr_sysprops = {
	.name = "system_properties", .mode = 0444,
};

static int topo_u64(char *buf, int at, const char *name, u64 v)
{
	return at + sysfs_emit_at(buf, at, "%s %llu\n", name, v);
}

struct topo_emit_ctx {
	char *buf;
	int at;
};

static void topo_emit(void *ctx, const char *name, u64 value)
{
	struct topo_emit_ctx *c = ctx;

	c->at += sysfs_emit_at(c->buf, c->at, "%s %llu\n", name, value);
}

static ssize_t topo_mem_show(struct topo_item *it, char *buf)
{
	struct topo_emit_ctx ctx = { .buf = buf };
	u64 v[KFDC_MEM_PROP_COUNT] = {
		[KFDC_MEM_heap_type] = it->mem.heap_type,
		[KFDC_MEM_size_in_bytes] = it->mem.size,
		[KFDC_MEM_width] = it->mem.width,
		[KFDC_MEM_mem_clk_max] = it->mem.mem_clk_max,
	};

	kfdc_print_props(kfdc_mem_props, KFDC_MEM_PROP_COUNT, v, false,
			 topo_emit, &ctx);
	return ctx.at;
}

static ssize_t topo_cache_show(struct topo_item *it, char *buf)
{
	struct topo_emit_ctx ctx = { .buf = buf };
	u64 v[KFDC_CACHE_PROP_COUNT] = {
		[KFDC_CACHE_processor_id_low] = it->cache.processor_id_low,
		[KFDC_CACHE_level] = it->cache.level,
		[KFDC_CACHE_size] = it->cache.size_kb,
		[KFDC_CACHE_cache_line_size] = it->cache.line_size,
		[KFDC_CACHE_cache_lines_per_tag] = it->cache.lines_per_tag,
		[KFDC_CACHE_association] = it->cache.assoc,
		[KFDC_CACHE_type] = it->cache.type,
	};
	int at;
	u32 i;

	kfdc_print_props(kfdc_cache_props, KFDC_CACHE_PROP_COUNT, v, false,
			 topo_emit, &ctx);
	at = ctx.at;
	/* One "0," or "1," per bit, the last comma a newline, as Linux. */
	at += sysfs_emit_at(buf, at, "sibling_map ");
	for (i = 0; i < it->cache.nbits; i++)
		at += sysfs_emit_at(buf, at, "%d%c",
				    test_bit(i, it->cache.siblings) ? 1 : 0,
				    i + 1 < it->cache.nbits ? ',' : '\n');
	return at;
}

static ssize_t topo_link_show(struct topo_item *it, char *buf)
{
	struct topo_emit_ctx ctx = { .buf = buf };
	u64 v[KFDC_LINK_PROP_COUNT] = {
		[KFDC_LINK_type] = it->link.type,
		[KFDC_LINK_node_from] = it->link.from,
		[KFDC_LINK_node_to] = it->link.to,
		[KFDC_LINK_weight] = it->link.weight,
		[KFDC_LINK_min_bandwidth] = it->link.min_bw,
		[KFDC_LINK_max_bandwidth] = it->link.max_bw,
		[KFDC_LINK_flags] = HSA_IOLINK_FLAGS_ENABLED,
	};

	kfdc_print_props(kfdc_link_props, KFDC_LINK_PROP_COUNT, v, false,
			 topo_emit, &ctx);
	return ctx.at;
}

/* The property list and its order are kfd-common's (kfd_topology.h). */
static ssize_t topo_node_props_show(struct topo_node *n, char *buf)
{
	struct topo_emit_ctx ctx = { .buf = buf };
	u64 v[KFDC_NODE_PROP_COUNT];

	if (n->gpu)
		kfdc_gpu_node_values(&n->props, v);
	else
		memset(v, 0, sizeof(v));
	v[KFDC_NODE_cpu_cores_count] = n->cpu_cores;
	v[KFDC_NODE_mem_banks_count] = n->counts[TOPO_MEM];
	v[KFDC_NODE_caches_count] = n->counts[TOPO_CACHE];
	v[KFDC_NODE_io_links_count] = n->counts[TOPO_LINK];
	v[KFDC_NODE_cpu_core_id_base] = n->cpu_core_id_base;
	v[KFDC_NODE_simd_id_base] = n->simd_id_base;
	/* CPU nodes print 0 as in Linux. */
	v[KFDC_NODE_drm_render_minor] = n->gpu ? n->render_minor : 0;
	v[KFDC_NODE_capability] = n->capability;
	v[KFDC_NODE_max_engine_clk_ccompute] = topo_cpu_mhz();
	kfdc_print_props(kfdc_node_props, KFDC_NODE_PROP_COUNT, v, n->gpu,
			 topo_emit, &ctx);
	return ctx.at;
}

static ssize_t topo_node_show(struct kobject *kobj, struct attribute *attr,
			      char *buf)
{
	struct topo_node *n = container_of(kobj, struct topo_node, kobj);

	if (attr == &topo_attr_gpu_id)
		return sysfs_emit(buf, "%u\n", n->gpu_id);
	if (attr == &topo_attr_name)
		return sysfs_emit(buf, "%s\n", n->name);
	return topo_node_props_show(n, buf);
}

static void topo_node_release(struct kobject *kobj)
{
	kfree(container_of(kobj, struct topo_node, kobj));
}

static const struct sysfs_ops topo_node_ops = { .show = topo_node_show };

static struct attribute *topo_node_attrs[] = {
	&topo_attr_gpu_id, &topo_attr_name, &topo_attr_props, NULL,
};
ATTRIBUTE_GROUPS(topo_node);

static const struct kobj_type topo_node_type = {
	.release = topo_node_release,
	.sysfs_ops = &topo_node_ops,
	.default_groups = topo_node_groups,
};

/* The three item kinds differ only in their text. */
#define TOPO_ITEM_TYPE(kind)						\
static ssize_t topo_##kind##_attr_show(struct kobject *kobj,		\
				       struct attribute *attr,		\
				       char *buf)			\
{									\
	return topo_##kind##_show(container_of(kobj, struct topo_item,	\
					       kobj), buf);		\
}									\
static const struct sysfs_ops topo_##kind##_ops = {			\
	.show = topo_##kind##_attr_show,				\
};									\
static const struct kobj_type topo_##kind##_type = {			\
	.release = topo_item_release,					\
	.sysfs_ops = &topo_##kind##_ops,				\
	.default_groups = topo_item_groups,				\
}

static void topo_item_release(struct kobject *kobj)
{
	kfree(container_of(kobj, struct topo_item, kobj));
}

static struct attribute *topo_item_attrs[] = { &topo_attr_props, NULL };
ATTRIBUTE_GROUPS(topo_item);

TOPO_ITEM_TYPE(mem);
TOPO_ITEM_TYPE(cache);
TOPO_ITEM_TYPE(link);

static const struct kobj_type *const topo_item_types[TOPO_KINDS] = {
	[TOPO_MEM] = &topo_mem_type,
	[TOPO_CACHE] = &topo_cache_type,
	[TOPO_LINK] = &topo_link_type,
};

static ssize_t topo_root_show(struct kobject *kobj, struct attribute *attr,
			      char *buf)
{
	int at = 0;

	if (attr == &topo_attr_genid)
		return sysfs_emit(buf, "%u\n", TOPO_GENERATION);
	/* No ACPI CRAT: the platform fields are 0, as Linux's virtual CRAT. */
	at = topo_u64(buf, at, "platform_oem", 0);
	at = topo_u64(buf, at, "platform_id", 0);
	return topo_u64(buf, at, "platform_rev", 0);
}

static void topo_root_release(struct kobject *kobj)
{
	kfree(kobj);
}

static const struct sysfs_ops topo_root_ops = { .show = topo_root_show };

static struct attribute *topo_root_attrs[] = {
	&topo_attr_genid, &topo_attr_sysprops, NULL,
};
ATTRIBUTE_GROUPS(topo_root);

static const struct kobj_type topo_root_type = {
	.release = topo_root_release,
	.sysfs_ops = &topo_root_ops,
	.default_groups = topo_root_groups,
};

/* building the tree */

static void topo_node_free(struct topo_node *n)
{
	struct topo_item *it, *tmp;
	int k;

	/* Children first: each holds a reference to its directory. */
	list_for_each_entry_safe(it, tmp, &n->items, list) {
		list_del(&it->list);
		kobject_put(&it->kobj);
	}
	for (k = 0; k < TOPO_KINDS; k++)
		kobject_put(n->dirs[k]);
	kobject_put(n->p2p_dir);
	kobject_put(n->perf_dir);
	list_del(&n->list);
	kobject_put(&n->kobj);
}

/*
 * A node joins topo_nodes at once, so topo_free() cleans up whatever part
 * of it was made when a step fails.
 */
static struct topo_node *topo_node_new(u32 index)
{
	struct topo_node *n = kzalloc(sizeof(*n), GFP_KERNEL);
	int k, err;

	if (!n)
		return ERR_PTR(-ENOMEM);
	INIT_LIST_HEAD(&n->items);
	n->index = index;
	list_add_tail(&n->list, &topo_nodes);
	err = kobject_init_and_add(&n->kobj, &topo_node_type, topo_nodes_dir,
				   "%u", index);
	if (err)
		return ERR_PTR(err);
	for (k = 0; k < TOPO_KINDS; k++) {
		n->dirs[k] = kobject_create_and_add(topo_dir_names[k],
						    &n->kobj);
		if (!n->dirs[k])
			return ERR_PTR(-ENOMEM);
	}
	/* Empty without XGMI peers or an IOMMU, but present as in 6.1. */
	n->p2p_dir = kobject_create_and_add("p2p_links", &n->kobj);
	n->perf_dir = kobject_create_and_add("perf", &n->kobj);
	if (!n->p2p_dir || !n->perf_dir)
		return ERR_PTR(-ENOMEM);
	return n;
}

/*
 * Items are initialised before their values are filled in and sit on the
 * node's list from the start, so a failed kobject_add() is undone by the
 * same kobject_put() as everything else.
 */
static struct topo_item *topo_item_new(struct topo_node *n,
				       enum topo_kind kind)
{
	struct topo_item *it = kzalloc(sizeof(*it), GFP_KERNEL);

	if (!it)
		return NULL;
	kobject_init(&it->kobj, topo_item_types[kind]);
	list_add_tail(&it->list, &n->items);
	return it;
}

static int topo_item_add(struct topo_node *n, enum topo_kind kind,
			 struct topo_item *it)
{
	int err = kobject_add(&it->kobj, n->dirs[kind], "%u", n->counts[kind]);

	if (!err)
		n->counts[kind]++;
	return err;
}

static int topo_add_mem(struct topo_node *n, u32 heap_type, u64 size,
			u32 width, u32 mem_clk_max)
{
	struct topo_item *it = topo_item_new(n, TOPO_MEM);

	if (!it)
		return -ENOMEM;
	it->mem.heap_type = heap_type;
	it->mem.size = size;
	it->mem.width = width;
	it->mem.mem_clk_max = mem_clk_max;
	return topo_item_add(n, TOPO_MEM, it);
}

static int topo_add_link(struct topo_node *n, u32 type, u32 to, u32 weight,
			 u32 bandwidth)
{
	struct topo_item *it = topo_item_new(n, TOPO_LINK);

	if (!it)
		return -ENOMEM;
	it->link.type = type;
	it->link.from = n->index;
	it->link.to = to;
	it->link.weight = weight;
	it->link.min_bw = bandwidth;
	it->link.max_bw = bandwidth;
	return topo_item_add(n, TOPO_LINK, it);
}

/* CPU nodes */

/* Linux names CPUs in the topology by their APIC ids (kfd_crat.c). */
static u32 topo_cpu_processor_id(unsigned int cpu)
{
#ifdef CONFIG_X86
	return cpu_data(cpu).apicid;
#else
	return cpu;
#endif
}

struct topo_cpu_caches {
	struct topo_node *node;
	int nid;
	unsigned int cpu;
};

static int topo_cache_dev_match(struct device *dev, void *data)
{
	return !strcmp(dev_name(dev), "cache");
}

/*
 * One cacheinfo leaf of the node's first online CPU. A node lists the
 * caches that CPU sees, as the emulated KFD and our thunk's reading of the
 * host's own cache files do; the sibling map has a bit per logical CPU of
 * the node that shares the cache.
 */
static int topo_add_cpu_cache(struct device *dev, void *data)
{
	struct topo_cpu_caches *ctx = data;
	struct cacheinfo *ci = dev_get_drvdata(dev);
	struct topo_item *it;
	unsigned int c;

	if (!ci || ci->type == CACHE_TYPE_NOCACHE)
		return 0;

	it = topo_item_new(ctx->node, TOPO_CACHE);
	if (!it)
		return -ENOMEM;
	it->cache.processor_id_low = topo_cpu_processor_id(ctx->cpu);
	it->cache.level = ci->level;
	it->cache.size_kb = ci->size / 1024;
	it->cache.line_size = ci->coherency_line_size;
	it->cache.lines_per_tag = ci->physical_line_partition ?: 1;
	it->cache.assoc = ci->ways_of_associativity;
	it->cache.type = HSA_CACHE_TYPE_CPU;
	if (ci->type != CACHE_TYPE_INST)
		it->cache.type |= HSA_CACHE_TYPE_DATA;
	if (ci->type != CACHE_TYPE_DATA)
		it->cache.type |= HSA_CACHE_TYPE_INSTRUCTION;
	it->cache.nbits = clamp_t(u32, round_up(nr_cpu_ids, 32),
				  TOPO_SIBLING_BITS_MIN, TOPO_SIBLING_BITS_MAX);
	for_each_cpu_and(c, &ci->shared_cpu_map, cpu_online_mask)
		if (cpu_to_node(c) == ctx->nid && c < it->cache.nbits)
			__set_bit(c, it->cache.siblings);
	return topo_item_add(ctx->node, TOPO_CACHE, it);
}

/*
 * The cacheinfo of a CPU is not exported to modules, but each leaf is the
 * driver data of its cpu<N>/cache/index<M> device.
 */
static int topo_add_cpu_caches(struct topo_node *n, int nid, unsigned int cpu)
{
	struct topo_cpu_caches ctx = { .node = n, .nid = nid, .cpu = cpu };
	struct device *cpu_dev = get_cpu_device(cpu);
	struct device *cache_dev;
	int err;

	if (!cpu_dev)
		return 0;
	cache_dev = device_find_child(cpu_dev, NULL, topo_cache_dev_match);
	if (!cache_dev)
		return 0;	/* no cacheinfo for this CPU: no caches */
	err = device_for_each_child(cache_dev, &ctx, topo_add_cpu_cache);
	put_device(cache_dev);
	return err;
}

/* si_meminfo_node()'s total, which modules cannot call: managed pages. */
static u64 topo_node_mem_bytes(int nid)
{
	pg_data_t *pgdat = NODE_DATA(nid);
	unsigned long pages = 0;
	int z;

	for (z = 0; z < MAX_NR_ZONES; z++)
		pages += zone_managed_pages(&pgdat->node_zones[z]);
	return (u64)pages << PAGE_SHIFT;
}

/* Linux's virtual CRAT links NUMA nodes with HyperTransport or QPI. */
static u32 topo_cpu_link_type(void)
{
#ifdef CONFIG_X86
	if (boot_cpu_data.x86_vendor == X86_VENDOR_AMD)
		return HSA_IOLINK_TYPE_HYPERTRANSPORT;
#endif
	return HSA_IOLINK_TYPE_QPI_1_1;
}

static int topo_fill_gpu(struct topo_node *n, struct gcnkfd_dev *dev,
			 u32 simd_id_base);

/*
 * CPU node index for NUMA node nid; apu (or NULL) is the APU whose GPU
 * shares node 0 with the CPU cores.
 */
static int topo_add_cpu_node(u32 index, int nid, struct gcnkfd_dev *apu,
			     u32 simd_id_base)
{
	struct gcnkfd_dev *dev;
	struct topo_node *n;
	unsigned int cpu;
	u32 other_index = 0;
	int other, err;

	n = topo_node_new(index);
	if (IS_ERR(n))
		return PTR_ERR(n);
	for_each_cpu_and(cpu, cpumask_of_node(nid), cpu_online_mask) {
		if (n->cpu_cores++)
			continue;
		n->cpu_core_id_base = topo_cpu_processor_id(cpu);
		err = topo_add_cpu_caches(n, nid, cpu);
		if (err)
			return err;
	}
	/* An APU lists the CPU's caches first, then the GPU's. */
	if (apu) {
		err = topo_fill_gpu(n, apu, simd_id_base);
		if (err)
			return err;
		n->capability |= HSA_CAP_ATS_PRESENT;
	}

	err = topo_add_mem(n, HSA_MEM_HEAP_TYPE_SYSTEM, topo_node_mem_bytes(nid),
			   TOPO_SYSMEM_WIDTH, 0);
	if (err)
		return err;

	for_each_online_node(other) {
		if (other != nid) {
			err = topo_add_link(n, topo_cpu_link_type(), other_index,
					    node_distance(nid, other), 0);
			if (err)
				return err;
		}
		other_index++;
	}
	/*
	 * Every GPU hangs off the first CPU node (no PCI device to ask); an
	 * APU's GPU is that node.
	 */
	if (index == 0) {
		list_for_each_entry(dev, &gcnkfd_devices, list) {
			if (dev == apu)
				continue;
			err = topo_add_link(n, HSA_IOLINK_TYPE_PCIEXPRESS,
					    dev->node, KFDC_PCIE_LINK_WEIGHT,
					    KFDC_PCIE_BANDWIDTH_MBS);
			if (err)
				return err;
		}
	}
	return 0;
}

/* GPU nodes */

/* The doorbell format goes with the gfx generation, as Linux derives it. */
static u32 topo_doorbell_cap(u32 gfx_target_version)
{
	u32 type;

	if (gfx_target_version >= 90000)
		type = HSA_CAP_DOORBELL_TYPE_2_0;
	else if (gfx_target_version >= 80000)
		type = HSA_CAP_DOORBELL_TYPE_1_0;
	else
		type = HSA_CAP_DOORBELL_TYPE_PRE_1_0;
	return (type << HSA_CAP_DOORBELL_TYPE_TOTALBITS_SHIFT) &
	       HSA_CAP_DOORBELL_TYPE_TOTALBITS_MASK;
}

static int topo_add_gpu_cache(struct topo_node *n, u32 id, u32 level,
			      u32 size_kb, u32 arrays, u32 cus_per_array)
{
	const struct kfdc_gpu_props *p = &n->props;
	struct topo_item *it = topo_item_new(n, TOPO_CACHE);
	u32 a;

	if (!it)
		return -ENOMEM;
	it->cache.processor_id_low = id;
	it->cache.level = level;
	it->cache.size_kb = size_kb;
	it->cache.line_size = p->cacheline_size;
	it->cache.lines_per_tag = 1;
	it->cache.type = HSA_CACHE_TYPE_DATA | HSA_CACHE_TYPE_HSACU;
	/*
	 * As Linux: a 32-bit CU mask per shader array, relative to
	 * processor_id_low.
	 */
	it->cache.nbits = min_t(u32, arrays * 32, TOPO_SIBLING_BITS_MAX);
	for (a = 0; a < arrays && (a + 1) * 32 <= it->cache.nbits; a++)
		bitmap_set(it->cache.siblings, a * 32,
			   min_t(u32, cus_per_array, 32));
	return topo_item_add(n, TOPO_CACHE, it);
}

/*
 * The GPU half of a node: its identity and properties, and its caches (a
 * vector L1 per CU, numbered by CU as Linux, one shared L2) after any the
 * node already lists.
 */
static int topo_fill_gpu(struct topo_node *n, struct gcnkfd_dev *dev,
			 u32 simd_id_base)
{
	const struct kfdc_gpu_props *p = &dev->props;
	u32 cu;
	int err;

	n->gpu = true;
	n->gpu_id = dev->gpu_id;
	n->render_minor = dev->render_minor;
	strscpy(n->name, dev->name, sizeof(n->name));
	n->props = *p;
	n->simd_id_base = simd_id_base;
	n->capability = p->capability | topo_doorbell_cap(p->gfx_target_version);
	for (cu = 0; cu < p->cu_count; cu++) {
		err = topo_add_gpu_cache(n, simd_id_base + cu, 1,
					 p->l1_cache_kb, 1, 1);
		if (err)
			return err;
	}
	return topo_add_gpu_cache(n, simd_id_base, 2, p->l2_cache_kb,
				  p->array_count, p->cu_per_simd_array);
}

static int topo_add_gpu_node(struct gcnkfd_dev *dev, u32 simd_id_base)
{
	const struct kfdc_gpu_props *p = &dev->props;
	struct topo_node *n;
	int err;

	n = topo_node_new(dev->node);
	if (IS_ERR(n))
		return PTR_ERR(n);
	err = topo_add_mem(n, HSA_MEM_HEAP_TYPE_FB_PUBLIC, p->local_mem_size,
			   p->vram_width, p->mem_clk_max);
	if (err)
		return err;
	err = topo_fill_gpu(n, dev, simd_id_base);
	if (err)
		return err;
	return topo_add_link(n, HSA_IOLINK_TYPE_PCIEXPRESS, 0,
			     KFDC_PCIE_LINK_WEIGHT, KFDC_PCIE_BANDWIDTH_MBS);
}

/* the whole tree */

static void topo_free(void)
{
	struct topo_node *n, *tmp;

	list_for_each_entry_safe_reverse(n, tmp, &topo_nodes, list)
		topo_node_free(n);
	kobject_put(topo_nodes_dir);
	topo_nodes_dir = NULL;
	kobject_put(topo_root);
	topo_root = NULL;
}

static int topo_build(void)
{
	u32 cpu_nodes = num_online_nodes(), index = 0;
	u32 simd_id_base = KFDC_GPU_PROCESSOR_ID_BASE;
	struct gcnkfd_dev *dev, *apu = NULL;
	int nid, err;

	/*
	 * The GPUs follow the CPU nodes; device.c assumed a single one, and
	 * the thunks find a GPU's node by its number. An APU is node 0.
	 */
	list_for_each_entry(dev, &gcnkfd_devices, list) {
		if (dev->apu) {
			apu = dev;
			dev->node = 0;
		} else {
			dev->node = cpu_nodes + index++;
		}
	}

	index = 0;
	for_each_online_node(nid) {
		err = topo_add_cpu_node(index, nid, index == 0 ? apu : NULL,
					simd_id_base);
		if (err)
			return err;
		index++;
	}
	if (apu)
		simd_id_base += apu->props.simd_count;
	list_for_each_entry(dev, &gcnkfd_devices, list) {
		if (dev == apu)
			continue;
		err = topo_add_gpu_node(dev, simd_id_base);
		if (err)
			return err;
		simd_id_base += dev->props.simd_count;
	}
	return 0;
}

int gcnkfd_topology_init(void)
{
	int err;

	topo_root = kzalloc(sizeof(*topo_root), GFP_KERNEL);
	if (!topo_root)
		return -ENOMEM;
	err = kobject_init_and_add(topo_root, &topo_root_type,
				   &gcnkfd_device->kobj, "topology");
	if (err)
		goto fail;
	topo_nodes_dir = kobject_create_and_add("nodes", topo_root);
	if (!topo_nodes_dir) {
		err = -ENOMEM;
		goto fail;
	}

	/* CPUs going on- or offline would change the nodes under our feet. */
	cpus_read_lock();
	err = topo_build();
	cpus_read_unlock();
	if (err)
		goto fail;
	return 0;
fail:
	pr_err("gcnkfd: cannot publish the topology (%d)\n", err);
	topo_free();
	return err;
}

void gcnkfd_topology_fini(void)
{
	topo_free();
}
