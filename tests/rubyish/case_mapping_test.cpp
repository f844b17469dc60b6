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

TEST(CaseMapping, AsciiLettersOnlyAreMappedAndOtherAsciiKept) {
  // Every ASCII byte, against the letter ranges alone: the punctuation beside them (@ [ ` {)
  // differs from a letter by the same 0x20 bit, and must not move.
  std::string all, upper, lower;
  for (int c = 1; c < 0x80; ++c) {
    all += static_cast<char>(c);
    upper += static_cast<char>(c >= 'a' && c <= 'z' ? c - 32 : c);
    lower += static_cast<char>(c >= 'A' && c <= 'Z' ? c + 32 : c);
  }
  EXPECT_EQ(ruby_upcase(all), upper);
  EXPECT_EQ(ruby_downcase(all), lower);
  EXPECT_EQ(ruby_capitalize("hELLO wORLD"), "Hello world");
  EXPECT_EQ(ruby_capitalize("@ABC"), "@abc");
  EXPECT_EQ(ruby_upcase("vhost ǆ:80 ß"), "VHOST Ǆ:80 SS");
}

TEST(CaseMapping, BytesThatAreNotUtf8StayAsTheyAre) {
  EXPECT_EQ(ruby_upcase(std::string("a\xff"
                                    "b")),
            std::string("A\xff"
                        "B"));
}

}  // namespace
}  // namespace marionette::rubyish
