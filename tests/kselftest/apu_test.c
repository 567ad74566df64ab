// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * The APU option (issue 23 item 4): with the module's apu parameter (the
 * emulated KFD's GCN_EMU_APU=1) the first GPU is an IOMMUv2 APU as amdkfd
 * reports Kaveri, Carrizo or Raven: node 0 holds the CPU cores and the
 * GPU, its memory bank is the SYSTEM heap and it has HSA_CAP_ATS_PRESENT.
 * Without it every GPU is a discrete node with no CPU cores and VRAM of
 * its own. Checked against the host's count of online CPUs and the
 * capability bit of <linux/kfd_sysfs.h>. The kselftest boot (vm) runs it
 * without the option, the APU boot (vm_apu) with it.
 */
#include <linux/kfd_sysfs.h>
#include <limits.h>

#include "gcnkfd_test.h"
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

TEST_HARNESS_MAIN
