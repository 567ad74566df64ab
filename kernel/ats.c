// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * The APU's page requests (the apu parameter): what IOMMUv2 does for a
 * Kaveri, Carrizo or Raven GPU. A full-profile GPU reaches every page of
 * its process, not only the buffers mapped to it: when the device misses
 * on an address no VM_MAP range covers, it asks through the backend file
 * (FW_VGPU_IOC_PAGE_REQUEST), and the module looks the address up in the
 * process's mm, pins a run of its pages with the VMA's protection and
 * hands them to the device as an object, as USERPTR pages are handed.
 *
 * The request comes from a device thread that runs a kernel of the
 * process, while another thread of the process may hold p->lock and wait
 * for the device's ACK (an unmap that waits for that very kernel). So the
 * request takes no p->lock and sends no message: the process is found
 * under SRCU (its release waits for requests in flight before the device
 * drops the context), and the pinned runs have their own lock and list.
 *
 * Pinned runs stay until the process closes /dev/kfd, after the device
 * dropped the context (PROCESS_REMOVE): there is no mmu notifier, so a
 * page the process unmaps keeps its pin and stays reachable by the GPU
 * until then, as an IOMMUv2 mapping would not; a program that frees
 * memory a kernel still uses has a bug either way.
 */
#include <linux/mm.h>
#include <linux/sched/mm.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#include "gcnkfd.h"
#include "vgpu.h"

/* One pinned run of a process's pages. */
struct gcnkfd_ats_run {
	struct list_head entry;		/* gcnkfd_process.ats_runs */
	unsigned long npages;
	struct page **pages;
	bool writable;
};

struct gcnkfd_ats_req {
	struct vgpu_link *link;
	struct gcnkfd_dev *dev;
	u32 gen;
	struct fw_vgpu_page_request r;
};

/*
 * The run around va in vma: aligned, within the VMA and within the gap
 * the device has free (r->offset, r->size), which may not hold va: then
 * -EFAULT.
 */
static int gcnkfd_ats_window(const struct vm_area_struct *vma,
			     const struct fw_vgpu_page_request *r,
			     u64 *start, u64 *end)
{
	const u64 bytes = (u64)FW_VGPU_PAGE_REQUEST_PAGES << PAGE_SHIFT;
	u64 lo = ALIGN_DOWN(r->va, bytes);
	u64 gap_lo = PAGE_ALIGN(r->offset);
	u64 gap_hi = r->offset + r->size < r->offset ? U64_MAX :
		     r->offset + r->size;

	gap_hi &= PAGE_MASK;
	*start = max3(lo, (u64)vma->vm_start, gap_lo);
	*end = min3(lo + bytes, (u64)vma->vm_end, gap_hi);
	return r->va >= *start && r->va < *end ? 0 : -EFAULT;
}

/* Pins the run around r->va; mmap_lock held for reading. */
static int gcnkfd_ats_pin(struct mm_struct *mm, struct gcnkfd_ats_req *q,
			  struct gcnkfd_ats_run *run)
{
	struct vm_area_struct *vma = vma_lookup(mm, q->r.va);
	unsigned int gup = FOLL_LONGTERM;
	u64 start, end;
	long pinned;
	int err;

	/* Only what the process itself could read; no device memory. */
	if (!vma || !(vma->vm_flags & VM_READ) ||
	    (vma->vm_flags & (VM_IO | VM_PFNMAP | VM_MIXEDMAP)))
		return -EFAULT;
	err = gcnkfd_ats_window(vma, &q->r, &start, &end);
	if (err)
		return err;
	run->writable = vma->vm_flags & VM_WRITE;
	if (run->writable)
		gup |= FOLL_WRITE;	/* breaks COW: the GPU writes the process's page */
	run->npages = (end - start) >> PAGE_SHIFT;
	run->pages = kvcalloc(run->npages, sizeof(*run->pages),
			      GFP_KERNEL_ACCOUNT | __GFP_NOWARN);
	if (!run->pages)
		return -ENOMEM;
	pinned = pin_user_pages_remote(mm, start, run->npages, gup, run->pages,
				       NULL, NULL);
	if (pinned == run->npages) {
		q->r.va = start;
		q->r.size = end - start;
		return 0;
	}
	if (pinned > 0)
		unpin_user_pages(run->pages, pinned);
	kvfree(run->pages);
	run->pages = NULL;
	return -EFAULT;
}

