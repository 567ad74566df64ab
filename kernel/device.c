// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * The GPUs: their registry (filled by the backend chosen with the module
 * parameter "backend"), the per-process device data (doorbell slice, MMIO
 * page) and the ioctls that report or record per-device state: version,
 * apertures, ACQUIRE_VM (with render.c), cache policy, scratch and trap handler addresses,
 * clocks, tile configuration, free VRAM. Errnos follow kfd_chardev.c.
 */
#include <linux/debugfs.h>
#include <linux/file.h>
#include <linux/highmem.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/timekeeping.h>
#include <linux/uaccess.h>

#include "gcnkfd.h"

LIST_HEAD(gcnkfd_devices);
static unsigned int gcnkfd_gpu_count;

static bool gcnkfd_gpu_id_taken(u32 id, void *unused)
{
	struct gcnkfd_dev *other;

	list_for_each_entry(other, &gcnkfd_devices, list)
		if (other->gpu_id == id)
			return true;
	return false;
}

int gcnkfd_devices_init(const char *backend, unsigned int num_gpus,
			bool apu)
{
	const struct gcnkfd_dev_ops *ops;
	unsigned int i;
	int err;

	if (!strcmp(backend, "vgfx9")) {
		ops = &gcnkfd_vgfx9_ops;
	} else {
		pr_err("gcnkfd: unknown backend \"%s\" (known: vgfx9)\n",
		       backend);
		return -EINVAL;
	}

	for (i = 0; i < num_gpus; i++) {
		struct gcnkfd_dev *dev = kzalloc(sizeof(*dev), GFP_KERNEL);

		if (!dev) {
			err = -ENOMEM;
			goto err;
		}
		dev->index = i;
		dev->node = i + 1;	/* after the CPU node */
		dev->apu = apu && i == 0;
		dev->ops = ops;
		mutex_init(&dev->lock);
		err = ops->init(dev);
		if (err) {
			kfree(dev);
			goto err;
		}
		dev->gpu_id = kfdc_make_gpu_id(&dev->props,
					       gcnkfd_gpu_id_taken, NULL);
		list_add_tail(&dev->list, &gcnkfd_devices);
		gcnkfd_gpu_count++;
		err = gcnkfd_render_init(dev);
		if (err)
			goto err;
		gcnkfd_debugfs_add_dev(dev);
	}
	return 0;
err:
	gcnkfd_devices_fini();
	return err;
}

void gcnkfd_devices_fini(void)
{
	struct gcnkfd_dev *dev, *tmp;

	list_for_each_entry_safe(dev, tmp, &gcnkfd_devices, list) {
		list_del(&dev->list);
		gcnkfd_render_fini(dev);
		dev->ops->fini(dev);
		/* Waits for readers of the files that point at dev. */
		debugfs_remove_recursive(dev->debugfs);
		mutex_destroy(&dev->lock);
		kfree(dev);
	}
	gcnkfd_gpu_count = 0;
}

struct gcnkfd_dev *gcnkfd_dev_by_id(u32 gpu_id)
{
	struct gcnkfd_dev *dev;

	list_for_each_entry(dev, &gcnkfd_devices, list)
		if (dev->gpu_id == gpu_id)
			return dev;
	return NULL;
}

unsigned int gcnkfd_num_gpus(void)
{
	return gcnkfd_gpu_count;
}

int gcnkfd_pdd_init(struct gcnkfd_pdd *pdd)
{
	idr_init(&pdd->bo_idr);
	/* The doorbell slice is plain memory on the virtual GPU: 8 KiB. */
	pdd->doorbells = alloc_pages(GFP_KERNEL | __GFP_ZERO,
				     get_order(KFDC_DOORBELL_SLICE_BYTES));
	if (!pdd->doorbells)
		return -ENOMEM;
	pdd->mmio_page = alloc_page(GFP_KERNEL | __GFP_ZERO);
	if (!pdd->mmio_page) {
		__free_pages(pdd->doorbells,
			     get_order(KFDC_DOORBELL_SLICE_BYTES));
		return -ENOMEM;
	}
	pdd->bo_mmap_next = 1;	/* page 0: none */
	return 0;
}

void gcnkfd_pdd_fini(struct gcnkfd_pdd *pdd)
{
	idr_destroy(&pdd->bo_idr);
	__free_pages(pdd->doorbells, get_order(KFDC_DOORBELL_SLICE_BYTES));
	__free_page(pdd->mmio_page);
}

void gcnkfd_apertures(struct gcnkfd_pdd *pdd,
		      struct kfd_process_device_apertures *ap)
{
	pdd->dev->asic->apertures(pdd->dev->gpu_id, ap);
}

/* Maps pages shared with the device into user space; no fork copies. */
static int gcnkfd_map_kernel_pages(struct vm_area_struct *vma,
				   struct page *first, unsigned long bytes)
{
	unsigned long size = vma->vm_end - vma->vm_start;

