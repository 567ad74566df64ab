/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * gcnkfd: the module's shared declarations. One file per job implements
 * them (see README.md); this header is the only place their structures
 * meet.
 *
 * Layers, top down:
 *   main.c      module parameters, /dev/kfd (class "kfd", device "kfd"),
 *               open/release/mmap
 *   ioctl.c     the command table and the KFD's copy-in/copy-out rules
 *   process.c   one gcnkfd_process per mm, its per-device data (pdd)
 *   topology.c  /sys/devices/virtual/kfd/kfd/topology
 *   memory.c    buffer objects: VRAM, GTT, USERPTR, DOORBELL, MMIO_REMAP
 *   ipc.c       buffers shared between processes: the share-handle store
 *   queue.c     user queues; their MQDs through the ASIC table (dev->asic)
 *   asic_v9.c   the gfx9 ASIC table: MQD managers, doorbells, apertures
 *   events.c    events, the signal page, WAIT_EVENTS
 *   device.c    device registry, apertures, clocks, trap handler, scratch
 *   render.c    the GPUs' DRM render nodes: ACQUIRE_VM's file, BO mmap
 *   vgfx9.c     the virtual gfx9 backend (struct gcnkfd_dev_ops): queue
 *               programming and GPUVM through the attached device process
 *   vgpu_file.c /dev/gcnkfd-vgpu, the backend file the device process
 *               attaches with: messages, ACKs, page mappings, IH ring
 *   ih_v9.c     the gfx9 interrupt handler: IH entries to events
 *   debugfs.c   /sys/kernel/debug/gcnkfd: counters, per-GPU queues
 */
#ifndef GCNKFD_H
#define GCNKFD_H

#include <linux/atomic.h>
#include <linux/fs.h>
#include <linux/idr.h>
#include <linux/kref.h>
#include <linux/list.h>
#include <linux/mm_types.h>
#include <linux/mutex.h>
#include <linux/types.h>
#include <linux/wait.h>
#include <uapi/linux/kfd_ioctl.h>

#include "kfd_device.h"
#include "kfd_limits.h"
#include "kfd_mmap.h"
#include "kfd_queue_rules.h"

#define GCNKFD_NAME "kfd"

/* Processes that may have /dev/kfd open at once. */
#define GCNKFD_MAX_PROCESSES 512

struct gcnkfd_bo;
struct gcnkfd_dev;
struct gcnkfd_ipc_obj;
struct gcnkfd_process;
struct gcnkfd_pdd;
struct gcnkfd_queue;
struct seq_file;
struct drm_device;
struct platform_device;

/*
 * Per ASIC (amdkfd's mqd_manager and device info): how a queue's MQD is
 * built for each engine kind, where its doorbells are, its apertures and
 * tile configuration. The generic files reach gfx9 only through this table
 * (asic_v9.c).
 */
enum gcnkfd_mqd_type {
	GCNKFD_MQD_TYPE_CP,	/* compute and AQL queues */
	GCNKFD_MQD_TYPE_SDMA,
	GCNKFD_MQD_TYPE_COUNT
};

struct gcnkfd_mqd_manager {
	size_t mqd_size;
	/* A zeroed MQD's full state from the queue's properties. */
	void (*init)(void *mqd, const struct kfdc_queue_props *q);
	/* UPDATE_QUEUE: the fields the properties set. */
	void (*update)(void *mqd, const struct kfdc_queue_props *q);
	/* SET_CU_MASK; NULL where the engine has none (accepted, no effect). */
	void (*set_cu_mask)(void *mqd, const struct kfdc_gpu_props *pr,
			    const u32 *mask, u32 bits);
};

struct gcnkfd_asic {
	const struct gcnkfd_mqd_manager *mqd[GCNKFD_MQD_TYPE_COUNT];
	/* The flat apertures of a 64-bit process (LDS, scratch, GPUVM). */
	void (*apertures)(u32 gpu_id, struct kfd_process_device_apertures *ap);
	/* GET_TILE_CONFIG: GB_ADDR_CONFIG and the sizes of the mode tables. */
	u32 gb_addr_config;
	u32 num_tile_configs, num_macro_tile_configs;
	/* The static doorbell slot of SDMA engine e's queue q. */
	u32 (*sdma_doorbell)(u32 engine, u32 queue);
	/* Slots a CP queue never gets (the SDMA ones). */
	bool (*doorbell_reserved)(const struct kfdc_gpu_props *pr, u32 slot);
};

