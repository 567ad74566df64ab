// The runtime's asynchronous event thread behind hsa_amd_signal_async_handler
// and hsa_amd_async_function. One thread per runtime instance, started by
// the first registration, waits on every armed signal plus a private wake
// signal; registrations store to the wake signal so the thread rebuilds its
// wait set. Handlers and functions run on that thread with no lock held, so
// they may call any hsa_* function, registering more work included.
//
// As HSA requires, a program keeps a signal alive while a handler on it is
// armed: the thread may be waiting on it. A handler may destroy its own
// signal (or another's, whose handler then goes too), since handlers run
// between waits.
#pragma once

#include <hsa/hsa.h>
#include <hsa/hsa_ext_amd.h>

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "signals/signal.h"
#include "signals/signal_pool.h"
#include "signals/signal_types.h"

namespace hsart {

class AsyncLoop : public std::enable_shared_from_this<AsyncLoop> {
 public:
  // One registered handler: called with the value seen once the signal
  // satisfies (condition, compare); it stays armed while it returns true.
  struct Handler {
    uint64_t signal;
    WaitCondition condition;
    int64_t compare;
    hsa_amd_signal_handler fn;
    void* arg;
  };
  struct Function {
    void (*fn)(void*);
    void* arg;
  };

  // The pool must outlive the loop's stop().
  explicit AsyncLoop(SignalPool* pool) : pool_(pool) {}
  AsyncLoop(const AsyncLoop&) = delete;
  AsyncLoop& operator=(const AsyncLoop&) = delete;

  // Queue work for the thread, starting it on first use.
  // HSA_STATUS_ERROR_OUT_OF_RESOURCES when the wake signal or the thread
  // cannot be made; HSA_STATUS_ERROR_NOT_INITIALIZED after stop().
  hsa_status_t add_handler(const Handler& h);
  hsa_status_t add_function(const Function& f);

  // Ends the thread (pending work is dropped, as at ROCr's shut_down) and
  // gives the wake signal back. Called from a handler (a handler that shuts
  // the runtime down), the thread is left to finish that handler and exit
  // on its own; likewise when a handler still runs after kStopGraceMs, since
  // it may be blocked on the runtime lock the caller of stop() holds.
  void stop();

 private:
  static constexpr int kStopGraceMs = 500;

  hsa_status_t start_locked();
  hsa_status_t enqueue(const Handler* h, const Function* f);
  void run();
  // Waits for the first armed handler whose condition holds (or a wake-up)
  // and runs it; drops handlers whose signal a handler destroyed.
  void wait_and_dispatch(std::vector<Handler>& armed);

  SignalPool* pool_;
  std::mutex mu_;  // guards everything below except stopping_
  std::condition_variable exited_cv_;
  std::vector<Handler> new_handlers_;
  std::vector<Function> functions_;
  Signal* wake_ = nullptr;
  std::thread thread_;
  bool started_ = false;
  bool exited_ = false;
  bool in_callback_ = false;
  std::atomic<bool> stopping_{false};
};

}  // namespace hsart
