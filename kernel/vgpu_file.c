// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * /dev/gcnkfd-vgpu: the backend file through which a device process
 * (gcn-vgpud) becomes a GPU of the module (firmware-interfaces/
 * vgpu_backend.h has the protocol). Only root may open it; ATTACH binds
 * the file to one GPU, at most one file per GPU.
 *
 * A message (struct fw_vgpu_msg) is what amdkfd writes to the HIQ or what
 * amdgpu's VM code does to the page tables; the caller sleeps until the
 * device's ACK, or until device_timeout_ms, after which the device counts
 * as hung: it is detached as if it had died. A lost device (hung, closed,
 * or its process killed) is a GPU reset for the KFD's processes: pending
 * messages fail with -EIO, the device's mappings of their pages are
 * revoked, every process gets its HW-exception events (reset_work), and
 * the queues it ran stay dead. A device that attaches later serves new
 * queues.
 *
 * Pages reach the device as "objects": a run of pages at a page offset of
 * this file that no other object shares (offsets are never reused while
 * the module is loaded). The device maps them with mmap; they are inserted
 * at fault time under obj_lock, and dropping an object zaps every mapping
 * of its range under the same lock, so after vgpu_obj_drop no device
 * mapping reaches the pages and the caller may free them.
 *
 * The IH ring (offset 0) is written by the device; ioctl(IRQ) drains it on
 * the caller's thread, as amdgpu's interrupt handler would.
 */
#include <linux/capability.h>
#include <linux/fs.h>
#include <linux/kref.h>
#include <linux/miscdevice.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/poll.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <linux/vmalloc.h>

#include "gcnkfd.h"
#include "ih_entry.h"
#include "vgpu.h"

static unsigned int device_timeout_ms = 10000;
module_param(device_timeout_ms, uint, 0644);
MODULE_PARM_DESC(device_timeout_ms,
		 "How long the module waits for the device process to answer before it resets the GPU (ms)");

/* Object offsets start past the IH ring and are never reused. */
#define VGPU_OBJ_PGOFF_BASE BIT(20)
/* Pages a fault inserts at once, from the faulting one on. */
#define VGPU_FAULT_AROUND 64

static atomic64_t vgpu_next_pgoff = ATOMIC64_INIT(VGPU_OBJ_PGOFF_BASE);

struct vgpu_req {
	struct list_head entry;		/* link->pending, then link->sent */
	struct fw_vgpu_msg *msg;
	struct completion done;
	int result;
	bool answered;			/* link->lock */
};

struct vgpu_obj {
	struct list_head entry;		/* link->objs */
	u32 pasid;
	bool writable;
	u64 va;
	unsigned long pgoff;
	unsigned long npages;
	struct page **pages;		/* or NULL: contiguous from first */
	struct page *first;
};

struct vgpu_link {
	struct kref ref;		/* the file, the slot, each vgpu_get */
	struct vgpu_slot *slot;		/* NULL until ATTACH */
	u32 gen;
	spinlock_t lock;		/* pending, sent, dead, next_seq */
	struct list_head pending;	/* not read by the device yet */
	struct list_head sent;		/* read, waiting for the ACK */
	wait_queue_head_t readq;
	bool dead;
	u32 next_seq;
	struct mutex obj_lock;		/* objs, mapping */
	struct list_head objs;
	struct address_space *mapping;	/* the file's, NULL after release */
	struct mutex ih_lock;		/* one drain at a time, ih_rptr */
	void *ih;			/* vmalloc_user: header and entries */
	u32 ih_rptr;			/* the module's copy: never trusted */
};

static void vgpu_link_free(struct kref *ref)
{
	struct vgpu_link *l = container_of(ref, struct vgpu_link, ref);
	struct vgpu_obj *o, *tmp;

	list_for_each_entry_safe(o, tmp, &l->objs, entry)
		kfree(o);
	vfree(l->ih);
	mutex_destroy(&l->obj_lock);
	mutex_destroy(&l->ih_lock);
	kfree(l);
}

void vgpu_put(struct vgpu_link *l)
{
	if (l)
		kref_put(&l->ref, vgpu_link_free);
}

struct vgpu_link *vgpu_get(struct vgpu_slot *s, u32 *gen)
{
	struct vgpu_link *l;

