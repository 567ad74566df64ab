// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * The GPUs' DRM render nodes (kernel/render.c), as amdgpu has them for
 * ROCm's thunk: one /dev/dri/renderD<minor> per GPU, the minor its
 * topology node reports, group render and mode 0660 as udev sets them;
 * the DRM answers libdrm_amdgpu's amdgpu_device_initialize() needs
 * (DRM_IOCTL_VERSION 3.49 and three AMDGPU_INFO queries, checked against
 * the topology, GET_TILE_CONFIG and amdgpu_info_ioctl's errnos); the
 * render file as ACQUIRE_VM's VM and the only way to mmap a VRAM or GTT
 * buffer (amdgpu's GEM mmap rules); the file held by the process until
 * its last /dev/kfd file goes, then free for the next one.
 */
#include <grp.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <drm/drm.h>
#include <drm/amdgpu_drm.h>

#include "gcnkfd_test.h"
#include "kselftest_harness.h"

#define PAGE 4096ULL
#define NOBODY 65534
/* gfx9's GB_ADDR_CONFIG (mmGB_ADDR_CONFIG), what libdrm reads on AI. */
#define MM_GB_ADDR_CONFIG 0x263e

FIXTURE(render)
{
	int fd;
	int n;
	uint32_t ids[GCNKFD_MAX_TEST_GPUS];
	int rminor[GCNKFD_MAX_TEST_GPUS];	/* render minor of each */
};

FIXTURE_SETUP(render)
{
	int i;

	self->fd = open(KFD_PATH, O_RDWR | O_CLOEXEC);
	ASSERT_LE(0, self->fd) TH_LOG("open: %s", strerror(errno));
	self->n = kfd_gpu_ids(self->fd, self->ids, GCNKFD_MAX_TEST_GPUS);
	ASSERT_LE(1, self->n);
	for (i = 0; i < self->n; i++) {
		self->rminor[i] = kfd_render_minor(self->ids[i]);
		ASSERT_LE(128, self->rminor[i]) TH_LOG("gpu %u", self->ids[i]);
	}
}

FIXTURE_TEARDOWN(render)
{
	kfd_close_process(self->fd);
}

/* The text of the properties of gpu_id's topology node; 0 or -1. */
static int gpu_props(uint32_t gpu_id, char *text, size_t size)
{
	char path[160];
	int node;

	for (node = 0; node < 64; node++) {
		snprintf(path, sizeof(path), "%s/nodes/%d/gpu_id", KFD_TOPOLOGY,
			 node);
		if (read_text(path, text, size) < 0 ||
		    strtoul(text, NULL, 10) != gpu_id)
			continue;
		snprintf(path, sizeof(path), "%s/nodes/%d/properties",
			 KFD_TOPOLOGY, node);
		return read_text(path, text, size) < 0 ? -1 : 0;
	}
	return -1;
}

/* The gid of group "render" in /etc/group, or -1. */
static long render_gid(void)
{
	char text[4096], *line;

	if (read_text("/etc/group", text, sizeof(text)) < 0)
		return -1;
	for (line = text; line; line = strchr(line, '\n')) {
		if (*line == '\n')
			line++;
		if (!strncmp(line, "render:", 7)) {
			line = strchr(line + 7, ':');
			return line ? strtol(line + 1, NULL, 10) : -1;
		}
	}
	return -1;
}

/* mmap of fd at offset: the address, or NULL with errno set. */
static void *map_at(int fd, uint64_t offset, uint64_t size, int prot,
		    int flags)
{
	void *p = mmap(NULL, size, prot, flags, fd, (off_t)offset);

	return p == MAP_FAILED ? NULL : p;
}

/* mmap's errno (0 when it mapped, then unmapped again). */
static int map_errno(int fd, uint64_t offset, uint64_t size, int prot,
		     int flags)
{
	void *p = map_at(fd, offset, size, prot, flags);

	if (!p)
		return errno;
	munmap(p, size);
	return 0;
}

/* AMDGPU_INFO: 0 or the errno. */
static int amdgpu_info(int fd, uint32_t query, void *out, uint32_t size)
{
	struct drm_amdgpu_info i = {
		.return_pointer = (uintptr_t)out,
		.return_size = size,
		.query = query,
	};

	return kfd_ioctl(fd, DRM_IOCTL_AMDGPU_INFO, &i);
}

/* AMDGPU_INFO_READ_MMR_REG of count registers from offset: 0 or errno. */
static int read_mmr(int fd, uint32_t offset, uint32_t count, uint32_t *out,
		    uint32_t size)
{
	struct drm_amdgpu_info i = {
		.return_pointer = (uintptr_t)out,
		.return_size = size,
		.query = AMDGPU_INFO_READ_MMR_REG,
	};

	i.read_mmr_reg.dword_offset = offset;
	i.read_mmr_reg.count = count;
	i.read_mmr_reg.instance = 0xffffffff;	/* broadcast, as libdrm */
	return kfd_ioctl(fd, DRM_IOCTL_AMDGPU_INFO, &i);
}

/*
 * One character device per GPU under /dev/dri, DRM's major and the
 * topology's minor, with the sysfs link libdrm follows
 * (drmGetDeviceFromDevId: /sys/dev/char/226:<minor>/device/drm).
 */
TEST_F(render, node_per_gpu)
{
	char path[128];
	struct stat st;
	int i, j;

	SKIP_UNLESS_MODULE("no device node or sysfs entry for its render nodes");
	for (i = 0; i < self->n; i++) {
		snprintf(path, sizeof(path), KFD_RENDER_PATH, self->rminor[i]);
		ASSERT_EQ(0, stat(path, &st)) TH_LOG("%s: %s", path,
						     strerror(errno));
		EXPECT_TRUE(S_ISCHR(st.st_mode));
		EXPECT_EQ(DRM_MAJOR_NUMBER, major(st.st_rdev));
		EXPECT_EQ(self->rminor[i], (int)minor(st.st_rdev));
		snprintf(path, sizeof(path), "/sys/dev/char/%d:%d/device/drm",
			 DRM_MAJOR_NUMBER, self->rminor[i]);
		EXPECT_EQ(0, stat(path, &st)) TH_LOG("%s: %s", path,
						     strerror(errno));
		EXPECT_TRUE(S_ISDIR(st.st_mode));
		for (j = 0; j < i; j++)
			EXPECT_NE(self->rminor[j], self->rminor[i]);
	}
}

/* Each GPU's node opens; a minor next to them that is no GPU's does not. */
TEST_F(render, open_each_gpu_node)
{
	int i, fd, top = 0;
	char path[64];

	for (i = 0; i < self->n; i++) {
		fd = kfd_render_open(self->ids[i], O_RDWR | O_CLOEXEC);
		EXPECT_LE(0, fd) TH_LOG("gpu %u: %s", self->ids[i],
					strerror(-fd));
		if (fd >= 0)
			close(fd);
		if (self->rminor[i] > top)
			top = self->rminor[i];
	}
	/* The VM's (and the emulated machine's) only DRM devices are ours. */
	snprintf(path, sizeof(path), KFD_RENDER_PATH, top + 1);
	fd = open(path, O_RDWR | O_CLOEXEC);
	EXPECT_EQ(-1, fd);
	EXPECT_EQ(ENOENT, errno);
	if (fd >= 0)
		close(fd);
}

/* A child that drops root for nobody with these supplementary groups. */
static int open_as_nobody(const char *path, const gid_t *groups, int n)
{
	int status, fd;
	pid_t pid = fork();

	if (pid < 0)
		return -1;
	if (!pid) {
		if (setgroups(n, groups) || setgid(NOBODY) || setuid(NOBODY))
			_exit(200);
		fd = open(path, O_RDWR | O_CLOEXEC);
		_exit(fd < 0 ? errno : 0);
	}
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status);
}

/*
 * udev's rule on Debian (50-udev-default.rules), which run-vm.sh applies:
 * the render nodes and /dev/kfd are root:render 0660, so a member of
 * render reaches the GPU and nobody else does.
 */
TEST_F(render, permissions)
{
	const char *const kfd = KFD_PATH;
	long gid = render_gid();
	char path[64];
	struct stat st;
	gid_t render;
	int i;

	SKIP_UNLESS_MODULE("no device nodes or users to check");
	ASSERT_LT(0, gid) TH_LOG("no group render in /etc/group");
	render = (gid_t)gid;
	if (geteuid())
		SKIP(return, "needs root to become nobody");
	for (i = 0; i <= self->n; i++) {
		if (i < self->n)
			snprintf(path, sizeof(path), KFD_RENDER_PATH,
				 self->rminor[i]);
		else
			snprintf(path, sizeof(path), "%s", kfd);
		ASSERT_EQ(0, stat(path, &st));
		EXPECT_EQ(0660, st.st_mode & 07777) TH_LOG("%s", path);
		EXPECT_EQ(render, st.st_gid) TH_LOG("%s", path);
		EXPECT_EQ(0, st.st_uid) TH_LOG("%s", path);
		EXPECT_EQ(0, open_as_nobody(path, &render, 1))
			TH_LOG("%s as nobody in render", path);
		EXPECT_EQ(EACCES, open_as_nobody(path, NULL, 0))
			TH_LOG("%s as nobody", path);
	}
}

/* DRM_IOCTL_VERSION: the amdgpu interface whose subset the node speaks. */
TEST_F(render, drm_version)
{
	char name[32], date[32], desc[128];
	struct drm_version v = { 0 };
	int rfd = kfd_render_open(self->ids[0], O_RDWR | O_CLOEXEC);

	ASSERT_LE(0, rfd);
	memset(name, 0, sizeof(name));
	v.name = name;
	v.name_len = sizeof(name) - 1;
	v.date = date;
	v.date_len = sizeof(date) - 1;
	v.desc = desc;
	v.desc_len = sizeof(desc) - 1;
	ASSERT_EQ(0, kfd_ioctl(rfd, DRM_IOCTL_VERSION, &v));
	/* libdrm_amdgpu insists on major 3; 49 is Linux 6.1's amdgpu. */
	EXPECT_EQ(3, v.version_major);
	EXPECT_EQ(49, v.version_minor);
	EXPECT_EQ(0, v.version_patchlevel);
	EXPECT_EQ(strlen("gcnkfd"), v.name_len);
	EXPECT_STREQ("gcnkfd", name);
	close(rfd);
}

/*
 * The three queries of amdgpu_device_initialize(), against the topology
 * and GET_TILE_CONFIG of the same GPU, and amdgpu_info_ioctl's errnos.
 */
TEST_F(render, amdgpu_info)
{
	struct kfd_ioctl_get_tile_config_args tc = { 0 };
	struct drm_amdgpu_info_device di;
	uint32_t value, tile[32], macro[16], regs[2];
	char props[4096];
	int i;

	for (i = 0; i < self->n; i++) {
		int rfd = kfd_render_open(self->ids[i], O_RDWR | O_CLOEXEC);
		long long simds, per_cu;

		ASSERT_LE(0, rfd);
		ASSERT_EQ(0, gpu_props(self->ids[i], props, sizeof(props)));

		value = 0;
		EXPECT_EQ(0, amdgpu_info(rfd, AMDGPU_INFO_ACCEL_WORKING,
					 &value, sizeof(value)));
		EXPECT_EQ(1, value);

		memset(&di, 0xa5, sizeof(di));
		ASSERT_EQ(0, amdgpu_info(rfd, AMDGPU_INFO_DEV_INFO, &di,
					 sizeof(di)));
		EXPECT_EQ(text_prop(props, "device_id"), di.device_id);
		EXPECT_EQ(0x6863, di.device_id);
		EXPECT_EQ(AMDGPU_FAMILY_AI, di.family);
		simds = text_prop(props, "simd_count");
		per_cu = text_prop(props, "simd_per_cu");
		ASSERT_LT(0, per_cu);
		EXPECT_EQ(simds / per_cu, di.cu_active_number);
		EXPECT_EQ(64, di.cu_active_number);
		EXPECT_EQ(text_prop(props, "array_count") /
			  text_prop(props, "simd_arrays_per_engine"),
			  di.num_shader_engines);
		EXPECT_EQ(4, di.num_shader_engines);
		EXPECT_EQ(text_prop(props, "simd_arrays_per_engine"),
			  di.num_shader_arrays_per_engine);
		EXPECT_EQ(text_prop(props, "cu_per_simd_array"),
			  di.num_cu_per_sh);
		EXPECT_EQ(text_prop(props, "wave_front_size"),
			  di.wave_front_size);
		/* The topology in MHz, DEV_INFO in kHz. */
		EXPECT_EQ(text_prop(props, "max_engine_clk_fcompute") * 1000,
			  (long long)di.max_engine_clock);

		/* GB_ADDR_CONFIG: the value the KFD reports for the GPU. */
		tc.gpu_id = self->ids[i];
		tc.tile_config_ptr = (uintptr_t)tile;
		tc.num_tile_configs = 32;
		tc.macro_tile_config_ptr = (uintptr_t)macro;
		tc.num_macro_tile_configs = 16;
		ASSERT_EQ(0, kfd_ioctl(self->fd, AMDKFD_IOC_GET_TILE_CONFIG,
				       &tc));
		value = 0;
		EXPECT_EQ(0, read_mmr(rfd, MM_GB_ADDR_CONFIG, 1, &value,
				      sizeof(value)));
		EXPECT_EQ(tc.gb_addr_config, value);
		EXPECT_NE(0, value);

		/* Registers this GPU does not model; too many at once. */
		EXPECT_EQ(EFAULT, read_mmr(rfd, MM_GB_ADDR_CONFIG + 1, 1,
					   regs, sizeof(regs)));
		EXPECT_EQ(EFAULT, read_mmr(rfd, MM_GB_ADDR_CONFIG, 2, regs,
					   sizeof(regs)));
		EXPECT_EQ(EINVAL, read_mmr(rfd, MM_GB_ADDR_CONFIG, 129, regs,
					   sizeof(regs)));
		/* Nowhere to answer; an unknown query. */
		EXPECT_EQ(EINVAL, amdgpu_info(rfd, AMDGPU_INFO_ACCEL_WORKING,
					      &value, 0));
		EXPECT_EQ(EINVAL, amdgpu_info(rfd, AMDGPU_INFO_ACCEL_WORKING,
					      NULL, sizeof(value)));
		EXPECT_EQ(EINVAL, amdgpu_info(rfd, 0x7f, &value,
					      sizeof(value)));
		/* A driver ioctl the node has no function for. */
		union drm_amdgpu_gem_create gc = { 0 };

		EXPECT_EQ(EINVAL, kfd_ioctl(rfd, DRM_IOCTL_AMDGPU_GEM_CREATE,
					    &gc));
		close(rfd);
	}
}

/* ACQUIRE_VM takes a file of that GPU's node, one per process and GPU. */
TEST_F(render, acquire_vm_rules)
{
	struct kfd_ioctl_acquire_vm_args a = { .gpu_id = self->ids[0] };
	int rfd = kfd_vm_fd(self->ids[0]), rfd2;

	ASSERT_LE(0, rfd);
	a.drm_fd = self->fd;	/* the /dev/kfd file is no render file */
	EXPECT_EQ(EINVAL, kfd_ioctl(self->fd, AMDKFD_IOC_ACQUIRE_VM, &a));
	if (self->n > 1) {
		a.drm_fd = kfd_vm_fd(self->ids[1]);
		EXPECT_EQ(EINVAL, kfd_ioctl(self->fd, AMDKFD_IOC_ACQUIRE_VM,
					    &a));
	}
	a.drm_fd = rfd;
	EXPECT_EQ(0, kfd_ioctl(self->fd, AMDKFD_IOC_ACQUIRE_VM, &a));
	EXPECT_EQ(0, kfd_ioctl(self->fd, AMDKFD_IOC_ACQUIRE_VM, &a));
	rfd2 = kfd_render_open(self->ids[0], O_RDWR | O_CLOEXEC);
	ASSERT_LE(0, rfd2);
	a.drm_fd = rfd2;
	EXPECT_EQ(EBUSY, kfd_ioctl(self->fd, AMDKFD_IOC_ACQUIRE_VM, &a));
	close(rfd2);
}

/*
 * A buffer maps through the render file of its GPU that holds the VM
 * (MAP_SHARED, any window inside it), not through another GPU's file nor
 * at an offset no buffer has; the pages are the buffer's.
 */
TEST_F(render, mmap_rules)
{
	uint64_t va = reserve_va(16 * PAGE), h, h2, off, off2;
	int rfd = kfd_vm_fd(self->ids[0]);
	uint32_t *a, *b;

	ASSERT_NE(0, va);
	ASSERT_EQ(0, kfd_acquire_vm(self->fd, self->ids[0]));
	ASSERT_EQ(0, alloc_bo(self->fd, self->ids[0], va, 4 * PAGE,
			      KFD_IOC_ALLOC_MEM_FLAGS_GTT |
			      KFD_IOC_ALLOC_MEM_FLAGS_WRITABLE, 0, &h, &off));
	ASSERT_EQ(0, alloc_bo(self->fd, self->ids[0], va + 4 * PAGE, PAGE,
			      KFD_IOC_ALLOC_MEM_FLAGS_VRAM |
			      KFD_IOC_ALLOC_MEM_FLAGS_WRITABLE, 0, &h2, &off2));

	a = map_at(rfd, off, 4 * PAGE, PROT_READ | PROT_WRITE, MAP_SHARED);
	ASSERT_NE(NULL, a) TH_LOG("GTT: %s", strerror(errno));
	b = map_at(rfd, off + PAGE, PAGE, PROT_READ | PROT_WRITE, MAP_SHARED);
	ASSERT_NE(NULL, b);
	a[PAGE / 4 + 3] = 0xc0ffee;
	EXPECT_EQ(0xc0ffee, b[3]);
	munmap(b, PAGE);
	b = map_at(rfd, off2, PAGE, PROT_READ | PROT_WRITE, MAP_SHARED);
	ASSERT_NE(NULL, b) TH_LOG("VRAM: %s", strerror(errno));
	b[0] = 7;
	EXPECT_EQ(7, b[0]);
	munmap(b, PAGE);

	/* Another GPU's render file: the buffer is not its GPU's. */
	if (self->n > 1) {
		ASSERT_EQ(0, kfd_acquire_vm(self->fd, self->ids[1]));
		EXPECT_EQ(EACCES, map_errno(kfd_vm_fd(self->ids[1]), off, PAGE,
					    PROT_READ, MAP_SHARED));
	}
	/* An offset of this GPU that no buffer has. */
	EXPECT_EQ(EINVAL, map_errno(rfd, off2 + 64 * PAGE, PAGE, PROT_READ,
				    MAP_SHARED));
	/* Past the buffer's end. */
	EXPECT_EQ(EINVAL, map_errno(rfd, off, 5 * PAGE, PROT_READ,
				    MAP_SHARED));
	munmap(a, 4 * PAGE);
	EXPECT_EQ(0, free_bo(self->fd, h));
	EXPECT_EQ(0, free_bo(self->fd, h2));
	munmap((void *)(uintptr_t)va, 16 * PAGE);
}

/* /dev/kfd maps no buffer any more: Linux's kfd_mmap default, -EFAULT. */
TEST_F(render, mmap_bo_through_kfd_is_efault)
{
	uint64_t va = reserve_va(PAGE), h, off;

	ASSERT_NE(0, va);
	ASSERT_EQ(0, kfd_acquire_vm(self->fd, self->ids[0]));
	ASSERT_EQ(0, alloc_bo(self->fd, self->ids[0], va, PAGE,
			      KFD_IOC_ALLOC_MEM_FLAGS_GTT, 0, &h, &off));
	EXPECT_EQ(EFAULT, map_errno(self->fd, off, PAGE,
				    PROT_READ | PROT_WRITE, MAP_SHARED));
	EXPECT_EQ(0, free_bo(self->fd, h));
}

/*
 * Only the file that is this process's VM maps its buffers
 * (drm_vma_node_allow): another open of the node that never acquired a
 * VM, and the VM's own file once the process is gone, are -EACCES.
 */
TEST_F(render, mmap_needs_the_vm_file)
{
	uint64_t va = reserve_va(PAGE), h, off;
	int rfd = kfd_vm_fd(self->ids[0]), fresh;

	ASSERT_NE(0, va);
	ASSERT_EQ(0, kfd_acquire_vm(self->fd, self->ids[0]));
	ASSERT_EQ(0, alloc_bo(self->fd, self->ids[0], va, PAGE,
			      KFD_IOC_ALLOC_MEM_FLAGS_GTT, 0, &h, &off));
	fresh = kfd_render_open(self->ids[0], O_RDWR | O_CLOEXEC);
	ASSERT_LE(0, fresh);
	EXPECT_EQ(EACCES, map_errno(fresh, off, PAGE, PROT_READ, MAP_SHARED));
	EXPECT_EQ(0, map_errno(rfd, off, PAGE, PROT_READ, MAP_SHARED));
	close(fresh);
	/*
	 * The render file holds the process: its buffers stay mappable
	 * after its last /dev/kfd file is closed (kfd_reopen_keeps_the_process).
	 */
	close(self->fd);
	self->fd = -1;
	EXPECT_EQ(0, map_errno(rfd, off, PAGE, PROT_READ, MAP_SHARED));
}

/*
 * As amdgpu: ROCm's thunk reserves invisible VRAM with a PROT_NONE
 * MAP_PRIVATE mapping of the render node, which is accepted.
 */
TEST_F(render, mmap_prot_none_private)
{
	uint64_t va = reserve_va(PAGE), h, off;
	void *p;

	ASSERT_NE(0, va);
	ASSERT_EQ(0, kfd_acquire_vm(self->fd, self->ids[0]));
	ASSERT_EQ(0, alloc_bo(self->fd, self->ids[0], va, PAGE,
			      KFD_IOC_ALLOC_MEM_FLAGS_VRAM, 0, &h, &off));
	p = map_at(kfd_vm_fd(self->ids[0]), off, PAGE, PROT_NONE,
		   MAP_PRIVATE);
	EXPECT_NE(NULL, p) TH_LOG("PROT_NONE private: %s", strerror(errno));
	if (p)
		munmap(p, PAGE);
	EXPECT_EQ(0, free_bo(self->fd, h));
}

/*
 * Copy-on-write would split the CPU's view from the GPU's: a readable or
 * writable MAP_PRIVATE mapping is -EINVAL, and the PROT_NONE one may not
 * become writable later.
 */
TEST_F(render, mmap_private_is_einval)
{
	uint64_t va = reserve_va(PAGE), h, off;
	int rfd = kfd_vm_fd(self->ids[0]);
	void *p;

	ASSERT_NE(0, va);
	ASSERT_EQ(0, kfd_acquire_vm(self->fd, self->ids[0]));
	ASSERT_EQ(0, alloc_bo(self->fd, self->ids[0], va, PAGE,
			      KFD_IOC_ALLOC_MEM_FLAGS_GTT, 0, &h, &off));
	EXPECT_EQ(EINVAL, map_errno(rfd, off, PAGE, PROT_READ | PROT_WRITE,
				    MAP_PRIVATE));
	EXPECT_EQ(EINVAL, map_errno(rfd, off, PAGE, PROT_READ, MAP_PRIVATE));
	p = map_at(rfd, off, PAGE, PROT_NONE, MAP_PRIVATE);
	ASSERT_NE(NULL, p);
	EXPECT_EQ(-1, mprotect(p, PAGE, PROT_READ | PROT_WRITE));
	EXPECT_EQ(EACCES, errno);
	munmap(p, PAGE);
	EXPECT_EQ(0, free_bo(self->fd, h));
}

/*
 * Another process cannot reach this process's buffer: not through a VM
 * of its own (the offset names none of its buffers) nor through the
 * render file it inherited, whose VM is this process's.
 */
TEST_F(render, mmap_other_process_buffer)
{
	uint64_t va = reserve_va(PAGE), h, off;
	int prfd = kfd_vm_fd(self->ids[0]), status;
	pid_t pid;

	SKIP_UNLESS_MODULE("needs a second process (the emulated KFD lives in this one)");
	ASSERT_NE(0, va);
	ASSERT_EQ(0, kfd_acquire_vm(self->fd, self->ids[0]));
	ASSERT_EQ(0, alloc_bo(self->fd, self->ids[0], va, PAGE,
			      KFD_IOC_ALLOC_MEM_FLAGS_GTT, 0, &h, &off));
	pid = fork();
	ASSERT_LE(0, pid);
	if (!pid) {
		struct kfd_ioctl_acquire_vm_args a = { .gpu_id = self->ids[0] };
		int fd = open(KFD_PATH, O_RDWR | O_CLOEXEC), code = 0, err;

		if (fd < 0)
			_exit(100);
		/* The inherited file's VM is the parent's. */
		a.drm_fd = prfd;
		if (kfd_ioctl(fd, AMDKFD_IOC_ACQUIRE_VM, &a) != EINVAL)
			code |= 4;
		if (kfd_acquire_vm(fd, self->ids[0]))
			_exit(100);
		if (kfd_vm_fd(self->ids[0]) == prfd)
			_exit(101);
		err = map_errno(kfd_vm_fd(self->ids[0]), off, PAGE, PROT_READ,
				MAP_SHARED);
		if (err != EACCES && err != EINVAL)
			code |= 1;
		if (map_errno(prfd, off, PAGE, PROT_READ, MAP_SHARED) != EACCES)
			code |= 2;
		/* Holding a VM of its own, another file is -EBUSY first. */
		if (kfd_ioctl(fd, AMDKFD_IOC_ACQUIRE_VM, &a) != EBUSY)
			code |= 8;
		_exit(code);
	}
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	ASSERT_TRUE(WIFEXITED(status));
	EXPECT_EQ(0, WEXITSTATUS(status))
		TH_LOG("child: 1 own file, 2 inherited file mapped; 4 inherited file acquired, 8 not EBUSY (100, 101: setup)");
	/* Still this process's. */
	EXPECT_EQ(0, map_errno(prfd, off, PAGE, PROT_READ, MAP_SHARED));
	EXPECT_EQ(0, free_bo(self->fd, h));
}

/*
 * ROCm's thunk closes /dev/kfd and opens it again (hsa_shut_down, then
 * hsa_init) and keeps its render files: the render file holds the
 * process, so the second session finds the first one's buffers (ROCm's
 * events page among them), as on Linux, where a KFD process lives as long
 * as its address space. Closing the render file too leaves nothing behind.
 */
TEST_F(render, kfd_reopen_keeps_the_process)
{
	long long base[GCNKFD_NCOUNTERS], now[GCNKFD_NCOUNTERS];
	uint64_t va = reserve_va(PAGE), h, off;
	int fd, rfd;
	uint32_t *p;

	ASSERT_NE(0, va);
	kfd_close_process(self->fd);
	self->fd = -1;
	gcnkfd_read_counters(base);
	ON_MODULE(ASSERT_LE(0, base[0]) TH_LOG("no %s", GCNKFD_COUNTERS));

	fd = open(KFD_PATH, O_RDWR | O_CLOEXEC);
	ASSERT_LE(0, fd);
	ASSERT_EQ(0, kfd_acquire_vm(fd, self->ids[0]));
	rfd = kfd_vm_fd(self->ids[0]);
	ASSERT_EQ(0, alloc_bo(fd, self->ids[0], va, PAGE,
			      KFD_IOC_ALLOC_MEM_FLAGS_GTT |
			      KFD_IOC_ALLOC_MEM_FLAGS_WRITABLE, 0, &h, &off));
	p = map_at(rfd, off, PAGE, PROT_READ | PROT_WRITE, MAP_SHARED);
	ASSERT_NE(NULL, p) TH_LOG("%s", strerror(errno));
	p[1] = 0x1234;
	munmap(p, PAGE);
	close(fd);
	ON_MODULE(EXPECT_EQ(base[0] + 1, gcnkfd_counter("processes")));

	/* The second session: the same VM, the first session's buffer. */
	fd = open(KFD_PATH, O_RDWR | O_CLOEXEC);
	ASSERT_LE(0, fd);
	EXPECT_EQ(0, kfd_acquire_vm(fd, self->ids[0]));
	p = map_at(rfd, off, PAGE, PROT_READ | PROT_WRITE, MAP_SHARED);
	ASSERT_NE(NULL, p) TH_LOG("%s", strerror(errno));
	EXPECT_EQ(0x1234, p[1]);
	munmap(p, PAGE);
	EXPECT_EQ(0, free_bo(fd, h));

	kfd_close_process(fd);
	ON_MODULE(EXPECT_EQ(0, gcnkfd_wait_counters(base, now, 2000)));
	ON_MODULE(EXPECT_EQ(base[0], now[0]));
}

TEST_HARNESS_MAIN
