// Dispatch as kfd_ioctl() does it: a number outside the table is -ENOTTY;
// the struct size is the kernel's own (a caller's smaller struct is
// zero-extended, a larger one truncated, never rejected); a struct at NULL
// or at unmapped memory is -EFAULT; commands that only return data start
// from a zeroed struct; the struct is copied back for commands that return
// data.
#include "emulated/ioctl_table.h"

#include <sys/ioctl.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>
#include <new>

#include "kfd_ioctl_rules.h"

namespace hsakmt::emu {
namespace {

using Handler = int (*)(Process&, void*);

struct Command {
  unsigned long cmd;  // the uAPI's request code: size and direction
  Handler handler;
};

constexpr Command kCommands[] = {
    {AMDKFD_IOC_GET_VERSION, ioctl_get_version},
    {AMDKFD_IOC_CREATE_QUEUE, ioctl_create_queue},
    {AMDKFD_IOC_DESTROY_QUEUE, ioctl_destroy_queue},
    {AMDKFD_IOC_SET_MEMORY_POLICY, ioctl_set_memory_policy},
    {AMDKFD_IOC_GET_CLOCK_COUNTERS, ioctl_get_clock_counters},
    {AMDKFD_IOC_GET_PROCESS_APERTURES, ioctl_get_process_apertures},
    {AMDKFD_IOC_UPDATE_QUEUE, ioctl_update_queue},
    {AMDKFD_IOC_CREATE_EVENT, ioctl_create_event},
    {AMDKFD_IOC_DESTROY_EVENT, ioctl_destroy_event},
    {AMDKFD_IOC_SET_EVENT, ioctl_set_event},
    {AMDKFD_IOC_RESET_EVENT, ioctl_reset_event},
    {AMDKFD_IOC_WAIT_EVENTS, ioctl_wait_events},
    {AMDKFD_IOC_DBG_REGISTER_DEPRECATED, nullptr},
    {AMDKFD_IOC_DBG_UNREGISTER_DEPRECATED, nullptr},
    {AMDKFD_IOC_DBG_ADDRESS_WATCH_DEPRECATED, nullptr},
    {AMDKFD_IOC_DBG_WAVE_CONTROL_DEPRECATED, nullptr},
    {AMDKFD_IOC_SET_SCRATCH_BACKING_VA, ioctl_set_scratch_backing_va},
    {AMDKFD_IOC_GET_TILE_CONFIG, ioctl_get_tile_config},
    {AMDKFD_IOC_SET_TRAP_HANDLER, ioctl_set_trap_handler},
    {AMDKFD_IOC_GET_PROCESS_APERTURES_NEW, ioctl_get_process_apertures_new},
    {AMDKFD_IOC_ACQUIRE_VM, ioctl_acquire_vm},
    {AMDKFD_IOC_ALLOC_MEMORY_OF_GPU, ioctl_alloc_memory},
    {AMDKFD_IOC_FREE_MEMORY_OF_GPU, ioctl_free_memory},
    {AMDKFD_IOC_MAP_MEMORY_TO_GPU, ioctl_map_memory},
    {AMDKFD_IOC_UNMAP_MEMORY_FROM_GPU, ioctl_unmap_memory},
    {AMDKFD_IOC_SET_CU_MASK, ioctl_set_cu_mask},
    {AMDKFD_IOC_GET_QUEUE_WAVE_STATE, ioctl_get_queue_wave_state},
    {AMDKFD_IOC_GET_DMABUF_INFO, nullptr},
    {AMDKFD_IOC_IMPORT_DMABUF, nullptr},
    {AMDKFD_IOC_ALLOC_QUEUE_GWS, ioctl_alloc_queue_gws},
    {AMDKFD_IOC_SMI_EVENTS, nullptr},
    {AMDKFD_IOC_SVM, nullptr},
    {AMDKFD_IOC_SET_XNACK_MODE, ioctl_set_xnack_mode},
    {AMDKFD_IOC_CRIU_OP, nullptr},
    {AMDKFD_IOC_AVAILABLE_MEMORY, ioctl_available_memory},
};

using Table = std::array<Command, AMDKFD_COMMAND_END>;

Table make_table() {
  Table t{};
  for (const Command& c : kCommands) t[_IOC_NR(c.cmd)] = c;
  return t;
}

const Table& table() {
  static const Table t = make_table();
  return t;
}

// Larger than every KFD ioctl struct (the biggest is 136 bytes).
constexpr size_t kMaxArgBytes = 512;

}  // namespace

int kfd_ioctl(Process& p, unsigned long request, void* arg) {
  const unsigned nr = _IOC_NR(request);
  if (nr < AMDKFD_COMMAND_START || nr >= AMDKFD_COMMAND_END) return -ENOTTY;
  const Command& c = table()[nr];
  if (!c.cmd) return -EINVAL;  // a hole in the table
  const size_t user_size = std::min<size_t>(_IOC_SIZE(request), kMaxArgBytes);
  const unsigned dir = _IOC_DIR(c.cmd);
  // The kernel's buffer: its own struct size, zero beyond what the caller
  // passed.
  alignas(8) unsigned char k[kMaxArgBytes] = {};
  const auto user = reinterpret_cast<uintptr_t>(arg);
  if ((dir & _IOC_WRITE) && !copy_from_user(k, user, user_size)) return -EFAULT;
  int r;
  try {
    // No handler: the command's fixed errno (kfd-common), after the copy-in
    // as in Linux.
    r = c.handler ? c.handler(p, k) : kfdc_ioctl_fixed_errno(nr);
  } catch (const std::bad_alloc&) {
    r = -ENOMEM;  // the kernel's failed allocation, not a crash
  }
  if (dir & _IOC_READ) {
    if (!copy_to_user(user, k, user_size)) return -EFAULT;
  }
  return r;
}

}  // namespace hsakmt::emu
