// Helpers for the HSAIL tests: files, a scratch directory, and running the
// two assemblers (ours and the HSAILasm oracle) as processes.
#pragma once

#include <string>
#include <vector>

namespace hsail_test {

std::string read_file(const std::string& path);
void write_file(const std::string& path, const std::string& bytes);
bool file_exists(const std::string& path);

// A fresh directory under /tmp, removed with its contents on destruction.
class ScratchDir {
 public:
  ScratchDir();
  ~ScratchDir();
  const std::string& path() const { return path_; }
  std::string file(const std::string& name) const { return path_ + "/" + name; }

 private:
  std::string path_;
};

struct RunResult {
  int exit_code = -1;
  std::string err;  // stderr
};

// Runs argv (no shell); stderr is captured, stdout discarded or captured
// with it.
RunResult run(const std::vector<std::string>& argv, bool capture_stdout = false);

// The oracle's path, or "" with a reason when it is not installed.
std::string oracle_path();

// Sorted paths of tests/hsail/corpus/*.hsail.
std::vector<std::string> corpus_files();
std::string stem(const std::string& path);

}  // namespace hsail_test
