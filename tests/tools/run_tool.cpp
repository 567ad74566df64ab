#include "run_tool.h"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>

namespace tools_test {

namespace {

std::string slurp(int fd) {
  std::string out;
  char buf[4096];
  ssize_t n;
  while ((n = read(fd, buf, sizeof buf)) > 0) out.append(buf, static_cast<size_t>(n));
  return out;
}

}  // namespace

Run run_tool(const std::string& program, const std::vector<std::string>& args) {
  Run r;
  // The streams go to unlinked temporary files: no pipe to drain while
  // the child runs.
  char out_name[] = "/tmp/tools_test_out_XXXXXX";
  char err_name[] = "/tmp/tools_test_err_XXXXXX";
  const int out_fd = mkstemp(out_name);
  const int err_fd = mkstemp(err_name);
  if (out_fd < 0 || err_fd < 0) return r;
  unlink(out_name);
  unlink(err_name);
  std::vector<char*> argv;
  argv.push_back(const_cast<char*>(program.c_str()));
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  const pid_t pid = fork();
  if (pid == 0) {
    dup2(out_fd, 1);
    dup2(err_fd, 2);
    execv(program.c_str(), argv.data());
    _exit(127);
  }
  int wstatus = 0;
  if (pid > 0 && waitpid(pid, &wstatus, 0) == pid && WIFEXITED(wstatus))
    r.status = WEXITSTATUS(wstatus);
  lseek(out_fd, 0, SEEK_SET);
  lseek(err_fd, 0, SEEK_SET);
  r.out = slurp(out_fd);
  r.err = slurp(err_fd);
  close(out_fd);
  close(err_fd);
  return r;
}

std::string make_temp_dir() {
  char name[] = "/tmp/tools_test_XXXXXX";
  const char* dir = mkdtemp(name);
  return dir ? dir : "";
}

void remove_dir(const std::string& dir) {
  std::error_code ec;
  if (!dir.empty()) std::filesystem::remove_all(dir, ec);
}

bool write_floats(const std::string& path, const std::vector<float>& v) {
  std::ofstream f(path, std::ios::binary);
  f.write(reinterpret_cast<const char*>(v.data()), static_cast<std::streamsize>(v.size() * 4));
  return static_cast<bool>(f);
}

std::vector<float> read_floats(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  std::vector<float> v(bytes.size() / 4);
  std::copy(bytes.begin(), bytes.begin() + static_cast<long>(v.size() * 4),
            reinterpret_cast<char*>(v.data()));
  return v;
}

}  // namespace tools_test