	mutex_lock(&s->lock);
	l = s->link;
	if (l) {
		kref_get(&l->ref);
		*gen = l->gen;
	}
	mutex_unlock(&s->lock);
	return l;
}

/* Zaps the device's mappings of o; obj_lock held. */
static void vgpu_obj_zap(struct vgpu_link *l, struct vgpu_obj *o)
{
	if (l->mapping)
		unmap_mapping_range(l->mapping, (loff_t)o->pgoff << PAGE_SHIFT,
				    (loff_t)o->npages << PAGE_SHIFT, 1);
}

int vgpu_obj_add(struct vgpu_link *l, u32 pasid, u64 va, struct page **pages,
		 struct page *first, unsigned long npages, bool writable,
		 u64 *offset)
{
	struct vgpu_obj *o = kzalloc(sizeof(*o), GFP_KERNEL);

	if (!o)
		return -ENOMEM;
	o->pasid = pasid;
	o->va = va;
	o->pages = pages;
	o->first = first;
	o->npages = npages;
	o->writable = writable;
	o->pgoff = atomic64_fetch_add(npages, &vgpu_next_pgoff);
	*offset = (u64)o->pgoff << PAGE_SHIFT;
	mutex_lock(&l->obj_lock);
	list_add_tail(&o->entry, &l->objs);
	mutex_unlock(&l->obj_lock);
	return 0;
}

void vgpu_obj_drop(struct vgpu_link *l, u32 pasid, u64 va, bool all)
{
	struct vgpu_obj *o, *tmp;
	LIST_HEAD(gone);

	mutex_lock(&l->obj_lock);
	list_for_each_entry_safe(o, tmp, &l->objs, entry) {
		if (o->pasid != pasid || (!all && o->va != va))
			continue;
		vgpu_obj_zap(l, o);
		list_move(&o->entry, &gone);
	}
	mutex_unlock(&l->obj_lock);
	list_for_each_entry_safe(o, tmp, &gone, entry)
		kfree(o);
}

/* The device is gone or hung: what a GPU reset does. */
static void vgpu_link_lose(struct vgpu_link *l)
{
	struct vgpu_slot *s = l->slot;
	struct vgpu_req *r, *tmp;
	struct vgpu_obj *o;
	bool detach = false;

	spin_lock(&l->lock);
	if (l->dead) {
		spin_unlock(&l->lock);
		return;
	}
	l->dead = true;
	list_splice_init(&l->pending, &l->sent);
	list_for_each_entry_safe(r, tmp, &l->sent, entry) {
		list_del(&r->entry);
		r->result = -EIO;
		r->answered = true;
		complete(&r->done);
	}
	spin_unlock(&l->lock);
	wake_up_all(&l->readq);

	/* No page of any process stays reachable. */
	mutex_lock(&l->obj_lock);
	list_for_each_entry(o, &l->objs, entry)
		vgpu_obj_zap(l, o);
	mutex_unlock(&l->obj_lock);

	if (!s)
		return;
	mutex_lock(&s->lock);
	if (s->link == l) {
		s->link = NULL;
		s->pid = 0;
		detach = true;
	}
	mutex_unlock(&s->lock);
	if (detach) {
		atomic_inc(&s->resets);
		schedule_work(&s->reset_work);
		vgpu_put(l);	/* the slot's reference */
	}
}

int vgpu_call(struct vgpu_link *l, struct fw_vgpu_msg *m)
{
	struct vgpu_req *r = kzalloc(sizeof(*r), GFP_KERNEL);
	bool hung = false;
	int result;

	if (!r)
		return -ENOMEM;
	r->msg = m;
	init_completion(&r->done);
	spin_lock(&l->lock);
	if (l->dead) {
		spin_unlock(&l->lock);
		kfree(r);
		return -EIO;
	}
	if (++l->next_seq == 0)
		l->next_seq = 1;
	m->seq = l->next_seq;
	list_add_tail(&r->entry, &l->pending);
	spin_unlock(&l->lock);
	wake_up_interruptible(&l->readq);

	/* Uninterruptible as a fence wait; the timeout bounds it. */
	wait_for_completion_timeout(&r->done,
				    msecs_to_jiffies(device_timeout_ms));
	spin_lock(&l->lock);
	if (r->answered) {
		result = r->result;
	} else {
		list_del(&r->entry);
		result = -EIO;
		hung = true;
	}
	spin_unlock(&l->lock);
	kfree(r);
	if (hung) {
		pr_warn("gcnkfd: gpu %u: the device did not answer message %u in %u ms; resetting\n",
			l->slot->dev->gpu_id, m->op, device_timeout_ms);
		vgpu_link_lose(l);
	}
	return result;
}

