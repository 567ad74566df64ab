#include "gpu_harness.h"

#include <algorithm>
#include <cstdlib>

#include "aql_packet.h"
#include "translation_env.h"

namespace gcn::test {
namespace {
constexpr size_t kPage = 4096;
}

GpuHarness::GpuHarness(unsigned threads)
    : engine_(std::make_unique<ShaderEngine>(memory_, threads)) {
  gcn_test::translation_from_env(*engine_);
}

GpuHarness::~GpuHarness() {
  engine_.reset();
  for (const auto& co : code_objects_) memory_.unmap(reinterpret_cast<uintptr_t>(co->image()));
  for (const Buffer& b : buffers_) {
    memory_.unmap(reinterpret_cast<uintptr_t>(b.host));
    std::free(b.host);
  }
}

void* GpuHarness::alloc_raw(size_t bytes) {
  size_t size = (std::max<size_t>(bytes, 1) + kPage - 1) / kPage * kPage;
  void* p = std::aligned_alloc(kPage, size);
  if (!p) return nullptr;
  std::memset(p, 0, size);
  if (!memory_.map_host(p, size)) {
    std::free(p);
    return nullptr;
  }
  buffers_.push_back({p, size});
  return p;
}

void* GpuHarness::alloc(size_t bytes) {
  void* p = alloc_raw(bytes);
  if (!p) std::abort();  // tests cannot continue without memory
  return p;
}

void GpuHarness::release(void* host) {
  for (size_t i = 0; i < buffers_.size(); ++i) {
    if (buffers_[i].host != host) continue;
    memory_.unmap(reinterpret_cast<uintptr_t>(host));
    std::free(host);
    buffers_.erase(buffers_.begin() + static_cast<std::ptrdiff_t>(i));
    return;
  }
}

CodeObject* GpuHarness::load(const std::string& path, std::string* error) {
  auto co = std::make_unique<CodeObject>();
  if (!co->load(path, error)) return nullptr;
  if (!memory_.map_host(co->image(), co->image_size())) {
    if (error) *error = path + ": cannot map the image into the GPU address space";
    return nullptr;
  }
  code_objects_.push_back(std::move(co));
  return code_objects_.back().get();
}

DispatchResult GpuHarness::run(const CodeObject& co, const std::string& name,
                               const LaunchDims& dims, const std::vector<uint8_t>& kernargs) {
  DispatchResult bad;
  bad.ok = false;
  const fw_kernel_descriptor* kd = co.descriptor(name);
  if (!kd) {
    bad.error = co.path() + ": no kernel " + name;
    return bad;
  }
  // The descriptor's kernarg_size counts the hidden arguments too; they
  // read as zero.
  std::vector<uint8_t> block = kernargs;
  block.resize(std::max<size_t>({block.size(), kd->kernarg_size, 256}), 0);

  auto* kernarg = static_cast<uint8_t*>(alloc_raw(block.size()));
  auto* packet =
      static_cast<fw_aql_kernel_dispatch_packet*>(alloc_raw(sizeof(fw_aql_kernel_dispatch_packet)));
  if (!kernarg || !packet) {
    bad.error = "out of memory";
    return bad;
  }
  std::memcpy(kernarg, block.data(), block.size());

  fw_aql_kernel_dispatch_packet pkt{};
  pkt.header = FW_AQL_PACKET_TYPE_KERNEL_DISPATCH | (FW_AQL_FENCE_SCOPE_SYSTEM << 9) |
               (FW_AQL_FENCE_SCOPE_SYSTEM << 11);
  pkt.setup = static_cast<uint16_t>(dims.dims);
  pkt.workgroup_size_x = dims.workgroup[0];
  pkt.workgroup_size_y = dims.workgroup[1];
  pkt.workgroup_size_z = dims.workgroup[2];
  pkt.grid_size_x = dims.grid[0];
  pkt.grid_size_y = dims.grid[1];
  pkt.grid_size_z = dims.grid[2];
  pkt.private_segment_size = kd->private_segment_fixed_size;
  pkt.group_segment_size = kd->group_segment_fixed_size + dims.dynamic_lds;
  pkt.kernel_object = reinterpret_cast<uintptr_t>(kd);
  pkt.kernarg_address = reinterpret_cast<uintptr_t>(kernarg);
  std::memcpy(packet, &pkt, sizeof(pkt));

  DispatchRequest req;
  req.packet_va = reinterpret_cast<uintptr_t>(packet);
  req.dispatch_id = next_dispatch_id_++;
  req.kernel_name = name;
  DispatchResult r = engine_->dispatch(req);
  release(packet);
  release(kernarg);
  return r;
}

}  // namespace gcn::test
