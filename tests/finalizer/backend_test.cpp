// emit_code_object() on an IRBuilder-made vector_add: the code object is an
// AMDGPU ELF shared object whose header, symbols, notes and instructions
// llvm-readelf-14 and llvm-objdump-14 read back as clang-14 would write them
// for the same target and code object version (the expected e_flags and ABI
// versions are what clang-14 writes); invalid input is a FinalizeError.
#include <gtest/gtest.h>
#include <llvm/IR/DiagnosticInfo.h>
#include <llvm/IR/Instructions.h>

#include <chrono>
#include <cstdio>
#include <sstream>
#include <thread>

#include <finalizer/finalizer.h>
#include <hsail/text/parser.h>

#include "backend_test_kernels.h"

namespace finalizer_test {
namespace {

using hsail::finalizer::emit_code_object;
using hsail::finalizer::FinalizeError;
using hsail::finalizer::Gpu;
using hsail::finalizer::Options;

struct Variant {
  Gpu gpu;
  int version;
  const char* name;
  const char* flags;        // llvm-readelf's "Flags:" (EF_AMDGPU_MACH | feature bits)
  const char* abi_version;  // e_ident[EI_ABIVERSION]: 0, 1, 2 for v2, v3, v4
  const char* load;         // the global load each ISA generation uses
};

const Variant kVariants[] = {
    // gfx900 is 0x2c; v4 adds XNACK "off" (0x200); v2/v3 have no "off".
    {Gpu::kGfx900, 4, "gfx900_v4", "0x22C", "2", "global_load_dword"},
    {Gpu::kGfx900, 3, "gfx900_v3", "0x2C", "1", "global_load_dword"},
    {Gpu::kGfx900, 2, "gfx900_v2", "0x2C", "0", "global_load_dword"},
    // gfx803 (0x2a) has no XNACK and no global instructions.
    {Gpu::kGfx803, 4, "gfx803_v4", "0x2A", "2", "flat_load_dword"},
    {Gpu::kGfx803, 3, "gfx803_v3", "0x2A", "1", "flat_load_dword"},
    {Gpu::kGfx803, 2, "gfx803_v2", "0x2A", "0", "flat_load_dword"},
};

// Test names and failure messages show the variant by name.
void PrintTo(const Variant& v, std::ostream* os) { *os << v.name; }

// "  Flags:   0x22C" -> "0x22C": the value after "key:" on its line.
std::string field(const std::string& text, const std::string& key) {
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    const size_t at = line.find(key + ":");
    if (at == std::string::npos) continue;
    std::istringstream rest(line.substr(at + key.size() + 1));
    std::string value;
    rest >> value;
    return value;
  }
  return "";
}

// The .symtab row of a symbol: {type, bind, section index}, empty if absent.
std::vector<std::string> symbol(const std::string& syms, const std::string& name) {
  std::istringstream in(syms);
  std::string line;
  bool symtab = false;
  while (std::getline(in, line)) {
    if (line.find("Symbol table '") != std::string::npos) {
      symtab = line.find("'.symtab'") != std::string::npos;
      continue;
    }
    std::istringstream f(line);
    std::string num, value, size, type, bind, vis, ndx, sym;
    if (symtab && f >> num >> value >> size >> type >> bind >> vis >> ndx >> sym && sym == name)
      return {type, bind, ndx};
  }
  return {};
}

std::vector<uint8_t> emit_vector_add(const Options& options) {
  llvm::LLVMContext context;
  const std::unique_ptr<llvm::Module> m = make_vector_add(context);
  return emit_code_object(*m, options);
}

class BackendElf : public ::testing::TestWithParam<Variant> {};

TEST_P(BackendElf, IsAnAmdgpuCodeObjectWithTheKernel) {
  const Variant& v = GetParam();
  Options options;
  options.gpu = v.gpu;
  options.code_object_version = v.version;
  const std::vector<uint8_t> code = emit_vector_add(options);
  ASSERT_GT(code.size(), 64u);
  TempDir dir;
  const std::string path = dir.write("vector_add.co", code);

  // One llvm-readelf run for header, symbols and notes (tool start-up is
  // most of this test's time).
  const std::string elf = run(std::string(LLVM_READELF) + " -h --syms --notes " + path);
  const std::string& header = elf;
  EXPECT_EQ(field(header, "Machine"), "EM_AMDGPU") << header;
  EXPECT_EQ(field(header, "Class"), "ELF64") << header;
  EXPECT_EQ(field(header, "OS/ABI"), "40") << "ELFOSABI_AMDGPU_HSA\n" << header;
  EXPECT_EQ(field(header, "ABI Version"), v.abi_version) << header;
  EXPECT_EQ(field(header, "Type"), "DYN") << header;
  EXPECT_EQ(field(header, "Flags"), v.flags) << header;

  const std::string& syms = elf;
  const std::vector<std::string> kernel = symbol(syms, "&vector_add");
  ASSERT_EQ(kernel.size(), 3u) << syms;
  EXPECT_EQ(kernel[1], "GLOBAL");
  EXPECT_NE(kernel[2], "UND");
  if (v.version == 2) {
    EXPECT_EQ(kernel[0], "AMDGPU_HSA_KERNEL") << syms;
    EXPECT_TRUE(symbol(syms, "&vector_add.kd").empty()) << syms;
  } else {
    EXPECT_EQ(kernel[0], "FUNC") << syms;
    const std::vector<std::string> descriptor = symbol(syms, "&vector_add.kd");
    ASSERT_EQ(descriptor.size(), 3u) << syms;
    EXPECT_EQ(descriptor[0], "OBJECT");
    EXPECT_EQ(descriptor[1], "GLOBAL");
  }

  // The metadata note names the kernel and its 28 bytes of arguments.
  const std::string& notes = elf;
  EXPECT_NE(notes.find("&vector_add"), std::string::npos) << notes;
  const std::string size_key = v.version == 2 ? "KernargSegmentSize" : ".kernarg_segment_size";
  EXPECT_GE(std::atoi(field(notes, size_key).c_str()), 28) << notes;

  const std::string cpu = v.gpu == Gpu::kGfx900 ? "gfx900" : "gfx803";
  const std::string code_text = run(std::string(LLVM_OBJDUMP) + " -d --mcpu=" + cpu + " " + path);
  EXPECT_NE(code_text.find(v.load), std::string::npos) << code_text;
  EXPECT_NE(code_text.find("s_endpgm"), std::string::npos) << code_text;
}

INSTANTIATE_TEST_SUITE_P(Targets, BackendElf, ::testing::ValuesIn(kVariants),
                         [](const ::testing::TestParamInfo<Variant>& info) {
                           return std::string(info.param.name);
                         });

// lld and the code object version are process-wide state: emitting again
// and again, alternating versions, must give the same bytes each time.
TEST(Backend, RepeatedEmissionIsDeterministic) {
  Options v4;
  Options v3;
  v3.code_object_version = 3;
  const std::vector<uint8_t> first = emit_vector_add(v4);
  const std::vector<uint8_t> first_v3 = emit_vector_add(v3);
  EXPECT_NE(first, first_v3);
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(emit_vector_add(v4), first) << "round " << i;
    EXPECT_EQ(emit_vector_add(v3), first_v3) << "round " << i;
  }
}

