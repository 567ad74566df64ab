// How the tools report a failed runtime call: the call, the status code and
// the runtime's own text for it.
#pragma once

#include <hsa/hsa.h>

#include <cstdio>
#include <string>

namespace hsa_tools {

inline std::string describe_failure(const std::string& call, hsa_status_t status) {
  char code[16];
  std::snprintf(code, sizeof code, "0x%x", static_cast<unsigned>(status));
  std::string out = call + " failed (status " + code + ")";
  const char* text = nullptr;
  if (hsa_status_string(status, &text) == HSA_STATUS_SUCCESS && text)
    out += ": " + std::string(text);
  return out;
}

}  // namespace hsa_tools
