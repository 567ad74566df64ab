// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * The device-level ioctls (kernel/device.c) and the dispatcher's rules
 * (kernel/ioctl.c), checked against Linux 6.1's kfd_chardev.c: the errno
 * each path returns there, gfx9's fixed apertures, the clock sources
 * kfd_ioctl_get_clock_counters reads, Vega 10's GB_ADDR_CONFIG. Counts are
 * checked against the module parameter num_gpus, read from sysfs.
 */
#include <signal.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>

#include "gcnkfd_test.h"
#include "kselftest_harness.h"

/* gfx_v9_0.c: VEGA10_GB_ADDR_CONFIG_GOLDEN, what amdgpu reports on gfx900. */
#define VEGA10_GB_ADDR_CONFIG 0x2a114042u
#define GFX9_LDS_BASE (1ull << 48)
#define GFX9_SCRATCH_BASE (2ull << 48)
#define GFX9_APERTURE_BYTES (1ull << 32)

/*
 * How many GPUs the module was told to create (the emulated KFD: how many
 * $GCN_EMU_GPUS asks for, default 1).
 */
static int param_num_gpus(void)
{
	char buf[32];

	if (!gcnkfd_test_on_module())
		return getenv("GCN_EMU_GPUS") ? atoi(getenv("GCN_EMU_GPUS")) : 1;
	if (read_text("/sys/module/gcnkfd/parameters/num_gpus", buf,
		      sizeof(buf)) <= 0)
		return -1;
	return atoi(buf);
}

/* A page the process cannot write, and one it cannot touch at all. */
static void *ro_page(void)
{
	void *p = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS,
		       -1, 0);

	return p == MAP_FAILED ? NULL : p;
}

static void *unmapped_page(void)
{
	void *p = mmap(NULL, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS,
		       -1, 0);

	if (p == MAP_FAILED)
		return NULL;
	munmap(p, 4096);
	return p;
}

