// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * A bounded, reproducible random-ioctl fuzzer for /dev/kfd. Each call picks
 * a command number in and around the KFD range, random _IOC size and
 * direction bits and an argument that is NULL, a kernel address, an
 * unmapped or read-only page, or a valid buffer holding random bytes or
 * structured garbage (real gpu ids, handles, queue and event ids the
 * module gave out, with random, zero or huge other fields). Now and then
 * it closes and reopens the file, and a forked child fuzzes until it is
 * killed. Afterwards every counter of the module is back where it was
 * (zero, unless an earlier binary leaked) and the kernel log written
 * meanwhile has no warning, oops or refcount report.
 *
 * GCNKFD_FUZZ_SEED, GCNKFD_FUZZ_CALLS and GCNKFD_FUZZ_SECONDS override the
 * seed (printed, for reproduction), the number of calls (200000) and the
 * time bound (20 s). Sizes passed to ALLOC are capped at 4 MiB and WAIT
 * timeouts at a few ms: the aim is the module's argument handling, not
 * exhausting the VM.
 */
#include <signal.h>
#include <stddef.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>

#include "gcnkfd_test.h"
#include "kselftest_harness.h"

#define BUF_BYTES (64 * 1024)
#define AREA_OFF (16 * 1024)	/* past any _IOC_SIZE: pointed-to data */
#define ALLOC_CAP (4ull << 20)
#define MAX_LIVE_ALLOCS 32
#define POOL 64

struct fuzz {
	uint64_t rng;
	int fd;
	int inherited_fd;	/* a parent's file in a child, else -1 */
	uint8_t *buf;		/* BUF_BYTES, read-write */
	uint8_t *ro;		/* one read-only page */
	uint8_t *gone;		/* one unmapped page */
	uint32_t gpus[GCNKFD_MAX_TEST_GPUS];
	int ngpus;
	uint64_t handles[POOL];
	uint32_t queues[POOL], events[POOL];
	unsigned int nhandles, nqueues, nevents, live_allocs;
	unsigned long calls, ok, reopens;
};

static uint64_t rnd(struct fuzz *f)
{
	/* xorshift64*: small, fast and the same everywhere. */
	f->rng ^= f->rng >> 12;
	f->rng ^= f->rng << 25;
	f->rng ^= f->rng >> 27;
	return f->rng * 0x2545f4914f6cdd1dull;
}

static uint64_t below(struct fuzz *f, uint64_t n)
{
	return n ? rnd(f) % n : 0;
}

static bool chance(struct fuzz *f, unsigned int percent)
{
	return below(f, 100) < percent;
}

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + ts.tv_nsec;
}

static uint32_t pick_gpu(struct fuzz *f)
{
	switch (below(f, 8)) {
	case 0:
		return 0;
	case 1:
		return rnd(f);
	case 2:
		return 0xffffffff;
	default:
		return f->gpus[below(f, f->ngpus)];
	}
}

static uint64_t pick_ptr(struct fuzz *f)
{
	switch (below(f, 10)) {
	case 0:
		return 0;
	case 1:
		return 0xffffffff81000000ull + below(f, 1 << 20);
	case 2:
		return 0xffff888000000000ull;
	case 3:
		return (uintptr_t)f->gone + below(f, 4096);
	case 4:
		return (uintptr_t)f->ro + below(f, 64) * 8;
	case 5:
		return rnd(f);
	default:
		return (uintptr_t)f->buf + AREA_OFF +
		       below(f, BUF_BYTES - AREA_OFF - 4096) / 8 * 8;
	}
}

static uint64_t pick_count(struct fuzz *f)
{
	switch (below(f, 8)) {
	case 0:
		return 0;
	case 1:
		return 0xffffffff;
	case 2:
		return 0x80000000;
	case 3:
		return 1u << (8 + below(f, 20));
	case 4:
		return rnd(f);
	default:
		return below(f, 40);
	}
}

static uint64_t pick_handle(struct fuzz *f)
{
	if (f->nhandles && chance(f, 70))
		return f->handles[below(f, f->nhandles)];
	if (chance(f, 50))
		return ((uint64_t)pick_gpu(f) << 32) | below(f, 8);
	return rnd(f);
}