extern const struct gcnkfd_asic gcnkfd_asic_v9;

/*
 * The seam to hardware. A backend (vgfx9.c today) owns what differs between
 * a real GPU and the virtual one; everything above it is the KFD's
 * bookkeeping. Callbacks are called with the owning process's lock held
 * unless noted.
 */
struct gcnkfd_dev_ops {
	const char *name;
	/*
	 * Fills dev->props, dev->name and dev->asic; called once at
	 * registration.
	 */
	int (*init)(struct gcnkfd_dev *dev);
	void (*fini)(struct gcnkfd_dev *dev);
	/* Optional: adds the backend's files to dev->debugfs. */
	void (*debugfs_init)(struct gcnkfd_dev *dev);
	/*
	 * A queue whose MQD is built (q->mqd) starts or stops being served.
	 * Returns 0 or a negative errno (no hardware slot: -ENOMEM).
	 */
	int (*map_queue)(struct gcnkfd_dev *dev, struct gcnkfd_queue *q);
	void (*unmap_queue)(struct gcnkfd_dev *dev, struct gcnkfd_queue *q);
	/* The MQD changed (UPDATE_QUEUE, SET_CU_MASK): reload it. */
	int (*update_queue)(struct gcnkfd_dev *dev, struct gcnkfd_queue *q);
	/*
	 * GPUVM of pdd's process on dev (pdd->dev == dev): bo (a buffer of
	 * the process on any GPU) is now mapped, or is to be unmapped. The
	 * unmap returns once the GPU can no longer reach the pages (the TLB
	 * flush waits), so the caller may free them.
	 */
	int (*vm_map)(struct gcnkfd_dev *dev, struct gcnkfd_pdd *pdd,
		      struct gcnkfd_bo *bo);
	void (*vm_unmap)(struct gcnkfd_dev *dev, struct gcnkfd_pdd *pdd,
			 struct gcnkfd_bo *bo);
	/* SET_TRAP_HANDLER: pdd->tba/tma changed. */
	/* The trap handler or the scratch backing of pdd changed. */
	void (*set_vmid)(struct gcnkfd_dev *dev, struct gcnkfd_pdd *pdd);
	/*
	 * The process leaves the GPU (its queues are gone already): the GPU
	 * drops its VMID and every range still mapped. Returns once it can
	 * reach none of them.
	 */
	void (*process_remove)(struct gcnkfd_dev *dev, struct gcnkfd_pdd *pdd);
	/* The GPU's free-running counter (GET_CLOCK_COUNTERS). */
	u64 (*gpu_clock_counter)(struct gcnkfd_dev *dev);
};

struct gcnkfd_dev {
	struct list_head list;		/* gcnkfd_devices */
	u32 gpu_id;			/* nonzero, unique, stable for its props */
	u32 node;			/* topology node index */
	u32 index;			/* index among GPUs: the pdd slot */
	/*
	 * An IOMMUv2 APU (the apu parameter, first GPU only): node 0 with
	 * the CPU cores; the device may ask for any page of a process
	 * (ats.c).
	 */
	bool apu;
	char name[32];			/* sysfs "name": the ASIC, "vega10" */
	const struct gcnkfd_dev_ops *ops;
	const struct gcnkfd_asic *asic;	/* set by the backend's init */
	struct kfdc_gpu_props props;
	void *backend;			/* the backend's private state */
	struct dentry *debugfs;		/* gcnkfd/gpu<gpu_id>/ */
	/* render.c: the render node, its DRM device and parent device */
	struct platform_device *pdev;
	struct drm_device *drm;
	u32 render_minor;		/* /dev/dri/renderD<render_minor> */
	struct mutex lock;		/* queue_count and the backend's lists */
	unsigned int queue_count;	/* all processes' queues */
	unsigned long sdma_used;	/* SDMA queue slots taken, dev->lock */
};