static void vgpu_reset_process(struct gcnkfd_process *p, void *arg)
{
	struct gcnkfd_dev *dev = arg;
	struct kfd_hsa_hw_exception_data d = {
		.reset_type = 1,	/* the whole GPU */
		.reset_cause = KFD_HW_EXCEPTION_GPU_HANG,
		.memory_lost = 1,
		.gpu_id = dev->gpu_id,
	};

	if (p->pdds[dev->index])
		gcnkfd_signal_hw_exception(p, &d);
}

static void vgpu_reset_work(struct work_struct *work)
{
	struct vgpu_slot *s = container_of(work, struct vgpu_slot,
					   reset_work);

	gcnkfd_process_call_all(vgpu_reset_process, s->dev);
}

void vgpu_slot_init(struct vgpu_slot *s, struct gcnkfd_dev *dev)
{
	s->dev = dev;
	mutex_init(&s->lock);
	INIT_WORK(&s->reset_work, vgpu_reset_work);
}

/* No file is open (they pin the module): only the work may be queued. */
void vgpu_slot_fini(struct vgpu_slot *s)
{
	flush_work(&s->reset_work);
	mutex_destroy(&s->lock);
}

static int vgpu_open(struct inode *inode, struct file *f)
{
	struct vgpu_link *l;

	if (!capable(CAP_SYS_ADMIN))
		return -EPERM;
	l = kzalloc(sizeof(*l), GFP_KERNEL);
	if (!l)
		return -ENOMEM;
	kref_init(&l->ref);
	spin_lock_init(&l->lock);
	INIT_LIST_HEAD(&l->pending);
	INIT_LIST_HEAD(&l->sent);
	init_waitqueue_head(&l->readq);
	mutex_init(&l->obj_lock);
	INIT_LIST_HEAD(&l->objs);
	mutex_init(&l->ih_lock);
	l->mapping = f->f_mapping;
	f->private_data = l;
	return nonseekable_open(inode, f);
}

static int vgpu_release(struct inode *inode, struct file *f)
{
	struct vgpu_link *l = f->private_data;

	/* Every mapping of the file is gone: each held the file open. */
	vgpu_link_lose(l);
	mutex_lock(&l->obj_lock);
	l->mapping = NULL;
	mutex_unlock(&l->obj_lock);
	vgpu_put(l);
	return 0;
}

static ssize_t vgpu_read(struct file *f, char __user *buf, size_t len,
			 loff_t *pos)
{
	struct vgpu_link *l = f->private_data;
	struct fw_vgpu_msg *copy;
	struct vgpu_req *r;
	int err;

	if (!l->slot)
		return -EINVAL;
	if (len < sizeof(*copy))
		return -EINVAL;
	copy = kmalloc(sizeof(*copy), GFP_KERNEL);
	if (!copy)
		return -ENOMEM;
	for (;;) {
		spin_lock(&l->lock);
		err = l->dead ? -ENODEV : 0;
		r = err ? NULL : list_first_entry_or_null(&l->pending,
							  struct vgpu_req,
							  entry);
		if (r) {
			/* The caller may time out and free it: copy now. */
			memcpy(copy, r->msg, sizeof(*copy));
			list_move_tail(&r->entry, &l->sent);
		}
		spin_unlock(&l->lock);
		if (r || err)
			break;
		err = -EAGAIN;
		if (f->f_flags & O_NONBLOCK)
			break;
		err = wait_event_interruptible(l->readq,
					       !list_empty(&l->pending) ||
					       READ_ONCE(l->dead));
		if (err)
			break;
	}
	if (r && copy_to_user(buf, copy, sizeof(*copy)))
		err = -EFAULT;
	kfree(copy);
	return err ? err : sizeof(*copy);
}

static __poll_t vgpu_poll(struct file *f, poll_table *wait)
{
	struct vgpu_link *l = f->private_data;
	__poll_t mask = 0;

	poll_wait(f, &l->readq, wait);
	spin_lock(&l->lock);
	if (!list_empty(&l->pending))
		mask |= EPOLLIN | EPOLLRDNORM;
	if (l->dead)
		mask |= EPOLLHUP;
	spin_unlock(&l->lock);
	return mask;
}

