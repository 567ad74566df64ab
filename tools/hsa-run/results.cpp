#include "results.h"

#include <cstdio>

namespace hsarun {

namespace {

constexpr int kMismatchesShown = 10;

}  // namespace

void print_buffer(size_t index, const Arg& arg, const uint8_t* data, uint64_t count,
                  uint64_t limit) {
  const uint64_t shown = limit == 0 || limit > count ? count : limit;
  std::printf("arg %zu (%s):", index, arg.spec.c_str());
  for (uint64_t i = 0; i < shown; ++i)
    std::printf(" %s", format_element(*arg.type, data + i * arg.type->size).c_str());
  if (shown < count)
    std::printf(" ... (%llu of %llu)", static_cast<unsigned long long>(shown),
                static_cast<unsigned long long>(count));
  std::printf("\n");
}

bool compare_buffer(size_t index, const Arg& arg, const uint8_t* got, uint64_t count,
                    const std::vector<uint8_t>& want, double tolerance) {
  const ElementType& t = *arg.type;
  uint64_t mismatches = 0;
  for (uint64_t i = 0; i < count; ++i) {
    const uint8_t* g = got + i * t.size;
    const uint8_t* w = want.data() + i * t.size;
    if (elements_match(t, g, w, tolerance)) continue;
    if (mismatches < kMismatchesShown)
      std::fprintf(stderr, "hsa-run: arg %zu element %llu: got %s, expected %s\n", index,
                   static_cast<unsigned long long>(i), format_element(t, g).c_str(),
                   format_element(t, w).c_str());
    ++mismatches;
  }
  if (mismatches)
    std::fprintf(stderr, "hsa-run: arg %zu: %llu of %llu elements differ (tolerance %g)\n", index,
                 static_cast<unsigned long long>(mismatches),
                 static_cast<unsigned long long>(count), tolerance);
  return mismatches == 0;
}

}  // namespace hsarun