static uint32_t pick_queue(struct fuzz *f)
{
	if (f->nqueues && chance(f, 70))
		return f->queues[below(f, f->nqueues)];
	return chance(f, 50) ? below(f, 16) : rnd(f);
}

static uint32_t pick_event(struct fuzz *f)
{
	if (f->nevents && chance(f, 70))
		return f->events[below(f, f->nevents)];
	switch (below(f, 4)) {
	case 0:
		return below(f, 8);
	case 1:
		return 0x40000000 + below(f, 4);
	case 2:
		return 4095 + below(f, 3);
	default:
		return rnd(f);
	}
}

static uint64_t pick_alloc_size(struct fuzz *f)
{
	switch (below(f, 6)) {
	case 0:
		return 0;
	case 1:
		return 1 + below(f, 4095);	/* not a page multiple */
	default:
		return (1 + below(f, ALLOC_CAP / 4096)) * 4096;
	}
}

static uint32_t pick_alloc_flags(struct fuzz *f)
{
	static const uint32_t domains[] = {
		KFD_IOC_ALLOC_MEM_FLAGS_VRAM, KFD_IOC_ALLOC_MEM_FLAGS_GTT,
		KFD_IOC_ALLOC_MEM_FLAGS_USERPTR,
		KFD_IOC_ALLOC_MEM_FLAGS_DOORBELL,
		KFD_IOC_ALLOC_MEM_FLAGS_MMIO_REMAP, 0,
	};

	if (chance(f, 15))
		return rnd(f);
	return domains[below(f, 6)] | (uint32_t)(rnd(f) & 0xfc000000u);
}

#define SET(type, field, value) \
	(((type *)a)->field = (value))

