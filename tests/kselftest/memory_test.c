// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Buffer objects: ALLOC/FREE/MAP/UNMAP_MEMORY_OF_GPU and mmap of buffers
 * through /dev/kfd. Errnos are Linux 6.1's (kfd_chardev.c and
 * amdgpu_amdkfd_gpuvm.c); memory is checked by reading it back through
 * other mappings, VRAM accounting through AVAILABLE_MEMORY and the
 * module's debugfs counters, which must return to where they were.
 */
#include <setjmp.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include "gcnkfd_test.h"
#include "kselftest_harness.h"

#define PAGE 4096ULL
/* Mmap offsets of kfd_priv.h: type in bits 63:62, gpu id in 61:46. */
#define MMAP_TYPE_DOORBELL (3ULL << 62)
#define MMAP_TYPE_MMIO (0ULL << 62)
#define MMAP_TYPE_MASK (3ULL << 62)
#define MMAP_GPU_ID(id) ((uint64_t)(id) << 46)
#define DOORBELL_SLICE 8192ULL	/* 1024 doorbells of 8 bytes (SOC15) */

static uint64_t counter(const char *name)
{
	return (uint64_t)gcnkfd_counter(name);
}

/* MAP (map != 0) or UNMAP; *n_success in and out. */
static int map_bo(int fd, int map, uint64_t handle, const uint32_t *ids,
		  uint32_t n, uint32_t *n_success)
{
	struct kfd_ioctl_map_memory_to_gpu_args a = {
		.handle = handle,
		.device_ids_array_ptr = (uintptr_t)ids,
		.n_devices = n,
		.n_success = n_success ? *n_success : 0,
	};
	int r;

	/* Both structs have the same layout; only the command differs. */
	r = kfd_ioctl(fd, map ? AMDKFD_IOC_MAP_MEMORY_TO_GPU :
		      AMDKFD_IOC_UNMAP_MEMORY_FROM_GPU, &a);
	if (n_success)
		*n_success = a.n_success;
	return r;
}

static uint64_t available(int fd, uint32_t gpu)
{
	struct kfd_ioctl_get_available_memory_args a = { .gpu_id = gpu };

	if (kfd_ioctl(fd, AMDKFD_IOC_AVAILABLE_MEMORY, &a))
		return 0;
	return a.available;
}

static long long vram_size(uint32_t gpu)
{
	char path[256], text[4096];
	int node;

	/* The GPU's node: the one whose gpu_id file names it. */
	for (node = 0; node < 16; node++) {
		snprintf(path, sizeof(path), "%s/nodes/%d/gpu_id",
			 KFD_TOPOLOGY, node);
		if (read_text(path, text, sizeof(text)) < 0)
			continue;
		if (strtoul(text, NULL, 10) != gpu)
			continue;
		snprintf(path, sizeof(path), "%s/nodes/%d/mem_banks/0/properties",
			 KFD_TOPOLOGY, node);
		if (read_text(path, text, sizeof(text)) < 0)
			return -1;
		return text_prop(text, "size_in_bytes");
	}
	return -1;
}

/*
 * mmap of fd at offset: /dev/kfd for doorbell and MMIO offsets, the GPU's
 * render file (kfd_vm_fd) for VRAM and GTT buffers, as on amdgpu.
 */
static void *map_fd(int fd, uint64_t offset, uint64_t size, int flags)
{
	void *p = mmap(NULL, size, PROT_READ | PROT_WRITE, flags, fd,
		       (off_t)offset);

	return p == MAP_FAILED ? NULL : p;
}

static int mapped(void *p, size_t size)
{
	return msync(p, size, MS_ASYNC) == 0;
}

FIXTURE(mem)
{
	int fd;
	int n;
	uint32_t gpu[GCNKFD_MAX_TEST_GPUS];
	uint64_t va;		/* 64 MiB of reserved VA for buffers */
	uint64_t bufs0, pages0, pinned0;
};

FIXTURE_SETUP(mem)
{
	int i;

	self->bufs0 = counter("buffers");
	self->pages0 = counter("pages_allocated");
	self->pinned0 = counter("pages_pinned");
	/* debugfs must be there, or every counter check is vacuous. */
	ON_MODULE(ASSERT_NE((uint64_t)-1, self->bufs0));
	self->fd = open(KFD_PATH, O_RDWR | O_CLOEXEC);
	ASSERT_LE(0, self->fd);
	self->n = kfd_gpu_ids(self->fd, self->gpu, GCNKFD_MAX_TEST_GPUS);
	if (self->n < 1)
		SKIP(return, "no GPU");
	for (i = 0; i < self->n; i++)
		ASSERT_EQ(0, kfd_acquire_vm(self->fd, self->gpu[i]));
	self->va = reserve_va(64 << 20);
	ASSERT_NE(0, self->va);
}

FIXTURE_TEARDOWN(mem)
{
	if (self->fd >= 0)
		kfd_close_process(self->fd);
	/* The last file is gone: so is every buffer of the process. */
	ON_MODULE(EXPECT_EQ(self->bufs0, counter("buffers")));
	ON_MODULE(EXPECT_EQ(self->pages0, counter("pages_allocated")));
	ON_MODULE(EXPECT_EQ(self->pinned0, counter("pages_pinned")));
}

TEST(alloc_needs_acquire_vm)
{
	uint64_t va = reserve_va(PAGE), h;
	int fd = open(KFD_PATH, O_RDWR | O_CLOEXEC);
	uint32_t gpu;

	ASSERT_LE(0, fd);
	gpu = kfd_first_gpu(fd);
	if (!gpu)
		SKIP(return, "no GPU");
	/* kfd_bind_process_to_device: no VM yet is -ENODEV. */
	EXPECT_EQ(ENODEV, alloc_bo(fd, gpu, va, PAGE,
				   KFD_IOC_ALLOC_MEM_FLAGS_GTT, 0, &h, NULL));
	ASSERT_EQ(0, kfd_acquire_vm(fd, gpu));
	ASSERT_EQ(0, alloc_bo(fd, gpu, va, PAGE, KFD_IOC_ALLOC_MEM_FLAGS_GTT,
			      0, &h, NULL));
	EXPECT_EQ(gpu, h >> 32);
	EXPECT_EQ(0, free_bo(fd, h));
	close(fd);
}