static uint64_t ts_ns(clockid_t clk)
{
	struct timespec ts;

	clock_gettime(clk, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + ts.tv_nsec;
}

FIXTURE(dev)
{
	int fd;
	int n;
	uint32_t ids[GCNKFD_MAX_TEST_GPUS];
};

FIXTURE_SETUP(dev)
{
	self->fd = open(KFD_PATH, O_RDWR | O_CLOEXEC);
	ASSERT_LE(0, self->fd) TH_LOG("open: %s", strerror(errno));
	self->n = kfd_gpu_ids(self->fd, self->ids, GCNKFD_MAX_TEST_GPUS);
	ASSERT_LE(1, self->n) TH_LOG("no GPU (%d)", self->n);
}

FIXTURE_TEARDOWN(dev)
{
	close(self->fd);
}

/* A gpu id no GPU of this module has. */
static uint32_t unknown_gpu(const uint32_t *ids, int n)
{
	uint32_t id = 0x7fff;
	int i;

again:
	for (i = 0; i < n; i++) {
		if (ids[i] == id) {
			id--;
			goto again;
		}
	}
	return id;
}

static void check_aperture(struct __test_metadata *_metadata,
			   const struct kfd_process_device_apertures *ap)
{
	EXPECT_EQ(GFX9_LDS_BASE, ap->lds_base);
	EXPECT_EQ(GFX9_LDS_BASE + GFX9_APERTURE_BYTES - 1, ap->lds_limit);
	EXPECT_EQ(GFX9_SCRATCH_BASE, ap->scratch_base);
	EXPECT_EQ(GFX9_SCRATCH_BASE + GFX9_APERTURE_BYTES - 1,
		  ap->scratch_limit);
	/* GPUVM: a nonempty, page-granular part of the 47-bit user range. */
	EXPECT_NE(0, ap->gpuvm_base);
	EXPECT_LT(ap->gpuvm_base, ap->gpuvm_limit);
	EXPECT_GE((1ull << 47) - 1, ap->gpuvm_limit);
	EXPECT_EQ(0, ap->gpuvm_base & 4095);
	EXPECT_EQ(0, (ap->gpuvm_limit + 1) & 4095);
	/* The flat apertures lie outside GPUVM. */
	EXPECT_LT(ap->gpuvm_limit, ap->lds_base);
	EXPECT_EQ(0, ap->pad);
}

TEST_F(dev, apertures_new_count_query)
{
	struct kfd_ioctl_get_process_apertures_new_args a = { 0 };

	a.kfd_process_device_apertures_ptr = 0xdeadbeef;	/* unused */
	ASSERT_EQ(0, kfd_ioctl(self->fd, AMDKFD_IOC_GET_PROCESS_APERTURES_NEW,
			       &a));
	EXPECT_EQ(param_num_gpus(), (int)a.num_of_nodes);
	EXPECT_EQ(self->n, (int)a.num_of_nodes);
}

TEST_F(dev, apertures_new_values)
{
	struct kfd_process_device_apertures ap[GCNKFD_MAX_TEST_GPUS + 1];
	struct kfd_ioctl_get_process_apertures_new_args a = { 0 };
	int i, j;

	memset(ap, 0xa5, sizeof(ap));
	a.kfd_process_device_apertures_ptr = (uintptr_t)ap;
	a.num_of_nodes = self->n;
	ASSERT_EQ(0, kfd_ioctl(self->fd, AMDKFD_IOC_GET_PROCESS_APERTURES_NEW,
			       &a));
	ASSERT_EQ(self->n, (int)a.num_of_nodes);
	for (i = 0; i < self->n; i++) {
		EXPECT_NE(0, ap[i].gpu_id);
		for (j = 0; j < i; j++)
			EXPECT_NE(ap[j].gpu_id, ap[i].gpu_id);
		check_aperture(_metadata, &ap[i]);
	}
	/* Nothing written past the count. */
	EXPECT_EQ(0xa5a5a5a5u, ap[self->n].gpu_id);

	/* Asking for fewer gives the first ones only. */
	memset(ap, 0xa5, sizeof(ap));
	a.num_of_nodes = 1;
	ASSERT_EQ(0, kfd_ioctl(self->fd, AMDKFD_IOC_GET_PROCESS_APERTURES_NEW,
			       &a));
	EXPECT_EQ(1, a.num_of_nodes);
	EXPECT_EQ(self->ids[0], ap[0].gpu_id);
	EXPECT_EQ(0xa5a5a5a5u, ap[1].gpu_id);
}

TEST_F(dev, apertures_new_more_than_nodes_is_einval)
{
	struct kfd_process_device_apertures ap[GCNKFD_MAX_TEST_GPUS + 2];
	struct kfd_ioctl_get_process_apertures_new_args a = { 0 };

	/*
	 * Linux's bound is all topology nodes (kfd_topology_get_num_devices:
	 * the CPU node too): one more than the GPUs is accepted and gives
	 * the GPUs; more than the nodes is -EINVAL.
	 */
	memset(ap, 0xa5, sizeof(ap));
	a.kfd_process_device_apertures_ptr = (uintptr_t)ap;
	a.num_of_nodes = self->n + 1;
	EXPECT_EQ(0, kfd_ioctl(self->fd, AMDKFD_IOC_GET_PROCESS_APERTURES_NEW,
			       &a));
	EXPECT_EQ(self->n, (int)a.num_of_nodes);
	EXPECT_EQ(0xa5a5a5a5u, ap[self->n].gpu_id);
	a.num_of_nodes = self->n + 2;
	EXPECT_EQ(EINVAL, kfd_ioctl(self->fd,
				    AMDKFD_IOC_GET_PROCESS_APERTURES_NEW, &a));
	a.num_of_nodes = 0xffffffff;
	EXPECT_EQ(EINVAL, kfd_ioctl(self->fd,
				    AMDKFD_IOC_GET_PROCESS_APERTURES_NEW, &a));
}

TEST_F(dev, apertures_new_bad_pointer_is_efault)
{
	struct kfd_ioctl_get_process_apertures_new_args a = { 0 };
	void *ro = ro_page(), *gone = unmapped_page();

	ASSERT_NE(NULL, ro);
	ASSERT_NE(NULL, gone);
	a.num_of_nodes = self->n;
	a.kfd_process_device_apertures_ptr = 0;
	EXPECT_EQ(EFAULT, kfd_ioctl(self->fd,
				    AMDKFD_IOC_GET_PROCESS_APERTURES_NEW, &a));
	a.num_of_nodes = self->n;
	a.kfd_process_device_apertures_ptr = (uintptr_t)gone;
	EXPECT_EQ(EFAULT, kfd_ioctl(self->fd,
				    AMDKFD_IOC_GET_PROCESS_APERTURES_NEW, &a));
	a.num_of_nodes = self->n;
	a.kfd_process_device_apertures_ptr = (uintptr_t)ro;
	EXPECT_EQ(EFAULT, kfd_ioctl(self->fd,
				    AMDKFD_IOC_GET_PROCESS_APERTURES_NEW, &a));
	a.num_of_nodes = self->n;
	a.kfd_process_device_apertures_ptr = 0xffffffff81000000ull;
	EXPECT_EQ(EFAULT, kfd_ioctl(self->fd,
				    AMDKFD_IOC_GET_PROCESS_APERTURES_NEW, &a));
	munmap(ro, 4096);
}

TEST_F(dev, apertures_old_fixed_array)
{
	struct kfd_ioctl_get_process_apertures_args a;
	int i, n = self->n < NUM_OF_SUPPORTED_GPUS ? self->n :
		   NUM_OF_SUPPORTED_GPUS;

	memset(&a, 0xa5, sizeof(a));
	ASSERT_EQ(0, kfd_ioctl(self->fd, AMDKFD_IOC_GET_PROCESS_APERTURES,
			       &a));
	ASSERT_EQ(n, (int)a.num_of_nodes);
	for (i = 0; i < n; i++) {
		EXPECT_EQ(self->ids[i], a.process_apertures[i].gpu_id);
		check_aperture(_metadata, &a.process_apertures[i]);
	}
	/* Output-only: the unused entries come back zeroed, not as sent. */
	for (; i < NUM_OF_SUPPORTED_GPUS; i++)
		EXPECT_EQ(0, a.process_apertures[i].gpu_id);
	EXPECT_EQ(0, a.pad);

	errno = 0;
	EXPECT_EQ(-1, ioctl(self->fd, AMDKFD_IOC_GET_PROCESS_APERTURES, NULL));
	EXPECT_EQ(EFAULT, errno);
}

/*
 * ACQUIRE_VM names the VM with a file of the GPU's render node, as on
 * amdgpu (kfd_process_device_init_vm): any other file (the /dev/kfd file
 * itself too) or another GPU's node is -EINVAL; acquiring again with the
 * same file (or a dup of it) is 0, with a different file -EBUSY.
 */
TEST_F(dev, acquire_vm_rules)
{
	struct kfd_ioctl_acquire_vm_args a = { 0 };
	int null_fd = open("/dev/null", O_RDWR | O_CLOEXEC);
	int rfd, rfd2, other_gpu = -1, fd2, dupfd;

	ASSERT_LE(0, null_fd);
	rfd = kfd_render_open(self->ids[0], O_RDWR | O_CLOEXEC);
	ASSERT_LE(0, rfd) TH_LOG("render node: %s", strerror(-rfd));
	a.gpu_id = self->ids[0];

	a.drm_fd = 1000;	/* not open */
	EXPECT_EQ(EINVAL, kfd_ioctl(self->fd, AMDKFD_IOC_ACQUIRE_VM, &a));
	a.drm_fd = -1;
	EXPECT_EQ(EINVAL, kfd_ioctl(self->fd, AMDKFD_IOC_ACQUIRE_VM, &a));
	a.drm_fd = null_fd;
	EXPECT_EQ(EINVAL, kfd_ioctl(self->fd, AMDKFD_IOC_ACQUIRE_VM, &a));
	/* /dev/kfd is no DRM file: amdgpu_file_to_fpriv refuses it. */
	a.drm_fd = self->fd;
	EXPECT_EQ(EINVAL, kfd_ioctl(self->fd, AMDKFD_IOC_ACQUIRE_VM, &a));
	/* Another GPU's render node. */
	if (self->n > 1) {
		other_gpu = kfd_render_open(self->ids[1], O_RDWR | O_CLOEXEC);
		ASSERT_LE(0, other_gpu);
		a.drm_fd = other_gpu;
		EXPECT_EQ(EINVAL, kfd_ioctl(self->fd, AMDKFD_IOC_ACQUIRE_VM,
					    &a));
	}

	/* Unknown GPU, with a file that would be accepted. */
	a.drm_fd = rfd;
	a.gpu_id = unknown_gpu(self->ids, self->n);
	EXPECT_EQ(EINVAL, kfd_ioctl(self->fd, AMDKFD_IOC_ACQUIRE_VM, &a));
	a.gpu_id = 0;
	EXPECT_EQ(EINVAL, kfd_ioctl(self->fd, AMDKFD_IOC_ACQUIRE_VM, &a));

	a.gpu_id = self->ids[0];
	EXPECT_EQ(0, kfd_ioctl(self->fd, AMDKFD_IOC_ACQUIRE_VM, &a));
	/* Again with the same file: accepted (the VM is already that one). */
	EXPECT_EQ(0, kfd_ioctl(self->fd, AMDKFD_IOC_ACQUIRE_VM, &a));
	/* A dup is the same file. */
	dupfd = dup(rfd);
	ASSERT_LE(0, dupfd);
	a.drm_fd = dupfd;
	EXPECT_EQ(0, kfd_ioctl(self->fd, AMDKFD_IOC_ACQUIRE_VM, &a));
	close(dupfd);

	/* Another open of the same render node: a different VM, -EBUSY. */
	rfd2 = kfd_render_open(self->ids[0], O_RDWR | O_CLOEXEC);
	ASSERT_LE(0, rfd2);
	a.drm_fd = rfd2;
	EXPECT_EQ(EBUSY, kfd_ioctl(self->fd, AMDKFD_IOC_ACQUIRE_VM, &a));
	/* Another /dev/kfd file of the process: the same process, its VM. */
	fd2 = open(KFD_PATH, O_RDWR | O_CLOEXEC);
	ASSERT_LE(0, fd2);
	EXPECT_EQ(EBUSY, kfd_ioctl(fd2, AMDKFD_IOC_ACQUIRE_VM, &a));
	a.drm_fd = rfd;
	EXPECT_EQ(0, kfd_ioctl(fd2, AMDKFD_IOC_ACQUIRE_VM, &a));
	/* ...and a GPU not yet acquired takes its own node's file. */
	if (self->n > 1) {
		a.gpu_id = self->ids[1];
		EXPECT_EQ(EINVAL, kfd_ioctl(fd2, AMDKFD_IOC_ACQUIRE_VM, &a));
		a.drm_fd = other_gpu;
		EXPECT_EQ(0, kfd_ioctl(fd2, AMDKFD_IOC_ACQUIRE_VM, &a));
		EXPECT_EQ(0, kfd_ioctl(self->fd, AMDKFD_IOC_ACQUIRE_VM, &a));
		close(other_gpu);
	}
	/*
	 * The acquired file holds the process, not the other way round
	 * (kernel/render.c; Linux's pdd holds the file, EBUSY here): once
	 * its last fd is closed the process names its VM with another file.
	 */
	close(rfd);
	a.gpu_id = self->ids[0];
	a.drm_fd = rfd2;
	EXPECT_EQ(0, kfd_ioctl(self->fd, AMDKFD_IOC_ACQUIRE_VM, &a));
	EXPECT_EQ(0, kfd_ioctl(self->fd, AMDKFD_IOC_ACQUIRE_VM, &a));
	close(rfd2);
	close(fd2);
	close(null_fd);
}

/* Sends fd over the socket sock (SCM_RIGHTS); 0 or -1. */
static int send_fd(int sock, int fd)
{
	char cbuf[CMSG_SPACE(sizeof(int))] = { 0 };
	struct msghdr msg = { 0 };
	struct iovec iov;
	struct cmsghdr *c;
	char byte = 0;

	iov.iov_base = &byte;
	iov.iov_len = 1;
	msg.msg_iov = &iov;
	msg.msg_iovlen = 1;
	msg.msg_control = cbuf;
	msg.msg_controllen = sizeof(cbuf);
	c = CMSG_FIRSTHDR(&msg);
	c->cmsg_level = SOL_SOCKET;
	c->cmsg_type = SCM_RIGHTS;
	c->cmsg_len = CMSG_LEN(sizeof(int));
	memcpy(CMSG_DATA(c), &fd, sizeof(int));
	return sendmsg(sock, &msg, 0) == 1 ? 0 : -1;
}

/* The fd sent over sock (send_fd), or -1. */
static int recv_fd(int sock)
{
	char cbuf[CMSG_SPACE(sizeof(int))] = { 0 };
	struct msghdr msg = { 0 };
	struct iovec iov;
	struct cmsghdr *c;
	char byte;
	int fd = -1;

	iov.iov_base = &byte;
	iov.iov_len = 1;
	msg.msg_iov = &iov;
	msg.msg_iovlen = 1;
	msg.msg_control = cbuf;
	msg.msg_controllen = sizeof(cbuf);
	if (recvmsg(sock, &msg, 0) != 1)
		return -1;
	c = CMSG_FIRSTHDR(&msg);
	if (!c || c->cmsg_type != SCM_RIGHTS)
		return -1;
	memcpy(&fd, CMSG_DATA(c), sizeof(int));
	return fd;
}

/*
 * A render file whose VM another process acquired is -EINVAL, as amdgpu
 * refuses a drm_file whose VM belongs to another process; once that
 * process is gone (its last /dev/kfd file closed) the file is free and
 * this process may take it.
 */
TEST_F(dev, acquire_vm_other_process_file_is_einval)
{
	struct kfd_ioctl_acquire_vm_args a = { .gpu_id = self->ids[0] };
	int sv[2], other, status;
	char byte = 0;
	pid_t pid;

	SKIP_UNLESS_MODULE("needs a second process (the emulated KFD lives in this one)");

	ASSERT_EQ(0, socketpair(AF_UNIX, SOCK_STREAM, 0, sv));
	pid = fork();
	ASSERT_LE(0, pid);
	if (!pid) {
		/* The child's own VM, its render file handed to the parent. */
		int kfd = open(KFD_PATH, O_RDWR);

		if (kfd < 0 || kfd_acquire_vm(kfd, self->ids[0]))
			_exit(1);
		if (send_fd(sv[1], kfd_vm_fd(self->ids[0])))
			_exit(2);
		/*
		 * Keep the VM until the parent is done, then exit: the
		 * file the parent still holds lets go of this process.
		 */
		if (read(sv[1], &byte, 1) != 1)
			_exit(3);
		_exit(0);
	}
	other = recv_fd(sv[0]);
	ASSERT_LE(0, other);

	a.drm_fd = other;
	EXPECT_EQ(EINVAL, kfd_ioctl(self->fd, AMDKFD_IOC_ACQUIRE_VM, &a));
	/* The rejected file left the VM free for this process's own. */
	a.drm_fd = kfd_vm_fd(self->ids[0]);
	EXPECT_EQ(0, kfd_ioctl(self->fd, AMDKFD_IOC_ACQUIRE_VM, &a));

	/* The child exits; its file is free, but our VM is taken. */
	ASSERT_EQ(1, write(sv[0], &byte, 1));
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	a.drm_fd = other;
	EXPECT_EQ(EBUSY, kfd_ioctl(self->fd, AMDKFD_IOC_ACQUIRE_VM, &a));
	/* A process of its own with no VM yet takes it. */
	pid_t taker = fork();

	ASSERT_LE(0, taker);
	if (!taker) {
		int kfd = open(KFD_PATH, O_RDWR);

		a.drm_fd = other;
		_exit(kfd < 0 ? 100 : kfd_ioctl(kfd, AMDKFD_IOC_ACQUIRE_VM,
						&a));
	}
	ASSERT_EQ(taker, waitpid(taker, &status, 0));
	EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0)
		TH_LOG("the freed file in a new process: %d", status);

	close(other);
	close(sv[0]);
	close(sv[1]);
}

