// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * The virtual gfx9 backend: a Vega 10 (gfx900) as the project's emulator
 * models it, control plane only. It describes the GPU, keeps the queues
 * whose MQDs the KFD maps (listed in debugfs) and counts the GPU clock.
 * Serving the queues with the emulator is the next step; until then a
 * mapped queue is registered and never runs.
 */
#include <linux/debugfs.h>
#include <linux/mm.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/timekeeping.h>

#include "gcnkfd.h"
#include "gfx9_mqd.h"
#include "kfd_device_vega10.h"

struct vgfx9 {
	struct list_head queues;	/* gcnkfd_queue.dev_list, dev->lock */
	unsigned int hqd_count;
	struct dentry *queues_file;	/* debugfs gpu<id>/queues */
};

static int vgfx9_init(struct gcnkfd_dev *dev)
{
	struct vgfx9 *v;

	v = kzalloc(sizeof(*v), GFP_KERNEL);
	if (!v)
		return -ENOMEM;
	INIT_LIST_HEAD(&v->queues);
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

/* dev->debugfs exists once the device has its gpu id (after init). */
static void vgfx9_debugfs_init(struct gcnkfd_dev *dev)
{
	struct vgfx9 *v = dev->backend;

	v->queues_file = debugfs_create_file("queues", 0444, dev->debugfs, dev,
					     &vgfx9_queues_fops);
}

static int vgfx9_map_queue(struct gcnkfd_dev *dev, struct gcnkfd_queue *q)
{
	struct vgfx9 *v = dev->backend;

	mutex_lock(&dev->lock);
	list_add_tail(&q->dev_list, &v->queues);
	v->hqd_count++;
	q->mapped = true;
	mutex_unlock(&dev->lock);
	return 0;
}

static void vgfx9_unmap_queue(struct gcnkfd_dev *dev, struct gcnkfd_queue *q)
{
	struct vgfx9 *v = dev->backend;

	mutex_lock(&dev->lock);
	if (q->mapped) {
		list_del(&q->dev_list);
		v->hqd_count--;
		q->mapped = false;
	}
	mutex_unlock(&dev->lock);
}

static int vgfx9_update_queue(struct gcnkfd_dev *dev, struct gcnkfd_queue *q)
{
	return 0;	/* the MQD is read when the queue is listed */
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
	.gpu_clock_counter = vgfx9_gpu_clock_counter,
};
