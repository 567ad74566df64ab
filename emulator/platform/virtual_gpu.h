// One virtual gfx900 GPU hosted in this process: its view of memory (one
// GPUVM address space per process, as a VMID), its shader engine, its
// command processor and its SDMA engines. GPU VA = process VA: the host maps
// buffer objects at their GPU address before it maps them into the address
// space.
#pragma once

#include "cp/command_processor.h"
#include "memory/address_space.h"
#include "sdma/sdma_engine.h"
#include "shader/shader_engine.h"

namespace gcn {

struct VirtualGpuConfig {
  unsigned compute_units = 64;  // Vega 10: 4 SEs x 16 CUs
  // Shader-engine threads; 0 = every core. The host decides (libhsakmt's
  // emulated KFD takes $GCN_EMU_THREADS); the GPU reads no environment.
  unsigned host_threads = 0;
  // Debug option: a wave naming a VGPR beyond its kernel's allocation
  // faults (ShaderEngine's check_gprs; libhsakmt: $GCN_EMU_CHECK_GPRS=1).
  bool check_gprs = false;
  // A full-profile APU node: the GPU reaches every page of the process
  // (IOMMUv2/ATS), not only the buffers mapped to it (libhsakmt:
  // $GCN_EMU_APU=1).
  bool host_translation = false;
  // Interpreter only, translated blocks, or translated blocks checked
  // against the interpreter (ShaderEngine::set_translation; libhsakmt:
  // $GCN_EMU_TRANSLATE, $GCN_EMU_TRANSLATE_THRESHOLD).
  TranslationOptions translation;
};

class VirtualGpu {
 public:
  VirtualGpu(const VirtualGpuConfig& config, CommandProcessor::InterruptHandler irq)
      : config_(config),
        memory_(config.host_translation),
        engine_(memory_, config.host_threads, config.compute_units, config.check_gprs),
        cp_(memory_, engine_, irq),
        sdma_(memory_, irq) {
    engine_.set_translation(config.translation);
  }

  const VirtualGpuConfig& config() const { return config_; }
  AddressSpace& memory() { return memory_; }
  ShaderEngine& engine() { return engine_; }
  CommandProcessor& cp() { return cp_; }
  SdmaEngine& sdma() { return sdma_; }

 private:
  VirtualGpuConfig config_;
  AddressSpace memory_;
  ShaderEngine engine_;
  CommandProcessor cp_;  // stops before the engine and memory go
  SdmaEngine sdma_;      // last: stops first
};

}  // namespace gcn