TEST_F(dev, set_memory_policy)
{
	struct kfd_ioctl_set_memory_policy_args a = {
		.gpu_id = self->ids[0],
		.default_policy = KFD_IOC_CACHE_POLICY_COHERENT,
		.alternate_policy = KFD_IOC_CACHE_POLICY_NONCOHERENT,
		.alternate_aperture_base = 1ull << 40,
		.alternate_aperture_size = 1ull << 30,
	};

	/* Before ACQUIRE_VM the process is not bound to the GPU. */
	EXPECT_EQ(ESRCH, kfd_ioctl(self->fd, AMDKFD_IOC_SET_MEMORY_POLICY,
				   &a));

	a.default_policy = 2;
	EXPECT_EQ(EINVAL, kfd_ioctl(self->fd, AMDKFD_IOC_SET_MEMORY_POLICY,
				    &a));
	a.default_policy = KFD_IOC_CACHE_POLICY_NONCOHERENT;
	a.alternate_policy = 0xffffffff;
	EXPECT_EQ(EINVAL, kfd_ioctl(self->fd, AMDKFD_IOC_SET_MEMORY_POLICY,
				    &a));
	a.alternate_policy = KFD_IOC_CACHE_POLICY_COHERENT;
	a.gpu_id = unknown_gpu(self->ids, self->n);
	EXPECT_EQ(EINVAL, kfd_ioctl(self->fd, AMDKFD_IOC_SET_MEMORY_POLICY,
				    &a));

	a.gpu_id = self->ids[0];
	ASSERT_EQ(0, kfd_acquire_vm(self->fd, self->ids[0]));
	EXPECT_EQ(0, kfd_ioctl(self->fd, AMDKFD_IOC_SET_MEMORY_POLICY, &a));
	/* Bad policies stay bad after binding. */
	a.default_policy = 7;
	EXPECT_EQ(EINVAL, kfd_ioctl(self->fd, AMDKFD_IOC_SET_MEMORY_POLICY,
				    &a));
	/* Binding one GPU does not bind the others. */
	if (self->n > 1) {
		a.default_policy = KFD_IOC_CACHE_POLICY_COHERENT;
		a.gpu_id = self->ids[1];
		EXPECT_EQ(ESRCH, kfd_ioctl(self->fd,
					   AMDKFD_IOC_SET_MEMORY_POLICY, &a));
	}
}

