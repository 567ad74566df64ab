/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Helpers shared by the kselftests of gcnkfd (kernel/): opening /dev/kfd,
 * the GPUs it reports and their render nodes (ACQUIRE_VM, buffer mmaps),
 * reading sysfs/debugfs files and the module's counters. Every test
 * binary includes kselftest_harness.h itself.
 */
#ifndef GCNKFD_TEST_H
#define GCNKFD_TEST_H

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>
#include <linux/kfd_ioctl.h>

#define KFD_PATH "/dev/kfd"
#define KFD_TOPOLOGY "/sys/devices/virtual/kfd/kfd/topology"
/* A GPU's DRM render node (ACQUIRE_VM's file, buffer mmaps). */
#define KFD_RENDER_PATH "/dev/dri/renderD%d"
#define DRM_MAJOR_NUMBER 226
#define GCNKFD_COUNTERS "/sys/kernel/debug/gcnkfd/counters"
#define GCNKFD_MAX_TEST_GPUS 8
/*
 * The device process (gcn-vgpud) behind the module's GPUs: run-vm.sh's
 * supervisor starts it with --pidfile VGPUD_PID_FILE, restarts it a second
 * after it exits unless VGPUD_STOP_FILE exists, and the module describes
 * each GPU's attachment in GCNKFD_DEVICE_FILE (gpu id in decimal).
 */
#define VGPUD_PID_FILE "/run/gcn-vgpud.pid"
#define VGPUD_STOP_FILE "/run/gcn-vgpud.stop"
#define GCNKFD_DEVICE_FILE "/sys/kernel/debug/gcnkfd/gpu%u/device"

/*
 * 1 against the gcnkfd module (the static binaries booted in QEMU), 0 when
 * built against the thunk's emulated KFD (tests/kselftest/emulated/,
 * -DGCNKFD_TEST_EMULATED). Cases that need the module itself (debugfs,
 * module parameters, unloading, a second process, the kernel's memory
 * accounting) skip there with the reason.
 */
static inline int gcnkfd_test_on_module(void)
{
#ifdef GCNKFD_TEST_EMULATED
	return 0;
#else
	return 1;
#endif
}

/* In a TEST body: skip, saying why, unless the module answers. */
#define SKIP_UNLESS_MODULE(why)						\
	do {								\
		if (!gcnkfd_test_on_module())				\
			SKIP(return, "emulated KFD: %s", why);		\
	} while (0)

/*
 * A check of the module itself (its debugfs counters) inside a case that
 * otherwise runs on both: skipped on the emulated KFD, which has none.
 */
#define ON_MODULE(...)							\
	do {								\
		if (gcnkfd_test_on_module()) {				\
			__VA_ARGS__;					\
		}							\
	} while (0)

/* ioctl(2) as errno: 0 or the positive errno. */
static inline int kfd_ioctl(int fd, unsigned long request, void *arg)
{
	return ioctl(fd, request, arg) ? errno : 0;
}

/*
 * The gpu ids the process sees, in node order; returns how many (or
 * -errno). Asks for the count first, as the thunk does: asking for more
 * nodes than exist is -EINVAL.
 */
static inline int kfd_gpu_ids(int fd, uint32_t *ids, int max)
{
	struct kfd_process_device_apertures ap[GCNKFD_MAX_TEST_GPUS];
	struct kfd_ioctl_get_process_apertures_new_args a = { 0 };
	int i;

	if (ioctl(fd, AMDKFD_IOC_GET_PROCESS_APERTURES_NEW, &a))
		return -errno;
	if (a.num_of_nodes > GCNKFD_MAX_TEST_GPUS)
		a.num_of_nodes = GCNKFD_MAX_TEST_GPUS;
	if (!a.num_of_nodes)
		return 0;
	a.kfd_process_device_apertures_ptr = (uintptr_t)ap;
	if (ioctl(fd, AMDKFD_IOC_GET_PROCESS_APERTURES_NEW, &a))
		return -errno;
	for (i = 0; i < (int)a.num_of_nodes && i < max; i++)
		ids[i] = ap[i].gpu_id;
	return i;
}

/* The first GPU's id, or 0 when there is none. */
static inline uint32_t kfd_first_gpu(int fd)
{
	uint32_t id = 0;

	return kfd_gpu_ids(fd, &id, 1) == 1 ? id : 0;
}

/* Reads a whole small file into buf (NUL-terminated); bytes or -errno. */
static inline int read_text(const char *path, char *buf, size_t size)
{
	int fd = open(path, O_RDONLY);
	ssize_t n, total = 0;

	if (fd < 0)
		return -errno;
	while ((n = read(fd, buf + total, size - 1 - total)) > 0)
		total += n;
	close(fd);
	if (n < 0)
		return -errno;
	buf[total] = 0;
	return (int)total;
}