/* Fills the fields a command reads with values likely to reach deep. */
static void structure(struct fuzz *f, unsigned int nr, void *a)
{
	uint32_t *ids = (uint32_t *)(f->buf + AREA_OFF);
	struct kfd_event_data *ev = (void *)(f->buf + AREA_OFF + 4096);
	unsigned int i;

	/* Data that pointers in the args lead to. */
	for (i = 0; i < 8; i++)
		ids[i] = pick_gpu(f);
	for (i = 0; i < 16; i++) {
		memset(&ev[i], 0, sizeof(ev[i]));
		ev[i].event_id = pick_event(f);
	}

	switch (nr) {
	case 0x02:
		SET(struct kfd_ioctl_create_queue_args, ring_base_address,
		    pick_ptr(f));
		SET(struct kfd_ioctl_create_queue_args, write_pointer_address,
		    pick_ptr(f));
		SET(struct kfd_ioctl_create_queue_args, read_pointer_address,
		    pick_ptr(f));
		SET(struct kfd_ioctl_create_queue_args, ring_size,
		    chance(f, 50) ? 4096u << below(f, 8) : pick_count(f));
		SET(struct kfd_ioctl_create_queue_args, gpu_id, pick_gpu(f));
		SET(struct kfd_ioctl_create_queue_args, queue_type,
		    below(f, 5));
		SET(struct kfd_ioctl_create_queue_args, queue_percentage,
		    below(f, 120));
		SET(struct kfd_ioctl_create_queue_args, queue_priority,
		    below(f, 18));
		SET(struct kfd_ioctl_create_queue_args, eop_buffer_address,
		    pick_ptr(f));
		SET(struct kfd_ioctl_create_queue_args, eop_buffer_size,
		    pick_count(f));
		SET(struct kfd_ioctl_create_queue_args,
		    ctx_save_restore_address, pick_ptr(f));
		SET(struct kfd_ioctl_create_queue_args, ctx_save_restore_size,
		    pick_count(f));
		SET(struct kfd_ioctl_create_queue_args, ctl_stack_size,
		    pick_count(f));
		break;
	case 0x03:
		SET(struct kfd_ioctl_destroy_queue_args, queue_id,
		    pick_queue(f));
		break;
	case 0x04:
		SET(struct kfd_ioctl_set_memory_policy_args, gpu_id,
		    pick_gpu(f));
		SET(struct kfd_ioctl_set_memory_policy_args, default_policy,
		    below(f, 3));
		SET(struct kfd_ioctl_set_memory_policy_args, alternate_policy,
		    below(f, 3));
		break;
	case 0x05:
		SET(struct kfd_ioctl_get_clock_counters_args, gpu_id,
		    pick_gpu(f));
		break;
	case 0x07:
		SET(struct kfd_ioctl_update_queue_args, ring_base_address,
		    pick_ptr(f));
		SET(struct kfd_ioctl_update_queue_args, queue_id,
		    pick_queue(f));
		SET(struct kfd_ioctl_update_queue_args, ring_size,
		    pick_count(f));
		SET(struct kfd_ioctl_update_queue_args, queue_percentage,
		    below(f, 120));
		SET(struct kfd_ioctl_update_queue_args, queue_priority,
		    below(f, 18));
		break;
	case 0x08:
		SET(struct kfd_ioctl_create_event_args, event_page_offset,
		    chance(f, 80) ? 0 : pick_handle(f));
		SET(struct kfd_ioctl_create_event_args, event_type,
		    below(f, 8));
		SET(struct kfd_ioctl_create_event_args, auto_reset,
		    below(f, 2));
		SET(struct kfd_ioctl_create_event_args, node_id, below(f, 4));
		break;
	case 0x09:
	case 0x0a:
	case 0x0b:
		SET(struct kfd_ioctl_set_event_args, event_id, pick_event(f));
		break;
	case 0x0c:
		SET(struct kfd_ioctl_wait_events_args, events_ptr,
		    chance(f, 80) ? (uintptr_t)ev : pick_ptr(f));
		SET(struct kfd_ioctl_wait_events_args, num_events,
		    chance(f, 80) ? below(f, 17) : pick_count(f));
		SET(struct kfd_ioctl_wait_events_args, wait_for_all,
		    below(f, 2));
		break;
	case 0x11:
		SET(struct kfd_ioctl_set_scratch_backing_va_args, gpu_id,
		    pick_gpu(f));
		break;
	case 0x12:
		SET(struct kfd_ioctl_get_tile_config_args, tile_config_ptr,
		    pick_ptr(f));
		SET(struct kfd_ioctl_get_tile_config_args,
		    macro_tile_config_ptr, pick_ptr(f));
		SET(struct kfd_ioctl_get_tile_config_args, num_tile_configs,
		    pick_count(f));
		SET(struct kfd_ioctl_get_tile_config_args,
		    num_macro_tile_configs, pick_count(f));
		SET(struct kfd_ioctl_get_tile_config_args, gpu_id,
		    pick_gpu(f));
		break;
	case 0x13:
		SET(struct kfd_ioctl_set_trap_handler_args, gpu_id,
		    pick_gpu(f));
		break;
	case 0x14:
		SET(struct kfd_ioctl_get_process_apertures_new_args,
		    kfd_process_device_apertures_ptr, pick_ptr(f));
		SET(struct kfd_ioctl_get_process_apertures_new_args,
		    num_of_nodes, chance(f, 70) ? below(f, f->ngpus + 2) :
		    pick_count(f));
		break;
	case 0x15:
		/* Mostly a GPU's render file (maybe not that GPU's). */
		SET(struct kfd_ioctl_acquire_vm_args, drm_fd,
		    chance(f, 70) ? kfd_vm_fd(pick_gpu(f)) :
		    chance(f, 30) ? f->fd : below(f, 16));
		SET(struct kfd_ioctl_acquire_vm_args, gpu_id, pick_gpu(f));
		break;
	case 0x16:
		SET(struct kfd_ioctl_alloc_memory_of_gpu_args, va_addr,
		    chance(f, 70) ? (1ull << 32) + below(f, 1 << 20) * 4096 :
		    pick_ptr(f));
		SET(struct kfd_ioctl_alloc_memory_of_gpu_args, mmap_offset,
		    chance(f, 50) ? pick_ptr(f) : rnd(f));
		SET(struct kfd_ioctl_alloc_memory_of_gpu_args, gpu_id,
		    pick_gpu(f));
		SET(struct kfd_ioctl_alloc_memory_of_gpu_args, flags,
		    pick_alloc_flags(f));
		break;
	case 0x17:
		SET(struct kfd_ioctl_free_memory_of_gpu_args, handle,
		    pick_handle(f));
		break;
	case 0x18:
	case 0x19:
		SET(struct kfd_ioctl_map_memory_to_gpu_args, handle,
		    pick_handle(f));
		SET(struct kfd_ioctl_map_memory_to_gpu_args,
		    device_ids_array_ptr,
		    chance(f, 80) ? (uintptr_t)ids : pick_ptr(f));
		SET(struct kfd_ioctl_map_memory_to_gpu_args, n_devices,
		    chance(f, 80) ? below(f, 4) : pick_count(f));
		SET(struct kfd_ioctl_map_memory_to_gpu_args, n_success,
		    chance(f, 80) ? below(f, 3) : pick_count(f));
		break;
	case 0x1a:
		SET(struct kfd_ioctl_set_cu_mask_args, queue_id,
		    pick_queue(f));
		SET(struct kfd_ioctl_set_cu_mask_args, num_cu_mask,
		    chance(f, 50) ? 32 * below(f, 40) : pick_count(f));
		SET(struct kfd_ioctl_set_cu_mask_args, cu_mask_ptr,
		    pick_ptr(f));
		break;
	case 0x1b:
		SET(struct kfd_ioctl_get_queue_wave_state_args,
		    ctl_stack_address, pick_ptr(f));
		SET(struct kfd_ioctl_get_queue_wave_state_args, queue_id,
		    pick_queue(f));
		break;
	case 0x1e:
		SET(struct kfd_ioctl_alloc_queue_gws_args, queue_id,
		    pick_queue(f));
		break;
	case 0x21:
		SET(struct kfd_ioctl_set_xnack_mode_args, xnack_enabled,
		    (int32_t)below(f, 4) - 1);
		break;
	case 0x23:
		SET(struct kfd_ioctl_get_available_memory_args, gpu_id,
		    pick_gpu(f));
		break;
	}
}

