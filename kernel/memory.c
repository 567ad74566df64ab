// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Buffer objects: ALLOC/FREE/MAP/UNMAP_MEMORY_OF_GPU with the argument
 * rules and errnos of Linux 6.1 (kfd_chardev.c and the amdgpu_amdkfd_gpuvm
 * functions behind it).
 *
 * The virtual GPU's memory is system memory. A VRAM or GTT buffer owns
 * zeroed pages, mapped by the process through /dev/kfd itself (there is no
 * render node) at the offset ALLOC returned: mmap type 1, the gpu id, and a
 * page offset private to the process and GPU. VRAM is charged to the
 * process's pdd->vram_used against the GPU's local_mem_size. A USERPTR
 * buffer pins the user's pages for its lifetime, as Linux pins them at
 * allocation. DOORBELL and MMIO_REMAP buffers stand for the process's
 * doorbell slice and MMIO page (device.c); their offsets are the
 * doorbell and MMIO mmap offsets of /dev/kfd. AQL_QUEUE_MEM buffers get
 * (and are charged) their full size: Linux allocates half and maps it
 * twice on the GPU, but here the CPU maps the whole range through the BO.
 * An exported VRAM or GTT buffer hands its pages to a shared object
 * (ipc.c); it and every import on them hold a reference, and the pages go
 * with the last (gcnkfd_bo_import makes an import's buffer).
 *
 * GPU VA = CPU VA: a buffer's VA must be page aligned, inside the GPUVM
 * aperture, and overlap no other buffer of the process on any GPU (one
 * address names one thing). Linux finds a clash when mapping to a GPU;
 * finding it at allocation leaves MAP nothing to refuse.
 *
 * Locking: p->lock covers the pdd's idr, vram_used, bo_mmap_next and
 * every buffer's fields. The mmap path runs under the mmap lock, and
 * ioctls take the mmap lock under p->lock (pinning, user copies), so mmap
 * must not take p->lock: it looks buffers up under gcnkfd_bo_mmap_lock,
 * which every change to an idr also holds. Order: p->lock, then the mmap
 * lock, then gcnkfd_bo_mmap_lock; nothing is taken under the last.
 */
#include <linux/highmem.h>
#include <linux/mm.h>
#include <linux/sched/mm.h>
#include <linux/sched/signal.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <linux/vmalloc.h>

#include "gcnkfd.h"
#include "kfd_memory_rules.h"

#define GCNKFD_MEM_TYPES (KFD_IOC_ALLOC_MEM_FLAGS_VRAM | \
			  KFD_IOC_ALLOC_MEM_FLAGS_GTT | \
			  KFD_IOC_ALLOC_MEM_FLAGS_USERPTR | \
			  KFD_IOC_ALLOC_MEM_FLAGS_DOORBELL | \
			  KFD_IOC_ALLOC_MEM_FLAGS_MMIO_REMAP)

/* BO mmap page offsets live below the gpu id: bits 45:12 of the offset. */
#define GCNKFD_BO_MMAP_PAGES (1ULL << (KFDC_MMAP_GPU_ID_SHIFT - PAGE_SHIFT))
#define GCNKFD_BO_MMAP_PAGE_MASK (GCNKFD_BO_MMAP_PAGES - 1)

static DEFINE_MUTEX(gcnkfd_bo_mmap_lock);

/*
 * Pages of all processes' VRAM, GTT and USERPTR buffers together, kept
 * within 15/16 of RAM as Linux keeps them within its kfd_mem_limit system
 * limit: VRAM is RAM here, and pages a buffer holds are in no task's RSS
 * for the OOM killer to weigh. Beyond it ALLOC is -ENOMEM, as in Linux.
 */
static atomic64_t gcnkfd_pages_reserved = ATOMIC64_INIT(0);

int gcnkfd_reserve_pages(unsigned long npages)
{
	unsigned long ram = totalram_pages();

	if (atomic64_add_return(npages, &gcnkfd_pages_reserved) >
	    ram - (ram >> 4)) {
		atomic64_sub(npages, &gcnkfd_pages_reserved);
		return -ENOMEM;
	}
	return 0;
}

