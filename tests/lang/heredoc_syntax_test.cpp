// The heredoc syntax checkers against what Debian's Puppet 7.23 (Ruby's json 2.6.1) says for the
// same heredocs (`puppet-catalog` on a manifest holding each).
#include "lang/heredoc_syntax.hpp"

#include <gtest/gtest.h>

#include "lang/diagnostic.hpp"
#include "lang/parser.hpp"

namespace marionette::lang {
namespace {

/// The error a manifest's parse gives, "" when it parses.
std::string parse_error(const std::string& text, SourceLocation* where = nullptr) {
  ast::Arena arena;
  try {
    parse(make_source("t.pp", text), arena);
  } catch (const SourceError& error) {
    if (where) *where = error.where();
    return error.message();
  }
  return "";
}

TEST(HeredocSyntax, JsonRefusedInRubysWordsAtTheText) {
  SourceLocation where;
  EXPECT_EQ(parse_error("$x = @(END:json)\n  {\"a\":x}\n  | END\nnotice($x)\n", &where),
            "Invalid produced text having syntax: 'json'. JSON syntax checker: Cannot parse "
            "invalid JSON string. \"859: unexpected token at '{\"a\":x}\\n'\"");
  EXPECT_EQ(where.line, 2u);
  EXPECT_EQ(where.column, 1u);
}

TEST(HeredocSyntax, CheckerFoundByTheLastSegmentOfTheSyntax) {
  EXPECT_EQ(parse_error("$y = @(END:data+json)\n  [1 2]\n  | END\n"),
            "Invalid produced text having syntax: 'data+json'. JSON syntax checker: Cannot parse "
            "invalid JSON string. \"451: unexpected token at '2]\\n'\"");
}

TEST(HeredocSyntax, ValidTextAndUnknownSyntaxesPass) {
  EXPECT_EQ(parse_error("$x = @(END:base64)\n  aGVsbG8=?\n  | END\n"), "");  // '?' is dropped
  EXPECT_EQ(parse_error("$x = @(END:json)\n  {\"a\": [1, 2.5, null]}\n  | END\n"), "");
  EXPECT_EQ(parse_error("$x = @(END:yaml)\n  [ not checked\n  | END\n"), "");
}

TEST(HeredocSyntax, RubyJsonStopsWhereItsParserDoes) {
  auto json = [](const std::string& text) {
    return check_heredoc_syntax("json", text).value_or("");
  };
  const std::string prefix =
      "Invalid produced text having syntax: 'json'. JSON syntax checker: Cannot parse invalid "
      "JSON string. \"";
  // Each as `ruby -rjson -e 'JSON.parse(TEXT)'` (json 2.6.1) words it.
  EXPECT_EQ(json("['foo', \"bar\"]"), prefix + "451: unexpected token at ''foo', \"bar\"]'\"");
  EXPECT_EQ(json("[[1,]]"), prefix + "451: unexpected token at ']]'\"");
  EXPECT_EQ(json("{\"a\":[x]}"), prefix + "451: unexpected token at 'x]}'\"");
  EXPECT_EQ(json("[1,2]]"), prefix + "859: unexpected token at ']'\"");
  EXPECT_EQ(json("[1.]"), prefix + "451: unexpected token at '.]'\"");
  EXPECT_EQ(json("nul"), prefix + "859: unexpected token at 'nul'\"");
  EXPECT_EQ(json(""), prefix + "859: unexpected token at ''\"");
}

}  // namespace
}  // namespace marionette::lang
