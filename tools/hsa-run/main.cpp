// hsa-run: load a code object, dispatch one kernel with arguments from the
// command line on a GPU agent, print, save or check its buffers. The
// grammar is in plan.cpp's usage text and tools/README.md.
//
// HSAIL input (text or BRIG) is assembled, validated and finalized in
// process first (hsail_input.cpp).
//
// Exit status: 0 success; 1 a runtime failure, a failed dispatch or a
// mismatch with --expect; 2 bad arguments, an unknown kernel or an input
// hsa-run cannot run (invalid HSAIL, HSAIL the finalizer cannot translate
// yet, an ELF that is not an AMDGPU code object).
#include <algorithm>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "buffers.h"
#include "command_line.h"
#include "hsail_input.h"
#include "input.h"
#include "kernargs.h"
#include "plan.h"
#include "results.h"
#include "session.h"

namespace hsarun {
namespace {

constexpr int kFailed = 1;
constexpr int kBadInput = 2;

int bad_input(const std::string& message) {
  std::fprintf(stderr, "hsa-run: %s\n", message.c_str());
  return kBadInput;
}

// Checks the file and reads every input before the runtime starts.
struct Inputs {
  std::vector<uint8_t> code_object;
  std::vector<std::vector<uint8_t>> initial;   // per argument (buffers only)
  std::vector<std::vector<uint8_t>> expected;  // per --expect
};

int read_inputs(Plan* plan, Inputs* in) {
  std::string error;
  if (!read_file(plan->code_object, &in->code_object, &error)) return bad_input(error);
  const InputFacts facts = classify_input(in->code_object);
  switch (facts.kind) {
    case InputKind::kAmdgpuElf:
      break;
    case InputKind::kHsail:  // finalized here, before the runtime starts
      if (!finalize_hsail(plan->code_object, facts.detail != "BRIG", &in->code_object, &error))
        return bad_input(error);
      break;
    case InputKind::kOtherElf:
      return bad_input("'" + plan->code_object + "' is not an AMDGPU code object (" + facts.detail +
                       ")");
    case InputKind::kUnknown:
      return bad_input("'" + plan->code_object + "' is not an AMDGPU code object (no ELF header)");
  }
  in->initial.resize(plan->args.size());
  for (size_t i = 0; i < plan->args.size(); ++i) {
    Arg& a = plan->args[i];
    if (!a.buffer) continue;
    if (!initial_contents(a, &in->initial[i], &error)) return bad_input(error);
    a.count = in->initial[i].size() / a.type->size;
  }
  for (const Output& o : plan->expects) {
    std::vector<uint8_t> want;
    if (!read_file(o.path, &want, &error)) return bad_input(error);
    const Arg& a = plan->args[o.arg];
    if (want.size() != in->initial[o.arg].size())
      return bad_input("--expect " + std::to_string(o.arg) + "=" + o.path + ": the file holds " +
                       std::to_string(want.size()) + " bytes, argument " + std::to_string(o.arg) +
                       " ('" + a.spec + "') " + std::to_string(in->initial[o.arg].size()));
    in->expected.push_back(std::move(want));
  }
  return 0;
}

// The --agent choice, or the first GPU; *number is its position.
int pick_agent(const Session& s, const Plan& plan, hsa_agent_t* out, size_t* number) {
  const auto& agents = s.agents();
  if (plan.agent >= 0) {
    if (static_cast<size_t>(plan.agent) >= agents.size())
      return bad_input("no agent " + std::to_string(plan.agent) + " (the runtime has " +
                       std::to_string(agents.size()) + "; hsainfo lists them)");
    *number = static_cast<size_t>(plan.agent);
    *out = agents[*number];
    if (!s.is_gpu(*out))
      return bad_input("agent " + std::to_string(plan.agent) + " (" + s.agent_name(*out) +
                       ") is not a GPU; hsa-run dispatches on GPU agents");
    return 0;
  }
  for (size_t i = 0; i < agents.size(); ++i)
    if (s.is_gpu(agents[i])) {
      *out = agents[i];
      *number = i;
      return 0;
    }
  std::fprintf(stderr, "hsa-run: the runtime reports no GPU agent\n");
  return kFailed;
}

int list_kernels(const std::vector<Kernel>& kernels, const std::string& file) {
  std::printf("%s: %zu kernel%s\n", file.c_str(), kernels.size(), kernels.size() == 1 ? "" : "s");
  for (const Kernel& k : kernels)
    std::printf("  %-32s kernarg %u bytes, group %u bytes, private %u bytes\n", k.name.c_str(),
                k.kernarg_size, k.group_size, k.private_size);
  return 0;
}

// Microseconds, or milliseconds once they are many.
std::string duration_text(double us) {
  char text[32];
  if (us < 1000)
    std::snprintf(text, sizeof text, "%.1f us", us);
  else
    std::snprintf(text, sizeof text, "%.2f ms", us / 1000);
  return text;
}

std::string shape_text(const uint32_t* v, uint32_t dims) {
  std::string out;
  for (uint32_t d = 0; d < dims; ++d) out += (d ? "x" : "") + std::to_string(v[d]);
  return out;
}

int run(Plan& plan, Inputs& in) {
  Session s;
  hsa_agent_t gpu{0};
  size_t gpu_number = 0;
  if (const int status = pick_agent(s, plan, &gpu, &gpu_number)) return status;
  s.load(gpu, in.code_object);
  const std::vector<Kernel> kernels = s.kernels();
  if (plan.list) return list_kernels(kernels, plan.code_object);

  const Kernel* kernel = nullptr;
  // HSAIL kernels keep their '&', which a shell user may leave out.
  for (const Kernel& k : kernels)
    if (k.name == plan.kernel || k.name + ".kd" == plan.kernel || k.name == "&" + plan.kernel)
      kernel = &k;
  if (!kernel) {
    std::string names;
    for (const Kernel& k : kernels) names += "\n  " + k.name;
    return bad_input("no kernel '" + plan.kernel + "' in " + plan.code_object +
                     (kernels.empty() ? "; it has no kernels" : "; its kernels:" + names));
  }

  std::vector<uint8_t*> buffers(plan.args.size(), nullptr);
  std::vector<uint64_t> addresses(plan.args.size(), 0);
  for (size_t i = 0; i < plan.args.size(); ++i) {
    if (!plan.args[i].buffer) continue;
    buffers[i] = static_cast<uint8_t*>(s.alloc_buffer(in.initial[i].size()));
    std::copy(in.initial[i].begin(), in.initial[i].end(), buffers[i]);
    addresses[i] = reinterpret_cast<uintptr_t>(buffers[i]);
  }
  std::vector<uint8_t> block;
  std::string error;
  if (!layout_kernargs(plan.args, addresses, kernel->kernarg_size, &block, &error))
    return bad_input("kernel " + kernel->name + ": " + error);
  auto* kernargs = static_cast<uint8_t*>(s.alloc_kernargs(block.size()));
  std::copy(block.begin(), block.end(), kernargs);

  DispatchShape shape;
  shape.dims = plan.dims;
  for (int d = 0; d < 3; ++d) {
    shape.grid[d] = plan.grid[d];
    shape.workgroup[d] = static_cast<uint16_t>(plan.workgroup[d]);
  }
  shape.extra_group_bytes = plan.group_bytes;
  shape.timeout_s = plan.timeout_s;
  shape.profile = plan.time;
  const DispatchResult r = s.dispatch(*kernel, kernargs, shape);
  const std::string what = kernel->name + " on agent " + std::to_string(gpu_number) + " (" +
                           s.agent_name(gpu) + "), grid " + shape_text(plan.grid, plan.dims) +
                           ", workgroup " + shape_text(plan.workgroup, plan.dims);
  if (!r.completed) {
    std::fprintf(stderr, "hsa-run: %s: %s\n", what.c_str(), r.error.c_str());
    return kFailed;
  }
  std::printf("hsa-run: %s: completed\n", what.c_str());
  if (plan.time) {
    std::printf("hsa-run: dispatch time %s (host wall time, doorbell to completion)\n",
                duration_text(r.wall_us).c_str());
    if (r.kernel_us)
      std::printf("hsa-run: kernel time %s (the runtime's dispatch timestamps)\n",
                  duration_text(*r.kernel_us).c_str());
    else
      std::printf("hsa-run: kernel time not available (the runtime gave no dispatch timestamps)\n");
  }

  for (const Output& o : plan.prints)
    print_buffer(o.arg, plan.args[o.arg], buffers[o.arg], plan.args[o.arg].count, o.print_count);
  int status = 0;
  for (const Output& o : plan.saves) {
    if (!write_file(o.path, buffers[o.arg], in.initial[o.arg].size(), &error)) {
      std::fprintf(stderr, "hsa-run: %s\n", error.c_str());
      status = kFailed;
    }
  }
  for (size_t e = 0; e < plan.expects.size(); ++e) {
    const Output& o = plan.expects[e];
    const bool same = compare_buffer(o.arg, plan.args[o.arg], buffers[o.arg],
                                     plan.args[o.arg].count, in.expected[e], plan.tolerance);
    if (same)
      std::printf("hsa-run: arg %zu matches %s (%llu elements)\n", o.arg, o.path.c_str(),
                  static_cast<unsigned long long>(plan.args[o.arg].count));
    else
      status = kFailed;
  }
  return status;
}

}  // namespace
}  // namespace hsarun

int main(int argc, char** argv) {
  using namespace hsarun;
  std::string error;
  std::optional<Plan> plan = parse_plan(argc, argv, &error);
  if (!plan) return hsa_gcn_cli::usage_error("hsa-run", error, kBadInput);
  if (plan->help) {
    std::fputs(kUsage, stdout);
    return 0;
  }
  if (plan->version) return hsa_gcn_cli::print_version("hsa-run");
  Inputs inputs;
  if (const int status = read_inputs(&*plan, &inputs)) return status;
  try {
    return run(*plan, inputs);
  } catch (const std::exception& e) {
    std::fflush(stdout);
    std::fprintf(stderr, "hsa-run: %s\n", e.what());
    return kFailed;
  }
}
