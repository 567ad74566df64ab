// The host process's page tables as an APU's IOMMUv2 (ATS) shows them to
// the GPU: a full-profile GPU may dereference any address the process has
// mapped, with the protection the process mapped it with.
#pragma once

#include <cstdint>

namespace gcn {

struct Mapping;

// The process mapping (one /proc/self/maps line, a Linux VMA) that holds
// va, as an identity Mapping (host == va), writable when the process may
// write it. False when nothing readable is mapped there: the GPU faults,
// as an IOMMU answers a page request for an unmapped address.
bool host_vma(uint64_t va, Mapping* out);

}  // namespace gcn
