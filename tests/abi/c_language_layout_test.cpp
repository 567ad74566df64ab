// C and C++ must lay the shared structs out identically: the kernel module is
// C, the emulator and the runtime are C++.
#include <map>
#include <string>
#include <utility>

#include <gtest/gtest.h>

#include "amd_kernel_code.h"
#include "amd_queue.h"
#include "amd_signal.h"
#include "aql_packet.h"
#include "c_language_layout.h"
#include "gfx9_mqd.h"
#include "kernel_descriptor.h"

namespace {

TEST(CLanguageLayout, CAndCxxAgree) {
  const std::map<std::string, std::pair<size_t, size_t>> cxx = {
      {"fw_aql_kernel_dispatch_packet",
       {sizeof(fw_aql_kernel_dispatch_packet),
        offsetof(fw_aql_kernel_dispatch_packet, completion_signal)}},
      {"fw_aql_barrier_packet",
       {sizeof(fw_aql_barrier_packet), offsetof(fw_aql_barrier_packet, dep_signal)}},
      {"fw_amd_pm4_ib_packet",
       {sizeof(fw_amd_pm4_ib_packet), offsetof(fw_amd_pm4_ib_packet, dw_cnt_remain)}},
      {"fw_amd_queue", {sizeof(fw_amd_queue), offsetof(fw_amd_queue, queue_inactive_signal)}},
      {"fw_amd_signal", {sizeof(fw_amd_signal), offsetof(fw_amd_signal, queue_ptr)}},
      {"fw_amd_kernel_code",
       {sizeof(fw_amd_kernel_code), offsetof(fw_amd_kernel_code, control_directives)}},
      {"fw_kernel_descriptor",
       {sizeof(fw_kernel_descriptor), offsetof(fw_kernel_descriptor, kernel_code_properties)}},
      {"fw_v9_mqd", {sizeof(fw_v9_mqd), offsetof(fw_v9_mqd, queue_doorbell_id15)}},
      {"fw_v9_sdma_mqd", {sizeof(fw_v9_sdma_mqd), offsetof(fw_v9_sdma_mqd, sdma_queue_id)}},
  };
  ASSERT_EQ(c_layout_entry_count, cxx.size());
  for (unsigned i = 0; i < c_layout_entry_count; ++i) {
    const c_layout_entry& e = c_layout_entries[i];
    auto it = cxx.find(e.name);
    ASSERT_NE(it, cxx.end()) << e.name;
    EXPECT_EQ(e.size, it->second.first) << "sizeof " << e.name;
    EXPECT_EQ(e.offset, it->second.second) << "offset in " << e.name;
  }
}

}  // namespace
