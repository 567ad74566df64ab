// Runs a hand-assembled gfx900 kernel on the virtual GPU: a kernel
// descriptor with 256 VGPRs (see `vgprs`), s[0:1] = kernarg pointer,
// s2 = workgroup id x, v0 = work-item id x, and the given code.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "shader/shader_engine.h"

namespace gcn_test {

class SnippetRunner {
 public:
  // check_gprs: the engine's debug option (faults on VGPRs beyond the
  // allocation).
  // The engine translates as $GCN_EMU_TRANSLATE and
  // $GCN_EMU_TRANSLATE_THRESHOLD say (as libhsakmt's emulated KFD reads
  // them), so a test binary runs under each mode unchanged.
  explicit SnippetRunner(unsigned threads = 1, bool check_gprs = false);

  // Identity-mapped zeroed buffer that lives as long as the runner.
  template <class T>
  T* alloc(size_t count) {
    return static_cast<T*>(alloc_bytes(count * sizeof(T)));
  }
  void* alloc_bytes(size_t bytes);

  // Assembles `text` and runs it over `grid` work-items in groups of `group`
  // with the given kernarg words. lds_bytes sizes the group segment.
  gcn::DispatchResult run(const std::string& text, uint32_t grid, uint32_t group,
                          const std::vector<uint64_t>& kernargs, uint32_t lds_bytes = 0,
                          uint32_t private_bytes = 0);
  // The same with machine code given as words (for encodings llvm-mc will
  // not produce, such as undecodable ones).
  gcn::DispatchResult run_words(const std::vector<uint32_t>& words, uint32_t grid, uint32_t group,
                                const std::vector<uint64_t>& kernargs, uint32_t lds_bytes = 0,
                                uint32_t private_bytes = 0);
  gcn::AddressSpace& memory() { return memory_; }
  gcn::ShaderEngine& engine() { return engine_; }

  // VGPRs the kernel allocates (a multiple of 4, at most 256).
  unsigned vgprs = 256;
  // Set by another thread to stop a dispatch (DispatchRequest::cancel): a
  // watchdog for kernels that might never end.
  const std::atomic<bool>* cancel = nullptr;
  // Describe the kernel with a code object v2 amd_kernel_code_t instead of
  // a v3 kernel descriptor; it also asks for the grid's workgroup count X,
  // so s2 = workgroup count X and s3 = workgroup id X.
  bool v2_kernel_code = false;

 private:
  gcn::AddressSpace memory_;
  gcn::ShaderEngine engine_;
  std::vector<std::vector<uint8_t>> buffers_;
};

}  // namespace gcn_test
