// The one in-memory form of an HSAIL module: the three standard BRIG
// sections (hsa_data, hsa_code, hsa_operand, PRM 18.2) as byte vectors, in
// exactly the layout they have in a BRIG file. The parser appends entries,
// the BRIG writer lays the sections out, the BRIG reader loads and checks
// them, and the disassembler (later the validator and the finalizer) reads
// entries through the typed, bounds-checked accessors below. Keeping BRIG as
// the representation makes "our BRIG equals HSAILasm's" a property of the
// parser's emission order, and reading BRIG costs no translation.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "brig.h"
#include "error.h"

namespace hsail {

// kOther: a section after the three standard ones (hsa_debug, source ...).
enum class SectionId { kData = 0, kCode = 1, kOperand = 2, kOther = 3 };

// One BRIG section including its header; offsets are section offsets.
class Section {
 public:
  Section(SectionId id, std::string_view name);
  SectionId id() const { return id_; }
  const std::string& name() const { return name_; }
  uint32_t header_size() const { return header_size_; }
  uint32_t size() const { return static_cast<uint32_t>(bytes_.size()); }
  const std::vector<uint8_t>& bytes() const { return bytes_; }

  // Appends raw bytes padded with zeros to a multiple of 4; returns the offset.
  uint32_t append(const void* p, size_t n);
  // Replaces the whole section (the reader's path); header already checked.
  void assign(const uint8_t* p, size_t n, uint32_t header_size);
  void reserve(size_t n) { bytes_.reserve(n); }

  // Bounds-checked typed access; throws BrigError if [off, off+sizeof(T)) is
  // outside the entries or off is not 4-byte aligned.
  template <class T>
  T get(uint32_t off) const {
    check_range(off, sizeof(T));
    T v;
    std::memcpy(&v, bytes_.data() + off, sizeof(T));
    return v;
  }
  template <class T>
  void put(uint32_t off, const T& v) {
    check_range(off, sizeof(T));
    std::memcpy(bytes_.data() + off, &v, sizeof(T));
  }
  const uint8_t* raw(uint32_t off, size_t n) const {
    check_range(off, n);
    return bytes_.data() + off;
  }

 private:
  void check_range(uint32_t off, size_t n) const;
  SectionId id_;
  std::string name_;
  uint32_t header_size_;
  std::vector<uint8_t> bytes_;
};

class Module {
 public:
  Module();

  Section& data() { return data_; }
  Section& code() { return code_; }
  Section& operands() { return operand_; }
  const Section& data() const { return data_; }
  const Section& code() const { return code_; }
  const Section& operands() const { return operand_; }

  // hsa_data. Strings and constant bytes share one pool and are stored once
  // (HSAILasm does the same); offset lists are always fresh entries.
  uint32_t add_bytes(const void* p, size_t n);
  uint32_t add_string(std::string_view s) { return add_bytes(s.data(), s.size()); }
  uint32_t add_list(const std::vector<uint32_t>& offsets);
  // Sizes the sections and position lists for a text of this many bytes,
  // so that the parser's appends never copy them to grow.
  void reserve_for_text(size_t text_bytes);

  // Reads a data entry: bytes, string or offset list. Throw BrigError when the
  // entry does not fit in the section.
  std::string_view data_bytes(uint32_t off) const;
  std::vector<uint32_t> data_list(uint32_t off) const;

  // hsa_code / hsa_operand: appends an entry whose first member is
  // fw_brig_base; byte_count and kind are filled in here.
  template <class T>
  uint32_t add_code(T entry, uint16_t kind) {
    set_base(&entry, kind);
    uint32_t off = code_.append(&entry, sizeof(T));
    if (tracking_) code_positions_.push_back({off, code_cursor_});
    return off;
  }
  template <class T>
  uint32_t add_operand(T entry, uint16_t kind) {
    set_base(&entry, kind);
    uint32_t off = operand_.append(&entry, sizeof(T));
    if (tracking_) operand_positions_.push_back({off, operand_cursor_});
    return off;
  }