TEST_F(dev, set_scratch_backing_va)
{
	struct kfd_ioctl_set_scratch_backing_va_args a = {
		.va_addr = 0x100000000ull, .gpu_id = self->ids[0],
	};

	EXPECT_EQ(ENODEV, kfd_ioctl(self->fd,
				    AMDKFD_IOC_SET_SCRATCH_BACKING_VA, &a));
	a.gpu_id = unknown_gpu(self->ids, self->n);
	EXPECT_EQ(EINVAL, kfd_ioctl(self->fd,
				    AMDKFD_IOC_SET_SCRATCH_BACKING_VA, &a));
	a.gpu_id = self->ids[0];
	ASSERT_EQ(0, kfd_acquire_vm(self->fd, self->ids[0]));
	EXPECT_EQ(0, kfd_ioctl(self->fd, AMDKFD_IOC_SET_SCRATCH_BACKING_VA,
			       &a));
}

/*
 * The per-VMID values the backend programs, read back through debugfs
 * gpu<id>/processes: this process's line shows what the ioctls recorded.
 */
static long long process_field(uint32_t gpu_id, const char *key)
{
	char path[128], buf[8192], want[32], *line;
	long long v = -1;

	snprintf(path, sizeof(path), "/sys/kernel/debug/gcnkfd/gpu%u/processes",
		 gpu_id);
	if (read_text(path, buf, sizeof(buf)) <= 0)
		return -1;
	snprintf(want, sizeof(want), " pid=%d ", getpid());
	for (line = strtok(buf, "\n"); line; line = strtok(NULL, "\n")) {
		char field[32], *at;

		if (!strstr(line, want))
			continue;
		snprintf(field, sizeof(field), " %s=", key);
		at = strstr(line, field);
		if (at)
			v = strtoll(at + strlen(field), NULL, 0);
	}
	return v;
}

