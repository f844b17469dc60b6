// Ruby's values as rubyish prints them: what the ERB engine, the functions' messages and the
// RAL's Ruby-written types (concat, augeas) share.
#include "rubyish/value.hpp"

#include <gtest/gtest.h>

#include <string>

#include "rubyish/data_value.hpp"

namespace marionette::rubyish {
namespace {

TEST(RubyValue, InspectEscapesAsStringInspectDoes) {
  EXPECT_EQ(inspect(RubyValue("a\"b\\c\n\t")), R"("a\"b\\c\n\t")");
  EXPECT_EQ(inspect(RubyValue(std::string("\x01\x1b\x7f", 3))), R"("\u0001\e\x7F")");
  EXPECT_EQ(inspect(RubyValue("#{x} #$y #@z #a")), R"("\#{x} \#$y \#@z #a")");
  EXPECT_EQ(inspect(RubyValue("é")), "\"é\"");
}

TEST(RubyValue, InspectOfSymbolsCollectionsAndNil) {
  EXPECT_EQ(inspect(RubySymbol{"default"}), ":default");
  EXPECT_EQ(inspect(RubySymbol{"a b"}), R"(:"a b")");
  EXPECT_EQ(inspect(RubyValue(RubyArray{1, "a", RubyValue(), 2.5, true})),
            R"([1, "a", nil, 2.5, true])");
  EXPECT_EQ(inspect(RubyValue(RubyHash{{"k", 1}, {RubySymbol{"s"}, RubyArray{}}})),
            R"({"k"=>1, :s=>[]})");
}

TEST(RubyValue, ToSOfCollectionsIsTheirInspect) {
  EXPECT_EQ(to_s(RubyValue()), "");
  EXPECT_EQ(to_s(RubyValue("text")), "text");
  EXPECT_EQ(to_s(RubyValue(RubyHash{{"a", RubyHash{{"x", 1}}}})), R"({"a"=>{"x"=>1}})");
}

TEST(RubyValue, FloatToSAsRubyWritesIt) {
  EXPECT_EQ(float_to_s(3.0), "3.0");
  EXPECT_EQ(float_to_s(0.0001), "0.0001");
  EXPECT_EQ(float_to_s(1e20), "1.0e+20");
  EXPECT_EQ(float_to_s(1.5e-7), "1.5e-07");
  EXPECT_EQ(float_to_s(-2.25), "-2.25");
}

TEST(RubyValue, ClassNamesOfDataAsJsonAndYamlGiveIt) {
  EXPECT_EQ(class_name(from_data(nullptr)), "NilClass");
  EXPECT_EQ(class_name(from_data(true)), "TrueClass");
  EXPECT_EQ(class_name(from_data(false)), "FalseClass");
  EXPECT_EQ(class_name(from_data(3)), "Integer");
  EXPECT_EQ(class_name(from_data(3.5)), "Float");
  EXPECT_EQ(class_name(from_data("x")), "String");
  EXPECT_EQ(class_name(from_data(nlohmann::ordered_json::array())), "Array");
  EXPECT_EQ(class_name(from_data(nlohmann::ordered_json::object())), "Hash");
}

}  // namespace
}  // namespace marionette::rubyish
