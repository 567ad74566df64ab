// hsail-finalize: HSAIL text or BRIG -> AMD GPU code object, through the
// front end (parse or read, validate) and the finalizer.
//   hsail-finalize INPUT [-o OUTPUT] [--mcpu gfx900|gfx803]
//                  [--code-object-v2|--code-object-v3|--code-object-v4]
//                  [--emit-llvm]
// INPUT is BRIG when it starts with BRIG's magic, HSAIL text otherwise.
// Without -o the output is INPUT with ".co" (".ll" with --emit-llvm, which
// writes the translated LLVM IR instead of a code object); "-o -" is
// standard output. Errors print as "file:line:column: message" where the
// module has source positions, "file: message" otherwise; exit status 1
// and no output file; usage errors exit 2.
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/Support/raw_ostream.h>

#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>
#include <vector>

#include <command_line.h>
#include <finalizer/finalizer.h>
#include <hsail/brig/error.h>
#include <hsail/brig/module.h>
#include <hsail/text/parser.h>
#include <hsail/validate/validator.h>

namespace {

using hsail::finalizer::Gpu;
using hsail::finalizer::Options;

const char kTool[] = "hsail-finalize";

const char kUsage[] =
    "Usage: hsail-finalize [-o OUTPUT] [--mcpu gfx900|gfx803]\n"
    "                      [--code-object-v2|--code-object-v3|--code-object-v4]\n"
    "                      [--emit-llvm] INPUT\n"
    "       hsail-finalize --help | --version\n"
    "\n"
    "Finalizes HSAIL (text, or BRIG when INPUT starts with BRIG's magic) into an\n"
    "AMDGPU code object: the module is parsed or read, validated, then\n"
    "translated for the GPU.\n"
    "\n"
    "  -o OUTPUT          the output file, - for standard output\n"
    "                     (default: INPUT with .co, or .ll with --emit-llvm)\n"
    "  --mcpu GPU         gfx900 (the default) or gfx803; also -mcpu, --mcpu=GPU\n"
    "  --code-object-v2, --code-object-v3, --code-object-v4\n"
    "                     the code object version (default 4)\n"
    "  --emit-llvm        write the translated LLVM IR as text instead\n"
    "  --help             print this text and exit\n"
    "  --version          print the version and exit\n"
    "\n"
    "Exit status: 0 success, 1 invalid HSAIL, HSAIL the finalizer cannot\n"
    "translate, or an unreadable or unwritable file (no output is left\n"
    "behind), 2 bad arguments.\n";

int usage(const std::string& msg) { return hsa_gcn_cli::usage_error(kTool, msg); }

bool read_file(const std::string& path, std::string* out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  out->assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return !in.bad();
}

// All at once; a failed write removes the file so no partial output stays.
// "-" is standard output.
bool write_file(const std::string& path, const void* p, size_t n) {
  if (path == "-") {
    std::cout.write(static_cast<const char*>(p), static_cast<std::streamsize>(n));
    return static_cast<bool>(std::cout.flush());
  }
  {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    if (out) out.write(static_cast<const char*>(p), static_cast<std::streamsize>(n));
    if (out && out.flush()) return true;
  }
  std::remove(path.c_str());
  return false;
}

std::string replace_extension(const std::string& path, const char* ext) {
  const size_t slash = path.find_last_of('/');
  const size_t dot = path.find_last_of('.');
  if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) return path + ext;
  return path.substr(0, dot) + ext;
}

struct CpuName {
  const char* name;
  Gpu gpu;
};
constexpr CpuName kCpus[] = {{"gfx900", Gpu::kGfx900}, {"gfx803", Gpu::kGfx803}};

bool parse_cpu(const std::string& name, Gpu* gpu) {
  for (const CpuName& c : kCpus)
    if (name == c.name) {
      *gpu = c.gpu;
      return true;
    }
  return false;
}

struct Version {
  const char* flag;
  int version;
};
constexpr Version kVersions[] = {
    {"--code-object-v2", 2}, {"--code-object-v3", 3}, {"--code-object-v4", 4}};

hsail::Module read_module(const std::string& bytes) {
  if (bytes.compare(0, 8, "HSA BRIG") == 0)
    return hsail::Module::from_brig(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
  return hsail::parse_hsail(bytes);
}

// The translated IR as text (--emit-llvm).
std::string llvm_text(const hsail::Module& m, const Options& options) {
  llvm::LLVMContext context;
  const std::unique_ptr<llvm::Module> ir = hsail::finalizer::translate(m, context, options);
  std::string text;
  llvm::raw_string_ostream out(text);
  ir->print(out, nullptr);
  return out.str();
}

}  // namespace

int main(int argc, char** argv) {
  Options options;
  bool emit_llvm = false;
  std::string input, output;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    bool known = false;
    for (const Version& v : kVersions)
      if (a == v.flag) {
        options.code_object_version = v.version;
        known = true;
      }
    if (known) continue;
    if (a == "-o") {
      if (++i >= argc) return usage("-o needs a file name");
      output = argv[i];
    } else if (a == "--mcpu" || a == "-mcpu") {
      if (++i >= argc) return usage(a + " needs gfx900 or gfx803");
      if (!parse_cpu(argv[i], &options.gpu)) return usage(std::string("unknown GPU ") + argv[i]);
    } else if (a.rfind("--mcpu=", 0) == 0 || a.rfind("-mcpu=", 0) == 0) {
      const std::string cpu = a.substr(a.find('=') + 1);
      if (!parse_cpu(cpu, &options.gpu)) return usage("unknown GPU " + cpu);
    } else if (a == "--emit-llvm") {
      emit_llvm = true;
    } else if (a == "-h" || a == "--help") {
      std::fputs(kUsage, stdout);
      return 0;
    } else if (a == "--version") {
      return hsa_gcn_cli::print_version(kTool);
    } else if (!a.empty() && a[0] == '-') {
      return usage("unknown option '" + a + "'");
    } else if (input.empty()) {
      input = a;
    } else {
      return usage("more than one input file");
    }
  }
  if (input.empty()) return usage("no input file");
  if (output.empty()) output = replace_extension(input, emit_llvm ? ".ll" : ".co");

  std::string bytes;
  if (!read_file(input, &bytes)) {
    std::cerr << input << ": cannot read file\n";
    return 1;
  }
  try {
    const hsail::Module m = read_module(bytes);
    hsail::validate(m);
    if (emit_llvm) {
      const std::string text = llvm_text(m, options);
      if (write_file(output, text.data(), text.size())) return 0;
    } else {
      const std::vector<uint8_t> code = hsail::finalizer::finalize(m, options);
      if (write_file(output, code.data(), code.size())) return 0;
    }
    std::cerr << output << ": cannot write file\n";
  } catch (const hsail::SyntaxError& e) {
    std::cerr << hsail::format_diagnostic(input, e) << "\n";
  } catch (const hsail::ValidationError& e) {
    std::cerr << hsail::format_diagnostic(input, e) << "\n";
  } catch (const hsail::BrigError& e) {
    std::cerr << input << ": " << e.what() << "\n";
  } catch (const hsail::finalizer::FinalizeError& e) {
    std::cerr << input << ": " << e.what() << "\n";
  }
  return 1;
}
