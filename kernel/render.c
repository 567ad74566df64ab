// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * The render node of every GPU: /dev/dri/renderD<minor> (DRM core,
 * render-only, no display), where ROCm's thunk finds a GPU's VM as it
 * does on amdgpu. A process names its VM on the GPU with ACQUIRE_VM and
 * the render file (amdgpu's drm_file), then maps VRAM and GTT buffers
 * through that file at the offset ALLOC_MEMORY_OF_GPU returned.
 *
 * libdrm_amdgpu's amdgpu_device_initialize() opens it too, for the
 * marketing name: it needs DRM_IOCTL_VERSION with major 3 and three
 * DRM_AMDGPU_INFO queries (ACCEL_WORKING, DEV_INFO, READ_MMR_REG of
 * GB_ADDR_CONFIG). The driver speaks that subset of the amdgpu DRM
 * interface 3.49 (Linux 6.1), answered from the virtual GPU's properties
 * by ../kfd-common/kfd_drm_info.h (the emulated KFD answers the same);
 * every other request gets amdgpu's errno for one it does not know
 * (-EINVAL), and the DRM core's own rules apply to the core ioctls.
 *
 * The DRM device needs a parent device (and libdrm looks for
 * /sys/dev/char/226:<minor>/device/drm): one platform device "gcnkfd.<i>"
 * per GPU, as a PCI function is for amdgpu.
 *
 * Lifetime: a render file that acquired a VM holds a reference to its
 * process, as a /dev/kfd file does. Linux keeps a KFD process until its mm
 * exits; ROCm's thunk relies on that when it closes /dev/kfd and opens it
 * again (hsa_shut_down, hsa_init): it keeps its render files and the
 * events page it allocated in the first session. Here the process lives
 * while any of its /dev/kfd or bound render files is open, which for
 * ROCm's thunk, holding its render files until exit, is the same.
 *
 * The file lets go of the process at its last close, or when the owner
 * exits (flush): a forked child or another process holding the file does
 * not keep a dead process's memory.
 *
 * Locking: gcnkfd_render_lock guards which process owns each render
 * file's VM. mmap runs under the mmap lock and takes it (then memory.c's
 * lock); ACQUIRE_VM takes it under p->lock; unbinding takes it alone.
 */
#include <linux/file.h>
#include <linux/mm.h>
#include <linux/platform_device.h>
#include <linux/slab.h>
#include <drm/drm_drv.h>
#include <drm/drm_file.h>
#include <drm/drm_ioctl.h>

#include "gcnkfd.h"
#include "kfd_drm_info.h"

/* The per-file state of a render (or primary) node file. */
struct gcnkfd_render_file {
	struct gcnkfd_process *owner;	/* its VM's process, or NULL */
};

static DEFINE_MUTEX(gcnkfd_render_lock);

static struct gcnkfd_dev *gcnkfd_render_dev(struct drm_device *drm)
{
	return drm->dev_private;
}

/* AMDGPU_INFO: kfd-common's answers, copied out as amdgpu_info_ioctl does. */
static int gcnkfd_render_info(struct drm_device *drm, void *data,
			      struct drm_file *file)
{
	struct gcnkfd_dev *dev = gcnkfd_render_dev(drm);
	struct drm_amdgpu_info *info = data;
	union kfdc_drm_info_value *v;
	size_t bytes = 0;
	int err;

	v = kmalloc(sizeof(*v), GFP_KERNEL);
	if (!v)
		return -ENOMEM;
	err = kfdc_drm_info(info, &dev->props, dev->asic->gb_addr_config, v,
			    &bytes);
	if (!err && copy_to_user(u64_to_user_ptr(info->return_pointer), v,
				 min_t(size_t, info->return_size, bytes)))
		err = -EFAULT;
	kfree(v);
	return err;
}

