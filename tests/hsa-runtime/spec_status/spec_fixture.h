// The runtime initialized with its first GPU and CPU agents, for tests that
// call API functions with invalid arguments and check the status HSA 1.1
// names for each case.
#pragma once

#include <gtest/gtest.h>
#include <hsa/hsa.h>

#include "hsa_test_fixture.h"

namespace spec_status_test {

class SpecStatusTest : public hsa_test::RuntimeFixture {
 protected:
  // The first region of an agent for which want(region) holds, or {0}.
  template <typename Want>
  hsa_region_t region_of(hsa_agent_t agent, Want want) {
    struct Search {
      Want* want;
      hsa_region_t found;
    } search{&want, {0}};
    hsa_agent_iterate_regions(
        agent,
        [](hsa_region_t r, void* data) {
          auto* s = static_cast<Search*>(data);
          if (!(*s->want)(r)) return HSA_STATUS_SUCCESS;
          s->found = r;
          return HSA_STATUS_INFO_BREAK;
        },
        &search);
    return search.found;
  }
};

// A value outside every enumeration the tests pass as an attribute.
constexpr int kBadEnum = 0x7fff;

}  // namespace spec_status_test
