// Per-dispatch and per-workgroup state that instruction semantics may read:
// the kernel's register setup, LDS, scratch and the flat apertures.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "cu_layout.h"
#include "wave.h"

namespace gcn {

// Flat-address apertures (KFD gfx9 layout): 4 GiB each, selected by the
// high 32 bits of a flat address; src_shared_base/src_private_base report
// the same values.
constexpr uint64_t kSharedApertureBase = 0x0001000000000000ull;
constexpr uint64_t kPrivateApertureBase = 0x0002000000000000ull;
constexpr uint64_t kApertureSize = 0x100000000ull;
// Where the shader engine maps the private memory it backs itself (a
// dispatch without a scratch ring): the top 4 GiB of the 48-bit GPUVM range
// (a buffer V# holds 48 address bits), below the apertures and above every
// x86-64 user address. The host's buffers live at user addresses (in
// process, or the user process's VAs a device process is handed), so this
// overlaps none of them, whatever the host address of the backing is.
constexpr uint64_t kEngineScratchBase = 0x0000ffff00000000ull;

struct DispatchState {
  std::string kernel_name;
  uint64_t code_entry = 0;  // address of the first instruction
  uint64_t packet_va = 0;   // dispatch ptr
  uint64_t queue_va = 0;    // queue ptr
  uint64_t kernarg_va = 0;
  uint64_t dispatch_id = 0;
  uint32_t rsrc1 = 0, rsrc2 = 0, properties = 0;
  bool v2_kernel_code = false;  // amd_kernel_code_t (grid counts in SGPRs)
  uint32_t grid[3] = {1, 1, 1};
  uint32_t wg_size[3] = {1, 1, 1};
  uint32_t wg_count[3] = {1, 1, 1};
  uint32_t dims = 1;
  uint32_t lds_bytes = 0;               // group segment, static + dynamic
  uint32_t private_bytes = 0;           // per lane
  uint64_t scratch_va = 0;              // backing for all waves of this dispatch
  uint64_t scratch_wave_bytes = 0;      // per wave slot (64 lanes, swizzled)
  uint32_t scratch_descriptor[4] = {};  // private segment buffer V#
  unsigned nvgpr = 0;
  unsigned nsgpr = 0;
  // Debug option (ShaderEngine's check_gprs): an instruction naming a VGPR
  // beyond nvgpr faults the wave instead of following the ISA's
  // out-of-range rules.
  bool check_gprs = false;
  // The second-level trap handler of the queue's process (ROCr's, set with
  // AMDKFD_IOC_SET_TRAP_HANDLER): its code (TBA) and the memory it gets
  // in TTMP14/15 (TMA). trap_handler 0: s_trap faults the wave.
  uint64_t trap_handler = 0;
  uint64_t trap_memory = 0;
  // What s_sendmsg(MSG_GET_DOORBELL) returns: the queue's doorbell index.
  uint32_t doorbell_id = 0;
  // s_sendmsg(MSG_INTERRUPT): raises the SQ interrupt with M0[23:0]; may
  // be null (nobody listens) and is called from any shader thread.
  const std::function<void(uint32_t)>* interrupt = nullptr;
  // Register launch (PM4): user SGPRs are COMPUTE_USER_DATA_*, not the
  // pointers the kernel code properties ask for.
  bool user_data_regs = false;
  uint32_t user_data[16] = {};
};

struct Workgroup {
  uint32_t id[3] = {0, 0, 0};
  uint32_t size[3] = {1, 1, 1};  // this group's actual extent (partial at edges)
  CuPlace place;                 // the CU it runs on (HW_ID)
  uint32_t slot = 0;             // its workgroup slot on that CU (HW_ID.TG_ID)
  std::vector<uint8_t> lds;      // group segment
};

// Byte address of lane l's private (scratch) byte `offset` for a wave whose
// private segment starts at wave_base: dword-swizzled with 64 lanes per
// stride, as a scratch buffer V# with ADD_TID_ENABLE, element size 4 and
// index stride 64 lays it out. MUBUF, SCRATCH and flat-private accesses all
// go through this, so they agree.
inline uint64_t scratch_address(uint64_t wave_base, uint64_t offset, unsigned lane) {
  return wave_base + (offset / 4) * (4 * kWaveSize) + lane * 4u + (offset % 4);
}

}  // namespace gcn
