# with-virtual-gpu, installed with the other tools: it links none of our
# libraries and finds the thunk installed beside it by path
# (tools/with-virtual-gpu/thunk_dir.cpp), so it has no RUNPATH.
install(TARGETS with-virtual-gpu RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT tools)
