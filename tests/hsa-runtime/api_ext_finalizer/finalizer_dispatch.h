// What the end-to-end finalizer extension tests share once a program is
// finalized: HSAILasm's BRIG for a text (the reference assembler's
// encoding), symbol queries, and one AQL dispatch through the runtime's
// own queue and signals.
#pragma once

#include <gtest/gtest.h>
#include <hsa/hsa.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include <unistd.h>

#include "thunk_gpu.h"

namespace fin_test {

template <typename T>
T Info(hsa_executable_symbol_t s, hsa_executable_symbol_info_t what) {
  T v{};
  EXPECT_EQ(hsa_executable_symbol_get_info(s, what, &v), HSA_STATUS_SUCCESS) << what;
  return v;
}

// Publishes the packet (header last, with release order), rings the
// doorbell and waits for the completion signal.
inline bool RunPacket(hsa_queue_t* q, hsa_kernel_dispatch_packet_t packet, hsa_signal_t done) {
  const uint64_t index = hsa_queue_add_write_index_screlease(q, 1);
  while (index - hsa_queue_load_read_index_scacquire(q) >= q->size) std::this_thread::yield();
  auto* slot = static_cast<hsa_kernel_dispatch_packet_t*>(q->base_address) + index % q->size;
  const uint16_t header = packet.header;
  packet.header = HSA_PACKET_TYPE_INVALID << HSA_PACKET_HEADER_TYPE;
  std::memcpy(slot, &packet, sizeof packet);
  __atomic_store_n(&slot->header, header, __ATOMIC_RELEASE);
  hsa_signal_store_screlease(q->doorbell_signal, static_cast<hsa_signal_value_t>(index));
  return hsa_signal_wait_scacquire(done, HSA_SIGNAL_CONDITION_EQ, 0, 20'000'000'000ull,
                                   HSA_WAIT_STATE_BLOCKED) == 0;
}

// One 1D dispatch of kernel over n work-items in groups of group on a new
// queue of gpu, the kernarg segment a copy of kernargs in page-aligned
// system memory (above any alignment a kernel asks for).
inline bool Dispatch(hsa_agent_t gpu, hsa_executable_symbol_t kernel,
                     const std::vector<uint8_t>& kernargs, uint32_t n, uint16_t group) {
  hsa_queue_t* q = nullptr;
  if (hsa_queue_create(gpu, 64, HSA_QUEUE_TYPE_MULTI, nullptr, nullptr, UINT32_MAX, UINT32_MAX,
                       &q) != HSA_STATUS_SUCCESS)
    return false;
  hsa_signal_t done{0};
  if (hsa_signal_create(1, 0, nullptr, &done) != HSA_STATUS_SUCCESS) return false;
  void* args = hsakmt_test::alloc_system(4096);
  if (args == nullptr || kernargs.size() > 4096) return false;
  std::memset(args, 0, 4096);
  std::memcpy(args, kernargs.data(), kernargs.size());
  hsa_kernel_dispatch_packet_t packet{};
  packet.header =
      static_cast<uint16_t>((HSA_PACKET_TYPE_KERNEL_DISPATCH << HSA_PACKET_HEADER_TYPE) |
                            (1 << HSA_PACKET_HEADER_BARRIER) |
                            (HSA_FENCE_SCOPE_SYSTEM << HSA_PACKET_HEADER_SCACQUIRE_FENCE_SCOPE) |
                            (HSA_FENCE_SCOPE_SYSTEM << HSA_PACKET_HEADER_SCRELEASE_FENCE_SCOPE));
  packet.setup = 1 << HSA_KERNEL_DISPATCH_PACKET_SETUP_DIMENSIONS;
  packet.workgroup_size_x = group;
  packet.workgroup_size_y = packet.workgroup_size_z = 1;
  packet.grid_size_x = n;
  packet.grid_size_y = packet.grid_size_z = 1;
  packet.private_segment_size =
      Info<uint32_t>(kernel, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_PRIVATE_SEGMENT_SIZE);
  packet.group_segment_size =
      Info<uint32_t>(kernel, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_GROUP_SEGMENT_SIZE);
  packet.kernel_object = Info<uint64_t>(kernel, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_OBJECT);
  packet.kernarg_address = args;
  packet.completion_signal = done;
  const bool ok = RunPacket(q, packet, done);
  hsakmt_test::free_system(args, 4096);
  hsa_signal_destroy(done);
  hsa_queue_destroy(q);
  return ok;
}

// The reference assembler's BRIG for text (HSAILasm, Debian's), empty when
// it refuses the text.
inline std::vector<uint8_t> hsailasm_brig(const std::string& text) {
  char dir[] = "/tmp/finalize_test_XXXXXX";
  if (mkdtemp(dir) == nullptr) return {};
  const std::string in = std::string(dir) + "/m.hsail", out = std::string(dir) + "/m.brig";
  if (std::FILE* f = std::fopen(in.c_str(), "w")) {
    std::fputs(text.c_str(), f);
    std::fclose(f);
  }
  std::vector<uint8_t> brig;
  const std::string cmd = "/usr/bin/HSAILasm " + in + " -o " + out + " >/dev/null 2>&1";
  if (std::system(cmd.c_str()) == 0) {
    if (std::FILE* f = std::fopen(out.c_str(), "rb")) {
      for (int c; (c = std::fgetc(f)) != EOF;) brig.push_back(static_cast<uint8_t>(c));
      std::fclose(f);
    }
  }
  std::remove(in.c_str());
  std::remove(out.c_str());
  rmdir(dir);
  return brig;
}

}  // namespace fin_test
