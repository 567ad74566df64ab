/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Event ages, the KFD's answer (uAPI 1.14, Linux 6.5) to a lost wake-up
 * that Linux 6.1's event rules allow: a thread reads a signal's value,
 * finds it unchanged, and before it enters WAIT_EVENTS the value changes
 * and the event is set; with nobody waiting, the auto-reset event stays
 * signaled until the first waiter takes it, and when that is another
 * thread waiting on the same event (ROCr's async-event thread and
 * hsa_queue_destroy both wait on a queue's inactive-signal event) the
 * first thread sleeps forever.
 *
 * Every SET of a signal event advances its age. A waiter may pass the age
 * it saw last in its kfd_event_data; when the event has moved on since, the
 * waiter is activated at once, and a completed wait returns the event's
 * age. Age 0 means "not tracked" (Linux 6.1 user space zeroes the field),
 * so callers that never pass one see 6.1's rules unchanged.
 */
#ifndef KFD_EVENT_RULES_H
#define KFD_EVENT_RULES_H

#include "kfd_common.h"

#define KFDC_EVENT_AGE_UNTRACKED 0ULL
/* A new event's age; a caller with no record passes it as its last. */
#define KFDC_EVENT_AGE_INITIAL 1ULL

/*
 * The age travels in the first eight bytes of kfd_event_data, the union
 * that carries memory exception data out for memory events (Linux 6.5's
 * struct kfd_signal_event_data).
 */
#define KFDC_EVENT_DATA_AGE_OFFSET 0
FW_ASSERT_OFFSET(struct kfd_event_data, memory_exception_data,
		 KFDC_EVENT_DATA_AGE_OFFSET);
static_assert(sizeof(((struct kfd_event_data *)0)->memory_exception_data) >=
		      sizeof(uint64_t),
	      "the union holds a 64-bit age");

/* The age after one more SET; 0 and 1 are never reached again. */
static inline uint64_t kfdc_event_age_next(uint64_t age)
{
	return age == ~0ULL ? 2 : age + 1;
}

/* Only signal events have ages, and only for waiters that pass one. */
static inline bool kfdc_event_age_tracked(uint32_t type, uint64_t last_age)
{
	return type == KFD_IOC_EVENT_SIGNAL &&
	       last_age != KFDC_EVENT_AGE_UNTRACKED;
}

/* A waiter whose last age is behind the event's missed a SET. */
static inline bool kfdc_event_age_missed(uint32_t type, uint64_t last_age,
					 uint64_t age)
{
	return kfdc_event_age_tracked(type, last_age) && last_age != age;
}

#endif /* KFD_EVENT_RULES_H */
