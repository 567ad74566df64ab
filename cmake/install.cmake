# `make install` (cmake --install): the thunk, the runtime with its
# finalizer plugin, the API headers, their pkg-config and CMake files and
# the tools, under PREFIX (/usr/local by default, whose lib/ the loader
# searches before Debian's multiarch directory). Component "thunk" is
# libhsakmt.so.1 with its translator plugin, headers and discovery files:
# installed by itself (`make install-thunk`) it puts our thunk under
# Debian's ROCr, HIP and rocminfo and leaves their runtime in place.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

# The libraries go to HSA_GCN_THUNK_LIBDIR and HSA_GCN_RUNTIME_LIBDIR
# (cmake/install_dirs.cmake; both the standard libdir by default). Installed
# programs find the libraries installed with them first; the runtime finds
# the thunk it was built with.
hsa_gcn_relative_dir(runtime_to_thunk ${HSA_GCN_RUNTIME_LIBDIR} ${HSA_GCN_THUNK_LIBDIR})
hsa_gcn_relative_dir(bin_to_runtime ${CMAKE_INSTALL_BINDIR} ${HSA_GCN_RUNTIME_LIBDIR})
hsa_gcn_relative_dir(bin_to_thunk ${CMAKE_INSTALL_BINDIR} ${HSA_GCN_THUNK_LIBDIR})
set(runtime_rpath "$ORIGIN")
set(tools_rpath "$ORIGIN/${bin_to_runtime}")
if(NOT HSA_GCN_RUNTIME_LIBDIR STREQUAL HSA_GCN_THUNK_LIBDIR)
  list(APPEND runtime_rpath "$ORIGIN/${runtime_to_thunk}")
  list(APPEND tools_rpath "$ORIGIN/${bin_to_thunk}")
endif()
set_target_properties(hsa-run hsainfo hsail-finalize hsailasm PROPERTIES INSTALL_RPATH "${tools_rpath}")
set_target_properties(hsa_runtime64 hsart_finalizer PROPERTIES INSTALL_RPATH "${runtime_rpath}")

# The translator plugin goes beside the thunk, where the engine looks first.
# With the libraries (and their unversioned .so links for linking) go the
# discovery files ROCm's users know from Debian's libhsakmt-dev and
# libhsa-runtime-dev: the same package and target names, versions and
# include spellings. They stay in the standard libdir, where pkg-config and
# find_package look, and point into the directories above.
set(HSAKMT_PACKAGE_VERSION 1.0.6)  # libhsakmt/CMakeLists.txt's VERSION
get_target_property(HSA_RUNTIME_PACKAGE_VERSION hsa_runtime64 VERSION)
get_target_property(hsakmt_version hsakmt VERSION)
if(NOT hsakmt_version STREQUAL HSAKMT_PACKAGE_VERSION)
  message(FATAL_ERROR "libhsakmt is ${hsakmt_version}, its package files say ${HSAKMT_PACKAGE_VERSION}")
endif()
set(cmake_config_dir ${CMAKE_INSTALL_LIBDIR}/cmake)
set(packaging_dir ${PROJECT_BINARY_DIR}/packaging)

install(TARGETS hsakmt EXPORT hsakmt-targets
        LIBRARY DESTINATION ${HSA_GCN_THUNK_LIBDIR} COMPONENT thunk)
install(TARGETS gcn_translate LIBRARY DESTINATION ${HSA_GCN_THUNK_LIBDIR} COMPONENT thunk
        NAMELINK_SKIP)
install(FILES ${PROJECT_SOURCE_DIR}/libhsakmt/include/hsakmt.h
              ${PROJECT_SOURCE_DIR}/libhsakmt/include/hsakmttypes.h
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/hsakmt COMPONENT thunk)
install(EXPORT hsakmt-targets NAMESPACE hsakmt:: FILE hsakmtTargets.cmake
        DESTINATION ${cmake_config_dir}/hsakmt COMPONENT thunk)
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/packaging/hsakmt-config.cmake.in
  ${packaging_dir}/hsakmt-config.cmake INSTALL_DESTINATION ${cmake_config_dir}/hsakmt)
# Debian's version files accept any newer version (AnyNewerVersion).
write_basic_package_version_file(${packaging_dir}/hsakmt-config-version.cmake
  VERSION ${HSAKMT_PACKAGE_VERSION} COMPATIBILITY AnyNewerVersion)
install(FILES ${packaging_dir}/hsakmt-config.cmake ${packaging_dir}/hsakmt-config-version.cmake
        DESTINATION ${cmake_config_dir}/hsakmt COMPONENT thunk)
