#include "device.h"
// Every work-item takes a ticket with a compare-and-swap loop.
__kernel void atomic_cas_counter(__global uint* counter, __global uint* tickets) {
  uint old, seen;
  do {
    old = *(volatile __global uint*)counter;
    seen = atomic_cmpxchg(counter, old, old + 1);
  } while (seen != old);
  tickets[get_global_id(0)] = old;
}
