// The unsupported functions' exports: each under ROCm's symbol version
// ROCR_1 and the same function the test was linked against, so programs
// built against ROCm load and get the error instead of failing to link.
#include <dlfcn.h>
#include <gtest/gtest.h>
#include <hsa/hsa.h>
#include <hsa/hsa_ext_amd.h>
#include <hsa/hsa_ext_image.h>

namespace {

struct Export {
  const char* name;
  void* linked;
};

#define EXPORT(fn) \
  { #fn, reinterpret_cast < void*>(&fn) }

const Export kExports[] = {
    EXPORT(hsa_amd_ipc_memory_create),    EXPORT(hsa_amd_ipc_memory_attach),
    EXPORT(hsa_amd_ipc_memory_detach),    EXPORT(hsa_amd_ipc_signal_create),
    EXPORT(hsa_amd_ipc_signal_attach),    EXPORT(hsa_amd_interop_map_buffer),
    EXPORT(hsa_amd_interop_unmap_buffer), EXPORT(hsa_amd_svm_attributes_set),
    EXPORT(hsa_amd_svm_attributes_get),   EXPORT(hsa_amd_svm_prefetch_async),
    EXPORT(hsa_amd_image_create),         EXPORT(hsa_amd_image_get_info_max_dim),
    EXPORT(hsa_ext_image_get_capability), EXPORT(hsa_ext_image_get_capability_with_layout),
    EXPORT(hsa_ext_image_data_get_info),  EXPORT(hsa_ext_image_data_get_info_with_layout),
    EXPORT(hsa_ext_image_create),         EXPORT(hsa_ext_image_create_with_layout),
    EXPORT(hsa_ext_image_destroy),        EXPORT(hsa_ext_image_copy),
    EXPORT(hsa_ext_image_import),         EXPORT(hsa_ext_image_export),
    EXPORT(hsa_ext_image_clear),          EXPORT(hsa_ext_sampler_create),
    EXPORT(hsa_ext_sampler_destroy),
};

TEST(ApiUnsupportedExports, EveryFunctionIsVersionedRocr1) {
  void* lib = dlopen("libhsa-runtime64.so.1", RTLD_NOW | RTLD_NOLOAD);
  ASSERT_NE(lib, nullptr) << dlerror();
  for (const Export& e : kExports) {
    void* versioned = dlvsym(lib, e.name, "ROCR_1");
    EXPECT_NE(versioned, nullptr) << e.name;
    EXPECT_EQ(versioned, e.linked) << e.name;
  }
  dlclose(lib);
}

}  // namespace
