/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * The argument rules of CREATE_QUEUE, UPDATE_QUEUE and SET_CU_MASK as
 * Linux 6.1 applies them (kfd_chardev.c's set_queue_properties_from_user
 * and the queue managers), and the mapping of a user CU mask onto the
 * MQD's per-SE masks (mqd_symmetrically_map_cu_mask).
 */
#ifndef KFD_QUEUE_RULES_H
#define KFD_QUEUE_RULES_H

#include "kfd_common.h"
#include "kfd_limits.h"

/* What a queue's MQD is built from: CREATE/UPDATE_QUEUE's properties. */
struct kfdc_queue_props {
	uint32_t type; /* KFD_IOC_QUEUE_TYPE_* */
	uint64_t ring_base;
	uint64_t ring_size; /* bytes, power of two */
	uint64_t read_ptr, write_ptr;
	uint64_t eop_base, eop_size;
	uint32_t priority;
	uint32_t doorbell; /* 64-bit slot in the process's slice */
	uint32_t sdma_engine, sdma_queue;
	bool trap_handler; /* the process set a TBA */
};

static inline bool kfdc_queue_type_is_sdma(uint32_t type)
{
	return type == KFD_IOC_QUEUE_TYPE_SDMA ||
	       type == KFD_IOC_QUEUE_TYPE_SDMA_XGMI;
}

/*
 * What CREATE_QUEUE and UPDATE_QUEUE check in common: a ring size of 0 is
 * allowed and, like any smaller one, raised to the minimum.
 */
static inline int kfdc_check_ring(kfdc_user_ok_fn user_ok, uint32_t percentage,
				  uint32_t priority, uint64_t ring_base,
				  uint32_t *ring_size)
{
	if (percentage > KFDC_MAX_QUEUE_PERCENTAGE)
		return -EINVAL;
	if (priority > KFDC_MAX_QUEUE_PRIORITY)
		return -EINVAL;
	if (ring_base && !user_ok(ring_base, sizeof(uint64_t)))
		return -EFAULT;
	if (*ring_size && !kfdc_is_power_of_2(*ring_size))
		return -EINVAL;
	if (*ring_size < KFDC_MIN_QUEUE_RING_BYTES)
		*ring_size = KFDC_MIN_QUEUE_RING_BYTES;
	return 0;
}

/* In Linux's order: ring, pointers, EOP, save area, then the type. */
static inline int kfdc_check_create_queue(kfdc_user_ok_fn user_ok,
					  struct kfd_ioctl_create_queue_args *a)
{
	int err =
		kfdc_check_ring(user_ok, a->queue_percentage, a->queue_priority,
				a->ring_base_address, &a->ring_size);

	if (err)
		return err;
	if (!user_ok(a->read_pointer_address, sizeof(uint32_t)) ||
	    !user_ok(a->write_pointer_address, sizeof(uint32_t)))
		return -EFAULT;
	if (a->eop_buffer_address &&
	    !user_ok(a->eop_buffer_address, sizeof(uint32_t)))
		return -EFAULT;
	if (a->ctx_save_restore_address &&
	    !user_ok(a->ctx_save_restore_address, sizeof(uint32_t)))
		return -EFAULT;
	switch (a->queue_type) {
	case KFD_IOC_QUEUE_TYPE_COMPUTE:
	case KFD_IOC_QUEUE_TYPE_COMPUTE_AQL:
	case KFD_IOC_QUEUE_TYPE_SDMA:
	case KFD_IOC_QUEUE_TYPE_SDMA_XGMI:
		return 0;
	default:
		return -KFDC_ENOTSUPP;
	}
}

/*
 * A queue runs only with a ring and a nonzero percentage (Linux's
 * is_active); an inactive queue stays off the scheduler's run list.
 */
static inline bool kfdc_queue_is_active(uint64_t ring_base, uint32_t ring_size,
					uint32_t percentage)
{
	return ring_base && ring_size && percentage;
}

/*
 * SET_CU_MASK: the count must be a nonzero multiple of 32; at most
 * KFDC_MAX_CU_MASK_BITS bits are read. Returns the bits to read, or a
 * negative errno.
 */
static inline int kfdc_cu_mask_bits(uint32_t num_cu_mask)
{
	if (!num_cu_mask || num_cu_mask % 32)
		return -EINVAL;
	return (int)kfdc_min_u32(num_cu_mask, KFDC_MAX_CU_MASK_BITS);
}

#endif /* KFD_QUEUE_RULES_H */
