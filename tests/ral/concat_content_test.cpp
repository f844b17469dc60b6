// concat_file's content from its fragments, as concat 7's Ruby code builds it.
#include "ral/concat_content.hpp"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

namespace marionette::ral {
namespace {

ConcatStyle json_style(const std::string& format) {
  ConcatStyle style;
  style.format = format;
  return style;
}

TEST(ConcatContent, JsonFragmentsMergeAndPrintAsRubysJson) {
  std::vector<ConcatFragment> fragments = {{"j1", "10", R"({"a": {"x": 1}, "list": [1, 2]})"},
                                           {"j2", "20", R"({"a": {"y": 2.5}, "list": [2, 3]})"}};
  EXPECT_EQ(concat_content(fragments, json_style("json")),
            R"({"a":{"x":1,"y":2.5},"list":[1,2,3]})");
  EXPECT_EQ(concat_content(fragments, json_style("yaml")),
            "---\na:\n  x: 1\n  \"y\": 2.5\nlist:\n- 1\n- 2\n- 3\n");  // y: a YAML 1.1 boolean
}

// Puppet 7.23 with concat 7 (puppet apply): "Duplicate key 'a' found with values
// '{"x"=>1, "y"=>[1, 2.5]}' and two'. Use 'force' attribute to merge keys." A hash prints as
// Ruby's Hash#to_s, not as Puppet prints one.
TEST(ConcatContent, ADuplicateKeyNamesTheValuesAsRubyPrintsThem) {
  std::vector<ConcatFragment> fragments = {{"j1", "10", R"({"a": {"x": 1, "y": [1, 2.5]}})"},
                                           {"j2", "10", R"({"a": "two"})"}};
  try {
    concat_content(fragments, json_style("json"));
    FAIL() << "no error";
  } catch (const std::runtime_error& error) {
    EXPECT_STREQ(error.what(),
                 R"(Duplicate key 'a' found with values '{"x"=>1, "y"=>[1, 2.5]}' and two'. )"
                 "Use 'force' attribute to merge keys.");
  }
}

}  // namespace
}  // namespace marionette::ral
