/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Common ground of the KFD rules that gcnkfd (kernel C, Kbuild) and the
 * thunk's emulated KFD (C++) share: the uAPI header, errnos and a few
 * integer helpers, in a form that compiles under Kbuild, C11 and C++ (as
 * firmware-interfaces/fw_common.h does for byte layouts). Everything here
 * is stateless: locks, idrs, wait queues and page pinning stay with each
 * side.
 */
#ifndef KFD_COMMON_H
#define KFD_COMMON_H

#include "fw_common.h"

#ifdef __KERNEL__
#include <linux/errno.h>
#include <linux/string.h>
#include <uapi/linux/kfd_ioctl.h>
#else
#include <errno.h>
#include <linux/kfd_ioctl.h>
#include <stdbool.h>
#include <string.h>
#endif

/* Every rule is a static inline function: no object file on either side. */

/* The kernel-internal "not supported" errno the KFD returns for some calls. */
#define KFDC_ENOTSUPP 524

/*
 * A user-pointer check passed in by each side: the kernel's access_ok(),
 * or the emulated KFD's test of the process's own mappings.
 */
typedef bool (*kfdc_user_ok_fn)(uint64_t addr, uint64_t bytes);

static inline bool kfdc_is_power_of_2(uint64_t v)
{
	return v && !(v & (v - 1));
}

/* ceil(log2(v)) for v >= 1, 0 for v <= 1: the kernel's order_base_2(). */
static inline int kfdc_order_base_2(uint64_t v)
{
	int order = 0;

	while (order < 64 && (1ULL << order) < v)
		order++;
	return order;
}

static inline uint32_t kfdc_min_u32(uint32_t a, uint32_t b)
{
	return a < b ? a : b;
}

static inline uint64_t kfdc_min_u64(uint64_t a, uint64_t b)
{
	return a < b ? a : b;
}

#endif /* KFD_COMMON_H */
