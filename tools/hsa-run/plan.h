// What one hsa-run invocation asks for, parsed from the command line
// before the runtime starts, so a bad argument costs nothing and always
// exits with status 2 and a message naming the argument.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "elements.h"

namespace hsarun {

// How a buffer starts out.
struct Fill {
  enum class Pattern { kZero, kIota, kConst, kRandom, kFile } pattern = Pattern::kZero;
  std::vector<std::string> params;  // iota START,STEP; const V; random SEED,LO,HI
  std::string path;                 // file
};

// One kernel argument, in the kernel's parameter order.
struct Arg {
  std::string spec;  // as typed, for messages
  const ElementType* type = nullptr;
  bool buffer = false;
  uint64_t count = 0;           // buffer elements (0 with a file fill: from the file's size)
  Fill fill;                    // buffer
  std::vector<uint8_t> scalar;  // scalar bytes
};

struct Output {
  size_t arg = 0;
  uint64_t print_count = 0;  // --print: 0 = every element
  std::string path;          // --save / --expect
};

struct Plan {
  bool help = false;
  bool version = false;
  bool list = false;
  bool time = false;
  std::string code_object;
  std::string kernel;
  std::vector<Arg> args;
  int agent = -1;  // -1: the first GPU
  uint32_t dims = 0;
  uint32_t grid[3] = {1, 1, 1};
  uint32_t workgroup[3] = {0, 0, 0};  // 0: the default for dims
  uint32_t workgroup_dims = 0;
  uint32_t group_bytes = 0;  // dynamic group segment
  double tolerance = 0;
  double timeout_s = 60;
  std::vector<Output> prints, saves, expects;
};

// Parses argv; on error returns nullopt with *error set.
std::optional<Plan> parse_plan(int argc, char** argv, std::string* error);

// Parses one argument specification (the grammar of --help).
bool parse_arg(const std::string& spec, Arg* out, std::string* error);

extern const char kUsage[];

}  // namespace hsarun
