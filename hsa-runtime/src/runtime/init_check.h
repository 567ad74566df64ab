// The check every API function starts with: NOT_INITIALIZED outside
// hsa_init .. hsa_shut_down (runtime/runtime.cpp).
#pragma once

#include <hsa/hsa.h>

namespace hsart {

// Between the first hsa_init's end and the last hsa_shut_down's start.
bool initialized();

}  // namespace hsart

#define HSART_CHECK_INIT()                                                \
  do {                                                                    \
    if (!::hsart::initialized()) return HSA_STATUS_ERROR_NOT_INITIALIZED; \
  } while (0)
