// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Unloading gcnkfd. Every /dev/kfd file and render node file, and every
 * mapping of one, holds the module (file_operations.owner), so delete_module() fails with the
 * errno Linux 6.1's try_stop_module() gives a module in use, EWOULDBLOCK,
 * and the device keeps working; once the last reference is gone the
 * module unloads, its device node and class go, and loading it again
 * gives the same GPUs with the same ids.
 *
 * The name sorts last so that the VM runner (which runs the binaries in
 * name order) runs it after every other binary; whatever happens, main()
 * reloads the module from $GCNKFD_KO before exiting.
 *
 * A device process (gcn-vgpud, run-vm.sh --device) holds the module too,
 * through its open backend file. main() stops it first: it creates the
 * supervisor's stop file, kills the process named in its pid file and
 * waits for the module to say every GPU is detached; at the end it
 * removes the stop file, so the supervisor starts the device again on
 * the reloaded module, and waits for it to attach.
 */
#include <signal.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/stat.h>

#include "gcnkfd_test.h"
#include "kselftest_harness.h"

#define MODULE_NAME "gcnkfd"
#define MODULE_SYSFS "/sys/module/gcnkfd"
#define DOORBELL_OFFSET(gpu) ((3ull << 62) | ((uint64_t)(gpu) << 46))

static char module_params[256];
static const char *module_path;

static bool exists(const char *path)
{
	struct stat st;

	return !stat(path, &st);
}

static int param_text(const char *name, char *buf, size_t size)
{
	char path[128];
	int n;

	snprintf(path, sizeof(path), MODULE_SYSFS "/parameters/%s", name);
	n = read_text(path, buf, size);
	if (n > 0 && buf[n - 1] == '\n')
		buf[n - 1] = 0;
	return n;
}

/* The parameters the module runs with now, to load it the same way. */
static void save_params(void)
{
	char gpus[32] = "", backend[64] = "";

	param_text("num_gpus", gpus, sizeof(gpus));
	param_text("backend", backend, sizeof(backend));
	snprintf(module_params, sizeof(module_params), "%s%s%s%s",
		 gpus[0] ? "num_gpus=" : "", gpus,
		 backend[0] ? " backend=" : "", backend);
	module_path = getenv("GCNKFD_KO");
	if (!module_path)
		module_path = "/lib/gcnkfd.ko";
}

static int unload(void)
{
	return syscall(SYS_delete_module, MODULE_NAME, O_NONBLOCK) ? errno : 0;
}

/* Unloads, retrying while a just-closed file is still being released. */
static int unload_settled(void)
{
	int err, i;

	for (i = 0; i < 100; i++) {
		err = unload();
		if (err != EWOULDBLOCK)
			return err;
		usleep(10000);
	}
	return err;
}

static int load(void)
{
	int fd = open(module_path, O_RDONLY | O_CLOEXEC), err = 0, i;

	if (fd < 0)
		return errno;
	if (syscall(SYS_finit_module, fd, module_params, 0))
		err = errno;
	close(fd);
	/* devtmpfs creates the node from its own thread. */
	for (i = 0; !err && i < 200 && !exists(KFD_PATH); i++)
		usleep(10000);
	return err;
}

static void ensure_loaded(void)
{
	int err;

	/* Built against the emulated KFD: there is no module to load. */
	if (!gcnkfd_test_on_module() || exists(MODULE_SYSFS))
		return;
	err = load();
	if (err)
		fprintf(stderr, "# reloading %s (%s): %s\n", module_path,
			module_params, strerror(err));
}

/* The GPU ids of the topology's nodes, in node order; how many. */
static int topology_ids(uint32_t *ids, int max)
{
	char path[128], text[64];
	int node, n = 0;

	for (node = 0; node < 64 && n < max; node++) {
		snprintf(path, sizeof(path), KFD_TOPOLOGY "/nodes/%d/gpu_id",
			 node);
		if (read_text(path, text, sizeof(text)) <= 0)
			break;
		if (strtoul(text, NULL, 0))
			ids[n++] = strtoul(text, NULL, 0);
	}
	return n;
}

