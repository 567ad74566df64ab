// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * The kernel module's costs as user space sees them, measured inside the
 * test VM (bench/run-kfd-module-bench.sh boots it): each KFD operation next
 * to a native kernel operation of the same shape measured in the same run,
 * so the ratio says what the KFD adds on top of the system call itself.
 *
 *   GET_VERSION ioctl            vs  getppid()
 *   ALLOC+FREE 64 KiB GTT        vs  mmap+munmap 64 KiB anonymous
 *   ALLOC+mmap+touch+FREE 64 KiB vs  mmap+touch+munmap 64 KiB anonymous
 *   CREATE+DESTROY AQL queue     vs  eventfd+close
 *   SET_EVENT -> WAIT_EVENTS ping-pong between two threads (one way)
 *                                vs  eventfd write -> read ping-pong
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>
#include <linux/kfd_ioctl.h>

#define SAMPLES 2000
#define SIZE_64K (64 << 10)

static int kfd, render;	/* /dev/kfd; the GPU's render node, its VM */
static uint32_t gpu;

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + ts.tv_nsec;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

struct timing {
	double median, p99;
};

/* Times fn SAMPLES times (after 100 warm-up calls); ns per call. */
static struct timing measure(void (*fn)(void))
{
	static uint64_t t[SAMPLES];
	struct timing s;
	int i;

	for (i = 0; i < 100; i++)
		fn();
	for (i = 0; i < SAMPLES; i++) {
		uint64_t t0 = now_ns();

		fn();
		t[i] = now_ns() - t0;
	}
	qsort(t, SAMPLES, sizeof(t[0]), cmp_u64);
	s.median = t[SAMPLES / 2];
	s.p99 = t[SAMPLES * 99 / 100];
	return s;
}

static void die(const char *what)
{
	fprintf(stderr, "kfd_module_bench: %s: %s\n", what, strerror(errno));
	exit(1);
}

static void op_getppid(void)
{
	(void)getppid();
}

static void op_get_version(void)
{
	struct kfd_ioctl_get_version_args a;

	if (ioctl(kfd, AMDKFD_IOC_GET_VERSION, &a))
		die("GET_VERSION");
}

static uint64_t next_va = 0x200000000ull;

static void alloc_free(int touch)
{
	struct kfd_ioctl_alloc_memory_of_gpu_args a = {
		.va_addr = next_va, .size = SIZE_64K, .gpu_id = gpu,
		.flags = KFD_IOC_ALLOC_MEM_FLAGS_GTT |
			 KFD_IOC_ALLOC_MEM_FLAGS_WRITABLE,
	};
	struct kfd_ioctl_free_memory_of_gpu_args f;

	if (ioctl(kfd, AMDKFD_IOC_ALLOC_MEMORY_OF_GPU, &a))
		die("ALLOC_MEMORY_OF_GPU");
	if (touch) {
		char *p = mmap(NULL, SIZE_64K, PROT_READ | PROT_WRITE,
			       MAP_SHARED, render, (off_t)a.mmap_offset);
		int i;

		if (p == MAP_FAILED)
			die("mmap of a buffer");
		for (i = 0; i < SIZE_64K; i += 4096)
			p[i] = 1;
		munmap(p, SIZE_64K);
	}
	f.handle = a.handle;
	if (ioctl(kfd, AMDKFD_IOC_FREE_MEMORY_OF_GPU, &f))
		die("FREE_MEMORY_OF_GPU");
}

static void op_alloc_free(void)
{
	alloc_free(0);
}

static void op_alloc_touch_free(void)
{
	alloc_free(1);
}

