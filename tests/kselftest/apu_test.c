// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * The APU option (issue 23 item 4): with the module's apu parameter (the
 * emulated KFD's GCN_EMU_APU=1) the first GPU is an IOMMUv2 APU as amdkfd
 * reports Kaveri, Carrizo or Raven: node 0 holds the CPU cores and the
 * GPU, its memory bank is the SYSTEM heap and it has HSA_CAP_ATS_PRESENT.
 * Without it every GPU is a discrete node with no CPU cores and VRAM of
 * its own. Checked against the host's count of online CPUs and the
 * capability bit of <linux/kfd_sysfs.h>.
 *
 * On the APU a kernel reaches the process's own memory, which it never
 * gave the KFD (the device's page requests, kernel/ats.c): a store to an
 * mmap'd page lands where the CPU reads it, the module pins the page
 * while the process has /dev/kfd open and lets it go at close; a store
 * to a read-only mapping or to PROT_NONE memory faults as on a discrete
 * GPU (the memory event with the page, the dispatch never completes).
 * The kselftest boot (vm) runs these without the option (they skip), the
 * APU boot (vm_apu) with it.
 */
#include <linux/kfd_sysfs.h>
#include <limits.h>

#include "dispatch_helpers.h"
#include "kselftest_harness.h"

#define MAX_NODES 64
#define TEXT_MAX 8192

/* Whether this run's KFD was asked for an APU. */
static int apu_expected(void)
{
	const char *env = getenv("GCN_EMU_APU");
	char buf[8];

	if (!gcnkfd_test_on_module())
		return env && !strcmp(env, "1");
	if (read_text("/sys/module/gcnkfd/parameters/apu", buf,
		      sizeof(buf)) <= 0)
		return 0;
	return buf[0] == 'Y' || buf[0] == '1';
}

static long long node_file(int node, const char *rest, const char *name)
{
	char path[PATH_MAX], text[TEXT_MAX];

	snprintf(path, sizeof(path), KFD_TOPOLOGY "/nodes/%d/%s", node, rest);
	if (read_text(path, text, sizeof(text)) <= 0)
		return -1;
	return name ? text_prop(text, name) : strtoll(text, NULL, 10);
}

static int node_count(void)
{
	int n = 0;

	while (n < MAX_NODES && node_file(n, "gpu_id", NULL) >= 0)
		n++;
	return n;
}

TEST(apu_node_matches_the_option)
{
	int nodes = node_count(), node, gpus = 0, first_gpu = -1;
	int apu = apu_expected();
	long long cores = 0;

	ASSERT_LT(0, nodes);
	TH_LOG("apu option: %d, %d nodes", apu, nodes);
	for (node = 0; node < nodes; node++) {
		long long gpu_id = node_file(node, "gpu_id", NULL);
		long long cpu = node_file(node, "properties",
					  "cpu_cores_count");
		long long cap = node_file(node, "properties", "capability");
		long long heap = node_file(node, "mem_banks/0/properties",
					   "heap_type");

		cores += cpu;
		if (gpu_id <= 0)
			continue;
		if (first_gpu < 0)
			first_gpu = node;
		EXPECT_LT(0, node_file(node, "properties", "simd_count"));
		if (apu && gpus == 0) {
			/* Node 0: the CPU cores and the GPU, system memory. */
			EXPECT_EQ(0, node);
			EXPECT_LT(0, cpu);
			EXPECT_EQ(HSA_CAP_ATS_PRESENT,
				  cap & HSA_CAP_ATS_PRESENT);
			EXPECT_EQ(HSA_MEM_HEAP_TYPE_SYSTEM, heap);
		} else {
			EXPECT_EQ(0, cpu) TH_LOG("GPU node %d", node);
			EXPECT_EQ(0, cap & HSA_CAP_ATS_PRESENT);
			EXPECT_EQ(HSA_MEM_HEAP_TYPE_FB_PUBLIC, heap);
		}
		gpus++;
	}
	ASSERT_LE(1, gpus);
	/* Without an APU the GPUs follow the CPU nodes. */
	if (!apu)
		EXPECT_LT(0, first_gpu);
	/* Every online CPU is in exactly one node, APU or not. */
	EXPECT_EQ(sysconf(_SC_NPROCESSORS_ONLN), cores);
}

/* Dispatches store_to(addr, value): one work-item, signal at args+1 KiB. */
static int store_to_submit(struct gpu_ctx *c, struct code_object *co,
			   struct gpu_queue *q, struct gpu_buf *args,
			   uint64_t addr, uint32_t value)
{
	struct fw_aql_kernel_dispatch_packet p;
	const struct fw_kernel_descriptor *kd;
	uint64_t ko = code_object_kernel(co, "store_to", &kd);
	int err;

	if (!ko)
		return ENOENT;
	err = gpu_buf_gtt(c, args, DPAGE);
	if (err)
		return err;
	((uint64_t *)args->cpu)[0] = addr;
	((uint32_t *)args->cpu)[2] = value;
	gpu_signal_init(c, (struct fw_amd_signal *)((char *)args->cpu + 1024),
			1, 0);
	aql_dispatch_packet(&p, ko, kd, 1, 1, args->va, args->va + 1024);
	aql_submit(q, &p);
	return 0;
}

static const struct fw_amd_signal *args_signal(const struct gpu_buf *args)
{
	return (const struct fw_amd_signal *)((char *)args->cpu + 1024);
}

/* Until the dispatch's completion signal reaches 0: 0 or ETIMEDOUT. */
static int signal_wait_zero(const struct fw_amd_signal *s)
{
	double end = gcnkfd_ms() + GPU_WAIT_MS;

	while (gpu_signal_value(s) != 0) {
		if (gcnkfd_ms() > end)
			return ETIMEDOUT;
		usleep(1000);
	}
	return 0;
}

/* Until the module's pinned pages are at most want: 0 or ETIMEDOUT. */
static int pinned_wait_at_most(long long want)
{
	double end = gcnkfd_ms() + 10000;

	while (gcnkfd_counter("pages_pinned") > want) {
		if (gcnkfd_ms() > end)
			return ETIMEDOUT;
		usleep(10000);
	}
	return 0;
}

FIXTURE(apu_memory)
{
	struct gpu_ctx c;
	struct code_object co;
	struct gpu_queue q;
};

FIXTURE_SETUP(apu_memory)
{
	const char *path = dispatch_kernels_path();
	int err;

	self->c.fd = -1;
	/* The body skips (a SKIP here would not stop it in 6.1's harness). */
	if (!apu_expected())
		return;
	ASSERT_EQ(0, gpu_ctx_open(&self->c, 0));
	err = code_object_load(&self->c, path, &self->co);
	ASSERT_EQ(0, err) TH_LOG("%s: %s", path, strerror(err));
	ASSERT_EQ(0, gpu_queue_create(&self->c, &self->q,
				      KFD_IOC_QUEUE_TYPE_COMPUTE_AQL, 64 * 64));
}

FIXTURE_TEARDOWN(apu_memory)
{
	if (self->c.fd < 0)
		return;
	gpu_queue_destroy(&self->c, &self->q);
	code_object_free(&self->c, &self->co);
	gpu_ctx_close(&self->c);
}

/*
 * A store to anonymous memory the KFD never saw lands in the process's
 * page; the module holds the page pinned until the file is closed.
 */
TEST_F_TIMEOUT(apu_memory, store_reaches_process_memory, 120)
{
	long long pinned_before = 0, pinned_open = 0;
	volatile uint32_t *mem;
	struct gpu_buf args;
	uint64_t addr;

	if (self->c.fd < 0)
		SKIP(return, "the GPU is not an APU (apu=0)");
	mem = mmap(NULL, 3 * DPAGE, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ASSERT_NE(MAP_FAILED, (void *)mem);
	mem[DPAGE / 4 + 0x41] = 7;	/* the CPU has touched the page */
	addr = (uintptr_t)mem + DPAGE + 0x104;
	ON_MODULE(pinned_before = gcnkfd_counter("pages_pinned"));
	ASSERT_EQ(0, store_to_submit(&self->c, &self->co, &self->q, &args,
				     addr, 0x5eedf00du));
	ASSERT_EQ(0, signal_wait_zero(args_signal(&args)))
		TH_LOG("the store to %#llx never completed",
		       (unsigned long long)addr);
	EXPECT_EQ(0x5eedf00du, mem[DPAGE / 4 + 0x41]);
	ON_MODULE(pinned_open = gcnkfd_counter("pages_pinned"));
	ON_MODULE(EXPECT_LT(pinned_before, pinned_open));
	gpu_buf_free(&self->c, &args);

	/* Closing /dev/kfd gives the pages back. */
	gpu_queue_destroy(&self->c, &self->q);
	code_object_free(&self->c, &self->co);
	gpu_ctx_close(&self->c);
	ON_MODULE(EXPECT_EQ(0, pinned_wait_at_most(pinned_before)));
	/* The page is still the process's, with the GPU's value. */
	EXPECT_EQ(0x5eedf00du, mem[DPAGE / 4 + 0x41]);
	munmap((void *)mem, 3 * DPAGE);
}

/*
 * What the process may not write, the GPU may not either: a read-only
 * mapping and PROT_NONE memory fault (the memory event with the page),
 * and the store never completes.
 */
TEST_F_TIMEOUT(apu_memory, read_only_and_unmapped_memory_fault, 180)
{
	const int prots[] = { PROT_READ, PROT_NONE };
	unsigned int i;

	if (self->c.fd < 0)
		SKIP(return, "the GPU is not an APU (apu=0)");
	for (i = 0; i < ARRAY_SIZE(prots); i++) {
		uint32_t mem_event, result;
		struct kfd_event_data data;
		struct gpu_buf args;
		struct gpu_queue q;
		uint64_t addr;
		void *page;

		mem_event = gpu_event(&self->c, KFD_IOC_EVENT_MEMORY, 1);
		ASSERT_NE(0, mem_event);
		page = mmap(NULL, DPAGE, prots[i],
			    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		ASSERT_NE(MAP_FAILED, page);
		addr = (uintptr_t)page + 0x80;
		/* A queue per case: the fault leaves the first stuck. */
		ASSERT_EQ(0, gpu_queue_create(&self->c, &q,
					      KFD_IOC_QUEUE_TYPE_COMPUTE_AQL,
					      64 * 64));
		ASSERT_EQ(0, store_to_submit(&self->c, &self->co, &q, &args,
					     addr, 0xdeadbeefu));
		ASSERT_EQ(0, gpu_wait(&self->c, mem_event, GPU_WAIT_MS,
				      &result, &data));
		ASSERT_EQ(KFD_IOC_WAIT_RESULT_COMPLETE, result)
			TH_LOG("no memory event for the store to %#llx (prot %d)",
			       (unsigned long long)addr, prots[i]);
		EXPECT_EQ(addr & ~(DPAGE - 1), data.memory_exception_data.va);
		EXPECT_EQ(self->c.gpu_id, data.memory_exception_data.gpu_id);
		EXPECT_EQ(1, gpu_signal_value(args_signal(&args)));
		if (prots[i] & PROT_READ)
			EXPECT_EQ(0, *(volatile uint32_t *)(uintptr_t)addr);
		EXPECT_EQ(0, gpu_queue_destroy(&self->c, &q));
		gpu_buf_free(&self->c, &args);
		munmap(page, DPAGE);
	}
}

TEST_HARNESS_MAIN
