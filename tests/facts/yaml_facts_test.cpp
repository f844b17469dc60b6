#include <gtest/gtest.h>

#include <fstream>

#include "facts/facts.hpp"
#include "lang/located_error.hpp"
#include "yaml_load_error.hpp"

namespace marionette::facts {
namespace {

const std::filesystem::path kFixture = MARIONETTE_FACTS_FIXTURE;

/// Writes `text` to a file named after the running test and returns its path.
std::filesystem::path write_yaml(const std::string& text) {
  auto name = std::string(::testing::UnitTest::GetInstance()->current_test_info()->name());
  auto path = std::filesystem::path(::testing::TempDir()) / ("facts-" + name + ".yaml");
  std::ofstream(path) << text;
  return path;
}

TEST(LoadYamlFile, KeepsTheFixturesTypes) {
  Facts facts = load_yaml_file(kFixture);
  EXPECT_EQ(facts["kernelmajversion"], "6.1");  // quoted: stays a string
  EXPECT_EQ(facts["os"]["release"]["full"], "12.8");
  EXPECT_EQ(facts["processors"]["count"], 4);
  EXPECT_TRUE(facts["processors"]["count"].is_number_integer());
  EXPECT_EQ(facts["memory"]["system"]["total_bytes"], 8342278144);
  EXPECT_TRUE(facts["memorysize_mb"].is_number_float());
  EXPECT_DOUBLE_EQ(facts["memorysize_mb"].get<double>(), 7955.77);
  EXPECT_EQ(facts["identity"]["privileged"], true);
  EXPECT_EQ(facts["os"]["selinux"]["enabled"], false);
  EXPECT_EQ(facts["networking"]["mtu"], 1500);
  EXPECT_EQ(facts["networking"]["ip"], "10.0.0.21");
  EXPECT_EQ(facts["facterversion"], "4.3.0");
  ASSERT_TRUE(facts["processors"]["models"].is_array());
  EXPECT_EQ(facts["processors"]["models"].size(), 4u);
  EXPECT_EQ(facts["system_uptime"]["uptime"], "12 days");
}

TEST(LoadYamlFile, KeepsKeyOrder) {
  Facts facts = load_yaml_file(kFixture);
  std::vector<std::string> first_keys, os_keys;
  for (const auto& [key, _] : facts.items()) first_keys.push_back(key);
  for (const auto& [key, _] : facts["os"].items()) os_keys.push_back(key);
  first_keys.resize(4);
  EXPECT_EQ(first_keys, (std::vector<std::string>{"architecture", "hardwaremodel", "kernel",
                                                  "kernelmajversion"}));
  EXPECT_EQ(os_keys, (std::vector<std::string>{"architecture", "family", "hardware", "name",
                                               "release", "distro", "selinux"}));
  EXPECT_EQ(facts.items().begin().key(), "architecture");
  EXPECT_EQ((--facts.end()).key(), "puppetversion");
}

TEST(LoadYamlFile, ResolvesPlainScalarsAsRubysPsychDoes) {
  Facts facts = load_yaml_file(write_yaml(R"(int: 12
negative: -3
hex: 0x1F
octal: 0o17
big: 18446744073709551615
float: 1.5
exponent: 1e3
quoted_float: "12.8"
single_quoted: '7'
tagged: !!str 5
tilde: ~
null_word: null
empty:
yes_word: yes
true_word: true
false_word: False
text: hello world
version: 4.3.0
list: [1, "2", three]
)"));
  // YAML 1.1 as Psych reads it: `0o17` and `1e3` are strings, `yes` is true.
  const Facts expected = Facts::parse(R"({"int": 12, "negative": -3, "hex": 31, "octal": "0o17",
    "big": 18446744073709551615, "float": 1.5, "exponent": "1e3", "quoted_float": "12.8",
    "single_quoted": "7", "tagged": "5", "tilde": null, "null_word": null, "empty": null,
    "yes_word": true, "true_word": true, "false_word": false, "text": "hello world",
    "version": "4.3.0", "list": [1, "2", "three"]})");
  EXPECT_EQ(facts, expected);
  EXPECT_TRUE(facts["big"].is_number_unsigned());
}

TEST(LoadYamlFile, DatesAreTextOrRefusedAsPuppetsHieraRefusesThem) {
  auto file = write_yaml("name: x\nwhen: 2024-01-31\nat: 2001-12-14 21:59:43.10 -5\n");
  Facts kept = load_yaml_file(file);
  EXPECT_EQ(kept["when"], "2024-01-31");
  EXPECT_EQ(kept["at"], "2001-12-14 21:59:43.10 -5");
  try {
    load_yaml_file(file, RubyDates::Refused);
    FAIL() << "a date in Hiera data is an error in Puppet";
  } catch (const std::runtime_error& e) {
    EXPECT_EQ(lang::describe_line(e),
              file.string() + ":2:7: error: Tried to load unspecified class: Date");
  }
}

TEST(LoadYamlFile, AnErrorIsLocatedAndRendersWithItsLineAndACaret) {
  auto file = write_yaml("os:\n  family: Debian\n   name: x\n");
  try {
    load_yaml_file(file);
    FAIL() << "a mapping value where none may be";
  } catch (const lang::SourceError& e) {
    EXPECT_EQ(e.message(), "mapping values are not allowed in this context");
    EXPECT_EQ(lang::render(e), file.string() +
                                   ":3:8: error: mapping values are not allowed in this context\n"
                                   "   name: x\n"
                                   "       ^\n");
  }
}

TEST(LoadYamlFile, AnEmptyFileHasNoFacts) {
  EXPECT_EQ(load_yaml_file(write_yaml("")), Facts::object());
}

TEST(LoadYamlFile, ErrorsNameTheFileAndLine) {
  auto bad_indent = write_yaml("a: 1\n  b: 2\n");
  // libyaml's messages, as Ruby's Psych (Puppet's YAML) words them.
  EXPECT_EQ(testing::load_error_of(bad_indent),
            bad_indent.string() + ":2:4: error: mapping values are not allowed in this context");
  // Placed where Psych places it (`at line 2 column 4`): where the flow sequence began.
  auto unclosed = write_yaml("a: 1\nb: [1, 2\nc: 3\n");
  EXPECT_EQ(testing::load_error_of(unclosed),
            unclosed.string() +
                ":2:4: error: did not find expected ',' or ']' while parsing "
                "a flow sequence");
  auto sequence = write_yaml("- a\n- b\n");
  EXPECT_EQ(testing::load_error_of(sequence),
            sequence.string() + ":1:1: error: expected a mapping of fact names to values");
  EXPECT_EQ(testing::load_error_of("/no/such/facts.yaml"),
            "/no/such/facts.yaml: error: cannot read the file");
}

TEST(LoadYamlFile, AnchorsAliasesAndBlockScalars) {
  Facts facts = load_yaml_file(write_yaml(R"(base: &servers [ntp1, ntp2]
copy: *servers
settings: &common {port: 123}
again: *common
literal: |
  line one
  line two
folded: >-
  12
plain_block: ! 12
---
second: document
)"));
  const Facts expected = Facts::parse(R"({"base": ["ntp1", "ntp2"], "copy": ["ntp1", "ntp2"],
    "settings": {"port": 123}, "again": {"port": 123}, "literal": "line one\nline two\n",
    "folded": "12", "plain_block": "12"})");
  EXPECT_EQ(facts, expected);
}

TEST(LoadYamlFile, AnUnknownAliasOrAComplexKeyIsAnError) {
  auto alias = write_yaml("a: *nowhere\n");
  EXPECT_EQ(testing::load_error_of(alias), alias.string() + ":1:4: error: unknown anchor");
  auto key = write_yaml("? [1, 2]\n: value\n");
  EXPECT_EQ(testing::load_error_of(key), key.string() + ":1:3: error: a key must be a string");
}

}  // namespace
}  // namespace marionette::facts
