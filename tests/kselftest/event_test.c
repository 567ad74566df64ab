// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Events: CREATE/DESTROY/SET/RESET_EVENT, WAIT_EVENTS and the signal page,
 * checked against what Linux 6.1's amdkfd gives (kfd_events.c and the
 * event ioctls of kfd_chardev.c): signal and debug events take slot ids
 * from 1 up, other events ids from (INT_MAX >> 1) + 1; the kernel's event
 * page holds 256 usable slots until it is mmapped and KFD_SIGNAL_EVENT_LIMIT
 * (less the reserved slot 0) after; only signal events are set or reset
 * from user space; a wait reports COMPLETE, TIMEOUT or FAIL, is cut short
 * by signals and fails with EIO when its event is destroyed. Times are
 * checked against CLOCK_MONOTONIC, page contents through a second mapping.
 * Run with the module loaded with num_gpus=2.
 */
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "gcnkfd_test.h"
#include "kselftest_harness.h"

#define FIRST_NONSIGNAL_ID ((uint32_t)(INT_MAX >> 1) + 1)
#define MMAP_TYPE_EVENTS (2ULL << 62)
#define EVENT_PAGE_BYTES (KFD_SIGNAL_EVENT_LIMIT * 8)
#define UNSIGNALED_SLOT (~0ULL)
#define TIMEOUT_INFINITE 0xffffffffu

static int create_event(int fd, uint32_t type, int auto_reset,
			struct kfd_ioctl_create_event_args *out)
{
	struct kfd_ioctl_create_event_args a = {
		.event_type = type,
		.auto_reset = auto_reset,
	};
	int err = kfd_ioctl(fd, AMDKFD_IOC_CREATE_EVENT, &a);

	if (out)
		*out = a;
	return err;
}

/* The new event's id, or 0 when creation failed. */
static uint32_t new_event(int fd, uint32_t type, int auto_reset)
{
	struct kfd_ioctl_create_event_args a;

	return create_event(fd, type, auto_reset, &a) ? 0 : a.event_id;
}

static int destroy_event(int fd, uint32_t id)
{
	struct kfd_ioctl_destroy_event_args a = { .event_id = id };

	return kfd_ioctl(fd, AMDKFD_IOC_DESTROY_EVENT, &a);
}

static int set_event(int fd, uint32_t id)
{
	struct kfd_ioctl_set_event_args a = { .event_id = id };

	return kfd_ioctl(fd, AMDKFD_IOC_SET_EVENT, &a);
}

static int reset_event(int fd, uint32_t id)
{
	struct kfd_ioctl_reset_event_args a = { .event_id = id };

	return kfd_ioctl(fd, AMDKFD_IOC_RESET_EVENT, &a);
}

/*
 * WAIT_EVENTS on n ids; returns the errno and stores wait_result (poisoned
 * first so that a call that leaves it alone is seen).
 */
static int wait_events(int fd, const uint32_t *ids, uint32_t n, int all,
		       uint32_t timeout_ms, uint32_t *result)
{
	struct kfd_event_data data[16];
	struct kfd_ioctl_wait_events_args a = {
		.events_ptr = (uintptr_t)data,
		.num_events = n,
		.wait_for_all = all,
		.timeout = timeout_ms,
		.wait_result = 0xdead,
	};
	uint32_t i;
	int err;

	memset(data, 0, sizeof(data));
	for (i = 0; i < n && i < 16; i++)
		data[i].event_id = ids[i];
	err = kfd_ioctl(fd, AMDKFD_IOC_WAIT_EVENTS, &a);
	*result = a.wait_result;
	return err;
}

/*
 * WAIT_EVENTS on one event passing an age (Linux 6.5's signal event data,
 * the first 8 bytes of kfd_event_data); *age is what the call left there.
 */
static int wait_aged(int fd, uint32_t id, uint64_t *age, uint32_t timeout_ms,
		     uint32_t *result)
{
	struct kfd_event_data data;
	struct kfd_ioctl_wait_events_args a = {
		.events_ptr = (uintptr_t)&data,
		.num_events = 1,
		.timeout = timeout_ms,
		.wait_result = 0xdead,
	};
	int err;

	memset(&data, 0, sizeof(data));
	data.event_id = id;
	memcpy(&data, age, sizeof(*age));
	err = kfd_ioctl(fd, AMDKFD_IOC_WAIT_EVENTS, &a);
	memcpy(age, &data, sizeof(*age));
	*result = a.wait_result;
	return err;
}

static double now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static void sleep_ms(unsigned int ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
}

FIXTURE(events)
{
	int fd;
	uint32_t gpus[GCNKFD_MAX_TEST_GPUS];
	int num_gpus;
};

FIXTURE_SETUP(events)
{
	/* Each test runs in its own process: its own events and page. */
	self->fd = open(KFD_PATH, O_RDWR | O_CLOEXEC);
	ASSERT_LE(0, self->fd) {
		TH_LOG("open %s: %s", KFD_PATH, strerror(errno));
	}
	self->num_gpus = kfd_gpu_ids(self->fd, self->gpus,
				     GCNKFD_MAX_TEST_GPUS);
	ASSERT_LE(1, self->num_gpus);
}

FIXTURE_TEARDOWN(events)
{
	if (self->fd >= 0)
		close(self->fd);
}

