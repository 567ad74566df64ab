# Runs one libFuzzer binary for a bounded time on a fresh copy of its seed
# corpus (libFuzzer adds new inputs to the corpus directory, and the seeds
# must stay as the build made them). Fails on any finding: libFuzzer exits
# non-zero on a crash, sanitizer report, leak, timeout or out-of-memory,
# and leaves the input in WORK/ as crash-*, timeout-*, oom-* or leak-*.
foreach(v FUZZER SEEDS WORK SECONDS)
  if(NOT DEFINED ${v})
    message(FATAL_ERROR "run_fuzzer.cmake: -D${v}= missing")
  endif()
endforeach()
if(NOT EXISTS ${FUZZER})
  message(FATAL_ERROR "fuzzer ${FUZZER} not built")
endif()
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
file(COPY ${SEEDS}/ DESTINATION ${WORK}/corpus)
execute_process(
  COMMAND ${FUZZER} ${WORK}/corpus -max_total_time=${SECONDS} -rss_limit_mb=2048
          -timeout=10 -print_final_stats=1 -artifact_prefix=${WORK}/
  RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${FUZZER}: finding (exit ${rc}), input kept in ${WORK}/")
endif()
