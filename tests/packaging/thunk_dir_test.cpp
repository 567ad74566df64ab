// with-virtual-gpu installed in a distribution's layout, where our thunk is
// in a private directory (HSA_GCN_THUNK_LIBDIR) and the standard libdir
// may hold the system's ROCm thunk: it must take ours and never the
// system's. The program's lookup (tools/with-virtual-gpu/thunk_dir.cpp) is
// compiled here for Debian's private directory (CMakeLists.txt).
#include <gtest/gtest.h>
#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "setup_error.h"
#include "thunk_dir.h"

namespace fs = std::filesystem;

namespace {

class ThunkDirTest : public ::testing::Test {
 protected:
  void SetUp() override {
    char pattern[] = "/tmp/thunk-dir-test.XXXXXX";
    ASSERT_NE(mkdtemp(pattern), nullptr);
    root_ = pattern;
    fs::create_directories(root_ / "usr" / BINDIR);
  }
  void TearDown() override { fs::remove_all(root_); }

  // An (empty) libhsakmt.so.1 in PREFIX/dir.
  fs::path put_thunk(const std::string& dir) {
    const fs::path d = root_ / "usr" / dir;
    fs::create_directories(d);
    std::ofstream(d / "libhsakmt.so.1") << "";
    return fs::canonical(d);
  }
  std::string program() const { return (root_ / "usr" / BINDIR / "with-virtual-gpu").string(); }

  fs::path root_;
};

TEST_F(ThunkDirTest, FindsThunkInPrivateDirectory) {
  put_thunk(STANDARD_LIBDIR);  // the system's thunk, found by the loader
  const fs::path ours = put_thunk(PRIVATE_THUNK_LIBDIR);
  EXPECT_EQ(with_virtual_gpu::find_thunk_dir(program()), ours.string());
}

TEST_F(ThunkDirTest, NeverTakesTheStandardLibdirsThunk) {
  put_thunk(STANDARD_LIBDIR);
  EXPECT_THROW(with_virtual_gpu::find_thunk_dir(program()), with_virtual_gpu::SetupError);
}

}  // namespace
