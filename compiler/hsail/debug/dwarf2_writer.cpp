#include "dwarf2_writer.h"

#include <map>

namespace hsail::dwarf {

namespace {

// Line program parameters. They are those of HSAILasm's debug sections, so
// that both prologues print alike; any valid choice would do.
constexpr int kLineBase = -1;
constexpr uint8_t kLineRange = 4;
constexpr uint8_t kOpcodeBase = 10;
// Operand counts of the standard opcodes 1..9 of DWARF 2.
constexpr uint8_t kStandardOpcodeLengths[kOpcodeBase - 1] = {0, 1, 1, 1, 1, 0, 0, 0, 1};
enum : uint8_t { kLnsCopy = 1, kLnsAdvancePc = 2, kLnsAdvanceLine = 3, kLnsSetColumn = 5 };
enum : uint8_t { kLneEndSequence = 1, kLneSetAddress = 2 };

size_t uleb_size(uint64_t v) {
  size_t n = 1;
  while (v >>= 7) ++n;
  return n;
}

// Abbreviation numbering and entry layout of one unit.
class InfoLayout {
 public:
  uint32_t code_of(const Die& d) {
    std::vector<uint8_t> key;
    put_uleb(&key, d.tag);
    put_u8(&key, d.children.empty() ? 0 : 1);
    if (d.sibling) {
      put_uleb(&key, kAtSibling);
      put_uleb(&key, kFormRef4);
    }
    for (const Attr& a : d.attrs) {
      put_uleb(&key, a.name);
      put_uleb(&key, a.form);
    }
    auto it = codes_.find(key);
    if (it != codes_.end()) return it->second;
    uint32_t code = static_cast<uint32_t>(codes_.size() + 1);
    codes_.emplace(key, code);
    // Abbreviation: code, tag, children flag, (attribute, form) pairs, 0 0.
    put_uleb(&abbrev_, code);
    abbrev_.insert(abbrev_.end(), key.begin(), key.end());
    put_u8(&abbrev_, 0);
    put_u8(&abbrev_, 0);
    return code;
  }

  // Size in bytes of d and its descendants; assigns abbreviation codes in
  // the order the entries are written (pre-order).
  size_t size_of(const Die& d) {
    size_t n = uleb_size(code_of(d)) + (d.sibling ? 4 : 0);
    for (const Attr& a : d.attrs) n += a.value.size();
    if (!d.children.empty()) {
      for (const Die& c : d.children) n += size_of(c);
      n += 1;  // the null entry ending the children
    }
    return n;
  }

  void write(const Die& d, std::vector<uint8_t>* out, std::vector<ElfRel>* relocs) {
    size_t start = out->size();
    put_uleb(out, code_of(d));
    if (d.sibling) {
      // The next sibling starts right after this entry's subtree.
      put_u32(out, static_cast<uint32_t>(start + size_of(d)));
    }
    for (const Attr& a : d.attrs) {
      if (a.reloc.symbol != 0) {
        relocs->push_back(
            {static_cast<uint32_t>(out->size() + a.reloc_at), a.reloc.symbol, a.reloc.type});
      }
      out->insert(out->end(), a.value.begin(), a.value.end());
    }
    if (!d.children.empty()) {
      for (const Die& c : d.children) write(c, out, relocs);
      put_u8(out, 0);
    }
  }

  std::vector<uint8_t> abbrev() const {
    std::vector<uint8_t> a = abbrev_;
    put_u8(&a, 0);  // end of the table
    return a;
  }

