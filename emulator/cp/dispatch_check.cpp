// The checks gfx9's CP firmware makes on an AQL kernel dispatch packet
// before it programs the dispatch, with the code it reports for each in
// the queue's inactive signal (amd_queue.h; ROCr's queue-error handler
// turns them into statuses): dimensions and grid (INVALID_DIM), work-group
// size (INVALID_WORKGROUP_SIZE), group segment (INVALID_GROUP_MEMORY) and
// the kernel object (INVALID_CODE).
#include "amd_queue.h"
#include "cp_internal.h"
#include "kernel_descriptor.h"

namespace gcn::cp {

namespace {

constexpr uint32_t kMaxWorkgroupItems = 1024;
constexpr uint32_t kMaxGroupSegment = 64 * 1024;  // LDS per work-group
constexpr uint64_t kCodeAlign = 256;              // COMPUTE_PGM_LO: address bits 39:8

uint32_t refuse(uint32_t code, std::string text, std::string* why) {
  *why = std::move(text);
  return code;
}

}  // namespace

uint32_t check_kernel_dispatch(GpuMemory& mem, const fw_aql_kernel_dispatch_packet& p,
                               std::string* why) {
  const uint32_t dims = FW_FIELD_GET(p.setup, FW_AQL_DISPATCH_SETUP_DIMENSIONS);
  if (dims < 1 || dims > 3)
    return refuse(FW_AMD_QUEUE_ERROR_INVALID_DIM,
                  "packet setup has " + std::to_string(dims) + " dimensions", why);
  const uint32_t grid[3] = {p.grid_size_x, p.grid_size_y, p.grid_size_z};
  const uint32_t group[3] = {p.workgroup_size_x, p.workgroup_size_y, p.workgroup_size_z};
  uint64_t items = 1;
  for (uint32_t k = 0; k < dims; ++k) {
    if (!grid[k])
      return refuse(FW_AMD_QUEUE_ERROR_INVALID_DIM,
                    "zero grid size in dimension " + std::to_string(k), why);
    if (!group[k])
      return refuse(FW_AMD_QUEUE_ERROR_INVALID_WORKGROUP_SIZE,
                    "zero workgroup size in dimension " + std::to_string(k), why);
    items *= group[k];
  }
  if (items > kMaxWorkgroupItems)
    return refuse(FW_AMD_QUEUE_ERROR_INVALID_WORKGROUP_SIZE,
                  "workgroup of " + std::to_string(items) + " work-items exceeds 1024", why);
  if (p.group_segment_size > kMaxGroupSegment)
    return refuse(
        FW_AMD_QUEUE_ERROR_INVALID_GROUP_MEMORY,
        "group segment of " + std::to_string(p.group_segment_size) + " bytes exceeds 64 KiB", why);
  if (!p.kernel_object) return refuse(FW_AMD_QUEUE_ERROR_INVALID_CODE, "null kernel object", why);
  // amd_kernel_code_t and the v3+ descriptor keep the entry offset at the
  // same place.
  fw_kernel_descriptor kd;
  if (!mem.read(p.kernel_object, &kd, sizeof(kd)))
    return refuse(FW_AMD_QUEUE_ERROR_INVALID_CODE,
                  "kernel object at " + hex(p.kernel_object) + " is not mapped", why);
  const uint64_t entry = p.kernel_object + static_cast<uint64_t>(kd.kernel_code_entry_byte_offset);
  if (entry % kCodeAlign)
    return refuse(FW_AMD_QUEUE_ERROR_INVALID_CODE,
                  "kernel entry " + hex(entry) + " is not 256-byte aligned", why);
  return 0;
}

}  // namespace gcn::cp
