// gfx9 instruction forms for decoder_test, one per line: first each opcode
// found by disassembling every opcode value of each encoding, then operand,
// modifier, inline-constant and literal variants of every format, then plain
// forms of the remaining table rows. Every line must assemble with
// llvm-mc-14 -arch=amdgcn -mcpu=gfx900.
s_add_u32 s2, s6, s4
s_sub_u32 s2, s6, s4
s_add_i32 s2, s6, s4
s_sub_i32 s2, s6, s4
s_addc_u32 s2, s6, s4
s_subb_u32 s2, s6, s4
s_min_i32 s2, s6, s4
s_min_u32 s2, s6, s4
s_max_i32 s2, s6, s4
s_max_u32 s2, s6, s4
s_cselect_b32 s2, s6, s4
s_cselect_b64 s[2:3], s[6:7], s[4:5]
s_and_b32 s2, s6, s4
s_and_b64 s[2:3], s[6:7], s[4:5]
s_or_b32 s2, s6, s4
s_or_b64 s[2:3], s[6:7], s[4:5]
s_xor_b32 s2, s6, s4
s_xor_b64 s[2:3], s[6:7], s[4:5]
s_andn2_b32 s2, s6, s4
s_andn2_b64 s[2:3], s[6:7], s[4:5]
s_orn2_b32 s2, s6, s4
s_orn2_b64 s[2:3], s[6:7], s[4:5]
s_nand_b32 s2, s6, s4
s_nand_b64 s[2:3], s[6:7], s[4:5]
s_nor_b32 s2, s6, s4
s_nor_b64 s[2:3], s[6:7], s[4:5]
s_xnor_b32 s2, s6, s4
s_xnor_b64 s[2:3], s[6:7], s[4:5]
s_lshl_b32 s2, s6, s4
s_lshl_b64 s[2:3], s[6:7], s4
s_lshr_b32 s2, s6, s4
s_lshr_b64 s[2:3], s[6:7], s4
s_ashr_i32 s2, s6, s4
s_ashr_i64 s[2:3], s[6:7], s4
s_bfm_b32 s2, s6, s4
s_bfm_b64 s[2:3], s6, s4
s_mul_i32 s2, s6, s4
s_bfe_u32 s2, s6, s4
s_bfe_i32 s2, s6, s4
s_bfe_u64 s[2:3], s[6:7], s4
s_bfe_i64 s[2:3], s[6:7], s4
s_cbranch_g_fork s[6:7], s[4:5]
s_absdiff_i32 s2, s6, s4
s_rfe_restore_b64 s[6:7], s4
s_mul_hi_u32 s2, s6, s4
s_mul_hi_i32 s2, s6, s4
s_lshl1_add_u32 s2, s6, s4
s_lshl2_add_u32 s2, s6, s4
s_lshl3_add_u32 s2, s6, s4
s_lshl4_add_u32 s2, s6, s4
s_pack_ll_b32_b16 s2, s6, s4
s_pack_lh_b32_b16 s2, s6, s4
s_pack_hh_b32_b16 s2, s6, s4
s_movk_i32 s2, 0x406
s_cmovk_i32 s2, 0x406
s_cmpk_eq_i32 s2, 0x406
s_cmpk_lg_i32 s2, 0x406
s_cmpk_gt_i32 s2, 0x406
s_cmpk_ge_i32 s2, 0x406
s_cmpk_lt_i32 s2, 0x406
s_cmpk_le_i32 s2, 0x406
s_cmpk_eq_u32 s2, 0x406
s_cmpk_lg_u32 s2, 0x406
s_cmpk_gt_u32 s2, 0x406
s_cmpk_ge_u32 s2, 0x406
s_cmpk_lt_u32 s2, 0x406
s_cmpk_le_u32 s2, 0x406
s_addk_i32 s2, 0x406
s_mulk_i32 s2, 0x406
s_cbranch_i_fork s[2:3], 1030
s_getreg_b32 s2, hwreg(HW_REG_LDS_ALLOC, 16, 1)
s_setreg_b32 hwreg(HW_REG_LDS_ALLOC, 16, 1), s2
s_call_b64 s[2:3], 1030
s_not_b32 s2, s6
s_cmp_gt_i32 s6, s4
s_branch 1030
s_movk_i32 s2, 0x10
s_cmovk_i32 s2, 0x10
s_cmpk_eq_i32 s2, 0x10
s_cmpk_lg_i32 s2, 0x10
s_cmpk_gt_i32 s2, 0x10
s_cmpk_ge_i32 s2, 0x10
s_cmpk_lt_i32 s2, 0x10
s_cmpk_le_i32 s2, 0x10
s_cmpk_eq_u32 s2, 0x10
s_cmpk_lg_u32 s2, 0x10
s_cmpk_gt_u32 s2, 0x10
s_cmpk_ge_u32 s2, 0x10
s_cmpk_lt_u32 s2, 0x10
s_cmpk_le_u32 s2, 0x10
s_addk_i32 s2, 0x10
s_mulk_i32 s2, 0x10
s_cbranch_i_fork s[2:3], 16
s_getreg_b32 s2, hwreg(16, 0, 1)
s_setreg_b32 hwreg(16, 0, 1), s2
s_call_b64 s[2:3], 16
s_mov_b32 s2, s16
s_cmp_gt_i32 s16, s0
s_branch 16
s_mov_b32 s2, s4
s_mov_b64 s[2:3], s[4:5]
s_cmov_b32 s2, s4
s_cmov_b64 s[2:3], s[4:5]
s_not_b32 s2, s4
s_not_b64 s[2:3], s[4:5]
s_wqm_b32 s2, s4
s_wqm_b64 s[2:3], s[4:5]
s_brev_b32 s2, s4
s_brev_b64 s[2:3], s[4:5]
s_bcnt0_i32_b32 s2, s4
s_bcnt0_i32_b64 s2, s[4:5]
s_bcnt1_i32_b32 s2, s4
s_bcnt1_i32_b64 s2, s[4:5]
s_ff0_i32_b32 s2, s4
s_ff0_i32_b64 s2, s[4:5]
s_ff1_i32_b32 s2, s4
s_ff1_i32_b64 s2, s[4:5]
s_flbit_i32_b32 s2, s4
s_flbit_i32_b64 s2, s[4:5]
s_flbit_i32 s2, s4
s_flbit_i32_i64 s2, s[4:5]
s_sext_i32_i8 s2, s4
s_sext_i32_i16 s2, s4
s_bitset0_b32 s2, s4
s_bitset0_b64 s[2:3], s4
s_bitset1_b32 s2, s4
s_bitset1_b64 s[2:3], s4
s_getpc_b64 s[2:3]
s_setpc_b64 s[4:5]
s_swappc_b64 s[2:3], s[4:5]
s_rfe_b64 s[4:5]
s_and_saveexec_b64 s[2:3], s[4:5]
s_or_saveexec_b64 s[2:3], s[4:5]
s_xor_saveexec_b64 s[2:3], s[4:5]
s_andn2_saveexec_b64 s[2:3], s[4:5]
s_orn2_saveexec_b64 s[2:3], s[4:5]
s_nand_saveexec_b64 s[2:3], s[4:5]
s_nor_saveexec_b64 s[2:3], s[4:5]
s_xnor_saveexec_b64 s[2:3], s[4:5]
s_quadmask_b32 s2, s4
s_quadmask_b64 s[2:3], s[4:5]
s_movrels_b32 s2, s4
s_movrels_b64 s[2:3], s[4:5]
s_movreld_b32 s2, s4
s_movreld_b64 s[2:3], s[4:5]
s_cbranch_join s4
s_abs_i32 s2, s4
s_set_gpr_idx_idx s4
s_andn1_saveexec_b64 s[2:3], s[4:5]
s_orn1_saveexec_b64 s[2:3], s[4:5]
s_andn1_wrexec_b64 s[2:3], s[4:5]
s_andn2_wrexec_b64 s[2:3], s[4:5]
s_bitreplicate_b64_b32 s[2:3], s4
s_cmp_eq_i32 s6, s4
s_cmp_lg_i32 s6, s4
s_cmp_gt_i32 s6, s4
s_cmp_ge_i32 s6, s4
s_cmp_lt_i32 s6, s4
s_cmp_le_i32 s6, s4
s_cmp_eq_u32 s6, s4
s_cmp_lg_u32 s6, s4
s_cmp_gt_u32 s6, s4
s_cmp_ge_u32 s6, s4
s_cmp_lt_u32 s6, s4
s_cmp_le_u32 s6, s4
s_bitcmp0_b32 s6, s4
s_bitcmp1_b32 s6, s4
s_bitcmp0_b64 s[6:7], s4
s_bitcmp1_b64 s[6:7], s4
s_setvskip s6, s4
s_set_gpr_idx_on s6, gpr_idx(SRC2)
s_cmp_eq_u64 s[6:7], s[4:5]
s_cmp_lg_u64 s[6:7], s[4:5]
s_nop 1
s_endpgm 1
s_branch 1
s_cbranch_scc0 1
s_cbranch_scc1 1
s_cbranch_vccz 1
s_cbranch_vccnz 1
s_cbranch_execz 1
s_cbranch_execnz 1
s_setkill 1
s_waitcnt vmcnt(1) expcnt(0) lgkmcnt(0)
s_sethalt 1
s_sleep 1
s_setprio 1
s_sendmsg sendmsg(MSG_INTERRUPT)
s_sendmsghalt sendmsg(MSG_INTERRUPT)
s_trap 1
s_incperflevel 1
s_decperflevel 1
s_cbranch_cdbgsys 1
s_cbranch_cdbguser 1
s_cbranch_cdbgsys_or_user 1
s_cbranch_cdbgsys_and_user 1
s_set_gpr_idx_mode gpr_idx(SRC0)
s_load_dword s4, s[4:5], 0x10
s_load_dwordx2 s[4:5], s[4:5], 0x10
s_load_dwordx4 s[4:7], s[4:5], 0x10
s_load_dwordx8 s[4:11], s[4:5], 0x10
s_load_dwordx16 s[4:19], s[4:5], 0x10
s_scratch_load_dword s4, s[4:5], 0x10
s_scratch_load_dwordx2 s[4:5], s[4:5], 0x10
s_scratch_load_dwordx4 s[4:7], s[4:5], 0x10
s_buffer_load_dword s4, s[4:7], 0x10
s_buffer_load_dwordx2 s[4:5], s[4:7], 0x10
s_buffer_load_dwordx4 s[4:7], s[4:7], 0x10
s_buffer_load_dwordx8 s[4:11], s[4:7], 0x10
s_buffer_load_dwordx16 s[4:19], s[4:7], 0x10
s_store_dword s4, s[4:5], 0x10
s_store_dwordx2 s[4:5], s[4:5], 0x10
s_store_dwordx4 s[4:7], s[4:5], 0x10
s_scratch_store_dword s4, s[4:5], 0x10
s_scratch_store_dwordx2 s[4:5], s[4:5], 0x10
s_scratch_store_dwordx4 s[4:7], s[4:5], 0x10
s_buffer_store_dword s4, s[4:7], 0x10
s_buffer_store_dwordx2 s[4:5], s[4:7], 0x10
s_buffer_store_dwordx4 s[4:7], s[4:7], 0x10
s_atc_probe 4, s[4:5], 0x10
s_atc_probe_buffer 4, s[4:7], 0x10
s_dcache_discard s[4:5], 0x10
s_dcache_discard_x2 s[4:5], 0x10
s_buffer_atomic_swap s4, s[4:7], 0x10
s_buffer_atomic_cmpswap s[4:5], s[4:7], 0x10
s_buffer_atomic_add s4, s[4:7], 0x10
s_buffer_atomic_sub s4, s[4:7], 0x10
s_buffer_atomic_smin s4, s[4:7], 0x10
s_buffer_atomic_umin s4, s[4:7], 0x10
s_buffer_atomic_smax s4, s[4:7], 0x10
s_buffer_atomic_umax s4, s[4:7], 0x10
s_buffer_atomic_and s4, s[4:7], 0x10
s_buffer_atomic_or s4, s[4:7], 0x10
s_buffer_atomic_xor s4, s[4:7], 0x10
s_buffer_atomic_inc s4, s[4:7], 0x10
s_buffer_atomic_dec s4, s[4:7], 0x10
s_buffer_atomic_swap_x2 s[4:5], s[4:7], 0x10
s_buffer_atomic_cmpswap_x2 s[4:7], s[4:7], 0x10
s_buffer_atomic_add_x2 s[4:5], s[4:7], 0x10
s_buffer_atomic_sub_x2 s[4:5], s[4:7], 0x10
s_buffer_atomic_smin_x2 s[4:5], s[4:7], 0x10
s_buffer_atomic_umin_x2 s[4:5], s[4:7], 0x10
s_buffer_atomic_smax_x2 s[4:5], s[4:7], 0x10
s_buffer_atomic_umax_x2 s[4:5], s[4:7], 0x10
s_buffer_atomic_and_x2 s[4:5], s[4:7], 0x10
s_buffer_atomic_or_x2 s[4:5], s[4:7], 0x10
s_buffer_atomic_xor_x2 s[4:5], s[4:7], 0x10
s_buffer_atomic_inc_x2 s[4:5], s[4:7], 0x10
s_buffer_atomic_dec_x2 s[4:5], s[4:7], 0x10
s_atomic_swap s4, s[4:5], 0x10
s_atomic_cmpswap s[4:5], s[4:5], 0x10
s_atomic_add s4, s[4:5], 0x10
s_atomic_sub s4, s[4:5], 0x10
s_atomic_smin s4, s[4:5], 0x10
s_atomic_umin s4, s[4:5], 0x10
s_atomic_smax s4, s[4:5], 0x10
s_atomic_umax s4, s[4:5], 0x10
s_atomic_and s4, s[4:5], 0x10
s_atomic_or s4, s[4:5], 0x10
s_atomic_xor s4, s[4:5], 0x10
s_atomic_inc s4, s[4:5], 0x10
s_atomic_dec s4, s[4:5], 0x10
s_atomic_swap_x2 s[4:5], s[4:5], 0x10
s_atomic_cmpswap_x2 s[4:7], s[4:5], 0x10
s_atomic_add_x2 s[4:5], s[4:5], 0x10
s_atomic_sub_x2 s[4:5], s[4:5], 0x10
s_atomic_smin_x2 s[4:5], s[4:5], 0x10
s_atomic_umin_x2 s[4:5], s[4:5], 0x10
s_atomic_smax_x2 s[4:5], s[4:5], 0x10
s_atomic_umax_x2 s[4:5], s[4:5], 0x10
s_atomic_and_x2 s[4:5], s[4:5], 0x10
s_atomic_or_x2 s[4:5], s[4:5], 0x10
s_atomic_xor_x2 s[4:5], s[4:5], 0x10
s_atomic_inc_x2 s[4:5], s[4:5], 0x10
s_atomic_dec_x2 s[4:5], s[4:5], 0x10
v_cndmask_b32_e32 v2, v4, v3, vcc
v_add_f32_e32 v2, v4, v3
v_sub_f32_e32 v2, v4, v3
v_subrev_f32_e32 v2, v4, v3
v_mul_legacy_f32_e32 v2, v4, v3
v_mul_f32_e32 v2, v4, v3
v_mul_i32_i24_e32 v2, v4, v3
v_mul_hi_i32_i24_e32 v2, v4, v3
v_mul_u32_u24_e32 v2, v4, v3
v_mul_hi_u32_u24_e32 v2, v4, v3
v_min_f32_e32 v2, v4, v3
v_max_f32_e32 v2, v4, v3
v_min_i32_e32 v2, v4, v3
v_max_i32_e32 v2, v4, v3
v_min_u32_e32 v2, v4, v3
v_max_u32_e32 v2, v4, v3
v_lshrrev_b32_e32 v2, v4, v3
v_ashrrev_i32_e32 v2, v4, v3
v_lshlrev_b32_e32 v2, v4, v3
v_and_b32_e32 v2, v4, v3
v_or_b32_e32 v2, v4, v3
v_xor_b32_e32 v2, v4, v3
v_mac_f32_e32 v2, v4, v3
v_add_co_u32_e32 v2, vcc, v4, v3
v_sub_co_u32_e32 v2, vcc, v4, v3
v_subrev_co_u32_e32 v2, vcc, v4, v3
v_addc_co_u32_e32 v2, vcc, v4, v3, vcc
v_subb_co_u32_e32 v2, vcc, v4, v3, vcc
v_subbrev_co_u32_e32 v2, vcc, v4, v3, vcc
v_add_f16_e32 v2, v4, v3
v_sub_f16_e32 v2, v4, v3
v_subrev_f16_e32 v2, v4, v3
v_mul_f16_e32 v2, v4, v3
v_mac_f16_e32 v2, v4, v3
v_add_u16_e32 v2, v4, v3
v_sub_u16_e32 v2, v4, v3
v_subrev_u16_e32 v2, v4, v3
v_mul_lo_u16_e32 v2, v4, v3
v_lshlrev_b16_e32 v2, v4, v3
v_lshrrev_b16_e32 v2, v4, v3
v_ashrrev_i16_e32 v2, v4, v3
v_max_f16_e32 v2, v4, v3
v_min_f16_e32 v2, v4, v3
v_max_u16_e32 v2, v4, v3
v_max_i16_e32 v2, v4, v3
v_min_u16_e32 v2, v4, v3
v_min_i16_e32 v2, v4, v3
v_ldexp_f16_e32 v2, v4, v3
v_add_u32_e32 v2, v4, v3
v_sub_u32_e32 v2, v4, v3
v_subrev_u32_e32 v2, v4, v3
v_cvt_i32_f64_e32 v2, v[4:5]
v_mov_b32_e32 v2, v4
v_readfirstlane_b32 s2, v4
v_cvt_i32_f64_e32 v2, v[4:5]
v_cvt_f64_i32_e32 v[2:3], v4
v_cvt_f32_i32_e32 v2, v4
v_cvt_f32_u32_e32 v2, v4
v_cvt_u32_f32_e32 v2, v4
v_cvt_i32_f32_e32 v2, v4
v_cvt_f16_f32_e32 v2, v4
v_cvt_f32_f16_e32 v2, v4
v_cvt_rpi_i32_f32_e32 v2, v4
v_cvt_flr_i32_f32_e32 v2, v4
v_cvt_off_f32_i4_e32 v2, v4
v_cvt_f32_f64_e32 v2, v[4:5]
v_cvt_f64_f32_e32 v[2:3], v4
v_cvt_f32_ubyte0_e32 v2, v4
v_cvt_f32_ubyte1_e32 v2, v4
v_cvt_f32_ubyte2_e32 v2, v4
v_cvt_f32_ubyte3_e32 v2, v4
v_cvt_u32_f64_e32 v2, v[4:5]
v_cvt_f64_u32_e32 v[2:3], v4
v_trunc_f64_e32 v[2:3], v[4:5]
v_ceil_f64_e32 v[2:3], v[4:5]
v_rndne_f64_e32 v[2:3], v[4:5]
v_floor_f64_e32 v[2:3], v[4:5]
v_fract_f32_e32 v2, v4
v_trunc_f32_e32 v2, v4
v_ceil_f32_e32 v2, v4
v_rndne_f32_e32 v2, v4
v_floor_f32_e32 v2, v4
v_exp_f32_e32 v2, v4
v_log_f32_e32 v2, v4
v_rcp_f32_e32 v2, v4
v_rcp_iflag_f32_e32 v2, v4
v_rsq_f32_e32 v2, v4
v_rcp_f64_e32 v[2:3], v[4:5]
v_rsq_f64_e32 v[2:3], v[4:5]
v_sqrt_f32_e32 v2, v4
v_sqrt_f64_e32 v[2:3], v[4:5]
v_sin_f32_e32 v2, v4
v_cos_f32_e32 v2, v4
v_not_b32_e32 v2, v4
v_bfrev_b32_e32 v2, v4
v_ffbh_u32_e32 v2, v4
v_ffbl_b32_e32 v2, v4
v_ffbh_i32_e32 v2, v4
v_frexp_exp_i32_f64_e32 v2, v[4:5]
v_frexp_mant_f64_e32 v[2:3], v[4:5]
v_fract_f64_e32 v[2:3], v[4:5]
v_frexp_exp_i32_f32_e32 v2, v4
v_frexp_mant_f32_e32 v2, v4
v_screen_partition_4se_b32_e32 v2, v4
v_cvt_f16_u16_e32 v2, v4
v_cvt_f16_i16_e32 v2, v4
v_cvt_u16_f16_e32 v2, v4
v_cvt_i16_f16_e32 v2, v4
v_rcp_f16_e32 v2, v4
v_sqrt_f16_e32 v2, v4
v_rsq_f16_e32 v2, v4
v_log_f16_e32 v2, v4
v_exp_f16_e32 v2, v4
v_frexp_mant_f16_e32 v2, v4
v_frexp_exp_i16_f16_e32 v2, v4
v_floor_f16_e32 v2, v4
v_ceil_f16_e32 v2, v4
v_trunc_f16_e32 v2, v4
v_rndne_f16_e32 v2, v4
v_fract_f16_e32 v2, v4
v_sin_f16_e32 v2, v4
v_cos_f16_e32 v2, v4
v_exp_legacy_f32_e32 v2, v4
v_log_legacy_f32_e32 v2, v4
v_cvt_norm_i16_f16_e32 v2, v4
v_cvt_norm_u16_f16_e32 v2, v4
v_sat_pk_u8_i16_e32 v2, v4
v_swap_b32 v2, v4
v_cmp_class_f32_e32 vcc, v4, v3
v_cmpx_class_f32_e32 vcc, v4, v3
v_cmp_class_f64_e32 vcc, v[4:5], v3
v_cmpx_class_f64_e32 vcc, v[4:5], v3
v_cmp_class_f16_e32 vcc, v4, v3
v_cmpx_class_f16_e32 vcc, v4, v3
v_cmp_f_f16_e32 vcc, v4, v3
v_cmp_lt_f16_e32 vcc, v4, v3
v_cmp_eq_f16_e32 vcc, v4, v3
v_cmp_le_f16_e32 vcc, v4, v3
v_cmp_gt_f16_e32 vcc, v4, v3
v_cmp_lg_f16_e32 vcc, v4, v3
v_cmp_ge_f16_e32 vcc, v4, v3
v_cmp_o_f16_e32 vcc, v4, v3
v_cmp_u_f16_e32 vcc, v4, v3
v_cmp_nge_f16_e32 vcc, v4, v3
v_cmp_nlg_f16_e32 vcc, v4, v3
v_cmp_ngt_f16_e32 vcc, v4, v3
v_cmp_nle_f16_e32 vcc, v4, v3
v_cmp_neq_f16_e32 vcc, v4, v3
v_cmp_nlt_f16_e32 vcc, v4, v3
v_cmp_tru_f16_e32 vcc, v4, v3
v_cmpx_f_f16_e32 vcc, v4, v3
v_cmpx_lt_f16_e32 vcc, v4, v3
v_cmpx_eq_f16_e32 vcc, v4, v3
v_cmpx_le_f16_e32 vcc, v4, v3
v_cmpx_gt_f16_e32 vcc, v4, v3
v_cmpx_lg_f16_e32 vcc, v4, v3
v_cmpx_ge_f16_e32 vcc, v4, v3
v_cmpx_o_f16_e32 vcc, v4, v3
v_cmpx_u_f16_e32 vcc, v4, v3
v_cmpx_nge_f16_e32 vcc, v4, v3
v_cmpx_nlg_f16_e32 vcc, v4, v3
v_cmpx_ngt_f16_e32 vcc, v4, v3
v_cmpx_nle_f16_e32 vcc, v4, v3
v_cmpx_neq_f16_e32 vcc, v4, v3
v_cmpx_nlt_f16_e32 vcc, v4, v3
v_cmpx_tru_f16_e32 vcc, v4, v3
v_cmp_f_f32_e32 vcc, v4, v3
v_cmp_lt_f32_e32 vcc, v4, v3
v_cmp_eq_f32_e32 vcc, v4, v3
v_cmp_le_f32_e32 vcc, v4, v3
v_cmp_gt_f32_e32 vcc, v4, v3
v_cmp_lg_f32_e32 vcc, v4, v3
v_cmp_ge_f32_e32 vcc, v4, v3
v_cmp_o_f32_e32 vcc, v4, v3
v_cmp_u_f32_e32 vcc, v4, v3
v_cmp_nge_f32_e32 vcc, v4, v3
v_cmp_nlg_f32_e32 vcc, v4, v3
v_cmp_ngt_f32_e32 vcc, v4, v3
v_cmp_nle_f32_e32 vcc, v4, v3
v_cmp_neq_f32_e32 vcc, v4, v3
v_cmp_nlt_f32_e32 vcc, v4, v3
v_cmp_tru_f32_e32 vcc, v4, v3
v_cmpx_f_f32_e32 vcc, v4, v3
v_cmpx_lt_f32_e32 vcc, v4, v3
v_cmpx_eq_f32_e32 vcc, v4, v3
v_cmpx_le_f32_e32 vcc, v4, v3
v_cmpx_gt_f32_e32 vcc, v4, v3
v_cmpx_lg_f32_e32 vcc, v4, v3
v_cmpx_ge_f32_e32 vcc, v4, v3
v_cmpx_o_f32_e32 vcc, v4, v3
v_cmpx_u_f32_e32 vcc, v4, v3
v_cmpx_nge_f32_e32 vcc, v4, v3
v_cmpx_nlg_f32_e32 vcc, v4, v3
v_cmpx_ngt_f32_e32 vcc, v4, v3
v_cmpx_nle_f32_e32 vcc, v4, v3
v_cmpx_neq_f32_e32 vcc, v4, v3
v_cmpx_nlt_f32_e32 vcc, v4, v3
v_cmpx_tru_f32_e32 vcc, v4, v3
v_cmp_f_f64_e32 vcc, v[4:5], v[3:4]
v_cmp_lt_f64_e32 vcc, v[4:5], v[3:4]
v_cmp_eq_f64_e32 vcc, v[4:5], v[3:4]
v_cmp_le_f64_e32 vcc, v[4:5], v[3:4]
v_cmp_gt_f64_e32 vcc, v[4:5], v[3:4]
v_cmp_lg_f64_e32 vcc, v[4:5], v[3:4]
v_cmp_ge_f64_e32 vcc, v[4:5], v[3:4]
v_cmp_o_f64_e32 vcc, v[4:5], v[3:4]
v_cmp_u_f64_e32 vcc, v[4:5], v[3:4]
v_cmp_nge_f64_e32 vcc, v[4:5], v[3:4]
v_cmp_nlg_f64_e32 vcc, v[4:5], v[3:4]
v_cmp_ngt_f64_e32 vcc, v[4:5], v[3:4]
v_cmp_nle_f64_e32 vcc, v[4:5], v[3:4]
v_cmp_neq_f64_e32 vcc, v[4:5], v[3:4]
v_cmp_nlt_f64_e32 vcc, v[4:5], v[3:4]
v_cmp_tru_f64_e32 vcc, v[4:5], v[3:4]
v_cmpx_f_f64_e32 vcc, v[4:5], v[3:4]
v_cmpx_lt_f64_e32 vcc, v[4:5], v[3:4]
v_cmpx_eq_f64_e32 vcc, v[4:5], v[3:4]
v_cmpx_le_f64_e32 vcc, v[4:5], v[3:4]
v_cmpx_gt_f64_e32 vcc, v[4:5], v[3:4]
v_cmpx_lg_f64_e32 vcc, v[4:5], v[3:4]
v_cmpx_ge_f64_e32 vcc, v[4:5], v[3:4]
v_cmpx_o_f64_e32 vcc, v[4:5], v[3:4]
v_cmpx_u_f64_e32 vcc, v[4:5], v[3:4]
v_cmpx_nge_f64_e32 vcc, v[4:5], v[3:4]
v_cmpx_nlg_f64_e32 vcc, v[4:5], v[3:4]
v_cmpx_ngt_f64_e32 vcc, v[4:5], v[3:4]
v_cmpx_nle_f64_e32 vcc, v[4:5], v[3:4]
v_cmpx_neq_f64_e32 vcc, v[4:5], v[3:4]
v_cmpx_nlt_f64_e32 vcc, v[4:5], v[3:4]
v_cmpx_tru_f64_e32 vcc, v[4:5], v[3:4]
v_cmp_f_i16_e32 vcc, v4, v3
v_cmp_lt_i16_e32 vcc, v4, v3
v_cmp_eq_i16_e32 vcc, v4, v3
v_cmp_le_i16_e32 vcc, v4, v3
v_cmp_gt_i16_e32 vcc, v4, v3
v_cmp_ne_i16_e32 vcc, v4, v3
v_cmp_ge_i16_e32 vcc, v4, v3
v_cmp_t_i16_e32 vcc, v4, v3
v_cmp_f_u16_e32 vcc, v4, v3
v_cmp_lt_u16_e32 vcc, v4, v3
v_cmp_eq_u16_e32 vcc, v4, v3
v_cmp_le_u16_e32 vcc, v4, v3
v_cmp_gt_u16_e32 vcc, v4, v3
v_cmp_ne_u16_e32 vcc, v4, v3
v_cmp_ge_u16_e32 vcc, v4, v3
v_cmp_t_u16_e32 vcc, v4, v3
v_cmpx_f_i16_e32 vcc, v4, v3
v_cmpx_lt_i16_e32 vcc, v4, v3
v_cmpx_eq_i16_e32 vcc, v4, v3
v_cmpx_le_i16_e32 vcc, v4, v3
v_cmpx_gt_i16_e32 vcc, v4, v3
v_cmpx_ne_i16_e32 vcc, v4, v3
v_cmpx_ge_i16_e32 vcc, v4, v3
v_cmpx_t_i16_e32 vcc, v4, v3
v_cmpx_f_u16_e32 vcc, v4, v3
v_cmpx_lt_u16_e32 vcc, v4, v3
v_cmpx_eq_u16_e32 vcc, v4, v3
v_cmpx_le_u16_e32 vcc, v4, v3
v_cmpx_gt_u16_e32 vcc, v4, v3
v_cmpx_ne_u16_e32 vcc, v4, v3
v_cmpx_ge_u16_e32 vcc, v4, v3
v_cmpx_t_u16_e32 vcc, v4, v3
v_cmp_f_i32_e32 vcc, v4, v3
v_cmp_lt_i32_e32 vcc, v4, v3
v_cmp_eq_i32_e32 vcc, v4, v3
v_cmp_le_i32_e32 vcc, v4, v3
v_cmp_gt_i32_e32 vcc, v4, v3
v_cmp_ne_i32_e32 vcc, v4, v3
v_cmp_ge_i32_e32 vcc, v4, v3
v_cmp_t_i32_e32 vcc, v4, v3
v_cmp_f_u32_e32 vcc, v4, v3
v_cmp_lt_u32_e32 vcc, v4, v3
v_cmp_eq_u32_e32 vcc, v4, v3
v_cmp_le_u32_e32 vcc, v4, v3
v_cmp_gt_u32_e32 vcc, v4, v3
v_cmp_ne_u32_e32 vcc, v4, v3
v_cmp_ge_u32_e32 vcc, v4, v3
v_cmp_t_u32_e32 vcc, v4, v3
v_cmpx_f_i32_e32 vcc, v4, v3
v_cmpx_lt_i32_e32 vcc, v4, v3
v_cmpx_eq_i32_e32 vcc, v4, v3
v_cmpx_le_i32_e32 vcc, v4, v3
v_cmpx_gt_i32_e32 vcc, v4, v3
v_cmpx_ne_i32_e32 vcc, v4, v3
v_cmpx_ge_i32_e32 vcc, v4, v3
v_cmpx_t_i32_e32 vcc, v4, v3
v_cmpx_f_u32_e32 vcc, v4, v3
v_cmpx_lt_u32_e32 vcc, v4, v3
v_cmpx_eq_u32_e32 vcc, v4, v3
v_cmpx_le_u32_e32 vcc, v4, v3
v_cmpx_gt_u32_e32 vcc, v4, v3
v_cmpx_ne_u32_e32 vcc, v4, v3
v_cmpx_ge_u32_e32 vcc, v4, v3
v_cmpx_t_u32_e32 vcc, v4, v3
v_cmp_f_i64_e32 vcc, v[4:5], v[3:4]
v_cmp_lt_i64_e32 vcc, v[4:5], v[3:4]
v_cmp_eq_i64_e32 vcc, v[4:5], v[3:4]
v_cmp_le_i64_e32 vcc, v[4:5], v[3:4]
v_cmp_gt_i64_e32 vcc, v[4:5], v[3:4]
v_cmp_ne_i64_e32 vcc, v[4:5], v[3:4]
v_cmp_ge_i64_e32 vcc, v[4:5], v[3:4]
v_cmp_t_i64_e32 vcc, v[4:5], v[3:4]
v_cmp_f_u64_e32 vcc, v[4:5], v[3:4]
v_cmp_lt_u64_e32 vcc, v[4:5], v[3:4]
v_cmp_eq_u64_e32 vcc, v[4:5], v[3:4]
v_cmp_le_u64_e32 vcc, v[4:5], v[3:4]
v_cmp_gt_u64_e32 vcc, v[4:5], v[3:4]
v_cmp_ne_u64_e32 vcc, v[4:5], v[3:4]
v_cmp_ge_u64_e32 vcc, v[4:5], v[3:4]
v_cmp_t_u64_e32 vcc, v[4:5], v[3:4]
v_cmpx_f_i64_e32 vcc, v[4:5], v[3:4]
v_cmpx_lt_i64_e32 vcc, v[4:5], v[3:4]
v_cmpx_eq_i64_e32 vcc, v[4:5], v[3:4]
v_cmpx_le_i64_e32 vcc, v[4:5], v[3:4]
v_cmpx_gt_i64_e32 vcc, v[4:5], v[3:4]
v_cmpx_ne_i64_e32 vcc, v[4:5], v[3:4]
v_cmpx_ge_i64_e32 vcc, v[4:5], v[3:4]
v_cmpx_t_i64_e32 vcc, v[4:5], v[3:4]
v_cmpx_f_u64_e32 vcc, v[4:5], v[3:4]
v_cmpx_lt_u64_e32 vcc, v[4:5], v[3:4]
v_cmpx_eq_u64_e32 vcc, v[4:5], v[3:4]
v_cmpx_le_u64_e32 vcc, v[4:5], v[3:4]
v_cmpx_gt_u64_e32 vcc, v[4:5], v[3:4]
v_cmpx_ne_u64_e32 vcc, v[4:5], v[3:4]
v_cmpx_ge_u64_e32 vcc, v[4:5], v[3:4]
v_cmpx_t_u64_e32 vcc, v[4:5], v[3:4]
v_mad_legacy_f32 v2, v4, v6, v8
v_mad_f32 v2, v4, v6, v8
v_mad_i32_i24 v2, v4, v6, v8
v_mad_u32_u24 v2, v4, v6, v8
v_cubeid_f32 v2, v4, v6, v8
v_cubesc_f32 v2, v4, v6, v8
v_cubetc_f32 v2, v4, v6, v8
v_cubema_f32 v2, v4, v6, v8
v_bfe_u32 v2, v4, v6, v8
v_bfe_i32 v2, v4, v6, v8
v_bfi_b32 v2, v4, v6, v8
v_fma_f32 v2, v4, v6, v8
v_fma_f64 v[2:3], v[4:5], v[6:7], v[8:9]
v_lerp_u8 v2, v4, v6, v8
v_alignbit_b32 v2, v4, v6, v8
v_alignbyte_b32 v2, v4, v6, v8
v_min3_f32 v2, v4, v6, v8
v_min3_i32 v2, v4, v6, v8
v_min3_u32 v2, v4, v6, v8
v_max3_f32 v2, v4, v6, v8
v_max3_i32 v2, v4, v6, v8
v_max3_u32 v2, v4, v6, v8
v_med3_f32 v2, v4, v6, v8
v_med3_i32 v2, v4, v6, v8
v_med3_u32 v2, v4, v6, v8
v_sad_u8 v2, v4, v6, v8
v_sad_hi_u8 v2, v4, v6, v8
v_sad_u16 v2, v4, v6, v8
v_sad_u32 v2, v4, v6, v8
v_cvt_pk_u8_f32 v2, v4, v6, v8
v_div_fixup_f32 v2, v4, v6, v8
v_div_fixup_f64 v[2:3], v[4:5], v[6:7], v[8:9]
v_div_scale_f32 v2, s[0:1], v4, v6, v8
v_div_scale_f64 v[2:3], s[0:1], v[4:5], v[6:7], v[8:9]
v_div_fmas_f32 v2, v4, v6, v8
v_div_fmas_f64 v[2:3], v[4:5], v[6:7], v[8:9]
v_msad_u8 v2, v4, v6, v8
v_qsad_pk_u16_u8 v[2:3], v[4:5], v6, v[8:9]
v_mqsad_pk_u16_u8 v[2:3], v[4:5], v6, v[8:9]
v_mad_u64_u32 v[2:3], s[0:1], v4, v6, v[8:9]
v_mad_i64_i32 v[2:3], s[0:1], v4, v6, v[8:9]
v_mad_legacy_f16 v2, v4, v6, v8
v_mad_legacy_u16 v2, v4, v6, v8
v_mad_legacy_i16 v2, v4, v6, v8
v_perm_b32 v2, v4, v6, v8
v_fma_legacy_f16 v2, v4, v6, v8
v_div_fixup_legacy_f16 v2, v4, v6, v8
v_mad_u32_u16 v2, v4, v6, v8
v_mad_i32_i16 v2, v4, v6, v8
v_xad_u32 v2, v4, v6, v8
v_min3_f16 v2, v4, v6, v8
v_min3_i16 v2, v4, v6, v8
v_min3_u16 v2, v4, v6, v8
v_max3_f16 v2, v4, v6, v8
v_max3_i16 v2, v4, v6, v8
v_max3_u16 v2, v4, v6, v8
v_med3_f16 v2, v4, v6, v8
v_med3_i16 v2, v4, v6, v8
v_med3_u16 v2, v4, v6, v8
v_lshl_add_u32 v2, v4, v6, v8
v_add_lshl_u32 v2, v4, v6, v8
v_add3_u32 v2, v4, v6, v8
v_lshl_or_b32 v2, v4, v6, v8
v_and_or_b32 v2, v4, v6, v8
v_or3_b32 v2, v4, v6, v8
v_mad_f16 v2, v4, v6, v8
v_mad_u16 v2, v4, v6, v8
v_mad_i16 v2, v4, v6, v8
v_fma_f16 v2, v4, v6, v8
v_div_fixup_f16 v2, v4, v6, v8
v_interp_p1lv_f16 v2, v6, attr4.x, v8 high
v_interp_p2_legacy_f16 v2, v6, attr4.x, v8 high
v_interp_p2_f16 v2, v6, attr4.x, v8 high
v_pk_mad_i16 v2, v4, v6, v8 op_sel_hi:[0,0,0]
v_pk_mad_u16 v2, v4, v6, v8 op_sel_hi:[0,0,0]
v_pk_fma_f16 v2, v4, v6, v8 op_sel_hi:[0,0,0]
v_mad_mix_f32 v2, v4, v6, v8
v_mad_mixlo_f16 v2, v4, v6, v8
v_mad_mixhi_f16 v2, v4, v6, v8
v_pk_mad_i16 v2, v4, v6, v8
v_pk_mad_u16 v2, v4, v6, v8
v_pk_fma_f16 v2, v4, v6, v8
v_mad_mix_f32 v2, v4, v6, v8 op_sel_hi:[1,1,1]
v_mad_mixlo_f16 v2, v4, v6, v8 op_sel_hi:[1,1,1]
v_mad_mixhi_f16 v2, v4, v6, v8 op_sel_hi:[1,1,1]
ds_mskor_rtn_b32 v2, v6, v4, v3
ds_wrxchg2_rtn_b32 v[2:3], v6, v4, v3
ds_wrxchg2st64_rtn_b32 v[2:3], v6, v4, v3
ds_cmpst_rtn_b32 v2, v6, v4, v3
ds_cmpst_rtn_f32 v2, v6, v4, v3
ds_wrap_rtn_b32 v2, v6, v4, v3
ds_mskor_rtn_b64 v[2:3], v6, v[4:5], v[3:4]
ds_wrxchg2_rtn_b64 v[2:5], v6, v[4:5], v[3:4]
ds_wrxchg2st64_rtn_b64 v[2:5], v6, v[4:5], v[3:4]
ds_cmpst_rtn_b64 v[2:3], v6, v[4:5], v[3:4]
ds_cmpst_rtn_f64 v[2:3], v6, v[4:5], v[3:4]
buffer_load_format_x v4, v2, s[4:7], 0 offen
buffer_load_format_xy v[4:5], v2, s[4:7], 0 offen
buffer_load_format_xyz v[4:6], v2, s[4:7], 0 offen
buffer_load_format_xyzw v[4:7], v2, s[4:7], 0 offen
buffer_store_format_x v4, v2, s[4:7], 0 offen
buffer_store_format_xy v[4:5], v2, s[4:7], 0 offen
buffer_store_format_xyz v[4:6], v2, s[4:7], 0 offen
buffer_store_format_xyzw v[4:7], v2, s[4:7], 0 offen
buffer_load_format_d16_x v4, v2, s[4:7], 0 offen
buffer_load_format_d16_xy v4, v2, s[4:7], 0 offen
buffer_load_format_d16_xyz v[4:5], v2, s[4:7], 0 offen
buffer_load_format_d16_xyzw v[4:5], v2, s[4:7], 0 offen
buffer_store_format_d16_x v4, v2, s[4:7], 0 offen
buffer_store_format_d16_xy v4, v2, s[4:7], 0 offen
buffer_store_format_d16_xyz v[4:5], v2, s[4:7], 0 offen
buffer_store_format_d16_xyzw v[4:5], v2, s[4:7], 0 offen
buffer_load_ubyte v4, v2, s[4:7], 0 offen
buffer_load_sbyte v4, v2, s[4:7], 0 offen
buffer_load_ushort v4, v2, s[4:7], 0 offen
buffer_load_sshort v4, v2, s[4:7], 0 offen
buffer_load_dword v4, v2, s[4:7], 0 offen
buffer_load_dwordx2 v[4:5], v2, s[4:7], 0 offen
buffer_load_dwordx3 v[4:6], v2, s[4:7], 0 offen
buffer_load_dwordx4 v[4:7], v2, s[4:7], 0 offen
buffer_store_byte v4, v2, s[4:7], 0 offen
buffer_store_byte_d16_hi v4, v2, s[4:7], 0 offen
buffer_store_short v4, v2, s[4:7], 0 offen
buffer_store_short_d16_hi v4, v2, s[4:7], 0 offen
buffer_store_dword v4, v2, s[4:7], 0 offen
buffer_store_dwordx2 v[4:5], v2, s[4:7], 0 offen
buffer_store_dwordx3 v[4:6], v2, s[4:7], 0 offen
buffer_store_dwordx4 v[4:7], v2, s[4:7], 0 offen
buffer_load_ubyte_d16 v4, v2, s[4:7], 0 offen
buffer_load_ubyte_d16_hi v4, v2, s[4:7], 0 offen
buffer_load_sbyte_d16 v4, v2, s[4:7], 0 offen
buffer_load_sbyte_d16_hi v4, v2, s[4:7], 0 offen
buffer_load_short_d16 v4, v2, s[4:7], 0 offen
buffer_load_short_d16_hi v4, v2, s[4:7], 0 offen
buffer_load_format_d16_hi_x v4, v2, s[4:7], 0 offen
buffer_store_format_d16_hi_x v4, v2, s[4:7], 0 offen
buffer_atomic_swap v4, v2, s[4:7], 0 offen
buffer_atomic_cmpswap v[4:5], v2, s[4:7], 0 offen
buffer_atomic_add v4, v2, s[4:7], 0 offen
buffer_atomic_sub v4, v2, s[4:7], 0 offen
buffer_atomic_smin v4, v2, s[4:7], 0 offen
buffer_atomic_umin v4, v2, s[4:7], 0 offen
buffer_atomic_smax v4, v2, s[4:7], 0 offen
buffer_atomic_umax v4, v2, s[4:7], 0 offen
buffer_atomic_and v4, v2, s[4:7], 0 offen
buffer_atomic_or v4, v2, s[4:7], 0 offen
buffer_atomic_xor v4, v2, s[4:7], 0 offen
buffer_atomic_inc v4, v2, s[4:7], 0 offen
buffer_atomic_dec v4, v2, s[4:7], 0 offen
buffer_atomic_swap_x2 v[4:5], v2, s[4:7], 0 offen
buffer_atomic_cmpswap_x2 v[4:7], v2, s[4:7], 0 offen
buffer_atomic_add_x2 v[4:5], v2, s[4:7], 0 offen
buffer_atomic_sub_x2 v[4:5], v2, s[4:7], 0 offen
buffer_atomic_smin_x2 v[4:5], v2, s[4:7], 0 offen
buffer_atomic_umin_x2 v[4:5], v2, s[4:7], 0 offen
buffer_atomic_smax_x2 v[4:5], v2, s[4:7], 0 offen
buffer_atomic_umax_x2 v[4:5], v2, s[4:7], 0 offen
buffer_atomic_and_x2 v[4:5], v2, s[4:7], 0 offen
buffer_atomic_or_x2 v[4:5], v2, s[4:7], 0 offen
buffer_atomic_xor_x2 v[4:5], v2, s[4:7], 0 offen
buffer_atomic_inc_x2 v[4:5], v2, s[4:7], 0 offen
buffer_atomic_dec_x2 v[4:5], v2, s[4:7], 0 offen
tbuffer_load_format_x v4, v2, s[4:7], 0 format:[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_SNORM] offen
tbuffer_load_format_xy v[4:5], v2, s[4:7], 0 format:[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_SNORM] offen
tbuffer_load_format_xyz v[4:6], v2, s[4:7], 0 format:[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_SNORM] offen
tbuffer_load_format_xyzw v[4:7], v2, s[4:7], 0 format:[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_SNORM] offen
tbuffer_store_format_x v4, v2, s[4:7], 0 format:[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_SNORM] offen
tbuffer_store_format_xy v[4:5], v2, s[4:7], 0 format:[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_SNORM] offen
tbuffer_store_format_xyz v[4:6], v2, s[4:7], 0 format:[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_SNORM] offen
tbuffer_store_format_xyzw v[4:7], v2, s[4:7], 0 format:[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_SNORM] offen
tbuffer_load_format_d16_x v4, v2, s[4:7], 0 format:[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_SNORM] offen
tbuffer_load_format_d16_xy v4, v2, s[4:7], 0 format:[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_SNORM] offen
tbuffer_load_format_d16_xyz v[4:5], v2, s[4:7], 0 format:[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_SNORM] offen
tbuffer_load_format_d16_xyzw v[4:5], v2, s[4:7], 0 format:[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_SNORM] offen
tbuffer_store_format_d16_x v4, v2, s[4:7], 0 format:[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_SNORM] offen
tbuffer_store_format_d16_xy v4, v2, s[4:7], 0 format:[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_SNORM] offen
tbuffer_store_format_d16_xyz v[4:5], v2, s[4:7], 0 format:[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_SNORM] offen
tbuffer_store_format_d16_xyzw v[4:5], v2, s[4:7], 0 format:[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_SNORM] offen
global_load_ubyte v6, v[2:3], off
global_load_sbyte v6, v[2:3], off
global_load_ushort v6, v[2:3], off
global_load_sshort v6, v[2:3], off
global_load_dword v6, v[2:3], off
global_load_dwordx2 v[6:7], v[2:3], off
global_load_dwordx3 v[6:8], v[2:3], off
global_load_dwordx4 v[6:9], v[2:3], off
global_store_byte v[2:3], v4, off
global_store_byte_d16_hi v[2:3], v4, off
global_store_short v[2:3], v4, off
global_store_short_d16_hi v[2:3], v4, off
global_store_dword v[2:3], v4, off
global_store_dwordx2 v[2:3], v[4:5], off
global_store_dwordx3 v[2:3], v[4:6], off
global_store_dwordx4 v[2:3], v[4:7], off
global_load_ubyte_d16 v6, v[2:3], off
global_load_ubyte_d16_hi v6, v[2:3], off
global_load_sbyte_d16 v6, v[2:3], off
global_load_sbyte_d16_hi v6, v[2:3], off
global_load_short_d16 v6, v[2:3], off
global_load_short_d16_hi v6, v[2:3], off
global_atomic_swap v[2:3], v4, off
global_atomic_cmpswap v[2:3], v[4:5], off
global_atomic_add v[2:3], v4, off
global_atomic_sub v[2:3], v4, off
global_atomic_smin v[2:3], v4, off
global_atomic_umin v[2:3], v4, off
global_atomic_smax v[2:3], v4, off
global_atomic_umax v[2:3], v4, off
global_atomic_and v[2:3], v4, off
global_atomic_or v[2:3], v4, off
global_atomic_xor v[2:3], v4, off
global_atomic_inc v[2:3], v4, off
global_atomic_dec v[2:3], v4, off
global_atomic_swap_x2 v[2:3], v[4:5], off
global_atomic_cmpswap_x2 v[2:3], v[4:7], off
global_atomic_add_x2 v[2:3], v[4:5], off
global_atomic_sub_x2 v[2:3], v[4:5], off
global_atomic_smin_x2 v[2:3], v[4:5], off
global_atomic_umin_x2 v[2:3], v[4:5], off
global_atomic_smax_x2 v[2:3], v[4:5], off
global_atomic_umax_x2 v[2:3], v[4:5], off
global_atomic_and_x2 v[2:3], v[4:5], off
global_atomic_or_x2 v[2:3], v[4:5], off
global_atomic_xor_x2 v[2:3], v[4:5], off
global_atomic_inc_x2 v[2:3], v[4:5], off
global_atomic_dec_x2 v[2:3], v[4:5], off
scratch_load_ubyte v6, v2, off
scratch_load_sbyte v6, v2, off
scratch_load_ushort v6, v2, off
scratch_load_sshort v6, v2, off
scratch_load_dword v6, v2, off
scratch_load_dwordx2 v[6:7], v2, off
scratch_load_dwordx3 v[6:8], v2, off
scratch_load_dwordx4 v[6:9], v2, off
scratch_store_byte v2, v4, off
scratch_store_byte_d16_hi v2, v4, off
scratch_store_short v2, v4, off
scratch_store_short_d16_hi v2, v4, off
scratch_store_dword v2, v4, off
scratch_store_dwordx2 v2, v[4:5], off
scratch_store_dwordx3 v2, v[4:6], off
scratch_store_dwordx4 v2, v[4:7], off
scratch_load_ubyte_d16 v6, v2, off
scratch_load_ubyte_d16_hi v6, v2, off
scratch_load_sbyte_d16 v6, v2, off
scratch_load_sbyte_d16_hi v6, v2, off
scratch_load_short_d16 v6, v2, off
scratch_load_short_d16_hi v6, v2, off
s_mov_b32 s0, 0
s_mov_b32 s1, 64
s_mov_b32 s2, -1
s_mov_b32 s3, -16
s_mov_b32 s4, 0.5
s_mov_b32 s5, -4.0
s_mov_b32 s6, 0x3e22f983
s_mov_b32 s7, 0x12345678
s_mov_b32 s8, 65
s_mov_b32 s9, -17
s_mov_b32 vcc_lo, exec_hi
s_mov_b32 m0, s101
s_mov_b32 ttmp0, ttmp15
s_mov_b32 s0, src_shared_base
s_mov_b32 s0, src_private_limit
s_mov_b32 s0, src_pops_exiting_wave_id
s_mov_b32 flat_scratch_lo, s1
s_mov_b32 xnack_mask_hi, s1
s_mov_b64 s[0:1], 0
s_mov_b64 s[0:1], -5
s_mov_b64 s[0:1], 1.0
s_mov_b64 s[0:1], 0x1234
s_mov_b64 s[0:1], 0xffffff00
s_mov_b64 vcc, exec
s_mov_b64 exec, s[100:101]
s_mov_b64 flat_scratch, s[2:3]
s_mov_b64 xnack_mask, s[2:3]
s_mov_b64 ttmp[4:5], s[2:3]
s_mov_b64 s[2:3], src_shared_base
s_add_u32 s0, s1, 0x64
s_add_u32 s0, 0xffff0000, s1
s_and_b64 s[0:1], s[2:3], 0xff
s_and_b64 s[0:1], s[2:3], -1
s_and_b64 exec, exec, vcc
s_lshl_b64 s[0:1], s[2:3], 3
s_cselect_b64 s[0:1], -1, 0
s_bfe_u32 s0, s1, 0x80008
s_getpc_b64 s[4:5]
s_setpc_b64 s[4:5]
s_swappc_b64 s[30:31], s[4:5]
s_cmp_eq_u32 s0, 0x1000
s_cmp_lg_u64 s[0:1], 0
s_cmp_eq_u32 scc, vccz
s_cmp_eq_u32 execz, s0
s_bitcmp1_b32 s0, 3
s_movk_i32 s0, 0x1234
s_movk_i32 s0, 0xffff
s_cmpk_eq_u32 s0, 0x8000
s_addk_i32 s0, 0xfff0
s_mulk_i32 s0, 0x3
s_getreg_b32 s0, hwreg(HW_REG_MODE)
s_getreg_b32 s0, hwreg(HW_REG_HW_ID)
s_getreg_b32 s0, hwreg(HW_REG_STATUS, 0, 1)
s_getreg_b32 s0, hwreg(HW_REG_TRAPSTS, 8, 4)
s_setreg_b32 hwreg(HW_REG_MODE, 0, 4), s0
s_setreg_b32 hwreg(HW_REG_SH_MEM_BASES), s0
s_setreg_imm32_b32 hwreg(HW_REG_MODE), 0x3
s_setreg_imm32_b32 hwreg(HW_REG_MODE, 4, 4), 0xf
s_nop 7
s_endpgm
s_barrier
s_branch 5
s_branch -1
s_cbranch_scc1 -10
s_cbranch_vccz 3
s_cbranch_execz 100
s_cbranch_execnz -100
s_waitcnt vmcnt(0)
s_waitcnt lgkmcnt(0)
s_waitcnt expcnt(0)
s_waitcnt vmcnt(1) lgkmcnt(2)
s_waitcnt vmcnt(63)
s_waitcnt vmcnt(15) expcnt(7) lgkmcnt(15)
s_waitcnt vmcnt(20) expcnt(3) lgkmcnt(1)
s_sendmsg sendmsg(MSG_INTERRUPT)
s_sendmsg sendmsg(MSG_GS, GS_OP_EMIT, 0)
s_sendmsg sendmsg(MSG_GS_DONE, GS_OP_NOP)
s_sendmsg sendmsg(MSG_SYSMSG, SYSMSG_OP_ECC_ERR_INTERRUPT)
s_sendmsg sendmsg(MSG_GS, GS_OP_CUT, 1)
s_sleep 2
s_setprio 3
s_trap 2
s_icache_inv
s_set_gpr_idx_on s0, gpr_idx(SRC0,DST)
s_set_gpr_idx_off
s_set_gpr_idx_mode gpr_idx(SRC1)
s_endpgm_saved
s_load_dword s0, s[4:5], 0x0
s_load_dword s0, s[4:5], 0xfffff
s_load_dword s0, s[4:5], s6
s_load_dwordx2 s[0:1], s[4:5], 0x8 glc
s_load_dwordx4 s[8:11], s[6:7], m0
s_load_dwordx16 s[16:31], s[0:1], 0x40
s_buffer_load_dword s0, s[4:7], 0x10
s_buffer_load_dwordx8 s[8:15], s[4:7], s8
s_store_dword s0, s[4:5], 0x4 glc
s_dcache_inv
s_dcache_wb
s_memtime s[0:1]
s_memrealtime s[0:1]
s_atc_probe 7, s[4:5], 0x10
s_atomic_add s0, s[4:5], 0x10 glc
v_mov_b32 v0, v255
v_mov_b32 v0, s0
v_mov_b32 v0, 0
v_mov_b32 v0, -1
v_mov_b32 v0, 1.0
v_mov_b32 v0, -0.5
v_mov_b32 v0, 0.15915494
v_mov_b32 v0, 0x3f000001
v_mov_b32 v0, 0x42
v_mov_b32 v0, vcc_lo
v_mov_b32 v0, exec_hi
v_mov_b32 v0, m0
v_mov_b32 v0, src_shared_base
v_mov_b32 v0, scc
v_mov_b32 v0, ttmp1
v_mov_b32_e64 v0, v1
v_mov_b32_e64 v0, s1
v_cvt_f64_f32 v[0:1], v2
v_cvt_f64_f32 v[0:1], 2.0
v_rcp_f64 v[0:1], v[2:3]
v_rcp_f64 v[0:1], s[2:3]
v_rcp_f64 v[0:1], 1.0
v_rcp_f64 v[0:1], 0x40000000
v_rcp_f64_e64 v[0:1], -v[2:3]
v_sqrt_f64_e64 v[0:1], |v[2:3]| mul:4
v_cvt_f16_f32 v0, v1
v_cvt_f16_f32 v0, 0.5
v_sqrt_f16 v0, 1.0
v_sqrt_f16 v0, 0.15915494
v_sqrt_f16 v0, 0x3c01
v_sqrt_f16 v0, -2.0
v_add_f16 v0, 0x1234, v1
v_add_u16 v0, 0x1234, v1
v_add_u16 v0, -1, v1
v_add_f16_e64 v0, -v1, |v2|
v_readfirstlane_b32 s0, v1
v_readfirstlane_b32 vcc_lo, v1
v_nop
v_clrexcp
v_add_f32 v0, v1, v2
v_add_f32 v0, s1, v2
v_add_f32 v0, 1.0, v2
v_add_f32 v0, -4.0, v2
v_add_f32 v0, 0x40490fdb, v2
v_add_f32 v0, 64, v2
v_add_f32_e64 v0, v1, s2
v_add_f32_e64 v0, v1, 0.5
v_add_f32_e64 v0, -v1, -v2
v_add_f32_e64 v0, |v1|, |v2|
v_add_f32_e64 v0, -|v1|, v2
v_add_f32_e64 v0, v1, v2 clamp
v_add_f32_e64 v0, v1, v2 mul:2
v_add_f32_e64 v0, v1, v2 div:2
v_add_f32_e64 v0, -1.0, v2
v_add_u32 v0, v1, v2
v_add_u32 v0, 17, v2
v_add_u32_e64 v0, v1, v2 clamp
v_sub_u32 v0, v1, v2
v_add_co_u32 v0, vcc, v1, v2
v_add_co_u32 v0, vcc, 0x100, v2
v_add_co_u32_e64 v0, s[4:5], v1, v2
v_add_co_u32_e64 v0, vcc, v1, v2
v_add_co_u32_e64 v0, s[4:5], v1, v2 clamp
v_addc_co_u32 v0, vcc, v1, v2, vcc
v_addc_co_u32_e64 v0, s[4:5], v1, v2, s[6:7]
v_subb_co_u32_e64 v0, vcc, v1, 0, vcc
v_cndmask_b32 v0, v1, v2, vcc
v_cndmask_b32 v0, 1.0, v2, vcc
v_cndmask_b32_e64 v0, v1, v2, s[0:1]
v_cndmask_b32_e64 v0, 0, 1, s[0:1]
v_cndmask_b32_e64 v0, -v1, |v2|, vcc
v_mac_f32 v0, v1, v2
v_mac_f32_e64 v0, v1, v2 clamp
v_madmk_f32 v0, v1, 0x41200000, v2
v_madak_f32 v0, v1, v2, 0x41200000
v_madmk_f16 v0, v1, 0x4900, v2
v_madak_f16 v0, v1, v2, 0x4900
v_lshlrev_b32 v0, 2, v1
v_lshlrev_b16 v0, 2, v1
v_lshlrev_b64 v[0:1], 3, v[2:3]
v_lshlrev_b64 v[0:1], v2, 0x10
v_ldexp_f32 v0, v1, v2
v_ldexp_f16 v0, v1, v2
v_and_b32 v0, 0xff, v1
v_bfe_u32 v0, v1, 8, 8
v_bfe_i32 v0, v1, 0, 16
v_fma_f32 v0, v1, v2, v3
v_fma_f32 v0, -v1, |v2|, -|v3| clamp div:2
v_fma_f32 v0, 1.0, s1, v3
v_fma_f64 v[0:1], v[2:3], v[4:5], v[6:7]
v_fma_f64 v[0:1], -v[2:3], 0.5, s[6:7]
v_fma_f16 v0, v1, v2, v3
v_fma_f16 v0, v1, v2, v3 op_sel:[1,0,0,0]
v_fma_f16 v0, v1, v2, v3 op_sel:[0,1,1,1]
v_mad_u64_u32 v[0:1], s[2:3], v2, v3, v[4:5]
v_mad_u64_u32 v[0:1], vcc, v2, v3, 0
v_mad_i64_i32 v[0:1], s[2:3], v2, 7, v[4:5]
v_div_scale_f32 v0, vcc, v1, v2, v1
v_div_scale_f64 v[0:1], s[2:3], v[4:5], v[6:7], v[4:5]
v_div_fmas_f32 v0, v1, v2, v3
v_div_fixup_f32 v0, v1, v2, v3
v_mul_lo_u32 v0, v1, v2
v_mul_hi_u32 v0, v1, s2
v_add_f64 v[0:1], v[2:3], v[4:5]
v_add_f64 v[0:1], -v[2:3], |v[4:5]|
v_add_f64 v[0:1], s[2:3], 1.0
v_mul_f64 v[0:1], v[2:3], v[4:5] clamp mul:2
v_ldexp_f64 v[0:1], v[2:3], v4
v_lshlrev_b64 v[0:1], v2, v[4:5]
v_ashrrev_i64 v[0:1], 31, v[4:5]
v_readlane_b32 s0, v1, 5
v_readlane_b32 s0, v1, s2
v_writelane_b32 v0, s1, 3
v_cvt_pkrtz_f16_f32 v0, v1, v2
v_cvt_pk_u16_u32 v0, v1, v2
v_bcnt_u32_b32 v0, v1, 0
v_mbcnt_lo_u32_b32 v0, -1, 0
v_mbcnt_hi_u32_b32 v0, -1, v0
v_alignbit_b32 v0, v1, v2, 16
v_med3_f32 v0, v1, v2, v3
v_max3_f32 v0, -v1, v2, |v3|
v_mad_f32 v0, v1, v2, v3
v_mad_u32_u24 v0, v1, v2, v3
v_mad_u16 v0, v1, v2, v3
v_mad_u16 v0, v1, v2, v3 op_sel:[1,1,0,1]
v_mad_u16 v0, v1, v2, v3 clamp
v_lshl_add_u32 v0, v1, 2, v3
v_add3_u32 v0, v1, v2, v3
v_trig_preop_f64 v[0:1], v[2:3], v4
v_cvt_pknorm_i16_f32 v0, v1, v2
v_mul_lo_u16 v0, v1, v2
v_cmp_eq_u32 vcc, v1, v2
v_cmp_eq_u32 vcc, 0, v2
v_cmp_eq_u32 vcc, s1, v2
v_cmp_eq_u32 vcc, 0x1000, v2
v_cmp_eq_u32_e64 s[0:1], v1, v2
v_cmp_eq_u32_e64 vcc, v1, 0
v_cmp_eq_u32_e64 s[0:1], s1, 0x0
v_cmp_lt_f32 vcc, 0.5, v2
v_cmp_lt_f32_e64 s[0:1], -v1, |v2|
v_cmp_lt_f32_e64 s[0:1], v1, v2 clamp
v_cmp_u_f32 vcc, v1, v1
v_cmp_class_f32 vcc, v1, v2
v_cmp_class_f32_e64 s[0:1], v1, 3
v_cmp_class_f64 vcc, v[0:1], v2
v_cmp_class_f16 vcc, v1, v2
v_cmp_eq_f64 vcc, v[0:1], v[2:3]
v_cmp_eq_f64_e64 s[4:5], -v[0:1], 1.0
v_cmp_ne_u64 vcc, v[0:1], v[2:3]
v_cmp_ne_u64 vcc, 0, v[2:3]
v_cmp_gt_i64_e64 s[0:1], v[0:1], s[2:3]
v_cmp_lt_f16 vcc, v1, v2
v_cmp_lt_u16 vcc, v1, v2
v_cmp_f_f32 vcc, v1, v2
v_cmp_tru_f64 vcc, v[0:1], v[2:3]
v_cmpx_eq_u32 vcc, v1, v2
v_cmpx_gt_u32_e64 s[0:1], v1, v2
v_cmpx_lt_f32 vcc, 1.0, v2
v_pk_add_f16 v0, v1, v2
v_pk_add_f16 v0, v1, v2 op_sel:[1,0]
v_pk_add_f16 v0, v1, v2 op_sel_hi:[0,1]
v_pk_add_f16 v0, v1, v2 op_sel:[1,1] op_sel_hi:[0,0]
v_pk_add_f16 v0, v1, v2 neg_lo:[1,0] neg_hi:[0,1]
v_pk_add_f16 v0, v1, v2 clamp
v_pk_add_f16 v0, 1.0, v2
v_pk_add_f16 v0, s1, v2
v_pk_fma_f16 v0, v1, v2, v3
v_pk_fma_f16 v0, v1, v2, v3 op_sel:[0,0,1] op_sel_hi:[1,1,0]
v_pk_fma_f16 v0, v1, v2, v3 neg_lo:[1,1,1]
v_pk_add_u16 v0, v1, v2
v_pk_add_u16 v0, 1, v2
v_pk_mul_lo_u16 v0, v1, v2
v_pk_lshlrev_b16 v0, 3, v2
v_pk_mad_u16 v0, v1, v2, v3
v_mad_mix_f32 v0, v1, v2, v3
v_mad_mix_f32 v0, v1, v2, v3 op_sel_hi:[1,1,1]
v_mad_mix_f32 v0, |v1|, -v2, v3 op_sel:[1,0,0] op_sel_hi:[1,0,0]
v_mad_mixlo_f16 v0, v1, v2, v3
v_mad_mixhi_f16 v0, v1, v2, v3 clamp
v_mov_b32_sdwa v0, v1 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD
v_mov_b32_sdwa v0, v1 dst_sel:BYTE_0 dst_unused:UNUSED_PRESERVE src0_sel:WORD_1
v_mov_b32_sdwa v0, v1 dst_sel:WORD_1 dst_unused:UNUSED_SEXT src0_sel:BYTE_3
v_mov_b32_sdwa v0, sext(v1) dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:BYTE_0
v_mov_b32_sdwa v0, s1 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD
v_cvt_f32_f16_sdwa v0, -v1 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:WORD_1
v_cvt_f32_f16_sdwa v0, |v1| clamp dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:WORD_1
v_add_f32_sdwa v0, v1, v2 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:WORD_0 src1_sel:WORD_1
v_add_f32_sdwa v0, -v1, |v2| clamp mul:2 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD
v_add_f32_sdwa v0, v1, s2 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD
v_add_u16_sdwa v0, v1, v2 dst_sel:WORD_1 dst_unused:UNUSED_PRESERVE src0_sel:WORD_1 src1_sel:WORD_1
v_add_u32_sdwa v0, v1, v2 dst_sel:BYTE_1 dst_unused:UNUSED_PAD src0_sel:BYTE_2 src1_sel:BYTE_3
v_and_b32_sdwa v0, sext(v1), v2 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:BYTE_0 src1_sel:DWORD
v_add_co_u32_sdwa v0, vcc, v1, v2 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:BYTE_0 src1_sel:DWORD
v_addc_co_u32_sdwa v0, vcc, v1, v2, vcc dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:BYTE_0 src1_sel:DWORD
v_cndmask_b32_sdwa v0, v1, v2, vcc dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:WORD_1 src1_sel:DWORD
v_cmp_eq_u32_sdwa vcc, v1, v2 src0_sel:BYTE_0 src1_sel:DWORD
v_cmp_eq_u32_sdwa s[0:1], v1, v2 src0_sel:WORD_1 src1_sel:WORD_0
v_cmp_lt_f32_sdwa vcc, -v1, |v2| src0_sel:DWORD src1_sel:DWORD
v_cmp_class_f32_sdwa vcc, v1, v2 src0_sel:BYTE_2 src1_sel:DWORD
v_cmpx_gt_i32_sdwa s[2:3], v1, v2 src0_sel:DWORD src1_sel:DWORD
v_mov_b32_dpp v0, v1 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
v_mov_b32_dpp v0, v1 quad_perm:[3,2,1,0] row_mask:0xf bank_mask:0xf bound_ctrl:0
v_mov_b32_dpp v0, v1 row_shl:1 row_mask:0xf bank_mask:0xf
v_mov_b32_dpp v0, v1 row_shr:15 row_mask:0xa bank_mask:0x5
v_mov_b32_dpp v0, v1 row_ror:4 row_mask:0xf bank_mask:0xf
v_mov_b32_dpp v0, v1 wave_shl:1 row_mask:0xf bank_mask:0xf
v_mov_b32_dpp v0, v1 wave_rol:1 row_mask:0xf bank_mask:0xf
v_mov_b32_dpp v0, v1 wave_shr:1 row_mask:0xf bank_mask:0xf
v_mov_b32_dpp v0, v1 wave_ror:1 row_mask:0xf bank_mask:0xf
v_mov_b32_dpp v0, v1 row_mirror row_mask:0xf bank_mask:0xf
v_mov_b32_dpp v0, v1 row_half_mirror row_mask:0xf bank_mask:0xf
v_mov_b32_dpp v0, v1 row_bcast:15 row_mask:0xa bank_mask:0xf
v_mov_b32_dpp v0, v1 row_bcast:31 row_mask:0xc bank_mask:0xf
v_add_f32_dpp v0, v1, v2 quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf
v_add_f32_dpp v0, -v1, |v2| row_shr:1 row_mask:0xf bank_mask:0xf bound_ctrl:0
v_add_u32_dpp v0, v1, v2 row_shr:2 row_mask:0x3 bank_mask:0xc
v_add_co_u32_dpp v0, vcc, v1, v2 row_shl:2 row_mask:0xf bank_mask:0xf
v_addc_co_u32_dpp v0, vcc, v1, v2, vcc row_shl:2 row_mask:0xf bank_mask:0xf
v_cndmask_b32_dpp v0, v1, v2, vcc quad_perm:[0,0,0,0] row_mask:0xf bank_mask:0xf
v_cvt_f32_i32_dpp v0, v1 row_ror:15 row_mask:0xf bank_mask:0xf
v_max_f32_dpp v0, v1, v2 row_bcast:15 row_mask:0xf bank_mask:0xf
ds_write_b32 v0, v1
ds_write_b32 v0, v1 offset:16
ds_write_b32 v0, v1 offset:65535 gds
ds_write_b64 v0, v[2:3] offset:8
ds_write_b128 v0, v[4:7]
ds_write_b96 v0, v[4:6]
ds_write_b8 v0, v1 offset:3
ds_write_b16 v0, v1
ds_write_b8_d16_hi v0, v1
ds_write_b16_d16_hi v0, v1
ds_write2_b32 v0, v1, v2 offset1:1
ds_write2_b32 v0, v1, v2 offset0:4 offset1:8
ds_write2_b64 v0, v[2:3], v[4:5] offset0:1 offset1:2
ds_write2st64_b32 v0, v1, v2 offset0:1 offset1:3
ds_read_b32 v0, v1
ds_read_b32 v0, v1 offset:4
ds_read_b64 v[0:1], v2 offset:256
ds_read_b96 v[0:2], v3
ds_read_b128 v[0:3], v4
ds_read_u8 v0, v1
ds_read_i8 v0, v1
ds_read_u16 v0, v1
ds_read_i16 v0, v1
ds_read_u8_d16 v0, v1
ds_read_u16_d16_hi v0, v1
ds_read2_b32 v[0:1], v2 offset1:1
ds_read2_b64 v[0:3], v4 offset0:2 offset1:5
ds_read2st64_b32 v[0:1], v2 offset0:1 offset1:2
ds_add_u32 v0, v1
ds_add_u32 v0, v1 offset:4
ds_add_rtn_u32 v0, v1, v2
ds_add_rtn_u32 v0, v1, v2 offset:12 gds
ds_sub_u32 v0, v1
ds_inc_u32 v0, v1
ds_min_i32 v0, v1
ds_max_u32 v0, v1
ds_and_b32 v0, v1
ds_or_b32 v0, v1
ds_xor_b32 v0, v1
ds_mskor_b32 v0, v1, v2
ds_cmpst_b32 v0, v1, v2
ds_cmpst_rtn_b32 v0, v1, v2, v3
ds_min_f32 v0, v1
ds_add_f32 v0, v1
ds_add_rtn_f32 v0, v1, v2
ds_wrxchg_rtn_b32 v0, v1, v2
ds_wrxchg2_rtn_b32 v[0:1], v1, v2, v3 offset1:1
ds_add_u64 v0, v[2:3]
ds_add_rtn_u64 v[0:1], v2, v[4:5]
ds_cmpst_rtn_b64 v[0:1], v2, v[4:5], v[6:7]
ds_max_rtn_f64 v[0:1], v2, v[4:5]
ds_swizzle_b32 v0, v1 offset:swizzle(SWAP,16)
ds_swizzle_b32 v0, v1 offset:swizzle(BITMASK_PERM,"01pip")
ds_swizzle_b32 v0, v1 offset:0xffff
ds_permute_b32 v0, v1, v2
ds_bpermute_b32 v0, v1, v2 offset:4
ds_append v0
ds_consume v0 offset:4
ds_gws_init v0 gds
ds_gws_barrier v0 gds
ds_nop
ds_read_addtid_b32 v0
ds_write_addtid_b32 v0 offset:16
ds_condxchg32_rtn_b64 v[0:1], v2, v[4:5]
buffer_load_dword v0, off, s[4:7], 0
buffer_load_dword v0, off, s[4:7], s8
buffer_load_dword v0, off, s[4:7], 0 offset:4095
buffer_load_dword v0, v1, s[4:7], 0 offen
buffer_load_dword v0, v1, s[4:7], 0 idxen
buffer_load_dword v0, v[1:2], s[4:7], 0 idxen offen
buffer_load_dword v0, v1, s[4:7], s2 offen offset:12 glc slc
buffer_load_dword v0, v1, s[4:7], m0 offen lds
buffer_load_dword v0, off, s[4:7], 64 offset:8
buffer_load_dword v0, off, s[4:7], -1
buffer_load_dword v0, off, ttmp[4:7], 0
buffer_load_dwordx2 v[0:1], v2, s[8:11], 0 offen glc
buffer_load_dwordx3 v[0:2], v2, s[8:11], 0 offen
buffer_load_dwordx4 v[0:3], v2, s[8:11], 0 offen
buffer_load_ubyte v0, v1, s[4:7], 0 offen
buffer_load_sshort v0, v1, s[4:7], 0 offen
buffer_load_short_d16_hi v0, v1, s[4:7], 0 offen
buffer_store_dword v0, v1, s[4:7], 0 offen
buffer_store_dword v0, off, s[4:7], s8 offset:16
buffer_store_dwordx2 v[0:1], v2, s[4:7], 0 offen glc slc
buffer_store_dwordx4 v[0:3], v4, s[4:7], 0 idxen
buffer_store_byte v0, v1, s[4:7], 0 offen
buffer_store_short v0, v1, s[4:7], 0 offen
buffer_load_format_xyzw v[0:3], v4, s[4:7], 0 idxen
buffer_store_format_x v0, v4, s[4:7], 0 idxen
buffer_atomic_add v0, v1, s[4:7], 0 offen
buffer_atomic_add v0, v1, s[4:7], 0 offen glc
buffer_atomic_cmpswap v[0:1], v2, s[4:7], 0 offen glc
buffer_atomic_cmpswap_x2 v[0:3], v4, s[4:7], 0 offen glc
buffer_atomic_add_x2 v[0:1], v2, s[4:7], 0 offen slc
buffer_atomic_swap v0, off, s[4:7], s3 offset:8
buffer_wbinvl1
buffer_wbinvl1_vol
buffer_store_lds_dword s[4:7], 0
buffer_store_lds_dword s[4:7], s0 offset:4 lds
tbuffer_load_format_x v0, off, s[4:7], 0 format:[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_FLOAT]
tbuffer_load_format_xyzw v[0:3], v4, s[4:7], 0 format:[BUF_DATA_FORMAT_32_32_32_32,BUF_NUM_FORMAT_UINT] idxen
tbuffer_load_format_x v0, v1, s[4:7], s2 format:[BUF_DATA_FORMAT_8,BUF_NUM_FORMAT_UNORM] offen offset:4 glc slc
tbuffer_store_format_xy v[0:1], v1, s[4:7], 0 format:[BUF_DATA_FORMAT_16_16,BUF_NUM_FORMAT_SINT] offen
tbuffer_load_format_x v0, off, s[4:7], 0
tbuffer_load_format_x v0, off, s[4:7], 0 format:[BUF_DATA_FORMAT_INVALID,BUF_NUM_FORMAT_UNORM]
flat_load_dword v0, v[1:2]
flat_load_dword v0, v[1:2] offset:4095
flat_load_dword v0, v[1:2] glc slc
flat_load_dwordx2 v[0:1], v[2:3]
flat_load_dwordx3 v[0:2], v[4:5]
flat_load_dwordx4 v[0:3], v[4:5] offset:16
flat_load_ubyte v0, v[1:2]
flat_load_sbyte v0, v[1:2]
flat_load_ushort v0, v[1:2]
flat_load_sshort v0, v[1:2]
flat_load_short_d16 v0, v[1:2]
flat_load_short_d16_hi v0, v[1:2]
flat_load_ubyte_d16 v0, v[1:2]
flat_store_dword v[0:1], v2
flat_store_dword v[0:1], v2 offset:8 glc
flat_store_dwordx2 v[0:1], v[2:3]
flat_store_dwordx4 v[0:1], v[2:5]
flat_store_byte v[0:1], v2
flat_store_short v[0:1], v2
flat_store_short_d16_hi v[0:1], v2
flat_atomic_add v[0:1], v2
flat_atomic_add v0, v[1:2], v2 glc
flat_atomic_cmpswap v0, v[1:2], v[2:3] glc
flat_atomic_cmpswap v[1:2], v[2:3]
flat_atomic_cmpswap_x2 v[0:1], v[2:3], v[4:7] glc
flat_atomic_cmpswap_x2 v[2:3], v[4:7]
flat_atomic_swap_x2 v[0:1], v[2:3], v[4:5] glc
flat_atomic_umax v[0:1], v2 slc
flat_atomic_inc_x2 v[0:1], v[2:3]
global_load_dword v0, v[1:2], off
global_load_dword v0, v[1:2], off offset:-4096
global_load_dword v0, v[1:2], off offset:4095
global_load_dword v0, v1, s[2:3]
global_load_dword v0, v1, s[2:3] offset:-8 glc slc
global_load_dwordx4 v[0:3], v4, s[2:3] offset:16
global_load_dword v0, v1, vcc
global_load_dword v0, v1, exec
global_store_dword v[0:1], v2, off
global_store_dword v1, v2, s[4:5] offset:4
global_store_dwordx2 v[0:1], v[2:3], off glc
global_atomic_add v0, v[1:2], v2, off glc
global_atomic_add v1, v2, s[2:3]
global_atomic_add v0, v1, v2, s[2:3] glc
global_atomic_cmpswap v0, v[1:2], v[2:3], off glc
global_atomic_cmpswap_x2 v[0:1], v2, v[4:7], s[2:3] glc
global_atomic_smin_x2 v[0:1], v[2:3], off
global_load_ubyte_d16_hi v0, v[1:2], off
scratch_load_dword v0, v1, off
scratch_load_dword v0, off, s2
scratch_load_dword v0, off, s2 offset:-4
scratch_load_dword v0, v1, off offset:4095 glc
scratch_load_dwordx4 v[0:3], v1, off
scratch_load_dword v0, off, vcc_hi
scratch_store_dword v0, v1, off
scratch_store_dword off, v1, s3 offset:8
scratch_store_dwordx2 v0, v[1:2], off slc
scratch_load_short_d16_hi v0, v1, off
v_nop_e64
v_clrexcp_e64
v_mov_b32_e64 v0, 0.5
v_cvt_f32_i32_e64 v0, v1 mul:2
v_cvt_f32_u32_e64 v0, s1 div:2
v_cvt_i32_f32_e64 v0, -|v1|
v_cvt_f16_f32_e64 v0, |v1| clamp
v_fract_f64_e64 v[0:1], -v[2:3] clamp div:2
v_frexp_exp_i32_f64_e64 v0, -v[2:3]
v_cvt_u32_f64_e64 v0, |s[2:3]|
v_add_f16_e64 v0, v1, v2 clamp
v_add_f16 v0, 0x3801, v1
v_add_f16 v0, 0xc400, v1
v_mul_f16 v0, -2.0, v1
v_max_f16_e64 v0, v1, 0.15915494
v_max_i16_e64 v0, v1, -1
v_max_i16 v0, 0x7fff, v1
v_sub_u16_e64 v0, v1, 64 clamp
v_mad_f16 v0, v1, v2, v3 op_sel:[0,0,0,1]
v_mad_f16 v0, -v1, v2, |v3| op_sel:[1,1,0,0] clamp
v_max3_f16 v0, v1, v2, v3 op_sel:[0,1,0,0]
v_med3_i16 v0, v1, v2, v3 op_sel:[1,0,1,0]
v_div_fixup_f16 v0, v1, v2, v3 op_sel:[0,0,1,1]
v_cvt_pknorm_i16_f16 v0, v1, v2 op_sel:[1,0,0]
v_cvt_pknorm_u16_f16 v0, -v1, |v2| op_sel:[0,1,1]
v_pack_b32_f16 v0, v1, v2 op_sel:[1,1,0]
v_pack_b32_f16 v0, -v1, v2
v_interp_p1ll_f16 v0, v1, attr0.x
v_interp_p1ll_f16 v0, v1, attr3.w high
v_interp_p1lv_f16 v0, v1, attr2.y, v3
v_interp_p2_f16 v0, v1, attr31.z, v3 high clamp
v_interp_p1_f32_e64 v0, v1, attr0.x
v_interp_mov_f32_e64 v0, p10, attr1.y
v_interp_p1_f32_e64 v0, v1, attr63.w
v_interp_mov_f32_e64 v0, p10, attr58.w
v_interp_p1ll_f16 v0, v1, attr57.w high
v_interp_p2_f32_e64 v0, v1, attr5.z
v_cmp_ge_i16_e64 s[0:1], v1, 5
v_cmp_nlt_f16_e64 s[0:1], -v1, 1.0
v_cmpx_class_f64_e64 s[0:1], v[0:1], s2
v_cmp_o_f64_e64 s[0:1], |v[0:1]|, -v[2:3] clamp
v_cmp_le_u64_e64 vcc, s[0:1], 7
v_cmpx_neq_f32_e64 exec, v1, v2
v_cmp_eq_u32_e64 s[100:101], v1, v2
v_cmp_eq_u32_e64 ttmp[2:3], v1, v2
v_mov_b32_sdwa v0, v1 dst_sel:BYTE_2 dst_unused:UNUSED_PAD src0_sel:WORD_0
v_cvt_f32_i32_sdwa v0, sext(v1) dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:WORD_1
v_cvt_f32_f16_sdwa v0, v1 mul:2 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:WORD_1
v_sub_f16_sdwa v0, v1, -v2 dst_sel:WORD_0 dst_unused:UNUSED_PRESERVE src0_sel:WORD_1 src1_sel:WORD_0
v_mul_u32_u24_sdwa v0, v1, sext(v2) dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:BYTE_0 src1_sel:BYTE_1
v_add_u32_sdwa v0, s1, v2 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:BYTE_0
v_xor_b32_sdwa v0, 1, v2 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD
v_cmp_lt_i16_sdwa s[6:7], v1, v2 src0_sel:WORD_1 src1_sel:WORD_0
v_cmp_ge_f32_sdwa vcc, s1, v2 src0_sel:DWORD src1_sel:DWORD
v_cmp_ge_f32_sdwa vcc, v1, s2 src0_sel:DWORD src1_sel:DWORD
v_cmp_eq_f16_sdwa vcc, -v1, v2 src0_sel:WORD_1 src1_sel:DWORD
v_cmpx_eq_u16_sdwa vcc, v1, sext(v2) src0_sel:DWORD src1_sel:WORD_1
v_mov_b32_dpp v0, v1 quad_perm:[0,2,1,3] row_mask:0x1 bank_mask:0x2
v_mov_b32_dpp v0, v1 row_shl:15 row_mask:0xf bank_mask:0xf bound_ctrl:0
v_mov_b32_dpp v0, v1 row_ror:1 row_mask:0x0 bank_mask:0x0
v_cvt_f32_f16_dpp v0, -|v1| quad_perm:[1,1,1,1] row_mask:0xf bank_mask:0xf
v_mul_f32_dpp v0, |v1|, -v2 row_mirror row_mask:0xf bank_mask:0xf
v_sub_u16_dpp v0, v1, v2 row_half_mirror row_mask:0xf bank_mask:0xf
v_lshlrev_b32_dpp v0, v1, v2 wave_ror:1 row_mask:0xf bank_mask:0xf
v_mac_f32_dpp v0, v1, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
v_subrev_co_u32_dpp v0, vcc, v1, v2 row_bcast:31 row_mask:0xf bank_mask:0xf
v_pk_max_i16 v0, v1, v2 op_sel:[0,1] op_sel_hi:[1,0]
v_pk_mul_f16 v0, -1.0, v2 neg_hi:[1,1]
v_pk_mul_f16 v0, v1, v2 op_sel_hi:[1,0] clamp
v_pk_mad_i16 v0, v1, v2, v3 op_sel:[1,1,1] clamp
v_pk_ashrrev_i16 v0, 15, v2 op_sel_hi:[0,1]
v_pk_sub_u16 v0, s1, v2
v_pk_fma_f16 v0, 0.5, v2, s3 neg_lo:[0,1,0]
v_mad_mixlo_f16 v0, -|v1|, |v2|, -v3 op_sel:[0,1,1] op_sel_hi:[1,1,0] clamp
v_mad_mix_f32 v0, 1.0, v2, s3 op_sel_hi:[0,1,0]
s_getreg_b32 s0, hwreg(HW_REG_GPR_ALLOC, 6, 6)
s_getreg_b32 s0, hwreg(HW_REG_IB_STS)
s_getreg_b32 s0, hwreg(20)
s_getreg_b32 s0, hwreg(HW_REG_MODE, 31, 1)
s_setreg_b32 hwreg(HW_REG_TRAPSTS, 0, 32), s0
s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 8), 0xffffffff
s_sendmsg sendmsg(MSG_GS_DONE, GS_OP_EMIT_CUT, 2)
s_sendmsg sendmsg(MSG_SAVEWAVE)
s_sendmsg sendmsg(MSG_STALL_WAVE_GEN)
s_sendmsg sendmsg(MSG_HALT_WAVES)
s_sendmsg sendmsg(MSG_ORDERED_PS_DONE)
s_sendmsg sendmsg(MSG_GS_ALLOC_REQ)
s_sendmsg sendmsg(MSG_SYSMSG, SYSMSG_OP_REG_RD)
s_sendmsg sendmsg(MSG_SYSMSG, SYSMSG_OP_HOST_TRAP_ACK)
s_sendmsg sendmsg(MSG_SYSMSG, SYSMSG_OP_TTRACE_PC)
s_sendmsg 0
s_sendmsg 0x3f
s_sendmsghalt sendmsg(MSG_GS, GS_OP_CUT, 3)
s_waitcnt lgkmcnt(1)
s_waitcnt expcnt(2) lgkmcnt(3)
s_waitcnt vmcnt(62)
s_waitcnt vmcnt(16) expcnt(0)
s_waitcnt 0xffff
s_set_gpr_idx_on s1, gpr_idx()
s_set_gpr_idx_on s1, gpr_idx(SRC0,SRC1,SRC2,DST)
s_set_gpr_idx_mode gpr_idx(DST)
s_set_gpr_idx_mode 0
s_cbranch_vccnz 0
s_branch 32767
s_branch -32768
s_setkill 0
s_nop 0
s_trap 0
s_call_b64 s[30:31], -4
s_cbranch_i_fork s[0:1], 65535
s_movk_i32 vcc_lo, 0x8000
s_cmovk_i32 m0, 0x1
s_mulk_i32 exec_lo, 0xffff
s_mov_b32 s0, -16
s_mov_b32 s0, 0x80000000
s_mov_b32 s0, 0x3f800000
s_mov_b32 s0, 0xbe22f983
s_mov_b64 s[0:1], 0x3ff00000
s_mov_b64 s[0:1], src_private_base
s_mov_b64 s[0:1], src_execz
s_and_b32 s0, s1, -2.0
s_lshr_b64 s[0:1], s[2:3], 63
s_bfe_i64 s[0:1], vcc, 0x100000
s_cselect_b32 s0, 0x12345678, 0x12345678
s_cmp_eq_u64 exec, 0
s_bitset0_b64 s[0:1], 63
s_brev_b32 s0, 0x1
s_abs_i32 s0, -15
s_movrels_b64 s[0:1], ttmp[2:3]
s_and_saveexec_b64 s[0:1], vcc
s_quadmask_b64 s[0:1], -1
s_load_dword ttmp0, s[4:5], 0x4
s_load_dwordx2 vcc, s[4:5], 0x4
s_load_dword s0, ttmp[4:5], 0x4
s_load_dword s0, s[4:5], vcc_lo
s_buffer_load_dword s0, ttmp[8:11], 0x100
s_buffer_store_dwordx2 s[0:1], s[4:7], m0 glc
s_atomic_cmpswap s[0:1], s[4:5], 0x0 glc
s_atomic_inc_x2 s[0:1], s[4:5], s6
s_scratch_load_dword s0, s[4:5], 0x4
s_dcache_inv_vol
s_dcache_wb_vol
s_memrealtime ttmp[0:1]
buffer_load_dword v0, off, s[4:7], src_shared_base
buffer_load_dword v0, off, s[4:7], 0.5
buffer_load_dword v0, v1, s[4:7], vcc_lo offen offset:1
buffer_load_dword v0, off, s[4:7], 0 tfe
buffer_load_format_d16_xyz v[0:1], v2, s[4:7], 0 idxen
buffer_load_ubyte_d16_hi v0, off, s[4:7], 0
buffer_atomic_umax v0, v[1:2], s[4:7], 0 idxen offen offset:4095 glc slc
buffer_atomic_cmpswap v[0:1], off, s[4:7], 0
buffer_store_dwordx3 v[0:2], off, s[96:99], s101
tbuffer_store_format_xyzw v[0:3], off, s[4:7], 0 format:[BUF_DATA_FORMAT_10_10_10_2,BUF_NUM_FORMAT_SSCALED]
tbuffer_load_format_xyz v[0:2], off, s[4:7], 0 format:[BUF_NUM_FORMAT_UINT]
tbuffer_load_format_xy v[0:1], off, s[4:7], 0 format:[BUF_DATA_FORMAT_11_11_10]
tbuffer_load_format_x v0, off, s[4:7], 0 format:[BUF_DATA_FORMAT_RESERVED_15,BUF_NUM_FORMAT_USCALED]
tbuffer_load_format_x v0, off, s[4:7], 0 format:[BUF_DATA_FORMAT_8_8_8_8,BUF_NUM_FORMAT_RESERVED_6]
tbuffer_load_format_x v0, v[1:2], s[4:7], 0 format:[BUF_DATA_FORMAT_16,BUF_NUM_FORMAT_SNORM] idxen offen
flat_load_dword v0, v[1:2] offset:1 glc slc
flat_load_sbyte_d16_hi v0, v[1:2]
flat_store_dwordx3 v[0:1], v[2:4] offset:12
flat_atomic_cmpswap v[1:2], v[2:3] offset:4 slc
flat_atomic_smax_x2 v[0:1], v[1:2], v[2:3] glc
global_load_dword v0, v1, s[100:101]
global_load_dword v0, v1, ttmp[2:3]
global_load_dword v0, v1, flat_scratch
global_load_dword v0, v1, xnack_mask offset:-1
global_atomic_cmpswap v[1:2], v[2:3], off offset:-4096
global_atomic_xor v0, v1, v2, s[2:3] offset:16 glc slc
global_store_byte v1, v2, s[0:1] offset:4095
scratch_load_dword v0, off, m0
scratch_load_dword v0, off, exec_lo
scratch_load_dword v0, off, flat_scratch_hi
scratch_load_dwordx2 v[0:1], off, ttmp1 offset:-4096 glc slc
scratch_store_dwordx3 off, v[1:3], s101
ds_write_b32 v255, v254 offset:1
ds_write2_b32 v0, v1, v2 offset0:255 offset1:255 gds
ds_write2st64_b64 v0, v[1:2], v[3:4] offset0:1
ds_read2_b32 v[0:1], v2 offset0:1
ds_read2st64_b64 v[0:3], v4
ds_read_b32 v0, v1 gds
ds_read_u16_d16 v0, v1 offset:2
ds_read_i8_d16_hi v0, v1
ds_write_b96 v0, v[1:3] offset:12
ds_read_b128 v[0:3], v4 offset:65535
ds_mskor_rtn_b64 v[0:1], v2, v[3:4], v[5:6] offset:8
ds_cmpst_f32 v0, v1, v2
ds_cmpst_rtn_f64 v[0:1], v2, v[3:4], v[5:6]
ds_min_rtn_f32 v0, v1, v2 offset:4
ds_max_f64 v0, v[1:2]
ds_inc_rtn_u64 v[0:1], v2, v[3:4]
ds_wrxchg_rtn_b64 v[0:1], v2, v[3:4]
ds_swizzle_b32 v0, v1 offset:swizzle(QUAD_PERM,3,2,1,0)
ds_swizzle_b32 v0, v1 offset:swizzle(REVERSE,8)
ds_swizzle_b32 v0, v1 offset:swizzle(BROADCAST,4,1)
ds_swizzle_b32 v0, v1 offset:swizzle(BITMASK_PERM,"10i0p")
ds_swizzle_b32 v0, v1 offset:0x9000
ds_swizzle_b32 v0, v1
ds_permute_b32 v0, v1, v2 offset:4
ds_append v0 gds
ds_gws_sema_v gds
ds_gws_sema_br v0 gds
ds_gws_sema_p gds
ds_gws_sema_release_all gds
ds_ordered_count v0, v1 gds
v_add_co_u32_e64 v0, s[0:1], s1, -1
v_sub_co_u32_e64 v0, vcc, 0.5, v1
v_subrev_co_u32 v0, vcc, s1, v1
v_addc_co_u32 v0, vcc, 5, v1, vcc
v_mac_f16 v0, v1, v2
v_mac_f16_e64 v0, -v1, v2 clamp
v_madak_f32 v0, 2.0, v2, 0x1
v_madmk_f16 v0, v1, 0x3800, v2
v_bfi_b32 v0, s1, v2, -1
v_lerp_u8 v0, v1, v2, 0
v_alignbyte_b32 v0, v1, s2, 3
v_cvt_pk_i16_i32 v0, v1, v2
v_min_f64 v[0:1], v[2:3], 0.5 mul:2
v_max_f64 v[0:1], -s[2:3], -4.0 clamp
v_div_fmas_f64 v[0:1], v[2:3], v[4:5], v[6:7] clamp
v_div_fixup_f64 v[0:1], -v[2:3], |v[4:5]|, 1.0
v_lshrrev_b64 v[0:1], s2, v[2:3]
v_ashrrev_i64 v[0:1], v2, 1
v_mul_hi_i32 v0, -1, v2
v_mad_u32_u16 v0, v1, v2, v3 op_sel:[1,1,0,0]
v_mad_i32_i16 v0, v1, v2, v3 op_sel:[0,1,0,0] clamp
v_xad_u32 v0, v1, 64, s2
v_sad_u16 v0, v1, v2, v3 clamp
v_cvt_pkaccum_u8_f32 v0, v1, v2
v_bfm_b32 v0, 31, 1
v_ldexp_f32 v0, -v1, s2 clamp mul:4
v_mbcnt_lo_u32_b32 v0, -1, s0
v_mov_b32 v0, src_lds_direct
v_writelane_b32 v0, 0, 63
v_readlane_b32 vcc_lo, v1, s2
v_readlane_b32 m0, v1, 63
v_swap_b32 v255, v0
v_mov_b32 v0, v1
ds_and_b64 v2, v[4:5]
ds_and_rtn_b32 v0, v2, v4 offset:8
ds_and_rtn_b64 v[0:1], v2, v[4:5] offset:8
ds_cmpst_b64 v2, v[4:5], v[6:7]
ds_cmpst_f64 v2, v[4:5], v[6:7]
ds_dec_rtn_u32 v0, v2, v4 offset:8
ds_dec_rtn_u64 v[0:1], v2, v[4:5] offset:8
ds_dec_u32 v2, v4
ds_dec_u64 v2, v[4:5]
ds_inc_rtn_u32 v0, v2, v4 offset:8
ds_inc_u64 v2, v[4:5]
ds_max_f32 v2, v4
ds_max_i32 v2, v4
ds_max_i64 v2, v[4:5]
ds_max_rtn_f32 v0, v2, v4 offset:8
ds_max_rtn_i32 v0, v2, v4 offset:8
ds_max_rtn_i64 v[0:1], v2, v[4:5] offset:8
ds_max_rtn_u32 v0, v2, v4 offset:8
ds_max_rtn_u64 v[0:1], v2, v[4:5] offset:8
ds_max_u64 v2, v[4:5]
ds_min_f64 v2, v[4:5]
ds_min_i64 v2, v[4:5]
ds_min_rtn_f64 v[0:1], v2, v[4:5] offset:8
ds_min_rtn_i32 v0, v2, v4 offset:8
ds_min_rtn_i64 v[0:1], v2, v[4:5] offset:8
ds_min_rtn_u32 v0, v2, v4 offset:8
ds_min_rtn_u64 v[0:1], v2, v[4:5] offset:8
ds_min_u32 v2, v4
ds_min_u64 v2, v[4:5]
ds_mskor_b64 v2, v[4:5], v[6:7]
ds_or_b64 v2, v[4:5]
ds_or_rtn_b32 v0, v2, v4 offset:8
ds_or_rtn_b64 v[0:1], v2, v[4:5] offset:8
ds_read_i8_d16 v0, v1 offset:2
ds_read_u8_d16_hi v0, v1 offset:2
ds_rsub_rtn_u32 v0, v2, v4 offset:8
ds_rsub_rtn_u64 v[0:1], v2, v[4:5] offset:8
ds_rsub_u32 v2, v4
ds_rsub_u64 v2, v[4:5]
ds_sub_rtn_u32 v0, v2, v4 offset:8
ds_sub_rtn_u64 v[0:1], v2, v[4:5] offset:8
ds_sub_u64 v2, v[4:5]
ds_xor_b64 v2, v[4:5]
ds_xor_rtn_b32 v0, v2, v4 offset:8
ds_xor_rtn_b64 v[0:1], v2, v[4:5] offset:8
flat_atomic_add_x2 v[0:1], v[2:3], v[4:5] glc
flat_atomic_add_x2 v[2:3], v[4:5] offset:8
flat_atomic_and v0, v[2:3], v4 glc
flat_atomic_and v[2:3], v4 offset:8
flat_atomic_and_x2 v[0:1], v[2:3], v[4:5] glc
flat_atomic_and_x2 v[2:3], v[4:5] offset:8
flat_atomic_dec v0, v[2:3], v4 glc
flat_atomic_dec v[2:3], v4 offset:8
flat_atomic_dec_x2 v[0:1], v[2:3], v[4:5] glc
flat_atomic_dec_x2 v[2:3], v[4:5] offset:8
flat_atomic_inc v0, v[2:3], v4 glc
flat_atomic_inc v[2:3], v4 offset:8
flat_atomic_or v0, v[2:3], v4 glc
flat_atomic_or v[2:3], v4 offset:8
flat_atomic_or_x2 v[0:1], v[2:3], v[4:5] glc
flat_atomic_or_x2 v[2:3], v[4:5] offset:8
flat_atomic_smax v0, v[2:3], v4 glc
flat_atomic_smax v[2:3], v4 offset:8
flat_atomic_smin v0, v[2:3], v4 glc
flat_atomic_smin v[2:3], v4 offset:8
flat_atomic_smin_x2 v[0:1], v[2:3], v[4:5] glc
flat_atomic_smin_x2 v[2:3], v[4:5] offset:8
flat_atomic_sub v0, v[2:3], v4 glc
flat_atomic_sub v[2:3], v4 offset:8
flat_atomic_sub_x2 v[0:1], v[2:3], v[4:5] glc
flat_atomic_sub_x2 v[2:3], v[4:5] offset:8
flat_atomic_swap v0, v[2:3], v4 glc
flat_atomic_swap v[2:3], v4 offset:8
flat_atomic_umax_x2 v[0:1], v[2:3], v[4:5] glc
flat_atomic_umax_x2 v[2:3], v[4:5] offset:8
flat_atomic_umin v0, v[2:3], v4 glc
flat_atomic_umin v[2:3], v4 offset:8
flat_atomic_umin_x2 v[0:1], v[2:3], v[4:5] glc
flat_atomic_umin_x2 v[2:3], v[4:5] offset:8
flat_atomic_xor v0, v[2:3], v4 glc
flat_atomic_xor v[2:3], v4 offset:8
flat_atomic_xor_x2 v[0:1], v[2:3], v[4:5] glc
flat_atomic_xor_x2 v[2:3], v[4:5] offset:8
flat_load_sbyte_d16 v0, v[1:2]
flat_load_ubyte_d16_hi v0, v[1:2]
flat_store_byte_d16_hi v[0:1], v2
s_endpgm_ordered_ps_done
s_ttracedata
s_wakeup
v_add_i16 v0, v1, v2
v_add_i32 v0, v1, v2
v_cvt_pknorm_u16_f32 v0, v1, v2
v_mqsad_u32_u8 v[0:3], v[4:5], v6, v[8:11]
v_pk_add_i16 v0, v1, v2
v_pk_lshrrev_b16 v0, v1, v2
v_pk_max_f16 v0, v1, v2
v_pk_max_u16 v0, v1, v2
v_pk_min_f16 v0, v1, v2
v_pk_min_i16 v0, v1, v2
v_pk_min_u16 v0, v1, v2
v_pk_sub_i16 v0, v1, v2
v_sub_i16 v0, v1, v2
v_sub_i32 v0, v1, v2
s_mov_b64 s[0:1], 0xfffffff0
s_mov_b64 s[0:1], 0x80000000
s_ashr_i64 s[0:1], 0x80000000, s2
s_and_b64 s[0:1], s[2:3], 0x7fffffff
s_bfe_i64 s[0:1], 0x12345678, s2
v_cmp_eq_u64 vcc, 0x12345, v[0:1]
v_cmp_lt_i64 vcc, 0xfffffff0, v[0:1]
v_cmp_lt_f64 vcc, 0x40490000, v[0:1]
v_cvt_f32_f64 v0, 0x40490000
v_mov_b32 v0, 0xffff
v_mov_b32 v0, 0xffffffff
v_add_u16 v0, 0xffff, v1
v_add_u16 v0, 0x8000, v1
v_add_f16 v0, 0xffff, v1
v_add_f16 v0, 0x7c00, v1
v_cvt_f32_f16 v0, 0x8000
v_mul_lo_u16 v0, 0x41, v1
v_pk_add_f16 v0, 0x3c00, v1
s_add_u32 s0, s1, 0xfffffff0
s_movk_i32 s0, 0x7fff
s_cmpk_lg_i32 s0, 0x8001
s_addk_i32 s0, 0xffff
v_mov_b32 v0, 0.15915494
v_lshlrev_b64 v[0:1], 0x11, v[2:3]
v_lshlrev_b16 v0, 0x11, v1
s_lshl_b32 s0, 0x11, s1
// MIMG: every gfx9 opcode LLVM 14 knows, and the modifiers
image_load v[0:3], v[4:5], s[8:15] dmask:0xf unorm glc slc da
image_load v0, v[4:5], s[8:15] dmask:0x1 d16
image_load_mip v[0:3], v[4:7], s[8:15] dmask:0xf
image_load_pck v0, v[4:5], s[8:15] dmask:0x1
image_load_pck_sgn v0, v[4:5], s[8:15] dmask:0x1
image_load_mip_pck v0, v[4:5], s[8:15] dmask:0x1
image_load_mip_pck_sgn v0, v[4:5], s[8:15] dmask:0x1
image_store v[0:3], v[4:5], s[8:15] dmask:0xf unorm
image_store_mip v[0:3], v[4:7], s[8:15] dmask:0xf unorm
image_store_pck v0, v[4:5], s[8:15] dmask:0x1
image_store_mip_pck v0, v[4:5], s[8:15] dmask:0x1
image_get_resinfo v[0:3], v4, s[8:15] dmask:0xf
image_atomic_swap v0, v[4:5], s[8:15] dmask:0x1 unorm glc
image_atomic_cmpswap v[0:1], v[4:5], s[8:15] dmask:0x3 unorm glc
image_atomic_add v0, v[4:5], s[8:15] dmask:0x1 unorm
image_atomic_sub v0, v[4:5], s[8:15] dmask:0x1 unorm
image_atomic_smin v0, v[4:5], s[8:15] dmask:0x1 unorm
image_atomic_umin v0, v[4:5], s[8:15] dmask:0x1 unorm
image_atomic_smax v0, v[4:5], s[8:15] dmask:0x1 unorm
image_atomic_umax v0, v[4:5], s[8:15] dmask:0x1 unorm
image_atomic_and v0, v[4:5], s[8:15] dmask:0x1 unorm
image_atomic_or v0, v[4:5], s[8:15] dmask:0x1 unorm
image_atomic_xor v0, v[4:5], s[8:15] dmask:0x1 unorm
image_atomic_inc v0, v[4:5], s[8:15] dmask:0x1 unorm
image_atomic_dec v0, v[4:5], s[8:15] dmask:0x1 unorm
image_sample v[0:3], v[4:5], s[8:15], s[16:19] dmask:0xf
image_get_lod v[0:1], v[4:5], s[8:15], s[16:19] dmask:0x3
image_gather4 v[0:3], v[4:5], s[8:15], s[16:19] dmask:0x1
image_sample v0, v4, s[8:15], s[16:19] dmask:0x1
image_sample_cl v0, v4, s[8:15], s[16:19] dmask:0x1
image_sample_d v0, v[4:5], s[8:15], s[16:19] dmask:0x1
image_sample_d_cl v0, v[4:5], s[8:15], s[16:19] dmask:0x1
image_sample_l v0, v4, s[8:15], s[16:19] dmask:0x1
image_sample_b v0, v[4:5], s[8:15], s[16:19] dmask:0x1
image_sample_b_cl v0, v[4:5], s[8:15], s[16:19] dmask:0x1
image_sample_lz v0, v4, s[8:15], s[16:19] dmask:0x1
image_sample_c v0, v[4:5], s[8:15], s[16:19] dmask:0x1
image_sample_c_cl v0, v[4:5], s[8:15], s[16:19] dmask:0x1
image_sample_c_d v0, v[4:6], s[8:15], s[16:19] dmask:0x1
image_sample_c_d_cl v0, v[4:6], s[8:15], s[16:19] dmask:0x1
image_sample_c_l v0, v[4:5], s[8:15], s[16:19] dmask:0x1
image_sample_c_b v0, v[4:6], s[8:15], s[16:19] dmask:0x1
image_sample_c_b_cl v0, v[4:6], s[8:15], s[16:19] dmask:0x1
image_sample_c_lz v0, v[4:5], s[8:15], s[16:19] dmask:0x1
image_sample_o v0, v[4:5], s[8:15], s[16:19] dmask:0x1
image_sample_cl_o v0, v[4:5], s[8:15], s[16:19] dmask:0x1
image_sample_d_o v0, v[4:6], s[8:15], s[16:19] dmask:0x1
image_sample_d_cl_o v0, v[4:6], s[8:15], s[16:19] dmask:0x1
image_sample_l_o v0, v[4:5], s[8:15], s[16:19] dmask:0x1
image_sample_b_o v0, v[4:6], s[8:15], s[16:19] dmask:0x1
image_sample_b_cl_o v0, v[4:6], s[8:15], s[16:19] dmask:0x1
image_sample_lz_o v0, v[4:5], s[8:15], s[16:19] dmask:0x1
image_sample_c_o v0, v[4:6], s[8:15], s[16:19] dmask:0x1
image_sample_c_cl_o v0, v[4:6], s[8:15], s[16:19] dmask:0x1
image_sample_c_d_o v0, v[4:7], s[8:15], s[16:19] dmask:0x1
image_sample_c_d_cl_o v0, v[4:7], s[8:15], s[16:19] dmask:0x1
image_sample_c_l_o v0, v[4:6], s[8:15], s[16:19] dmask:0x1
image_sample_c_b_o v0, v[4:7], s[8:15], s[16:19] dmask:0x1
image_sample_c_b_cl_o v0, v[4:7], s[8:15], s[16:19] dmask:0x1
image_sample_c_lz_o v0, v[4:6], s[8:15], s[16:19] dmask:0x1
image_gather4 v[0:3], v4, s[8:15], s[16:19] dmask:0x1
image_gather4_cl v[0:3], v4, s[8:15], s[16:19] dmask:0x1
image_gather4_l v[0:3], v4, s[8:15], s[16:19] dmask:0x1
image_gather4_b v[0:3], v[4:5], s[8:15], s[16:19] dmask:0x1
image_gather4_b_cl v[0:3], v[4:5], s[8:15], s[16:19] dmask:0x1
image_gather4_lz v[0:3], v4, s[8:15], s[16:19] dmask:0x1
image_gather4_c v[0:3], v[4:5], s[8:15], s[16:19] dmask:0x1
image_gather4_c_cl v[0:3], v[4:5], s[8:15], s[16:19] dmask:0x1
image_gather4_c_l v[0:3], v[4:5], s[8:15], s[16:19] dmask:0x1
image_gather4_c_b v[0:3], v[4:6], s[8:15], s[16:19] dmask:0x1
image_gather4_c_b_cl v[0:3], v[4:6], s[8:15], s[16:19] dmask:0x1
image_gather4_c_lz v[0:3], v[4:5], s[8:15], s[16:19] dmask:0x1
image_gather4_o v[0:3], v[4:5], s[8:15], s[16:19] dmask:0x1
image_gather4_cl_o v[0:3], v[4:5], s[8:15], s[16:19] dmask:0x1
image_gather4_l_o v[0:3], v[4:5], s[8:15], s[16:19] dmask:0x1
image_gather4_b_o v[0:3], v[4:6], s[8:15], s[16:19] dmask:0x1
image_gather4_b_cl_o v[0:3], v[4:6], s[8:15], s[16:19] dmask:0x1
image_gather4_lz_o v[0:3], v[4:5], s[8:15], s[16:19] dmask:0x1
image_gather4_c_o v[0:3], v[4:6], s[8:15], s[16:19] dmask:0x1
image_gather4_c_cl_o v[0:3], v[4:6], s[8:15], s[16:19] dmask:0x1
image_gather4_c_l_o v[0:3], v[4:6], s[8:15], s[16:19] dmask:0x1
image_gather4_c_b_o v[0:3], v[4:7], s[8:15], s[16:19] dmask:0x1
image_gather4_c_b_cl_o v[0:3], v[4:7], s[8:15], s[16:19] dmask:0x1
image_gather4_c_lz_o v[0:3], v[4:6], s[8:15], s[16:19] dmask:0x1
image_get_lod v0, v4, s[8:15], s[16:19] dmask:0x1
image_sample_cd v0, v[4:5], s[8:15], s[16:19] dmask:0x1
image_sample_cd_cl v0, v[4:5], s[8:15], s[16:19] dmask:0x1
image_sample_c_cd v0, v[4:6], s[8:15], s[16:19] dmask:0x1
image_sample_c_cd_cl v0, v[4:6], s[8:15], s[16:19] dmask:0x1
image_sample_cd_o v0, v[4:6], s[8:15], s[16:19] dmask:0x1
image_sample_cd_cl_o v0, v[4:6], s[8:15], s[16:19] dmask:0x1
image_sample_c_cd_o v0, v[4:7], s[8:15], s[16:19] dmask:0x1
image_sample_c_cd_cl_o v0, v[4:7], s[8:15], s[16:19] dmask:0x1
image_load v[0:2], v4, s[8:15] dmask:0xf unorm glc slc a16 tfe lwe da d16
image_load v[0:2], v4, s[8:15] dmask:0x7 tfe d16
image_store v[0:1], v4, s[8:15] dmask:0x5 lwe
image_atomic_cmpswap v[0:3], v4, s[8:15] dmask:0xf glc
image_gather4 v[0:1], v4, s[8:15], s[4:7] dmask:0x1 d16
image_gather4 v[0:4], v4, s[8:15], s[4:7] dmask:0x1 tfe
image_load v0, v4, s[8:15]
image_load_mip v[250:253], v[252:255], s[92:99] dmask:0xf da
image_get_resinfo v[0:1], v255, ttmp[8:15] dmask:0x9
image_sample v[0:2], v4, s[8:15], s[4:7] dmask:0xf tfe d16
image_atomic_umax v[10:11], v[4:6], s[12:19] dmask:0x3 unorm glc slc da
