# kselftest_vm_gtest(): a gtest binary run in one of the kselftest VM's boots
# on the kfd transport (against gcnkfd), one ctest per case read from the
# VM's log (gtest_case.sh). Included by CMakeLists.txt before the boots'
# ctests are added; every call appends to <RUN>_command (run-vm.sh's
# command line of that boot).
#
#   kselftest_vm_gtest(PREFIX <ctest prefix> TARGET <gtest target>
#                      [RUN <boot>] [FILTER <gtest pattern>...]
#                      [EXCLUDE <Suite.Test pattern>...] [ENV <VAR=VALUE>...]
#                      [FILES <path>...] [SOURCES <file>...]
#                      [THUNK ours|debian])
#
# RUN names the boot (default vm, ctest kselftest.vm): the variables
# <RUN>_command and <RUN>_dir (its run-vm.sh --out) and the fixture
# kselftest_<RUN> (CMakeLists.txt defines vm and vm_user). EXCLUDE is
# gtest's negative filter: each entry needs a comment saying why.
#
# THUNK debian runs TARGET on Debian's own ROCm user space instead
# (ROCm's thunk, through tests/rocm/on_debian_thunk.sh: no ENV, no
# HSA_*/HIP_* variable, no LD_LIBRARY_PATH); the cases check that it did
# (thunk_check.sh). The rest of this comment is about THUNK ours.
#
# Two extra programs per call (run-vm.sh runs them in order, after the
# kselftests):
#   1. env ENV... TARGET --gtest_list_tests --gtest_filter=FILTER: what the
#      VM's binary selects;
#   2. env HSAKMT_TRANSPORT=kfd HSAKMT_DEBUG_LEVEL=7 ENV... TARGET: the run.
#      The transport is forced, not left to /dev/kfd's presence, so a
#      module that failed to load cannot pass on the emulated KFD; the
#      debug level makes the thunk print the transport it took, which
#      gtest_case.sh checks.
# ctests: <PREFIX> (the run exited 0 and the VM selected as many cases as
# were registered) and <PREFIX>.<Suite>.<Test> per case (FIXTURES_REQUIRED
# kselftest_<RUN>).
#
# The cases: with SOURCES, configure scans them for TEST and TEST_F (as
# gtest names them, Suite.Test) and keeps those FILTER selects, so a case
# the scan missed fails <PREFIX>'s count. Without SOURCES, ctest asks the
# host's build of TARGET (--gtest_list_tests, before any test runs, as
# gtest_discover_tests does), which also finds TEST_P and typed tests.
#
# The VM sees the host's / read-only (run-vm.sh --share-host) unless
# GCNKFD_KSELFTEST_SHARE_HOST is OFF; then TARGET, its libraries and FILES
# are copied into the initramfs. FILES are data files the run reads by
# absolute path.

# Appends --share-host to the run-vm.sh command in the list variable
# <cmd_var> once, unless the share is off (KSELFTEST_VM_SHARE,
# CMakeLists.txt).
function(kselftest_vm_share_host cmd_var)
  set(cmd ${${cmd_var}})
  if(KSELFTEST_VM_SHARE AND NOT "--share-host" IN_LIST cmd)
    list(APPEND cmd --share-host)
    foreach(keep IN LISTS KSELFTEST_VM_SHARE_KEEP)
      list(APPEND cmd --share-keep ${keep})
    endforeach()
  endif()
  set(${cmd_var} ${cmd} PARENT_SCOPE)
endfunction()

# The number run-vm.sh will give the next extra program of the boot whose
# command is in the list variable <cmd_var> (it counts from 1 in
# command-line order and names their logs extra-<N>-<basename>.log).
function(kselftest_vm_next_extra cmd_var out_var)
  set(n 1)
  foreach(a IN LISTS ${cmd_var})
    if(a STREQUAL "--extra-program")
      math(EXPR n "${n} + 1")
    endif()
  endforeach()
  set(${out_var} ${n} PARENT_SCOPE)
endfunction()