FIXTURE(unload)
{
	int unused;
};

FIXTURE_SETUP(unload)
{
	SKIP_UNLESS_MODULE("unloads the module");
	if (access(module_path, R_OK))
		SKIP(return, "cannot read %s to load the module again",
		     module_path);
	ASSERT_TRUE(exists(MODULE_SYSFS)) TH_LOG("gcnkfd is not loaded");
}

FIXTURE_TEARDOWN(unload)
{
	ensure_loaded();
}

TEST_F(unload, fails_while_file_open)
{
	struct kfd_ioctl_get_version_args v = { 0 };
	uint32_t ids[GCNKFD_MAX_TEST_GPUS];
	int fd = open(KFD_PATH, O_RDWR | O_CLOEXEC), fd2, n;

	SKIP_UNLESS_MODULE("unloads the module");

	ASSERT_LE(0, fd);
	n = kfd_gpu_ids(fd, ids, GCNKFD_MAX_TEST_GPUS);
	ASSERT_LE(1, n);

	EXPECT_EQ(EWOULDBLOCK, unload());
	/* Without O_NONBLOCK 6.1 does not wait either. */
	EXPECT_EQ(EWOULDBLOCK,
		  syscall(SYS_delete_module, MODULE_NAME, 0) ? errno : 0);
	ASSERT_TRUE(exists(MODULE_SYSFS));

	/* Still working: old file, new file, VM. */
	EXPECT_EQ(0, kfd_ioctl(fd, AMDKFD_IOC_GET_VERSION, &v));
	EXPECT_EQ(KFD_IOCTL_MAJOR_VERSION, v.major_version);
	EXPECT_EQ(0, kfd_acquire_vm(fd, ids[0]));
	fd2 = open(KFD_PATH, O_RDWR | O_CLOEXEC);
	ASSERT_LE(0, fd2);
	EXPECT_EQ(ids[0], kfd_first_gpu(fd2));
	close(fd2);
	EXPECT_EQ(EWOULDBLOCK, unload());
	close(fd);
}

TEST_F(unload, unload_and_reload_same_gpus)
{
	uint32_t ids[GCNKFD_MAX_TEST_GPUS], again[GCNKFD_MAX_TEST_GPUS];
	uint32_t topo[GCNKFD_MAX_TEST_GPUS], topo2[GCNKFD_MAX_TEST_GPUS];
	int fd = open(KFD_PATH, O_RDWR | O_CLOEXEC), n, n2, t, t2, i;

	SKIP_UNLESS_MODULE("unloads the module");

	ASSERT_LE(0, fd);
	n = kfd_gpu_ids(fd, ids, GCNKFD_MAX_TEST_GPUS);
	ASSERT_LE(1, n);
	close(fd);
	t = topology_ids(topo, GCNKFD_MAX_TEST_GPUS);

	ASSERT_EQ(0, unload_settled());
	EXPECT_FALSE(exists(MODULE_SYSFS));
	EXPECT_FALSE(exists("/sys/class/kfd"));
	EXPECT_FALSE(exists("/sys/devices/virtual/kfd"));
	EXPECT_FALSE(exists("/sys/kernel/debug/gcnkfd"));
	fd = open(KFD_PATH, O_RDWR);
	EXPECT_EQ(-1, fd);
	EXPECT_EQ(ENOENT, errno);
	if (fd >= 0)
		close(fd);

	ASSERT_EQ(0, load()) TH_LOG("%s %s", module_path, module_params);
	ASSERT_TRUE(exists("/sys/class/kfd/kfd"));
	fd = open(KFD_PATH, O_RDWR | O_CLOEXEC);
	ASSERT_LE(0, fd);
	n2 = kfd_gpu_ids(fd, again, GCNKFD_MAX_TEST_GPUS);
	ASSERT_EQ(n, n2);
	for (i = 0; i < n; i++)
		EXPECT_EQ(ids[i], again[i]);
	t2 = topology_ids(topo2, GCNKFD_MAX_TEST_GPUS);
	EXPECT_EQ(t, t2);
	EXPECT_EQ(n, t2);
	for (i = 0; i < t && i < t2; i++)
		EXPECT_EQ(topo[i], topo2[i]);
	/* A fresh module counts only this file's process. */
	EXPECT_EQ(1, gcnkfd_counter("processes"));
	EXPECT_EQ(0, gcnkfd_counter("buffers"));
	close(fd);
}

