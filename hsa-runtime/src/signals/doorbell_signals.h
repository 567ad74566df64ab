// Queue doorbell signals: amd_signal_t of kind DOORBELL that a queue owns
// (its hardware_doorbell_ptr is the queue's doorbell slot). The queue part
// registers them; the signal API accepts them as handles, and a store to
// one rings the doorbell.
#pragma once

#include <cstdint>

namespace hsart {

void doorbell_signal_add(uint64_t handle);
void doorbell_signal_remove(uint64_t handle);
bool is_doorbell_signal(uint64_t handle);

}  // namespace hsart