void gcnkfd_unreserve_pages(unsigned long npages)
{
	atomic64_sub(npages, &gcnkfd_pages_reserved);
}

/*
 * The one memory type a buffer gets when flags name several: the first in
 * the order amdgpu_amdkfd_gpuvm_alloc_memory_of_gpu tries them. 0: none.
 */
static bool gcnkfd_bo_owns_pages(const struct gcnkfd_bo *bo)
{
	return bo->flags & (KFD_IOC_ALLOC_MEM_FLAGS_VRAM |
			    KFD_IOC_ALLOC_MEM_FLAGS_GTT);
}

/*
 * Frees the pages of a VRAM or GTT buffer (NULL entries: a partial
 * allocation), with their accounting; ipc.c calls it for shared pages.
 */
void gcnkfd_pages_free(struct page **pages, unsigned long npages)
{
	unsigned long i;

	/*
	 * put_page, not a free: a CPU mapping that outlives the buffer keeps
	 * its own reference to each page.
	 */
	for (i = 0; i < npages; i++)
		if (pages[i])
			put_page(pages[i]);
	atomic64_sub(npages, &gcnkfd_counters.pages_allocated);
	atomic64_sub(npages, &gcnkfd_pages_reserved);
	kvfree(pages);
}

static void gcnkfd_bo_put_pages(struct gcnkfd_bo *bo)
{
	if (bo->ipc) {
		/* Shared: the pages go with the last buffer on them. */
		gcnkfd_ipc_put(bo->ipc);
		bo->ipc = NULL;
		bo->pages = NULL;
		return;
	}
	if (!bo->pages)
		return;
	if (!gcnkfd_bo_owns_pages(bo)) {
		/* The GPU may have written them: let the owner see it. */
		unpin_user_pages_dirty_lock(bo->pages, bo->npages, true);
		atomic64_sub(bo->npages, &gcnkfd_counters.pages_pinned);
		atomic64_sub(bo->npages, &gcnkfd_pages_reserved);
		kvfree(bo->pages);
	} else {
		gcnkfd_pages_free(bo->pages, bo->npages);
	}
	bo->pages = NULL;
}

/*
 * Zeroed pages for a VRAM or GTT buffer; counted even when partial. They
 * are charged to the caller's memory cgroup (__GFP_ACCOUNT): the process
 * chose their number, and until mapped they are in no task's RSS.
 */
static int gcnkfd_bo_alloc_pages(struct gcnkfd_bo *bo)
{
	const gfp_t gfp = GFP_HIGHUSER | __GFP_ACCOUNT | __GFP_ZERO |
			  __GFP_NOWARN | __GFP_RETRY_MAYFAIL;
	unsigned long i;
	int err;

	err = gcnkfd_reserve_pages(bo->npages);
	if (err)
		return err;
	bo->pages = kvcalloc(bo->npages, sizeof(*bo->pages),
			     GFP_KERNEL_ACCOUNT | __GFP_NOWARN);
	if (!bo->pages) {
		atomic64_sub(bo->npages, &gcnkfd_pages_reserved);
		return -ENOMEM;
	}
	/* Counted up front so that gcnkfd_bo_put_pages can undo any part. */
	atomic64_add(bo->npages, &gcnkfd_counters.pages_allocated);
	for (i = 0; i < bo->npages; i++) {
		if (fatal_signal_pending(current))
			return -EINTR;
		bo->pages[i] = alloc_page(gfp);
		if (!bo->pages[i])
			return -ENOMEM;
		cond_resched();
	}
	return 0;
}

