# The manual pages (man/): configured with the project's version in their
# .TH line, and the runtime's environment variables (one list, in
# man/runtime-environment.roff) in the pages of the programs that load the
# runtime; installed uncompressed (a package's tools compress them), each
# with its program's component.
set(HSA_MAN_DIR ${CMAKE_BINARY_DIR}/man)
file(READ ${PROJECT_SOURCE_DIR}/man/runtime-environment.roff RUNTIME_ENVIRONMENT)
# Its comments are about the fragment, not the page it lands in.
string(REGEX REPLACE "(^|\n)\\.\\\\\"[^\n]*" "" RUNTIME_ENVIRONMENT "${RUNTIME_ENVIRONMENT}")
string(STRIP "${RUNTIME_ENVIRONMENT}" RUNTIME_ENVIRONMENT)
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS
  ${PROJECT_SOURCE_DIR}/man/runtime-environment.roff)

set(HSA_MAN_PAGES hsainfo.1 hsa-run.1 hsailasm.1 hsail-finalize.1 with-virtual-gpu.1 gcn-vgpud.8)
if(EXISTS ${PROJECT_SOURCE_DIR}/kernel/Kbuild)
  list(APPEND HSA_MAN_PAGES gcnkfd.4)
endif()
foreach(page IN LISTS HSA_MAN_PAGES)
  configure_file(${PROJECT_SOURCE_DIR}/man/${page}.in ${HSA_MAN_DIR}/${page} @ONLY)
endforeach()

install(FILES ${HSA_MAN_DIR}/hsainfo.1 ${HSA_MAN_DIR}/hsa-run.1 ${HSA_MAN_DIR}/hsailasm.1
              ${HSA_MAN_DIR}/hsail-finalize.1 ${HSA_MAN_DIR}/with-virtual-gpu.1
        DESTINATION ${CMAKE_INSTALL_MANDIR}/man1 COMPONENT tools)
install(FILES ${HSA_MAN_DIR}/gcn-vgpud.8 DESTINATION ${CMAKE_INSTALL_MANDIR}/man8 COMPONENT device)
if(EXISTS ${PROJECT_SOURCE_DIR}/kernel/Kbuild)
  install(FILES ${HSA_MAN_DIR}/gcnkfd.4 DESTINATION ${CMAKE_INSTALL_MANDIR}/man4 COMPONENT kernel)
endif()
