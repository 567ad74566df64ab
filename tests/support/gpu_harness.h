// A small host for running one kernel at a time on the shader engine:
// owns the address space and the engine, hands out identity-mapped
// buffers, loads code objects and writes the AQL dispatch packet.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "code_object.h"
#include "memory/address_space.h"
#include "shader/shader_engine.h"

namespace gcn::test {

struct LaunchDims {
  uint32_t dims = 1;
  uint32_t grid[3] = {1, 1, 1};       // work-items per dimension
  uint16_t workgroup[3] = {1, 1, 1};  // work-items per group and dimension
  uint32_t dynamic_lds = 0;           // bytes beyond the kernel's static LDS
};

inline LaunchDims Launch1D(uint32_t grid, uint16_t wg) {
  LaunchDims d;
  d.grid[0] = grid;
  d.workgroup[0] = wg;
  return d;
}
inline LaunchDims Launch2D(uint32_t gx, uint32_t gy, uint16_t wx, uint16_t wy) {
  LaunchDims d = Launch1D(gx, wx);
  d.dims = 2;
  d.grid[1] = gy;
  d.workgroup[1] = wy;
  return d;
}

// Packs explicit kernel arguments per the OpenCL/AMDGPU kernarg ABI:
// each at its natural alignment, pointers as 8-byte addresses. The block
// is zero-padded to at least 256 bytes so that the hidden arguments code
// object v4 appends (global offsets, ...) read as 0.
class Kernargs {
 public:
  template <typename T>
  Kernargs& add(const T& v, size_t align = alignof(T)) {
    size_t at = (bytes_.size() + align - 1) / align * align;
    bytes_.resize(at + sizeof(T));
    std::memcpy(bytes_.data() + at, &v, sizeof(T));
    return *this;
  }
  Kernargs& ptr(const void* p) {
    return add(static_cast<uint64_t>(reinterpret_cast<uintptr_t>(p)));
  }
  std::vector<uint8_t> bytes() const {
    std::vector<uint8_t> b = bytes_;
    if (b.size() < 256) b.resize(256, 0);
    return b;
  }

 private:
  std::vector<uint8_t> bytes_;
};

class GpuHarness {
 public:
  explicit GpuHarness(unsigned threads = 0);
  ~GpuHarness();
  GpuHarness(const GpuHarness&) = delete;
  GpuHarness& operator=(const GpuHarness&) = delete;

  // A zero-filled, 4 KiB-aligned buffer, identity-mapped for the GPU; lives
  // as long as the harness.
  void* alloc(size_t bytes);
  template <typename T>
  T* alloc_array(size_t n) {
    return static_cast<T*>(alloc(n * sizeof(T)));
  }
  template <typename T>
  T* upload(const std::vector<T>& v) {
    T* p = alloc_array<T>(v.size());
    if (!v.empty()) std::memcpy(p, v.data(), v.size() * sizeof(T));
    return p;
  }

  // Loads a code object and maps its image; nullptr and *error on failure.
  CodeObject* load(const std::string& path, std::string* error);

  // Dispatches kernel `name` of `co` and waits for it. Failures the harness
  // itself detects (unknown kernel, ...) come back as ok = false too.
  DispatchResult run(const CodeObject& co, const std::string& name, const LaunchDims& dims,
                     const std::vector<uint8_t>& kernargs);

  AddressSpace& memory() { return memory_; }
  ShaderEngine& engine() { return *engine_; }

 private:
  struct Buffer {
    void* host;
    size_t size;
  };
  void* alloc_raw(size_t bytes);
  void release(void* host);

  AddressSpace memory_;
  std::unique_ptr<ShaderEngine> engine_;
  std::vector<Buffer> buffers_;
  std::vector<std::unique_ptr<CodeObject>> code_objects_;
  uint64_t next_dispatch_id_ = 1;
};

}  // namespace gcn::test
