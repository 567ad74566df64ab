# The kselftests against the thunk's emulated KFD (README.md): every
# *_test.c of tests/kselftest/ is built again as a host program with
# -DGCNKFD_TEST_EMULATED and linked with kfd_shim.cpp and the thunk's
# objects, its open/close/dup/ioctl/mmap/opendir wrapped (-Wl,--wrap) so
# /dev/kfd and the topology are the emulated KFD's. Each binary runs once
# (kselftest_emu.<binary>.run, no QEMU) and each case is one ctest,
# kselftest_emu.<binary>.<case>, read from that run's TAP by tap_case.sh as
# for the VM. Included from ../CMakeLists.txt (KSELFTEST_SOURCES,
# kselftest_cases()).

# Cases where the emulated KFD answers differently from gcnkfd, expected to
# fail until the two agree: remove an entry when its drift is fixed (the
# case then passes and a stale entry fails). tests/kselftest/README.md
# lists what each one answers on both.
set(KSELFTEST_EMU_KNOWN_DIFFS
  kselftest_emu.topology_test.topo.cpu_nodes_are_numa_nodes
  kselftest_emu.memory_test.mem.mmap_rules
  kselftest_emu.event_test.events.signal_interrupts_wait
  kselftest_emu.render_test.render.mmap_private_is_einval
)

set(KSELFTEST_EMU_BIN_DIR ${CMAKE_BINARY_DIR}/kselftest/emu-bin)
set(KSELFTEST_EMU_RUN_DIR ${CMAKE_BINARY_DIR}/kselftest/emu-run)
set(emu_dir ${CMAKE_CURRENT_SOURCE_DIR}/emulated)

add_library(kselftest_emu_shim STATIC ${emu_dir}/kfd_shim.cpp)
target_link_libraries(kselftest_emu_shim PUBLIC hsakmt_internal)

set(emu_wrapped open close dup ioctl mmap opendir)
set(emu_link_options "")
foreach(f IN LISTS emu_wrapped)
  list(APPEND emu_link_options -Wl,--wrap=${f})
endforeach()
# The kselftest flags, not the tree's -Wextra; a sanitizer build's thunk
# objects need the sanitizer here too.
set(emu_compile_options -O2 -Wall -Werror -D_GNU_SOURCE)
if(SANITIZE)
  list(APPEND emu_compile_options -fsanitize=${SANITIZE} -fno-omit-frame-pointer)
endif()

foreach(src IN LISTS KSELFTEST_SOURCES)
  get_filename_component(name ${src} NAME_WE)
  add_executable(kselftest_emu_${name} ${src})
  add_dependencies(kselftest_emu_${name} linux_source_files)
  set_target_properties(kselftest_emu_${name} PROPERTIES
    OUTPUT_NAME ${name}
    RUNTIME_OUTPUT_DIRECTORY ${KSELFTEST_EMU_BIN_DIR}
    COMPILE_OPTIONS "${emu_compile_options}"
    LINKER_LANGUAGE CXX)
  target_compile_definitions(kselftest_emu_${name} PRIVATE GCNKFD_TEST_EMULATED)
  target_include_directories(kselftest_emu_${name} PRIVATE
    ${GCNKFD_SELFTESTS_DIR} ${CMAKE_CURRENT_SOURCE_DIR})
  target_link_libraries(kselftest_emu_${name} PRIVATE kselftest_emu_shim kfd_uapi
    firmware_interfaces kfd_common)
  target_compile_definitions(kselftest_emu_${name} PRIVATE
    DISPATCH_KERNELS_CO="${KSELFTEST_DISPATCH_CO}")
  add_dependencies(kselftest_emu_${name} kselftest_kernels)
  target_link_options(kselftest_emu_${name} PRIVATE ${emu_link_options})

  set(tap ${KSELFTEST_EMU_RUN_DIR}/${name}.tap)
  add_test(NAME kselftest_emu.${name}.run
    COMMAND ${emu_dir}/run-emu.sh ${tap} $<TARGET_FILE:kselftest_emu_${name}>)
  # Two GPUs, as the VM's num_gpus=2: the two-GPU cases run.
  set_tests_properties(kselftest_emu.${name}.run PROPERTIES
    FIXTURES_SETUP kselftest_emu_${name}
    ENVIRONMENT "GCN_EMU_GPUS=2;GCN_EMU_THREADS=2" TIMEOUT 600)

  kselftest_cases(${src} cases)
  list(LENGTH cases count)
  set(binary_diff FALSE)
  foreach(c IN LISTS cases)
    set(test kselftest_emu.${name}.${c})
    add_test(NAME ${test} COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/tap_case.sh ${tap} ${name} ${c})
    set_tests_properties(${test} PROPERTIES
      FIXTURES_REQUIRED kselftest_emu_${name} SKIP_RETURN_CODE 77)
    if(test IN_LIST KSELFTEST_EMU_KNOWN_DIFFS)
      set_tests_properties(${test} PROPERTIES WILL_FAIL TRUE)
      set(binary_diff TRUE)
    endif()
  endforeach()
  # The binary exits non-zero while one of its cases is a known diff.
  add_test(NAME kselftest_emu.${name}
    COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/tap_case.sh ${tap} ${name} --binary ${count})
  set_tests_properties(kselftest_emu.${name} PROPERTIES
    FIXTURES_REQUIRED kselftest_emu_${name} WILL_FAIL ${binary_diff})
endforeach()

# apu_test once more on the emulated KFD's APU (GCN_EMU_APU=1), so that its
# APU cases run without QEMU too, as the module's APU boot (vm_apu) runs
# them: the kselftest's exit status (0 only when every case passed).
add_test(NAME kselftest_emu.apu.apu_test COMMAND $<TARGET_FILE:kselftest_emu_apu_test>)
set_tests_properties(kselftest_emu.apu.apu_test PROPERTIES
  ENVIRONMENT "GCN_EMU_APU=1;GCN_EMU_GPUS=1;GCN_EMU_THREADS=2" TIMEOUT 300)
