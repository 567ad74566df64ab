// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * User queues: CREATE/DESTROY/UPDATE_QUEUE, SET_CU_MASK and
 * GET_QUEUE_WAVE_STATE with the checks, limits and errnos of Linux 6.1
 * (kfd_chardev.c, the process and device queue managers). A queue gets an
 * id in p->queue_idr, a 64-bit doorbell slot in its process's slice of the
 * GPU and an MQD built as kfd_mqd_manager_v9.c builds it; the backend maps
 * the MQD (dev->ops->map_queue). The virtual GPU has no GART and no CWSR:
 * MQD fields that hold GPU addresses of kernel memory stay 0 and the
 * context save area is not programmed.
 */
#include <linux/bitmap.h>
#include <linux/log2.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#include "gcnkfd.h"
#include "gfx9_mqd.h"

/* Rings shorter than this are taken as this long, as in Linux. */
#define GCNKFD_MIN_QUEUE_RING_BYTES 1024
/* SET_CU_MASK reads at most this many bits; the rest are dropped. */
#define GCNKFD_MAX_CU_MASK_BITS 1024

/*
 * SOC15 SDMA doorbells are static: engine e's queue q rings slot
 * base[e] + (q & 1) * 512 + (q >> 1). Vega 10's engines start at 0xf0 and
 * 0xf2 (the values the emulated KFD uses too).
 */
#define GCNKFD_SDMA_DOORBELL_MIRROR 512
static const u32 gcnkfd_sdma_doorbell_base[] = { 0xf0, 0xf2 };

/* The KFD's pipe priority per queue priority: low, medium (7-10), high. */
static const u8 gcnkfd_pipe_priority[GCNKFD_MAX_QUEUE_PRIORITY + 1] = {
	0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 2
};

static bool gcnkfd_queue_is_sdma(const struct gcnkfd_queue *q)
{
	return q->type == KFD_IOC_QUEUE_TYPE_SDMA ||
	       q->type == KFD_IOC_QUEUE_TYPE_SDMA_XGMI;
}

static u32 gcnkfd_sdma_doorbell(u32 engine, u32 queue)
{
	return gcnkfd_sdma_doorbell_base[engine] +
	       (queue & 1) * GCNKFD_SDMA_DOORBELL_MIRROR + (queue >> 1);
}

/* Slots reserved for SDMA doorbells are never given to a CP queue. */
static bool gcnkfd_doorbell_is_sdma(u32 slot)
{
	u32 e, qi;

	for (e = 0; e < ARRAY_SIZE(gcnkfd_sdma_doorbell_base); e++)
		for (qi = 0; qi < 2; qi++)
			if (gcnkfd_sdma_doorbell(e, qi) == slot)
				return true;
	return false;
}

static bool gcnkfd_user_ok(u64 addr, size_t size)
{
	return access_ok(u64_to_user_ptr(addr), size);
}

/*
 * The checks of set_queue_properties_from_user that UPDATE_QUEUE repeats:
 * a ring size of 0 is allowed, a smaller one is raised to the minimum.
 */
static int gcnkfd_check_ring(u32 percentage, u32 priority, u64 ring_base,
			     u32 *ring_size)
{
	if (percentage > GCNKFD_MAX_QUEUE_PERCENTAGE)
		return -EINVAL;
	if (priority > GCNKFD_MAX_QUEUE_PRIORITY)
		return -EINVAL;
	if (ring_base && !gcnkfd_user_ok(ring_base, sizeof(u64)))
		return -EFAULT;
	if (*ring_size && !is_power_of_2(*ring_size))
		return -EINVAL;
	if (*ring_size < GCNKFD_MIN_QUEUE_RING_BYTES)
		*ring_size = GCNKFD_MIN_QUEUE_RING_BYTES;
	return 0;
}

/* In Linux's order: ring, pointers, EOP, save area, then the type. */
static int gcnkfd_check_create(struct kfd_ioctl_create_queue_args *a)
{
	int err;

	err = gcnkfd_check_ring(a->queue_percentage, a->queue_priority,
				a->ring_base_address, &a->ring_size);
	if (err)
		return err;
	if (!gcnkfd_user_ok(a->read_pointer_address, sizeof(u32)) ||
	    !gcnkfd_user_ok(a->write_pointer_address, sizeof(u32)))
		return -EFAULT;
	if (a->eop_buffer_address &&
	    !gcnkfd_user_ok(a->eop_buffer_address, sizeof(u32)))
		return -EFAULT;
	if (a->ctx_save_restore_address &&
	    !gcnkfd_user_ok(a->ctx_save_restore_address, sizeof(u32)))
		return -EFAULT;
	switch (a->queue_type) {
	case KFD_IOC_QUEUE_TYPE_COMPUTE:
	case KFD_IOC_QUEUE_TYPE_COMPUTE_AQL:
	case KFD_IOC_QUEUE_TYPE_SDMA:
	case KFD_IOC_QUEUE_TYPE_SDMA_XGMI:
		return 0;
	default:
		return -GCNKFD_ENOTSUPP;
	}
}

