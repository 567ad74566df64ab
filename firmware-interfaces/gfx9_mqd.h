/* SPDX-License-Identifier: MIT */
/*
 * gfx9 memory queue descriptors (MQDs): what the KFD hands the command
 * processor for a user compute queue (fw_v9_mqd: one dword per register,
 * the COMPUTE_* state, then the CP_HQD_* state a queue slot loads) and the
 * SDMA v4 engines for a user SDMA queue (fw_v9_sdma_mqd: the RLC queue's
 * SDMAx_RLCx_* registers). The dword order is the hardware's (Linux's
 * v9_structs.h): the CP reads an MQD as this array of registers.
 */
#ifndef FW_GFX9_MQD_H
#define FW_GFX9_MQD_H

#include "fw_common.h"
/* COMPUTE_STATIC_THREAD_MGMT_SEn fields: FW_STATIC_THREAD_MGMT_*. */
#include "gfx9_cu_placement.h"

/* First dword of a compute MQD, as the KFD writes it. */
#define FW_V9_MQD_HEADER 0xc0310800u

/* CP_HQD_PQ_CONTROL */
#define FW_CP_HQD_PQ_CONTROL_QUEUE_SIZE 0, 6	/* log2(ring dwords) - 1 */
#define FW_CP_HQD_PQ_CONTROL_RPTR_BLOCK_SIZE 8, 6	/* log2(dwords) - 1 */
#define FW_CP_HQD_PQ_CONTROL_QUEUE_FULL_EN 14, 1
#define FW_CP_HQD_PQ_CONTROL_WPP_CLAMP_EN 16, 1
#define FW_CP_HQD_PQ_CONTROL_SLOT_BASED_WPTR 25, 2	/* 2: AQL packets */
#define FW_CP_HQD_PQ_CONTROL_NO_UPDATE_RPTR 27, 1
#define FW_CP_HQD_PQ_CONTROL_PRIV_STATE 30, 1
#define FW_CP_HQD_PQ_CONTROL_KMD_QUEUE 31, 1

/* CP_HQD_PERSISTENT_STATE */
#define FW_CP_HQD_PERSISTENT_STATE_PRELOAD_REQ 0, 1
#define FW_CP_HQD_PERSISTENT_STATE_PRELOAD_SIZE 8, 10
#define FW_CP_HQD_PERSISTENT_STATE_QSWITCH_MODE 30, 1

/* CP_HQD_PQ_DOORBELL_CONTROL: the offset counts dwords of doorbell space. */
#define FW_CP_HQD_PQ_DOORBELL_CONTROL_DOORBELL_BIF_DROP 1, 1
#define FW_CP_HQD_PQ_DOORBELL_CONTROL_DOORBELL_OFFSET 2, 26
#define FW_CP_HQD_PQ_DOORBELL_CONTROL_DOORBELL_EN 30, 1

/* CP_MQD_CONTROL */
#define FW_CP_MQD_CONTROL_VMID 0, 4
#define FW_CP_MQD_CONTROL_PRIV_STATE 8, 1

/* CP_HQD_QUANTUM */
#define FW_CP_HQD_QUANTUM_QUANTUM_EN 0, 1
#define FW_CP_HQD_QUANTUM_QUANTUM_SCALE 4, 1
#define FW_CP_HQD_QUANTUM_QUANTUM_DURATION 8, 6

/* CP_HQD_IB_CONTROL */
#define FW_CP_HQD_IB_CONTROL_MIN_IB_AVAIL_SIZE 20, 2
#define FW_CP_HQD_IB_CONTROL_IB_EXE_DISABLE 23, 1

/* CP_HQD_EOP_CONTROL: log2(EOP ring dwords) - 1. */
#define FW_CP_HQD_EOP_CONTROL_EOP_SIZE 0, 6

/* CP_HQD_AQL_CONTROL */
#define FW_CP_HQD_AQL_CONTROL_CONTROL0 0, 15

/* CP_HQD_PIPE_PRIORITY and CP_HQD_QUEUE_PRIORITY */
#define FW_CP_HQD_PIPE_PRIORITY_PIPE_PRIORITY 0, 2	/* 0 low .. 2 high */
#define FW_CP_HQD_QUEUE_PRIORITY_PRIORITY_LEVEL 0, 4

/* COMPUTE_PGM_RSRC2 */
#define FW_V9_COMPUTE_PGM_RSRC2_TRAP_PRESENT 6, 1

