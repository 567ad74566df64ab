// Finalization time: HSAIL text -> BRIG -> gfx900 code object, per module
// of a corpus (the compatibility corpus tests/hsail/corpus, the HSAIL
// kernels embedded in tests/finalizer's sources, examples/*.hsail and
// bench/kernels/*.hsail). Each accepted module is finalized kRuns times;
// its median per stage is kept, and the table gives the median and p90 of
// those over the corpus. The stages: assemble (parse and validate),
// translate (BRIG -> LLVM IR), codegen (target machine, -O2 IR pipeline,
// instruction selection, object emission) and link (lld), called one by
// one through the backend's internal steps, next to finalize() itself.
// Modules the front end or the finalizer refuses are counted, with the
// finalizer's first message for each.
//
// Baseline, measured in the same run: clang-14 compiling the equivalent
// OpenCL C kernels (finalizer_bench_pairs.h) to a gfx900 code object at
// -O2, as a process. Like for like, our hsail-finalize tool is timed as a
// process too; runs interleave so that a busy machine weighs on both.
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/Target/TargetMachine.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include <finalizer/backend/backend_internal.h>
#include <finalizer/finalizer.h>
#include <hsail/brig/error.h>
#include <hsail/text/parser.h>
#include <hsail/validate/validator.h>

#include "finalizer_bench_pairs.h"

extern char** environ;

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;
using finalizer_bench::source_path;

constexpr int kRuns = 5;         // timed finalizations of each corpus module
constexpr int kProcessRuns = 5;  // timed compiler processes per kernel

double ms_since(Clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

double percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const size_t at = static_cast<size_t>(p * static_cast<double>(v.size() - 1) + 0.5);
  return v[std::min(at, v.size() - 1)];
}
double median(const std::vector<double>& v) { return percentile(v, 0.5); }

std::string read_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

struct Source {
  std::string group;  // where it came from, for the summary
  std::string name;
  std::string text;
};

std::vector<fs::path> files_in(const std::string& dir, const std::string& extension) {
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().extension() == extension) files.push_back(e.path());
  std::sort(files.begin(), files.end());
  return files;
}

// The raw string literals R"(...)" of a test source that hold a module
// directive and a kernel: the end-to-end tests' kernels. Some are the
// heads of modules a test completes in code; the front end refuses those,
// and they count as such.
void add_embedded(const fs::path& file, std::vector<Source>* out) {
  const std::string text = read_file(file);
  size_t at = 0;
  int index = 0;
  while ((at = text.find("R\"(", at)) != std::string::npos) {
    const size_t end = text.find(")\"", at + 3);
    if (end == std::string::npos) break;
    std::string body = text.substr(at + 3, end - at - 3);
    at = end + 2;
    if (body.find("module &") == std::string::npos || body.find("kernel &") == std::string::npos)
      continue;
    out->push_back({"tests/finalizer (embedded)",
                    file.filename().string() + "#" + std::to_string(index++), std::move(body)});
  }
}

std::vector<Source> corpus() {
  std::vector<Source> all;
  const std::pair<const char*, const char*> dirs[] = {
      {"tests/hsail/corpus", "tests/hsail/corpus"},
      {"examples", "examples"},
      {"bench/kernels", "bench/kernels"},
  };
  for (const auto& [group, dir] : dirs)
    for (const fs::path& f : files_in(source_path(dir), ".hsail"))
      all.push_back({group, f.filename().string(), read_file(f)});
  for (const fs::path& f : files_in(source_path("tests/finalizer"), ".cpp")) add_embedded(f, &all);
  for (const fs::path& f : files_in(source_path("tests/finalizer"), ".h")) add_embedded(f, &all);
  return all;
}

size_t skip_blanks(const std::string& text, size_t at) {
  while (at < text.size() && (text[at] == ' ' || text[at] == '\t')) ++at;
  return at;
}

