// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * The command table and the KFD's argument rules (kfd_ioctl in Linux):
 * a number outside the table is -ENOTTY, a hole in it -EINVAL; the struct
 * size is the module's own, so a caller's shorter struct is zero-extended
 * and a longer one is read only as far as the caller said; commands that
 * only return data start from zeroes; only the process that opened the
 * file may use it (-EBADF).
 */
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <linux/sched.h>

#include "gcnkfd.h"
#include "kfd_ioctl_rules.h"
#include "kfd_ipc.h"

static int gcnkfd_ioctl_alloc_queue_gws(struct file *f,
					struct gcnkfd_process *p, void *args)
{
	struct kfd_ioctl_alloc_queue_gws_args *a = args;
	bool known;

	mutex_lock(&p->lock);
	known = idr_find(&p->queue_idr, a->queue_id);
	mutex_unlock(&p->lock);
	return kfdc_alloc_queue_gws(known);
}

static int gcnkfd_ioctl_set_xnack_mode(struct file *f,
				       struct gcnkfd_process *p, void *args)
{
	bool has_queues;

	mutex_lock(&p->lock);
	has_queues = !idr_is_empty(&p->queue_idr);
	mutex_unlock(&p->lock);
	return kfdc_set_xnack_mode(args, has_queues);
}

struct gcnkfd_ioctl_desc {
	unsigned int cmd;
	gcnkfd_ioctl_fn func;
};

/*
 * Indexed by command number; the number is part of the request code. A
 * NULL handler answers with kfd-common's fixed errno for the command.
 */
#define GCNKFD_IOCTL(req, fn) \
	[_IOC_NR(req)] = { .cmd = (req), .func = (fn) }

static const struct gcnkfd_ioctl_desc gcnkfd_ioctls[] = {
	GCNKFD_IOCTL(AMDKFD_IOC_GET_VERSION, gcnkfd_ioctl_get_version),
	GCNKFD_IOCTL(AMDKFD_IOC_CREATE_QUEUE, gcnkfd_ioctl_create_queue),
	GCNKFD_IOCTL(AMDKFD_IOC_DESTROY_QUEUE, gcnkfd_ioctl_destroy_queue),
	GCNKFD_IOCTL(AMDKFD_IOC_SET_MEMORY_POLICY,
		     gcnkfd_ioctl_set_memory_policy),
	GCNKFD_IOCTL(AMDKFD_IOC_GET_CLOCK_COUNTERS,
		     gcnkfd_ioctl_get_clock_counters),
	GCNKFD_IOCTL(AMDKFD_IOC_GET_PROCESS_APERTURES,
		     gcnkfd_ioctl_get_process_apertures),
	GCNKFD_IOCTL(AMDKFD_IOC_UPDATE_QUEUE, gcnkfd_ioctl_update_queue),
	GCNKFD_IOCTL(AMDKFD_IOC_CREATE_EVENT, gcnkfd_ioctl_create_event),
	GCNKFD_IOCTL(AMDKFD_IOC_DESTROY_EVENT, gcnkfd_ioctl_destroy_event),
	GCNKFD_IOCTL(AMDKFD_IOC_SET_EVENT, gcnkfd_ioctl_set_event),
	GCNKFD_IOCTL(AMDKFD_IOC_RESET_EVENT, gcnkfd_ioctl_reset_event),
	GCNKFD_IOCTL(AMDKFD_IOC_WAIT_EVENTS, gcnkfd_ioctl_wait_events),
	GCNKFD_IOCTL(AMDKFD_IOC_DBG_REGISTER_DEPRECATED, NULL),
	GCNKFD_IOCTL(AMDKFD_IOC_DBG_UNREGISTER_DEPRECATED, NULL),
	GCNKFD_IOCTL(AMDKFD_IOC_DBG_ADDRESS_WATCH_DEPRECATED,
		     NULL),
	GCNKFD_IOCTL(AMDKFD_IOC_DBG_WAVE_CONTROL_DEPRECATED,
		     NULL),
	GCNKFD_IOCTL(AMDKFD_IOC_SET_SCRATCH_BACKING_VA,
		     gcnkfd_ioctl_set_scratch_backing_va),
	GCNKFD_IOCTL(AMDKFD_IOC_GET_TILE_CONFIG, gcnkfd_ioctl_get_tile_config),
	GCNKFD_IOCTL(AMDKFD_IOC_SET_TRAP_HANDLER,
		     gcnkfd_ioctl_set_trap_handler),
	GCNKFD_IOCTL(AMDKFD_IOC_GET_PROCESS_APERTURES_NEW,
		     gcnkfd_ioctl_get_process_apertures_new),
	GCNKFD_IOCTL(AMDKFD_IOC_ACQUIRE_VM, gcnkfd_ioctl_acquire_vm),
	GCNKFD_IOCTL(AMDKFD_IOC_ALLOC_MEMORY_OF_GPU, gcnkfd_ioctl_alloc_memory),
	GCNKFD_IOCTL(AMDKFD_IOC_FREE_MEMORY_OF_GPU, gcnkfd_ioctl_free_memory),
	GCNKFD_IOCTL(AMDKFD_IOC_MAP_MEMORY_TO_GPU, gcnkfd_ioctl_map_memory),
	GCNKFD_IOCTL(AMDKFD_IOC_UNMAP_MEMORY_FROM_GPU,
		     gcnkfd_ioctl_unmap_memory),
	GCNKFD_IOCTL(AMDKFD_IOC_SET_CU_MASK, gcnkfd_ioctl_set_cu_mask),
	GCNKFD_IOCTL(AMDKFD_IOC_GET_QUEUE_WAVE_STATE,
		     gcnkfd_ioctl_get_queue_wave_state),
	GCNKFD_IOCTL(AMDKFD_IOC_GET_DMABUF_INFO, NULL),
	GCNKFD_IOCTL(AMDKFD_IOC_IMPORT_DMABUF, NULL),
	GCNKFD_IOCTL(AMDKFD_IOC_ALLOC_QUEUE_GWS, gcnkfd_ioctl_alloc_queue_gws),
	GCNKFD_IOCTL(AMDKFD_IOC_SMI_EVENTS, NULL),
	GCNKFD_IOCTL(AMDKFD_IOC_SVM, NULL),
	GCNKFD_IOCTL(AMDKFD_IOC_SET_XNACK_MODE, gcnkfd_ioctl_set_xnack_mode),
	GCNKFD_IOCTL(AMDKFD_IOC_CRIU_OP, NULL),
	GCNKFD_IOCTL(AMDKFD_IOC_AVAILABLE_MEMORY,
		     gcnkfd_ioctl_available_memory),
};

