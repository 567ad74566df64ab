#include "snippet_runner.h"

#include <cstring>

#include "amd_kernel_code.h"
#include "compute_pgm_rsrc.h"
#include "gcn_assembler.h"
#include "kernel_descriptor.h"
#include "translation_env.h"

namespace gcn_test {

SnippetRunner::SnippetRunner(unsigned threads, bool check_gprs)
    : engine_(memory_, threads, gcn::kMaxComputeUnits, check_gprs) {
  translation_from_env(engine_);
}

void* SnippetRunner::alloc_bytes(size_t bytes) {
  buffers_.emplace_back(bytes + 256, 0);
  auto& b = buffers_.back();
  void* p =
      reinterpret_cast<void*>((reinterpret_cast<uintptr_t>(b.data()) + 255) & ~uintptr_t{255});
  memory_.map_host(p, bytes ? bytes : 1);
  return p;
}

gcn::DispatchResult SnippetRunner::run(const std::string& text, uint32_t grid, uint32_t group,
                                       const std::vector<uint64_t>& kernargs, uint32_t lds_bytes,
                                       uint32_t private_bytes) {
  Assembly a = assemble_gfx900(text);
  if (!a.error.empty() || a.words.empty()) {
    gcn::DispatchResult r;
    r.ok = false;
    r.error = "llvm-mc: " + a.error;
    return r;
  }
  return run_words(a.words, grid, group, kernargs, lds_bytes, private_bytes);
}

gcn::DispatchResult SnippetRunner::run_words(const std::vector<uint32_t>& words, uint32_t grid,
                                             uint32_t group, const std::vector<uint64_t>& kernargs,
                                             uint32_t lds_bytes, uint32_t private_bytes) {
  // Descriptor, then the code 256 bytes later (the entry must be aligned).
  auto* kd = static_cast<fw_kernel_descriptor*>(alloc_bytes(256 + words.size() * 4));
  auto* code = reinterpret_cast<uint8_t*>(kd) + 256;
  std::memcpy(code, words.data(), words.size() * 4);
  const uint32_t rsrc1 =
      FW_FIELD_PREP(FW_RSRC1_GRANULATED_WORKITEM_VGPR_COUNT, (vgprs + 3) / 4 - 1) |
      FW_FIELD_PREP(FW_RSRC1_FLOAT_DENORM_MODE_16_64, 3);
  if (v2_kernel_code) {
    auto* akc = reinterpret_cast<fw_amd_kernel_code*>(kd);
    akc->amd_kernel_code_version_major = FW_AMD_KERNEL_CODE_VERSION_MAJOR;
    akc->amd_kernel_code_version_minor = FW_AMD_KERNEL_CODE_VERSION_MINOR;
    akc->amd_machine_kind = FW_AMD_MACHINE_KIND_AMDGPU;
    akc->amd_machine_version_major = 9;
    akc->kernel_code_entry_byte_offset = 256;
    akc->compute_pgm_rsrc1 = rsrc1;
    akc->compute_pgm_rsrc2 = FW_FIELD_PREP(FW_RSRC2_USER_SGPR_COUNT, 3) |
                             FW_FIELD_PREP(FW_RSRC2_ENABLE_SGPR_WORKGROUP_ID_X, 1);
    akc->kernel_code_properties = FW_FIELD_PREP(FW_AKC_ENABLE_SGPR_KERNARG_SEGMENT_PTR, 1) |
                                  FW_FIELD_PREP(FW_AKC_ENABLE_SGPR_GRID_WORKGROUP_COUNT_X, 1) |
                                  FW_FIELD_PREP(FW_AKC_IS_PTR64, 1);
    akc->workgroup_group_segment_byte_size = lds_bytes;
    akc->workitem_private_segment_byte_size = private_bytes;
    akc->wavefront_size = 6;
  } else {
    kd->kernel_code_entry_byte_offset = 256;
    kd->group_segment_fixed_size = lds_bytes;
    kd->private_segment_fixed_size = private_bytes;
    kd->compute_pgm_rsrc1 = rsrc1;
    kd->compute_pgm_rsrc2 = FW_FIELD_PREP(FW_RSRC2_USER_SGPR_COUNT, 2) |
                            FW_FIELD_PREP(FW_RSRC2_ENABLE_SGPR_WORKGROUP_ID_X, 1);
    kd->kernel_code_properties = FW_FIELD_PREP(FW_KD_ENABLE_SGPR_KERNARG_SEGMENT_PTR, 1);
  }

  auto* args = alloc<uint64_t>(kernargs.size() + 1);
  if (!kernargs.empty()) std::memcpy(args, kernargs.data(), kernargs.size() * 8);
  auto* pkt = alloc<fw_aql_kernel_dispatch_packet>(1);
  pkt->setup = 1;
  pkt->workgroup_size_x = static_cast<uint16_t>(group);
  pkt->workgroup_size_y = pkt->workgroup_size_z = 1;
  pkt->grid_size_x = grid;
  pkt->grid_size_y = pkt->grid_size_z = 1;
  pkt->group_segment_size = lds_bytes;
  pkt->private_segment_size = private_bytes;
  pkt->kernel_object = reinterpret_cast<uintptr_t>(kd);
  pkt->kernarg_address = reinterpret_cast<uintptr_t>(args);
  gcn::DispatchRequest req;
  req.packet_va = reinterpret_cast<uintptr_t>(pkt);
  req.kernel_name = "snippet";
  req.cancel = cancel;
  return engine_.dispatch(req);
}

}  // namespace gcn_test
