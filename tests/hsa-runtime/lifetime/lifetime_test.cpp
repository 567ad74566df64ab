// The runtime's lifetime: hsa_shut_down with objects still alive gives
// everything back and a later hsa_init starts clean; N hsa_init calls need
// N hsa_shut_down calls, the next one and every API after it report
// NOT_INITIALIZED; hsa_init / hsa_shut_down race safely from many threads.
#include <atomic>
#include <thread>
#include <vector>

#include "lifetime_helpers.h"

namespace lifetime_test {
namespace {

bool never_fires(hsa_signal_value_t, void*) { return true; }

// Fires once with the value it saw.
struct Fired {
  std::atomic<int> calls{0};
  std::atomic<hsa_signal_value_t> value{-1};
};
bool note_fired(hsa_signal_value_t v, void* arg) {
  auto* f = static_cast<Fired*>(arg);
  f->value = v;
  f->calls.fetch_add(1);
  return false;
}

bool eventually(const std::atomic<int>& n, int want) {
  const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (n.load() != want && std::chrono::steady_clock::now() < end)
    std::this_thread::sleep_for(std::chrono::microseconds(200));
  return n.load() == want;
}

// A full session: kernel loaded, queue made, the empty kernel dispatched
// with a handler on its completion signal, everything released.
void run_clean_session(hsa_agent_t gpu) {
  EmptyKernel kernel;
  ASSERT_TRUE(kernel.load(gpu));
  hsa_queue_t* q = nullptr;
  ASSERT_EQ(
      hsa_queue_create(gpu, 64, HSA_QUEUE_TYPE_MULTI, nullptr, nullptr, UINT32_MAX, UINT32_MAX, &q),
      HSA_STATUS_SUCCESS);
  hsa_signal_t done{0};
  ASSERT_EQ(hsa_signal_create(1, 0, nullptr, &done), HSA_STATUS_SUCCESS);
  Fired fired;
  ASSERT_EQ(hsa_amd_signal_async_handler(done, HSA_SIGNAL_CONDITION_EQ, 0, note_fired, &fired),
            HSA_STATUS_SUCCESS);
  dispatch_empty(q, kernel.kernel_object, done);
  EXPECT_TRUE(eventually(fired.calls, 1));
  EXPECT_EQ(fired.value.load(), 0);
  EXPECT_EQ(hsa_signal_destroy(done), HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_queue_destroy(q), HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_executable_destroy(kernel.exe), HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_code_object_reader_destroy(kernel.reader), HSA_STATUS_SUCCESS);
}

TEST(ApiLifetime, ShutDownWithLiveObjectsThenStartClean) {
  ASSERT_EQ(hsa_init(), HSA_STATUS_SUCCESS);
  hsa_agent_t gpu = find_agent(HSA_DEVICE_TYPE_GPU);
  const hsa_agent_t cpu = find_agent(HSA_DEVICE_TYPE_CPU);
  ASSERT_NE(gpu.handle, 0u);
  ASSERT_NE(cpu.handle, 0u);
  // Everything left alive on purpose.
  std::vector<hsa_signal_t> signals(10);
  for (hsa_signal_t& s : signals)
    ASSERT_EQ(hsa_signal_create(5, 0, nullptr, &s), HSA_STATUS_SUCCESS);
  hsa_signal_group_t group{0};
  ASSERT_EQ(hsa_signal_group_create(2, signals.data(), 0, nullptr, &group), HSA_STATUS_SUCCESS);
  hsa_queue_t* q = nullptr;
  ASSERT_EQ(
      hsa_queue_create(gpu, 64, HSA_QUEUE_TYPE_MULTI, nullptr, nullptr, UINT32_MAX, UINT32_MAX, &q),
      HSA_STATUS_SUCCESS);
  EmptyKernel kernel;
  ASSERT_TRUE(kernel.load(gpu));
  // Work in flight on the queue too: the kernel dispatched, not awaited.
  dispatch_empty(q, kernel.kernel_object, signals[9]);
  const hsa_region_t system = find_region(cpu, HSA_REGION_GLOBAL_FLAG_FINE_GRAINED);
  ASSERT_NE(system.handle, 0u);
  void* memory = nullptr;
  ASSERT_EQ(hsa_memory_allocate(system, 1 << 20, &memory), HSA_STATUS_SUCCESS);
  static_cast<char*>(memory)[123] = 1;
  for (int i = 0; i < 3; ++i)
    ASSERT_EQ(hsa_amd_signal_async_handler(signals[i], HSA_SIGNAL_CONDITION_EQ, 999, never_fires,
                                           nullptr),
              HSA_STATUS_SUCCESS);
  ASSERT_EQ(hsa_shut_down(), HSA_STATUS_SUCCESS);

  // A new instance knows none of the old handles.
  ASSERT_EQ(hsa_init(), HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_signal_destroy(signals[0]), HSA_STATUS_ERROR_INVALID_SIGNAL);
  EXPECT_EQ(hsa_signal_group_destroy(group), HSA_STATUS_ERROR_INVALID_SIGNAL_GROUP);
  EXPECT_EQ(hsa_queue_destroy(q), HSA_STATUS_ERROR_INVALID_QUEUE);
  EXPECT_EQ(hsa_executable_destroy(kernel.exe), HSA_STATUS_ERROR_INVALID_EXECUTABLE);
  EXPECT_EQ(hsa_code_object_reader_destroy(kernel.reader),
            HSA_STATUS_ERROR_INVALID_CODE_OBJECT_READER);
  EXPECT_NE(hsa_memory_free(memory), HSA_STATUS_SUCCESS) << "the old allocation is gone";
  // ... and works: agents again, then a whole session.
  gpu = find_agent(HSA_DEVICE_TYPE_GPU);
  ASSERT_NE(gpu.handle, 0u);
  run_clean_session(gpu);
  EXPECT_EQ(hsa_shut_down(), HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_shut_down(), HSA_STATUS_ERROR_NOT_INITIALIZED);
}

// Several full sessions in a row, each leaving a handler armed and a
// function queued at shut_down: the event thread stops and restarts.
TEST(ApiLifetime, RepeatedSessionsRestartTheEventThread) {
  for (int round = 0; round < 5; ++round) {
    ASSERT_EQ(hsa_init(), HSA_STATUS_SUCCESS) << "round " << round;
    const hsa_agent_t gpu = find_agent(HSA_DEVICE_TYPE_GPU);
    ASSERT_NE(gpu.handle, 0u);
    run_clean_session(gpu);
    hsa_signal_t left{0};
    ASSERT_EQ(hsa_signal_create(0, 0, nullptr, &left), HSA_STATUS_SUCCESS);
    ASSERT_EQ(hsa_amd_signal_async_handler(left, HSA_SIGNAL_CONDITION_EQ, 1, never_fires, nullptr),
              HSA_STATUS_SUCCESS);
    ASSERT_EQ(hsa_shut_down(), HSA_STATUS_SUCCESS) << "round " << round;
  }
}

// A handler may end the runtime itself: the last hsa_shut_down, called on
// the event thread, leaves that thread to finish the handler and exit.
TEST(ApiLifetime, LastShutDownFromAHandler) {
  ASSERT_EQ(hsa_init(), HSA_STATUS_SUCCESS);
  static std::atomic<hsa_status_t> status{HSA_STATUS_ERROR};
  static std::atomic<int> calls{0};
  status = HSA_STATUS_ERROR;
  calls = 0;
  hsa_signal_t s{0};
  ASSERT_EQ(hsa_signal_create(0, 0, nullptr, &s), HSA_STATUS_SUCCESS);
  ASSERT_EQ(hsa_amd_signal_async_handler(
                s, HSA_SIGNAL_CONDITION_EQ, 1,
                [](hsa_signal_value_t, void*) {
                  status = hsa_shut_down();
                  calls.fetch_add(1);
                  return true;
                },
                nullptr),
            HSA_STATUS_SUCCESS);
  hsa_signal_store_screlease(s, 1);
  ASSERT_TRUE(eventually(calls, 1));
  EXPECT_EQ(status.load(), HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_shut_down(), HSA_STATUS_ERROR_NOT_INITIALIZED);
  // The handler asked to stay armed, but its runtime is gone: a new one
  // starts clean and runs handlers again.
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  EXPECT_EQ(calls.load(), 1);
  ASSERT_EQ(hsa_init(), HSA_STATUS_SUCCESS);
  hsa_signal_t t{0};
  ASSERT_EQ(hsa_signal_create(1, 0, nullptr, &t), HSA_STATUS_SUCCESS);
  Fired fired;
  ASSERT_EQ(hsa_amd_signal_async_handler(t, HSA_SIGNAL_CONDITION_EQ, 1, note_fired, &fired),
            HSA_STATUS_SUCCESS);
  EXPECT_TRUE(eventually(fired.calls, 1));
  EXPECT_EQ(hsa_shut_down(), HSA_STATUS_SUCCESS);
}

// A handler still running at the last hsa_shut_down that calls the API
// does not deadlock the shut_down: after a grace period the event thread
// is left to finish, and the handler's call reports NOT_INITIALIZED.
TEST(ApiLifetime, HandlerRunningAtShutDownDoesNotDeadlock) {
  ASSERT_EQ(hsa_init(), HSA_STATUS_SUCCESS);
  struct InFlight {
    std::atomic<int> entered{0}, finished{0};
    std::atomic<hsa_status_t> status{HSA_STATUS_SUCCESS};
  };
  static InFlight f;
  f.entered = f.finished = 0;
  hsa_signal_t s{0};
  ASSERT_EQ(hsa_signal_create(0, 0, nullptr, &s), HSA_STATUS_SUCCESS);
  ASSERT_EQ(hsa_amd_signal_async_handler(
                s, HSA_SIGNAL_CONDITION_EQ, 1,
                [](hsa_signal_value_t, void*) {
                  f.entered.fetch_add(1);
                  // Calls the API until the runtime is gone; one of the
                  // calls lands while shut_down holds the runtime lock.
                  const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(5);
                  uint16_t major = 0;
                  do {
                    f.status = hsa_system_get_info(HSA_SYSTEM_INFO_VERSION_MAJOR, &major);
                    std::this_thread::sleep_for(std::chrono::milliseconds(1));
                  } while (f.status.load() == HSA_STATUS_SUCCESS &&
                           std::chrono::steady_clock::now() < end);
                  f.finished.fetch_add(1);
                  return false;
                },
                nullptr),
            HSA_STATUS_SUCCESS);
  hsa_signal_store_screlease(s, 1);
  ASSERT_TRUE(eventually(f.entered, 1));
  const auto start = std::chrono::steady_clock::now();
  EXPECT_EQ(hsa_shut_down(), HSA_STATUS_SUCCESS);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(5));
  ASSERT_TRUE(eventually(f.finished, 1));
  EXPECT_EQ(f.status.load(), HSA_STATUS_ERROR_NOT_INITIALIZED);
}

// Every API outside init .. shut_down answers NOT_INITIALIZED.
void expect_not_initialized() {
  hsa_signal_t s{0};
  hsa_agent_t agent{0x1000};
  hsa_queue_t* q = nullptr;
  hsa_executable_t exe{0};
  void* p = nullptr;
  uint16_t major = 0;
  const char* text = nullptr;
  hsa_endianness_t endian{};
  const struct {
    const char* name;
    hsa_status_t status;
  } calls[] = {
      {"hsa_system_get_info", hsa_system_get_info(HSA_SYSTEM_INFO_ENDIANNESS, &endian)},
      {"hsa_iterate_agents",
       hsa_iterate_agents([](hsa_agent_t, void*) { return HSA_STATUS_SUCCESS; }, nullptr)},
      {"hsa_agent_get_info", hsa_agent_get_info(agent, HSA_AGENT_INFO_DEVICE, &major)},
      {"hsa_status_string", hsa_status_string(HSA_STATUS_SUCCESS, &text)},
      {"hsa_signal_create", hsa_signal_create(0, 0, nullptr, &s)},
      {"hsa_signal_destroy", hsa_signal_destroy(s)},
      {"hsa_queue_create", hsa_queue_create(agent, 64, HSA_QUEUE_TYPE_MULTI, nullptr, nullptr,
                                            UINT32_MAX, UINT32_MAX, &q)},
      {"hsa_executable_create_alt",
       hsa_executable_create_alt(HSA_PROFILE_BASE, HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT, nullptr,
                                 &exe)},
      {"hsa_memory_allocate", hsa_memory_allocate(hsa_region_t{0x1000}, 64, &p)},
      {"hsa_amd_signal_async_handler",
       hsa_amd_signal_async_handler(s, HSA_SIGNAL_CONDITION_EQ, 0, never_fires, nullptr)},
      {"hsa_amd_async_function", hsa_amd_async_function([](void*) {}, nullptr)},
      {"hsa_shut_down", hsa_shut_down()},
  };
  for (const auto& c : calls) EXPECT_EQ(c.status, HSA_STATUS_ERROR_NOT_INITIALIZED) << c.name;
}

TEST(ApiLifetime, NestedInitsNeedAsManyShutDowns) {
  constexpr int kDepth = 3;
  for (int i = 0; i < kDepth; ++i) ASSERT_EQ(hsa_init(), HSA_STATUS_SUCCESS);
  for (int i = 0; i < kDepth; ++i) {
    // Still up before the last shut_down: objects can be made and used.
    hsa_signal_t s{0};
    ASSERT_EQ(hsa_signal_create(i, 0, nullptr, &s), HSA_STATUS_SUCCESS) << "depth " << i;
    EXPECT_EQ(hsa_signal_load_relaxed(s), i);
    EXPECT_EQ(hsa_signal_destroy(s), HSA_STATUS_SUCCESS);
    EXPECT_EQ(hsa_shut_down(), HSA_STATUS_SUCCESS) << "shut_down " << i + 1;
  }
  expect_not_initialized();
}

TEST(ApiLifetime, NothingWorksBeforeTheFirstInit) { expect_not_initialized(); }

// hsa_init and hsa_shut_down from several threads at once: each thread's
// objects stay valid while it holds its own reference, and the count ends
// at zero.
TEST(ApiConcurrencyInit, ThreadsInitAndShutDownTogether) {
  constexpr int kThreads = 4;
  constexpr int kRounds = 15;
  std::atomic<int> failures{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      for (int r = 0; r < kRounds; ++r) {
        if (hsa_init() != HSA_STATUS_SUCCESS) {
          failures.fetch_add(1);
          continue;
        }
        hsa_signal_t s{0};
        const hsa_signal_value_t v = t * 1000 + r;
        if (hsa_signal_create(0, 0, nullptr, &s) != HSA_STATUS_SUCCESS) {
          failures.fetch_add(1);
        } else {
          hsa_signal_store_screlease(s, v);
          if (hsa_signal_wait_scacquire(s, HSA_SIGNAL_CONDITION_EQ, v, 1000000000ull,
                                        HSA_WAIT_STATE_ACTIVE) != v ||
              hsa_signal_destroy(s) != HSA_STATUS_SUCCESS)
            failures.fetch_add(1);
        }
        if (hsa_shut_down() != HSA_STATUS_SUCCESS) failures.fetch_add(1);
      }
    });
  for (std::thread& t : threads) t.join();
  EXPECT_EQ(failures.load(), 0);
  EXPECT_EQ(hsa_shut_down(), HSA_STATUS_ERROR_NOT_INITIALIZED) << "every init was matched";
}