TEST_F(dev, scratch_and_trap_handler_reach_the_device)
{
	struct kfd_ioctl_set_scratch_backing_va_args s = {
		.va_addr = 0x7f1234560000ull, .gpu_id = self->ids[0],
	};
	struct kfd_ioctl_set_trap_handler_args t = {
		.tba_addr = 0x7f0000001000ull, .tma_addr = 0x7f0000002000ull,
		.gpu_id = self->ids[0],
	};

	SKIP_UNLESS_MODULE("reads the module's debugfs");

	ASSERT_EQ(0, process_field(self->ids[0], "vm"));
	ASSERT_EQ(0, kfd_acquire_vm(self->fd, self->ids[0]));
	EXPECT_EQ(1, process_field(self->ids[0], "vm"));
	ASSERT_EQ(0, kfd_ioctl(self->fd, AMDKFD_IOC_SET_SCRATCH_BACKING_VA,
			       &s));
	ASSERT_EQ(0, kfd_ioctl(self->fd, AMDKFD_IOC_SET_TRAP_HANDLER, &t));
	EXPECT_EQ((long long)s.va_addr, process_field(self->ids[0], "scratch"));
	EXPECT_EQ((long long)t.tba_addr, process_field(self->ids[0], "tba"));
	EXPECT_EQ((long long)t.tma_addr, process_field(self->ids[0], "tma"));
	if (self->n > 1)	/* the other GPU's state is its own */
		EXPECT_EQ(0, process_field(self->ids[1], "scratch"));
}

TEST_F(dev, set_trap_handler)
{
	struct kfd_ioctl_set_trap_handler_args a = {
		.tba_addr = 0x200000000ull, .tma_addr = 0x200001000ull,
		.gpu_id = self->ids[0],
	};

	EXPECT_EQ(ESRCH, kfd_ioctl(self->fd, AMDKFD_IOC_SET_TRAP_HANDLER, &a));
	a.gpu_id = unknown_gpu(self->ids, self->n);
	EXPECT_EQ(EINVAL, kfd_ioctl(self->fd, AMDKFD_IOC_SET_TRAP_HANDLER,
				    &a));
	a.gpu_id = self->ids[0];
	ASSERT_EQ(0, kfd_acquire_vm(self->fd, self->ids[0]));
	EXPECT_EQ(0, kfd_ioctl(self->fd, AMDKFD_IOC_SET_TRAP_HANDLER, &a));
}

TEST_F(dev, clock_counters)
{
	struct kfd_ioctl_get_clock_counters_args a;
	uint64_t raw0, boot0, raw1, boot1, gpu0;
	int i;

	for (i = 0; i < self->n; i++) {
		memset(&a, 0, sizeof(a));
		a.gpu_id = self->ids[i];
		raw0 = ts_ns(CLOCK_MONOTONIC_RAW);
		boot0 = ts_ns(CLOCK_BOOTTIME);
		ASSERT_EQ(0, kfd_ioctl(self->fd,
				       AMDKFD_IOC_GET_CLOCK_COUNTERS, &a));
		raw1 = ts_ns(CLOCK_MONOTONIC_RAW);
		boot1 = ts_ns(CLOCK_BOOTTIME);
		/* Linux: ktime_get_raw_ns() and ktime_get_boottime_ns(). */
		EXPECT_LE(raw0, a.cpu_clock_counter);
		EXPECT_GE(raw1, a.cpu_clock_counter);
		EXPECT_LE(boot0, a.system_clock_counter);
		EXPECT_GE(boot1, a.system_clock_counter);
		EXPECT_EQ(1000000000ull, a.system_clock_freq);
		EXPECT_NE(0, a.gpu_clock_counter);

		gpu0 = a.gpu_clock_counter;
		usleep(2000);
		ASSERT_EQ(0, kfd_ioctl(self->fd,
				       AMDKFD_IOC_GET_CLOCK_COUNTERS, &a));
		EXPECT_LT(gpu0, a.gpu_clock_counter);
		EXPECT_EQ(self->ids[i], a.gpu_id);
	}

	/* An unknown GPU is not an error: its counter reads 0. */
	memset(&a, 0xa5, sizeof(a));
	a.gpu_id = unknown_gpu(self->ids, self->n);
	ASSERT_EQ(0, kfd_ioctl(self->fd, AMDKFD_IOC_GET_CLOCK_COUNTERS, &a));
	EXPECT_EQ(0, a.gpu_clock_counter);
	EXPECT_NE(0, a.cpu_clock_counter);
	EXPECT_EQ(1000000000ull, a.system_clock_freq);
}

