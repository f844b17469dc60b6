// JSON.generate, JSON.pretty_generate and Psych's to_yaml of data as Ruby holds it (concat's
// JSON and YAML targets write with these; stdlib's to_json and to_yaml through compiler's view).
#include "rubyish/serialization.hpp"

#include <gtest/gtest.h>

#include "rubyish/data_value.hpp"

namespace marionette::rubyish {
namespace {

const nlohmann::ordered_json kData =
    nlohmann::ordered_json::parse(R"({"a": [1, 2.5, null, true], "b": "x", "c": {}})");

TEST(RubySerialization, JsonGenerateAndPrettyGenerate) {
  EXPECT_EQ(ruby_json(from_data(kData), RubyJsonStyle::compact()),
            R"({"a":[1,2.5,null,true],"b":"x","c":{}})");
  EXPECT_EQ(ruby_json(from_data(kData), RubyJsonStyle::pretty()),
            "{\n  \"a\": [\n    1,\n    2.5,\n    null,\n    true\n  ],\n  \"b\": \"x\",\n"
            "  \"c\": {\n  }\n}");  // json 2.6: the newline before each pair, even of none
}

TEST(RubySerialization, JsonRefusesNestingBeyondTheLimit) {
  RubyValue deep = RubyArray{};
  for (int i = 0; i < 101; ++i) deep = RubyArray{deep};
  EXPECT_THROW(ruby_json(deep, RubyJsonStyle::compact()), SerializationError);
}

TEST(RubySerialization, PsychQuotesWhatItWouldReadBackAsAnotherType) {
  auto data = nlohmann::ordered_json::parse(R"({"a": [1, "yes", "0755"], "b": {}, "c": null})");
  EXPECT_EQ(psych_yaml(from_data(data)), "---\na:\n- 1\n- 'yes'\n- '0755'\nb: {}\nc:\n");
  EXPECT_EQ(psych_yaml(RubySymbol{"default"}), "--- :default\n");
}

}  // namespace
}  // namespace marionette::rubyish
