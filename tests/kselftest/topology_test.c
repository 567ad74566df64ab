// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * The sysfs topology (kernel/topology.c) in Linux 6.1's layout and text
 * format, checked against what the system says another way: the gpu ids
 * GET_PROCESS_APERTURES_NEW reports, AVAILABLE_MEMORY of a fresh process,
 * the online NUMA nodes and CPUs (/sys/devices/system/{node,cpu}, sysconf)
 * and each node's MemTotal. Works for any num_gpus >= 1.
 */
#include <dirent.h>
#include <limits.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include "gcnkfd_test.h"
#include "kselftest_harness.h"

#define MAX_NODES 64
#define TEXT_MAX 8192
#define SYS_NODE "/sys/devices/system/node"
#define SYS_CPU "/sys/devices/system/cpu"

/* Node properties in the order Linux 6.1's node_show() prints them. */
static const char *const node_fields[] = {
	"cpu_cores_count", "simd_count", "mem_banks_count", "caches_count",
	"io_links_count", "p2p_links_count", "cpu_core_id_base",
	"simd_id_base", "max_waves_per_simd", "lds_size_in_kb",
	"gds_size_in_kb", "num_gws", "wave_front_size", "array_count",
	"simd_arrays_per_engine", "cu_per_simd_array", "simd_per_cu",
	"max_slots_scratch_cu", "gfx_target_version", "vendor_id",
	"device_id", "location_id", "domain", "drm_render_minor", "hive_id",
	"num_sdma_engines", "num_sdma_xgmi_engines",
	"num_sdma_queues_per_engine", "num_cp_queues",
};

/* Printed for GPU nodes only, before max_engine_clk_ccompute. */
static const char *const gpu_fields[] = {
	"max_engine_clk_fcompute", "local_mem_size", "fw_version",
	"capability", "sdma_fw_version", "unique_id",
};

static const char *const mem_fields[] = {
	"heap_type", "size_in_bytes", "flags", "width", "mem_clk_max",
};

static const char *const cache_fields[] = {
	"processor_id_low", "level", "size", "cache_line_size",
	"cache_lines_per_tag", "association", "latency", "type",
	"sibling_map",
};

static const char *const link_fields[] = {
	"type", "version_major", "version_minor", "node_from", "node_to",
	"weight", "min_latency", "max_latency", "min_bandwidth",
	"max_bandwidth", "recommended_transfer_size", "flags",
};

#define N_ELEMS(a) (sizeof(a) / sizeof((a)[0]))

static char *node_path(char *buf, size_t size, int node, const char *rest)
{
	snprintf(buf, size, KFD_TOPOLOGY "/nodes/%d/%s", node, rest);
	return buf;
}

static int node_count(void)
{
	char path[PATH_MAX], dummy[64];
	int n = 0;

	while (n < MAX_NODES &&
	       read_text(node_path(path, sizeof(path), n, "gpu_id"), dummy,
			 sizeof(dummy)) > 0)
		n++;
	return n;
}

/* A file holding one decimal number and a newline; -1 otherwise. */
static long long read_number(const char *path)
{
	char buf[64], *end;
	long long v;

	if (read_text(path, buf, sizeof(buf)) <= 0)
		return -1;
	v = strtoll(buf, &end, 10);
	if (end == buf || strcmp(end, "\n"))
		return -1;
	return v;
}

static long long node_prop(int node, const char *name)
{
	char path[PATH_MAX], text[TEXT_MAX];

	if (read_text(node_path(path, sizeof(path), node, "properties"), text,
		      sizeof(text)) <= 0)
		return -1;
	return text_prop(text, name);
}

static long long item_prop(int node, const char *dir, int i, const char *name)
{
	char rel[64], path[PATH_MAX], text[TEXT_MAX];

	snprintf(rel, sizeof(rel), "%s/%d/properties", dir, i);
	if (read_text(node_path(path, sizeof(path), node, rel), text,
		      sizeof(text)) <= 0)
		return -1;
	return text_prop(text, name);
}

static long long gpu_id_of(int node)
{
	char path[PATH_MAX];

	return read_number(node_path(path, sizeof(path), node, "gpu_id"));
}

/*
 * Checks "name value\n" lines carry exactly the names given, in order, and
 * that every value is a decimal number (sibling_map: 0/1 list). Returns
 * NULL or what is wrong.
 */