// The word at `at` followed by at least one blank: where the blanks end,
// or npos.
size_t after_word(const std::string& text, size_t at, const char* word) {
  const size_t n = std::strlen(word);
  if (text.compare(at, n, word) != 0) return std::string::npos;
  const size_t end = skip_blanks(text, at + n);
  return end > at + n ? end : std::string::npos;
}

// Kernel definitions in a module's text: a line that starts, after blanks,
// with "kernel &" or "prog kernel &" and reaches a '{' before any ';'
// (declarations end in ';'). A hand scan rather than std::regex: GCC 12
// reports a false -Wmaybe-uninitialized inside <regex> under the
// sanitizers' -O2, and -Werror makes that fatal.
int count_kernels(const std::string& text) {
  int count = 0;
  size_t line = 0;
  while (line < text.size()) {
    size_t at = skip_blanks(text, line);
    if (const size_t prog = after_word(text, at, "prog"); prog != std::string::npos) at = prog;
    size_t next = line;  // where the search for the next line starts
    at = after_word(text, at, "kernel");
    if (at != std::string::npos && at < text.size() && text[at] == '&') {
      const size_t end = text.find_first_of(";{", at);
      if (end != std::string::npos && text[end] == '{') {
        ++count;
        next = end + 1;
      }
    }
    next = text.find('\n', next);
    if (next == std::string::npos) break;
    line = next + 1;
  }
  return count;
}

struct Stages {
  double assemble = 0, translate = 0, codegen = 0, link = 0;
  double finalize_call = 0;  // finalize() on the assembled module, separately
  double total() const { return assemble + translate + codegen + link; }
};

// One finalization stage by stage, then finalize() on the same module. The
// backend steps are the ones emit_code_object() runs, called here one at a
// time; the benchmark is single-threaded, so it needs no backend lock.
Stages finalize_staged(const std::string& text) {
  const hsail::finalizer::Options options;
  Stages s;
  auto t0 = Clock::now();
  const hsail::Module brig = hsail::parse_hsail(text);
  hsail::validate(brig);
  s.assemble = ms_since(t0);
  {
    llvm::LLVMContext context;
    t0 = Clock::now();
    const std::unique_ptr<llvm::Module> ir = hsail::finalizer::translate(brig, context, options);
    s.translate = ms_since(t0);
    t0 = Clock::now();
    hsail::finalizer::backend::select_code_object_version(options.code_object_version);
    const std::unique_ptr<llvm::TargetMachine> machine =
        hsail::finalizer::backend::make_target_machine(options);
    const std::vector<char> object = hsail::finalizer::backend::generate_object(*ir, *machine);
    s.codegen = ms_since(t0);
    t0 = Clock::now();
    const std::vector<uint8_t> code = hsail::finalizer::backend::link_code_object(object, false);
    s.link = ms_since(t0);
    if (code.empty()) throw hsail::finalizer::FinalizeError("empty code object");
  }
  t0 = Clock::now();
  const std::vector<uint8_t> code = hsail::finalizer::finalize(brig, options);
  s.finalize_call = ms_since(t0);
  if (code.empty()) throw hsail::finalizer::FinalizeError("empty code object");
  return s;
}

// The first line of an error message, shortened for the table.
std::string first_line(const std::string& message, size_t width = 96) {
  std::string line = message.substr(0, message.find('\n'));
  if (line.size() > width) line = line.substr(0, width - 3) + "...";
  return line;
}

struct Outcome {
  const Source* source = nullptr;
  int kernels = 0;
  enum { kAccepted, kFrontEnd, kFinalizer } verdict = kAccepted;
  std::string error;
  std::vector<Stages> runs;
};

Outcome measure(const Source& src) {
  Outcome o;
  o.source = &src;
  o.kernels = count_kernels(src.text);
  try {
    const hsail::Module brig = hsail::parse_hsail(src.text);
    hsail::validate(brig);
  } catch (const std::exception& e) {
    o.verdict = Outcome::kFrontEnd;
    o.error = e.what();
    return o;
  }
  try {
    finalize_staged(src.text);  // warm-up, and the verdict
    for (int r = 0; r < kRuns; ++r) o.runs.push_back(finalize_staged(src.text));
  } catch (const std::exception& e) {
    o.verdict = Outcome::kFinalizer;
    o.error = e.what();
  }
  return o;
}