/* The MQD's doorbell offset counts dwords; a slot is 8 bytes. */
static u32 gcnkfd_doorbell_dw(const struct gcnkfd_queue *q)
{
	return q->doorbell * 2;
}

/* update_mqd of kfd_mqd_manager_v9.c: the fields the properties set. */
static void gcnkfd_mqd_update(struct gcnkfd_queue *q)
{
	struct fw_v9_mqd *m = q->mqd;
	int eop_size;

	m->cp_hqd_pq_control =
		FW_FIELD_PREP(FW_CP_HQD_PQ_CONTROL_RPTR_BLOCK_SIZE, 5) |
		FW_FIELD_PREP(FW_CP_HQD_PQ_CONTROL_QUEUE_SIZE,
			      order_base_2(q->ring_size / 4) - 1);
	m->cp_hqd_pq_base_lo = lower_32_bits(q->ring_base >> 8);
	m->cp_hqd_pq_base_hi = upper_32_bits(q->ring_base >> 8);
	m->cp_hqd_pq_rptr_report_addr_lo = lower_32_bits(q->read_ptr);
	m->cp_hqd_pq_rptr_report_addr_hi = upper_32_bits(q->read_ptr);
	m->cp_hqd_pq_wptr_poll_addr_lo = lower_32_bits(q->write_ptr);
	m->cp_hqd_pq_wptr_poll_addr_hi = upper_32_bits(q->write_ptr);
	m->cp_hqd_pq_doorbell_control =
		FW_FIELD_PREP(FW_CP_HQD_PQ_DOORBELL_CONTROL_DOORBELL_OFFSET,
			      gcnkfd_doorbell_dw(q));
	m->cp_hqd_ib_control =
		FW_FIELD_PREP(FW_CP_HQD_IB_CONTROL_MIN_IB_AVAIL_SIZE, 3) |
		FW_FIELD_PREP(FW_CP_HQD_IB_CONTROL_IB_EXE_DISABLE, 1);
	/*
	 * At most 0xa: the CP counts EOP entries in 8 bits. Linux computes
	 * this in int without a lower bound, so an EOP buffer under 8 bytes
	 * (none given) yields all ones; the same value is kept here.
	 */
	eop_size = min_t(int, 0xa, (int)order_base_2(q->eop_size / 4) - 1);
	m->cp_hqd_eop_control = (u32)eop_size;
	m->cp_hqd_eop_base_addr_lo = lower_32_bits(q->eop_base >> 8);
	m->cp_hqd_eop_base_addr_hi = upper_32_bits(q->eop_base >> 8);
	m->cp_hqd_iq_timer = 0;
	/* The scheduler (HWS) fills the VMID when it maps the process. */
	m->cp_hqd_vmid = 0;
	if (q->type == KFD_IOC_QUEUE_TYPE_COMPUTE_AQL) {
		m->cp_hqd_pq_control |=
			FW_FIELD_PREP(FW_CP_HQD_PQ_CONTROL_NO_UPDATE_RPTR, 1) |
			FW_FIELD_PREP(FW_CP_HQD_PQ_CONTROL_SLOT_BASED_WPTR, 2) |
			FW_FIELD_PREP(FW_CP_HQD_PQ_CONTROL_QUEUE_FULL_EN, 1) |
			FW_FIELD_PREP(FW_CP_HQD_PQ_CONTROL_WPP_CLAMP_EN, 1);
		m->cp_hqd_pq_doorbell_control |=
		    FW_FIELD_PREP(FW_CP_HQD_PQ_DOORBELL_CONTROL_DOORBELL_BIF_DROP,
				  1);
	}
	m->cp_hqd_pipe_priority = gcnkfd_pipe_priority[q->priority];
	m->cp_hqd_queue_priority = q->priority;
}

