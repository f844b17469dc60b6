#include <gtest/gtest.h>

#include "compile_helper.hpp"
#include "compiler/value.hpp"
#include "compiler/value_data.hpp"

namespace marionette::compiler {
namespace {

using testing::message_of;

TEST(ValuePrinting, AsInterpolationPrintsThem) {
  EXPECT_EQ(to_string(Value(Array{1, "a", Array{2, 3}})), "[1, a, [2, 3]]");
  // Puppet 7: undef inside a collection interpolates as nothing.
  EXPECT_EQ(to_string(Value(Hash{{"k", "v"}, {"n", Value()}})), "{k => v, n => }");
  EXPECT_EQ(to_string(Value(Array{Value(), Default{}, 1})), "[, default, 1]");
  EXPECT_EQ(to_string(Value(3.0)), "3.0");
  EXPECT_EQ(to_string(Value(2.5)), "2.5");
  EXPECT_EQ(to_string(Value()), "");
  EXPECT_EQ(to_string(Value(true)), "true");
  EXPECT_EQ(to_string(Value(TypeValue{"File", {Value("/etc/motd")}})), "File['/etc/motd']");
  EXPECT_EQ(to_string(Value(TypeValue{"Class", {Value("Foo::Bar")}})), "Class[foo::bar]");
  EXPECT_EQ(to_string(Value(TypeValue{"Integer", {Value(1), Value(10)}})), "Integer[1, 10]");
}

TEST(ValuePrinting, FloatsAsRubyPrintsThem) {
  EXPECT_EQ(format_float(1e20), "1.0e+20");
  EXPECT_EQ(format_float(1e15), "1.0e+15");
  EXPECT_EQ(format_float(1e14), "100000000000000.0");
  EXPECT_EQ(format_float(0.0001), "0.0001");
  EXPECT_EQ(format_float(0.00001), "1.0e-05");
  EXPECT_EQ(format_float(-0.0), "-0.0");
  EXPECT_EQ(format_float(123456789.123), "123456789.123");
}

TEST(ValuePrinting, QuotesAsPuppetDoes) {
  EXPECT_EQ(puppet_quote("it's"), R"('it\'s')");
  EXPECT_EQ(puppet_quote(R"(a\b)"), R"('a\b')");
  EXPECT_EQ(puppet_quote("x\ny$"), R"("x\ny\$")");
}

TEST(ValueData, ReferencesBecomeStrings) {
  catalog::Data data = to_data(Value(Array{TypeValue{"Exec", {Value("a")}}, 1, 2.5, true}));
  EXPECT_EQ(data.dump(), R"(["Exec[a]",1,2.5,true])");
}

struct ExpressionCase {
  const char* expression;
  const char* json;  ///< the message as catalog JSON
};

class Expressions : public ::testing::TestWithParam<ExpressionCase> {};

TEST_P(Expressions, Evaluate) {
  EXPECT_EQ(message_of(GetParam().expression).dump(), GetParam().json) << GetParam().expression;
}

INSTANTIATE_TEST_SUITE_P(
    Arithmetic, Expressions,
    ::testing::Values(ExpressionCase{"1 + 2 * 3", "7"}, ExpressionCase{"20 / 3", "6"},
                      ExpressionCase{"-7 / 2", "-4"}, ExpressionCase{"-7 % 3", "2"},
                      ExpressionCase{"7 % -3", "-2"}, ExpressionCase{"10.0 / 4", "2.5"},
                      ExpressionCase{"1.5 + 1", "2.5"}, ExpressionCase{"2 << 3", "16"},
                      ExpressionCase{"0x10 + 010", "24"}, ExpressionCase{"'1' + 1", "2"},
                      ExpressionCase{"[1, 2] + [3]", "[1,2,3]"},
                      ExpressionCase{"[1, 2, 3, 2] - [2]", "[1,3]"},
                      ExpressionCase{"[1, 2] << 3", "[1,2,3]"},
                      ExpressionCase{"{ 'a' => 1 } + { 'b' => 2, 'a' => 3 }", R"({"a":3,"b":2})"},
                      ExpressionCase{"{ 'a' => 1, 'b' => 2 } - ['a']", R"({"b":2})"}));

INSTANTIATE_TEST_SUITE_P(Comparison, Expressions,
                         ::testing::Values(ExpressionCase{"'Hello' == 'hello'", "true"},
                                           ExpressionCase{"'b' > 'A'", "true"},
                                           ExpressionCase{"7 == 7.0", "true"},
                                           ExpressionCase{"[1, 'A'] == [1, 'a']", "true"},
                                           ExpressionCase{"'ELL' in 'hello'", "true"},
                                           ExpressionCase{"'k' in { 'k' => 1 }", "true"},
                                           ExpressionCase{"3 in [1, 2]", "false"},
                                           ExpressionCase{"!undef", "true"},
                                           ExpressionCase{"5 =~ Integer[1, 4]", "false"},
                                           ExpressionCase{"'abc' =~ /^a(b)/", "true"}));

INSTANTIATE_TEST_SUITE_P(Access, Expressions,
                         ::testing::Values(ExpressionCase{"[1, 2, 3][-1]", "3"},
                                           ExpressionCase{"[1, 2, 3, 4][1, 2]", "[2,3]"},
                                           ExpressionCase{"'abcdef'[-2, 2]", R"("ef")"},
                                           ExpressionCase{"{ 'a' => { 'b' => 1 } }['a']['b']", "1"},
                                           ExpressionCase{"{ 'a' => 1 }['missing']", "null"}));

INSTANTIATE_TEST_SUITE_P(
    Interpolation, Expressions,
    ::testing::Values(ExpressionCase{R"("${1 + 2} ${[1, [2]]} ${{ 'k' => 'v' }}")",
                                     R"("3 [1, [2]] {k => v}")"},
                      ExpressionCase{R"("${facts['os']['family']} ${::osfamily} $hostname.")",
                                     R"("Debian Debian web01.")"},
                      ExpressionCase{R"("${trusted['certname']}")", R"("web01.example.com")"},
                      ExpressionCase{R"("[${undef}] ${10.0 / 4}")", R"("[] 2.5")"},
                      ExpressionCase{R"('$x \n')", R"("$x \\n")"}));

}  // namespace
}  // namespace marionette::compiler