 private:
  std::map<std::vector<uint8_t>, uint32_t> codes_;
  std::vector<uint8_t> abbrev_;
};

}  // namespace

void Die::add_string(uint16_t name, const std::string& s) {
  Attr a{name, kFormString, {}, {}, 0};
  put_cstring(&a.value, s);
  attrs.push_back(std::move(a));
}

void Die::add_unsigned(uint16_t name, uint32_t v) {
  Attr a{name, kFormData1, {}, {}, 0};
  if (v <= 0xff) {
    put_u8(&a.value, static_cast<uint8_t>(v));
  } else if (v <= 0xffff) {
    a.form = kFormData2;
    put_u16(&a.value, static_cast<uint16_t>(v));
  } else {
    a.form = kFormData4;
    put_u32(&a.value, v);
  }
  attrs.push_back(std::move(a));
}

void Die::add_data2(uint16_t name, uint16_t v) {
  Attr a{name, kFormData2, {}, {}, 0};
  put_u16(&a.value, v);
  attrs.push_back(std::move(a));
}

void Die::add_data4(uint16_t name, uint32_t v, Reloc r) {
  Attr a{name, kFormData4, {}, r, 0};
  put_u32(&a.value, v);
  attrs.push_back(std::move(a));
}

void Die::add_flag(uint16_t name, bool v) {
  attrs.push_back(Attr{name, kFormFlag, {static_cast<uint8_t>(v ? 1 : 0)}, {}, 0});
}

void Die::add_addr(uint16_t name, uint32_t v, Reloc r) {
  Attr a{name, kFormAddr, {}, r, 0};
  put_u32(&a.value, v);
  attrs.push_back(std::move(a));
}

void Die::add_location_addr(uint16_t name, uint32_t v, Reloc r) {
  // block1: length 5, then DW_OP_addr and its 4-byte operand.
  Attr a{name, kFormBlock1, {5, kOpAddr}, r, 2};
  put_u32(&a.value, v);
  attrs.push_back(std::move(a));
}

InfoSections write_info(const Die& unit, Reloc abbrev_reloc) {
  InfoLayout layout;
  InfoSections s;
  // Unit header: unit_length, version 2, debug_abbrev offset, address size.
  put_u32(&s.info, 0);
  put_u16(&s.info, 2);
  s.info_relocs.push_back(
      {static_cast<uint32_t>(s.info.size()), abbrev_reloc.symbol, abbrev_reloc.type});
  put_u32(&s.info, 0);
  put_u8(&s.info, 4);
  layout.write(unit, &s.info, &s.info_relocs);
  patch_u32(&s.info, 0, static_cast<uint32_t>(s.info.size() - 4));
  s.abbrev = layout.abbrev();
  return s;
}

LineProgram::LineProgram(const std::string& file_name) : file_name_(file_name) {}

void LineProgram::begin_sequence(uint32_t address, Reloc r) {
  put_u8(&program_, 0);  // extended opcode: length 5, DW_LNE_set_address
  put_uleb(&program_, 5);
  put_u8(&program_, kLneSetAddress);
  if (r.symbol != 0) {
    program_relocs_.push_back({static_cast<uint32_t>(program_.size()), r.symbol, r.type});
  }
  put_u32(&program_, address);
  address_ = address;
}

void LineProgram::advance_to(uint32_t address, uint32_t line) {
  uint32_t addr_delta = address - address_;
  int64_t line_delta = int64_t{line} - line_;
  address_ = address;
  line_ = line;
  // A special opcode moves both and appends a row in one byte when it can.
  if (line_delta >= kLineBase && line_delta < kLineBase + kLineRange) {
    uint64_t op =
        uint64_t(line_delta - kLineBase) + uint64_t{kLineRange} * addr_delta + kOpcodeBase;
    if (op <= 255) {
      put_u8(&program_, static_cast<uint8_t>(op));
      return;
    }
  }
  if (addr_delta != 0) {
    put_u8(&program_, kLnsAdvancePc);
    put_uleb(&program_, addr_delta);
  }
  if (line_delta != 0) {
    put_u8(&program_, kLnsAdvanceLine);
    put_sleb(&program_, line_delta);
  }
  put_u8(&program_, kLnsCopy);
}

void LineProgram::add_row(uint32_t address, uint32_t line, uint32_t column) {
  if (column != column_) {
    put_u8(&program_, kLnsSetColumn);
    put_uleb(&program_, column);
    column_ = column;
  }
  advance_to(address, line);
}

void LineProgram::end_sequence(uint32_t end_address) {
  if (end_address != address_) {
    put_u8(&program_, kLnsAdvancePc);
    put_uleb(&program_, end_address - address_);
  }
  put_u8(&program_, 0);
  put_uleb(&program_, 1);
  put_u8(&program_, kLneEndSequence);
  // The state machine starts afresh for the next sequence.
  address_ = 0;
  line_ = 1;
  column_ = 0;
}

std::vector<uint8_t> LineProgram::header() const {
  std::vector<uint8_t> out;
  put_u32(&out, 0);  // unit_length, patched below
  put_u16(&out, 2);  // version
  put_u32(&out, 0);  // header_length, patched below
  size_t header_start = out.size();
  put_u8(&out, 1);  // minimum_instruction_length
  put_u8(&out, 1);  // default_is_stmt: every row is a statement
  put_u8(&out, static_cast<uint8_t>(kLineBase));
  put_u8(&out, kLineRange);
  put_u8(&out, kOpcodeBase);
  for (uint8_t n : kStandardOpcodeLengths) put_u8(&out, n);
  put_u8(&out, 0);  // no include directories
  put_cstring(&out, file_name_);
  put_uleb(&out, 0);  // directory: the compilation directory
  put_uleb(&out, 0);  // modification time unknown
  put_uleb(&out, 0);  // length unknown
  put_u8(&out, 0);    // end of file names
  patch_u32(&out, 6, static_cast<uint32_t>(out.size() - header_start));
  // unit_length covers the program too.
  patch_u32(&out, 0, static_cast<uint32_t>(out.size() + program_.size() - 4));
  return out;
}

std::vector<uint8_t> LineProgram::bytes() const {
  std::vector<uint8_t> out = header();
  out.insert(out.end(), program_.begin(), program_.end());
  return out;
}

std::vector<ElfRel> LineProgram::relocs() const {
  size_t program_start = header().size();
  std::vector<ElfRel> out;
  for (const ElfRel& r : program_relocs_) {
    out.push_back({static_cast<uint32_t>(r.offset + program_start), r.symbol, r.type});
  }
  return out;
}

}  // namespace hsail::dwarf