TEST_F(dev, tile_config)
{
	struct kfd_ioctl_get_tile_config_args a = { 0 };
	uint32_t tile[40], macro[20];
	void *ro = ro_page();
	int i;

	ASSERT_NE(NULL, ro);
	memset(tile, 0xa5, sizeof(tile));
	memset(macro, 0xa5, sizeof(macro));
	a.tile_config_ptr = (uintptr_t)tile;
	a.macro_tile_config_ptr = (uintptr_t)macro;
	a.num_tile_configs = 40;
	a.num_macro_tile_configs = 20;
	a.gpu_id = self->ids[0];
	ASSERT_EQ(0, kfd_ioctl(self->fd, AMDKFD_IOC_GET_TILE_CONFIG, &a));
	/* amdgpu's tile_mode_array (32) and macrotile_mode_array (16). */
	EXPECT_EQ(32, a.num_tile_configs);
	EXPECT_EQ(16, a.num_macro_tile_configs);
	EXPECT_EQ(VEGA10_GB_ADDR_CONFIG, a.gb_addr_config);
	EXPECT_EQ(0, a.num_banks);
	EXPECT_EQ(0, a.num_ranks);
	/* gfx9 has no tile-mode tables: zeroes, and nothing past the count. */
	for (i = 0; i < 32; i++)
		EXPECT_EQ(0, tile[i]);
	for (; i < 40; i++)
		EXPECT_EQ(0xa5a5a5a5u, tile[i]);
	for (i = 0; i < 16; i++)
		EXPECT_EQ(0, macro[i]);
	for (; i < 20; i++)
		EXPECT_EQ(0xa5a5a5a5u, macro[i]);

	/* Smaller counts are kept and honoured. */
	memset(tile, 0xa5, sizeof(tile));
	a.num_tile_configs = 3;
	a.num_macro_tile_configs = 0;
	a.macro_tile_config_ptr = 0;
	ASSERT_EQ(0, kfd_ioctl(self->fd, AMDKFD_IOC_GET_TILE_CONFIG, &a));
	EXPECT_EQ(3, a.num_tile_configs);
	EXPECT_EQ(0, a.num_macro_tile_configs);
	EXPECT_EQ(0, tile[2]);
	EXPECT_EQ(0xa5a5a5a5u, tile[3]);

	/* A bad pointer: -EFAULT, and that count reads back as 0. */
	a.num_tile_configs = 32;
	a.tile_config_ptr = 0;
	a.num_macro_tile_configs = 16;
	a.macro_tile_config_ptr = (uintptr_t)macro;
	EXPECT_EQ(EFAULT, kfd_ioctl(self->fd, AMDKFD_IOC_GET_TILE_CONFIG, &a));
	EXPECT_EQ(0, a.num_tile_configs);
	a.num_tile_configs = 32;
	a.tile_config_ptr = (uintptr_t)tile;
	a.macro_tile_config_ptr = (uintptr_t)ro;
	EXPECT_EQ(EFAULT, kfd_ioctl(self->fd, AMDKFD_IOC_GET_TILE_CONFIG, &a));
	EXPECT_EQ(32, a.num_tile_configs);
	EXPECT_EQ(0, a.num_macro_tile_configs);

	a.gpu_id = unknown_gpu(self->ids, self->n);
	EXPECT_EQ(EINVAL, kfd_ioctl(self->fd, AMDKFD_IOC_GET_TILE_CONFIG, &a));
	munmap(ro, 4096);
}

TEST_F(dev, available_memory)
{
	struct kfd_ioctl_get_available_memory_args a = { 0 };
	char path[128], text[4096];
	long long vram;
	int i, node;

	for (i = 0; i < self->n; i++) {
		memset(&a, 0xa5, sizeof(a));
		a.gpu_id = self->ids[i];
		ASSERT_EQ(0, kfd_ioctl(self->fd, AMDKFD_IOC_AVAILABLE_MEMORY,
				       &a));
		EXPECT_NE(0, a.available);
		EXPECT_EQ(self->ids[i], a.gpu_id);
		/* No more than the node's VRAM bank says it has. */
		vram = -1;
		for (node = 0; node < 16 && vram < 0; node++) {
			snprintf(path, sizeof(path), KFD_TOPOLOGY
				 "/nodes/%d/gpu_id", node);
			if (read_text(path, text, sizeof(text)) <= 0 ||
			    strtoul(text, NULL, 0) != self->ids[i])
				continue;
			snprintf(path, sizeof(path), KFD_TOPOLOGY
				 "/nodes/%d/mem_banks/0/properties", node);
			if (read_text(path, text, sizeof(text)) > 0)
				vram = text_prop(text, "size_in_bytes");
		}
		if (vram > 0) {
			EXPECT_GE((uint64_t)vram, a.available);
		} else {
			TH_LOG("gpu %u: no VRAM bank in the topology",
			       self->ids[i]);
		}
	}
	a.gpu_id = unknown_gpu(self->ids, self->n);
	EXPECT_EQ(EINVAL, kfd_ioctl(self->fd, AMDKFD_IOC_AVAILABLE_MEMORY, &a));
}

/* Every command of the 6.1 table, with the errno of the stubbed ones. */
static const struct {
	unsigned long cmd;
	int fixed_errno;	/* -1: depends on the arguments */
} kfd_cmds[] = {
	{ AMDKFD_IOC_GET_VERSION, -1 },
	{ AMDKFD_IOC_CREATE_QUEUE, -1 },
	{ AMDKFD_IOC_DESTROY_QUEUE, -1 },
	{ AMDKFD_IOC_SET_MEMORY_POLICY, -1 },
	{ AMDKFD_IOC_GET_CLOCK_COUNTERS, -1 },
	{ AMDKFD_IOC_GET_PROCESS_APERTURES, -1 },
	{ AMDKFD_IOC_UPDATE_QUEUE, -1 },
	{ AMDKFD_IOC_CREATE_EVENT, -1 },
	{ AMDKFD_IOC_DESTROY_EVENT, -1 },
	{ AMDKFD_IOC_SET_EVENT, -1 },
	{ AMDKFD_IOC_RESET_EVENT, -1 },
	{ AMDKFD_IOC_WAIT_EVENTS, -1 },
	{ AMDKFD_IOC_DBG_REGISTER_DEPRECATED, EPERM },
	{ AMDKFD_IOC_DBG_UNREGISTER_DEPRECATED, EPERM },
	{ AMDKFD_IOC_DBG_ADDRESS_WATCH_DEPRECATED, EPERM },
	{ AMDKFD_IOC_DBG_WAVE_CONTROL_DEPRECATED, EPERM },
	{ AMDKFD_IOC_SET_SCRATCH_BACKING_VA, -1 },
	{ AMDKFD_IOC_GET_TILE_CONFIG, -1 },
	{ AMDKFD_IOC_SET_TRAP_HANDLER, -1 },
	{ AMDKFD_IOC_GET_PROCESS_APERTURES_NEW, -1 },
	{ AMDKFD_IOC_ACQUIRE_VM, -1 },
	{ AMDKFD_IOC_ALLOC_MEMORY_OF_GPU, -1 },
	{ AMDKFD_IOC_FREE_MEMORY_OF_GPU, -1 },
	{ AMDKFD_IOC_MAP_MEMORY_TO_GPU, -1 },
	{ AMDKFD_IOC_UNMAP_MEMORY_FROM_GPU, -1 },
	{ AMDKFD_IOC_SET_CU_MASK, -1 },
	{ AMDKFD_IOC_GET_QUEUE_WAVE_STATE, -1 },
	{ AMDKFD_IOC_GET_DMABUF_INFO, EINVAL },
	{ AMDKFD_IOC_IMPORT_DMABUF, EINVAL },
	{ AMDKFD_IOC_ALLOC_QUEUE_GWS, -1 },
	{ AMDKFD_IOC_SMI_EVENTS, EOPNOTSUPP },
	{ AMDKFD_IOC_SVM, EPERM },
	{ AMDKFD_IOC_SET_XNACK_MODE, -1 },
	{ AMDKFD_IOC_CRIU_OP, EOPNOTSUPP },
	{ AMDKFD_IOC_AVAILABLE_MEMORY, -1 },
};

