// AsyncLoop: the event thread. Each round it takes newly registered
// handlers and functions under the lock, resets the wake signal, runs the
// functions, then blocks on the wake signal and every armed handler's
// signal at once (one SignalGroup, so one KFD wait covers them all).
#include "amd/async_loop.h"

#include <chrono>
#include <system_error>

#include "signals/signal_group.h"

namespace hsart {

hsa_status_t AsyncLoop::add_handler(const Handler& h) { return enqueue(&h, nullptr); }

hsa_status_t AsyncLoop::add_function(const Function& f) { return enqueue(nullptr, &f); }

hsa_status_t AsyncLoop::enqueue(const Handler* h, const Function* f) {
  std::lock_guard<std::mutex> lock(mu_);
  if (stopping_) return HSA_STATUS_ERROR_NOT_INITIALIZED;
  if (!started_) {
    const hsa_status_t s = start_locked();
    if (s != HSA_STATUS_SUCCESS) return s;
  }
  if (h) new_handlers_.push_back(*h);
  if (f) functions_.push_back(*f);
  // Any value but 0 satisfies the thread's wait on the wake signal.
  wake_->store(1, MemoryOrder::kRelease);
  return HSA_STATUS_SUCCESS;
}

hsa_status_t AsyncLoop::start_locked() {
  // An interrupt signal, so the thread sleeps on its KFD event with the rest.
  if (pool_->create(0, true, &wake_) != SignalStatus::kSuccess)
    return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
  try {
    // The thread holds the loop alive, so a thread left to finish a handler
    // after stop() never sees a destroyed object.
    thread_ = std::thread([self = shared_from_this()] { self->run(); });
  } catch (const std::system_error&) {
    pool_->destroy(wake_->handle());
    wake_ = nullptr;
    return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
  }
  started_ = true;
  return HSA_STATUS_SUCCESS;
}

void AsyncLoop::run() {
  std::vector<Handler> armed;
  for (;;) {
    std::vector<Function> functions;
    {
      std::lock_guard<std::mutex> lock(mu_);
      if (stopping_) break;
      armed.insert(armed.end(), new_handlers_.begin(), new_handlers_.end());
      new_handlers_.clear();
      functions.swap(functions_);
      // Reset under the lock: a registration after this point stores 1
      // again, so none is missed by the wait below.
      wake_->silent_store(0, MemoryOrder::kRelaxed);
    }
    if (functions.empty()) {
      wait_and_dispatch(armed);
      continue;
    }
    for (const Function& f : functions) {
      if (stopping_) break;
      {
        std::lock_guard<std::mutex> lock(mu_);
        in_callback_ = true;
      }
      f.fn(f.arg);
      std::lock_guard<std::mutex> lock(mu_);
      in_callback_ = false;
    }
  }
  {
    std::lock_guard<std::mutex> lock(mu_);
    exited_ = true;
  }
  exited_cv_.notify_all();
}

void AsyncLoop::wait_and_dispatch(std::vector<Handler>& armed) {
  // Slot 0 is the wake signal (condition: not 0); slot i + 1 is armed[i].
  std::vector<Signal*> members{wake_};
  std::vector<WaitCondition> conditions{WaitCondition::kNe};
  std::vector<int64_t> compares{0};
  size_t kept = 0;
  for (const Handler& h : armed) {
    // A signal a handler destroyed while other handlers on it were armed
    // takes them with it: there is nothing left to wait for.
    Signal* s = pool_->find(h.signal);
    if (!s) continue;
    armed[kept++] = h;
    members.push_back(s);
    conditions.push_back(h.condition);
    compares.push_back(h.compare);
  }
  armed.resize(kept);

  const SignalGroup group(std::move(members));
  size_t index = SignalGroup::kNone;
  int64_t value = 0;
  if (group.wait_any(conditions.data(), compares.data(), WaitExpectancy::kLong,
                     MemoryOrder::kAcquire, kWaitForever, &index,
                     &value) != SignalStatus::kSuccess ||
      index == SignalGroup::kNone || index == 0 || stopping_)
    return;

  const Handler h = armed[index - 1];
  armed.erase(armed.begin() + static_cast<std::ptrdiff_t>(index - 1));
  {
    std::lock_guard<std::mutex> lock(mu_);
    in_callback_ = true;
  }
  const bool keep = h.fn(static_cast<hsa_signal_value_t>(value), h.arg);
  {
    std::lock_guard<std::mutex> lock(mu_);
    in_callback_ = false;
  }
  // A kept handler goes to the back, so one whose condition stays true
  // cannot starve the others (the group favours low slots).
  if (keep) armed.push_back(h);
}

void AsyncLoop::stop() {
  std::unique_lock<std::mutex> lock(mu_);
  stopping_ = true;
  new_handlers_.clear();
  functions_.clear();
  if (!started_) return;
  started_ = false;
  wake_->store(1, MemoryOrder::kRelease);
  bool exited = false;
  if (thread_.get_id() != std::this_thread::get_id()) {
    exited = exited_cv_.wait_for(lock, std::chrono::milliseconds(kStopGraceMs),
                                 [this] { return exited_; });
    // Not in a callback: the thread is on its way out, wait for it.
    if (!exited && !in_callback_) {
      exited_cv_.wait(lock, [this] { return exited_ || in_callback_; });
      exited = exited_;
    }
  }
  Signal* wake = wake_;
  wake_ = nullptr;
  lock.unlock();
  if (exited)
    thread_.join();
  else
    thread_.detach();  // it leaves at its next look at stopping_
  pool_->destroy(wake->handle());
}

}  // namespace hsart
