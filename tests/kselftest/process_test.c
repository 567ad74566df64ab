// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Processes: what one process holds (buffer handles, queue ids, event ids)
 * means nothing to another, whatever ids it guesses; two opens in one
 * process share one KFD process (as Linux's, which is keyed by mm); and
 * everything a process held is released when its last file reference
 * goes: on close, on exit, on SIGKILL in the middle of use. Errnos are
 * those of Linux 6.1's kfd_chardev.c (FREE of an unknown handle -EINVAL,
 * MAP/UNMAP -ENOMEM, DESTROY_QUEUE and SET_EVENT -EINVAL). The
 * module's debugfs counters are the independent witness of release.
 */
#include <signal.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>

#include "gcnkfd_test.h"
#include "kselftest_harness.h"

#define PAGE 4096ul
#define EVENT_PAGE_BYTES (KFD_SIGNAL_EVENT_LIMIT * 8ul)

static int map_bo(int fd, uint64_t handle, uint32_t gpu, bool unmap)
{
	struct kfd_ioctl_map_memory_to_gpu_args a = {
		.handle = handle, .device_ids_array_ptr = (uintptr_t)&gpu,
		.n_devices = 1,
	};

	return kfd_ioctl(fd, unmap ? AMDKFD_IOC_UNMAP_MEMORY_FROM_GPU :
				     AMDKFD_IOC_MAP_MEMORY_TO_GPU, &a);
}

static int create_event(int fd, uint32_t *id, uint64_t *page_offset)
{
	struct kfd_ioctl_create_event_args a = {
		.event_type = KFD_IOC_EVENT_SIGNAL, .auto_reset = 1,
	};
	int err = kfd_ioctl(fd, AMDKFD_IOC_CREATE_EVENT, &a);

	if (!err) {
		*id = a.event_id;
		if (page_offset)
			*page_offset = a.event_page_offset;
	}
	return err;
}

static int set_event(int fd, uint32_t id)
{
	struct kfd_ioctl_set_event_args a = { .event_id = id };

	return kfd_ioctl(fd, AMDKFD_IOC_SET_EVENT, &a);
}

/* An AQL compute queue on a ring in a GTT buffer at ring_va. */
static int create_queue(int fd, uint32_t gpu, uint64_t ring_va,
			uint64_t *rwptr, uint32_t *qid, uint64_t *doorbell)
{
	struct kfd_ioctl_create_queue_args a = {
		.ring_base_address = ring_va,
		.write_pointer_address = (uintptr_t)&rwptr[0],
		.read_pointer_address = (uintptr_t)&rwptr[1],
		.ring_size = PAGE,
		.gpu_id = gpu,
		.queue_type = KFD_IOC_QUEUE_TYPE_COMPUTE_AQL,
		.queue_percentage = 100,
		.queue_priority = 7,
	};
	int err = kfd_ioctl(fd, AMDKFD_IOC_CREATE_QUEUE, &a);

	if (!err) {
		*qid = a.queue_id;
		if (doorbell)
			*doorbell = a.doorbell_offset;
	}
	return err;
}

static int destroy_queue(int fd, uint32_t qid)
{
	struct kfd_ioctl_destroy_queue_args a = { .queue_id = qid };

	return kfd_ioctl(fd, AMDKFD_IOC_DESTROY_QUEUE, &a);
}

/* A child's unexpected errno, on the harness's log stream. */
static void note(const char *what, int err)
{
	fprintf(stderr, "# child: %s returned %d (%s)\n", what, err,
		strerror(err));
}

/* Says what a step returned, so that EOPNOTSUPP shows as such. */
#define STEP(call) do {							\
	int __e = (call);						\
	ASSERT_EQ(0, __e) TH_LOG("%s: %s", #call, strerror(__e));	\
} while (0)

FIXTURE(proc)
{
	int fd;
	uint32_t gpu;
	int n;
	uint32_t ids[GCNKFD_MAX_TEST_GPUS];
};

