#include "plan.h"

#include <cerrno>
#include <cstdlib>

namespace hsarun {

const char kUsage[] =
    "Usage: hsa-run [options] CODE_OBJECT KERNEL [ARG...]\n"
    "       hsa-run --list CODE_OBJECT\n"
    "       hsa-run --help | --version\n"
    "\n"
    "Loads an AMDGPU code object (v2, v3 or v4 ELF) or HSAIL (text or BRIG,\n"
    "validated and finalized for gfx900 first), dispatches KERNEL once on a\n"
    "GPU agent with the arguments given, then prints, saves or checks its\n"
    "buffers. An HSAIL kernel is named as in HSAIL (&name) or without the &.\n"
    "\n"
    "Kernel arguments, in the kernel's parameter order:\n"
    "  TYPE:VALUE              a scalar, e.g. f32:2.5  u32:1000  i64:-3  u32:0x10\n"
    "  buf:TYPE:COUNT[:INIT]   a buffer of COUNT elements; the kernel gets its address\n"
    "  buf:TYPE:file=PATH      a buffer holding PATH's bytes (COUNT from the size)\n"
    "    TYPE  i8 u8 i16 u16 i32 u32 i64 u64 f32 f64\n"
    "    INIT  zero                    every element 0 (the default)\n"
    "          iota[=START[,STEP]]     START + i*STEP (default 0,1)\n"
    "          const=V                 every element V\n"
    "          random=SEED[,LO,HI]     uniform in [LO,HI) for floats (default 0,1),\n"
    "                                  [LO,HI] for integers (default 0,100)\n"
    "          file=PATH               raw elements from PATH (exactly COUNT of them)\n"
    "  Arguments are placed in the kernarg segment at their natural alignment\n"
    "  (buffers as 8-byte addresses), as the OpenCL and HIP ABIs lay them out.\n"
    "\n"
    "Dispatch:\n"
    "  --grid X[,Y[,Z]]        work-items per dimension (required to dispatch)\n"
    "  --workgroup X[,Y[,Z]]   work-group size (default 64; 8,8 in 2D; 4,4,4 in 3D)\n"
    "  --group-bytes N         dynamic group (LDS) memory added to the kernel's own\n"
    "  --agent N               the agent numbered N by hsainfo (default: first GPU)\n"
    "  --timeout SECONDS       give up waiting for completion (default 60)\n"
    "  --time                  report the dispatch time\n"
    "\n"
    "Results (N is the argument's position, from 0; it must be a buffer):\n"
    "  --print N[=COUNT]       print the first COUNT elements (default 16, 0 = all)\n"
    "  --save N=FILE           write the buffer's raw bytes to FILE\n"
    "  --expect N=FILE         compare with FILE's raw elements; exit 1 on mismatch\n"
    "  --tolerance T           floats match when |got-want| <= T*max(1,|want|)\n"
    "                          (default 0: exactly)\n"
    "\n"
    "Other:\n"
    "  --list                  list the code object's kernels and exit\n"
    "  --help                  print this text and exit\n"
    "  --version               print the version and exit\n"
    "\n"
    "Exit status: 0 success, 1 runtime failure, dispatch error or mismatch,\n"
    "2 bad arguments, unknown kernel, invalid HSAIL or unsupported input.\n";

namespace {

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  size_t start = 0;
  for (;;) {
    const size_t at = s.find(sep, start);
    out.push_back(s.substr(start, at == std::string::npos ? std::string::npos : at - start));
    if (at == std::string::npos) return out;
    start = at + 1;
  }
}

bool parse_u64(const std::string& s, uint64_t* out) {
  if (s.empty() || s[0] == '-') return false;
  char* end = nullptr;
  errno = 0;
  *out = std::strtoull(s.c_str(), &end, 0);
  return !*end && errno != ERANGE;
}

bool parse_u32(const std::string& s, uint32_t* out) {
  uint64_t v = 0;
  if (!parse_u64(s, &v) || v > UINT32_MAX) return false;
  *out = static_cast<uint32_t>(v);
  return true;
}

bool parse_double(const std::string& s, double* out) {
  if (s.empty()) return false;
  char* end = nullptr;
  errno = 0;
  *out = std::strtod(s.c_str(), &end);
  return !*end && errno != ERANGE;
}

// "X[,Y[,Z]]" of positive integers; *dims gets the count.
bool parse_dims(const std::string& s, uint32_t out[3], uint32_t* dims) {
  const std::vector<std::string> parts = split(s, ',');
  if (parts.size() > 3) return false;
  for (size_t i = 0; i < parts.size(); ++i)
    if (!parse_u32(parts[i], &out[i]) || out[i] == 0) return false;
  *dims = static_cast<uint32_t>(parts.size());
  return true;
}

bool parse_fill(const std::string& text, Fill* f, std::string* error) {
  const size_t eq = text.find('=');
  const std::string name = text.substr(0, eq);
  const std::string rest = eq == std::string::npos ? "" : text.substr(eq + 1);
  const bool has_rest = eq != std::string::npos;
  if (name == "file") {
    f->pattern = Fill::Pattern::kFile;
    f->path = rest;
    if (rest.empty()) *error = "file= needs a path";
    return !rest.empty();
  }
  struct Row {
    const char* name;
    Fill::Pattern pattern;
    size_t min_params, max_params;
  };
  static const Row kPatterns[] = {{"zero", Fill::Pattern::kZero, 0, 0},
                                  {"iota", Fill::Pattern::kIota, 0, 2},
                                  {"const", Fill::Pattern::kConst, 1, 1},
                                  {"random", Fill::Pattern::kRandom, 1, 3}};
  for (const Row& r : kPatterns) {
    if (name != r.name) continue;
    f->pattern = r.pattern;
    f->params = has_rest ? split(rest, ',') : std::vector<std::string>{};
    const size_t n = f->params.size();
    if (n < r.min_params || n > r.max_params || (r.pattern == Fill::Pattern::kRandom && n == 2)) {
      *error = "'" + text + "': wrong number of values for " + r.name;
      return false;
    }
    return true;
  }
  *error = "unknown initializer '" + name + "' (zero, iota, const, random or file)";
  return false;
}

// "N" or "N=VALUE" of an output option.
bool parse_output(const std::string& opt, const std::string& text, bool value_required, Output* out,
                  std::string* error) {
  const size_t eq = text.find('=');
  uint64_t arg = 0;
  if (!parse_u64(text.substr(0, eq), &arg)) {
    *error = opt + " " + text + ": '" + text.substr(0, eq) + "' is not an argument position";
    return false;
  }
  out->arg = static_cast<size_t>(arg);
  if (eq == std::string::npos) {
    if (value_required) *error = opt + " " + text + ": expected N=FILE";
    return !value_required;
  }
  const std::string value = text.substr(eq + 1);
  if (opt == "--print") {
    if (!parse_u64(value, &out->print_count)) {
      *error = "--print " + text + ": '" + value + "' is not a count";
      return false;
    }
    return true;
  }
  out->path = value;
  if (value.empty()) *error = opt + " " + text + ": empty file name";
  return !value.empty();
}

}  // namespace

