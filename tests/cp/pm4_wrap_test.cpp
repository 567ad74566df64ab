// PM4 rings wrap at any dword: a packet may start near the end of the ring
// and continue at its start (the CP reads the ring modulo its size, as
// gfx9's does). Every packet kind the CP supports is placed across the end
// at every split point; the test checks what the packet did and the read
// pointer the CP reports (a dword offset wrapped to the ring).
#include <atomic>
#include <functional>

#include "cp_fixture.h"

namespace gcn_cp_test {
namespace {

constexpr uint32_t kRing = 64;  // dwords

uint32_t lo(uint64_t v) { return static_cast<uint32_t>(v); }
uint32_t hi(uint64_t v) { return static_cast<uint32_t>(v >> 32); }

// A NOP of any length: header only for one dword, else COUNT + 2 dwords.
std::vector<uint32_t> nop(uint32_t dwords) {
  if (dwords == 1)
    return {FW_FIELD_PREP(FW_PM4_HEADER_TYPE, FW_PM4_TYPE_3) |
            FW_FIELD_PREP(FW_PM4_HEADER_COUNT, FW_PM4_NOP_HEADER_ONLY_COUNT) |
            FW_FIELD_PREP(FW_PM4_HEADER_OPCODE, FW_PM4_NOP)};
  std::vector<uint32_t> p(dwords, 0xDEADBEEF);
  p[0] = pm4_header(FW_PM4_NOP, dwords - 1);
  return p;
}

class Pm4WrapTest : public CpTest {
 protected:
  // Also records, with each interrupt, the read pointer the CP had
  // reported by then.
  Pm4WrapTest() {
    cp_ = std::make_unique<gcn::CommandProcessor>(harness_.memory(), harness_.engine(),
                                                  [this](const fw_ih_entry& e) {
                                                    std::lock_guard<std::mutex> lock(irq_mu_);
                                                    irqs_.push_back(e);
                                                    const uint32_t* rptr = rptr_.load();
                                                    rptr_at_irq_.push_back(rptr ? load(rptr) : ~0u);
                                                  });
  }
  Pm4Queue make_queue() {
    Pm4Queue q = make_pm4_queue(kRing);
    rptr_.store(q.rptr);
    return q;
  }
  // The read pointer when the interrupt with context ctx was raised.
  uint32_t rptr_at_interrupt(uint32_t ctx) {
    std::lock_guard<std::mutex> lock(irq_mu_);
    for (size_t i = 0; i < irqs_.size(); ++i)
      if (ih_source(irqs_[i]) == FW_IH_SRC_CP_END_OF_PIPE && irqs_[i].src_data[0] == ctx)
        return rptr_at_irq_[i];
    ADD_FAILURE() << "no end-of-pipe interrupt with context " << ctx;
    return ~0u;
  }

  // Waits until the CP consumed everything and reports it.
  void drain(Pm4Queue& q) {
    ASSERT_TRUE(eventually([&] { return load(q.rptr) == q.wptr % q.dwords; }))
        << "read pointer " << load(q.rptr) << ", write pointer " << q.wptr % q.dwords << ": "
        << cp().error(q.id);
  }

  // Submits `packet` so that `before_end` of its dwords fill the end of the
  // ring and the rest starts it again, then a fence; waits for the fence and
  // checks the read pointer and effect().
  void across_the_end(Pm4Queue& q, const std::vector<uint32_t>& packet, uint32_t before_end,
                      const std::function<void()>& effect) {
    SCOPED_TRACE("packet of " + std::to_string(packet.size()) + " dwords, " +
                 std::to_string(before_end) + " before the end");
    drain(q);
    const uint32_t at = q.wptr % q.dwords;
    const uint32_t start = q.dwords - before_end;
    if (at != start) {
      q.submit(nop((start - at + q.dwords) % q.dwords));
      drain(q);
    }
    ASSERT_EQ(q.wptr % q.dwords, start);
    const uint32_t mark = ++fences_;
    q.submit(packet +
             pm4_release_mem(va(fence_), FW_PM4_DATA_SEL_LOW32, mark, FW_PM4_INT_SEL_NONE, 0));
    ASSERT_TRUE(eventually([&] { return load(fence_) == mark; })) << cp().error(q.id);
    // The CP fetched the fence's RELEASE_MEM before it wrote the fence:
    // its read pointer is already past it.
    EXPECT_EQ(load(q.rptr), q.wptr % q.dwords) << cp().error(q.id);
    EXPECT_EQ(cp().state(q.id), gcn::QueueState::kActive) << cp().error(q.id);
    effect();
  }

