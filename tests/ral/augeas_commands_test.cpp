// The augeas type's command language, each expectation what augeas_core's parse_commands and
// parse_to_array (Puppet 7.23, Ruby 3.1) returned for the same input.

#include "ral/augeas_commands.hpp"

#include <gtest/gtest.h>

namespace marionette::ral::augeas {
namespace {

using Commands = std::vector<Command>;

std::string error_of(const std::vector<std::string>& lines, const std::string& context = "") {
  try {
    parse_commands(lines, context);
  } catch (const CommandError& error) {
    return error.what();
  }
  return "(no error)";
}

TEST(AugeasCommands, RelativePathsTakeTheContextAndQuotesAreTakenOff) {
  EXPECT_EQ(parse_commands({"set 1/canonical 'a b'", "  rm  \"quoted path\"/x/", "ins 01 before 1"},
                           "/files/etc/hosts"),
            (Commands{{"set", "/files/etc/hosts/1/canonical", "a b"},
                      {"rm", "/files/etc/hosts/quoted path\"/x"},
                      {"ins", "01", "before", "/files/etc/hosts/1"}}));
}

TEST(AugeasCommands, BlanksInsideBracketsAndQuotesStayInThePath) {
  EXPECT_EQ(parse_commands({"set /a/b[. = 'x y'] \"v \\\" q\"", "setm /x sub 'it\\'s'",
                            "match *[a='b c'] size >= 3"},
                           ""),
            (Commands{{"set", "/a/b[. = 'x y']", "v \" q"},
                      {"setm", "/x", "sub", "it's"},
                      {"match", "*[a='b c']", "size >= 3"}}));
}

TEST(AugeasCommands, VariablesAreNotPrefixedAndGlobsTakeTheRest) {
  EXPECT_EQ(parse_commands(
                {"set $var/x y", "clear a/", "get x =~ ^a.*", "values x == ['a', \"b\"]"}, "ctx"),
            (Commands{{"set", "$var/x", "y"},
                      {"clear", "ctx/a"},
                      {"get", "ctx/x", "=~", "^a.*"},
                      {"values", "ctx/x", "== ['a', \"b\"]"}}));
}

TEST(AugeasCommands, OddInputsParseAsTheProviderParsesThem) {
  EXPECT_EQ(parse_commands({"size > x"}, ""), (Commands{{"size", ">", "0"}}));
  EXPECT_EQ(parse_commands({"  "}, ""), Commands{});
  EXPECT_EQ(parse_commands({"set a 'unterminated"}, ""), (Commands{{"set", "a", "unterminated"}}));
  EXPECT_EQ(parse_commands({"set a b\\ c"}, ""), (Commands{{"set", "a", "b\\"}}));
  EXPECT_EQ(parse_commands({"rm"}, ""), (Commands{{"rm", ""}}));
}

TEST(AugeasCommands, ErrorsAreWordedAsTheProvidersAre) {
  EXPECT_EQ(error_of({"set a"}), "missing string argument 2 for set");
  EXPECT_EQ(error_of({"set a]"}), "unmatched [");
  EXPECT_EQ(error_of({"size 10"}), "invalid comparator for command size");
  EXPECT_EQ(error_of({"foo bar"}), "Unknown command foo");
  EXPECT_EQ(error_of({"= x"}), "Unknown command ");
}

TEST(AugeasCommands, ArraysOfQuotedStrings) {
  EXPECT_EQ(parse_string_array("['a', \"b\\n\" ,'c\\'d']"),
            (std::vector<std::string>{"a", "b\n", "c'd"}));
  EXPECT_EQ(parse_string_array(" [ ] "), std::vector<std::string>{});
  EXPECT_THROW(parse_string_array("['a' 'b']"), CommandError);
  EXPECT_EQ(parse_string_array("['a',]"), std::vector<std::string>{"a"});
}

TEST(AugeasCommands, InspectIsRubys) {
  EXPECT_EQ(inspect({"01", "before", "/files/a \"b\""}),
            "[\"01\", \"before\", \"/files/a \\\"b\\\"\"]");
}

}  // namespace
}  // namespace marionette::ral::augeas