/* One buffer object (memory.c). */
struct gcnkfd_bo {
	struct gcnkfd_pdd *pdd;		/* owner */
	u32 idr;
	u32 flags;			/* KFD_IOC_ALLOC_MEM_FLAGS_* */
	u64 va;
	u64 size;			/* page multiple */
	u64 mmap_offset;		/* what ALLOC returned */
	unsigned long npages;
	struct page **pages;		/* VRAM/GTT: own pages; USERPTR: pinned */
	/*
	 * Shared (ipc.c): the pages belong to this object, which each buffer
	 * on them holds a reference to; NULL for a buffer never exported.
	 */
	struct gcnkfd_ipc_obj *ipc;
	bool imported;			/* IMPORT made it: no VRAM charged */
	void *kva;			/* vmap of pages when the kernel reads it */
	u32 mapped_mask;		/* bit per device index mapped on */
};

/* One user queue (queue.c). */
struct gcnkfd_queue {
	struct list_head dev_list;	/* the backend's list of its queues */
	struct gcnkfd_pdd *pdd;
	u32 queue_id;			/* per process */
	/* What the MQD is built from: type, ring, pointers, doorbell slot... */
	struct kfdc_queue_props props;
	u64 ctx_save_base;
	u32 ctx_save_size, ctl_stack_size;
	u32 percentage;
	const struct gcnkfd_mqd_manager *mqd_mgr;
	void *mqd;			/* built by mqd_mgr */
	u32 *cu_mask;			/* SET_CU_MASK, or NULL */
	u32 cu_mask_count;
	bool mapped;			/* the backend serves it */
	u32 hqd;			/* the backend's handle for it */
	u32 hw_gen;			/* the device attachment it was mapped on */
};

/* Per process and device: Linux's kfd_process_device. */
struct gcnkfd_pdd {
	struct gcnkfd_process *p;
	struct gcnkfd_dev *dev;
	struct file *vm_file;		/* ACQUIRE_VM'd render file, or NULL */
	struct idr bo_idr;
	struct page *doorbells;		/* order-1: the 8 KiB slice */
	DECLARE_BITMAP(doorbell_used, KFDC_DOORBELLS_PER_PROCESS);
	struct page *mmio_page;		/* MMIO_REMAP's HDP flush page */
	unsigned int queue_count;
	u64 vram_used;
	u64 scratch_va;
	u64 tba, tma;
	u32 default_policy, alternate_policy;
	u64 alternate_base, alternate_size;
	u64 bo_mmap_next;		/* next free BO mmap page offset */
	u32 hw_gen;			/* device attachment that has our VMID */
};

struct gcnkfd_event;

struct gcnkfd_process {
	struct list_head list;		/* gcnkfd_processes */
	struct kref ref;		/* per /dev/kfd and bound render file */
	struct mm_struct *mm;		/* key; mmgrab()ed, not mmget()ed */
	struct task_struct *lead_thread;
	u32 pasid;
	struct mutex lock;		/* pdds, buffers, queues */
	struct gcnkfd_pdd *pdds[KFDC_MAX_GPUS];
	struct idr queue_idr;
	/* events.c; its own lock so that a waiter never holds p->lock */
	struct mutex event_lock;
	struct idr event_idr;
	u64 *signal_page;		/* KFDC_SIGNAL_EVENT_LIMIT slots */
	struct page **signal_pages;	/* its pages; a BO's with a handle */
	u64 signal_handle;		/* user BO given as event page, or 0 */
	u32 signal_slots;		/* slots backed by memory */
	u32 signal_event_count;
	/* ats.c: pages an APU asked for, pinned until release */
	struct mutex ats_lock;		/* ats_runs */
	struct list_head ats_runs;
};

/* Module-wide counters, shown in debugfs; tests expect zero when idle. */
struct gcnkfd_counters {
	atomic_t processes;
	atomic_t bos;
	atomic_t queues;
	atomic_t events;
	atomic64_t pages_allocated;
	atomic64_t pages_pinned;
	atomic_t ipc_objects;		/* shared page sets in the store */
};

extern struct gcnkfd_counters gcnkfd_counters;
extern struct list_head gcnkfd_devices;
extern struct device *gcnkfd_device;
extern const struct file_operations gcnkfd_fops;

