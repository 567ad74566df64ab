// An AQL queue made with raw ioctls runs a clang-14 gfx900 kernel: the
// completion signal's mailbox is the event's slot, so the CP's interrupt
// wakes WAIT_EVENTS. A kernel that stores to unmapped memory stops its
// queue and signals the process's memory-exception event with the address.
#include <sys/mman.h>

#include <cerrno>
#include <cstring>

#include "amd_queue.h"
#include "amd_signal.h"
#include "aql_packet.h"
#include "code_object.h"
#include "kfd_fixture.h"

namespace kfd_test {
namespace {

constexpr uint32_t kGtt = KFD_IOC_ALLOC_MEM_FLAGS_GTT | KFD_IOC_ALLOC_MEM_FLAGS_WRITABLE;
constexpr uint32_t kPackets = 64;

class AqlTest : public KfdTest {
 protected:
  void SetUp() override {
    KfdTest::SetUp();
    if (HasFatalFailure()) return;
    queue_ = reinterpret_cast<fw_amd_queue*>(shared(4096));
    ring_ = shared(kPackets * FW_AQL_PACKET_SIZE);
    for (uint32_t i = 0; i < kPackets; ++i)
      reinterpret_cast<uint16_t*>(ring_ + i * FW_AQL_PACKET_SIZE)[0] = FW_AQL_PACKET_TYPE_INVALID;
    queue_->hsa_queue.base_address = reinterpret_cast<uintptr_t>(ring_);
    queue_->hsa_queue.size = kPackets;
    uint64_t page = 0;
    slots_ = reinterpret_cast<uint64_t*>(shared(KFD_SIGNAL_EVENT_LIMIT * 8, &page));
    kfd_ioctl_create_event_args ev{};
    ASSERT_EQ(create_event(KFD_IOC_EVENT_SIGNAL, true, &ev, page), 0);
    event_ = ev.event_id;

    kfd_ioctl_create_queue_args q{};
    q.gpu_id = gpus_[0];
    q.queue_type = KFD_IOC_QUEUE_TYPE_COMPUTE_AQL;
    q.queue_percentage = 100;
    q.queue_priority = 7;
    q.ring_base_address = reinterpret_cast<uintptr_t>(ring_);
    q.ring_size = kPackets * FW_AQL_PACKET_SIZE;
    q.read_pointer_address = reinterpret_cast<uintptr_t>(&queue_->read_dispatch_id);
    q.write_pointer_address = reinterpret_cast<uintptr_t>(&queue_->write_dispatch_id);
    ASSERT_EQ(io(AMDKFD_IOC_CREATE_QUEUE, &q), 0);
    queue_id_ = q.queue_id;
    db_page_ =
        static_cast<uint8_t*>(t_->mmap(nullptr, 8192, PROT_READ | PROT_WRITE, MAP_SHARED, kfd_,
                                       static_cast<off_t>(q.doorbell_offset & ~8191ull)));
    ASSERT_NE(db_page_, MAP_FAILED);
    doorbell_ = reinterpret_cast<uint64_t*>(db_page_ + (q.doorbell_offset & 8191));
  }
  void TearDown() override {
    if (queue_id_ >= 0) {
      kfd_ioctl_destroy_queue_args d{};
      d.queue_id = static_cast<uint32_t>(queue_id_);
      EXPECT_EQ(io(AMDKFD_IOC_DESTROY_QUEUE, &d), 0);
    }
    if (db_page_ && db_page_ != MAP_FAILED) t_->munmap(db_page_, 8192);
    KfdTest::TearDown();
  }

  uint8_t* shared(uint64_t bytes, uint64_t* handle = nullptr) {
    const uint64_t va = va_.base() + used_;
    used_ += (bytes + 4095) & ~4095ull;
    uint64_t h = 0, off = 0;
    EXPECT_EQ(alloc(gpus_[0], va, bytes, kGtt, &h, &off), 0);
    if (handle) *handle = h;
    void* p = t_->mmap(reinterpret_cast<void*>(va), bytes, PROT_READ | PROT_WRITE,
                       MAP_SHARED | MAP_FIXED, render_fds_[0], static_cast<off_t>(off));
    EXPECT_EQ(reinterpret_cast<uint64_t>(p), va);
    EXPECT_EQ(map(h, {gpus_[0]}), 0);
    return static_cast<uint8_t*>(p);
  }

