# The user space that make check runs in process (on the thunk's emulated
# KFD) run again through /dev/kfd on the module, in the kselftest VM's boot
# with one GPU (vm_user, see CMakeLists.txt): every case forced onto the kfd
# transport, which gtest_case.sh / program_case.sh check in the thunk's log.
#   vm.runtime.<binary>.<Suite>.<Test>  the runtime's gtest binaries
#                                       (tests/hsa-runtime, those its ctests
#                                       run with HSAKMT_TRANSPORT=emulated)
#   vm.rocm.<binary>.<Suite>.<Test>     Debian's ROCr tests (tests/rocm)
#   vm.rocm.<name>                      its scripts and HIP programs
#   vm.hip.<program>                    the HIP corpus (tests/hip)
#   vm.run.example                      make run (hsainfo, run-matmul.sh)
# and those that depend on the number of GPUs again on two, in the
# kselftest boot (vm), as vm.2gpu.* (at the end). Cases left out say why
# here and in README.md ("The user space in the VM").
# Nothing is copied: the VM reads the build tree through the host's /.

# ---- the thunk's suite (thunk_sources from thunk.cmake), first ----
# A thunk that fails on one GPU shows here before the suites built on it.
kselftest_vm_gtest(PREFIX vm.thunk TARGET hsakmt_test RUN vm_user SOURCES ${thunk_sources})
list(APPEND kselftest_vm_user_targets hsakmt_test)

# ---- the runtime (tests/hsa-runtime) ----
# Their ctests' only variables besides the transport are GCN_EMU_*, which
# set up the in-process GPU; the module's GPU is gcn-vgpud's (Vega 10).
set(runtime_tests core signals api_signals api_amd_memory api_amd_async api_amd_controls
  api_amd_copy api_queues api_ext_finalizer api_executables api_unsupported api_image lifetime)
# api_amd_controls' ctests run on an emulated GPU of 12 CUs (GCN_EMU_CUS=12)
# and this case expects exactly 12; the module's topology always reports
# Vega 10's 64.
set(runtime_exclude_api_amd_controls ApiQueueAttrsTest.DefaultMaskIsEveryComputeUnit)
foreach(part IN LISTS runtime_tests)
  set(target hsa_${part}_test)
  kselftest_vm_gtest(PREFIX vm.runtime.${target} TARGET ${target} RUN vm_user
    EXCLUDE ${runtime_exclude_${part}})
  list(APPEND kselftest_vm_user_targets ${target})
endforeach()

# ---- Debian's ROCr (tests/rocm) ----
# Clients of our thunk through ROCM_CLIENT_ENV (cmake/rocm_clients.cmake).
foreach(target rocr_test trap_rocr_test scratch_rocr_test)
  kselftest_vm_gtest(PREFIX vm.rocm.${target} TARGET ${target} RUN vm_user
    ENV ${ROCM_CLIENT_ENV})
  list(APPEND kselftest_vm_user_targets ${target})
endforeach()
# hsa-run on Debian's ROCr (rocr.hsa_run.*), the same arguments.
set(rocm_bin ${CMAKE_BINARY_DIR}/tests/rocm)
set(ex ${CMAKE_BINARY_DIR}/examples)
foreach(co v4 v3)
  if(co STREQUAL v4)
    set(code_object ${ex}/matmul.co)
  else()
    set(code_object ${rocm_bin}/matmul_v3.co)
  endif()
  kselftest_vm_program(NAME vm.rocm.hsa_run.matmul_${co} RUN vm_user
    COMMAND ${PROJECT_SOURCE_DIR}/tests/rocm/hsa_run_on_rocr.sh $<TARGET_FILE:hsa-run>
      ${rocm_bin}/debian-rocr ${DEBIAN_ROCR} ${code_object} matmul buf:f32:4096
      buf:f32:file=${ex}/matmul_a.bin buf:f32:file=${ex}/matmul_b.bin u32:64 u32:64 u32:64
      --grid 64,64 --workgroup 8,8 --expect 0=${ex}/matmul_c_expected.bin)
