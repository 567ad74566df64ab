// Prototypes of our hsakmt.h, for hsakmt_abi_test's comparison.
#include <typeinfo>

#include "hsakmt.h"
#include "hsakmt_api_list.h"

#define HSAKMT_PROTOTYPE_ROW(f) {#f, typeid(f).name()},
const HsakmtPrototype kOurHsakmtPrototypes[] = {HSAKMT_API_FUNCTIONS(HSAKMT_PROTOTYPE_ROW)};
static_assert(sizeof(kOurHsakmtPrototypes) / sizeof(kOurHsakmtPrototypes[0]) == 67,
              "libhsakmt.so.1 exports 67 functions");
