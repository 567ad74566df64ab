// Code object readers: from memory and from a file descriptor, and every
// error they document.
#include <fcntl.h>
#include <unistd.h>

#include <thread>

#include "exe_fixture.h"

namespace {

using exe_test::KernelPath;
using exe_test::ReadFile;

TEST(ApiExecutableReaderInit, NotInitialized) {
  hsa_code_object_reader_t r{0};
  const char byte = 0;
  EXPECT_EQ(hsa_code_object_reader_create_from_memory(&byte, 1, &r),
            HSA_STATUS_ERROR_NOT_INITIALIZED);
  EXPECT_EQ(hsa_code_object_reader_create_from_file(0, &r), HSA_STATUS_ERROR_NOT_INITIALIZED);
  EXPECT_EQ(hsa_code_object_reader_destroy(r), HSA_STATUS_ERROR_NOT_INITIALIZED);
  hsa_executable_t e{0};
  EXPECT_EQ(hsa_executable_create_alt(HSA_PROFILE_BASE, HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT,
                                      nullptr, &e),
            HSA_STATUS_ERROR_NOT_INITIALIZED);
  EXPECT_EQ(hsa_executable_destroy(e), HSA_STATUS_ERROR_NOT_INITIALIZED);
}

TEST_F(ApiExecutableTest, ReaderFromMemoryRejectsNullAndEmpty) {
  hsa_code_object_reader_t r{0};
  const char byte = 0;
  EXPECT_EQ(hsa_code_object_reader_create_from_memory(nullptr, 16, &r),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_code_object_reader_create_from_memory(&byte, 0, &r),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_code_object_reader_create_from_memory(&byte, 1, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
}

TEST_F(ApiExecutableTest, ReaderFromFileRejectsBadDescriptors) {
  hsa_code_object_reader_t r{0};
  EXPECT_EQ(hsa_code_object_reader_create_from_file(-1, &r), HSA_STATUS_ERROR_INVALID_FILE);
  // A descriptor number nothing is open on.
  EXPECT_EQ(hsa_code_object_reader_create_from_file(1000000, &r), HSA_STATUS_ERROR_INVALID_FILE);
  const int fd = open(KernelPath("exe_kernels", "v3").c_str(), O_RDONLY);
  ASSERT_GE(fd, 0);
  EXPECT_EQ(hsa_code_object_reader_create_from_file(fd, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  close(fd);
  // A descriptor open for writing only cannot be read.
  const int wr_fd = open("/dev/null", O_WRONLY);
  ASSERT_GE(wr_fd, 0);
  EXPECT_EQ(hsa_code_object_reader_create_from_file(wr_fd, &r), HSA_STATUS_ERROR_INVALID_FILE);
  close(wr_fd);
  // An empty file holds no code object.
  const int null_fd = open("/dev/null", O_RDONLY);
  ASSERT_GE(null_fd, 0);
  EXPECT_EQ(hsa_code_object_reader_create_from_file(null_fd, &r), HSA_STATUS_ERROR_INVALID_FILE);
  close(null_fd);
}

TEST_F(ApiExecutableTest, ReaderFromFileLoadsTheWholeFile) {
  const int fd = open(KernelPath("exe_kernels", "v4").c_str(), O_RDONLY);
  ASSERT_GE(fd, 0);
  // Wherever the descriptor points, the reader takes the file from its start.
  ASSERT_GT(lseek(fd, 0, SEEK_END), 0);
  hsa_code_object_reader_t r{0};
  ASSERT_EQ(hsa_code_object_reader_create_from_file(fd, &r), HSA_STATUS_SUCCESS);
  close(fd);  // the reader keeps its own copy
  readers_.push_back(r);
  hsa_executable_t exe = NewExecutable();
  ASSERT_EQ(hsa_executable_load_agent_code_object(exe, gpu_, r, nullptr, nullptr),
            HSA_STATUS_SUCCESS);
  // The last bytes of the file matter: a truncated read would lose the
  // section headers and the symbols with them.
  EXPECT_EQ(Name(Symbol(exe, "vector_add.kd")), "vector_add.kd");
}

TEST_F(ApiExecutableTest, ReaderFromMemoryOutlivesTheCallersBuffer) {
  std::vector<uint8_t> bytes = ReadFile(KernelPath("exe_kernels", "v3"));
  ASSERT_FALSE(bytes.empty());
  hsa_code_object_reader_t r{0};
  ASSERT_EQ(hsa_code_object_reader_create_from_memory(bytes.data(), bytes.size(), &r),
            HSA_STATUS_SUCCESS);
  readers_.push_back(r);
  std::fill(bytes.begin(), bytes.end(), 0);
  hsa_executable_t exe = NewExecutable();
  EXPECT_EQ(hsa_executable_load_agent_code_object(exe, gpu_, r, nullptr, nullptr),
            HSA_STATUS_SUCCESS);
}

TEST_F(ApiExecutableTest, ReaderDestroyRejectsStaleAndMadeUpHandles) {
  const std::vector<uint8_t> bytes = ReadFile(KernelPath("exe_kernels", "v3"));
  hsa_code_object_reader_t r{0};
  ASSERT_EQ(hsa_code_object_reader_create_from_memory(bytes.data(), bytes.size(), &r),
            HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_code_object_reader_destroy(r), HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_code_object_reader_destroy(r), HSA_STATUS_ERROR_INVALID_CODE_OBJECT_READER);
  EXPECT_EQ(hsa_code_object_reader_destroy(hsa_code_object_reader_t{0}),
            HSA_STATUS_ERROR_INVALID_CODE_OBJECT_READER);
  hsa_executable_t exe = NewExecutable();
  EXPECT_EQ(hsa_executable_load_agent_code_object(exe, gpu_, r, nullptr, nullptr),
            HSA_STATUS_ERROR_INVALID_CODE_OBJECT_READER);
}

TEST_F(ApiExecutableTest, ReaderFromPipeReadsToTheEnd) {
  const std::vector<uint8_t> bytes = ReadFile(KernelPath("exe_kernels", "v2"));
  ASSERT_FALSE(bytes.empty());
  int fds[2];
  ASSERT_EQ(pipe(fds), 0);
  // Written from a thread: the file is larger than a pipe's buffer.
  std::thread writer([&] {
    size_t done = 0;
    while (done < bytes.size()) {
      const ssize_t n = write(fds[1], bytes.data() + done, bytes.size() - done);
      if (n <= 0) break;
      done += static_cast<size_t>(n);
    }
    close(fds[1]);
  });
  hsa_code_object_reader_t r{0};
  const hsa_status_t st = hsa_code_object_reader_create_from_file(fds[0], &r);
  writer.join();
  close(fds[0]);
  ASSERT_EQ(st, HSA_STATUS_SUCCESS);
  readers_.push_back(r);
  hsa_executable_t exe = NewExecutable();
  ASSERT_EQ(hsa_executable_load_agent_code_object(exe, gpu_, r, nullptr, nullptr),
            HSA_STATUS_SUCCESS);
  EXPECT_EQ(Name(Symbol(exe, "vector_add")), "vector_add");
}

// Readers and executables left at shut_down are freed by it: after a new
// init their handles are unknown.
TEST(ApiExecutableShutDown, FreesWhatTheApplicationLeft) {
  ASSERT_EQ(hsa_init(), HSA_STATUS_SUCCESS);
  const std::vector<uint8_t> bytes = ReadFile(KernelPath("exe_kernels", "v3"));
  hsa_code_object_reader_t r{0};
  ASSERT_EQ(hsa_code_object_reader_create_from_memory(bytes.data(), bytes.size(), &r),
            HSA_STATUS_SUCCESS);
  hsa_executable_t e{0};
  ASSERT_EQ(hsa_executable_create_alt(HSA_PROFILE_BASE, HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT,
                                      nullptr, &e),
            HSA_STATUS_SUCCESS);
  ASSERT_EQ(hsa_shut_down(), HSA_STATUS_SUCCESS);
  ASSERT_EQ(hsa_init(), HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_code_object_reader_destroy(r), HSA_STATUS_ERROR_INVALID_CODE_OBJECT_READER);
  EXPECT_EQ(hsa_executable_destroy(e), HSA_STATUS_ERROR_INVALID_EXECUTABLE);
  ASSERT_EQ(hsa_shut_down(), HSA_STATUS_SUCCESS);
}

}  // namespace