/* The value of "name value" in a properties-style text, or -1. */
static inline long long text_prop(const char *text, const char *name)
{
	size_t len = strlen(name);
	const char *s = text;

	while (s && *s) {
		if (!strncmp(s, name, len) && s[len] == ' ')
			return strtoll(s + len + 1, NULL, 0);
		s = strchr(s, '\n');
		if (s)
			s++;
	}
	return -1;
}

/*
 * The DRM render minor of the GPU gpu_id (its topology node's
 * drm_render_minor), or -errno. Render minors are shared with every DRM
 * driver of the machine, so the number is read, never assumed.
 */
static inline int kfd_render_minor(uint32_t gpu_id)
{
	char path[160], text[4096];
	long long minor;
	int node;

	for (node = 0; node < 64; node++) {
		snprintf(path, sizeof(path), "%s/nodes/%d/gpu_id", KFD_TOPOLOGY,
			 node);
		if (read_text(path, text, sizeof(text)) < 0)
			continue;
		/* CPU nodes have gpu_id 0, which names no GPU. */
		if (!gpu_id || strtoul(text, NULL, 10) != gpu_id)
			continue;
		snprintf(path, sizeof(path), "%s/nodes/%d/properties",
			 KFD_TOPOLOGY, node);
		if (read_text(path, text, sizeof(text)) < 0)
			return -ENOENT;
		minor = text_prop(text, "drm_render_minor");
		return minor < 0 || minor > 0xfffff ? -ENODEV : (int)minor;
	}
	return -ENODEV;
}

/* A new open of gpu_id's render node (/dev/dri/renderD<minor>); or -errno. */
static inline int kfd_render_open(uint32_t gpu_id, int flags)
{
	char path[64];
	int minor = kfd_render_minor(gpu_id), fd;

	if (minor < 0)
		return minor;
	snprintf(path, sizeof(path), KFD_RENDER_PATH, minor);
	fd = open(path, flags);
	return fd < 0 ? -errno : fd;
}

/*
 * The render file that names this process's VM on a GPU, as ROCm's thunk
 * keeps one: opened on first use and kept open until kfd_close_process().
 * A render file that acquired a VM holds the KFD process as a /dev/kfd
 * file does (kernel/render.c), so the process outlives its /dev/kfd files
 * while the render file (or a mapping through it) is open. Keyed by
 * getpid(): a forked child inherits the parent's fd, but that file's VM
 * is the parent's, so the child opens its own.
 */
struct kfd_vm_fd_slot {
	pid_t pid;
	uint32_t gpu_id;
	int fd;
};
static struct kfd_vm_fd_slot kfd_vm_fds[GCNKFD_MAX_TEST_GPUS];

/* The process's render fd for gpu_id (opened on first use), or -errno. */
static inline int kfd_vm_fd(uint32_t gpu_id)
{
	struct kfd_vm_fd_slot *s, *free_slot = NULL;
	pid_t self = getpid();
	int fd;

	for (s = kfd_vm_fds; s < kfd_vm_fds + GCNKFD_MAX_TEST_GPUS; s++) {
		if (s->pid == self && s->gpu_id == gpu_id)
			return s->fd;
		/* A parent's slot is free here; its fd stays the parent's. */
		if (!free_slot && s->pid != self)
			free_slot = s;
	}
	if (!free_slot)
		return -EMFILE;
	fd = kfd_render_open(gpu_id, O_RDWR | O_CLOEXEC);
	if (fd < 0)
		return fd;
	free_slot->pid = self;
	free_slot->gpu_id = gpu_id;
	free_slot->fd = fd;
	return fd;
}

/*
 * Closes /dev/kfd file fd (unless it is -1) and every render file
 * kfd_vm_fd() opened in this process: with no mapping left, the KFD
 * process is gone once they are (if fd was its last /dev/kfd file).
 */
static inline void kfd_close_process(int fd)
{
	struct kfd_vm_fd_slot *s;
	pid_t self = getpid();

	if (fd >= 0)
		close(fd);
	for (s = kfd_vm_fds; s < kfd_vm_fds + GCNKFD_MAX_TEST_GPUS; s++) {
		if (s->pid != self)
			continue;
		close(s->fd);
		s->pid = 0;
		s->gpu_id = 0;
		s->fd = -1;
	}
}

/* ACQUIRE_VM of gpu_id with the process's render file for it (kfd_vm_fd). */
static inline int kfd_acquire_vm(int fd, uint32_t gpu_id)
{
	struct kfd_ioctl_acquire_vm_args a = { .gpu_id = gpu_id };
	int vm_fd = kfd_vm_fd(gpu_id);

	if (vm_fd < 0)
		return -vm_fd;
	a.drm_fd = (uint32_t)vm_fd;
	return kfd_ioctl(fd, AMDKFD_IOC_ACQUIRE_VM, &a);
}

