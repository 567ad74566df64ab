/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Rules of the ioctl dispatcher and of the commands the virtual GPU has no
 * engine for, as Linux 6.1's kfd_ioctl() and kfd_chardev.c answer them on
 * a Vega 10 without those features. Each KFD keeps its own command table
 * (its handlers differ); what a command without a handler returns, and the
 * struct size the dispatcher copies, are decided here.
 */
#ifndef KFD_IOCTL_RULES_H
#define KFD_IOCTL_RULES_H

#include "kfd_common.h"

struct kfdc_fixed_errno {
	unsigned int nr;
	int err;
};

/*
 * Commands that fail the same way whatever their arguments (once the
 * struct is copied in): DBG_* -EPERM (deprecated in 6.1 itself), dma-buf
 * -EINVAL (no file is a dma-buf of ours), SMI events and CRIU -EOPNOTSUPP
 * (not provided), SVM -EPERM (as a kernel without HSA_AMD_SVM).
 */
static const struct kfdc_fixed_errno kfdc_fixed_errnos[] = {
	{ _IOC_NR(AMDKFD_IOC_DBG_REGISTER_DEPRECATED), -EPERM },
	{ _IOC_NR(AMDKFD_IOC_DBG_UNREGISTER_DEPRECATED), -EPERM },
	{ _IOC_NR(AMDKFD_IOC_DBG_ADDRESS_WATCH_DEPRECATED), -EPERM },
	{ _IOC_NR(AMDKFD_IOC_DBG_WAVE_CONTROL_DEPRECATED), -EPERM },
	{ _IOC_NR(AMDKFD_IOC_GET_DMABUF_INFO), -EINVAL },
	{ _IOC_NR(AMDKFD_IOC_IMPORT_DMABUF), -EINVAL },
	{ _IOC_NR(AMDKFD_IOC_SMI_EVENTS), -EOPNOTSUPP },
	{ _IOC_NR(AMDKFD_IOC_SVM), -EPERM },
	{ _IOC_NR(AMDKFD_IOC_CRIU_OP), -EOPNOTSUPP },
};

/* The errno of a command without a handler (a hole in the table: -EINVAL). */
static inline int kfdc_ioctl_fixed_errno(unsigned int nr)
{
	unsigned int i;

	/* ARRAY_SIZE() is the kernel's; this header is user space's too. */
	for (i = 0; i < sizeof(kfdc_fixed_errnos) / sizeof(*kfdc_fixed_errnos);
	     i++)
		if (kfdc_fixed_errnos[i].nr == nr)
			return kfdc_fixed_errnos[i].err;
	return -EINVAL;
}

/*
 * The dispatcher's buffer: the larger of the caller's size and our own, so
 * a shorter struct is zero-extended and a longer one read only as far as
 * the caller said (the direction is always ours, never the caller's).
 */
static inline unsigned int kfdc_ioctl_buffer_size(unsigned int user_cmd,
						  unsigned int our_cmd)
{
	unsigned int usize = _IOC_SIZE(user_cmd), ksize = _IOC_SIZE(our_cmd);

	return usize > ksize ? usize : ksize;
}

/* ALLOC_QUEUE_GWS on gfx9 without GWS: an existing queue gets -ENODEV. */
static inline int kfdc_alloc_queue_gws(bool queue_exists)
{
	return queue_exists ? -ENODEV : -EINVAL;
}

/*
 * SET_XNACK_MODE on gfx900, which runs without XNACK: a query (negative)
 * reports off; enabling is -EPERM; any change with queues is -EBUSY.
 */
static inline int kfdc_set_xnack_mode(struct kfd_ioctl_set_xnack_mode_args *a,
				      bool has_queues)
{
	if (a->xnack_enabled >= 0) {
		if (has_queues)
			return -EBUSY;
		if (a->xnack_enabled)
			return -EPERM;
	}
	a->xnack_enabled = 0;
	return 0;
}

#endif /* KFD_IOCTL_RULES_H */