TEST_F(events, each_type_gets_linux_ids)
{
	static const uint32_t other[] = {
		KFD_IOC_EVENT_NODECHANGE, KFD_IOC_EVENT_DEVICESTATECHANGE,
		KFD_IOC_EVENT_HW_EXCEPTION, KFD_IOC_EVENT_SYSTEM_EVENT,
		KFD_IOC_EVENT_PROFILE_EVENT, KFD_IOC_EVENT_QUEUE_EVENT,
		KFD_IOC_EVENT_MEMORY,
	};
	struct kfd_ioctl_create_event_args a;
	long long before = gcnkfd_counter("events");
	unsigned int i;

	ON_MODULE(ASSERT_LE(0, before));

	/* Signal and debug events share the slot ids, 0 being reserved. */
	ASSERT_EQ(0, create_event(self->fd, KFD_IOC_EVENT_SIGNAL, 0, &a));
	EXPECT_EQ(1, a.event_id);
	EXPECT_EQ(1, a.event_slot_index);
	EXPECT_EQ(1, a.event_trigger_data);
	EXPECT_EQ(MMAP_TYPE_EVENTS, a.event_page_offset);
	ASSERT_EQ(0, create_event(self->fd, KFD_IOC_EVENT_DEBUG_EVENT, 0, &a));
	EXPECT_EQ(2, a.event_id);
	EXPECT_EQ(2, a.event_slot_index);
	EXPECT_EQ(MMAP_TYPE_EVENTS, a.event_page_offset);

	/* The others count up from the first non-signal id, no page. */
	for (i = 0; i < ARRAY_SIZE(other); i++) {
		a = (struct kfd_ioctl_create_event_args){
			.event_type = other[i],
			.event_page_offset = 0,
			.event_slot_index = 0x5a5a,
		};
		ASSERT_EQ(0, kfd_ioctl(self->fd, AMDKFD_IOC_CREATE_EVENT, &a));
		EXPECT_EQ(FIRST_NONSIGNAL_ID + i, a.event_id);
		EXPECT_EQ(a.event_id, a.event_trigger_data);
		EXPECT_EQ(0, a.event_page_offset);
		/* Linux leaves the slot index of non-signal events alone. */
		EXPECT_EQ(0x5a5a, a.event_slot_index);
	}
	ON_MODULE(EXPECT_EQ(before + 2 + i, gcnkfd_counter("events")));

	/* A freed id is handed out again, the lowest first. */
	EXPECT_EQ(0, destroy_event(self->fd, 1));
	EXPECT_EQ(EINVAL, destroy_event(self->fd, 1));
	EXPECT_EQ(1, new_event(self->fd, KFD_IOC_EVENT_SIGNAL, 0));
	EXPECT_EQ(3, new_event(self->fd, KFD_IOC_EVENT_SIGNAL, 0));
	EXPECT_EQ(0, destroy_event(self->fd, FIRST_NONSIGNAL_ID));
	EXPECT_EQ(FIRST_NONSIGNAL_ID,
		  new_event(self->fd, KFD_IOC_EVENT_MEMORY, 0));
	ON_MODULE(EXPECT_EQ(before + 3 + i, gcnkfd_counter("events")));
}

TEST_F(events, kernel_page_mmap)
{
	struct kfd_ioctl_create_event_args a;
	volatile uint64_t *slots, *again;
	void *m;

	/* No page before the first signal event. */
	m = mmap(NULL, EVENT_PAGE_BYTES, PROT_READ | PROT_WRITE, MAP_SHARED,
		 self->fd, MMAP_TYPE_EVENTS);
	EXPECT_EQ(MAP_FAILED, m);
	EXPECT_EQ(EINVAL, errno);

	ASSERT_EQ(0, create_event(self->fd, KFD_IOC_EVENT_SIGNAL, 0, &a));
	ASSERT_EQ(MMAP_TYPE_EVENTS, a.event_page_offset);

	/* More than the page set is refused. */
	m = mmap(NULL, EVENT_PAGE_BYTES * 2, PROT_READ | PROT_WRITE,
		 MAP_SHARED, self->fd, a.event_page_offset);
	EXPECT_EQ(MAP_FAILED, m);
	EXPECT_EQ(EINVAL, errno);

	m = mmap(NULL, EVENT_PAGE_BYTES, PROT_READ | PROT_WRITE, MAP_SHARED,
		 self->fd, a.event_page_offset);
	ASSERT_NE(MAP_FAILED, m) {
		TH_LOG("mmap event page: %s", strerror(errno));
	}
	slots = m;

	/* The kernel starts every slot unsignaled, the last page too. */
	EXPECT_EQ(UNSIGNALED_SLOT, slots[a.event_slot_index]);
	EXPECT_EQ(UNSIGNALED_SLOT, slots[KFD_SIGNAL_EVENT_LIMIT - 1]);

	/*
	 * Both sides see one memory: what user space writes in slot 2 the
	 * kernel overwrites when it gives slot 2 to a new event.
	 */
	slots[2] = 0x1234;
	slots[KFD_SIGNAL_EVENT_LIMIT - 1] = 7;
	ASSERT_EQ(0, create_event(self->fd, KFD_IOC_EVENT_SIGNAL, 0, &a));
	ASSERT_EQ(2, a.event_slot_index);
	EXPECT_EQ(UNSIGNALED_SLOT, slots[2]);
	EXPECT_EQ(7, slots[KFD_SIGNAL_EVENT_LIMIT - 1]);

	/* A second mapping shows the same slots. */
	again = mmap(NULL, EVENT_PAGE_BYTES, PROT_READ, MAP_SHARED, self->fd,
		     MMAP_TYPE_EVENTS);
	ASSERT_NE(MAP_FAILED, (void *)again);
	EXPECT_EQ(7, again[KFD_SIGNAL_EVENT_LIMIT - 1]);
	EXPECT_EQ(UNSIGNALED_SLOT, again[2]);
	munmap((void *)again, EVENT_PAGE_BYTES);
	munmap(m, EVENT_PAGE_BYTES);
}

