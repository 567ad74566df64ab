# with-virtual-gpu, installed with the other tools: it finds the thunk
# installed beside it (bin/../lib, tools/with-virtual-gpu/thunk_dir.cpp),
# not through its RUNPATH; the RUNPATH is the other tools' all the same.
set_target_properties(with-virtual-gpu PROPERTIES INSTALL_RPATH "$ORIGIN/../${CMAKE_INSTALL_LIBDIR}")
install(TARGETS with-virtual-gpu RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT tools)
