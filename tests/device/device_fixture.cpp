#include "device_fixture.h"

#include "compute_pgm_rsrc.h"
#include "gcn_assembler.h"
#include "kernel_descriptor.h"
#include "kfd_device.h"
#include "test_mqd.h"

namespace gcn_device_test {

const char* const kScaleAdd = R"(
s_load_dwordx4 s[4:7], s[0:1], 0x0
s_lshl_b32 s3, s2, 6
v_add_u32 v1, s3, v0
v_lshlrev_b32 v1, 2, v1
s_waitcnt lgkmcnt(0)
global_load_dword v2, v1, s[6:7]
s_waitcnt vmcnt(0)
v_mul_lo_u32 v2, v2, 5
v_add_u32 v2, 7, v2
global_store_dword v1, v2, s[4:5]
s_endpgm
)";

void AqlQueue::submit(const void* packet) {
  fw_amd_queue* q = queue();
  const uint64_t index = __atomic_fetch_add(&q->write_dispatch_id, 1, __ATOMIC_ACQ_REL);
  uint8_t* slot = ring.host + (index % slots) * FW_AQL_PACKET_SIZE;
  std::memcpy(slot + 2, static_cast<const uint8_t*>(packet) + 2, FW_AQL_PACKET_SIZE - 2);
  uint16_t header;
  std::memcpy(&header, packet, 2);
  __atomic_store_n(reinterpret_cast<uint16_t*>(slot), header, __ATOMIC_RELEASE);
  __atomic_store_n(doorbell, index, __ATOMIC_RELEASE);
}

DeviceTest::DeviceTest() {
  gcn::device::DeviceConfig config;
  config.compute_units = 4;
  config.shader_threads = 2;
  config.name = "test gpu";
  dev_ = std::make_unique<gcn::device::VgpuDevice>(port_, config);
}

DeviceTest::~DeviceTest() { dev_.reset(); }

int DeviceTest::send(fw_vgpu_msg m) {
  m.seq = ++seq_;
  return dev_->handle(m);
}

fw_vgpu_msg DeviceTest::message(uint32_t op, uint32_t pasid) {
  fw_vgpu_msg m{};
  m.op = op;
  m.pasid = pasid;
  return m;
}

int DeviceTest::add_process(uint32_t pasid, uint64_t tba, uint64_t tma) {
  const Backing b = port_.add_backing(KFDC_DOORBELL_SLICE_BYTES);
  procs_[pasid].doorbells = reinterpret_cast<uint64_t*>(b.host);
  fw_vgpu_msg m = message(FW_VGPU_OP_PROCESS_ADD, pasid);
  m.offset = b.offset;
  m.size = b.size;
  m.tba = tba;
  m.tma = tma;
  return send(m);
}

Buf DeviceTest::alloc(uint32_t pasid, uint64_t bytes, bool writable) {
  Proc& p = procs_[pasid];
  const uint64_t va = p.next_va;
  // A guard page between buffers: an overrun faults.
  p.next_va += ((bytes + 4095) & ~uint64_t{4095}) + 4096;
  return alloc_at(pasid, va, bytes, writable);
}

Buf DeviceTest::alloc_at(uint32_t pasid, uint64_t va, uint64_t bytes, bool writable) {
  const Backing b = port_.add_backing(bytes);
  fw_vgpu_msg m = message(FW_VGPU_OP_VM_MAP, pasid);
  m.va = va;
  m.size = b.size;
  m.offset = b.offset;
  m.flags = writable ? FW_VGPU_F_WRITABLE : 0;
  EXPECT_EQ(send(m), 0) << "VM_MAP of " << std::hex << va;
  // The point of the fake: nothing may assume GPU VA == host address.
  EXPECT_NE(reinterpret_cast<uintptr_t>(b.host), va);
  return Buf{va, b.host, b.size};
}