/* main.c / ioctl.c */
long gcnkfd_ioctl(struct file *filep, unsigned int cmd, unsigned long arg);

/* process.c */
struct gcnkfd_process *gcnkfd_process_open(void);
void gcnkfd_process_call_pasid(u32 pasid,
			       void (*fn)(struct gcnkfd_process *p, void *arg),
			       void *arg);
/*
 * As gcnkfd_process_call_pasid, but fn may sleep (under SRCU; release
 * waits for it): fn's result, or -ESRCH for no such process.
 */
int gcnkfd_process_call_pasid_sleepable(u32 pasid,
					int (*fn)(struct gcnkfd_process *p,
						  void *arg),
					void *arg);
void gcnkfd_process_call_all(void (*fn)(struct gcnkfd_process *p, void *arg),
			     void *arg);
void gcnkfd_process_put(struct gcnkfd_process *p);
struct gcnkfd_pdd *gcnkfd_pdd_by_id(struct gcnkfd_process *p, u32 gpu_id);
struct gcnkfd_pdd *gcnkfd_bound_pdd(struct gcnkfd_process *p, u32 gpu_id,
				    int unbound_err, int *err);
void gcnkfd_processes_show(struct seq_file *m, struct gcnkfd_dev *dev);

/* device.c: the registry of GPUs and the device-level ioctls */
int gcnkfd_devices_init(const char *backend, unsigned int num_gpus,
			bool apu);
void gcnkfd_devices_fini(void);
struct gcnkfd_dev *gcnkfd_dev_by_id(u32 gpu_id);
unsigned int gcnkfd_num_gpus(void);
int gcnkfd_pdd_init(struct gcnkfd_pdd *pdd);
void gcnkfd_pdd_fini(struct gcnkfd_pdd *pdd);
void gcnkfd_apertures(struct gcnkfd_pdd *pdd,
		      struct kfd_process_device_apertures *ap);
int gcnkfd_doorbell_mmap(struct gcnkfd_process *p, struct vm_area_struct *vma);
int gcnkfd_mmio_mmap(struct gcnkfd_process *p, struct vm_area_struct *vma);

/* render.c: the GPU's DRM render node */
int gcnkfd_render_init(struct gcnkfd_dev *dev);
void gcnkfd_render_fini(struct gcnkfd_dev *dev);
int gcnkfd_render_bind(struct gcnkfd_pdd *pdd, struct file *filp);

/* vgfx9.c */
extern const struct gcnkfd_dev_ops gcnkfd_vgfx9_ops;

/* topology.c */
int gcnkfd_topology_init(void);
void gcnkfd_topology_fini(void);

/* memory.c */
int gcnkfd_reserve_pages(unsigned long npages);
void gcnkfd_unreserve_pages(unsigned long npages);
int gcnkfd_bo_mmap(struct gcnkfd_process *p, struct vm_area_struct *vma);
void gcnkfd_memory_release(struct gcnkfd_pdd *pdd);
struct gcnkfd_bo *gcnkfd_bo_by_handle(struct gcnkfd_process *p, u64 handle);
struct gcnkfd_bo *gcnkfd_bo_lookup(struct gcnkfd_pdd *pdd, u64 handle);
void gcnkfd_pages_free(struct page **pages, unsigned long npages);
int gcnkfd_bo_import(struct gcnkfd_pdd *pdd, struct gcnkfd_ipc_obj *obj,
		     u64 va, u32 flags, u64 *handle, u64 *mmap_offset);

/* ipc.c: the share-handle store */
struct page **gcnkfd_ipc_pages(struct gcnkfd_ipc_obj *obj,
			       unsigned long *npages);
void gcnkfd_ipc_put(struct gcnkfd_ipc_obj *obj);

/* ats.c: the APU's pinned pages */
void gcnkfd_ats_release(struct gcnkfd_process *p);

/* queue.c */
void gcnkfd_queues_release(struct gcnkfd_process *p);

/* events.c */
int gcnkfd_events_mmap(struct gcnkfd_process *p, struct vm_area_struct *vma);
void gcnkfd_events_release(struct gcnkfd_process *p);
void gcnkfd_signal_event_interrupt(struct gcnkfd_process *p, u32 partial_id,
				   u32 valid_id_bits);
