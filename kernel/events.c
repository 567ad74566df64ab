// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Events with the rules of Linux 6.1's amdkfd.
 *
 * Signal events (and debug events, which the GPU signals the same way)
 * own a 64-bit slot of the process's signal page, their id being the slot
 * index; slot 0 is never handed out because the CP reports id 0 when a
 * packet names no event. Other events take ids from the upper half of the
 * id space. The signal page is either the kernel's own (mapped through
 * /dev/kfd at KFDC_MMAP_TYPE_EVENTS) or, when the first CREATE_EVENT
 * names a GTT buffer object in event_page_offset, that buffer.
 *
 * Every WAIT_EVENTS caller puts one wait entry on each event it waits for,
 * so setting an event wakes only its own waiters. An auto-reset event is
 * consumed by the waiters it activates; destroying an event fails the
 * waits on it.
 *
 * Locking: p->event_lock serialises creation, destruction, the signal page
 * and the setup and teardown of waits; it nests inside p->lock and never
 * around a user-memory access, because mmap (which holds mmap_lock) takes
 * it. Each event's wait-queue lock guards its state and its waiters. SET,
 * RESET and the interrupt path find events under RCU only.
 */
#include <linux/gfp.h>
#include <linux/mm.h>
#include <linux/rcupdate.h>
#include <linux/sched/signal.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#include "gcnkfd.h"
#include "kfd_event_rules.h"

#define GCNKFD_SIGNAL_PAGE_ORDER get_order(KFDC_SIGNAL_PAGE_BYTES)
#define GCNKFD_SIGNAL_PAGE_COUNT BIT(GCNKFD_SIGNAL_PAGE_ORDER)
/* A slot nobody has written; a byte pattern so that memset clears. */
#define GCNKFD_UNSIGNALED_SLOT (~0ULL)
/* The oldest user mode maps only 256 slots until it mmaps the page. */
#define GCNKFD_UNMAPPED_SIGNAL_SLOTS 256
#define GCNKFD_TIMEOUT_IMMEDIATE 0U
#define GCNKFD_TIMEOUT_INFINITE 0xffffffffU
struct gcnkfd_event {
	u32 id;
	u32 type;			/* KFD_IOC_EVENT_* */
	bool auto_reset;
	bool signaled;
	/* wq.lock guards signaled, age, the data below and the waiters. */
	u64 age;			/* advanced by every set */
	wait_queue_head_t wq;
	union {
		struct kfd_hsa_memory_exception_data memory;
		struct kfd_hsa_hw_exception_data hw;
	};
	struct rcu_head rcu;
};

/* One per event of a WAIT_EVENTS call. */
struct gcnkfd_event_waiter {
	wait_queue_entry_t wait;
	struct gcnkfd_event *event;	/* NULL once the event is destroyed */
	u32 event_id;
	bool activated;
	bool has_memory;		/* memory holds data to copy back */
	struct kfd_hsa_memory_exception_data memory;
	u64 last_age;			/* from user space; 0: untracked */
	bool has_age;			/* age is to be copied back */
	u64 age;
};

static bool gcnkfd_event_has_slot(const struct gcnkfd_event *ev)
{
	return ev->type == KFD_IOC_EVENT_SIGNAL ||
	       ev->type == KFD_IOC_EVENT_DEBUG_EVENT;
}

/* User space sets and resets only signal events, as Linux. */
static bool gcnkfd_event_cpu_settable(const struct gcnkfd_event *ev)
{
	return ev->type == KFD_IOC_EVENT_SIGNAL;
}

/*
 * Called with ev->wq.lock held. Waiters already activated stay queued
 * until they leave, so only the ones this call activates count as
 * consuming an auto-reset event; with none the event stays signaled.
 */
static void gcnkfd_event_set_locked(struct gcnkfd_event *ev)
{
	struct gcnkfd_event_waiter *w;
	bool woke = false;

	list_for_each_entry(w, &ev->wq.head, wait.entry) {
		if (!w->activated) {
			WRITE_ONCE(w->activated, true);
			woke = true;
		}
	}
	ev->signaled = !ev->auto_reset || !woke;
	ev->age = kfdc_event_age_next(ev->age);
	if (woke)
		wake_up_all_locked(&ev->wq);
}

