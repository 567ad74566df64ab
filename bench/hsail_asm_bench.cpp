// HSAIL assembly throughput (issue 6, deliverable 7): MB of HSAIL text per
// second assembled to BRIG by our front end and by Debian's HSAILasm
// (package hsail-tools), on the same large generated file. The file is
// many kernels made of the instruction lines of our compatibility corpus
// (tests/hsail/corpus), so it exercises the forms the two tools are known
// to agree on. Three figures: our library in process (parse + BRIG
// layout, no I/O), and, like for like, our hsailasm and HSAILasm as
// processes timed end to end (start, read, assemble, write the file, exit).
// The BRIG of all three must be byte-identical, or the bench fails: a
// speed figure for different output would mean nothing. Runs interleave,
// so a busy machine weighs on all alike; the median of each is reported,
// with the peak resident size of each process (the in-process row has
// none of its own). `hsail_asm_bench --write-input FILE` only writes the
// generated module, for profiling the assemblers on it.
#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <hsail/brig/error.h>
#include <hsail/brig/names.h>
#include <hsail/text/parser.h>

extern char** environ;

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

constexpr size_t kTargetBytes = 6u << 20;  // size of the generated file
constexpr int kRuns = 3;                   // timed runs of each assembler
// The extensions some corpus forms need (images; the GCN instructions).
const char kHeader[] =
    "module &asm_bench:1:0:$full:$large:$default;\nextension \"IMAGE\";\n"
    "extension \"amd:gcn\";\n";

std::string read_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

bool write_file(const fs::path& p, const std::string& s) {
  std::ofstream out(p, std::ios::binary);
  out << s;
  return static_cast<bool>(out);
}

// A line is a candidate if it is one whole instruction of a kernel body
// that names no symbol, label or address (those need their declarations):
// a tab, a lower-case mnemonic, a closing ';'. Control directives are left
// out: they must come before any instruction of a kernel.
bool candidate(const std::string& line) {
  if (line.size() < 3 || line[0] != '\t' || line.back() != ';') return false;
  if (line[1] < 'a' || line[1] > 'z') return false;
  if (hsail::control_directive(line.substr(1, line.find_first_of(" ;", 1) - 1))) return false;
  return line.find_first_of("&%@[]{}/\"") == std::string::npos;
}

// The corpus' instruction lines of $full:$large modules that our parser
// accepts on their own in a kernel, each once, in corpus order.
std::vector<std::string> instruction_forms() {
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(HSAIL_CORPUS_DIR))
    if (e.path().extension() == ".hsail") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  std::vector<std::string> forms;
  std::set<std::string> seen;
  for (const fs::path& f : files) {
    std::istringstream text(read_file(f));
    std::string line;
    bool large_full = false;
    while (std::getline(text, line)) {
      if (line.rfind("module ", 0) == 0)
        large_full = line.find(":$full:$large:") != std::string::npos;
      if (!large_full || !candidate(line) || !seen.insert(line).second) continue;
      try {
        hsail::parse_hsail(std::string(kHeader) + "kernel &k()\n{\n" + line + "\n};\n");
        forms.push_back(line);
      } catch (const hsail::SyntaxError&) {
        // needs context the corpus file gave it (e.g. a control directive)
      }
    }
  }
  return forms;
}

// Kernels of all the forms, each kernel starting at a different form, until
// the text reaches kTargetBytes.
std::string generate(const std::vector<std::string>& forms) {
  std::string out = kHeader;
  for (size_t k = 0; out.size() < kTargetBytes; ++k) {
    out += "\nkernel &k" + std::to_string(k) + "()\n{\n";
    for (size_t i = 0; i < forms.size(); ++i) out += forms[(i + k) % forms.size()] + "\n";
    out += "};\n";
  }
  return out;
}

struct Run {
  double seconds = -1;  // -1: did not start or failed
  long peak_kb = 0;     // peak resident set size
};