static const char *check_text(const char *text, const char *const *names,
			      size_t n)
{
	static char why[256];
	const char *s = text;
	size_t i;

	for (i = 0; i < n; i++) {
		size_t len = strlen(names[i]);
		const char *v, *eol = strchr(s, '\n');

		if (!eol || strncmp(s, names[i], len) || s[len] != ' ') {
			snprintf(why, sizeof(why), "expected \"%s\" at \"%.40s\"",
				 names[i], s);
			return why;
		}
		for (v = s + len + 1; v < eol; v++) {
			if ((*v >= '0' && *v <= '9') ||
			    (!strcmp(names[i], "sibling_map") && *v == ','))
				continue;
			snprintf(why, sizeof(why), "bad value of %s", names[i]);
			return why;
		}
		if (v == s + len + 1) {
			snprintf(why, sizeof(why), "%s has no value", names[i]);
			return why;
		}
		s = eol + 1;
	}
	if (*s) {
		snprintf(why, sizeof(why), "trailing text \"%.40s\"", s);
		return why;
	}
	return NULL;
}

/* Entries of a directory that are directories themselves; -1: none. */
static int count_subdirs(const char *path)
{
	DIR *d = opendir(path);
	struct dirent *e;
	int n = 0;

	if (!d)
		return -1;
	while ((e = readdir(d)))
		if (e->d_type == DT_DIR && e->d_name[0] != '.')
			n++;
	closedir(d);
	return n;
}

/* "0-3,8" into a bitmap of up to max bits; returns the number set. */
static int parse_list(const char *s, unsigned char *bits, int max)
{
	int n = 0;

	memset(bits, 0, max);
	while (*s && *s != '\n') {
		char *end;
		long a = strtol(s, &end, 10), b = a, i;

		if (end == s)
			break;
		if (*end == '-')
			b = strtol(end + 1, &end, 10);
		for (i = a; i <= b && i < max; i++) {
			n += !bits[i];
			bits[i] = 1;
		}
		s = *end == ',' ? end + 1 : end;
	}
	return n;
}

/* The online NUMA node ids in order; without NUMA sysfs, node 0. */
static int online_numa_nodes(int *ids, int max)
{
	unsigned char bits[1024];
	char buf[512];
	int i, n = 0;

	if (read_text(SYS_NODE "/online", buf, sizeof(buf)) <= 0) {
		ids[0] = 0;
		return 1;
	}
	parse_list(buf, bits, sizeof(bits));
	for (i = 0; i < (int)sizeof(bits) && n < max; i++)
		if (bits[i])
			ids[n++] = i;
	return n;
}

FIXTURE(topo)
{
	int fd;
	int nodes;
};

FIXTURE_SETUP(topo)
{
	self->fd = open(KFD_PATH, O_RDWR | O_CLOEXEC);
	ASSERT_LE(0, self->fd) {
		TH_LOG("open %s: %s", KFD_PATH, strerror(errno));
	}
	self->nodes = node_count();
	ASSERT_LT(0, self->nodes);
}

FIXTURE_TEARDOWN(topo)
{
	if (self->fd >= 0)
		close(self->fd);
}

TEST_F(topo, system_files_parse)
{
	char text[TEXT_MAX];
	static const char *const sys_fields[] = {
		"platform_oem", "platform_id", "platform_rev",
	};
	const char *why;

	ASSERT_LT(0, read_text(KFD_TOPOLOGY "/system_properties", text,
			       sizeof(text)));
	why = check_text(text, sys_fields, N_ELEMS(sys_fields));
	EXPECT_EQ(NULL, why) TH_LOG("system_properties: %s", why);
	EXPECT_LT(0, read_number(KFD_TOPOLOGY "/generation_id"));
	EXPECT_EQ(self->nodes, count_subdirs(KFD_TOPOLOGY "/nodes"));
}