/* Pins [addr, addr + size) for writing; all of it or nothing. */
static int gcnkfd_bo_pin_user(struct gcnkfd_bo *bo, u64 addr)
{
	struct mm_struct *mm = current->mm;
	long pinned;
	int err;

	err = gcnkfd_reserve_pages(bo->npages);
	if (err)
		return err;
	bo->pages = kvcalloc(bo->npages, sizeof(*bo->pages),
			     GFP_KERNEL_ACCOUNT | __GFP_NOWARN);
	if (!bo->pages) {
		atomic64_sub(bo->npages, &gcnkfd_pages_reserved);
		return -ENOMEM;
	}

	mmap_read_lock(mm);
	pinned = pin_user_pages(addr, bo->npages, FOLL_WRITE | FOLL_LONGTERM,
				bo->pages, NULL);
	mmap_read_unlock(mm);

	if (pinned == bo->npages) {
		atomic64_add(bo->npages, &gcnkfd_counters.pages_pinned);
		return 0;
	}
	if (pinned > 0)
		unpin_user_pages(bo->pages, pinned);
	kvfree(bo->pages);
	bo->pages = NULL;
	atomic64_sub(bo->npages, &gcnkfd_pages_reserved);
	/* A hole in the range: what hmm_range_fault gives Linux, -EFAULT. */
	return pinned < 0 ? (int)pinned : -EFAULT;
}

static bool gcnkfd_va_in_use(struct gcnkfd_process *p, u64 va, u64 size)
{
	struct gcnkfd_bo *bo;
	int i, id;

	for (i = 0; i < KFDC_MAX_GPUS; i++) {
		if (!p->pdds[i])
			continue;
		idr_for_each_entry(&p->pdds[i]->bo_idr, bo, id)
			if (va < bo->va + bo->size && bo->va < va + size)
				return true;
	}
	return false;
}

static void gcnkfd_bo_destroy(struct gcnkfd_bo *bo)
{
	struct gcnkfd_pdd *pdd = bo->pdd;

	mutex_lock(&gcnkfd_bo_mmap_lock);
	idr_remove(&pdd->bo_idr, bo->idr);
	mutex_unlock(&gcnkfd_bo_mmap_lock);

	if ((bo->flags & KFD_IOC_ALLOC_MEM_FLAGS_VRAM) && !bo->imported)
		pdd->vram_used -= bo->size;
	if (bo->kva && bo->pages)
		vunmap(bo->kva);
	gcnkfd_bo_put_pages(bo);
	kfree(bo);
	atomic_dec(&gcnkfd_counters.bos);
}

/*
 * Size limits of one buffer. VRAM is bounded by what the process has left
 * of local_mem_size; GTT, which has no such budget, by half of RAM (the
 * virtual VRAM's own bound); USERPTR by RAM. Beyond them is -ENOMEM, as
 * amdgpu_amdkfd_reserve_mem_limit gives.
 */
static int gcnkfd_bo_check_limits(struct gcnkfd_pdd *pdd, u32 type,
				  u64 size)
{
	return kfdc_check_alloc_limit(type, size,
				      pdd->dev->props.local_mem_size -
					      pdd->vram_used,
				      (u64)totalram_pages() << PAGE_SHIFT);
}

/*
 * A free run of npages page offsets in the pdd's BO mmap offset space, or
 * 0 when there is none. Offsets are handed out in order from bo_mmap_next;
 * when that reaches the end, gaps freed buffers left are reused, so that
 * a process that keeps allocating and freeing never runs out (a mapping
 * of a freed buffer holds its own pages: reuse cannot expose them).
 */
static u64 gcnkfd_bo_mmap_find(struct gcnkfd_pdd *pdd, unsigned long npages)
{
	u64 start = pdd->bo_mmap_next, first;
	struct gcnkfd_bo *bo;
	bool moved = true;
	int id;

	if (start + npages <= GCNKFD_BO_MMAP_PAGES)
		return start;
	/* Each pass moves start past the buffers it overlaps, or ends. */
	for (start = 1; moved && start + npages <= GCNKFD_BO_MMAP_PAGES;) {
		moved = false;
		idr_for_each_entry(&pdd->bo_idr, bo, id) {
			if (!gcnkfd_bo_owns_pages(bo))
				continue;
			first = (bo->mmap_offset >> PAGE_SHIFT) &
				GCNKFD_BO_MMAP_PAGE_MASK;
			if (start < first + bo->npages &&
			    first < start + npages) {
				start = first + bo->npages;
				moved = true;
			}
		}
	}
	return moved ? 0 : start;
}

