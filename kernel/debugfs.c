// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * /sys/kernel/debug/gcnkfd: "counters" (what the module holds now, for
 * tests that check everything is released) and per GPU "gpu<id>/queues"
 * (filled by the backend).
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
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(gcnkfd_counters);

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
	if (dev->ops->debugfs_init)
		dev->ops->debugfs_init(dev);
}