// Finalizations from several threads take turns in the backend and each
// gets the code object a lone finalization gets.
TEST(Backend, ConcurrentEmissionsMatchSequentialOnes) {
  Options v3;
  v3.code_object_version = 3;
  const std::vector<uint8_t> want_v4 = emit_vector_add(Options{});
  const std::vector<uint8_t> want_v3 = emit_vector_add(v3);
  std::vector<std::vector<uint8_t>> got(4);
  std::vector<std::thread> threads;
  for (size_t i = 0; i < got.size(); ++i)
    threads.emplace_back([&, i] { got[i] = emit_vector_add(i % 2 ? v3 : Options{}); });
  for (std::thread& t : threads) t.join();
  for (size_t i = 0; i < got.size(); ++i)
    EXPECT_EQ(got[i], i % 2 ? want_v3 : want_v4) << "thread " << i;
}

// Mean milliseconds per call of f over a few rounds, after one warm-up call
// (the first also initializes the AMDGPU target).
template <typename F>
double mean_ms(F f) {
  f();
  constexpr int kRounds = 5;
  const auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < kRounds; ++i) f();
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
             .count() /
         kRounds;
}

// What finalizing a small kernel costs: the back half alone, and all of
// finalize() from a parsed module (the benchmark will track these; here
// they are printed and bounded loosely).
TEST(Backend, FinalizationTime) {
  const Options options;
  const double emit = mean_ms([&] { emit_vector_add(options); });
  const hsail::Module brig = hsail::parse_hsail(kVectorAddHsail);
  const double whole = mean_ms([&] { hsail::finalizer::finalize(brig, options); });
  std::printf("vector_add, gfx900, v4: emit_code_object %.2f ms, finalize %.2f ms\n", emit, whole);
  EXPECT_LT(emit, 5000.0);
  EXPECT_LT(whole, 5000.0);
}

