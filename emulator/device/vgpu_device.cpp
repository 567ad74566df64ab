#include "vgpu_device.h"

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "wave/dispatch_state.h"

namespace gcn::device {

namespace {

constexpr uint64_t kPage = 4096;

bool page_aligned(uint64_t v) { return (v & (kPage - 1)) == 0; }

// A range of the backend file the module may name: whole pages, past the
// IH ring (offset 0) so that a message can never map the ring as memory.
bool valid_backing(uint64_t offset, uint64_t size) {
  constexpr uint64_t kRingEnd = (FW_VGPU_IH_BYTES + kPage - 1) & ~(kPage - 1);
  return size && page_aligned(offset) && page_aligned(size) && offset >= kRingEnd &&
         offset + size > offset;
}

// A GPUVM range: whole pages below the range the shader engine keeps for
// the scratch it backs itself (wave/dispatch_state.h), not wrapping.
bool valid_gpu_range(uint64_t va, uint64_t size) {
  return size && page_aligned(va) && page_aligned(size) && va + size > va &&
         va + size <= kEngineScratchBase;
}

// What a failed port.map() answers: its errno, -ENOMEM when it set none.
int map_error() { return errno > 0 ? -errno : -ENOMEM; }

}  // namespace

// Every message the module sends: its name and what applies it.
const VgpuDevice::OpRow VgpuDevice::kOps[] = {
    {FW_VGPU_OP_PROCESS_ADD, "PROCESS_ADD", &VgpuDevice::process_add},
    {FW_VGPU_OP_PROCESS_REMOVE, "PROCESS_REMOVE", &VgpuDevice::process_remove},
    {FW_VGPU_OP_VM_MAP, "VM_MAP", &VgpuDevice::vm_map},
    {FW_VGPU_OP_VM_UNMAP, "VM_UNMAP", &VgpuDevice::vm_unmap},
    {FW_VGPU_OP_MAP_QUEUE, "MAP_QUEUE", &VgpuDevice::map_queue},
    {FW_VGPU_OP_UPDATE_QUEUE, "UPDATE_QUEUE", &VgpuDevice::update_queue},
    {FW_VGPU_OP_UNMAP_QUEUE, "UNMAP_QUEUE", &VgpuDevice::unmap_queue},
    {FW_VGPU_OP_SET_VMID, "SET_VMID", &VgpuDevice::set_vmid},
};

const VgpuDevice::OpRow* VgpuDevice::op_row(uint32_t op) {
  for (const OpRow& row : kOps)
    if (row.op == op) return &row;
  return nullptr;
}

std::string op_name(uint32_t op) {
  const VgpuDevice::OpRow* row = VgpuDevice::op_row(op);
  return row ? row->name : "op " + std::to_string(op);
}

VgpuDevice::VgpuDevice(BackendPort& port, const DeviceConfig& config)
    : port_(port), config_(config) {}

VgpuDevice::~VgpuDevice() {
  // Queues first: the engines stop reading memory before it goes.
  for (const auto& [hqd, q] : queues_) drop_queue(*contexts_.at(q.pasid), q);
  queues_.clear();
  contexts_.clear();
}

DeviceContext* VgpuDevice::context(uint32_t pasid) {
  auto it = contexts_.find(pasid);
  return it == contexts_.end() ? nullptr : it->second.get();
}

int VgpuDevice::handle(const fw_vgpu_msg& msg) {
  const OpRow* row = op_row(msg.op);
  const int r = row ? (this->*row->apply)(msg) : -EINVAL;
  if (config_.verbose || (r && r != -EINVAL && r != -EEXIST))
    std::fprintf(stderr,
                 "gcn-vgpud: %s: %s seq %u pasid %u hqd %u va 0x%llx size 0x%llx offset 0x%llx "
                 "flags 0x%x -> %d\n",
                 config_.name.c_str(), op_name(msg.op).c_str(), msg.seq, msg.pasid, msg.hqd,
                 static_cast<unsigned long long>(msg.va), static_cast<unsigned long long>(msg.size),
                 static_cast<unsigned long long>(msg.offset), msg.flags, r);
  return r;
}

int VgpuDevice::process_add(const fw_vgpu_msg& msg) {
  if (!msg.pasid || !valid_backing(msg.offset, msg.size)) return -EINVAL;
  if (contexts_.count(msg.pasid)) return -EEXIST;
  // The engines only read doorbells (the process writes them).
  errno = 0;
  void* doorbells = port_.map(msg.offset, msg.size, false);
  if (!doorbells) return map_error();
  VirtualGpuConfig config;
  config.compute_units = config_.compute_units;
  config.host_threads = config_.shader_threads;
  config.check_gprs = config_.check_gprs;
  config.translation = config_.translation;
  auto ctx = std::make_unique<DeviceContext>(port_, msg.pasid, config, doorbells, msg.size);
  if (msg.tba) ctx->gpu().cp().set_trap_handler(kContextVmid, msg.tba, msg.tma);
  if (msg.va) ctx->gpu().cp().set_scratch_backing(kContextVmid, msg.va);
  contexts_[msg.pasid] = std::move(ctx);
  return 0;
}

int VgpuDevice::process_remove(const fw_vgpu_msg& msg) {
  auto it = contexts_.find(msg.pasid);
  if (it == contexts_.end()) return -EINVAL;
  // The module unmapped the queues before; any it did not are unmapped
  // here, so the engines no longer read the memory released below.
  for (auto q = queues_.begin(); q != queues_.end();) {
    if (q->second.pasid == msg.pasid) {
      drop_queue(*it->second, q->second);
      q = queues_.erase(q);
    } else {
      ++q;
    }
  }
  contexts_.erase(it);
  return 0;
}

int VgpuDevice::vm_map(const fw_vgpu_msg& msg) {
  DeviceContext* ctx = context(msg.pasid);
  if (!ctx || !valid_gpu_range(msg.va, msg.size) || !valid_backing(msg.offset, msg.size))
    return -EINVAL;
  const bool writable = msg.flags & FW_VGPU_F_WRITABLE;
  errno = 0;
  void* host = port_.map(msg.offset, msg.size, writable);
  if (!host) return map_error();
  const int r = ctx->map(msg.va, msg.size, host, writable);
  if (r) port_.release(host, msg.size);  // no engine has seen it
  return r;
}

int VgpuDevice::vm_unmap(const fw_vgpu_msg& msg) {
  DeviceContext* ctx = context(msg.pasid);
  if (!ctx) return -EINVAL;
  return ctx->unmap(msg.va, msg.size);
}

int VgpuDevice::map_queue(const fw_vgpu_msg& msg) {
  static_assert(sizeof(fw_v9_mqd) <= FW_VGPU_MQD_BYTES, "an MQD fits a message");
  static_assert(sizeof(fw_v9_sdma_mqd) <= FW_VGPU_MQD_BYTES, "an SDMA MQD fits a message");
  DeviceContext* ctx = context(msg.pasid);
  if (!ctx) return -EINVAL;
  if (queues_.count(msg.hqd)) return -EEXIST;
  const bool active = msg.flags & FW_VGPU_F_ACTIVE;
  HqdRef q;
  q.pasid = msg.pasid;
  q.sdma = msg.flags & FW_VGPU_F_SDMA;
  // The engines check the MQD (ring size, doorbell inside the slice) and
  // answer -1 for one they cannot serve.
  if (q.sdma) {
    fw_v9_sdma_mqd m;
    std::memcpy(&m, msg.mqd, sizeof(m));
    q.id = ctx->gpu().sdma().map_queue(m, ctx->owner(), active);
  } else {
    fw_v9_mqd m;
    std::memcpy(&m, msg.mqd, sizeof(m));
    q.id = ctx->gpu().cp().map_queue(m, ctx->owner(), active);
  }
  if (q.id < 0) return -EINVAL;
  queues_[msg.hqd] = q;
  return 0;
}

VgpuDevice::HqdRef* VgpuDevice::find_queue(const fw_vgpu_msg& msg) {
  auto it = queues_.find(msg.hqd);
  if (it == queues_.end() || it->second.pasid != msg.pasid) return nullptr;
  return &it->second;
}

int VgpuDevice::update_queue(const fw_vgpu_msg& msg) {
  HqdRef* q = find_queue(msg);
  DeviceContext* ctx = context(msg.pasid);
  if (!q || !ctx) return -EINVAL;
  const bool active = msg.flags & FW_VGPU_F_ACTIVE;
  bool ok;
  if (q->sdma) {
    fw_v9_sdma_mqd m;
    std::memcpy(&m, msg.mqd, sizeof(m));
    ok = ctx->gpu().sdma().update_queue(q->id, m, active);
  } else {
    fw_v9_mqd m;
    std::memcpy(&m, msg.mqd, sizeof(m));
    ok = ctx->gpu().cp().update_queue(q->id, m, active);
  }
  return ok ? 0 : -EINVAL;
}

int VgpuDevice::unmap_queue(const fw_vgpu_msg& msg) {
  HqdRef* q = find_queue(msg);
  DeviceContext* ctx = context(msg.pasid);
  if (!q || !ctx) return -EINVAL;
  // Returns once the engine no longer reads the queue's memory (a running
  // dispatch of it is cancelled).
  drop_queue(*ctx, *q);
  queues_.erase(msg.hqd);
  return 0;
}

void VgpuDevice::drop_queue(DeviceContext& ctx, const HqdRef& q) {
  if (q.sdma)
    ctx.gpu().sdma().unmap_queue(q.id);
  else
    ctx.gpu().cp().unmap_queue(q.id);
}

int VgpuDevice::set_vmid(const fw_vgpu_msg& msg) {
  DeviceContext* ctx = context(msg.pasid);
  if (!ctx) return -EINVAL;
  ctx->gpu().cp().set_trap_handler(kContextVmid, msg.tba, msg.tma);
  ctx->gpu().cp().set_scratch_backing(kContextVmid, msg.va);
  return 0;
}

}  // namespace gcn::device
