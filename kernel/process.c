// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Processes: one gcnkfd_process per mm, as Linux's kfd_process. Every open
 * /dev/kfd file of the same mm shares it, and so does every render file
 * it acquired a VM with (render.c: ROCm's thunk keeps those for the life
 * of the process, as Linux keeps the process for the life of the mm); it
 * is released with the last of them (which process exit closes too):
 * queues first, so that nothing runs on memory about to go, then events,
 * then memory.
 */
#include <linux/sched.h>
#include <linux/seq_file.h>
#include <linux/sched/mm.h>
#include <linux/slab.h>
#include <linux/srcu.h>
#include <linux/xarray.h>

#include "gcnkfd.h"

static LIST_HEAD(gcnkfd_processes);
static DEFINE_MUTEX(gcnkfd_process_lock);
static DEFINE_IDA(gcnkfd_pasid_ida);
/*
 * PASID -> process for the interrupt handler, read under RCU: an IH entry
 * never waits for a lock an ioctl may hold while it waits for the GPU.
 */
static DEFINE_XARRAY(gcnkfd_pasids);
/* The same lookup for callers that sleep: the APU's page requests. */
DEFINE_STATIC_SRCU(gcnkfd_process_srcu);

static struct gcnkfd_process *gcnkfd_process_create(void)
{
	struct gcnkfd_process *p;
	struct gcnkfd_dev *dev;
	int pasid, err, i;

	p = kzalloc(sizeof(*p), GFP_KERNEL);
	if (!p)
		return ERR_PTR(-ENOMEM);

	/* PASIDs are 16 bits on gfx9; 0 means none. */
	pasid = ida_alloc_range(&gcnkfd_pasid_ida, 1, GCNKFD_MAX_PROCESSES,
				GFP_KERNEL);
	if (pasid < 0) {
		err = pasid == -ENOSPC ? -EBUSY : pasid;
		goto err_pasid;
	}
	p->pasid = pasid;
	kref_init(&p->ref);
	p->mm = current->mm;
	/*
	 * Keeps the mm_struct allocated (not the address space): while a
	 * file outlives its process, no new process can reuse the address
	 * and be taken for this one.
	 */
	mmgrab(p->mm);
	p->lead_thread = current->group_leader;
	get_task_struct(p->lead_thread);
	mutex_init(&p->lock);
	mutex_init(&p->event_lock);
	mutex_init(&p->ats_lock);
	INIT_LIST_HEAD(&p->ats_runs);
	idr_init(&p->queue_idr);
	idr_init(&p->event_idr);
	p->signal_event_count = 1;	/* slot 0 is reserved, as in Linux */

	list_for_each_entry(dev, &gcnkfd_devices, list) {
		struct gcnkfd_pdd *pdd = kzalloc(sizeof(*pdd), GFP_KERNEL);

		if (!pdd) {
			err = -ENOMEM;
			goto err_pdd;
		}
		pdd->p = p;
		pdd->dev = dev;
		p->pdds[dev->index] = pdd;
		err = gcnkfd_pdd_init(pdd);
		if (err) {
			p->pdds[dev->index] = NULL;
			kfree(pdd);
			goto err_pdd;
		}
	}
	/* Last: interrupts find only a whole process. */
	err = xa_insert(&gcnkfd_pasids, p->pasid, p, GFP_KERNEL);
	if (err)
		goto err_pdd;
	atomic_inc(&gcnkfd_counters.processes);
	return p;

err_pdd:
	for (i = 0; i < KFDC_MAX_GPUS; i++) {
		if (p->pdds[i]) {
			gcnkfd_pdd_fini(p->pdds[i]);
			kfree(p->pdds[i]);
		}
	}
	put_task_struct(p->lead_thread);
	mmdrop(p->mm);
	ida_free(&gcnkfd_pasid_ida, p->pasid);
err_pasid:
	kfree(p);
	return ERR_PTR(err);
}

struct gcnkfd_process *gcnkfd_process_open(void)
{
	struct gcnkfd_process *p;

	if (!current->mm)
		return ERR_PTR(-EINVAL);

	mutex_lock(&gcnkfd_process_lock);
	list_for_each_entry(p, &gcnkfd_processes, list) {
		if (p->mm == current->mm) {
			kref_get(&p->ref);
			goto out;
		}
	}
	p = gcnkfd_process_create();
	if (!IS_ERR(p))
		list_add(&p->list, &gcnkfd_processes);
out:
	mutex_unlock(&gcnkfd_process_lock);
	return p;
}