TEST_F(mem, gtt_mmap_pattern)
{
	const uint64_t size = 16 * PAGE;
	uint64_t h, off, i, bufs = counter("buffers");
	uint64_t pages = counter("pages_allocated");
	uint32_t *a, *b;

	ASSERT_EQ(0, alloc_bo(self->fd, self->gpu[0], self->va, size,
			      KFD_IOC_ALLOC_MEM_FLAGS_GTT |
			      KFD_IOC_ALLOC_MEM_FLAGS_WRITABLE, 0, &h, &off));
	EXPECT_EQ(self->gpu[0], h >> 32);
	ON_MODULE(EXPECT_EQ(bufs + 1, counter("buffers")));
	ON_MODULE(EXPECT_EQ(pages + 16, counter("pages_allocated")));

	/* At the buffer's own VA, as the thunk maps it. */
	a = mmap((void *)(uintptr_t)self->va, size, PROT_READ | PROT_WRITE,
		 MAP_SHARED | MAP_FIXED, kfd_vm_fd(self->gpu[0]), (off_t)off);
	ASSERT_NE(MAP_FAILED, a);
	b = map_fd(kfd_vm_fd(self->gpu[0]), off, size, MAP_SHARED);
	ASSERT_NE(NULL, b);
	for (i = 0; i < size / 4; i++)
		ASSERT_EQ(0, b[i]);	/* new memory is zeroed */
	for (i = 0; i < size / 4; i++)
		a[i] = (uint32_t)(i * 2654435761u);
	for (i = 0; i < size / 4; i++)
		ASSERT_EQ((uint32_t)(i * 2654435761u), b[i]);

	/* Freed, the pages stay with the mappings until they go. */
	EXPECT_EQ(0, free_bo(self->fd, h));
	ON_MODULE(EXPECT_EQ(bufs, counter("buffers")));
	ON_MODULE(EXPECT_EQ(pages, counter("pages_allocated")));
	EXPECT_EQ((uint32_t)(5 * 2654435761u), b[5]);
	b[7] = 0x12345678;
	EXPECT_EQ(0x12345678, a[7]);
	/* The offset no longer names anything. */
	EXPECT_EQ(NULL, map_fd(kfd_vm_fd(self->gpu[0]), off, size, MAP_SHARED));
	EXPECT_EQ(EINVAL, errno);
	munmap(b, size);
	munmap(a, size);
}

TEST_F(mem, mmap_rules)
{
	uint64_t h, h2, off, off2;
	uint8_t *p, *whole;
	int rfd = kfd_vm_fd(self->gpu[0]);	/* buffers map through it */

	ASSERT_EQ(0, alloc_bo(self->fd, self->gpu[0], self->va, 4 * PAGE,
			      KFD_IOC_ALLOC_MEM_FLAGS_GTT, 0, &h, &off));
	ASSERT_EQ(0, alloc_bo(self->fd, self->gpu[0], self->va + 4 * PAGE,
			      PAGE, KFD_IOC_ALLOC_MEM_FLAGS_VRAM, 0, &h2,
			      &off2));
	EXPECT_NE(off, off2);
	whole = map_fd(rfd, off, 4 * PAGE, MAP_SHARED);
	ASSERT_NE(NULL, whole);
	whole[PAGE] = 0x11;
	whole[2 * PAGE + 1] = 0x22;

	/* A window inside the buffer: pages 1 and 2. */
	p = map_fd(rfd, off + PAGE, 2 * PAGE, MAP_SHARED);
	ASSERT_NE(NULL, p);
	EXPECT_EQ(0x11, p[0]);
	EXPECT_EQ(0x22, p[PAGE + 1]);
	munmap(p, 2 * PAGE);

	/* Past the buffer's end, even if another buffer follows. */
	EXPECT_EQ(NULL, map_fd(rfd, off, 5 * PAGE, MAP_SHARED));
	EXPECT_EQ(EINVAL, errno);
	EXPECT_EQ(NULL, map_fd(rfd, off + 3 * PAGE, 2 * PAGE,
				MAP_SHARED));
	/* Copy-on-write would split CPU and GPU: refused, as TTM. */
	EXPECT_EQ(NULL, map_fd(rfd, off, 4 * PAGE, MAP_PRIVATE));
	EXPECT_EQ(EINVAL, errno);
	/* An offset no buffer has, and one of a GPU that does not exist. */
	EXPECT_EQ(NULL, map_fd(rfd, off2 + 64 * PAGE, PAGE, MAP_SHARED));
	EXPECT_EQ(NULL, map_fd(rfd, (off & ~MMAP_GPU_ID(0xffff)) |
				MMAP_GPU_ID(0xfffe), PAGE, MAP_SHARED));

	/* A fork does not inherit the mapping (VM_DONTCOPY). */
	pid_t pid = fork();

	ASSERT_LE(0, pid);
	if (!pid)
		_exit(mapped(whole, 4 * PAGE) ? 1 : 0);
	int status;

	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	EXPECT_EQ(0, WEXITSTATUS(status));
	EXPECT_TRUE(mapped(whole, 4 * PAGE));
	munmap(whole, 4 * PAGE);
	EXPECT_EQ(0, free_bo(self->fd, h));
	EXPECT_EQ(0, free_bo(self->fd, h2));
}

