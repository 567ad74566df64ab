#include "shader_engine.h"

#include <algorithm>
#include <cfenv>
#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>
#include <string_view>

#include "compute_pgm_rsrc.h"
#include "decode_cache.h"
#include "isa/decoder.h"
#include "kernel_descriptor.h"
#include "memory_checkpoint.h"
#include "residency.h"
#include "semantics/opcode_tables.h"
#include "translator_loader.h"
#include "wave_launch.h"

namespace gcn {

namespace {

// Instructions a wave runs before the scheduler lets the next wave go:
// waves, of one group or of resident groups, may wait on each other
// through memory.
constexpr unsigned kQuantum = 4096;

// Groups with private memory resident at once when the engine backs the
// scratch itself (no queue's ring).
constexpr uint32_t kEngineScratchBlocks = 16;

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

// Instructions whose effect outside the wave (memory, messages) a second
// run would repeat, or whose result (memory other waves write meanwhile,
// clocks) it might not reproduce. Memory instructions run the
// interpreter's own semantics in both, so nothing is lost by leaving them
// out of the comparison.
bool has_outside_effects(const Inst& in) {
  if (in.info->flags & (kOpStore | kOpAtomic | kOpLoad)) return true;
  if (in.lds || in.gds) return true;
  const std::string_view n = in.info->name;
  return n == "s_sendmsg" || n == "s_sendmsghalt" || n == "s_memtime" || n == "s_memrealtime" ||
         n == "s_trap";
}

// The first difference between a wave after a translated block and its
// copy after the interpreter, or "".
std::string compare_waves(const Wave& a, const Wave& b) {
  for (unsigned i = 0; i < op::kSgprFileSize; ++i)
    if (a.sgpr[i] != b.sgpr[i])
      return "s" + std::to_string(i) + " = " + hex(a.sgpr[i]) + ", interpreter " + hex(b.sgpr[i]);
  // Any two f32 NaNs are taken as equal, and two f16 NaNs in the same
  // half: which input NaN an x86 instruction propagates, and the sign of
  // the NaN it makes, depend on the operand order the compilers chose for
  // host code and interpreter, and an f16 conversion keeps that payload.
  auto nan32 = [](uint32_t x) { return (x & 0x7F800000u) == 0x7F800000u && (x & 0x7FFFFFu); };
  auto nan16 = [](uint32_t h) { return (h & 0x7C00u) == 0x7C00u && (h & 0x3FFu); };
  auto same = [&](uint32_t x, uint32_t y) {
    if (x == y || (nan32(x) && nan32(y))) return true;
    for (unsigned sh : {0u, 16u}) {
      const uint32_t hx = (x >> sh) & 0xFFFF, hy = (y >> sh) & 0xFFFF;
      if (hx != hy && !(nan16(hx) && nan16(hy))) return false;
    }
    return true;
  };
  for (unsigned r = 0; r < a.nvgpr; ++r)
    for (unsigned l = 0; l < kWaveSize; ++l)
      if (!same(a.v(r)[l], b.v(r)[l]))
        return "v" + std::to_string(r) + " lane " + std::to_string(l) + " = " + hex(a.v(r)[l]) +
               ", interpreter " + hex(b.v(r)[l]);
  auto field = [](const char* name, uint64_t x, uint64_t y) {
    return x == y ? std::string() : std::string(name) + " = " + hex(x) + ", interpreter " + hex(y);
  };
  for (const std::string& d :
       {field("pc", a.pc, b.pc), field("scc", a.scc, b.scc), field("mode", a.mode, b.mode),
        field("trapsts", a.trapsts, b.trapsts), field("status", a.status, b.status),
        field("done", a.done, b.done), field("halted", a.halted, b.halted),
        field("at_barrier", a.at_barrier, b.at_barrier), field("yielded", a.yielded, b.yielded),
        field("fault", static_cast<uint64_t>(a.fault.kind), static_cast<uint64_t>(b.fault.kind)),
        // Where a fault is reported matters only for a fault: the
        // interpreter notes every instruction's PC there, host code does not.
        field("fault pc", a.fault.kind != FaultKind::kNone ? a.fault.pc : 0,
              b.fault.kind != FaultKind::kNone ? b.fault.pc : 0) +
            (a.fault.kind != FaultKind::kNone
                 ? std::string(" (") + fault_kind_name(a.fault.kind) + ": " + a.fault.detail + ")"
                 : std::string()),
        field("fault address", a.fault.address, b.fault.address),
        field("instructions", a.instructions, b.instructions)})
    if (!d.empty()) return d;
  return "";
}

}  // namespace

struct ShaderEngine::Job {
  DispatchState state;
  uint32_t waves_per_group = 1;
  uint64_t total_groups = 0;
  std::atomic<uint64_t> next_group{0};
  // Set once next_group passed the last group: nothing more to admit.
  std::atomic<bool> exhausted{false};
  // The CUs the queue enables, in dealing order: group g runs on
  // cus[g % size] (round robin, as the workload manager spreads groups).
  std::vector<CuPlace> cus;
  // Host threads that take workgroups: fewer than the pool when the
  // scratch ring has too few slots for every thread's group.
  unsigned active_threads = 1;
  // Groups resident at once, over all host threads, and the most the
  // queue's CUs hold (residency.h); a group becomes resident, in dispatch
  // order, only when a place is free.
  std::atomic<uint64_t> resident{0};
  uint64_t max_resident = 1;
  // Scratch slots, when the kernel has private memory (count 0: none).
  ScratchBlocks scratch;
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

