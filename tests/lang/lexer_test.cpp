#include "lang/lexer.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <fstream>
#include <iterator>

#include "lang/diagnostic.hpp"
#include "lang/parser.hpp"
#include "lang/utf8.hpp"

namespace marionette::lang {
namespace {

Tokens lex(const std::string& text) {
  return tokenize(make_source("t.pp", text));
}

/// "kind:text@line:column" for each token but the end, to compare in one assertion.
std::string summary(const std::string& text) {
  std::string out;
  for (const Token& t : lex(text)) {
    if (t.kind == TokenKind::End) break;
    if (!out.empty()) out += ' ';
    out += std::string(describe(t.kind)) + ":" + std::string(t.text) + "@" +
           std::to_string(t.where.line) + ":" + std::to_string(t.where.column);
  }
  return out;
}

TEST(Lexer, ResourceDeclarationWithLocations) {
  auto tokens = lex("file { '/etc/motd':\n  ensure => file,\n}\n");
  ASSERT_EQ(tokens.size(), 10u);
  EXPECT_EQ(tokens[0].kind, TokenKind::Name);
  EXPECT_EQ(tokens[0].text, "file");
  EXPECT_EQ(tokens[2].kind, TokenKind::String);
  EXPECT_EQ(tokens[2].text, "/etc/motd");
  EXPECT_EQ(tokens[2].where.column, 8u);
  EXPECT_EQ(tokens[2].where.length, 11u);
  EXPECT_EQ(tokens[4].where.line, 2u);
  EXPECT_EQ(tokens[4].where.column, 3u);
  EXPECT_EQ(tokens[5].kind, TokenKind::FatArrow);
  EXPECT_EQ(tokens[8].kind, TokenKind::RBrace);
  EXPECT_EQ(tokens[8].where.line, 3u);
  EXPECT_EQ(tokens[9].kind, TokenKind::End);
}

TEST(Lexer, NamesTypesVariablesAndKeywords) {
  EXPECT_EQ(summary("$app::params::port $::os App::Web ::app if unless"),
            "a variable:app::params::port@1:1 a variable:::os@1:20 a type name:App::Web@1:26 "
            "a name:::app@1:35 if:if@1:41 unless:unless@1:44");
}

// Puppet's bare word ((::)?[a-z_]([\w-]*\w)?)+ (checked with puppet apply): hyphens inside a
// word that starts lowercase; none in a variable's name, at a word's end or after a space.
TEST(Lexer, HyphenatedBareWordsAreOneWord) {
  EXPECT_EQ(summary("display-name a--b::c-d $a-1 a- b a -b Foo-bar"),
            "a name:display-name@1:1 a name:a--b::c-d@1:14 a variable:a@1:24 -:@1:26 "
            "an integer:1@1:27 a name:a@1:29 -:@1:30 a name:b@1:32 a name:a@1:34 -:@1:36 "
            "a name:b@1:37 a type name:Foo@1:39 -:@1:42 a name:bar@1:43");
}

TEST(Lexer, NumbersInEveryBase) {
  auto tokens = lex("42 0x1F 010 1.5 2e3");
  EXPECT_EQ(tokens[0].kind, TokenKind::Integer);
  EXPECT_EQ(tokens[1].text, "0x1F");
  EXPECT_EQ(tokens[2].text, "010");
  EXPECT_EQ(tokens[3].kind, TokenKind::Float);
  EXPECT_EQ(tokens[4].kind, TokenKind::Float);
}

TEST(Lexer, LongestOperatorWins) {
  EXPECT_EQ(summary("-> ~> <- <~ <| |> <<| |>> == =~ => +> <= <<"),
            "->:@1:1 ~>:@1:4 <-:@1:7 <~:@1:10 <|:@1:13 |>:@1:16 <<|:@1:19 |>>:@1:23 ==:@1:27 "
            "=~:@1:30 =>:@1:33 +>:@1:36 <=:@1:39 <<:@1:42");
}

TEST(Lexer, RegexOrDivisionByContext) {
  auto division = lex("$x / 2 / 1");
  EXPECT_EQ(division[1].kind, TokenKind::Slash);
  auto regex = lex("$x =~ /^a\\/b$/");
  EXPECT_EQ(regex[2].kind, TokenKind::Regex);
  EXPECT_EQ(regex[2].text, "^a/b$");
}

TEST(Lexer, DoubleQuotedStringWithoutInterpolationIsOneToken) {
  auto tokens = lex(R"("tab\tnew\\n \$x \u{2713}")");
  ASSERT_EQ(tokens.size(), 2u);
  EXPECT_EQ(tokens[0].kind, TokenKind::String);
  EXPECT_EQ(tokens[0].text, "tab\tnew\\n $x \xE2\x9C\x93");
}

TEST(Lexer, InterpolationBecomesParts) {
  EXPECT_EQ(summary(R"("a $x b ${h['k']} c")"),
            "\":@1:1 string text:a @1:2 an interpolated variable:x@1:4 string text: b @1:6 "
            "${:@1:9 a name:h@1:11 [:@1:12 a string:k@1:13 ]:@1:16 }:@1:17 string text: c@1:18 "
            "\":@1:20");
}

TEST(Lexer, SingleQuotesKeepBackslashesExceptQuoteAndBackslash) {
  auto tokens = lex(R"('a\nb \' \\')");
  EXPECT_EQ(tokens[0].text, "a\\nb ' \\");
}

TEST(Lexer, CommentsAreSkipped) {
  EXPECT_EQ(summary("# one\n$a /* two\n */ $b"), "a variable:a@2:1 a variable:b@3:5");
}

TEST(Lexer, HeredocWithMarginAndJoinedLines) {
  auto tokens = lex("$t = @(EOT/L)\n    one\n      two \\\n    three\n    | EOT\n$u = 1\n");
  ASSERT_EQ(tokens[2].kind, TokenKind::String);
  EXPECT_EQ(tokens[2].text, "one\n  two three\n");
  EXPECT_EQ(tokens[3].kind, TokenKind::Variable);
  EXPECT_EQ(tokens[3].where.line, 6u);
}

TEST(Lexer, UnclosedStringIsAnErrorJustAfterTheQuoteAsInPuppet) {
  try {
    lex("$a = 1\n$b = \"open\n");
    FAIL() << "no error";
  } catch (const SourceError& e) {
    EXPECT_EQ(e.message(), "Unclosed quote after '\"' followed by 'open\\n...'");
    EXPECT_EQ(e.where().line, 2u);
    EXPECT_EQ(e.where().column, 7u);
  }
}

TEST(Lexer, NestedHeredocsAreRefusedBeforeTheyTakeExponentialTime) {
  // Found by the fuzzer: heredocs in interpolations in heredocs re-read the same lines.
  std::ifstream in(std::string(MARIONETTE_FUZZ_SEEDS_DIR) + "/regression-heredoc-nesting-budget",
                   std::ios::binary);
  ASSERT_TRUE(in);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  // The fuzzer's bytes are not all UTF-8, which the lexer refuses first: made ASCII, the
  // nesting is the same.
  for (char& c : text)
    if (static_cast<unsigned char>(c) >= 0x80) c = 'x';
  // A regex literal runs over lines to the next `/`, as in Puppet: each `/` but a heredoc's
  // (`@("E"/L)`) made a `-`, the lexer reaches the nesting as when regexes ended with the line.
  for (std::size_t at = 1; at < text.size(); ++at)
    if (text[at] == '/' && text[at - 1] != '"') text[at] = '-';
  auto started = std::chrono::steady_clock::now();
  try {
    lex(text.substr(1));  // the fuzzer's first byte only picks manifest or template
    FAIL() << "no error";
  } catch (const SourceError& e) {
    EXPECT_EQ(e.message(), "Heredocs nested too deeply");
  }
  EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(1));
}

TEST(Utf8, FirstInvalidByteAsRubySeesIt) {
  EXPECT_EQ(first_invalid_utf8("plain \xE2\x9C\x93 \xF0\x9F\x98\x80"), std::nullopt);
  EXPECT_EQ(first_invalid_utf8("ab\xFF"), 2u);
  EXPECT_EQ(first_invalid_utf8("a\xC0\xAF"), 1u);         // overlong '/'
  EXPECT_EQ(first_invalid_utf8("a\xED\xA0\x80"), 1u);     // a surrogate
  EXPECT_EQ(first_invalid_utf8("\xF4\x90\x80\x80"), 0u);  // beyond U+10FFFF
  EXPECT_EQ(first_invalid_utf8("ok\xE2\x9C"), 2u);        // cut short
  // Past runs of eight ASCII bytes, which are skipped a word at a time.
  EXPECT_EQ(first_invalid_utf8("0123456789abcdef\xFF"), 16u);
  EXPECT_EQ(first_invalid_utf8("01234567\xC3\xA9"
                               "abcdefghijklm\xFFxyz"),
            23u);
  EXPECT_EQ(first_invalid_utf8("abcdefg\xC3\xA9hijklmnopqrstu"), std::nullopt);
  EXPECT_EQ(first_invalid_utf8("abcdefghijklmnop\xE2\x9C"), 16u);
}

TEST(Lexer, TextThatIsNotUtf8FailsAtItsFirstBadByte) {
  try {
    lex("notify { 'ok': }\nnotify { \"\xFF\xFE\": }\n");
    FAIL() << "no error";
  } catch (const SourceError& e) {
    EXPECT_EQ(e.message(), "invalid byte sequence in UTF-8");
    EXPECT_EQ(e.where().line, 2u);
    EXPECT_EQ(e.where().column, 11u);
  }
}

}  // namespace
}  // namespace marionette::lang