TEST_F(dev, command_table_has_no_holes)
{
	uint64_t buf[512];
	unsigned int i, nr;
	int err;

	ASSERT_EQ(AMDKFD_COMMAND_END - AMDKFD_COMMAND_START,
		  sizeof(kfd_cmds) / sizeof(kfd_cmds[0]));
	for (i = 0; i < sizeof(kfd_cmds) / sizeof(kfd_cmds[0]); i++) {
		nr = _IOC_NR(kfd_cmds[i].cmd);
		EXPECT_EQ(AMDKFD_COMMAND_START + i, nr);
		memset(buf, 0, sizeof(buf));
		/* num_events 0, timeout 0: a zeroed WAIT_EVENTS returns. */
		err = kfd_ioctl(self->fd, kfd_cmds[i].cmd, buf);
		EXPECT_NE(ENOTTY, err) TH_LOG("nr 0x%x", nr);
		if (kfd_cmds[i].fixed_errno >= 0) {
			EXPECT_EQ(kfd_cmds[i].fixed_errno, err)
				TH_LOG("nr 0x%x: %s", nr, strerror(err));
		}
	}
}

TEST_F(dev, numbers_outside_table_are_enotty)
{
	uint64_t buf[64] = { 0 };
	unsigned int nr;

	for (nr = 0; nr < 256; nr++) {
		if (nr >= AMDKFD_COMMAND_START && nr < AMDKFD_COMMAND_END)
			continue;
		/* ROCm's IPC pair (ipc_test.c), served by the module only. */
		if (gcnkfd_test_on_module() && nr >= 0x80 && nr < 0x82)
			continue;
		EXPECT_EQ(ENOTTY, kfd_ioctl(self->fd, _IOWR('K', nr, buf), buf))
			TH_LOG("nr 0x%x", nr);
		EXPECT_EQ(ENOTTY, kfd_ioctl(self->fd, _IO('K', nr), NULL));
	}
}

TEST_F(dev, type_and_direction_are_not_checked)
{
	struct kfd_ioctl_get_version_args v;

	/* As Linux: only the number selects the command, with its own
	 * direction; the caller's type byte and direction bits do not.
	 */
	memset(&v, 0, sizeof(v));
	EXPECT_EQ(0, kfd_ioctl(self->fd, _IOR('X', 0x01, v), &v));
	EXPECT_EQ(KFD_IOCTL_MAJOR_VERSION, v.major_version);
	memset(&v, 0, sizeof(v));
	EXPECT_EQ(0, kfd_ioctl(self->fd, _IOW('K', 0x01, v), &v));
	EXPECT_EQ(KFD_IOCTL_MINOR_VERSION, v.minor_version);
	/* Size 0: nothing is copied either way, so NULL is fine. */
	EXPECT_EQ(0, kfd_ioctl(self->fd, _IO('K', 0x01), NULL));
}

TEST_F(dev, short_struct_is_zero_extended)
{
	struct kfd_ioctl_get_clock_counters_args c;
	struct kfd_ioctl_get_version_args v;
	uint64_t big[8];
	unsigned int i;

	/* Only the caller's 4 bytes go back. */
	memset(&v, 0xa5, sizeof(v));
	ASSERT_EQ(0, kfd_ioctl(self->fd, _IOC(_IOC_READ, 'K', 0x01, 4), &v));
	EXPECT_EQ(KFD_IOCTL_MAJOR_VERSION, v.major_version);
	EXPECT_EQ(0xa5a5a5a5u, v.minor_version);

	/*
	 * gpu_id lies past 8 bytes: the module reads it as 0 (an unknown
	 * GPU, counter 0) and writes back only gpu_clock_counter.
	 */
	memset(&c, 0xa5, sizeof(c));
	c.gpu_id = self->ids[0];
	ASSERT_EQ(0, kfd_ioctl(self->fd, _IOC(_IOC_READ | _IOC_WRITE, 'K',
					      0x05, 8), &c));
	EXPECT_EQ(0, c.gpu_clock_counter);
	EXPECT_EQ(0xa5a5a5a5a5a5a5a5ull, c.cpu_clock_counter);
	EXPECT_EQ(0xa5a5a5a5a5a5a5a5ull, c.system_clock_freq);

	/* A longer buffer for an output-only command comes back zeroed. */
	memset(big, 0xa5, sizeof(big));
	ASSERT_EQ(0, kfd_ioctl(self->fd, _IOC(_IOC_READ, 'K', 0x01,
					      sizeof(big)), big));
	EXPECT_EQ(KFD_IOCTL_MAJOR_VERSION, (uint32_t)big[0]);
	for (i = 1; i < 8; i++)
		EXPECT_EQ(0, big[i]);
}

