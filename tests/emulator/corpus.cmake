# The execution corpus: OpenCL C kernels built by clang-14 at build time,
# each at -O0 and -O3, run on the shader engine and checked against CPU
# references (kernel_corpus_test.cpp). The kernels use only kernels/device.h
# (-cl-no-stdinc -nogpulib): Debian's ROCm device libraries target LLVM 15.
find_program(CLANG_14 NAMES clang-14 REQUIRED)

file(GLOB CORPUS_KERNELS CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/kernels/*.cl)
set(CORPUS_KERNEL_DIR ${CMAKE_CURRENT_BINARY_DIR}/kernels)
file(MAKE_DIRECTORY ${CORPUS_KERNEL_DIR})
set(CORPUS_CODE_OBJECTS "")
foreach(cl ${CORPUS_KERNELS})
  get_filename_component(name ${cl} NAME_WE)
  foreach(opt O0 O3)
    set(co ${CORPUS_KERNEL_DIR}/${name}.${opt}.co)
    add_custom_command(
      OUTPUT ${co}
      COMMAND ${CLANG_14} -x cl -cl-std=CL2.0 -cl-no-stdinc -target amdgcn-amd-amdhsa
              -mcpu=gfx900 -nogpulib -Werror -${opt} -o ${co} ${cl}
      DEPENDS ${cl} ${CMAKE_CURRENT_SOURCE_DIR}/kernels/device.h
      COMMENT "clang-14 -${opt} ${name}.cl"
      VERBATIM)
    list(APPEND CORPUS_CODE_OBJECTS ${co})
  endforeach()
endforeach()
add_custom_target(corpus_kernels DEPENDS ${CORPUS_CODE_OBJECTS})

add_executable(kernel_corpus_test kernel_corpus_test.cpp)
add_dependencies(kernel_corpus_test corpus_kernels)
target_link_libraries(kernel_corpus_test PRIVATE gcn_test_support GTest::gtest_main)
target_compile_definitions(kernel_corpus_test PRIVATE
  CORPUS_KERNEL_DIR="${CORPUS_KERNEL_DIR}")
gtest_discover_tests(kernel_corpus_test DISCOVERY_TIMEOUT 60)
