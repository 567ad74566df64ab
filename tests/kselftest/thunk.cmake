# The thunk's own test suite (tests/hsakmt, hsakmt_test) through the kfd
# transport on gcnkfd, in the kselftest VM's single boot: one ctest per
# selected gtest case, kselftest.thunk.<Suite>.<Test>, and kselftest.thunk
# for the run as a whole (kselftest_vm_gtest(), vm_gtest.cmake). The VM
# reads hsakmt_test and its libraries from the host's / (run-vm.sh
# --share-host).

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
  # goes into the initramfs when the host's / is not shared.
  ScratchTest.AllocationIsAddressSpaceOnlyOncePerGpu)

# The cases from the sources as gtest names them (Suite.Test for TEST and
# TEST_F), so a case the scan missed fails kselftest.thunk's count.
file(GLOB thunk_sources CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/tests/hsakmt/*_test.cpp)
kselftest_vm_gtest(PREFIX kselftest.thunk TARGET hsakmt_test
  FILTER ${thunk_patterns}
  SOURCES ${thunk_sources}
  FILES ${CMAKE_BINARY_DIR}/tests/emulator/kernels/vector_add.O3.co)
