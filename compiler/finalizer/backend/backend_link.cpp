// Relocatable object -> loadable code object with lld's ELF driver, in
// process, as clang's AMDGPU toolchain runs ld.lld ("-shared
// --no-undefined"). lld 14 reads its inputs and writes its output through
// files, so each link gets a private temporary directory that is removed
// afterwards. lld::elf::link can be called repeatedly when every call is
// followed by CommonLinkerContext::destroy() (lld 14 made the driver
// re-entrant that way); it keeps its state in globals, so links must not
// overlap (the backend lock serializes them). With exitEarly = false an
// ordinary error returns false with its message in the error stream; lld
// still ends the process on the rare "fatal" errors, which input produced
// by LLVM's own code generator does not reach.
#include <lld/Common/Driver.h>
#include <llvm/ADT/SmallString.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/Path.h>
#include <llvm/Support/raw_ostream.h>

#include <string>

#include "backend_internal.h"

namespace hsail::finalizer::backend {

namespace {

// A fresh directory under the system temporary directory, removed with
// everything in it when the object goes.
class TempDir {
 public:
  TempDir() {
    if (std::error_code ec = llvm::sys::fs::createUniqueDirectory("hsail-finalize", path_))
      throw FinalizeError("cannot create a temporary directory for lld: " + ec.message());
  }
  ~TempDir() { llvm::sys::fs::remove_directories(path_); }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  std::string file(const char* name) const {
    llvm::SmallString<128> p(path_);
    llvm::sys::path::append(p, name);
    return std::string(p.str());
  }

 private:
  llvm::SmallString<128> path_;
};

void write_file(const std::string& path, const std::vector<char>& bytes) {
  std::error_code ec;
  llvm::raw_fd_ostream out(path, ec, llvm::sys::fs::OF_None);
  if (ec) throw FinalizeError("cannot write " + path + ": " + ec.message());
  out.write(bytes.data(), bytes.size());
  out.close();
  if (out.has_error()) throw FinalizeError("cannot write " + path + ": " + out.error().message());
}

std::vector<uint8_t> read_file(const std::string& path) {
  auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
  if (!buffer) throw FinalizeError("cannot read lld's output: " + buffer.getError().message());
  const llvm::StringRef bytes = (*buffer)->getBuffer();
  return std::vector<uint8_t>(bytes.bytes_begin(), bytes.bytes_end());
}

}  // namespace

std::vector<uint8_t> link_code_object(const std::vector<char>& object, bool undefined_variables) {
  TempDir dir;
  const std::string input = dir.file("kernels.o");
  const std::string output = dir.file("kernels.co");
  write_file(input, object);

  // No error limit: lld turns reaching it into a fatal error, which exits.
  // --no-undefined catches a function nobody defines; a module with
  // external variables does without it (the translator has already
  // refused undefined functions).
  std::vector<const char*> args = {"ld.lld", "-shared",      "--error-limit=0",
                                   "-o",     output.c_str(), input.c_str()};
  if (!undefined_variables) args.insert(args.begin() + 2, "--no-undefined");
  std::string messages;
  llvm::raw_string_ostream out(messages);
  const bool linked = lld::elf::link(args, out, out, /*exitEarly=*/false, /*disableOutput=*/false);
  lld::CommonLinkerContext::destroy();
  out.flush();
  if (!linked) throw FinalizeError("lld failed: " + messages);
  return read_file(output);
}

}  // namespace hsail::finalizer::backend
