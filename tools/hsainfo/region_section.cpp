// An agent's regions (hsa_agent_iterate_regions): segment, global flags,
// sizes, allocation granule and alignment, host access.
#include <vector>

#include "names.h"
#include "query.h"
#include "sections.h"

namespace hsainfo {

namespace {

void print_region(Report& r, hsa_region_t region, int index) {
  r.open("Region " + std::to_string(index));
  const auto segment = HSAINFO_REGION(hsa_region_segment_t, region, HSA_REGION_INFO_SEGMENT);
  r.field("Segment", segment_name(segment));
  if (segment == HSA_REGION_SEGMENT_GLOBAL)
    r.field("Global Flags",
            region_global_flags(HSAINFO_REGION(uint32_t, region, HSA_REGION_INFO_GLOBAL_FLAGS)));
  r.field("Size", bytes(HSAINFO_REGION(size_t, region, HSA_REGION_INFO_SIZE)));
  r.field("Alloc Max Size", bytes(HSAINFO_REGION(size_t, region, HSA_REGION_INFO_ALLOC_MAX_SIZE)));
  const bool allowed = HSAINFO_REGION(bool, region, HSA_REGION_INFO_RUNTIME_ALLOC_ALLOWED);
  r.field("Runtime Alloc Allowed", yes_no(allowed));
  if (allowed) {
    r.field("Alloc Granule",
            bytes(HSAINFO_REGION(size_t, region, HSA_REGION_INFO_RUNTIME_ALLOC_GRANULE)));
    r.field("Alloc Alignment",
            bytes(HSAINFO_REGION(size_t, region, HSA_REGION_INFO_RUNTIME_ALLOC_ALIGNMENT)));
  }
  if (const auto host = HSAINFO_AMD_REGION(bool, region, HSA_AMD_REGION_INFO_HOST_ACCESSIBLE))
    r.field("Host Accessible", yes_no(*host));
  r.close();
}

}  // namespace

void print_regions(Report& r, hsa_agent_t agent) {
  std::vector<hsa_region_t> regions;
  check(hsa_agent_iterate_regions(
            agent,
            [](hsa_region_t region, void* out) {
              static_cast<std::vector<hsa_region_t>*>(out)->push_back(region);
              return HSA_STATUS_SUCCESS;
            },
            &regions),
        "hsa_agent_iterate_regions");
  r.open("Regions");
  if (regions.empty()) r.field("Region", "none");
  for (size_t i = 0; i < regions.size(); ++i) print_region(r, regions[i], static_cast<int>(i));
  r.close();
}

}  // namespace hsainfo
