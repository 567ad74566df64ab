#include "kernargs.h"

#include <cstring>

namespace hsarun {

bool layout_kernargs(const std::vector<Arg>& args, const std::vector<uint64_t>& addresses,
                     uint32_t segment_size, std::vector<uint8_t>* block, std::string* error) {
  block->assign(segment_size, 0);
  size_t offset = 0;
  for (size_t i = 0; i < args.size(); ++i) {
    const size_t size = args[i].buffer ? 8 : args[i].type->size;
    offset = (offset + size - 1) / size * size;
    if (offset + size > segment_size) {
      *error = "argument " + std::to_string(i) + " ('" + args[i].spec + "') ends at byte " +
               std::to_string(offset + size) + " but the kernel's kernarg segment is " +
               std::to_string(segment_size) + " bytes: too many or too large arguments";
      return false;
    }
    const void* from = args[i].buffer ? static_cast<const void*>(&addresses[i])
                                      : static_cast<const void*>(args[i].scalar.data());
    std::memcpy(block->data() + offset, from, size);
    offset += size;
  }
  return true;
}

}  // namespace hsarun