TEST_F(topo, node_files_parse)
{
	static const char *const kinds[] = { "mem_banks", "caches", "io_links" };
	static const char *const counts[] = {
		"mem_banks_count", "caches_count", "io_links_count",
	};
	static const char *const *item_fields[] = {
		mem_fields, cache_fields, link_fields,
	};
	static const size_t item_n[] = {
		N_ELEMS(mem_fields), N_ELEMS(cache_fields), N_ELEMS(link_fields),
	};
	const char *names[N_ELEMS(node_fields) + N_ELEMS(gpu_fields) + 1];
	char path[PATH_MAX], rel[64], text[TEXT_MAX];
	int node, k, i;

	for (node = 0; node < self->nodes; node++) {
		bool gpu = gpu_id_of(node) > 0;
		size_t n = 0;
		const char *why;

		ASSERT_LE(0, gpu_id_of(node)) TH_LOG("node %d gpu_id", node);
		ASSERT_LT(0, read_text(node_path(path, sizeof(path), node,
						 "name"), text, sizeof(text)));
		EXPECT_EQ('\n', text[strlen(text) - 1]);

		for (i = 0; i < (int)N_ELEMS(node_fields); i++)
			names[n++] = node_fields[i];
		for (i = 0; gpu && i < (int)N_ELEMS(gpu_fields); i++)
			names[n++] = gpu_fields[i];
		names[n++] = "max_engine_clk_ccompute";
		ASSERT_LT(0, read_text(node_path(path, sizeof(path), node,
						 "properties"),
				       text, sizeof(text)));
		why = check_text(text, names, n);
		EXPECT_EQ(NULL, why) TH_LOG("node %d properties: %s", node, why);

		/* 6.1 has the p2p_links directory even when it is empty. */
		EXPECT_EQ(0, count_subdirs(node_path(path, sizeof(path), node,
						     "p2p_links")));
		EXPECT_EQ(0, node_prop(node, "p2p_links_count"));

		for (k = 0; k < 3; k++) {
			long long count = node_prop(node, counts[k]);

			EXPECT_EQ(count, count_subdirs(node_path(path,
				  sizeof(path), node, kinds[k])))
				TH_LOG("node %d %s", node, kinds[k]);
			for (i = 0; i < count; i++) {
				snprintf(rel, sizeof(rel), "%s/%d/properties",
					 kinds[k], i);
				ASSERT_LT(0, read_text(node_path(path,
						sizeof(path), node, rel),
						text, sizeof(text)));
				why = check_text(text, item_fields[k],
						 item_n[k]);
				EXPECT_EQ(NULL, why)
					TH_LOG("node %d %s: %s", node, rel, why);
			}
		}
		/* Every node has its memory. */
		EXPECT_LE(1, node_prop(node, "mem_banks_count"));
	}
}

TEST_F(topo, generation_id_stable)
{
	long long before = read_number(KFD_TOPOLOGY "/generation_id");
	int fd2 = open(KFD_PATH, O_RDWR | O_CLOEXEC);
	uint32_t id;

	ASSERT_LE(0, fd2);
	/* Processes coming and going do not change the topology. */
	ASSERT_EQ(1, kfd_gpu_ids(fd2, &id, 1));
	EXPECT_EQ(0, kfd_acquire_vm(fd2, id));
	close(fd2);
	EXPECT_LT(0, before);
	EXPECT_EQ(before, read_number(KFD_TOPOLOGY "/generation_id"));
}

TEST_F(topo, gpu_ids_match_apertures)
{
	uint32_t ids[GCNKFD_MAX_TEST_GPUS];
	int n = kfd_gpu_ids(self->fd, ids, GCNKFD_MAX_TEST_GPUS);
	int node, g = 0;

	ASSERT_LE(1, n);
	for (node = 0; node < self->nodes; node++) {
		long long id = gpu_id_of(node);

		if (id == 0)
			continue;
		ASSERT_GT(n, g) TH_LOG("more GPU nodes than apertures");
		EXPECT_EQ(ids[g], id) TH_LOG("GPU %d (node %d)", g, node);
		g++;
	}
	EXPECT_EQ(n, g);
}

TEST_F(topo, cpu_nodes_are_numa_nodes)
{
	int ids[MAX_NODES], numa = online_numa_nodes(ids, MAX_NODES);
	long long cores = 0;
	int node;

	for (node = 0; node < self->nodes; node++) {
		char path[PATH_MAX], text[512];
		long long memtotal_kb;

		if (gpu_id_of(node) != 0)
			break;
		ASSERT_GT(numa, node);
		cores += node_prop(node, "cpu_cores_count");
		EXPECT_EQ(0, node_prop(node, "simd_count"));
		EXPECT_EQ(0, item_prop(node, "mem_banks", 0, "heap_type"));

		/* The bank is the node's MemTotal, read from its meminfo. */
		snprintf(path, sizeof(path), SYS_NODE "/node%d/meminfo",
			 ids[node]);
		if (read_text(path, text, sizeof(text)) <= 0)
			continue;
		memtotal_kb = strtoll(strstr(text, "MemTotal:") + 9, NULL, 10);
		EXPECT_EQ(memtotal_kb * 1024,
			  item_prop(node, "mem_banks", 0, "size_in_bytes"));
	}
	/* CPU nodes first, one per online NUMA node, then only GPUs. */
	EXPECT_EQ(numa, node);
	for (; node < self->nodes; node++)
		EXPECT_LT(0, gpu_id_of(node));
	EXPECT_EQ(sysconf(_SC_NPROCESSORS_ONLN), cores);
}

