// out[i] = a * in[i] + b over a 1-D grid. The global id is built from the
// dispatch packet's workgroup size, so the kernel also checks that the CP
// hands it the packet of its queue slot.
kernel void axpb(global int* out, global const int* in, int a, int b) {
  const __constant unsigned short* pkt = (const __constant unsigned short*)__builtin_amdgcn_dispatch_ptr();
  const unsigned i = __builtin_amdgcn_workgroup_id_x() * pkt[2] + __builtin_amdgcn_workitem_id_x();
  out[i] = a * in[i] + b;
}
