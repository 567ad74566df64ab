// How many workgroups of a dispatch a Vega 10 keeps resident at once, and
// the scratch ring's slots handed to resident groups. The engine interleaves
// every resident group's waves, so groups that wait on each other through
// memory make progress as they do on the hardware.
#pragma once

#include <cstdint>
#include <mutex>
#include <vector>

namespace gcn {

// gfx9 compute unit resources (Vega ISA, "GPRs and LDS"; LLVM's AMDGPU
// subtarget limits for gfx900): 4 SIMDs of 10 wave slots each, 256 VGPRs
// per lane and 800 SGPRs per SIMD, 64 KiB of LDS per CU in 512-byte
// granules, and 16 barriers per CU (a group of more than one wave needs
// one; single-wave groups are limited by wave slots only).
constexpr unsigned kSimdsPerCu = 4;
constexpr unsigned kWaveSlotsPerSimd = 10;
constexpr unsigned kVgprsPerSimdLane = 256;
constexpr unsigned kSgprsPerSimd = 800;
constexpr unsigned kTrapSgprs = 16;  // reserved per wave with a trap handler
constexpr uint32_t kLdsPerCu = 64 * 1024;
constexpr uint32_t kLdsGranule = 512;
constexpr unsigned kBarriersPerCu = 16;

// Workgroups one CU holds at once (at least 1: a group too large for a CU
// still runs, one at a time).
unsigned groups_per_cu(unsigned waves_per_group, unsigned nvgpr, unsigned nsgpr, uint32_t lds_bytes,
                       bool trap_handler);

// Scratch slots in blocks of one workgroup's waves: wave i of the group
// holding block b uses slot b * waves_per_group + i. A group takes a block
// when it becomes resident and gives it back when it ends, as the SPI
// allocates the ring's slots to the waves it launches.
class ScratchBlocks {
 public:
  void reset(uint32_t blocks);
  uint32_t count() const { return count_; }
  bool take(uint32_t* block);
  void give(uint32_t block);

 private:
  std::mutex mu_;
  std::vector<uint32_t> free_;  // lowest first out
  uint32_t count_ = 0;
};

}  // namespace gcn
