// out[group] = the HW_ID register (s_getreg_b32 hwreg(HW_REG_HW_ID), all 32
// bits) of the group's first wave: where the GPU placed the workgroup (SE,
// shader array, CU), so tests can check the queue's CU mask.
kernel void record_hw_id(global unsigned int* out) {
  if (__builtin_amdgcn_workitem_id_x() == 0)
    out[__builtin_amdgcn_workgroup_id_x()] = __builtin_amdgcn_s_getreg(4 | (31 << 11));
}