struct fw_v9_mqd {
	uint32_t header;
	uint32_t compute_dispatch_initiator;
	uint32_t compute_dim_x;
	uint32_t compute_dim_y;
	uint32_t compute_dim_z;
	uint32_t compute_start_x;
	uint32_t compute_start_y;
	uint32_t compute_start_z;
	uint32_t compute_num_thread_x;
	uint32_t compute_num_thread_y;
	uint32_t compute_num_thread_z;
	uint32_t compute_pipelinestat_enable;
	uint32_t compute_perfcount_enable;
	uint32_t compute_pgm_lo;
	uint32_t compute_pgm_hi;
	uint32_t compute_tba_lo;
	uint32_t compute_tba_hi;
	uint32_t compute_tma_lo;
	uint32_t compute_tma_hi;
	uint32_t compute_pgm_rsrc1;
	uint32_t compute_pgm_rsrc2;
	uint32_t compute_vmid;
	uint32_t compute_resource_limits;
	uint32_t compute_static_thread_mgmt_se0;
	uint32_t compute_static_thread_mgmt_se1;
	uint32_t compute_tmpring_size;
	uint32_t compute_static_thread_mgmt_se2;
	uint32_t compute_static_thread_mgmt_se3;
	uint32_t compute_restart_x;
	uint32_t compute_restart_y;
	uint32_t compute_restart_z;
	uint32_t compute_thread_trace_enable;
	uint32_t compute_misc_reserved;
	uint32_t compute_dispatch_id;
	uint32_t compute_threadgroup_id;
	uint32_t compute_relaunch;
	uint32_t compute_wave_restore_addr_lo;
	uint32_t compute_wave_restore_addr_hi;
	uint32_t compute_wave_restore_control;
	uint32_t compute_static_thread_mgmt_se4;
	uint32_t compute_static_thread_mgmt_se5;
	uint32_t compute_static_thread_mgmt_se6;
	uint32_t compute_static_thread_mgmt_se7;
	uint32_t reserved_43_64[22];
	uint32_t compute_user_data_0;
	uint32_t compute_user_data_1;
	uint32_t compute_user_data_2;
	uint32_t compute_user_data_3;
	uint32_t compute_user_data_4;
	uint32_t compute_user_data_5;
	uint32_t compute_user_data_6;
	uint32_t compute_user_data_7;
	uint32_t compute_user_data_8;
	uint32_t compute_user_data_9;
	uint32_t compute_user_data_10;
	uint32_t compute_user_data_11;
	uint32_t compute_user_data_12;
	uint32_t compute_user_data_13;
	uint32_t compute_user_data_14;
	uint32_t compute_user_data_15;
	uint32_t cp_compute_csinvoc_count_lo;
	uint32_t cp_compute_csinvoc_count_hi;
	uint32_t reserved_83_85[3];
	uint32_t cp_mqd_query_time_lo;
	uint32_t cp_mqd_query_time_hi;
	uint32_t cp_mqd_connect_start_time_lo;
	uint32_t cp_mqd_connect_start_time_hi;
	uint32_t cp_mqd_connect_end_time_lo;
	uint32_t cp_mqd_connect_end_time_hi;
	uint32_t cp_mqd_connect_end_wf_count;
	uint32_t cp_mqd_connect_end_pq_rptr;
	uint32_t cp_mqd_connect_end_pq_wptr;
	uint32_t cp_mqd_connect_end_ib_rptr;
	uint32_t cp_mqd_readindex_lo;
	uint32_t cp_mqd_readindex_hi;
	uint32_t cp_mqd_save_start_time_lo;
	uint32_t cp_mqd_save_start_time_hi;
	uint32_t cp_mqd_save_end_time_lo;
	uint32_t cp_mqd_save_end_time_hi;
	uint32_t cp_mqd_restore_start_time_lo;
	uint32_t cp_mqd_restore_start_time_hi;
	uint32_t cp_mqd_restore_end_time_lo;
	uint32_t cp_mqd_restore_end_time_hi;
	uint32_t disable_queue;
	uint32_t reserved_107;
	uint32_t gds_cs_ctxsw_cnt0;
	uint32_t gds_cs_ctxsw_cnt1;
	uint32_t gds_cs_ctxsw_cnt2;
	uint32_t gds_cs_ctxsw_cnt3;
	uint32_t reserved_112_113[2];
	uint32_t cp_pq_exe_status_lo;
	uint32_t cp_pq_exe_status_hi;
	uint32_t cp_packet_id_lo;
	uint32_t cp_packet_id_hi;
	uint32_t cp_packet_exe_status_lo;
	uint32_t cp_packet_exe_status_hi;
	uint32_t gds_save_base_addr_lo;
	uint32_t gds_save_base_addr_hi;
	uint32_t gds_save_mask_lo;
	uint32_t gds_save_mask_hi;
	uint32_t ctx_save_base_addr_lo;
	uint32_t ctx_save_base_addr_hi;
	uint32_t dynamic_cu_mask_addr_lo;
	uint32_t dynamic_cu_mask_addr_hi;
	uint32_t cp_mqd_base_addr_lo;
	uint32_t cp_mqd_base_addr_hi;
	uint32_t cp_hqd_active;
	uint32_t cp_hqd_vmid;
	uint32_t cp_hqd_persistent_state;
	uint32_t cp_hqd_pipe_priority;
	uint32_t cp_hqd_queue_priority;
	uint32_t cp_hqd_quantum;
	uint32_t cp_hqd_pq_base_lo;
	uint32_t cp_hqd_pq_base_hi;
	uint32_t cp_hqd_pq_rptr;
	uint32_t cp_hqd_pq_rptr_report_addr_lo;
	uint32_t cp_hqd_pq_rptr_report_addr_hi;
	uint32_t cp_hqd_pq_wptr_poll_addr_lo;
	uint32_t cp_hqd_pq_wptr_poll_addr_hi;
	uint32_t cp_hqd_pq_doorbell_control;
	uint32_t reserved_144;
	uint32_t cp_hqd_pq_control;
	uint32_t cp_hqd_ib_base_addr_lo;
	uint32_t cp_hqd_ib_base_addr_hi;
	uint32_t cp_hqd_ib_rptr;
	uint32_t cp_hqd_ib_control;
	uint32_t cp_hqd_iq_timer;
	uint32_t cp_hqd_iq_rptr;
	uint32_t cp_hqd_dequeue_request;
	uint32_t cp_hqd_dma_offload;
	uint32_t cp_hqd_sema_cmd;
	uint32_t cp_hqd_msg_type;
	uint32_t cp_hqd_atomic0_preop_lo;
	uint32_t cp_hqd_atomic0_preop_hi;
	uint32_t cp_hqd_atomic1_preop_lo;
	uint32_t cp_hqd_atomic1_preop_hi;
	uint32_t cp_hqd_hq_status0;
	uint32_t cp_hqd_hq_control0;
	uint32_t cp_mqd_control;
	uint32_t cp_hqd_hq_status1;
	uint32_t cp_hqd_hq_control1;
	uint32_t cp_hqd_eop_base_addr_lo;
	uint32_t cp_hqd_eop_base_addr_hi;
	uint32_t cp_hqd_eop_control;
	uint32_t cp_hqd_eop_rptr;
	uint32_t cp_hqd_eop_wptr;
	uint32_t cp_hqd_eop_done_events;
	uint32_t cp_hqd_ctx_save_base_addr_lo;
	uint32_t cp_hqd_ctx_save_base_addr_hi;
	uint32_t cp_hqd_ctx_save_control;
	uint32_t cp_hqd_cntl_stack_offset;
	uint32_t cp_hqd_cntl_stack_size;
	uint32_t cp_hqd_wg_state_offset;
	uint32_t cp_hqd_ctx_save_size;
	uint32_t cp_hqd_gds_resource_state;
	uint32_t cp_hqd_error;
	uint32_t cp_hqd_eop_wptr_mem;
	uint32_t cp_hqd_aql_control;
	uint32_t cp_hqd_pq_wptr_lo;
	uint32_t cp_hqd_pq_wptr_hi;
	uint32_t reserved_184_191[8];
	uint32_t iqtimer_pkt_header;
	uint32_t iqtimer_pkt_dw0;
	uint32_t iqtimer_pkt_dw1;
	uint32_t iqtimer_pkt_dw2;
	uint32_t iqtimer_pkt_dw3;
	uint32_t iqtimer_pkt_dw4;
	uint32_t iqtimer_pkt_dw5;
	uint32_t iqtimer_pkt_dw6;
	uint32_t iqtimer_pkt_dw7;
	uint32_t iqtimer_pkt_dw8;
	uint32_t iqtimer_pkt_dw9;
	uint32_t iqtimer_pkt_dw10;
	uint32_t iqtimer_pkt_dw11;
	uint32_t iqtimer_pkt_dw12;
	uint32_t iqtimer_pkt_dw13;
	uint32_t iqtimer_pkt_dw14;
	uint32_t iqtimer_pkt_dw15;
	uint32_t iqtimer_pkt_dw16;
	uint32_t iqtimer_pkt_dw17;
	uint32_t iqtimer_pkt_dw18;
	uint32_t iqtimer_pkt_dw19;
	uint32_t iqtimer_pkt_dw20;
	uint32_t iqtimer_pkt_dw21;
	uint32_t iqtimer_pkt_dw22;
	uint32_t iqtimer_pkt_dw23;
	uint32_t iqtimer_pkt_dw24;
	uint32_t iqtimer_pkt_dw25;
	uint32_t iqtimer_pkt_dw26;
	uint32_t iqtimer_pkt_dw27;
	uint32_t iqtimer_pkt_dw28;
	uint32_t iqtimer_pkt_dw29;
	uint32_t iqtimer_pkt_dw30;
	uint32_t iqtimer_pkt_dw31;
	uint32_t reserved_225_227[3];
	uint32_t set_resources_header;
	uint32_t set_resources_dw1;
	uint32_t set_resources_dw2;
	uint32_t set_resources_dw3;
	uint32_t set_resources_dw4;
	uint32_t set_resources_dw5;
	uint32_t set_resources_dw6;
	uint32_t set_resources_dw7;
	uint32_t reserved_236_239[4];
	uint32_t queue_doorbell_id0;
	uint32_t queue_doorbell_id1;
	uint32_t queue_doorbell_id2;
	uint32_t queue_doorbell_id3;
	uint32_t queue_doorbell_id4;
	uint32_t queue_doorbell_id5;
	uint32_t queue_doorbell_id6;
	uint32_t queue_doorbell_id7;
	uint32_t queue_doorbell_id8;
	uint32_t queue_doorbell_id9;
	uint32_t queue_doorbell_id10;
	uint32_t queue_doorbell_id11;
	uint32_t queue_doorbell_id12;
	uint32_t queue_doorbell_id13;
	uint32_t queue_doorbell_id14;
	uint32_t queue_doorbell_id15;
	uint32_t reserved_256_511[256];
};