bool parse_arg(const std::string& spec, Arg* out, std::string* error) {
  out->spec = spec;
  const bool buffer = spec.rfind("buf:", 0) == 0;
  const std::string body = buffer ? spec.substr(4) : spec;
  const size_t colon = body.find(':');
  if (colon == std::string::npos) {
    *error = "argument '" + spec + "': expected TYPE:VALUE or buf:TYPE:COUNT[:INIT]";
    return false;
  }
  out->type = find_type(body.substr(0, colon));
  if (!out->type) {
    *error = "argument '" + spec + "': unknown type '" + body.substr(0, colon) + "' (" +
             type_names() + ")";
    return false;
  }
  const std::string rest = body.substr(colon + 1);
  if (!buffer) {
    out->scalar.resize(out->type->size);
    if (!parse_element(*out->type, rest, out->scalar.data(), error)) {
      *error = "argument '" + spec + "': " + *error;
      return false;
    }
    return true;
  }
  out->buffer = true;
  if (rest.rfind("file=", 0) == 0) {
    out->count = 0;  // from the file
    return parse_fill(rest, &out->fill, error);
  }
  const size_t colon2 = rest.find(':');
  if (!parse_u64(rest.substr(0, colon2), &out->count) || out->count == 0) {
    *error = "argument '" + spec + "': '" + rest.substr(0, colon2) +
             "' is not an element count (a positive integer)";
    return false;
  }
  if (out->count > (uint64_t{1} << 32) / out->type->size) {
    *error = "argument '" + spec + "': more than 4 GiB";
    return false;
  }
  if (colon2 == std::string::npos) return true;
  if (!parse_fill(rest.substr(colon2 + 1), &out->fill, error)) {
    *error = "argument '" + spec + "': " + *error;
    return false;
  }
  return true;
}