  // The code object's image, registered as user memory at its address.
  bool load(gcn::test::CodeObject* co, const char* file) {
    std::string error;
    if (!co->load(std::string(KERNEL_DIR) + "/" + file, &error)) {
      ADD_FAILURE() << error;
      return false;
    }
    const uint64_t addr = reinterpret_cast<uint64_t>(co->image());
    const uint64_t bytes = (co->image_size() + 4095) & ~4095ull;
    uint64_t h = 0;
    if (alloc(gpus_[0], addr, bytes,
              KFD_IOC_ALLOC_MEM_FLAGS_USERPTR | KFD_IOC_ALLOC_MEM_FLAGS_EXECUTABLE, &h, nullptr,
              addr) != 0 ||
        map(h, {gpus_[0]}) != 0) {
      ADD_FAILURE() << "cannot map the code object";
      return false;
    }
    code_handles_.push_back(h);
    return true;
  }

  // A completion signal whose mailbox is the event's slot.
  fw_amd_signal* signal() {
    auto* s = reinterpret_cast<fw_amd_signal*>(shared(4096));
    s->kind = 1;  // AMD_SIGNAL_KIND_USER
    s->value = 1;
    s->event_mailbox_ptr = reinterpret_cast<uintptr_t>(&slots_[event_]);
    s->event_id = event_;
    return s;
  }

  void submit(const gcn::test::CodeObject& co, const char* kernel, uint32_t grid, uint16_t group,
              const void* kernargs, fw_amd_signal* s) {
    const auto* kd = co.descriptor(kernel);
    ASSERT_NE(kd, nullptr) << kernel;
    fw_aql_kernel_dispatch_packet p{};
    p.setup = static_cast<uint16_t>(FW_FIELD_PREP(FW_AQL_DISPATCH_SETUP_DIMENSIONS, 1));
    p.workgroup_size_x = group;
    p.workgroup_size_y = p.workgroup_size_z = 1;
    p.grid_size_x = grid;
    p.grid_size_y = p.grid_size_z = 1;
    p.kernel_object = reinterpret_cast<uintptr_t>(kd);
    p.kernarg_address = reinterpret_cast<uintptr_t>(kernargs);
    p.completion_signal = reinterpret_cast<uintptr_t>(s);
    p.group_segment_size = kd->group_segment_fixed_size;
    p.private_segment_size = kd->private_segment_fixed_size;
    const uint16_t header = static_cast<uint16_t>(
        FW_FIELD_PREP(FW_AQL_HEADER_TYPE, FW_AQL_PACKET_TYPE_KERNEL_DISPATCH) |
        FW_FIELD_PREP(FW_AQL_HEADER_BARRIER, 1) |
        FW_FIELD_PREP(FW_AQL_HEADER_ACQUIRE_FENCE_SCOPE, FW_AQL_FENCE_SCOPE_SYSTEM) |
        FW_FIELD_PREP(FW_AQL_HEADER_RELEASE_FENCE_SCOPE, FW_AQL_FENCE_SCOPE_SYSTEM));
    const uint64_t index = queue_->write_dispatch_id++;
    uint8_t* slot = ring_ + (index % kPackets) * FW_AQL_PACKET_SIZE;
    std::memcpy(slot + 4, reinterpret_cast<const uint8_t*>(&p) + 4, FW_AQL_PACKET_SIZE - 4);
    const uint32_t header_setup = header | static_cast<uint32_t>(p.setup) << 16;
    __atomic_store_n(reinterpret_cast<uint32_t*>(slot), header_setup, __ATOMIC_RELEASE);
    __atomic_store_n(doorbell_, index, __ATOMIC_RELEASE);
  }

