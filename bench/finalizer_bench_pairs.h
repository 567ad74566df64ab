// The kernels both finalizer benchmarks compare: each written in HSAIL and
// in OpenCL C with the same arguments, the same work per work-item and the
// same grid (examples/ and bench/kernels/). FINALIZER_BENCH_SOURCE_DIR is
// the source tree's root.
#pragma once

#include <string>
#include <vector>

namespace finalizer_bench {

struct KernelPair {
  const char* label;   // the row's name in the tables
  const char* kernel;  // the OpenCL kernel; the HSAIL one is "&" + kernel
  const char* hsail;   // relative to the source root
  const char* opencl;  // relative to the source root; built as <its stem>.co
};

inline const std::vector<KernelPair>& kernel_pairs() {
  static const std::vector<KernelPair> pairs = {
      {"vector_add", "vector_add", "examples/vector_add.hsail", "bench/kernels/vector_add.cl"},
      {"matmul", "matmul", "examples/matmul.hsail", "examples/matmul.cl"},
      // The same product with matmul.cl's indexing: like for like.
      {"matmul_indexed", "matmul", "bench/kernels/matmul_indexed.hsail", "examples/matmul.cl"},
      {"transpose", "transpose", "examples/transpose.hsail", "bench/kernels/transpose.cl"},
      {"reduce", "reduce", "bench/kernels/reduce.hsail", "bench/kernels/reduce.cl"},
      {"hash_loop", "hash_loop", "bench/kernels/hash_loop.hsail", "bench/kernels/hash_loop.cl"},
  };
  return pairs;
}

inline std::string source_path(const char* relative) {
  return std::string(FINALIZER_BENCH_SOURCE_DIR) + "/" + relative;
}

}  // namespace finalizer_bench
