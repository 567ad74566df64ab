// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Memory shared between processes: ROCm's IPC_EXPORT_HANDLE and
 * IPC_IMPORT_HANDLE (its amdkfd's kfd_ipc.c), which the thunk's
 * hsaKmtShareMemory and hsaKmtRegisterSharedHandle call. A parent exports
 * a buffer, a forked child opens /dev/kfd itself and imports it: both see
 * one memory, the importer gets only what was shared, a share handle is
 * refused when one bit differs or once every buffer on its pages is gone,
 * and the pages outlive the exporter's free while an importer holds them.
 * The module's counters (buffers, pages, shared objects) return to where
 * they were. The emulated KFD does not serve these commands (-ENOTTY).
 */
#include <sys/mman.h>
#include <sys/wait.h>

#include "gcnkfd_test.h"
#include "kfd_ipc.h"
#include "kselftest_harness.h"

#define PAGE 4096ULL
#define GTT_RW (KFD_IOC_ALLOC_MEM_FLAGS_GTT | KFD_IOC_ALLOC_MEM_FLAGS_WRITABLE)

static int map_bo(int fd, int map, uint64_t handle, uint32_t gpu)
{
	struct kfd_ioctl_map_memory_to_gpu_args a = {
		.handle = handle,
		.device_ids_array_ptr = (uintptr_t)&gpu,
		.n_devices = 1,
	};

	return kfd_ioctl(fd, map ? AMDKFD_IOC_MAP_MEMORY_TO_GPU :
			 AMDKFD_IOC_UNMAP_MEMORY_FROM_GPU, &a);
}

static int export_bo(int fd, uint32_t gpu, uint64_t handle, uint32_t flags,
		     uint32_t *share)
{
	struct kfdc_ipc_export_handle_args a = {
		.handle = handle, .gpu_id = gpu, .flags = flags,
	};
	int r = kfd_ioctl(fd, KFDC_IOC_IPC_EXPORT_HANDLE, &a);

	if (!r)
		memcpy(share, a.share_handle, sizeof(a.share_handle));
	return r;
}

static int import_bo(int fd, uint32_t gpu, const uint32_t *share,
		     uint64_t va, uint64_t *handle, uint64_t *offset,
		     uint32_t *flags)
{
	struct kfdc_ipc_import_handle_args a = { .va_addr = va, .gpu_id = gpu };
	int r;

	memcpy(a.share_handle, share, sizeof(a.share_handle));
	r = kfd_ioctl(fd, KFDC_IOC_IPC_IMPORT_HANDLE, &a);
	if (!r) {
		*handle = a.handle;
		*offset = a.mmap_offset;
		if (flags)
			*flags = a.flags;
	}
	return r;
}

/*
 * The buffer's pages at its own VA through the render file (kfd_vm_fd),
 * as the thunk maps them.
 */
static uint32_t *map_at(int fd, uint64_t va, uint64_t offset, uint64_t size)
{
	void *p = mmap((void *)(uintptr_t)va, size, PROT_READ | PROT_WRITE,
		       MAP_SHARED | MAP_FIXED, fd, (off_t)offset);

	return p == MAP_FAILED ? NULL : p;
}

static void fill(uint32_t *p, uint64_t words, uint32_t seed)
{
	uint64_t i;

	for (i = 0; i < words; i++)
		p[i] = seed ^ (uint32_t)(i * 2654435761u);
}

static int check(const uint32_t *p, uint64_t words, uint32_t seed)
{
	uint64_t i;

	for (i = 0; i < words; i++)
		if (p[i] != (seed ^ (uint32_t)(i * 2654435761u)))
			return 0;
	return 1;
}

/* A child's own /dev/kfd with its VM on gpu: the fd, or -1. */
static int child_open(uint32_t gpu)
{
	int fd = open(KFD_PATH, O_RDWR | O_CLOEXEC);

	if (fd < 0 || kfd_acquire_vm(fd, gpu))
		return -1;
	return fd;
}

FIXTURE(ipc)
{
	int fd;
	uint32_t gpu;
	uint64_t va;		/* 16 MiB of reserved VA */
	long long counters0[GCNKFD_NCOUNTERS];
	long long ipc0, pages0;
	const char *skip;	/* why setup skipped; the body skips too */
};

/* The harness runs the body after a setup that skipped: skip it too. */
#define SKIP_IF_SETUP_SKIPPED()					\
	do {							\
		if (self->skip)					\
			SKIP(return, "%s", self->skip);		\
	} while (0)

/* How far a counter is from where it was when the case began. */
#define DELTA(name, base) (gcnkfd_counter(name) - (base))

FIXTURE_SETUP(ipc)
{
	self->fd = -1;
	self->skip = NULL;
	if (!gcnkfd_test_on_module()) {
		self->skip = "the emulated KFD does not serve IPC";
		SKIP(return, "%s", self->skip);
	}
	gcnkfd_read_counters(self->counters0);
	self->ipc0 = gcnkfd_counter("ipc_objects");
	self->pages0 = gcnkfd_counter("pages_allocated");
	ASSERT_NE(-1, self->ipc0);
	self->fd = open(KFD_PATH, O_RDWR | O_CLOEXEC);
	ASSERT_LE(0, self->fd);
	self->gpu = kfd_first_gpu(self->fd);
	if (!self->gpu) {
		self->skip = "no GPU";
		SKIP(return, "%s", self->skip);
	}
	ASSERT_EQ(0, kfd_acquire_vm(self->fd, self->gpu));
	self->va = reserve_va(16 << 20);
	ASSERT_NE(0, self->va);
}

FIXTURE_TEARDOWN(ipc)
{
	long long now[GCNKFD_NCOUNTERS];
	unsigned int i;

	if (self->fd < 0)
		return;
	kfd_close_process(self->fd);
	/* Every process is gone: so is every buffer and shared object. */
	if (gcnkfd_wait_counters(self->counters0, now, 2000))
		for (i = 0; i < GCNKFD_NCOUNTERS; i++)
			EXPECT_EQ(self->counters0[i], now[i]);
}

/* ROCm's request codes, as Debian's libhsakmt 5.2.3 issues them. */
TEST(request_codes)
{
	EXPECT_EQ(0xc0304b80UL, (unsigned long)KFDC_IOC_IPC_IMPORT_HANDLE);
	EXPECT_EQ(0xc0204b81UL, (unsigned long)KFDC_IOC_IPC_EXPORT_HANDLE);
}

/* The emulated KFD has no such commands; the thunk says NOT_SUPPORTED. */
TEST(emulated_has_no_ipc)
{
	uint32_t share[4] = { 0 };
	uint64_t h, off;
	int fd;

	if (gcnkfd_test_on_module())
		SKIP(return, "the module serves IPC");
	fd = open(KFD_PATH, O_RDWR | O_CLOEXEC);
	ASSERT_LE(0, fd);
	EXPECT_EQ(ENOTTY, export_bo(fd, 1, 0, 0, share));
	EXPECT_EQ(ENOTTY, import_bo(fd, 1, share, 0, &h, &off, NULL));
	close(fd);
}

TEST_F(ipc, shared_both_ways)
{
	const uint64_t size = 4 * PAGE, words = size / 4;
	uint32_t share[4], again[4];
	uint64_t h, off;
	uint32_t *p;
	int status;
	pid_t pid;

	SKIP_IF_SETUP_SKIPPED();

	ASSERT_EQ(0, alloc_bo(self->fd, self->gpu, self->va, size, GTT_RW, 0,
			      &h, &off));
	p = map_at(kfd_vm_fd(self->gpu), self->va, off, size);
	ASSERT_NE(NULL, p);
	fill(p, words, 0x1234);
	ASSERT_EQ(0, export_bo(self->fd, self->gpu, h, 0xabcd, share));
	EXPECT_EQ(1, DELTA("ipc_objects", self->ipc0));
	/* Exported again: the same share handle, as ROCm's. */
	ASSERT_EQ(0, export_bo(self->fd, self->gpu, h, 0, again));
	EXPECT_EQ(0, memcmp(share, again, sizeof(share)));

	pid = fork();
	ASSERT_LE(0, pid);
	if (!pid) {
		int fd = child_open(self->gpu);
		uint64_t va = reserve_va(size), ch, coff;
		uint32_t flags = 0, *q;

		if (fd < 0 || !va)
			_exit(100);
		if (import_bo(fd, self->gpu, share, va, &ch, &coff, &flags))
			_exit(1);
		if (flags != 0xabcd)	/* the exporter's, not the later ones */
			_exit(2);
		q = map_at(kfd_vm_fd(self->gpu), va, coff, size);
		if (!q || !check(q, words, 0x1234))
			_exit(3);
		/* An ordinary buffer of the child: mapped to its GPU too. */
		if (map_bo(fd, 1, ch, self->gpu) || map_bo(fd, 0, ch, self->gpu))
			_exit(4);
		fill(q, words, 0x5678);
		munmap(q, size);
		if (free_bo(fd, ch))
			_exit(5);
		/* The handle was the child's own: gone now. */
		if (free_bo(fd, ch) != EINVAL)
			_exit(6);
		_exit(0);
	}
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	EXPECT_EQ(0, WEXITSTATUS(status));
	EXPECT_TRUE(check(p, words, 0x5678));
	/* The importer's free left the share and the exporter's buffer. */
	EXPECT_EQ(1, DELTA("ipc_objects", self->ipc0));
	munmap(p, size);
	EXPECT_EQ(0, free_bo(self->fd, h));
	EXPECT_EQ(0, DELTA("ipc_objects", self->ipc0));
}

TEST_F(ipc, wrong_share_handle_refused)
{
	uint32_t share[4], bad[4];
	uint64_t h, ih, off;
	unsigned int i;
	int status;
	pid_t pid;

	SKIP_IF_SETUP_SKIPPED();

	ASSERT_EQ(0, alloc_bo(self->fd, self->gpu, self->va, PAGE, GTT_RW, 0,
			      &h, NULL));
	ASSERT_EQ(0, export_bo(self->fd, self->gpu, h, 0, share));
	/* Not the buffer handle in disguise: 128 random bits. */
	EXPECT_FALSE(share[0] == (uint32_t)h && share[1] == (uint32_t)(h >> 32));

	pid = fork();
	ASSERT_LE(0, pid);
	if (!pid) {
		int fd = child_open(self->gpu), code = 0;
		uint64_t va = reserve_va(PAGE);

		if (fd < 0 || !va)
			_exit(100);
		/* Any one bit wrong, in any word: -EINVAL. */
		for (i = 0; i < 128; i += 31) {
			memcpy(bad, share, sizeof(bad));
			bad[i / 32] ^= 1u << (i % 32);
			if (import_bo(fd, self->gpu, bad, va, &ih, &off, NULL) !=
			    EINVAL)
				code |= 1;
		}
		/* The child cannot export the parent's buffer handle. */
		if (export_bo(fd, self->gpu, h, 0, bad) != EINVAL)
			code |= 2;
		/* A GPU that is not there: -EINVAL. */
		if (import_bo(fd, 0xfffe, share, va, &ih, &off, NULL) != EINVAL)
			code |= 4;
		/* A VA outside the GPUVM aperture: -EINVAL. */
		if (import_bo(fd, self->gpu, share, 4096, &ih, &off, NULL) !=
		    EINVAL)
			code |= 8;
		_exit(code);
	}
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	EXPECT_EQ(0, WEXITSTATUS(status));
	EXPECT_EQ(0, free_bo(self->fd, h));
}

TEST_F(ipc, export_rules)
{
	uint32_t share[4];
	uint64_t h, ih, off;
	void *user;
	int fd;

	SKIP_IF_SETUP_SKIPPED();

	/* No such buffer, no such GPU: -EINVAL. */
	EXPECT_EQ(EINVAL, export_bo(self->fd, self->gpu, 0x1234, 0, share));
	ASSERT_EQ(0, alloc_bo(self->fd, self->gpu, self->va, PAGE, GTT_RW, 0,
			      &h, NULL));
	EXPECT_EQ(EINVAL, export_bo(self->fd, 0xfffe, h, 0, share));
	EXPECT_EQ(0, free_bo(self->fd, h));

	/* User memory has no pages of the KFD's to share. */
	user = mmap(NULL, PAGE, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ASSERT_NE(MAP_FAILED, user);
	ASSERT_EQ(0, alloc_bo(self->fd, self->gpu, self->va, PAGE,
			      KFD_IOC_ALLOC_MEM_FLAGS_USERPTR |
			      KFD_IOC_ALLOC_MEM_FLAGS_WRITABLE,
			      (uintptr_t)user, &h, NULL));
	EXPECT_EQ(EINVAL, export_bo(self->fd, self->gpu, h, 0, share));
	EXPECT_EQ(0, free_bo(self->fd, h));
	munmap(user, PAGE);

	/* Importing needs the importer's VM, as ALLOC does: -ENODEV. */
	ASSERT_EQ(0, alloc_bo(self->fd, self->gpu, self->va, PAGE, GTT_RW, 0,
			      &h, NULL));
	ASSERT_EQ(0, export_bo(self->fd, self->gpu, h, 0, share));
	if (!fork()) {
		fd = open(KFD_PATH, O_RDWR | O_CLOEXEC);
		_exit(fd < 0 ? 100 :
		      import_bo(fd, self->gpu, share, self->va, &ih, &off,
				NULL) == ENODEV ? 0 : 1);
	}
	{
		int status;

		ASSERT_LT(0, wait(&status));
		EXPECT_EQ(0, WEXITSTATUS(status));
	}
	/* The importer's VA clashes with one of its buffers: -EINVAL. */
	EXPECT_EQ(EINVAL, import_bo(self->fd, self->gpu, share, self->va, &ih,
				    &off, NULL));
	/* In the same process at a free VA: a second buffer on the pages. */
	ASSERT_EQ(0, import_bo(self->fd, self->gpu, share, self->va + PAGE,
			       &ih, &off, NULL));
	EXPECT_NE(h, ih);
	EXPECT_EQ(0, free_bo(self->fd, h));
	EXPECT_EQ(0, free_bo(self->fd, ih));
}

TEST_F(ipc, freed_share_handle_refused)
{
	uint32_t share[4], share2[4];
	uint64_t h, h2, ih, off;

	SKIP_IF_SETUP_SKIPPED();

	ASSERT_EQ(0, alloc_bo(self->fd, self->gpu, self->va, PAGE, GTT_RW, 0,
			      &h, NULL));
	ASSERT_EQ(0, export_bo(self->fd, self->gpu, h, 0, share));
	ASSERT_EQ(0, free_bo(self->fd, h));
	/* No buffer holds the pages: the share handle is gone. */
	EXPECT_EQ(EINVAL, import_bo(self->fd, self->gpu, share,
				    self->va + PAGE, &ih, &off, NULL));
	/* A new buffer (the freed idr reused) gets a share of its own. */
	ASSERT_EQ(0, alloc_bo(self->fd, self->gpu, self->va, PAGE, GTT_RW, 0,
			      &h2, NULL));
	EXPECT_EQ(h, h2);
	ASSERT_EQ(0, export_bo(self->fd, self->gpu, h2, 0, share2));
	EXPECT_NE(0, memcmp(share, share2, sizeof(share)));
	EXPECT_EQ(EINVAL, import_bo(self->fd, self->gpu, share,
				    self->va + PAGE, &ih, &off, NULL));
	EXPECT_EQ(0, free_bo(self->fd, h2));
}

TEST_F(ipc, exporter_frees_first)
{
	const uint64_t size = 8 * PAGE, words = size / 4;
	int to_child[2], to_parent[2];
	uint32_t share[4];
	uint64_t h, off;
	uint32_t *p;
	int status;
	char c = 0;
	pid_t pid;

	SKIP_IF_SETUP_SKIPPED();

	ASSERT_EQ(0, pipe(to_child));
	ASSERT_EQ(0, pipe(to_parent));
	ASSERT_EQ(0, alloc_bo(self->fd, self->gpu, self->va, size,
			      KFD_IOC_ALLOC_MEM_FLAGS_VRAM |
			      KFD_IOC_ALLOC_MEM_FLAGS_WRITABLE |
			      KFD_IOC_ALLOC_MEM_FLAGS_PUBLIC, 0, &h, &off));
	p = map_at(kfd_vm_fd(self->gpu), self->va, off, size);
	ASSERT_NE(NULL, p);
	fill(p, words, 0x9abc);
	ASSERT_EQ(0, export_bo(self->fd, self->gpu, h, 0, share));

	pid = fork();
	ASSERT_LE(0, pid);
	if (!pid) {
		int fd = child_open(self->gpu);
		uint64_t va = reserve_va(2 * size), ch, ch2, coff;
		uint32_t *q;

		if (fd < 0 || !va)
			_exit(100);
		if (import_bo(fd, self->gpu, share, va, &ch, &coff, NULL))
			_exit(1);
		if (write(to_parent[1], &c, 1) != 1 ||
		    read(to_child[0], &c, 1) != 1)
			_exit(101);
		/* The exporter freed and unmapped its buffer: data stays. */
		q = map_at(kfd_vm_fd(self->gpu), va, coff, size);
		if (!q || !check(q, words, 0x9abc))
			_exit(2);
		if (map_bo(fd, 1, ch, self->gpu) || map_bo(fd, 0, ch, self->gpu))
			_exit(3);
		munmap(q, size);
		/* Still importable while this process holds the pages. */
		if (import_bo(fd, self->gpu, share, va + size, &ch2, &coff,
			      NULL))
			_exit(4);
		if (free_bo(fd, ch) || free_bo(fd, ch2))
			_exit(5);
		_exit(0);
	}
	ASSERT_EQ(1, read(to_parent[0], &c, 1));
	munmap(p, size);
	ASSERT_EQ(0, free_bo(self->fd, h));
	/* The child's buffer holds the pages and the share. */
	EXPECT_EQ(1, DELTA("ipc_objects", self->ipc0));
	EXPECT_LE(8, DELTA("pages_allocated", self->pages0));
	ASSERT_EQ(1, write(to_child[1], &c, 1));
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	EXPECT_EQ(0, WEXITSTATUS(status));
	EXPECT_EQ(0, DELTA("ipc_objects", self->ipc0));
	EXPECT_EQ(0, DELTA("pages_allocated", self->pages0));
}

/* An importer that exits without freeing: its buffer goes with it. */
TEST_F(ipc, importer_exits_holding)
{
	uint32_t share[4];
	uint64_t h;
	int status;
	pid_t pid;

	SKIP_IF_SETUP_SKIPPED();

	ASSERT_EQ(0, alloc_bo(self->fd, self->gpu, self->va, 2 * PAGE, GTT_RW,
			      0, &h, NULL));
	ASSERT_EQ(0, export_bo(self->fd, self->gpu, h, 0, share));
	ASSERT_EQ(0, free_bo(self->fd, h));
	ASSERT_EQ(0, alloc_bo(self->fd, self->gpu, self->va, 2 * PAGE, GTT_RW,
			      0, &h, NULL));
	ASSERT_EQ(0, export_bo(self->fd, self->gpu, h, 0, share));
	pid = fork();
	ASSERT_LE(0, pid);
	if (!pid) {
		int fd = child_open(self->gpu);
		uint64_t va = reserve_va(2 * PAGE), ch, coff;

		if (fd < 0 || !va)
			_exit(100);
		_exit(import_bo(fd, self->gpu, share, va, &ch, &coff, NULL));
	}
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	EXPECT_EQ(0, WEXITSTATUS(status));
	EXPECT_EQ(0, free_bo(self->fd, h));
}

TEST_HARNESS_MAIN