static void gcnkfd_event_destroy_locked(struct gcnkfd_process *p,
					struct gcnkfd_event *ev)
{
	struct gcnkfd_event_waiter *w, *tmp;
	unsigned long flags;

	lockdep_assert_held(&p->event_lock);

	/* The waiters see their event gone and return FAIL. */
	spin_lock_irqsave(&ev->wq.lock, flags);
	list_for_each_entry(w, &ev->wq.head, wait.entry)
		WRITE_ONCE(w->event, NULL);
	wake_up_all_locked(&ev->wq);
	/*
	 * A SET or an interrupt that found the event before idr_remove()
	 * may still take its lock and walk its waiters; those free their
	 * entries once event_lock is dropped, so none may stay queued.
	 */
	list_for_each_entry_safe(w, tmp, &ev->wq.head, wait.entry)
		list_del_init(&w->wait.entry);
	spin_unlock_irqrestore(&ev->wq.lock, flags);

	if (gcnkfd_event_has_slot(ev))
		p->signal_event_count--;
	idr_remove(&p->event_idr, ev->id);
	/* SET, RESET and interrupts may still be looking at it. */
	kfree_rcu(ev, rcu);
	atomic_dec(&gcnkfd_counters.events);
}

/* The kernel's own signal page, physically contiguous as Linux's. */
static int gcnkfd_signal_page_alloc(struct gcnkfd_process *p)
{
	struct page **pages;
	struct page *page;
	unsigned int i;

	pages = kcalloc(GCNKFD_SIGNAL_PAGE_COUNT, sizeof(*pages), GFP_KERNEL);
	if (!pages)
		return -ENOMEM;
	page = alloc_pages(GFP_KERNEL, GCNKFD_SIGNAL_PAGE_ORDER);
	if (!page) {
		kfree(pages);
		return -ENOMEM;
	}
	for (i = 0; i < GCNKFD_SIGNAL_PAGE_COUNT; i++)
		pages[i] = page + i;
	memset(page_address(page), 0xff, KFDC_SIGNAL_PAGE_BYTES);
	atomic64_add(GCNKFD_SIGNAL_PAGE_COUNT,
		     &gcnkfd_counters.pages_allocated);

	p->signal_pages = pages;
	p->signal_slots = GCNKFD_UNMAPPED_SIGNAL_SLOTS;
	/* Interrupts read the page without event_lock. */
	smp_store_release(&p->signal_page, (u64 *)page_address(page));
	return 0;
}

/*
 * A buffer object as the signal page (Linux's kfd_kmap_event_page): a GTT
 * buffer of the process holding all KFDC_SIGNAL_EVENT_LIMIT slots. Its
 * kernel mapping is memory.c's bo->kva, which lasts as long as the buffer:
 * past events release, since FREE refuses p->signal_handle.
 */
static int gcnkfd_event_page_set(struct gcnkfd_process *p, u64 handle)
{
	struct gcnkfd_pdd *pdd;
	struct gcnkfd_bo *bo;
	int err = 0;

	/* p->lock keeps the buffer from being freed while it is looked at. */
	mutex_lock(&p->lock);
	mutex_lock(&p->event_lock);
	if (p->signal_page) {
		err = -EINVAL;
		goto out;
	}
	pdd = gcnkfd_bound_pdd(p, kfdc_handle_gpu_id(handle), -ENODEV, &err);
	if (!pdd)
		goto out;
	bo = gcnkfd_bo_by_handle(p, handle);
	if (!bo || !bo->pages) {
		err = -EINVAL;
		goto out;
	}
	/* Linux pins it in GTT for the kernel's mapping: no USERPTR. */
	if (!(bo->flags & KFD_IOC_ALLOC_MEM_FLAGS_GTT) ||
	    bo->size < KFDC_SIGNAL_PAGE_BYTES ||
	    bo->npages < GCNKFD_SIGNAL_PAGE_COUNT) {
		err = -EINVAL;
		goto out;
	}
	/* gcnkfd_bo_by_handle() maps it; NULL when that failed. */
	if (!bo->kva) {
		err = -ENOMEM;
		goto out;
	}
	memset(bo->kva, 0xff, KFDC_SIGNAL_PAGE_BYTES);
	p->signal_pages = bo->pages;
	/* Linux takes the buffer's size; ids stay below the limit. */
	p->signal_slots = min_t(u64, bo->size / 8, KFDC_SIGNAL_EVENT_LIMIT);
	/* From now on FREE_MEMORY_OF_GPU refuses this handle. */
	p->signal_handle = handle;
	/* Interrupts read the page without event_lock: publish it whole. */
	smp_store_release(&p->signal_page, (u64 *)bo->kva);
out:
	mutex_unlock(&p->event_lock);
	mutex_unlock(&p->lock);
	return err;
}