void gcnkfd_signal_memory_exception(struct gcnkfd_process *p,
				    const struct kfd_hsa_memory_exception_data *d);
void gcnkfd_signal_hw_exception(struct gcnkfd_process *p,
				const struct kfd_hsa_hw_exception_data *d);

/* vgpu_file.c: the backend file */
int gcnkfd_vgpu_file_init(void);
void gcnkfd_vgpu_file_fini(void);

/* ih_v9.c: one IH ring entry of dev */
void gcnkfd_ih_process_v9(struct gcnkfd_dev *dev, const void *entry);

/* debugfs.c */
void gcnkfd_debugfs_init(void);
void gcnkfd_debugfs_fini(void);
void gcnkfd_debugfs_add_dev(struct gcnkfd_dev *dev);

/* ioctl handlers: args is the ioctl's struct, already copied in */
typedef int (*gcnkfd_ioctl_fn)(struct file *filep, struct gcnkfd_process *p,
			       void *args);
int gcnkfd_ioctl_get_version(struct file *f, struct gcnkfd_process *p,
			     void *args);
int gcnkfd_ioctl_get_process_apertures(struct file *f,
				       struct gcnkfd_process *p, void *args);
int gcnkfd_ioctl_get_process_apertures_new(struct file *f,
					   struct gcnkfd_process *p,
					   void *args);
int gcnkfd_ioctl_acquire_vm(struct file *f, struct gcnkfd_process *p,
			    void *args);
int gcnkfd_ioctl_set_memory_policy(struct file *f, struct gcnkfd_process *p,
				   void *args);
int gcnkfd_ioctl_set_scratch_backing_va(struct file *f,
					struct gcnkfd_process *p, void *args);
int gcnkfd_ioctl_set_trap_handler(struct file *f, struct gcnkfd_process *p,
				  void *args);
int gcnkfd_ioctl_get_clock_counters(struct file *f, struct gcnkfd_process *p,
				    void *args);
int gcnkfd_ioctl_get_tile_config(struct file *f, struct gcnkfd_process *p,
				 void *args);
int gcnkfd_ioctl_available_memory(struct file *f, struct gcnkfd_process *p,
				  void *args);
int gcnkfd_ioctl_alloc_memory(struct file *f, struct gcnkfd_process *p,
			      void *args);
int gcnkfd_ioctl_free_memory(struct file *f, struct gcnkfd_process *p,
			     void *args);
int gcnkfd_ioctl_map_memory(struct file *f, struct gcnkfd_process *p,
			    void *args);
int gcnkfd_ioctl_unmap_memory(struct file *f, struct gcnkfd_process *p,
			      void *args);
int gcnkfd_ioctl_create_queue(struct file *f, struct gcnkfd_process *p,
			      void *args);
int gcnkfd_ioctl_destroy_queue(struct file *f, struct gcnkfd_process *p,
			       void *args);
int gcnkfd_ioctl_update_queue(struct file *f, struct gcnkfd_process *p,
			      void *args);
int gcnkfd_ioctl_set_cu_mask(struct file *f, struct gcnkfd_process *p,
			     void *args);
int gcnkfd_ioctl_get_queue_wave_state(struct file *f,
				      struct gcnkfd_process *p, void *args);
int gcnkfd_ioctl_create_event(struct file *f, struct gcnkfd_process *p,
			      void *args);
int gcnkfd_ioctl_destroy_event(struct file *f, struct gcnkfd_process *p,
			       void *args);
int gcnkfd_ioctl_set_event(struct file *f, struct gcnkfd_process *p,
			   void *args);
int gcnkfd_ioctl_reset_event(struct file *f, struct gcnkfd_process *p,
			     void *args);
int gcnkfd_ioctl_wait_events(struct file *f, struct gcnkfd_process *p,
			     void *args);
int gcnkfd_ioctl_ipc_export_handle(struct file *f, struct gcnkfd_process *p,
				   void *args);
int gcnkfd_ioctl_ipc_import_handle(struct file *f, struct gcnkfd_process *p,
				   void *args);

#endif /* GCNKFD_H */