// Wall time of a process run to completion (output to /dev/null), or -1
// when it cannot start or exits with a failure.
double process_ms(const std::vector<std::string>& args) {
  std::vector<char*> argv;
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
  pid_t pid = 0;
  const auto t0 = Clock::now();
  const int rc = posix_spawn(&pid, argv[0], &fa, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&fa);
  if (rc != 0) return -1;
  int status = 0;
  if (waitpid(pid, &status, 0) != pid) return -1;
  const double ms = ms_since(t0);
  return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? ms : -1;
}

void print_corpus(const std::vector<Outcome>& outcomes) {
  struct Count {
    int modules = 0, accepted = 0, front_end = 0, finalizer = 0, kernels = 0;
  };
  std::map<std::string, Count> groups;
  Count all;
  for (const Outcome& o : outcomes)
    for (Count* c : {&groups[o.source->group], &all}) {
      ++c->modules;
      if (o.verdict == Outcome::kAccepted) {
        ++c->accepted;
        c->kernels += o.kernels;
      }
      c->front_end += o.verdict == Outcome::kFrontEnd;
      c->finalizer += o.verdict == Outcome::kFinalizer;
    }
  std::printf("Corpus: modules finalized or refused\n");
  std::printf("%-28s %8s %9s %17s %17s %16s\n", "source", "modules", "accepted",
              "refused:front end", "refused:finalizer", "kernels accepted");
  for (const auto& [name, c] : groups)
    std::printf("%-28s %8d %9d %17d %17d %16d\n", name.c_str(), c.modules, c.accepted, c.front_end,
                c.finalizer, c.kernels);
  std::printf("%-28s %8d %9d %17d %17d %16d\n\n", "all", all.modules, all.accepted, all.front_end,
              all.finalizer, all.kernels);
}

void print_stages(const std::vector<Outcome>& outcomes) {
  // Per module, the median of its runs for each stage.
  std::vector<double> assemble, translate, codegen, link, call, total, per_kernel;
  for (const Outcome& o : outcomes) {
    if (o.verdict != Outcome::kAccepted) continue;
    std::vector<double> a, t, g, l, f, s;
    for (const Stages& r : o.runs) {
      a.push_back(r.assemble);
      t.push_back(r.translate);
      g.push_back(r.codegen);
      l.push_back(r.link);
      f.push_back(r.finalize_call);
      s.push_back(r.assemble + r.finalize_call);
    }
    assemble.push_back(median(a));
    translate.push_back(median(t));
    codegen.push_back(median(g));
    link.push_back(median(l));
    call.push_back(median(f));
    total.push_back(median(s));
    if (o.kernels > 0) per_kernel.push_back(median(s) / o.kernels);
  }
  std::printf("Finalization time per accepted module (median of %d runs each), over %zu modules\n",
              kRuns, total.size());
  std::printf("%-40s %10s %10s %10s\n", "stage", "median ms", "p90 ms", "max ms");
  const std::pair<const char*, const std::vector<double>*> rows[] = {
      {"assemble (parse + validate, text->BRIG)", &assemble},
      {"translate (BRIG -> LLVM IR)", &translate},
      {"codegen (-O2 IR, isel, object)", &codegen},
      {"link (lld)", &link},
      {"finalize() (BRIG -> code object)", &call},
      {"text -> code object (assemble+finalize)", &total},
      {"  the same per kernel", &per_kernel},
  };
  for (const auto& [name, v] : rows)
    std::printf("%-40s %10.2f %10.2f %10.2f\n", name, median(*v), percentile(*v, 0.9),
                v->empty() ? 0.0 : *std::max_element(v->begin(), v->end()));
  std::printf("\n");
}

