/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * The limits of Linux 6.1's KFD that user space can observe, once for both
 * KFDs. Where Linux bounds a count only by an allocation failing (MAP's
 * device array, WAIT_EVENTS' event array), both answer -ENOMEM past the
 * bound below without trying to allocate.
 */
#ifndef KFD_LIMITS_H
#define KFD_LIMITS_H

#include "kfd_common.h"

#define KFDC_MAX_GPUS 8
#define KFDC_MAX_QUEUES_PER_PROCESS 1024
/* The HWS scheduler's queues per process and device. */
#define KFDC_MAX_QUEUES_PER_DEVICE 127
#define KFDC_MAX_QUEUE_PERCENTAGE 100
#define KFDC_MAX_QUEUE_PRIORITY 15
/* Rings shorter than this are taken as this long. */
#define KFDC_MIN_QUEUE_RING_BYTES 1024
/* SET_CU_MASK reads at most this many bits; the rest are dropped. */
#define KFDC_MAX_CU_MASK_BITS 1024

/* Events: slots of the signal page; ids from here up have no slot. */
#define KFDC_SIGNAL_EVENT_LIMIT KFD_SIGNAL_EVENT_LIMIT
#define KFDC_SIGNAL_PAGE_BYTES (KFDC_SIGNAL_EVENT_LIMIT * 8)
#define KFDC_FIRST_NONSIGNAL_EVENT_ID ((0x7fffffff >> 1) + 1)
/* WAIT_EVENTS: no process can own more events than the page has slots. */
#define KFDC_MAX_WAIT_EVENTS KFDC_SIGNAL_EVENT_LIMIT
/* MAP/UNMAP_MEMORY: at most one page of gpu ids. */
#define KFDC_MAX_MAP_DEVICES (4096 / 4)

#endif /* KFD_LIMITS_H */
