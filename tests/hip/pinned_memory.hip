// Pinned host memory used by kernels directly and by asynchronous copies:
// hipHostMalloc (default and mapped/coherent flags) and hipHostRegister on
// a plain malloc'd buffer, reached through hipHostGetDevicePointer, then
// unregistered and registered once more; the kernel's writes are read by
// the CPU without a copy, the CPU's writes by the kernel. hipMemcpyAsync
// between pinned and device memory overlaps nothing it must not: the
// results are compared with the CPU's.
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "hip_check.h"

namespace {

constexpr unsigned kN = 300007;  // odd: the last block is partial

__host__ __device__ uint32_t mix(uint32_t x) { return (x ^ 0x5bd1e995u) * 0x2545f491u + 7; }

// Reads host memory, writes host memory: out[i] = mix(in[i]).
__global__ void transform(const uint32_t* in, uint32_t* out, unsigned n) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = mix(in[i]);
}

void launch(const uint32_t* in, uint32_t* out, hipStream_t stream) {
  hipLaunchKernelGGL(transform, dim3((kN + 255) / 256), dim3(256), 0, stream, in, out, kN);
  HIP_CHECK_LAUNCH();
}

void check_out(const char* what, const uint32_t* in, const uint32_t* out) {
  for (unsigned i = 0; i < kN; ++i) {
    EXPECT_TRUE(out[i] == mix(in[i]), "%s: out[%u] = %#x, CPU %#x", what, i, out[i], mix(in[i]));
  }
}

void fill(uint32_t* p, uint32_t seed) {
  for (unsigned i = 0; i < kN; ++i) p[i] = i * 2654435761u + seed;
}

// hipHostMalloc'd buffers, passed to the kernel as they are (HIP maps them
// for the device at the same address) and through hipHostGetDevicePointer.
void check_host_malloc(unsigned flags, const char* name) {
  uint32_t *in, *out;
  HIP_CHECK(hipHostMalloc(reinterpret_cast<void**>(&in), kN * sizeof(uint32_t), flags));
  HIP_CHECK(hipHostMalloc(reinterpret_cast<void**>(&out), kN * sizeof(uint32_t), flags));
  fill(in, 11);
  std::memset(out, 0, kN * sizeof(uint32_t));
  launch(in, out, nullptr);
  HIP_CHECK(hipDeviceSynchronize());
  check_out(name, in, out);

  uint32_t *din, *dout;
  HIP_CHECK(hipHostGetDevicePointer(reinterpret_cast<void**>(&din), in, 0));
  HIP_CHECK(hipHostGetDevicePointer(reinterpret_cast<void**>(&dout), out, 0));
  fill(in, 12);
  std::memset(out, 0, kN * sizeof(uint32_t));
  launch(din, dout, nullptr);
  HIP_CHECK(hipDeviceSynchronize());
  check_out(name, in, out);
  HIP_CHECK(hipHostFree(in));
  HIP_CHECK(hipHostFree(out));
}

// A malloc'd buffer made visible to the GPU by hipHostRegister; its start
// is deliberately not page aligned.
void check_host_register() {
  const size_t bytes = kN * sizeof(uint32_t);
  char* raw_in = static_cast<char*>(std::malloc(bytes + 4096));
  char* raw_out = static_cast<char*>(std::malloc(bytes + 4096));
  if (raw_in == nullptr || raw_out == nullptr) {
    hip_check_status(hipErrorOutOfMemory, "malloc", __FILE__, __LINE__);
  }
  auto* in = reinterpret_cast<uint32_t*>(raw_in + 20);
  auto* out = reinterpret_cast<uint32_t*>(raw_out + 36);
  HIP_CHECK(hipHostRegister(in, bytes, hipHostRegisterDefault));
  HIP_CHECK(hipHostRegister(out, bytes, hipHostRegisterMapped));
  uint32_t *din, *dout;
  HIP_CHECK(hipHostGetDevicePointer(reinterpret_cast<void**>(&din), in, 0));
  HIP_CHECK(hipHostGetDevicePointer(reinterpret_cast<void**>(&dout), out, 0));
  fill(in, 21);
  std::memset(out, 0, bytes);
  launch(din, dout, nullptr);
  HIP_CHECK(hipDeviceSynchronize());
  check_out("hipHostRegister", in, out);
  // As with ROCm's thunk on a dGPU, registered memory has a device address
  // of its own; HIP keys both addresses in one map and unregisters by the
  // host pointer.
  EXPECT_TRUE(din != in && dout != out, "hipHostGetDevicePointer returned the host address");
  HIP_CHECK(hipHostUnregister(in));
  HIP_CHECK(hipHostUnregister(out));
  // Registered again, the same buffers work as before.
  HIP_CHECK(hipHostRegister(in, bytes, hipHostRegisterDefault));
  HIP_CHECK(hipHostRegister(out, bytes, hipHostRegisterMapped));
  HIP_CHECK(hipHostGetDevicePointer(reinterpret_cast<void**>(&din), in, 0));
  HIP_CHECK(hipHostGetDevicePointer(reinterpret_cast<void**>(&dout), out, 0));
  fill(in, 22);
  std::memset(out, 0, bytes);
  launch(din, dout, nullptr);
  HIP_CHECK(hipDeviceSynchronize());
  check_out("hipHostRegister again", in, out);
  HIP_CHECK(hipHostUnregister(in));
  HIP_CHECK(hipHostUnregister(out));
  std::free(raw_in);
  std::free(raw_out);
}

// Pinned -> device -> kernel -> device -> pinned, all queued on one stream
// before the host waits once.
void check_async_copies() {
  const size_t bytes = kN * sizeof(uint32_t);
  hipStream_t stream;
  HIP_CHECK(hipStreamCreate(&stream));
  uint32_t *in, *out, *din, *dout;
  HIP_CHECK(hipHostMalloc(reinterpret_cast<void**>(&in), bytes, hipHostMallocDefault));
  HIP_CHECK(hipHostMalloc(reinterpret_cast<void**>(&out), bytes, hipHostMallocDefault));
  HIP_CHECK(hipMalloc(&din, bytes));
  HIP_CHECK(hipMalloc(&dout, bytes));
  fill(in, 31);
  std::memset(out, 0, bytes);
  HIP_CHECK(hipMemcpyAsync(din, in, bytes, hipMemcpyHostToDevice, stream));
  launch(din, dout, stream);
  HIP_CHECK(hipMemcpyAsync(out, dout, bytes, hipMemcpyDeviceToHost, stream));
  HIP_CHECK(hipStreamSynchronize(stream));
  check_out("pinned async copies", in, out);
  HIP_CHECK(hipFree(din));
  HIP_CHECK(hipFree(dout));
  HIP_CHECK(hipHostFree(in));
  HIP_CHECK(hipHostFree(out));
  HIP_CHECK(hipStreamDestroy(stream));
}

}  // namespace

int main() {
  check_host_malloc(hipHostMallocDefault, "hipHostMalloc(default)");
  check_host_malloc(hipHostMallocMapped | hipHostMallocCoherent, "hipHostMalloc(mapped|coherent)");
  check_host_malloc(hipHostMallocNonCoherent, "hipHostMalloc(non-coherent)");
  check_host_register();
  check_async_copies();
  return hip_report("pinned_memory");
}
