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

// Ruby 3.1's Psych 4 wrote each expectation: an Array or Hash held twice is written once with
// an anchor, then as an alias, numbered in the order the repeats are met (a String is not).
TEST(RubySerialization, PsychWritesAnObjectHeldTwiceAsAnAlias) {
  RubyValue a = RubyArray{RubyValue(std::int64_t{1}), RubyValue(std::int64_t{2})};
  RubyValue h = RubyHash{{RubyValue(std::string("k")), RubyValue(std::string("v"))}};
  RubyValue e = RubyArray{};
  RubyValue s = std::string("text");
  RubyValue data =
      RubyHash{{RubyValue(std::string("a")), a},
               {RubyValue(std::string("b")), RubyHash{{RubyValue(std::string("c")), a}}},
               {RubyValue(std::string("e")), e},
               {RubyValue(std::string("f")), e},
               {a, RubyValue(std::int64_t{1})},
               {RubyValue(std::string("g")), RubyArray{h, h, s, s}}};
  EXPECT_EQ(psych_yaml(data),
            "---\na: &1\n- 1\n- 2\nb:\n  c: *1\ne: &2 []\nf: *2\n*1 : 1\ng:\n- &3\n  k: v\n"
            "- *3\n- text\n- text\n");
}

TEST(RubySerialization, PsychWritesAnArrayHoldingItselfAsAnAlias) {
  RubyValue cycle = RubyArray{};
  cycle.array().push_back(cycle);
  EXPECT_EQ(psych_yaml(cycle), "--- &1\n- *1\n");
  cycle.array().clear();  // the shared pointer's cycle, broken
}

}  // namespace
}  // namespace marionette::rubyish
