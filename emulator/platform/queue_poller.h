// The thread of a polling engine (command processor, SDMA): passes over the
// mapped queues of its QueueSet, serving each that may hold work, and paces
// itself between passes with an IdlePacer. What serving a queue means is
// the engine's; when to look at a queue, how the thread hands queues back
// to map/update/unmap, and when it sleeps are the same for every engine and
// live here once.
//
// A queue whose pass moved nothing and stopped at nothing that waits is
// quiet: it is skipped until its doorbell changes, a kick asks for a
// recheck (a signal a packet may wait on changed), or the engine says the
// doorbell value itself names unseen work. With no queue mapped, the thread
// sleeps until a map or a kick wakes it.
//
// Q has, beyond what QueueSet uses: desc.doorbell (the 64-bit doorbell the
// client writes); quiet_doorbell; atomics idle_doorbell and idle (the quiet
// state as kick() reads it from other threads).
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

#include "platform/idle_pacer.h"
#include "platform/queue_set.h"

namespace gcn {

// What one pass over a queue found.
struct QueuePass {
  bool moved = false;    // it went past at least one packet
  bool waiting = false;  // it stopped at a packet that waits (on a signal, a poll)
};

// Runs until set.stop. serve(Q&) -> QueuePass serves one queue without the
// set's lock; bell_names_work(const Q&, uint64_t doorbell) says whether an
// unchanged doorbell of a quiet queue still names work not yet seen.
template <typename Q, typename Serve, typename BellNamesWork>
void poll_queues(QueueSet<Q>& set, Serve serve, BellNamesWork bell_names_work) {
  std::vector<std::shared_ptr<Q>> list;  // this thread's copy of the queue set
  uint64_t seen_generation = ~0ull;
  uint64_t seen_kicks = 0;
  IdlePacer pacer;

  for (;;) {
    {
      std::lock_guard<std::mutex> lock(set.mu);
      if (set.stop) return;
      if (seen_generation != set.generation) {
        list.clear();
        for (const auto& [id, q] : set.queues) list.push_back(q);
        seen_generation = set.generation;
      }
    }

    bool progress = false;
    const uint64_t k = set.kicks.load(std::memory_order_relaxed);
    const bool recheck = k != seen_kicks;
    seen_kicks = k;
    for (const auto& q : list) {
      uint64_t bell = 0;
      {
        std::lock_guard<std::mutex> lock(set.mu);
        if (q->unmapped || q->state != QueueState::kActive || !q->desc.ring_bytes) continue;
        // The doorbell is read first: a packet published after this load
        // changes it, so the queue cannot be marked quiet past new work.
        bell = __atomic_load_n(q->desc.doorbell, __ATOMIC_ACQUIRE);
        if (q->quiet && bell == q->quiet_doorbell && !recheck && !bell_names_work(*q, bell))
          continue;
        set.running = q.get();
      }
      const QueuePass pass = serve(*q);
      progress |= pass.moved;
      q->quiet = !pass.moved && !pass.waiting;
      q->quiet_doorbell = bell;
      q->idle_doorbell.store(bell, std::memory_order_relaxed);
      q->idle.store(q->quiet, std::memory_order_release);
      {
        std::lock_guard<std::mutex> lock(set.mu);
        set.running = nullptr;
        if (q->update_pending) set.apply_update(*q);
      }
      set.idle_cv.notify_all();
    }

    if (pacer.poll_again(progress)) continue;
    std::unique_lock<std::mutex> lock(set.mu);
    pacer.sleep(lock, set.wake_cv, set.queues.empty(), [&] { return set.kicked || set.stop; });
    pacer.woke(set.kicked);
    set.kicked = false;
  }
}

}  // namespace gcn