TEST_F(unload, doorbell_mapping_holds_module)
{
	int fd = open(KFD_PATH, O_RDWR | O_CLOEXEC);
	volatile uint64_t *db;
	uint32_t gpu;
	void *m;

	SKIP_UNLESS_MODULE("unloads the module");

	ASSERT_LE(0, fd);
	gpu = kfd_first_gpu(fd);
	ASSERT_NE(0, gpu);
	m = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_SHARED, fd,
		 DOORBELL_OFFSET(gpu));
	ASSERT_NE(MAP_FAILED, m) TH_LOG("doorbell mmap: %s", strerror(errno));
	close(fd);

	/* The mapping keeps the file, the file keeps the module. */
	EXPECT_EQ(EWOULDBLOCK, unload());
	EXPECT_TRUE(exists(MODULE_SYSFS));
	db = m;
	db[0] = 0x1234;
	db[1023] = 0x5678;
	EXPECT_EQ(0x1234, db[0]);
	EXPECT_EQ(1, gcnkfd_counter("processes"));

	ASSERT_EQ(0, munmap(m, 8192));
	EXPECT_EQ(0, unload_settled());
	EXPECT_FALSE(exists(MODULE_SYSFS));
	EXPECT_EQ(0, load());
	EXPECT_TRUE(exists(KFD_PATH));
}

/*
 * A render file holds the module too (drm_open takes the driver's fops
 * owner), and a buffer's mapping holds its render file after the process
 * is gone; once the mapping goes the module unloads, its render nodes
 * with it, and the reloaded GPUs get the same minors.
 */
TEST_F(unload, render_mapping_holds_module)
{
	struct kfd_ioctl_alloc_memory_of_gpu_args a = {
		.size = 8192,
		.flags = KFD_IOC_ALLOC_MEM_FLAGS_GTT |
			 KFD_IOC_ALLOC_MEM_FLAGS_WRITABLE,
	};
	struct kfd_ioctl_acquire_vm_args vm = { 0 };
	int fd = open(KFD_PATH, O_RDWR | O_CLOEXEC), rfd, rminor, i;
	volatile uint32_t *buf;
	char path[64];
	void *va, *m;

	SKIP_UNLESS_MODULE("unloads the module");

	ASSERT_LE(0, fd);
	vm.gpu_id = kfd_first_gpu(fd);
	ASSERT_NE(0, vm.gpu_id);
	rminor = kfd_render_minor(vm.gpu_id);
	ASSERT_LE(128, rminor);
	rfd = kfd_render_open(vm.gpu_id, O_RDWR | O_CLOEXEC);
	ASSERT_LE(0, rfd);
	vm.drm_fd = rfd;
	ASSERT_EQ(0, kfd_ioctl(fd, AMDKFD_IOC_ACQUIRE_VM, &vm));
	va = mmap(NULL, 8192, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ASSERT_NE(MAP_FAILED, va);
	a.va_addr = (uintptr_t)va;
	a.gpu_id = vm.gpu_id;
	ASSERT_EQ(0, kfd_ioctl(fd, AMDKFD_IOC_ALLOC_MEMORY_OF_GPU, &a));
	m = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_SHARED, rfd,
		 (off_t)a.mmap_offset);
	ASSERT_NE(MAP_FAILED, m) TH_LOG("buffer mmap: %s", strerror(errno));
	close(rfd);
	close(fd);

	/* The mapping keeps the render file, and it the process. */
	EXPECT_EQ(EWOULDBLOCK, unload());
	EXPECT_TRUE(exists(MODULE_SYSFS));
	EXPECT_EQ(1, gcnkfd_counter("processes"));
	buf = m;
	buf[2047] = 0xfeed;
	EXPECT_EQ(0xfeed, buf[2047]);

	ASSERT_EQ(0, munmap(m, 8192));
	EXPECT_EQ(0, unload_settled());
	EXPECT_FALSE(exists(MODULE_SYSFS));
	snprintf(path, sizeof(path), KFD_RENDER_PATH, rminor);
	EXPECT_FALSE(exists(path));
	EXPECT_EQ(0, load());
	/* devtmpfs creates the node from its own thread. */
	for (i = 0; i < 200 && !exists(path); i++)
		usleep(10000);
	EXPECT_TRUE(exists(path));
	EXPECT_EQ(rminor, kfd_render_minor(vm.gpu_id));
}

