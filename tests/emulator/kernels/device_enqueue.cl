#include "device.h"
// Device-side enqueue onto another AQL queue, as a runtime's device queue
// does it: one work-item copies a 64-byte packet into the queue's ring,
// publishes it (the header dword last, with release), advances the
// queue's write index and rings its doorbell with the packet's index.
__kernel void device_enqueue(__global uint* slot, __global const uint* packet,
                             __global ulong* write_index, __global ulong* doorbell, ulong index) {
  if (get_global_id(0) != 0) return;
  for (int i = 1; i < 16; ++i) slot[i] = packet[i];
  __atomic_store_n(slot, packet[0], __ATOMIC_RELEASE);
  __atomic_store_n(write_index, index + 1, __ATOMIC_RELEASE);
  __atomic_store_n(doorbell, index, __ATOMIC_RELEASE);
}