/* The backing of a new buffer and the mmap offset ALLOC returns. */
static int gcnkfd_bo_fill(struct gcnkfd_pdd *pdd, struct gcnkfd_bo *bo,
			  u32 type, u64 user_addr)
{
	u32 gpu_id = pdd->dev->gpu_id;
	u64 page;
	int err;

	switch (type) {
	case KFD_IOC_ALLOC_MEM_FLAGS_VRAM:
	case KFD_IOC_ALLOC_MEM_FLAGS_GTT:
		page = gcnkfd_bo_mmap_find(pdd, bo->npages);
		if (!page)
			return -ENOMEM;	/* offset space used up */
		err = gcnkfd_bo_alloc_pages(bo);
		if (err) {
			gcnkfd_bo_put_pages(bo);
			return err;
		}
		bo->mmap_offset = KFDC_MMAP_TYPE_BO |
				  kfdc_mmap_gpu_id(gpu_id) |
				  (page << PAGE_SHIFT);
		if (page == pdd->bo_mmap_next)
			pdd->bo_mmap_next += bo->npages;
		return 0;
	case KFD_IOC_ALLOC_MEM_FLAGS_USERPTR:
		if (offset_in_page(user_addr))
			return -EINVAL;
		bo->mmap_offset = 0;	/* the user's own memory */
		return gcnkfd_bo_pin_user(bo, user_addr);
	case KFD_IOC_ALLOC_MEM_FLAGS_DOORBELL:
		bo->mmap_offset = KFDC_MMAP_TYPE_DOORBELL |
				  kfdc_mmap_gpu_id(gpu_id);
		return 0;
	case KFD_IOC_ALLOC_MEM_FLAGS_MMIO_REMAP:
		bo->mmap_offset = KFDC_MMAP_TYPE_MMIO |
				  kfdc_mmap_gpu_id(gpu_id);
		return 0;
	}
	return -EINVAL;
}

int gcnkfd_ioctl_alloc_memory(struct file *f, struct gcnkfd_process *p,
			      void *args)
{
	struct kfd_ioctl_alloc_memory_of_gpu_args *a = args;
	struct kfd_process_device_apertures ap;
	u64 user_addr = untagged_addr(a->mmap_offset);
	struct gcnkfd_pdd *pdd;
	struct gcnkfd_bo *bo;
	u32 type;
	u64 size;
	int id, err;

	if (!a->size)
		return -EINVAL;

	mutex_lock(&p->lock);
	pdd = gcnkfd_bound_pdd(p, a->gpu_id, -ENODEV, &err);
	if (!pdd)
		goto out;

	gcnkfd_apertures(pdd, &ap);
	err = kfdc_check_alloc(a, ap.gpuvm_base, ap.gpuvm_limit, &type, &size);
	if (err)
		goto out;
	if (gcnkfd_va_in_use(p, a->va_addr, size)) {
		err = -EINVAL;
		goto out;
	}
	err = gcnkfd_bo_check_limits(pdd, type, size);
	if (err)
		goto out;

	bo = kzalloc(sizeof(*bo), GFP_KERNEL_ACCOUNT);
	if (!bo) {
		err = -ENOMEM;
		goto out;
	}
	bo->pdd = pdd;
	bo->flags = a->flags;
	bo->va = a->va_addr;
	bo->size = size;
	bo->npages = size >> PAGE_SHIFT;
	err = gcnkfd_bo_fill(pdd, bo, type, user_addr);
	if (err) {
		kfree(bo);
		goto out;
	}

	mutex_lock(&gcnkfd_bo_mmap_lock);
	id = idr_alloc(&pdd->bo_idr, bo, 0, 0, GFP_KERNEL);
	mutex_unlock(&gcnkfd_bo_mmap_lock);
	if (id < 0) {
		gcnkfd_bo_put_pages(bo);
		kfree(bo);
		err = -EFAULT;	/* what Linux gives when the idr is full */
		goto out;
	}
	bo->idr = id;
	if (type == KFD_IOC_ALLOC_MEM_FLAGS_VRAM)
		pdd->vram_used += size;
	atomic_inc(&gcnkfd_counters.bos);

	a->handle = kfdc_handle(a->gpu_id, id);
	a->mmap_offset = bo->mmap_offset;
out:
	mutex_unlock(&p->lock);
	return err;
}

