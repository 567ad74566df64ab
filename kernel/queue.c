// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * User queues: CREATE/DESTROY/UPDATE_QUEUE, SET_CU_MASK and
 * GET_QUEUE_WAVE_STATE with the checks, limits and errnos of Linux 6.1
 * (kfd_chardev.c, the process and device queue managers). A queue gets an
 * id in p->queue_idr, a 64-bit doorbell slot in its process's slice of the
 * GPU and an MQD built by the device's MQD manager (dev->asic); the backend
 * maps the MQD (dev->ops->map_queue). The argument rules are kfd-common's,
 * shared with the emulated KFD.
 */
#include <linux/bitmap.h>
#include <linux/log2.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#include "gcnkfd.h"
#include "kfd_queue_rules.h"

static bool gcnkfd_queue_is_sdma(const struct gcnkfd_queue *q)
{
	return kfdc_queue_type_is_sdma(q->props.type);
}

static bool gcnkfd_user_ok(u64 addr, u64 size)
{
	return access_ok(u64_to_user_ptr(addr), size);
}

static void gcnkfd_queue_mqd_init(struct gcnkfd_queue *q)
{
	q->props.trap_handler = q->pdd->tba != 0;
	q->mqd_mgr->init(q->mqd, &q->props);
}

static void gcnkfd_queue_mqd_update(struct gcnkfd_queue *q)
{
	q->mqd_mgr->update(q->mqd, &q->props);
}

static void gcnkfd_queue_mqd_set_cu_mask(struct gcnkfd_queue *q)
{
	q->mqd_mgr->set_cu_mask(q->mqd, &q->pdd->dev->props, q->cu_mask,
				q->cu_mask_count);
}

static struct gcnkfd_queue *gcnkfd_queue_find(struct gcnkfd_process *p,
					      u32 queue_id)
{
	if (queue_id >= KFDC_MAX_QUEUES_PER_PROCESS)
		return NULL;
	return idr_find(&p->queue_idr, queue_id);
}

/* Takes an SDMA slot (dev->lock held): the lowest free one. */
static int gcnkfd_sdma_alloc(struct gcnkfd_dev *dev, struct gcnkfd_queue *q)
{
	u32 slots = min_t(u32, kfdc_sdma_slots(&dev->props), BITS_PER_LONG);
	u32 id;

	/*
	 * XGMI SDMA engines (none on Vega 10) are not modelled; a backend
	 * that reports some still serves plain SDMA queues.
	 */
	if (q->props.type == KFD_IOC_QUEUE_TYPE_SDMA_XGMI)
		return -ENOMEM;
	id = find_first_zero_bit(&dev->sdma_used, slots);
	if (id >= slots)
		return -ENOMEM;
	q->props.sdma_engine = kfdc_sdma_slot_engine(&dev->props, id);
	q->props.sdma_queue = kfdc_sdma_slot_queue(&dev->props, id);
	__set_bit(id, &dev->sdma_used);
	return 0;
}

static void gcnkfd_sdma_free(struct gcnkfd_dev *dev, struct gcnkfd_queue *q)
{
	/* The slot kfdc_sdma_slot_engine/queue() took it from. */
	__clear_bit(q->props.sdma_queue * dev->props.num_sdma_engines +
		    q->props.sdma_engine, &dev->sdma_used);
}

/* A free CP doorbell slot of the process on this GPU, or -ENOMEM. */
static int gcnkfd_cp_doorbell_alloc(struct gcnkfd_pdd *pdd)
{
	const struct gcnkfd_dev *dev = pdd->dev;
	u32 slot;

	for (slot = 0; slot < KFDC_DOORBELLS_PER_PROCESS; slot++)
		if (!test_bit(slot, pdd->doorbell_used) &&
		    !dev->asic->doorbell_reserved(&dev->props, slot))
			return slot;
	return -ENOMEM;
}

static void gcnkfd_doorbell_clear(struct gcnkfd_pdd *pdd, u32 slot)
{
	u64 *doorbells = page_address(pdd->doorbells);

	WRITE_ONCE(doorbells[slot], 0);
}

/* Unmaps and frees a queue; p->lock held. */
static void gcnkfd_queue_destroy(struct gcnkfd_process *p,
				 struct gcnkfd_queue *q)
{
	struct gcnkfd_pdd *pdd = q->pdd;
	struct gcnkfd_dev *dev = pdd->dev;