static int gcnkfd_render_open(struct drm_device *drm, struct drm_file *file)
{
	struct gcnkfd_render_file *rf = kzalloc(sizeof(*rf), GFP_KERNEL);

	if (!rf)
		return -ENOMEM;
	file->driver_priv = rf;
	return 0;
}

/*
 * The file no longer names its process's VM: the process loses the name
 * and the file's reference (possibly the last).
 */
static void gcnkfd_render_unbind(struct drm_file *file)
{
	struct gcnkfd_render_file *rf = file->driver_priv;
	u32 gpu_id = gcnkfd_render_dev(file->minor->dev)->gpu_id;
	struct gcnkfd_process *p;
	struct gcnkfd_pdd *pdd;

	/* One caller takes the file's reference (flush and release may race). */
	mutex_lock(&gcnkfd_render_lock);
	p = rf->owner;
	rf->owner = NULL;
	mutex_unlock(&gcnkfd_render_lock);
	if (!p)
		return;
	mutex_lock(&p->lock);
	pdd = gcnkfd_pdd_by_id(p, gpu_id);
	if (pdd && pdd->vm_file == file->filp)
		pdd->vm_file = NULL;
	mutex_unlock(&p->lock);
	gcnkfd_process_put(p);
}

/* The last close of a bound file. */
static void gcnkfd_render_postclose(struct drm_device *drm,
				    struct drm_file *file)
{
	gcnkfd_render_unbind(file);
	kfree(file->driver_priv);
}

/*
 * Every close(2). When the owner's last thread exits (its address space
 * is gone already), its files let go of the process even if a child it
 * forked, or a process it passed the file to, keeps the file open: Linux
 * ends a KFD process with its mm.
 */
static int gcnkfd_render_flush(struct file *filp, fl_owner_t id)
{
	struct drm_file *file = filp->private_data;
	struct gcnkfd_render_file *rf = file->driver_priv;
	bool owner_exits;

	mutex_lock(&gcnkfd_render_lock);
	owner_exits = rf->owner && (current->flags & PF_EXITING) &&
		      current->group_leader == rf->owner->lead_thread;
	mutex_unlock(&gcnkfd_render_lock);
	if (owner_exits)
		gcnkfd_render_unbind(file);
	return 0;
}

/*
 * A buffer of the process whose VM this file is, on this file's GPU, as
 * amdgpu's GEM mmap: a file that never acquired a VM, or a process that
 * is not the VM's, is refused with -EACCES (drm_vma_node_allow).
 */
static int gcnkfd_render_mmap(struct file *filp, struct vm_area_struct *vma)
{
	struct drm_file *file = filp->private_data;
	struct gcnkfd_render_file *rf = file->driver_priv;
	struct gcnkfd_dev *dev = gcnkfd_render_dev(file->minor->dev);
	u64 offset = (u64)vma->vm_pgoff << PAGE_SHIFT;
	struct gcnkfd_process *p;
	int err;

	if ((offset & KFDC_MMAP_TYPE_MASK) != KFDC_MMAP_TYPE_BO)
		return -EINVAL;
	if (kfdc_mmap_get_gpu_id(offset) != dev->gpu_id)
		return -EACCES;
	/*
	 * As amdgpu: ROCm's thunk maps invisible VRAM PROT_NONE and
	 * MAP_PRIVATE; such a mapping may never become writable, so it is
	 * no copy-on-write mapping.
	 */
	if (is_cow_mapping(vma->vm_flags) &&
	    !(vma->vm_flags & (VM_READ | VM_WRITE | VM_EXEC)))
		vma->vm_flags &= ~VM_MAYWRITE;

	mutex_lock(&gcnkfd_render_lock);
	p = rf->owner;
	if (!p || p->mm != current->mm)
		err = -EACCES;
	else
		err = gcnkfd_bo_mmap(p, vma);
	mutex_unlock(&gcnkfd_render_lock);
	return err;
}