int DeviceTest::vm_unmap(uint32_t pasid, const Buf& b) {
  fw_vgpu_msg m = message(FW_VGPU_OP_VM_UNMAP, pasid);
  m.va = b.va;
  m.size = b.size;
  return send(m);
}

AqlQueue DeviceTest::make_aql_queue(uint32_t pasid, uint32_t hqd, uint32_t doorbell_slot,
                                    uint32_t slots) {
  AqlQueue q;
  q.hqd = hqd;
  q.slots = slots;
  q.amd = alloc(pasid, sizeof(fw_amd_queue));
  q.ring = alloc(pasid, slots * FW_AQL_PACKET_SIZE);
  for (uint32_t i = 0; i < slots; ++i)
    reinterpret_cast<uint16_t*>(q.ring.host + i * FW_AQL_PACKET_SIZE)[0] =
        FW_AQL_PACKET_TYPE_INVALID;
  q.doorbell = doorbells(pasid) + doorbell_slot;
  q.queue()->hsa_queue.base_address = q.ring.va;
  q.queue()->hsa_queue.size = slots;
  const fw_v9_mqd mqd =
      gcn_test::compute_mqd(true, q.ring.va, slots * FW_AQL_PACKET_SIZE,
                            q.amd.va + offsetof(fw_amd_queue, read_dispatch_id),
                            q.amd.va + offsetof(fw_amd_queue, write_dispatch_id), doorbell_slot);
  fw_vgpu_msg m = message(FW_VGPU_OP_MAP_QUEUE, pasid);
  m.hqd = hqd;
  m.flags = FW_VGPU_F_ACTIVE;
  std::memcpy(m.mqd, &mqd, sizeof(mqd));
  EXPECT_EQ(send(m), 0);
  return q;
}

Kernel DeviceTest::assemble(uint32_t pasid, const std::string& text) {
  gcn_test::Assembly a = gcn_test::assemble_gfx900(text);
  EXPECT_TRUE(a.error.empty()) << a.error;
  Kernel k;
  k.code = alloc(pasid, 256 + a.words.size() * 4, false);
  auto* kd = k.code.as<fw_kernel_descriptor>();
  if (!a.words.empty()) std::memcpy(k.code.host + 256, a.words.data(), a.words.size() * 4);
  kd->kernel_code_entry_byte_offset = 256;
  kd->compute_pgm_rsrc1 = FW_FIELD_PREP(FW_RSRC1_GRANULATED_WORKITEM_VGPR_COUNT, 7);
  kd->compute_pgm_rsrc2 = FW_FIELD_PREP(FW_RSRC2_USER_SGPR_COUNT, 2) |
                          FW_FIELD_PREP(FW_RSRC2_ENABLE_SGPR_WORKGROUP_ID_X, 1);
  kd->kernel_code_properties = FW_FIELD_PREP(FW_KD_ENABLE_SGPR_KERNARG_SEGMENT_PTR, 1);
  return k;
}

Buf DeviceTest::make_signal(uint32_t pasid, int64_t value, const Buf* mailbox, uint32_t event_id) {
  Buf b = alloc(pasid, sizeof(fw_amd_signal));
  auto* s = b.as<fw_amd_signal>();
  s->kind = FW_AMD_SIGNAL_KIND_USER;
  s->value = value;
  if (mailbox) {
    s->event_mailbox_ptr = mailbox->va;
    s->event_id = event_id;
  }
  return b;
}

fw_aql_kernel_dispatch_packet DeviceTest::dispatch_packet(uint32_t pasid, const Kernel& k,
                                                          uint32_t grid, uint16_t group,
                                                          const std::vector<uint64_t>& args,
                                                          const Buf& completion) {
  Buf kernarg = alloc(pasid, 256);
  if (!args.empty()) std::memcpy(kernarg.host, args.data(), args.size() * 8);
  return gcn_test::dispatch_packet_1d(k.code.va, kernarg.va, grid, group, completion.va);
}

}  // namespace gcn_device_test