// Handlers registered from several threads while others init and shut
// down: the async part follows the runtime's lifetime.
TEST(ApiConcurrencyInit, AsyncHandlersAcrossConcurrentSessions) {
  constexpr int kThreads = 3;
  constexpr int kRounds = 6;
  std::atomic<int> failures{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&] {
      for (int r = 0; r < kRounds; ++r) {
        if (hsa_init() != HSA_STATUS_SUCCESS) {
          failures.fetch_add(1);
          continue;
        }
        hsa_signal_t s{0};
        Fired fired;
        if (hsa_signal_create(0, 0, nullptr, &s) != HSA_STATUS_SUCCESS ||
            hsa_amd_signal_async_handler(s, HSA_SIGNAL_CONDITION_EQ, 4, note_fired, &fired) !=
                HSA_STATUS_SUCCESS) {
          failures.fetch_add(1);
        } else {
          hsa_signal_store_screlease(s, 4);
          if (!eventually(fired.calls, 1) || fired.value.load() != 4) failures.fetch_add(1);
          hsa_signal_destroy(s);
        }
        if (hsa_shut_down() != HSA_STATUS_SUCCESS) failures.fetch_add(1);
      }
    });
  for (std::thread& t : threads) t.join();
  EXPECT_EQ(failures.load(), 0);
  EXPECT_EQ(hsa_shut_down(), HSA_STATUS_ERROR_NOT_INITIALIZED);
}

}  // namespace
}  // namespace lifetime_test
