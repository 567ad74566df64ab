#include "module.h"

#include <algorithm>

namespace hsail {

namespace {

constexpr uint32_t align_up(uint64_t v, uint32_t a) {
  return static_cast<uint32_t>((v + a - 1) / a * a);
}

// HSAILasm sizes a section header as if the name started at byte 23 of an
// 8-byte aligned struct (see brig.h); we match it so the files are identical.
uint32_t section_header_size(size_t name_length) {
  return align_up(23 + name_length, FW_BRIG_ENTRY_ALIGN);
}

const char* const kSectionNames[3] = {"hsa_data", "hsa_code", "hsa_operand"};

}  // namespace

std::string format_diagnostic(const std::string& file, const SyntaxError& e) {
  return file + ":" + std::to_string(e.pos().line) + ":" + std::to_string(e.pos().column) + ": " +
         e.what();
}

Section::Section(SectionId id, std::string_view name)
    : id_(id), name_(name), header_size_(section_header_size(name.size())) {
  bytes_.assign(header_size_, 0);
  fw_brig_section_header h{};
  h.byte_count = header_size_;
  h.header_byte_count = header_size_;
  h.name_length = static_cast<uint32_t>(name.size());
  std::memcpy(bytes_.data(), &h, sizeof(h));
  std::memcpy(bytes_.data() + FW_BRIG_SECTION_HEADER_FIXED, name.data(), name.size());
}

uint32_t Section::append(const void* p, size_t n) {
  uint32_t off = size();
  const uint8_t* b = static_cast<const uint8_t*>(p);
  bytes_.insert(bytes_.end(), b, b + n);
  bytes_.resize(align_up(bytes_.size(), FW_BRIG_ENTRY_ALIGN), 0);
  // Keep the header's byte_count current so the section is always valid.
  uint64_t count = bytes_.size();
  std::memcpy(bytes_.data(), &count, sizeof(count));
  return off;
}

void Section::assign(const uint8_t* p, size_t n, uint32_t header_size) {
  bytes_.assign(p, p + n);
  header_size_ = header_size;
}

void Section::check_range(uint32_t off, size_t n) const {
  if (off % FW_BRIG_ENTRY_ALIGN != 0 || off < header_size_ || n > bytes_.size() ||
      off > bytes_.size() - n) {
    throw BrigError(name_ + ": offset " + std::to_string(off) + " is not a valid entry offset");
  }
}

Module::Module()
    : data_(SectionId::kData, kSectionNames[0]),
      code_(SectionId::kCode, kSectionNames[1]),
      operand_(SectionId::kOperand, kSectionNames[2]) {}

// Generous for the modules we know (the 6 MB bench module: data and code
// half the text size, operands 0.8 times, an entry per 28 and per 11 bytes
// of text); a denser text costs one more growth. Capacity never touched
// costs address space only.
void Module::reserve_for_text(size_t text_bytes) {
  data_.reserve(data_.size() + text_bytes);
  code_.reserve(code_.size() + text_bytes);
  operand_.reserve(operand_.size() + 2 * text_bytes);
  code_positions_.reserve(text_bytes / 16);
  operand_positions_.reserve(text_bytes / 8);
}

uint32_t Module::add_bytes(const void* p, size_t n) {
  std::string key(static_cast<const char*>(p), n);
  auto it = pool_.find(key);
  if (it != pool_.end()) return it->second;
  uint32_t count = static_cast<uint32_t>(n);
  uint32_t off = data_.append(&count, sizeof(count));
  // The bytes follow the count; append() pads the count itself to 4 already.
  if (n > 0) data_.append(p, n);
  pool_.emplace(std::move(key), off);
  return off;
}

uint32_t Module::add_list(const std::vector<uint32_t>& offsets) {
  uint32_t count = static_cast<uint32_t>(offsets.size() * sizeof(uint32_t));
  uint32_t off = data_.append(&count, sizeof(count));
  if (!offsets.empty()) data_.append(offsets.data(), count);
  return off;
}

std::string_view Module::data_bytes(uint32_t off) const {
  uint32_t n = data_.get<uint32_t>(off);
  if (n > data_.size() - off - 4) {
    throw BrigError("hsa_data: entry at " + std::to_string(off) + " runs past the section");
  }
  const uint8_t* p = data_.bytes().data() + off + 4;
  return std::string_view(reinterpret_cast<const char*>(p), n);
}

std::vector<uint32_t> Module::data_list(uint32_t off) const {
  std::string_view b = data_bytes(off);
  if (b.size() % 4 != 0) {
    throw BrigError("hsa_data: list at " + std::to_string(off) + " is not a multiple of 4 bytes");
  }
  std::vector<uint32_t> out(b.size() / 4);
  if (!out.empty()) std::memcpy(out.data(), b.data(), b.size());
  return out;
}

fw_brig_base Module::base_at(const Section& s, uint32_t off) const {
  check_entry(s, off, sizeof(fw_brig_base));
  return s.get<fw_brig_base>(off);
}

const SourcePos* Module::find(const std::vector<EntryPosition>& v, uint32_t off) {
  auto it = std::lower_bound(v.begin(), v.end(), off,
                             [](const EntryPosition& e, uint32_t o) { return e.offset < o; });
  return it != v.end() && it->offset == off ? &it->pos : nullptr;
}

void Module::check_entry(const Section& s, uint32_t off, size_t min_size) const {
  if (indexed_ && s.id() != SectionId::kData) {
    const std::vector<bool>& starts = s.id() == SectionId::kCode ? code_starts_ : operand_starts_;
    if (off % 4 != 0 || off / 4 >= starts.size() || !starts[off / 4]) {
      throw BrigError(s.name() + ": offset " + std::to_string(off) +
                      " is not the start of an entry");
    }
  }
  fw_brig_base b = s.get<fw_brig_base>(off);
  if (b.byte_count < min_size) {
    throw BrigError(s.name() + ": entry at " + std::to_string(off) + " is too short for its kind");
  }
}

void Module::add_extra_section(std::string_view name, const std::vector<uint8_t>& payload) {
  Section s(SectionId::kOther, name);
  s.append(payload.data(), payload.size());
  extra_.push_back(std::move(s));
}

const Section* Module::find_extra_section(std::string_view name) const {
  for (const Section& s : extra_) {
    if (s.name() == name) return &s;
  }
  return nullptr;
}

std::vector<uint8_t> Module::to_brig() const {
  std::vector<const Section*> secs = {&data_, &code_, &operand_};
  for (const Section& s : extra_) secs.push_back(&s);
  const size_t count = secs.size();
  const uint32_t index_off = sizeof(fw_brig_module_header);
  uint64_t pos = align_up(index_off + count * sizeof(uint64_t), FW_BRIG_SECTION_ALIGN);
  std::vector<uint64_t> offs(count);
  for (size_t i = 0; i < count; ++i) {
    offs[i] = pos;
    pos = align_up(pos + secs[i]->size(), FW_BRIG_SECTION_ALIGN);
  }
  std::vector<uint8_t> out(pos, 0);
  fw_brig_module_header h{};
  std::memcpy(h.identification, FW_BRIG_IDENTIFICATION, 8);
  h.brig_major = FW_BRIG_VERSION_MAJOR;
  h.brig_minor = FW_BRIG_VERSION_MINOR;
  h.byte_count = pos;
  h.section_count = static_cast<uint32_t>(count);
  h.section_index = index_off;
  std::memcpy(out.data(), &h, sizeof(h));
  std::memcpy(out.data() + index_off, offs.data(), count * sizeof(uint64_t));
  for (size_t i = 0; i < count; ++i) {
    std::memcpy(out.data() + offs[i], secs[i]->bytes().data(), secs[i]->size());
  }
  return out;
}

uint32_t Module::module_directive() const {
  for (uint32_t off = code_.header_size(); off < code_.size();) {
    const fw_brig_base b = base_at(code_, off);
    if (b.kind == FW_BRIG_KIND_DIRECTIVE_MODULE) {
      check_entry(code_, off, sizeof(fw_brig_directive_module));
      return off;
    }
    if (b.kind != FW_BRIG_KIND_DIRECTIVE_COMMENT && b.kind != FW_BRIG_KIND_DIRECTIVE_LOC &&
        b.kind != FW_BRIG_KIND_DIRECTIVE_PRAGMA) {
      break;
    }
    off += b.byte_count;
  }
  throw BrigError(
      "hsa_code does not start with a module directive (only comments, loc and pragmas may come "
      "before it, PRM 18.5.1.11)");
}

Module Module::from_brig(const uint8_t* p, size_t n) {
  fw_brig_module_header h;
  if (n < sizeof(h)) throw BrigError("file too short for a BRIG module header");
  std::memcpy(&h, p, sizeof(h));
  if (std::memcmp(h.identification, FW_BRIG_IDENTIFICATION, 8) != 0) {
    throw BrigError("not a BRIG module (bad identification)");
  }
  if (h.brig_major != FW_BRIG_VERSION_MAJOR || h.brig_minor > FW_BRIG_VERSION_MINOR_MAX) {
    throw BrigError("unsupported BRIG version " + std::to_string(h.brig_major) + "." +
                    std::to_string(h.brig_minor));
  }
  if (h.byte_count > n || h.byte_count < sizeof(h)) throw BrigError("bad module byte_count");
  if (h.section_count < 3) throw BrigError("a BRIG module needs at least 3 sections");
  if (h.section_index % 8 != 0 || h.section_index > h.byte_count ||
      h.section_count > (h.byte_count - h.section_index) / 8) {
    throw BrigError("section index out of range");
  }
  Module m;
  Section* secs[3] = {&m.data_, &m.code_, &m.operand_};
  uint64_t prev_end = 0;
  for (uint32_t i = 0; i < h.section_count; ++i) {
    // Sections after the third (debug, source ...) are kept as they are.
    std::string what = i < 3 ? kSectionNames[i] : "section " + std::to_string(i);
    uint64_t off;
    std::memcpy(&off, p + h.section_index + 8 * uint64_t{i}, sizeof(off));
    if (off % FW_BRIG_SECTION_ALIGN != 0 || off > h.byte_count ||
        h.byte_count - off < sizeof(fw_brig_section_header)) {
      throw BrigError(what + ": section offset out of range");
    }
    fw_brig_section_header sh;
    std::memcpy(&sh, p + off, sizeof(sh));
    if (sh.byte_count > h.byte_count - off || sh.byte_count % 4 != 0 ||
        sh.byte_count > UINT32_MAX || sh.header_byte_count > sh.byte_count ||
        sh.header_byte_count % 4 != 0 || sh.name_length > sh.header_byte_count ||
        FW_BRIG_SECTION_HEADER_FIXED + uint64_t(sh.name_length) > sh.header_byte_count) {
      throw BrigError(what + ": malformed section header");
    }
    std::string_view name(reinterpret_cast<const char*>(p + off + FW_BRIG_SECTION_HEADER_FIXED),
                          sh.name_length);
    if (i >= 3) {
      // Copies of overlapping sections could multiply a small file in memory.
      if (off < prev_end) throw BrigError(what + ": overlaps the section before it");
      prev_end = off + sh.byte_count;
      Section extra(SectionId::kOther, name);
      extra.assign(p + off, sh.byte_count, sh.header_byte_count);
      m.extra_.push_back(std::move(extra));
      continue;
    }
    if (name != kSectionNames[i]) {
      throw BrigError("section " + std::to_string(i) + " must be named " + kSectionNames[i]);
    }
    secs[i]->assign(p + off, sh.byte_count, sh.header_byte_count);
    prev_end = off + sh.byte_count;
  }
  m.index_entries();
  return m;
}

// Walks the entry chains of all three sections once: every entry must be a
// whole number of 4-byte words inside its section, of a kind allowed there.
void Module::index_entries() {
  for (uint32_t off = data_.header_size(); off < data_.size();) {
    uint32_t count = data_.get<uint32_t>(off);
    uint64_t next = uint64_t{off} + 4 + (uint64_t{count} + 3) / 4 * 4;  // no 32-bit wrap
    if (next > data_.size())
      throw BrigError("hsa_data: entry at " + std::to_string(off) + " runs past the section");
    off = static_cast<uint32_t>(next);
  }
  struct Walk {
    Section* s;
    std::vector<bool>* starts;
    uint16_t lo1, hi1, lo2, hi2;
  } walks[2] = {
      {&code_, &code_starts_, FW_BRIG_KIND_DIRECTIVE_BEGIN, FW_BRIG_KIND_DIRECTIVE_END,
       FW_BRIG_KIND_INST_BEGIN, FW_BRIG_KIND_INST_END},
      {&operand_, &operand_starts_, FW_BRIG_KIND_OPERAND_BEGIN, FW_BRIG_KIND_OPERAND_END,
       FW_BRIG_KIND_OPERAND_BEGIN, FW_BRIG_KIND_OPERAND_END},
  };
  for (Walk& w : walks) {
    w.starts->assign(w.s->size() / 4 + 1, false);
    for (uint32_t off = w.s->header_size(); off < w.s->size();) {
      fw_brig_base b = w.s->get<fw_brig_base>(off);
      bool kind_ok = (b.kind >= w.lo1 && b.kind < w.hi1) || (b.kind >= w.lo2 && b.kind < w.hi2) ||
                     (w.s == &code_ && b.kind == FW_BRIG_KIND_NONE);
      if (b.byte_count < 4 || b.byte_count % 4 != 0 || b.byte_count > w.s->size() - off ||
          !kind_ok) {
        throw BrigError(w.s->name() + ": malformed entry at offset " + std::to_string(off));
      }
      (*w.starts)[off / 4] = true;
      off += b.byte_count;
    }
  }
  indexed_ = true;
}

}  // namespace hsail
