# Where `make install` puts our libraries, relative to the prefix. Both
# default to the standard libdir; a distribution package that must leave
# the system's ROCm libraries (same sonames) in place moves ours into a
# private directory, e.g. Debian:
#   -DHSA_GCN_THUNK_LIBDIR=lib/x86_64-linux-gnu/hsa-gcn
#   -DHSA_GCN_RUNTIME_LIBDIR=lib/x86_64-linux-gnu/hsa-gcn/runtime
# The RUNPATHs, the translator's search path and the discovery files
# (pkg-config, CMake) follow them; the discovery files themselves stay in
# the standard libdir, where pkg-config and find_package look.
# Included before the subdirectories: the emulator and with-virtual-gpu
# compile the thunk's installed directory into their search paths.
include(GNUInstallDirs)
set(HSA_GCN_THUNK_LIBDIR ${CMAKE_INSTALL_LIBDIR} CACHE STRING
  "Directory of libhsakmt and libgcn-translate, relative to the prefix")
set(HSA_GCN_RUNTIME_LIBDIR ${CMAKE_INSTALL_LIBDIR} CACHE STRING
  "Directory of libhsa-runtime64 and libhsart-finalizer, relative to the prefix")
foreach(var HSA_GCN_THUNK_LIBDIR HSA_GCN_RUNTIME_LIBDIR)
  if(IS_ABSOLUTE "${${var}}")
    # An absolute directory would break relocation and the RUNPATHs.
    message(FATAL_ERROR "${var} must be relative to the prefix, not ${${var}}")
  endif()
endforeach()
set(HSA_GCN_THUNK_FULL_LIBDIR ${CMAKE_INSTALL_PREFIX}/${HSA_GCN_THUNK_LIBDIR})

# hsa_gcn_relative_dir(<out> <from> <to>): the path from one directory
# under the prefix to another, for $ORIGIN-relative RUNPATHs; "." when the
# same.
function(hsa_gcn_relative_dir out from to)
  file(RELATIVE_PATH rel /${from} /${to})
  string(REGEX REPLACE "/$" "" rel "${rel}")  # ".." may come as "../"
  if(rel STREQUAL "")
    set(rel .)
  endif()
  set(${out} ${rel} PARENT_SCOPE)
endfunction()