static bool device_stopped;

/* Whether a process exists (a zombie the supervisor has not reaped does). */
static bool process_exists(pid_t pid)
{
	return !kill(pid, 0) || errno != ESRCH;
}

/*
 * Stops the supervised device process so that the module can unload:
 * nothing to do without a pid file (no --device, or the module has no
 * device side).
 */
static void stop_device(void)
{
	uint32_t ids[GCNKFD_MAX_TEST_GPUS];
	struct gcnkfd_device_state st;
	char text[32];
	pid_t pid;
	int fd, n, i;
	double end;

	if (!gcnkfd_test_on_module() || read_text(VGPUD_PID_FILE, text,
						   sizeof(text)) <= 0)
		return;
	pid = (pid_t)strtol(text, NULL, 10);
	if (pid <= 0)
		return;
	fd = open(VGPUD_STOP_FILE, O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
	if (fd < 0) {
		fprintf(stderr, "# %s: %s\n", VGPUD_STOP_FILE, strerror(errno));
		return;
	}
	close(fd);
	device_stopped = true;
	/* TERM first, KILL if it is still there after 5 s. */
	kill(pid, SIGTERM);
	end = gcnkfd_ms() + 5000;
	while (process_exists(pid) && gcnkfd_ms() < end)
		usleep(10000);
	if (process_exists(pid)) {
		fprintf(stderr, "# device %d ignored SIGTERM: SIGKILL\n", pid);
		kill(pid, SIGKILL);
		end = gcnkfd_ms() + 5000;
		while (process_exists(pid) && gcnkfd_ms() < end)
			usleep(10000);
	}
	n = topology_ids(ids, GCNKFD_MAX_TEST_GPUS);
	for (i = 0; i < n; i++)
		if (!gcnkfd_device_state(ids[i], &st) &&
		    gcnkfd_wait_device(ids[i], 0, 10000, &st))
			fprintf(stderr, "# gpu %u: device still attached\n",
				ids[i]);
	fprintf(stderr, "# device process %d stopped for the unload tests\n",
		pid);
}

/* Lets the supervisor start the device again and waits for it. */
static void restart_device(void)
{
	uint32_t ids[GCNKFD_MAX_TEST_GPUS];
	struct gcnkfd_device_state st;
	int n, i;

	if (!device_stopped)
		return;
	unlink(VGPUD_STOP_FILE);
	n = topology_ids(ids, GCNKFD_MAX_TEST_GPUS);
	/* A module without device files has nothing to wait for. */
	for (i = 0; i < n; i++)
		if (!gcnkfd_device_state(ids[i], &st) &&
		    gcnkfd_wait_device(ids[i], 1, 60000, &st))
			fprintf(stderr, "# gpu %u: no device attached 60 s after the restart\n",
				ids[i]);
}

static void __attribute__((constructor)) order_last(void)
{
	if (!__constructor_order)
		__constructor_order = _CONSTRUCTOR_ORDER_BACKWARD;
}

/*
 * Binaries that run after this one need the module, and its device.
 * test_harness_run() ends in exit(), so this runs from atexit (the
 * harness's per-case children leave with _exit and do not run it).
 */
static void after_tests(void)
{
	ensure_loaded();
	restart_device();
}

int main(int argc, char **argv)
{
	save_params();
	stop_device();
	atexit(after_tests);
	return test_harness_run(argc, argv);
}