FIXTURE_SETUP(proc)
{
	self->fd = open(KFD_PATH, O_RDWR | O_CLOEXEC);
	ASSERT_LE(0, self->fd) TH_LOG("open: %s", strerror(errno));
	self->n = kfd_gpu_ids(self->fd, self->ids, GCNKFD_MAX_TEST_GPUS);
	ASSERT_LE(1, self->n);
	self->gpu = self->ids[0];
	ASSERT_EQ(0, kfd_acquire_vm(self->fd, self->gpu));
}

FIXTURE_TEARDOWN(proc)
{
	close(self->fd);
}

/*
 * The parent holds a buffer, a queue and an event; a child with its own
 * /dev/kfd can name none of them, nor anything by guessing small ids.
 */
TEST_F(proc, child_cannot_name_parent_objects)
{
	struct kfd_ioctl_set_xnack_mode_args xn;
	uint64_t bo, off, va, *rw;
	uint32_t qid, eid;
	int status, err;
	pid_t pid;

	SKIP_UNLESS_MODULE("needs a second process (the emulated KFD lives in this one)");

	rw = calloc(2, sizeof(*rw));
	va = reserve_va(PAGE);
	ASSERT_NE(0, va);
	STEP(alloc_bo(self->fd, self->gpu, va, PAGE,
		      KFD_IOC_ALLOC_MEM_FLAGS_GTT |
		      KFD_IOC_ALLOC_MEM_FLAGS_WRITABLE, 0, &bo, &off));
	STEP(map_bo(self->fd, bo, self->gpu, false));
	STEP(create_event(self->fd, &eid, NULL));
	STEP(create_queue(self->fd, self->gpu, va, rw, &qid, NULL));

	pid = fork();
	ASSERT_LE(0, pid);
	if (!pid) {
		int fd = open(KFD_PATH, O_RDWR), bad = 0, i, g;
		uint32_t ev_guess[] = { eid, 0, 1, 2, 3, 4, 5, 4095, 4096,
					0x40000000, 0x40000001, 0x7fffffff };
		struct kfd_ioctl_wait_events_args w = { 0 };
		struct kfd_event_data ed = { 0 };
		void *m;

		if (fd < 0)
			_exit(100);
		/* Bound to every GPU: unbound ones would fail earlier. */
		for (g = 0; g < self->n; g++)
			if (kfd_acquire_vm(fd, self->ids[g]))
				_exit(100);
		/* The parent's own values, then guesses. */
		err = free_bo(fd, bo);
		if (err != EINVAL)
			bad |= 1, note("FREE", err);
		err = map_bo(fd, bo, self->gpu, false);
		if (err != ENOMEM)
			bad |= 2, note("MAP", err);
		err = map_bo(fd, bo, self->gpu, true);
		if (err != ENOMEM)
			bad |= 2, note("UNMAP", err);
		err = destroy_queue(fd, qid);
		if (err != EINVAL)
			bad |= 4, note("DESTROY_QUEUE", err);
		for (i = 0; i < (int)(sizeof(ev_guess) / 4); i++) {
			err = set_event(fd, ev_guess[i]);
			if (err != EINVAL)
				bad |= 8, note("SET_EVENT", err);
		}
		for (g = 0; g < self->n; g++) {
			for (i = 0; i < 64; i++) {
				uint64_t h = ((uint64_t)self->ids[g] << 32) | i;

				err = free_bo(fd, h);
				if (err != EINVAL)
					bad |= 16, note("FREE guess", err);
				err = map_bo(fd, h, self->ids[g], false);
				if (err != ENOMEM)
					bad |= 16, note("MAP guess", err);
			}
		}
		for (i = 0; i < 1024; i++)
			if (destroy_queue(fd, i) != EINVAL)
				bad |= 32;
		/* Waiting on the parent's event id is waiting on nothing. */
		ed.event_id = eid;
		w.events_ptr = (uintptr_t)&ed;
		w.num_events = 1;
		w.timeout = 0;
		err = kfd_ioctl(fd, AMDKFD_IOC_WAIT_EVENTS, &w);
		if (err != EINVAL)
			bad |= 64;
		/* Nor is the parent's buffer reachable through mmap. */
		m = mmap(NULL, PAGE, PROT_READ, MAP_SHARED,
			 kfd_vm_fd(self->gpu), off);
		if (m != MAP_FAILED)
			bad |= 128;
		_exit(bad);
	}
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	ASSERT_TRUE(WIFEXITED(status));
	EXPECT_EQ(0, WEXITSTATUS(status)) {
		TH_LOG("child: 1 FREE, 2 MAP/UNMAP, 4 DESTROY_QUEUE, 8 SET_EVENT, 16 guessed handle, 32 guessed queue, 64 WAIT_EVENTS, 128 mmap: not rejected (100: setup)");
	}

	/* The parent's objects are intact and its own. */
	EXPECT_EQ(0, set_event(self->fd, eid));
	/* With a queue, XNACK mode can be read but not set (Linux: -EBUSY). */
	xn.xnack_enabled = -1;
	EXPECT_EQ(0, kfd_ioctl(self->fd, AMDKFD_IOC_SET_XNACK_MODE, &xn));
	EXPECT_EQ(0, xn.xnack_enabled);
	EXPECT_EQ(EBUSY, kfd_ioctl(self->fd, AMDKFD_IOC_SET_XNACK_MODE, &xn));
	EXPECT_EQ(0, destroy_queue(self->fd, qid));
	EXPECT_EQ(0, map_bo(self->fd, bo, self->gpu, true));
	EXPECT_EQ(0, free_bo(self->fd, bo));
	/* Gone now: the same errnos as the child got. */
	EXPECT_EQ(EINVAL, free_bo(self->fd, bo));
	EXPECT_EQ(EINVAL, destroy_queue(self->fd, qid));
	free(rw);
}