/* Whatever else was chosen, no allocation beyond the cap, no long wait. */
static void bound(struct fuzz *f, unsigned int nr, void *a, unsigned int size)
{
	struct kfd_ioctl_alloc_memory_of_gpu_args *al = a;
	struct kfd_ioctl_wait_events_args *w = a;

	if (nr == 0x16 && size > offsetof(typeof(*al), size)) {
		al->size = pick_alloc_size(f);
		if (f->live_allocs >= MAX_LIVE_ALLOCS)
			al->size = 0;	/* rejected: no more memory held */
	}
	if (nr == 0x0c && size > offsetof(typeof(*w), timeout))
		w->timeout = below(f, 4);
}

/* Learns the ids a successful create gave, to use them later. */
static void learn(struct fuzz *f, unsigned int nr, void *a, unsigned int size)
{
	struct kfd_ioctl_alloc_memory_of_gpu_args *al = a;
	struct kfd_ioctl_create_queue_args *q = a;
	struct kfd_ioctl_create_event_args *e = a;

	if (nr == 0x16 && size >= sizeof(*al)) {
		f->live_allocs++;
		f->handles[f->nhandles++ % POOL] = al->handle;
		f->nhandles = f->nhandles > POOL ? POOL : f->nhandles;
	} else if (nr == 0x02 && size >= sizeof(*q)) {
		f->queues[f->nqueues++ % POOL] = q->queue_id;
		f->nqueues = f->nqueues > POOL ? POOL : f->nqueues;
	} else if (nr == 0x08 && size >= sizeof(*e)) {
		f->events[f->nevents++ % POOL] = e->event_id;
		f->nevents = f->nevents > POOL ? POOL : f->nevents;
	} else if (nr == 0x16) {
		/* A success with the handle cut off still holds memory. */
		f->live_allocs++;
	}
}

