// The kernels dispatch_test.c runs through /dev/kfd, built by clang-14 for
// gfx900 into one code object (tests/kselftest/CMakeLists.txt). Work-item
// ids come from the emulator corpus's device.h (-cl-no-stdinc -nogpulib).
#include "device.h"

// out[i] = in[i] * 3 + i: every output depends on its input and its index,
// so a lost, doubled or misplaced work-item shows.
__kernel void scale3(__global const uint* in, __global uint* out) {
  size_t i = get_global_id(0);
  out[i] = in[i] * 3u + (uint)i;
}

// Stores v at p[i]: given an address the process never mapped, the GPU
// faults there.
__kernel void store_to(__global uint* p, uint v) { p[get_global_id(0)] = v; }

// Says it runs (p[0] = 1, waited for), then branches to itself for ever:
// only a queue teardown, the process's death or the device's ends it.
__kernel void spin(__global uint* p) {
  p[0] = 1;
  __asm__ volatile("s_waitcnt vmcnt(0)\n1:\n\ts_branch 1b" ::: "memory");
}