/* Called with gcnkfd_process_lock held (kref_put_mutex); drops it. */
static void gcnkfd_process_release(struct kref *ref)
{
	struct gcnkfd_process *p = container_of(ref, struct gcnkfd_process,
						ref);
	int i;

	list_del(&p->list);
	xa_erase(&gcnkfd_pasids, p->pasid);
	mutex_unlock(&gcnkfd_process_lock);
	/* No interrupt handler still looks at p from here on. */
	synchronize_rcu();
	/* Nor does a page request (ats.c) from here on. */
	synchronize_srcu(&gcnkfd_process_srcu);

	gcnkfd_queues_release(p);
	gcnkfd_events_release(p);
	/* The GPUs let go of every range before any page is freed. */
	mutex_lock(&p->lock);
	for (i = 0; i < KFDC_MAX_GPUS; i++)
		if (p->pdds[i])
			p->pdds[i]->dev->ops->process_remove(p->pdds[i]->dev,
							     p->pdds[i]);
	mutex_unlock(&p->lock);
	gcnkfd_ats_release(p);
	for (i = 0; i < KFDC_MAX_GPUS; i++) {
		if (!p->pdds[i])
			continue;
		gcnkfd_memory_release(p->pdds[i]);
		gcnkfd_pdd_fini(p->pdds[i]);
		kfree(p->pdds[i]);
	}
	idr_destroy(&p->queue_idr);
	idr_destroy(&p->event_idr);
	mutex_destroy(&p->lock);
	mutex_destroy(&p->event_lock);
	mutex_destroy(&p->ats_lock);
	put_task_struct(p->lead_thread);
	mmdrop(p->mm);
	ida_free(&gcnkfd_pasid_ida, p->pasid);
	kfree(p);
	atomic_dec(&gcnkfd_counters.processes);
}

void gcnkfd_process_put(struct gcnkfd_process *p)
{
	kref_put_mutex(&p->ref, gcnkfd_process_release, &gcnkfd_process_lock);
}

/*
 * Runs fn on the process whose PASID is pasid, if there is one, under the
 * RCU read lock: the process is not released meanwhile (release waits for
 * readers before it frees anything), and fn must not sleep.
 */
void gcnkfd_process_call_pasid(u32 pasid,
			       void (*fn)(struct gcnkfd_process *p, void *arg),
			       void *arg)
{
	struct gcnkfd_process *p;

	rcu_read_lock();
	p = xa_load(&gcnkfd_pasids, pasid);
	if (p)
		fn(p, arg);
	rcu_read_unlock();
}

int gcnkfd_process_call_pasid_sleepable(u32 pasid,
					int (*fn)(struct gcnkfd_process *p,
						  void *arg),
					void *arg)
{
	struct gcnkfd_process *p;
	int idx, err = -ESRCH;

	idx = srcu_read_lock(&gcnkfd_process_srcu);
	p = xa_load(&gcnkfd_pasids, pasid);
	if (p)
		err = fn(p, arg);
	srcu_read_unlock(&gcnkfd_process_srcu, idx);
	return err;
}

/*
 * Runs fn on every process with gcnkfd_process_lock held (fn may sleep
 * but must not take p->lock).
 */
void gcnkfd_process_call_all(void (*fn)(struct gcnkfd_process *p, void *arg),
			     void *arg)
{
	struct gcnkfd_process *p;

	mutex_lock(&gcnkfd_process_lock);
	list_for_each_entry(p, &gcnkfd_processes, list)
		fn(p, arg);
	mutex_unlock(&gcnkfd_process_lock);
}

/*
 * The process's data for a GPU it has acquired a VM on (ACQUIRE_VM), as
 * Linux's bind to a device requires: NULL with *err -EINVAL for an unknown
 * gpu_id, or with *err = unbound_err (the ioctl's errno in Linux: -ESRCH
 * or -ENODEV) when the VM is not acquired yet.
 */
struct gcnkfd_pdd *gcnkfd_bound_pdd(struct gcnkfd_process *p, u32 gpu_id,
				    int unbound_err, int *err)
{
	struct gcnkfd_pdd *pdd = gcnkfd_pdd_by_id(p, gpu_id);

	*err = !pdd ? -EINVAL : !pdd->vm_file ? unbound_err : 0;
	return *err ? NULL : pdd;
}

/* The process's data for a GPU, or NULL for an unknown gpu_id. */
struct gcnkfd_pdd *gcnkfd_pdd_by_id(struct gcnkfd_process *p, u32 gpu_id)
{
	int i;

	for (i = 0; i < KFDC_MAX_GPUS; i++)
		if (p->pdds[i] && p->pdds[i]->dev->gpu_id == gpu_id)
			return p->pdds[i];
	return NULL;
}

/*
 * debugfs gpu<id>/processes: one line per process with its state on dev,
 * the values the backend programs per VMID (scratch base, trap handler).
 */
void gcnkfd_processes_show(struct seq_file *m, struct gcnkfd_dev *dev)
{
	struct gcnkfd_process *p;

	mutex_lock(&gcnkfd_process_lock);
	list_for_each_entry(p, &gcnkfd_processes, list) {
		struct gcnkfd_pdd *pdd = p->pdds[dev->index];

		if (!pdd)
			continue;
		mutex_lock(&p->lock);
		seq_printf(m,
			   "pasid=%u pid=%d vm=%d queues=%u doorbells=%u vram_used=0x%llx scratch=0x%llx tba=0x%llx tma=0x%llx\n",
			   p->pasid, task_tgid_nr(p->lead_thread),
			   pdd->vm_file ? 1 : 0, pdd->queue_count,
			   bitmap_weight(pdd->doorbell_used,
					 KFDC_DOORBELLS_PER_PROCESS),
			   pdd->vram_used, pdd->scratch_va, pdd->tba,
			   pdd->tma);
		mutex_unlock(&p->lock);
	}
	mutex_unlock(&gcnkfd_process_lock);
}