void print_refused(const std::vector<Outcome>& outcomes) {
  std::printf("Refused modules (first message)\n");
  for (const Outcome& o : outcomes)
    if (o.verdict != Outcome::kAccepted)
      std::printf("  %-40s %s: %s\n", o.source->name.c_str(),
                  o.verdict == Outcome::kFrontEnd ? "front end" : "finalizer",
                  first_line(o.error).c_str());
  std::printf("\n");
}

// The kernel pairs: in-process finalization and hsail-finalize against
// clang-14, each compiling one kernel to a code object.
int compare_with_clang(const fs::path& scratch) {
  struct Row {
    std::string name;
    std::string hsail, opencl;
    std::vector<double> in_process, tool, clang;
  };
  std::vector<Row> rows;
  rows.push_back({"empty",
                  source_path("bench/kernels/empty.hsail"),
                  source_path("bench/kernels/empty.cl"),
                  {},
                  {},
                  {}});
  for (const auto& p : finalizer_bench::kernel_pairs())
    rows.push_back({p.label, source_path(p.hsail), source_path(p.opencl), {}, {}, {}});
  const std::string out = (scratch / "out.co").string();
  for (int run = 0; run < kProcessRuns; ++run)
    for (Row& r : rows) {
      const std::string text = read_file(r.hsail);
      const auto t0 = Clock::now();
      const hsail::Module brig = hsail::parse_hsail(text);
      hsail::validate(brig);
      const std::vector<uint8_t> code = hsail::finalizer::finalize(brig, {});
      r.in_process.push_back(ms_since(t0));
      const double tool = process_ms({HSAIL_FINALIZE_TOOL, r.hsail, "-o", out});
      const double clang =
          process_ms({CLANG_14, "-x", "cl", "-cl-std=CL2.0", "-cl-no-stdinc", "-nogpulib",
                      "-target", "amdgcn-amd-amdhsa", "-mcpu=gfx900", "-O2", "-o", out, r.opencl});
      if (code.empty() || tool < 0 || clang < 0) {
        std::fprintf(stderr,
                     "finalizer_bench: %s: a compiler failed (hsail-finalize %s, clang %s)\n",
                     r.name.c_str(), tool < 0 ? "failed" : "ok", clang < 0 ? "failed" : "ok");
        return 1;
      }
      r.tool.push_back(tool);
      r.clang.push_back(clang);
    }
  std::printf(
      "One kernel to a gfx900 code object, median of %d runs: our finalizer in process (text "
      "-> code object)\nand as the hsail-finalize process, against clang-14 -O2 on the same "
      "kernel in OpenCL C (a process)\n",
      kProcessRuns);
  std::printf("%-15s %14s %18s %12s %20s %18s\n", "kernel", "in-process ms", "hsail-finalize ms",
              "clang-14 ms", "in-process/clang", "process/clang");
  for (const Row& r : rows) {
    const double in = median(r.in_process), tool = median(r.tool), clang = median(r.clang);
    std::printf("%-15s %14.2f %18.2f %12.2f %20.2f %18.2f\n", r.name.c_str(), in, tool, clang,
                in / clang, tool / clang);
  }
  std::printf("\n");
  return 0;
}

}  // namespace

int main() {
  const fs::path scratch =
      fs::temp_directory_path() / ("finalizer_bench." + std::to_string(getpid()));
  fs::create_directories(scratch);
  const std::vector<Source> sources = corpus();
  std::vector<Outcome> outcomes;
  for (const Source& s : sources) outcomes.push_back(measure(s));
  std::printf(
      "Finalizer: HSAIL text -> gfx900 code object (code object v4), %d runs per module\n\n",
      kRuns);
  print_corpus(outcomes);
  print_stages(outcomes);
  const int status = compare_with_clang(scratch);
  print_refused(outcomes);
  fs::remove_all(scratch);
  return status;
}