/* The caches cpu sees: one per cache/index<M> directory. */
static int host_caches_of(int cpu, long long *size_kb)
{
	char path[PATH_MAX], buf[512];
	int idx, n = 0;

	for (idx = 0;; idx++) {
		snprintf(path, sizeof(path),
			 SYS_CPU "/cpu%d/cache/index%d/shared_cpu_list", cpu,
			 idx);
		if (read_text(path, buf, sizeof(buf)) <= 0)
			break;
		n++;
		snprintf(path, sizeof(path), SYS_CPU "/cpu%d/cache/index%d/size",
			 cpu, idx);
		if (read_text(path, buf, sizeof(buf)) > 0)
			*size_kb += atoll(buf);
	}
	return n;
}

TEST_F(topo, cpu_caches_match_host)
{
	int ids[MAX_NODES], numa = online_numa_nodes(ids, MAX_NODES);
	int node;

	for (node = 0; node < numa && node < self->nodes; node++) {
		unsigned char cpus[1024], online[1024];
		char path[PATH_MAX], buf[512];
		long long host_kb = 0, kfd_kb = 0;
		int cpu, host = 0, i, count;

		if (read_text(SYS_CPU "/online", buf, sizeof(buf)) <= 0)
			SKIP(return, "no %s/online", SYS_CPU);
		parse_list(buf, online, sizeof(online));
		snprintf(path, sizeof(path), SYS_NODE "/node%d/cpulist",
			 ids[node]);
		if (read_text(path, buf, sizeof(buf)) > 0)
			parse_list(buf, cpus, sizeof(cpus));
		else
			memcpy(cpus, online, sizeof(cpus));
		for (cpu = 0; cpu < (int)sizeof(cpus); cpu++)
			cpus[cpu] &= online[cpu];

		/* A CPU node lists the caches its first online CPU sees. */
		for (cpu = 0; cpu < (int)sizeof(cpus); cpu++) {
			if (cpus[cpu]) {
				host = host_caches_of(cpu, &host_kb);
				break;
			}
		}
		count = node_prop(node, "caches_count");
		EXPECT_EQ(host, count) TH_LOG("CPU node %d", node);
		for (i = 0; i < count; i++) {
			kfd_kb += item_prop(node, "caches", i, "size");
			/* HSA_CACHE_TYPE_CPU */
			EXPECT_EQ(4, item_prop(node, "caches", i, "type") & 4);
		}
		EXPECT_EQ(host_kb, kfd_kb) TH_LOG("CPU node %d", node);
	}
}

TEST_F(topo, gpu_mem_bank_is_available_memory)
{
	int node, checked = 0;

	for (node = 0; node < self->nodes; node++) {
		struct kfd_ioctl_get_available_memory_args a = { 0 };
		long long id = gpu_id_of(node), heap;

		if (id <= 0)
			continue;
		EXPECT_EQ(1, node_prop(node, "mem_banks_count"));
		heap = item_prop(node, "mem_banks", 0, "heap_type");
		/* HSA_MEM_HEAP_TYPE_FB_PUBLIC or _PRIVATE */
		EXPECT_TRUE(heap == 1 || heap == 2);
		a.gpu_id = id;
		ASSERT_EQ(0, kfd_ioctl(self->fd, AMDKFD_IOC_AVAILABLE_MEMORY, &a));
		EXPECT_EQ((long long)a.available,
			  item_prop(node, "mem_banks", 0, "size_in_bytes"));
		/* VRAM is in the banks only; Linux prints 0 here. */
		EXPECT_EQ(0, node_prop(node, "local_mem_size"));
		checked++;
	}
	EXPECT_LE(1, checked);
}

