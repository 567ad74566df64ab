// The smallest kernel: one s_endpgm. Dispatching it measures the queue,
// the command processor and the completion signal, nothing else.
__kernel void empty(void) {}
