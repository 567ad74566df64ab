// A GPU completion signal firing a handler: an empty kernel dispatched
// through a runtime queue (the packet written as a program writes it)
// decrements its completion signal 1 -> 0 from the command processor, whose
// interrupt wakes the event thread.
#include <atomic>
#include <cstring>
#include <fstream>
#include <iterator>
#include <vector>

#include "async_fixture.h"

namespace async_test {
namespace {

hsa_status_t find_gpu(hsa_agent_t agent, void* out) {
  hsa_device_type_t type{};
  hsa_agent_get_info(agent, HSA_AGENT_INFO_DEVICE, &type);
  if (type != HSA_DEVICE_TYPE_GPU) return HSA_STATUS_SUCCESS;
  *static_cast<hsa_agent_t*>(out) = agent;
  return HSA_STATUS_INFO_BREAK;
}

class ApiAsyncGpu : public ApiAsyncTest {
 protected:
  void SetUp() override {
    ApiAsyncTest::SetUp();
    hsa_iterate_agents(find_gpu, &gpu_);
    ASSERT_NE(gpu_.handle, 0u) << "the emulated topology has a GPU";
    std::ifstream in(EMPTY_KERNEL, std::ios::binary);
    const std::vector<char> elf((std::istreambuf_iterator<char>(in)),
                                std::istreambuf_iterator<char>());
    ASSERT_FALSE(elf.empty()) << EMPTY_KERNEL;
    ASSERT_EQ(hsa_code_object_reader_create_from_memory(elf.data(), elf.size(), &reader_),
              HSA_STATUS_SUCCESS);
    ASSERT_EQ(hsa_executable_create_alt(HSA_PROFILE_BASE, HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT,
                                        nullptr, &exe_),
              HSA_STATUS_SUCCESS);
    ASSERT_EQ(hsa_executable_load_agent_code_object(exe_, gpu_, reader_, nullptr, nullptr),
              HSA_STATUS_SUCCESS);
    ASSERT_EQ(hsa_executable_freeze(exe_, nullptr), HSA_STATUS_SUCCESS);
    hsa_executable_symbol_t sym{};
    ASSERT_EQ(hsa_executable_get_symbol_by_name(exe_, "empty.kd", &gpu_, &sym), HSA_STATUS_SUCCESS);
    ASSERT_EQ(
        hsa_executable_symbol_get_info(sym, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_OBJECT, &kernel_),
        HSA_STATUS_SUCCESS);
    ASSERT_EQ(hsa_queue_create(gpu_, 64, HSA_QUEUE_TYPE_MULTI, nullptr, nullptr, UINT32_MAX,
                               UINT32_MAX, &queue_),
              HSA_STATUS_SUCCESS);
  }
  void TearDown() override {
    if (queue_) {
      EXPECT_EQ(hsa_queue_destroy(queue_), HSA_STATUS_SUCCESS);
    }
    if (exe_.handle) {
      EXPECT_EQ(hsa_executable_destroy(exe_), HSA_STATUS_SUCCESS);
    }
    if (reader_.handle) {
      EXPECT_EQ(hsa_code_object_reader_destroy(reader_), HSA_STATUS_SUCCESS);
    }
    ApiAsyncTest::TearDown();
  }

  // One workgroup of 64 lanes of the empty kernel, completing `done`.
  void dispatch(hsa_signal_t done) {
    const uint64_t index = hsa_queue_add_write_index_screlease(queue_, 1);
    while (index - hsa_queue_load_read_index_scacquire(queue_) >= queue_->size) {
    }
    auto* p =
        static_cast<hsa_kernel_dispatch_packet_t*>(queue_->base_address) + (index % queue_->size);
    std::memset(reinterpret_cast<uint8_t*>(p) + 4, 0, sizeof(*p) - 4);
    p->workgroup_size_x = 64;
    p->workgroup_size_y = p->workgroup_size_z = 1;
    p->grid_size_x = 64;
    p->grid_size_y = p->grid_size_z = 1;
    p->kernel_object = kernel_;
    p->completion_signal = done;
    const uint32_t header = (HSA_PACKET_TYPE_KERNEL_DISPATCH << HSA_PACKET_HEADER_TYPE) |
                            (1u << HSA_PACKET_HEADER_BARRIER) |
                            (HSA_FENCE_SCOPE_SYSTEM << HSA_PACKET_HEADER_SCACQUIRE_FENCE_SCOPE) |
                            (HSA_FENCE_SCOPE_SYSTEM << HSA_PACKET_HEADER_SCRELEASE_FENCE_SCOPE);
    __atomic_store_n(reinterpret_cast<uint32_t*>(p), header | (1u << 16), __ATOMIC_RELEASE);
    hsa_signal_store_screlease(queue_->doorbell_signal, static_cast<hsa_signal_value_t>(index));
  }

  hsa_agent_t gpu_{0};
  hsa_code_object_reader_t reader_{0};
  hsa_executable_t exe_{0};
  uint64_t kernel_ = 0;
  hsa_queue_t* queue_ = nullptr;
};

struct Done {
  std::atomic<int> calls{0};
  std::atomic<hsa_signal_value_t> value{-1};
};

bool on_done(hsa_signal_value_t value, void* arg) {
  auto* d = static_cast<Done*>(arg);
  d->value = value;
  d->calls.fetch_add(1);
  return false;
}

TEST_F(ApiAsyncGpu, CompletionSignalFiresTheHandler) {
  hsa_signal_t done = make_signal(1);
  for (int round = 1; round <= 3; ++round) {
    hsa_signal_store_screlease(done, 1);
    Done d;
    ASSERT_EQ(hsa_amd_signal_async_handler(done, HSA_SIGNAL_CONDITION_EQ, 0, on_done, &d),
              HSA_STATUS_SUCCESS);
    settle();
    EXPECT_EQ(d.calls.load(), 0) << "nothing ran yet";
    dispatch(done);
    ASSERT_TRUE(eventually([&] { return d.calls.load() == 1; })) << "round " << round;
    EXPECT_EQ(d.value.load(), 0);
    EXPECT_EQ(hsa_queue_load_read_index_scacquire(queue_), uint64_t(round));
  }
  EXPECT_EQ(hsa_signal_destroy(done), HSA_STATUS_SUCCESS);
}

TEST_F(ApiAsyncGpu, DoorbellSignalIsNoHandlerSignal) {
  EXPECT_EQ(hsa_amd_signal_async_handler(
                queue_->doorbell_signal, HSA_SIGNAL_CONDITION_NE, 0,
                [](hsa_signal_value_t, void*) { return false; }, nullptr),
            HSA_STATUS_ERROR_INVALID_SIGNAL);
}

}  // namespace
}  // namespace async_test