static int gcnkfd_signal_event_create(struct gcnkfd_process *p,
				      struct gcnkfd_event *ev)
{
	int id, err;

	if (p->signal_slots && p->signal_event_count >= p->signal_slots)
		return -ENOSPC;
	if (!p->signal_page) {
		err = gcnkfd_signal_page_alloc(p);
		if (err)
			return err;
	}
	/* Only slots user space has mapped, and never slot 0. */
	id = idr_alloc(&p->event_idr, ev, 1, p->signal_slots, GFP_KERNEL);
	if (id < 0)
		return id;
	ev->id = id;
	WRITE_ONCE(p->signal_page[id], GCNKFD_UNSIGNALED_SLOT);
	p->signal_event_count++;
	return 0;
}

int gcnkfd_ioctl_create_event(struct file *f, struct gcnkfd_process *p,
			      void *args)
{
	struct kfd_ioctl_create_event_args *a = args;
	struct gcnkfd_event *ev;
	int id, err;

	/* Any event may carry the page, as in Linux; only once. */
	if (a->event_page_offset) {
		err = gcnkfd_event_page_set(p, a->event_page_offset);
		if (err)
			return err;
	}

	ev = kzalloc(sizeof(*ev), GFP_KERNEL);
	if (!ev)
		return -ENOMEM;
	/* Linux takes any type: unknown ones become non-signal events. */
	ev->type = a->event_type;
	ev->auto_reset = a->auto_reset != 0;
	ev->age = KFDC_EVENT_AGE_INITIAL;
	init_waitqueue_head(&ev->wq);
	a->event_page_offset = 0;

	mutex_lock(&p->event_lock);
	if (gcnkfd_event_has_slot(ev)) {
		err = gcnkfd_signal_event_create(p, ev);
		if (!err) {
			a->event_page_offset = KFDC_MMAP_TYPE_EVENTS;
			a->event_slot_index = ev->id;
		}
	} else {
		/* An end of 0 means up to INT_MAX. */
		id = idr_alloc(&p->event_idr, ev,
			       KFDC_FIRST_NONSIGNAL_EVENT_ID, 0, GFP_KERNEL);
		err = id < 0 ? id : 0;
		if (!err)
			ev->id = id;
	}
	if (!err) {
		a->event_id = ev->id;
		a->event_trigger_data = ev->id;
		atomic_inc(&gcnkfd_counters.events);
	}
	mutex_unlock(&p->event_lock);

	if (err)
		kfree(ev);
	return err;
}

int gcnkfd_ioctl_destroy_event(struct file *f, struct gcnkfd_process *p,
			       void *args)
{
	struct kfd_ioctl_destroy_event_args *a = args;
	struct gcnkfd_event *ev;
	int err = 0;

	mutex_lock(&p->event_lock);
	ev = idr_find(&p->event_idr, a->event_id);
	if (ev)
		gcnkfd_event_destroy_locked(p, ev);
	else
		err = -EINVAL;
	mutex_unlock(&p->event_lock);
	return err;
}

static int gcnkfd_event_set_reset(struct gcnkfd_process *p, u32 id, bool set)
{
	struct gcnkfd_event *ev;
	unsigned long flags;
	int err = 0;

	rcu_read_lock();
	ev = idr_find(&p->event_idr, id);
	if (!ev) {
		err = -EINVAL;
		goto out;
	}
	spin_lock_irqsave(&ev->wq.lock, flags);
	if (!gcnkfd_event_cpu_settable(ev))
		err = -EINVAL;
	else if (set)
		gcnkfd_event_set_locked(ev);
	else
		ev->signaled = false;
	spin_unlock_irqrestore(&ev->wq.lock, flags);
out:
	rcu_read_unlock();
	return err;
}

