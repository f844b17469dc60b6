// Ruby's String#upcase, #downcase and #capitalize on UTF-8 text: each expectation is what
// Ruby 3.1 (through Puppet 7.23's upcase, downcase and capitalize functions) printed.
#include "rubyish/case_mapping.hpp"

#include <gtest/gtest.h>

namespace marionette::rubyish {
namespace {

TEST(CaseMapping, UpcaseMapsBeyondAscii) {
  EXPECT_EQ(ruby_upcase("straße ärger éé ǆ ﬀ ŉ"), "STRASSE ÄRGER ÉÉ Ǆ FF ʼN");
  EXPECT_EQ(ruby_upcase("ᾀ ᾳ ﬓ ǰ"), "ἈΙ ΑΙ ՄՆ J̌");
  EXPECT_EQ(ruby_upcase("abc-1"), "ABC-1");
}

TEST(CaseMapping, DowncaseHasNoFinalSigmaAndKeepsTheDotOfCapitalI) {
  EXPECT_EQ(ruby_downcase("STRASSE ÄRGER ÉÉ ǅ İ ΣΑΣ ẞ"), "strasse ärger éé ǆ i̇ σασ ß");
  EXPECT_EQ(ruby_downcase("ᾈ Ω K Å"), "ᾀ ω k å");
}

TEST(CaseMapping, CapitalizeTitlecasesTheFirstCharacter) {
  EXPECT_EQ(ruby_capitalize("ǆemal ärger"), "ǅemal ärger");
  EXPECT_EQ(ruby_capitalize("éCOLE"), "École");
  EXPECT_EQ(ruby_capitalize("ßa"), "Ssa");
  EXPECT_EQ(ruby_capitalize("ᾀx"), "ᾈx");
  EXPECT_EQ(ruby_capitalize(""), "");
}

TEST(CaseMapping, BytesThatAreNotUtf8StayAsTheyAre) {
  EXPECT_EQ(ruby_upcase(std::string("a\xff" "b")), std::string("A\xff" "B"));
}

}  // namespace
}  // namespace marionette::rubyish
