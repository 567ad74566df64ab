# `make install` (cmake --install): the thunk, the runtime with its
# finalizer plugin, the API headers and the tools, under PREFIX
# (/usr/local by default, whose lib/ the loader searches before Debian's
# multiarch directory). Component "thunk" is libhsakmt.so.1 alone: installed
# by itself (`make install-thunk`) it puts our thunk under Debian's ROCr,
# HIP and rocminfo and leaves their runtime in place.
include(GNUInstallDirs)

# Installed programs find the libraries installed beside them first; the
# runtime finds the thunk it was built with.
set_target_properties(hsa-run hsainfo hsail-finalize hsailasm PROPERTIES
  INSTALL_RPATH "$ORIGIN/../${CMAKE_INSTALL_LIBDIR}")
set_target_properties(hsa_runtime64 hsart_finalizer PROPERTIES INSTALL_RPATH "$ORIGIN")

# The translator plugin goes beside the thunk, where the engine looks first.
install(TARGETS hsakmt gcn_translate LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT thunk)
install(FILES ${PROJECT_SOURCE_DIR}/libhsakmt/include/hsakmt.h
              ${PROJECT_SOURCE_DIR}/libhsakmt/include/hsakmttypes.h
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/hsakmt COMPONENT thunk)

# The runtime loads libhsart-finalizer.so.1 from its own directory.
install(TARGETS hsa_runtime64 hsart_finalizer LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        COMPONENT runtime)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/hsa-runtime/include/hsa
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} COMPONENT runtime FILES_MATCHING PATTERN "*.h")

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
