/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * The virtual GPU's bus: what vgfx9.c (the driver side) and vgpu_file.c
 * (the backend file a device process attaches with) share. The device
 * process plays the GPU: it takes messages (MQDs to map, GPUVM ranges to
 * map and invalidate), answers each with an ACK, maps the pages the
 * messages name through the backend file, and writes IH ring entries.
 */
#ifndef GCNKFD_VGPU_H
#define GCNKFD_VGPU_H

#include <linux/atomic.h>
#include <linux/mutex.h>
#include <linux/workqueue.h>

#include "vgpu_backend.h"

struct gcnkfd_dev;
struct page;
struct vgpu_link;

/* Per GPU: its attachment, if any (embedded in vgfx9's state). */
struct vgpu_slot {
	struct gcnkfd_dev *dev;
	struct mutex lock;		/* link, gen, pid */
	struct vgpu_link *link;		/* NULL: no device attached */
	u32 gen;			/* attachments so far */
	pid_t pid;			/* the attached device's tgid */
	atomic64_t messages;		/* messages acknowledged */
	atomic64_t interrupts;		/* IH entries drained */
	atomic_t resets;		/* devices lost with the GPU in use */
	struct work_struct reset_work;	/* tells the processes */
};

void vgpu_slot_init(struct vgpu_slot *s, struct gcnkfd_dev *dev);
void vgpu_slot_fini(struct vgpu_slot *s);
struct vgpu_slot *vgfx9_slot(struct gcnkfd_dev *dev);

/*
 * The attached device and its generation, with a reference; NULL when no
 * device is attached (the caller's -EIO, as a hung GPU gives).
 */
struct vgpu_link *vgpu_get(struct vgpu_slot *s, u32 *gen);
void vgpu_put(struct vgpu_link *l);

/*
 * Sends m and waits for its ACK: the device's result, or -EIO when the
 * device is gone or does not answer in time (then it is treated as hung:
 * detached, its mappings revoked, the processes told).
 */
int vgpu_call(struct vgpu_link *l, struct fw_vgpu_msg *m);

/*
 * Pages the device may map (mmap of the backend file at *offset): npages
 * of pages[], or npages contiguous pages from first when pages is NULL.
 * The caller keeps them alive until vgpu_obj_drop.
 */
int vgpu_obj_add(struct vgpu_link *l, u32 pasid, u64 va, struct page **pages,
		 struct page *first, unsigned long npages, bool writable,
		 u64 *offset);
/*
 * Revokes the device's mappings of the object at va of pasid (all of the
 * pasid's objects when all is set) and forgets it.
 */
void vgpu_obj_drop(struct vgpu_link *l, u32 pasid, u64 va, bool all);

/*
 * ats.c: PAGE_REQUEST of the device l on dev, attachment gen (the
 * ioctl's argument at arg).
 */
int vgpu_page_request(struct vgpu_link *l, struct gcnkfd_dev *dev, u32 gen,
		      void __user *arg);

#endif /* GCNKFD_VGPU_H */