/* init_mqd of kfd_mqd_manager_v9.c, then update_mqd. */
static void gcnkfd_mqd_init(struct gcnkfd_queue *q)
{
	struct fw_v9_mqd *m = q->mqd;

	m->header = FW_V9_MQD_HEADER;
	m->compute_pipelinestat_enable = 1;
	m->compute_static_thread_mgmt_se0 = FW_STATIC_THREAD_MGMT_ALL_CUS;
	m->compute_static_thread_mgmt_se1 = FW_STATIC_THREAD_MGMT_ALL_CUS;
	m->compute_static_thread_mgmt_se2 = FW_STATIC_THREAD_MGMT_ALL_CUS;
	m->compute_static_thread_mgmt_se3 = FW_STATIC_THREAD_MGMT_ALL_CUS;
	m->compute_static_thread_mgmt_se4 = FW_STATIC_THREAD_MGMT_ALL_CUS;
	m->compute_static_thread_mgmt_se5 = FW_STATIC_THREAD_MGMT_ALL_CUS;
	m->compute_static_thread_mgmt_se6 = FW_STATIC_THREAD_MGMT_ALL_CUS;
	m->compute_static_thread_mgmt_se7 = FW_STATIC_THREAD_MGMT_ALL_CUS;
	m->cp_hqd_persistent_state =
		FW_FIELD_PREP(FW_CP_HQD_PERSISTENT_STATE_PRELOAD_REQ, 1) |
		FW_FIELD_PREP(FW_CP_HQD_PERSISTENT_STATE_PRELOAD_SIZE, 0x53);
	m->cp_mqd_control = FW_FIELD_PREP(FW_CP_MQD_CONTROL_PRIV_STATE, 1);
	m->cp_hqd_quantum =
		FW_FIELD_PREP(FW_CP_HQD_QUANTUM_QUANTUM_EN, 1) |
		FW_FIELD_PREP(FW_CP_HQD_QUANTUM_QUANTUM_SCALE, 1) |
		FW_FIELD_PREP(FW_CP_HQD_QUANTUM_QUANTUM_DURATION, 1);
	if (q->type == KFD_IOC_QUEUE_TYPE_COMPUTE_AQL)
		m->cp_hqd_aql_control =
			FW_FIELD_PREP(FW_CP_HQD_AQL_CONTROL_CONTROL0, 1);
	if (q->pdd->tba)
		m->compute_pgm_rsrc2 |=
			FW_FIELD_PREP(FW_V9_COMPUTE_PGM_RSRC2_TRAP_PRESENT, 1);
	gcnkfd_mqd_update(q);
}

/* update_mqd_sdma of kfd_mqd_manager_v9.c (init_mqd_sdma only zeroes). */
static void gcnkfd_sdma_mqd_update(struct gcnkfd_queue *q)
{
	struct fw_v9_sdma_mqd *m = q->mqd;

	m->sdmax_rlcx_rb_cntl =
		FW_FIELD_PREP(FW_SDMA_RLC_RB_CNTL_RB_SIZE,
			      order_base_2(q->ring_size / 4)) |
		FW_FIELD_PREP(FW_SDMA_RLC_RB_CNTL_RB_VMID, 0) |
		FW_FIELD_PREP(FW_SDMA_RLC_RB_CNTL_RPTR_WRITEBACK_ENABLE, 1) |
		FW_FIELD_PREP(FW_SDMA_RLC_RB_CNTL_RPTR_WRITEBACK_TIMER, 6);
	m->sdmax_rlcx_rb_base = lower_32_bits(q->ring_base >> 8);
	m->sdmax_rlcx_rb_base_hi = upper_32_bits(q->ring_base >> 8);
	m->sdmax_rlcx_rb_rptr_addr_lo = lower_32_bits(q->read_ptr);
	m->sdmax_rlcx_rb_rptr_addr_hi = upper_32_bits(q->read_ptr);
	m->sdmax_rlcx_doorbell_offset =
		FW_FIELD_PREP(FW_SDMA_RLC_DOORBELL_OFFSET_OFFSET,
			      gcnkfd_doorbell_dw(q));
	m->sdma_engine_id = q->sdma_engine;
	m->sdma_queue_id = q->sdma_queue;
	m->sdmax_rlcx_dummy_reg = FW_SDMA_RLC_DUMMY_DEFAULT;
}

static void gcnkfd_queue_mqd_update(struct gcnkfd_queue *q)
{
	if (gcnkfd_queue_is_sdma(q))
		gcnkfd_sdma_mqd_update(q);
	else
		gcnkfd_mqd_update(q);
}

/*
 * mqd_symmetrically_map_cu_mask for gfx9: user bit i names the i-th active
 * CU counted over the SEs first, then the SE's shader arrays, then up the
 * CU index; bits past the active CU count are ignored.
 */
