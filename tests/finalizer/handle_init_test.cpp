// Image and sampler variables with an initializer (PRM 7.1.7, 7.1.8): the
// code object's handle-initializer note (firmware-interfaces/
// handle_init_note.h) read back with LLVM's ELF reader, record by record,
// against the values the HSAIL text gives; the handle words it names are
// zeroed symbols of the code object; malformed initializers are refused at
// the variable's position.
#include <gtest/gtest.h>
#include <llvm/Linker/Linker.h>
#include <llvm/Object/ELFObjectFile.h>

#include <cstring>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include <finalizer/finalizer.h>
#include <hsail/text/parser.h>

#include "handle_init_note.h"
#include "translate_test_util.h"

namespace finalizer_test {
namespace {

using hsail::finalizer::FinalizeError;

constexpr const char* kModule = R"(module &m:1:0:$full:$large:$default;
extension "IMAGE";
alloc(agent) global_roimg &gimg = roimg(geometry = 2d, width = 4, height = 5, channel_type = unorm_int8, channel_order = rgba);
alloc(agent) global_rwimg &grw[2] = rwimg[](rwimg(geometry = 3d, width = 3, height = 4, depth = 5, channel_type = signed_int16, channel_order = rg), rwimg(geometry = 1da, width = 6, array = 7, channel_type = float, channel_order = r));
readonly_samp &s = samp(coord = normalized, filter = linear, addressing = clamp_to_edge);
readonly_samp &sa[2] = samp[](samp(coord = unnormalized, filter = nearest, addressing = clamp_to_border), samp(coord = normalized, filter = nearest, addressing = mirrored_repeat));
readonly_woimg &w = woimg(geometry = 2dadepth, width = 8, height = 9, array = 4, channel_type = unorm_int16, channel_order = depth);
kernel &k()
{
	alloc(agent) global_roimg %kimg = roimg(geometry = 1db, width = 100, channel_type = unorm_int8, channel_order = bgra);
	ret;
};
)";

struct Note {
  uint32_t section_type = 0;
  fw_handle_init_header header{};
  // (symbol, offset) -> record
  std::map<std::pair<std::string, uint64_t>, fw_handle_init_record> records;
  std::map<std::string, uint64_t> symbol_sizes;  // every named symbol
  bool found = false;
};

// The note as any ELF reader sees it: the section by name, its one note
// record parsed by hand from the layout the header documents.
Note read_note(const std::vector<uint8_t>& code) {
  Note out;
  llvm::StringRef bytes(reinterpret_cast<const char*>(code.data()), code.size());
  auto obj = llvm::object::ObjectFile::createObjectFile(llvm::MemoryBufferRef(bytes, "co"));
  if (!obj) {
    ADD_FAILURE() << llvm::toString(obj.takeError());
    return out;
  }
  for (const llvm::object::SymbolRef& sym : (*obj)->symbols()) {
    auto name = sym.getName();
    if (!name) {
      llvm::consumeError(name.takeError());
      continue;
    }
    out.symbol_sizes[name->str()] = llvm::object::ELFSymbolRef(sym).getSize();
  }
  for (const llvm::object::SectionRef& s : (*obj)->sections()) {
    auto name = s.getName();
    if (!name || *name != FW_HANDLE_INIT_SECTION) {
      if (!name) llvm::consumeError(name.takeError());
      continue;
    }
    out.found = true;
    out.section_type = llvm::object::ELFSectionRef(s).getType();
    auto contents = s.getContents();
    if (!contents) {
      ADD_FAILURE() << llvm::toString(contents.takeError());
      return out;
    }
    const uint8_t* p = reinterpret_cast<const uint8_t*>(contents->data());
    uint32_t nhdr[3];
    EXPECT_GE(contents->size(), sizeof nhdr + 8);
    std::memcpy(nhdr, p, sizeof nhdr);
    EXPECT_EQ(nhdr[0], 8u);  // "hsa-gcn" and its NUL
    EXPECT_EQ(nhdr[2], uint32_t{FW_HANDLE_INIT_NOTE_TYPE});
    EXPECT_STREQ(reinterpret_cast<const char*>(p + 12), "hsa-gcn");
    const uint8_t* desc = p + 12 + 8;
    EXPECT_LE(12 + 8 + nhdr[1], contents->size());
    std::memcpy(&out.header, desc, sizeof out.header);
    const char* strings =
        reinterpret_cast<const char*>(desc + sizeof out.header + out.header.record_count * 64);
    EXPECT_EQ(sizeof out.header + out.header.record_count * 64 + out.header.strings_size, nhdr[1]);
    for (uint32_t i = 0; i < out.header.record_count; ++i) {
      fw_handle_init_record r;
      std::memcpy(&r, desc + sizeof out.header + i * 64, sizeof r);
      out.records[{strings + r.symbol, r.offset}] = r;
    }
  }
  return out;
}

fw_handle_init_record image(uint8_t access, uint8_t geometry, uint8_t order, uint8_t type,
                            uint64_t w, uint64_t h, uint64_t d, uint64_t a) {
  fw_handle_init_record r{};
  r.kind = FW_HANDLE_INIT_IMAGE;
  r.access = access;
  r.geometry = geometry;
  r.channel_order = order;
  r.channel_type = type;
  r.width = w;
  r.height = h;
  r.depth = d;
  r.array_size = a;
  return r;
}

fw_handle_init_record sampler(uint8_t coord, uint8_t filter, uint8_t addressing) {
  fw_handle_init_record r{};
  r.kind = FW_HANDLE_INIT_SAMPLER;
  r.coord = coord;
  r.filter = filter;
  r.addressing = addressing;
  return r;
}

void expect_record(const Note& n, const std::string& symbol, uint64_t offset,
                   const fw_handle_init_record& want) {
  auto it = n.records.find({symbol, offset});
  ASSERT_NE(it, n.records.end()) << symbol << " + " << offset;
  const fw_handle_init_record& got = it->second;
  const std::string at = symbol + " + " + std::to_string(offset);
  EXPECT_EQ(got.kind, want.kind) << at;
  EXPECT_EQ(got.offset, offset) << at;
  EXPECT_EQ(got.geometry, want.geometry) << at;
  EXPECT_EQ(got.channel_order, want.channel_order) << at;
  EXPECT_EQ(got.channel_type, want.channel_type) << at;
  EXPECT_EQ(got.access, want.access) << at;
  EXPECT_EQ(got.coord, want.coord) << at;
  EXPECT_EQ(got.filter, want.filter) << at;
  EXPECT_EQ(got.addressing, want.addressing) << at;
  EXPECT_EQ(got.width, want.width) << at;
  EXPECT_EQ(got.height, want.height) << at;
  EXPECT_EQ(got.depth, want.depth) << at;
  EXPECT_EQ(got.array_size, want.array_size) << at;
  EXPECT_EQ(got.reserved0, 0u) << at;
  EXPECT_EQ(got.reserved1, 0u) << at;
  EXPECT_EQ(got.reserved2, 0u) << at;
}

std::vector<uint8_t> finalize_text(const std::string& text, int version = 4) {
  hsail::finalizer::Options o;
  o.code_object_version = version;
  return hsail::finalizer::finalize(hsail::parse_hsail(text), o);
}

// Each initialized element has its record, with the values of the HSAIL
// text (BRIG's enumerations) and the access of its type; code object v2,
// v3 and v4 carry the same note.
TEST(HandleInit, TheNoteListsEveryInitializedHandleWithTheTextsValues) {
  for (int version : {2, 3, 4}) {
    SCOPED_TRACE("code object v" + std::to_string(version));
    const Note n = read_note(finalize_text(kModule, version));
    ASSERT_TRUE(n.found);
    EXPECT_EQ(n.section_type, uint32_t{llvm::ELF::SHT_NOTE});
    EXPECT_EQ(n.header.version, 1u);
    EXPECT_EQ(n.header.record_size, 64u);
    EXPECT_EQ(n.header.record_count, 8u);
    EXPECT_EQ(n.records.size(), 8u);
    expect_record(n, "&gimg", 0,
                  image(FW_HANDLE_INIT_ACCESS_RO, FW_BRIG_GEOMETRY_2D, FW_BRIG_CHANNEL_ORDER_RGBA,
                        FW_BRIG_CHANNEL_TYPE_UNORM_INT8, 4, 5, 0, 0));
    expect_record(n, "&grw", 0,
                  image(FW_HANDLE_INIT_ACCESS_RW, FW_BRIG_GEOMETRY_3D, FW_BRIG_CHANNEL_ORDER_RG,
                        FW_BRIG_CHANNEL_TYPE_SIGNED_INT16, 3, 4, 5, 0));
    expect_record(n, "&grw", 8,
                  image(FW_HANDLE_INIT_ACCESS_RW, FW_BRIG_GEOMETRY_1DA, FW_BRIG_CHANNEL_ORDER_R,
                        FW_BRIG_CHANNEL_TYPE_FLOAT, 6, 0, 0, 7));
    expect_record(n, "&s", 0,
                  sampler(FW_BRIG_SAMPLER_COORD_NORMALIZED, FW_BRIG_SAMPLER_FILTER_LINEAR,
                          FW_BRIG_SAMPLER_ADDRESSING_CLAMP_TO_EDGE));
    expect_record(n, "&sa", 0,
                  sampler(FW_BRIG_SAMPLER_COORD_UNNORMALIZED, FW_BRIG_SAMPLER_FILTER_NEAREST,
                          FW_BRIG_SAMPLER_ADDRESSING_CLAMP_TO_BORDER));
    expect_record(n, "&sa", 8,
                  sampler(FW_BRIG_SAMPLER_COORD_NORMALIZED, FW_BRIG_SAMPLER_FILTER_NEAREST,
                          FW_BRIG_SAMPLER_ADDRESSING_MIRRORED_REPEAT));
    expect_record(n, "&w", 0,
                  image(FW_HANDLE_INIT_ACCESS_WO, FW_BRIG_GEOMETRY_2DADEPTH,
                        FW_BRIG_CHANNEL_ORDER_DEPTH, FW_BRIG_CHANNEL_TYPE_UNORM_INT16, 8, 9, 0, 4));
    expect_record(n, "&k.kimg", 0,
                  image(FW_HANDLE_INIT_ACCESS_RO, FW_BRIG_GEOMETRY_1DB, FW_BRIG_CHANNEL_ORDER_BGRA,
                        FW_BRIG_CHANNEL_TYPE_UNORM_INT8, 100, 0, 0, 0));
    // The handles are symbols of the code object, one 64-bit word each,
    // kept although no instruction reads them.
    const std::map<std::string, uint64_t> sizes = {{"&gimg", 8}, {"&grw", 16}, {"&s", 8},
                                                   {"&sa", 16},  {"&w", 8},    {"&k.kimg", 8}};
    for (const auto& [name, size] : sizes) {
      auto it = n.symbol_sizes.find(name);
      ASSERT_NE(it, n.symbol_sizes.end()) << name;
      EXPECT_EQ(it->second, size) << name;
    }
  }
}

// Without an initialized handle there is no note.
TEST(HandleInit, NoInitializerNoNote) {
  const Note n = read_note(
      finalize_text("module &m:1:0:$full:$large:$default;\nextension \"IMAGE\";\n"
                    "prog global_rwimg &r[2];\nreadonly_samp &s;\nkernel &k()\n{\n\tret;\n};\n"));
  EXPECT_FALSE(n.found);
}

// Two modules of one program each with a module-linkage sampler &s: the
// IR linker renames one, and each record names the symbol its own variable
// ended up with.
TEST(HandleInit, RecordsFollowVariablesTheIrLinkerRenames) {
  auto module = [](const char* filter, const char* kernel) {
    return std::string("module &m:1:0:$full:$large:$default;\nextension \"IMAGE\";\n") +
           "readonly_samp &s = samp(coord = normalized, filter = " + filter +
           ", addressing = repeat);\nkernel " + kernel + "()\n{\n\tret;\n};\n";
  };
  llvm::LLVMContext context;
  hsail::finalizer::Options o;
  std::unique_ptr<llvm::Module> program =
      hsail::finalizer::translate(hsail::parse_hsail(module("linear", "&k0")), context, o);
  llvm::Linker linker(*program);
  ASSERT_FALSE(linker.linkInModule(
      hsail::finalizer::translate(hsail::parse_hsail(module("nearest", "&k1")), context, o)));
  const Note n = read_note(hsail::finalizer::emit_code_object(*program, o));
  ASSERT_EQ(n.records.size(), 2u);
  std::vector<uint8_t> filters;
  for (const auto& [key, r] : n.records) {
    auto it = n.symbol_sizes.find(key.first);
    ASSERT_NE(it, n.symbol_sizes.end()) << key.first;
    EXPECT_EQ(it->second, 8u) << key.first;
    filters.push_back(r.filter);
  }
  // The first module keeps its name.
  EXPECT_EQ(n.records.at({"&s", 0}).filter, FW_BRIG_SAMPLER_FILTER_LINEAR);
  EXPECT_EQ(filters.size(), 2u);
  EXPECT_NE(filters[0], filters[1]);
}

// The error translate() gives for m, or "" when it translates.
std::string translate_error(hsail::Module& m) {
  try {
    llvm::LLVMContext context;
    hsail::finalizer::translate(m, context, hsail::finalizer::Options{});
  } catch (const FinalizeError& e) {
    return e.what();
  }
  return "";
}

// The module's first image or sampler constant patched by f; the error
// translate() gives for it.
template <class Entry, class F>
std::string patched(const std::string& decls, uint16_t kind, F f) {
  hsail::Module m =
      hsail::parse_hsail("module &m:1:0:$full:$large:$default;\nextension \"IMAGE\";\n" + decls);
  hsail::Section& ops = m.operands();
  for (uint32_t off = ops.header_size(); off < ops.size(); off += m.base_at(ops, off).byte_count) {
    if (m.base_at(ops, off).kind != kind) continue;
    auto e = m.operand_entry<Entry>(off);
    f(e);
    ops.put(off, e);
    break;
  }
  return translate_error(m);
}

// The first variable directive patched by f.
template <class F>
std::string patched_variable(const std::string& decls, F f) {
  hsail::Module m =
      hsail::parse_hsail("module &m:1:0:$full:$large:$default;\nextension \"IMAGE\";\n" + decls);
  hsail::Section& code = m.code();
  for (uint32_t off = code.header_size(); off < code.size();
       off += m.base_at(code, off).byte_count) {
    if (m.base_at(code, off).kind != FW_BRIG_KIND_DIRECTIVE_VARIABLE) continue;
    auto v = m.code_entry<fw_brig_directive_variable>(off);
    f(v);
    code.put(off, v);
    break;
  }
  return translate_error(m);
}

const std::string kImage =
    "alloc(agent) global_roimg &i = roimg(geometry = 2d, width = 4, height = 4, channel_type = "
    "unorm_int8, channel_order = rgba);\n";
const std::string kSamplers =
    "readonly_samp &s[2] = samp[](samp(coord = normalized, filter = linear, addressing = "
    "repeat), samp(coord = normalized, filter = nearest, addressing = clamp_to_edge));\n";

// Initializers the validator would refuse, as damaged BRIG could hold them:
// refused at the variable, saying what is wrong, never a wrong note.
TEST(HandleInit, MalformedInitializersAreRefusedAtTheVariable) {
  using Img = fw_brig_operand_constant_image;
  using Smp = fw_brig_operand_constant_sampler;
  const uint16_t kImg = FW_BRIG_KIND_OPERAND_CONSTANT_IMAGE;
  const uint16_t kSmp = FW_BRIG_KIND_OPERAND_CONSTANT_SAMPLER;
  const std::string at = "3:27: initializer of roimg variable &i: ";
  EXPECT_EQ(patched<Img>(kImage, kImg, [](Img&) {}), "");
  EXPECT_EQ(patched<Img>(kImage, kImg, [](Img& c) { c.geometry = 8; }),
            at + "has an unknown geometry");
  EXPECT_EQ(patched<Img>(kImage, kImg, [](Img& c) { c.channel_order = 20; }),
            at + "has an unknown channel_order");
  EXPECT_EQ(patched<Img>(kImage, kImg, [](Img& c) { c.channel_type = 16; }),
            at + "has an unknown channel_type");
  EXPECT_EQ(patched<Img>(kImage, kImg,
                         [](Img& c) {
                           c.width = {0, 0};
                         }),
            at + "needs a positive width (PRM 7.1.7)");
  EXPECT_EQ(patched<Img>(kImage, kImg,
                         [](Img& c) {
                           c.height = {0, 0};
                         }),
            at + "needs a positive height (PRM 7.1.7)");
  EXPECT_EQ(patched<Img>(kImage, kImg,
                         [](Img& c) {
                           c.depth = {2, 0};
                         }),
            at + "has a depth its geometry does not (PRM 7.1.7)");
  EXPECT_EQ(patched<Img>(kImage, kImg, [](Img& c) { c.type = FW_BRIG_TYPE_RWIMG; }),
            at + "has type rwimg");
  const std::string sat = "3:15: initializer of samp variable &s: element 0 ";
  EXPECT_EQ(patched<Smp>(kSamplers, kSmp, [](Smp& c) { c.addressing = 5; }),
            sat + "has an unknown addressing");
  EXPECT_EQ(patched<Smp>(kSamplers, kSmp, [](Smp& c) { c.filter = 2; }),
            sat + "has an unknown filter");
  EXPECT_EQ(patched<Smp>(kSamplers, kSmp, [](Smp& c) { c.coord = 2; }),
            sat + "has an unknown coord");
  // A sampler constant where an image belongs.
  EXPECT_EQ(patched<Smp>(kSamplers, kSmp,
                         [](Smp& c) {
                           c.base.kind = FW_BRIG_KIND_OPERAND_CONSTANT_IMAGE;
                           (void)c;
                         }),
            sat + "is not a sampler constant (PRM 7.1.7)");
  // More constants than elements, and a segment that takes no initializer.
  EXPECT_EQ(patched_variable(kSamplers,
                             [](fw_brig_directive_variable& v) {
                               v.dim = {1, 0};
                             }),
            "3:15: initializer of samp variable &s: 2 constants for 1 elements (PRM 4.10)");
  EXPECT_EQ(patched_variable(
                kImage, [](fw_brig_directive_variable& v) { v.segment = FW_BRIG_SEGMENT_GROUP; }),
            at + "only global and readonly variables take an initializer (PRM 4.10)");
}

}  // namespace
}  // namespace finalizer_test
