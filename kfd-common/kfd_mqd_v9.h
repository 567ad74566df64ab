/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * The gfx9 MQD builder: a user queue's properties into the compute MQD or
 * the SDMA MQD (firmware-interfaces/gfx9_mqd.h) as Linux 6.1's
 * kfd_mqd_manager_v9.c builds them, and the decoders the virtual GPU uses
 * to read an MQD back when the KFD maps it. The virtual GPU has no GART and
 * no CWSR: MQD fields that hold GPU addresses of kernel memory stay 0 and
 * the context save area is not programmed.
 */
#ifndef KFD_MQD_V9_H
#define KFD_MQD_V9_H

#include "gfx9_mqd.h"
#include "kfd_device.h"
#include "kfd_queue_rules.h"

/* The KFD's pipe priority per queue priority: low, medium (7-10), high. */
static inline uint32_t kfdc_pipe_priority(uint32_t priority)
{
	static const uint8_t map[KFDC_MAX_QUEUE_PRIORITY + 1] = {
		0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 2
	};

	return map[priority & KFDC_MAX_QUEUE_PRIORITY];
}

/* The MQD's doorbell offset counts dwords; a slot is 8 bytes. */
static inline uint32_t kfdc_doorbell_dw(uint32_t slot)
{
	return slot * 2;
}

/* update_mqd: the fields the queue's properties set. */
static inline void kfdc_v9_mqd_update(struct fw_v9_mqd *m,
				      const struct kfdc_queue_props *q)
{
	int eop_size;

	m->cp_hqd_pq_control =
		FW_FIELD_PREP(FW_CP_HQD_PQ_CONTROL_RPTR_BLOCK_SIZE, 5) |
		FW_FIELD_PREP(FW_CP_HQD_PQ_CONTROL_QUEUE_SIZE,
			      kfdc_order_base_2(q->ring_size / 4) - 1);
	m->cp_hqd_pq_base_lo = (uint32_t)(q->ring_base >> 8);
	m->cp_hqd_pq_base_hi = (uint32_t)(q->ring_base >> 40);
	m->cp_hqd_pq_rptr_report_addr_lo = (uint32_t)q->read_ptr;
	m->cp_hqd_pq_rptr_report_addr_hi = (uint32_t)(q->read_ptr >> 32);
	m->cp_hqd_pq_wptr_poll_addr_lo = (uint32_t)q->write_ptr;
	m->cp_hqd_pq_wptr_poll_addr_hi = (uint32_t)(q->write_ptr >> 32);
	m->cp_hqd_pq_doorbell_control =
		FW_FIELD_PREP(FW_CP_HQD_PQ_DOORBELL_CONTROL_DOORBELL_OFFSET,
			      kfdc_doorbell_dw(q->doorbell));
	m->cp_hqd_ib_control =
		FW_FIELD_PREP(FW_CP_HQD_IB_CONTROL_MIN_IB_AVAIL_SIZE, 3) |
		FW_FIELD_PREP(FW_CP_HQD_IB_CONTROL_IB_EXE_DISABLE, 1);
	/*
	 * At most 0xa: the CP counts EOP entries in 8 bits. Linux computes
	 * this in int without a lower bound, so an EOP buffer under 8 bytes
	 * (none given) yields all ones; the same value is kept here.
	 */
	eop_size = kfdc_order_base_2(q->eop_size / 4) - 1;
	m->cp_hqd_eop_control = (uint32_t)(eop_size < 0xa ? eop_size : 0xa);
	m->cp_hqd_eop_base_addr_lo = (uint32_t)(q->eop_base >> 8);
	m->cp_hqd_eop_base_addr_hi = (uint32_t)(q->eop_base >> 40);
	m->cp_hqd_iq_timer = 0;
	/* The scheduler (HWS) fills the VMID when it maps the process. */
	m->cp_hqd_vmid = 0;
	if (q->type == KFD_IOC_QUEUE_TYPE_COMPUTE_AQL) {
		m->cp_hqd_pq_control |=
			FW_FIELD_PREP(FW_CP_HQD_PQ_CONTROL_NO_UPDATE_RPTR, 1) |
			FW_FIELD_PREP(FW_CP_HQD_PQ_CONTROL_SLOT_BASED_WPTR, 2) |
			FW_FIELD_PREP(FW_CP_HQD_PQ_CONTROL_QUEUE_FULL_EN, 1) |
			FW_FIELD_PREP(FW_CP_HQD_PQ_CONTROL_WPP_CLAMP_EN, 1);
		m->cp_hqd_pq_doorbell_control |=
		    FW_FIELD_PREP(FW_CP_HQD_PQ_DOORBELL_CONTROL_DOORBELL_BIF_DROP,
				  1);
	}
	m->cp_hqd_pipe_priority = kfdc_pipe_priority(q->priority);
	m->cp_hqd_queue_priority = q->priority;
}