TEST(Backend, InvalidIrIsAFinalizeError) {
  llvm::LLVMContext context;
  std::unique_ptr<llvm::Module> m = make_vector_add(context);
  // A block without a terminator: the verifier rejects the function.
  llvm::Function* f = m->getFunction("&vector_add");
  f->back().getTerminator()->eraseFromParent();
  try {
    emit_code_object(*m, Options{});
    FAIL() << "no FinalizeError";
  } catch (const FinalizeError& e) {
    EXPECT_NE(std::string(e.what()).find("invalid LLVM IR"), std::string::npos) << e.what();
  }
}

TEST(Backend, UndefinedFunctionIsAnLldError) {
  llvm::LLVMContext context;
  std::unique_ptr<llvm::Module> m = make_vector_add(context);
  // The kernel calls a function nobody defines: codegen emits the call,
  // lld (--no-undefined) refuses the link, and its message comes back.
  llvm::Function* missing =
      llvm::Function::Create(llvm::FunctionType::get(llvm::Type::getVoidTy(context), false),
                             llvm::Function::ExternalLinkage, "missing_helper", m.get());
  llvm::Function* f = m->getFunction("&vector_add");
  llvm::CallInst::Create(missing, {}, "", f->getEntryBlock().getFirstNonPHI());
  try {
    emit_code_object(*m, Options{});
    FAIL() << "no FinalizeError";
  } catch (const FinalizeError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("lld"), std::string::npos) << what;
    EXPECT_NE(what.find("undefined symbol: missing_helper"), std::string::npos) << what;
  }
  // lld recovers: the next link works.
  EXPECT_FALSE(emit_vector_add(Options{}).empty());
}

TEST(Backend, CodegenDiagnosticIsAFinalizeError) {
  llvm::LLVMContext context;
  auto handler = std::make_unique<llvm::DiagnosticHandler>();
  const llvm::DiagnosticHandler* own = handler.get();
  context.setDiagnosticHandler(std::move(handler));
  std::unique_ptr<llvm::Module> m = make_vector_add(context);
  // A private array sized at run time: valid IR that LLVM 14's AMDGPU
  // backend reports as unsupported through the context's diagnostics
  // (whose default handler would end the process).
  llvm::Function* f = m->getFunction("&vector_add");
  llvm::IRBuilder<> b(&*f->getEntryBlock().getFirstInsertionPt());
  llvm::AllocaInst* dynamic =
      b.CreateAlloca(b.getInt32Ty(), /*AddrSpace=*/5, f->getArg(3), "dynamic");
  b.CreateStore(b.getInt32(1), dynamic, /*isVolatile=*/true);
  try {
    emit_code_object(*m, Options{});
    FAIL() << "no FinalizeError";
  } catch (const FinalizeError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("code generation failed"), std::string::npos) << what;
    EXPECT_NE(what.find("unsupported dynamic alloca"), std::string::npos) << what;
  }
  // The context has its own diagnostic handler back.
  EXPECT_EQ(context.getDiagHandlerPtr(), own);
}

TEST(Backend, UnsupportedCodeObjectVersionsAreFinalizeErrors) {
  for (int version : {0, 1, 5}) {
    Options options;
    options.code_object_version = version;
    try {
      emit_vector_add(options);
      FAIL() << "v" << version << ": no FinalizeError";
    } catch (const FinalizeError& e) {
      EXPECT_NE(std::string(e.what()).find("not supported"), std::string::npos) << e.what();
    }
  }
}

}  // namespace
}  // namespace finalizer_test