int gcnkfd_ioctl_set_event(struct file *f, struct gcnkfd_process *p,
			   void *args)
{
	struct kfd_ioctl_set_event_args *a = args;

	return gcnkfd_event_set_reset(p, a->event_id, true);
}

int gcnkfd_ioctl_reset_event(struct file *f, struct gcnkfd_process *p,
			     void *args)
{
	struct kfd_ioctl_reset_event_args *a = args;

	return gcnkfd_event_set_reset(p, a->event_id, false);
}

/* Called with p->event_lock held. */
static int gcnkfd_waiter_init(struct gcnkfd_process *p,
			      struct gcnkfd_event_waiter *w)
{
	struct gcnkfd_event *ev = idr_find(&p->event_idr, w->event_id);
	unsigned long flags;

	if (!ev)
		return -EINVAL;
	spin_lock_irqsave(&ev->wq.lock, flags);
	w->event = ev;
	/* A signaled event activates at once; auto-reset ones are taken. */
	w->activated = ev->signaled;
	ev->signaled = ev->signaled && !ev->auto_reset;
	/* A waiter behind the event's age missed a set (Linux 6.5). */
	if (kfdc_event_age_missed(ev->type, w->last_age, ev->age))
		w->activated = true;
	/*
	 * Queued even when already activated: destroying the event must find
	 * every waiter to clear its pointer before the event is freed.
	 */
	__add_wait_queue_entry_tail(&ev->wq, &w->wait);
	spin_unlock_irqrestore(&ev->wq.lock, flags);
	return 0;
}

/*
 * Called with p->event_lock held, so that no event goes away meanwhile.
 * An interrupted wait gives back the auto-reset events it consumed, so the
 * restarted call finds them signaled.
 */
static void gcnkfd_waiters_remove(u32 n, struct gcnkfd_event_waiter *w,
				  bool undo_auto_reset)
{
	struct gcnkfd_event *ev;
	unsigned long flags;
	u32 i;

	for (i = 0; i < n; i++) {
		ev = w[i].event;
		if (!ev)
			continue;
		spin_lock_irqsave(&ev->wq.lock, flags);
		list_del_init(&w[i].wait.entry);
		if (undo_auto_reset && w[i].activated && ev->auto_reset)
			gcnkfd_event_set_locked(ev);
		spin_unlock_irqrestore(&ev->wq.lock, flags);
	}
}

/* COMPLETE when all (or any) are activated, FAIL when one is destroyed. */
static u32 gcnkfd_wait_condition(bool all, u32 n,
				 struct gcnkfd_event_waiter *w)
{
	u32 i, activated = 0;

	for (i = 0; i < n; i++) {
		if (!READ_ONCE(w[i].event))
			return KFD_IOC_WAIT_RESULT_FAIL;
		if (READ_ONCE(w[i].activated)) {
			if (!all)
				return KFD_IOC_WAIT_RESULT_COMPLETE;
			activated++;
		}
	}
	return activated == n ? KFD_IOC_WAIT_RESULT_COMPLETE :
				KFD_IOC_WAIT_RESULT_TIMEOUT;
}

/*
 * Called with p->event_lock held: takes the data of the activated memory
 * events and the ages of the tracked signal events, copied to user space
 * once the lock is dropped. A waiter that was not activated saw no set, so
 * its age is the one it passed. An event destroyed since it woke us fails
 * the call, as in Linux.
 */
static int gcnkfd_waiters_snapshot(u32 n, struct gcnkfd_event_waiter *w)
{
	struct gcnkfd_event *ev;
	unsigned long flags;
	u32 i;

	for (i = 0; i < n; i++) {
		ev = w[i].event;
		if (!ev)
			return -EINVAL;
		if (kfdc_event_age_tracked(ev->type, w[i].last_age)) {
			spin_lock_irqsave(&ev->wq.lock, flags);
			w[i].age = w[i].activated ? ev->age : w[i].last_age;
			spin_unlock_irqrestore(&ev->wq.lock, flags);
			w[i].has_age = true;
		}
		if (!w[i].activated || ev->type != KFD_IOC_EVENT_MEMORY)
			continue;
		spin_lock_irqsave(&ev->wq.lock, flags);
		w[i].memory = ev->memory;
		spin_unlock_irqrestore(&ev->wq.lock, flags);
		w[i].has_memory = true;
	}
	return 0;
}