	/* Returns once the backend no longer reads the queue's memory. */
	dev->ops->unmap_queue(dev, q);
	mutex_lock(&dev->lock);
	if (gcnkfd_queue_is_sdma(q))
		gcnkfd_sdma_free(dev, q);
	dev->queue_count--;
	mutex_unlock(&dev->lock);
	__clear_bit(q->props.doorbell, pdd->doorbell_used);
	pdd->queue_count--;
	idr_remove(&p->queue_idr, q->queue_id);
	kfree(q->cu_mask);
	kfree(q->mqd);
	kfree(q);
	atomic_dec(&gcnkfd_counters.queues);
}

void gcnkfd_queues_release(struct gcnkfd_process *p)
{
	struct gcnkfd_queue *q;
	int id;

	mutex_lock(&p->lock);
	idr_for_each_entry(&p->queue_idr, q, id)
		gcnkfd_queue_destroy(p, q);
	mutex_unlock(&p->lock);
}

static struct gcnkfd_queue *
gcnkfd_queue_alloc(struct gcnkfd_pdd *pdd,
		   const struct kfd_ioctl_create_queue_args *a)
{
	struct gcnkfd_queue *q = kzalloc(sizeof(*q), GFP_KERNEL);

	if (!q)
		return NULL;
	q->pdd = pdd;
	q->props.type = a->queue_type;
	q->props.ring_base = a->ring_base_address;
	q->props.ring_size = a->ring_size;
	q->props.read_ptr = a->read_pointer_address;
	q->props.write_ptr = a->write_pointer_address;
	q->props.eop_base = a->eop_buffer_address;
	q->props.eop_size = a->eop_buffer_size;
	q->ctx_save_base = a->ctx_save_restore_address;
	q->ctx_save_size = a->ctx_save_restore_size;
	q->ctl_stack_size = a->ctl_stack_size;
	q->percentage = a->queue_percentage;
	q->props.priority = a->queue_priority;
	q->mqd_mgr = pdd->dev->asic->mqd[gcnkfd_queue_is_sdma(q) ?
					     GCNKFD_MQD_TYPE_SDMA :
					     GCNKFD_MQD_TYPE_CP];
	q->mqd = kzalloc(q->mqd_mgr->mqd_size, GFP_KERNEL);
	if (!q->mqd) {
		kfree(q);
		return NULL;
	}
	return q;
}

int gcnkfd_ioctl_create_queue(struct file *f, struct gcnkfd_process *p,
			      void *args)
{
	struct kfd_ioctl_create_queue_args *a = args;
	struct gcnkfd_queue *q;
	struct gcnkfd_pdd *pdd;
	struct gcnkfd_dev *dev;
	int err, id;

	err = kfdc_check_create_queue(gcnkfd_user_ok, a);
	if (err)
		return err;

	mutex_lock(&p->lock);
	pdd = gcnkfd_bound_pdd(p, a->gpu_id, -ESRCH, &err);
	if (!pdd)
		goto out;
	dev = pdd->dev;
	/* The scheduler's limit, per process and device. */
	if (pdd->queue_count >= KFDC_MAX_QUEUES_PER_DEVICE) {
		err = -ENOSPC;
		goto out;
	}
	q = gcnkfd_queue_alloc(pdd, a);
	if (!q) {
		err = -ENOMEM;
		goto out;
	}
	id = idr_alloc(&p->queue_idr, q, 0, KFDC_MAX_QUEUES_PER_PROCESS,
		       GFP_KERNEL);
	if (id < 0) {
		err = -ENOMEM;	/* no free queue id, as Linux says it */
		goto err_idr;
	}
	q->queue_id = id;

	mutex_lock(&dev->lock);
	if (gcnkfd_queue_is_sdma(q)) {
		err = gcnkfd_sdma_alloc(dev, q);
		if (!err)
			q->props.doorbell = dev->asic->sdma_doorbell(q->props.sdma_engine,
							       q->props.sdma_queue);
	} else {
		err = gcnkfd_cp_doorbell_alloc(pdd);
		if (err >= 0) {
			q->props.doorbell = err;
			err = 0;
		}
	}
	if (!err)
		dev->queue_count++;
	mutex_unlock(&dev->lock);
	if (err)
		goto err_slot;
	__set_bit(q->props.doorbell, pdd->doorbell_used);
	gcnkfd_doorbell_clear(pdd, q->props.doorbell);

	gcnkfd_queue_mqd_init(q);
	err = dev->ops->map_queue(dev, q);
	if (err)
		goto err_map;

	pdd->queue_count++;
	atomic_inc(&gcnkfd_counters.queues);
	a->queue_id = q->queue_id;
	/* SOC15: the slot's byte offset in the process's doorbell slice. */
	a->doorbell_offset = KFDC_MMAP_TYPE_DOORBELL |
			     kfdc_mmap_gpu_id(a->gpu_id) |
			     ((u64)q->props.doorbell * sizeof(u64));
	mutex_unlock(&p->lock);
	return 0;

err_map:
	__clear_bit(q->props.doorbell, pdd->doorbell_used);
	mutex_lock(&dev->lock);
	if (gcnkfd_queue_is_sdma(q))
		gcnkfd_sdma_free(dev, q);
	dev->queue_count--;
	mutex_unlock(&dev->lock);
err_slot:
	idr_remove(&p->queue_idr, q->queue_id);
err_idr:
	kfree(q->mqd);
	kfree(q);
out:
	mutex_unlock(&p->lock);
	return err;
}