std::optional<Plan> parse_plan(int argc, char** argv, std::string* error) {
  Plan p;
  std::vector<std::string> positional;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a.rfind("--", 0) != 0 && a != "-h") {
      positional.push_back(a);
      continue;
    }
    if (a == "--help" || a == "-h") {
      p.help = true;
      return p;
    }
    if (a == "--version") {
      p.version = true;
      return p;
    }
    if (a == "--list") {
      p.list = true;
      continue;
    }
    if (a == "--time") {
      p.time = true;
      continue;
    }
    if (i + 1 >= argc) {
      *error = a == "--grid" || a == "--workgroup" || a == "--agent" || a == "--print" ||
                       a == "--save" || a == "--expect" || a == "--tolerance" || a == "--timeout" ||
                       a == "--group-bytes"
                   ? a + " needs a value"
                   : "unknown option '" + a + "'";
      return std::nullopt;
    }
    const std::string v = argv[++i];
    bool ok = true;
    if (a == "--grid") {
      ok = parse_dims(v, p.grid, &p.dims);
      if (!ok) *error = "--grid " + v + ": expected X[,Y[,Z]] of positive integers";
    } else if (a == "--workgroup") {
      uint32_t& dims = p.workgroup_dims;
      ok = parse_dims(v, p.workgroup, &dims) && p.workgroup[0] <= 65535 &&
           p.workgroup[1] <= 65535 && p.workgroup[2] <= 65535;
      if (!ok) *error = "--workgroup " + v + ": expected X[,Y[,Z]] of integers 1..65535";
      for (uint32_t d = dims; d < 3; ++d) p.workgroup[d] = 1;
    } else if (a == "--agent") {
      uint32_t n = 0;
      ok = parse_u32(v, &n) && n < (1u << 20);
      p.agent = static_cast<int>(n);
      if (!ok) *error = "--agent " + v + ": not an agent number";
    } else if (a == "--group-bytes") {
      ok = parse_u32(v, &p.group_bytes);
      if (!ok) *error = "--group-bytes " + v + ": not a byte count";
    } else if (a == "--tolerance") {
      ok = parse_double(v, &p.tolerance) && p.tolerance >= 0;
      if (!ok) *error = "--tolerance " + v + ": not a non-negative number";
    } else if (a == "--timeout") {
      ok = parse_double(v, &p.timeout_s) && p.timeout_s > 0;
      if (!ok) *error = "--timeout " + v + ": not a positive number of seconds";
    } else if (a == "--print" || a == "--save" || a == "--expect") {
      Output o;
      o.print_count = 16;
      ok = parse_output(a, v, a != "--print", &o, error);
      (a == "--print" ? p.prints : a == "--save" ? p.saves : p.expects).push_back(o);
    } else {
      *error = "unknown option '" + a + "'";
      ok = false;
    }
    if (!ok) return std::nullopt;
  }

  if (positional.empty()) {
    *error = "no code object given";
    return std::nullopt;
  }
  p.code_object = positional[0];
  if (p.list) {
    if (positional.size() > 1) {
      *error = "--list takes only the code object";
      return std::nullopt;
    }
    return p;
  }
  if (positional.size() < 2) {
    *error = "no kernel name given (hsa-run --list " + p.code_object + " lists them)";
    return std::nullopt;
  }
  p.kernel = positional[1];
  for (size_t i = 2; i < positional.size(); ++i) {
    Arg arg;
    if (!parse_arg(positional[i], &arg, error)) return std::nullopt;
    p.args.push_back(std::move(arg));
  }
  if (!p.dims) {
    *error = "no --grid given (work-items per dimension, e.g. --grid 1024 or --grid 64,64)";
    return std::nullopt;
  }
  if (p.workgroup_dims > p.dims) {
    *error = "--workgroup has more dimensions than --grid";
    return std::nullopt;
  }
  if (p.workgroup[0] == 0) {
    static const uint32_t kDefault[3][3] = {{64, 1, 1}, {8, 8, 1}, {4, 4, 4}};
    for (int d = 0; d < 3; ++d) p.workgroup[d] = kDefault[p.dims - 1][d];
  }
  for (const auto* list : {&p.prints, &p.saves, &p.expects})
    for (const Output& o : *list)
      if (o.arg >= p.args.size() || !p.args[o.arg].buffer) {
        *error = "output argument " + std::to_string(o.arg) + " is not a buffer argument (" +
                 std::to_string(p.args.size()) + " arguments given, numbered from 0)";
        return std::nullopt;
      }
  return p;
}

}  // namespace hsarun
