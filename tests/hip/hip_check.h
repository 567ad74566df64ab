// Shared by the HIP corpus: every hip* call's status is checked, and a
// result that differs from the CPU's reference fails the program with a
// message naming the first differences. Header-only so that each program
// stays one hipcc invocation.
#pragma once

#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstdlib>

// A failed call ends the program at once: later results would be noise.
#define HIP_CHECK(call) hip_check_status((call), #call, __FILE__, __LINE__)

inline void hip_check_status(hipError_t status, const char* call, const char* file, int line) {
  if (status == hipSuccess) return;
  std::fprintf(stderr, "%s:%d: %s returned %d (%s)\n", file, line, call, static_cast<int>(status),
               hipGetErrorString(status));
  std::exit(1);
}

// A kernel launch reports its errors through hipGetLastError.
#define HIP_CHECK_LAUNCH() HIP_CHECK(hipGetLastError())

// Counts the programs' failed checks; main returns hip_failures() != 0.
inline int& hip_failure_count() {
  static int count = 0;
  return count;
}

inline int hip_failures() { return hip_failure_count(); }

// Records a failed check; the first few are printed so that a broken
// kernel does not flood the log.
#define EXPECT_TRUE(cond, ...)                                                        \
  do {                                                                                \
    if (!(cond)) {                                                                    \
      if (++hip_failure_count() <= 20) {                                              \
        std::fprintf(stderr, "%s:%d: check failed: %s: ", __FILE__, __LINE__, #cond); \
        std::fprintf(stderr, __VA_ARGS__);                                            \
        std::fputc('\n', stderr);                                                     \
      }                                                                               \
    }                                                                                 \
  } while (0)

// Ends main: a summary line on stdout and the exit status CTest checks.
inline int hip_report(const char* program) {
  if (hip_failures() != 0) {
    std::fprintf(stderr, "%s: %d check(s) failed\n", program, hip_failures());
    return 1;
  }
  std::printf("%s: all checks passed\n", program);
  return 0;
}
