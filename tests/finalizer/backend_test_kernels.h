// What the backend tests share: vector_add built with IRBuilder exactly as
// the translator will hand kernels to emit_code_object() (an amdgpu_kernel
// named as in HSAIL, "&vector_add"), files in a private temporary
// directory, and a runner for the LLVM command-line tools used as oracles.
#pragma once

#include <llvm/IR/BasicBlock.h>
#include <llvm/IR/DerivedTypes.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/IntrinsicsAMDGPU.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

namespace finalizer_test {

// Global memory is address space 1, the dispatch packet is constant (4).
constexpr unsigned kGlobal = 1;
constexpr unsigned kConstant = 4;

// kernel &vector_add(i32* a, i32* b, i32* c, u32 n):
//   i = workgroup.id.x * dispatch_packet.workgroup_size_x + workitem.id.x
//   if (i < n) c[i] = a[i] + b[i]
inline std::unique_ptr<llvm::Module> make_vector_add(llvm::LLVMContext& context) {
  auto m = std::make_unique<llvm::Module>("vector_add", context);
  llvm::IRBuilder<> b(context);
  llvm::Type* i32 = b.getInt32Ty();
  llvm::PointerType* global_i32 = llvm::PointerType::get(i32, kGlobal);
  llvm::FunctionType* type = llvm::FunctionType::get(
      b.getVoidTy(), {global_i32, global_i32, global_i32, i32}, /*isVarArg=*/false);
  llvm::Function* f =
      llvm::Function::Create(type, llvm::Function::ExternalLinkage, "&vector_add", m.get());
  f->setCallingConv(llvm::CallingConv::AMDGPU_KERNEL);
  llvm::Argument* a = f->getArg(0);
  llvm::Argument* bb = f->getArg(1);
  llvm::Argument* c = f->getArg(2);
  llvm::Argument* n = f->getArg(3);

  llvm::BasicBlock* entry = llvm::BasicBlock::Create(context, "entry", f);
  llvm::BasicBlock* body = llvm::BasicBlock::Create(context, "body", f);
  llvm::BasicBlock* done = llvm::BasicBlock::Create(context, "done", f);
  b.SetInsertPoint(entry);
  llvm::Value* item = b.CreateIntrinsic(llvm::Intrinsic::amdgcn_workitem_id_x, {}, {});
  llvm::Value* group = b.CreateIntrinsic(llvm::Intrinsic::amdgcn_workgroup_id_x, {}, {});
  llvm::Value* packet = b.CreateIntrinsic(llvm::Intrinsic::amdgcn_dispatch_ptr, {}, {});
  // hsa_kernel_dispatch_packet_t.workgroup_size_x: a u16 at byte 4.
  llvm::Value* size_at = b.CreateBitCast(b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), packet, 4),
                                         llvm::PointerType::get(b.getInt16Ty(), kConstant));
  llvm::Value* size =
      b.CreateZExt(b.CreateAlignedLoad(b.getInt16Ty(), size_at, llvm::Align(4)), i32);
  llvm::Value* i = b.CreateAdd(b.CreateMul(group, size), item, "i");
  b.CreateCondBr(b.CreateICmpULT(i, n), body, done);

  b.SetInsertPoint(body);
  llvm::Value* index = b.CreateZExt(i, b.getInt64Ty());
  llvm::Value* x = b.CreateAlignedLoad(i32, b.CreateInBoundsGEP(i32, a, index), llvm::Align(4));
  llvm::Value* y = b.CreateAlignedLoad(i32, b.CreateInBoundsGEP(i32, bb, index), llvm::Align(4));
  b.CreateAlignedStore(b.CreateAdd(x, y), b.CreateInBoundsGEP(i32, c, index), llvm::Align(4));
  b.CreateBr(done);

  b.SetInsertPoint(done);
  b.CreateRetVoid();
  return m;
}

// The same kernel in HSAIL, for finalize() and the hsail-finalize tool.
constexpr char kVectorAddHsail[] = R"(module &vector_add_module:1:0:$full:$large:$default;

kernel &vector_add(kernarg_u64 %a, kernarg_u64 %b, kernarg_u64 %c, kernarg_u32 %n)
{
	workitemabsid_u32 $s0, 0;
	ld_kernarg_u32 $s1, [%n];
	cmp_ge_b1_u32 $c0, $s0, $s1;
	cbr_b1 $c0, @done;
	cvt_u64_u32 $d0, $s0;
	shl_u64 $d0, $d0, 2;
	ld_kernarg_u64 $d1, [%a];
	add_u64 $d1, $d1, $d0;
	ld_global_u32 $s2, [$d1];
	ld_kernarg_u64 $d2, [%b];
	add_u64 $d2, $d2, $d0;
	ld_global_u32 $s3, [$d2];
	add_u32 $s2, $s2, $s3;
	ld_kernarg_u64 $d3, [%c];
	add_u64 $d3, $d3, $d0;
	st_global_u32 $s2, [$d3];
@done:
	ret;
};
)";

// A directory of its own under /tmp, removed with its files at the end.
class TempDir {
 public:
  TempDir() {
    char pattern[] = "/tmp/finalizer_test.XXXXXX";
    if (mkdtemp(pattern)) path_ = pattern;
  }
  ~TempDir() {
    std::error_code ignored;
    if (!path_.empty()) std::filesystem::remove_all(path_, ignored);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  // Writes bytes to name inside the directory; returns the full path.
  std::string write(const std::string& name, const std::vector<uint8_t>& bytes) const {
    const std::string path = path_ + "/" + name;
    std::ofstream out(path, std::ios::binary);
    out.write(reinterpret_cast<const char*>(bytes.data()),
              static_cast<std::streamsize>(bytes.size()));
    return path;
  }

 private:
  std::string path_;
};

// The standard output of a shell command.
inline std::string run(const std::string& command) {
  std::string out;
  FILE* p = popen(command.c_str(), "r");
  if (!p) return out;
  char buf[4096];
  size_t got;
  while ((got = fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, got);
  pclose(p);
  return out;
}

}  // namespace finalizer_test
