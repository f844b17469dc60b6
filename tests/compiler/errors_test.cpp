#include <gtest/gtest.h>

#include "compile_helper.hpp"

namespace marionette::compiler {
namespace {

struct ErrorCase {
  const char* manifest;
  const char* first_line;  ///< the first line of the rendered error, after the directory
};

class Errors : public ::testing::TestWithParam<ErrorCase> {};

TEST_P(Errors, AreReportedLikePuppet) {
  std::string rendered = testing::error_of(GetParam().manifest);
  std::string first =
      rendered.substr(rendered.find(".pp:") + 4, rendered.find('\n') - rendered.find(".pp:") - 4);
  EXPECT_EQ(first, GetParam().first_line) << rendered;
}

INSTANTIATE_TEST_SUITE_P(
    TypeChecks, Errors,
    ::testing::Values(
        ErrorCase{"class c (Integer $count = 1) {}\nclass { 'c': count => 'three' }",
                  "2:1: error: Class[C]: parameter 'count' expects an Integer value, got String"},
        ErrorCase{"class c (Optional[String] $s = undef) {}\nclass { 'c': s => 1 }",
                  "2:1: error: Class[C]: parameter 's' expects a value of type Undef or String, "
                  "got Integer"},
        ErrorCase{
            "class c (Array[String] $a) {}\nclass { 'c': a => ['x', 2] }",
            "2:1: error: Class[C]: parameter 'a' index 1 expects a String value, got Integer"},
        ErrorCase{"class c (Integer[1, 10] $n) {}\nclass { 'c': n => 20 }",
                  "2:1: error: Class[C]: parameter 'n' expects an Integer[1, 10] value, got "
                  "Integer[20, 20]"},
        ErrorCase{"class needs (String $value) {}\ninclude needs",
                  "2:1: error: Class[Needs]: expects a value for parameter 'value'"},
        ErrorCase{"define d ($a = 1) {}\nd { 'x': b => 2 }",
                  "2:1: error: D[x]: has no parameter named 'b'"},
        ErrorCase{"$v = assert_type(Integer, 'nope')",
                  "1:6: error: assert_type(): expects an Integer value, got String"}));

INSTANTIATE_TEST_SUITE_P(
    Evaluation, Errors,
    ::testing::Values(
        ErrorCase{"$x = 1\n$x = 2", "2:4: error: Cannot reassign variable '$x'"},
        ErrorCase{"$os = 'mine'", "1:5: error: Cannot reassign variable '$os'"},
        ErrorCase{"$x = no_such_function(1)", "1:6: error: Unknown function: 'no_such_function'."},
        ErrorCase{"include nosuchclass",
                  "1:1: error: Could not find class ::nosuchclass for web01.example.com"},
        ErrorCase{"nosuchtype { 'x': }", "1:1: error: Unknown resource type: 'nosuchtype'"},
        ErrorCase{"file { '/x': nosuch => 1 }",
                  "1:1: error: no parameter named 'nosuch' on File[/x]"},
        ErrorCase{"fail(\"no ${os['family']}\")", "1:1: error: no Debian"},
        // Puppet 7.23 points at the divisor, and at the left operand of an infinite result.
        ErrorCase{"$x = 1 / 0", "1:10: error: Division by 0"},
        ErrorCase{"$x = 7 % 0", "1:10: error: Division by 0"},
        ErrorCase{"$x = 1.0 / 0", "1:6: error: The result of the / expression is Infinity"},
        ErrorCase{"$x = 9223372036854775807 + 1",
                  "1:26: error: A '+' expression resulted in a value outside of Puppet Integer "
                  "max range, got '+0x8000000000000000'"},
        ErrorCase{"$x = -9223372036854775807 - 2",
                  "1:27: error: A '-' expression resulted in a value outside of Puppet Integer "
                  "min range, got '-0x8000000000000001'"},
        ErrorCase{"$x = 3 << 62",
                  "1:8: error: A '<<' expression resulted in a value outside of Puppet Integer "
                  "max range, got '+0xc000000000000000'"},
        // Puppet 7.23 points at the operand at fault, not at the operator.
        ErrorCase{"$x = 'a' + 1", "1:6: error: The value 'a' cannot be converted to Numeric."},
        ErrorCase{"$x = 2 * [10]", "1:10: error: The value '[10]' cannot be converted to Numeric."},
        ErrorCase{"$x = 2**10", "1:8: error: The value '[10]' cannot be converted to Numeric."},
        ErrorCase{"$x = 2 - {a => 1}",
                  "1:10: error: The value '{\"a\"=>1}' cannot be converted to Numeric."},
        ErrorCase{"$x = 2 * undef", "1:10: error: The value '' cannot be converted to Numeric."},
        ErrorCase{"$x = '08' + 0", "1:6: error: The value '08' cannot be converted to Numeric."},
        ErrorCase{"$x = 7.0 % 2", "1:6: error: Operator '%' is not applicable to a Float."},
        ErrorCase{"$x = 5 % 2.0",
                  "1:6: error: Operator '%' is not applicable to an Integer when right side is a "
                  "Float."}));

TEST(Errors, DuplicateNamesBothPlaces) {
  std::string rendered = testing::error_of("file { '/d': }\nfile { '/d': }");
  EXPECT_NE(rendered.find(".pp:2:1: error: Duplicate declaration: File[/d] is already declared at "
                          "(file: "),
            std::string::npos)
      << rendered;
  // Puppet's words: `at (file: F, line: 1); cannot redeclare (file: F, line: 2)`.
  EXPECT_NE(rendered.find(".pp, line: 1); cannot redeclare (file: "), std::string::npos)
      << rendered;
  EXPECT_NE(rendered.find(".pp, line: 2)\nfile { '/d': }\n^~~~\n"), std::string::npos) << rendered;
}

TEST(Errors, MissingRelationshipTarget) {
  std::string rendered = testing::error_of("file { '/a': }\nFile['/a'] -> File['/missing']");
  EXPECT_NE(
      rendered.find(
          "2:12: error: Could not find resource 'File[/missing]' for relationship from 'File[/a]'"),
      std::string::npos)
      << rendered;
}

}  // namespace
}  // namespace marionette::compiler
