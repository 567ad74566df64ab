/* SPDX-License-Identifier: MIT */
/*
 * The backend file: how the gcnkfd module drives a virtual GPU that runs as
 * a device process (gcn-vgpud). It carries what a PCI bus carries for a real
 * gfx9: the driver's queue programming (amdkfd's MAP_QUEUES/UNMAP_QUEUES
 * packets to the HIQ, here a message with the MQD), GPUVM page-table updates
 * and TLB flushes (a message naming pages the device maps with mmap of the
 * same file), and the GPU's interrupts (IH ring entries in a ring the
 * module drains).
 *
 *   open("/dev/gcnkfd-vgpu")    root only (CAP_SYS_ADMIN), else -EPERM
 *   ioctl(ATTACH, gpu_id)       this file is now that GPU; -EBUSY when the
 *                               GPU has a device, -ENODEV for no such GPU
 *   read()                      one fw_vgpu_msg per call, blocks (poll)
 *   ioctl(ACK, {seq, result})   the message with that seq is done
 *   mmap(offset 0)              the IH ring (FW_VGPU_IH_BYTES)
 *   mmap(msg.offset, msg.size)  the pages a VM_MAP or PROCESS_ADD names
 *   ioctl(IRQ)                  the module drains the IH ring now
 *   ioctl(PAGE_REQUEST, req)    an APU's page request: pages of a process
 *                               at an address no VM_MAP range covers
 *   close / exit                the GPU is gone: its processes see a reset
 *
 * Every message is acknowledged. The module waits for the ACK (a TLB
 * flush or an unmap that waits for the CP, as on hardware), up to its
 * timeout, after which it treats the device as hung.
 */
#ifndef FW_VGPU_BACKEND_H
#define FW_VGPU_BACKEND_H

#include "fw_common.h"

#ifdef __KERNEL__
#include <linux/ioctl.h>
#else
#include <sys/ioctl.h>
#endif

#define FW_VGPU_DEVICE_NAME "gcnkfd-vgpu"
#define FW_VGPU_VERSION 1

enum fw_vgpu_op {
	/*
	 * A process gets a context on the GPU (its VMID): pasid, its doorbell
	 * slice (offset, size: mmap them; the device polls them), its trap
	 * handler (tba, tma; 0 for none) and its scratch backing (va: the
	 * byte address SH_HIDDEN_PRIVATE_BASE_VMID holds; 0 for none).
	 */
	FW_VGPU_OP_PROCESS_ADD = 1,
	/*
	 * The context goes: its queues were unmapped before; every range it
	 * still maps is dropped (munmap), then the ACK.
	 */
	FW_VGPU_OP_PROCESS_REMOVE = 2,
	/*
	 * GPUVM: [va, va + size) of pasid is backed by the pages at mmap
	 * offset `offset` of this file; FW_VGPU_F_WRITABLE or read-only.
	 */
	FW_VGPU_OP_VM_MAP = 3,
	/*
	 * Invalidate [va, va + size) of pasid (exactly the range of an
	 * earlier VM_MAP): ACK once no dispatch or copy can reach it any
	 * more and the device no longer maps the pages (it may keep the
	 * host addresses reserved). The module then revokes any mapping
	 * left and frees the pages.
	 */
	FW_VGPU_OP_VM_UNMAP = 4,
	/*
	 * MAP_QUEUES: queue `hqd` of pasid from the MQD in `mqd`
	 * (fw_v9_mqd, or fw_v9_sdma_mqd with FW_VGPU_F_SDMA), active or not
	 * (FW_VGPU_F_ACTIVE). The ACK's result is 0 or a negative errno.
	 */
	FW_VGPU_OP_MAP_QUEUE = 5,
	/* The MQD of queue `hqd` changed: reload it (and FW_VGPU_F_ACTIVE). */
	FW_VGPU_OP_UPDATE_QUEUE = 6,
	/*
	 * UNMAP_QUEUES with preemption: ACK once the queue's work is stopped
	 * and the engine no longer reads its memory.
	 */
	FW_VGPU_OP_UNMAP_QUEUE = 7,
	/*
	 * The registers of pasid's VMID changed: SQ_SHADER_TBA/TMA (tba,
	 * tma) and SH_HIDDEN_PRIVATE_BASE (va), as PROCESS_ADD has them.
	 */
	FW_VGPU_OP_SET_VMID = 8,
};

#define FW_VGPU_F_WRITABLE 0x1u	/* VM_MAP */
#define FW_VGPU_F_ACTIVE 0x2u	/* MAP_QUEUE, UPDATE_QUEUE */
#define FW_VGPU_F_SDMA 0x4u	/* MAP_QUEUE: mqd is an fw_v9_sdma_mqd */

#define FW_VGPU_MQD_BYTES 2048	/* sizeof(struct fw_v9_mqd) */

