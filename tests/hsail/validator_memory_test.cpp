// The validator's memory rules (PRM 2.8, 2.9, 4.13.3, 4.18, 5.10, 5.17, 6,
// 7.1.7, 11.3): segments per opcode, address expressions and the variables
// they name, access bounds, memory orders and scopes, and where opaque
// types may appear. Every snippet is also given to the HSAILasm oracle,
// which must reach the same verdict; rejected ones must fail in our front
// end (parser or validator) at the expected place with the expected reason.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <vector>

#include <hsail/text/parser.h>
#include <hsail/validate/validator.h>

#include "test_util.h"

namespace {

using hsail_test::oracle_path;
using hsail_test::run;
using hsail_test::ScratchDir;
using hsail_test::write_file;

struct Case {
  const char* name;
  bool small;        // $small machine model instead of $large
  bool image;        // the IMAGE extension is enabled
  const char* decl;  // a module-scope declaration on line 3 ("" for none)
  const char* inst;  // line 8, inside the function's body
  int line;          // 0: valid; else where the error is reported ...
  int column;        // ... and at which column
  const char* message;
};

// Line 1 header, 2 extension, 3 the case's declaration, 4 &g, 5-6 the
// function with an arg formal, 7 a group array; the instruction is line 8,
// after a tab (column 2).
std::string program(const Case& c) {
  return std::string("module &m:1:0:$full:") + (c.small ? "$small" : "$large") + ":$default;\n" +
         (c.image ? "extension \"IMAGE\";\n" : "// no extension\n") + c.decl +
         "\nglobal_u32 &g[4];\n"
         "function &f()(arg_u32 %a)\n{\n"
         "\tgroup_u32 %lg[4];\n\t" +
         c.inst + "\n\tret;\n};\n";
}

const char* const kNoDecl = "";  // no declaration

const Case kCases[] = {
    // Address expressions (PRM 4.18, 2.8.3): a named variable is in the
    // instruction's segment; arg and spill memory is reached only through a
    // variable.
    {"NamesVariableOfItsSegment", false, false, kNoDecl, "ld_global_u32 $s0, [&g][12];", 0, 0, ""},
    {"SegmentMismatch", false, false, kNoDecl, "ld_group_u32 $s0, [&g];", 8, 20,
     "'&g' is in the global segment, the instruction accesses the group segment"},
    {"QueueSegmentMismatch", false, false, kNoDecl, "ldqueuereadindex_global_rlx_u64 $d0, [%lg];",
     8, 39, "'%lg' is in the group segment"},
    {"FlatNamesVariable", false, false, kNoDecl, "ld_u32 $s0, [&g];", 8, 14,
     "a flat address cannot name a variable"},
    {"LdaFlatNamesVariable", false, false, kNoDecl, "lda_u64 $d0, [&g];", 8, 15,
     "a flat address cannot name a variable"},
    {"ArgFormal", false, false, kNoDecl, "ld_arg_u32 $s0, [%a];", 0, 0, ""},
    {"SpillWithoutVariable", false, false, kNoDecl, "ld_spill_u32 $s0, [$s1];", 8, 20,
     "a spill address must name a variable"},
    // Segments per opcode (PRM 5.10, 6.4, 6.6, 11.3); the parser rejects
    // the written modifier.
    {"StoreToKernarg", false, false, kNoDecl, "st_kernarg_u32 $s0, [$d0];", 8, 2,
     "'st' does not take the kernarg segment"},
    {"StoreToReadonly", false, false, kNoDecl, "st_readonly_u32 $s0, [$d0];", 8, 2,
     "'st' does not take the readonly segment"},
    {"QueueInGroup", false, false, kNoDecl, "addqueuewriteindex_group_scar_u64 $d0, [$s1], 1;", 8,
     2, "'addqueuewriteindex' does not take the group segment"},
    {"LdaSpill", false, false, kNoDecl, "lda_spill_u32 $s0, [$s1];", 8, 2,
     "'lda' does not take the spill segment"},
    // ld and st types (PRM 6.3.1, 6.4.3), const loads (PRM 6.3.2).
    {"LdBitType", false, false, kNoDecl, "ld_global_b32 $s0, [&g];", 8, 2,
     "'ld' does not take type b32"},
    {"StImageToGlobal", false, true, kNoDecl, "st_global_roimg $d0, [$d1];", 8, 2,
     "st of an image or sampler handle needs the arg segment"},
    {"ConstGlobal", false, false, kNoDecl, "ld_global_const_u32 $s0, [&g];", 0, 0, ""},
    {"ConstGroup", false, false, kNoDecl, "ld_group_const_u32 $s0, [%lg];", 8, 2,
     "const needs a global, readonly or flat ld"},
    {"OpaqueLoadFromU32", false, false, kNoDecl, "ld_global_sig64 $d0, [&g];", 8, 23,
     "ld_sig64 cannot access '&g' of type u32"},
    {"U64LoadFromSampler", false, true, "readonly_samp &rs;", "ld_readonly_u64 $d0, [&rs];", 8, 23,
     "ld_u64 cannot access '&rs' of type samp"},
    {"SamplerLoad", false, true, "readonly_samp &rs;", "ld_readonly_samp $d0, [&rs];", 0, 0, ""},
    // Accesses through a variable stay inside it (PRM 4.18).
    {"PastTheEnd", false, false, kNoDecl, "ld_global_u64 $d0, [&g][12];", 8, 21,
     "access of 8 bytes at offset 12 is outside '&g' (16 bytes)"},
    {"NegativeOffset", false, false, kNoDecl, "ld_global_u32 $s0, [&g][-4];", 8, 21,
     "at offset -4 is outside '&g'"},
    {"VectorPastTheEnd", false, false, kNoDecl, "ld_v2_global_u32 ($s0, $s1), [&g][12];", 8, 31,
     "access of 8 bytes at offset 12"},
    {"RegisterOffsetUnchecked", false, false, kNoDecl, "ld_global_u32 $s0, [&g][$d0+100];", 0, 0,
     ""},
    {"AtomicPastTheEnd", false, false, kNoDecl, "atomicnoret_add_global_rlx_agent_u64 [&g][12], 1;",
     8, 39, "access of 8 bytes at offset 12"},
    // Memory orders and scopes (PRM 6.2, 6.6, 6.8, 6.9, 11.3).
    {"AtomicLoadReleases", false, false, kNoDecl, "atomic_ld_global_screl_agent_b32 $s0, [$d0];", 8,
     2, "atomic_ld does not take memory order screl; it takes rlx, scacq"},
    {"AtomicStoreAcquires", false, false, kNoDecl,
     "atomicnoret_st_global_scacq_agent_b64 [$d0], $d1;", 8, 2,
     "atomicnoret_st does not take memory order scacq; it takes rlx, screl"},
    {"GroupAtomicAgentScope", false, false, kNoDecl,
     "atomic_add_group_rlx_agent_u32 $s0, [%lg], 1;", 8, 2,
     "does not take memory scope agent; it takes wave or wg"},
    {"GroupAtomicWorkgroupScope", false, false, kNoDecl,
     "atomic_add_group_scar_wg_u32 $s0, [%lg][12], 1;", 0, 0, ""},
    {"RelaxedFence", false, false, kNoDecl, "memfence_rlx_agent;", 8, 2,
     "memfence does not take memory order rlx"},
    {"SignalWaitReleases", false, false, kNoDecl, "signal_wait_ne_screl_s64_sig64 $d0, $d1, 0;", 8,
     2, "signal_wait_ne does not take memory order screl"},
    {"QueueLoadReleases", false, false, kNoDecl, "ldqueuereadindex_global_screl_u64 $d0, [$d1];", 8,
     2, "ldqueuereadindex does not take memory order screl"},
    // Address-sized results (PRM 2.9, 5.17).
    {"NullptrGroup", false, false, kNoDecl, "nullptr_group_u32 $s0;", 0, 0, ""},
    {"NullptrFlatU32", false, false, kNoDecl, "nullptr_u32 $s0;", 8, 2,
     "nullptr type u32 must be u64"},
    {"FtosSourceSize", false, false, kNoDecl, "ftos_group_u32_u32 $s0, $s1;", 8, 2,
     "ftos source type u32 must be u64"},
    // Opaque types (PRM 4.13.3, 7.1.7): signals of the model's size,
    // images and samplers with the IMAGE extension and in some segments.
    {"Sig32InLargeModel", false, false, kNoDecl, "ld_global_sig32 $d0, [$d1];", 8, 2,
     "sig32 is not supported by the large machine model"},
    {"Sig64InSmallModel", true, false, kNoDecl, "ld_global_sig64 $d0, [$s1];", 8, 2,
     "sig64 is not supported by the small machine model"},
    {"Sig32InSmallModel", true, false, kNoDecl, "signal_ld_rlx_b32_sig32 $s0, $d1;", 0, 0, ""},
    {"Sig32VariableInLargeModel", false, false, "global_sig32 &s;", "nop;", 3, 14,
     "sig32 is not supported by the large machine model"},
    // HSAILasm checks only scalar variables' types.
    {"Sig32ArrayInLargeModel", false, false, "global_sig32 &s[2];", "nop;", 0, 0, ""},
    {"ImageTypeWithoutExtension", false, false, kNoDecl, "ld_global_roimg $d0, [$d1];", 8, 2,
     "type roimg needs 'extension \"IMAGE\";'"},
    {"SamplerVariableWithoutExtension", false, false, "global_samp &s;", "nop;", 3, 13,
     "type samp needs 'extension \"IMAGE\";'"},
    {"ImageInGroup", false, true, kNoDecl, "group_roimg %gi;", 8, 14,
     "may only be in the arg, kernarg, global or readonly segment, not group"},
};

class ValidatorMemory : public ::testing::TestWithParam<Case> {};

// "file:line:column: message" from whichever stage rejects the program,
// or "" when both accept it.
std::string our_diagnostic(const std::string& text) {
  hsail::Module m;
  try {
    m = hsail::parse_hsail(text);
  } catch (const hsail::SyntaxError& e) {
    return hsail::format_diagnostic("in.hsail", e);
  }
  try {
    hsail::validate(m);
  } catch (const hsail::ValidationError& e) {
    return hsail::format_diagnostic("in.hsail", e);
  }
  return "";
}

TEST_P(ValidatorMemory, VerdictAndPlace) {
  const Case& c = GetParam();
  std::string d = our_diagnostic(program(c));
  if (c.line == 0) {
    EXPECT_EQ(d, "") << c.inst;
    return;
  }
  std::string place = "in.hsail:" + std::to_string(c.line) + ":" + std::to_string(c.column) + ": ";
  EXPECT_EQ(d.rfind(place, 0), 0u) << d;
  EXPECT_NE(d.find(c.message), std::string::npos) << d;
}

TEST_P(ValidatorMemory, OracleAgrees) {
  const Case& c = GetParam();
  std::string oracle = oracle_path();
  ASSERT_FALSE(oracle.empty()) << "HSAILasm not found: install hsail-tools (tools/deps)";
  ScratchDir dir;
  write_file(dir.file("in.hsail"), program(c));
  auto r = run({oracle, "-assemble", dir.file("in.hsail"), "-o", dir.file("out.brig")});
  EXPECT_EQ(r.exit_code == 0, c.line == 0) << c.inst << "\n" << r.err;
}

INSTANTIATE_TEST_SUITE_P(Cases, ValidatorMemory, ::testing::ValuesIn(kCases),
                         [](const ::testing::TestParamInfo<Case>& info) {
                           return std::string(info.param.name);
                         });

const Case kValidLoad = {"", false, false, kNoDecl, "ld_global_u32 $s0, [&g][12];", 0, 0, ""};

// Offset of the first hsa_code entry of this kind.
uint32_t find_code(const hsail::Module& m, uint16_t kind) {
  const hsail::Section& code = m.code();
  for (uint32_t off = code.header_size(); off < code.size();) {
    fw_brig_base b = m.base_at(code, off);
    if (b.kind == kind) return off;
    off += b.byte_count;
  }
  ADD_FAILURE() << "no entry of kind " << kind;
  return 0;
}

// Validates the module as read back from its BRIG (no source positions)
// and expects a rejection of the entry at `at` for `why`.
void expect_brig_rejects(const hsail::Module& m, uint32_t at, const std::string& why) {
  std::vector<uint8_t> brig = m.to_brig();
  hsail::Module back = hsail::Module::from_brig(brig.data(), brig.size());
  try {
    hsail::validate(back);
    ADD_FAILURE() << "patched module accepted";
  } catch (const hsail::ValidationError& e) {
    EXPECT_EQ(e.pos(), nullptr);
    EXPECT_EQ(e.code_offset(), at);
    char where[40];
    std::snprintf(where, sizeof(where), "in.brig: hsa_code@0x%x: ", at);
    std::string d = hsail::format_diagnostic("in.brig", e);
    EXPECT_EQ(d.rfind(where, 0), 0u) << d;
    EXPECT_NE(d.find(why), std::string::npos) << d;
  }
}

// The load's segment patched from global to group: its address still
// names the global &g (the text ld_group_u32 ... [&g] is rejected by
// HSAILasm, case SegmentMismatch).
TEST(ValidatorMemoryBrig, PatchedSegmentNoLongerMatchesTheVariable) {
  hsail::Module m = hsail::parse_hsail(program(kValidLoad));
  EXPECT_NO_THROW(hsail::validate(m));
  uint32_t at = find_code(m, FW_BRIG_KIND_INST_MEM);
  auto ld = m.code().get<fw_brig_inst_mem>(at);
  ASSERT_EQ(ld.segment, FW_BRIG_SEGMENT_GLOBAL);
  ld.segment = FW_BRIG_SEGMENT_GROUP;
  m.code().put(at, ld);
  expect_brig_rejects(m, at, "'&g' is in the global segment");
}

// A variable retyped to sig32 in a large-model module (the text
// global_sig32 &g is rejected by HSAILasm, case Sig32VariableInLargeModel);
// the directive itself is reported.
TEST(ValidatorMemoryBrig, PatchedVariableType) {
  hsail::Module m = hsail::parse_hsail(program(kValidLoad));
  uint32_t at = find_code(m, FW_BRIG_KIND_DIRECTIVE_VARIABLE);
  auto g = m.code().get<fw_brig_directive_variable>(at);
  ASSERT_EQ(g.type, FW_BRIG_TYPE_U32 | FW_BRIG_TYPE_ARRAY);
  g.type = FW_BRIG_TYPE_SIG32;
  g.dim = {};
  g.align = FW_BRIG_ALIGNMENT_8;  // a handle's natural alignment
  m.code().put(at, g);
  expect_brig_rejects(m, at, "sig32 is not supported by the large machine model");
}

// First hsa_operand entry of this kind.
uint32_t find_operand(const hsail::Module& m, uint16_t kind) {
  const hsail::Section& ops = m.operands();
  for (uint32_t off = ops.header_size(); off < ops.size();) {
    fw_brig_base b = m.base_at(ops, off);
    if (b.kind == kind) return off;
    off += b.byte_count;
  }
  ADD_FAILURE() << "no operand of kind " << kind;
  return 0;
}

// The parser keeps only the low half of a 32-bit address's offset; a BRIG
// group address with a high half is malformed (PRM 18.6.2).
TEST(ValidatorMemoryBrig, GroupAddressOffsetHighHalf) {
  Case group = kValidLoad;
  group.inst = "ld_group_u32 $s0, [%lg][4];";
  hsail::Module m = hsail::parse_hsail(program(group));
  EXPECT_NO_THROW(hsail::validate(m));
  uint32_t at = find_code(m, FW_BRIG_KIND_INST_MEM);
  uint32_t addr = find_operand(m, FW_BRIG_KIND_OPERAND_ADDRESS);
  auto a = m.operands().get<fw_brig_operand_address>(addr);
  ASSERT_EQ(a.offset.lo, 4u);
  a.offset.hi = 1;
  m.operands().put(addr, a);
  expect_brig_rejects(m, at, "offset's high half must be 0");
}

// What the text cannot spell: a memfence whose group scope differs from
// its global scope (PRM 6.9.2), a workitem-scope atomic.
TEST(ValidatorMemoryBrig, ScopesTheTextCannotSpell) {
  Case fence = kValidLoad;
  fence.inst = "memfence_scacq_agent;";
  hsail::Module m = hsail::parse_hsail(program(fence));
  EXPECT_NO_THROW(hsail::validate(m));
  uint32_t at = find_code(m, FW_BRIG_KIND_INST_MEM_FENCE);
  auto f = m.code().get<fw_brig_inst_mem_fence>(at);
  f.group_segment_memory_scope = FW_BRIG_MEMORY_SCOPE_WORKGROUP;
  m.code().put(at, f);
  expect_brig_rejects(m, at, "group segment scope must equal its global segment scope");

  Case atomic = kValidLoad;
  atomic.inst = "atomic_add_global_rlx_agent_u32 $s0, [$d0], 1;";
  hsail::Module a = hsail::parse_hsail(program(atomic));
  EXPECT_NO_THROW(hsail::validate(a));
  uint32_t at_atomic = find_code(a, FW_BRIG_KIND_INST_ATOMIC);
  auto i = a.code().get<fw_brig_inst_atomic>(at_atomic);
  i.memory_scope = FW_BRIG_MEMORY_SCOPE_WORKITEM;
  a.code().put(at_atomic, i);
  expect_brig_rejects(a, at_atomic, "does not take memory scope wi");
}

}  // namespace