// Runs argv with stdout to /dev/null; wait4 reports the child's own peak
// resident size.
Run run_process(const std::vector<std::string>& args) {
  std::vector<char*> argv;
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
  const auto start = Clock::now();
  pid_t pid;
  int rc = posix_spawn(&pid, argv[0], &fa, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&fa);
  if (rc != 0) return {};
  int status = 0;
  struct rusage usage {};
  if (wait4(pid, &status, 0, &usage) != pid) return {};
  const double s = std::chrono::duration<double>(Clock::now() - start).count();
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) return {};
  return {s, usage.ru_maxrss};
}

// The kernel counts the memory of the process that spawns a child into the
// child's peak RSS (exec records the old address space's peak), so the
// assemblers are started by a small launcher forked before the bench
// builds its 6 MB input and keeps BRIG around. Requests go over a pipe as
// NUL-separated arguments after their byte count; the answer is a Run.
class Launcher {
 public:
  bool start() {
    int req[2], ans[2];
    if (pipe(req) != 0 || pipe(ans) != 0) return false;
    pid_ = fork();
    if (pid_ < 0) return false;
    if (pid_ == 0) {
      close(req[1]);
      close(ans[0]);
      serve(req[0], ans[1]);
      _exit(0);
    }
    close(req[0]);
    close(ans[1]);
    to_ = req[1];
    from_ = ans[0];
    return true;
  }
  ~Launcher() {
    if (pid_ <= 0) return;
    close(to_);  // the launcher exits at end of input
    close(from_);
    waitpid(pid_, nullptr, 0);
  }
  Run run(const std::vector<std::string>& args) {
    std::string msg;
    for (const std::string& a : args) msg.append(a).push_back('\0');
    const uint64_t n = msg.size();
    Run r;
    if (!write_all(to_, &n, sizeof(n)) || !write_all(to_, msg.data(), msg.size()) ||
        !read_all(from_, &r, sizeof(r))) {
      return {};
    }
    return r;
  }

 private:
  static void serve(int in, int out) {
    uint64_t n;
    while (read_all(in, &n, sizeof(n))) {
      std::string msg(n, '\0');
      if (!read_all(in, msg.data(), n)) return;
      std::vector<std::string> args;
      for (size_t at = 0; at < msg.size(); at = msg.find('\0', at) + 1)
        args.push_back(msg.substr(at, msg.find('\0', at) - at));
      const Run r = run_process(args);
      if (!write_all(out, &r, sizeof(r))) return;
    }
  }
  static bool read_all(int fd, void* p, size_t n) {
    for (size_t done = 0; done < n;) {
      const ssize_t k = read(fd, static_cast<char*>(p) + done, n - done);
      if (k <= 0) return false;
      done += static_cast<size_t>(k);
    }
    return true;
  }
  static bool write_all(int fd, const void* p, size_t n) {
    for (size_t done = 0; done < n;) {
      const ssize_t k = write(fd, static_cast<const char*>(p) + done, n - done);
      if (k <= 0) return false;
      done += static_cast<size_t>(k);
    }
    return true;
  }
  pid_t pid_ = -1;
  int to_ = -1, from_ = -1;
};

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

struct Row {
  const char* name;
  std::vector<double> seconds;
  long peak_kb = 0;  // largest of the runs; 0 for the in-process row
  void add(const Run& r) {
    seconds.push_back(r.seconds);
    peak_kb = std::max(peak_kb, r.peak_kb);
  }
};

