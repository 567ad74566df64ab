// An APU's page requests (the module's apu parameter): a context's miss on
// an address no VM_MAP range covers asks the port (the module) for the
// client's pages there, within the gap the context has free; the answered
// run is mapped as a range, with the module's protection, and the access
// proceeds. A discrete GPU's port answers -ENODEV once and the context
// stops asking; a VM_MAP over a run replaces it.
#include "device_fixture.h"

namespace gcn_device_test {
namespace {

constexpr uint64_t kApuVa = 0x70000000;  // the client's "malloc'd" memory
constexpr uint64_t kRunBytes = 64 * 1024;

// The module's part: [kApuVa, kApuVa + kRunBytes) is backing b.
std::function<int(fw_vgpu_page_request*)> answer(const Backing& b, bool writable) {
  return [b, writable](fw_vgpu_page_request* r) {
    if (r->pasid != 1 || r->va < kApuVa || r->va >= kApuVa + kRunBytes) return -EFAULT;
    r->va = kApuVa;
    r->size = kRunBytes;
    r->offset = b.offset;
    r->flags = writable ? FW_VGPU_F_WRITABLE : 0;
    return 0;
  };
}

bool has_fault(FakePort& port, uint32_t pasid, uint64_t page) {
  for (const fw_ih_entry& e : port.interrupts())
    if (FW_FIELD_GET(e.dw0, FW_IH_CLIENT_ID) == FW_IH_CLIENT_UTCL2 && ih_pasid(e) == pasid &&
        (e.src_data[0] | uint64_t{FW_FIELD_GET(e.src_data[1], FW_IH_VM_FAULT_PAGE_HI)} << 32) ==
            page)
      return true;
  return false;
}

TEST_F(DeviceTest, ApuMissBecomesOnePageRequest) {
  const Backing b = port_.add_backing(kRunBytes);
  port_.on_page_request = answer(b, true);
  ASSERT_EQ(add_process(1), 0);
  AqlQueue q = make_aql_queue(1, 1);
  Kernel k = assemble(1, kStoreLinear);
  Buf done = make_signal(1, 2);
  const uint64_t out = kApuVa + 0x1100;
  auto pkt = dispatch_packet(1, k, 64, 64, {out}, done);
  q.submit(&pkt);
  ASSERT_TRUE(eventually([&] { return load(&done.as<fw_amd_signal>()->value) == 1; }));
  const uint32_t* host = reinterpret_cast<const uint32_t*>(b.host + 0x1100);
  for (uint32_t i = 0; i < 64; ++i) ASSERT_EQ(host[i], 3 * i + 1);

  std::vector<fw_vgpu_page_request> reqs = port_.requests();
  ASSERT_EQ(reqs.size(), 1u);
  EXPECT_EQ(reqs[0].pasid, 1u);
  EXPECT_GE(reqs[0].va, out);
  EXPECT_LT(reqs[0].va, out + 64 * 4);
  // The gap named is free around the address: no buffer of the process
  // (all below kApuVa) is in it.
  EXPECT_LE(reqs[0].offset, out);
  EXPECT_GT(reqs[0].offset + reqs[0].size, out + 64 * 4);
  EXPECT_GE(reqs[0].offset, kVaBase);
  EXPECT_EQ(dev_->context(1)->page_request_ranges(), 1u);

  // The run stays mapped: the same dispatch again asks nothing.
  q.submit(&pkt);
  ASSERT_TRUE(eventually([&] { return load(&done.as<fw_amd_signal>()->value) == 0; }));
  EXPECT_EQ(port_.requests().size(), 1u);
}

TEST_F(DeviceTest, ReadOnlyRunFaultsOnStore) {
  const Backing b = port_.add_backing(kRunBytes);
  port_.on_page_request = answer(b, false);
  ASSERT_EQ(add_process(1), 0);
  AqlQueue q = make_aql_queue(1, 1);
  Kernel k = assemble(1, kStoreLinear);
  Buf done = make_signal(1, 1);
  auto pkt = dispatch_packet(1, k, 64, 64, {kApuVa + 0x2000}, done);
  q.submit(&pkt);
  ASSERT_TRUE(eventually([&] { return has_fault(port_, 1, (kApuVa + 0x2000) >> 12); }));
  EXPECT_EQ(load(&done.as<fw_amd_signal>()->value), 1);
  for (uint32_t i = 0; i < 64; ++i)
    EXPECT_EQ(reinterpret_cast<const uint32_t*>(b.host + 0x2000)[i], 0u);
}

TEST_F(DeviceTest, DiscreteGpuAsksOnceThenFaults) {
  ASSERT_EQ(add_process(1), 0);  // no on_page_request: -ENODEV
  AqlQueue q = make_aql_queue(1, 1);
  Kernel k = assemble(1, kStoreLinear);
  Buf done = make_signal(1, 1);
  auto pkt = dispatch_packet(1, k, 64, 64, {kApuVa}, done);
  q.submit(&pkt);
  ASSERT_TRUE(eventually([&] { return has_fault(port_, 1, kApuVa >> 12); }));
  AqlQueue q2 = make_aql_queue(1, 2, 1);
  Buf done2 = make_signal(1, 1);
  auto pkt2 = dispatch_packet(1, k, 64, 64, {kApuVa + 0x10000}, done2);
  q2.submit(&pkt2);
  ASSERT_TRUE(eventually([&] { return has_fault(port_, 1, (kApuVa + 0x10000) >> 12); }));
  EXPECT_EQ(port_.requests().size(), 1u);
  EXPECT_EQ(dev_->context(1)->page_request_ranges(), 0u);
}

TEST_F(DeviceTest, VmMapReplacesAPageRequestRun) {
  const Backing b = port_.add_backing(kRunBytes);
  port_.on_page_request = answer(b, true);
  ASSERT_EQ(add_process(1), 0);
  AqlQueue q = make_aql_queue(1, 1);
  Kernel k = assemble(1, kStoreLinear);
  Buf done = make_signal(1, 2);
  auto pkt = dispatch_packet(1, k, 64, 64, {kApuVa + 0x3000}, done);
  q.submit(&pkt);
  ASSERT_TRUE(eventually([&] { return load(&done.as<fw_amd_signal>()->value) == 1; }));
  ASSERT_EQ(dev_->context(1)->page_request_ranges(), 1u);

  // The process registers part of that memory as a buffer (USERPTR): the
  // buffer's range wins, the run's pages are handed back.
  Buf buf = alloc_at(1, kApuVa + 0x3000, 4096);
  ASSERT_NE(buf.host, nullptr);
  EXPECT_EQ(dev_->context(1)->page_request_ranges(), 0u);
  ASSERT_EQ(port_.retired_.size(), 1u);
  EXPECT_EQ(port_.retired_[0], (HostRange{b.host, kRunBytes}));
  q.submit(&pkt);
  ASSERT_TRUE(eventually([&] { return load(&done.as<fw_amd_signal>()->value) == 0; }));
  for (uint32_t i = 0; i < 64; ++i) ASSERT_EQ(buf.as<uint32_t>()[i], 3 * i + 1);
}

}  // namespace
}  // namespace gcn_device_test
