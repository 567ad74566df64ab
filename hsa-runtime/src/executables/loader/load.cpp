// Load: places a parsed code object's segments into caller memory and
// applies its dynamic relocations against the GPU address of that memory.
#include <cstring>

#include "amdgpu_elf.h"
#include "code_object.h"

namespace hsart::loader {
namespace {

std::string Hex(uint64_t v) {
  char buf[24];
  snprintf(buf, sizeof(buf), "0x%llx", static_cast<unsigned long long>(v));
  return buf;
}

bool Fail(std::string* error, const std::string& why) {
  *error = why;
  return false;
}

bool Apply(const Relocation& r, uint8_t* host, uint64_t gpu_va, const SymbolResolver& resolve,
           std::string* error) {
  const std::string where = "relocation at image offset " + Hex(r.image_offset);
  uint64_t s = 0;
  // Defined symbols (section symbols have no name) live in the image;
  // named undefined ones come from the application.
  if (r.symbol_defined) {
    s = gpu_va + r.symbol_offset;
  } else if (!r.symbol.empty() && (!resolve || !resolve(r.symbol, &s))) {
    return Fail(error,
                where + ": undefined symbol '" + r.symbol + "' was not defined by the application");
  }
  const uint64_t a = static_cast<uint64_t>(r.addend);
  const uint64_t p = gpu_va + r.image_offset;
  uint64_t value = 0;
  unsigned width = 4;
  switch (r.type) {
    case kRAbs32Lo:
      value = (s + a) & 0xffffffffu;
      break;
    case kRAbs32Hi:
      value = (s + a) >> 32;
      break;
    case kRAbs64:
      value = s + a;
      width = 8;
      break;
    case kRRel32:
      value = s + a - p;
      break;
    case kRRel64:
      value = s + a - p;
      width = 8;
      break;
    case kRAbs32:
      value = s + a;
      break;
    case kRRel32Lo:
      value = (s + a - p) & 0xffffffffu;
      break;
    case kRRel32Hi:
      value = (s + a - p) >> 32;
      break;
    case kRRelative64:
      value = gpu_va + a;
      width = 8;
      break;
    default:
      return Fail(error, where + ": unsupported type " + std::to_string(r.type));
  }
  if (r.type == kRAbs32 && value > UINT32_MAX)
    return Fail(error, where + ": R_AMDGPU_ABS32 value " + Hex(value) + " does not fit");
  if (width == 8) {
    std::memcpy(host + r.image_offset, &value, 8);
  } else {
    const uint32_t v32 = static_cast<uint32_t>(value);
    std::memcpy(host + r.image_offset, &v32, 4);
  }
  return true;
}

}  // namespace

bool Load(const CodeObject& co, void* host, uint64_t gpu_va, const SymbolResolver& resolve,
          std::string* error) {
  error->clear();
  if (!host) return Fail(error, "no memory for the image");
  if (co.image_size == 0) return Fail(error, "code object was not parsed");
  if (co.image_align && gpu_va % co.image_align)
    return Fail(error, "GPU address " + Hex(gpu_va) + " is not aligned to " + Hex(co.image_align));
  auto* dst = static_cast<uint8_t*>(host);
  std::memset(dst, 0, co.image_size);
  for (const Segment& s : co.segments) {
    // Parse checked these; recheck so a hand-built CodeObject cannot
    // write outside the caller's memory.
    if (s.image_offset > co.image_size || s.mem_size > co.image_size - s.image_offset ||
        s.file_size > s.mem_size || s.file_offset > co.file.size() ||
        s.file_size > co.file.size() - s.file_offset)
      return Fail(error, "segment at image offset " + Hex(s.image_offset) + " is inconsistent");
    std::memcpy(dst + s.image_offset, co.file.data() + s.file_offset, s.file_size);
  }
  for (const Relocation& r : co.relocations) {
    const uint64_t width =
        (r.type == kRAbs64 || r.type == kRRel64 || r.type == kRRelative64) ? 8 : 4;
    if (r.image_offset > co.image_size || width > co.image_size - r.image_offset)
      return Fail(error,
                  "relocation at image offset " + Hex(r.image_offset) + " lies outside the image");
    if (!Apply(r, dst, gpu_va, resolve, error)) return false;
  }
  return true;
}

}  // namespace hsart::loader
