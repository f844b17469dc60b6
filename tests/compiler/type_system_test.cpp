#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "compile_helper.hpp"
#include "compiler/compiler.hpp"
#include "compiler/semver.hpp"
#include "compiler/time_format.hpp"
#include "compiler/types.hpp"
#include "text/base64.hpp"

namespace marionette::compiler {
namespace {

using testing::error_of;
using testing::message_of;

struct TypeCase {
  const char* expression;
  const char* json;  ///< the message as catalog JSON, as real Puppet 7 prints it
};

class TypeExpressions : public ::testing::TestWithParam<TypeCase> {};

TEST_P(TypeExpressions, EvaluateAsPuppetDoes) {
  EXPECT_EQ(message_of(GetParam().expression).dump(), GetParam().json) << GetParam().expression;
}

INSTANTIATE_TEST_SUITE_P(Printing, TypeExpressions,
                         ::testing::Values(TypeCase{"Integer[1, default]", R"("Integer[1]")"},
                                           TypeCase{"Struct[{ 'a' => Optional[Integer] }]",
                                                    R"("Struct[{'a' => Optional[Integer]}]")"},
                                           TypeCase{"Enum['a', 'b']", R"("Enum['a', 'b']")"},
                                           TypeCase{"Type[File['/a']]", R"("Type[File['/a']]")"},
                                           TypeCase{"type([])", R"("Array[0, 0]")"},
                                           TypeCase{"type(true)", R"("Boolean[true]")"}));

INSTANTIATE_TEST_SUITE_P(
    Assignability, TypeExpressions,
    ::testing::Values(TypeCase{"Array[Integer] <= Array[Numeric]", "true"},
                      TypeCase{"Array[Numeric] <= Array[Integer]", "false"},
                      TypeCase{"Tuple[Integer] <= Array[Integer]", "true"},
                      TypeCase{"Struct[{ 'a' => Integer }] <= Hash[String, Integer]", "true"},
                      TypeCase{"Struct[{ 'a' => String }] <= Hash[String, Integer]", "false"},
                      TypeCase{"Integer[1] == Integer[1, default]", "true"},
                      TypeCase{"Integer[0, 5] <= Numeric[0]", "true"},
                      TypeCase{"Enum['ab'] <= String[3]", "false"}));

INSTANTIATE_TEST_SUITE_P(
    Matching, TypeExpressions,
    ::testing::Values(TypeCase{"[1, 'a', 'b'] =~ Tuple[Integer, String, 1, 3]", "true"},
                      TypeCase{"[1, 'a', 2] =~ Tuple[Integer, String, 1, 3]", "false"},
                      TypeCase{"[1] =~ Collection[2]", "false"},
                      TypeCase{"Integer =~ Type[Numeric]", "true"},
                      TypeCase{"File['/x'] =~ Resource", "false"},
                      TypeCase{"1.5 =~ Float[2.0]", "false"},
                      TypeCase{"Semver('1.2.3') =~ SemVer", "true"}));

INSTANTIATE_TEST_SUITE_P(
    Conversions, TypeExpressions,
    ::testing::Values(TypeCase{"Integer('0b101')", "5"}, TypeCase{"Integer('12', 8)", "10"},
                      TypeCase{"Optional[Integer].new('5')", "5"},
                      TypeCase{"Variant[Integer, String].new('7')", R"("7")"},
                      TypeCase{"Boolean.new(0)", "false"},
                      TypeCase{"'42'.convert_to(Integer)", "42"},
                      TypeCase{"Binary('hi', '%r')", R"("aGk=")"},
                      TypeCase{"String(Binary('aGVsbG8='), '%s')", R"("hello")"}));

INSTANTIATE_TEST_SUITE_P(
    Time, TypeExpressions,
    ::testing::Values(TypeCase{"Timestamp('2024-02-29T12:34:56.5 UTC')",
                               R"("2024-02-29T12:34:56.500000000 UTC")"},
                      TypeCase{"Timespan({ 'hours' => 1, 'minutes' => 30 })", R"("0-01:30:00.0")"},
                      TypeCase{"Timespan(90).strftime('%M:%S')", R"("01:30")"},
                      TypeCase{
                          "Timestamp('2023-07-04T05:06:07.123456789Z').strftime('%N|%3N|%L|%s')",
                          R"("123456789|123|123|1688447167")"},
                      TypeCase{"Integer(Timestamp('2024-02-29T12:34:56.5 UTC'))", "1709210096"}));

TEST(TypeAliases, PrintWithWhatTheyStandFor) {
  EXPECT_EQ(message_of("[Port, 22 =~ Port, 70000 =~ Port]", "type Port = Integer[1, 65535]").dump(),
            R"(["Port = Integer[1, 65535]",true,false])");
}

TEST(TypeAliases, MayBeRecursive) {
  EXPECT_EQ(message_of("[[1, [2, [3]]] =~ Tree, [1, ['x']] =~ Tree]",
                       "type Tree = Variant[Integer, Array[Tree]]")
                .dump(),
            "[true,false]");
}

TEST(SemVer, OrdersAndMatchesRanges) {
  auto a = parse_semver("1.2.3-rc.1");
  auto b = parse_semver("1.2.3");
  ASSERT_TRUE(a && b);
  EXPECT_LT(compare_semver(a->type(), b->type()), 0);
  EXPECT_EQ(semver_to_string(a->type()), "1.2.3-rc.1");
  EXPECT_TRUE(semver_in_range(b->type(), "~> 1.2"));
  EXPECT_TRUE(semver_in_range(b->type(), ">=1.2.0 <2.0.0"));
  EXPECT_FALSE(semver_in_range(b->type(), "1.3.x || >= 2"));
  EXPECT_FALSE(parse_semver("1.2"));
}

TEST(Base64, RoundTrips) {
  EXPECT_EQ(text::base64_encode("hello"), "aGVsbG8=");
  EXPECT_EQ(text::base64_decode("aGVsbG8=").value_or(""), "hello");
  EXPECT_FALSE(text::base64_decode("a*b"));
}

TEST(TimeFormat, FormatsAndParsesTimes) {
  EXPECT_EQ(format_timestamp(1688447167, 0, "%a %b %e %j %y %p %I %Z"),
            "Tue Jul  4 185 23 AM 05 UTC");
  EXPECT_EQ(format_timespan(93784000000000, "%D %H %M %S"), "1 02 03 04");
  auto parsed = parse_timestamp("2024-01-01", "%Y-%m-%d");
  ASSERT_TRUE(parsed);
  EXPECT_EQ(parsed->seconds, 1704067200);
  EXPECT_FALSE(parse_timestamp("2024-01-01x", "%Y-%m-%d"));
}

TEST(SensitiveValues, AreMarkedInTheCatalogBothWaysItIsWritten) {
  namespace fs = std::filesystem;
  fs::path dir = fs::temp_directory_path() / ("marionette-sensitive-" + std::to_string(getpid()));
  fs::create_directories(dir);
  std::ofstream(dir / "site.pp") << "$s = Sensitive('p4ss')\n"
                                    "file { '/tmp/secret': content => $s }\n"
                                    "notify { 'n': message => [$s] }\n";
  CompileRequest request;
  request.env_dir = dir;
  request.node_name = "web01.example.com";
  std::string fast = compile_to_json(request);
  std::string built = catalog::to_json(compile(request));
  fs::remove_all(dir);
  for (const std::string& json : {fast, built}) {
    EXPECT_NE(json.find(R"("parameters":{"content":"p4ss"},"sensitive_parameters":["content"])"),
              std::string::npos)
        << json;
    EXPECT_NE(json.find(R"("message":[{"__ptype":"Sensitive","__pvalue":"p4ss"}])"),
              std::string::npos)
        << json;
  }
}

struct MismatchCase {
  const char* type;
  const char* value;
  const char* message;  ///< as real Puppet 7 words it after "parameter 'x' "
};

class Mismatches : public ::testing::TestWithParam<MismatchCase> {};

TEST_P(Mismatches, AreWordedAsPuppetWordsThem) {
  std::string error = error_of(std::string("class c(") + GetParam().type +
                               " $x) {}\nclass { 'c': x => " + GetParam().value + " }");
  EXPECT_NE(error.find(std::string("parameter 'x' ") + GetParam().message), std::string::npos)
      << error;
}

INSTANTIATE_TEST_SUITE_P(
    Collections, Mismatches,
    ::testing::Values(MismatchCase{"Struct[{ 'a' => Integer }]", "{ 'a' => 'no' }",
                                   "entry 'a' expects an Integer value, got String"},
                      MismatchCase{"Struct[{ 'a' => Integer, 'b' => String }]", "{ 'a' => 1 }",
                                   "expects a value for key 'b'"},
                      MismatchCase{"Hash[Integer, String]", "{ 'a' => 'b' }",
                                   "key of entry 'a' expects an Integer value, got String"},
                      MismatchCase{"Array[String, 1, 2]", "['a', 'b', 'c']",
                                   "expects size to be between 1 and 2, got 3"},
                      MismatchCase{"Hash[String, Integer, 2]", "{ 'a' => 1 }",
                                   "expects size to be at least 2, got 1"},
                      MismatchCase{"Tuple[Integer, String]", "[1]", "expects size to be 2, got 1"},
                      MismatchCase{"Tuple[Integer, String]", "[1, 2]",
                                   "index 1 expects a String value, got Integer"},
                      MismatchCase{"Pattern[/^a/]", "'zz'",
                                   "expects a match for Pattern[/^a/], got 'zz'"},
                      MismatchCase{"String[3]", "'zz'", "expects a String[3] value, got String"},
                      MismatchCase{"Array[Integer]", "'a'", "expects an Array value, got String"}));

TEST(TypeErrors, AMismatchNamesTheAliasAsPuppetDoes) {
  std::string error = error_of(
      "type Port = Integer[1, 65535]\nclass svc(Port $port) {}\nclass { 'svc': port => 70000 }");
  EXPECT_NE(error.find("parameter 'port' expects a Port = Integer[1, 65535] value, got "
                       "Integer[70000, 70000]"),
            std::string::npos)
      << error;
}

TEST(TypeErrors, ABadConversionIsAnErrorAtItsLine) {
  EXPECT_NE(error_of("\n$x = Integer('abc')").find(":2:"), std::string::npos);
}

}  // namespace
}  // namespace marionette::compiler

