// The runtime's state between hsa_init and the last hsa_shut_down: the
// agents and regions read from the thunk's topology and the memory the API
// handed out. API files reach it through runtime(); they check
// HSART_CHECK_INIT() (runtime/init_check.h) first.
#pragma once

#include <hsa/hsa.h>

#include <atomic>
#include <deque>
#include <map>
#include <mutex>

#include "memory/allocation.h"
#include "runtime/init_check.h"
#include "runtime/topology.h"

namespace hsart {

struct Runtime {
  std::mutex mu;  // guards refcount and the topology's lifetime
  int refcount = 0;
  // refcount > 0 and the parts started, readable without mu: every API call
  // checks it, and a lock there would cost more than a signal operation.
  std::atomic<bool> up{false};
  std::deque<Agent> agents;
  std::deque<Region> regions;

  std::mutex memory_mu;                     // guards the four maps below
  std::map<void*, Allocation> allocations;  // by base: hsa_memory_allocate, pools
  std::map<void*, unsigned> registrations;  // hsa_memory_register count
  std::map<void*, Lock> locks;              // by host pointer: hsa_amd_memory_lock*
  // hsa_amd_ipc_memory_attach: the pointer it returned -> the thunk's
  // import (its base; they differ for a part of a ROCr block).
  std::map<void*, void*> imports;
};

Runtime& runtime();

}  // namespace hsart
