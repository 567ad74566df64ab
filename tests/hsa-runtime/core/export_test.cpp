// The library's exports: every implemented function under ROCm's symbol
// version ROCR_1, and none of the runtime's internals.
#include <dlfcn.h>
#include <gtest/gtest.h>
#include <hsa/hsa.h>

namespace {

struct Export {
  const char* name;
  void* linked;  // the address this test was linked against
};

#define EXPORT(fn) \
  { #fn, reinterpret_cast < void*>(&fn) }

const Export kExports[] = {
    EXPORT(hsa_init),
    EXPORT(hsa_shut_down),
    EXPORT(hsa_status_string),
    EXPORT(hsa_system_get_info),
    EXPORT(hsa_extension_get_name),
    EXPORT(hsa_system_extension_supported),
    EXPORT(hsa_system_major_extension_supported),
    EXPORT(hsa_system_get_extension_table),
    EXPORT(hsa_system_get_major_extension_table),
    EXPORT(hsa_iterate_agents),
    EXPORT(hsa_agent_get_info),
    EXPORT(hsa_agent_extension_supported),
    EXPORT(hsa_agent_major_extension_supported),
    EXPORT(hsa_agent_iterate_regions),
    EXPORT(hsa_region_get_info),
    EXPORT(hsa_memory_allocate),
    EXPORT(hsa_memory_free),
    EXPORT(hsa_memory_register),
    EXPORT(hsa_memory_deregister),
    EXPORT(hsa_memory_copy),
    EXPORT(hsa_memory_assign_agent),
    EXPORT(hsa_isa_from_name),
    EXPORT(hsa_agent_iterate_isas),
    EXPORT(hsa_isa_get_info),
    EXPORT(hsa_isa_get_info_alt),
    EXPORT(hsa_isa_iterate_wavefronts),
    EXPORT(hsa_wavefront_get_info),
    EXPORT(hsa_isa_compatible),
    EXPORT(hsa_isa_get_exception_policies),
    EXPORT(hsa_isa_get_round_method),
    EXPORT(hsa_agent_get_exception_policies),
    EXPORT(hsa_agent_iterate_caches),
    EXPORT(hsa_cache_get_info),
};

class CoreExportTest : public ::testing::Test {
 protected:
  void SetUp() override {
    // Already loaded (the test links it): RTLD_NOLOAD finds that copy.
    lib_ = dlopen("libhsa-runtime64.so.1", RTLD_NOW | RTLD_NOLOAD);
    ASSERT_NE(lib_, nullptr) << dlerror();
  }
  void TearDown() override {
    if (lib_) dlclose(lib_);
  }
  void* lib_ = nullptr;
};

TEST_F(CoreExportTest, EveryFunctionIsVersionedRocr1) {
  for (const Export& e : kExports) {
    void* versioned = dlvsym(lib_, e.name, "ROCR_1");
    EXPECT_NE(versioned, nullptr) << e.name;
    EXPECT_EQ(versioned, e.linked) << e.name;
  }
}

TEST_F(CoreExportTest, InternalsAreNotExported) {
  // hsart::runtime() and hsart::timestamp_now(), mangled.
  EXPECT_EQ(dlsym(lib_, "_ZN5hsart7runtimeEv"), nullptr);
  EXPECT_EQ(dlsym(lib_, "_ZN5hsart13timestamp_nowEv"), nullptr);
}

}  // namespace
