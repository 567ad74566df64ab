# The thunk's own test suite (tests/hsakmt, hsakmt_test) through the kfd
# transport on gcnkfd, in the kselftest VM's boot with two GPUs (again with
# one GPU in user.cmake): one ctest per selected gtest case,
# kselftest.thunk.<Suite>.<Test>, and kselftest.thunk for the run as a
# whole (kselftest_vm_gtest(), vm_gtest.cmake). The VM
# reads hsakmt_test and its libraries from the host's / (run-vm.sh
# --share-host).

# All of it: the module's queues run on the device process (gcn-vgpud),
# so dispatches, PM4 and SDMA work complete through /dev/kfd as they do on
# the in-process emulated KFD.
# The cases from the sources as gtest names them (Suite.Test for TEST and
# TEST_F), so a case the scan missed fails kselftest.thunk's count.
file(GLOB thunk_sources CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/tests/hsakmt/*_test.cpp)
kselftest_vm_gtest(PREFIX kselftest.thunk TARGET hsakmt_test
  SOURCES ${thunk_sources}
  FILES ${CMAKE_BINARY_DIR}/tests/emulator/kernels/vector_add.O3.co)