function(kselftest_vm_gtest)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "PREFIX;TARGET;RUN;THUNK" "FILTER;EXCLUDE;ENV;FILES;SOURCES")
  if(NOT arg_PREFIX OR NOT arg_TARGET)
    message(FATAL_ERROR "kselftest_vm_gtest: PREFIX and TARGET are required")
  endif()
  if(NOT arg_RUN)
    set(arg_RUN vm)
  endif()
  if(NOT DEFINED ${arg_RUN}_command OR NOT DEFINED ${arg_RUN}_dir)
    message(FATAL_ERROR "kselftest_vm_gtest: no VM boot named ${arg_RUN}")
  endif()
  if(arg_FILTER)
    list(JOIN arg_FILTER ":" filter)
  else()
    set(filter "*")
  endif()
  if(arg_EXCLUDE)
    list(JOIN arg_EXCLUDE ":" negative)
    string(APPEND filter "-${negative}")
  endif()
  set(fixture kselftest_${arg_RUN})

  kselftest_vm_next_extra(${arg_RUN}_command list_n)
  math(EXPR run_n "${list_n} + 1")
  # run-vm.sh names a program's log after the first word of its command.
  set(launcher env)
  if(arg_THUNK STREQUAL "debian")
    list(GET KSELFTEST_DEBIAN_THUNK_LAUNCH 0 launcher)
    get_filename_component(launcher ${launcher} NAME)
  endif()
  set(list_log ${${arg_RUN}_dir}/extra-${list_n}-${launcher}.log)
  set(run_log ${${arg_RUN}_dir}/extra-${run_n}-${launcher}.log)

  set(cmd ${${arg_RUN}_command})
  kselftest_vm_share_host(cmd)
  find_program(ENV_PROGRAM env REQUIRED)
  if(arg_THUNK STREQUAL "debian")
    set(list_launch ${KSELFTEST_DEBIAN_THUNK_LAUNCH})
    set(run_launch ${KSELFTEST_DEBIAN_THUNK_LAUNCH})
  else()
    # The listing gets ENV too: a ROCm client finds its libraries by it.
    set(list_launch ${ENV_PROGRAM} ${arg_ENV})
    set(run_launch ${ENV_PROGRAM} HSAKMT_TRANSPORT=kfd HSAKMT_DEBUG_LEVEL=7 ${arg_ENV})
  endif()
  list(APPEND cmd
    --extra-program ${list_launch} $<TARGET_FILE:${arg_TARGET}> --gtest_list_tests
      --gtest_filter=${filter} --
    --extra-program ${run_launch}
      $<TARGET_FILE:${arg_TARGET}> --gtest_color=no --gtest_filter=${filter} --)
  foreach(f IN LISTS arg_FILES)
    list(APPEND cmd --extra-file ${f})
  endforeach()
  set(${arg_RUN}_command ${cmd} PARENT_SCOPE)

  set(case_sh ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/gtest_case.sh)
  set(case_thunk GCNKFD_CASE_THUNK=ours)
  if(arg_THUNK STREQUAL "debian")
    set(case_thunk GCNKFD_CASE_THUNK=debian)
  endif()
  if(arg_SOURCES)
    set(cases "")
    foreach(src IN LISTS arg_SOURCES)
      set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${src})
      file(STRINGS ${src} lines REGEX "^TEST(_F)?\\([A-Za-z0-9_]+, *[A-Za-z0-9_]+\\)")
      foreach(line IN LISTS lines)
        string(REGEX MATCH "^TEST(_F)?\\(([A-Za-z0-9_]+), *([A-Za-z0-9_]+)\\)" m "${line}")
        set(suite ${CMAKE_MATCH_2})
        set(c ${CMAKE_MATCH_2}.${CMAKE_MATCH_3})
        if((NOT arg_FILTER OR "${suite}.*" IN_LIST arg_FILTER OR c IN_LIST arg_FILTER)
           AND NOT c IN_LIST arg_EXCLUDE AND NOT "${suite}.*" IN_LIST arg_EXCLUDE)
          list(APPEND cases ${c})
        endif()
      endforeach()
    endforeach()
    list(SORT cases)
    list(LENGTH cases count)
    add_test(NAME ${arg_PREFIX} COMMAND ${case_sh} ${run_log} ${list_log} --binary ${count})
    set_tests_properties(${arg_PREFIX} PROPERTIES FIXTURES_REQUIRED ${fixture}
      ENVIRONMENT ${case_thunk})
    foreach(c IN LISTS cases)
      add_test(NAME ${arg_PREFIX}.${c} COMMAND ${case_sh} ${run_log} ${list_log} ${c})
      set_tests_properties(${arg_PREFIX}.${c} PROPERTIES
        FIXTURES_REQUIRED ${fixture} SKIP_RETURN_CODE 77 ENVIRONMENT ${case_thunk})
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
set(fixture \"${fixture}\")
set(case_thunk \"${case_thunk}\")
include(\"${CMAKE_CURRENT_FUNCTION_LIST_DIR}/vm_gtest_discover.cmake\")
")
  set_property(DIRECTORY APPEND PROPERTY TEST_INCLUDE_FILES ${include_file})
endfunction()
