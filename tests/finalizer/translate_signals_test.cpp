// Signals (PRM 6.8) on the emulated GPU with runtime-created signals: a
// kernel's updates wake a host thread blocked in hsa_signal_wait_scacquire
// (through the event mailbox and s_sendmsg's interrupt), a kernel waits
// for a value the host stores, and every read-modify-write returns what a
// CPU replay of the same sequence gives.
#include <gtest/gtest.h>
#include <hsa/hsa.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <string>
#include <thread>
#include <vector>

#include "amd_signal.h"
#include "finalized_gpu.h"
#include "translate_test_util.h"

namespace {

using finalizer_test::FinalizedGpu;

constexpr uint64_t kTimeout = 20'000'000'000ull;  // 20 s in timestamp units (ns)

// Each work-item adds 1 and keeps the value it replaced.
const char kCountUp[] = R"(module &sig:1:0:$full:$large:$default;
kernel &count_up(kernarg_sig64 %sig, kernarg_u64 %out)
{
	ld_kernarg_sig64 $d0, [%sig];
	signal_add_screl_u64_sig64 $d1, $d0, 1;
	workitemabsid_u32 $s0, 0;
	cvt_u64_u32 $d2, $s0;
	shl_u64 $d2, $d2, 3;
	ld_kernarg_u64 $d3, [%out];
	add_u64 $d3, $d3, $d2;
	st_global_u64 $d1, [$d3];
	ret;
};
)";

// Every work-item waits until the host stores 42 (re-waiting after an
// early return, as PRM 6.8.2 requires), records what it read, then counts
// itself on the acknowledgement signal.
const char kWaitForHost[] = R"(module &sig:1:0:$full:$large:$default;
kernel &wait_for_host(kernarg_sig64 %go, kernarg_sig64 %ack, kernarg_u64 %out)
{
	ld_kernarg_sig64 $d0, [%go];
@again:
	signal_wait_eq_scacq_s64_sig64 $d1, $d0, 42;
	cmp_ne_b1_s64 $c0, $d1, 42;
	cbr_b1 $c0, @again;
	workitemabsid_u32 $s0, 0;
	cvt_u64_u32 $d2, $s0;
	shl_u64 $d2, $d2, 3;
	ld_kernarg_u64 $d3, [%out];
	add_u64 $d3, $d3, $d2;
	st_global_u64 $d1, [$d3];
	ld_kernarg_sig64 $d4, [%ack];
	signalnoret_add_screl_s64_sig64 $d4, 1;
	ret;
};
)";

// One work-item runs every operation in turn on a signal that starts at 5.
const char kOps[] = R"(module &sig:1:0:$full:$large:$default;
kernel &ops(kernarg_sig64 %sig, kernarg_u64 %out)
{
	ld_kernarg_sig64 $d0, [%sig];
	ld_kernarg_u64 $d9, [%out];
	signal_ld_scacq_b64_sig64 $d1, $d0;
	st_global_u64 $d1, [$d9];
	signal_exch_scar_b64_sig64 $d1, $d0, 100;
	st_global_u64 $d1, [$d9 + 8];
	signal_and_scar_b64_sig64 $d1, $d0, 240;
	st_global_u64 $d1, [$d9 + 16];
	signal_or_rlx_b64_sig64 $d1, $d0, 3;
	st_global_u64 $d1, [$d9 + 24];
	signal_xor_screl_b64_sig64 $d1, $d0, 255;
	st_global_u64 $d1, [$d9 + 32];
	signal_sub_scacq_u64_sig64 $d1, $d0, 6;
	st_global_u64 $d1, [$d9 + 40];
	signal_cas_scar_b64_sig64 $d1, $d0, 150, 7;
	st_global_u64 $d1, [$d9 + 48];
	signal_cas_scar_b64_sig64 $d1, $d0, 8, 9;
	st_global_u64 $d1, [$d9 + 56];
	signalnoret_st_screl_b64_sig64 $d0, -3;
	signal_waittimeout_gte_rlx_s64_sig64 $d1, $d0, 0, 1000;
	st_global_u64 $d1, [$d9 + 64];
	signal_wait_lt_rlx_s64_sig64 $d1, $d0, 0;
	st_global_u64 $d1, [$d9 + 72];
	signalnoret_sub_screl_s64_sig64 $d0, 10;
	signalnoret_xor_rlx_b64_sig64 $d0, 1;
	ret;
};
)";

class Signals : public FinalizedGpu {
 protected:
  void TearDown() override {
    for (hsa_signal_t s : signals_) hsa_signal_destroy(s);
    FinalizedGpu::TearDown();
  }
  hsa_signal_t Create(int64_t value) {
    hsa_signal_t s{0};
    EXPECT_EQ(hsa_signal_create(value, 0, nullptr, &s), HSA_STATUS_SUCCESS);
    signals_.push_back(s);
    return s;
  }
  // The kernel runs on another thread so this one can block on a signal.
  std::thread DispatchAsync(uint64_t object, std::vector<uint64_t> args, uint32_t n, bool* ok) {
    return std::thread([=] { *ok = Dispatch(object, args, n, 64); });
  }
  std::vector<hsa_signal_t> signals_;
};