TEST_F(events, set_reset_wait_any_all)
{
	uint32_t ids[2], r;

	ids[0] = new_event(self->fd, KFD_IOC_EVENT_SIGNAL, 0);
	ids[1] = new_event(self->fd, KFD_IOC_EVENT_SIGNAL, 0);
	ASSERT_NE(0, ids[0]);
	ASSERT_NE(0, ids[1]);

	/* New events are not signaled. */
	EXPECT_EQ(0, wait_events(self->fd, ids, 2, 0, 0, &r));
	EXPECT_EQ(KFD_IOC_WAIT_RESULT_TIMEOUT, r);

	ASSERT_EQ(0, set_event(self->fd, ids[0]));
	EXPECT_EQ(0, wait_events(self->fd, ids, 2, 0, 0, &r));
	EXPECT_EQ(KFD_IOC_WAIT_RESULT_COMPLETE, r);
	EXPECT_EQ(0, wait_events(self->fd, ids, 2, 1, 0, &r));
	EXPECT_EQ(KFD_IOC_WAIT_RESULT_TIMEOUT, r);

	/* A manual-reset event stays signaled across waits. */
	ASSERT_EQ(0, set_event(self->fd, ids[1]));
	EXPECT_EQ(0, wait_events(self->fd, ids, 2, 1, 0, &r));
	EXPECT_EQ(KFD_IOC_WAIT_RESULT_COMPLETE, r);
	EXPECT_EQ(0, wait_events(self->fd, ids, 2, 1, 0, &r));
	EXPECT_EQ(KFD_IOC_WAIT_RESULT_COMPLETE, r);

	ASSERT_EQ(0, reset_event(self->fd, ids[0]));
	EXPECT_EQ(0, wait_events(self->fd, ids, 2, 1, 0, &r));
	EXPECT_EQ(KFD_IOC_WAIT_RESULT_TIMEOUT, r);
	EXPECT_EQ(0, wait_events(self->fd, &ids[0], 1, 0, 0, &r));
	EXPECT_EQ(KFD_IOC_WAIT_RESULT_TIMEOUT, r);
	EXPECT_EQ(0, wait_events(self->fd, &ids[1], 1, 0, 0, &r));
	EXPECT_EQ(KFD_IOC_WAIT_RESULT_COMPLETE, r);

	/* Setting twice is still one state; resetting twice is harmless. */
	EXPECT_EQ(0, set_event(self->fd, ids[0]));
	EXPECT_EQ(0, set_event(self->fd, ids[0]));
	EXPECT_EQ(0, reset_event(self->fd, ids[0]));
	EXPECT_EQ(0, reset_event(self->fd, ids[0]));
	EXPECT_EQ(0, wait_events(self->fd, &ids[0], 1, 0, 0, &r));
	EXPECT_EQ(KFD_IOC_WAIT_RESULT_TIMEOUT, r);

	/* No events at all: Linux reports COMPLETE at once. */
	EXPECT_EQ(0, wait_events(self->fd, ids, 0, 0, 1000, &r));
	EXPECT_EQ(KFD_IOC_WAIT_RESULT_COMPLETE, r);
}

TEST_F(events, wait_timeouts)
{
	uint32_t id = new_event(self->fd, KFD_IOC_EVENT_SIGNAL, 0), r;
	uint32_t ids[2];
	double t0, dt;

	ASSERT_NE(0, id);

	/* Timeout 0 polls. */
	t0 = now_ms();
	EXPECT_EQ(0, wait_events(self->fd, &id, 1, 0, 0, &r));
	dt = now_ms() - t0;
	EXPECT_EQ(KFD_IOC_WAIT_RESULT_TIMEOUT, r);
	EXPECT_GT(45.0, dt) {
		TH_LOG("a polling wait took %.1f ms", dt);
	}

	/* A timed wait lasts at least its timeout, not much more. */
	t0 = now_ms();
	EXPECT_EQ(0, wait_events(self->fd, &id, 1, 0, 50, &r));
	dt = now_ms() - t0;
	EXPECT_EQ(KFD_IOC_WAIT_RESULT_TIMEOUT, r);
	EXPECT_LE(50.0, dt);
	EXPECT_GT(2000.0, dt) {
		TH_LOG("a 50 ms wait took %.1f ms", dt);
	}

	/* Wait-all times out the same way when one is missing. */
	ids[0] = id;
	ids[1] = new_event(self->fd, KFD_IOC_EVENT_SIGNAL, 0);
	ASSERT_NE(0, ids[1]);
	ASSERT_EQ(0, set_event(self->fd, ids[0]));
	t0 = now_ms();
	EXPECT_EQ(0, wait_events(self->fd, ids, 2, 1, 50, &r));
	dt = now_ms() - t0;
	EXPECT_EQ(KFD_IOC_WAIT_RESULT_TIMEOUT, r);
	EXPECT_LE(50.0, dt);

	/* A signaled event returns at once whatever the timeout. */
	t0 = now_ms();
	EXPECT_EQ(0, wait_events(self->fd, &id, 1, 0, TIMEOUT_INFINITE, &r));
	EXPECT_EQ(KFD_IOC_WAIT_RESULT_COMPLETE, r);
	EXPECT_GT(45.0, now_ms() - t0);
}

struct delayed_op {
	int fd;
	uint32_t id;
	unsigned int delay_ms;
	int destroy;		/* destroy instead of set */
	int err;
};

static void *delayed_op_thread(void *arg)
{
	struct delayed_op *op = arg;

	sleep_ms(op->delay_ms);
	op->err = op->destroy ? destroy_event(op->fd, op->id) :
				set_event(op->fd, op->id);
	return NULL;
}

