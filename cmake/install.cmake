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

install(TARGETS hsakmt LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT thunk)
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