TEST_F(Signals, KernelAddsWakeABlockedHostWaitThroughTheInterrupt) {
  uint64_t object = 0;
  ASSERT_NO_FATAL_FAILURE(Load(kCountUp, "&count_up", &object));
  hsa_signal_t sig = Create(0);
  auto* amd = reinterpret_cast<fw_amd_signal*>(sig.handle);
  ASSERT_NE(amd->event_mailbox_ptr, 0u) << "hsa_signal_create made no interrupt signal";
  // What an update that never interrupted would leave in the event slot:
  // only the driver's handling of the interrupt resets it.
  auto* slot = reinterpret_cast<volatile uint64_t*>(amd->event_mailbox_ptr);
  *slot = amd->event_id;

  const uint32_t n = 256;
  uint64_t* out = Buffer<uint64_t>(n);
  ASSERT_NE(out, nullptr);
  bool ok = false;
  std::thread gpu = DispatchAsync(object, {sig.handle, Ptr(out)}, n, &ok);
  const hsa_signal_value_t seen =
      hsa_signal_wait_scacquire(sig, HSA_SIGNAL_CONDITION_EQ, n, kTimeout, HSA_WAIT_STATE_BLOCKED);
  gpu.join();
  ASSERT_TRUE(ok);
  EXPECT_EQ(seen, static_cast<hsa_signal_value_t>(n));
  EXPECT_EQ(*slot, ~0ull) << "no MSG_INTERRUPT reached the driver for event " << amd->event_id;
  // The replaced values are 0 .. n-1, each once.
  std::vector<uint64_t> old(out, out + n);
  std::sort(old.begin(), old.end());
  for (uint32_t i = 0; i < n; ++i) ASSERT_EQ(old[i], i) << "signal_add returned values";
}

TEST_F(Signals, KernelWaitsForTheHostsStore) {
  uint64_t object = 0;
  ASSERT_NO_FATAL_FAILURE(Load(kWaitForHost, "&wait_for_host", &object));
  hsa_signal_t go = Create(0);
  hsa_signal_t ack = Create(0);
  const uint32_t n = 128;
  uint64_t* out = Buffer<uint64_t>(n);
  ASSERT_NE(out, nullptr);
  bool ok = false;
  std::thread gpu = DispatchAsync(object, {go.handle, ack.handle, Ptr(out)}, n, &ok);
  // The waves are spinning (or about to): nothing may have been acknowledged.
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  EXPECT_EQ(hsa_signal_load_scacquire(ack), 0);
  hsa_signal_store_screlease(go, 41);  // not yet
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_EQ(hsa_signal_load_scacquire(ack), 0);
  hsa_signal_store_screlease(go, 42);
  const hsa_signal_value_t acked =
      hsa_signal_wait_scacquire(ack, HSA_SIGNAL_CONDITION_EQ, n, kTimeout, HSA_WAIT_STATE_BLOCKED);
  gpu.join();
  ASSERT_TRUE(ok);
  EXPECT_EQ(acked, static_cast<hsa_signal_value_t>(n));
  for (uint32_t i = 0; i < n; ++i) ASSERT_EQ(out[i], 42u) << "work-item " << i;
}

TEST_F(Signals, EveryOperationMatchesACpuReplay) {
  uint64_t object = 0;
  ASSERT_NO_FATAL_FAILURE(Load(kOps, "&ops", &object));
  hsa_signal_t sig = Create(5);
  uint64_t* out = Buffer<uint64_t>(10);
  ASSERT_NE(out, nullptr);
  ASSERT_TRUE(Dispatch(object, {sig.handle, Ptr(out)}, 1, 1));

  // The same sequence on the CPU (PRM 6.6 semantics: each returns the old value).
  int64_t v = 5;
  std::vector<int64_t> expect;
  auto rmw = [&](int64_t next) {
    expect.push_back(v);
    v = next;
  };
  expect.push_back(v);  // ld
  rmw(100);             // exch
  rmw(v & 240);
  rmw(v | 3);
  rmw(v ^ 255);
  rmw(v - 6);
  rmw(v == 150 ? 7 : v);  // cas succeeds
  rmw(v == 8 ? 9 : v);    // cas fails
  v = -3;                 // st
  expect.push_back(v);    // waittimeout_gte 0 times out with the last value
  expect.push_back(v);    // wait_lt 0 holds at once
  v -= 10;
  v ^= 1;
  for (size_t i = 0; i < expect.size(); ++i) {
    EXPECT_EQ(static_cast<int64_t>(out[i]), expect[i]) << "operation " << i;
  }
  EXPECT_EQ(hsa_signal_load_scacquire(sig), v);
}

TEST(TranslateSignals, UpdatesNotifyAndWaitsSleep) {
  llvm::LLVMContext context;
  auto m = finalizer_test::translate_text(context, kOps);
  ASSERT_TRUE(m);
  EXPECT_EQ(finalizer_test::verify(*m), "");
  const std::string ir = finalizer_test::ir_text(*m);
  EXPECT_NE(ir.find("llvm.amdgcn.s.sendmsg(i32 1"), std::string::npos) << ir;
  EXPECT_NE(ir.find("llvm.amdgcn.s.sleep"), std::string::npos);
  EXPECT_NE(ir.find("llvm.amdgcn.s.memrealtime"), std::string::npos);
  EXPECT_NE(ir.find("atomicrmw xchg"), std::string::npos);
  EXPECT_NE(ir.find("cmpxchg"), std::string::npos);
}

}  // namespace