static long gcnkfd_timeout_jiffies(u32 ms)
{
	if (ms == GCNKFD_TIMEOUT_IMMEDIATE)
		return 0;
	if (ms == GCNKFD_TIMEOUT_INFINITE)
		return MAX_SCHEDULE_TIMEOUT;
	/*
	 * msecs_to_jiffies() takes values above INT_MAX as infinite; they
	 * are finite here. One more jiffy so the wait is never shorter.
	 */
	return msecs_to_jiffies(min_t(u32, ms, INT_MAX)) + 1;
}

int gcnkfd_ioctl_wait_events(struct file *f, struct gcnkfd_process *p,
			     void *args)
{
	struct kfd_ioctl_wait_events_args *a = args;
	struct kfd_event_data __user *data = u64_to_user_ptr(a->events_ptr);
	long timeout = gcnkfd_timeout_jiffies(a->timeout);
	u32 result = KFD_IOC_WAIT_RESULT_FAIL;
	bool all = a->wait_for_all != 0;
	struct gcnkfd_event_waiter *w;
	u32 n = a->num_events, read, i;
	int err = 0;

	/*
	 * Linux bounds num_events only by kcalloc(), so a huge count is
	 * -ENOMEM; here anything past what a process can own is, before any
	 * allocation. kvcalloc(): the array can exceed what kmalloc gets
	 * reliably.
	 */
	if (n > KFDC_MAX_WAIT_EVENTS) {
		err = -ENOMEM;
		goto out;
	}
	w = kvcalloc(n, sizeof(*w), GFP_KERNEL);
	if (!w) {
		err = -ENOMEM;
		goto out;
	}

	/* The ids are read before event_lock, which must not fault. */
	for (read = 0; read < n; read++) {
		if (get_user(w[read].event_id, &data[read].event_id) ||
		    get_user(w[read].last_age,
			     (u64 __user *)((char __user *)&data[read] +
					    KFDC_EVENT_DATA_AGE_OFFSET)))
			break;
		init_waitqueue_entry(&w[read].wait, current);
		INIT_LIST_HEAD(&w[read].wait.entry);
	}

	mutex_lock(&p->event_lock);
	/* Errors in array order: an unknown id before a fault is -EINVAL. */
	for (i = 0; i < read && !err; i++)
		err = gcnkfd_waiter_init(p, &w[i]);
	if (!err && read < n)
		err = -EFAULT;
	if (err)
		goto out_unlock;

	result = gcnkfd_wait_condition(all, n, w);
	if (result == KFD_IOC_WAIT_RESULT_COMPLETE) {
		err = gcnkfd_waiters_snapshot(n, w);
		goto out_unlock;
	}
	mutex_unlock(&p->event_lock);

	for (;;) {
		if (fatal_signal_pending(current)) {
			err = -EINTR;
			break;
		}
		if (signal_pending(current)) {
			/* A restarted call waits only what is left. */
			err = -ERESTARTSYS;
			if (a->timeout != GCNKFD_TIMEOUT_IMMEDIATE &&
			    a->timeout != GCNKFD_TIMEOUT_INFINITE)
				a->timeout = jiffies_to_msecs(max(0L,
								  timeout - 1));
			break;
		}
		/* Before the test, so that a wake-up in between is kept. */
		set_current_state(TASK_INTERRUPTIBLE);
		result = gcnkfd_wait_condition(all, n, w);
		if (result != KFD_IOC_WAIT_RESULT_TIMEOUT || timeout <= 0)
			break;
		timeout = schedule_timeout(timeout);
	}
	__set_current_state(TASK_RUNNING);

	mutex_lock(&p->event_lock);
	if (!err && result == KFD_IOC_WAIT_RESULT_COMPLETE)
		err = gcnkfd_waiters_snapshot(n, w);
out_unlock:
	gcnkfd_waiters_remove(n, w, err == -ERESTARTSYS);
	mutex_unlock(&p->event_lock);

	for (i = 0; i < n && !err; i++) {
		if (w[i].has_memory &&
		    copy_to_user(&data[i].memory_exception_data, &w[i].memory,
				 sizeof(w[i].memory)))
			err = -EFAULT;
		else if (w[i].has_age &&
			 put_user(w[i].age,
				  (u64 __user *)((char __user *)&data[i] +
						 KFDC_EVENT_DATA_AGE_OFFSET)))
			err = -EFAULT;
	}
	kvfree(w);
out:
	if (err)
		result = KFD_IOC_WAIT_RESULT_FAIL;
	else if (result == KFD_IOC_WAIT_RESULT_FAIL)
		err = -EIO;	/* an event was destroyed under the wait */
	a->wait_result = result;
	return err;
}

