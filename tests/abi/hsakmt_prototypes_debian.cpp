// Prototypes of Debian's hsakmt.h, for hsakmt_abi_test's comparison.
#include <typeinfo>

#include "/usr/include/hsakmt.h"
#include "hsakmt_api_list.h"

#define HSAKMT_PROTOTYPE_ROW(f) {#f, typeid(f).name()},
const HsakmtPrototype kDebianHsakmtPrototypes[] = {HSAKMT_API_FUNCTIONS(HSAKMT_PROTOTYPE_ROW)};
const unsigned kHsakmtPrototypeCount =
    sizeof(kDebianHsakmtPrototypes) / sizeof(kDebianHsakmtPrototypes[0]);
