// The lexer works on demand and its tokens view the source: token texts,
// positions and comment anchors, and the behaviours that depend on lexing
// as the parser goes, checked against HSAILasm (the first error in source
// order is the one reported; strings with escapes and statements far
// longer than the parser's token window assemble to the same BRIG).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include <hsail/text/lexer.h>
#include <hsail/text/parser.h>

#include "test_util.h"

namespace {

using hsail::Lexer;
using hsail::Token;
using hsail::TokenKind;
using hsail_test::oracle_path;
using hsail_test::read_file;
using hsail_test::run;
using hsail_test::ScratchDir;
using hsail_test::write_file;

std::vector<Token> all_tokens(Lexer* lex) {
  std::vector<Token> out;
  for (Token t = lex->next(); t.kind != TokenKind::kEnd; t = lex->next()) out.push_back(t);
  return out;
}

// Positions count lines from 1 and characters (a tab is one) from 1.
TEST(HsailLexer, TokensKeepTextAndPosition) {
  const std::string src = "\tld_global_align(4)_u32 $s1, [%p][-8];\n@L: \"a\\tb\" 0x10";
  Lexer lex(src);
  std::vector<Token> t = all_tokens(&lex);
  struct Want {
    TokenKind kind;
    const char* text;
    int line, column;
  };
  const Want want[] = {
      {TokenKind::kWord, "ld_global_align(4)_u32", 1, 2},
      {TokenKind::kRegister, "$s1", 1, 25},
      {TokenKind::kPunct, ",", 1, 28},
      {TokenKind::kPunct, "[", 1, 30},
      {TokenKind::kLocalName, "%p", 1, 31},
      {TokenKind::kPunct, "]", 1, 33},
      {TokenKind::kPunct, "[", 1, 34},
      {TokenKind::kPunct, "-", 1, 35},
      {TokenKind::kInt, "8", 1, 36},
      {TokenKind::kPunct, "]", 1, 37},
      {TokenKind::kPunct, ";", 1, 38},
      {TokenKind::kLabel, "@L", 2, 1},
      {TokenKind::kPunct, ":", 2, 3},
      {TokenKind::kString, "a\tb", 2, 5},
      {TokenKind::kInt, "0x10", 2, 12},
  };
  ASSERT_EQ(t.size(), std::size(want));
  for (size_t k = 0; k < t.size(); ++k) {
    SCOPED_TRACE(want[k].text);
    EXPECT_EQ(t[k].kind, want[k].kind);
    EXPECT_EQ(t[k].text, want[k].text);
    EXPECT_EQ(t[k].pos.line, want[k].line);
    EXPECT_EQ(t[k].pos.column, want[k].column);
  }
  EXPECT_EQ(t[8].value, 8u);
  EXPECT_EQ(t[14].value, 16u);
  // Words view the source itself; only the string with an escape is a copy.
  auto in_source = [&](const Token& tok) {
    return tok.text.data() >= src.data() && tok.text.data() < src.data() + src.size();
  };
  EXPECT_EQ(t[0].text.data(), src.data() + 1);
  EXPECT_FALSE(in_source(t[13]));
}

// A comment's anchor is the number of tokens before it; a block comment
// gives one "//" comment per line with the anchor of its start.
TEST(HsailLexer, CommentsAreAnchoredToTheNextToken) {
  Lexer lex("a // one\n/* two\nthree */ b");
  std::vector<Token> t = all_tokens(&lex);
  ASSERT_EQ(t.size(), 2u);
  const auto& c = lex.comments();
  ASSERT_EQ(c.size(), 3u);
  EXPECT_EQ(c[0].text, "// one");
  EXPECT_EQ(c[0].anchor, 1u);
  EXPECT_EQ(c[0].pos.line, 1);
  EXPECT_EQ(c[0].pos.column, 3);
  EXPECT_EQ(c[1].text, "// two");
  EXPECT_EQ(c[1].anchor, 1u);
  EXPECT_EQ(c[1].pos.line, 2);
  EXPECT_EQ(c[2].text, "//three ");
  EXPECT_EQ(c[2].anchor, 1u);
}

class HsailStreaming : public ::testing::Test {
 protected:
  void SetUp() override {
    oracle_ = oracle_path();
    ASSERT_FALSE(oracle_.empty()) << "HSAILasm not found: install hsail-tools (tools/deps)";
  }
  // HSAILasm's BRIG for text, or its error output after "REJECTED: ".
  std::string oracle(const std::string& text) {
    write_file(dir_.file("in.hsail"), text);
    auto r = run({oracle_, "-assemble", dir_.file("in.hsail"), "-o", dir_.file("ref.brig")}, true);
    return r.exit_code == 0 ? read_file(dir_.file("ref.brig")) : "REJECTED: " + r.err;
  }
  static std::string ours(const std::string& text) {
    std::vector<uint8_t> b = hsail::parse_hsail(text).to_brig();
    return std::string(b.begin(), b.end());
  }
  std::string oracle_;
  ScratchDir dir_;
};

// Both tools lex as they parse: an unknown instruction on line 4 is
// reported before a stray character on line 7.
TEST_F(HsailStreaming, FirstErrorInSourceOrderIsReported) {
  const std::string text =
      "module &m:1:0:$full:$large:$default;\nkernel &k()\n{\n\tfoo_u32 $s0;\n\tret;\n};\n#\n";
  std::string ref = oracle(text);
  ASSERT_EQ(ref.rfind("REJECTED: ", 0), 0u);
  EXPECT_NE(ref.find("(4,"), std::string::npos) << ref;  // HSAILasm prints (line,column)
  try {
    hsail::parse_hsail(text);
    FAIL() << "accepted";
  } catch (const hsail::SyntaxError& e) {
    EXPECT_EQ(e.pos().line, 4);
    EXPECT_EQ(e.pos().column, 2);
    EXPECT_STREQ(e.what(), "unknown instruction 'foo'");
  }
}

// String operands with escapes are copies the tokens refer to.
TEST_F(HsailStreaming, EscapedStringsAndCommentsMatchHsailasm) {
  const std::string text =
      "module &m:1:0:$full:$large:$default;\npragma \"a\\tb\\\\c\\\"d\";\n/* one\n   two */\n"
      "kernel &k()\n{\n\t// inside\n\tloc 3 \"f\\ty.hsail\";\n\tret;\n};\n";
  std::string ref = oracle(text);
  ASSERT_EQ(ref.rfind("REJECTED: ", 0), std::string::npos) << ref;
  EXPECT_TRUE(ours(text) == ref);
}

// One statement of 20000 tokens and thousands of short ones around it: the
// token window grows and is released many times over.
TEST_F(HsailStreaming, LongStatementsMatchHsailasm) {
  std::string text = "module &m:1:0:$full:$large:$default;\nglobal_u32 &big[] = u32[](";
  for (int k = 0; k < 10000; ++k) text += (k ? ",\n" : "") + std::to_string(k * 7919u);
  text += ");\nkernel &k()\n{\n";
  for (int k = 0; k < 3000; ++k) {
    text += "\t// step " + std::to_string(k) + "\n\tld_global_u32 $s1, [&big][" +
            std::to_string(4 * k) + "];\n\tadd_u32 $s2, $s1, " + std::to_string(k) + ";\n";
  }
  text += "\tret;\n};\n";
  std::string ref = oracle(text);
  ASSERT_EQ(ref.rfind("REJECTED: ", 0), std::string::npos) << ref.substr(0, 500);
  EXPECT_TRUE(ours(text) == ref);
}

}  // namespace
