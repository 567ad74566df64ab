// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Buffers shared between processes: IPC_EXPORT_HANDLE and
 * IPC_IMPORT_HANDLE, ROCm's non-upstream commands (its amdkfd's
 * kfd_ipc.c), with their rules and errnos.
 *
 * EXPORT moves the pages of a VRAM or GTT buffer into a shared object
 * named by 128 random bits (the share handle), kept in a module-wide
 * store. The share handle says nothing about the buffer, its process or
 * its GPU, and an import must match all 128 bits. Exporting a buffer again
 * gives its share handle again. IMPORT finds the object and makes an
 * ordinary buffer of the importer on the same pages: its own handle, VA,
 * mmap offset and GPU mappings, freed by FREE_MEMORY_OF_GPU like any other.
 * The importer reaches only those pages.
 *
 * Every buffer on the pages (the exporter's and each import) holds one
 * reference to the object; the last one to go frees the pages and takes
 * the share handle out of the store, as ROCm's store drops an entry when
 * its object's last reference goes. So the exporter may free first and
 * the importers keep the data; once all are gone the share handle is
 * refused (-EINVAL), and a new buffer at the same idr gets a new one.
 *
 * Locking: gcnkfd_ipc_lock covers the store. It is taken under p->lock
 * (EXPORT, and a buffer's free dropping the last reference) and nothing is
 * taken under it; IMPORT looks up without p->lock.
 */
#include <linux/hashtable.h>
#include <linux/random.h>
#include <linux/slab.h>

#include "gcnkfd.h"
#include "kfd_ipc.h"

struct gcnkfd_ipc_obj {
	struct kref ref;		/* one per buffer on the pages */
	struct hlist_node node;		/* gcnkfd_ipc_store */
	u32 share_handle[4];
	u32 user_flags;			/* EXPORT's flags, for importers */
	u32 import_flags;		/* an imported buffer's flags */
	unsigned long npages;
	struct page **pages;
};

/*
 * The key is the handle's first word: the bits are random, so they spread
 * evenly (ROCm's store keys on its low bits the same way).
 */
#define GCNKFD_IPC_HASH_BITS 6

static DEFINE_HASHTABLE(gcnkfd_ipc_store, GCNKFD_IPC_HASH_BITS);
static DEFINE_MUTEX(gcnkfd_ipc_lock);

struct page **gcnkfd_ipc_pages(struct gcnkfd_ipc_obj *obj,
			       unsigned long *npages)
{
	*npages = obj->npages;
	return obj->pages;
}

/* Called with gcnkfd_ipc_lock held by kref_put_mutex; releases it. */
static void gcnkfd_ipc_release(struct kref *ref)
	__releases(&gcnkfd_ipc_lock)
{
	struct gcnkfd_ipc_obj *obj =
		container_of(ref, struct gcnkfd_ipc_obj, ref);

	hash_del(&obj->node);
	mutex_unlock(&gcnkfd_ipc_lock);

	gcnkfd_pages_free(obj->pages, obj->npages);
	atomic_dec(&gcnkfd_counters.ipc_objects);
	kfree(obj);
}

/* A buffer on the pages is gone. */
void gcnkfd_ipc_put(struct gcnkfd_ipc_obj *obj)
{
	kref_put_mutex(&obj->ref, gcnkfd_ipc_release, &gcnkfd_ipc_lock);
}

/*
 * A new object holding bo's pages, with bo's reference, in the store
 * under a share handle no other object has. bo's pages now belong to it.
 */
static int gcnkfd_ipc_create(struct gcnkfd_bo *bo, u32 user_flags)
{
	struct gcnkfd_ipc_obj *obj, *other;
	bool taken;

	obj = kzalloc(sizeof(*obj), GFP_KERNEL_ACCOUNT);
	if (!obj)
		return -ENOMEM;
	kref_init(&obj->ref);
	obj->user_flags = user_flags;
	obj->import_flags = kfdc_ipc_import_flags(bo->flags);
	obj->npages = bo->npages;
	obj->pages = bo->pages;

	mutex_lock(&gcnkfd_ipc_lock);
	do {
		get_random_bytes(obj->share_handle, sizeof(obj->share_handle));
		taken = false;
		hash_for_each_possible(gcnkfd_ipc_store, other, node,
				       obj->share_handle[0])
			if (!memcmp(other->share_handle, obj->share_handle,
				    sizeof(obj->share_handle)))
				taken = true;
	} while (taken);
	hash_add(gcnkfd_ipc_store, &obj->node, obj->share_handle[0]);
	mutex_unlock(&gcnkfd_ipc_lock);

	atomic_inc(&gcnkfd_counters.ipc_objects);
	bo->ipc = obj;
	return 0;
}

/* The object a share handle names, with a reference for the caller. */
static struct gcnkfd_ipc_obj *gcnkfd_ipc_get(const u32 *share_handle)
{
	struct gcnkfd_ipc_obj *obj, *found = NULL;

	mutex_lock(&gcnkfd_ipc_lock);
	hash_for_each_possible(gcnkfd_ipc_store, obj, node, share_handle[0]) {
		if (!memcmp(obj->share_handle, share_handle,
			    sizeof(obj->share_handle))) {
			/* Released objects leave under this lock: live. */
			kref_get(&obj->ref);
			found = obj;
			break;
		}
	}
	mutex_unlock(&gcnkfd_ipc_lock);
	return found;
}

int gcnkfd_ioctl_ipc_export_handle(struct file *f, struct gcnkfd_process *p,
				   void *args)
{
	struct kfdc_ipc_export_handle_args *a = args;
	struct gcnkfd_pdd *pdd;
	struct gcnkfd_bo *bo;
	int err = 0;

	mutex_lock(&p->lock);
	pdd = gcnkfd_pdd_by_id(p, a->gpu_id);
	bo = pdd ? gcnkfd_bo_lookup(pdd, a->handle) : NULL;
	/* No such buffer, or one without pages of its own: -EINVAL. */
	if (!bo || !bo->pages || !kfdc_ipc_exportable(bo->flags)) {
		err = -EINVAL;
		goto out;
	}
	if (!bo->ipc)
		err = gcnkfd_ipc_create(bo, a->flags);
	if (!err)
		memcpy(a->share_handle, bo->ipc->share_handle,
		       sizeof(a->share_handle));
out:
	mutex_unlock(&p->lock);
	return err;
}

int gcnkfd_ioctl_ipc_import_handle(struct file *f, struct gcnkfd_process *p,
				   void *args)
{
	struct kfdc_ipc_import_handle_args *a = args;
	struct gcnkfd_ipc_obj *obj;
	struct gcnkfd_pdd *pdd;
	int err;

	/* ROCm's order: the GPU, the share handle, then the VM. */
	mutex_lock(&p->lock);
	pdd = gcnkfd_pdd_by_id(p, a->gpu_id);
	mutex_unlock(&p->lock);
	if (!pdd)
		return -EINVAL;
	obj = gcnkfd_ipc_get(a->share_handle);
	if (!obj)
		return -EINVAL;

	mutex_lock(&p->lock);
	pdd = gcnkfd_bound_pdd(p, a->gpu_id, -ENODEV, &err);
	if (pdd) {
		/* Read while the buffer, which now owns obj, cannot go. */
		a->flags = obj->user_flags;
		err = gcnkfd_bo_import(pdd, obj, a->va_addr, obj->import_flags,
				       &a->handle, &a->mmap_offset);
	}
	mutex_unlock(&p->lock);
	if (err)
		gcnkfd_ipc_put(obj);
	return err;
}
