// A kernel that does nothing: its dispatch exists only to complete and
// decrement the packet's completion signal.
__kernel void empty(void) {}