/* A fresh range of VA nobody uses, reserved PROT_NONE (as the thunk). */
static inline uint64_t reserve_va(uint64_t size)
{
	void *p = mmap(NULL, size, PROT_NONE,
		       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);

	return p == MAP_FAILED ? 0 : (uint64_t)(uintptr_t)p;
}

/*
 * ALLOC_MEMORY_OF_GPU: the errno; the handle and mmap offset when asked
 * for (user: a USERPTR buffer's address, else 0).
 */
static inline int alloc_bo(int fd, uint32_t gpu, uint64_t va, uint64_t size,
			   uint32_t flags, uint64_t user, uint64_t *handle,
			   uint64_t *offset)
{
	struct kfd_ioctl_alloc_memory_of_gpu_args a = {
		.va_addr = va, .size = size, .gpu_id = gpu, .flags = flags,
		.mmap_offset = user,
	};
	int r = kfd_ioctl(fd, AMDKFD_IOC_ALLOC_MEMORY_OF_GPU, &a);

	if (!r && handle)
		*handle = a.handle;
	if (!r && offset)
		*offset = a.mmap_offset;
	return r;
}

static inline int free_bo(int fd, uint64_t handle)
{
	struct kfd_ioctl_free_memory_of_gpu_args a = { .handle = handle };

	return kfd_ioctl(fd, AMDKFD_IOC_FREE_MEMORY_OF_GPU, &a);
}

/* One of the module's counters (debugfs "counters"), or -1. */
static inline long long gcnkfd_counter(const char *name)
{
	char buf[1024];

	if (read_text(GCNKFD_COUNTERS, buf, sizeof(buf)) < 0)
		return -1;
	return text_prop(buf, name);
}

/* CLOCK_MONOTONIC in milliseconds. */
static inline double gcnkfd_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* The module's counters that return to their baseline when a process goes. */
static const char *const gcnkfd_counter_names[] = {
	"processes", "buffers", "queues", "events", "pages_allocated",
	"pages_pinned", "ipc_objects",
};
#define GCNKFD_NCOUNTERS \
	(sizeof(gcnkfd_counter_names) / sizeof(gcnkfd_counter_names[0]))

static inline void gcnkfd_read_counters(long long *v)
{
	unsigned int i;

	for (i = 0; i < GCNKFD_NCOUNTERS; i++)
		v[i] = gcnkfd_counter(gcnkfd_counter_names[i]);
}

/*
 * Waits up to timeout_ms for the counters to equal want (the module frees
 * a killed process's state after its exit); 0 when they do.
 */
static inline int gcnkfd_wait_counters(const long long *want, long long *now,
				       uint32_t timeout_ms)
{
	double end = gcnkfd_ms() + timeout_ms;
	unsigned int i;

	for (;;) {
		gcnkfd_read_counters(now);
		for (i = 0; i < GCNKFD_NCOUNTERS; i++)
			if (now[i] != want[i])
				break;
		if (i == GCNKFD_NCOUNTERS)
			return 0;
		if (gcnkfd_ms() > end)
			return -1;
		usleep(10000);
	}
}

/*
 * A GPU's debugfs "device" line: "attached=1 pid=123 messages=N
 * interrupts=M resets=K" (-1 for a field that is missing).
 */
struct gcnkfd_device_state {
	long long attached, pid, messages, interrupts, resets;
};

/* The value of "key=" in a line of space-separated key=value, or -1. */
static inline long long kv_field(const char *line, const char *key)
{
	size_t len = strlen(key);
	const char *s;

	for (s = strstr(line, key); s; s = strstr(s + 1, key))
		if ((s == line || s[-1] == ' ') && s[len] == '=')
			return strtoll(s + len + 1, NULL, 0);
	return -1;
}

/* 0 and the fields, or the errno of reading the file. */
static inline int gcnkfd_device_state(uint32_t gpu_id,
				      struct gcnkfd_device_state *st)
{
	char path[96], buf[256];
	int n;

	snprintf(path, sizeof(path), GCNKFD_DEVICE_FILE, gpu_id);
	n = read_text(path, buf, sizeof(buf));
	if (n < 0)
		return -n;
	st->attached = kv_field(buf, "attached");
	st->pid = kv_field(buf, "pid");
	st->messages = kv_field(buf, "messages");
	st->interrupts = kv_field(buf, "interrupts");
	st->resets = kv_field(buf, "resets");
	return st->attached < 0 ? EINVAL : 0;
}

/* Waits until the device file says attached=want; 0, or ETIMEDOUT. */
static inline int gcnkfd_wait_device(uint32_t gpu_id, int want,
				     unsigned int timeout_ms,
				     struct gcnkfd_device_state *st)
{
	double end = gcnkfd_ms() + timeout_ms;

	for (;;) {
		if (!gcnkfd_device_state(gpu_id, st) && st->attached == want)
			return 0;
		if (gcnkfd_ms() > end)
			return ETIMEDOUT;
		usleep(20000);
	}
}

#endif /* GCNKFD_TEST_H */
