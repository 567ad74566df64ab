// Kernels that end in ROCr's trap handler (trap_rocr_test.cpp): llvm.trap
// (s_trap 2) and an instruction word gfx9 does not define; and one that
// runs clean, to show the process goes on after the queue errors.

// The global id from the dispatch packet's workgroup size (no OpenCL
// library here).
static unsigned gid(void) {
  const __constant unsigned short* pkt =
      (const __constant unsigned short*)__builtin_amdgcn_dispatch_ptr();
  return __builtin_amdgcn_workgroup_id_x() * pkt[2] + __builtin_amdgcn_workitem_id_x();
}

// Every work-item stores 1, then work-item 3 aborts (its wave traps).
kernel void store_then_trap(global int* out) {
  out[gid()] = 1;
  if (gid() == 3) __builtin_trap();
}

// 0xbf9f0000 is SOPP opcode 31, undefined on gfx9.
kernel void illegal_instruction(global int* out) {
  out[gid()] = 1;
  __asm__ volatile(".long 0xbf9f0000");
  out[gid()] = 2;
}

kernel void store_linear(global int* out) {
  const int i = gid();
  out[i] = 3 * i + 1;
}
