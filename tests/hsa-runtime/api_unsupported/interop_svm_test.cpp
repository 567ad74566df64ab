// hsa_amd_interop_* and hsa_amd_svm_*: argument errors as ROCr reports
// them, then the status ROCr gives when the KFD refuses (HSA_STATUS_ERROR):
// our thunk imports no graphics buffers and has no SVM, and the runtime
// says so in HSA_AMD_SYSTEM_INFO_SVM_SUPPORTED.
#include "unsupported_fixture.h"

namespace {

constexpr size_t kBytes = 8192;

TEST(ApiUnsupportedInteropInit, EveryFunctionNeedsInit) {
  hsa_agent_t agent{1};
  size_t size = 0;
  void* ptr = nullptr;
  char byte = 0;
  hsa_amd_svm_attribute_pair_t pair{HSA_AMD_SVM_ATTRIB_READ_ONLY, 1};
  EXPECT_EQ(hsa_amd_interop_map_buffer(1, &agent, 3, 0, &size, &ptr, nullptr, nullptr),
            HSA_STATUS_ERROR_NOT_INITIALIZED);
  EXPECT_EQ(hsa_amd_interop_unmap_buffer(&byte), HSA_STATUS_ERROR_NOT_INITIALIZED);
  EXPECT_EQ(hsa_amd_svm_attributes_set(&byte, 1, &pair, 1), HSA_STATUS_ERROR_NOT_INITIALIZED);
  EXPECT_EQ(hsa_amd_svm_attributes_get(&byte, 1, &pair, 1), HSA_STATUS_ERROR_NOT_INITIALIZED);
  EXPECT_EQ(hsa_amd_svm_prefetch_async(&byte, 1, agent, 0, nullptr, hsa_signal_t{0}),
            HSA_STATUS_ERROR_NOT_INITIALIZED);
}

using ApiUnsupportedInterop = ApiUnsupportedFixture;

TEST_F(ApiUnsupportedInterop, ThunkImportsNoGraphicsBuffer) {
  const HSAuint32 node = node_of(gpu_);
  HsaGraphicsResourceInfo info{};
  EXPECT_EQ(hsaKmtRegisterGraphicsHandleToNodes(3, &info, 1, const_cast<HSAuint32*>(&node)),
            HSAKMT_STATUS_NOT_SUPPORTED);
}

TEST_F(ApiUnsupportedInterop, MapBuffer) {
  hsa_agent_t agents[] = {gpu_, cpu_};
  size_t size = 7;
  void* ptr = &size;
  size_t metadata_size = 0;
  const void* metadata = nullptr;
  EXPECT_EQ(hsa_amd_interop_map_buffer(2, nullptr, 3, 0, &size, &ptr, nullptr, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_amd_interop_map_buffer(2, agents, 3, 0, nullptr, &ptr, nullptr, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_amd_interop_map_buffer(2, agents, 3, 0, &size, nullptr, nullptr, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_amd_interop_map_buffer(2, agents, 3, 1, &size, &ptr, nullptr, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT)
      << "flags are reserved, must be 0";
  EXPECT_EQ(hsa_amd_interop_map_buffer(0, agents, 3, 0, &size, &ptr, nullptr, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  hsa_agent_t bad[] = {gpu_, made_up_agent_};
  EXPECT_EQ(hsa_amd_interop_map_buffer(2, bad, 3, 0, &size, &ptr, nullptr, nullptr),
            HSA_STATUS_ERROR_INVALID_AGENT);
  // Well-formed, with and without the optional metadata outputs.
  EXPECT_EQ(hsa_amd_interop_map_buffer(2, agents, 3, 0, &size, &ptr, nullptr, nullptr),
            HSA_STATUS_ERROR);
  EXPECT_EQ(hsa_amd_interop_map_buffer(1, agents, 3, 0, &size, &ptr, &metadata_size, &metadata),
            HSA_STATUS_ERROR);
}

TEST_F(ApiUnsupportedInterop, UnmapBuffer) {
  // Nothing was mapped, so no pointer is a mapping (ROCr ignores these).
  EXPECT_EQ(hsa_amd_interop_unmap_buffer(nullptr), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  void* p = alloc(gpu_, kBytes);
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(hsa_amd_interop_unmap_buffer(p), HSA_STATUS_ERROR_INVALID_ARGUMENT);
}

using ApiUnsupportedSvm = ApiUnsupportedFixture;

TEST_F(ApiUnsupportedSvm, SystemAndThunkHaveNoSvm) {
  bool supported = true;
  ASSERT_EQ(hsa_system_get_info(static_cast<hsa_system_info_t>(HSA_AMD_SYSTEM_INFO_SVM_SUPPORTED),
                                &supported),
            HSA_STATUS_SUCCESS);
  EXPECT_FALSE(supported);
  std::vector<char> host(kBytes);
  HSA_SVM_ATTRIBUTE attribute{HSA_SVM_ATTR_PREFETCH_LOC, node_of(gpu_)};
  EXPECT_EQ(hsaKmtSVMSetAttr(host.data(), kBytes, 1, &attribute), HSAKMT_STATUS_NOT_SUPPORTED);
  EXPECT_EQ(hsaKmtSVMGetAttr(host.data(), kBytes, 1, &attribute), HSAKMT_STATUS_NOT_SUPPORTED);
}

TEST_F(ApiUnsupportedSvm, AttributesSet) {
  std::vector<char> host(kBytes);
  void* p = host.data();
  auto set = [&](std::vector<hsa_amd_svm_attribute_pair_t> list) {
    return hsa_amd_svm_attributes_set(p, kBytes, list.data(), list.size());
  };
  EXPECT_EQ(hsa_amd_svm_attributes_set(p, kBytes, nullptr, 1), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  // Unknown attributes, and the two that are queries only.
  EXPECT_EQ(set({{0x77, 0}}), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(set({{HSA_AMD_SVM_ATTRIB_PREFETCH_LOCATION, gpu_.handle}}),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(set({{HSA_AMD_SVM_ATTRIB_ACCESS_QUERY, gpu_.handle}}),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  // GLOBAL_FLAG takes fine or coarse, not INDETERMINATE.
  EXPECT_EQ(set({{HSA_AMD_SVM_ATTRIB_GLOBAL_FLAG, HSA_AMD_SVM_GLOBAL_FLAG_INDETERMINATE}}),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  // Agent-valued attributes need a live agent (PREFERRED_LOCATION may be 0).
  EXPECT_EQ(set({{HSA_AMD_SVM_ATTRIB_AGENT_ACCESSIBLE, made_up_agent_.handle}}),
            HSA_STATUS_ERROR_INVALID_AGENT);
  EXPECT_EQ(set({{HSA_AMD_SVM_ATTRIB_AGENT_NO_ACCESS, 0}}), HSA_STATUS_ERROR_INVALID_AGENT);
  EXPECT_EQ(set({{HSA_AMD_SVM_ATTRIB_PREFERRED_LOCATION, made_up_agent_.handle}}),
            HSA_STATUS_ERROR_INVALID_AGENT);
  // The same attribute twice, or the same agent under two attributes.
  EXPECT_EQ(set({{HSA_AMD_SVM_ATTRIB_READ_ONLY, 1}, {HSA_AMD_SVM_ATTRIB_READ_ONLY, 0}}),
            HSA_STATUS_ERROR_INCOMPATIBLE_ARGUMENTS);
  EXPECT_EQ(set({{HSA_AMD_SVM_ATTRIB_AGENT_ACCESSIBLE, gpu_.handle},
                 {HSA_AMD_SVM_ATTRIB_AGENT_NO_ACCESS, gpu_.handle}}),
            HSA_STATUS_ERROR_INCOMPATIBLE_ARGUMENTS);
  // A list ROCr would hand to the KFD: refused there, as here.
  EXPECT_EQ(set({{HSA_AMD_SVM_ATTRIB_GLOBAL_FLAG, HSA_AMD_SVM_GLOBAL_FLAG_COARSE_GRAINED},
                 {HSA_AMD_SVM_ATTRIB_PREFERRED_LOCATION, 0},
                 {HSA_AMD_SVM_ATTRIB_AGENT_ACCESSIBLE, gpu_.handle},
                 {HSA_AMD_SVM_ATTRIB_AGENT_ACCESSIBLE_IN_PLACE, cpu_.handle}}),
            HSA_STATUS_ERROR);
  EXPECT_EQ(set({}), HSA_STATUS_ERROR);
}

TEST_F(ApiUnsupportedSvm, AttributesGet) {
  std::vector<char> host(kBytes);
  void* p = host.data();
  auto get = [&](std::vector<hsa_amd_svm_attribute_pair_t> list) {
    return hsa_amd_svm_attributes_get(p, kBytes, list.data(), list.size());
  };
  EXPECT_EQ(hsa_amd_svm_attributes_get(p, kBytes, nullptr, 2), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  // Setting-only attributes are not queries.
  EXPECT_EQ(get({{HSA_AMD_SVM_ATTRIB_AGENT_ACCESSIBLE, gpu_.handle}}),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(get({{0x77, 0}}), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(get({{HSA_AMD_SVM_ATTRIB_ACCESS_QUERY, made_up_agent_.handle}}),
            HSA_STATUS_ERROR_INVALID_AGENT);
  EXPECT_EQ(get({{HSA_AMD_SVM_ATTRIB_GLOBAL_FLAG, 0},
                 {HSA_AMD_SVM_ATTRIB_PREFETCH_LOCATION, 0},
                 {HSA_AMD_SVM_ATTRIB_ACCESS_QUERY, gpu_.handle}}),
            HSA_STATUS_ERROR);
}

TEST_F(ApiUnsupportedSvm, PrefetchAsync) {
  std::vector<char> host(kBytes);
  void* p = host.data();
  hsa_signal_t done = signal(1);
  hsa_signal_t dep = signal(0);
  EXPECT_EQ(hsa_amd_svm_prefetch_async(p, kBytes, gpu_, 1, nullptr, done),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_amd_svm_prefetch_async(p, kBytes, gpu_, 0, &dep, done),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_amd_svm_prefetch_async(p, kBytes, made_up_agent_, 0, nullptr, done),
            HSA_STATUS_ERROR_INVALID_AGENT);
  const hsa_signal_t bad_deps[] = {dep, made_up_signal_};
  EXPECT_EQ(hsa_amd_svm_prefetch_async(p, kBytes, gpu_, 2, bad_deps, done),
            HSA_STATUS_ERROR_INVALID_SIGNAL);
  EXPECT_EQ(hsa_amd_svm_prefetch_async(p, kBytes, gpu_, 0, nullptr, made_up_signal_),
            HSA_STATUS_ERROR_INVALID_SIGNAL);
  // Well-formed (a null completion signal is allowed): refused, and the
  // completion signal is not touched, so no waiter is misled.
  EXPECT_EQ(hsa_amd_svm_prefetch_async(p, kBytes, gpu_, 1, &dep, done), HSA_STATUS_ERROR);
  EXPECT_EQ(hsa_amd_svm_prefetch_async(p, kBytes, cpu_, 0, nullptr, null_signal_),
            HSA_STATUS_ERROR);
  EXPECT_EQ(hsa_signal_load_scacquire(done), 1);
}

}  // namespace