	if (size != bytes)
		return -EINVAL;
	vma->vm_flags |= VM_DONTCOPY | VM_DONTEXPAND | VM_NORESERVE |
			 VM_DONTDUMP;
	return remap_pfn_range(vma, vma->vm_start, page_to_pfn(first), size,
			       vma->vm_page_prot);
}

int gcnkfd_doorbell_mmap(struct gcnkfd_process *p, struct vm_area_struct *vma)
{
	u64 offset = (u64)vma->vm_pgoff << PAGE_SHIFT;
	struct gcnkfd_pdd *pdd;

	pdd = gcnkfd_pdd_by_id(p, kfdc_mmap_get_gpu_id(offset));
	if (!pdd)
		return -EINVAL;
	return gcnkfd_map_kernel_pages(vma, pdd->doorbells,
				       KFDC_DOORBELL_SLICE_BYTES);
}

int gcnkfd_mmio_mmap(struct gcnkfd_process *p, struct vm_area_struct *vma)
{
	u64 offset = (u64)vma->vm_pgoff << PAGE_SHIFT;
	struct gcnkfd_pdd *pdd;

	pdd = gcnkfd_pdd_by_id(p, kfdc_mmap_get_gpu_id(offset));
	if (!pdd)
		return -EINVAL;
	return gcnkfd_map_kernel_pages(vma, pdd->mmio_page, PAGE_SIZE);
}

int gcnkfd_ioctl_get_version(struct file *f, struct gcnkfd_process *p,
			     void *args)
{
	struct kfd_ioctl_get_version_args *a = args;

	a->major_version = KFD_IOCTL_MAJOR_VERSION;
	a->minor_version = KFD_IOCTL_MINOR_VERSION;
	return 0;
}

int gcnkfd_ioctl_get_process_apertures(struct file *f,
				       struct gcnkfd_process *p, void *args)
{
	struct kfd_ioctl_get_process_apertures_args *a = args;
	u32 n = 0;
	int i;

	mutex_lock(&p->lock);
	for (i = 0; i < KFDC_MAX_GPUS && n < NUM_OF_SUPPORTED_GPUS; i++)
		if (p->pdds[i])
			gcnkfd_apertures(p->pdds[i], &a->process_apertures[n++]);
	mutex_unlock(&p->lock);
	a->num_of_nodes = n;
	return 0;
}

int gcnkfd_ioctl_get_process_apertures_new(struct file *f,
					   struct gcnkfd_process *p,
					   void *args)
{
	struct kfd_ioctl_get_process_apertures_new_args *a = args;
	struct kfd_process_device_apertures __user *out;
	struct kfd_process_device_apertures ap;
	u32 n = 0, devices = gcnkfd_num_gpus();
	int i, err = 0;

	/* Zero nodes asks how many there are. */
	if (!a->num_of_nodes) {
		a->num_of_nodes = devices;
		return 0;
	}
	/*
	 * Linux compares with all topology nodes, the CPU node included: a
	 * caller sizing its array by the topology gets the GPUs only.
	 */
	if (a->num_of_nodes > devices + 1)
		return -EINVAL;

	out = u64_to_user_ptr(a->kfd_process_device_apertures_ptr);
	mutex_lock(&p->lock);
	for (i = 0; i < KFDC_MAX_GPUS && n < a->num_of_nodes; i++) {
		if (!p->pdds[i])
			continue;
		gcnkfd_apertures(p->pdds[i], &ap);
		if (copy_to_user(&out[n], &ap, sizeof(ap))) {
			err = -EFAULT;
			break;
		}
		n++;
	}
	mutex_unlock(&p->lock);
	a->num_of_nodes = n;
	return err;
}

/*
 * The VM of a process on a GPU is named by a file of the GPU's render node
 * (render.c); acquiring again with a different file is -EBUSY, as in Linux.
 */
int gcnkfd_ioctl_acquire_vm(struct file *f, struct gcnkfd_process *p,
			    void *args)
{
	struct kfd_ioctl_acquire_vm_args *a = args;
	struct gcnkfd_pdd *pdd;
	struct file *vm_file;
	int err;

	vm_file = fget(a->drm_fd);
	if (!vm_file)
		return -EINVAL;
	mutex_lock(&p->lock);
	pdd = gcnkfd_pdd_by_id(p, a->gpu_id);
	err = pdd ? gcnkfd_render_bind(pdd, vm_file) : -EINVAL;
	mutex_unlock(&p->lock);
	fput(vm_file);
	return err;
}

static bool gcnkfd_cache_policy_ok(u32 policy)
{
	return policy == KFD_IOC_CACHE_POLICY_COHERENT ||
	       policy == KFD_IOC_CACHE_POLICY_NONCOHERENT;
}