/* Size of the real struct of a command, so that many calls are valid. */
static unsigned int real_size(unsigned int nr)
{
	static const unsigned long cmds[] = {
		0, AMDKFD_IOC_GET_VERSION, AMDKFD_IOC_CREATE_QUEUE,
		AMDKFD_IOC_DESTROY_QUEUE, AMDKFD_IOC_SET_MEMORY_POLICY,
		AMDKFD_IOC_GET_CLOCK_COUNTERS,
		AMDKFD_IOC_GET_PROCESS_APERTURES, AMDKFD_IOC_UPDATE_QUEUE,
		AMDKFD_IOC_CREATE_EVENT, AMDKFD_IOC_DESTROY_EVENT,
		AMDKFD_IOC_SET_EVENT, AMDKFD_IOC_RESET_EVENT,
		AMDKFD_IOC_WAIT_EVENTS, AMDKFD_IOC_DBG_REGISTER_DEPRECATED,
		AMDKFD_IOC_DBG_UNREGISTER_DEPRECATED,
		AMDKFD_IOC_DBG_ADDRESS_WATCH_DEPRECATED,
		AMDKFD_IOC_DBG_WAVE_CONTROL_DEPRECATED,
		AMDKFD_IOC_SET_SCRATCH_BACKING_VA, AMDKFD_IOC_GET_TILE_CONFIG,
		AMDKFD_IOC_SET_TRAP_HANDLER,
		AMDKFD_IOC_GET_PROCESS_APERTURES_NEW, AMDKFD_IOC_ACQUIRE_VM,
		AMDKFD_IOC_ALLOC_MEMORY_OF_GPU, AMDKFD_IOC_FREE_MEMORY_OF_GPU,
		AMDKFD_IOC_MAP_MEMORY_TO_GPU, AMDKFD_IOC_UNMAP_MEMORY_FROM_GPU,
		AMDKFD_IOC_SET_CU_MASK, AMDKFD_IOC_GET_QUEUE_WAVE_STATE,
		AMDKFD_IOC_GET_DMABUF_INFO, AMDKFD_IOC_IMPORT_DMABUF,
		AMDKFD_IOC_ALLOC_QUEUE_GWS, AMDKFD_IOC_SMI_EVENTS,
		AMDKFD_IOC_SVM, AMDKFD_IOC_SET_XNACK_MODE, AMDKFD_IOC_CRIU_OP,
		AMDKFD_IOC_AVAILABLE_MEMORY,
	};

	return nr < sizeof(cmds) / sizeof(cmds[0]) ? _IOC_SIZE(cmds[nr]) : 0;
}

/* A new process: its render files hold the old one too. */
static void reopen(struct fuzz *f)
{
	kfd_close_process(f->fd);
	f->fd = open(KFD_PATH, O_RDWR | O_CLOEXEC);
	f->nhandles = f->nqueues = f->nevents = f->live_allocs = 0;
	f->reopens++;
}