/* What read() returns: one message, whole. */
struct fw_vgpu_msg {
	uint32_t op;		/* enum fw_vgpu_op */
	uint32_t seq;		/* ACK with this */
	uint32_t pasid;
	uint32_t hqd;		/* the module's queue handle, unique per GPU */
	uint32_t flags;		/* FW_VGPU_F_* */
	uint32_t pad;
	uint64_t va;
	uint64_t size;
	uint64_t offset;	/* mmap offset in this file (page aligned) */
	uint64_t tba;
	uint64_t tma;
	uint8_t mqd[FW_VGPU_MQD_BYTES];
};

FW_ASSERT_SIZE(struct fw_vgpu_msg, 64 + FW_VGPU_MQD_BYTES);
FW_ASSERT_OFFSET(struct fw_vgpu_msg, va, 24);
FW_ASSERT_OFFSET(struct fw_vgpu_msg, offset, 40);
FW_ASSERT_OFFSET(struct fw_vgpu_msg, mqd, 64);

struct fw_vgpu_attach {
	uint32_t gpu_id;	/* in: the topology's gpu_id */
	uint32_t version;	/* out: FW_VGPU_VERSION */
	uint32_t compute_units;	/* out: the GPU's active CUs */
	uint32_t ih_entries;	/* out: entries in the IH ring */
};

FW_ASSERT_SIZE(struct fw_vgpu_attach, 16);

struct fw_vgpu_ack {
	uint32_t seq;
	int32_t result;		/* 0 or a negative errno */
};

FW_ASSERT_SIZE(struct fw_vgpu_ack, 8);

/*
 * The IH ring, at mmap offset 0: a header page, then the entries
 * (struct fw_ih_entry, ih_entries of them, a power of two). wptr and
 * rptr count entries and run free (u32, wrapping at 2^32); entry n is in
 * slot n % ih_entries. The device writes entries at wptr,
 * publishes wptr with a release store and calls ioctl(IRQ); the module
 * reads up to wptr and advances rptr. When the ring is full (wptr - rptr
 * == ih_entries) the device calls ioctl(IRQ) before it writes more.
 */
struct fw_vgpu_ih_header {
	uint32_t wptr;		/* written by the device */
	uint32_t rptr;		/* written by the module */
	uint32_t overflow;	/* entries the device dropped (never, so far) */
	uint32_t pad;
};

FW_ASSERT_SIZE(struct fw_vgpu_ih_header, 16);

#define FW_VGPU_IH_ENTRIES 512u
#define FW_VGPU_IH_HEADER_BYTES 4096u
#define FW_VGPU_IH_BYTES (FW_VGPU_IH_HEADER_BYTES + FW_VGPU_IH_ENTRIES * 32u)

/*
 * ioctl(PAGE_REQUEST): what an APU's IOMMUv2 answers to the GPU's page
 * request (PPR). The device missed on `va` of pasid, an address no VM_MAP
 * range covers; the module looks it up in that process's own mappings,
 * pins a run of its pages around va (one VMA's, at most
 * FW_VGPU_PAGE_REQUEST_PAGES, aligned to that many) and answers with an
 * object: [va, va + size) at mmap offset `offset`, FW_VGPU_F_WRITABLE
 * when the process may write there (a read-only mapping is read-only for
 * the GPU too). The device maps it as it maps a VM_MAP range and the
 * access proceeds; the pages stay the device's until PROCESS_REMOVE.
 * The device names the gap around va it has free (no range mapped
 * there) in `offset` and `size` on the way in: the answer stays inside.
 * Synchronous: the module sends no message while it answers. Errors:
 * -EFAULT nothing readable is mapped at va (the GPU faults, as for an
 * unmapped address), -ESRCH no such process on this GPU, -ENODEV the GPU
 * is not an APU, -ENOMEM over the module's limit of pinned memory.
 */
struct fw_vgpu_page_request {
	uint32_t pasid;		/* in */
	uint32_t flags;		/* out: FW_VGPU_F_WRITABLE */
	uint64_t va;		/* in: the missed address; out: the start */
	uint64_t size;		/* in: the gap's bytes; out: the run's */
	uint64_t offset;	/* in: the gap's start; out: mmap offset */
};

FW_ASSERT_SIZE(struct fw_vgpu_page_request, 32);
FW_ASSERT_OFFSET(struct fw_vgpu_page_request, va, 8);
FW_ASSERT_OFFSET(struct fw_vgpu_page_request, size, 16);
FW_ASSERT_OFFSET(struct fw_vgpu_page_request, offset, 24);

#define FW_VGPU_PAGE_REQUEST_PAGES 64u

#define FW_VGPU_IOC_MAGIC 'G'
#define FW_VGPU_IOC_ATTACH _IOWR(FW_VGPU_IOC_MAGIC, 1, struct fw_vgpu_attach)
#define FW_VGPU_IOC_ACK _IOW(FW_VGPU_IOC_MAGIC, 2, struct fw_vgpu_ack)
#define FW_VGPU_IOC_IRQ _IO(FW_VGPU_IOC_MAGIC, 3)
#define FW_VGPU_IOC_PAGE_REQUEST \
	_IOWR(FW_VGPU_IOC_MAGIC, 4, struct fw_vgpu_page_request)

#endif /* FW_VGPU_BACKEND_H */
