#include "cp_fixture.h"

#include "compute_pgm_rsrc.h"
#include "gcn_assembler.h"
#include "kernel_descriptor.h"

namespace gcn_cp_test {

CpTest::CpTest() {
  cp_ = std::make_unique<gcn::CommandProcessor>(harness_.memory(), harness_.engine(),
                                                [this](const fw_ih_entry& e) {
                                                  std::lock_guard<std::mutex> lock(irq_mu_);
                                                  irqs_.push_back(e);
                                                });
}

// The CP goes first: it uses the harness's memory and engine.
CpTest::~CpTest() { cp_.reset(); }

AqlQueue CpTest::make_aql_queue(uint32_t slots, uint32_t pasid, uint32_t doorbell_id) {
  AqlQueue q;
  q.amd = static_cast<fw_amd_queue*>(alloc(sizeof(fw_amd_queue)));
  q.ring = static_cast<uint8_t*>(alloc(slots * FW_AQL_PACKET_SIZE));
  q.slots = slots;
  for (uint32_t i = 0; i < slots; ++i)
    reinterpret_cast<uint16_t*>(q.ring + i * FW_AQL_PACKET_SIZE)[0] = FW_AQL_PACKET_TYPE_INVALID;
  // The queue's doorbell is slot doorbell_id of a slice of its own.
  uint64_t* slice = alloc_array<uint64_t>(doorbell_id + 1);
  q.doorbell = slice + doorbell_id;
  q.amd->hsa_queue.base_address = va(q.ring);
  q.amd->hsa_queue.size = slots;
  q.mqd = gcn_test::compute_mqd(true, va(q.ring), slots * FW_AQL_PACKET_SIZE,
                                va(&q.amd->read_dispatch_id), va(&q.amd->write_dispatch_id),
                                doorbell_id);
  q.id = cp().map_queue(q.mqd, gcn_test::owner(slice, doorbell_id + 1, pasid), true);
  EXPECT_GE(q.id, 0);
  return q;
}

Pm4Queue CpTest::make_pm4_queue(uint32_t dwords, uint32_t pasid) {
  Pm4Queue q;
  q.ring = alloc_array<uint32_t>(dwords);
  q.dwords = dwords;
  q.rptr = alloc_array<uint32_t>(1);
  q.doorbell = alloc_array<uint64_t>(1);
  q.mqd = gcn_test::compute_mqd(false, va(q.ring), dwords * 4, va(q.rptr), 0, 0);
  q.id = cp().map_queue(q.mqd, gcn_test::owner(q.doorbell, 1, pasid), true);
  EXPECT_GE(q.id, 0);
  return q;
}

fw_amd_signal* CpTest::make_signal(int64_t value) {
  auto* s = static_cast<fw_amd_signal*>(alloc(sizeof(fw_amd_signal)));
  s->kind = FW_AMD_SIGNAL_KIND_USER;
  s->value = value;
  return s;
}

Kernel CpTest::assemble(const std::string& text) {
  gcn_test::Assembly a = gcn_test::assemble_gfx900(text);
  EXPECT_TRUE(a.error.empty()) << a.error;
  Kernel k;
  k.kd = static_cast<fw_kernel_descriptor*>(alloc(256 + a.words.size() * 4));
  k.code = reinterpret_cast<uint8_t*>(k.kd) + 256;
  if (!a.words.empty()) std::memcpy(k.code, a.words.data(), a.words.size() * 4);
  k.kd->kernel_code_entry_byte_offset = 256;
  k.kd->compute_pgm_rsrc1 = FW_FIELD_PREP(FW_RSRC1_GRANULATED_WORKITEM_VGPR_COUNT, 7);
  k.kd->compute_pgm_rsrc2 = FW_FIELD_PREP(FW_RSRC2_USER_SGPR_COUNT, 2) |
                            FW_FIELD_PREP(FW_RSRC2_ENABLE_SGPR_WORKGROUP_ID_X, 1);
  k.kd->kernel_code_properties = FW_FIELD_PREP(FW_KD_ENABLE_SGPR_KERNARG_SEGMENT_PTR, 1);
  return k;
}

fw_aql_kernel_dispatch_packet CpTest::dispatch_packet(const Kernel& k, uint32_t grid,
                                                      uint16_t group,
                                                      const std::vector<uint64_t>& kernargs,
                                                      fw_amd_signal* completion) {
  auto* args = alloc_array<uint64_t>(kernargs.size() + 1);
  if (!kernargs.empty()) std::memcpy(args, kernargs.data(), kernargs.size() * 8);
  return gcn_test::dispatch_packet_1d(va(k.kd), va(args), grid, group, va(completion));
}

std::vector<fw_ih_entry> CpTest::interrupts() {
  std::lock_guard<std::mutex> lock(irq_mu_);
  return irqs_;
}

bool CpTest::wait_for_interrupt(uint32_t client, uint32_t source, fw_ih_entry* out) {
  return eventually([&] {
    for (const auto& e : interrupts())
      if (ih_client(e) == client && ih_source(e) == source) {
        *out = e;
        return true;
      }
    return false;
  });
}

std::vector<uint32_t> operator+(std::vector<uint32_t> a, const std::vector<uint32_t>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

std::vector<uint32_t> pm4_write_data(uint64_t addr, const std::vector<uint32_t>& data) {
  std::vector<uint32_t> p = {pm4_header(FW_PM4_WRITE_DATA, 3 + static_cast<uint32_t>(data.size())),
                             FW_FIELD_PREP(FW_PM4_WRITE_DATA_DST_SEL, FW_PM4_WRITE_DATA_DST_MEM) |
                                 FW_FIELD_PREP(FW_PM4_WRITE_DATA_WR_CONFIRM, 1),
                             static_cast<uint32_t>(addr), static_cast<uint32_t>(addr >> 32)};
  return p + data;
}

std::vector<uint32_t> pm4_release_mem(uint64_t addr, uint32_t data_sel, uint64_t data,
                                      uint32_t int_sel, uint32_t ctxid) {
  return {pm4_header(FW_PM4_RELEASE_MEM, FW_PM4_RELEASE_MEM_DWORDS),
          FW_FIELD_PREP(FW_PM4_EVENT_TYPE, FW_PM4_EVENT_CACHE_FLUSH_AND_INV_TS) |
              FW_FIELD_PREP(FW_PM4_EVENT_INDEX, 5),
          FW_FIELD_PREP(FW_PM4_RELEASE_MEM_DATA_SEL, data_sel) |
              FW_FIELD_PREP(FW_PM4_RELEASE_MEM_INT_SEL, int_sel),
          static_cast<uint32_t>(addr),
          static_cast<uint32_t>(addr >> 32),
          static_cast<uint32_t>(data),
          static_cast<uint32_t>(data >> 32),
          ctxid};
}

std::vector<uint32_t> pm4_wait_reg_mem_eq(uint64_t addr, uint32_t ref, uint32_t mask) {
  return {pm4_header(FW_PM4_WAIT_REG_MEM, FW_PM4_WAIT_REG_MEM_DWORDS),
          FW_FIELD_PREP(FW_PM4_WAIT_REG_MEM_FUNCTION, FW_PM4_WAIT_EQ) |
              FW_FIELD_PREP(FW_PM4_WAIT_REG_MEM_MEM_SPACE, 1),
          static_cast<uint32_t>(addr),
          static_cast<uint32_t>(addr >> 32),
          ref,
          mask,
          4};
}

std::vector<uint32_t> pm4_indirect_buffer(const uint32_t* ib, uint32_t dwords) {
  const uint64_t a = va(ib);
  return {pm4_header(FW_PM4_INDIRECT_BUFFER, FW_PM4_INDIRECT_BUFFER_DWORDS),
          static_cast<uint32_t>(a), static_cast<uint32_t>(a >> 32),
          FW_FIELD_PREP(FW_PM4_IB_SIZE, dwords) | FW_FIELD_PREP(FW_PM4_IB_VALID, 1)};
}

std::vector<uint32_t> pm4_set_sh_reg(uint32_t reg, const std::vector<uint32_t>& values) {
  std::vector<uint32_t> p = {
      pm4_header(FW_PM4_SET_SH_REG, 1 + static_cast<uint32_t>(values.size())), reg};
  return p + values;
}

}  // namespace gcn_cp_test
