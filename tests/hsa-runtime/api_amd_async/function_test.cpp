// hsa_amd_async_function: the callback runs once, on the runtime's event
// thread, with its argument; callbacks may queue more callbacks.
#include <atomic>
#include <thread>

#include "async_fixture.h"

namespace async_test {
namespace {

using ApiAsyncFunction = ApiAsyncTest;

struct Calls {
  std::atomic<int> n{0};
  std::atomic<void*> arg{nullptr};
  std::atomic<bool> on_caller_thread{true};
  std::thread::id caller;
};

void count(void* arg) {
  auto* c = static_cast<Calls*>(arg);
  c->arg = arg;
  c->on_caller_thread = std::this_thread::get_id() == c->caller;
  c->n.fetch_add(1);
}

TEST_F(ApiAsyncFunction, RunsOnceOnAnotherThreadWithItsArgument) {
  Calls c;
  c.caller = std::this_thread::get_id();
  ASSERT_EQ(hsa_amd_async_function(count, &c), HSA_STATUS_SUCCESS);
  ASSERT_TRUE(eventually([&] { return c.n.load() == 1; }));
  EXPECT_EQ(c.arg.load(), &c);
  EXPECT_FALSE(c.on_caller_thread.load());
  settle();
  EXPECT_EQ(c.n.load(), 1) << "a function runs once";
}

TEST_F(ApiAsyncFunction, ManyFunctionsEachRunOnce) {
  constexpr int kFunctions = 200;
  Calls c;
  for (int i = 0; i < kFunctions; ++i)
    ASSERT_EQ(hsa_amd_async_function(count, &c), HSA_STATUS_SUCCESS);
  ASSERT_TRUE(eventually([&] { return c.n.load() == kFunctions; }));
  settle();
  EXPECT_EQ(c.n.load(), kFunctions);
}

// A function that queues the next one, ten deep.
struct Relay {
  std::atomic<int> depth{0};
  std::atomic<hsa_status_t> last{HSA_STATUS_SUCCESS};
};

void relay(void* arg) {
  auto* r = static_cast<Relay*>(arg);
  if (r->depth.fetch_add(1) + 1 < 10) {
    const hsa_status_t s = hsa_amd_async_function(relay, r);
    if (s != HSA_STATUS_SUCCESS) r->last = s;
  }
}

TEST_F(ApiAsyncFunction, FunctionsQueueFunctions) {
  Relay r;
  ASSERT_EQ(hsa_amd_async_function(relay, &r), HSA_STATUS_SUCCESS);
  ASSERT_TRUE(eventually([&] { return r.depth.load() == 10; }));
  settle();
  EXPECT_EQ(r.depth.load(), 10);
  EXPECT_EQ(r.last.load(), HSA_STATUS_SUCCESS);
}

}  // namespace
}  // namespace async_test
