// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * The virtual gfx9 backend: a Vega 10 (gfx900) as the project's emulator
 * models it. The GPU is a device process (gcn-vgpud) attached through the
 * backend file (vgpu_file.c); this file is the driver's side of it, what
 * amdkfd's device queue manager and amdgpu's VM code do for a real gfx9:
 *
 * - a queue is mapped with its MQD (MAP_QUEUE, as the HIQ's MAP_QUEUES),
 *   reloaded when the MQD changes and unmapped with preemption, each
 *   waiting for the device's ACK;
 * - a process gets a context (its VMID) on the GPU the first time it maps
 *   a queue or a buffer there: its doorbell slice, its trap handler, and
 *   every buffer already mapped on the GPU (so a process also works on a
 *   device that attached after it mapped its memory);
 * - MAP/UNMAP_MEMORY send the buffer's pages as GPUVM ranges; an unmap
 *   returns after the device's ACK (a TLB flush that waits) and the
 *   revocation of its mappings, so the pages may be freed.
 *
 * State that belongs to one attachment (a pdd's context, a queue's
 * mapping) carries its generation: after the device is lost, the old
 * queues stay dead and nothing is sent for them.
 */
#include <linux/debugfs.h>
#include <linux/idr.h>
#include <linux/mm.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/timekeeping.h>

#include "gcnkfd.h"
#include "gfx9_mqd.h"
#include "kfd_device_vega10.h"
#include "vgpu.h"

struct vgfx9 {
	struct list_head queues;	/* gcnkfd_queue.dev_list, dev->lock */
	unsigned int hqd_count;
	struct ida hqd_ida;		/* the queue handles the device sees */
	struct dentry *queues_file;	/* debugfs gpu<id>/queues */
	struct dentry *device_file;	/* debugfs gpu<id>/device */
	struct vgpu_slot slot;
};

struct vgpu_slot *vgfx9_slot(struct gcnkfd_dev *dev)
{
	struct vgfx9 *v = dev->backend;

	return &v->slot;
}

static int vgfx9_init(struct gcnkfd_dev *dev)
{
	struct vgfx9 *v;

	v = kzalloc(sizeof(*v), GFP_KERNEL);
	if (!v)
		return -ENOMEM;
	INIT_LIST_HEAD(&v->queues);
	ida_init(&v->hqd_ida);
	vgpu_slot_init(&v->slot, dev);
	dev->backend = v;
	dev->asic = &gcnkfd_asic_v9;
	strscpy(dev->name, KFDC_VEGA10_NAME, sizeof(dev->name));
	/* The device model the emulated KFD publishes too (kfd-common). */
	kfdc_vega10_props(&dev->props, dev->index, KFDC_VEGA10_MAX_CUS,
			  (u64)totalram_pages() << PAGE_SHIFT);
	return 0;
}

static void vgfx9_fini(struct gcnkfd_dev *dev)
{
	struct vgfx9 *v = dev->backend;

	/* Waits for readers; the directory goes later, in debugfs.c. */
	debugfs_remove(v->queues_file);
	debugfs_remove(v->device_file);
	vgpu_slot_fini(&v->slot);
	ida_destroy(&v->hqd_ida);
	kfree(dev->backend);
	dev->backend = NULL;
}

static u64 vgfx9_hi_lo(u32 hi, u32 lo)
{
	return (u64)hi << 32 | lo;
}

static const char *vgfx9_queue_type(const struct gcnkfd_queue *q)
{
	switch (q->props.type) {
	case KFD_IOC_QUEUE_TYPE_COMPUTE:
		return "compute";
	case KFD_IOC_QUEUE_TYPE_COMPUTE_AQL:
		return "compute_aql";
	case KFD_IOC_QUEUE_TYPE_SDMA:
		return "sdma";
	default:
		return "sdma_xgmi";
	}
}

static void vgfx9_show_cp(struct seq_file *m, const struct fw_v9_mqd *d)
{
	seq_printf(m, " cp_hqd_pq_base=0x%llx cp_hqd_pq_control=0x%x",
		   vgfx9_hi_lo(d->cp_hqd_pq_base_hi, d->cp_hqd_pq_base_lo),
		   d->cp_hqd_pq_control);
	seq_printf(m, " cp_hqd_pq_rptr_report_addr=0x%llx",
		   vgfx9_hi_lo(d->cp_hqd_pq_rptr_report_addr_hi,
			       d->cp_hqd_pq_rptr_report_addr_lo));
	seq_printf(m, " cp_hqd_pq_wptr_poll_addr=0x%llx",
		   vgfx9_hi_lo(d->cp_hqd_pq_wptr_poll_addr_hi,
			       d->cp_hqd_pq_wptr_poll_addr_lo));
	seq_printf(m, " cp_hqd_pq_doorbell_control=0x%x",
		   d->cp_hqd_pq_doorbell_control);
	seq_printf(m, " cp_hqd_eop_base_addr=0x%llx cp_hqd_eop_control=0x%x",
		   vgfx9_hi_lo(d->cp_hqd_eop_base_addr_hi,
			       d->cp_hqd_eop_base_addr_lo),
		   d->cp_hqd_eop_control);
	seq_printf(m, " compute_static_thread_mgmt_se0=0x%x",
		   d->compute_static_thread_mgmt_se0);
	seq_printf(m, " compute_static_thread_mgmt_se1=0x%x",
		   d->compute_static_thread_mgmt_se1);
	seq_printf(m, " compute_static_thread_mgmt_se2=0x%x",
		   d->compute_static_thread_mgmt_se2);
	seq_printf(m, " compute_static_thread_mgmt_se3=0x%x",
		   d->compute_static_thread_mgmt_se3);
	seq_printf(m, " cp_hqd_pipe_priority=%u cp_hqd_queue_priority=%u",
		   d->cp_hqd_pipe_priority, d->cp_hqd_queue_priority);
	seq_printf(m, " cp_hqd_persistent_state=0x%x cp_hqd_aql_control=0x%x",
		   d->cp_hqd_persistent_state, d->cp_hqd_aql_control);
	seq_printf(m, " header=0x%x\n", d->header);
}

static void vgfx9_show_sdma(struct seq_file *m,
			    const struct fw_v9_sdma_mqd *d)
{
	seq_printf(m, " sdma_engine_id=%u sdma_queue_id=%u",
		   d->sdma_engine_id, d->sdma_queue_id);
	seq_printf(m, " sdmax_rlcx_rb_cntl=0x%x sdmax_rlcx_rb_base=0x%llx",
		   d->sdmax_rlcx_rb_cntl,
		   vgfx9_hi_lo(d->sdmax_rlcx_rb_base_hi,
			       d->sdmax_rlcx_rb_base));
	seq_printf(m, " sdmax_rlcx_rb_rptr_addr=0x%llx",
		   vgfx9_hi_lo(d->sdmax_rlcx_rb_rptr_addr_hi,
			       d->sdmax_rlcx_rb_rptr_addr_lo));
	seq_printf(m, " sdmax_rlcx_doorbell_offset=0x%x\n",
		   d->sdmax_rlcx_doorbell_offset);
}

/*
 * One line per mapped queue, "key=value" pairs separated by spaces: who
 * owns it, its doorbell slot and the MQD registers the KFD programmed
 * (64-bit registers joined from their _hi and _lo halves).
 */
static int vgfx9_queues_show(struct seq_file *m, void *unused)
{
	struct gcnkfd_dev *dev = m->private;
	struct vgfx9 *v = dev->backend;
	struct gcnkfd_queue *q;

	mutex_lock(&dev->lock);
	list_for_each_entry(q, &v->queues, dev_list) {
		seq_printf(m, "pasid=%u queue_id=%u type=%s doorbell=%u",
			   q->pdd->p->pasid, q->queue_id, vgfx9_queue_type(q),
			   q->props.doorbell);
		if (q->props.type == KFD_IOC_QUEUE_TYPE_SDMA ||
		    q->props.type == KFD_IOC_QUEUE_TYPE_SDMA_XGMI)
			vgfx9_show_sdma(m, q->mqd);
		else
			vgfx9_show_cp(m, q->mqd);
	}
	mutex_unlock(&dev->lock);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(vgfx9_queues);

/*
 * The attached device: one line, "attached=1 pid=123 messages=N
 * interrupts=M resets=K" (resets: devices lost since the module loaded).
 */
static int vgfx9_device_show(struct seq_file *m, void *unused)
{
	struct gcnkfd_dev *dev = m->private;
	struct vgpu_slot *s = vgfx9_slot(dev);

	mutex_lock(&s->lock);
	seq_printf(m, "attached=%d pid=%d messages=%lld interrupts=%lld resets=%d\n",
		   s->link ? 1 : 0, s->pid,
		   (long long)atomic64_read(&s->messages),
		   (long long)atomic64_read(&s->interrupts),
		   atomic_read(&s->resets));
	mutex_unlock(&s->lock);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(vgfx9_device);

/* dev->debugfs exists once the device has its gpu id (after init). */
static void vgfx9_debugfs_init(struct gcnkfd_dev *dev)
{
	struct vgfx9 *v = dev->backend;

	v->queues_file = debugfs_create_file("queues", 0444, dev->debugfs, dev,
					     &vgfx9_queues_fops);
	v->device_file = debugfs_create_file("device", 0444, dev->debugfs, dev,
					     &vgfx9_device_fops);
}

static struct fw_vgpu_msg *vgfx9_msg(u32 op, const struct gcnkfd_pdd *pdd)
{
	struct fw_vgpu_msg *m = kzalloc(sizeof(*m), GFP_KERNEL);

	if (m) {
		m->op = op;
		m->pasid = pdd->p->pasid;
	}
	return m;
}

/* Sends one message and frees it. */
static int vgfx9_send(struct vgpu_link *l, struct fw_vgpu_msg *m)
{
	int err;

	if (!m)
		return -ENOMEM;
	err = vgpu_call(l, m);
	kfree(m);
	return err;
}

static bool vgfx9_bo_writable(const struct gcnkfd_bo *bo)
{
	return bo->flags & (KFD_IOC_ALLOC_MEM_FLAGS_WRITABLE |
			    KFD_IOC_ALLOC_MEM_FLAGS_DOORBELL |
			    KFD_IOC_ALLOC_MEM_FLAGS_MMIO_REMAP);
}

/*
 * The pages the GPU sees for bo: its own or pinned pages, or the doorbell
 * slice or MMIO page it stands for (first, contiguous). 0: none.
 */
static unsigned long vgfx9_bo_pages(const struct gcnkfd_bo *bo,
				    struct page **first)
{
	unsigned long npages = bo->npages;

	*first = NULL;
	if (bo->flags & KFD_IOC_ALLOC_MEM_FLAGS_DOORBELL) {
		*first = bo->pdd->doorbells;
		npages = KFDC_DOORBELL_SLICE_BYTES >> PAGE_SHIFT;
	} else if (bo->flags & KFD_IOC_ALLOC_MEM_FLAGS_MMIO_REMAP) {
		*first = bo->pdd->mmio_page;
		npages = 1;
	} else if (!bo->pages) {
		return 0;
	}
	return min_t(unsigned long, npages, bo->size >> PAGE_SHIFT);
}

/* A GPUVM range for bo in pdd's context: its pages, then VM_MAP. */
static int vgfx9_vm_map_send(struct vgpu_link *l, struct gcnkfd_pdd *pdd,
			     struct gcnkfd_bo *bo)
{
	struct page *first;
	struct fw_vgpu_msg *m;
	unsigned long npages = vgfx9_bo_pages(bo, &first);
	bool writable = vgfx9_bo_writable(bo);
	u64 offset;
	int err;

	if (!npages)
		return -EINVAL;
	err = vgpu_obj_add(l, pdd->p->pasid, bo->va, first ? NULL : bo->pages,
			   first, npages, writable, &offset);
	if (err)
		return err;
	m = vgfx9_msg(FW_VGPU_OP_VM_MAP, pdd);
	if (m) {
		m->va = bo->va;
		m->size = (u64)npages << PAGE_SHIFT;
		m->offset = offset;
		m->flags = writable ? FW_VGPU_F_WRITABLE : 0;
	}
	err = vgfx9_send(l, m);
	if (err)
		vgpu_obj_drop(l, pdd->p->pasid, bo->va, false);
	return err;
}

/*
 * SH_HIDDEN_PRIVATE_BASE_VMID as a byte address: SET_SCRATCH_BACKING_VA
 * gives it in 64 KiB units, as amdkfd stores qpd.sh_hidden_private_base.
 */
static u64 vgfx9_scratch_base(const struct gcnkfd_pdd *pdd)
{
	return pdd->scratch_va << 16;
}

/*
 * pdd's context on the attached device, made on first use: PROCESS_ADD
 * with the doorbell slice and trap handler, then every buffer of the
 * process already mapped on this GPU. p->lock held.
 */
static int vgfx9_context(struct vgpu_link *l, u32 gen, struct gcnkfd_pdd *pdd)
{
	struct gcnkfd_process *p = pdd->p;
	struct fw_vgpu_msg *m;
	struct gcnkfd_bo *bo;
	u64 offset;
	int err, i, id;

	if (pdd->hw_gen == gen)
		return 0;
	err = vgpu_obj_add(l, p->pasid, 0, NULL, pdd->doorbells,
			   KFDC_DOORBELL_SLICE_BYTES >> PAGE_SHIFT, true,
			   &offset);
	if (err)
		return err;
	m = vgfx9_msg(FW_VGPU_OP_PROCESS_ADD, pdd);
	if (m) {
		m->size = KFDC_DOORBELL_SLICE_BYTES;
		m->offset = offset;
		m->tba = pdd->tba;
		m->tma = pdd->tma;
		m->va = vgfx9_scratch_base(pdd);
	}
	err = vgfx9_send(l, m);
	if (err) {
		vgpu_obj_drop(l, p->pasid, 0, false);
		return err;
	}
	pdd->hw_gen = gen;
	for (i = 0; i < KFDC_MAX_GPUS; i++) {
		if (!p->pdds[i])
			continue;
		idr_for_each_entry(&p->pdds[i]->bo_idr, bo, id) {
			if (!(bo->mapped_mask & BIT(pdd->dev->index)))
				continue;
			err = vgfx9_vm_map_send(l, pdd, bo);
			if (err)
				return err;
		}
	}
	return 0;
}

static int vgfx9_vm_map(struct gcnkfd_dev *dev, struct gcnkfd_pdd *pdd,
			struct gcnkfd_bo *bo)
{
	struct vgpu_link *l;
	u32 gen;
	int err;

	/* No device: the next one gets the range with the context. */
	l = vgpu_get(vgfx9_slot(dev), &gen);
	if (!l)
		return 0;
	if (pdd->hw_gen != gen)
		err = vgfx9_context(l, gen, pdd);	/* maps bo too */
	else
		err = vgfx9_vm_map_send(l, pdd, bo);
	vgpu_put(l);
	return err;
}

/*
 * The attached device, with a reference, if it holds pdd's context; NULL
 * when there is no device or the context was on a lost one (nothing of it
 * is left to change).
 */
static struct vgpu_link *vgfx9_context_link(struct gcnkfd_dev *dev,
					    struct gcnkfd_pdd *pdd)
{
	struct vgpu_link *l;
	u32 gen;

	l = vgpu_get(vgfx9_slot(dev), &gen);
	if (l && pdd->hw_gen != gen) {
		vgpu_put(l);
		l = NULL;
	}
	return l;
}

static void vgfx9_vm_unmap(struct gcnkfd_dev *dev, struct gcnkfd_pdd *pdd,
			   struct gcnkfd_bo *bo)
{
	struct vgpu_link *l = vgfx9_context_link(dev, pdd);
	struct fw_vgpu_msg *m;
	struct page *first;

	if (!l)
		return;
	m = vgfx9_msg(FW_VGPU_OP_VM_UNMAP, pdd);
	if (m) {
		m->va = bo->va;
		/* The range VM_MAP named. */
		m->size = (u64)vgfx9_bo_pages(bo, &first) << PAGE_SHIFT;
	}
	/* Whatever the device says, its mappings go. */
	vgfx9_send(l, m);
	vgpu_obj_drop(l, pdd->p->pasid, bo->va, false);
	vgpu_put(l);
}

static void vgfx9_set_vmid(struct gcnkfd_dev *dev, struct gcnkfd_pdd *pdd)
{
	struct vgpu_link *l = vgfx9_context_link(dev, pdd);
	struct fw_vgpu_msg *m;

	if (!l)
		return;	/* PROCESS_ADD will carry it */
	m = vgfx9_msg(FW_VGPU_OP_SET_VMID, pdd);
	if (m) {
		m->tba = pdd->tba;
		m->tma = pdd->tma;
		m->va = vgfx9_scratch_base(pdd);
	}
	vgfx9_send(l, m);
	vgpu_put(l);
}

static void vgfx9_process_remove(struct gcnkfd_dev *dev,
				 struct gcnkfd_pdd *pdd)
{
	struct vgpu_link *l = vgfx9_context_link(dev, pdd);

	pdd->hw_gen = 0;
	if (!l)
		return;
	vgfx9_send(l, vgfx9_msg(FW_VGPU_OP_PROCESS_REMOVE, pdd));
	vgpu_obj_drop(l, pdd->p->pasid, 0, true);
	vgpu_put(l);
}

/* MAP_QUEUE or UPDATE_QUEUE with the queue's MQD as it is now. */
static int vgfx9_queue_send(struct vgpu_link *l, struct gcnkfd_dev *dev,
			    struct gcnkfd_queue *q, u32 op)
{
	struct fw_vgpu_msg *m = vgfx9_msg(op, q->pdd);
	bool sdma = kfdc_queue_type_is_sdma(q->props.type);

	if (!m)
		return -ENOMEM;
	m->hqd = q->hqd;
	m->flags = sdma ? FW_VGPU_F_SDMA : 0;
	if (kfdc_queue_is_active(q->props.ring_base, q->props.ring_size,
				 q->percentage))
		m->flags |= FW_VGPU_F_ACTIVE;
	/* The MQD changes under dev->lock (queue.c). */
	mutex_lock(&dev->lock);
	memcpy(m->mqd, q->mqd, min_t(size_t, q->mqd_mgr->mqd_size,
				     sizeof(m->mqd)));
	mutex_unlock(&dev->lock);
	return vgfx9_send(l, m);
}

/*
 * Without a device the GPU is as a hung one: -EIO, as amdkfd's queue
 * manager answers while its scheduler is hung.
 */
static int vgfx9_map_queue(struct gcnkfd_dev *dev, struct gcnkfd_queue *q)
{
	struct vgfx9 *v = dev->backend;
	struct vgpu_link *l;
	u32 gen;
	int err, hqd;

	l = vgpu_get(&v->slot, &gen);
	if (!l)
		return -EIO;
	hqd = ida_alloc_min(&v->hqd_ida, 1, GFP_KERNEL);
	err = hqd < 0 ? hqd : vgfx9_context(l, gen, q->pdd);
	if (!err) {
		q->hqd = hqd;
		err = vgfx9_queue_send(l, dev, q, FW_VGPU_OP_MAP_QUEUE);
	}
	vgpu_put(l);
	if (err) {
		if (hqd >= 0)
			ida_free(&v->hqd_ida, hqd);
		return err;
	}
	q->hw_gen = gen;
	mutex_lock(&dev->lock);
	list_add_tail(&q->dev_list, &v->queues);
	v->hqd_count++;
	q->mapped = true;
	mutex_unlock(&dev->lock);
	return 0;
}

/* UNMAP_QUEUES with preemption: returns once the device let go. */
static void vgfx9_unmap_queue(struct gcnkfd_dev *dev, struct gcnkfd_queue *q)
{
	struct vgfx9 *v = dev->backend;
	struct fw_vgpu_msg *m;
	struct vgpu_link *l;
	u32 gen;

	if (!q->mapped)
		return;
	l = vgpu_get(&v->slot, &gen);
	if (l && gen == q->hw_gen) {
		m = vgfx9_msg(FW_VGPU_OP_UNMAP_QUEUE, q->pdd);
		if (m)
			m->hqd = q->hqd;
		vgfx9_send(l, m);
	}
	vgpu_put(l);
	ida_free(&v->hqd_ida, q->hqd);
	mutex_lock(&dev->lock);
	list_del(&q->dev_list);
	v->hqd_count--;
	q->mapped = false;
	mutex_unlock(&dev->lock);
}

static int vgfx9_update_queue(struct gcnkfd_dev *dev, struct gcnkfd_queue *q)
{
	struct vgfx9 *v = dev->backend;
	struct vgpu_link *l;
	u32 gen;
	int err = -EIO;

	l = vgpu_get(&v->slot, &gen);
	if (l && q->mapped && gen == q->hw_gen)
		err = vgfx9_queue_send(l, dev, q, FW_VGPU_OP_UPDATE_QUEUE);
	vgpu_put(l);
	return err;
}

/* The emulator's GPU clock counts host monotonic nanoseconds. */
static u64 vgfx9_gpu_clock_counter(struct gcnkfd_dev *dev)
{
	return ktime_get_ns();
}

const struct gcnkfd_dev_ops gcnkfd_vgfx9_ops = {
	.name = "vgfx9",
	.init = vgfx9_init,
	.fini = vgfx9_fini,
	.debugfs_init = vgfx9_debugfs_init,
	.map_queue = vgfx9_map_queue,
	.unmap_queue = vgfx9_unmap_queue,
	.update_queue = vgfx9_update_queue,
	.vm_map = vgfx9_vm_map,
	.vm_unmap = vgfx9_vm_unmap,
	.set_vmid = vgfx9_set_vmid,
	.process_remove = vgfx9_process_remove,
	.gpu_clock_counter = vgfx9_gpu_clock_counter,
};
