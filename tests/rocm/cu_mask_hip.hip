// A HIP stream with a CU mask (hipExtStreamCreateWithCUMask, Debian's HIP ->
// ROCr's hsa_amd_queue_cu_set_mask -> the KFD's SET_CU_MASK): every block
// records HW_ID and must have run on a CU the mask names, with each named
// CU used. The expected places are the KFD's mapping of mask bits on 64 CUs
// (4 SEs x 16): bit i = SE i % 4, CU i / 4. Exits non-zero on a mismatch.
#include <hip/hip_ext.h>
#include <hip/hip_runtime.h>

#include <cstdio>
#include <set>

__global__ void record_hw_id(unsigned* out) {
  if (threadIdx.x == 0) out[blockIdx.x] = __builtin_amdgcn_s_getreg(4 | (31 << 11));
}

#define CHECK(call)                                                  \
  do {                                                               \
    const hipError_t e = (call);                                     \
    if (e != hipSuccess) {                                           \
      std::fprintf(stderr, "%s: %s\n", #call, hipGetErrorString(e)); \
      return 1;                                                      \
    }                                                                \
  } while (0)

int main() {
  int cus = 0;
  CHECK(hipDeviceGetAttribute(&cus, hipDeviceAttributeMultiprocessorCount, 0));
  if (cus != 64) {
    std::fprintf(stderr, "expected Vega 10's 64 CUs, the device has %d\n", cus);
    return 1;
  }
  const unsigned bits[] = {0, 5, 10, 63};
  unsigned mask[2] = {0, 0};
  std::set<unsigned> expected;  // SE << 4 | CU
  for (unsigned b : bits) {
    mask[b / 32] |= 1u << (b % 32);
    expected.insert((b % 4) << 4 | b / 4);
  }
  hipStream_t stream;
  CHECK(hipExtStreamCreateWithCUMask(&stream, 64, mask));
  constexpr unsigned kBlocks = 64;
  unsigned* d = nullptr;
  CHECK(hipMalloc(&d, kBlocks * sizeof(unsigned)));
  CHECK(hipMemsetAsync(d, 0xff, kBlocks * sizeof(unsigned), stream));
  hipLaunchKernelGGL(record_hw_id, dim3(kBlocks), dim3(64), 0, stream, d);
  CHECK(hipGetLastError());
  unsigned h[kBlocks];
  CHECK(hipMemcpyAsync(h, d, sizeof(h), hipMemcpyDeviceToHost, stream));
  CHECK(hipStreamSynchronize(stream));
  std::set<unsigned> seen;
  int bad = 0;
  for (unsigned b = 0; b < kBlocks; ++b) {
    // HW_ID: CU_ID[11:8], SH_ID[12], SE_ID[14:13].
    const unsigned se = h[b] >> 13 & 3, sh = h[b] >> 12 & 1, cu = h[b] >> 8 & 15;
    if (h[b] == ~0u || sh != 0 || !expected.count(se << 4 | cu)) {
      if (bad++ < 5)
        std::fprintf(stderr, "block %u ran on SE%u SH%u CU%u (HW_ID %#x)\n", b, se, sh, cu, h[b]);
      continue;
    }
    seen.insert(se << 4 | cu);
  }
  if (seen != expected) {
    std::fprintf(stderr, "%zu of the mask's %zu CUs were used\n", seen.size(), expected.size());
    bad++;
  }
  CHECK(hipFree(d));
  CHECK(hipStreamDestroy(stream));
  if (!bad) std::printf("64 blocks on the mask's 4 CUs\n");
  return bad ? 1 : 0;
}
