// The little of OpenCL C's built-in library that the corpus kernels use,
// written on clang's AMDGPU builtins. The kernels build with -cl-no-stdinc
// -nogpulib: Debian's ROCm device libraries target LLVM 15, not clang-14.
// Work-item functions read the AQL dispatch packet (HSA PRM 2.8) through
// the dispatch pointer, as ROCm's device libraries do.
#ifndef CORPUS_DEVICE_H
#define CORPUS_DEVICE_H

typedef unsigned char uchar;
typedef unsigned short ushort;
typedef unsigned int uint;
typedef unsigned long ulong;
typedef __SIZE_TYPE__ size_t;
typedef float float2 __attribute__((ext_vector_type(2)));
typedef float float4 __attribute__((ext_vector_type(4)));
typedef int int2 __attribute__((ext_vector_type(2)));
typedef int int4 __attribute__((ext_vector_type(4)));
typedef uint uint4 __attribute__((ext_vector_type(4)));
typedef uchar uchar4 __attribute__((ext_vector_type(4)));

#define CLK_LOCAL_MEM_FENCE 1
#define CLK_GLOBAL_MEM_FENCE 2
#define NULL ((void*)0)
#define INFINITY __builtin_inff()
#define NAN __builtin_nanf("")

#define DEV static inline
#define OVL static inline __attribute__((overloadable))

// fw_aql_kernel_dispatch_packet: setup at byte 2, workgroup sizes (u16) at
// bytes 4/6/8, grid sizes (u32) at bytes 12/16/20.
DEV const __constant ushort* packet16(void) {
  return (const __constant ushort*)__builtin_amdgcn_dispatch_ptr();
}
DEV const __constant uint* packet32(void) {
  return (const __constant uint*)__builtin_amdgcn_dispatch_ptr();
}

DEV uint get_work_dim(void) { return packet16()[1] & 3u; }
DEV size_t get_local_size(uint d) { return d < 3 ? packet16()[2 + d] : 1; }
DEV size_t get_global_size(uint d) { return d < 3 ? packet32()[3 + d] : 1; }

DEV size_t get_local_id(uint d) {
  switch (d) {
    case 0:
      return __builtin_amdgcn_workitem_id_x();
    case 1:
      return __builtin_amdgcn_workitem_id_y();
    case 2:
      return __builtin_amdgcn_workitem_id_z();
    default:
      return 0;
  }
}

DEV size_t get_group_id(uint d) {
  switch (d) {
    case 0:
      return __builtin_amdgcn_workgroup_id_x();
    case 1:
      return __builtin_amdgcn_workgroup_id_y();
    case 2:
      return __builtin_amdgcn_workgroup_id_z();
    default:
      return 0;
  }
}

DEV size_t get_num_groups(uint d) {
  size_t wg = get_local_size(d);
  return (get_global_size(d) + wg - 1) / wg;
}

// The harness never sets a global offset.
DEV size_t get_global_id(uint d) { return get_group_id(d) * get_local_size(d) + get_local_id(d); }

// Release what this work-item wrote, wait for the group, acquire the rest.
DEV void barrier(uint flags) {
  (void)flags;
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
  __builtin_amdgcn_s_barrier();
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
}

// OpenCL 1.2 atomics on plain pointers: relaxed, and system scope (the GNU
// builtins carry no scope), which is at least what OpenCL asks for.
#define CORPUS_ATOMIC(name, builtin)                         \
  OVL int name(volatile __global int* p, int v) {            \
    return builtin((__global int*)p, v, __ATOMIC_RELAXED);   \
  }                                                          \
  OVL uint name(volatile __global uint* p, uint v) {         \
    return builtin((__global uint*)p, v, __ATOMIC_RELAXED);  \
  }                                                          \
  OVL int name(volatile __local int* p, int v) {             \
    return builtin((__local int*)p, v, __ATOMIC_RELAXED);    \
  }                                                          \
  OVL uint name(volatile __local uint* p, uint v) {          \
    return builtin((__local uint*)p, v, __ATOMIC_RELAXED);   \
  }                                                          \
  OVL ulong name(volatile __global ulong* p, ulong v) {      \
    return builtin((__global ulong*)p, v, __ATOMIC_RELAXED); \
  }
CORPUS_ATOMIC(atomic_add, __atomic_fetch_add)
CORPUS_ATOMIC(atomic_sub, __atomic_fetch_sub)
CORPUS_ATOMIC(atomic_and, __atomic_fetch_and)
CORPUS_ATOMIC(atomic_or, __atomic_fetch_or)
CORPUS_ATOMIC(atomic_xor, __atomic_fetch_xor)
CORPUS_ATOMIC(atomic_min, __atomic_fetch_min)
CORPUS_ATOMIC(atomic_max, __atomic_fetch_max)
CORPUS_ATOMIC(atomic_xchg, __atomic_exchange_n)