/*
 * mmap of the signal page (Linux's kfd_event_mmap): at most the whole page
 * set; what is mapped is what signal events may use from then on.
 */
int gcnkfd_events_mmap(struct gcnkfd_process *p, struct vm_area_struct *vma)
{
	unsigned long size = vma->vm_end - vma->vm_start;
	unsigned long off;
	int err = 0;

	if (get_order(size) > GCNKFD_SIGNAL_PAGE_ORDER)
		return -EINVAL;

	mutex_lock(&p->event_lock);
	if (!p->signal_page) {
		err = -EINVAL;
		goto out;
	}
	vma->vm_flags |= VM_IO | VM_DONTCOPY | VM_DONTEXPAND | VM_NORESERVE |
			 VM_DONTDUMP | VM_PFNMAP;
	if (!p->signal_handle) {
		/* The kernel's page is contiguous: one range, as Linux. */
		err = remap_pfn_range(vma, vma->vm_start,
				      page_to_pfn(p->signal_pages[0]), size,
				      vma->vm_page_prot);
	} else {
		/* A buffer's pages need not be; Linux cannot map them. */
		for (off = 0; off < size && !err; off += PAGE_SIZE)
			err = remap_pfn_range(vma, vma->vm_start + off,
					      page_to_pfn(p->signal_pages[off >>
								  PAGE_SHIFT]),
					      PAGE_SIZE, vma->vm_page_prot);
	}
	if (!err)
		p->signal_slots = size / 8;
out:
	mutex_unlock(&p->event_lock);
	return err;
}

/* Called with the rcu read lock held. */
static void gcnkfd_event_set_from_interrupt(u64 *slots,
					    struct gcnkfd_event *ev)
{
	unsigned long flags;

	if (!ev || !gcnkfd_event_has_slot(ev))
		return;
	/* Acknowledge first, so that a new write is seen by the next one. */
	WRITE_ONCE(slots[ev->id], GCNKFD_UNSIGNALED_SLOT);
	spin_lock_irqsave(&ev->wq.lock, flags);
	gcnkfd_event_set_locked(ev);
	spin_unlock_irqrestore(&ev->wq.lock, flags);
}

/*
 * The first written slot among the ids whose low valid_id_bits bits are
 * partial_id, or NULL: then the caller scans all slots.
 */
static struct gcnkfd_event *
gcnkfd_signaled_event_by_partial_id(struct gcnkfd_process *p, u64 *slots,
				    u32 id, u32 bits)
{
	struct gcnkfd_event *ev = NULL;

	if (id >= KFDC_SIGNAL_EVENT_LIMIT)
		return NULL;
	/* All the bits of an id: one lookup. */
	if (bits > 31 || (1U << bits) >= KFDC_SIGNAL_EVENT_LIMIT) {
		if (READ_ONCE(slots[id]) == GCNKFD_UNSIGNALED_SLOT)
			return NULL;
		return idr_find(&p->event_idr, id);
	}
	for (; id < KFDC_SIGNAL_EVENT_LIMIT && !ev; id += 1U << bits) {
		if (READ_ONCE(slots[id]) != GCNKFD_UNSIGNALED_SLOT)
			ev = idr_find(&p->event_idr, id);
	}
	return ev;
}

/*
 * A signal interrupt of process p (Linux's kfd_signal_event_interrupt):
 * the GPU wrote an event's slot and may say which event in the low
 * valid_id_bits bits of partial_id. The caller holds a reference to p.
 * Never sleeps.
 */