int gcnkfd_ioctl_set_memory_policy(struct file *f, struct gcnkfd_process *p,
				   void *args)
{
	struct kfd_ioctl_set_memory_policy_args *a = args;
	struct gcnkfd_pdd *pdd;
	int err;

	if (!gcnkfd_cache_policy_ok(a->default_policy) ||
	    !gcnkfd_cache_policy_ok(a->alternate_policy))
		return -EINVAL;
	mutex_lock(&p->lock);
	pdd = gcnkfd_bound_pdd(p, a->gpu_id, -ESRCH, &err);
	if (pdd) {
		pdd->default_policy = a->default_policy;
		pdd->alternate_policy = a->alternate_policy;
		pdd->alternate_base = a->alternate_aperture_base;
		pdd->alternate_size = a->alternate_aperture_size;
	}
	mutex_unlock(&p->lock);
	return err;
}

int gcnkfd_ioctl_set_scratch_backing_va(struct file *f,
					struct gcnkfd_process *p, void *args)
{
	struct kfd_ioctl_set_scratch_backing_va_args *a = args;
	struct gcnkfd_pdd *pdd;
	int err;

	mutex_lock(&p->lock);
	pdd = gcnkfd_bound_pdd(p, a->gpu_id, -ENODEV, &err);
	if (pdd) {
		pdd->scratch_va = a->va_addr;	/* SH_HIDDEN_PRIVATE_BASE */
		pdd->dev->ops->set_vmid(pdd->dev, pdd);
	}
	mutex_unlock(&p->lock);
	return err;
}

int gcnkfd_ioctl_set_trap_handler(struct file *f, struct gcnkfd_process *p,
				  void *args)
{
	struct kfd_ioctl_set_trap_handler_args *a = args;
	struct gcnkfd_pdd *pdd;
	int err;

	mutex_lock(&p->lock);
	pdd = gcnkfd_bound_pdd(p, a->gpu_id, -ESRCH, &err);
	if (pdd) {
		pdd->tba = a->tba_addr;
		pdd->tma = a->tma_addr;
		pdd->dev->ops->set_vmid(pdd->dev, pdd);
	}
	mutex_unlock(&p->lock);
	return err;
}

int gcnkfd_ioctl_get_clock_counters(struct file *f, struct gcnkfd_process *p,
				    void *args)
{
	struct kfd_ioctl_get_clock_counters_args *a = args;
	struct gcnkfd_pdd *pdd;

	mutex_lock(&p->lock);
	pdd = gcnkfd_pdd_by_id(p, a->gpu_id);
	/* An unknown gpu_id reads 0 for the GPU, as in Linux. */
	a->gpu_clock_counter = pdd ?
		pdd->dev->ops->gpu_clock_counter(pdd->dev) : 0;
	mutex_unlock(&p->lock);
	a->cpu_clock_counter = ktime_get_raw_ns();
	a->system_clock_counter = ktime_get_boottime_ns();
	a->system_clock_freq = NSEC_PER_SEC;
	return 0;
}

static int gcnkfd_zero_user(u64 ptr, u32 count)
{
	return clear_user(u64_to_user_ptr(ptr), (size_t)count * 4) ?
		-EFAULT : 0;
}

int gcnkfd_ioctl_get_tile_config(struct file *f, struct gcnkfd_process *p,
				 void *args)
{
	struct kfd_ioctl_get_tile_config_args *a = args;
	const struct gcnkfd_asic *asic;
	struct gcnkfd_pdd *pdd;

	mutex_lock(&p->lock);
	pdd = gcnkfd_pdd_by_id(p, a->gpu_id);
	mutex_unlock(&p->lock);
	if (!pdd)
		return -EINVAL;

	/* The mode tables hold zeroes: only their sizes come from the ASIC. */
	asic = pdd->dev->asic;
	a->gb_addr_config = asic->gb_addr_config;
	a->num_banks = 0;
	a->num_ranks = 0;
	a->num_tile_configs = min_t(u32, a->num_tile_configs,
				    asic->num_tile_configs);
	if (a->num_tile_configs &&
	    gcnkfd_zero_user(a->tile_config_ptr, a->num_tile_configs)) {
		a->num_tile_configs = 0;
		return -EFAULT;
	}
	a->num_macro_tile_configs = min_t(u32, a->num_macro_tile_configs,
					  asic->num_macro_tile_configs);
	if (a->num_macro_tile_configs &&
	    gcnkfd_zero_user(a->macro_tile_config_ptr,
			     a->num_macro_tile_configs)) {
		a->num_macro_tile_configs = 0;
		return -EFAULT;
	}
	return 0;
}

int gcnkfd_ioctl_available_memory(struct file *f, struct gcnkfd_process *p,
				  void *args)
{
	struct kfd_ioctl_get_available_memory_args *a = args;
	struct gcnkfd_pdd *pdd;
	int err = 0;

	mutex_lock(&p->lock);
	pdd = gcnkfd_pdd_by_id(p, a->gpu_id);
	if (!pdd)
		err = -EINVAL;
	else
		a->available = pdd->dev->props.local_mem_size - pdd->vram_used;
	mutex_unlock(&p->lock);
	return err;
}
