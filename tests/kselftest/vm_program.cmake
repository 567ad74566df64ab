# kselftest_vm_program(): a program that is not a gtest binary (a HIP
# program, a script, make run's example) run in one of the kselftest VM's
# boots on the kfd transport, one ctest passing iff it exited 0, the thunk
# reported transport 'kfd' and, with EXPECT, its output matched
# (program_case.sh). Included by CMakeLists.txt after vm_gtest.cmake.
#
#   kselftest_vm_program(NAME <ctest name> [RUN <boot>] [ENV <VAR=VALUE>...]
#                        [EXPECT <extended regex>] [THUNK ours|debian]
#                        COMMAND <program> [ARG...])
#
# One extra program: env HSAKMT_TRANSPORT=kfd HSAKMT_DEBUG_LEVEL=7 ENV...
# COMMAND (why both variables: vm_gtest.cmake); with THUNK debian,
# tests/rocm/on_debian_thunk.sh COMMAND instead (Debian's own ROCm user
# space, ENV ignored). RUN as for kselftest_vm_gtest(). No ARG may be "--"
# (run-vm.sh ends the program's words there).

function(kselftest_vm_program)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "NAME;RUN;EXPECT;THUNK" "ENV;COMMAND")
  if(NOT arg_NAME OR NOT arg_COMMAND)
    message(FATAL_ERROR "kselftest_vm_program: NAME and COMMAND are required")
  endif()
  if(NOT arg_RUN)
    set(arg_RUN vm)
  endif()
  if(NOT DEFINED ${arg_RUN}_command OR NOT DEFINED ${arg_RUN}_dir)
    message(FATAL_ERROR "kselftest_vm_program: no VM boot named ${arg_RUN}")
  endif()
  kselftest_vm_next_extra(${arg_RUN}_command n)
  # run-vm.sh names a program's log after the first word of its command.
  set(launcher env)
  if(arg_THUNK STREQUAL "debian")
    list(GET KSELFTEST_DEBIAN_THUNK_LAUNCH 0 launcher)
    get_filename_component(launcher ${launcher} NAME)
  endif()
  set(log ${${arg_RUN}_dir}/extra-${n}-${launcher}.log)

  set(cmd ${${arg_RUN}_command})
  kselftest_vm_share_host(cmd)
  find_program(ENV_PROGRAM env REQUIRED)
  set(case_thunk GCNKFD_CASE_THUNK=ours)
  if(arg_THUNK STREQUAL "debian")
    set(case_thunk GCNKFD_CASE_THUNK=debian)
    list(APPEND cmd --extra-program ${KSELFTEST_DEBIAN_THUNK_LAUNCH} ${arg_COMMAND} --)
  else()
    list(APPEND cmd --extra-program ${ENV_PROGRAM} HSAKMT_TRANSPORT=kfd HSAKMT_DEBUG_LEVEL=7
      ${arg_ENV} ${arg_COMMAND} --)
  endif()
  set(${arg_RUN}_command ${cmd} PARENT_SCOPE)

  set(check ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/program_case.sh ${log})
  if(arg_EXPECT)
    list(APPEND check ${arg_EXPECT})
  endif()
  add_test(NAME ${arg_NAME} COMMAND ${check})
  set_tests_properties(${arg_NAME} PROPERTIES FIXTURES_REQUIRED kselftest_${arg_RUN}
    ENVIRONMENT ${case_thunk})
endfunction()