FW_ASSERT_SIZE(struct fw_v9_mqd, 2048);
FW_ASSERT_OFFSET(struct fw_v9_mqd, compute_pgm_rsrc2, 20 * 4);
FW_ASSERT_OFFSET(struct fw_v9_mqd, compute_static_thread_mgmt_se0, 23 * 4);
FW_ASSERT_OFFSET(struct fw_v9_mqd, compute_static_thread_mgmt_se1, 24 * 4);
FW_ASSERT_OFFSET(struct fw_v9_mqd, compute_static_thread_mgmt_se2, 26 * 4);
FW_ASSERT_OFFSET(struct fw_v9_mqd, compute_static_thread_mgmt_se3, 27 * 4);
FW_ASSERT_OFFSET(struct fw_v9_mqd, compute_static_thread_mgmt_se4, 39 * 4);
FW_ASSERT_OFFSET(struct fw_v9_mqd, compute_user_data_0, 65 * 4);
FW_ASSERT_OFFSET(struct fw_v9_mqd, cp_mqd_base_addr_lo, 128 * 4);
FW_ASSERT_OFFSET(struct fw_v9_mqd, cp_hqd_persistent_state, 132 * 4);
FW_ASSERT_OFFSET(struct fw_v9_mqd, cp_hqd_pq_base_lo, 136 * 4);
FW_ASSERT_OFFSET(struct fw_v9_mqd, cp_hqd_pq_rptr_report_addr_lo, 139 * 4);
FW_ASSERT_OFFSET(struct fw_v9_mqd, cp_hqd_pq_doorbell_control, 143 * 4);
FW_ASSERT_OFFSET(struct fw_v9_mqd, cp_hqd_pq_control, 145 * 4);
FW_ASSERT_OFFSET(struct fw_v9_mqd, cp_hqd_eop_base_addr_lo, 165 * 4);
FW_ASSERT_OFFSET(struct fw_v9_mqd, cp_hqd_ctx_save_base_addr_lo, 171 * 4);
FW_ASSERT_OFFSET(struct fw_v9_mqd, cp_hqd_aql_control, 181 * 4);
FW_ASSERT_OFFSET(struct fw_v9_mqd, cp_hqd_pq_wptr_hi, 183 * 4);
FW_ASSERT_OFFSET(struct fw_v9_mqd, iqtimer_pkt_header, 192 * 4);
FW_ASSERT_OFFSET(struct fw_v9_mqd, set_resources_header, 228 * 4);
FW_ASSERT_OFFSET(struct fw_v9_mqd, queue_doorbell_id0, 240 * 4);
FW_ASSERT_OFFSET(struct fw_v9_mqd, queue_doorbell_id15, 255 * 4);

