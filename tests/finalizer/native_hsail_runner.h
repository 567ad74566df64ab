// The finalizer's independent oracle: the same BRIG run natively on the
// host with GCC's BRIG front end (gccbrig-11) and its HSAIL runtime
// (libhsail-rt), no HSA runtime and no GPU involved.
//
// gccbrig compiles a BRIG module to host code. For each kernel &k of module
// &m it emits a private kernel body and a public launcher named
// "gccbrig.m.k" taking (launch data, group segment base). The launcher
// hands the body to libhsail-rt (__hsail_launch_wg_function, or the
// fiber-based __hsail_launch_kernel when the kernel has barriers), which
// walks the grid described by the dispatch packet the launch data points
// to. Kernel arguments are read in place from the launch data's kernarg
// address, with HSAIL's natural-alignment layout; global and flat
// addresses are plain host pointers (the large model).
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace native_hsail {

class NativeError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The gccbrig-11 executable, empty when it is not installed.
std::string gccbrig_path();

struct NativeDispatch {
  uint32_t grid_size = 1;   // work-items in X (1-D grids only)
  uint16_t group_size = 1;  // work-group size in X
  // Bytes per work-group and per work-item the runtime sets aside.
  uint32_t group_segment_size = 64 * 1024;
  uint32_t private_segment_size = 1024;
};

// One BRIG module compiled by gccbrig to a shared object and loaded.
class NativeModule {
 public:
  // Writes brig to a private temporary directory, compiles it and
  // dlopen()s the result; NativeError carries gccbrig's diagnostics.
  explicit NativeModule(const std::vector<uint8_t>& brig);
  ~NativeModule();
  NativeModule(const NativeModule&) = delete;
  NativeModule& operator=(const NativeModule&) = delete;

  // Runs kernel (HSAIL names, with or without the leading '&') of module
  // over a grid, kernargs being the kernarg segment's bytes. Returns once
  // every work-item has run.
  void dispatch(const std::string& module, const std::string& kernel,
                const std::vector<uint8_t>& kernargs, const NativeDispatch& grid) const;

 private:
  void compile_and_load(const std::string& compiler, const std::vector<uint8_t>& brig);

  std::string dir_;
  void* handle_ = nullptr;
};

}  // namespace native_hsail