/* Two opens in one process are one KFD process. */
TEST_F(proc, two_opens_share_state)
{
	struct kfd_ioctl_wait_events_args w = { 0 };
	struct kfd_event_data ed = { 0 };
	long long before = gcnkfd_counter("processes");
	int fd2 = open(KFD_PATH, O_RDWR | O_CLOEXEC);
	uint64_t bo, va;
	uint32_t eid;

	ASSERT_LE(0, fd2);
	ON_MODULE(EXPECT_EQ(before, gcnkfd_counter("processes")));

	STEP(create_event(self->fd, &eid, NULL));
	EXPECT_EQ(0, set_event(fd2, eid));
	ed.event_id = eid;
	w.events_ptr = (uintptr_t)&ed;
	w.num_events = 1;
	w.wait_for_all = 1;
	w.timeout = 0;
	EXPECT_EQ(0, kfd_ioctl(fd2, AMDKFD_IOC_WAIT_EVENTS, &w));
	EXPECT_EQ(KFD_IOC_WAIT_RESULT_COMPLETE, w.wait_result);

	/* The VM acquired through fd is bound for fd2's calls too. */
	va = reserve_va(PAGE);
	STEP(alloc_bo(fd2, self->gpu, va, PAGE,
		      KFD_IOC_ALLOC_MEM_FLAGS_GTT |
		      KFD_IOC_ALLOC_MEM_FLAGS_WRITABLE, 0, &bo, NULL));
	EXPECT_EQ(0, free_bo(self->fd, bo));

	/* Closing one file keeps the process. */
	close(fd2);
	ON_MODULE(EXPECT_EQ(before, gcnkfd_counter("processes")));
	EXPECT_EQ(0, set_event(self->fd, eid));
}

enum child_mode { CHILD_KILL, CHILD_CLOSE, CHILD_EXIT };

/*
 * A child holding buffers of every kind, a queue, events and mappings;
 * reports each step's errno to the parent through the pipe (-1: done).
 */
