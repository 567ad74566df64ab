/* SPDX-License-Identifier: MIT */
/*
 * amd_signal_t: the memory behind an HSA signal handle, read and written by
 * the host, the command processor and kernel code (Compute ABI: "Signals").
 * 64-byte aligned so that it never spans a page.
 */
#ifndef FW_AMD_SIGNAL_H
#define FW_AMD_SIGNAL_H

#include "fw_common.h"

enum fw_amd_signal_kind {
	FW_AMD_SIGNAL_KIND_INVALID = 0,
	FW_AMD_SIGNAL_KIND_USER = 1,
	FW_AMD_SIGNAL_KIND_DOORBELL = -1,
	FW_AMD_SIGNAL_KIND_LEGACY_DOORBELL = -2,
};

#define FW_AMD_SIGNAL_ALIGN 64

struct fw_amd_signal {
	int64_t kind;
	union {
		int64_t value;			/* KIND_USER */
		uint64_t hardware_doorbell_ptr;	/* KIND_*DOORBELL */
	};
	/* KIND_USER: after a change, store event_id here and interrupt. */
	uint64_t event_mailbox_ptr;
	uint32_t event_id;
	uint32_t reserved1;
	uint64_t start_ts;	/* profiling: packet start, GPU clock */
	uint64_t end_ts;	/* profiling: packet end, GPU clock */
	uint64_t queue_ptr;	/* KIND_*DOORBELL: the amd_queue_t */
	uint32_t reserved3[2];
} FW_ALIGNED(FW_AMD_SIGNAL_ALIGN);

FW_ASSERT_SIZE(struct fw_amd_signal, 64);
FW_ASSERT_OFFSET(struct fw_amd_signal, kind, 0);
FW_ASSERT_OFFSET(struct fw_amd_signal, value, 8);
FW_ASSERT_OFFSET(struct fw_amd_signal, hardware_doorbell_ptr, 8);
FW_ASSERT_OFFSET(struct fw_amd_signal, event_mailbox_ptr, 16);
FW_ASSERT_OFFSET(struct fw_amd_signal, event_id, 24);
FW_ASSERT_OFFSET(struct fw_amd_signal, start_ts, 32);
FW_ASSERT_OFFSET(struct fw_amd_signal, end_ts, 40);
FW_ASSERT_OFFSET(struct fw_amd_signal, queue_ptr, 48);

#endif /* FW_AMD_SIGNAL_H */
