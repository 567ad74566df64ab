#include "shader_engine.h"

#include <algorithm>
#include <cfenv>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "compute_pgm_rsrc.h"
#include "decode_cache.h"
#include "isa/decoder.h"
#include "kernel_descriptor.h"
#include "memory_checkpoint.h"
#include "semantics/opcode_tables.h"
#include "wave_launch.h"

namespace gcn {

namespace {

// Instructions a wave runs before the scheduler lets its group's next wave
// go: waves of one group may wait on each other through memory.
constexpr unsigned kQuantum = 4096;

// One thread per host core. The engine reads no environment: a host that
// wants fewer threads (libhsakmt: GCN_EMU_THREADS) says so when it builds
// the engine.
unsigned default_threads() {
  const unsigned hw = std::thread::hardware_concurrency();
  return hw ? hw : 1;
}

// MODE.FP_ROUND encodings (0 nearest even, 1 +inf, 2 -inf, 3 zero) as host
// rounding modes; the semantics' host arithmetic then rounds the same way.
constexpr int kHostRounding[4] = {FE_TONEAREST, FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO};

// The rounding field that governs an instruction: [1:0] for f32, [3:2] for
// f64 and f16 results.
inline unsigned rounding_field(const Wave& w, const Inst& in) {
  const Ty t = in.info->dst;
  return (t == Ty::F64 || t == Ty::F16) ? (w.mode >> 2) & 3 : w.mode & 3;
}

std::string hex(uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof(buf), "0x%" PRIx64, v);
  return buf;
}

}  // namespace

struct ShaderEngine::Job {
  DispatchState state;
  uint32_t waves_per_group = 1;
  uint64_t total_groups = 0;
  std::atomic<uint64_t> next_group{0};
  // The CUs the queue enables, in dealing order: group g runs on
  // cus[g % size] (round robin, as the workload manager spreads groups).
  std::vector<CuPlace> cus;
  // Host threads that take workgroups: fewer than the pool when the
  // scratch ring has too few slots for every thread's group.
  unsigned active_threads = 1;
  std::atomic<bool> failed{false};
  const std::atomic<bool>* cancel = nullptr;
  bool memory_fault = false;  // under error_mu, with error
  uint64_t fault_address = 0;
  std::atomic<uint64_t> waves{0};
  std::atomic<uint64_t> instructions{0};
  std::mutex error_mu;
  std::string error;
  std::atomic<bool> halted{false};
  std::string halt_text;  // under error_mu: the first wave that halted
};

ShaderEngine::ShaderEngine(AddressSpace& memory, unsigned threads, unsigned compute_units)
    : memory_(memory), compute_units_(std::clamp(compute_units, 1u, kMaxComputeUnits)) {
  if (threads == 0) threads = default_threads();
  // One claim on memory per thread index, each taken while it runs waves.
  for (unsigned i = 0; i < threads; ++i)
    readers_.push_back(std::make_unique<AddressSpace::Reader>(memory_));
  for (unsigned i = 1; i < threads; ++i) workers_.emplace_back(&ShaderEngine::worker_main, this, i);
}

ShaderEngine::~ShaderEngine() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    stopping_ = true;
  }
  start_cv_.notify_all();
  for (auto& t : workers_) t.join();
}

void ShaderEngine::worker_main(unsigned index) {
  uint64_t seen = 0;
  for (;;) {
    {
      std::unique_lock<std::mutex> lock(mu_);
      start_cv_.wait(lock, [&] { return stopping_ || generation_ != seen; });
      if (stopping_) return;
      seen = generation_;
    }
    readers_[index]->begin();
    run_workgroups(index);
    readers_[index]->end();
    {
      std::lock_guard<std::mutex> lock(mu_);
      if (--busy_ == 0) done_cv_.notify_all();
    }
  }
}

namespace {

// Describes a faulted wave for the dispatch's error message.
std::string describe_fault(const Wave& w, const DispatchState& d) {
  std::string text = "kernel '" + d.kernel_name + "': " + fault_kind_name(w.fault.kind) +
                     " at pc " + hex(w.fault.pc) + " (entry+" + hex(w.fault.pc - d.code_entry) +
                     ")";
  // Show the instruction when it can be decoded.
  Tlb tlb = w.tlb;
  uint32_t words[3] = {0, 0, 0};
  size_t n = 0;
  for (; n < 3; ++n) {
    const uint8_t* p = tlb.translate(*w.memory, w.fault.pc + 4 * n, 4, false);
    if (!p) break;
    std::memcpy(&words[n], p, 4);
  }
  Inst in;
  if (n && decode(gfx9_opcodes(), words, n, &in) == DecodeStatus::kOk)
    text += ": '" + disassemble(in, w.fault.pc) + "'";
  else if (n)
    text += ": word " + hex(words[0]);
  if (!w.fault.detail.empty()) text += ": " + w.fault.detail;
  if (w.fault.kind == FaultKind::kMemoryViolation || w.fault.kind == FaultKind::kPcOutOfRange)
    text += ", address " + hex(w.fault.address);
  return text;
}

}  // namespace