TEST_F(topo, gpu_compute_units_consistent)
{
	int node;

	for (node = 0; node < self->nodes; node++) {
		long long simds, per_cu, arrays, cus_per_array, cus;
		long long base, l1 = 0, l2 = 0;
		char path[PATH_MAX], name[64];
		int i, count;

		if (gpu_id_of(node) <= 0)
			continue;
		read_text(node_path(path, sizeof(path), node, "name"), name,
			  sizeof(name));
		EXPECT_STREQ("vega10\n", name);
		EXPECT_EQ(90000, node_prop(node, "gfx_target_version"));
		EXPECT_EQ(0, node_prop(node, "cpu_cores_count"));

		simds = node_prop(node, "simd_count");
		per_cu = node_prop(node, "simd_per_cu");
		arrays = node_prop(node, "array_count");
		cus_per_array = node_prop(node, "cu_per_simd_array");
		ASSERT_LT(0, per_cu);
		cus = simds / per_cu;
		EXPECT_EQ(0, simds % per_cu);
		EXPECT_EQ(simds, per_cu * arrays * cus_per_array);

		/* One L1 per CU, each within the node's SIMD ids, one L2. */
		base = node_prop(node, "simd_id_base");
		count = node_prop(node, "caches_count");
		for (i = 0; i < count; i++) {
			long long level = item_prop(node, "caches", i, "level");
			long long pid = item_prop(node, "caches", i,
						  "processor_id_low");

			EXPECT_LE(base, pid);
			EXPECT_GT(base + simds, pid);
			l1 += level == 1;
			l2 += level == 2;
		}
		EXPECT_EQ(cus, l1);
		EXPECT_EQ(1, l2);

		/*
		 * Each GPU has a DRM render node, numbered from 128 as DRM's
		 * render minors are (render_test.c opens it).
		 */
		EXPECT_LE(128, node_prop(node, "drm_render_minor"));
		EXPECT_GT(128 + 64, node_prop(node, "drm_render_minor"));
		/* Doorbells of a gfx9: HSA_CAP_DOORBELL_TYPE_2_0 */
		EXPECT_EQ(0x2000, node_prop(node, "capability") & 0x3000);
	}
}

TEST_F(topo, io_links_connect_existing_nodes)
{
	int node, i;

	for (node = 0; node < self->nodes; node++) {
		int count = node_prop(node, "io_links_count");
		bool gpu = gpu_id_of(node) > 0, to_cpu = false;

		for (i = 0; i < count; i++) {
			long long to = item_prop(node, "io_links", i, "node_to");
			int j, back = 0;

			EXPECT_EQ(node, item_prop(node, "io_links", i,
						  "node_from"));
			ASSERT_LE(0, to);
			ASSERT_GT(self->nodes, to);
			EXPECT_NE(node, to);
			to_cpu |= gpu_id_of(to) == 0;
			/* Each link has its way back. */
			for (j = 0; j < node_prop(to, "io_links_count"); j++)
				back += item_prop(to, "io_links", j,
						  "node_to") == node;
			EXPECT_EQ(1, back) TH_LOG("link %d->%lld", node, to);
			/* HSA_IOLINK_TYPE_PCIEXPRESS between CPU and GPU */
			if (gpu || gpu_id_of(to) > 0)
				EXPECT_EQ(2, item_prop(node, "io_links", i,
						       "type"));
		}
		if (gpu)
			EXPECT_TRUE(to_cpu) TH_LOG("GPU node %d", node);
	}
}

TEST_F(topo, class_device_is_virtual_device)
{
	char a[PATH_MAX], b[PATH_MAX], dev[64];
	unsigned int major, minor;
	struct stat st;

	SKIP_UNLESS_MODULE("the module's class device and /dev/kfd node");

	ASSERT_NE(NULL, realpath("/sys/class/kfd/kfd", a));
	ASSERT_NE(NULL, realpath("/sys/devices/virtual/kfd/kfd", b));
	EXPECT_STREQ(b, a);
	ASSERT_NE(NULL, realpath("/sys/class/kfd/kfd/topology", a));
	ASSERT_NE(NULL, realpath(KFD_TOPOLOGY, b));
	EXPECT_STREQ(b, a);
	/* And it is the device /dev/kfd opens. */
	ASSERT_LT(0, read_text("/sys/class/kfd/kfd/dev", dev, sizeof(dev)));
	ASSERT_EQ(2, sscanf(dev, "%u:%u", &major, &minor));
	ASSERT_EQ(0, stat(KFD_PATH, &st));
	EXPECT_EQ(major, major(st.st_rdev));
	EXPECT_EQ(minor, minor(st.st_rdev));
}

TEST_HARNESS_MAIN
