#include "test_util.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <stdexcept>

namespace hsail_test {

namespace fs = std::filesystem;

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

void write_file(const std::string& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  if (!out) throw std::runtime_error("cannot write " + path);
}

bool file_exists(const std::string& path) { return fs::exists(path); }

ScratchDir::ScratchDir() {
  char tmpl[] = "/tmp/hsail_test.XXXXXX";
  if (mkdtemp(tmpl) == nullptr) throw std::runtime_error("mkdtemp failed");
  path_ = tmpl;
}

ScratchDir::~ScratchDir() {
  std::error_code ec;
  fs::remove_all(path_, ec);
}

// posix_spawn rather than fork: the test process is large, and the
// generated corpus runs HSAILasm thousands of times.
RunResult run(const std::vector<std::string>& argv, bool capture_stdout) {
  int pipefd[2];
  if (pipe(pipefd) != 0) throw std::runtime_error("pipe failed");
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  if (capture_stdout) {
    posix_spawn_file_actions_adddup2(&fa, pipefd[1], 1);
  } else {
    posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
  }
  posix_spawn_file_actions_adddup2(&fa, pipefd[1], 2);
  posix_spawn_file_actions_addclose(&fa, pipefd[0]);
  posix_spawn_file_actions_addclose(&fa, pipefd[1]);
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = -1;
  int rc = posix_spawn(&pid, args[0], &fa, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&fa);
  close(pipefd[1]);
  RunResult r;
  if (rc != 0) {
    close(pipefd[0]);
    r.exit_code = 127;
    r.err = "cannot run " + argv[0];
    return r;
  }
  char buf[4096];
  ssize_t n;
  while ((n = read(pipefd[0], buf, sizeof(buf))) > 0) r.err.append(buf, static_cast<size_t>(n));
  close(pipefd[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return r;
}

std::string oracle_path() {
  std::string p = HSAILASM_ORACLE;
  return fs::exists(p) ? p : "";
}

std::vector<std::string> corpus_files() {
  std::vector<std::string> out;
  for (const auto& e : fs::directory_iterator(HSAIL_CORPUS_DIR)) {
    if (e.path().extension() == ".hsail") out.push_back(e.path().string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::string stem(const std::string& path) { return fs::path(path).stem().string(); }

}  // namespace hsail_test