void ShaderEngine::run_workgroups(unsigned thread_index) {
  Job& job = *job_;
  if (thread_index >= job.active_threads) return;
  const DispatchState& d = job.state;
  DecodeCache cache;
  Workgroup wg;
  std::vector<Wave> waves(job.waves_per_group);
  std::vector<uint32_t> vgprs(static_cast<size_t>(job.waves_per_group) * d.nvgpr * kWaveSize);
  uint64_t local_instructions = 0;
  unsigned host_round = 0;  // FE_TONEAREST, the thread's mode on entry

  // A cancelled dispatch stops like a failed one, between quanta.
  auto stopped = [&job] {
    return job.failed.load(std::memory_order_relaxed) ||
           (job.cancel && job.cancel->load(std::memory_order_relaxed));
  };
  for (;;) {
    if (stopped()) break;
    const uint64_t g = job.next_group.fetch_add(1, std::memory_order_relaxed);
    if (g >= job.total_groups) break;

    // Workgroup id and its extent (smaller at the grid's edges).
    wg.id[0] = static_cast<uint32_t>(g % d.wg_count[0]);
    wg.id[1] = static_cast<uint32_t>(g / d.wg_count[0] % d.wg_count[1]);
    wg.id[2] = static_cast<uint32_t>(g / (static_cast<uint64_t>(d.wg_count[0]) * d.wg_count[1]));
    for (int k = 0; k < 3; ++k)
      wg.size[k] = std::min(d.wg_size[k], d.grid[k] - wg.id[k] * d.wg_size[k]);
    wg.place = job.cus[g % job.cus.size()];
    wg.slot = static_cast<uint32_t>(g / job.cus.size());
    wg.lds.assign(d.lds_bytes, 0);
    const uint32_t items = wg.size[0] * wg.size[1] * wg.size[2];
    const unsigned nwaves = (items + kWaveSize - 1) / kWaveSize;

    for (unsigned i = 0; i < nwaves; ++i) {
      Wave& w = waves[i];
      w = Wave{};
      w.vgpr = vgprs.data() + static_cast<size_t>(i) * d.nvgpr * kWaveSize;
      // VGPRs start with whatever the previous wave left, as on hardware.
      w.nvgpr = d.nvgpr;
      w.wave_in_group = i;
      w.wg = &wg;
      w.memory = &memory_;
      const uint64_t slot = static_cast<uint64_t>(thread_index) * job.waves_per_group + i;
      launch_wave(w, d, wg, i, slot * d.scratch_wave_bytes);
    }

    // Run the group's waves round-robin; a barrier releases when every wave
    // that has not ended waits at it.
    unsigned live = nwaves;
    while (live) {
      memory_checkpoint(*readers_[thread_index], waves, cache);
      unsigned waiting = 0, sleeping = 0;
      live = 0;
      for (unsigned i = 0; i < nwaves; ++i) {
        Wave& w = waves[i];
        if (w.done) continue;
        if (!w.at_barrier) {
          // s_sleep ends the wave's quantum: a wave that polls memory lets
          // the waves it waits for run.
          w.yielded = false;
          for (unsigned q = 0; q < kQuantum && !w.done && !w.at_barrier && !w.yielded; ++q) {
            w.fault.pc = w.pc;  // where a fault in this step is reported
            const Inst* in = cache.fetch(w);
            if (!in) break;
            w.pc += in->size;
            const unsigned rm = rounding_field(w, *in);
            if (rm != host_round) {
              std::fesetround(kHostRounding[rm]);
              host_round = rm;
            }
            in->info->exec(w, *in);
            ++w.instructions;
          }
        }
        if (w.halted && !job.halted.exchange(true)) {
          std::lock_guard<std::mutex> lock(job.error_mu);
          job.halt_text = "kernel '" + d.kernel_name + "': wave halted at pc " + hex(w.pc) +
                          " (entry+" + hex(w.pc - d.code_entry) + ")";
        }
        if (w.fault.kind != FaultKind::kNone) {
          if (!job.failed.exchange(true)) {
            std::lock_guard<std::mutex> lock(job.error_mu);
            job.error = describe_fault(w, d);
            job.memory_fault = w.fault.kind == FaultKind::kMemoryViolation;
            job.fault_address = w.fault.address;
          }
          live = 0;
          break;
        }
        if (!w.done) {
          ++live;
          waiting += w.at_barrier;
          sleeping += w.yielded;
        }
      }
      if (stopped()) break;
      // Every live wave polls: what they wait for comes from elsewhere (the
      // host, another group), so give the host's cores a chance.
      if (live && sleeping == live) std::this_thread::yield();
      if (live && waiting == live)
        for (unsigned i = 0; i < nwaves; ++i) waves[i].at_barrier = false;
    }
    for (unsigned i = 0; i < nwaves; ++i) local_instructions += waves[i].instructions;
    job.waves.fetch_add(nwaves, std::memory_order_relaxed);
  }
  if (host_round) std::fesetround(FE_TONEAREST);
  job.instructions.fetch_add(local_instructions, std::memory_order_relaxed);
}

