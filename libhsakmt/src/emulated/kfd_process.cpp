// Creation and release of the emulated KFD process: one virtual GPU per
// topology GPU with its doorbell slice, and at release everything torn down
// in the order the KFD uses at process exit (queues, then the GPUs, then
// memory).
#include "emulated/kfd_process.h"

#include <sys/mman.h>
#include <sys/uio.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>

namespace hsakmt::emu {

namespace {

// GCN_EMU_THREADS: how many host threads each virtual GPU's shader engine
// runs workgroups on (a positive number, read as atoi does); unset or not
// positive, every host core. The emulator reads no environment: its host
// (this process) configures it.
unsigned shader_threads_from_env() {
  const char* env = std::getenv("GCN_EMU_THREADS");
  const int n = env ? std::atoi(env) : 0;
  return n > 0 ? static_cast<unsigned>(n) : 0;
}

// GCN_EMU_CHECK_GPRS=1: a debug option of the virtual GPUs' shader
// engines: a wave that names a VGPR beyond its kernel's allocation faults,
// naming the register, instead of reading v0 / not writing as the hardware
// does.
bool check_gprs_from_env() {
  const char* env = std::getenv("GCN_EMU_CHECK_GPRS");
  return env && std::atoi(env) > 0;
}

// GCN_EMU_TRANSLATE=on|off|check and GCN_EMU_TRANSLATE_THRESHOLD=N: how
// the shader engines run waves (translated blocks, the interpreter only,
// or translated blocks checked against the interpreter; a block is
// translated once entered N times). A value it cannot read is reported
// once and the default kept.
gcn::TranslationOptions translation_from_env() {
  gcn::TranslationOptions t;
  std::string error;
  if (!gcn::parse_translation(std::getenv("GCN_EMU_TRANSLATE"),
                              std::getenv("GCN_EMU_TRANSLATE_THRESHOLD"), &t, &error)) {
    std::fprintf(stderr, "libhsakmt: emulated KFD: %s; using the default\n", error.c_str());
    t = gcn::TranslationOptions{};
  }
  return t;
}

}  // namespace

Process::Process() {
  for (const GpuInfo& info : machine().gpus) {
    auto dev = std::make_unique<Device>();
    dev->info = &info;
    if (dev->doorbells.create("kfd-doorbells", KFDC_DOORBELL_SLICE_BYTES) != 0 ||
        dev->mmio.create("kfd-mmio", kPage) != 0)
      std::fprintf(stderr, "libhsakmt: emulated KFD: no memory for doorbells\n");
    gcn::VirtualGpuConfig config;
    config.compute_units = info.props.cu_count;
    config.host_threads = shader_threads_from_env();
    config.check_gprs = check_gprs_from_env();
    config.host_translation = info.apu;
    static const gcn::TranslationOptions translation = translation_from_env();
    config.translation = translation;
    Device* raw = dev.get();
    dev->gpu = std::make_unique<gcn::VirtualGpu>(
        config, [this, raw](const fw_ih_entry& e) { handle_interrupt(*this, *raw, e); });
    devices.push_back(std::move(dev));
  }
}

Process::~Process() {
  // Queues first: after unmap_queue the CP (or SDMA engine) no longer reads
  // their memory.
  for (auto& [id, q] : queues) {
    if (q->sdma_id >= 0)
      q->dev->gpu->sdma().unmap_queue(q->cp_id);
    else
      q->dev->gpu->cp().unmap_queue(q->cp_id);
  }
  queues.clear();
  // Stop the CPs (their threads may be delivering an interrupt) before the
  // events and memory they refer to go away.
  for (auto& dev : devices) dev->gpu.reset();
  {
    std::lock_guard<std::mutex> lock(ev_mu);
    // A thread still waiting fails its wait (as on a destroyed event).
    for (auto& [id, ev] : events) {
      for (Waiter* w : ev->waiters) {
        w->event = nullptr;
        w->wake->notify_one();
      }
    }
    events.clear();
  }
  bo_by_offset.clear();
  bo_by_va.clear();
  bos.clear();
}

Device* Process::device(uint32_t gpu_id) {
  for (auto& d : devices)
    if (d->info->gpu_id == gpu_id) return d.get();
  return nullptr;
}

BufferObject* Process::bo(uint64_t handle) {
  auto it = bos.find(handle);
  return it == bos.end() ? nullptr : it->second.get();
}

// The kernel's copy_to_user/copy_from_user in process: the CPU would kill
// the process on a store to a read-only or unmapped page, so the copy goes
// through process_vm_writev/readv on this process, which fail with EFAULT
// there instead. Zero bytes always copy (the kernel never faults on them).
bool copy_to_user(uint64_t dst, const void* src, uint64_t bytes) {
  if (bytes == 0) return true;
  if (dst == 0 || dst + bytes < dst) return false;
  iovec local{const_cast<void*>(src), bytes};
  iovec remote{reinterpret_cast<void*>(dst), bytes};
  return process_vm_writev(getpid(), &local, 1, &remote, 1, 0) == static_cast<ssize_t>(bytes);
}

bool copy_from_user(void* dst, uint64_t src, uint64_t bytes) {
  if (bytes == 0) return true;
  if (src == 0 || src + bytes < src) return false;
  iovec local{dst, bytes};
  iovec remote{reinterpret_cast<void*>(src), bytes};
  return process_vm_readv(getpid(), &local, 1, &remote, 1, 0) == static_cast<ssize_t>(bytes);
}

}  // namespace hsakmt::emu
