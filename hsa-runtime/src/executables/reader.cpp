// Code object readers (hsa_code_object_reader_*) and the executable part's
// shared state: handle checks and the stop hook that frees what the
// application left at the last hsa_shut_down.
#include <unistd.h>

#include <cerrno>

#include "executables/state.h"
#include "memory/gpu_visible_memory.h"
#include "runtime/components.h"
#include "runtime/runtime.h"

namespace hsart::exec {

State& state() {
  static State s;
  return s;
}

Reader* reader_from(hsa_code_object_reader_t r) {
  auto* p = reinterpret_cast<Reader*>(r.handle);
  return state().readers.count(p) ? p : nullptr;
}

Executable* executable_from(hsa_executable_t e) {
  auto* p = reinterpret_cast<Executable*>(e.handle);
  return state().executables.count(p) ? p : nullptr;
}

const Symbol* symbol_from(hsa_executable_symbol_t s) {
  auto* p = reinterpret_cast<const Symbol*>(s.handle);
  return state().symbols.count(p) ? p : nullptr;
}

void destroy_executable(Executable* e) {
  State& st = state();
  for (const Symbol& s : e->symbols) st.symbols.erase(&s);
  for (const auto& l : e->loaded) {
    release_handles(l.get());
    hsart::free_gpu_visible(l->memory, l->bytes);
  }
  st.executables.erase(e);
  delete e;
}

// Executables hold thunk memory: give it back before the thunk closes.
void executables_stop(Runtime&) {
  State& st = state();
  std::lock_guard<std::mutex> lock(st.mu);
  while (!st.executables.empty()) destroy_executable(*st.executables.begin());
  for (Reader* r : st.readers) delete r;
  st.readers.clear();
}

}  // namespace hsart::exec

using hsart::exec::Reader;
using hsart::exec::state;

namespace {

hsa_status_t add_reader(std::vector<uint8_t> bytes, hsa_code_object_reader_t* out) {
  auto* r = new Reader{std::move(bytes)};
  std::lock_guard<std::mutex> lock(state().mu);
  state().readers.insert(r);
  out->handle = reinterpret_cast<uint64_t>(r);
  return HSA_STATUS_SUCCESS;
}

}  // namespace

extern "C" hsa_status_t hsa_code_object_reader_create_from_memory(
    const void* code_object, size_t size, hsa_code_object_reader_t* code_object_reader) {
  HSART_CHECK_INIT();
  if (!code_object || size == 0 || !code_object_reader) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  const auto* p = static_cast<const uint8_t*>(code_object);
  return add_reader(std::vector<uint8_t>(p, p + size), code_object_reader);
}

// Reads the whole file from its start, as ROCr does, whatever the
// descriptor's position; a pipe or socket (not seekable) is read from where
// it is to its end.
extern "C" hsa_status_t hsa_code_object_reader_create_from_file(
    hsa_file_t file, hsa_code_object_reader_t* code_object_reader) {
  HSART_CHECK_INIT();
  if (!code_object_reader) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  if (file < 0) return HSA_STATUS_ERROR_INVALID_FILE;
  if (lseek(file, 0, SEEK_SET) < 0 && errno != ESPIPE) return HSA_STATUS_ERROR_INVALID_FILE;
  std::vector<uint8_t> bytes;
  uint8_t chunk[65536];
  for (;;) {
    const ssize_t n = read(file, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return HSA_STATUS_ERROR_INVALID_FILE;
    if (n == 0) break;
    bytes.insert(bytes.end(), chunk, chunk + n);
  }
  if (bytes.empty()) return HSA_STATUS_ERROR_INVALID_FILE;
  return add_reader(std::move(bytes), code_object_reader);
}

extern "C" hsa_status_t hsa_code_object_reader_destroy(
    hsa_code_object_reader_t code_object_reader) {
  HSART_CHECK_INIT();
  std::lock_guard<std::mutex> lock(state().mu);
  Reader* r = hsart::exec::reader_from(code_object_reader);
  if (!r) return HSA_STATUS_ERROR_INVALID_CODE_OBJECT_READER;
  state().readers.erase(r);
  delete r;
  return HSA_STATUS_SUCCESS;
}