namespace {

// A dispatch refused before any wave ran.
DispatchResult refused(const std::string& kernel_name, const std::string& why) {
  DispatchResult result;
  result.ok = false;
  result.bad_request = true;
  result.error = "kernel '" + kernel_name + "': " + why;
  return result;
}

}  // namespace

// The same for an AQL packet and a register launch.
template <class Request>
const char* ShaderEngine::take_queue_state(Job& job, const Request& req) const {
  job.cus = enabled_cus(compute_units_, req.cu_enable);
  if (job.cus.empty()) return "the queue's CU mask enables no compute unit";
  job.state.trap_handler = req.trap_handler;
  job.state.trap_memory = req.trap_memory;
  job.state.doorbell_id = req.doorbell_id;
  return nullptr;
}

DispatchResult ShaderEngine::dispatch(const DispatchRequest& req) {
  auto fail = [&](const std::string& why) { return refused(req.kernel_name, why); };
  // The packet and the kernel object are read under thread 0's claim (run()
  // renews it for the waves, and ends it before it returns).
  AddressSpace::Claim claim(*readers_[0]);

  // The CP reads the packet and the kernel object from GPU memory.
  Tlb tlb;
  const auto* pkt = reinterpret_cast<const fw_aql_kernel_dispatch_packet*>(
      tlb.translate(memory_, req.packet_va, sizeof(fw_aql_kernel_dispatch_packet), false));
  if (!pkt) return fail("dispatch packet at " + hex(req.packet_va) + " is not mapped");
  // amd_kernel_code_t (v2) and the v3+ kernel descriptor share the offsets
  // the CP reads: entry offset 16, rsrc1 48, rsrc2 52, properties 56.
  Tlb ktlb;
  const auto* kd = reinterpret_cast<const fw_kernel_descriptor*>(
      ktlb.translate(memory_, pkt->kernel_object, sizeof(fw_kernel_descriptor), false));
  if (!kd) return fail("kernel object at " + hex(pkt->kernel_object) + " is not mapped");

  auto job = std::make_unique<Job>();
  DispatchState& d = job->state;
  d.kernel_name = req.kernel_name;
  d.code_entry = pkt->kernel_object + static_cast<uint64_t>(kd->kernel_code_entry_byte_offset);
  d.packet_va = req.packet_va;
  d.queue_va = req.queue_va;
  d.kernarg_va = pkt->kernarg_address;
  d.dispatch_id = req.dispatch_id;
  d.rsrc1 = kd->compute_pgm_rsrc1;
  d.rsrc2 = kd->compute_pgm_rsrc2;
  // amd_kernel_code_t starts with its version (1, 1); a v3 descriptor starts
  // with the group segment size and has the 32-bit property word's upper
  // bits zero.
  {
    const auto* akc = reinterpret_cast<const uint32_t*>(kd);
    d.v2_kernel_code = akc[0] == 1 && akc[1] <= 1;
    d.properties = d.v2_kernel_code ? akc[14] : kd->kernel_code_properties;
  }
  d.dims = FW_FIELD_GET(pkt->setup, FW_AQL_DISPATCH_SETUP_DIMENSIONS);
  const uint32_t grid[3] = {pkt->grid_size_x, pkt->grid_size_y, pkt->grid_size_z};
  const uint16_t wgs[3] = {pkt->workgroup_size_x, pkt->workgroup_size_y, pkt->workgroup_size_z};
  if (d.dims < 1 || d.dims > 3)
    return fail("packet setup has " + std::to_string(d.dims) + " dimensions");
  uint64_t groups = 1;
  for (unsigned k = 0; k < 3; ++k) {
    d.grid[k] = k < d.dims ? grid[k] : 1;
    d.wg_size[k] = k < d.dims ? wgs[k] : 1;
    if (d.grid[k] == 0 || d.wg_size[k] == 0) return fail("zero grid or workgroup size");
    d.wg_count[k] = (d.grid[k] + d.wg_size[k] - 1) / d.wg_size[k];
    groups *= d.wg_count[k];
  }
  const uint32_t group_items = d.wg_size[0] * d.wg_size[1] * d.wg_size[2];
  if (group_items > 1024)
    return fail("workgroup of " + std::to_string(group_items) + " work-items exceeds 1024");
  d.lds_bytes = pkt->group_segment_size;
  if (d.lds_bytes > 64 * 1024)
    return fail("group segment of " + std::to_string(d.lds_bytes) + " bytes exceeds 64 KiB");
  d.private_bytes = pkt->private_segment_size;
  d.nvgpr = (FW_FIELD_GET(d.rsrc1, FW_RSRC1_GRANULATED_WORKITEM_VGPR_COUNT) + 1) * 4;
  d.nsgpr = (FW_FIELD_GET(d.rsrc1, FW_RSRC1_GRANULATED_WAVEFRONT_SGPR_COUNT) / 2 + 1) * 16;
  job->waves_per_group = (group_items + kWaveSize - 1) / kWaveSize;
  job->total_groups = groups;
  if (const char* why = take_queue_state(*job, req)) return fail(why);

  job->cancel = req.cancel;
  if (req.interrupt) d.interrupt = &req.interrupt;
  return run(std::move(job), req.scratch);
}

