// hsailasm: HSAIL text <-> BRIG, with the command line of HSAILasm
// (HSAIL-Tools): -assemble (default), -disassemble, -o <file>; -validate
// (ours) only checks a text or BRIG file. Every action validates its input
// module as HSAILasm does (PRM rules, validator.h). -g adds the
// debug section (DWARF in ELF), -include-source the HSAIL text; -brig and
// -enable-comments are accepted and change nothing, as in HSAILasm (BRIG is
// the only output format; comments are always kept).
// Errors print as "file:line:column: message" (BRIG errors as
// "file: message") and exit with status 1; no output file is left behind.
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>
#include <vector>

#include <command_line.h>
#include <hsail/brig/module.h>
#include <hsail/debug/debug_info.h>
#include <hsail/disasm/disassembler.h>
#include <hsail/text/parser.h>
#include <hsail/validate/validator.h>

namespace {

const char kTool[] = "hsailasm";

const char kUsage[] =
    "Usage: hsailasm [-assemble|-disassemble|-validate] [-g] [-include-source]\n"
    "                [-o OUTPUT] INPUT\n"
    "       hsailasm --help | --version\n"
    "\n"
    "Assembles HSAIL text into BRIG, disassembles BRIG into HSAIL text, or only\n"
    "validates either; every action validates its input module (PRM rules).\n"
    "The options are HSAILasm's (HSAIL-Tools), single dash.\n"
    "\n"
    "  -assemble          HSAIL text to BRIG (the default)\n"
    "  -disassemble       BRIG to HSAIL text\n"
    "  -validate          check a text or BRIG file; write nothing\n"
    "  -o OUTPUT          the output file (default: INPUT with .brig or .hsail)\n"
    "  -g                 add the debug section (DWARF in ELF) to the BRIG\n"
    "  -include-source    add the HSAIL text to the BRIG (and to -g's DWARF)\n"
    "  -brig, -enable-comments\n"
    "                     accepted, no effect (as in HSAILasm)\n"
    "  -help, --help      print this text and exit\n"
    "  -version, --version\n"
    "                     print the version and exit\n"
    "\n"
    "Exit status: 0 success, 1 invalid input or an unreadable or unwritable\n"
    "file (no output is left behind), 2 bad arguments.\n";

int usage(const std::string& msg) { return hsa_gcn_cli::usage_error(kTool, msg); }

// A file of known size is read in one call: a character at a time (the
// fallback, for pipes) took a fifth of the time to assemble a large file.
bool read_file(const std::string& path, std::string* out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  const std::streamoff size = in.seekg(0, std::ios::end) ? std::streamoff(in.tellg()) : -1;
  if (size >= 0 && in.seekg(0)) {
    out->resize(static_cast<size_t>(size));
    return static_cast<bool>(in.read(out->data(), size));
  }
  in.clear();
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

std::string current_directory() {
  char* cwd = getcwd(nullptr, 0);
  std::string dir = cwd ? cwd : "";
  std::free(cwd);
  return dir;
}

// -g and -include-source: the sections HSAILasm appends after the three.
void add_debug_sections(hsail::Module* m, const std::string& input, const std::string& text,
                        bool debug, bool include_source) {
  if (debug) {
    hsail::DebugInfoOptions o;
    o.file_name = input;
    o.comp_dir = current_directory();
    o.producer = "hsailasm (hsa-gcn), HSAIL version 1:0";
    o.include_source = include_source;
    o.source = text;
    m->add_extra_section(hsail::kDebugSectionName, hsail::debug_section_payload(*m, o));
  }
  if (include_source) {
    m->add_extra_section(hsail::kSourceSectionName, hsail::source_section_payload(text));
  }
}

bool is_brig(const std::string& bytes) { return bytes.compare(0, 8, "HSA BRIG") == 0; }

}  // namespace

int main(int argc, char** argv) {
  bool disasm = false, validate_only = false;
  bool debug = false, include_source = false;
  std::string input, output;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "-assemble") {
      disasm = validate_only = false;
    } else if (a == "-disassemble") {
      disasm = true;
      validate_only = false;
    } else if (a == "-validate") {
      validate_only = true;
      disasm = false;
    } else if (a == "-g") {
      debug = true;
    } else if (a == "-include-source") {
      include_source = true;
    } else if (a == "-brig" || a == "-enable-comments") {
      // No effect, as in HSAILasm.
    } else if (a == "-o") {
      if (++i >= argc) return usage("-o needs a file name");
      output = argv[i];
    } else if (a == "-help" || a == "--help") {
      std::fputs(kUsage, stdout);
      return 0;
    } else if (a == "-version" || a == "--version") {
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
  if (output.empty()) output = replace_extension(input, disasm ? ".hsail" : ".brig");

  std::string bytes;
  if (!read_file(input, &bytes)) {
    std::cerr << input << ": cannot read file\n";
    return 1;
  }
  try {
    if (validate_only) {
      // Text or BRIG, told apart by BRIG's magic; nothing is written.
      hsail::Module m = is_brig(bytes)
                            ? hsail::Module::from_brig(
                                  reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size())
                            : hsail::parse_hsail(bytes);
      hsail::validate(m);
    } else if (disasm) {
      hsail::Module m =
          hsail::Module::from_brig(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
      hsail::validate(m);
      std::string text = hsail::disassemble(m);
      if (!write_file(output, text.data(), text.size())) {
        std::cerr << output << ": cannot write file\n";
        return 1;
      }
    } else {
      hsail::Module m = hsail::parse_hsail(bytes);
      hsail::validate(m);
      add_debug_sections(&m, input, bytes, debug, include_source);
      std::vector<uint8_t> brig = m.to_brig();
      if (!write_file(output, brig.data(), brig.size())) {
        std::cerr << output << ": cannot write file\n";
        return 1;
      }
    }
  } catch (const hsail::SyntaxError& e) {
    std::cerr << hsail::format_diagnostic(input, e) << "\n";
    return 1;
  } catch (const hsail::ValidationError& e) {
    std::cerr << hsail::format_diagnostic(input, e) << "\n";
    return 1;
  } catch (const hsail::BrigError& e) {
    std::cerr << input << ": " << e.what() << "\n";
    return 1;
  }
  return 0;
}
