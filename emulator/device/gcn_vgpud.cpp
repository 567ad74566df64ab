// gcn-vgpud: the device process of the gcnkfd module's virtual GPUs. For
// each GPU it opens /dev/gcnkfd-vgpu, attaches, and runs the GPU's message
// loop on a thread of its own (read a message, apply it, ACK it). SIGTERM
// or SIGINT stops every loop, the contexts' engines stop, the files close
// and the process exits 0; a GPU that cannot be attached is exit 1.
#include <pthread.h>
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <fstream>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "command_line.h"
#include "daemon_options.h"
#include "kfd_backend_port.h"
#include "vgpu_device.h"

namespace {

using gcn::device::DaemonOptions;
using gcn::device::KfdBackendPort;
using gcn::device::VgpuDevice;

struct Gpu {
  std::unique_ptr<KfdBackendPort> port;
  std::unique_ptr<VgpuDevice> device;
  std::thread loop;
};

// Loops still running; the last one to end on its own (the module hung
// up) wakes main() with SIGUSR1.
std::atomic<unsigned> g_running{0};
std::atomic<bool> g_stopping{false};

void serve(Gpu& gpu) {
  fw_vgpu_msg msg;
  while (gpu.port->next(&msg)) gpu.port->ack(msg.seq, gpu.device->handle(msg));
  if (g_running.fetch_sub(1) == 1 && !g_stopping.load()) kill(getpid(), SIGUSR1);
}

bool write_pidfile(const std::string& path) {
  std::ofstream f(path, std::ios::trunc);
  f << getpid() << "\n";
  return static_cast<bool>(f.flush());
}

}  // namespace

int main(int argc, char** argv) {
  DaemonOptions opt;
  std::string error;
  if (!gcn::device::parse_options(argc, argv, &opt, &error))
    return hsa_gcn_cli::usage_error("gcn-vgpud", error);
  if (opt.help) {
    std::printf("%s", gcn::device::usage().c_str());
    return 0;
  }
  if (opt.version) return hsa_gcn_cli::print_version("gcn-vgpud");
  if (opt.gpus.empty()) opt.gpus = gcn::device::topology_gpu_ids(gcn::device::kTopologyNodes);
  if (opt.gpus.empty()) {
    std::fprintf(stderr, "gcn-vgpud: no GPU in %s (is the gcnkfd module loaded?) and no --gpu\n",
                 gcn::device::kTopologyNodes);
    return 1;
  }

  // Signals are taken by main() alone (sigwait); every thread inherits the
  // mask, so none is interrupted by them.
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGTERM);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGUSR1);
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);

  const std::string path = std::string("/dev/") + FW_VGPU_DEVICE_NAME;
  std::vector<std::unique_ptr<Gpu>> gpus;
  for (uint32_t id : opt.gpus) {
    auto gpu = std::make_unique<Gpu>();
    gpu->port = KfdBackendPort::attach(path, id, &error);
    if (!gpu->port) {
      std::fprintf(stderr, "gcn-vgpud: %s\n", error.c_str());
      return 1;
    }
    gcn::device::DeviceConfig config;
    config.compute_units = opt.compute_units ? opt.compute_units : gpu->port->compute_units();
    if (!config.compute_units) config.compute_units = 64;
    config.shader_threads = opt.shader_threads;
    config.check_gprs = opt.check_gprs;
    config.translation = opt.translation;
    config.verbose = opt.verbose;
    config.name = "gpu " + std::to_string(id);
    gpu->device = std::make_unique<VgpuDevice>(*gpu->port, config);
    if (opt.verbose)
      std::fprintf(stderr, "gcn-vgpud: gpu %u attached: %u CUs, %u IH entries\n", id,
                   config.compute_units, gpu->port->ih_entries());
    gpus.push_back(std::move(gpu));
  }
  if (!opt.pidfile.empty() && !write_pidfile(opt.pidfile)) {
    std::fprintf(stderr, "gcn-vgpud: cannot write the pidfile %s\n", opt.pidfile.c_str());
    return 1;
  }

  g_running.store(static_cast<unsigned>(gpus.size()));
  for (auto& gpu : gpus) {
    Gpu* g = gpu.get();
    g->loop = std::thread([g] { serve(*g); });
  }
  int sig = 0;
  sigwait(&signals, &sig);
  g_stopping.store(true);
  for (auto& gpu : gpus) gpu->port->shut_down();
  for (auto& gpu : gpus) gpu->loop.join();
  // Each GPU's contexts stop their engines, then its file closes: the
  // module sees the GPU gone.
  for (auto& gpu : gpus) {
    gpu->device.reset();
    gpu->port.reset();
  }
  if (!opt.pidfile.empty()) unlink(opt.pidfile.c_str());
  if (sig == SIGUSR1) {
    std::fprintf(stderr, "gcn-vgpud: every GPU's backend file closed; exiting\n");
    return 1;
  }
  return 0;
}
