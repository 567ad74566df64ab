# The kernel module (kernel/): built with the kernel's own Kbuild against
# Debian's headers, in the build tree, never in the source tree. Included
# from the top-level CMakeLists.txt once kernel/Kbuild exists.
#
# Also read out of Debian's linux-source tarball, once: the kselftest
# harness headers (tests/kselftest) and checkpatch.pl with its data files
# (kernel.checkpatch).
#
# Sets GCNKFD_KVER_USED, GCNKFD_KDIR, GCNKFD_VMLINUZ, GCNKFD_MODULE_KO,
# GCNKFD_SELFTESTS_DIR, GCNKFD_CHECKPATCH and GCNKFD_KERNEL_PROBLEM (empty
# when the module can be built; otherwise why not, and the kernel tests fail
# with that message).
#
# This file is also a cmake -P script: with -DMIRROR_FROM=... it copies the
# module's sources into the build tree (see below).

# Script mode: mirror the source files (*.c *.h Kbuild Makefile) of
# MIRROR_FROM into MIRROR_TO. Unchanged files are not touched, so Kbuild
# rebuilds only what changed; files gone from the source go from the copy.
if(CMAKE_SCRIPT_MODE_FILE)
  cmake_minimum_required(VERSION 3.25)
  file(GLOB_RECURSE wanted RELATIVE ${MIRROR_FROM}
    ${MIRROR_FROM}/*.c ${MIRROR_FROM}/*.h ${MIRROR_FROM}/Kbuild ${MIRROR_FROM}/Makefile)
  file(GLOB_RECURSE present RELATIVE ${MIRROR_TO}
    ${MIRROR_TO}/*.c ${MIRROR_TO}/*.h ${MIRROR_TO}/Kbuild ${MIRROR_TO}/Makefile)
  foreach(f IN LISTS present)
    # Kbuild writes *.mod.c itself; leave its outputs alone.
    if(NOT f IN_LIST wanted AND NOT f MATCHES "\\.mod\\.c$")
      file(REMOVE ${MIRROR_TO}/${f})
    endif()
  endforeach()
  foreach(f IN LISTS wanted)
    execute_process(COMMAND ${CMAKE_COMMAND} -E copy_if_different
      ${MIRROR_FROM}/${f} ${MIRROR_TO}/${f} COMMAND_ERROR_IS_FATAL ANY)
  endforeach()
  return()
endif()

set(GCNKFD_KERNEL_PROBLEM "")

# The kernel to build for (and to boot in the kselftest VM): the newest
# version with both headers and an image, unless given.
set(GCNKFD_KVER "" CACHE STRING
  "Kernel version to build gcnkfd for and boot in the test VM (empty: newest with headers and /boot/vmlinuz)")
if(GCNKFD_KVER)
  set(GCNKFD_KVER_USED ${GCNKFD_KVER})
else()
  file(GLOB kbuild_dirs LIST_DIRECTORIES true /lib/modules/*/build)
  set(candidates "")
  foreach(dir IN LISTS kbuild_dirs)
    get_filename_component(kver_dir ${dir} DIRECTORY)
    get_filename_component(kver ${kver_dir} NAME)
    if(EXISTS /boot/vmlinuz-${kver} AND EXISTS ${dir}/Makefile)
      list(APPEND candidates ${kver})
    endif()
  endforeach()
  list(SORT candidates COMPARE NATURAL ORDER DESCENDING)
  set(GCNKFD_KVER_USED "")
  if(candidates)
    list(GET candidates 0 GCNKFD_KVER_USED)
  endif()
endif()
set(GCNKFD_KDIR /lib/modules/${GCNKFD_KVER_USED}/build)
set(GCNKFD_VMLINUZ /boot/vmlinuz-${GCNKFD_KVER_USED})
if(NOT GCNKFD_KVER_USED)
  set(GCNKFD_KERNEL_PROBLEM
    "no kernel with both /lib/modules/KVER/build and /boot/vmlinuz-KVER: install linux-headers-amd64 and linux-image-amd64 (make deps) or pass -DGCNKFD_KVER=")
elseif(NOT EXISTS ${GCNKFD_KDIR}/Makefile)
  set(GCNKFD_KERNEL_PROBLEM
    "no kernel headers for ${GCNKFD_KVER_USED} in ${GCNKFD_KDIR}: install linux-headers-${GCNKFD_KVER_USED}")
elseif(NOT EXISTS ${GCNKFD_VMLINUZ})
  set(GCNKFD_KERNEL_PROBLEM
    "no kernel image ${GCNKFD_VMLINUZ} to boot the tests: install linux-image-${GCNKFD_KVER_USED}")
endif()

# Files read out of the kernel's source tarball (about 10 s, once).
set(GCNKFD_LINUX_SOURCE /usr/src/linux-source-6.1.tar.xz CACHE FILEPATH
  "Debian's linux-source tarball: kselftest harness and checkpatch.pl come from it")
get_filename_component(linux_source_name ${GCNKFD_LINUX_SOURCE} NAME)
string(REGEX REPLACE "\\.tar\\.[a-z0-9]+$" "" linux_source_name ${linux_source_name})
set(linux_source_dir ${CMAKE_BINARY_DIR}/linux-source)
set(GCNKFD_SELFTESTS_DIR ${linux_source_dir}/${linux_source_name}/tools/testing/selftests)
set(GCNKFD_CHECKPATCH ${linux_source_dir}/${linux_source_name}/scripts/checkpatch.pl)
set(linux_source_members
  tools/testing/selftests/kselftest_harness.h
  tools/testing/selftests/kselftest.h
  scripts/checkpatch.pl
  scripts/spelling.txt
  scripts/const_structs.checkpatch)
