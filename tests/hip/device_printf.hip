// Device-side printf (HIP's hostcall buffer, drained by the host): the
// program forks; the child runs the kernels with its stdout on a pipe, the
// parent reads every line and compares the multiset of lines with the
// lines the CPU expects. Work-items print in any order, so order is not
// checked; a missing, duplicated or garbled line is.
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <string>
#include <vector>

#include "hip_check.h"

namespace {

constexpr unsigned kBlocks = 3;
constexpr unsigned kBlock = 96;           // a full wave and a partial one per block
constexpr long long kBig = -(1ll << 40);  // needs all 64 bits of its argument slot

// Every work-item prints one line mixing conversions; lanes with
// (i % 5 == 0) print a second line with a string argument and a double.
__global__ void print_lines() {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  const unsigned block = blockIdx.x, lane = threadIdx.x;
  printf("item %u block %u lane %u hex %x neg %d\n", i, block, lane, i * 2654435761u,
         -static_cast<int>(i));
  if (i % 5 == 0) printf("extra %s %c %.3f %lld\n", "str", 'a' + i % 26, i * 0.5, kBig);
}

// One work-item, a format without arguments and a long line.
__global__ void print_single() {
  printf("single line without arguments\n");
  printf("%s|%s|%u\n", "a-rather-long-string-argument-to-cross-the-first-chunk-of-the-buffer",
         "second", 123456789u);
}

std::vector<std::string> expected_lines() {
  std::vector<std::string> lines;
  char buf[256];
  for (unsigned i = 0; i < kBlocks * kBlock; ++i) {
    std::snprintf(buf, sizeof buf, "item %u block %u lane %u hex %x neg %d", i, i / kBlock,
                  i % kBlock, i * 2654435761u, -static_cast<int>(i));
    lines.emplace_back(buf);
    if (i % 5 == 0) {
      std::snprintf(buf, sizeof buf, "extra %s %c %.3f %lld", "str", 'a' + i % 26, i * 0.5, kBig);
      lines.emplace_back(buf);
    }
  }
  lines.emplace_back("single line without arguments");
  lines.emplace_back(
      "a-rather-long-string-argument-to-cross-the-first-chunk-of-the-buffer|second|123456789");
  lines.emplace_back("kernels done");
  return lines;
}

// The child: all HIP work happens here, so the parent stays a plain
// process that only reads.
int child_main() {
  hipLaunchKernelGGL(print_lines, dim3(kBlocks), dim3(kBlock), 0, 0);
  HIP_CHECK_LAUNCH();
  HIP_CHECK(hipDeviceSynchronize());
  hipLaunchKernelGGL(print_single, dim3(1), dim3(1), 0, 0);
  HIP_CHECK_LAUNCH();
  HIP_CHECK(hipDeviceSynchronize());
  std::printf("kernels done\n");
  std::fflush(stdout);
  return 0;
}

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

}  // namespace

int main() {
  int fds[2];
  if (pipe(fds) != 0) {
    std::perror("pipe");
    return 1;
  }
  std::fflush(stdout);
  const pid_t pid = fork();
  if (pid < 0) {
    std::perror("fork");
    return 1;
  }
  if (pid == 0) {
    close(fds[0]);
    if (dup2(fds[1], STDOUT_FILENO) < 0) _exit(2);
    close(fds[1]);
    std::exit(child_main());
  }
  close(fds[1]);
  std::string text;
  char buf[4096];
  for (;;) {
    const ssize_t n = read(fds[0], buf, sizeof buf);
    if (n > 0) {
      text.append(buf, static_cast<size_t>(n));
    } else if (n == 0 || errno != EINTR) {
      break;
    }
  }
  close(fds[0]);
  int status = 0;
  if (waitpid(pid, &status, 0) != pid) {
    std::perror("waitpid");
    return 1;
  }
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0, "child status %#x", status);

  std::vector<std::string> got = split_lines(text), want = expected_lines();
  std::sort(got.begin(), got.end());
  std::sort(want.begin(), want.end());
  std::vector<std::string> missing, unexpected;
  std::set_difference(want.begin(), want.end(), got.begin(), got.end(),
                      std::back_inserter(missing));
  std::set_difference(got.begin(), got.end(), want.begin(), want.end(),
                      std::back_inserter(unexpected));
  for (const std::string& l : missing) EXPECT_TRUE(false, "missing line: \"%s\"", l.c_str());
  for (const std::string& l : unexpected) EXPECT_TRUE(false, "unexpected line: \"%s\"", l.c_str());
  EXPECT_TRUE(got.size() == want.size(), "%zu lines printed, %zu expected", got.size(),
              want.size());
  return hip_report("device_printf");
}