static const struct file_operations gcnkfd_render_fops = {
	.owner = THIS_MODULE,
	.open = drm_open,
	.release = drm_release,
	.unlocked_ioctl = drm_ioctl,
	.compat_ioctl = drm_compat_ioctl,
	.poll = drm_poll,
	.read = drm_read,
	.llseek = noop_llseek,
	.mmap = gcnkfd_render_mmap,
	.flush = gcnkfd_render_flush,
};

static const struct drm_ioctl_desc gcnkfd_render_ioctls[] = {
	DRM_IOCTL_DEF_DRV(AMDGPU_INFO, gcnkfd_render_info,
			  DRM_AUTH | DRM_RENDER_ALLOW),
};

static const struct drm_driver gcnkfd_drm_driver = {
	.driver_features = DRIVER_RENDER,
	.open = gcnkfd_render_open,
	.postclose = gcnkfd_render_postclose,
	.ioctls = gcnkfd_render_ioctls,
	.num_ioctls = ARRAY_SIZE(gcnkfd_render_ioctls),
	.fops = &gcnkfd_render_fops,
	.name = KFDC_DRM_NAME,
	.desc = KFDC_DRM_DESC,
	.date = KFDC_DRM_DATE,
	.major = KFDC_DRM_MAJOR,
	.minor = KFDC_DRM_MINOR,
	.patchlevel = KFDC_DRM_PATCHLEVEL,
};

int gcnkfd_render_init(struct gcnkfd_dev *dev)
{
	struct platform_device *pdev;
	struct drm_device *drm;
	int err;

	pdev = platform_device_register_simple(KFDC_DRM_NAME, dev->index,
					       NULL, 0);
	if (IS_ERR(pdev))
		return PTR_ERR(pdev);
	drm = drm_dev_alloc(&gcnkfd_drm_driver, &pdev->dev);
	if (IS_ERR(drm)) {
		err = PTR_ERR(drm);
		goto err_alloc;
	}
	drm->dev_private = dev;
	err = drm_dev_register(drm, 0);
	if (err)
		goto err_register;
	dev->pdev = pdev;
	dev->drm = drm;
	/* The minors are shared with every DRM driver: never assume 128. */
	dev->render_minor = drm->render->index;
	return 0;

err_register:
	drm_dev_put(drm);
err_alloc:
	platform_device_unregister(pdev);
	return err;
}

/* No render file is open: each holds a module reference. */
void gcnkfd_render_fini(struct gcnkfd_dev *dev)
{
	if (!dev->drm)
		return;
	drm_dev_unregister(dev->drm);
	drm_dev_put(dev->drm);
	platform_device_unregister(dev->pdev);
	dev->drm = NULL;
	dev->pdev = NULL;
}

/*
 * ACQUIRE_VM (Linux's kfd_process_device_init_vm): the file must be a
 * node of pdd's GPU (anything else is -EINVAL, as amdgpu_file_to_fpriv
 * refuses a file that is not amdgpu's) whose VM no other process owns
 * (-EINVAL); the file then holds a reference to the process (see
 * "Lifetime" above). Called with p->lock held.
 */
int gcnkfd_render_bind(struct gcnkfd_pdd *pdd, struct file *filp)
{
	struct drm_file *file;
	struct gcnkfd_render_file *rf;
	int err = 0;

	if (filp->f_op != &gcnkfd_render_fops)
		return -EINVAL;
	file = filp->private_data;
	if (file->minor->dev != pdd->dev->drm)
		return -EINVAL;
	if (pdd->vm_file)
		return pdd->vm_file == filp ? 0 : -EBUSY;

	rf = file->driver_priv;
	mutex_lock(&gcnkfd_render_lock);
	if (rf->owner) {
		err = -EINVAL;
	} else {
		rf->owner = pdd->p;
		kref_get(&pdd->p->ref);
		pdd->vm_file = filp;	/* identity: the file holds p */
	}
	mutex_unlock(&gcnkfd_render_lock);
	return err;
}
