// Chooses the process's transport once: the real /dev/kfd when it exists,
// the in-process emulated KFD otherwise; $HSAKMT_TRANSPORT forces either.
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "transport.h"

namespace hsakmt {
namespace {

// ROCm's thunk counts debug levels 3 (errors) .. 7 (debug).
bool debug_logging() {
  const char* env = std::getenv("HSAKMT_DEBUG_LEVEL");
  return env && std::atoi(env) >= 7;
}

std::unique_ptr<Transport> choose() {
  const char* forced = std::getenv("HSAKMT_TRANSPORT");
  const char* why = "forced by HSAKMT_TRANSPORT";
  bool emulated;
  if (forced && std::strcmp(forced, "kfd") == 0) {
    emulated = false;
  } else if (forced && std::strcmp(forced, "emulated") == 0) {
    emulated = true;
  } else {
    if (forced && *forced)
      std::fprintf(stderr, "libhsakmt: HSAKMT_TRANSPORT='%s' is neither 'kfd' nor 'emulated'\n",
                   forced);
    emulated = access(kKfdDevice, F_OK) != 0;
    why = emulated ? "no /dev/kfd" : "/dev/kfd exists";
  }
  std::unique_ptr<Transport> t = emulated ? make_emulated_transport() : make_kfd_transport();
  if (debug_logging()) std::fprintf(stderr, "libhsakmt: transport '%s' (%s)\n", t->name(), why);
  return t;
}

}  // namespace

Transport& transport() {
  // Never destroyed: queues and memory may outlive static destructors.
  static Transport* const chosen = choose().release();
  return *chosen;
}

}  // namespace hsakmt