TEST_F(mem, vram_accounting)
{
	uint32_t gpu = self->gpu[0];
	uint64_t before = available(self->fd, gpu), h1, h2, h3, off;
	long long total = vram_size(gpu);

	/* Nothing allocated yet: all of the node's VRAM bank (sysfs). */
	if (total >= 0) {
		EXPECT_EQ((uint64_t)total, before);
	} else {
		TH_LOG("no mem_banks/0 size in the topology: not compared");
	}
	ASSERT_LT(1 << 24, before);
	ASSERT_EQ(0, alloc_bo(self->fd, gpu, self->va, 8 << 20,
			      KFD_IOC_ALLOC_MEM_FLAGS_VRAM, 0, &h1, &off));
	EXPECT_EQ(before - (8 << 20), available(self->fd, gpu));
	/* Sizes round up to pages, as Linux's PAGE_ALIGN. */
	ASSERT_EQ(0, alloc_bo(self->fd, gpu, self->va + (8 << 20), PAGE + 1,
			      KFD_IOC_ALLOC_MEM_FLAGS_VRAM, 0, &h2, NULL));
	EXPECT_EQ(before - (8 << 20) - 2 * PAGE, available(self->fd, gpu));
	/* GTT is not VRAM. */
	ASSERT_EQ(0, alloc_bo(self->fd, gpu, self->va + (9 << 20), PAGE,
			      KFD_IOC_ALLOC_MEM_FLAGS_GTT, 0, &h3, NULL));
	EXPECT_EQ(before - (8 << 20) - 2 * PAGE, available(self->fd, gpu));
	/* Other GPUs are untouched. */
	if (self->n > 1 && vram_size(self->gpu[1]) >= 0) {
		EXPECT_EQ((uint64_t)vram_size(self->gpu[1]),
			  available(self->fd, self->gpu[1]));
	}
	EXPECT_EQ(0, free_bo(self->fd, h1));
	EXPECT_EQ(before - 2 * PAGE, available(self->fd, gpu));
	EXPECT_EQ(0, free_bo(self->fd, h2));
	EXPECT_EQ(0, free_bo(self->fd, h3));
	EXPECT_EQ(before, available(self->fd, gpu));
}

TEST_F(mem, vram_exhaustion)
{
	uint32_t gpu = self->gpu[0];
	uint64_t before = available(self->fd, gpu), h, h2, va;

	ASSERT_LT(PAGE, before);
	/* One page more than is left; the VA is a huge reserved range. */
	va = reserve_va(before + PAGE);
	ASSERT_NE(0, va);
	EXPECT_EQ(ENOMEM, alloc_bo(self->fd, gpu, va, before + PAGE,
				   KFD_IOC_ALLOC_MEM_FLAGS_VRAM, 0, &h, NULL));
	EXPECT_EQ(before, available(self->fd, gpu));
	ASSERT_EQ(0, alloc_bo(self->fd, gpu, va, 1 << 20,
			      KFD_IOC_ALLOC_MEM_FLAGS_VRAM, 0, &h, NULL));
	/* What was enough before is now 1 MiB too much. */
	EXPECT_EQ(ENOMEM, alloc_bo(self->fd, gpu, va + (1 << 20),
				   before - (1 << 20) + PAGE,
				   KFD_IOC_ALLOC_MEM_FLAGS_VRAM, 0, &h2,
				   NULL));
	EXPECT_EQ(0, free_bo(self->fd, h));
	/* Recovered: the whole budget is back and usable again. */
	EXPECT_EQ(before, available(self->fd, gpu));
	ASSERT_EQ(0, alloc_bo(self->fd, gpu, va + (1 << 20), 1 << 20,
			      KFD_IOC_ALLOC_MEM_FLAGS_VRAM, 0, &h2, NULL));
	EXPECT_EQ(0, free_bo(self->fd, h2));
	munmap((void *)(uintptr_t)va, before + PAGE);
}