  // Takes a resident place; false when every place is held.
  bool take_place() {
    uint64_t n = resident.load(std::memory_order_relaxed);
    do {
      if (n >= max_resident) return false;
    } while (!resident.compare_exchange_weak(n, n + 1, std::memory_order_relaxed));
    return true;
  }
  void give_place() { resident.fetch_sub(1, std::memory_order_relaxed); }
};

namespace {

// A workgroup resident on a host thread: its waves, their VGPRs and its
// LDS. Heap-allocated and reused by the thread's next groups (the waves
// point at wg).
struct ResidentGroup {
  Workgroup wg;
  std::vector<Wave> waves;
  std::vector<uint32_t> vgprs;
  std::vector<uint64_t> slice_start;  // each wave's instruction count when the slice began
  unsigned nwaves = 0;
  uint32_t scratch_block = 0;
};

// How a group's slice ended.
enum class Slice {
  kDone,      // every wave ended
  kRan,       // a wave ran a full quantum
  kSleeping,  // every live wave slept (s_sleep): it waits on something
  kStopped,   // fault, or the dispatch is cancelled
};

}  // namespace

bool parse_translation(const char* mode, const char* threshold, TranslationOptions* out,
                       std::string* error) {
  if (mode) {
    const std::string_view m = mode;
    if (m == "on" || m == "1")
      out->mode = Translation::kOn;
    else if (m == "off" || m == "0")
      out->mode = Translation::kOff;
    else if (m == "check")
      out->mode = Translation::kCheck;
    else {
      *error = "translation mode '" + std::string(m) + "': expected on, off or check";
      return false;
    }
  }
  if (threshold) {
    char* end = nullptr;
    const unsigned long n = std::strtoul(threshold, &end, 10);
    if (!*threshold || *end || n < 1 || n > 1000000) {
      *error = "translation threshold '" + std::string(threshold) + "': expected 1..1000000";
      return false;
    }
    out->threshold = static_cast<unsigned>(n);
  }
  return true;
}

ShaderEngine::ShaderEngine(AddressSpace& memory, unsigned threads, unsigned compute_units,
                           bool check_gprs)
    : memory_(memory),
      compute_units_(std::clamp(compute_units, 1u, kMaxComputeUnits)),
      check_gprs_(check_gprs) {
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

// Each host thread keeps a set of resident groups and runs them in rounds:
// in a round every resident group runs a slice (its waves round-robin until
// each ends, one runs a full quantum, or all sleep). A thread starts with one
// group and runs it to completion when it ends within its slice (ordinary
// kernels keep run-to-completion locality); it admits one more group after
// a round in which no group ended (lazy residency), up to what the queue's
// CUs hold. So groups that wait on later groups through memory make
// progress with any number of host threads.
void ShaderEngine::run_workgroups(unsigned thread_index) {
  Job& job = *job_;
  if (thread_index >= job.active_threads) return;
  const DispatchState& d = job.state;
  DecodeCache cache;
  std::vector<std::unique_ptr<ResidentGroup>> resident, spare;
  uint64_t local_instructions = 0;
  unsigned host_round = 0;  // FE_TONEAREST, the thread's mode on entry

  // A cancelled dispatch stops like a failed one, between quanta.
  auto stopped = [&job] {
    return job.failed.load(std::memory_order_relaxed) ||
           (job.cancel && job.cancel->load(std::memory_order_relaxed));
  };

  // Makes the next group in dispatch order resident on this thread, when a
  // place and (with private memory) a block of scratch slots are free.
  auto admit = [&]() -> bool {
    if (job.exhausted.load(std::memory_order_relaxed) || !job.take_place()) return false;
    uint32_t block = 0;
    if (job.scratch.count() && !job.scratch.take(&block)) {
      job.give_place();
      return false;
    }
    const uint64_t g = job.next_group.fetch_add(1, std::memory_order_relaxed);
    if (g >= job.total_groups) {
      job.exhausted.store(true, std::memory_order_relaxed);
      if (job.scratch.count()) job.scratch.give(block);
      job.give_place();
      return false;
    }
    std::unique_ptr<ResidentGroup> r;
    if (spare.empty()) {
      r = std::make_unique<ResidentGroup>();
      r->waves.resize(job.waves_per_group);
      r->slice_start.resize(job.waves_per_group);
      r->vgprs.resize(static_cast<size_t>(job.waves_per_group) * d.nvgpr * kWaveSize);
    } else {
      r = std::move(spare.back());
      spare.pop_back();
    }
    Workgroup& wg = r->wg;
    // Workgroup id and its extent (smaller at the grid's edges), in 64 bits:
    // id * size reaches 2^32 in a grid of 2^32 - 1 work-items.
    wg.id[0] = static_cast<uint32_t>(g % d.wg_count[0]);
    wg.id[1] = static_cast<uint32_t>(g / d.wg_count[0] % d.wg_count[1]);
    wg.id[2] = static_cast<uint32_t>(g / (static_cast<uint64_t>(d.wg_count[0]) * d.wg_count[1]));
    for (int k = 0; k < 3; ++k) {
      const uint64_t start = static_cast<uint64_t>(wg.id[k]) * d.wg_size[k];
      wg.size[k] = static_cast<uint32_t>(std::min<uint64_t>(d.wg_size[k], d.grid[k] - start));
    }
    wg.place = job.cus[g % job.cus.size()];
    wg.slot = static_cast<uint32_t>(g / job.cus.size());
    wg.lds.assign(d.lds_bytes, 0);
    const uint32_t items = wg.size[0] * wg.size[1] * wg.size[2];
    r->nwaves = (items + kWaveSize - 1) / kWaveSize;
    r->scratch_block = block;
    for (unsigned i = 0; i < r->nwaves; ++i) {
      Wave& w = r->waves[i];
      // A fresh wave, built in place: assigning a temporary would zero and
      // then copy the SGPR file (a third of a short kernel's launch).
      w.~Wave();
      new (&w) Wave();
      w.vgpr = r->vgprs.data() + static_cast<size_t>(i) * d.nvgpr * kWaveSize;
      // VGPRs start with whatever the previous wave left, as on hardware.
      w.nvgpr = d.nvgpr;
      w.wave_in_group = i;
      w.wg = &wg;
      w.memory = &memory_;
      const uint64_t slot = static_cast<uint64_t>(block) * job.waves_per_group + i;
      launch_wave(w, d, wg, i, slot * d.scratch_wave_bytes);
    }
    resident.push_back(std::move(r));
    return true;
  };

  // Ends a group's residency (done, or the dispatch stopped).
  auto retire = [&](std::unique_ptr<ResidentGroup>& r) {
    for (unsigned i = 0; i < r->nwaves; ++i) local_instructions += r->waves[i].instructions;
    job.waves.fetch_add(r->nwaves, std::memory_order_relaxed);
    if (job.scratch.count()) job.scratch.give(r->scratch_block);
    job.give_place();
    spare.push_back(std::move(r));
  };

  // One instruction through the interpreter; nullptr when it could not be
  // fetched (the wave is faulted).
  auto step = [&](Wave& w) -> const Inst* {
    w.fault.pc = w.pc;  // where a fault in this step is reported
    const Inst* in = cache.fetch(w);
    if (!in) return nullptr;
    w.pc += in->size;
    const unsigned rm = rounding_field(w, *in);
    if (rm != host_round) {
      std::fesetround(kHostRounding[rm]);
      host_round = rm;
    }
    in->info->exec(w, *in);
    ++w.instructions;
    return in;
  };

  const TranslationOptions translation = translation_;
  const TranslatorApi* translator =
      translation.mode != Translation::kOff ? translator_api() : nullptr;
  const bool translate = translator != nullptr;
  const bool check = translation.mode == Translation::kCheck;
  std::vector<BlockInst> block_insts;
  // The translation of the block at w.pc: its instructions as far as they
  // decode, up to a branch (and, when checking, not past an instruction
  // whose effects outside the wave a second run would repeat).
  auto translate_block = [&](Wave& w) -> const TranslatedBlock* {
    block_insts.clear();
    uint64_t pc = w.pc;
    while (block_insts.size() < kMaxBlockInstructions) {
      const Inst* in = cache.peek(w, pc);
      if (!in) break;
      if (check && has_outside_effects(*in) && !block_insts.empty()) break;
      BlockInst bi;
      bi.pc = pc;
      bi.inst = *in;
      const uint8_t* p = w.tlb.translate(*w.memory, pc, in->size, false);
      if (!p) break;
      std::memcpy(bi.words, p, in->size);
      block_insts.push_back(bi);
      pc += in->size;
      if ((in->info->flags & (kOpBranch | kOpEndsWave)) || (check && has_outside_effects(*in)))
        break;
    }
    if (block_insts.empty()) return nullptr;
    if (check && has_outside_effects(block_insts[0].inst)) return nullptr;
    return translator->translate(block_insts.data(), block_insts.size(), w.mode);
  };

  // kCheck: the block on the wave, the interpreter on a copy of it for as
  // many instructions; any difference faults the wave.
  Wave shadow;
  std::vector<uint32_t> shadow_vgprs;
  auto run_checked = [&](Wave& w, const TranslatedBlock& tb) {
    const uint64_t start_pc = w.pc, before = w.instructions;
    shadow = w;
    shadow_vgprs.assign(w.vgpr, w.vgpr + static_cast<size_t>(w.nvgpr) * kWaveSize);
    shadow.vgpr = shadow_vgprs.data();
    BlockRun run{before + 1};  // one pass: no looping in place
    tb.fn(&w, start_pc, &run);
    for (uint64_t k = w.instructions - before; k > 0; --k) {
      if (shadow.done || shadow.at_barrier || shadow.yielded) break;
      if (!step(shadow)) break;
    }
    const std::string diff = compare_waves(w, shadow);
    if (!diff.empty()) {
      w.fault = Fault{};
      w.fault.pc = start_pc;
      w.raise(FaultKind::kTranslatorMismatch, start_pc,
              "translated block (" + std::to_string(tb.instructions) +
                  " instructions) differs from the interpreter: " + diff);
    }
  };

  // Runs the group's waves round-robin; a barrier releases when every wave
  // that has not ended waits at it.
  auto run_slice = [&](ResidentGroup& r) -> Slice {
    for (unsigned i = 0; i < r.nwaves; ++i) r.slice_start[i] = r.waves[i].instructions;
    for (;;) {
      unsigned live = 0, waiting = 0, sleeping = 0;
      bool full = false;
      for (unsigned i = 0; i < r.nwaves; ++i) {
        Wave& w = r.waves[i];
        if (w.done) continue;
        if (!w.at_barrier) {
          // s_sleep ends the wave's quantum: a wave that polls memory lets
          // the waves it waits for run.
          w.yielded = false;
          const uint64_t end = r.slice_start[i] + kQuantum;
          while (w.instructions < end && !w.done && !w.at_barrier && !w.yielded) {
            if (!translate) {
              if (!step(w)) break;
              continue;
            }
            DecodeCache::BlockEntry& be = cache.block_entry(w.pc);
            if ((!be.block || be.block->mode != w.mode) && ++be.hits >= translation.threshold)
              be.block = translate_block(w);
            if (be.block && be.block->fn && be.block->mode == w.mode) {
              if (host_round) {
                std::fesetround(FE_TONEAREST);
                host_round = 0;
              }
              if (check)
                run_checked(w, *be.block);
              else {
                BlockRun run{end};
                be.block->fn(&w, w.pc, &run);
              }
              continue;
            }
            // Cold code: the interpreter, to the end of the straight line
            // (one instruction when checking, so that every instruction can
            // start a block).
            for (;;) {
              const Inst* in = step(w);
              if (!in || check || (in->info->flags & (kOpBranch | kOpEndsWave)) ||
                  w.instructions >= end || w.done || w.at_barrier || w.yielded)
                break;
            }
          }
          full |= w.instructions >= end;
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
          return Slice::kStopped;
        }
        if (!w.done) {
          ++live;
          waiting += w.at_barrier;
          sleeping += w.yielded;
        }
      }
      if (!live) return Slice::kDone;
      if (stopped()) return Slice::kStopped;
      if (waiting == live)
        for (unsigned i = 0; i < r.nwaves; ++i) r.waves[i].at_barrier = false;
      if (full) return Slice::kRan;
      if (sleeping == live) return Slice::kSleeping;
    }
  };

  // Unmaps wait until this thread has passed a checkpoint: it drops every
  // resident wave's TLB and the decoded instructions (code may be what was
  // freed). Called before each slice and each idle poll.
  AddressSpace::Reader& reader = *readers_[thread_index];
  auto checkpoint = [&] {
    memory_checkpoint(reader, cache, [&](auto drop_tlb) {
      for (auto& r : resident)
        if (r)
          for (unsigned i = 0; i < r->nwaves; ++i) drop_tlb(r->waves[i]);
    });
  };

  unsigned idle_polls = 0;
  while (!stopped()) {
    checkpoint();
    if (resident.empty() && !admit()) {
      if (job.exhausted.load(std::memory_order_relaxed)) break;
      // Other threads' groups hold every place: wait for one to end.
      if (++idle_polls < 64)
        std::this_thread::yield();
      else
        std::this_thread::sleep_for(std::chrono::microseconds(20));
      continue;
    }
    idle_polls = 0;

    // A round: each group resident at its start runs one slice.
    const size_t n = resident.size();
    unsigned ended = 0;
    bool all_sleep = true, stop = false;
    for (size_t i = 0; i < n && !stop; ++i) {
      // A slice boundary: every wave resident on this thread is between
      // instructions.
      if (i) checkpoint();
      const Slice s = run_slice(*resident[i]);
      if (s == Slice::kStopped) stop = true;
      if (s == Slice::kDone) {
        retire(resident[i]);
        ++ended;
      }
      all_sleep &= s == Slice::kSleeping;
    }
    if (stop) break;
    if (ended) {
      resident.erase(std::remove(resident.begin(), resident.end(), nullptr), resident.end());
      // The places that freed go to the next groups, in order.
      while (ended-- && admit()) {
      }
    } else {
      // No group ended in a full round: they may wait on groups not yet
      // resident. Every live wave polls: give the host's cores a chance
      // too.
      if (all_sleep) std::this_thread::yield();
      admit();
    }
  }
  for (auto& r : resident)
    if (r) retire(r);
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
    // In 64 bits: a grid of 2^32 - 1 work-items would wrap to no group.
    d.wg_count[k] =
        static_cast<uint32_t>((static_cast<uint64_t>(d.grid[k]) + d.wg_size[k] - 1) / d.wg_size[k]);
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
  // Residency: as many groups as the queue's CUs hold at once; with
  // private memory, also no more than the scratch ring has slots for (a
  // group holds a block of waves_per_group slots while it is resident).
  job->max_resident = static_cast<uint64_t>(groups_per_cu(job->waves_per_group, d.nvgpr, d.nsgpr,
                                                          d.lds_bytes, d.trap_handler != 0)) *
                      job->cus.size();
  d.check_gprs = check_gprs_;
  job->active_threads = threads();
  std::vector<uint8_t> scratch;
  uint32_t blocks = 0;
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
      blocks = ring.waves / job->waves_per_group;
    }
  } else if (d.private_bytes) {
    // No ring (a caller without a queue): back a ring of its own for this
    // dispatch only, of kEngineScratchBlocks groups' slots (or one per host
    // thread when there are more threads).
    blocks = static_cast<uint32_t>(
        std::min<uint64_t>(job->max_resident, std::max(kEngineScratchBlocks, threads())));
    d.scratch_wave_bytes = (static_cast<uint64_t>(d.private_bytes) * kWaveSize + 1023) & ~1023ull;
    const uint64_t need = d.scratch_wave_bytes * job->waves_per_group * blocks;
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
  if (blocks) {
    job->scratch.reset(blocks);
    job->max_resident = std::min<uint64_t>(job->max_resident, blocks);
    job->active_threads = std::min(job->active_threads, blocks);
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