int gcnkfd_ioctl_destroy_queue(struct file *f, struct gcnkfd_process *p,
			       void *args)
{
	struct kfd_ioctl_destroy_queue_args *a = args;
	struct gcnkfd_queue *q;
	int err = 0;

	mutex_lock(&p->lock);
	q = gcnkfd_queue_find(p, a->queue_id);
	if (q)
		gcnkfd_queue_destroy(p, q);
	else
		err = -EINVAL;
	mutex_unlock(&p->lock);
	return err;
}

/*
 * The backend reads MQDs under dev->lock (debugfs, and later the emulator),
 * so a mapped queue's MQD changes under it too.
 */
static int gcnkfd_queue_reload(struct gcnkfd_queue *q,
			       void (*change)(struct gcnkfd_queue *q))
{
	struct gcnkfd_dev *dev = q->pdd->dev;

	mutex_lock(&dev->lock);
	change(q);
	mutex_unlock(&dev->lock);
	return dev->ops->update_queue(dev, q);
}

int gcnkfd_ioctl_update_queue(struct file *f, struct gcnkfd_process *p,
			      void *args)
{
	struct kfd_ioctl_update_queue_args *a = args;
	u32 ring_size = a->ring_size;
	struct gcnkfd_queue *q;
	int err;

	err = kfdc_check_ring(gcnkfd_user_ok, a->queue_percentage,
			      a->queue_priority, a->ring_base_address,
			      &ring_size);
	if (err)
		return err;

	mutex_lock(&p->lock);
	q = gcnkfd_queue_find(p, a->queue_id);
	if (!q) {
		err = -EFAULT;
		goto out;
	}
	q->props.ring_base = a->ring_base_address;
	q->props.ring_size = ring_size;
	q->percentage = a->queue_percentage;
	q->props.priority = a->queue_priority;
	err = gcnkfd_queue_reload(q, gcnkfd_queue_mqd_update);
out:
	mutex_unlock(&p->lock);
	return err;
}

int gcnkfd_ioctl_set_cu_mask(struct file *f, struct gcnkfd_process *p,
			     void *args)
{
	struct kfd_ioctl_set_cu_mask_args *a = args;
	u32 bits;
	struct gcnkfd_queue *q;
	u32 *mask;
	int err;

	err = kfdc_cu_mask_bits(a->num_cu_mask);
	if (err < 0)
		return err;
	bits = err;
	mask = memdup_user(u64_to_user_ptr(a->cu_mask_ptr), bits / 8);
	if (IS_ERR(mask))
		return PTR_ERR(mask);

	mutex_lock(&p->lock);
	q = gcnkfd_queue_find(p, a->queue_id);
	if (!q) {
		err = -EFAULT;
		goto out;
	}
	swap(q->cu_mask, mask);
	q->cu_mask_count = bits;
	/*
	 * An MQD without a CU mask (SDMA): accepted without effect. A mask that
	 * enables no CU is accepted too (Linux does not check); the queue
	 * would then never launch a workgroup.
	 */
	if (!q->mqd_mgr->set_cu_mask)
		err = 0;
	else
		err = gcnkfd_queue_reload(q, gcnkfd_queue_mqd_set_cu_mask);
out:
	mutex_unlock(&p->lock);
	kfree(mask);
	return err;
}

int gcnkfd_ioctl_get_queue_wave_state(struct file *f,
				      struct gcnkfd_process *p, void *args)
{
	struct kfd_ioctl_get_queue_wave_state_args *a = args;
	int err;

	/* Without CWSR there is no saved wave state for any queue. */
	mutex_lock(&p->lock);
	err = gcnkfd_queue_find(p, a->queue_id) ? -EINVAL : -EFAULT;
	mutex_unlock(&p->lock);
	return err;
}