  // Source positions (text input only; a module read from BRIG has none).
  // The parser sets a cursor before it appends entries; every entry appended
  // afterwards is recorded with it. The validator reports errors there and
  // the debug section maps instructions to lines with them.
  struct EntryPosition {
    uint32_t offset;
    SourcePos pos;
  };
  void set_code_position(SourcePos p) {
    code_cursor_ = p;
    tracking_ = true;
  }
  void set_operand_position(SourcePos p) {
    operand_cursor_ = p;
    tracking_ = true;
  }
  bool has_positions() const { return tracking_; }
  // The position of the entry at off, or nullptr when none was recorded.
  const SourcePos* code_position(uint32_t off) const { return find(code_positions_, off); }
  const SourcePos* operand_position(uint32_t off) const { return find(operand_positions_, off); }
  const std::vector<EntryPosition>& code_positions() const { return code_positions_; }

  // The base of the entry at off in code or operand; checks that a whole
  // entry of at least sizeof(T) bytes starts there.
  fw_brig_base base_at(const Section& s, uint32_t off) const;
  template <class T>
  T code_entry(uint32_t off) const {
    check_entry(code_, off, sizeof(T));
    return code_.get<T>(off);
  }
  template <class T>
  T operand_entry(uint32_t off) const {
    check_entry(operand_, off, sizeof(T));
    return operand_.get<T>(off);
  }

  // The hsa_code offset of the module directive: the first entry that is
  // not a comment, loc or pragma (PRM 18.5.1.11 lets those come first, and
  // HSAILasm writes a comment above "module" there). Every BRIG intake
  // (runtime, finalizer, tools) finds it here. Throws BrigError when that
  // entry is not a module directive.
  uint32_t module_directive() const;

  // Sections after the three standard ones, in file order: the reader keeps
  // them byte for byte (header included) and the writer writes them back, so
  // a module with debug sections round-trips unchanged. Nothing else reads
  // them; the disassembler ignores them as HSAILasm does.
  const std::vector<Section>& extra_sections() const { return extra_; }
  // Appends a section named name whose payload is payload (zero-padded to a
  // multiple of 4 bytes).
  void add_extra_section(std::string_view name, const std::vector<uint8_t>& payload);
  // The first extra section named name, or nullptr.
  const Section* find_extra_section(std::string_view name) const;

  // The module as a BRIG file (module header, section index, 3 sections and
  // the extra ones).
  std::vector<uint8_t> to_brig() const;
  // Loads a BRIG file, checking every structural rule of PRM 18.2-18.6 that
  // the accessors rely on (sizes, alignment, entry chains, kinds).
  static Module from_brig(const uint8_t* p, size_t n);  // throws BrigError

 private:
  template <class T>
  static void set_base(T* e, uint16_t kind) {
    fw_brig_base b{static_cast<uint16_t>(sizeof(T)), kind};
    std::memcpy(e, &b, sizeof(b));
  }
  void check_entry(const Section& s, uint32_t off, size_t min_size) const;
  void index_entries();
  static const SourcePos* find(const std::vector<EntryPosition>& v, uint32_t off);

  Section data_;
  Section code_;
  Section operand_;
  std::vector<Section> extra_;
  std::unordered_map<std::string, uint32_t> pool_;
  // Entry starts of code and operand sections, filled by the reader so that
  // references into the middle of an entry are rejected.
  std::vector<bool> code_starts_;
  std::vector<bool> operand_starts_;
  bool indexed_ = false;
  bool tracking_ = false;
  SourcePos code_cursor_;
  SourcePos operand_cursor_;
  std::vector<EntryPosition> code_positions_;     // ascending offsets
  std::vector<EntryPosition> operand_positions_;  // ascending offsets
};

}  // namespace hsail