/* The buffer a handle names in this process, or NULL. p->lock held. */
static struct gcnkfd_bo *gcnkfd_bo_find(struct gcnkfd_process *p, u64 handle,
					struct gcnkfd_pdd **pddp)
{
	struct gcnkfd_pdd *pdd;

	pdd = gcnkfd_pdd_by_id(p, kfdc_handle_gpu_id(handle));
	if (pddp)
		*pddp = pdd;
	if (!pdd)
		return NULL;
	return idr_find(&pdd->bo_idr, kfdc_handle_idr(handle));
}

/*
 * The buffer of pdd's GPU that a handle's idr part names, or NULL: what
 * ROCm's export looks up (the GPU comes from the caller's gpu_id). The
 * caller holds p->lock.
 */
struct gcnkfd_bo *gcnkfd_bo_lookup(struct gcnkfd_pdd *pdd, u64 handle)
{
	lockdep_assert_held(&pdd->p->lock);
	return idr_find(&pdd->bo_idr, kfdc_handle_idr(handle));
}

/*
 * IMPORT's buffer in the importer's pdd: the shared pages of obj at va
 * (page aligned, in the GPUVM aperture, clear of the process's other
 * buffers, as ALLOC's VA), with its own handle and mmap offset. Takes over
 * the caller's reference to obj on success. Nothing is charged: the
 * exporter paid for the pages. The caller holds p->lock.
 */
int gcnkfd_bo_import(struct gcnkfd_pdd *pdd, struct gcnkfd_ipc_obj *obj,
		     u64 va, u32 flags, u64 *handle, u64 *mmap_offset)
{
	struct kfd_process_device_apertures ap;
	struct gcnkfd_bo *bo;
	unsigned long npages;
	struct page **pages;
	u64 size, page;
	int id;

	lockdep_assert_held(&pdd->p->lock);
	pages = gcnkfd_ipc_pages(obj, &npages);
	size = (u64)npages << PAGE_SHIFT;
	gcnkfd_apertures(pdd, &ap);
	if (offset_in_page(va) || va < ap.gpuvm_base ||
	    va + size - 1 > ap.gpuvm_limit || va + size < va)
		return -EINVAL;
	if (gcnkfd_va_in_use(pdd->p, va, size))
		return -EINVAL;
	page = gcnkfd_bo_mmap_find(pdd, npages);
	if (!page)
		return -ENOMEM;

	bo = kzalloc(sizeof(*bo), GFP_KERNEL_ACCOUNT);
	if (!bo)
		return -ENOMEM;
	bo->pdd = pdd;
	bo->flags = flags;
	bo->va = va;
	bo->size = size;
	bo->npages = npages;
	bo->pages = pages;
	bo->imported = true;
	bo->mmap_offset = KFDC_MMAP_TYPE_BO | kfdc_mmap_gpu_id(pdd->dev->gpu_id) |
			  (page << PAGE_SHIFT);

	mutex_lock(&gcnkfd_bo_mmap_lock);
	id = idr_alloc(&pdd->bo_idr, bo, 0, 0, GFP_KERNEL);
	mutex_unlock(&gcnkfd_bo_mmap_lock);
	if (id < 0) {
		kfree(bo);
		return -EFAULT;	/* as ALLOC: the idr is full */
	}
	bo->idr = id;
	bo->ipc = obj;
	if (page == pdd->bo_mmap_next)
		pdd->bo_mmap_next += npages;
	atomic_inc(&gcnkfd_counters.bos);
	*handle = kfdc_handle(pdd->dev->gpu_id, id);
	*mmap_offset = bo->mmap_offset;
	return 0;
}

int gcnkfd_ioctl_free_memory(struct file *f, struct gcnkfd_process *p,
			     void *args)
{
	struct kfd_ioctl_free_memory_of_gpu_args *a = args;
	struct gcnkfd_bo *bo;
	int err = 0;

	mutex_lock(&p->lock);
	/* The event page goes with the process, never before. */
	if (READ_ONCE(p->signal_handle) &&
	    READ_ONCE(p->signal_handle) == a->handle) {
		err = -EPERM;
		goto out;
	}
	bo = gcnkfd_bo_find(p, a->handle, NULL);
	if (!bo)
		err = -EINVAL;
	else if (bo->mapped_mask)
		err = -EBUSY;	/* still in some GPU's page tables */
	else
		gcnkfd_bo_destroy(bo);
out:
	mutex_unlock(&p->lock);
	return err;
}