OVL uint atomic_cmpxchg(volatile __global uint* p, uint cmp, uint v) {
  __atomic_compare_exchange_n((__global uint*)p, &cmp, v, false, __ATOMIC_RELAXED,
                              __ATOMIC_RELAXED);
  return cmp;
}
OVL uint atomic_cmpxchg(volatile __local uint* p, uint cmp, uint v) {
  __atomic_compare_exchange_n((__local uint*)p, &cmp, v, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
  return cmp;
}

// Math and integer functions that map onto one LLVM intrinsic each.
OVL float sqrt(float x) { return __builtin_sqrtf(x); }
OVL double sqrt(double x) { return __builtin_sqrt(x); }
OVL float fma(float a, float b, float c) { return __builtin_fmaf(a, b, c); }
OVL double fma(double a, double b, double c) { return __builtin_fma(a, b, c); }
OVL float fmin(float a, float b) { return __builtin_fminf(a, b); }
OVL float fmax(float a, float b) { return __builtin_fmaxf(a, b); }
OVL double fmin(double a, double b) { return __builtin_fmin(a, b); }
OVL double fmax(double a, double b) { return __builtin_fmax(a, b); }
OVL float fabs(float x) { return __builtin_fabsf(x); }
OVL double fabs(double x) { return __builtin_fabs(x); }
OVL float floor(float x) { return __builtin_floorf(x); }
OVL float ceil(float x) { return __builtin_ceilf(x); }
OVL float trunc(float x) { return __builtin_truncf(x); }
OVL double floor(double x) { return __builtin_floor(x); }
OVL float copysign(float a, float b) { return __builtin_copysignf(a, b); }
OVL uint popcount(uint x) { return __builtin_popcount(x); }
OVL ulong popcount(ulong x) { return __builtin_popcountl(x); }
OVL uint clz(uint x) { return x ? __builtin_clz(x) : 32u; }
OVL ulong clz(ulong x) { return x ? __builtin_clzl(x) : 64u; }
OVL uint ctz(uint x) { return x ? __builtin_ctz(x) : 32u; }
OVL uint rotate(uint x, uint n) { return (x << (n & 31)) | (x >> ((32 - n) & 31)); }
OVL uint mul_hi(uint a, uint b) { return (uint)(((ulong)a * b) >> 32); }
OVL int mul_hi(int a, int b) { return (int)(((long)a * b) >> 32); }
OVL int min(int a, int b) { return a < b ? a : b; }
OVL int max(int a, int b) { return a > b ? a : b; }
OVL uint min(uint a, uint b) { return a < b ? a : b; }
OVL uint max(uint a, uint b) { return a > b ? a : b; }
OVL int clamp(int x, int lo, int hi) { return min(max(x, lo), hi); }
OVL int abs_diff(int a, int b) { return a > b ? a - b : b - a; }
DEV uint bitreverse32(uint x) { return __builtin_bitreverse32(x); }

// Images: clang-14 lowers an image argument to a pointer to its 256-bit
// T# (what ROCr's image handles hold), but its builtin library lives in the
// device libraries we cannot link. read_imageui/write_imageui on
// image2d_t with integer coordinates are therefore written as the
// image_load/image_store LLVM emits for them (ROCm-Device-Libs'
// __ockl_image_load_2D/__ockl_image_store_2D: dmask 0xf, unorm).
// The T#'s address goes in as two VGPRs (where -O0 keeps every value),
// becomes uniform with v_readfirstlane, and the T# is loaded into s[40:47]
// inside the same asm, so the kernel's own registers are untouched.
#define IMAGE_ADDR_LO(img) ((uint)(ulong)__builtin_astype(img, __constant uint*))
#define IMAGE_ADDR_HI(img) ((uint)((ulong)__builtin_astype(img, __constant uint*) >> 32))
#define IMAGE_TSHARP_ASM                     \
  "v_readfirstlane_b32 s40, %[lo]\n"         \
  "v_readfirstlane_b32 s41, %[hi]\n"         \
  "s_load_dwordx8 s[40:47], s[40:41], 0x0\n" \
  "s_waitcnt lgkmcnt(0)\n"
#define IMAGE_CLOBBERS "s40", "s41", "s42", "s43", "s44", "s45", "s46", "s47", "memory"

OVL uint4 read_imageui(read_only image2d_t img, int2 coord) {
  uint4 v;
  __asm__ volatile(IMAGE_TSHARP_ASM
                   "image_load %[v], %[c], s[40:47] dmask:0xf unorm\n"
                   "s_waitcnt vmcnt(0)"
                   : [v] "=&v"(v)
                   : [c] "v"(coord), [lo] "v"(IMAGE_ADDR_LO(img)), [hi] "v"(IMAGE_ADDR_HI(img))
                   : IMAGE_CLOBBERS);
  return v;
}

OVL void write_imageui(write_only image2d_t img, int2 coord, uint4 v) {
  __asm__ volatile(
      IMAGE_TSHARP_ASM
      "image_store %[v], %[c], s[40:47] dmask:0xf unorm\n"
      "s_waitcnt vmcnt(0)"
      :
      : [v] "v"(v), [c] "v"(coord), [lo] "v"(IMAGE_ADDR_LO(img)), [hi] "v"(IMAGE_ADDR_HI(img))
      : IMAGE_CLOBBERS);
}

#endif  // CORPUS_DEVICE_H
