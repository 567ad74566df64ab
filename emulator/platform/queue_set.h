// The queue bookkeeping the command processor and the SDMA engines share:
// the mapped queues under one lock, the engine thread and its handshakes
// (wake for kicks and maps, idle for unmaps waiting on the thread), and the
// map/update/unmap/state/error operations on the set. Each engine's Impl
// derives from QueueSet<its queue type>; what a queue holds beyond the
// fields used here, and how the thread serves it, stay the engine's own.
//
// Q has: id; desc.{active, ring_va, ring_bytes}; state (atomic
// QueueState); error; unmapped; update_pending; new_ring_va/bytes; quiet.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "cp/command_processor.h"

namespace gcn {

template <typename Q>
struct QueueSet {
  mutable std::mutex mu;
  std::condition_variable wake_cv;  // kick, map, update, stop
  std::condition_variable idle_cv;  // the thread left a queue (unmap waits)
  std::map<int, std::shared_ptr<Q>> queues;
  uint64_t generation = 0;     // bumped when the set changes
  const Q* running = nullptr;  // the queue the thread serves now
  int next_id = 0;
  bool stop = false;
  bool kicked = false;
  std::atomic<uint64_t> kicks{0};  // every kick: quiet queues are looked at again
  std::thread thread;

  // Adds q and wakes the thread; returns its id.
  int add(std::shared_ptr<Q> q) {
    {
      std::lock_guard<std::mutex> lock(mu);
      q->id = next_id++;
      queues[q->id] = q;
      ++generation;
      kicked = true;
    }
    wake_cv.notify_all();
    return q->id;
  }

  // The state changes now; a new ring takes effect once the thread is not
  // serving the queue (it reads the ring without the lock).
  bool update(int id, uint64_t ring_va, uint64_t ring_bytes, bool active) {
    std::unique_lock<std::mutex> lock(mu);
    auto it = queues.find(id);
    if (it == queues.end()) return false;
    Q* q = it->second.get();
    q->desc.active = active;
    if (q->state != QueueState::kError)
      q->state = active ? QueueState::kActive : QueueState::kInactive;
    q->new_ring_va = ring_va;
    q->new_ring_bytes = ring_bytes;
    q->update_pending = true;
    if (running != q) apply_update(*q);
    kicked = true;
    lock.unlock();
    wake_cv.notify_all();
    return true;
  }

  // Under mu, the thread not serving q.
  void apply_update(Q& q) {
    q.desc.ring_va = q.new_ring_va;
    q.desc.ring_bytes = q.new_ring_bytes;
    q.update_pending = false;
    q.quiet = false;
  }

  // Removes the queue, runs on_removed(q) under the lock (to stop work in
  // flight), and waits until the thread has let go of it, unless called
  // from the thread itself (an interrupt handler), where waiting would
  // deadlock.
  template <typename OnRemoved>
  void remove(int id, OnRemoved on_removed) {
    std::unique_lock<std::mutex> lock(mu);
    auto it = queues.find(id);
    if (it == queues.end()) return;
    std::shared_ptr<Q> q = it->second;
    queues.erase(it);
    ++generation;
    q->unmapped = true;
    on_removed(*q);
    if (std::this_thread::get_id() == thread.get_id()) return;
    idle_cv.wait(lock, [&] { return running != q.get(); });
  }

  QueueState state(int id) const {
    std::lock_guard<std::mutex> lock(mu);
    auto it = queues.find(id);
    return it == queues.end() ? QueueState::kInactive : it->second->state.load();
  }

  std::string error(int id) const {
    std::lock_guard<std::mutex> lock(mu);
    auto it = queues.find(id);
    return it == queues.end() ? std::string() : it->second->error;
  }

  // A kick wakes the thread only when may_have_work() (under mu) says a
  // queue may hold work it has not seen.
  template <typename MayHaveWork>
  void kick(MayHaveWork may_have_work) {
    {
      std::lock_guard<std::mutex> lock(mu);
      if (!may_have_work()) return;
      kicked = true;
    }
    kicks.fetch_add(1, std::memory_order_relaxed);
    wake_cv.notify_one();
  }

  // Unmaps every queue with unmap(id), then stops and joins the thread.
  template <typename Unmap>
  void shut_down(Unmap unmap) {
    std::vector<int> ids;
    {
      std::lock_guard<std::mutex> lock(mu);
      for (const auto& [id, q] : queues) ids.push_back(id);
    }
    for (int id : ids) unmap(id);
    {
      std::lock_guard<std::mutex> lock(mu);
      stop = true;
    }
    wake_cv.notify_all();
    thread.join();
  }
};

}  // namespace gcn
