// The runtime's blit kernels: what hsa_amd_memory_async_copy and
// hsa_amd_memory_fill run on a GPU without a DMA engine. Every kernel is a
// grid-stride loop, so the runtime may launch fewer work-items than there
// are elements (it caps the grid). Work-items below a small count also do
// the odd head and tail elements that do not fill a 16-byte vector.
// Built with -cl-no-stdinc: the types and the work-item ids come from
// clang's builtins (the ids from the dispatch packet, 1-D grids only).

typedef unsigned char uchar;
typedef unsigned int uint;
typedef unsigned long ulong;
typedef uint uint4 __attribute__((ext_vector_type(4)));

// The hsa_kernel_dispatch_packet_t of this dispatch.
static inline const __constant uint* packet(void) {
  return (const __constant uint*)__builtin_amdgcn_dispatch_ptr();
}
static inline ulong global_id(void) {
  const ulong group_size = packet()[1] & 0xffff;  // workgroup_size_x
  return __builtin_amdgcn_workgroup_id_x() * group_size + __builtin_amdgcn_workitem_id_x();
}
static inline ulong global_size(void) { return packet()[3]; }  // grid_size_x

// Both pointers share their offset within 16 bytes: `head` bytes bring them
// to 16-byte alignment, then whole uint4 vectors, then the tail bytes.
__kernel void blit_copy_aligned(__global uchar* dst, __global const uchar* src, ulong size,
                                ulong head) {
  const ulong gid = global_id();
  const ulong stride = global_size();
  if (gid < head) dst[gid] = src[gid];
  const ulong vectors = (size - head) / 16;
  __global uint4* vd = (__global uint4*)(dst + head);
  __global const uint4* vs = (__global const uint4*)(src + head);
  for (ulong i = gid; i < vectors; i += stride) vd[i] = vs[i];
  const ulong tail_start = head + vectors * 16;
  if (gid < size - tail_start) dst[tail_start + gid] = src[tail_start + gid];
}

// Pointers with different offsets within 16 bytes: `head` bytes bring the
// destination to 16-byte alignment; each destination vector is then built
// from the aligned source dwords that hold its bytes, shifted into place
// (only dwords holding a wanted byte are read, so nothing outside the
// source's pages is touched); the tail is copied by bytes.
__kernel void blit_copy_unaligned(__global uchar* dst, __global const uchar* src, ulong size,
                                  ulong head) {
  const ulong gid = global_id();
  const ulong stride = global_size();
  if (gid < head) dst[gid] = src[gid];
  const ulong vectors = (size - head) / 16;
  __global uint4* vd = (__global uint4*)(dst + head);
  const ulong s = (ulong)(src + head);
  const uint shift = (uint)(s & 3) * 8;
  __global const uint* ws = (__global const uint*)(s & ~(ulong)3);
  for (ulong i = gid; i < vectors; i += stride) {
    __global const uint* w = ws + i * 4;
    uint4 v;
    if (shift == 0) {
      v = (uint4)(w[0], w[1], w[2], w[3]);
    } else {
      const uint w0 = w[0], w1 = w[1], w2 = w[2], w3 = w[3], w4 = w[4];
      v.x = (w0 >> shift) | (w1 << (32 - shift));
      v.y = (w1 >> shift) | (w2 << (32 - shift));
      v.z = (w2 >> shift) | (w3 << (32 - shift));
      v.w = (w3 >> shift) | (w4 << (32 - shift));
    }
    vd[i] = v;
  }
  const ulong tail_start = head + vectors * 16;
  if (gid < size - tail_start) dst[tail_start + gid] = src[tail_start + gid];
}

// `count` dwords of `value` from a 4-byte aligned pointer: `head` dwords up
// to 16-byte alignment, then uint4 vectors, then up to 3 tail dwords.
__kernel void blit_fill(__global uint* dst, uint value, ulong count, ulong head) {
  const ulong gid = global_id();
  const ulong stride = global_size();
  if (gid < head) dst[gid] = value;
  const ulong vectors = (count - head) / 4;
  __global uint4* vd = (__global uint4*)(dst + head);
  for (ulong i = gid; i < vectors; i += stride) vd[i] = (uint4)(value);
  const ulong tail_start = head + vectors * 4;
  if (gid < count - tail_start) dst[tail_start + gid] = value;
}