int fail(const std::string& msg) {
  std::fprintf(stderr, "hsail_asm_bench: %s\n", msg.c_str());
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  const bool write_only = argc == 3 && std::string(argv[1]) == "--write-input";
  if (argc != 1 && !write_only) return fail("usage: hsail_asm_bench [--write-input FILE]");
  Launcher launcher;
  if (!write_only && !launcher.start()) return fail("cannot start the launcher process");
  const std::string oracle = HSAILASM_ORACLE;
  if (access(oracle.c_str(), X_OK) != 0)
    return fail("Debian's HSAILasm (package hsail-tools) not found: no baseline to compare with");
  const std::vector<std::string> forms = instruction_forms();
  if (forms.size() < 50) return fail("too few instruction forms in the corpus");
  const std::string text = generate(forms);
  const double mb = static_cast<double>(text.size()) / 1e6;
  if (write_only)
    return write_file(argv[2], text) ? 0 : fail(std::string("cannot write ") + argv[2]);

  char dir_template[] = "/tmp/hsail_asm_bench.XXXXXX";
  if (!mkdtemp(dir_template)) return fail("cannot create a temporary directory");
  const fs::path dir = dir_template;
  const std::string input = (dir / "bench.hsail").string();
  const std::string ours_out = (dir / "hsailasm.brig").string();
  const std::string theirs_out = (dir / "HSAILasm.brig").string();
  if (!write_file(input, text)) return fail("cannot write " + input);

  Row lib{"libhsail in process (parse + BRIG)", {}};
  Row ours{"hsailasm process", {}};
  Row theirs{"HSAILasm process (Debian)", {}};
  std::vector<uint8_t> lib_brig;
  std::string error;
  for (int r = 0; r < kRuns && error.empty(); ++r) {
    const auto start = Clock::now();
    try {
      lib_brig = hsail::parse_hsail(text).to_brig();
    } catch (const hsail::SyntaxError& e) {
      error = "our parser rejects the generated file: " + hsail::format_diagnostic(input, e);
      break;
    }
    lib.seconds.push_back(std::chrono::duration<double>(Clock::now() - start).count());
    ours.add(launcher.run({HSAILASM_TOOL, "-assemble", "-o", ours_out, input}));
    theirs.add(launcher.run({oracle, "-assemble", "-o", theirs_out, input}));
    if (ours.seconds.back() < 0) error = "hsailasm failed on " + input;
    if (theirs.seconds.back() < 0) error = "HSAILasm failed on " + input;
  }
  if (error.empty()) {
    const std::string lib_bytes(lib_brig.begin(), lib_brig.end());
    if (read_file(ours_out) != lib_bytes) error = "hsailasm's BRIG differs from the library's";
    if (read_file(theirs_out) != lib_bytes) error = "HSAILasm's BRIG differs from ours";
  }
  if (!error.empty()) {
    std::fprintf(stderr, "hsail_asm_bench: %s (input kept in %s)\n", error.c_str(), input.c_str());
    return 1;
  }
  fs::remove_all(dir);

  const double base = mb / median(theirs.seconds);
  std::printf("HSAIL assembly throughput: one generated module of %.2f MB (%zu instruction\n", mb,
              forms.size());
  std::printf("forms of tests/hsail/corpus, as many kernels as fill it), assembled to BRIG;\n");
  std::printf("median of %d interleaved runs; all three BRIG outputs byte-identical\n\n", kRuns);
  std::printf(
      "| assembler                          | median s | MB/s   | ratio to HSAILasm | peak RSS MB "
      "|\n");
  std::printf(
      "|------------------------------------|----------|--------|-------------------|------------"
      "-|\n");
  for (const Row* row : {&lib, &ours, &theirs}) {
    const double s = median(row->seconds);
    std::printf("| %-34s | %8.3f | %6.2f | %17.2f | ", row->name, s, mb / s, mb / s / base);
    if (row->peak_kb > 0) {
      std::printf("%11.1f |\n", static_cast<double>(row->peak_kb) / 1024);
    } else {
      std::printf("%11s |\n", "-");
    }
  }
  std::printf("\nratio: our MB/s over HSAILasm's (above 1.00 = faster). The process rows time\n");
  std::printf("start to exit, file read and write included; the in-process row has no I/O.\n");
  return 0;
}
