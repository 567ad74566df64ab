// The handle-initializer note (firmware-interfaces/handle_init_note.h):
// which image and sampler handles of the image the runtime fills when it
// loads the code object, checked as strictly as the rest of the ELF.
#include <cstring>

#include "code_object.h"
#include "handle_init_note.h"
#include "parse_state.h"

namespace hsart::loader {

bool ParseHandleInitNote(const ParseState& st, const uint8_t* desc, uint64_t size, uint64_t at,
                         CodeObject* co) {
  const ElfReader& elf = st.elf;
  const std::string where = "handle-initializer note at file offset " + std::to_string(at);
  fw_handle_init_header h;
  if (size < sizeof h) return elf.fail(where + ": descriptor too short");
  std::memcpy(&h, desc, sizeof h);
  if (h.version != FW_HANDLE_INIT_VERSION)
    return elf.fail(where + ": version " + std::to_string(h.version) + " (this loader reads " +
                    std::to_string(FW_HANDLE_INIT_VERSION) + ")");
  if (h.record_size != sizeof(fw_handle_init_record))
    return elf.fail(where + ": record size " + std::to_string(h.record_size) + " is not " +
                    std::to_string(sizeof(fw_handle_init_record)));
  const uint64_t records = uint64_t{h.record_count} * h.record_size;
  if (records > size - sizeof h || h.strings_size != size - sizeof h - records)
    return elf.fail(where + ": " + std::to_string(h.record_count) + " records and " +
                    std::to_string(h.strings_size) + " bytes of names do not fill the descriptor");
  const char* strings = reinterpret_cast<const char*>(desc + sizeof h + records);
  for (uint32_t i = 0; i < h.record_count; ++i) {
    const std::string rwhere = where + ", record " + std::to_string(i);
    fw_handle_init_record r;
    std::memcpy(&r, desc + sizeof h + uint64_t{i} * h.record_size, sizeof r);
    if (r.symbol >= h.strings_size ||
        strnlen(strings + r.symbol, h.strings_size - r.symbol) == h.strings_size - r.symbol)
      return elf.fail(rwhere + ": name offset " + std::to_string(r.symbol) +
                      " is not a string of the note");
    HandleInit hi;
    hi.symbol = strings + r.symbol;
    if (r.kind == FW_HANDLE_INIT_IMAGE) {
      hi.kind = HandleInit::Kind::Image;
    } else if (r.kind == FW_HANDLE_INIT_SAMPLER) {
      hi.kind = HandleInit::Kind::Sampler;
    } else {
      return elf.fail(rwhere + ": unknown kind " + std::to_string(r.kind));
    }
    const Variable* v = nullptr;
    for (const Variable& c : co->variables)
      if (c.defined && c.name == hi.symbol) v = &c;
    if (v == nullptr) return elf.fail(rwhere + ": no variable " + hi.symbol + " in the image");
    if (v->size < 8 || r.offset > v->size - 8)
      return elf.fail(rwhere + ": handle at offset " + std::to_string(r.offset) + " of " +
                      hi.symbol + " (" + std::to_string(v->size) + " bytes)");
    hi.image_offset = v->offset + r.offset;
    hi.geometry = r.geometry;
    hi.channel_order = r.channel_order;
    hi.channel_type = r.channel_type;
    hi.access = r.access;
    hi.width = r.width;
    hi.height = r.height;
    hi.depth = r.depth;
    hi.array_size = r.array_size;
    hi.coord = r.coord;
    hi.filter = r.filter;
    hi.addressing = r.addressing;
    co->handle_inits.push_back(std::move(hi));
  }
  return true;
}

}  // namespace hsart::loader