TEST_F(events, set_from_another_thread_wakes_waiter)
{
	struct delayed_op op = { .fd = self->fd, .delay_ms = 100 };
	uint32_t ids[2], r;
	pthread_t t;
	double t0, dt;

	ids[0] = new_event(self->fd, KFD_IOC_EVENT_SIGNAL, 0);
	ids[1] = new_event(self->fd, KFD_IOC_EVENT_SIGNAL, 0);
	ASSERT_NE(0, ids[1]);

	/* Infinite wait on any: the set of the second event ends it. */
	op.id = ids[1];
	ASSERT_EQ(0, pthread_create(&t, NULL, delayed_op_thread, &op));
	t0 = now_ms();
	EXPECT_EQ(0, wait_events(self->fd, ids, 2, 0, TIMEOUT_INFINITE, &r));
	dt = now_ms() - t0;
	pthread_join(t, NULL);
	EXPECT_EQ(0, op.err);
	EXPECT_EQ(KFD_IOC_WAIT_RESULT_COMPLETE, r);
	EXPECT_LE(90.0, dt);
	EXPECT_GT(5000.0, dt);

	/* Wait-all with a long timeout: the last missing one ends it early. */
	ASSERT_EQ(0, set_event(self->fd, ids[1]));
	op.id = ids[0];
	ASSERT_EQ(0, pthread_create(&t, NULL, delayed_op_thread, &op));
	t0 = now_ms();
	EXPECT_EQ(0, wait_events(self->fd, ids, 2, 1, 10000, &r));
	dt = now_ms() - t0;
	pthread_join(t, NULL);
	EXPECT_EQ(KFD_IOC_WAIT_RESULT_COMPLETE, r);
	EXPECT_LE(90.0, dt);
	EXPECT_GT(5000.0, dt);
}

TEST_F(events, auto_reset_is_consumed_by_a_wait)
{
	struct delayed_op op = { .fd = self->fd, .delay_ms = 100 };
	uint32_t id = new_event(self->fd, KFD_IOC_EVENT_SIGNAL, 1), r;
	pthread_t t;

	ASSERT_NE(0, id);

	/* Set with nobody waiting: it stays set until one wait takes it. */
	ASSERT_EQ(0, set_event(self->fd, id));
	ASSERT_EQ(0, set_event(self->fd, id));
	EXPECT_EQ(0, wait_events(self->fd, &id, 1, 0, 0, &r));
	EXPECT_EQ(KFD_IOC_WAIT_RESULT_COMPLETE, r);
	EXPECT_EQ(0, wait_events(self->fd, &id, 1, 0, 0, &r));
	EXPECT_EQ(KFD_IOC_WAIT_RESULT_TIMEOUT, r);

	/* Set while a waiter sleeps: the waiter takes it, none is left. */
	op.id = id;
	ASSERT_EQ(0, pthread_create(&t, NULL, delayed_op_thread, &op));
	EXPECT_EQ(0, wait_events(self->fd, &id, 1, 0, 5000, &r));
	pthread_join(t, NULL);
	EXPECT_EQ(KFD_IOC_WAIT_RESULT_COMPLETE, r);
	EXPECT_EQ(0, wait_events(self->fd, &id, 1, 0, 0, &r));
	EXPECT_EQ(KFD_IOC_WAIT_RESULT_TIMEOUT, r);

	/* RESET clears a pending auto-reset set. */
	ASSERT_EQ(0, set_event(self->fd, id));
	ASSERT_EQ(0, reset_event(self->fd, id));
	EXPECT_EQ(0, wait_events(self->fd, &id, 1, 0, 0, &r));
	EXPECT_EQ(KFD_IOC_WAIT_RESULT_TIMEOUT, r);
}

/*
 * Event ages: a SET that another waiter took is still seen by a waiter
 * that names the age it saw before it; age 0 keeps Linux 6.1's rule.
 */
TEST_F(events, age_reveals_a_set_another_wait_took)
{
	uint32_t id = new_event(self->fd, KFD_IOC_EVENT_SIGNAL, 1), r;
	uint64_t age = 1;

	ASSERT_NE(0, id);
	/* A new event is at age 1: nothing to see, and the age stays. */
	EXPECT_EQ(0, wait_aged(self->fd, id, &age, 0, &r));
	EXPECT_EQ(KFD_IOC_WAIT_RESULT_TIMEOUT, r);
	EXPECT_EQ(1, age);

	/* An untracked wait (age 0) takes the set... */
	ASSERT_EQ(0, set_event(self->fd, id));
	EXPECT_EQ(0, wait_events(self->fd, &id, 1, 0, 0, &r));
	EXPECT_EQ(KFD_IOC_WAIT_RESULT_COMPLETE, r);
	EXPECT_EQ(0, wait_events(self->fd, &id, 1, 0, 0, &r));
	EXPECT_EQ(KFD_IOC_WAIT_RESULT_TIMEOUT, r);

	/* ...yet a waiter that saw age 1 completes and learns age 2. */
	age = 1;
	EXPECT_EQ(0, wait_aged(self->fd, id, &age, 5000, &r));
	EXPECT_EQ(KFD_IOC_WAIT_RESULT_COMPLETE, r);
	EXPECT_EQ(2, age);
	/* Up to date, it waits as before: until the timeout... */
	EXPECT_EQ(0, wait_aged(self->fd, id, &age, 20, &r));
	EXPECT_EQ(KFD_IOC_WAIT_RESULT_TIMEOUT, r);
	EXPECT_EQ(2, age);
	/* ...or the next set, while it sleeps or before it comes. */
	ASSERT_EQ(0, set_event(self->fd, id));
	ASSERT_EQ(0, reset_event(self->fd, id));
	EXPECT_EQ(0, wait_aged(self->fd, id, &age, 5000, &r));
	EXPECT_EQ(KFD_IOC_WAIT_RESULT_COMPLETE, r);
	EXPECT_EQ(3, age);
}

