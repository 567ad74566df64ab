// The index operations in every memory order Debian's hsa.h names, run on a
// soft queue against a plain CPU model of the two indices.
#include <random>

#include "queue_fixture.h"

namespace queue_test {
namespace {

using ApiQueueIndex = ApiQueueTest;

using Load = uint64_t (*)(const hsa_queue_t*);
using Store = void (*)(const hsa_queue_t*, uint64_t);
using Cas = uint64_t (*)(const hsa_queue_t*, uint64_t, uint64_t);
using Add = uint64_t (*)(const hsa_queue_t*, uint64_t);

const Load kLoadRead[] = {hsa_queue_load_read_index_relaxed, hsa_queue_load_read_index_scacquire,
                          hsa_queue_load_read_index_acquire};
const Load kLoadWrite[] = {hsa_queue_load_write_index_relaxed, hsa_queue_load_write_index_scacquire,
                           hsa_queue_load_write_index_acquire};
const Store kStoreRead[] = {hsa_queue_store_read_index_relaxed,
                            hsa_queue_store_read_index_screlease,
                            hsa_queue_store_read_index_release};
const Store kStoreWrite[] = {hsa_queue_store_write_index_relaxed,
                             hsa_queue_store_write_index_screlease,
                             hsa_queue_store_write_index_release};
const Cas kCas[] = {hsa_queue_cas_write_index_relaxed, hsa_queue_cas_write_index_scacquire,
                    hsa_queue_cas_write_index_acquire, hsa_queue_cas_write_index_screlease,
                    hsa_queue_cas_write_index_release, hsa_queue_cas_write_index_scacq_screl,
                    hsa_queue_cas_write_index_acq_rel};
const Add kAdd[] = {hsa_queue_add_write_index_relaxed, hsa_queue_add_write_index_scacquire,
                    hsa_queue_add_write_index_acquire, hsa_queue_add_write_index_screlease,
                    hsa_queue_add_write_index_release, hsa_queue_add_write_index_scacq_screl,
                    hsa_queue_add_write_index_acq_rel};

template <typename T, size_t N>
T pick(const T (&table)[N], std::mt19937_64& rng) {
  return table[rng() % N];
}

TEST_F(ApiQueueIndex, EveryOrderMatchesACpuModel) {
  hsa_region_t region{0};
  hsa_agent_iterate_regions(
      cpu_,
      [](hsa_region_t r, void* data) {
        *static_cast<hsa_region_t*>(data) = r;
        return HSA_STATUS_INFO_BREAK;
      },
      &region);
  hsa_queue_t* q = nullptr;
  ASSERT_EQ(hsa_soft_queue_create(region, 16, HSA_QUEUE_TYPE_MULTI,
                                  HSA_QUEUE_FEATURE_KERNEL_DISPATCH, hsa_signal_t{0x40}, &q),
            HSA_STATUS_SUCCESS);
  uint64_t read = 0, write = 0;  // the model
  std::mt19937_64 rng(12345);
  for (int step = 0; step < 20000; ++step) {
    const uint64_t v = rng() % 4 == 0 ? rng() : rng() % 64;
    switch (rng() % 7) {
      case 0:
        ASSERT_EQ(pick(kLoadRead, rng)(q), read) << "step " << step;
        break;
      case 1:
        ASSERT_EQ(pick(kLoadWrite, rng)(q), write) << "step " << step;
        break;
      case 2:
        pick(kStoreRead, rng)(q, v);
        read = v;
        break;
      case 3:
        pick(kStoreWrite, rng)(q, v);
        write = v;
        break;
      case 4: {
        // Half the time the expected value is right, so both outcomes run.
        const uint64_t expected = rng() % 2 ? write : v;
        const uint64_t found = pick(kCas, rng)(q, expected, v + 1);
        ASSERT_EQ(found, write) << "CAS returns the value it found, step " << step;
        if (write == expected) write = v + 1;
        break;
      }
      default: {
        const uint64_t old = pick(kAdd, rng)(q, v);
        ASSERT_EQ(old, write) << "add returns the previous value, step " << step;
        write += v;
        break;
      }
    }
  }
  // Read and write indices are separate words of the queue.
  EXPECT_EQ(hsa_queue_load_read_index_relaxed(q), read);
  EXPECT_EQ(hsa_queue_load_write_index_relaxed(q), write);
  EXPECT_EQ(hsa_queue_destroy(q), HSA_STATUS_SUCCESS);
}

}  // namespace
}  // namespace queue_test