static void gcnkfd_map_cu_mask(const struct gcnkfd_gpu_props *pr,
			       const u32 *mask, u32 count,
			       u32 se_mask[FW_GFX9_MAX_SE])
{
	u32 sh_per_se = min_t(u32, pr->simd_arrays_per_engine,
			      FW_GFX9_MAX_SH_PER_SE);
	u32 ses = sh_per_se ? pr->array_count / pr->simd_arrays_per_engine : 0;
	u32 cus = min_t(u32, pr->cu_per_simd_array, FW_GFX9_MAX_CU_PER_SH);
	u32 se, sh, cu, i = 0;

	ses = min_t(u32, ses, FW_GFX9_MAX_SE);
	count = min(count, pr->cu_count);
	memset(se_mask, 0, sizeof(u32) * FW_GFX9_MAX_SE);
	/* Every SH of the virtual GPU has all its CUs active. */
	for (cu = 0; cu < cus; cu++)
		for (sh = 0; sh < sh_per_se; sh++)
			for (se = 0; se < ses; se++) {
				if (i >= count)
					return;
				if (mask[i / 32] & BIT(i % 32))
					se_mask[se] |= BIT(cu + sh * 16);
				i++;
			}
}

static void gcnkfd_mqd_set_cu_mask(struct gcnkfd_queue *q)
{
	struct fw_v9_mqd *m = q->mqd;
	u32 se_mask[FW_GFX9_MAX_SE];

	gcnkfd_map_cu_mask(&q->pdd->dev->props, q->cu_mask, q->cu_mask_count,
			   se_mask);
	m->compute_static_thread_mgmt_se0 = se_mask[0];
	m->compute_static_thread_mgmt_se1 = se_mask[1];
	m->compute_static_thread_mgmt_se2 = se_mask[2];
	m->compute_static_thread_mgmt_se3 = se_mask[3];
	/* gfx9 has at most 4 SEs: Linux's se_mask[4..7] are 0 here. */
	m->compute_static_thread_mgmt_se4 = 0;
	m->compute_static_thread_mgmt_se5 = 0;
	m->compute_static_thread_mgmt_se6 = 0;
	m->compute_static_thread_mgmt_se7 = 0;
}

static struct gcnkfd_queue *gcnkfd_queue_find(struct gcnkfd_process *p,
					      u32 queue_id)
{
	if (queue_id >= GCNKFD_MAX_QUEUES_PER_PROCESS)
		return NULL;
	return idr_find(&p->queue_idr, queue_id);
}

/* Takes an SDMA slot (dev->lock held): sdma id n is engine n % engines. */
static int gcnkfd_sdma_alloc(struct gcnkfd_dev *dev, struct gcnkfd_queue *q)
{
	u32 engines = min_t(u32, dev->props.num_sdma_engines,
			    ARRAY_SIZE(gcnkfd_sdma_doorbell_base));
	u32 slots = engines * dev->props.num_sdma_queues_per_engine;
	u32 id;

	/*
	 * XGMI SDMA engines (none on Vega 10) are not modelled; a backend
	 * that reports some still serves plain SDMA queues.
	 */
	if (q->type == KFD_IOC_QUEUE_TYPE_SDMA_XGMI)
		return -ENOMEM;
	slots = min_t(u32, slots, BITS_PER_LONG);
	id = find_first_zero_bit(&dev->sdma_used, slots);
	if (id >= slots)
		return -ENOMEM;
	q->sdma_engine = id % engines;
	q->sdma_queue = id / engines;
	__set_bit(id, &dev->sdma_used);
	return 0;
}

static void gcnkfd_sdma_free(struct gcnkfd_dev *dev, struct gcnkfd_queue *q)
{
	u32 engines = min_t(u32, dev->props.num_sdma_engines,
			    ARRAY_SIZE(gcnkfd_sdma_doorbell_base));

	__clear_bit(q->sdma_queue * engines + q->sdma_engine, &dev->sdma_used);
}