TEST_F(events, age_is_only_for_signal_events)
{
	uint32_t id = new_event(self->fd, KFD_IOC_EVENT_NODECHANGE, 1), r;
	uint64_t age = 77;

	ASSERT_NE(0, id);
	/* The same bytes are memory exception data for other events. */
	EXPECT_EQ(0, wait_aged(self->fd, id, &age, 0, &r));
	EXPECT_EQ(KFD_IOC_WAIT_RESULT_TIMEOUT, r);
	EXPECT_EQ(77, age);
}

TEST_F(events, unmapped_page_has_256_slots)
{
	uint32_t id, i;

	/* Linux's own page offers 256 slots until user space maps it. */
	for (i = 1; i < 256; i++) {
		id = new_event(self->fd, KFD_IOC_EVENT_SIGNAL, 0);
		ASSERT_EQ(i, id);
	}
	EXPECT_EQ(ENOSPC, create_event(self->fd, KFD_IOC_EVENT_SIGNAL, 0,
				       NULL));
	EXPECT_EQ(ENOSPC, create_event(self->fd, KFD_IOC_EVENT_DEBUG_EVENT, 0,
				       NULL));
	/* Non-signal events need no slot. */
	EXPECT_EQ(FIRST_NONSIGNAL_ID,
		  new_event(self->fd, KFD_IOC_EVENT_HW_EXCEPTION, 0));
}

TEST_F(events, signal_event_limit)
{
	struct kfd_ioctl_create_event_args a;
	uint32_t i;
	void *m;

	ASSERT_EQ(0, create_event(self->fd, KFD_IOC_EVENT_SIGNAL, 0, &a));
	m = mmap(NULL, EVENT_PAGE_BYTES, PROT_READ | PROT_WRITE, MAP_SHARED,
		 self->fd, a.event_page_offset);
	ASSERT_NE(MAP_FAILED, m);

	/* Mapped whole: every slot but 0, ids in slot order. */
	for (i = 2; i < KFD_SIGNAL_EVENT_LIMIT; i++) {
		ASSERT_EQ(0, create_event(self->fd, i & 1 ?
					  KFD_IOC_EVENT_DEBUG_EVENT :
					  KFD_IOC_EVENT_SIGNAL, 0, &a));
		ASSERT_EQ(i, a.event_id);
		ASSERT_EQ(i, a.event_slot_index);
	}
	ON_MODULE(EXPECT_EQ(KFD_SIGNAL_EVENT_LIMIT - 1, gcnkfd_counter("events")));
	EXPECT_EQ(ENOSPC, create_event(self->fd, KFD_IOC_EVENT_SIGNAL, 0,
				       NULL));

	/* A freed slot can be had again. */
	EXPECT_EQ(0, destroy_event(self->fd, 1234));
	EXPECT_EQ(1234, new_event(self->fd, KFD_IOC_EVENT_SIGNAL, 0));
	EXPECT_EQ(ENOSPC, create_event(self->fd, KFD_IOC_EVENT_SIGNAL, 0,
				       NULL));
	munmap(m, EVENT_PAGE_BYTES);
}

TEST_F(events, bad_arguments)
{
	struct kfd_ioctl_wait_events_args w = { 0 };
	struct kfd_ioctl_create_event_args a;
	struct kfd_event_data data[2] = { 0 };
	uint32_t sig, ids[2], r, type;

	sig = new_event(self->fd, KFD_IOC_EVENT_SIGNAL, 0);
	ASSERT_NE(0, sig);

	/* Unknown ids. */
	EXPECT_EQ(EINVAL, destroy_event(self->fd, 77));
	EXPECT_EQ(EINVAL, set_event(self->fd, 77));
	EXPECT_EQ(EINVAL, reset_event(self->fd, 77));
	EXPECT_EQ(EINVAL, set_event(self->fd, 0));
	EXPECT_EQ(EINVAL, set_event(self->fd, FIRST_NONSIGNAL_ID));
	ids[0] = sig;
	ids[1] = 77;
	EXPECT_EQ(EINVAL, wait_events(self->fd, ids, 2, 0, 0, &r));
	EXPECT_EQ(KFD_IOC_WAIT_RESULT_FAIL, r);

	/* Only signal events are set or reset from user space. */
	for (type = KFD_IOC_EVENT_NODECHANGE; type <= KFD_IOC_EVENT_MEMORY;
	     type++) {
		uint32_t id = new_event(self->fd, type, 0);

		ASSERT_NE(0, id);
		EXPECT_EQ(EINVAL, set_event(self->fd, id));
		EXPECT_EQ(EINVAL, reset_event(self->fd, id));
		/* They still wait (and time out). */
		EXPECT_EQ(0, wait_events(self->fd, &id, 1, 0, 0, &r));
		EXPECT_EQ(KFD_IOC_WAIT_RESULT_TIMEOUT, r);
	}

	/* Linux takes any type number: unknown ones are non-signal. */
	ASSERT_EQ(0, create_event(self->fd, 99, 0, &a));
	EXPECT_LE(FIRST_NONSIGNAL_ID, a.event_id);
	EXPECT_EQ(0, a.event_page_offset);
	EXPECT_EQ(EINVAL, set_event(self->fd, a.event_id));

	/* NULL or unreadable event arrays fault. */
	w.events_ptr = 0;
	w.num_events = 1;
	w.wait_result = 0xdead;
	EXPECT_EQ(EFAULT, kfd_ioctl(self->fd, AMDKFD_IOC_WAIT_EVENTS, &w));
	EXPECT_EQ(KFD_IOC_WAIT_RESULT_FAIL, w.wait_result);
	w.events_ptr = 1ULL << 62;
	EXPECT_EQ(EFAULT, kfd_ioctl(self->fd, AMDKFD_IOC_WAIT_EVENTS, &w));

	/* Too many events for the kernel's array: ENOMEM, as Linux. */
	data[0].event_id = sig;
	w.events_ptr = (uintptr_t)data;
	w.num_events = 0xffffffffu;
	w.wait_result = 0xdead;
	EXPECT_EQ(ENOMEM, kfd_ioctl(self->fd, AMDKFD_IOC_WAIT_EVENTS, &w));
	EXPECT_EQ(KFD_IOC_WAIT_RESULT_FAIL, w.wait_result);

	/* An event page on an unknown GPU. */
	a = (struct kfd_ioctl_create_event_args){
		.event_type = KFD_IOC_EVENT_SIGNAL,
		.event_page_offset = (0xfff0ULL << 32) | 1,
	};
	EXPECT_EQ(EINVAL, kfd_ioctl(self->fd, AMDKFD_IOC_CREATE_EVENT, &a));
}

