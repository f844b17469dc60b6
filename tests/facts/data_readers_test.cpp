#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "facts/json_facts.hpp"
#include "facts/yaml_data.hpp"
#include "lang/located_error.hpp"
#include "yaml_load_error.hpp"

/// The readers' bounds and shapes (issue 21): YAML nesting and alias expansion, mappings read
/// in linear time keeping Ruby's order, Hiera data that is not a hash, JSON read into Facts.
namespace marionette::facts {
namespace {

std::filesystem::path write_file(const std::string& text) {
  auto name = std::string(::testing::UnitTest::GetInstance()->current_test_info()->name());
  auto path = std::filesystem::path(::testing::TempDir()) / ("readers-" + name + ".yaml");
  std::ofstream(path) << text;
  return path;
}

TEST(YamlReader, ADuplicateKeyKeepsTheFirstPlaceAndTheLastValue) {
  Facts facts = load_yaml_file(write_file("a: 1\nb: 2\na: 3\n"));
  EXPECT_EQ(facts.dump(), R"({"a":3,"b":2})");
}

TEST(YamlReader, NestingPastAThousandLevelsIsAnErrorWhereItHappens) {
  std::string deep = "x: " + std::string(20000, '[') + "\n";
  std::string error = testing::load_error_of(write_file(deep));
  EXPECT_NE(error.find(":1:1003: error: nested too deeply (more than 1000 levels)"),
            std::string::npos)
      << error;
  std::string fine = "x: " + std::string(999, '[') + std::string(999, ']') + "\n";
  EXPECT_EQ(testing::load_error_of(write_file(fine)), "(no error)");
}

TEST(YamlReader, AliasesMayCopyAMillionValuesAtMost) {
  std::string yaml = "a0: &a0 [l, l, l, l, l, l, l, l, l, l]\n";
  for (int level = 1; level <= 5; ++level) {
    std::string prior = "*a" + std::to_string(level - 1);
    yaml += "a" + std::to_string(level) + ": &a" + std::to_string(level) + " [" + prior;
    for (int i = 1; i < 10; ++i) yaml += ", " + prior;
    yaml += "]\n";
  }
  // Four levels copy 123,440 values and pass; the fifth copies 1,111,110 more.
  std::string error = testing::load_error_of(write_file(yaml));
  EXPECT_NE(error.find(":6:"), std::string::npos) << error;
  EXPECT_NE(error.find("aliases expand to more than 1000000 values"), std::string::npos) << error;
  yaml.erase(yaml.rfind("a5:"));
  Facts facts = load_yaml_file(write_file(yaml));
  EXPECT_EQ(facts["a4"][9][9][9][9][9], "l");
}

TEST(YamlData, ATopLevelThatIsNotAMappingIsNoHash) {
  EXPECT_EQ(load_yaml_data(write_file("--- just a string\n")), std::nullopt);
  EXPECT_EQ(load_yaml_data(write_file("- a\n- b\n")), std::nullopt);
  EXPECT_EQ(load_yaml_data(write_file("")), Facts::object());
}

TEST(YamlData, EntriesWithComplexKeysAreLeftOut) {
  auto data = load_yaml_data(write_file("? [a, b]\n: v\nx: 1\n? {k: v}\n: w\ny: 2\n"));
  ASSERT_TRUE(data);
  EXPECT_EQ(data->dump(), R"({"x":1,"y":2})");
  EXPECT_NE(testing::load_error_of(write_file("? [a, b]\n: v\n")).find("a key must be a string"),
            std::string::npos);
}

TEST(JsonFacts, KeepsOrderAndTypesAsFactsParseDoes) {
  const std::string text =
      R"({"b": [1, 2.5, "x", null, true, {"z": 1, "a": 2}], "a": {}, "b2": -3, "b": 7})";
  Facts parsed = parse_json_facts(text);
  EXPECT_EQ(parsed.dump(), R"({"b":7,"a":{},"b2":-3})");
  EXPECT_EQ(parse_json_facts(R"({"l": [1, {"z": 1, "a": 2}]})"),
            Facts::parse(R"({"l": [1, {"z": 1, "a": 2}]})"));
  EXPECT_EQ(parse_json_facts("[]"), Facts::array());
  EXPECT_THROW(parse_json_facts("{\"a\": "), std::runtime_error);
  EXPECT_THROW(parse_json_facts("1" + std::string(400, '0') + "e999999"), std::runtime_error);
  EXPECT_THROW(parse_json_facts(std::string(101, '[') + std::string(101, ']')), std::runtime_error);
}

TEST(JsonFacts, SetAllKeepsPlacesAndRenames) {
  Facts into = Facts::parse(R"({"b": 1, "a": 2})");
  set_all(into, Facts::parse(R"({"A": 3, "C": 4})"), [](std::string name) {
    for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return name;
  });
  EXPECT_EQ(into.dump(), R"({"b":1,"a":3,"c":4})");
}

}  // namespace
}  // namespace marionette::facts
