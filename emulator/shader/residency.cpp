#include "residency.h"

#include <algorithm>

namespace gcn {

unsigned groups_per_cu(unsigned waves_per_group, unsigned nvgpr, unsigned nsgpr, uint32_t lds_bytes,
                       bool trap_handler) {
  unsigned per_simd = kWaveSlotsPerSimd;
  if (nvgpr) per_simd = std::min(per_simd, kVgprsPerSimdLane / nvgpr);
  const unsigned sgprs = nsgpr + (trap_handler ? kTrapSgprs : 0);
  if (sgprs) per_simd = std::min(per_simd, kSgprsPerSimd / sgprs);
  unsigned groups = kSimdsPerCu * per_simd / std::max(waves_per_group, 1u);
  if (waves_per_group > 1) groups = std::min(groups, kBarriersPerCu);
  if (lds_bytes) {
    const uint32_t granules = (lds_bytes + kLdsGranule - 1) / kLdsGranule;
    groups = std::min<unsigned>(groups, kLdsPerCu / (granules * kLdsGranule));
  }
  return std::max(groups, 1u);
}

void ScratchBlocks::reset(uint32_t blocks) {
  std::lock_guard<std::mutex> lock(mu_);
  count_ = blocks;
  free_.clear();
  for (uint32_t b = blocks; b-- > 0;) free_.push_back(b);
}

bool ScratchBlocks::take(uint32_t* block) {
  std::lock_guard<std::mutex> lock(mu_);
  if (free_.empty()) return false;
  *block = free_.back();
  free_.pop_back();
  return true;
}

void ScratchBlocks::give(uint32_t block) {
  std::lock_guard<std::mutex> lock(mu_);
  free_.push_back(block);
}

}  // namespace gcn
