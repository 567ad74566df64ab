// The executable API's exports: each under ROCm's symbol version ROCR_1 and
// the same function the test was linked against.
#include <dlfcn.h>
#include <gtest/gtest.h>
#include <hsa/hsa.h>

namespace {

struct Export {
  const char* name;
  void* linked;
};

#define EXPORT(fn) \
  { #fn, reinterpret_cast < void*>(&fn) }

const Export kExports[] = {
    EXPORT(hsa_code_object_deserialize),
    EXPORT(hsa_code_object_destroy),
    EXPORT(hsa_code_object_get_info),
    EXPORT(hsa_code_object_get_symbol),
    EXPORT(hsa_code_object_get_symbol_from_name),
    EXPORT(hsa_code_object_iterate_symbols),
    EXPORT(hsa_code_object_serialize),
    EXPORT(hsa_code_symbol_get_info),
    EXPORT(hsa_executable_load_code_object),
    EXPORT(hsa_code_object_reader_create_from_file),
    EXPORT(hsa_code_object_reader_create_from_memory),
    EXPORT(hsa_code_object_reader_destroy),
    EXPORT(hsa_executable_agent_global_variable_define),
    EXPORT(hsa_executable_create),
    EXPORT(hsa_executable_create_alt),
    EXPORT(hsa_executable_destroy),
    EXPORT(hsa_executable_freeze),
    EXPORT(hsa_executable_get_info),
    EXPORT(hsa_executable_get_symbol),
    EXPORT(hsa_executable_get_symbol_by_name),
    EXPORT(hsa_executable_global_variable_define),
    EXPORT(hsa_executable_iterate_agent_symbols),
    EXPORT(hsa_executable_iterate_program_symbols),
    EXPORT(hsa_executable_iterate_symbols),
    EXPORT(hsa_executable_load_agent_code_object),
    EXPORT(hsa_executable_load_program_code_object),
    EXPORT(hsa_executable_readonly_variable_define),
    EXPORT(hsa_executable_symbol_get_info),
    EXPORT(hsa_executable_validate),
    EXPORT(hsa_executable_validate_alt),
};

TEST(ApiExecutableExports, EveryFunctionIsVersionedRocr1) {
  void* lib = dlopen("libhsa-runtime64.so.1", RTLD_NOW | RTLD_NOLOAD);
  ASSERT_NE(lib, nullptr) << dlerror();
  for (const Export& e : kExports) {
    void* versioned = dlvsym(lib, e.name, "ROCR_1");
    EXPECT_NE(versioned, nullptr) << e.name;
    EXPECT_EQ(versioned, e.linked) << e.name;
  }
  // The executable part's internals stay hidden (hsart::exec::state()).
  EXPECT_EQ(dlsym(lib, "_ZN5hsart4exec5stateEv"), nullptr);
  dlclose(lib);
}

}  // namespace