TEST_F(dev, null_argument_is_efault)
{
	EXPECT_EQ(EFAULT, kfd_ioctl(self->fd, AMDKFD_IOC_GET_CLOCK_COUNTERS,
				    NULL));
	EXPECT_EQ(EFAULT, kfd_ioctl(self->fd, AMDKFD_IOC_ACQUIRE_VM, NULL));
	EXPECT_EQ(EFAULT, kfd_ioctl(self->fd,
				    AMDKFD_IOC_GET_PROCESS_APERTURES_NEW,
				    (void *)0xffffffff81000000ull));
}

TEST_F(dev, xnack_mode)
{
	struct kfd_ioctl_set_xnack_mode_args x = { .xnack_enabled = -1 };

	/* Query: gfx900 runs with XNACK off. */
	ASSERT_EQ(0, kfd_ioctl(self->fd, AMDKFD_IOC_SET_XNACK_MODE, &x));
	EXPECT_EQ(0, x.xnack_enabled);
	x.xnack_enabled = 0;
	EXPECT_EQ(0, kfd_ioctl(self->fd, AMDKFD_IOC_SET_XNACK_MODE, &x));
	EXPECT_EQ(0, x.xnack_enabled);
	/* gfx900 cannot turn it on. */
	x.xnack_enabled = 1;
	EXPECT_EQ(EPERM, kfd_ioctl(self->fd, AMDKFD_IOC_SET_XNACK_MODE, &x));
	x.xnack_enabled = -1;
	ASSERT_EQ(0, kfd_ioctl(self->fd, AMDKFD_IOC_SET_XNACK_MODE, &x));
	EXPECT_EQ(0, x.xnack_enabled);
}

TEST(open_modes)
{
	struct kfd_ioctl_get_version_args v;
	int flags[] = { O_RDONLY, O_RDWR, O_RDONLY | O_CLOEXEC };
	unsigned int i;

	for (i = 0; i < 3; i++) {
		int fd = open(KFD_PATH, flags[i]);

		ASSERT_LE(0, fd) TH_LOG("flags 0x%x: %s", flags[i],
					strerror(errno));
		memset(&v, 0, sizeof(v));
		EXPECT_EQ(0, kfd_ioctl(fd, AMDKFD_IOC_GET_VERSION, &v));
		EXPECT_EQ(KFD_IOCTL_MAJOR_VERSION, v.major_version);
		close(fd);
	}
}

TEST_F(dev, forked_child_cannot_use_parent_fd)
{
	struct kfd_ioctl_get_version_args v = { 0 };
	int status;
	pid_t pid;

	SKIP_UNLESS_MODULE("needs a second process (the emulated KFD lives in this one)");

	pid = fork();
	ASSERT_LE(0, pid);
	if (!pid) {
		uint64_t off = (3ull << 62) | ((uint64_t)self->ids[0] << 46);
		int own, code = 0;
		void *m;

		if (kfd_ioctl(self->fd, AMDKFD_IOC_GET_VERSION, &v) != EBADF)
			code |= 1;
		m = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_SHARED,
			 self->fd, off);
		if (m != MAP_FAILED || errno != EBADF)
			code |= 2;
		/* Its own open works. */
		own = open(KFD_PATH, O_RDWR);
		if (own < 0 || kfd_ioctl(own, AMDKFD_IOC_GET_VERSION, &v))
			code |= 4;
		m = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_SHARED, own,
			 off);
		if (m == MAP_FAILED)
			code |= 8;
		/* ...and the parent's still does not. */
		if (kfd_ioctl(self->fd, AMDKFD_IOC_GET_VERSION, &v) != EBADF)
			code |= 16;
		_exit(code);
	}
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	ASSERT_TRUE(WIFEXITED(status));
	EXPECT_EQ(0, WEXITSTATUS(status)) {
		TH_LOG("child: 1 ioctl, 2 mmap not EBADF; 4 own open, 8 own mmap failed; 16 parent fd usable");
	}
	EXPECT_EQ(0, kfd_ioctl(self->fd, AMDKFD_IOC_GET_VERSION, &v));
	EXPECT_EQ(KFD_IOCTL_MAJOR_VERSION, v.major_version);
}

/*
 * After an exec the inherited /dev/kfd file still names the process that
 * opened it, whose address space is gone: the new image gets EBADF, as a
 * forked child does. The exec'd image of this binary sees
 * GCNKFD_EXEC_FD in its environment and answers before main().
 */
__attribute__((constructor)) static void exec_child_check(void)
{
	const char *fd_text = getenv("GCNKFD_EXEC_FD");
	struct kfd_ioctl_get_version_args v;
	int fd;

	if (!fd_text)
		return;
	fd = atoi(fd_text);
	_exit(kfd_ioctl(fd, AMDKFD_IOC_GET_VERSION, &v) == EBADF ? 0 : 1);
}

TEST(exec_image_cannot_use_inherited_fd)
{
	int status;
	pid_t pid;

	SKIP_UNLESS_MODULE("needs a second process (the emulated KFD lives in this one)");

	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		/* The child's own process, then a new image over it. */
		int fd = open(KFD_PATH, O_RDWR);
		char text[16];
		struct kfd_ioctl_get_version_args v;

		if (fd < 0 || kfd_ioctl(fd, AMDKFD_IOC_GET_VERSION, &v))
			_exit(2);
		snprintf(text, sizeof(text), "%d", fd);
		setenv("GCNKFD_EXEC_FD", text, 1);
		execl("/proc/self/exe", "device_test", (char *)NULL);
		_exit(3);
	}
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	ASSERT_TRUE(WIFEXITED(status));
	EXPECT_EQ(0, WEXITSTATUS(status))
		TH_LOG("1: the exec'd image could use the file; 2/3: setup");
}

TEST_HARNESS_MAIN
