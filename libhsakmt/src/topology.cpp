// Topology API: hsaKmtAcquireSystemProperties takes a snapshot of the KFD's
// topology and the hsaKmtGetNode* queries answer from it until
// hsaKmtReleaseSystemProperties, as ROCm's thunk does. Return codes follow
// ROCm's (validate_nodeid): a query without a snapshot or for a node id
// past the snapshot's nodes is INVALID_NODE_UNIT; asking for more caches or
// links than the node has is INVALID_PARAMETER.
//
// topology_discover() is the thunk's own read at hsaKmtOpenKFD, independent
// of the application's snapshot.
#include <cstring>
#include <memory>

#include "thunk.h"
#include "topology_snapshot.h"

namespace hsakmt {
namespace {

// The application's snapshot; guarded by thunk().mu.
std::unique_ptr<TopologySnapshot>& api_snapshot() {
  static auto* const snapshot = new std::unique_ptr<TopologySnapshot>;
  return *snapshot;
}

// Beyond the KFD's banks the thunk reports a GPU's apertures as memory
// banks, with their base in this process: LDS, scratch and, on a discrete
// GPU, the GPU VM range ("device SVM").
std::vector<HsaMemoryProperties> aperture_banks(const NodeSnapshot& node, uint32_t node_id) {
  std::vector<HsaMemoryProperties> banks;
  const GpuNode* g = gpu_node(node_id);
  if (node.gpu_id == 0 || g == nullptr || g->gpu_id != node.gpu_id) return banks;
  auto add = [&banks](HSA_HEAPTYPE type, uint64_t base, uint64_t size) {
    HsaMemoryProperties m{};
    m.HeapType = type;
    m.VirtualBaseAddress = base;
    m.SizeInBytes = size;
    banks.push_back(m);
  };
  if (g->lds_limit > g->lds_base)
    add(HSA_HEAPTYPE_GPU_LDS, g->lds_base, uint64_t{node.props.LDSSizeInKB} * 1024);
  if (g->scratch_limit > g->scratch_base)
    add(HSA_HEAPTYPE_GPU_SCRATCH, g->scratch_base, g->scratch_limit - g->scratch_base + 1);
  const bool discrete = node.props.NumCPUCores == 0;
  if (discrete && g->gpuvm_limit > g->gpuvm_base)
    add(HSA_HEAPTYPE_DEVICE_SVM, g->gpuvm_base, g->gpuvm_limit - g->gpuvm_base + 1);
  return banks;
}

// The node of the snapshot, or the status for why there is none.
HSAKMT_STATUS snapshot_node(uint32_t node_id, const NodeSnapshot** node) {
  const std::unique_ptr<TopologySnapshot>& s = api_snapshot();
  if (!s) return HSAKMT_STATUS_INVALID_NODE_UNIT;
  if (node_id >= s->nodes.size()) return HSAKMT_STATUS_INVALID_NODE_UNIT;
  *node = &s->nodes[node_id];
  return HSAKMT_STATUS_SUCCESS;
}

}  // namespace

HSAKMT_STATUS topology_discover() {
  Thunk& t = thunk();
  TopologySnapshot snapshot;
  const HSAKMT_STATUS s = read_topology(*t.transport, &snapshot);
  if (s != HSAKMT_STATUS_SUCCESS) return s;
  t.gpus.clear();
  for (uint32_t i = 0; i < snapshot.nodes.size(); ++i) {
    const NodeSnapshot& n = snapshot.nodes[i];
    if (n.gpu_id == 0) continue;
    GpuNode g;
    g.node_id = i;
    g.gpu_id = n.gpu_id;
    g.drm_render_minor = n.props.DrmRenderMinor;
    g.apu = n.props.NumCPUCores != 0;
    t.gpus.push_back(g);
  }
  t.node_count = static_cast<uint32_t>(snapshot.nodes.size());
  return HSAKMT_STATUS_SUCCESS;
}

}  // namespace hsakmt

using namespace hsakmt;

extern "C" HSAKMT_STATUS HSAKMTAPI hsaKmtAcquireSystemProperties(HsaSystemProperties* props) {
  HSAKMT_CHECK_OPEN();
  if (props == nullptr) return HSAKMT_STATUS_INVALID_PARAMETER;
  Thunk& t = thunk();
  std::lock_guard<std::mutex> lock(t.mu);
  auto snapshot = std::make_unique<TopologySnapshot>();
  const HSAKMT_STATUS s = read_topology(*t.transport, snapshot.get());
  if (s != HSAKMT_STATUS_SUCCESS) return s;
  *props = snapshot->system;
  api_snapshot() = std::move(snapshot);
  return HSAKMT_STATUS_SUCCESS;
}

