/* SPDX-License-Identifier: MIT */
/*
 * Where gfx9 places work and how it says so: the per-shader-engine CU
 * enable masks a compute queue's MQD carries (COMPUTE_STATIC_THREAD_MGMT_SE0
 * to SE3, which the KFD derives from a user CU mask) and the HW_ID register
 * a wave reads with s_getreg_b32 (which SE, shader array, CU, SIMD and wave
 * slot it runs on). Vega ISA "Hardware Registers" (HW_ID); LLVM SIDefines.h
 * (ID_HW_ID); the KFD's mqd_symmetrically_map_cu_mask.
 */
#ifndef FW_GFX9_CU_PLACEMENT_H
#define FW_GFX9_CU_PLACEMENT_H

#include "fw_common.h"

/* The most a gfx9 MQD describes: 4 SEs, 2 shader arrays (SH) per SE and 16
 * CUs per SH. gfx900 (Vega 10) has 4 SEs of 1 SH each. */
#define FW_GFX9_MAX_SE 4
#define FW_GFX9_MAX_SH_PER_SE 2
#define FW_GFX9_MAX_CU_PER_SH 16

/*
 * COMPUTE_STATIC_THREAD_MGMT_SEn: one enable bit per CU of the SE's shader
 * array 0 (bits 15:0) and shader array 1 (bits 31:16), counting the SH's
 * active CUs only (harvested CUs are skipped by the hardware). An MQD starts
 * with every bit set; a queue with no bit set anywhere never launches a
 * workgroup.
 */
#define FW_STATIC_THREAD_MGMT_SH0_CU_EN 0, 16
#define FW_STATIC_THREAD_MGMT_SH1_CU_EN 16, 16
#define FW_STATIC_THREAD_MGMT_ALL_CUS 0xffffffffu

/* HW_ID (s_getreg_b32 hwreg(HW_REG_HW_ID), register id 4) on gfx9. */
#define FW_HWREG_ID_HW_ID 4
#define FW_HW_ID_WAVE_ID 0, 4	/* wave slot in the SIMD */
#define FW_HW_ID_SIMD_ID 4, 2
#define FW_HW_ID_PIPE_ID 6, 2
#define FW_HW_ID_CU_ID 8, 4
#define FW_HW_ID_SH_ID 12, 1
#define FW_HW_ID_SE_ID 13, 2
#define FW_HW_ID_TG_ID 16, 4	/* workgroup slot in the CU */
#define FW_HW_ID_VM_ID 20, 4
#define FW_HW_ID_QUEUE_ID 24, 3
#define FW_HW_ID_STATE_ID 27, 3
#define FW_HW_ID_ME_ID 30, 2

#endif /* FW_GFX9_CU_PLACEMENT_H */