static_assert(ARRAY_SIZE(gcnkfd_ioctls) == AMDKFD_COMMAND_END);

/*
 * ROCm's vendor range (non-upstream commands from 0x80), indexed from its
 * start: the IPC pair of kfd_ipc.h.
 */
#define GCNKFD_VENDOR_IOCTL(req, fn) \
	[_IOC_NR(req) - KFDC_IPC_COMMAND_START] = { .cmd = (req), .func = (fn) }

static const struct gcnkfd_ioctl_desc gcnkfd_vendor_ioctls[] = {
	GCNKFD_VENDOR_IOCTL(KFDC_IOC_IPC_IMPORT_HANDLE,
			    gcnkfd_ioctl_ipc_import_handle),
	GCNKFD_VENDOR_IOCTL(KFDC_IOC_IPC_EXPORT_HANDLE,
			    gcnkfd_ioctl_ipc_export_handle),
};

static_assert(ARRAY_SIZE(gcnkfd_vendor_ioctls) ==
	      KFDC_IPC_COMMAND_END - KFDC_IPC_COMMAND_START);

/* The entry for a command number, or NULL outside both tables. */
static const struct gcnkfd_ioctl_desc *gcnkfd_ioctl_desc(unsigned int nr)
{
	if (nr >= AMDKFD_COMMAND_START && nr < AMDKFD_COMMAND_END)
		return &gcnkfd_ioctls[nr];
	if (nr >= KFDC_IPC_COMMAND_START && nr < KFDC_IPC_COMMAND_END)
		return &gcnkfd_vendor_ioctls[nr - KFDC_IPC_COMMAND_START];
	return NULL;
}

long gcnkfd_ioctl(struct file *filep, unsigned int cmd, unsigned long arg)
{
	struct gcnkfd_process *p = filep->private_data;
	const struct gcnkfd_ioctl_desc *desc;
	unsigned int nr = _IOC_NR(cmd);
	unsigned int usize, asize;
	char stack_kdata[128];
	char *kdata = stack_kdata;
	int ret;

	desc = gcnkfd_ioctl_desc(nr);
	if (!desc)
		return -ENOTTY;
	if (!desc->cmd)
		return -EINVAL;
	/*
	 * Children of a fork must open /dev/kfd themselves; after an exec the
	 * inherited file names the old address space, not the current one.
	 */
	if (p->lead_thread != current->group_leader || p->mm != current->mm)
		return -EBADF;

	/* _IOC_SIZE is 14 bits: at most 16 KiB however the caller encodes. */
	usize = _IOC_SIZE(cmd);
	asize = kfdc_ioctl_buffer_size(cmd, desc->cmd);
	cmd = desc->cmd;	/* our direction, never the caller's */

	if (cmd & (IOC_IN | IOC_OUT)) {
		if (asize > sizeof(stack_kdata)) {
			kdata = kmalloc(asize, GFP_KERNEL);
			if (!kdata)
				return -ENOMEM;
		}
		memset(kdata + usize, 0, asize - usize);
	}

	if (cmd & IOC_IN) {
		if (copy_from_user(kdata, (void __user *)arg, usize)) {
			ret = -EFAULT;
			goto out;
		}
	} else if (cmd & IOC_OUT) {
		memset(kdata, 0, usize);
	}

	ret = desc->func ? desc->func(filep, p, kdata) :
			   kfdc_ioctl_fixed_errno(nr);

	if ((cmd & IOC_OUT) && copy_to_user((void __user *)arg, kdata, usize))
		ret = -EFAULT;
out:
	if (kdata != stack_kdata)
		kfree(kdata);
	return ret;
}