TEST(event_page_handle_checks)
{
	struct kfd_ioctl_create_event_args a;
	uint32_t gpu;
	int fd = open(KFD_PATH, O_RDWR | O_CLOEXEC);

	ASSERT_LE(0, fd);
	gpu = kfd_first_gpu(fd);
	ASSERT_NE(0, gpu);

	/* Linux binds the process to the GPU first: no VM is ENODEV. */
	a = (struct kfd_ioctl_create_event_args){
		.event_type = KFD_IOC_EVENT_SIGNAL,
		.event_page_offset = ((uint64_t)gpu << 32) | 1,
	};
	EXPECT_EQ(ENODEV, kfd_ioctl(fd, AMDKFD_IOC_CREATE_EVENT, &a));

	/* With a VM, a handle naming no buffer is EINVAL. */
	ASSERT_EQ(0, kfd_acquire_vm(fd, gpu));
	EXPECT_EQ(EINVAL, kfd_ioctl(fd, AMDKFD_IOC_CREATE_EVENT, &a));

	/* Once the kernel has its own page, no handle is taken. */
	ASSERT_EQ(0, create_event(fd, KFD_IOC_EVENT_SIGNAL, 0, &a));
	a = (struct kfd_ioctl_create_event_args){
		.event_type = KFD_IOC_EVENT_SIGNAL,
		.event_page_offset = ((uint64_t)gpu << 32) | 1,
	};
	EXPECT_EQ(EINVAL, kfd_ioctl(fd, AMDKFD_IOC_CREATE_EVENT, &a));
	close(fd);
}

static void on_sigusr1(int sig)
{
	(void)sig;
}

struct signaller {
	pthread_t target;
	unsigned int delay_ms;
};

static void *signal_thread(void *arg)
{
	struct signaller *s = arg;

	sleep_ms(s->delay_ms);
	pthread_kill(s->target, SIGUSR1);
	return NULL;
}

TEST_F(events, signal_interrupts_wait)
{
	struct sigaction sa = { .sa_handler = on_sigusr1 };
	struct signaller s = { .target = pthread_self(), .delay_ms = 100 };
	struct kfd_event_data data = { 0 };
	struct kfd_ioctl_wait_events_args w = {
		.events_ptr = (uintptr_t)&data,
		.num_events = 1,
		.timeout = 5000,
	};
	uint32_t id = new_event(self->fd, KFD_IOC_EVENT_SIGNAL, 1);
	struct delayed_op op = { .fd = self->fd, .id = id, .delay_ms = 250 };
	pthread_t t, t2;
	double t0, dt;

	ASSERT_NE(0, id);
	data.event_id = id;
	/* Without SA_RESTART the interrupted wait returns EINTR. */
	sigemptyset(&sa.sa_mask);
	ASSERT_EQ(0, sigaction(SIGUSR1, &sa, NULL));

	ASSERT_EQ(0, pthread_create(&t, NULL, signal_thread, &s));
	t0 = now_ms();
	EXPECT_EQ(EINTR, kfd_ioctl(self->fd, AMDKFD_IOC_WAIT_EVENTS, &w));
	dt = now_ms() - t0;
	pthread_join(t, NULL);
	EXPECT_EQ(KFD_IOC_WAIT_RESULT_FAIL, w.wait_result);
	EXPECT_LE(90.0, dt);
	EXPECT_GT(4000.0, dt);
	/* Linux writes back what is left of the timeout for a restart. */
	EXPECT_GT(5000, w.timeout);
	EXPECT_LE(5000 - dt - 50, (double)w.timeout) {
		TH_LOG("%u ms left after %.1f ms of 5000", w.timeout, dt);
	}

	/* The same with an infinite wait. */
	w.timeout = TIMEOUT_INFINITE;
	ASSERT_EQ(0, pthread_create(&t, NULL, signal_thread, &s));
	EXPECT_EQ(EINTR, kfd_ioctl(self->fd, AMDKFD_IOC_WAIT_EVENTS, &w));
	pthread_join(t, NULL);
	EXPECT_EQ(TIMEOUT_INFINITE, w.timeout);

	/* With SA_RESTART the wait goes on and completes on the set. */
	sa.sa_flags = SA_RESTART;
	ASSERT_EQ(0, sigaction(SIGUSR1, &sa, NULL));
	w.timeout = 5000;
	ASSERT_EQ(0, pthread_create(&t, NULL, signal_thread, &s));
	ASSERT_EQ(0, pthread_create(&t2, NULL, delayed_op_thread, &op));
	t0 = now_ms();
	EXPECT_EQ(0, kfd_ioctl(self->fd, AMDKFD_IOC_WAIT_EVENTS, &w));
	dt = now_ms() - t0;
	pthread_join(t, NULL);
	pthread_join(t2, NULL);
	EXPECT_EQ(KFD_IOC_WAIT_RESULT_COMPLETE, w.wait_result);
	EXPECT_LE(240.0, dt);
	EXPECT_EQ(0, op.err);
}

