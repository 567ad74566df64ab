/* SPDX-License-Identifier: MIT */
/*
 * SOC15 (gfx9) interrupt handler ring entry: what the GPU reports to the
 * driver. 8 dwords per entry; the KFD reads the client, the source, the
 * PASID and the source data (for signal interrupts, src_data[0] is the
 * context id: the event id of the completion signal or RELEASE_MEM).
 */
#ifndef FW_IH_ENTRY_H
#define FW_IH_ENTRY_H

#include "fw_common.h"

struct fw_ih_entry {
	uint32_t dw0;		/* client, source, ring, vmid */
	uint32_t timestamp_lo;
	uint32_t dw2;		/* timestamp [47:32], timestamp source */
	uint32_t dw3;		/* pasid, pasid source */
	uint32_t src_data[4];
};

FW_ASSERT_SIZE(struct fw_ih_entry, 32);
FW_ASSERT_OFFSET(struct fw_ih_entry, dw3, 12);
FW_ASSERT_OFFSET(struct fw_ih_entry, src_data, 16);

/* dw0 */
#define FW_IH_CLIENT_ID 0, 8
#define FW_IH_SOURCE_ID 8, 8
#define FW_IH_RING_ID 16, 8
#define FW_IH_VMID 24, 4
#define FW_IH_VMID_TYPE 31, 1
/* dw2 */
#define FW_IH_TIMESTAMP_HI 0, 16
#define FW_IH_TIMESTAMP_SRC 31, 1
/* dw3 */
#define FW_IH_PASID 0, 16
#define FW_IH_PASID_SRC 31, 1

/* Clients (soc15_ih_clientid.h) and the sources the KFD handles. */
#define FW_IH_CLIENT_SDMA0 0x08	/* SDMA engine n reports as SDMA0 + n */
#define FW_IH_CLIENT_SDMA1 0x09
#define FW_IH_CLIENT_SE0SH 0x0a	/* SQ messages: shader engine n as SE0SH + n */
#define FW_IH_CLIENT_SE3SH 0x0d
#define FW_IH_CLIENT_VMC 0x12
#define FW_IH_CLIENT_GRBM_CP 0x14
#define FW_IH_CLIENT_UTCL2 0x1b

#define FW_IH_SRC_CP_END_OF_PIPE 181
#define FW_IH_SRC_CP_BAD_OPCODE 183
#define FW_IH_SRC_SQ_INTERRUPT_MSG 239
#define FW_IH_SRC_SDMA_TRAP 224		/* src_data[0]: 28-bit context id */
#define FW_IH_SRC_SDMA_SRBM_WRITE 247	/* illegal packet (the KFD ignores it) */

/*
 * VM fault (client VMC or UTCL2): the faulting page is
 * (src_data[1] & 0xf) << 44 | src_data[0] << 12.
 */
#define FW_IH_VM_FAULT_PAGE_HI 0, 4
/*
 * A VM fault's ring id (dw0) carries the protection-fault details that the
 * gfx9 KFD copies into its memory-exception event: VALID as NotPresent,
 * WRITE as ReadOnly (kfd_int_process_v9.c).
 */
#define FW_IH_VM_FAULT_PROT_VALID 0x08
#define FW_IH_VM_FAULT_PROT_READ 0x10
#define FW_IH_VM_FAULT_PROT_WRITE 0x20

#endif /* FW_IH_ENTRY_H */