void gcnkfd_signal_event_interrupt(struct gcnkfd_process *p, u32 partial_id,
				   u32 valid_id_bits)
{
	struct gcnkfd_event *ev = NULL;
	u64 *slots;
	int id;

	rcu_read_lock();
	/* Pairs with the release that publishes a filled page. */
	slots = smp_load_acquire(&p->signal_page);
	if (!slots)
		goto out;
	if (valid_id_bits)
		ev = gcnkfd_signaled_event_by_partial_id(p, slots, partial_id,
							 valid_id_bits);
	if (ev) {
		gcnkfd_event_set_from_interrupt(slots, ev);
		goto out;
	}
	if (valid_id_bits)
		pr_debug_ratelimited("gcnkfd: bad partial event id %u (%u bits)\n",
				     partial_id, valid_id_bits);

	/* Scan what is shorter: the few events, or the written slots. */
	if (READ_ONCE(p->signal_event_count) < KFDC_SIGNAL_EVENT_LIMIT / 64) {
		id = 1;
		idr_for_each_entry_continue(&p->event_idr, ev, id) {
			if (id >= KFDC_SIGNAL_EVENT_LIMIT)
				break;
			if (READ_ONCE(slots[id]) != GCNKFD_UNSIGNALED_SLOT)
				gcnkfd_event_set_from_interrupt(slots, ev);
		}
	} else {
		for (id = 1; id < KFDC_SIGNAL_EVENT_LIMIT; id++) {
			if (READ_ONCE(slots[id]) == GCNKFD_UNSIGNALED_SLOT)
				continue;
			ev = idr_find(&p->event_idr, id);
			gcnkfd_event_set_from_interrupt(slots, ev);
		}
	}
out:
	rcu_read_unlock();
}

/*
 * Sets every event of one type, with its data (Linux's
 * lookup_events_by_type_and_signal): the memory-exception events on a VM
 * fault, the HW-exception events on a bad opcode or a GPU reset. Called
 * from the interrupt path with the process pinned; never sleeps.
 */
static void gcnkfd_signal_type(struct gcnkfd_process *p, u32 type,
			       const void *data, size_t size)
{
	struct gcnkfd_event *ev;
	unsigned long flags;
	int id = 0;

	rcu_read_lock();
	idr_for_each_entry_continue(&p->event_idr, ev, id) {
		if (ev->type != type)
			continue;
		spin_lock_irqsave(&ev->wq.lock, flags);
		if (data && type == KFD_IOC_EVENT_MEMORY)
			memcpy(&ev->memory, data, size);
		else if (data)
			memcpy(&ev->hw, data, size);
		gcnkfd_event_set_locked(ev);
		spin_unlock_irqrestore(&ev->wq.lock, flags);
	}
	rcu_read_unlock();
}

void gcnkfd_signal_memory_exception(struct gcnkfd_process *p,
				    const struct kfd_hsa_memory_exception_data *d)
{
	gcnkfd_signal_type(p, KFD_IOC_EVENT_MEMORY, d, sizeof(*d));
}

void gcnkfd_signal_hw_exception(struct gcnkfd_process *p,
				const struct kfd_hsa_hw_exception_data *d)
{
	gcnkfd_signal_type(p, KFD_IOC_EVENT_HW_EXCEPTION, d,
			   d ? sizeof(*d) : 0);
}

/*
 * Process exit: every event and the kernel's signal page go. A buffer used
 * as the page, and its kernel mapping, are memory.c's to free afterwards.
 */
void gcnkfd_events_release(struct gcnkfd_process *p)
{
	struct gcnkfd_event *ev;
	int id;

	mutex_lock(&p->event_lock);
	idr_for_each_entry(&p->event_idr, ev, id)
		gcnkfd_event_destroy_locked(p, ev);

	if (p->signal_page && !p->signal_handle) {
		__free_pages(p->signal_pages[0], GCNKFD_SIGNAL_PAGE_ORDER);
		kfree(p->signal_pages);
		atomic64_sub(GCNKFD_SIGNAL_PAGE_COUNT,
			     &gcnkfd_counters.pages_allocated);
	}
	p->signal_page = NULL;
	p->signal_pages = NULL;
	p->signal_handle = 0;
	p->signal_slots = 0;
	mutex_unlock(&p->event_lock);
}
