#include "transaction/yaml_scalar.hpp"

#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <string>
#include <vector>

namespace marionette::transaction {
namespace {

std::string read_back(const std::string& yaml) {
  const YAML::Node node = YAML::Load("key: " + yaml);
  EXPECT_TRUE(node["key"].IsScalar()) << yaml;
  return node["key"].Scalar();
}

TEST(YamlScalar, WordLikeStringsStayPlain) {
  EXPECT_EQ(yaml_scalar("note 1"), "note 1");
  EXPECT_EQ(yaml_scalar("File[/tmp/a b]"), "File[/tmp/a b]");
  EXPECT_EQ(yaml_scalar("/Stage[main]/Main/Notify[x]/message"),
            "/Stage[main]/Main/Notify[x]/message");
  EXPECT_EQ(yaml_scalar("defined 'message' as 'x'"), "defined 'message' as 'x'");
}

TEST(YamlScalar, AnythingYamlWouldReadOtherwiseIsQuoted) {
  for (const char* text :
       {"true", "No",    "ON",     "null", "~",    "y",   "0644", "1.5",  "-1",    ".inf",
        "",     " lead", "trail ", "a: b", "a #b", "- x", "@x",   "!tag", "&a",    "*a",
        "{x}",  "[x]",   "%x",     "`x",   "?x",   "|x",  ">x",   "'q'",  "\"q\"", "ü"}) {
    EXPECT_EQ(yaml_scalar(text).front(), '"') << text;
  }
}

TEST(YamlScalar, EveryStringReadsBackUnchanged) {
  const std::vector<std::string> texts = {"note 1",       "true",
                                          "0644",         "",
                                          "a: b",         "line\nnext",
                                          "tab\there",    "back\\slash",
                                          "say \"hi\"",   std::string("nul\0byte", 8),
                                          "bell\x07",     "del\x7f",
                                          "ünïcode ✓",    "{sha256}abc",
                                          "x # y",        "trail ",
                                          "- item",       "~",
                                          "File[/etc/x]", "3.14",
                                          "1e3",          "0x1F",
                                          "yes"};
  for (const std::string& text : texts) {
    EXPECT_EQ(read_back(yaml_scalar(text)), text) << yaml_scalar(text);
  }
}

TEST(YamlScalar, BracketsAreQuotedInsideFlowSequences) {
  EXPECT_EQ(yaml_scalar("File[x]", true), "\"File[x]\"");
  EXPECT_EQ(yaml_scalar("a, b", true), "\"a, b\"");
  const YAML::Node row =
      YAML::Load("[" + yaml_scalar("File[x]", true) + ", " + yaml_scalar("Total", true) + ", 3]");
  ASSERT_EQ(row.size(), 3u);
  EXPECT_EQ(row[0].Scalar(), "File[x]");
  EXPECT_EQ(row[1].Scalar(), "Total");
}

TEST(YamlNumber, PrintsNineSignificantDigits) {
  EXPECT_EQ(yaml_number(1000), "1000");
  EXPECT_EQ(yaml_number(0.0115316162), "0.0115316162");
  EXPECT_EQ(yaml_number(4.6867e-05), "4.6867e-05");
}

}  // namespace
}  // namespace marionette::transaction