static int vgpu_attach(struct vgpu_link *l, void __user *arg)
{
	struct fw_vgpu_attach a;
	struct gcnkfd_dev *dev;
	struct vgpu_slot *s;
	int err = 0;

	if (copy_from_user(&a, arg, sizeof(a)))
		return -EFAULT;
	if (l->slot)
		return -EINVAL;		/* one GPU per file */
	dev = gcnkfd_dev_by_id(a.gpu_id);
	if (!dev || dev->ops != &gcnkfd_vgfx9_ops)
		return -ENODEV;
	l->ih = vmalloc_user(FW_VGPU_IH_BYTES);
	if (!l->ih)
		return -ENOMEM;
	s = vgfx9_slot(dev);
	mutex_lock(&s->lock);
	if (s->link) {
		err = -EBUSY;
	} else {
		kref_get(&l->ref);
		l->slot = s;
		l->gen = ++s->gen;
		s->link = l;
		s->pid = task_tgid_nr(current);
	}
	mutex_unlock(&s->lock);
	if (err) {
		vfree(l->ih);
		l->ih = NULL;
		return err;
	}
	a.version = FW_VGPU_VERSION;
	a.compute_units = dev->props.cu_count;
	a.ih_entries = FW_VGPU_IH_ENTRIES;
	return copy_to_user(arg, &a, sizeof(a)) ? -EFAULT : 0;
}

static int vgpu_ack(struct vgpu_link *l, void __user *arg)
{
	struct fw_vgpu_ack a;
	struct vgpu_req *r;
	int err = -ENOENT;

	if (copy_from_user(&a, arg, sizeof(a)))
		return -EFAULT;
	spin_lock(&l->lock);
	list_for_each_entry(r, &l->sent, entry) {
		if (r->msg->seq != a.seq)
			continue;
		list_del(&r->entry);
		r->result = a.result > 0 || a.result < -MAX_ERRNO ? -EIO :
								    a.result;
		r->answered = true;
		complete(&r->done);
		err = 0;
		break;
	}
	spin_unlock(&l->lock);
	if (!err)
		atomic64_inc(&l->slot->messages);
	return err;
}

/* Drains the IH ring up to the device's wptr. */
static int vgpu_irq(struct vgpu_link *l)
{
	struct fw_vgpu_ih_header *h = l->ih;
	const u8 *ring = (const u8 *)l->ih + FW_VGPU_IH_HEADER_BYTES;
	struct fw_ih_entry e;
	u32 wptr, n = 0;

	mutex_lock(&l->ih_lock);
	/* Pairs with the device's release store of wptr. */
	wptr = smp_load_acquire(&h->wptr);
	if (wptr - l->ih_rptr > FW_VGPU_IH_ENTRIES) {
		pr_warn_ratelimited("gcnkfd: gpu %u: IH wptr %u is past the ring (rptr %u)\n",
				    l->slot->dev->gpu_id, wptr, l->ih_rptr);
		l->ih_rptr = wptr;
	}
	while (l->ih_rptr != wptr) {
		memcpy(&e, ring + (l->ih_rptr % FW_VGPU_IH_ENTRIES) * sizeof(e),
		       sizeof(e));
		gcnkfd_ih_process_v9(l->slot->dev, &e);
		l->ih_rptr++;
		n++;
	}
	/* The device may reuse the slots once it sees rptr: after our reads. */
	smp_store_release(&h->rptr, l->ih_rptr);
	mutex_unlock(&l->ih_lock);
	atomic64_add(n, &l->slot->interrupts);
	return 0;
}

static long vgpu_ioctl(struct file *f, unsigned int cmd, unsigned long arg)
{
	struct vgpu_link *l = f->private_data;

	if (cmd == FW_VGPU_IOC_ATTACH)
		return vgpu_attach(l, (void __user *)arg);
	if (!l->slot)
		return -EINVAL;
	switch (cmd) {
	case FW_VGPU_IOC_ACK:
		return vgpu_ack(l, (void __user *)arg);
	case FW_VGPU_IOC_IRQ:
		return vgpu_irq(l);
	case FW_VGPU_IOC_PAGE_REQUEST:
		return vgpu_page_request(l, l->slot->dev, l->gen,
					 (void __user *)arg);
	default:
		return -ENOTTY;
	}
}

