/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * The argument rules of ALLOC_MEMORY_OF_GPU and of MAP/UNMAP_MEMORY's
 * counts, in the order Linux 6.1 applies them (kfd_chardev.c,
 * amdgpu_amdkfd_gpuvm.c). What needs the process's state (whether the VA
 * is in use, how much VRAM is left, the pages themselves) stays with each
 * KFD; everything decided by the arguments alone is here.
 */
#ifndef KFD_MEMORY_RULES_H
#define KFD_MEMORY_RULES_H

#include "kfd_common.h"
#include "kfd_device.h"
#include "kfd_limits.h"

#define KFDC_PAGE_BYTES 4096ULL

/* The memory domain of ALLOC's flags: the first of Linux's order, or 0. */
static inline uint32_t kfdc_alloc_type(uint32_t flags)
{
	static const uint32_t order[] = {
		KFD_IOC_ALLOC_MEM_FLAGS_VRAM,
		KFD_IOC_ALLOC_MEM_FLAGS_GTT,
		KFD_IOC_ALLOC_MEM_FLAGS_USERPTR,
		KFD_IOC_ALLOC_MEM_FLAGS_DOORBELL,
		KFD_IOC_ALLOC_MEM_FLAGS_MMIO_REMAP,
	};
	unsigned int i;

	for (i = 0; i < sizeof(order) / sizeof(*order); i++)
		if (flags & order[i])
			return order[i];
	return 0;
}

/*
 * ALLOC's arguments against the process's GPUVM aperture: a doorbell
 * slice and the MMIO page have their exact sizes; a USERPTR needs an
 * address (its alignment is checked with the pages, after the limits); the
 * size is bounded before it is rounded up to
 * pages (so the rounding cannot overflow) and va + size is never computed
 * (near 2^64 it would wrap into range). On success *type is the domain and
 * *size the page-rounded size.
 */
static inline int kfdc_check_alloc(const struct kfd_ioctl_alloc_memory_of_gpu_args *a,
				   uint64_t gpuvm_base, uint64_t gpuvm_limit,
				   uint32_t *type, uint64_t *size)
{
	if (!a->size)
		return -EINVAL;
	if ((a->flags & KFD_IOC_ALLOC_MEM_FLAGS_DOORBELL) &&
	    a->size != KFDC_DOORBELL_SLICE_BYTES)
		return -EINVAL;
	if (!(a->flags & KFD_IOC_ALLOC_MEM_FLAGS_DOORBELL) &&
	    (a->flags & KFD_IOC_ALLOC_MEM_FLAGS_MMIO_REMAP) &&
	    a->size != KFDC_PAGE_BYTES)
		return -EINVAL;
	*type = kfdc_alloc_type(a->flags);
	if (!*type || (*type == KFD_IOC_ALLOC_MEM_FLAGS_USERPTR &&
		       !a->mmap_offset))
		return -EINVAL;
	if (a->size > gpuvm_limit)
		return -EINVAL;
	*size = (a->size + KFDC_PAGE_BYTES - 1) & ~(KFDC_PAGE_BYTES - 1);
	if (a->va_addr % KFDC_PAGE_BYTES || a->va_addr < gpuvm_base ||
	    a->va_addr > gpuvm_limit || *size - 1 > gpuvm_limit - a->va_addr)
		return -EINVAL;
	return 0;
}

/*
 * What one buffer may take (amdgpu_amdkfd_reserve_mem_limit): VRAM what is
 * left of it, GTT half the RAM, USERPTR the RAM; -ENOMEM past that.
 */
static inline int kfdc_check_alloc_limit(uint32_t type, uint64_t size,
					 uint64_t vram_free, uint64_t ram_bytes)
{
	switch (type) {
	case KFD_IOC_ALLOC_MEM_FLAGS_VRAM:
		return size > vram_free ? -ENOMEM : 0;
	case KFD_IOC_ALLOC_MEM_FLAGS_GTT:
		return size / KFDC_PAGE_BYTES > ram_bytes / KFDC_PAGE_BYTES / 2 ?
			       -ENOMEM : 0;
	case KFD_IOC_ALLOC_MEM_FLAGS_USERPTR:
		return size > ram_bytes ? -ENOMEM : 0;
	}
	return 0;
}

/*
 * MAP/UNMAP's counts, before the device array is read: none or more
 * successes than devices is -EINVAL; past a page of ids is -ENOMEM (Linux
 * fails the allocation).
 */
static inline int kfdc_check_map_counts(uint32_t n_devices, uint32_t n_success)
{
	if (!n_devices || n_success > n_devices)
		return -EINVAL;
	if (n_devices > KFDC_MAX_MAP_DEVICES)
		return -ENOMEM;
	return 0;
}

#endif /* KFD_MEMORY_RULES_H */
