// Builds SDMA v4 packet streams the way ROCr's blit code and the amdgpu
// driver lay them out, for the engine and thunk tests.
#pragma once

#include <cstdint>
#include <vector>

#include "sdma_packets.h"

namespace sdma_test {

inline uint32_t lo(uint64_t v) { return static_cast<uint32_t>(v); }
inline uint32_t hi(uint64_t v) { return static_cast<uint32_t>(v >> 32); }

class Stream {
 public:
  const std::vector<uint32_t>& dwords() const { return dw_; }
  size_t bytes() const { return dw_.size() * 4; }

  void copy(uint64_t dst, uint64_t src, uint32_t bytes) {
    put({FW_SDMA_HEADER(FW_SDMA_OP_COPY, FW_SDMA_SUBOP_COPY_LINEAR),
         FW_FIELD_PREP(FW_SDMA_COPY_LINEAR_COUNT, bytes - 1), 0, lo(src), hi(src), lo(dst),
         hi(dst)});
  }
  // A width x height x depth box of 1 << log2_element byte elements;
  // offsets, pitches (row, slice) in elements.
  struct Surface {
    uint64_t base;
    uint32_t x, y, z, pitch, slice_pitch;
  };
  void copy_sub_window(const Surface& dst, const Surface& src, uint32_t width, uint32_t height,
                       uint32_t depth, uint32_t log2_element) {
    put({FW_SDMA_HEADER(FW_SDMA_OP_COPY, FW_SDMA_SUBOP_COPY_LINEAR_SUB_WINDOW) |
         FW_FIELD_PREP(FW_SDMA_SUB_WINDOW_HEADER_ELEMENTSIZE, log2_element)});
    for (const Surface* s : {&src, &dst}) {
      put({lo(s->base), hi(s->base),
           FW_FIELD_PREP(FW_SDMA_SUB_WINDOW_X, s->x) | FW_FIELD_PREP(FW_SDMA_SUB_WINDOW_Y, s->y),
           FW_FIELD_PREP(FW_SDMA_SUB_WINDOW_Z, s->z) |
               FW_FIELD_PREP(FW_SDMA_SUB_WINDOW_PITCH, s->pitch - 1),
           FW_FIELD_PREP(FW_SDMA_SUB_WINDOW_SLICE_PITCH, s->slice_pitch - 1)});
    }
    put({FW_FIELD_PREP(FW_SDMA_SUB_WINDOW_RECT_X, width - 1) |
             FW_FIELD_PREP(FW_SDMA_SUB_WINDOW_RECT_Y, height - 1),
         FW_FIELD_PREP(FW_SDMA_SUB_WINDOW_RECT_Z, depth - 1)});
  }
  void write(uint64_t dst, const std::vector<uint32_t>& data) {
    put({FW_SDMA_HEADER(FW_SDMA_OP_WRITE, FW_SDMA_SUBOP_WRITE_LINEAR), lo(dst), hi(dst),
         FW_FIELD_PREP(FW_SDMA_WRITE_UNTILED_COUNT, data.size() - 1)});
    put(data);
  }
  void fence(uint64_t addr, uint32_t value) {
    put({FW_SDMA_HEADER(FW_SDMA_OP_FENCE, 0), lo(addr), hi(addr), value});
  }
  void trap(uint32_t context) {
    put({FW_SDMA_HEADER(FW_SDMA_OP_TRAP, 0), FW_FIELD_PREP(FW_SDMA_TRAP_INT_CONTEXT, context)});
  }
  void poll(uint64_t addr, uint32_t ref, uint32_t mask, uint32_t func) {
    put({FW_SDMA_HEADER(FW_SDMA_OP_POLL_REGMEM, 0) |
             FW_FIELD_PREP(FW_SDMA_POLL_REGMEM_HEADER_FUNC, func) |
             FW_FIELD_PREP(FW_SDMA_POLL_REGMEM_HEADER_MEM_POLL, 1),
         lo(addr), hi(addr), ref, mask,
         FW_FIELD_PREP(FW_SDMA_POLL_REGMEM_INTERVAL, 0x10) |
             FW_FIELD_PREP(FW_SDMA_POLL_REGMEM_RETRY_COUNT, FW_SDMA_POLL_REGMEM_RETRY_FOREVER)});
  }
  // ROCr's HDP flush: a register POLL_REGMEM with the flush bit.
  void hdp_flush() {
    put({FW_SDMA_HEADER(FW_SDMA_OP_POLL_REGMEM, 0) |
             FW_FIELD_PREP(FW_SDMA_POLL_REGMEM_HEADER_HDP_FLUSH, 1) |
             FW_FIELD_PREP(FW_SDMA_POLL_REGMEM_HEADER_FUNC, FW_SDMA_FUNC_EQ),
         0x1fd4 << 2, 0x1fd5 << 2, 1, 1,
         FW_FIELD_PREP(FW_SDMA_POLL_REGMEM_INTERVAL, 10) |
             FW_FIELD_PREP(FW_SDMA_POLL_REGMEM_RETRY_COUNT, FW_SDMA_POLL_REGMEM_RETRY_FOREVER)});
  }
  // ROCr's HDP flush: a fixed register poll with function "always".
  void rocr_hdp_flush() {
    put({FW_SDMA_HEADER(FW_SDMA_OP_POLL_REGMEM, 0), 0, 0x80000000u, 0, 0, 0});
  }
  // fillsize: log2 of the unit (2 = dwords, as ROCr fills).
  void fill(uint64_t dst, uint32_t value, uint32_t bytes, uint32_t fillsize = 2) {
    put({FW_SDMA_HEADER(FW_SDMA_OP_CONST_FILL, 0) |
             FW_FIELD_PREP(FW_SDMA_CONST_FILL_HEADER_FILLSIZE, fillsize),
         lo(dst), hi(dst), value, FW_FIELD_PREP(FW_SDMA_CONST_FILL_COUNT, bytes - 1)});
  }
  void atomic(uint32_t operation, uint64_t addr, uint64_t src, uint64_t cmp = 0,
              bool loop = false) {
    put({FW_SDMA_HEADER(FW_SDMA_OP_ATOMIC, 0) |
             FW_FIELD_PREP(FW_SDMA_ATOMIC_HEADER_LOOP, loop ? 1 : 0) |
             FW_FIELD_PREP(FW_SDMA_ATOMIC_HEADER_OPERATION, operation),
         lo(addr), hi(addr), lo(src), hi(src), lo(cmp), hi(cmp),
         FW_FIELD_PREP(FW_SDMA_ATOMIC_LOOP_INTERVAL, 0x10)});
  }
  void timestamp(uint64_t addr) {
    put({FW_SDMA_HEADER(FW_SDMA_OP_TIMESTAMP, FW_SDMA_SUBOP_TIMESTAMP_GET_GLOBAL), lo(addr),
         hi(addr)});
  }
  // A NOP that also skips the next `skip` dwords.
  void nop(uint32_t skip = 0) {
    put({FW_SDMA_HEADER(FW_SDMA_OP_NOP, 0) | FW_FIELD_PREP(FW_SDMA_NOP_COUNT, skip)});
  }
  void raw(uint32_t v) { dw_.push_back(v); }
  void clear() { dw_.clear(); }

 private:
  void put(const std::vector<uint32_t>& v) { dw_.insert(dw_.end(), v.begin(), v.end()); }
  std::vector<uint32_t> dw_;
};

}  // namespace sdma_test