extern "C" HSAKMT_STATUS HSAKMTAPI hsaKmtReleaseSystemProperties(void) {
  std::lock_guard<std::mutex> lock(thunk().mu);
  api_snapshot().reset();
  return HSAKMT_STATUS_SUCCESS;
}

extern "C" HSAKMT_STATUS HSAKMTAPI hsaKmtGetNodeProperties(HSAuint32 node_id,
                                                           HsaNodeProperties* props) {
  if (props == nullptr) return HSAKMT_STATUS_INVALID_PARAMETER;
  HSAKMT_CHECK_OPEN();
  std::lock_guard<std::mutex> lock(thunk().mu);
  const NodeSnapshot* node = nullptr;
  const HSAKMT_STATUS s = snapshot_node(node_id, &node);
  if (s != HSAKMT_STATUS_SUCCESS) return s;
  *props = node->props;
  props->NumMemoryBanks += static_cast<HSAuint32>(aperture_banks(*node, node_id).size());
  return HSAKMT_STATUS_SUCCESS;
}

extern "C" HSAKMT_STATUS HSAKMTAPI hsaKmtGetNodeMemoryProperties(HSAuint32 node_id,
                                                                 HSAuint32 num_banks,
                                                                 HsaMemoryProperties* mem) {
  if (mem == nullptr) return HSAKMT_STATUS_INVALID_PARAMETER;
  HSAKMT_CHECK_OPEN();
  std::lock_guard<std::mutex> lock(thunk().mu);
  const NodeSnapshot* node = nullptr;
  const HSAKMT_STATUS s = snapshot_node(node_id, &node);
  if (s != HSAKMT_STATUS_SUCCESS) return s;
  std::vector<HsaMemoryProperties> banks = node->mem;
  for (const HsaMemoryProperties& m : aperture_banks(*node, node_id)) banks.push_back(m);
  // Entries past the node's banks read as zero, as with ROCm.
  std::memset(static_cast<void*>(mem), 0, sizeof(*mem) * num_banks);
  for (size_t i = 0; i < banks.size() && i < num_banks; ++i) mem[i] = banks[i];
  return HSAKMT_STATUS_SUCCESS;
}

// ProcessorId is not used: every cache of the node is reported, each with
// its own ProcessorIdLow and sibling map (ROCm does the same).
extern "C" HSAKMT_STATUS HSAKMTAPI hsaKmtGetNodeCacheProperties(HSAuint32 node_id,
                                                                HSAuint32 /*processor_id*/,
                                                                HSAuint32 num_caches,
                                                                HsaCacheProperties* caches) {
  if (caches == nullptr) return HSAKMT_STATUS_INVALID_PARAMETER;
  HSAKMT_CHECK_OPEN();
  std::lock_guard<std::mutex> lock(thunk().mu);
  const NodeSnapshot* node = nullptr;
  const HSAKMT_STATUS s = snapshot_node(node_id, &node);
  if (s != HSAKMT_STATUS_SUCCESS) return s;
  if (num_caches > node->caches.size()) return HSAKMT_STATUS_INVALID_PARAMETER;
  for (HSAuint32 i = 0; i < num_caches; ++i) caches[i] = node->caches[i];
  return HSAKMT_STATUS_SUCCESS;
}

extern "C" HSAKMT_STATUS HSAKMTAPI hsaKmtGetNodeIoLinkProperties(HSAuint32 node_id,
                                                                 HSAuint32 num_links,
                                                                 HsaIoLinkProperties* links) {
  if (links == nullptr) return HSAKMT_STATUS_INVALID_PARAMETER;
  HSAKMT_CHECK_OPEN();
  std::lock_guard<std::mutex> lock(thunk().mu);
  const NodeSnapshot* node = nullptr;
  const HSAKMT_STATUS s = snapshot_node(node_id, &node);
  if (s != HSAKMT_STATUS_SUCCESS) return s;
  if (num_links > node->links.size()) return HSAKMT_STATUS_INVALID_PARAMETER;
  for (HSAuint32 i = 0; i < num_links; ++i) links[i] = node->links[i];
  return HSAKMT_STATUS_SUCCESS;
}
