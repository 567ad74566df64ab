// fork() and the KFD, as ROCm's thunk handles it (openclose.c): a child
// cannot use its parent's session. The KFD keys a process by its address
// space, so the /dev/kfd file the child inherited answers to the parent,
// and the thunk's bookkeeping (buffer objects, queues, events, doorbell
// and buffer mappings) describes the parent's objects. The child is marked
// forked; its calls say KERNEL_IO_CHANNEL_NOT_OPENED until its own
// hsaKmtOpenKFD, which first forgets the parent's session (no ioctl: none
// of it is the child's to free) and then opens a fresh one.
#include <pthread.h>
#include <unistd.h>

#include "thunk.h"

namespace hsakmt {
namespace {

// Every thunk lock, in the order the API takes them (open/close hold mu and
// then an area's lock; queues and events allocate memory under their own).
void prepare() {
  Thunk& t = thunk();
  t.mu.lock();
  queues_mutex().lock();
  events_mutex().lock();
  memory_mutex().lock();
  if (t.transport) t.transport->before_fork();
}

void unlock_all() {
  memory_mutex().unlock();
  events_mutex().unlock();
  queues_mutex().unlock();
  thunk().mu.unlock();
}

void parent() {
  Thunk& t = thunk();
  if (t.transport) t.transport->after_fork_parent();
  unlock_all();
}

// The child has one thread, the one that forked and holds every lock.
void child() {
  Thunk& t = thunk();
  if (t.transport) t.transport->after_fork_child();
  t.forked.store(true, std::memory_order_relaxed);
  unlock_all();
}

}  // namespace

void install_fork_handlers() {
  // Handlers cannot be removed, and installing them twice would make
  // prepare() take each lock twice: once per process, as ROCm does.
  static const bool installed = pthread_atfork(prepare, parent, child) == 0;
  (void)installed;
}

void forget_parent_session() {
  Thunk& t = thunk();
  queues_forget();
  events_forget();
  memory_forget();
  // The inherited files are this process's descriptors: closing them drops
  // only the child's references (the parent keeps its own).
  for (GpuNode& g : t.gpus)
    if (g.drm_fd >= 0) t.transport->close(g.drm_fd);
  t.gpus.clear();
  if (t.kfd_fd >= 0) t.transport->close(t.kfd_fd);
  t.kfd_fd = -1;
  t.node_count = 0;
  t.open_count = 0;
  t.opener = 0;
  t.forked.store(false, std::memory_order_relaxed);
}

}  // namespace hsakmt