DispatchResult ShaderEngine::dispatch_registers(const RegisterDispatch& req) {
  auto fail = [&](const std::string& why) { return refused(req.kernel_name, why); };
  auto job = std::make_unique<Job>();
  DispatchState& d = job->state;
  d.kernel_name = req.kernel_name;
  d.code_entry = req.code_entry;
  d.dispatch_id = req.dispatch_id;
  d.rsrc1 = req.rsrc1;
  d.rsrc2 = req.rsrc2;
  d.user_data_regs = true;
  std::memcpy(d.user_data, req.user_data, sizeof(d.user_data));
  uint64_t groups = 1;
  d.dims = 1;
  for (unsigned k = 0; k < 3; ++k) {
    d.wg_size[k] = req.wg_size[k];
    d.wg_count[k] = req.wg_count[k];
    if (d.wg_size[k] == 0 || d.wg_count[k] == 0) return fail("zero workgroup size or count");
    const uint64_t g = static_cast<uint64_t>(d.wg_size[k]) * d.wg_count[k];
    if (g > 0xFFFFFFFFull) return fail("grid larger than 2^32 work-items");
    d.grid[k] = static_cast<uint32_t>(g);
    if (d.grid[k] > 1) d.dims = k + 1;
    groups *= d.wg_count[k];
  }
  const uint64_t group_items = static_cast<uint64_t>(d.wg_size[0]) * d.wg_size[1] * d.wg_size[2];
  if (group_items > 1024)
    return fail("workgroup of " + std::to_string(group_items) + " work-items exceeds 1024");
  // LDS_SIZE in RSRC2 counts 128-dword (512-byte) blocks on gfx9.
  d.lds_bytes = FW_FIELD_GET(d.rsrc2, FW_RSRC2_GRANULATED_LDS_SIZE) * 512u;
  if (d.lds_bytes > 64 * 1024)
    return fail("LDS of " + std::to_string(d.lds_bytes) + " bytes exceeds 64 KiB");
  d.private_bytes = req.private_bytes;
  d.nvgpr = (FW_FIELD_GET(d.rsrc1, FW_RSRC1_GRANULATED_WORKITEM_VGPR_COUNT) + 1) * 4;
  d.nsgpr = (FW_FIELD_GET(d.rsrc1, FW_RSRC1_GRANULATED_WAVEFRONT_SGPR_COUNT) / 2 + 1) * 16;
  job->waves_per_group = static_cast<uint32_t>((group_items + kWaveSize - 1) / kWaveSize);
  job->total_groups = groups;
  if (const char* why = take_queue_state(*job, req)) return fail(why);
  job->cancel = req.cancel;
  if (req.interrupt) d.interrupt = &req.interrupt;
  return run(std::move(job), req.scratch);
}

