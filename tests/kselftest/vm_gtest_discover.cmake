# Run by ctest before any test (a TEST_INCLUDE_FILES entry that
# kselftest_vm_gtest() writes, which sets binary, filter, prefix, case_sh,
# run_log, list_log, fixture and case_thunk): one ctest per case the host's build of the
# binary lists, each reading the kselftest VM's log, and <prefix> for the run
# as a whole. Listing runs no test, so the transport does not matter here.

if(NOT EXISTS "${binary}")
  add_test(${prefix} sh -c "echo '${binary} is not built' >&2; exit 1")
  return()
endif()
execute_process(COMMAND "${binary}" --gtest_list_tests "--gtest_filter=${filter}"
  OUTPUT_VARIABLE listing RESULT_VARIABLE rc TIMEOUT 60)
if(NOT rc EQUAL 0)
  add_test(${prefix} sh -c "echo '${binary} --gtest_list_tests failed (${rc})' >&2; exit 1")
  return()
endif()

# "Suite." lines, then "  Test" lines; parameterised ones carry a
# "  # GetParam() = ..." comment, which is not part of the name.
string(REPLACE ";" "\\;" listing "${listing}")
string(REPLACE "\n" ";" lines "${listing}")
set(count 0)
set(suite "")
foreach(line IN LISTS lines)
  string(REGEX REPLACE " *#.*" "" line "${line}")
  if(line MATCHES "^([^ ]+)\\.$")
    set(suite ${CMAKE_MATCH_1})
  elseif(line MATCHES "^  ([^ ]+)$" AND suite)
    set(c ${suite}.${CMAKE_MATCH_1})
    add_test(${prefix}.${c} ${case_sh} ${run_log} ${list_log} ${c})
    set_tests_properties(${prefix}.${c} PROPERTIES
      FIXTURES_REQUIRED ${fixture} SKIP_RETURN_CODE 77 ENVIRONMENT ${case_thunk})
    math(EXPR count "${count} + 1")
  endif()
endforeach()
add_test(${prefix} ${case_sh} ${run_log} ${list_log} --binary ${count})
set_tests_properties(${prefix} PROPERTIES FIXTURES_REQUIRED ${fixture} ENVIRONMENT ${case_thunk})
