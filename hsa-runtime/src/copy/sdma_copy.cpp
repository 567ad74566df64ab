// The packets of one async copy on an SDMA ring (copy/sdma_copy.h). The
// layouts are firmware-interfaces/sdma_packets.h's; amd_signal_t's fields
// are amd_signal.h's.
#include "copy/sdma_copy.h"

#include <algorithm>
#include <cstddef>

#include "amd_signal.h"
#include "sdma_packets.h"

namespace hsart {
namespace {

uint32_t lo(uint64_t v) { return static_cast<uint32_t>(v); }
uint32_t hi(uint64_t v) { return static_cast<uint32_t>(v >> 32); }

uint64_t field(uint64_t signal, size_t offset) { return signal + offset; }

// Waits until the 32-bit word at addr is 0, retrying for ever (a
// dependency may be set by the host much later).
void poll_zero(SdmaRing::Writer& w, uint64_t addr) {
  fw_sdma_poll_regmem p{};
  p.header = FW_SDMA_HEADER(FW_SDMA_OP_POLL_REGMEM, 0) |
             FW_FIELD_PREP(FW_SDMA_POLL_REGMEM_HEADER_FUNC, FW_SDMA_FUNC_EQ) |
             FW_FIELD_PREP(FW_SDMA_POLL_REGMEM_HEADER_MEM_POLL, 1);
  p.addr_lo = lo(addr);
  p.addr_hi = hi(addr);
  p.value = 0;
  p.mask = 0xffffffffu;
  p.dw5 = FW_FIELD_PREP(FW_SDMA_POLL_REGMEM_INTERVAL, 0x10) |
          FW_FIELD_PREP(FW_SDMA_POLL_REGMEM_RETRY_COUNT, FW_SDMA_POLL_REGMEM_RETRY_FOREVER);
  w.put(&p, sizeof p);
}

void copy_linear(SdmaRing::Writer& w, uint64_t dst, uint64_t src, uint32_t bytes) {
  fw_sdma_copy_linear p{};
  p.header = FW_SDMA_HEADER(FW_SDMA_OP_COPY, FW_SDMA_SUBOP_COPY_LINEAR);
  p.count = FW_FIELD_PREP(FW_SDMA_COPY_LINEAR_COUNT, bytes - 1);
  p.src_lo = lo(src);
  p.src_hi = hi(src);
  p.dst_lo = lo(dst);
  p.dst_hi = hi(dst);
  w.put(&p, sizeof p);
}

void timestamp(SdmaRing::Writer& w, uint64_t addr) {
  fw_sdma_timestamp p{};
  p.header = FW_SDMA_HEADER(FW_SDMA_OP_TIMESTAMP, FW_SDMA_SUBOP_TIMESTAMP_GET_GLOBAL);
  p.addr_lo = lo(addr);
  p.addr_hi = hi(addr);
  w.put(&p, sizeof p);
}

void add_64(SdmaRing::Writer& w, uint64_t addr, int64_t value) {
  fw_sdma_atomic p{};
  p.header = FW_SDMA_HEADER(FW_SDMA_OP_ATOMIC, 0) |
             FW_FIELD_PREP(FW_SDMA_ATOMIC_HEADER_OPERATION, FW_SDMA_ATOMIC_ADD_RTN_64);
  p.addr_lo = lo(addr);
  p.addr_hi = hi(addr);
  p.src_data_lo = lo(static_cast<uint64_t>(value));
  p.src_data_hi = hi(static_cast<uint64_t>(value));
  w.put(&p, sizeof p);
}

void fence(SdmaRing::Writer& w, uint64_t addr, uint32_t data) {
  fw_sdma_fence p{};
  p.header = FW_SDMA_HEADER(FW_SDMA_OP_FENCE, 0);
  p.addr_lo = lo(addr);
  p.addr_hi = hi(addr);
  p.data = data;
  w.put(&p, sizeof p);
}

void trap(SdmaRing::Writer& w, uint32_t context) {
  fw_sdma_trap p{};
  p.header = FW_SDMA_HEADER(FW_SDMA_OP_TRAP, 0);
  p.int_context = FW_FIELD_PREP(FW_SDMA_TRAP_INT_CONTEXT, context);
  w.put(&p, sizeof p);
}

}  // namespace

void sdma_submit(SdmaRing& ring, const std::vector<uint64_t>& deps, uint64_t completion,
                 bool profiling, const std::function<void(SdmaRing::Writer&)>& body) {
  // The mailbox and event id are read now: the signal's event is fixed
  // for its life.
  const auto* done = reinterpret_cast<const fw_amd_signal*>(completion);
  const uint64_t mailbox = done->event_mailbox_ptr;
  const uint32_t event_id = done->event_id;

  SdmaRing::Writer w(ring);
  for (uint64_t dep : deps) {
    // High word first: a value counting down to 0 has a high word of 0
    // before its low word becomes 0, never the other way round.
    const uint64_t value = field(dep, offsetof(fw_amd_signal, value));
    poll_zero(w, value + 4);
    poll_zero(w, value);
  }
  if (profiling) timestamp(w, field(completion, offsetof(fw_amd_signal, start_ts)));
  body(w);
  if (profiling) timestamp(w, field(completion, offsetof(fw_amd_signal, end_ts)));
  add_64(w, field(completion, offsetof(fw_amd_signal, value)), -1);
  if (mailbox) {
    fence(w, mailbox, event_id);
    trap(w, event_id);
  }
}

void sdma_submit_copy(SdmaRing& ring, const SdmaCopy& c) {
  sdma_submit(ring, c.deps, c.completion, c.profiling, [&](SdmaRing::Writer& w) {
    for (uint64_t done_bytes = 0; done_bytes < c.size;) {
      const uint32_t n = static_cast<uint32_t>(
          std::min<uint64_t>(c.size - done_bytes, FW_SDMA_COPY_LINEAR_MAX_BYTES));
      copy_linear(w, c.dst + done_bytes, c.src + done_bytes, n);
      done_bytes += n;
    }
  });
}

}  // namespace hsart