static void fuzz_one(struct fuzz *f)
{
	unsigned int nr, size, dir, type, real;
	uint64_t arg;
	int fd = f->fd, ret;
	bool ours = false;

	switch (below(f, 10)) {
	case 0:
		nr = below(f, 256);
		break;
	case 1:
		nr = AMDKFD_COMMAND_END + below(f, 8);
		break;
	default:
		nr = AMDKFD_COMMAND_START +
		     below(f, AMDKFD_COMMAND_END - AMDKFD_COMMAND_START);
	}
	real = real_size(nr);
	switch (below(f, 10)) {
	case 0:
		size = below(f, 1 << 14);
		break;
	case 1:
		size = below(f, real + 17);
		break;
	case 2:
		size = 0;
		break;
	default:
		size = real ? real : below(f, 64);
	}
	dir = chance(f, 80) ? (_IOC_READ | _IOC_WRITE) : below(f, 4);
	type = chance(f, 95) ? 'K' : below(f, 256);

	switch (below(f, 12)) {
	case 0:
		arg = 0;
		break;
	case 1:
		arg = 0xffffffff81000000ull;
		break;
	case 2:
		arg = (uintptr_t)f->gone;
		break;
	case 3:
		arg = (uintptr_t)f->ro;
		break;
	case 4:
		arg = rnd(f);
		break;
	case 5:
	case 6:
		/* Random bytes. */
		arg = (uintptr_t)f->buf;
		ours = true;
		for (unsigned int i = 0; i < size && i < AREA_OFF; i += 8)
			*(uint64_t *)(f->buf + i) = rnd(f);
		break;
	default:
		/* Structured: zero or random, then plausible fields. */
		arg = (uintptr_t)f->buf;
		ours = true;
		if (chance(f, 50))
			memset(f->buf, 0, AREA_OFF);
		else
			for (unsigned int i = 0; i < AREA_OFF; i += 8)
				*(uint64_t *)(f->buf + i) = rnd(f);
		structure(f, nr, f->buf);
	}
	if (ours)
		bound(f, nr, f->buf, size);
	else if (nr == 0x16 && f->live_allocs >= MAX_LIVE_ALLOCS)
		arg = 0;	/* an arbitrary address might hold a size */

	if (f->inherited_fd >= 0 && chance(f, 2))
		fd = f->inherited_fd;
	ret = ioctl(fd, _IOC(dir, type, nr, size), (void *)(uintptr_t)arg);
	f->calls++;
	if (!ret) {
		f->ok++;
		if (ours && fd == f->fd)
			learn(f, nr, f->buf, size);
	}
	if (below(f, 5000) == 0 ||
	    f->live_allocs >= MAX_LIVE_ALLOCS)
		reopen(f);
}