/* SDMAx_RLCx_RB_CNTL */
#define FW_SDMA_RLC_RB_CNTL_RB_ENABLE 0, 1
#define FW_SDMA_RLC_RB_CNTL_RB_SIZE 1, 5	/* log2(ring dwords) */
#define FW_SDMA_RLC_RB_CNTL_RPTR_WRITEBACK_ENABLE 12, 1
#define FW_SDMA_RLC_RB_CNTL_RPTR_WRITEBACK_TIMER 16, 5
#define FW_SDMA_RLC_RB_CNTL_RB_VMID 24, 4

/* SDMAx_RLCx_DOORBELL_OFFSET: dwords of doorbell space. */
#define FW_SDMA_RLC_DOORBELL_OFFSET_OFFSET 2, 26

/* The value the KFD leaves in sdmax_rlcx_dummy_reg. */
#define FW_SDMA_RLC_DUMMY_DEFAULT 0xfu

/*
 * The last two dwords are not registers: the KFD keeps the queue's engine
 * and queue index there.
 */
struct fw_v9_sdma_mqd {
	uint32_t sdmax_rlcx_rb_cntl;
	uint32_t sdmax_rlcx_rb_base;
	uint32_t sdmax_rlcx_rb_base_hi;
	uint32_t sdmax_rlcx_rb_rptr;
	uint32_t sdmax_rlcx_rb_rptr_hi;
	uint32_t sdmax_rlcx_rb_wptr;
	uint32_t sdmax_rlcx_rb_wptr_hi;
	uint32_t sdmax_rlcx_rb_wptr_poll_cntl;
	uint32_t sdmax_rlcx_rb_rptr_addr_hi;
	uint32_t sdmax_rlcx_rb_rptr_addr_lo;
	uint32_t sdmax_rlcx_ib_cntl;
	uint32_t sdmax_rlcx_ib_rptr;
	uint32_t sdmax_rlcx_ib_offset;
	uint32_t sdmax_rlcx_ib_base_lo;
	uint32_t sdmax_rlcx_ib_base_hi;
	uint32_t sdmax_rlcx_ib_size;
	uint32_t sdmax_rlcx_skip_cntl;
	uint32_t sdmax_rlcx_context_status;
	uint32_t sdmax_rlcx_doorbell;
	uint32_t sdmax_rlcx_status;
	uint32_t sdmax_rlcx_doorbell_log;
	uint32_t sdmax_rlcx_watermark;
	uint32_t sdmax_rlcx_doorbell_offset;
	uint32_t sdmax_rlcx_csa_addr_lo;
	uint32_t sdmax_rlcx_csa_addr_hi;
	uint32_t sdmax_rlcx_ib_sub_remain;
	uint32_t sdmax_rlcx_preempt;
	uint32_t sdmax_rlcx_dummy_reg;
	uint32_t sdmax_rlcx_rb_wptr_poll_addr_hi;
	uint32_t sdmax_rlcx_rb_wptr_poll_addr_lo;
	uint32_t sdmax_rlcx_rb_aql_cntl;
	uint32_t sdmax_rlcx_minor_ptr_update;
	uint32_t sdmax_rlcx_midcmd_data0;
	uint32_t sdmax_rlcx_midcmd_data1;
	uint32_t sdmax_rlcx_midcmd_data2;
	uint32_t sdmax_rlcx_midcmd_data3;
	uint32_t sdmax_rlcx_midcmd_data4;
	uint32_t sdmax_rlcx_midcmd_data5;
	uint32_t sdmax_rlcx_midcmd_data6;
	uint32_t sdmax_rlcx_midcmd_data7;
	uint32_t sdmax_rlcx_midcmd_data8;
	uint32_t sdmax_rlcx_midcmd_cntl;
	uint32_t reserved_42_125[84];
	uint32_t sdma_engine_id;
	uint32_t sdma_queue_id;
};

