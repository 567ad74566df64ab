/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Inter-process memory: the two commands ROCm's amdkfd (the DKMS driver,
 * kfd_ipc.c) adds outside Linux's uAPI, in its vendor range of command
 * numbers from 0x80, which ROCm's thunk (hsaKmtShareMemory,
 * hsaKmtRegisterSharedHandle) calls on /dev/kfd. Linux 6.1's
 * <linux/kfd_ioctl.h> has neither, so their byte layouts live here, once,
 * for the module that serves them and the thunk that calls them.
 *
 * EXPORT names a VRAM or GTT buffer of the caller by its handle and gets
 * a share handle: 128 random bits, the key of a module-wide store. IMPORT
 * takes the share handle in any process and gets a buffer of its own at
 * the VA it chose: the same pages, a handle and mmap offset of its own,
 * the flags the exporter gave. Pages live until the last buffer on them
 * is freed; the share handle names them as long as any buffer does.
 */
#ifndef KFD_IPC_H
#define KFD_IPC_H

#include "kfd_common.h"

struct kfdc_ipc_export_handle_args {
	uint64_t handle;		/* to KFD: the buffer to share */
	uint32_t share_handle[4];	/* from KFD */
	uint32_t gpu_id;		/* to KFD: the buffer's GPU */
	uint32_t flags;			/* to KFD: handed to importers */
};

struct kfdc_ipc_import_handle_args {
	uint64_t handle;		/* from KFD: the importer's buffer */
	uint64_t va_addr;		/* to KFD: where it lives */
	uint64_t mmap_offset;		/* from KFD: how the CPU maps it */
	uint32_t share_handle[4];	/* to KFD */
	uint32_t gpu_id;		/* to KFD: the importer's GPU */
	uint32_t flags;			/* from KFD: the exporter's flags */
};

FW_ASSERT_SIZE(struct kfdc_ipc_export_handle_args, 32);
FW_ASSERT_OFFSET(struct kfdc_ipc_export_handle_args, share_handle, 8);
FW_ASSERT_OFFSET(struct kfdc_ipc_export_handle_args, gpu_id, 24);
FW_ASSERT_OFFSET(struct kfdc_ipc_export_handle_args, flags, 28);
FW_ASSERT_SIZE(struct kfdc_ipc_import_handle_args, 48);
FW_ASSERT_OFFSET(struct kfdc_ipc_import_handle_args, va_addr, 8);
FW_ASSERT_OFFSET(struct kfdc_ipc_import_handle_args, mmap_offset, 16);
FW_ASSERT_OFFSET(struct kfdc_ipc_import_handle_args, share_handle, 24);
FW_ASSERT_OFFSET(struct kfdc_ipc_import_handle_args, gpu_id, 40);
FW_ASSERT_OFFSET(struct kfdc_ipc_import_handle_args, flags, 44);

/* ROCm's vendor range: [0x80, 0x82) holds IPC; nothing else is served. */
#define KFDC_IPC_COMMAND_START 0x80
#define KFDC_IPC_COMMAND_END 0x82

#define KFDC_IOC_IPC_IMPORT_HANDLE \
	_IOWR('K', 0x80, struct kfdc_ipc_import_handle_args)
#define KFDC_IOC_IPC_EXPORT_HANDLE \
	_IOWR('K', 0x81, struct kfdc_ipc_export_handle_args)

/* Only buffers that own their pages can be shared (no USERPTR, doorbell). */
static inline bool kfdc_ipc_exportable(uint32_t alloc_flags)
{
	return alloc_flags & (KFD_IOC_ALLOC_MEM_FLAGS_VRAM |
			      KFD_IOC_ALLOC_MEM_FLAGS_GTT);
}

/*
 * The flags of an imported buffer: the memory type of the pages, writable
 * and executable, as amdgpu_amdkfd_gpuvm_import_dmabuf gives any import.
 */
static inline uint32_t kfdc_ipc_import_flags(uint32_t exporter_flags)
{
	return (exporter_flags & (KFD_IOC_ALLOC_MEM_FLAGS_VRAM |
				  KFD_IOC_ALLOC_MEM_FLAGS_GTT)) |
	       KFD_IOC_ALLOC_MEM_FLAGS_WRITABLE |
	       KFD_IOC_ALLOC_MEM_FLAGS_EXECUTABLE;
}

#endif /* KFD_IPC_H */