TEST_F(events, destroy_during_wait_fails_it)
{
	struct delayed_op op = { .fd = self->fd, .delay_ms = 100,
				 .destroy = 1 };
	uint32_t ids[2], r;
	pthread_t t;

	ids[0] = new_event(self->fd, KFD_IOC_EVENT_SIGNAL, 0);
	ids[1] = new_event(self->fd, KFD_IOC_EVENT_HW_EXCEPTION, 0);
	ASSERT_NE(0, ids[1]);
	op.id = ids[1];
	ASSERT_EQ(0, pthread_create(&t, NULL, delayed_op_thread, &op));
	/* Linux: wait_result FAIL and EIO. */
	EXPECT_EQ(EIO, wait_events(self->fd, ids, 2, 0, 5000, &r));
	pthread_join(t, NULL);
	EXPECT_EQ(0, op.err);
	EXPECT_EQ(KFD_IOC_WAIT_RESULT_FAIL, r);
	/* The other event still works. */
	ASSERT_EQ(0, set_event(self->fd, ids[0]));
	EXPECT_EQ(0, wait_events(self->fd, ids, 1, 0, 0, &r));
	EXPECT_EQ(KFD_IOC_WAIT_RESULT_COMPLETE, r);
}

/*
 * An event that was already signaled when the wait began is destroyed
 * while the wait sleeps on another one: the wait fails at once (EIO, FAIL)
 * instead of going on with the freed event and timing out.
 */
TEST_F(events, destroy_of_signaled_event_during_wait_fails_it)
{
	struct delayed_op op = { .fd = self->fd, .delay_ms = 100,
				 .destroy = 1 };
	uint32_t ids[2], r;
	double t0, dt;
	pthread_t t;

	ids[0] = new_event(self->fd, KFD_IOC_EVENT_SIGNAL, 0);
	ids[1] = new_event(self->fd, KFD_IOC_EVENT_SIGNAL, 0);
	ASSERT_NE(0, ids[1]);
	ASSERT_EQ(0, set_event(self->fd, ids[0]));
	op.id = ids[0];
	ASSERT_EQ(0, pthread_create(&t, NULL, delayed_op_thread, &op));
	t0 = now_ms();
	EXPECT_EQ(EIO, wait_events(self->fd, ids, 2, 1, 3000, &r));
	dt = now_ms() - t0;
	pthread_join(t, NULL);
	EXPECT_EQ(0, op.err);
	EXPECT_EQ(KFD_IOC_WAIT_RESULT_FAIL, r);
	EXPECT_GT(2500.0, dt);
	/* The other event still works. */
	ASSERT_EQ(0, set_event(self->fd, ids[1]));
	EXPECT_EQ(0, wait_events(self->fd, &ids[1], 1, 0, 0, &r));
	EXPECT_EQ(KFD_IOC_WAIT_RESULT_COMPLETE, r);
}

/*
 * WAIT_EVENTS takes at most KFD_SIGNAL_EVENT_LIMIT entries (a process owns
 * fewer signal events); more is ENOMEM, the errno Linux gives for a count
 * it cannot allocate, even when every entry names a valid event.
 */
TEST_F(events, wait_events_count_is_bounded)
{
	const uint32_t max = KFD_SIGNAL_EVENT_LIMIT;
	struct kfd_ioctl_wait_events_args w = { 0 };
	struct kfd_event_data *data;
	uint32_t id, i;

	id = new_event(self->fd, KFD_IOC_EVENT_SIGNAL, 0);
	ASSERT_NE(0, id);
	ASSERT_EQ(0, set_event(self->fd, id));
	data = calloc(max + 1, sizeof(*data));
	ASSERT_NE(NULL, data);
	for (i = 0; i <= max; i++)
		data[i].event_id = id;
	w.events_ptr = (uintptr_t)data;

	/* The same set event named max times: complete. */
	w.num_events = max;
	w.wait_for_all = 1;
	w.wait_result = 0xdead;
	EXPECT_EQ(0, kfd_ioctl(self->fd, AMDKFD_IOC_WAIT_EVENTS, &w));
	EXPECT_EQ(KFD_IOC_WAIT_RESULT_COMPLETE, w.wait_result);

	/* One more: ENOMEM and FAIL. */
	w.num_events = max + 1;
	w.wait_result = 0xdead;
	EXPECT_EQ(ENOMEM, kfd_ioctl(self->fd, AMDKFD_IOC_WAIT_EVENTS, &w));
	EXPECT_EQ(KFD_IOC_WAIT_RESULT_FAIL, w.wait_result);
	free(data);
}

TEST(counters_back_to_zero_after_close)
{
	long long events0 = gcnkfd_counter("events");
	long long pages0 = gcnkfd_counter("pages_allocated");
	uint32_t type;
	void *m;
	int fd = open(KFD_PATH, O_RDWR | O_CLOEXEC);

	SKIP_UNLESS_MODULE("the module's debugfs counters are the point");

	ASSERT_LE(0, fd);
	ASSERT_EQ(0, events0);
	for (type = KFD_IOC_EVENT_SIGNAL; type <= KFD_IOC_EVENT_MEMORY;
	     type++) {
		ASSERT_NE(0, new_event(fd, type, type & 1));
		ASSERT_NE(0, new_event(fd, type, 0));
	}
	ON_MODULE(EXPECT_EQ(18, gcnkfd_counter("events")));
	/* The kernel's page: 32 KiB. */
	EXPECT_EQ(pages0 + EVENT_PAGE_BYTES / 4096,
		  gcnkfd_counter("pages_allocated"));
	m = mmap(NULL, EVENT_PAGE_BYTES, PROT_READ, MAP_SHARED, fd,
		 MMAP_TYPE_EVENTS);
	ASSERT_NE(MAP_FAILED, m);
	munmap(m, EVENT_PAGE_BYTES);
	EXPECT_EQ(0, destroy_event(fd, 1));
	ON_MODULE(EXPECT_EQ(17, gcnkfd_counter("events")));

	close(fd);
	ON_MODULE(EXPECT_EQ(0, gcnkfd_counter("events")));
	ON_MODULE(EXPECT_EQ(pages0, gcnkfd_counter("pages_allocated")));
}