DispatchResult ShaderEngine::run(std::unique_ptr<Job> job, const ScratchRing& ring) {
  DispatchResult result;
  DispatchState& d = job->state;
  auto fail = [&](std::string why) {
    result.ok = false;
    result.bad_request = true;
    result.error = "kernel '" + d.kernel_name + "': " + why;
    return result;
  };
  // Scratch: wave i of the group on host thread t takes slot
  // t * waves_per_group + i, so the threads that run at once are limited to
  // the slots the ring has (the SPI waits for a free slot the same way).
  job->active_threads = threads();
  std::vector<uint8_t> scratch;
  if (ring.waves) {
    d.scratch_va = ring.base;
    d.scratch_wave_bytes = ring.wave_bytes;
    std::copy(ring.descriptor, ring.descriptor + 4, d.scratch_descriptor);
    if (d.private_bytes) {
      if (ring.wave_bytes < static_cast<uint64_t>(d.private_bytes) * kWaveSize)
        return fail("needs " + std::to_string(d.private_bytes) +
                    " private bytes per work-item; the scratch ring's waves have " +
                    std::to_string(ring.wave_bytes / kWaveSize));
      if (ring.waves < job->waves_per_group)
        return fail("a workgroup of " + std::to_string(job->waves_per_group) +
                    " waves needs that many scratch slots; the ring has " +
                    std::to_string(ring.waves));
      job->active_threads = std::min(job->active_threads, ring.waves / job->waves_per_group);
    }
  } else if (d.private_bytes) {
    // No ring (a caller without a queue): back one slot per (thread, wave
    // of a group) for this dispatch only.
    d.scratch_wave_bytes = (static_cast<uint64_t>(d.private_bytes) * kWaveSize + 1023) & ~1023ull;
    const uint64_t need = d.scratch_wave_bytes * job->waves_per_group * threads();
    // Mapped at a GPU VA of its own, not at its host address: GPU VA and
    // host address differ in a device process, where the host address
    // could be any VA of the user process. One dispatch runs at a time on
    // an engine, so the range is free (a second would fail to map, not
    // corrupt the first).
    scratch.assign(need + 256, 0);
    uint8_t* host = reinterpret_cast<uint8_t*>((reinterpret_cast<uintptr_t>(scratch.data()) + 255) &
                                               ~uintptr_t{255});
    d.scratch_va = kEngineScratchBase;
    if (need > kApertureSize || !memory_.map(d.scratch_va, host, need))
      return fail("cannot map scratch");
    swizzled_scratch_descriptor(d.scratch_va, d.scratch_descriptor);
  }

  // Run: this thread is worker 0; the pool takes the rest.
  // A single workgroup runs on this thread alone: waking the pool would
  // cost more than the kernel (empty-kernel latency).
  job_ = job.get();
  const bool use_pool = job->total_groups >= 2 && job->active_threads >= 2;
  if (use_pool) {
    {
      std::lock_guard<std::mutex> lock(mu_);
      busy_ = static_cast<unsigned>(workers_.size());
      ++generation_;
    }
    start_cv_.notify_all();
  }
  readers_[0]->begin();
  run_workgroups(0);
  readers_[0]->end();
  if (use_pool) {
    std::unique_lock<std::mutex> lock(mu_);
    done_cv_.wait(lock, [&] { return busy_ == 0; });
  }
  job_ = nullptr;
  if (!scratch.empty()) memory_.unmap(d.scratch_va);

  result.waves = job->waves.load();
  result.wave_instructions = job->instructions.load();
  if (job->failed.load()) {
    result.ok = false;
    std::lock_guard<std::mutex> lock(job->error_mu);
    result.error = job->error;
    result.memory_fault = job->memory_fault;
    result.fault_address = job->fault_address;
  } else if (job->cancel && job->cancel->load()) {
    result.ok = false;
    result.cancelled = true;
    result.error = "kernel '" + d.kernel_name + "': cancelled";
  } else if (job->halted.load()) {
    result.ok = false;
    result.halted = true;
    std::lock_guard<std::mutex> lock(job->error_mu);
    result.error = job->halt_text;
  }
  return result;
}

}  // namespace gcn