/* init_mqd: a zeroed MQD's constant state, then update_mqd. */
static inline void kfdc_v9_mqd_init(struct fw_v9_mqd *m,
				    const struct kfdc_queue_props *q)
{
	memset(m, 0, sizeof(*m));
	m->header = FW_V9_MQD_HEADER;
	m->compute_pipelinestat_enable = 1;
	m->compute_static_thread_mgmt_se0 = FW_STATIC_THREAD_MGMT_ALL_CUS;
	m->compute_static_thread_mgmt_se1 = FW_STATIC_THREAD_MGMT_ALL_CUS;
	m->compute_static_thread_mgmt_se2 = FW_STATIC_THREAD_MGMT_ALL_CUS;
	m->compute_static_thread_mgmt_se3 = FW_STATIC_THREAD_MGMT_ALL_CUS;
	m->compute_static_thread_mgmt_se4 = FW_STATIC_THREAD_MGMT_ALL_CUS;
	m->compute_static_thread_mgmt_se5 = FW_STATIC_THREAD_MGMT_ALL_CUS;
	m->compute_static_thread_mgmt_se6 = FW_STATIC_THREAD_MGMT_ALL_CUS;
	m->compute_static_thread_mgmt_se7 = FW_STATIC_THREAD_MGMT_ALL_CUS;
	m->cp_hqd_persistent_state =
		FW_FIELD_PREP(FW_CP_HQD_PERSISTENT_STATE_PRELOAD_REQ, 1) |
		FW_FIELD_PREP(FW_CP_HQD_PERSISTENT_STATE_PRELOAD_SIZE, 0x53);
	m->cp_mqd_control = FW_FIELD_PREP(FW_CP_MQD_CONTROL_PRIV_STATE, 1);
	m->cp_hqd_quantum =
		FW_FIELD_PREP(FW_CP_HQD_QUANTUM_QUANTUM_EN, 1) |
		FW_FIELD_PREP(FW_CP_HQD_QUANTUM_QUANTUM_SCALE, 1) |
		FW_FIELD_PREP(FW_CP_HQD_QUANTUM_QUANTUM_DURATION, 1);
	if (q->type == KFD_IOC_QUEUE_TYPE_COMPUTE_AQL)
		m->cp_hqd_aql_control =
			FW_FIELD_PREP(FW_CP_HQD_AQL_CONTROL_CONTROL0, 1);
	if (q->trap_handler)
		m->compute_pgm_rsrc2 |=
			FW_FIELD_PREP(FW_V9_COMPUTE_PGM_RSRC2_TRAP_PRESENT, 1);
	kfdc_v9_mqd_update(m, q);
}

/* SET_CU_MASK: the per-SE masks of kfdc_map_cu_mask(). */
static inline void kfdc_v9_mqd_set_cu_mask(struct fw_v9_mqd *m,
					   const uint32_t *se_mask)
{
	m->compute_static_thread_mgmt_se0 = se_mask[0];
	m->compute_static_thread_mgmt_se1 = se_mask[1];
	m->compute_static_thread_mgmt_se2 = se_mask[2];
	m->compute_static_thread_mgmt_se3 = se_mask[3];
	/* gfx9 has at most 4 SEs: Linux's se_mask[4..7] are 0 here. */
	m->compute_static_thread_mgmt_se4 = 0;
	m->compute_static_thread_mgmt_se5 = 0;
	m->compute_static_thread_mgmt_se6 = 0;
	m->compute_static_thread_mgmt_se7 = 0;
}

