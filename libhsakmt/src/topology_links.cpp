// Indirect IO links. The KFD publishes only direct links (a GPU to the CPU
// its PCIe root is on, CPU to CPU, XGMI between GPUs); ROCm's thunk adds a
// link for every other pair with a GPU on one end, routed through the CPUs,
// whose weight is the sum along the route. The runtime uses these weights
// to rank agents and to decide peer access.
#include <optional>

#include "topology_snapshot.h"

namespace hsakmt {
namespace {

// A PCIe link heavier than this goes through another CPU first.
constexpr uint32_t kDirectPcieMaxWeight = 20;

const HsaIoLinkProperties* direct_link(const std::vector<NodeSnapshot>& nodes, uint32_t from,
                                       uint32_t to) {
  for (const HsaIoLinkProperties& l : nodes[from].links)
    if (l.NodeTo == to) return &l;
  return nullptr;
}

// The CPU node a GPU hangs off, if any.
std::optional<uint32_t> attached_cpu(const std::vector<NodeSnapshot>& nodes, uint32_t gpu) {
  for (const HsaIoLinkProperties& l : nodes[gpu].links)
    if (l.IoLinkType == HSA_IOLINKTYPE_PCIEXPRESS && l.Weight <= kDirectPcieMaxWeight &&
        l.NodeTo < nodes.size() && nodes[l.NodeTo].gpu_id == 0)
      return l.NodeTo;
  return std::nullopt;
}

struct Route {
  uint32_t weight = 0;
  HSA_IOLINKTYPE type = HSA_IOLINKTYPE_UNDEFINED;
};

// Sums the hops a -> ... -> b; the route's type is that of its CPU-side hop.
std::optional<Route> route(const std::vector<NodeSnapshot>& nodes, uint32_t a, uint32_t b) {
  const bool a_gpu = nodes[a].gpu_id != 0, b_gpu = nodes[b].gpu_id != 0;
  if (!a_gpu && !b_gpu) return std::nullopt;  // CPU pairs are the KFD's business
  const std::optional<uint32_t> ca = a_gpu ? attached_cpu(nodes, a) : std::optional<uint32_t>(a);
  const std::optional<uint32_t> cb = b_gpu ? attached_cpu(nodes, b) : std::optional<uint32_t>(b);
  if (!ca || !cb) return std::nullopt;

  Route r;
  // Hop from a to its CPU, between the CPUs, and from b's CPU to b; a
  // missing hop (other than a node to itself) means there is no route.
  const uint32_t hops[][2] = {{a, *ca}, {*ca, *cb}, {*cb, b}};
  for (const auto& hop : hops) {
    if (hop[0] == hop[1]) continue;
    const HsaIoLinkProperties* l = direct_link(nodes, hop[0], hop[1]);
    if (l == nullptr) return std::nullopt;
    r.weight += l->Weight;
    if (hop[0] == *ca) r.type = l->IoLinkType;
    // GPUs behind different sockets of a QPI system cannot reach each other.
    if (hop[0] == *ca && hop[1] == *cb && a_gpu && b_gpu &&
        l->IoLinkType == HSA_IOLINK_TYPE_QPI_1_1 && l->Weight > kDirectPcieMaxWeight)
      return std::nullopt;
  }
  if (r.weight == 0) return std::nullopt;
  return r;
}

}  // namespace

void add_indirect_links(std::vector<NodeSnapshot>* nodes_ptr) {
  std::vector<NodeSnapshot>& nodes = *nodes_ptr;
  const uint32_t n = static_cast<uint32_t>(nodes.size());
  for (uint32_t i = 0; i + 1 < n; ++i) {
    for (uint32_t j = i + 1; j < n; ++j) {
      if (direct_link(nodes, i, j) || direct_link(nodes, j, i)) continue;
      const std::optional<Route> r = route(nodes, i, j);
      if (!r) continue;
      for (const auto& [from, to] : {std::pair<uint32_t, uint32_t>{i, j}, {j, i}}) {
        HsaIoLinkProperties l{};
        l.IoLinkType = r->type;
        l.NodeFrom = from;
        l.NodeTo = to;
        l.Weight = r->weight;
        nodes[from].links.push_back(l);
        nodes[from].props.NumIOLinks = static_cast<HSAuint32>(nodes[from].links.size());
      }
    }
  }
}

}  // namespace hsakmt