namespace marionette::compiler {
namespace {

// The names of the data types, exactly as written (is_data_type_name) and case-blind
// (canonical_data_type_name: `integer(...)` calls Integer's new), the shortest and longest
// among them included; anything else is no data type.
TEST(DataTypeNames, ExactAndCaseBlindLookups) {
  for (const char* name : {"Any", "URI", "String", "SemVerRange", "Collection", "ScalarData",
                           "NotUndef", "CatchAll", "Timestamp"}) {
    EXPECT_TRUE(is_data_type_name(name)) << name;
    EXPECT_EQ(canonical_data_type_name(name), name);
  }
  EXPECT_EQ(canonical_data_type_name("semverrange"), "SemVerRange");
  EXPECT_EQ(canonical_data_type_name("STRING"), "String");
  EXPECT_EQ(canonical_data_type_name("uri"), "URI");
  for (const char* name : {"string", "STRING", "Strin", "Strings", "File", "Resource", "Class",
                           "SemVerRanges", "", "An", "App::Config", "Stri\xC3\xA9"}) {
    EXPECT_FALSE(is_data_type_name(name)) << name;
  }
  for (const char* name : {"Strin", "Strings", "File", "SemVerRanges", "", "An", "App::Config"})
    EXPECT_EQ(canonical_data_type_name(name), "") << name;
}

}  // namespace
}  // namespace marionette::compiler
