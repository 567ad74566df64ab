// One virtual GPU as the gcnkfd module drives it through the backend file:
// the messages of firmware-interfaces/vgpu_backend.h applied to a context
// per process (pasid), each a gcn::VirtualGpu of its own. Independent of
// the port's kind: the daemon hands it the real file, tests a fake.
//
// handle() is called by one thread (the GPU's message loop); the engines'
// threads only reach the port's raise(). Bad input from the module is
// answered with -EINVAL, never trusted: sizes, alignment, offsets, pasids
// and queue handles are all checked.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>

#include "backend_port.h"
#include "device_context.h"

namespace gcn::device {

struct DeviceConfig {
  unsigned compute_units = 64;     // per context's VirtualGpu
  unsigned shader_threads = 1;     // host threads of each context's shader engine
  bool check_gprs = false;         // VirtualGpuConfig::check_gprs
  TranslationOptions translation;  // VirtualGpuConfig::translation
  bool verbose = false;            // one line per message on stderr
  std::string name = "gpu";        // names the GPU in messages
};

class VgpuDevice {
 public:
  VgpuDevice(BackendPort& port, const DeviceConfig& config);
  ~VgpuDevice();  // every context removed, as PROCESS_REMOVE does
  VgpuDevice(const VgpuDevice&) = delete;
  VgpuDevice& operator=(const VgpuDevice&) = delete;

  // Applies one message; the result is the ACK's: 0 or a negative errno.
  int handle(const fw_vgpu_msg& msg);

  // One row per message kind (vgpu_device.cpp's kOps).
  struct OpRow {
    uint32_t op;
    const char* name;
    int (VgpuDevice::*apply)(const fw_vgpu_msg& msg);
  };
  // The row of op, or nullptr for an unknown one.
  static const OpRow* op_row(uint32_t op);

  size_t contexts() const { return contexts_.size(); }
  size_t queues() const { return queues_.size(); }
  // The context of pasid, or nullptr (diagnostics and tests).
  DeviceContext* context(uint32_t pasid);

 private:
  // A queue the module mapped: on which context and engine, and its id there.
  struct HqdRef {
    uint32_t pasid = 0;
    bool sdma = false;
    int id = -1;
  };

  static const OpRow kOps[];
  int process_add(const fw_vgpu_msg& msg);
  int process_remove(const fw_vgpu_msg& msg);
  int vm_map(const fw_vgpu_msg& msg);
  int vm_unmap(const fw_vgpu_msg& msg);
  int map_queue(const fw_vgpu_msg& msg);
  int update_queue(const fw_vgpu_msg& msg);
  int unmap_queue(const fw_vgpu_msg& msg);
  int set_vmid(const fw_vgpu_msg& msg);
  // The queue `hqd` of the message's pasid, or nullptr.
  HqdRef* find_queue(const fw_vgpu_msg& msg);
  void drop_queue(DeviceContext& ctx, const HqdRef& q);

  BackendPort& port_;
  DeviceConfig config_;
  std::map<uint32_t, std::unique_ptr<DeviceContext>> contexts_;  // by pasid
  std::map<uint32_t, HqdRef> queues_;                            // by hqd
};

// The op's name for messages ("VM_MAP"), "op N" for an unknown one.
std::string op_name(uint32_t op);

}  // namespace gcn::device
