# Debian's ROCm user space as clients of our thunk (issue 11: unmodified ROCm
# on the virtual GPU). The only step a user takes is to put our
# libhsakmt.so.1 first on the loader's path; tests and benchmarks do the same
# with ROCM_CLIENT_ENV. Debian's ROCr, HIP and rocminfo come from
# tools/deps/packages.txt.

set(ROCM_CLIENT_LIBDIR /usr/lib/${CMAKE_LIBRARY_ARCHITECTURE})
# Debian's ROCr by its full path: a program linked with it must not pick up
# our libhsa-runtime64.so.1 (same soname) through a RUNPATH.
find_file(DEBIAN_ROCR libhsa-runtime64.so.1 PATHS ${ROCM_CLIENT_LIBDIR} NO_DEFAULT_PATH
          REQUIRED)
find_path(DEBIAN_ROCR_INCLUDE hsa/hsa.h PATHS /usr/include NO_DEFAULT_PATH REQUIRED)
find_program(HIPCC hipcc REQUIRED)
find_program(ROCMINFO rocminfo PATHS /usr/bin NO_DEFAULT_PATH REQUIRED)

# The environment a ROCm client runs in: our thunk ahead of Debian's. Nothing
# else (no HSA_* or HIP_* variable); without /dev/kfd the thunk picks the
# emulated GPU by itself.
set(ROCM_CLIENT_ENV "LD_LIBRARY_PATH=$<TARGET_FILE_DIR:hsakmt>")
# In an ASan build our thunk needs the ASan runtime, which must come first
# in a process whose program (Debian's, or hipcc's) was built without it.
# Leak checking stays off there: the leaks would be the clients' own.
if(SANITIZE MATCHES "address")
  execute_process(COMMAND ${CMAKE_CXX_COMPILER} -print-file-name=libasan.so
                  OUTPUT_VARIABLE ASAN_RUNTIME OUTPUT_STRIP_TRAILING_WHITESPACE)
  list(APPEND ROCM_CLIENT_ENV "LD_PRELOAD=${ASAN_RUNTIME}" "ASAN_OPTIONS=detect_leaks=0")
endif()

# ROCM_CLIENT_ENV on the tests gtest_discover_tests(TARGET) found. Its
# PROPERTIES cannot carry a list: CMake 3.25 writes each element as its own
# argument of set_tests_properties, so only the first variable would reach
# the test (escaped semicolons do not survive either). A CTest include file
# listed after gtest's own sets the whole list on ${TARGET}_TESTS instead.
function(rocm_client_gtest_env target)
  set(file ${CMAKE_CURRENT_BINARY_DIR}/${target}_rocm_client_env.cmake)
  file(GENERATE OUTPUT ${file}
       CONTENT "if(DEFINED ${target}_TESTS)
  set_tests_properties(\${${target}_TESTS} PROPERTIES ENVIRONMENT [==[${ROCM_CLIENT_ENV}]==])
endif()
")
  set_property(DIRECTORY APPEND PROPERTY TEST_INCLUDE_FILES ${file})
endfunction()

# An executable linked with Debian's ROCr (headers from libhsa-runtime-dev)
# instead of ours.
function(add_rocr_client_executable target)
  add_executable(${target} ${ARGN})
  target_include_directories(${target} BEFORE PRIVATE ${DEBIAN_ROCR_INCLUDE})
  target_link_libraries(${target} PRIVATE ${DEBIAN_ROCR})
  add_dependencies(${target} hsakmt)
endfunction()

# A HIP program built by Debian's hipcc for gfx900 (hipcc would otherwise
# probe /sys/class/kfd for the target): add_hip_program(NAME SOURCE [FLAGS..])
# gives target NAME and the executable ${CMAKE_CURRENT_BINARY_DIR}/hip/NAME,
# also in NAME's property HIP_PROGRAM. (Not .../NAME itself: Ninja names the
# target's phony rule by that path, and two rules may not build one file.)
function(add_hip_program name source)
  set(out ${CMAKE_CURRENT_BINARY_DIR}/hip/${name})
  file(MAKE_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR}/hip)
  add_custom_command(
    OUTPUT ${out}
    COMMAND ${HIPCC} --offload-arch=gfx900 -O2 -Wall -Werror ${ARGN} -o ${out}
            ${CMAKE_CURRENT_SOURCE_DIR}/${source}
    DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/${source}
    COMMENT "hipcc ${source}"
    VERBATIM)
  add_custom_target(${name} ALL DEPENDS ${out})
  set_target_properties(${name} PROPERTIES HIP_PROGRAM ${out})
endfunction()
