# The thunk's own test suite (tests/hsakmt, hsakmt_test) through the kfd
# transport on gcnkfd, in the kselftest VM's single boot: included from
# CMakeLists.txt before kselftest.vm is added, it appends two extra programs
# to vm_command and adds one ctest per selected gtest case,
# kselftest.thunk.<Suite>.<Test>, reading the VM's log (gtest_case.sh).
#
# The extra programs (run-vm.sh runs them in order, after the kselftests):
#   1. hsakmt_test --gtest_list_tests: what the VM's binary selects (and
#      the reason hsakmt_test and its libraries are in the initramfs);
#   2. env HSAKMT_TRANSPORT=kfd HSAKMT_DEBUG_LEVEL=7 hsakmt_test: the run.
#      The transport is forced, not left to /dev/kfd's presence, so a
#      module that failed to load cannot pass on the emulated KFD; the
#      debug level makes the thunk print the transport it took, which
#      gtest_case.sh checks.

# gtest_filter patterns of the cases that need no shader, PM4 or SDMA
# execution: vgfx9 is a control plane, nothing runs what a queue holds.
# Excluded, because they wait for the GPU to execute commands:
#   DispatchTest.*        AQL kernel dispatches
#   Pm4QueueTest.*        PM4 WRITE_DATA / RELEASE_MEM on a compute queue
#   SdmaQueueTest.<rest>  SDMA copies, fills, atomics, polls, traps
#   ScratchTest.SubRangesMapAndUnmapIndependently   runs vector_add
set(thunk_patterns
  OpenClose.*
  Topology.*
  TopologyClosed.*
  MemoryTest.*
  ReservedSvmTest.*
  EventTest.*
  QueueTest.*
  SdmaQueueTest.TopologyReportsVega10sTwoSdmaEngines
  SdmaQueueTest.TheThunkOwnsThePointersAndFourQueuesFit
  # Its fixture loads vector_add.O3.co (registered, never run): the file
  # goes into the initramfs below.
  ScratchTest.AllocationIsAddressSpaceOnlyOncePerGpu)
list(JOIN thunk_patterns ":" thunk_filter)

# The cases, from the sources as gtest names them (Suite.Test for TEST and
# TEST_F), kept when a pattern selects them.
file(GLOB thunk_sources CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/tests/hsakmt/*_test.cpp)
set(thunk_cases "")
foreach(src IN LISTS thunk_sources)
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${src})
  file(STRINGS ${src} lines REGEX "^TEST(_F)?\\([A-Za-z0-9_]+, *[A-Za-z0-9_]+\\)")
  foreach(line IN LISTS lines)
    string(REGEX MATCH "^TEST(_F)?\\(([A-Za-z0-9_]+), *([A-Za-z0-9_]+)\\)" m "${line}")
    set(suite ${CMAKE_MATCH_2})
    set(case ${CMAKE_MATCH_2}.${CMAKE_MATCH_3})
    if("${suite}.*" IN_LIST thunk_patterns OR case IN_LIST thunk_patterns)
      list(APPEND thunk_cases ${case})
    endif()
  endforeach()
endforeach()
list(SORT thunk_cases)
list(LENGTH thunk_cases thunk_count)

# run-vm.sh numbers extra programs from 1 in command-line order and names
# their logs extra-<N>-<basename>.log.
set(thunk_extra 0)
foreach(arg IN LISTS vm_command)
  if(arg STREQUAL "--extra-program")
    math(EXPR thunk_extra "${thunk_extra} + 1")
  endif()
endforeach()
math(EXPR thunk_list_n "${thunk_extra} + 1")
math(EXPR thunk_run_n "${thunk_extra} + 2")
set(thunk_list_log ${KSELFTEST_RUN_DIR}/extra-${thunk_list_n}-hsakmt_test.log)
set(thunk_run_log ${KSELFTEST_RUN_DIR}/extra-${thunk_run_n}-env.log)

find_program(ENV_PROGRAM env REQUIRED)
list(APPEND vm_command
  --extra-program $<TARGET_FILE:hsakmt_test> --gtest_list_tests --gtest_filter=${thunk_filter} --
  --extra-program ${ENV_PROGRAM} HSAKMT_TRANSPORT=kfd HSAKMT_DEBUG_LEVEL=7
    $<TARGET_FILE:hsakmt_test> --gtest_color=no --gtest_filter=${thunk_filter} --
  --extra-file ${CMAKE_BINARY_DIR}/tests/emulator/kernels/vector_add.O3.co)

add_test(NAME kselftest.thunk
  COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/gtest_case.sh ${thunk_run_log} ${thunk_list_log}
    --binary ${thunk_count})
set_tests_properties(kselftest.thunk PROPERTIES FIXTURES_REQUIRED kselftest_vm)
foreach(c IN LISTS thunk_cases)
  add_test(NAME kselftest.thunk.${c}
    COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/gtest_case.sh ${thunk_run_log} ${thunk_list_log} ${c})
  set_tests_properties(kselftest.thunk.${c} PROPERTIES
    FIXTURES_REQUIRED kselftest_vm SKIP_RETURN_CODE 77)
endforeach()
