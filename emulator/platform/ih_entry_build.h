// An interrupt handler ring entry as the virtual GPU's engines raise it
// (SOC15 layout, firmware-interfaces/ih_entry.h): client and source ids,
// the queue's VMID and PASID, the GPU timestamp, two data dwords and the
// ring id (a VM fault's protection bits).
#pragma once

#include <cstdint>

#include "ih_entry.h"

namespace gcn {

inline fw_ih_entry ih_entry(uint32_t client, uint32_t source, uint32_t vmid, uint32_t pasid,
                            uint64_t timestamp, uint32_t data0, uint32_t data1, uint32_t ring = 0) {
  fw_ih_entry e{};
  e.dw0 = FW_FIELD_PREP(FW_IH_CLIENT_ID, client) | FW_FIELD_PREP(FW_IH_SOURCE_ID, source) |
          FW_FIELD_PREP(FW_IH_RING_ID, ring) | FW_FIELD_PREP(FW_IH_VMID, vmid);
  e.timestamp_lo = static_cast<uint32_t>(timestamp);
  e.dw2 = FW_FIELD_PREP(FW_IH_TIMESTAMP_HI, timestamp >> 32);
  e.dw3 = FW_FIELD_PREP(FW_IH_PASID, pasid);
  e.src_data[0] = data0;
  e.src_data[1] = data1;
  return e;
}

}  // namespace gcn
