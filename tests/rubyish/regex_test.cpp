#include "rubyish/regex.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <ctime>
#include <regex>
#include <string>

namespace marionette::rubyish {
namespace {

bool matches(const std::string& ruby_pattern, const std::string& text) {
  return std::regex_search(text, compile_ruby_regex(ruby_pattern));
}

TEST(EcmascriptPattern, RubyAnchorsBecomeStringAnchors) {
  EXPECT_EQ(ecmascript_pattern(R"(\A\/etc\z)"), R"(^\/etc$)");
  EXPECT_TRUE(matches(R"(\A\/etc\z)", "/etc"));
  EXPECT_FALSE(matches(R"(\Aetc)", "xetc"));
  EXPECT_FALSE(matches(R"(etc\z)", "etc\n"));
  EXPECT_TRUE(matches(R"(etc\Z)", "etc\n"));
  EXPECT_FALSE(matches(R"(etc\Z)", "etc\nx"));
}

TEST(EcmascriptPattern, HexDigitClassesInsideAndOutsideBrackets) {
  EXPECT_TRUE(matches(R"(\A\h+\z)", "09afAF"));
  EXPECT_FALSE(matches(R"(\A\h+\z)", "0g"));
  EXPECT_TRUE(matches(R"(\A[\h:]+\z)", "fe80::1"));
  EXPECT_TRUE(matches(R"(\A\H\z)", "g"));
}

TEST(EcmascriptPattern, EscapesAndClassesPassThrough) {
  EXPECT_EQ(ecmascript_pattern(R"([\A]\\z)"), R"([\A]\\z)");  // \A in a class, an escaped backslash
  EXPECT_EQ(ecmascript_pattern(R"([]A]\z)"), R"([]A]$)");     // ] first in a class is literal
  EXPECT_TRUE(matches(R"(\A\/([^\n\/\0]+\/*)*\z)", "/etc/ntp.conf"));
  EXPECT_FALSE(matches(R"(\A\/([^\n\/\0]+\/*)*\z)", "etc/ntp.conf"));
}

TEST(EcmascriptPattern, NamedGroupsAreNumberedGroups) {
  EXPECT_EQ(ecmascript_pattern(R"((?<key>\w+)=(?<value>\w+))"), R"((\w+)=(\w+))");
  EXPECT_EQ(ecmascript_pattern(R"((?<=a)b(?<!c))"), R"((?<=a)b(?<!c))");  // lookbehinds stay
  std::smatch found;
  const std::string text = "k=v";
  ASSERT_TRUE(std::regex_search(text, found, compile_ruby_regex(R"((?<key>\w+)=(?<value>\w+))")));
  EXPECT_EQ(found[1], "k");
  EXPECT_EQ(found[2], "v");
}

TEST(EcmascriptPattern, InlineOptionGroupsApplyToTheirGroup) {
  // selinux's boolean.pp: Ruby's Regexp#to_s form of an option group.
  EXPECT_TRUE(matches(R"(\A(?i-mx:on|present)\z)", "ON"));
  EXPECT_TRUE(matches(R"(\A(?i-mx:on|present)\z)", "Present"));
  EXPECT_FALSE(matches(R"(\A(?i-mx:on|present)\z)", "off"));
  EXPECT_FALSE(matches(R"(\Aa(?i:b)c\z)", "aBC"));  // only the group ignores case
  EXPECT_TRUE(matches(R"(\Aa(?i:b)c\z)", "aBc"));
  EXPECT_TRUE(matches(R"(\Aa(?i)b[c-e]\z)", "aBD"));  // to the end of the enclosing group
  EXPECT_FALSE(matches(R"(\A(?m:a.b)\z)", "a\nc"));
  EXPECT_TRUE(matches(R"(\A(?m:a.b)\z)", "a\nb"));
  EXPECT_FALSE(matches(R"(\Aa.b\z)", "a\nb"));
}

TEST(EcmascriptPattern, ExtendedOptionDropsBlanksAndComments) {
  // cron's Cron::Minute: `(?x)` over several lines.
  const std::string minute =
      "(?x)\\A(\n  \\* ( / ( [1-5][0-9]?|[6-9] ) )?  # every N\n"
      "  | [1-5]?[0-9] ( - [1-5]?[0-9] )?\n)\\z";
  EXPECT_TRUE(matches(minute, "*/5"));
  EXPECT_TRUE(matches(minute, "10-20"));
  EXPECT_FALSE(matches(minute, "* / 5"));
  EXPECT_TRUE(matches(R"((?x) a [ ] b)", "a b"));  // a blank in a class stays
  EXPECT_TRUE(matches(R"((?x) a \  b)", "a b"));   // so does an escaped one
}

TEST(CompileRubyRegex, WholePatternCaseInsensitiveGroupBecomesTheIcaseFlag) {
  EXPECT_TRUE(matches(R"((?i:\Ahttps?://.*\z))", "HTTPS://example.com"));
  EXPECT_FALSE(matches(R"((?i:\Ahttps?://.*\z))", "ftp://example.com"));
  EXPECT_TRUE(matches(R"((?i)\Aabc\z)", "ABC"));
  // Any other option group is rewritten (its letters in both cases).
  EXPECT_TRUE(matches(R"(\A(a)(?i:b)\z)", "aB"));
  EXPECT_FALSE(matches(R"(\A(a)(?i:b)\z)", "AB"));
}

TEST(CompileRubyRegex, PatternsKeptForTheNextCallAreKeptApartByTheirFlags) {
  // The same pattern text, case-insensitive then not, then again: each call gets its own.
  for (int i = 0; i < 2; ++i) {
    EXPECT_TRUE(matches(R"((?i)\Aabc\z)", "ABC"));
    EXPECT_FALSE(matches(R"(\Aabc\z)", "ABC"));
    EXPECT_TRUE(std::regex_search("ABC", compile_ruby_regex("abc", std::regex::icase)));
    EXPECT_FALSE(std::regex_search("ABC", compile_ruby_regex("abc")));
  }
  EXPECT_THROW(compile_ruby_regex("("), std::regex_error);
  EXPECT_THROW(compile_ruby_regex("("), std::regex_error);  // a refused pattern is not kept
}

TEST(RegexSearchBounded, GivesGroupsAndWhereTheyAre) {
  const std::string text = "key=value; k2=";
  auto found = regex_search_bounded(text, compile_ruby_regex(R"((\w+)=(\w+)?)"));
  ASSERT_TRUE(found);
  EXPECT_EQ(found->begin(), 0u);
  EXPECT_EQ(found->group(text, 1), "key");
  EXPECT_EQ(found->group(text, 2), "value");
  auto next = regex_search_bounded(text, compile_ruby_regex(R"((\w+)=(\w+)?)"), found->end());
  ASSERT_TRUE(next);
  EXPECT_EQ(next->group(text, 1), "k2");
  EXPECT_FALSE(next->groups[2]);  // did not take part
  // Searching on from the middle still sees the character before for \b.
  EXPECT_FALSE(regex_search_bounded("ab", compile_ruby_regex(R"(\bb)"), 1));
}

TEST(RegexSearchBounded, CatastrophicBacktrackingGivesUp) {
  const std::string text = std::string(40, 'a') + "!";
  // The budget counts steps, not time: the process's CPU time bounds it however loaded the
  // machine is (wall time did not: 26-31 s at nice 19 under a load of 12 for 0.7 s of CPU).
  const std::clock_t started = std::clock();
  EXPECT_THROW(regex_search_bounded(text, compile_ruby_regex("(a+)+$")), RegexTooComplex);
  EXPECT_THROW(regex_split_bounded(text, compile_ruby_regex("(a+)+$")), RegexTooComplex);
  EXPECT_LT(static_cast<double>(std::clock() - started) / CLOCKS_PER_SEC, 5.0);
  // A long text with a linear pattern stays within its budget.
  const std::string long_text = std::string(1'000'000, 'x') + "needle";
  EXPECT_TRUE(regex_search_bounded(long_text, compile_ruby_regex("needle$")));
}

TEST(RegexSearchBounded, RecursionDeeperThanTheStackGivesUpInsteadOfCrashing) {
  // std::regex recurses once per repetition: 10,000 of them overflowed an 8 MB stack (SIGSEGV).
  // A long text is matched on a deep-stack thread, which holds 50,000 and gives up at 400,000.
  EXPECT_TRUE(regex_search_bounded(std::string(50'000, 'a'), compile_ruby_regex("^(a|b)*$")));
  EXPECT_THROW(regex_search_bounded(std::string(400'000, 'a'), compile_ruby_regex("^(a|b)*$")),
               RegexTooComplex);
  EXPECT_THROW(regex_split_bounded(std::string(400'000, 'a'), compile_ruby_regex("^(a|b)*$")),
               RegexTooComplex);
}

TEST(RegexSplitBounded, PiecesBetweenMatches) {
  EXPECT_EQ(regex_split_bounded("a,b,,c", compile_ruby_regex(",")),
            (std::vector<std::string>{"a", "b", "", "c"}));
}

}  // namespace
}  // namespace marionette::rubyish
