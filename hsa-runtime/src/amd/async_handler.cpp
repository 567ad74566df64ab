// hsa_amd_signal_async_handler and hsa_amd_async_function, over one
// AsyncLoop per runtime instance (made at first use, stopped at the last
// hsa_shut_down). Checks follow ROCr: a signal the host cannot sleep on
// (no KFD event: made for GPU consumers only) is rejected as invalid, since
// the event thread would otherwise have to poll it.
#include <hsa/hsa.h>
#include <hsa/hsa_ext_amd.h>

#include <memory>
#include <mutex>

#include "amd/async_loop.h"
#include "runtime/components.h"
#include "runtime/runtime.h"
#include "signals/api_state.h"
#include "signals/wait_condition.h"

namespace hsart {
namespace {

std::mutex g_mu;  // guards g_loop
std::shared_ptr<AsyncLoop> g_loop;

}  // namespace

// The loop's thread waits on signals of the pool and runs handlers that may
// call any part: runtime/components.cpp stops it before everything else.
void async_handlers_stop(Runtime&) {
  std::shared_ptr<AsyncLoop> loop;
  {
    std::lock_guard<std::mutex> lock(g_mu);
    loop.swap(g_loop);
  }
  if (loop) loop->stop();
}

namespace {

// The running instance's loop, made on first use; nullptr once the
// runtime is down.
std::shared_ptr<AsyncLoop> loop() {
  SignalPool* pool = signal_pool();
  if (!pool) return nullptr;
  std::lock_guard<std::mutex> lock(g_mu);
  if (!g_loop) g_loop = std::make_shared<AsyncLoop>(pool);
  return g_loop;
}

}  // namespace
}  // namespace hsart

extern "C" {

hsa_status_t HSA_API hsa_amd_signal_async_handler(hsa_signal_t signal, hsa_signal_condition_t cond,
                                                  hsa_signal_value_t value,
                                                  hsa_amd_signal_handler handler, void* arg) {
  HSART_CHECK_INIT();
  const hsart::Signal* s = hsart::signal_from(signal);
  if (!s || !s->is_interrupt()) return HSA_STATUS_ERROR_INVALID_SIGNAL;
  const auto condition = static_cast<hsart::WaitCondition>(cond);
  if (!handler || !hsart::condition_valid(condition)) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  const std::shared_ptr<hsart::AsyncLoop> loop = hsart::loop();
  if (!loop) return HSA_STATUS_ERROR_NOT_INITIALIZED;
  return loop->add_handler({signal.handle, condition, value, handler, arg});
}

hsa_status_t HSA_API hsa_amd_async_function(void (*callback)(void* arg), void* arg) {
  HSART_CHECK_INIT();
  if (!callback) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  const std::shared_ptr<hsart::AsyncLoop> loop = hsart::loop();
  if (!loop) return HSA_STATUS_ERROR_NOT_INITIALIZED;
  return loop->add_function({callback, arg});
}

}  // extern "C"
