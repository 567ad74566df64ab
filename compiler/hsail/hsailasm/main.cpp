// hsailasm: HSAIL text <-> BRIG, with the command line of HSAILasm
// (HSAIL-Tools): -assemble (default), -disassemble, -o <file>.
// Errors print as "file:line:column: message" (BRIG errors as
// "file: message") and exit with status 1; no output file is left behind.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>
#include <vector>

#include "disassembler.h"
#include "module.h"
#include "parser.h"

namespace {

int usage(const char* msg) {
  std::cerr << "hsailasm: " << msg << "\n"
            << "usage: hsailasm [-assemble|-disassemble] [-o <output>] <input>\n";
  return 2;
}

bool read_file(const std::string& path, std::string* out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  out->assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return !in.bad();
}

// Writes the complete output at once; a failed write removes the file so
// that no partial output survives.
bool write_file(const std::string& path, const void* p, size_t n) {
  {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    if (out) out.write(static_cast<const char*>(p), static_cast<std::streamsize>(n));
    if (out && out.flush()) return true;
  }
  std::remove(path.c_str());
  return false;
}

std::string replace_extension(const std::string& path, const char* ext) {
  size_t slash = path.find_last_of('/');
  size_t dot = path.find_last_of('.');
  if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) return path + ext;
  return path.substr(0, dot) + ext;
}

}  // namespace

int main(int argc, char** argv) {
  bool disasm = false;
  std::string input, output;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "-assemble") {
      disasm = false;
    } else if (a == "-disassemble") {
      disasm = true;
    } else if (a == "-o") {
      if (++i >= argc) return usage("-o needs a file name");
      output = argv[i];
    } else if (a == "-help" || a == "--help") {
      usage("HSAIL assembler and disassembler");
      return 0;
    } else if (!a.empty() && a[0] == '-') {
      return usage(("unknown option " + a).c_str());
    } else if (input.empty()) {
      input = a;
    } else {
      return usage("more than one input file");
    }
  }
  if (input.empty()) return usage("no input file");
  if (output.empty()) output = replace_extension(input, disasm ? ".hsail" : ".brig");

  std::string bytes;
  if (!read_file(input, &bytes)) {
    std::cerr << input << ": cannot read file\n";
    return 1;
  }
  try {
    if (disasm) {
      hsail::Module m =
          hsail::Module::from_brig(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
      std::string text = hsail::disassemble(m);
      if (!write_file(output, text.data(), text.size())) {
        std::cerr << output << ": cannot write file\n";
        return 1;
      }
    } else {
      hsail::Module m = hsail::parse_hsail(bytes);
      std::vector<uint8_t> brig = m.to_brig();
      if (!write_file(output, brig.data(), brig.size())) {
        std::cerr << output << ": cannot write file\n";
        return 1;
      }
    }
  } catch (const hsail::SyntaxError& e) {
    std::cerr << hsail::format_diagnostic(input, e) << "\n";
    return 1;
  } catch (const hsail::BrigError& e) {
    std::cerr << input << ": " << e.what() << "\n";
    return 1;
  }
  return 0;
}
