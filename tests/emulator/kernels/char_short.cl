#include "device.h"
__kernel void char_short(__global const uchar* a, __global const short* b, __global uchar* oc,
                         __global short* os, __global int* oi) {
  size_t i = get_global_id(0);
  uchar c = a[i];
  short s = b[i];
  oc[i] = (uchar)(c * 3 + 7);
  os[i] = (short)(s * s - 5);
  oi[i] = (int)(char)c + s;
}