/*
 * The head MAP and UNMAP share, in Linux's order: the count checks, then
 * the copy of the device array (a gpu id may be repeated).
 */
static u32 *gcnkfd_copy_devices(u64 ptr, u32 n_devices, u32 n_success,
				int *err)
{
	u32 *ids;

	*err = kfdc_check_map_counts(n_devices, n_success);
	if (*err)
		return NULL;
	ids = kmalloc_array(n_devices, sizeof(*ids), GFP_KERNEL);
	if (!ids) {
		*err = -ENOMEM;
		return NULL;
	}
	if (copy_from_user(ids, u64_to_user_ptr(ptr),
			   (size_t)n_devices * sizeof(*ids))) {
		kfree(ids);
		*err = -EFAULT;
		return NULL;
	}
	*err = 0;
	return ids;
}

int gcnkfd_ioctl_map_memory(struct file *f, struct gcnkfd_process *p,
			    void *args)
{
	struct kfd_ioctl_map_memory_to_gpu_args *a = args;
	struct gcnkfd_pdd *pdd, *peer;
	struct gcnkfd_bo *bo;
	u32 *ids, i;
	int err;

	ids = gcnkfd_copy_devices(a->device_ids_array_ptr, a->n_devices,
				  a->n_success, &err);
	if (!ids)
		return err;

	mutex_lock(&p->lock);
	bo = gcnkfd_bo_find(p, a->handle, &pdd);
	if (!pdd) {
		err = -EINVAL;
		goto out;
	}
	if (!pdd->vm_file) {
		err = -ENODEV;
		goto out;
	}
	if (!bo) {
		err = -ENOMEM;	/* sic: Linux's errno for a wrong handle */
		goto out;
	}
	/* Devices before n_success took the mapping in an earlier call. */
	for (i = a->n_success; i < a->n_devices; i++) {
		peer = gcnkfd_pdd_by_id(p, ids[i]);
		if (!peer) {
			err = -EINVAL;
			goto out;
		}
		if (!peer->vm_file) {
			err = -ENODEV;
			goto out;
		}
		/* Mapping again where it is mapped changes nothing. */
		if (!(bo->mapped_mask & BIT(peer->dev->index))) {
			bo->mapped_mask |= BIT(peer->dev->index);
			err = peer->dev->ops->vm_map(peer->dev, peer, bo);
			if (err) {
				bo->mapped_mask &= ~BIT(peer->dev->index);
				goto out;
			}
		}
		a->n_success = i + 1;
	}
out:
	mutex_unlock(&p->lock);
	kfree(ids);
	return err;
}

int gcnkfd_ioctl_unmap_memory(struct file *f, struct gcnkfd_process *p,
			      void *args)
{
	struct kfd_ioctl_unmap_memory_from_gpu_args *a = args;
	struct gcnkfd_pdd *pdd, *peer;
	struct gcnkfd_bo *bo;
	u32 *ids, i;
	int err;

	ids = gcnkfd_copy_devices(a->device_ids_array_ptr, a->n_devices,
				  a->n_success, &err);
	if (!ids)
		return err;

	mutex_lock(&p->lock);
	/* Linux binds nothing here: an unbound GPU just has no buffers. */
	bo = gcnkfd_bo_find(p, a->handle, &pdd);
	if (!pdd) {
		err = -EINVAL;
		goto out;
	}
	if (!bo) {
		err = -ENOMEM;
		goto out;
	}
	for (i = a->n_success; i < a->n_devices; i++) {
		peer = gcnkfd_pdd_by_id(p, ids[i]);
		/* Unknown, or not mapped there: both -EINVAL in Linux. */
		if (!peer || !(bo->mapped_mask & BIT(peer->dev->index))) {
			err = -EINVAL;
			goto out;
		}
		/* Returns once the GPU can no longer reach the pages. */
		peer->dev->ops->vm_unmap(peer->dev, peer, bo);
		bo->mapped_mask &= ~BIT(peer->dev->index);
		a->n_success = i + 1;
	}
out:
	mutex_unlock(&p->lock);
	kfree(ids);
	return err;
}