# libhsakmt.pc holds absolute paths, so it is written at install time for
# the prefix installed to (cmake --install --prefix; DESTDIR is prepended
# by file(INSTALL)).
install(CODE "set(hsa_gcn_pc_template \"${PROJECT_SOURCE_DIR}/cmake/packaging/libhsakmt.pc.in\")
  set(hsa_gcn_pc_dir \"${packaging_dir}/install\")
  set(hsa_gcn_pc_destination \"${CMAKE_INSTALL_LIBDIR}/pkgconfig\")
  set(HSA_GCN_THUNK_LIBDIR \"${HSA_GCN_THUNK_LIBDIR}\")
  set(CMAKE_INSTALL_INCLUDEDIR \"${CMAKE_INSTALL_INCLUDEDIR}\")
  set(HSAKMT_PACKAGE_VERSION \"${HSAKMT_PACKAGE_VERSION}\")" COMPONENT thunk)
install(CODE [[
  set(prefix "${CMAKE_INSTALL_PREFIX}")
  configure_file("${hsa_gcn_pc_template}" "${hsa_gcn_pc_dir}/libhsakmt.pc" @ONLY)
  file(INSTALL "${hsa_gcn_pc_dir}/libhsakmt.pc"
       DESTINATION "${CMAKE_INSTALL_PREFIX}/${hsa_gcn_pc_destination}")
]] COMPONENT thunk)

# The runtime loads libhsart-finalizer.so.1 from its own directory. Debian
# ships no pkg-config file for the runtime, and neither do we.
set_target_properties(hsa_runtime64 PROPERTIES EXPORT_NAME hsa-runtime64)
install(TARGETS hsa_runtime64 EXPORT hsa-runtime64-targets
        LIBRARY DESTINATION ${HSA_GCN_RUNTIME_LIBDIR} COMPONENT runtime)
install(TARGETS hsart_finalizer LIBRARY DESTINATION ${HSA_GCN_RUNTIME_LIBDIR} COMPONENT runtime
        NAMELINK_SKIP)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/hsa-runtime/include/hsa
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} COMPONENT runtime FILES_MATCHING PATTERN "*.h")
install(EXPORT hsa-runtime64-targets NAMESPACE hsa-runtime64:: FILE hsa-runtime64Targets.cmake
        DESTINATION ${cmake_config_dir}/hsa-runtime64 COMPONENT runtime)
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/packaging/hsa-runtime64-config.cmake.in
  ${packaging_dir}/hsa-runtime64-config.cmake INSTALL_DESTINATION ${cmake_config_dir}/hsa-runtime64)
write_basic_package_version_file(${packaging_dir}/hsa-runtime64-config-version.cmake
  VERSION ${HSA_RUNTIME_PACKAGE_VERSION} COMPATIBILITY AnyNewerVersion)
install(FILES ${packaging_dir}/hsa-runtime64-config.cmake
              ${packaging_dir}/hsa-runtime64-config-version.cmake
        DESTINATION ${cmake_config_dir}/hsa-runtime64 COMPONENT runtime)

install(TARGETS hsainfo hsa-run hsail-finalize hsailasm RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
        COMPONENT tools)

# The kernel module's udev rule (/dev/kfd for group render, 0660), chosen
# at install time from the prefix: a package prefix (/usr) takes
# /usr/lib/udev/rules.d; the default /usr/local takes /etc/udev/rules.d,
# because udev does not read /usr/local/lib/udev/rules.d on every release
# and /etc is where an administrator's own rules go; any other prefix (a
# scratch or staging dir) keeps it inside, in PREFIX/lib/udev/rules.d.
# The module itself installs with dkms (dkms.conf).
#
# With it go the virtual GPU's device process (gcn-vgpud, in sbin), its
# systemd unit (which the udev rule starts when the module loads) and a
# modprobe.d entry that stops the unit before `modprobe -r gcnkfd`, placed
# the same way: /etc/systemd/system and /etc/modprobe.d for /usr/local,
# PREFIX/lib/systemd/system and PREFIX/lib/modprobe.d otherwise.
if(EXISTS ${PROJECT_SOURCE_DIR}/kernel/Kbuild)
  # gcn-vgpud itself installs with emulator/device (component device).
  install(CODE "set(gcnkfd_dir \"${PROJECT_SOURCE_DIR}/kernel\")
    set(gcnkfd_sbindir \"${CMAKE_INSTALL_SBINDIR}\")" COMPONENT kernel)
  install(CODE [[
    if(CMAKE_INSTALL_PREFIX STREQUAL "/usr/local")
      set(rules_dir /etc/udev/rules.d)
      set(unit_dir /etc/systemd/system)
      set(modprobe_dir /etc/modprobe.d)
    else()
      set(rules_dir ${CMAKE_INSTALL_PREFIX}/lib/udev/rules.d)
      set(unit_dir ${CMAKE_INSTALL_PREFIX}/lib/systemd/system)
      set(modprobe_dir ${CMAKE_INSTALL_PREFIX}/lib/modprobe.d)
    endif()
    file(INSTALL ${gcnkfd_dir}/70-gcnkfd.rules DESTINATION "${rules_dir}")
    set(SBINDIR ${CMAKE_INSTALL_PREFIX}/${gcnkfd_sbindir})
    configure_file(${gcnkfd_dir}/gcn-vgpud.service.in
      "$ENV{DESTDIR}${unit_dir}/gcn-vgpud.service" @ONLY)
    message(STATUS "Installing: $ENV{DESTDIR}${unit_dir}/gcn-vgpud.service")
    file(INSTALL ${gcnkfd_dir}/gcnkfd-modprobe.conf DESTINATION "${modprobe_dir}"
      RENAME gcnkfd.conf)
  ]] COMPONENT kernel)
endif()

include(cmake/install_man.cmake)
include(cmake/install_with_virtual_gpu.cmake)