FW_ASSERT_SIZE(struct fw_v9_sdma_mqd, 512);
FW_ASSERT_OFFSET(struct fw_v9_sdma_mqd, sdmax_rlcx_rb_base, 1 * 4);
FW_ASSERT_OFFSET(struct fw_v9_sdma_mqd, sdmax_rlcx_rb_rptr_addr_hi, 8 * 4);
FW_ASSERT_OFFSET(struct fw_v9_sdma_mqd, sdmax_rlcx_doorbell, 18 * 4);
FW_ASSERT_OFFSET(struct fw_v9_sdma_mqd, sdmax_rlcx_doorbell_offset, 22 * 4);
FW_ASSERT_OFFSET(struct fw_v9_sdma_mqd, sdmax_rlcx_dummy_reg, 27 * 4);
FW_ASSERT_OFFSET(struct fw_v9_sdma_mqd, sdmax_rlcx_rb_wptr_poll_addr_lo,
		 29 * 4);
FW_ASSERT_OFFSET(struct fw_v9_sdma_mqd, sdmax_rlcx_midcmd_cntl, 41 * 4);
FW_ASSERT_OFFSET(struct fw_v9_sdma_mqd, sdma_engine_id, 126 * 4);
FW_ASSERT_OFFSET(struct fw_v9_sdma_mqd, sdma_queue_id, 127 * 4);

