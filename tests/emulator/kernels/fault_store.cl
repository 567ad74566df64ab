#include "device.h"
// Stores through whatever pointer it is given: the fault tests pass an
// unmapped one.
__kernel void fault_store(__global uint* p) { p[get_global_id(0)] = 0xdeadbeefu; }
