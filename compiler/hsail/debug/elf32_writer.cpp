#include "elf32_writer.h"

#include <algorithm>

namespace hsail {

namespace {

constexpr uint32_t kEhdrSize = 52;
constexpr uint32_t kShdrSize = 40;
constexpr uint32_t kSymSize = 16;

size_t align_to(size_t v, uint32_t a) { return a <= 1 ? v : (v + a - 1) / a * a; }

}  // namespace

void put_u8(std::vector<uint8_t>* out, uint8_t v) { out->push_back(v); }

void put_u16(std::vector<uint8_t>* out, uint16_t v) {
  out->push_back(static_cast<uint8_t>(v));
  out->push_back(static_cast<uint8_t>(v >> 8));
}

void put_u32(std::vector<uint8_t>* out, uint32_t v) {
  for (int i = 0; i < 4; ++i) out->push_back(static_cast<uint8_t>(v >> (8 * i)));
}

void put_uleb(std::vector<uint8_t>* out, uint64_t v) {
  do {
    uint8_t b = v & 0x7f;
    v >>= 7;
    out->push_back(static_cast<uint8_t>(b | (v != 0 ? 0x80 : 0)));
  } while (v != 0);
}

void put_sleb(std::vector<uint8_t>* out, int64_t v) {
  bool more = true;
  while (more) {
    uint8_t b = v & 0x7f;
    v >>= 7;  // arithmetic shift: the sign is kept
    more = !((v == 0 && (b & 0x40) == 0) || (v == -1 && (b & 0x40) != 0));
    out->push_back(static_cast<uint8_t>(b | (more ? 0x80 : 0)));
  }
}

void put_cstring(std::vector<uint8_t>* out, const std::string& s) {
  out->insert(out->end(), s.begin(), s.end());
  out->push_back(0);
}

void patch_u32(std::vector<uint8_t>* out, size_t at, uint32_t v) {
  for (int i = 0; i < 4; ++i) (*out)[at + i] = static_cast<uint8_t>(v >> (8 * i));
}

std::vector<uint8_t> rel_section_bytes(const std::vector<ElfRel>& rels) {
  std::vector<uint8_t> out;
  for (const ElfRel& r : rels) {
    put_u32(&out, r.offset);
    put_u32(&out, (r.symbol << 8) | r.type);  // ELF32_R_INFO
  }
  return out;
}

std::vector<uint8_t> section_symbols(const std::vector<uint32_t>& sections) {
  std::vector<uint8_t> out(kSymSize, 0);  // symbol 0: the undefined symbol
  for (uint32_t index : sections) {
    put_u32(&out, 0);  // st_name: a section symbol is named by its section
    put_u32(&out, 0);  // st_value
    put_u32(&out, 0);  // st_size
    put_u8(&out, 3);   // st_info: STB_LOCAL, STT_SECTION
    put_u8(&out, 0);   // st_other
    put_u16(&out, static_cast<uint16_t>(index));
  }
  return out;
}

uint32_t Elf32Writer::add(ElfSection s) {
  sections_.push_back(std::move(s));
  return static_cast<uint32_t>(sections_.size() + 1);
}

std::vector<uint8_t> Elf32Writer::write() const {
  // Section 1 is the name table; its own name comes first.
  std::vector<uint8_t> names{0};
  auto add_name = [&names](const std::string& n) {
    uint32_t off = static_cast<uint32_t>(names.size());
    put_cstring(&names, n);
    return off;
  };
  uint32_t shstrtab_name = add_name(".shstrtab");
  std::vector<uint32_t> name_offsets;
  for (const ElfSection& s : sections_) name_offsets.push_back(add_name(s.name));

  std::vector<uint8_t> out(kEhdrSize, 0);
  std::vector<uint8_t> headers(kShdrSize, 0);  // section 0: all zero
  auto add_header = [&headers](uint32_t name, uint32_t type, uint32_t flags, uint32_t offset,
                               uint32_t size, uint32_t link, uint32_t info, uint32_t align,
                               uint32_t entsize) {
    for (uint32_t v : {name, type, flags, 0u /* addr */, offset, size, link, info, align, entsize})
      put_u32(&headers, v);
  };
  auto place = [&out](const std::vector<uint8_t>& data, uint32_t align) {
    out.resize(align_to(out.size(), align), 0);
    uint32_t off = static_cast<uint32_t>(out.size());
    out.insert(out.end(), data.begin(), data.end());
    return off;
  };
  add_header(shstrtab_name, kStrtab, kFlagStrings, place(names, 1),
             static_cast<uint32_t>(names.size()), 0, 0, 1, 0);
  for (size_t i = 0; i < sections_.size(); ++i) {
    const ElfSection& s = sections_[i];
    uint32_t off = place(s.data, s.align);
    add_header(name_offsets[i], s.type, s.flags, off, static_cast<uint32_t>(s.data.size()), s.link,
               s.info, s.align, s.entsize);
  }
  uint32_t shoff = place(headers, 4);

  // The ELF header (ELF32, little-endian, version 1, ET_REL).
  const uint8_t ident[16] = {0x7f, 'E', 'L', 'F', 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0};
  std::vector<uint8_t> h(ident, ident + 16);
  put_u16(&h, 1);  // e_type: ET_REL
  put_u16(&h, machine_);
  put_u32(&h, 1);  // e_version
  put_u32(&h, 0);  // e_entry
  put_u32(&h, 0);  // e_phoff
  put_u32(&h, shoff);
  put_u32(&h, 0);  // e_flags
  put_u16(&h, kEhdrSize);
  put_u16(&h, 0);  // e_phentsize
  put_u16(&h, 0);  // e_phnum
  put_u16(&h, kShdrSize);
  put_u16(&h, static_cast<uint16_t>(sections_.size() + 2));
  put_u16(&h, 1);  // e_shstrndx
  std::copy(h.begin(), h.end(), out.begin());
  return out;
}

}  // namespace hsail