/* update_mqd_sdma (init_mqd_sdma only zeroes the MQD first). */
static inline void kfdc_v9_sdma_mqd_update(struct fw_v9_sdma_mqd *m,
					   const struct kfdc_queue_props *q)
{
	m->sdmax_rlcx_rb_cntl =
		FW_FIELD_PREP(FW_SDMA_RLC_RB_CNTL_RB_SIZE,
			      kfdc_order_base_2(q->ring_size / 4)) |
		FW_FIELD_PREP(FW_SDMA_RLC_RB_CNTL_RB_VMID, 0) |
		FW_FIELD_PREP(FW_SDMA_RLC_RB_CNTL_RPTR_WRITEBACK_ENABLE, 1) |
		FW_FIELD_PREP(FW_SDMA_RLC_RB_CNTL_RPTR_WRITEBACK_TIMER, 6);
	m->sdmax_rlcx_rb_base = (uint32_t)(q->ring_base >> 8);
	m->sdmax_rlcx_rb_base_hi = (uint32_t)(q->ring_base >> 40);
	m->sdmax_rlcx_rb_rptr_addr_lo = (uint32_t)q->read_ptr;
	m->sdmax_rlcx_rb_rptr_addr_hi = (uint32_t)(q->read_ptr >> 32);
	m->sdmax_rlcx_doorbell_offset =
		FW_FIELD_PREP(FW_SDMA_RLC_DOORBELL_OFFSET_OFFSET,
			      kfdc_doorbell_dw(q->doorbell));
	m->sdma_engine_id = q->sdma_engine;
	m->sdma_queue_id = q->sdma_queue;
	m->sdmax_rlcx_dummy_reg = FW_SDMA_RLC_DUMMY_DEFAULT;
}

static inline void kfdc_v9_sdma_mqd_init(struct fw_v9_sdma_mqd *m,
					 const struct kfdc_queue_props *q)
{
	memset(m, 0, sizeof(*m));
	kfdc_v9_sdma_mqd_update(m, q);
}

/*
 * mqd_symmetrically_map_cu_mask for gfx9: user bit i names the i-th active
 * CU counted over the SEs first, then the SE's shader arrays, then up the
 * CU index, so a mask of n bits spreads over every SE. Bits past the active
 * CU count are ignored. The result is COMPUTE_STATIC_THREAD_MGMT_SE0..3
 * (SH0 in bits 15:0, SH1 in bits 31:16).
 */
static inline void kfdc_map_cu_mask(const struct kfdc_gpu_props *pr,
				    const uint32_t *mask, uint32_t bits,
				    uint32_t se_mask[FW_GFX9_MAX_SE])
{
	uint32_t sh_per_se =
		kfdc_min_u32(pr->simd_arrays_per_engine, FW_GFX9_MAX_SH_PER_SE);
	uint32_t ses =
		sh_per_se ? pr->array_count / pr->simd_arrays_per_engine : 0;
	uint32_t count = kfdc_min_u32(bits, pr->cu_count);
	uint32_t se, sh, cu, i = 0;

	ses = kfdc_min_u32(ses, FW_GFX9_MAX_SE);
	memset(se_mask, 0, sizeof(uint32_t) * FW_GFX9_MAX_SE);
	for (cu = 0; cu < FW_GFX9_MAX_CU_PER_SH; cu++)
		for (sh = 0; sh < sh_per_se; sh++)
			for (se = 0; se < ses; se++) {
				if (i >= count)
					return;
				if (kfdc_active_cus(pr, se, sh) <= cu)
					continue;
				if (mask[i / 32] & (1U << (i % 32)))
					se_mask[se] |= 1U << (cu + sh * 16);
				i++;
			}
}

#endif /* KFD_MQD_V9_H */
