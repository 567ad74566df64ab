// Device memory shared between two processes: the parent's hipMalloc'd
// buffer reaches a forked child through hipIpcGetMemHandle and
// hipIpcOpenMemHandle. The child (forked before either process calls HIP,
// as HIP requires) reads the parent's values in a kernel, writes f(x)
// back, checks them through hipMemcpy and closes the handle; the parent
// then reads f(x) for every element, against the CPU's f. On the thunk's
// in-process emulated KFD there is no other process to share with: the
// program checks that hipIpcGetMemHandle fails and stops there.
#include <sys/wait.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "hip_check.h"

namespace {

constexpr unsigned kN = 1 << 18;  // 1 MiB of uint32_t

__host__ __device__ uint32_t f(uint32_t x) { return x * 3u + 0x9e3779b9u; }

__global__ void apply(uint32_t* p, unsigned n) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = f(p[i]);
}

uint32_t initial(unsigned i) { return i * 2654435761u + 17; }

bool on_emulated_kfd() {
  const char* forced = std::getenv("HSAKMT_TRANSPORT");
  if (forced) return std::strcmp(forced, "emulated") == 0;
  return access("/dev/kfd", F_OK) != 0;
}

// The child: 0 when every step worked and every value was right.
int child(int handle_fd, int done_fd) {
  hipIpcMemHandle_t h;
  if (read(handle_fd, &h, sizeof(h)) != static_cast<ssize_t>(sizeof(h))) return 2;
  uint32_t* p = nullptr;
  HIP_CHECK(hipIpcOpenMemHandle(reinterpret_cast<void**>(&p), h, hipIpcMemLazyEnablePeerAccess));
  hipLaunchKernelGGL(apply, dim3(kN / 256), dim3(256), 0, nullptr, p, kN);
  HIP_CHECK_LAUNCH();
  HIP_CHECK(hipDeviceSynchronize());
  std::vector<uint32_t> seen(kN);
  HIP_CHECK(hipMemcpy(seen.data(), p, kN * sizeof(uint32_t), hipMemcpyDeviceToHost));
  for (unsigned i = 0; i < kN; ++i)
    EXPECT_TRUE(seen[i] == f(initial(i)), "child: p[%u] = %#x, CPU %#x", i, seen[i], f(initial(i)));
  HIP_CHECK(hipIpcCloseMemHandle(p));
  const char c = 0;
  if (write(done_fd, &c, 1) != 1) return 3;
  return hip_failures() != 0;
}

}  // namespace

int main() {
  if (on_emulated_kfd()) {
    uint32_t* p = nullptr;
    HIP_CHECK(hipMalloc(reinterpret_cast<void**>(&p), kN * sizeof(uint32_t)));
    hipIpcMemHandle_t h;
    EXPECT_TRUE(hipIpcGetMemHandle(&h, p) != hipSuccess,
                "the in-process KFD shared memory with no other process");
    HIP_CHECK(hipFree(p));
    return hip_report("ipc_memory (in process: not supported)");
  }

  int to_child[2], to_parent[2];
  if (pipe(to_child) || pipe(to_parent)) return 1;
  const pid_t pid = fork();
  if (pid < 0) return 1;
  if (pid == 0) _exit(child(to_child[0], to_parent[1]));
  // The child's ends: a child that dies closes the pipe for good.
  close(to_child[0]);
  close(to_parent[1]);

  uint32_t* p = nullptr;
  HIP_CHECK(hipMalloc(reinterpret_cast<void**>(&p), kN * sizeof(uint32_t)));
  std::vector<uint32_t> host(kN);
  for (unsigned i = 0; i < kN; ++i) host[i] = initial(i);
  HIP_CHECK(hipMemcpy(p, host.data(), kN * sizeof(uint32_t), hipMemcpyHostToDevice));
  hipIpcMemHandle_t h;
  HIP_CHECK(hipIpcGetMemHandle(&h, p));
  if (write(to_child[1], &h, sizeof(h)) != static_cast<ssize_t>(sizeof(h))) return 1;
  char c;
  const bool done = read(to_parent[0], &c, 1) == 1;
  int status = 0;
  waitpid(pid, &status, 0);
  EXPECT_TRUE(done && WIFEXITED(status) && WEXITSTATUS(status) == 0,
              "the child failed (status %#x)", status);
  HIP_CHECK(hipMemcpy(host.data(), p, kN * sizeof(uint32_t), hipMemcpyDeviceToHost));
  for (unsigned i = 0; i < kN; ++i)
    EXPECT_TRUE(host[i] == f(initial(i)), "parent: p[%u] = %#x, CPU %#x", i, host[i],
                f(initial(i)));
  HIP_CHECK(hipFree(p));
  return hip_report("ipc_memory");
}