endforeach()
list(APPEND kselftest_vm_user_targets hsa-run rocr_ld_dir rocr_test_kernels)
# The HIP programs of tests/rocm, as their ctests run them.
get_target_property(program trap_hip HIP_PROGRAM)
kselftest_vm_program(NAME vm.rocm.trap.hip_abort RUN vm_user ENV ${ROCM_CLIENT_ENV}
  COMMAND ${PROJECT_SOURCE_DIR}/tests/rocm/trap_hip_test.sh ${program})
get_target_property(program scratch_hip HIP_PROGRAM)
kselftest_vm_program(NAME vm.rocm.scratch.hip_private_array RUN vm_user
  ENV ${ROCM_CLIENT_ENV} COMMAND ${program})
get_target_property(program cu_mask_hip HIP_PROGRAM)
kselftest_vm_program(NAME vm.rocm.cu_mask.hip_stream RUN vm_user
  ENV ${ROCM_CLIENT_ENV} COMMAND ${program})
list(APPEND kselftest_vm_user_targets trap_hip scratch_hip cu_mask_hip)
# Not here: rocm.rocminfo.* and rocm.with_virtual_gpu test
# tools/with-virtual-gpu, which gives rocminfo a namespace with the
# emulated GPU whatever /dev/kfd is; the module is not on their path.