/*
 * mmap of a VRAM or GTT buffer through /dev/kfd. The vma may cover the
 * whole buffer or any whole-page window inside it (the offset of its first
 * page plus the page index in the buffer); it may not reach past the
 * buffer's end. As TTM, a private writable mapping (copy-on-write) is
 * refused: the CPU and the GPU must see one memory. The pages are inserted
 * now and hold their own references, so a mapping stays valid after the
 * buffer is freed, until it is unmapped.
 */
int gcnkfd_bo_mmap(struct gcnkfd_process *p, struct vm_area_struct *vma)
{
	u64 offset = (u64)vma->vm_pgoff << PAGE_SHIFT;
	u64 page = (offset >> PAGE_SHIFT) & GCNKFD_BO_MMAP_PAGE_MASK;
	unsigned long count = vma_pages(vma), left;
	struct gcnkfd_pdd *pdd;
	struct gcnkfd_bo *bo, *found = NULL;
	u64 first = 0;
	int id, err;

	if (is_cow_mapping(vma->vm_flags))
		return -EINVAL;
	/* The pdds are fixed for the process's life; the file pins it. */
	pdd = gcnkfd_pdd_by_id(p, kfdc_mmap_get_gpu_id(offset));
	if (!pdd)
		return -EINVAL;

	mutex_lock(&gcnkfd_bo_mmap_lock);
	idr_for_each_entry(&pdd->bo_idr, bo, id) {
		if (!gcnkfd_bo_owns_pages(bo))
			continue;
		first = (bo->mmap_offset >> PAGE_SHIFT) &
			GCNKFD_BO_MMAP_PAGE_MASK;
		if (page >= first && page < first + bo->npages) {
			found = bo;
			break;
		}
	}
	err = -EINVAL;
	if (!found || page - first + count > found->npages)
		goto out;

	vma->vm_flags |= VM_DONTCOPY | VM_DONTEXPAND | VM_DONTDUMP;
	left = count;
	err = vm_insert_pages(vma, vma->vm_start,
			      found->pages + (page - first), &left);
	if (!err && left)
		err = -ENOMEM;
out:
	mutex_unlock(&gcnkfd_bo_mmap_lock);
	return err;
}

/*
 * The buffer a handle names, for the kernel's own use (the event page).
 * The caller holds p->lock. bo->kva is the kernel's mapping of it, made
 * here on first use: a vmap of its pages, or the doorbell slice or MMIO
 * page directly; NULL when the mapping failed (the caller's -ENOMEM). A
 * buffer lives until FREE (which refuses p->signal_handle) or the
 * process's end.
 */
struct gcnkfd_bo *gcnkfd_bo_by_handle(struct gcnkfd_process *p, u64 handle)
{
	struct gcnkfd_bo *bo;

	lockdep_assert_held(&p->lock);
	bo = gcnkfd_bo_find(p, handle, NULL);
	if (!bo || bo->kva)
		return bo;
	if (bo->pages)
		bo->kva = vmap(bo->pages, bo->npages, VM_MAP, PAGE_KERNEL);
	else if (bo->flags & KFD_IOC_ALLOC_MEM_FLAGS_DOORBELL)
		bo->kva = page_address(bo->pdd->doorbells);
	else if (bo->flags & KFD_IOC_ALLOC_MEM_FLAGS_MMIO_REMAP)
		bo->kva = page_address(bo->pdd->mmio_page);
	return bo;
}

/* The process is gone: every buffer goes, mapped to a GPU or not. */
void gcnkfd_memory_release(struct gcnkfd_pdd *pdd)
{
	struct gcnkfd_bo *bo;
	int id;

	idr_for_each_entry(&pdd->bo_idr, bo, id)
		gcnkfd_bo_destroy(bo);
}