set(linux_source_outputs "")
set(linux_source_args "")
foreach(m IN LISTS linux_source_members)
  list(APPEND linux_source_outputs ${linux_source_dir}/${linux_source_name}/${m})
  list(APPEND linux_source_args ${linux_source_name}/${m})
endforeach()
if(EXISTS ${GCNKFD_LINUX_SOURCE})
  add_custom_command(
    OUTPUT ${linux_source_outputs}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${linux_source_dir}
    # tar keeps the members' dates; touch them so the outputs are newer
    # than the tarball and the command runs once.
    COMMAND tar -xJf ${GCNKFD_LINUX_SOURCE} -C ${linux_source_dir} ${linux_source_args}
    COMMAND ${CMAKE_COMMAND} -E touch ${linux_source_outputs}
    DEPENDS ${GCNKFD_LINUX_SOURCE}
    COMMENT "Reading kselftest_harness.h and checkpatch.pl out of ${GCNKFD_LINUX_SOURCE}"
    VERBATIM)
else()
  string(APPEND GCNKFD_KERNEL_PROBLEM
    "${GCNKFD_LINUX_SOURCE} is missing (kselftest_harness.h, checkpatch.pl): install linux-source-6.1. ")
  add_custom_command(OUTPUT ${linux_source_outputs}
    COMMAND ${CMAKE_COMMAND} -E echo "${GCNKFD_LINUX_SOURCE} is missing: install linux-source-6.1"
    COMMAND ${CMAKE_COMMAND} -E false)
endif()
add_custom_target(linux_source_files ALL DEPENDS ${linux_source_outputs})

# The module, built by Kbuild in a mirror of kernel/, firmware-interfaces/
# and kfd-common/ (kernel/Kbuild reaches the latter two as $(src)/../<dir>,
# so the layout is kept).
set(GCNKFD_MODULE_BUILD_DIR ${CMAKE_BINARY_DIR}/kernel-build)
set(GCNKFD_MODULE_KO ${GCNKFD_MODULE_BUILD_DIR}/kernel/gcnkfd.ko)
set(module_sources "")
foreach(dir kernel firmware-interfaces kfd-common)
  file(GLOB_RECURSE files CONFIGURE_DEPENDS
    ${PROJECT_SOURCE_DIR}/${dir}/*.c ${PROJECT_SOURCE_DIR}/${dir}/*.h
    ${PROJECT_SOURCE_DIR}/${dir}/Kbuild ${PROJECT_SOURCE_DIR}/${dir}/Makefile)
  list(APPEND module_sources ${files})
endforeach()
if(GCNKFD_KERNEL_PROBLEM)
  message(WARNING "gcnkfd kernel module: ${GCNKFD_KERNEL_PROBLEM}\n"
    "The module is not built; its tests (kselftest.*, kernel.*) are registered and fail.")
  add_custom_target(gcnkfd_module
    COMMAND ${CMAKE_COMMAND} -E echo "gcnkfd_module: ${GCNKFD_KERNEL_PROBLEM}"
    COMMAND ${CMAKE_COMMAND} -E false)
else()
  message(STATUS "gcnkfd kernel module: building for ${GCNKFD_KVER_USED} (${GCNKFD_KDIR})")
  find_program(GNU_MAKE NAMES make gmake REQUIRED)
  add_custom_command(
    OUTPUT ${GCNKFD_MODULE_KO}
    COMMAND ${CMAKE_COMMAND} -DMIRROR_FROM=${PROJECT_SOURCE_DIR}/kernel
      -DMIRROR_TO=${GCNKFD_MODULE_BUILD_DIR}/kernel -P ${CMAKE_CURRENT_LIST_FILE}
    COMMAND ${CMAKE_COMMAND} -DMIRROR_FROM=${PROJECT_SOURCE_DIR}/firmware-interfaces
      -DMIRROR_TO=${GCNKFD_MODULE_BUILD_DIR}/firmware-interfaces -P ${CMAKE_CURRENT_LIST_FILE}
    COMMAND ${CMAKE_COMMAND} -DMIRROR_FROM=${PROJECT_SOURCE_DIR}/kfd-common
      -DMIRROR_TO=${GCNKFD_MODULE_BUILD_DIR}/kfd-common -P ${CMAKE_CURRENT_LIST_FILE}
    COMMAND ${GNU_MAKE} -C ${GCNKFD_KDIR} M=${GCNKFD_MODULE_BUILD_DIR}/kernel modules
    # Kbuild leaves the .ko alone when nothing changed; the output must
    # still be newer than the sources that triggered this run.
    COMMAND ${CMAKE_COMMAND} -E touch_nocreate ${GCNKFD_MODULE_KO}
    DEPENDS ${module_sources} ${CMAKE_CURRENT_LIST_FILE}
    COMMENT "Building gcnkfd.ko for ${GCNKFD_KVER_USED}"
    VERBATIM)
  add_custom_target(gcnkfd_module ALL DEPENDS ${GCNKFD_MODULE_KO})
endif()