/* The object containing page offset pgoff; obj_lock held. */
static struct vgpu_obj *vgpu_obj_find(struct vgpu_link *l,
				      unsigned long pgoff)
{
	struct vgpu_obj *o;

	list_for_each_entry(o, &l->objs, entry)
		if (pgoff >= o->pgoff && pgoff - o->pgoff < o->npages)
			return o;
	return NULL;
}

static unsigned long vgpu_obj_pfn(const struct vgpu_obj *o, unsigned long i)
{
	return o->pages ? page_to_pfn(o->pages[i]) : page_to_pfn(o->first) + i;
}

/* Inserts the faulting page and a few after it, under obj_lock. */
static vm_fault_t vgpu_fault(struct vm_fault *vmf)
{
	struct vm_area_struct *vma = vmf->vma;
	struct vgpu_link *l = vma->vm_file->private_data;
	unsigned long addr = vmf->address & PAGE_MASK, i, n;
	vm_fault_t ret = VM_FAULT_SIGBUS;
	struct vgpu_obj *o;

	mutex_lock(&l->obj_lock);
	o = vgpu_obj_find(l, vmf->pgoff);
	/* A lost device's objects may name pages already given back. */
	if (!o || !l->mapping || READ_ONCE(l->dead))
		goto out;
	i = vmf->pgoff - o->pgoff;
	n = min3((unsigned long)VGPU_FAULT_AROUND, o->npages - i,
		 (vma->vm_end - addr) >> PAGE_SHIFT);
	ret = vmf_insert_pfn(vma, addr, vgpu_obj_pfn(o, i));
	/* The rest is a prefetch: a page already present is fine. */
	while (ret == VM_FAULT_NOPAGE && --n) {
		addr += PAGE_SIZE;
		vmf_insert_pfn(vma, addr, vgpu_obj_pfn(o, ++i));
	}
out:
	mutex_unlock(&l->obj_lock);
	return ret;
}

static const struct vm_operations_struct vgpu_vm_ops = {
	.fault = vgpu_fault,
};

static int vgpu_mmap(struct file *f, struct vm_area_struct *vma)
{
	struct vgpu_link *l = f->private_data;
	unsigned long pages = vma_pages(vma);
	struct vgpu_obj *o;
	int err = 0;

	if (!l->slot || READ_ONCE(l->dead) || is_cow_mapping(vma->vm_flags))
		return -EINVAL;
	if (vma->vm_pgoff == 0) {
		if (pages << PAGE_SHIFT > FW_VGPU_IH_BYTES)
			return -EINVAL;
		return remap_vmalloc_range(vma, l->ih, 0);
	}
	mutex_lock(&l->obj_lock);
	o = vgpu_obj_find(l, vma->vm_pgoff);
	if (!o || vma->vm_pgoff != o->pgoff || pages > o->npages)
		err = -EINVAL;
	else if (!o->writable && (vma->vm_flags & VM_WRITE))
		err = -EPERM;
	if (!err) {
		if (!o->writable)
			vma->vm_flags &= ~VM_MAYWRITE;
		vma->vm_flags |= VM_PFNMAP | VM_IO | VM_DONTEXPAND |
				 VM_DONTDUMP | VM_DONTCOPY;
		vma->vm_ops = &vgpu_vm_ops;
	}
	mutex_unlock(&l->obj_lock);
	return err;
}

static const struct file_operations vgpu_fops = {
	.owner = THIS_MODULE,
	.open = vgpu_open,
	.release = vgpu_release,
	.read = vgpu_read,
	.poll = vgpu_poll,
	.unlocked_ioctl = vgpu_ioctl,
	.compat_ioctl = compat_ptr_ioctl,
	.mmap = vgpu_mmap,
	.llseek = no_llseek,
};

static struct miscdevice vgpu_misc = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = FW_VGPU_DEVICE_NAME,
	.fops = &vgpu_fops,
	.mode = 0600,
};

int gcnkfd_vgpu_file_init(void)
{
	return misc_register(&vgpu_misc);
}

void gcnkfd_vgpu_file_fini(void)
{
	misc_deregister(&vgpu_misc);
}
