# kselftest_vm_gtest(): a gtest binary run in the kselftest VM's single boot
# on the kfd transport (against gcnkfd), one ctest per case read from the
# VM's log (gtest_case.sh). Included by CMakeLists.txt before kselftest.vm is
# added; every call appends to vm_command (run-vm.sh's command line).
#
#   kselftest_vm_gtest(PREFIX <ctest prefix> TARGET <gtest target>
#                      [FILTER <gtest pattern>...] [ENV <VAR=VALUE>...]
#                      [FILES <path>...] [SOURCES <file>...])
#
# Two extra programs per call (run-vm.sh runs them in order, after the
# kselftests):
#   1. TARGET --gtest_list_tests --gtest_filter=FILTER: what the VM's binary
#      selects;
#   2. env HSAKMT_TRANSPORT=kfd HSAKMT_DEBUG_LEVEL=7 ENV... TARGET: the run.
#      The transport is forced, not left to /dev/kfd's presence, so a
#      module that failed to load cannot pass on the emulated KFD; the
#      debug level makes the thunk print the transport it took, which
#      gtest_case.sh checks.
# ctests: <PREFIX> (the run exited 0 and the VM selected as many cases as
# were registered) and <PREFIX>.<Suite>.<Test> per case (FIXTURES_REQUIRED
# kselftest_vm).
#
# The cases: with SOURCES, configure scans them for TEST and TEST_F (as
# gtest names them, Suite.Test) and keeps those FILTER selects, so a case
# the scan missed fails <PREFIX>'s count. Without SOURCES, ctest asks the
# host's build of TARGET (--gtest_list_tests, before any test runs, as
# gtest_discover_tests does), which also finds TEST_P and typed tests.
#
# The VM sees the host's / read-only (run-vm.sh --share-host) unless
# GCNKFD_KSELFTEST_SHARE_HOST is OFF or the build tree lies where the guest
# mounts its own tmpfs; then TARGET, its libraries and FILES are copied
# into the initramfs. FILES are data files the run reads by absolute path.

set(GCNKFD_KSELFTEST_SHARE_HOST ON CACHE BOOL
  "The kselftest VM mounts the host's / read-only instead of copying programs into its initramfs")

function(kselftest_vm_gtest)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "PREFIX;TARGET" "FILTER;ENV;FILES;SOURCES")
  if(NOT arg_PREFIX OR NOT arg_TARGET)
    message(FATAL_ERROR "kselftest_vm_gtest: PREFIX and TARGET are required")
  endif()
  if(arg_FILTER)
    list(JOIN arg_FILTER ":" filter)
  else()
    set(filter "*")
  endif()

  # run-vm.sh numbers extra programs from 1 in command-line order and names
  # their logs extra-<N>-<basename>.log.
  set(extra 0)
  foreach(a IN LISTS vm_command)
    if(a STREQUAL "--extra-program")
      math(EXPR extra "${extra} + 1")
    endif()
  endforeach()
  math(EXPR list_n "${extra} + 1")
  math(EXPR run_n "${extra} + 2")
  set(list_log ${KSELFTEST_RUN_DIR}/extra-${list_n}-$<TARGET_FILE_NAME:${arg_TARGET}>.log)
  set(run_log ${KSELFTEST_RUN_DIR}/extra-${run_n}-env.log)

  # The guest mounts tmpfs or devtmpfs on these: a build tree there is not
  # visible through the share.
  set(share ${GCNKFD_KSELFTEST_SHARE_HOST})
  if(CMAKE_BINARY_DIR MATCHES "^/(tmp|run|var/tmp|dev)(/|$)")
    set(share OFF)
  endif()
  set(cmd ${vm_command})
  if(share AND NOT "--share-host" IN_LIST cmd)
    list(APPEND cmd --share-host)
  endif()
  find_program(ENV_PROGRAM env REQUIRED)
  list(APPEND cmd
    --extra-program $<TARGET_FILE:${arg_TARGET}> --gtest_list_tests --gtest_filter=${filter} --
    --extra-program ${ENV_PROGRAM} HSAKMT_TRANSPORT=kfd HSAKMT_DEBUG_LEVEL=7 ${arg_ENV}
      $<TARGET_FILE:${arg_TARGET}> --gtest_color=no --gtest_filter=${filter} --)
  foreach(f IN LISTS arg_FILES)
    list(APPEND cmd --extra-file ${f})
  endforeach()
  set(vm_command ${cmd} PARENT_SCOPE)

  set(case_sh ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/gtest_case.sh)
  if(arg_SOURCES)
    set(cases "")
    foreach(src IN LISTS arg_SOURCES)
      set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${src})
      file(STRINGS ${src} lines REGEX "^TEST(_F)?\\([A-Za-z0-9_]+, *[A-Za-z0-9_]+\\)")
      foreach(line IN LISTS lines)
        string(REGEX MATCH "^TEST(_F)?\\(([A-Za-z0-9_]+), *([A-Za-z0-9_]+)\\)" m "${line}")
        set(suite ${CMAKE_MATCH_2})
        set(c ${CMAKE_MATCH_2}.${CMAKE_MATCH_3})
        if(NOT arg_FILTER OR "${suite}.*" IN_LIST arg_FILTER OR c IN_LIST arg_FILTER)
          list(APPEND cases ${c})
        endif()
      endforeach()
    endforeach()
    list(SORT cases)
    list(LENGTH cases count)
    add_test(NAME ${arg_PREFIX} COMMAND ${case_sh} ${run_log} ${list_log} --binary ${count})
    set_tests_properties(${arg_PREFIX} PROPERTIES FIXTURES_REQUIRED kselftest_vm)
    foreach(c IN LISTS cases)
      add_test(NAME ${arg_PREFIX}.${c} COMMAND ${case_sh} ${run_log} ${list_log} ${c})
      set_tests_properties(${arg_PREFIX}.${c} PROPERTIES
        FIXTURES_REQUIRED kselftest_vm SKIP_RETURN_CODE 77)
    endforeach()
    return()
  endif()

  # Cases from the built binary, when ctest starts (vm_gtest_discover.cmake).
  set(include_file ${CMAKE_CURRENT_BINARY_DIR}/${arg_PREFIX}_vm_tests.cmake)
  file(GENERATE OUTPUT ${include_file} CONTENT
"set(binary \"$<TARGET_FILE:${arg_TARGET}>\")
set(filter \"${filter}\")
set(prefix \"${arg_PREFIX}\")
set(case_sh \"${case_sh}\")
set(run_log \"${run_log}\")
set(list_log \"${list_log}\")
include(\"${CMAKE_CURRENT_FUNCTION_LIST_DIR}/vm_gtest_discover.cmake\")
")
  set_property(DIRECTORY APPEND PROPERTY TEST_INCLUDE_FILES ${include_file})
endfunction()