TEST_F(mem, bad_alloc_arguments)
{
	uint32_t gpu = self->gpu[0];
	const uint32_t gtt = KFD_IOC_ALLOC_MEM_FLAGS_GTT;
	uint64_t va = self->va, h, h2, before;
	struct kfd_ioctl_alloc_memory_of_gpu_args *ro;

	EXPECT_EQ(EINVAL, alloc_bo(self->fd, 0, va, PAGE, gtt, 0, &h, NULL));
	EXPECT_EQ(EINVAL, alloc_bo(self->fd, gpu ^ 0x8000, va, PAGE, gtt, 0,
				   &h, NULL));
	EXPECT_EQ(EINVAL, alloc_bo(self->fd, gpu, va, 0, gtt, 0, &h, NULL));
	/* No memory type at all. */
	EXPECT_EQ(EINVAL, alloc_bo(self->fd, gpu, va, PAGE, 0, 0, &h, NULL));
	EXPECT_EQ(EINVAL, alloc_bo(self->fd, gpu, va, PAGE,
				   KFD_IOC_ALLOC_MEM_FLAGS_WRITABLE |
				   KFD_IOC_ALLOC_MEM_FLAGS_EXECUTABLE, 0, &h,
				   NULL));
	/* VA: unaligned, below and above the GPUVM aperture, wrapping. */
	EXPECT_EQ(EINVAL, alloc_bo(self->fd, gpu, va + 8, PAGE, gtt, 0, &h,
				   NULL));
	EXPECT_EQ(EINVAL, alloc_bo(self->fd, gpu, 0, PAGE, gtt, 0, &h, NULL));
	EXPECT_EQ(EINVAL, alloc_bo(self->fd, gpu, 1ULL << 47, PAGE, gtt, 0,
				   &h, NULL));
	EXPECT_EQ(EINVAL, alloc_bo(self->fd, gpu, (1ULL << 47) - PAGE,
				   2 * PAGE, gtt, 0, &h, NULL));
	EXPECT_EQ(EINVAL, alloc_bo(self->fd, gpu, va, ~0ULL, gtt, 0, &h,
				   NULL));
	EXPECT_EQ(EINVAL, alloc_bo(self->fd, gpu, va, ~0ULL - PAGE, gtt, 0,
				   &h, NULL));
	/* Fits the aperture, not memory: a 64 TiB GTT buffer. */
	EXPECT_EQ(ENOMEM, alloc_bo(self->fd, gpu, 1ULL << 45, 1ULL << 46,
				   gtt, 0, &h, NULL));

	/* Overlaps: same VA, inside, straddling; on another GPU too. */
	ASSERT_EQ(0, alloc_bo(self->fd, gpu, va + 4 * PAGE, 4 * PAGE, gtt, 0,
			      &h, NULL));
	EXPECT_EQ(EINVAL, alloc_bo(self->fd, gpu, va + 4 * PAGE, PAGE, gtt, 0,
				   &h2, NULL));
	EXPECT_EQ(EINVAL, alloc_bo(self->fd, gpu, va + 7 * PAGE, PAGE, gtt, 0,
				   &h2, NULL));
	EXPECT_EQ(EINVAL, alloc_bo(self->fd, gpu, va, 5 * PAGE, gtt, 0, &h2,
				   NULL));
	if (self->n > 1) {
		EXPECT_EQ(EINVAL, alloc_bo(self->fd, self->gpu[1],
					   va + 6 * PAGE, PAGE, gtt, 0, &h2,
					   NULL));
	}
	/* Touching is not overlapping. */
	ASSERT_EQ(0, alloc_bo(self->fd, gpu, va, 4 * PAGE, gtt, 0, &h2, NULL));
	EXPECT_EQ(0, free_bo(self->fd, h2));
	EXPECT_EQ(0, free_bo(self->fd, h));

	/* Several types: the first in Linux's order (VRAM) wins. */
	before = available(self->fd, gpu);
	ASSERT_EQ(0, alloc_bo(self->fd, gpu, va, PAGE,
			      KFD_IOC_ALLOC_MEM_FLAGS_VRAM | gtt, 0, &h, NULL));
	EXPECT_EQ(before - PAGE, available(self->fd, gpu));
	EXPECT_EQ(0, free_bo(self->fd, h));

	/* The args pointer itself. */
	EXPECT_EQ(EFAULT, kfd_ioctl(self->fd, AMDKFD_IOC_ALLOC_MEMORY_OF_GPU,
				    NULL));
	EXPECT_EQ(EFAULT, kfd_ioctl(self->fd, AMDKFD_IOC_ALLOC_MEMORY_OF_GPU,
				    (void *)8));
	/*
	 * A call that succeeds but cannot write its result back: -EFAULT,
	 * and the buffer stays with the process until it ends (as Linux).
	 */
	ro = mmap(NULL, PAGE, PROT_READ | PROT_WRITE,
		  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ASSERT_NE(MAP_FAILED, ro);
	ro->va_addr = va;
	ro->size = PAGE;
	ro->gpu_id = gpu;
	ro->flags = gtt;
	ASSERT_EQ(0, mprotect(ro, PAGE, PROT_READ));
	EXPECT_EQ(EFAULT, kfd_ioctl(self->fd, AMDKFD_IOC_ALLOC_MEMORY_OF_GPU,
				    ro));
	ON_MODULE(EXPECT_EQ(self->bufs0 + 1, counter("buffers")));
	munmap(ro, PAGE);
}

TEST_F(mem, userptr_pins)
{
	const uint64_t size = 8 * PAGE;
	uint32_t gpu = self->gpu[0];
	uint8_t *user = mmap(NULL, size, PROT_READ | PROT_WRITE,
			     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	uint64_t pinned = counter("pages_pinned"), h, off = 1, i;
	const uint32_t uflags = KFD_IOC_ALLOC_MEM_FLAGS_USERPTR |
				KFD_IOC_ALLOC_MEM_FLAGS_WRITABLE;

	ASSERT_NE(MAP_FAILED, user);
	for (i = 0; i < size; i++)
		user[i] = (uint8_t)(i * 7);
	ASSERT_EQ(0, alloc_bo(self->fd, gpu, self->va, size, uflags,
			      (uintptr_t)user, &h, &off));
	ON_MODULE(EXPECT_EQ(pinned + 8, counter("pages_pinned")));
	EXPECT_EQ(0, off);	/* not mapped through /dev/kfd */
	/* Two buffers may pin the same pages, at different GPU VAs. */
	uint64_t h2;

	ASSERT_EQ(0, alloc_bo(self->fd, gpu, self->va + size, 2 * PAGE,
			      uflags, (uintptr_t)user + PAGE, &h2, NULL));
	ON_MODULE(EXPECT_EQ(pinned + 10, counter("pages_pinned")));
	EXPECT_EQ(0, free_bo(self->fd, h2));
	ON_MODULE(EXPECT_EQ(pinned + 8, counter("pages_pinned")));

	uint32_t ids[1] = { gpu };
	uint32_t n = 0;

	EXPECT_EQ(0, map_bo(self->fd, 1, h, ids, 1, &n));
	EXPECT_EQ(EBUSY, free_bo(self->fd, h));
	n = 0;
	EXPECT_EQ(0, map_bo(self->fd, 0, h, ids, 1, &n));
	EXPECT_EQ(0, free_bo(self->fd, h));
	ON_MODULE(EXPECT_EQ(pinned, counter("pages_pinned")));
	/* The user's data went through pin and unpin untouched. */
	for (i = 0; i < size; i++)
		ASSERT_EQ((uint8_t)(i * 7), user[i]);
	munmap(user, size);
}

TEST_F(mem, userptr_bad_memory)
{
	const uint32_t uflags = KFD_IOC_ALLOC_MEM_FLAGS_USERPTR |
				KFD_IOC_ALLOC_MEM_FLAGS_WRITABLE;
	uint32_t gpu = self->gpu[0];
	uint64_t pinned = counter("pages_pinned"), h;
	uint8_t *user = mmap(NULL, 4 * PAGE, PROT_READ | PROT_WRITE,
			     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	void *ro;

	ASSERT_NE(MAP_FAILED, user);
	/* No user address, or one inside a page. */
	EXPECT_EQ(EINVAL, alloc_bo(self->fd, gpu, self->va, PAGE, uflags, 0,
				   &h, NULL));
	EXPECT_EQ(EINVAL, alloc_bo(self->fd, gpu, self->va, PAGE, uflags,
				   (uintptr_t)user + 16, &h, NULL));
	/* The last two pages unmapped: a partial pin is undone. */
	ASSERT_EQ(0, munmap(user + 2 * PAGE, 2 * PAGE));
	EXPECT_EQ(EFAULT, alloc_bo(self->fd, gpu, self->va, 4 * PAGE, uflags,
				   (uintptr_t)user, &h, NULL));
	ON_MODULE(EXPECT_EQ(pinned, counter("pages_pinned")));
	/* Nothing mapped at all; kernel addresses. */
	EXPECT_EQ(EFAULT, alloc_bo(self->fd, gpu, self->va, PAGE, uflags,
				   (uintptr_t)user + 2 * PAGE, &h, NULL));
	EXPECT_EQ(EFAULT, alloc_bo(self->fd, gpu, self->va, PAGE, uflags,
				   0xffff888000000000ULL, &h, NULL));
	/* Read-only memory cannot be pinned for the GPU to write. */
	ro = mmap(NULL, PAGE, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ASSERT_NE(MAP_FAILED, ro);
	EXPECT_EQ(EFAULT, alloc_bo(self->fd, gpu, self->va, PAGE, uflags,
				   (uintptr_t)ro, &h, NULL));
	ON_MODULE(EXPECT_EQ(pinned, counter("pages_pinned")));
	ON_MODULE(EXPECT_EQ(self->bufs0, counter("buffers")));
	munmap(ro, PAGE);
	munmap(user, 2 * PAGE);
}

TEST_F(mem, doorbell_and_mmio)
{
	uint32_t gpu = self->gpu[0];
	uint64_t h, h2, off, off2;
	uint64_t *db, *db2;
	void *mmio;

	/* Exactly the process's doorbell slice / one page, as Linux. */
	EXPECT_EQ(EINVAL, alloc_bo(self->fd, gpu, self->va, PAGE,
				   KFD_IOC_ALLOC_MEM_FLAGS_DOORBELL, 0, &h,
				   NULL));
	EXPECT_EQ(EINVAL, alloc_bo(self->fd, gpu, self->va, 4 * PAGE,
				   KFD_IOC_ALLOC_MEM_FLAGS_DOORBELL, 0, &h,
				   NULL));
	EXPECT_EQ(EINVAL, alloc_bo(self->fd, gpu, self->va, 2 * PAGE,
				   KFD_IOC_ALLOC_MEM_FLAGS_MMIO_REMAP, 0, &h,
				   NULL));
	EXPECT_EQ(EINVAL, alloc_bo(self->fd, gpu, self->va, PAGE - 1,
				   KFD_IOC_ALLOC_MEM_FLAGS_MMIO_REMAP, 0, &h,
				   NULL));

	ASSERT_EQ(0, alloc_bo(self->fd, gpu, self->va, DOORBELL_SLICE,
			      KFD_IOC_ALLOC_MEM_FLAGS_DOORBELL, 0, &h, &off));
	EXPECT_EQ(MMAP_TYPE_DOORBELL | MMAP_GPU_ID(gpu), off);
	ASSERT_EQ(0, alloc_bo(self->fd, gpu, self->va + DOORBELL_SLICE, PAGE,
			      KFD_IOC_ALLOC_MEM_FLAGS_MMIO_REMAP, 0, &h2,
			      &off2));
	/* Upstream's offset: KFD_MMAP_TYPE_MMIO | KFD_MMAP_GPU_ID(gpu). */
	EXPECT_EQ(MMAP_TYPE_MMIO | MMAP_GPU_ID(gpu), off2);
	EXPECT_NE(h, h2);
	/* Neither allocates or pins pages of its own. */
	ON_MODULE(EXPECT_EQ(self->pages0, counter("pages_allocated")));
	ON_MODULE(EXPECT_EQ(self->pinned0, counter("pages_pinned")));

	/* Both offsets map: the doorbell slice is one memory. */
	db = map_fd(self->fd, off, DOORBELL_SLICE, MAP_SHARED);
	ASSERT_NE(NULL, db);
	db2 = map_fd(self->fd, off, DOORBELL_SLICE, MAP_SHARED);
	ASSERT_NE(NULL, db2);
	db[1023] = 0xabcdef;
	EXPECT_EQ(0xabcdef, db2[1023]);
	mmio = map_fd(self->fd, off2, PAGE, MAP_SHARED);
	EXPECT_NE(NULL, mmio);

	uint32_t n = 0;

	EXPECT_EQ(0, map_bo(self->fd, 1, h, &gpu, 1, &n));
	EXPECT_EQ(EBUSY, free_bo(self->fd, h));
	n = 0;
	EXPECT_EQ(0, map_bo(self->fd, 0, h, &gpu, 1, &n));
	EXPECT_EQ(0, free_bo(self->fd, h));
	EXPECT_EQ(0, free_bo(self->fd, h2));
	munmap(db, DOORBELL_SLICE);
	munmap(db2, DOORBELL_SLICE);
	if (mmio)
		munmap(mmio, PAGE);
}

TEST_F(mem, map_unmap_counts)
{
	uint32_t gpu = self->gpu[0], n;
	uint32_t ids[4] = { gpu, gpu, gpu, gpu };
	uint32_t bad[2] = { gpu, 0xdead };
	uint64_t h;

	ASSERT_EQ(0, alloc_bo(self->fd, gpu, self->va, PAGE,
			      KFD_IOC_ALLOC_MEM_FLAGS_GTT, 0, &h, NULL));
	for (int map = 1; map >= 0; map--) {
		/* No devices, n_success past n_devices: -EINVAL. */
		n = 0;
		EXPECT_EQ(EINVAL, map_bo(self->fd, map, h, ids, 0, &n));
		n = 2;
		EXPECT_EQ(EINVAL, map_bo(self->fd, map, h, ids, 1, &n));
		EXPECT_EQ(2, n);
		/* The array pointer: NULL, garbage. */
		n = 0;
		EXPECT_EQ(EFAULT, map_bo(self->fd, map, h, NULL, 1, &n));
		EXPECT_EQ(EFAULT, map_bo(self->fd, map, h,
					 (uint32_t *)0xffff888000000000ULL, 1,
					 &n));
		/* A count whose array no allocation can hold. */
		EXPECT_EQ(ENOMEM, map_bo(self->fd, map, h, ids, 0xffffffffu,
					 &n));
		/* Wrong handle: -ENOMEM (sic); a handle of no GPU: -EINVAL. */
		EXPECT_EQ(ENOMEM, map_bo(self->fd, map, h + 1, ids, 1, &n));
		EXPECT_EQ(EINVAL, map_bo(self->fd, map,
					 (h & 0xffffffffULL) | (0xdeadULL << 32),
					 ids, 1, &n));
		EXPECT_EQ(0, n);
		EXPECT_EQ(EFAULT, kfd_ioctl(self->fd, map ?
					    AMDKFD_IOC_MAP_MEMORY_TO_GPU :
					    AMDKFD_IOC_UNMAP_MEMORY_FROM_GPU,
					    NULL));
	}

	/* n_success == n_devices: nothing left to do. */
	n = 1;
	EXPECT_EQ(0, map_bo(self->fd, 1, h, ids, 1, &n));
	EXPECT_EQ(1, n);
	EXPECT_EQ(0, free_bo(self->fd, h));	/* so nothing was mapped */
	ASSERT_EQ(0, alloc_bo(self->fd, gpu, self->va, PAGE,
			      KFD_IOC_ALLOC_MEM_FLAGS_GTT, 0, &h, NULL));

	/* A bad id stops the loop; n_success says how far it got. */
	n = 0;
	EXPECT_EQ(EINVAL, map_bo(self->fd, 1, h, bad, 2, &n));
	EXPECT_EQ(1, n);
	EXPECT_EQ(EBUSY, free_bo(self->fd, h));
	/* Resumed from n_success with the array fixed; repeats are fine. */
	bad[1] = self->gpu[self->n - 1];
	EXPECT_EQ(0, map_bo(self->fd, 1, h, bad, 2, &n));
	EXPECT_EQ(2, n);
	n = 0;
	EXPECT_EQ(0, map_bo(self->fd, 1, h, ids, 4, &n));
	EXPECT_EQ(4, n);
	/* n_success skips entries: a bad id before it is never read. */
	bad[0] = 0xdead;
	n = 1;
	EXPECT_EQ(0, map_bo(self->fd, 1, h, bad, 2, &n));
	EXPECT_EQ(2, n);

	/* Unmap: the same rules, and only where it is mapped. */
	uint32_t all[GCNKFD_MAX_TEST_GPUS];

	memcpy(all, self->gpu, sizeof(all));
	n = 0;
	EXPECT_EQ(0, map_bo(self->fd, 1, h, all, self->n, &n));
	n = 0;
	EXPECT_EQ(0, map_bo(self->fd, 0, h, all, self->n, &n));
	EXPECT_EQ((uint32_t)self->n, n);
	n = 0;
	EXPECT_EQ(EINVAL, map_bo(self->fd, 0, h, ids, 1, &n));
	EXPECT_EQ(0, n);
	EXPECT_EQ(0, free_bo(self->fd, h));
	/* Gone: free again, map, unmap. */
	EXPECT_EQ(EINVAL, free_bo(self->fd, h));
	EXPECT_EQ(ENOMEM, map_bo(self->fd, 1, h, ids, 1, &n));
	EXPECT_EQ(ENOMEM, map_bo(self->fd, 0, h, ids, 1, &n));
}

TEST_F(mem, map_on_every_gpu)
{
	uint64_t h[GCNKFD_MAX_TEST_GPUS];
	uint32_t n;
	int i, j;

	/* Each GPU's buffer on every GPU, unmapped one GPU at a time. */
	for (i = 0; i < self->n; i++) {
		ASSERT_EQ(0, alloc_bo(self->fd, self->gpu[i],
				      self->va + i * PAGE, PAGE,
				      KFD_IOC_ALLOC_MEM_FLAGS_GTT, 0, &h[i],
				      NULL));
		EXPECT_EQ(self->gpu[i], h[i] >> 32);
		n = 0;
		EXPECT_EQ(0, map_bo(self->fd, 1, h[i], self->gpu, self->n,
				    &n));
		EXPECT_EQ((uint32_t)self->n, n);
	}
	for (i = 0; i < self->n; i++) {
		for (j = 0; j < self->n; j++) {
			EXPECT_EQ(EBUSY, free_bo(self->fd, h[i]));
			n = 0;
			EXPECT_EQ(0, map_bo(self->fd, 0, h[i], &self->gpu[j],
					    1, &n));
		}
		EXPECT_EQ(0, free_bo(self->fd, h[i]));
	}
}

TEST(map_to_unacquired_gpu)
{
	int fd = open(KFD_PATH, O_RDWR | O_CLOEXEC);
	uint32_t gpu[2], n = 0;
	uint64_t va = reserve_va(PAGE), h;

	ASSERT_LE(0, fd);
	if (kfd_gpu_ids(fd, gpu, 2) < 2)
		SKIP(return, "needs two GPUs");
	ASSERT_EQ(0, kfd_acquire_vm(fd, gpu[0]));
	ASSERT_EQ(0, alloc_bo(fd, gpu[0], va, PAGE,
			      KFD_IOC_ALLOC_MEM_FLAGS_GTT, 0, &h, NULL));
	/* The peer has no VM: kfd_bind_process_to_device's -ENODEV. */
	EXPECT_EQ(ENODEV, map_bo(fd, 1, h, gpu, 2, &n));
	EXPECT_EQ(1, n);
	/* Unmapping from it: not mapped there, -EINVAL. */
	n = 1;
	EXPECT_EQ(EINVAL, map_bo(fd, 0, h, gpu, 2, &n));
	n = 0;
	EXPECT_EQ(0, map_bo(fd, 0, h, gpu, 1, &n));
	EXPECT_EQ(0, free_bo(fd, h));
	close(fd);
}

TEST_F(mem, handles_stay_in_their_process)
{
	uint64_t h, off;
	uint32_t gpu = self->gpu[0];
	int status;
	pid_t pid;

	SKIP_UNLESS_MODULE("needs a second process (the emulated KFD lives in this one)");

	ASSERT_EQ(0, alloc_bo(self->fd, gpu, self->va, PAGE,
			      KFD_IOC_ALLOC_MEM_FLAGS_GTT, 0, &h, &off));
	pid = fork();
	ASSERT_LE(0, pid);
	if (!pid) {
		/* Another mm: another process, with its own empty idrs. */
		int fd = open(KFD_PATH, O_RDWR | O_CLOEXEC), code = 0;
		uint32_t n = 0;

		/* The inherited file belongs to the parent. */
		if (free_bo(self->fd, h) != EBADF)
			code |= 1;
		if (fd < 0 || kfd_acquire_vm(fd, gpu))
			_exit(100);
		if (free_bo(fd, h) != EINVAL)
			code |= 2;
		if (map_bo(fd, 1, h, &gpu, 1, &n) != ENOMEM)
			code |= 4;
		/* Its own render file does not reach the parent's buffer. */
		if (map_fd(kfd_vm_fd(gpu), off, PAGE, MAP_SHARED))
			code |= 8;
		_exit(code);
	}
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	EXPECT_EQ(0, WEXITSTATUS(status));
	/* Still ours. */
	EXPECT_EQ(0, free_bo(self->fd, h));
}

TEST(counters_return_after_close)
{
	uint64_t bufs = counter("buffers"), pages = counter("pages_allocated");
	uint64_t pinned = counter("pages_pinned"), h, off, va;
	uint64_t procs = counter("processes");
	int fd = open(KFD_PATH, O_RDWR | O_CLOEXEC), i, n;
	uint32_t gpu[GCNKFD_MAX_TEST_GPUS], cnt;
	uint8_t *user, *m;

	SKIP_UNLESS_MODULE("the module's debugfs counters are the point");

	ASSERT_LE(0, fd);
	ASSERT_LE(0, (long long)bufs);
	n = kfd_gpu_ids(fd, gpu, GCNKFD_MAX_TEST_GPUS);
	if (n < 1)
		SKIP(return, "no GPU");
	user = mmap(NULL, 4 * PAGE, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ASSERT_NE(MAP_FAILED, user);
	va = reserve_va(64 * PAGE);
	for (i = 0; i < n; i++)
		ASSERT_EQ(0, kfd_acquire_vm(fd, gpu[i]));
	/* Everything at once, mapped to GPUs and not freed. */
	for (i = 0; i < n; i++) {
		uint64_t base = va + i * 8 * PAGE;

		ASSERT_EQ(0, alloc_bo(fd, gpu[i], base, PAGE,
				      KFD_IOC_ALLOC_MEM_FLAGS_VRAM, 0, &h,
				      NULL));
		cnt = 0;
		ASSERT_EQ(0, map_bo(fd, 1, h, gpu, n, &cnt));
		ASSERT_EQ(0, alloc_bo(fd, gpu[i], base + PAGE, 2 * PAGE,
				      KFD_IOC_ALLOC_MEM_FLAGS_GTT, 0, &h,
				      &off));
		ASSERT_EQ(0, alloc_bo(fd, gpu[i], base + 3 * PAGE, 4 * PAGE,
				      KFD_IOC_ALLOC_MEM_FLAGS_USERPTR,
				      (uintptr_t)user, &h, NULL));
		ASSERT_EQ(0, alloc_bo(fd, gpu[i], base + 7 * PAGE, PAGE,
				      KFD_IOC_ALLOC_MEM_FLAGS_MMIO_REMAP, 0,
				      &h, NULL));
	}
	ON_MODULE(EXPECT_EQ(bufs + 4 * n, counter("buffers")));
	ON_MODULE(EXPECT_EQ(pages + 3 * n, counter("pages_allocated")));
	ON_MODULE(EXPECT_EQ(pinned + 4 * n, counter("pages_pinned")));

	/*
	 * A live mapping goes through the render file, which holds the
	 * process (kernel/render.c): with every file closed the process
	 * stays until the mapping goes too, and the mapping still reads
	 * what was written.
	 */
	m = map_fd(kfd_vm_fd(gpu[n - 1]), off, 2 * PAGE, MAP_SHARED);
	ASSERT_NE(NULL, m);
	m[PAGE] = 0x5a;
	kfd_close_process(fd);
	EXPECT_EQ(0x5a, m[PAGE]);
	ON_MODULE(EXPECT_EQ(procs + 1, counter("processes")));
	munmap(m, 2 * PAGE);
	ON_MODULE(EXPECT_EQ(procs, counter("processes")));
	ON_MODULE(EXPECT_EQ(bufs, counter("buffers")));
	ON_MODULE(EXPECT_EQ(pages, counter("pages_allocated")));
	ON_MODULE(EXPECT_EQ(pinned, counter("pages_pinned")));
	munmap(user, 4 * PAGE);
}

TEST_F(mem, va_near_top_does_not_wrap)
{
	const uint32_t gtt = KFD_IOC_ALLOC_MEM_FLAGS_GTT;
	uint64_t h;

	/*
	 * The last pages of the 64-bit space: va + size wraps to a small
	 * number, which a naive "va + size - 1 <= limit" test would take
	 * for a range inside the GPUVM aperture.
	 */
	EXPECT_EQ(EINVAL, alloc_bo(self->fd, self->gpu[0], ~0ULL - PAGE + 1,
				   2 * PAGE, gtt, 0, &h, NULL));
	EXPECT_EQ(EINVAL, alloc_bo(self->fd, self->gpu[0],
				   ~0ULL - 3 * PAGE + 1, 1ULL << 40, gtt, 0,
				   &h, NULL));
	ON_MODULE(EXPECT_EQ(self->bufs0, counter("buffers")));
}

TEST_F(mem, map_device_array_is_bounded)
{
	/* One page of ids is read; a longer array is Linux's -ENOMEM. */
	const uint32_t max = PAGE / sizeof(uint32_t);
	uint32_t *ids = calloc(max + 1, sizeof(*ids)), n, i;
	uint64_t h;

	ASSERT_NE(NULL, ids);
	for (i = 0; i <= max; i++)
		ids[i] = self->gpu[0];
	ASSERT_EQ(0, alloc_bo(self->fd, self->gpu[0], self->va, PAGE,
			      KFD_IOC_ALLOC_MEM_FLAGS_GTT, 0, &h, NULL));
	n = 0;
	EXPECT_EQ(ENOMEM, map_bo(self->fd, 1, h, ids, max + 1, &n));
	EXPECT_EQ(0, n);
	/* Mapping the one GPU max times over is fine. */
	EXPECT_EQ(0, map_bo(self->fd, 1, h, ids, max, &n));
	EXPECT_EQ(max, n);
	n = 0;
	EXPECT_EQ(ENOMEM, map_bo(self->fd, 0, h, ids, max + 1, &n));
	EXPECT_EQ(0, n);
	EXPECT_EQ(EBUSY, free_bo(self->fd, h));	/* still mapped */
	EXPECT_EQ(0, map_bo(self->fd, 0, h, ids, 1, &n));
	EXPECT_EQ(0, free_bo(self->fd, h));
	free(ids);
}

/* RAM in pages, as the kernel's totalram_pages(): MemTotal. */
static uint64_t ram_pages(void)
{
	char text[8192];
	const char *p;

	if (read_text("/proc/meminfo", text, sizeof(text)) < 0)
		return 0;
	p = strstr(text, "MemTotal:");
	return p ? strtoull(p + 9, NULL, 10) / (PAGE / 1024) : 0;
}

TEST_F(mem, all_buffers_share_one_system_limit)
{
	/*
	 * Linux keeps the KFD buffers of all processes within 15/16 of
	 * memory (kfd_mem_limit), counting each USERPTR buffer's size. The
	 * same 32 MiB pinned again and again reaches that limit without
	 * using memory; the buffer that would cross it is -ENOMEM.
	 */
	const uint64_t chunk = 32ULL << 20, chunk_pages = chunk / PAGE;
	const uint32_t uflags = KFD_IOC_ALLOC_MEM_FLAGS_USERPTR |
				KFD_IOC_ALLOC_MEM_FLAGS_WRITABLE;
	uint64_t ram = ram_pages(), limit = ram - (ram >> 4), va, h[256];
	uint8_t *user = mmap(NULL, chunk, PROT_READ | PROT_WRITE,
			     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	uint64_t n = limit / chunk_pages + 2, i;
	int r = 0;

	ASSERT_NE(0, ram);
	ASSERT_NE(MAP_FAILED, user);
	if (n > 256)
		SKIP(return, "more RAM than this test pins");
	memset(user, 1, chunk);
	va = reserve_va(n * chunk);
	ASSERT_NE(0, va);
	for (i = 0; i < n; i++) {
		r = alloc_bo(self->fd, self->gpu[0], va + i * chunk, chunk,
			     uflags, (uintptr_t)user, &h[i], NULL);
		if (r)
			break;
	}
	EXPECT_EQ(ENOMEM, r);
	/* Nothing else holds buffers now: the limit is exactly where. */
	EXPECT_LE(i * chunk_pages, limit);
	EXPECT_GT((i + 1) * chunk_pages, limit);
	while (i--)
		EXPECT_EQ(0, free_bo(self->fd, h[i]));
	/* Freed, the budget is back. */
	ASSERT_EQ(0, alloc_bo(self->fd, self->gpu[0], va, chunk, uflags,
			      (uintptr_t)user, &h[0], NULL));
	EXPECT_EQ(0, free_bo(self->fd, h[0]));
	munmap((void *)(uintptr_t)va, n * chunk);
	munmap(user, chunk);
}

static int write_text(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC), ok;

	if (fd < 0)
		return -1;
	ok = write(fd, text, strlen(text)) == (ssize_t)strlen(text);
	close(fd);
	return ok ? 0 : -1;
}

#define CG_ROOT "/sys/fs/cgroup"
#define CG_TEST CG_ROOT "/gcnkfd_memory_test"

TEST(buffer_pages_are_charged_to_the_memcg)
{
	SKIP_UNLESS_MODULE("memcg charging of the module's pages");

	/*
	 * A GTT buffer's pages are the process's memory: in a memory
	 * cgroup limited to 16 MiB, a 64 MiB buffer cannot be had.
	 */
	int status, code;
	pid_t pid;

	if (access(CG_ROOT "/cgroup.controllers", F_OK) &&
	    mount("none", CG_ROOT, "cgroup2", 0, NULL))
		SKIP(return, "no cgroup2 (%s)", strerror(errno));
	if (write_text(CG_ROOT "/cgroup.subtree_control", "+memory"))
		SKIP(return, "no memory controller");
	rmdir(CG_TEST);
	ASSERT_EQ(0, mkdir(CG_TEST, 0755));
	ASSERT_EQ(0, write_text(CG_TEST "/memory.max", "16M"));
	pid = fork();
	ASSERT_LE(0, pid);
	if (!pid) {
		uint64_t va = reserve_va(64 << 20), h;
		int fd;
		uint32_t gpu;

		if (write_text(CG_TEST "/cgroup.procs", "0"))
			_exit(101);
		fd = open(KFD_PATH, O_RDWR | O_CLOEXEC);
		gpu = fd < 0 ? 0 : kfd_first_gpu(fd);
		if (!gpu || !va || kfd_acquire_vm(fd, gpu))
			_exit(102);
		code = alloc_bo(fd, gpu, va, 64 << 20,
				KFD_IOC_ALLOC_MEM_FLAGS_GTT, 0, &h, NULL);
		/* A smaller one fits. */
		if (code == ENOMEM &&
		    alloc_bo(fd, gpu, va, 1 << 20, KFD_IOC_ALLOC_MEM_FLAGS_GTT,
			     0, &h, NULL))
			_exit(103);
		_exit(code);
	}
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	ASSERT_TRUE(WIFEXITED(status));
	code = WEXITSTATUS(status);
	EXPECT_EQ(ENOMEM, code);
	EXPECT_EQ(0, rmdir(CG_TEST));
}

TEST_HARNESS_MAIN