static int fuzz_setup(struct fuzz *f, uint64_t seed)
{
	memset(f, 0, sizeof(*f));
	f->rng = seed ? seed : 1;
	f->inherited_fd = -1;
	f->buf = mmap(NULL, BUF_BYTES, PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	f->ro = mmap(NULL, 4096, PROT_READ | PROT_WRITE,
		     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	f->gone = mmap(NULL, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS,
		       -1, 0);
	if (f->buf == MAP_FAILED || f->ro == MAP_FAILED ||
	    f->gone == MAP_FAILED)
		return -1;
	munmap(f->gone, 4096);
	/*
	 * The read-only page reads as small values in the fields that
	 * matter: a 1 MiB ALLOC size, a 1 ms WAIT timeout.
	 */
	for (unsigned int i = 0; i < 4096; i += 8)
		*(uint64_t *)(f->ro + i) = rnd(f);
	((struct kfd_ioctl_alloc_memory_of_gpu_args *)f->ro)->size = 1 << 20;
	((struct kfd_ioctl_wait_events_args *)f->ro)->timeout = 1;
	mprotect(f->ro, 4096, PROT_READ);
	f->fd = open(KFD_PATH, O_RDWR | O_CLOEXEC);
	if (f->fd < 0)
		return -1;
	f->ngpus = kfd_gpu_ids(f->fd, f->gpus, GCNKFD_MAX_TEST_GPUS);
	return f->ngpus >= 1 ? 0 : -1;
}

static uint64_t env_u64(const char *name, uint64_t dflt)
{
	const char *s = getenv(name);

	return s && *s ? strtoull(s, NULL, 0) : dflt;
}

/* A child that fuzzes with its own file (and its parent's) until killed. */
static pid_t fuzz_child(struct fuzz *parent, uint64_t seed)
{
	pid_t pid = fork();
	struct fuzz f;
	uint64_t end;

	if (pid)
		return pid;
	if (fuzz_setup(&f, seed))
		_exit(1);
	f.inherited_fd = parent->fd;
	end = now_ns() + 5000000000ull;	/* in case nobody kills it */
	while (now_ns() < end)
		fuzz_one(&f);
	_exit(0);
}

static const char *const bad_log[] = {
	"WARNING", "BUG:", "kernel BUG", "Oops", "Call Trace", "refcount",
	"general protection", "KASAN", "UBSAN",
};

static const char *const counter_names[] = {
	"processes", "buffers", "queues", "events", "pages_allocated",
	"pages_pinned",
};

FIXTURE(fuzzer)
{
	int unused;
};

FIXTURE_SETUP(fuzzer)
{
}

FIXTURE_TEARDOWN(fuzzer)
{
}

/* The harness's 30 s default would cut a longer GCNKFD_FUZZ_SECONDS. */
TEST_F_TIMEOUT(fuzzer, ioctls, 900)
{
	uint64_t seed = env_u64("GCNKFD_FUZZ_SEED", 0);
	uint64_t max_calls = env_u64("GCNKFD_FUZZ_CALLS", 200000);
	uint64_t max_ns = env_u64("GCNKFD_FUZZ_SECONDS", 20) * 1000000000ull;
	uint64_t start, next_child;
	long long base[6];
	unsigned int children = 0, i, tries;
	int kmsg, status, bad = 0;
	char rec[2048];
	struct fuzz f;
	ssize_t n;

	SKIP_UNLESS_MODULE("forked fuzzers and the module's counters and log");

	/* Zero unless an earlier binary left something behind. */
	for (i = 0; i < 6; i++) {
		base[i] = gcnkfd_counter(counter_names[i]);
		if (base[i])
			TH_LOG("before fuzzing: %s %lld", counter_names[i % 6],
			       base[i]);
	}
	if (!seed)
		seed = now_ns() ^ ((uint64_t)getpid() << 32);
	TH_LOG("fuzz seed %llu (GCNKFD_FUZZ_SEED=%llu reproduces)",
		       (unsigned long long)seed, (unsigned long long)seed);

	/* The kernel log from here on. */
	kmsg = open("/dev/kmsg", O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	ASSERT_LE(0, kmsg) TH_LOG("/dev/kmsg: %s", strerror(errno));
	ASSERT_LE(0, lseek(kmsg, 0, SEEK_END));

	ASSERT_EQ(0, fuzz_setup(&f, seed));
	start = now_ns();
	next_child = start + max_ns / 8;
	while (f.calls < max_calls && now_ns() - start < max_ns) {
		fuzz_one(&f);
		ASSERT_LE(0, f.fd) TH_LOG("reopen: %s", strerror(errno));
		/* Four children, spread over the calls or the time. */
		if (children < 4 && (now_ns() > next_child ||
				     f.calls >= (children + 1) * max_calls / 5)) {
			pid_t pid = fuzz_child(&f, seed + 1 + children);

			ASSERT_LE(0, pid);
			/* Let it run a little, mid-call when killed. */
			for (i = 0; i < 2000; i++)
				fuzz_one(&f);
			usleep(20000 + below(&f, 100000));
			kill(pid, SIGKILL);
			ASSERT_EQ(pid, waitpid(pid, &status, 0));
			EXPECT_TRUE(WIFSIGNALED(status) ||
				    WEXITSTATUS(status) == 0);
			children++;
			next_child = now_ns() + max_ns / 8;
		}
	}
	TH_LOG("%lu calls (%lu succeeded), %lu reopens, %u children in %.1f s",
		       f.calls, f.ok, f.reopens, children,
		       (now_ns() - start) / 1e9);
	kfd_close_process(f.fd);

	/* Everything the fuzzer created went with its files. */
	for (tries = 0; tries < 300; tries++) {
		for (i = 0; i < 6; i++)
			if (gcnkfd_counter(counter_names[i]) != base[i])
				break;
		if (i == 6)
			break;
		usleep(10000);
	}
	for (i = 0; i < 6; i++) {
		EXPECT_EQ(base[i], gcnkfd_counter(counter_names[i]))
			TH_LOG("counter %s", counter_names[i % 6]);
	}

	for (;;) {
		n = read(kmsg, rec, sizeof(rec) - 1);
		if (n < 0 && errno == EPIPE)
			continue;	/* overwritten records: skip on */
		if (n <= 0)
			break;
		rec[n] = 0;
		for (i = 0; i < sizeof(bad_log) / sizeof(bad_log[0]); i++) {
			if (strstr(rec, bad_log[i])) {
				bad++;
				TH_LOG("kernel log: %s", rec);
				break;
			}
		}
	}
	close(kmsg);
	EXPECT_EQ(0, bad) TH_LOG("seed %llu", (unsigned long long)seed);
}

TEST_HARNESS_MAIN