/*
 * How the hardware reads an MQD back when a queue is mapped: the ring, the
 * pointers and the doorbell of a compute queue, and of an SDMA RLC queue.
 * The KFD's side (building MQDs) is kfd-common/kfd_mqd_v9.h.
 */
static inline uint64_t fw_v9_mqd_ring_base(const struct fw_v9_mqd *m)
{
	return ((uint64_t)m->cp_hqd_pq_base_hi << 40) |
	       ((uint64_t)m->cp_hqd_pq_base_lo << 8);
}

/* QUEUE_SIZE is log2(ring dwords) - 1. */
static inline uint64_t fw_v9_mqd_ring_bytes(const struct fw_v9_mqd *m)
{
	return 8ULL << FW_FIELD_GET(m->cp_hqd_pq_control,
				    FW_CP_HQD_PQ_CONTROL_QUEUE_SIZE);
}

static inline uint64_t fw_v9_mqd_rptr_report_addr(const struct fw_v9_mqd *m)
{
	return ((uint64_t)m->cp_hqd_pq_rptr_report_addr_hi << 32) |
	       m->cp_hqd_pq_rptr_report_addr_lo;
}

static inline uint64_t fw_v9_mqd_wptr_poll_addr(const struct fw_v9_mqd *m)
{
	return ((uint64_t)m->cp_hqd_pq_wptr_poll_addr_hi << 32) |
	       m->cp_hqd_pq_wptr_poll_addr_lo;
}

/* The queue's 64-bit doorbell slot (the offset counts dwords). */
static inline uint32_t fw_v9_mqd_doorbell_slot(const struct fw_v9_mqd *m)
{
	return FW_FIELD_GET(m->cp_hqd_pq_doorbell_control,
			    FW_CP_HQD_PQ_DOORBELL_CONTROL_DOORBELL_OFFSET) / 2;
}

/* An AQL queue: packets of 64 bytes, read pointer counted in packets. */
static inline int fw_v9_mqd_is_aql(const struct fw_v9_mqd *m)
{
	return FW_FIELD_GET(m->cp_hqd_aql_control,
			    FW_CP_HQD_AQL_CONTROL_CONTROL0) != 0;
}

static inline uint64_t fw_v9_sdma_mqd_ring_base(const struct fw_v9_sdma_mqd *m)
{
	return ((uint64_t)m->sdmax_rlcx_rb_base_hi << 40) |
	       ((uint64_t)m->sdmax_rlcx_rb_base << 8);
}

/* RB_SIZE is log2(ring dwords). */
static inline uint64_t fw_v9_sdma_mqd_ring_bytes(const struct fw_v9_sdma_mqd *m)
{
	return 4ULL << FW_FIELD_GET(m->sdmax_rlcx_rb_cntl,
				    FW_SDMA_RLC_RB_CNTL_RB_SIZE);
}

static inline uint64_t
fw_v9_sdma_mqd_rptr_addr(const struct fw_v9_sdma_mqd *m)
{
	return ((uint64_t)m->sdmax_rlcx_rb_rptr_addr_hi << 32) |
	       m->sdmax_rlcx_rb_rptr_addr_lo;
}

static inline uint32_t
fw_v9_sdma_mqd_doorbell_slot(const struct fw_v9_sdma_mqd *m)
{
	return FW_FIELD_GET(m->sdmax_rlcx_doorbell_offset,
			    FW_SDMA_RLC_DOORBELL_OFFSET_OFFSET) / 2;
}

#endif /* FW_GFX9_MQD_H */
