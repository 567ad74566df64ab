// Queue errors: a malformed packet or a faulting address stops only its
// queue, reports why, and raises the matching interrupt; the process and
// the other queues go on.
#include "sdma_fixture.h"

namespace sdma_test {
namespace {

TEST_F(SdmaTest, CopyFromAnUnmappedAddressFaultsOnlyThatQueue) {
  auto* m = buffer<uint32_t>(1024);
  Ring* bad = queue(4096, 0);
  Ring* good = queue(4096, 1);
  const uint64_t unmapped = 0x7f1234567000ull;  // no mapping there
  Stream s;
  s.fence(va(&m[0]), 1);
  s.copy(va(&m[16]), unmapped + 0x10, 64);
  s.fence(va(&m[1]), 2);  // never runs
  submit(bad, s);
  ASSERT_TRUE(eventually([&] { return sdma_->state(bad->id) == gcn::QueueState::kError; }));
  EXPECT_EQ(load(&m[0]), 1u);
  EXPECT_EQ(load(&m[1]), 0u);
  EXPECT_EQ(load(bad->rptr), 16u) << "the read pointer stays at the faulting packet";
  EXPECT_NE(sdma_->error(bad->id).find("COPY LINEAR"), std::string::npos) << sdma_->error(bad->id);
  ASSERT_TRUE(eventually([&] { return !interrupts().empty(); }));
  const fw_ih_entry e = interrupts()[0];
  EXPECT_EQ(FW_FIELD_GET(e.dw0, FW_IH_CLIENT_ID), FW_IH_CLIENT_UTCL2);
  const uint64_t page =
      e.src_data[0] | static_cast<uint64_t>(FW_FIELD_GET(e.src_data[1], FW_IH_VM_FAULT_PAGE_HI))
                          << 32;
  EXPECT_EQ(page, (unmapped + 0x10) >> 12);

  Stream t;
  t.fence(va(&m[2]), 3);
  submit(good, t);
  ASSERT_TRUE(drained(good));
  EXPECT_EQ(m[2], 3u);
  // More work on the failed queue is not run.
  Stream u;
  u.fence(va(&m[3]), 4);
  submit(bad, u);
  submit(good, t);
  ASSERT_TRUE(drained(good));
  EXPECT_EQ(load(&m[3]), 0u);
}

TEST_F(SdmaTest, MalformedPacketsStopTheQueueWithAnIllegalPacketInterrupt) {
  auto* m = buffer<uint32_t>(64);
  struct Case {
    const char* what;
    void (*build)(Stream&, uint32_t*);
    const char* message;
  };
  const Case cases[] = {
      {"unknown operation", [](Stream& s, uint32_t*) { s.raw(FW_SDMA_HEADER(3, 0)); },
       "unknown operation 3"},
      {"tiled copy", [](Stream& s, uint32_t*) { s.raw(FW_SDMA_HEADER(FW_SDMA_OP_COPY, 1)); },
       "unknown operation 1 sub-op 1"},
      {"unaligned fence", [](Stream& s, uint32_t* p) { s.fence(va(p) + 2, 1); }, "not dword"},
      {"unknown atomic", [](Stream& s, uint32_t* p) { s.atomic(0x01, va(p), 1); },
       "ATOMIC operation"},
      {"unaligned 64-bit atomic",
       [](Stream& s, uint32_t* p) { s.atomic(FW_SDMA_ATOMIC_ADD_RTN_64, va(p) + 4, 1); },
       "not aligned"},
      {"register poll",
       [](Stream& s, uint32_t*) {
         // A register compare (not the HDP flush): the virtual GPU has no
         // registers to read.
         s.raw(FW_SDMA_HEADER(FW_SDMA_OP_POLL_REGMEM, 0) |
               FW_FIELD_PREP(FW_SDMA_POLL_REGMEM_HEADER_FUNC, FW_SDMA_FUNC_EQ));
         for (int i = 0; i < 5; ++i) s.raw(0);
       },
       "register"},
      {"fill unit not dividing the count", [](Stream& s, uint32_t* p) { s.fill(va(p), 0, 6, 2); },
       "not aligned"},
      {"timestamp set",
       [](Stream& s, uint32_t* p) {
         s.raw(FW_SDMA_HEADER(FW_SDMA_OP_TIMESTAMP, FW_SDMA_SUBOP_TIMESTAMP_SET));
         s.raw(sdma_test::lo(va(p)));
         s.raw(sdma_test::hi(va(p)));
       },
       "not supported"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.what);
    const size_t irqs_before = interrupts().size();
    Ring* r = queue(4096, 1);
    Stream s;
    s.nop();
    c.build(s, m);
    submit(r, s);
    ASSERT_TRUE(eventually([&] { return sdma_->state(r->id) == gcn::QueueState::kError; }));
    EXPECT_NE(sdma_->error(r->id).find(c.message), std::string::npos) << sdma_->error(r->id);
    EXPECT_EQ(load(r->rptr), 4u) << "stopped at the bad packet, after the NOP";
    ASSERT_TRUE(eventually([&] { return interrupts().size() > irqs_before; }));
    const fw_ih_entry e = interrupts().back();
    EXPECT_EQ(FW_FIELD_GET(e.dw0, FW_IH_CLIENT_ID), FW_IH_CLIENT_SDMA1);
    EXPECT_EQ(FW_FIELD_GET(e.dw0, FW_IH_SOURCE_ID), FW_IH_SRC_SDMA_SRBM_WRITE);
    sdma_->unmap_queue(r->id);
  }
}

TEST_F(SdmaTest, AWritePointerBehindTheReadPointerIsAnError) {
  Ring* r = queue();
  __atomic_store_n(&r->doorbell, 6u, __ATOMIC_RELEASE);  // not a whole dword
  ASSERT_TRUE(eventually([&] { return sdma_->state(r->id) == gcn::QueueState::kError; }));
  EXPECT_NE(sdma_->error(r->id).find("write pointer"), std::string::npos);
}

TEST_F(SdmaTest, AnUnmappedRingFaults) {
  uint64_t bell = 0;
  const fw_v9_sdma_mqd m = gcn_test::sdma_mqd(0x7f0000000000ull, 4096, 0, 0, 0);
  const int id = sdma_->map_queue(m, gcn_test::owner(&bell, 1, 7), true);
  ASSERT_GE(id, 0);
  __atomic_store_n(&bell, 16u, __ATOMIC_RELEASE);
  sdma_->kick();
  ASSERT_TRUE(eventually([&] { return sdma_->state(id) == gcn::QueueState::kError; }));
  EXPECT_NE(sdma_->error(id).find("page fault"), std::string::npos);
}

}  // namespace
}  // namespace sdma_test
