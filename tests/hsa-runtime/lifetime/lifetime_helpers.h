// Helpers shared by the lifetime and concurrency tests: agents and regions
// by kind, the empty kernel loaded through the executable API, and AQL
// packets written the way a program writes them.
#pragma once

#include <gtest/gtest.h>
#include <hsa/hsa.h>
#include <hsa/hsa_ext_amd.h>

#include <chrono>
#include <cstring>
#include <fstream>
#include <iterator>
#include <thread>
#include <vector>

namespace lifetime_test {

inline hsa_agent_t find_agent(hsa_device_type_t want) {
  struct Search {
    hsa_device_type_t want;
    hsa_agent_t found{0};
  } search{want};
  hsa_iterate_agents(
      [](hsa_agent_t a, void* data) {
        auto* s = static_cast<Search*>(data);
        hsa_device_type_t t{};
        hsa_agent_get_info(a, HSA_AGENT_INFO_DEVICE, &t);
        if (t != s->want) return HSA_STATUS_SUCCESS;
        s->found = a;
        return HSA_STATUS_INFO_BREAK;
      },
      &search);
  return search.found;
}

// The first region of `agent` whose global flags include `flag`.
inline hsa_region_t find_region(hsa_agent_t agent, uint32_t flag) {
  struct Search {
    uint32_t flag;
    hsa_region_t found{0};
  } search{flag};
  hsa_agent_iterate_regions(
      agent,
      [](hsa_region_t r, void* data) {
        auto* s = static_cast<Search*>(data);
        hsa_region_segment_t seg{};
        hsa_region_get_info(r, HSA_REGION_INFO_SEGMENT, &seg);
        uint32_t flags = 0;
        hsa_region_get_info(r, HSA_REGION_INFO_GLOBAL_FLAGS, &flags);
        if (seg != HSA_REGION_SEGMENT_GLOBAL || !(flags & s->flag)) return HSA_STATUS_SUCCESS;
        s->found = r;
        return HSA_STATUS_INFO_BREAK;
      },
      &search);
  return search.found;
}

// The empty kernel in a frozen executable; kernel_object is 0 on failure.
struct EmptyKernel {
  hsa_code_object_reader_t reader{0};
  hsa_executable_t exe{0};
  uint64_t kernel_object = 0;

  bool load(hsa_agent_t gpu) {
    std::ifstream in(EMPTY_KERNEL, std::ios::binary);
    const std::vector<char> elf((std::istreambuf_iterator<char>(in)),
                                std::istreambuf_iterator<char>());
    hsa_executable_symbol_t sym{};
    if (elf.empty() || hsa_code_object_reader_create_from_memory(elf.data(), elf.size(), &reader) ||
        hsa_executable_create_alt(HSA_PROFILE_BASE, HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT,
                                  nullptr, &exe) ||
        hsa_executable_load_agent_code_object(exe, gpu, reader, nullptr, nullptr) ||
        hsa_executable_freeze(exe, nullptr) ||
        hsa_executable_get_symbol_by_name(exe, "empty.kd", &gpu, &sym) ||
        hsa_executable_symbol_get_info(sym, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_OBJECT,
                                       &kernel_object))
      kernel_object = 0;
    return kernel_object != 0;
  }
};

inline uint16_t packet_header(hsa_packet_type_t type) {
  return static_cast<uint16_t>((type << HSA_PACKET_HEADER_TYPE) |
                               (1u << HSA_PACKET_HEADER_BARRIER) |
                               (HSA_FENCE_SCOPE_SYSTEM << HSA_PACKET_HEADER_SCACQUIRE_FENCE_SCOPE) |
                               (HSA_FENCE_SCOPE_SYSTEM << HSA_PACKET_HEADER_SCRELEASE_FENCE_SCOPE));
}

// Reserves a slot, waits until it is free, writes the 64-byte packet body,
// then its first word with release order, and rings the doorbell.
inline void submit(hsa_queue_t* q, const void* packet, uint32_t first_word) {
  const uint64_t index = hsa_queue_add_write_index_screlease(q, 1);
  while (index - hsa_queue_load_read_index_scacquire(q) >= q->size) std::this_thread::yield();
  uint8_t* slot = static_cast<uint8_t*>(q->base_address) + (index % q->size) * 64;
  std::memcpy(slot + 4, static_cast<const uint8_t*>(packet) + 4, 60);
  __atomic_store_n(reinterpret_cast<uint32_t*>(slot), first_word, __ATOMIC_RELEASE);
  hsa_signal_store_screlease(q->doorbell_signal, static_cast<hsa_signal_value_t>(index));
}

// An empty-kernel dispatch of one 64-lane workgroup completing `done`.
inline void dispatch_empty(hsa_queue_t* q, uint64_t kernel_object, hsa_signal_t done) {
  hsa_kernel_dispatch_packet_t p{};
  p.workgroup_size_x = 64;
  p.workgroup_size_y = p.workgroup_size_z = 1;
  p.grid_size_x = 64;
  p.grid_size_y = p.grid_size_z = 1;
  p.kernel_object = kernel_object;
  p.completion_signal = done;
  submit(q, &p, packet_header(HSA_PACKET_TYPE_KERNEL_DISPATCH) | (1u << 16));
}

// A barrier-AND packet with no dependencies completing `done`.
inline void barrier(hsa_queue_t* q, hsa_signal_t done) {
  hsa_barrier_and_packet_t p{};
  p.completion_signal = done;
  submit(q, &p, packet_header(HSA_PACKET_TYPE_BARRIER_AND));
}

}  // namespace lifetime_test