static void busy_child(int wfd, int gofd, uint32_t gpu, enum child_mode mode)
{
	uint64_t h_gtt = 0, h_vram = 0, h_user = 0, h_db, off_gtt = 0, off_db;
	uint64_t evoff = 0, dbo = 0;
	uint64_t va_gtt, va_vram, *rw;
	int fd, err[8] = { 0 }, i;
	uint32_t qid, eid[4] = { 0 };
	void *user, *m;

	fd = open(KFD_PATH, O_RDWR);
	if (fd < 0)
		_exit(100);
	err[0] = kfd_acquire_vm(fd, gpu);
	va_gtt = reserve_va(2 * PAGE);
	va_vram = reserve_va(64 * PAGE);
	user = mmap(NULL, 16 * PAGE, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
	rw = calloc(2, sizeof(*rw));
	if (!err[0])
		err[1] = alloc_bo(fd, gpu, va_gtt, 2 * PAGE,
				  KFD_IOC_ALLOC_MEM_FLAGS_GTT |
				  KFD_IOC_ALLOC_MEM_FLAGS_WRITABLE, 0, &h_gtt,
				  &off_gtt);
	if (!err[1])
		err[2] = alloc_bo(fd, gpu, va_vram, 64 * PAGE,
				  KFD_IOC_ALLOC_MEM_FLAGS_VRAM |
				  KFD_IOC_ALLOC_MEM_FLAGS_WRITABLE, 0, &h_vram,
				  NULL);
	if (!err[2])
		err[3] = alloc_bo(fd, gpu, (uintptr_t)user, 16 * PAGE,
				  KFD_IOC_ALLOC_MEM_FLAGS_USERPTR |
				  KFD_IOC_ALLOC_MEM_FLAGS_WRITABLE,
				  (uintptr_t)user, &h_user, NULL);
	if (!err[3]) {
		err[4] = map_bo(fd, h_gtt, gpu, false);
		if (!err[4])
			err[4] = map_bo(fd, h_vram, gpu, false);
		if (!err[4])
			err[4] = map_bo(fd, h_user, gpu, false);
	}
	if (!err[4]) {
		m = mmap(NULL, 2 * PAGE, PROT_READ | PROT_WRITE, MAP_SHARED,
			 kfd_vm_fd(gpu), off_gtt);
		err[5] = m == MAP_FAILED ? errno : 0;
		if (!err[5])
			memset(m, 0x5a, 2 * PAGE);
	}
	if (!err[5])
		err[6] = create_queue(fd, gpu, va_gtt, rw, &qid, &dbo);
	if (!err[6]) {
		m = mmap(NULL, 2 * PAGE, PROT_READ | PROT_WRITE, MAP_SHARED,
			 fd, dbo);
		err[6] = m == MAP_FAILED ? errno : 0;
	}
	if (!err[6]) {
		for (i = 0; i < 4 && !err[7]; i++)
			err[7] = create_event(fd, &eid[i], &evoff);
		if (!err[7]) {
			m = mmap(NULL, EVENT_PAGE_BYTES, PROT_READ |
				 PROT_WRITE, MAP_SHARED, fd, evoff);
			err[7] = m == MAP_FAILED ? errno : 0;
		}
	}
	/* A doorbell buffer too, as the runtime allocates one per GPU. */
	if (!err[7] && !alloc_bo(fd, gpu, reserve_va(2 * PAGE), 2 * PAGE,
				 KFD_IOC_ALLOC_MEM_FLAGS_DOORBELL,
				 (3ull << 62) | ((uint64_t)gpu << 46), &h_db,
				 &off_db))
		map_bo(fd, h_db, gpu, false);

	if (write(wfd, err, sizeof(err)) != sizeof(err))
		_exit(101);
	for (i = 0; i < 8; i++)
		if (err[i])
			_exit(0);
	/* Hold everything until the parent has seen it in the counters. */
	if (mode != CHILD_KILL && read(gofd, &i, 1) != 1)
		_exit(103);
	switch (mode) {
	case CHILD_KILL:
		/* Mid-use until killed. */
		for (;;) {
			struct kfd_ioctl_get_clock_counters_args c = {
				.gpu_id = gpu,
			};

			set_event(fd, eid[0]);
			kfd_ioctl(fd, AMDKFD_IOC_GET_CLOCK_COUNTERS, &c);
		}
	case CHILD_CLOSE:
		/* Mappings hold the file too: unmap is part of closing. */
		close(fd);
		_exit(0);
	case CHILD_EXIT:
		_exit(0);
	}
}

static void run_cleanup(struct __test_metadata *_metadata,
			FIXTURE_DATA(proc) * self, enum child_mode mode)
{
	static const char *const steps[] = {
		"ACQUIRE_VM", "ALLOC GTT", "ALLOC VRAM", "ALLOC USERPTR",
		"MAP_MEMORY_TO_GPU", "mmap GTT", "CREATE_QUEUE/doorbell mmap",
		"CREATE_EVENT/event page mmap",
	};
	long long base[GCNKFD_NCOUNTERS], now[GCNKFD_NCOUNTERS];
	int pfd[2], go[2], err[8] = { 0 }, status, i;
	pid_t pid;

	gcnkfd_read_counters(base);
	ASSERT_LE(0, base[0]) TH_LOG("no %s", GCNKFD_COUNTERS);
	ASSERT_EQ(0, pipe(pfd));
	ASSERT_EQ(0, pipe(go));
	pid = fork();
	ASSERT_LE(0, pid);
	if (!pid) {
		close(pfd[0]);
		close(go[1]);
		busy_child(pfd[1], go[0], self->gpu, mode);
		_exit(102);
	}
	close(pfd[1]);
	close(go[0]);
	ASSERT_EQ(sizeof(err), read(pfd[0], err, sizeof(err))) {
		kill(pid, SIGKILL);
		waitpid(pid, NULL, 0);
	}
	close(pfd[0]);
	for (i = 0; i < 8; i++) {
		EXPECT_EQ(0, err[i]) TH_LOG("child %s: %s", steps[i & 7],
					    strerror(err[i & 7]));
	}
	if (!err[7]) {
		/* What the child holds shows in the counters. */
		gcnkfd_read_counters(now);
		EXPECT_EQ(base[0] + 1, now[0]);
		EXPECT_LE(base[1] + 3, now[1]);
		EXPECT_EQ(base[2] + 1, now[2]);
		EXPECT_EQ(base[3] + 4, now[3]);
		EXPECT_LE(base[4] + 2 + 64, now[4]);
		EXPECT_EQ(base[5] + 16, now[5]);
	}
	if (mode == CHILD_KILL)
		kill(pid, SIGKILL);
	/* Let a waiting child go on; one that is gone makes this EPIPE. */
	signal(SIGPIPE, SIG_IGN);
	if (write(go[1], "g", 1) != 1 && mode != CHILD_KILL)
		TH_LOG("child gone early: %s", strerror(errno));
	close(go[1]);
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	if (mode == CHILD_KILL) {
		EXPECT_TRUE(WIFSIGNALED(status) &&
			    WTERMSIG(status) == SIGKILL);
	} else {
		EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	}

	EXPECT_EQ(0, gcnkfd_wait_counters(base, now, 3000)) {
		for (i = 0; i < (int)GCNKFD_NCOUNTERS; i++)
			TH_LOG("%s: %lld before, %lld after",
			       gcnkfd_counter_names[i], base[i], now[i]);
	}
	/* This process's state is untouched. */
	EXPECT_EQ(self->gpu, kfd_first_gpu(self->fd));
}

TEST_F(proc, cleanup_after_sigkill)
{
	SKIP_UNLESS_MODULE("needs a second process (the emulated KFD lives in this one)");

	run_cleanup(_metadata, self, CHILD_KILL);
}

TEST_F(proc, cleanup_after_close)
{
	SKIP_UNLESS_MODULE("needs a second process (the emulated KFD lives in this one)");

	run_cleanup(_metadata, self, CHILD_CLOSE);
}

TEST_F(proc, cleanup_after_exit_without_close)
{
	SKIP_UNLESS_MODULE("needs a second process (the emulated KFD lives in this one)");

	run_cleanup(_metadata, self, CHILD_EXIT);
}

/* The fixture's process itself: all back to the idle values on close. */
TEST(last_close_releases_everything)
{
	long long base[GCNKFD_NCOUNTERS], now[GCNKFD_NCOUNTERS];
	uint32_t gpu, eid;
	uint64_t bo;
	int fd, fd2;

	gcnkfd_read_counters(base);
	fd = open(KFD_PATH, O_RDWR | O_CLOEXEC);
	ASSERT_LE(0, fd);
	gpu = kfd_first_gpu(fd);
	ASSERT_NE(0, gpu);
	ASSERT_EQ(0, kfd_acquire_vm(fd, gpu));
	STEP(alloc_bo(fd, gpu, reserve_va(PAGE), PAGE,
		      KFD_IOC_ALLOC_MEM_FLAGS_GTT, 0, &bo, NULL));
	STEP(create_event(fd, &eid, NULL));
	fd2 = dup(fd);
	close(fd);
	/* A dup still holds the file: the event is alive. */
	EXPECT_EQ(0, set_event(fd2, eid));
	kfd_close_process(fd2);
	EXPECT_EQ(0, gcnkfd_wait_counters(base, now, 3000)) {
		TH_LOG("processes %lld buffers %lld events %lld", now[0],
		       now[1], now[3]);
	}
}

/*
 * A file that outlives the process that opened it (held by a grandchild
 * that inherited it) must not be mistaken for a later process's: Linux
 * drops a process from its table when the mm goes, so a new process with
 * its own mm always gets its own KFD process, even if the kernel reuses
 * the old mm's memory for the new one.
 */
TEST(orphaned_file_does_not_capture_new_process)
{
	int round, bad = 0, status;

	SKIP_UNLESS_MODULE("needs a second process (the emulated KFD lives in this one)");

	for (round = 0; round < 20; round++) {
		int pfd[2];
		pid_t a, b = -1, c;

		ASSERT_EQ(0, pipe(pfd));
		a = fork();
		ASSERT_LE(0, a);
		if (!a) {
			int fd = open(KFD_PATH, O_RDWR);
			pid_t holder;

			if (fd < 0)
				_exit(1);
			holder = fork();
			if (!holder) {
				/* Keeps the file open; its mm is its own. */
				pause();
				_exit(0);
			}
			if (write(pfd[1], &holder, sizeof(holder)) < 0)
				_exit(2);
			_exit(0);
		}
		ASSERT_EQ(sizeof(b), read(pfd[0], &b, sizeof(b)));
		ASSERT_EQ(a, waitpid(a, &status, 0));
		close(pfd[0]);
		close(pfd[1]);

		c = fork();
		ASSERT_LE(0, c);
		if (!c) {
			struct kfd_ioctl_get_version_args v = { 0 };
			int fd = open(KFD_PATH, O_RDWR);

			_exit(fd < 0 ? 1 :
			      kfd_ioctl(fd, AMDKFD_IOC_GET_VERSION, &v));
		}
		ASSERT_EQ(c, waitpid(c, &status, 0));
		if (!WIFEXITED(status) || WEXITSTATUS(status)) {
			bad++;
			TH_LOG("round %d: new process got %s", round,
			       strerror(WEXITSTATUS(status)));
		}
		kill(b, SIGKILL);
		/* b is a's child, reparented: reaped by init, not us. */
	}
	EXPECT_EQ(0, bad);
}

TEST_HARNESS_MAIN
