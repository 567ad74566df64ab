// What a context's address space holds: only its own pasid's VM_MAP
// ranges. Another process's memory, or a range unmapped by VM_UNMAP, is a
// VM fault (an IH entry with the faulting process's pasid and the page),
// never an access.
#include "device_fixture.h"

namespace gcn_device_test {
namespace {

constexpr uint32_t kUtcl2FaultSource = 0;

// The faulting page a VM-fault entry names.
uint64_t fault_page(const fw_ih_entry& e) {
  return e.src_data[0] | uint64_t{FW_FIELD_GET(e.src_data[1], FW_IH_VM_FAULT_PAGE_HI)} << 32;
}

bool wait_for_fault(FakePort& port, uint32_t pasid, fw_ih_entry* out) {
  return eventually([&] {
    for (const fw_ih_entry& e : port.interrupts())
      if (FW_FIELD_GET(e.dw0, FW_IH_CLIENT_ID) == FW_IH_CLIENT_UTCL2 &&
          FW_FIELD_GET(e.dw0, FW_IH_SOURCE_ID) == kUtcl2FaultSource && ih_pasid(e) == pasid) {
        *out = e;
        return true;
      }
    return false;
  });
}

TEST_F(DeviceTest, PasidsAreIsolated) {
  ASSERT_EQ(add_process(1), 0);
  ASSERT_EQ(add_process(2), 0);
  // Pasid 1's secret at a VA pasid 2 never maps.
  constexpr uint64_t kSecretVa = 0x50000000;
  Buf secret = alloc_at(1, kSecretVa, 64 * 4);
  for (uint32_t i = 0; i < 64; ++i) secret.as<uint32_t>()[i] = 0x5ec0000 + i;

  AqlQueue q1 = make_aql_queue(1, 1);
  AqlQueue q2 = make_aql_queue(2, 2);
  // Both processes allocate from the same VAs: the same GPU address is a
  // different page in each context.
  EXPECT_EQ(q1.amd.va, q2.amd.va);
  EXPECT_NE(q1.amd.host, q2.amd.host);

  Kernel k2 = assemble(2, kStoreLinear);
  Buf done2 = make_signal(2, 1);
  auto pkt2 = dispatch_packet(2, k2, 64, 64, {kSecretVa}, done2);
  q2.submit(&pkt2);
  fw_ih_entry e{};
  ASSERT_TRUE(wait_for_fault(port_, 2, &e));
  EXPECT_EQ(fault_page(e), kSecretVa >> 12);
  for (uint32_t i = 0; i < 64; ++i) ASSERT_EQ(secret.as<uint32_t>()[i], 0x5ec0000 + i);

  // Pasid 1 reaches its own memory at that VA.
  Kernel k1 = assemble(1, kStoreLinear);
  Buf done1 = make_signal(1, 1);
  auto pkt1 = dispatch_packet(1, k1, 64, 64, {kSecretVa}, done1);
  q1.submit(&pkt1);
  ASSERT_TRUE(eventually([&] { return load(&done1.as<fw_amd_signal>()->value) == 0; }));
  for (uint32_t i = 0; i < 64; ++i) ASSERT_EQ(secret.as<uint32_t>()[i], 3 * i + 1);
  for (const fw_ih_entry& i : port_.interrupts()) EXPECT_NE(ih_pasid(i), 1u);
}

TEST_F(DeviceTest, DispatchAfterVmUnmapFaults) {
  ASSERT_EQ(add_process(1), 0);
  AqlQueue q = make_aql_queue(1, 1);
  Kernel k = assemble(1, kStoreLinear);
  Buf out = alloc(1, 64 * 4);
  Buf done = make_signal(1, 2);
  auto pkt = dispatch_packet(1, k, 64, 64, {out.va}, done);
  q.submit(&pkt);
  ASSERT_TRUE(eventually([&] { return load(&done.as<fw_amd_signal>()->value) == 1; }));
  EXPECT_EQ(out.as<uint32_t>()[63], 3 * 63 + 1u);

  ASSERT_EQ(vm_unmap(1, out), 0);
  // The pages were handed back (retired, not released: a stale TLB entry
  // may still point there).
  ASSERT_EQ(port_.retired_.size(), 1u);
  EXPECT_EQ(port_.retired_[0], (HostRange{out.host, out.size}));
  EXPECT_EQ(dev_->context(1)->retired_ranges(), 1u);
  // Twice is no such range.
  EXPECT_EQ(vm_unmap(1, out), -EINVAL);

  q.submit(&pkt);
  fw_ih_entry e{};
  ASSERT_TRUE(wait_for_fault(port_, 1, &e));
  EXPECT_EQ(fault_page(e), out.va >> 12);
  EXPECT_EQ(load(&done.as<fw_amd_signal>()->value), 1);
}

}  // namespace
}  // namespace gcn_device_test