/* A GTT buffer of memory.c as the event page (Linux's dGPU path). */
TEST(user_buffer_event_page)
{
	struct kfd_process_device_apertures ap[GCNKFD_MAX_TEST_GPUS];
	struct kfd_ioctl_get_process_apertures_new_args aa = { 0 };
	struct kfd_ioctl_alloc_memory_of_gpu_args small = { 0 }, big = { 0 };
	struct kfd_ioctl_free_memory_of_gpu_args fr = { 0 };
	struct kfd_ioctl_create_event_args a;
	volatile uint64_t *slots;
	uint32_t gpu, i;
	int fd = open(KFD_PATH, O_RDWR | O_CLOEXEC), err;

	ASSERT_LE(0, fd);
	/* Zero nodes asks for the count; then exactly that many. */
	ASSERT_EQ(0, kfd_ioctl(fd, AMDKFD_IOC_GET_PROCESS_APERTURES_NEW, &aa));
	ASSERT_LE(1, aa.num_of_nodes);
	ASSERT_GE(GCNKFD_MAX_TEST_GPUS, aa.num_of_nodes);
	aa.kfd_process_device_apertures_ptr = (uintptr_t)ap;
	ASSERT_EQ(0, kfd_ioctl(fd, AMDKFD_IOC_GET_PROCESS_APERTURES_NEW, &aa));
	gpu = ap[0].gpu_id;
	ASSERT_EQ(0, kfd_acquire_vm(fd, gpu));

	small.gpu_id = gpu;
	small.size = 4096;
	small.va_addr = ap[0].gpuvm_base + (1ULL << 30);
	small.flags = KFD_IOC_ALLOC_MEM_FLAGS_GTT |
		      KFD_IOC_ALLOC_MEM_FLAGS_WRITABLE;
	err = kfd_ioctl(fd, AMDKFD_IOC_ALLOC_MEMORY_OF_GPU, &small);
	ASSERT_EQ(0, err);
	big = small;
	big.size = EVENT_PAGE_BYTES;
	big.va_addr = small.va_addr + (1ULL << 20);
	ASSERT_EQ(0, kfd_ioctl(fd, AMDKFD_IOC_ALLOC_MEMORY_OF_GPU, &big));

	/* Smaller than all the slots: Linux refuses it. */
	a = (struct kfd_ioctl_create_event_args){
		.event_type = KFD_IOC_EVENT_SIGNAL,
		.event_page_offset = small.handle,
	};
	EXPECT_EQ(EINVAL, kfd_ioctl(fd, AMDKFD_IOC_CREATE_EVENT, &a));

	slots = mmap(NULL, EVENT_PAGE_BYTES, PROT_READ | PROT_WRITE,
		     MAP_SHARED, kfd_vm_fd(gpu), big.mmap_offset);
	ASSERT_NE(MAP_FAILED, (void *)slots);
	for (i = 0; i < KFD_SIGNAL_EVENT_LIMIT; i++)
		slots[i] = i;

	a = (struct kfd_ioctl_create_event_args){
		.event_type = KFD_IOC_EVENT_SIGNAL,
		.event_page_offset = big.handle,
	};
	ASSERT_EQ(0, kfd_ioctl(fd, AMDKFD_IOC_CREATE_EVENT, &a));
	EXPECT_EQ(1, a.event_id);
	EXPECT_EQ(MMAP_TYPE_EVENTS, a.event_page_offset);
	/* The kernel cleared every slot of the buffer. */
	for (i = 0; i < KFD_SIGNAL_EVENT_LIMIT; i++)
		if (slots[i] != UNSIGNALED_SLOT)
			break;
	EXPECT_EQ(KFD_SIGNAL_EVENT_LIMIT, i);

	/* All slots usable at once, without an mmap of the kernel page. */
	for (i = 2; i < KFD_SIGNAL_EVENT_LIMIT; i++) {
		slots[i] = 5;
		ASSERT_EQ(i, new_event(fd, KFD_IOC_EVENT_SIGNAL, 0));
		ASSERT_EQ(UNSIGNALED_SLOT, slots[i]);
	}
	EXPECT_EQ(ENOSPC, create_event(fd, KFD_IOC_EVENT_SIGNAL, 0, NULL));

	/* The page is set once; the buffer cannot be freed under it. */
	a.event_page_offset = small.handle;
	EXPECT_EQ(EINVAL, kfd_ioctl(fd, AMDKFD_IOC_CREATE_EVENT, &a));
	fr.handle = big.handle;
	EXPECT_EQ(EPERM, kfd_ioctl(fd, AMDKFD_IOC_FREE_MEMORY_OF_GPU, &fr));
	fr.handle = small.handle;
	EXPECT_EQ(0, kfd_ioctl(fd, AMDKFD_IOC_FREE_MEMORY_OF_GPU, &fr));

	munmap((void *)slots, EVENT_PAGE_BYTES);
	kfd_close_process(fd);
	ON_MODULE(EXPECT_EQ(0, gcnkfd_counter("events")));
	ON_MODULE(EXPECT_EQ(0, gcnkfd_counter("buffers")));
}

TEST_HARNESS_MAIN
