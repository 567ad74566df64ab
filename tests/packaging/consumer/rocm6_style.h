// The part of the consumer written with ROCm 6's include spellings.
#pragma once

#include <string>

// "MAJOR.MINOR" of the HSA runtime's API, from hsa_system_get_info.
std::string rocm6_style_runtime_version();
