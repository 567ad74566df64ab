/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * The encodings user space sees in ioctl results: /dev/kfd mmap offsets
 * (type in bits 63:62, gpu id in bits 61:46, as Linux's KFD_MMAP_*) and
 * buffer handles (gpu id in the upper half, Linux's MAKE_HANDLE).
 */
#ifndef KFD_MMAP_H
#define KFD_MMAP_H

#include "kfd_common.h"

#define KFDC_MMAP_TYPE_SHIFT 62
#define KFDC_MMAP_TYPE_MASK (0x3ULL << KFDC_MMAP_TYPE_SHIFT)
#define KFDC_MMAP_TYPE_DOORBELL (0x3ULL << KFDC_MMAP_TYPE_SHIFT)
#define KFDC_MMAP_TYPE_EVENTS (0x2ULL << KFDC_MMAP_TYPE_SHIFT)
/*
 * Linux uses type 1 only for an APU's CWSR area. gcnkfd has no DRM render
 * node to map buffer objects through, so it maps a VRAM or GTT buffer
 * through /dev/kfd with type 1 and the buffer's page offset below the gpu
 * id. The emulated KFD has render nodes and does not use it.
 */
#define KFDC_MMAP_TYPE_BO (0x1ULL << KFDC_MMAP_TYPE_SHIFT)
#define KFDC_MMAP_TYPE_MMIO (0x0ULL << KFDC_MMAP_TYPE_SHIFT)
#define KFDC_MMAP_GPU_ID_SHIFT 46
#define KFDC_MMAP_GPU_ID_MASK (0xffffULL << KFDC_MMAP_GPU_ID_SHIFT)

static inline uint64_t kfdc_mmap_gpu_id(uint32_t gpu_id)
{
	return ((uint64_t)gpu_id << KFDC_MMAP_GPU_ID_SHIFT) &
	       KFDC_MMAP_GPU_ID_MASK;
}

static inline uint32_t kfdc_mmap_get_gpu_id(uint64_t offset)
{
	return (uint32_t)((offset & KFDC_MMAP_GPU_ID_MASK) >>
			  KFDC_MMAP_GPU_ID_SHIFT);
}

static inline uint64_t kfdc_handle(uint32_t gpu_id, uint32_t idr)
{
	return ((uint64_t)gpu_id << 32) | idr;
}

static inline uint32_t kfdc_handle_gpu_id(uint64_t handle)
{
	return (uint32_t)(handle >> 32);
}

static inline uint32_t kfdc_handle_idr(uint64_t handle)
{
	return (uint32_t)handle;
}

#endif /* KFD_MMAP_H */