# ---- the HIP corpus (tests/hip): every hip_<name> target of its *.hip ----
file(GLOB hip_sources CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/tests/hip/*.hip)
foreach(src IN LISTS hip_sources)
  get_filename_component(name ${src} NAME_WE)
  if(NOT TARGET hip_${name})
    continue()
  endif()
  get_target_property(program hip_${name} HIP_PROGRAM)
  # Programs in parts (tests/hip's texture programs) run the parts that
  # have tests there, one case each; the pending ones have none.
  get_target_property(parts hip_${name} HIP_TEST_PARTS)
  if(parts STREQUAL "parts-NOTFOUND")
    kselftest_vm_program(NAME vm.hip.${name} RUN vm_user ENV ${ROCM_CLIENT_ENV}
      COMMAND ${program})
  else()
    foreach(part IN LISTS parts)
      kselftest_vm_program(NAME vm.hip.${name}.${part} RUN vm_user ENV ${ROCM_CLIENT_ENV}
        COMMAND ${program} ${part})
    endforeach()
  endif()
  list(APPEND kselftest_vm_user_targets hip_${name})
endforeach()

# ---- Debian's own ROCm user space on the module ----
# ROCm's thunk (Debian's libhsakmt.so.1 5.2.3), ROCr and HIP, unmodified,
# on gcnkfd's /dev/kfd and its DRM render node, as a user who installed
# only the module runs them: no LD_LIBRARY_PATH and no HSA_*/HIP_*
# variable (THUNK debian: tests/rocm/on_debian_thunk.sh, which shows the
# libhsakmt.so.1 the loader picked; thunk_check.sh checks it), as
# vm.debian.*. Our thunk's suite runs on the same boot (vm.thunk.*).
foreach(target rocr_test trap_rocr_test scratch_rocr_test)
  kselftest_vm_gtest(PREFIX vm.debian.rocm.${target} TARGET ${target} RUN vm_user THUNK debian)
endforeach()
get_target_property(program trap_hip HIP_PROGRAM)
kselftest_vm_program(NAME vm.debian.rocm.trap.hip_abort RUN vm_user THUNK debian
  COMMAND --check ${program} ${PROJECT_SOURCE_DIR}/tests/rocm/trap_hip_test.sh ${program})
foreach(name scratch_hip cu_mask_hip)
  get_target_property(program ${name} HIP_PROGRAM)
  kselftest_vm_program(NAME vm.debian.rocm.${name} RUN vm_user THUNK debian COMMAND ${program})
endforeach()
foreach(src IN LISTS hip_sources)
  get_filename_component(name ${src} NAME_WE)
  if(TARGET hip_${name})
    get_target_property(program hip_${name} HIP_PROGRAM)
    get_target_property(parts hip_${name} HIP_TEST_PARTS)
    if(parts STREQUAL "parts-NOTFOUND")
      kselftest_vm_program(NAME vm.debian.hip.${name} RUN vm_user THUNK debian COMMAND ${program})
    else()
      foreach(part IN LISTS parts)
        kselftest_vm_program(NAME vm.debian.hip.${name}.${part} RUN vm_user THUNK debian
          COMMAND ${program} ${part})
      endforeach()
    endif()
  endif()
endforeach()
# rocminfo lists the GPU. Before it loads the runtime it wants a module
# named amdgpu in lsmod's list: with-virtual-gpu --module adds that line
# in a namespace of its own and changes nothing else.
kselftest_vm_program(NAME vm.debian.rocminfo RUN vm_user THUNK debian EXPECT "Name: +gfx900"
  COMMAND --check ${ROCMINFO} $<TARGET_FILE:with-virtual-gpu> --module ${ROCMINFO})
list(APPEND kselftest_vm_user_targets with-virtual-gpu)

# ---- make run (the top-level Makefile's run target) ----
# hsainfo, then the matmul example; hsa-run's --expect checked its result.
kselftest_vm_program(NAME vm.run.example RUN vm_user EXPECT "^hsa-run: arg 0 matches"
  COMMAND /bin/sh -c "\"$1\" && exec \"$2\" \"$3\"" sh $<TARGET_FILE:hsainfo>
    ${PROJECT_SOURCE_DIR}/examples/run-matmul.sh ${CMAKE_BINARY_DIR})
list(APPEND kselftest_vm_user_targets hsainfo hsa-run examples)

# ---- on two GPUs (the kselftest boot, vm, after the thunk's suite) ----
# The programs whose cases depend on how many GPUs there are, as
# vm.2gpu.*: the runtime's agents (core) and its pools, pointer info and
# locks per GPU (amd_memory), Debian's ROCr setting up every GPU agent
# (rocr_test), HIP's device list (device_properties). The rest of the user
# space uses the first GPU alone and runs once, above, to keep the VM time
# down (README.md, "How long it takes").
# Left out on two GPUs, failing the same way in process on two emulated
# GPUs (GCN_EMU_GPUS=2, HSAKMT_TRANSPORT=emulated), so not the module's
# doing: CoreAgentTest.OneCpuAndOneGpu expects exactly one GPU agent.
kselftest_vm_gtest(PREFIX vm.2gpu.runtime.hsa_core_test TARGET hsa_core_test
  EXCLUDE CoreAgentTest.OneCpuAndOneGpu)
kselftest_vm_gtest(PREFIX vm.2gpu.runtime.hsa_api_amd_memory_test TARGET hsa_api_amd_memory_test)
kselftest_vm_gtest(PREFIX vm.2gpu.rocm.rocr_test TARGET rocr_test ENV ${ROCM_CLIENT_ENV})
get_target_property(program hip_device_properties HIP_PROGRAM)
kselftest_vm_program(NAME vm.2gpu.hip.device_properties ENV ${ROCM_CLIENT_ENV} COMMAND ${program})
list(APPEND kselftest_vm_targets hsa_core_test hsa_api_amd_memory_test rocr_test
  hip_device_properties)
# Debian's own ROCm user space on two GPUs: ROCr sets up both agents
# through ROCm's thunk and their render nodes; HIP lists both devices.
kselftest_vm_gtest(PREFIX vm.2gpu.debian.rocm.rocr_test TARGET rocr_test THUNK debian)
kselftest_vm_program(NAME vm.2gpu.debian.hip.device_properties THUNK debian COMMAND ${program})

# ---- on the APU (the APU boot, vm_apu: apu=1, one GPU) ----
# The full-profile program on malloc'd pointers: the module's APU node
# makes the runtime's GPU agent full profile, and every pointer the kernel
# follows reaches the process's pages through the device's page requests
# (kernel/ats.c), as vm.apu.*. The Discrete case needs a base-profile GPU
# and runs on the other boots' GPUs only in process.
kselftest_vm_gtest(PREFIX vm.apu.hsa_full_profile_test TARGET hsa_full_profile_test RUN vm_apu
  FILTER Apu.* SOURCES ${PROJECT_SOURCE_DIR}/tests/hsa-runtime/full_profile/full_profile_test.cpp)
list(APPEND kselftest_vm_apu_targets hsa_full_profile_test)