static void anon(int touch)
{
	char *p = mmap(NULL, SIZE_64K, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	int i;

	if (p == MAP_FAILED)
		die("mmap");
	if (touch)
		for (i = 0; i < SIZE_64K; i += 4096)
			p[i] = 1;
	munmap(p, SIZE_64K);
}

static void op_anon(void)
{
	anon(0);
}

static void op_anon_touch(void)
{
	anon(1);
}

static uint64_t ring[512] __attribute__((aligned(4096)));
static uint64_t rptr, wptr;

static void op_queue(void)
{
	struct kfd_ioctl_create_queue_args c = {
		.ring_base_address = (uintptr_t)ring,
		.write_pointer_address = (uintptr_t)&wptr,
		.read_pointer_address = (uintptr_t)&rptr,
		.ring_size = sizeof(ring),
		.gpu_id = gpu,
		.queue_type = KFD_IOC_QUEUE_TYPE_COMPUTE_AQL,
		.queue_percentage = 100,
		.queue_priority = 7,
	};
	struct kfd_ioctl_destroy_queue_args d;

	if (ioctl(kfd, AMDKFD_IOC_CREATE_QUEUE, &c))
		die("CREATE_QUEUE");
	d.queue_id = c.queue_id;
	if (ioctl(kfd, AMDKFD_IOC_DESTROY_QUEUE, &d))
		die("DESTROY_QUEUE");
}

static void op_eventfd(void)
{
	int fd = eventfd(0, 0);

	if (fd < 0)
		die("eventfd");
	close(fd);
}

/* Ping-pong: the main thread sets ev[0] and waits on ev[1]. */
static uint32_t ev[2];
static int efd[2];
static volatile int stop;

static void kfd_set(uint32_t id)
{
	struct kfd_ioctl_set_event_args s = { .event_id = id };

	if (ioctl(kfd, AMDKFD_IOC_SET_EVENT, &s))
		die("SET_EVENT");
}

static void kfd_wait(uint32_t id)
{
	struct kfd_event_data d = { .event_id = id };
	struct kfd_ioctl_wait_events_args w = {
		.events_ptr = (uintptr_t)&d, .num_events = 1,
		.wait_for_all = 1, .timeout = 1000,
	};

	if (ioctl(kfd, AMDKFD_IOC_WAIT_EVENTS, &w))
		die("WAIT_EVENTS");
	if (w.wait_result != KFD_IOC_WAIT_RESULT_COMPLETE) {
		fprintf(stderr, "kfd_module_bench: wait result %u\n",
			w.wait_result);
		exit(1);
	}
}

static void *kfd_echo(void *unused)
{
	while (!stop) {
		kfd_wait(ev[0]);
		kfd_set(ev[1]);
	}
	return NULL;
}

static void op_kfd_pingpong(void)
{
	kfd_set(ev[0]);
	kfd_wait(ev[1]);
}

static void *efd_echo(void *unused)
{
	uint64_t v;

	while (!stop) {
		if (read(efd[0], &v, 8) != 8)
			die("eventfd read");
		v = 1;
		if (write(efd[1], &v, 8) != 8)
			die("eventfd write");
	}
	return NULL;
}

static void op_efd_pingpong(void)
{
	uint64_t v = 1;

	if (write(efd[0], &v, 8) != 8 || read(efd[1], &v, 8) != 8)
		die("eventfd ping-pong");
}

static void row(const char *what, struct timing k, const char *base_what,
		struct timing b, double div)
{
	printf("| %-34s | %8.2f | %8.2f | %-26s | %8.2f | %5.2fx |\n", what,
	       k.median / div / 1000, k.p99 / div / 1000, base_what,
	       b.median / div / 1000, k.median / b.median);
}

static uint32_t create_event(void)
{
	struct kfd_ioctl_create_event_args c = {
		.event_type = KFD_IOC_EVENT_SIGNAL, .auto_reset = 1,
	};

	if (ioctl(kfd, AMDKFD_IOC_CREATE_EVENT, &c))
		die("CREATE_EVENT");
	return c.event_id;
}

/*
 * The render node of the GPU with id gpu_id, as the thunk finds it: the
 * topology node whose gpu_id matches names it (drm_render_minor).
 */
static int open_render_node(uint32_t gpu_id)
{
	char path[128], text[4096], *at;
	unsigned int node, id, minor;
	FILE *f;
	size_t n;

	for (node = 0; node < 64; node++) {
		snprintf(path, sizeof(path),
			 "/sys/devices/virtual/kfd/kfd/topology/nodes/%u/gpu_id",
			 node);
		f = fopen(path, "r");
		if (!f)
			break;
		n = fscanf(f, "%u", &id);
		fclose(f);
		if (n != 1 || id != gpu_id)
			continue;
		snprintf(path, sizeof(path),
			 "/sys/devices/virtual/kfd/kfd/topology/nodes/%u/properties",
			 node);
		f = fopen(path, "r");
		if (!f)
			break;
		n = fread(text, 1, sizeof(text) - 1, f);
		fclose(f);
		text[n] = 0;
		at = strstr(text, "drm_render_minor ");
		if (!at || sscanf(at, "drm_render_minor %u", &minor) != 1)
			break;
		snprintf(path, sizeof(path), "/dev/dri/renderD%u", minor);
		return open(path, O_RDWR | O_CLOEXEC);
	}
	return -1;
}

int main(void)
{
	struct kfd_ioctl_acquire_vm_args vm = { 0 };
	struct kfd_process_device_apertures ap[8];
	struct kfd_ioctl_get_process_apertures_new_args apa = {
		.kfd_process_device_apertures_ptr = (uintptr_t)ap,
		.num_of_nodes = 1,
	};
	pthread_t th;
	struct timing k, b;

	kfd = open("/dev/kfd", O_RDWR | O_CLOEXEC);
	if (kfd < 0)
		die("open /dev/kfd");
	if (ioctl(kfd, AMDKFD_IOC_GET_PROCESS_APERTURES_NEW, &apa) ||
	    !apa.num_of_nodes)
		die("no GPU");
	gpu = ap[0].gpu_id;
	render = open_render_node(gpu);
	if (render < 0)
		die("open the GPU's render node");
	vm.drm_fd = render;
	vm.gpu_id = gpu;
	if (ioctl(kfd, AMDKFD_IOC_ACQUIRE_VM, &vm))
		die("ACQUIRE_VM");

	printf("| operation (microseconds)           |   median |      p99 | native baseline            |   median | ratio |\n");
	printf("|---|---|---|---|---|---|\n");
	k = measure(op_get_version);
	b = measure(op_getppid);
	row("GET_VERSION ioctl", k, "getppid()", b, 1);
	k = measure(op_alloc_free);
	b = measure(op_anon);
	row("ALLOC+FREE 64 KiB GTT", k, "mmap+munmap 64 KiB", b, 1);
	k = measure(op_alloc_touch_free);
	b = measure(op_anon_touch);
	row("ALLOC+mmap+touch+FREE 64 KiB GTT", k, "same, anonymous", b, 1);
	k = measure(op_queue);
	b = measure(op_eventfd);
	row("CREATE+DESTROY AQL queue", k, "eventfd+close", b, 1);

	ev[0] = create_event();
	ev[1] = create_event();
	if (pthread_create(&th, NULL, kfd_echo, NULL))
		die("pthread_create");
	k = measure(op_kfd_pingpong);
	stop = 1;
	kfd_set(ev[0]);
	pthread_join(th, NULL);

	stop = 0;
	efd[0] = eventfd(0, 0);
	efd[1] = eventfd(0, 0);
	if (efd[0] < 0 || efd[1] < 0)
		die("eventfd");
	if (pthread_create(&th, NULL, efd_echo, NULL))
		die("pthread_create");
	b = measure(op_efd_pingpong);
	stop = 1;
	{
		uint64_t v = 1;

		if (write(efd[0], &v, 8) != 8)
			die("eventfd write");
	}
	pthread_join(th, NULL);
	row("SET_EVENT -> WAIT_EVENTS, one way", k, "eventfd write -> read", b,
	    2);
	return 0;
}
