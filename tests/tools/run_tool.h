// Runs one of the built tools as a user would (a child process with the
// test's environment) and captures its exit status and both streams.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace tools_test {

struct Run {
  int status = -1;  // exit status; -1 if it did not exit normally
  std::string out;
  std::string err;
};

Run run_tool(const std::string& program, const std::vector<std::string>& args);

// A fresh directory for a test's files, removed by the caller's TearDown.
std::string make_temp_dir();
void remove_dir(const std::string& dir);

bool write_floats(const std::string& path, const std::vector<float>& v);
std::vector<float> read_floats(const std::string& path);

}  // namespace tools_test
