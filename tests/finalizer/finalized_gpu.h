// A fixture for end-to-end finalizer tests: HSAIL text -> finalize() ->
// the runtime's executable API -> a 1D dispatch on the emulated gfx900
// through a thunk AQL queue; buffers in system memory the test reads back.
#pragma once

#include <gtest/gtest.h>
#include <hsa/hsa.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include <finalizer/finalizer.h>
#include <hsail/text/parser.h>
#include <hsail/validate/validator.h>

#include "thunk_gpu.h"

namespace finalizer_test {

class FinalizedGpu : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_EQ(hsa_init(), HSA_STATUS_SUCCESS);
    hsa_iterate_agents(
        [](hsa_agent_t a, void* data) {
          hsa_device_type_t t{};
          hsa_agent_get_info(a, HSA_AGENT_INFO_DEVICE, &t);
          auto* gpu = static_cast<hsa_agent_t*>(data);
          if (t == HSA_DEVICE_TYPE_GPU && gpu->handle == 0) *gpu = a;
          return HSA_STATUS_SUCCESS;
        },
        &gpu_);
    ASSERT_NE(gpu_.handle, 0u) << "no GPU agent";
  }
  void TearDown() override {
    if (exe_.handle != 0) hsa_executable_destroy(exe_);
    if (reader_.handle != 0) hsa_code_object_reader_destroy(reader_);
    for (auto& [p, bytes] : buffers_) hsakmt_test::free_system(p, bytes);
    EXPECT_EQ(hsa_shut_down(), HSA_STATUS_SUCCESS);
  }

  // Finalizes and loads text; the kernel object of name and, when asked,
  // its kernarg segment size.
  void Load(const char* text, const char* name, uint64_t* object, uint32_t* kernarg_size = nullptr,
            int code_object_version = 4) {
    hsail::Module brig = hsail::parse_hsail(text);
    hsail::validate(brig);
    hsail::finalizer::Options options;
    options.code_object_version = code_object_version;
    LoadCode(hsail::finalizer::finalize(brig, options), name, object, kernarg_size);
  }

  // Loads a code object made by any means (finalize(), emit_code_object()).
  void LoadCode(std::vector<uint8_t> code, const char* name, uint64_t* object,
                uint32_t* kernarg_size = nullptr) {
    code_ = std::move(code);
    ASSERT_EQ(hsa_code_object_reader_create_from_memory(code_.data(), code_.size(), &reader_),
              HSA_STATUS_SUCCESS);
    ASSERT_EQ(hsa_executable_create_alt(HSA_PROFILE_BASE, HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT,
                                        nullptr, &exe_),
              HSA_STATUS_SUCCESS);
    for (const auto& [name, address] : defines_) {
      ASSERT_EQ(hsa_executable_agent_global_variable_define(exe_, gpu_, name.c_str(), address),
                HSA_STATUS_SUCCESS)
          << name;
    }
    ASSERT_EQ(hsa_executable_load_agent_code_object(exe_, gpu_, reader_, nullptr, nullptr),
              HSA_STATUS_SUCCESS);
    ASSERT_EQ(hsa_executable_freeze(exe_, nullptr), HSA_STATUS_SUCCESS);
    hsa_executable_symbol_t k{0};
    ASSERT_EQ(hsa_executable_get_symbol_by_name(exe_, name, &gpu_, &k), HSA_STATUS_SUCCESS) << name;
    ASSERT_EQ(hsa_executable_symbol_get_info(k, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_OBJECT, object),
              HSA_STATUS_SUCCESS);
    if (kernarg_size != nullptr) {
      ASSERT_EQ(hsa_executable_symbol_get_info(
                    k, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_KERNARG_SEGMENT_SIZE, kernarg_size),
                HSA_STATUS_SUCCESS);
    }
  }

  // A zeroed system-memory array freed at teardown.
  template <class T>
  T* Buffer(size_t count) {
    T* p = hsakmt_test::alloc_array<T>(count);
    if (p != nullptr) {
      std::memset(p, 0, count * sizeof(T));
      buffers_.push_back({p, count * sizeof(T)});
    }
    return p;
  }

  // Runs n work-items in groups of group; kernargs are 8-byte values.
  bool Dispatch(uint64_t object, const std::vector<uint64_t>& kernargs, uint32_t n,
                uint16_t group) {
    return DispatchRaw(object, kernargs.data(), kernargs.size() * 8, n, group);
  }
  // The same with a kernarg block laid out byte by byte.
  bool DispatchBytes(uint64_t object, const std::vector<uint8_t>& kernargs, uint32_t n,
                     uint16_t group) {
    return DispatchRaw(object, kernargs.data(), kernargs.size(), n, group);
  }

  static uint64_t Ptr(const void* p) { return reinterpret_cast<uintptr_t>(p); }

 private:
  // A 1D grid on a thunk AQL queue of the first GPU node.
  bool DispatchRaw(uint64_t object, const void* kernargs, size_t bytes, uint32_t n,
                   uint16_t group) {
    const int node = hsakmt_test::first_gpu_node();
    if (node < 0) return false;
    hsakmt_test::AqlQueue q(static_cast<uint32_t>(node));
    if (q.status() != HSAKMT_STATUS_SUCCESS) return false;
    void* args = hsakmt_test::alloc_system(4096);
    if (args == nullptr || bytes > 4096) return false;
    std::memcpy(args, kernargs, bytes);
    hsakmt_test::Signal done;
    const uint32_t grid[3] = {n, rows_, 1};
    const uint16_t sizes[3] = {group, group_rows_, 1};
    auto pkt = hsakmt_test::AqlQueue::dispatch(object, grid, sizes, rows_ > 1 ? 2 : 1, args,
                                               done.address());
    pkt.group_segment_size += dynamic_group_bytes_;
    q.submit(&pkt);
    const bool ok = done.wait_zero(20000);
    hsakmt_test::free_system(args, 4096);
    return ok;
  }

 protected:
  hsa_agent_t gpu_{0};
  std::vector<uint8_t> code_;
  hsa_code_object_reader_t reader_{0};
  hsa_executable_t exe_{0};
  std::vector<std::pair<void*, size_t>> buffers_;
  // A 2D grid of n x rows_ in groups of group x group_rows_, and group
  // memory the kernel allocates dynamically, for the next dispatches.
  uint32_t rows_ = 1;
  uint16_t group_rows_ = 1;
  uint32_t dynamic_group_bytes_ = 0;
  // Variables the application defines for the next Load (program linkage).
  std::vector<std::pair<std::string, void*>> defines_;
};

}  // namespace finalizer_test
