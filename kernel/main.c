// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * gcnkfd: module parameters and /dev/kfd. The character device sits in
 * class "kfd" as Linux's amdkfd does, so user space finds
 * /sys/devices/virtual/kfd/kfd and /sys/class/kfd where it expects them.
 */
#include <linux/compat.h>
#include <linux/device.h>
#include <linux/module.h>
#include <linux/sched.h>

#include "gcnkfd.h"

static char *backend = "vgfx9";
module_param(backend, charp, 0444);
MODULE_PARM_DESC(backend, "Device backend serving the GPUs (vgfx9)");

static unsigned int num_gpus = 1;
module_param(num_gpus, uint, 0444);
MODULE_PARM_DESC(num_gpus, "Number of GPUs the backend creates (0-8)");

static bool apu;
module_param(apu, bool, 0444);
MODULE_PARM_DESC(apu,
		 "The first GPU is a full-profile APU: it shares node 0 with the CPU cores and reaches the process's memory through page requests (IOMMUv2)");

static int gcnkfd_major = -1;
static struct class *gcnkfd_class;
struct device *gcnkfd_device;
struct gcnkfd_counters gcnkfd_counters;

static int gcnkfd_open(struct inode *inode, struct file *filep)
{
	struct gcnkfd_process *p;

	if (iminor(inode) != 0)
		return -ENODEV;
	/* As amdkfd: the uAPI's structs have no 32-bit layout. */
	if (in_compat_syscall())
		return -EPERM;

	p = gcnkfd_process_open();
	if (IS_ERR(p))
		return PTR_ERR(p);
	filep->private_data = p;
	return 0;
}

static int gcnkfd_release(struct inode *inode, struct file *filep)
{
	struct gcnkfd_process *p = filep->private_data;

	if (p)
		gcnkfd_process_put(p);
	return 0;
}

static int gcnkfd_mmap(struct file *filep, struct vm_area_struct *vma)
{
	struct gcnkfd_process *p = filep->private_data;
	u64 offset = (u64)vma->vm_pgoff << PAGE_SHIFT;

	/* Only the process that opened the file maps through it. */
	if (p->lead_thread != current->group_leader || p->mm != current->mm)
		return -EBADF;

	switch (offset & KFDC_MMAP_TYPE_MASK) {
	case KFDC_MMAP_TYPE_DOORBELL:
		return gcnkfd_doorbell_mmap(p, vma);
	case KFDC_MMAP_TYPE_EVENTS:
		return gcnkfd_events_mmap(p, vma);
	case KFDC_MMAP_TYPE_MMIO:
		return gcnkfd_mmio_mmap(p, vma);
	}
	return -EFAULT;
}

const struct file_operations gcnkfd_fops = {
	.owner = THIS_MODULE,
	.unlocked_ioctl = gcnkfd_ioctl,
	.compat_ioctl = compat_ptr_ioctl,
	.open = gcnkfd_open,
	.release = gcnkfd_release,
	.mmap = gcnkfd_mmap,
};

static int gcnkfd_chardev_init(void)
{
	int err;

	gcnkfd_major = register_chrdev(0, GCNKFD_NAME, &gcnkfd_fops);
	if (gcnkfd_major < 0)
		return gcnkfd_major;

	gcnkfd_class = class_create(THIS_MODULE, GCNKFD_NAME);
	if (IS_ERR(gcnkfd_class)) {
		err = PTR_ERR(gcnkfd_class);
		goto err_class;
	}

	gcnkfd_device = device_create(gcnkfd_class, NULL,
				      MKDEV(gcnkfd_major, 0), NULL,
				      GCNKFD_NAME);
	if (IS_ERR(gcnkfd_device)) {
		err = PTR_ERR(gcnkfd_device);
		goto err_device;
	}
	return 0;

err_device:
	class_destroy(gcnkfd_class);
err_class:
	unregister_chrdev(gcnkfd_major, GCNKFD_NAME);
	return err;
}

static void gcnkfd_chardev_fini(void)
{
	device_destroy(gcnkfd_class, MKDEV(gcnkfd_major, 0));
	class_destroy(gcnkfd_class);
	unregister_chrdev(gcnkfd_major, GCNKFD_NAME);
	gcnkfd_device = NULL;
}

static int __init gcnkfd_init(void)
{
	int err;

	if (num_gpus > KFDC_MAX_GPUS) {
		pr_err("gcnkfd: num_gpus=%u, at most %u\n", num_gpus,
		       KFDC_MAX_GPUS);
		return -EINVAL;
	}

	gcnkfd_debugfs_init();
	err = gcnkfd_devices_init(backend, num_gpus, apu);
	if (err)
		goto err_devices;
	/* The topology hangs under the device, so the device comes first. */
	err = gcnkfd_chardev_init();
	if (err)
		goto err_chardev;
	err = gcnkfd_topology_init();
	if (err)
		goto err_topology;
	/* Last: a device process may attach as soon as it exists. */
	err = gcnkfd_vgpu_file_init();
	if (err)
		goto err_vgpu;
	pr_info("gcnkfd: /dev/kfd with %u %s GPU(s)\n", gcnkfd_num_gpus(),
		backend);
	return 0;

err_vgpu:
	gcnkfd_topology_fini();
err_topology:
	gcnkfd_chardev_fini();
err_chardev:
	gcnkfd_devices_fini();
err_devices:
	gcnkfd_debugfs_fini();
	return err;
}

/*
 * The file operations hold a module reference, so the module cannot go
 * while any /dev/kfd file (or mapping of one) is open: no process remains.
 */
static void __exit gcnkfd_exit(void)
{
	gcnkfd_vgpu_file_fini();
	gcnkfd_topology_fini();
	gcnkfd_chardev_fini();
	gcnkfd_devices_fini();
	gcnkfd_debugfs_fini();
}

module_init(gcnkfd_init);
module_exit(gcnkfd_exit);

MODULE_DESCRIPTION("HSA kernel driver (/dev/kfd) for GCN GPUs");
MODULE_LICENSE("Dual MIT/GPL");