  Reservation va_{64ull << 20};
  uint64_t used_ = 0;
  fw_amd_queue* queue_ = nullptr;
  uint8_t* ring_ = nullptr;
  uint64_t* slots_ = nullptr;
  uint32_t event_ = 0;
  int queue_id_ = -1;
  uint8_t* db_page_ = nullptr;
  uint64_t* doorbell_ = nullptr;
  std::vector<uint64_t> code_handles_;
};

TEST_F(AqlTest, VectorAddCompletesThroughTheEvent) {
  gcn::test::CodeObject co;
  ASSERT_TRUE(load(&co, "vector_add.O3.co"));
  constexpr uint32_t n = 1000;
  auto* a = reinterpret_cast<float*>(shared(n * 4));
  auto* b = reinterpret_cast<float*>(shared(n * 4));
  auto* c = reinterpret_cast<float*>(shared(n * 4));
  for (uint32_t i = 0; i < n; ++i) {
    a[i] = static_cast<float>(i) * 0.5f;
    b[i] = 1000.0f - static_cast<float>(i);
    c[i] = -1.0f;
  }
  auto* args = shared(4096);
  const uint64_t ptrs[3] = {reinterpret_cast<uintptr_t>(a), reinterpret_cast<uintptr_t>(b),
                            reinterpret_cast<uintptr_t>(c)};
  std::memcpy(args, ptrs, sizeof(ptrs));
  std::memcpy(args + 24, &n, 4);
  fw_amd_signal* s = signal();
  submit(co, "vector_add", 1024, 64, args, s);

  uint32_t r = 0;
  ASSERT_EQ(wait({event_}, true, 20000, &r), 0);
  ASSERT_EQ(r, KFD_IOC_WAIT_RESULT_COMPLETE);
  EXPECT_EQ(__atomic_load_n(&s->value, __ATOMIC_ACQUIRE), 0);
  for (uint32_t i = 0; i < n; ++i) ASSERT_EQ(c[i], a[i] + b[i]) << i;
  EXPECT_EQ(__atomic_load_n(&queue_->read_dispatch_id, __ATOMIC_ACQUIRE), 1u);
}

TEST_F(AqlTest, FaultingKernelSignalsTheMemoryEvent) {
  gcn::test::CodeObject co;
  ASSERT_TRUE(load(&co, "fault_store.O3.co"));
  kfd_ioctl_create_event_args mem{};
  ASSERT_EQ(create_event(KFD_IOC_EVENT_MEMORY, false, &mem), 0);
  // Inside the reservation but never mapped to the GPU.
  const uint64_t bad = va_.base() + (48ull << 20);
  auto* args = shared(4096);
  std::memcpy(args, &bad, 8);
  fw_amd_signal* s = signal();
  submit(co, "fault_store", 64, 64, args, s);

  uint32_t r = 0;
  std::vector<kfd_event_data> data;
  ASSERT_EQ(wait({mem.event_id}, true, 20000, &r, &data), 0);
  ASSERT_EQ(r, KFD_IOC_WAIT_RESULT_COMPLETE);
  EXPECT_EQ(data[0].memory_exception_data.gpu_id, gpus_[0]);
  EXPECT_EQ(data[0].memory_exception_data.va, bad);  // the faulting page
  EXPECT_EQ(s->value, 1);                            // the dispatch never completed
}

TEST_F(AqlTest, MalformedPacketSignalsTheHardwareExceptionEvent) {
  kfd_ioctl_create_event_args hw{};
  ASSERT_EQ(create_event(KFD_IOC_EVENT_HW_EXCEPTION, false, &hw), 0);
  // A vendor-specific packet whose body names no format the CP knows.
  const uint64_t index = queue_->write_dispatch_id++;
  uint8_t* slot = ring_ + (index % kPackets) * FW_AQL_PACKET_SIZE;
  std::memset(slot + 4, 0xee, FW_AQL_PACKET_SIZE - 4);
  __atomic_store_n(
      reinterpret_cast<uint32_t*>(slot),
      static_cast<uint32_t>(FW_FIELD_PREP(FW_AQL_HEADER_TYPE, FW_AQL_PACKET_TYPE_VENDOR_SPECIFIC)),
      __ATOMIC_RELEASE);
  __atomic_store_n(doorbell_, index, __ATOMIC_RELEASE);
  uint32_t r = 0;
  ASSERT_EQ(wait({hw.event_id}, true, 20000, &r), 0);
  EXPECT_EQ(r, KFD_IOC_WAIT_RESULT_COMPLETE);
  // The queue stopped: the packet was never consumed as done.
  EXPECT_EQ(__atomic_load_n(&queue_->read_dispatch_id, __ATOMIC_ACQUIRE), index);
}

}  // namespace
}  // namespace kfd_test
