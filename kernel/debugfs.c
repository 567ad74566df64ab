// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * /sys/kernel/debug/gcnkfd: "counters" (what the module holds now, for
 * tests that check everything is released) and per GPU "gpu<id>/processes"
 * (each process's state on the GPU) and "gpu<id>/queues" (the backend's).
 */
#include <linux/debugfs.h>
#include <linux/seq_file.h>

#include "gcnkfd.h"

static struct dentry *gcnkfd_debugfs_root;

static int gcnkfd_counters_show(struct seq_file *m, void *unused)
{
	struct gcnkfd_counters *c = &gcnkfd_counters;

	seq_printf(m, "processes %d\n", atomic_read(&c->processes));
	seq_printf(m, "buffers %d\n", atomic_read(&c->bos));
	seq_printf(m, "queues %d\n", atomic_read(&c->queues));
	seq_printf(m, "events %d\n", atomic_read(&c->events));
	seq_printf(m, "pages_allocated %lld\n",
		   (long long)atomic64_read(&c->pages_allocated));
	seq_printf(m, "pages_pinned %lld\n",
		   (long long)atomic64_read(&c->pages_pinned));
	seq_printf(m, "ipc_objects %d\n", atomic_read(&c->ipc_objects));
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(gcnkfd_counters);

static int gcnkfd_processes_show_file(struct seq_file *m, void *unused)
{
	gcnkfd_processes_show(m, m->private);
	return 0;
}

static int gcnkfd_processes_open(struct inode *inode, struct file *file)
{
	return single_open(file, gcnkfd_processes_show_file, inode->i_private);
}

static const struct file_operations gcnkfd_processes_fops = {
	.owner = THIS_MODULE,
	.open = gcnkfd_processes_open,
	.read = seq_read,
	.llseek = seq_lseek,
	.release = single_release,
};

void gcnkfd_debugfs_init(void)
{
	gcnkfd_debugfs_root = debugfs_create_dir("gcnkfd", NULL);
	debugfs_create_file("counters", 0444, gcnkfd_debugfs_root, NULL,
			    &gcnkfd_counters_fops);
}

void gcnkfd_debugfs_fini(void)
{
	debugfs_remove_recursive(gcnkfd_debugfs_root);
	gcnkfd_debugfs_root = NULL;
}

void gcnkfd_debugfs_add_dev(struct gcnkfd_dev *dev)
{
	char name[16];

	snprintf(name, sizeof(name), "gpu%u", dev->gpu_id);
	dev->debugfs = debugfs_create_dir(name, gcnkfd_debugfs_root);
	debugfs_create_file("processes", 0444, dev->debugfs, dev,
			    &gcnkfd_processes_fops);
	if (dev->ops->debugfs_init)
		dev->ops->debugfs_init(dev);
}
