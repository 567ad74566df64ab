// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * The gfx9 interrupt handler: what Linux 6.1's kfd_int_process_v9 does with
 * an IH ring entry of the KFD's clients. End-of-pipe (RELEASE_MEM, a
 * completion signal's interrupt), SQ messages (s_sendmsg) and SDMA traps
 * signal the event their context id names (or, when it names no signaled
 * event, every event whose slot was written); a bad opcode signals the
 * HW-exception events; a VM fault fills and signals the memory-exception
 * events with the page and the protection bits. Other sources are not the
 * KFD's business.
 */
#include "gcnkfd.h"
#include "ih_entry.h"

struct gcnkfd_ih {
	struct gcnkfd_dev *dev;
	const struct fw_ih_entry *e;
};

static void gcnkfd_ih_vm_fault(struct gcnkfd_process *p,
			       const struct gcnkfd_ih *ih)
{
	const struct fw_ih_entry *e = ih->e;
	u32 ring = FW_FIELD_GET(e->dw0, FW_IH_RING_ID);
	struct kfd_hsa_memory_exception_data d = {
		.gpu_id = ih->dev->gpu_id,
	};

	d.va = ((u64)e->src_data[0] |
		(u64)FW_FIELD_GET(e->src_data[1], FW_IH_VM_FAULT_PAGE_HI) << 32)
	       << PAGE_SHIFT;
	/* gfx9 reports no execute bit: NoExecute stays 0, as in Linux. */
	d.failure.NotPresent = !!(ring & FW_IH_VM_FAULT_PROT_VALID);
	d.failure.ReadOnly = !!(ring & FW_IH_VM_FAULT_PROT_WRITE);
	gcnkfd_signal_memory_exception(p, &d);
}

static void gcnkfd_ih_deliver(struct gcnkfd_process *p, void *arg)
{
	const struct gcnkfd_ih *ih = arg;
	const struct fw_ih_entry *e = ih->e;
	u32 client = FW_FIELD_GET(e->dw0, FW_IH_CLIENT_ID);
	u32 source = FW_FIELD_GET(e->dw0, FW_IH_SOURCE_ID);

	if (client == FW_IH_CLIENT_SDMA0 || client == FW_IH_CLIENT_SDMA1) {
		if (source == FW_IH_SRC_SDMA_TRAP)
			gcnkfd_signal_event_interrupt(p, e->src_data[0] &
							 0xfffffff, 28);
	} else if (client >= FW_IH_CLIENT_SE0SH &&
		   client <= FW_IH_CLIENT_SE3SH) {
		/* s_sendmsg: the low 24 bits of the message name the event. */
		if (source == FW_IH_SRC_SQ_INTERRUPT_MSG)
			gcnkfd_signal_event_interrupt(p, e->src_data[0] &
							 0xffffff, 24);
	} else if (client == FW_IH_CLIENT_GRBM_CP) {
		if (source == FW_IH_SRC_CP_END_OF_PIPE)
			gcnkfd_signal_event_interrupt(p, e->src_data[0], 32);
		else if (source == FW_IH_SRC_CP_BAD_OPCODE)
			gcnkfd_signal_hw_exception(p, NULL);
	} else if (client == FW_IH_CLIENT_VMC ||
		   client == FW_IH_CLIENT_UTCL2) {
		gcnkfd_ih_vm_fault(p, ih);
	}
}

void gcnkfd_ih_process_v9(struct gcnkfd_dev *dev, const void *entry)
{
	const struct fw_ih_entry *e = entry;
	struct gcnkfd_ih ih = { .dev = dev, .e = e };
	u32 pasid = FW_FIELD_GET(e->dw3, FW_IH_PASID);

	/* PASID 0 is the kernel's own work: nothing of a process. */
	if (pasid)
		gcnkfd_process_call_pasid(pasid, gcnkfd_ih_deliver, &ih);
}