static int gcnkfd_ats_request(struct gcnkfd_process *p, void *arg)
{
	struct gcnkfd_ats_req *q = arg;
	struct gcnkfd_pdd *pdd = p->pdds[q->dev->index];
	struct gcnkfd_ats_run *run;
	struct mm_struct *mm = p->mm;
	u64 offset;
	int err;

	/* Only a context this very device holds. */
	if (!pdd || READ_ONCE(pdd->hw_gen) != q->gen)
		return -ESRCH;
	if (!mmget_not_zero(mm))
		return -ESRCH;	/* the process is exiting */
	run = kzalloc(sizeof(*run), GFP_KERNEL);
	err = run ? gcnkfd_reserve_pages(FW_VGPU_PAGE_REQUEST_PAGES) : -ENOMEM;
	if (err)
		goto out;
	mmap_read_lock(mm);
	err = gcnkfd_ats_pin(mm, q, run);
	mmap_read_unlock(mm);
	if (err)
		goto out_unreserve;
	err = vgpu_obj_add(q->link, p->pasid, q->r.va, run->pages, NULL,
			   run->npages, run->writable, &offset);
	if (err) {
		unpin_user_pages(run->pages, run->npages);
		kvfree(run->pages);
		goto out_unreserve;
	}
	/* The reservation is held per run, for its actual size. */
	gcnkfd_unreserve_pages(FW_VGPU_PAGE_REQUEST_PAGES - run->npages);
	atomic64_add(run->npages, &gcnkfd_counters.pages_pinned);
	q->r.offset = offset;
	q->r.flags = run->writable ? FW_VGPU_F_WRITABLE : 0;
	mutex_lock(&p->ats_lock);
	list_add_tail(&run->entry, &p->ats_runs);
	mutex_unlock(&p->ats_lock);
	mmput(mm);
	return 0;

out_unreserve:
	gcnkfd_unreserve_pages(FW_VGPU_PAGE_REQUEST_PAGES);
out:
	kfree(run);
	mmput(mm);
	return err;
}

int vgpu_page_request(struct vgpu_link *l, struct gcnkfd_dev *dev, u32 gen,
		      void __user *arg)
{
	struct gcnkfd_ats_req q = { .link = l, .dev = dev, .gen = gen };
	int err;

	if (!dev->apu)
		return -ENODEV;
	if (copy_from_user(&q.r, arg, sizeof(q.r)))
		return -EFAULT;
	err = gcnkfd_process_call_pasid_sleepable(q.r.pasid,
						  gcnkfd_ats_request, &q);
	if (err)
		return err;
	return copy_to_user(arg, &q.r, sizeof(q.r)) ? -EFAULT : 0;
}

/*
 * The process is gone from every device (PROCESS_REMOVE was answered and
 * the objects dropped): its pinned runs go back to it.
 */
void gcnkfd_ats_release(struct gcnkfd_process *p)
{
	struct gcnkfd_ats_run *run, *tmp;

	list_for_each_entry_safe(run, tmp, &p->ats_runs, entry) {
		/* The GPU may have written them: let the owner see it. */
		unpin_user_pages_dirty_lock(run->pages, run->npages,
					    run->writable);
		atomic64_sub(run->npages, &gcnkfd_counters.pages_pinned);
		gcnkfd_unreserve_pages(run->npages);
		list_del(&run->entry);
		kvfree(run->pages);
		kfree(run);
	}
}