/* A free CP doorbell slot of the process on this GPU, or -ENOMEM. */
static int gcnkfd_cp_doorbell_alloc(struct gcnkfd_pdd *pdd)
{
	u32 slot;

	for (slot = 0; slot < GCNKFD_DOORBELLS_PER_PROCESS; slot++)
		if (!test_bit(slot, pdd->doorbell_used) &&
		    !gcnkfd_doorbell_is_sdma(slot))
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
	__clear_bit(q->doorbell, pdd->doorbell_used);
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
	q->type = a->queue_type;
	q->ring_base = a->ring_base_address;
	q->ring_size = a->ring_size;
	q->read_ptr = a->read_pointer_address;
	q->write_ptr = a->write_pointer_address;
	q->eop_base = a->eop_buffer_address;
	q->eop_size = a->eop_buffer_size;
	q->ctx_save_base = a->ctx_save_restore_address;
	q->ctx_save_size = a->ctx_save_restore_size;
	q->ctl_stack_size = a->ctl_stack_size;
	q->percentage = a->queue_percentage;
	q->priority = a->queue_priority;
	q->mqd_size = gcnkfd_queue_is_sdma(q) ? sizeof(struct fw_v9_sdma_mqd) :
						 sizeof(struct fw_v9_mqd);
	q->mqd = kzalloc(q->mqd_size, GFP_KERNEL);
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

	err = gcnkfd_check_create(a);
	if (err)
		return err;

	mutex_lock(&p->lock);
	pdd = gcnkfd_bound_pdd(p, a->gpu_id, -ESRCH, &err);
	if (!pdd)
		goto out;
	dev = pdd->dev;
	/* The scheduler's limit, per process and device. */
	if (pdd->queue_count >= GCNKFD_MAX_QUEUES_PER_DEVICE) {
		err = -ENOSPC;
		goto out;
	}
	q = gcnkfd_queue_alloc(pdd, a);
	if (!q) {
		err = -ENOMEM;
		goto out;
	}
	id = idr_alloc(&p->queue_idr, q, 0, GCNKFD_MAX_QUEUES_PER_PROCESS,
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
			q->doorbell = gcnkfd_sdma_doorbell(q->sdma_engine,
							   q->sdma_queue);
	} else {
		err = gcnkfd_cp_doorbell_alloc(pdd);
		if (err >= 0) {
			q->doorbell = err;
			err = 0;
		}
	}
	if (!err)
		dev->queue_count++;
	mutex_unlock(&dev->lock);
	if (err)
		goto err_slot;
	__set_bit(q->doorbell, pdd->doorbell_used);
	gcnkfd_doorbell_clear(pdd, q->doorbell);

	if (gcnkfd_queue_is_sdma(q))
		gcnkfd_sdma_mqd_update(q);
	else
		gcnkfd_mqd_init(q);
	err = dev->ops->map_queue(dev, q);
	if (err)
		goto err_map;

	pdd->queue_count++;
	atomic_inc(&gcnkfd_counters.queues);
	a->queue_id = q->queue_id;
	/* SOC15: the slot's byte offset in the process's doorbell slice. */
	a->doorbell_offset = GCNKFD_MMAP_TYPE_DOORBELL |
			     GCNKFD_MMAP_GPU_ID(a->gpu_id) |
			     ((u64)q->doorbell * sizeof(u64));
	mutex_unlock(&p->lock);
	return 0;

err_map:
	__clear_bit(q->doorbell, pdd->doorbell_used);
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

	err = gcnkfd_check_ring(a->queue_percentage, a->queue_priority,
				a->ring_base_address, &ring_size);
	if (err)
		return err;

	mutex_lock(&p->lock);
	q = gcnkfd_queue_find(p, a->queue_id);
	if (!q) {
		err = -EFAULT;
		goto out;
	}
	q->ring_base = a->ring_base_address;
	q->ring_size = ring_size;
	q->percentage = a->queue_percentage;
	q->priority = a->queue_priority;
	err = gcnkfd_queue_reload(q, gcnkfd_queue_mqd_update);
out:
	mutex_unlock(&p->lock);
	return err;
}

int gcnkfd_ioctl_set_cu_mask(struct file *f, struct gcnkfd_process *p,
			     void *args)
{
	struct kfd_ioctl_set_cu_mask_args *a = args;
	u32 bits = a->num_cu_mask;
	struct gcnkfd_queue *q;
	u32 *mask;
	int err;

	if (bits % 32 || !bits)
		return -EINVAL;
	/* Linux reads at most 1024 bits and ignores the rest. */
	bits = min_t(u32, bits, GCNKFD_MAX_CU_MASK_BITS);
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
	 * The SDMA MQD has no CU mask: accepted without effect. A mask that
	 * enables no CU is accepted too (Linux does not check); the queue
	 * would then never launch a workgroup.
	 */
	if (gcnkfd_queue_is_sdma(q))
		err = 0;
	else
		err = gcnkfd_queue_reload(q, gcnkfd_mqd_set_cu_mask);
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