  // Every split of `packet` across the end of the ring; make() builds the
  // packet afresh for each (its target changes), check() its effect.
  void every_split(Pm4Queue& q, const std::function<std::vector<uint32_t>(uint32_t)>& make,
                   const std::function<void(uint32_t)>& check) {
    const uint32_t n = static_cast<uint32_t>(make(0).size());
    for (uint32_t split = 1; split < n; ++split) {
      const std::vector<uint32_t> p = make(split);
      ASSERT_EQ(p.size(), n);
      across_the_end(q, p, split, [&] { check(split); });
      if (HasFatalFailure()) return;
    }
  }

  uint32_t* fence_ = alloc_array<uint32_t>(1);
  uint32_t fences_ = 0;
  // The queue under test's read pointer report, for the interrupt handler.
  std::atomic<const uint32_t*> rptr_{nullptr};
  std::vector<uint32_t> rptr_at_irq_;
};

TEST_F(Pm4WrapTest, NopsAndFillersOfEveryLength) {
  Pm4Queue q = make_queue();
  for (uint32_t n = 2; n <= 12; ++n)
    every_split(
        q, [&](uint32_t) { return nop(n); }, [](uint32_t) {});
  // A packet as long as the ring allows with its fence after it.
  every_split(
      q, [&](uint32_t) { return nop(kRing - 9); }, [](uint32_t) {});
}

TEST_F(Pm4WrapTest, WriteDataOfEverySize) {
  Pm4Queue q = make_queue();
  auto* mem = alloc_array<uint32_t>(16 * 16);
  for (uint32_t data = 1; data <= 12; ++data) {
    every_split(
        q,
        [&](uint32_t split) {
          std::vector<uint32_t> values;
          for (uint32_t i = 0; i < data; ++i) values.push_back(data << 16 | split << 8 | i);
          return pm4_write_data(va(&mem[16 * split]), values);
        },
        [&](uint32_t split) {
          for (uint32_t i = 0; i < data; ++i)
            EXPECT_EQ(mem[16 * split + i], data << 16 | split << 8 | i) << "dword " << i;
        });
  }
}

TEST_F(Pm4WrapTest, ReleaseMemDataAndInterrupt) {
  Pm4Queue q = make_queue();
  auto* mem = alloc_array<uint64_t>(16);
  every_split(
      q,
      [&](uint32_t split) {
        return pm4_release_mem(va(&mem[split]), FW_PM4_DATA_SEL_64, 0xABCD000000000000ull | split,
                               FW_PM4_INT_SEL_INT_ON_CONFIRM, 0x100 + split);
      },
      [&](uint32_t split) {
        EXPECT_EQ(mem[split], 0xABCD000000000000ull | split);
        // Past the RELEASE_MEM (which ends split dwords into the ring less
        // the fence's 8) when it interrupts, as the hardware's fetch is:
        // whoever the interrupt wakes sees the ring space free.
        EXPECT_EQ(rptr_at_interrupt(0x100 + split), (q.wptr - 8) % kRing);
      });
}

TEST_F(Pm4WrapTest, AcquireMemAndEventWrite) {
  Pm4Queue q = make_queue();
  std::vector<uint32_t> acquire(1 + FW_PM4_ACQUIRE_MEM_DWORDS, 0);
  acquire[0] = pm4_header(FW_PM4_ACQUIRE_MEM, FW_PM4_ACQUIRE_MEM_DWORDS);
  every_split(
      q, [&](uint32_t) { return acquire; }, [](uint32_t) {});
  const std::vector<uint32_t> event = {
      pm4_header(FW_PM4_EVENT_WRITE, 1),
      FW_FIELD_PREP(FW_PM4_EVENT_TYPE, FW_PM4_EVENT_CACHE_FLUSH_AND_INV_TS)};
  every_split(
      q, [&](uint32_t) { return event; }, [](uint32_t) {});
}

// A WAIT_REG_MEM across the end blocks until memory matches; the packet
// after it waits with it, and the read pointer stays at the wait.
TEST_F(Pm4WrapTest, WaitRegMemBlocksAndResumes) {
  Pm4Queue q = make_queue();
  auto* flag = alloc_array<uint32_t>(1);
  const uint32_t n = static_cast<uint32_t>(pm4_wait_reg_mem_eq(0, 0, 0).size());
  for (uint32_t split = 1; split < n; ++split) {
    SCOPED_TRACE("split " + std::to_string(split));
    drain(q);
    const uint32_t start = kRing - split;
    const uint32_t at = q.wptr % kRing;
    if (at != start) {
      q.submit(nop((start - at + kRing) % kRing));
      drain(q);
    }
    q.submit(
        pm4_wait_reg_mem_eq(va(flag), split, ~0u) +
        pm4_release_mem(va(fence_), FW_PM4_DATA_SEL_LOW32, 1000 + split, FW_PM4_INT_SEL_NONE, 0));
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
    EXPECT_NE(load(fence_), 1000 + split);
    EXPECT_EQ(load(q.rptr), start) << "the read pointer stays at the wait";
    __atomic_store_n(flag, split, __ATOMIC_RELEASE);
    ASSERT_TRUE(eventually([&] { return load(fence_) == 1000 + split; })) << cp().error(q.id);
    drain(q);
  }
}

TEST_F(Pm4WrapTest, IndirectBuffer) {
  Pm4Queue q = make_queue();
  auto* mem = alloc_array<uint32_t>(16);
  std::vector<uint32_t*> ibs;
  every_split(
      q,
      [&](uint32_t split) {
        const auto words = pm4_write_data(va(&mem[split]), {0x1B00 + split});
        auto* ib = alloc_array<uint32_t>(words.size());
        std::memcpy(ib, words.data(), words.size() * 4);
        return pm4_indirect_buffer(ib, static_cast<uint32_t>(words.size()));
      },
      [&](uint32_t split) { EXPECT_EQ(mem[split], 0x1B00 + split); });
}

// SET_SH_REG across the end sets the registers the next dispatch uses
// (here the kernarg pointer, so the output lands where the packet says);
// DISPATCH_DIRECT across the end runs the kernel.
TEST_F(Pm4WrapTest, SetShRegAndDispatchDirect) {
  Pm4Queue q = make_queue();
  Kernel k = assemble(kStoreLinear);
  const uint64_t code = va(k.code);
  q.submit(
      pm4_set_sh_reg(FW_SH_COMPUTE_PGM_LO, {lo(code >> 8), hi(code >> 8)}) +
      pm4_set_sh_reg(FW_SH_COMPUTE_PGM_RSRC1, {k.kd->compute_pgm_rsrc1, k.kd->compute_pgm_rsrc2}) +
      pm4_set_sh_reg(FW_SH_COMPUTE_NUM_THREAD_X, {64, 1, 1}));
  const std::vector<uint32_t> dispatch = {
      pm4_header(FW_PM4_DISPATCH_DIRECT, FW_PM4_DISPATCH_DIRECT_DWORDS), 1, 1, 1, 1};
  auto* out = alloc_array<uint32_t>(64 * 16);
  auto* args = alloc_array<uint64_t>(16);
  // SET_SH_REG (4 dwords) then DISPATCH_DIRECT (5): splits 1-3 cut the
  // registers, 5-8 the dispatch.
  every_split(
      q,
      [&](uint32_t split) {
        args[split] = va(&out[64 * split]);
        return pm4_set_sh_reg(FW_SH_COMPUTE_USER_DATA_0,
                              {lo(va(&args[split])), hi(va(&args[split]))}) +
               dispatch;
      },
      [&](uint32_t split) {
        for (uint32_t i = 0; i < 64; ++i) ASSERT_EQ(out[64 * split + i], 3 * i + 1) << "lane " << i;
      });
  EXPECT_EQ(cp().stats().dispatches, 8u);
}

// A ring kept full to its last free dword (one dword short of the read
// pointer, where the ring would look empty): every packet still runs.
TEST_F(Pm4WrapTest, RingFilledToItsEnd) {
  Pm4Queue q = make_queue();
  auto* mem = alloc_array<uint32_t>(64);
  uint32_t done = 0;
  for (uint32_t round = 0; round < 24; ++round) {
    drain(q);
    // WRITE_DATA packets of 5 dwords, then NOPs up to ring - 1 dwords.
    std::vector<uint32_t> words;
    const uint32_t first = done;
    while (words.size() + 5 + round % 5 <= kRing - 1 - 8) {
      words = words + pm4_write_data(va(&mem[done % 64]), {round << 16 | done});
      ++done;
    }
    if (words.size() < kRing - 1 - 8)
      words = words + nop(kRing - 1 - 8 - static_cast<uint32_t>(words.size()));
    words = words + pm4_release_mem(va(fence_), FW_PM4_DATA_SEL_LOW32, 5000 + round,
                                    FW_PM4_INT_SEL_NONE, 0);
    ASSERT_EQ(words.size(), kRing - 1);
    q.submit(words);
    ASSERT_TRUE(eventually([&] { return load(fence_) == 5000 + round; }))
        << "round " << round << ": " << cp().error(q.id);
    drain(q);
    for (uint32_t i = first; i < done; ++i) EXPECT_EQ(mem[i % 64], round << 16 | i);
  }
}

}  // namespace
}  // namespace gcn_cp_test
