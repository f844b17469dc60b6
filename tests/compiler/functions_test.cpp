#include <gtest/gtest.h>

#include "compile_helper.hpp"
#include "compiler/hiera/merge.hpp"

namespace marionette::testing {
namespace {

using compiler::Array;
using compiler::Hash;
using compiler::Value;
using compiler::hiera::MergeStrategy;

TEST(Functions, LoggingNamesTheScopeAsPuppetDoes) {
  // Checked against Puppet 7.23: the class, node or defined type instance, and no location.
  ::testing::internal::CaptureStderr();
  compile_text(R"(warning('top')
class foo { [1].each |$x| { warning("lambda ${x}") } }
define my::thing { notice("define ${title}") }
include foo
node default { warning('node') my::thing { 'T1': } }
)");
  EXPECT_EQ(::testing::internal::GetCapturedStderr(),
            "Warning: Scope(Class[main]): top\n"
            "Warning: Scope(Class[Foo]): lambda 1\n"
            "Warning: Scope(Node[default]): node\n"
            "Notice: Scope(My::Thing[T1]): define T1\n");
}

TEST(Functions, VersioncmpFollowsPuppetSegments) {
  EXPECT_EQ(message_of("[versioncmp('1.10', '1.9'), versioncmp('1.0', '1.0'), "
                       "versioncmp('1.0-rc1', '1.0.1'), versioncmp('2.a', '2.B')]"),
            catalog::Data::parse("[1, 0, -1, -1]"));
}

TEST(Functions, SprintfUsesRubyDirectives) {
  EXPECT_EQ(message_of("sprintf('%-5s|%+d|%b|%o|%.1e|%%', 'ab', 3, 5, 8, 12345.0)"),
            "ab   |+3|101|10|1.2e+04|%");
}

TEST(Functions, SprintfFoldsNegativeRadixAndReadsNamedArguments) {
  // Ruby (and so Puppet): -255 in hex is ..f01 unless a sign is asked for.
  EXPECT_EQ(message_of("sprintf('%x|%+x|%#b|%.5o', -255, -255, -5, -8)"),
            "..f01|-ff|0b..1011|..770");
  EXPECT_EQ(message_of("sprintf('%{a}|%5{a}|%<b>03d', { 'a' => 'x', 'b' => 2 })"), "x|    x|002");
  EXPECT_EQ(message_of("sprintf('%2$s %1$s', 'a', 'b')"), "b a");
  EXPECT_EQ(message_of("sprintf('%*d|%-*d|', 4, 1, 3, 2)"), "   1|2  |");
  EXPECT_EQ(message_of("sprintf('%s|%p', [1, 'a', undef], 'q')"), R"([1, "a", nil]|"q")");
}

struct SprintfError {
  const char* call;
  const char* message;
};

class SprintfErrors : public ::testing::TestWithParam<SprintfError> {};

TEST_P(SprintfErrors, AreRubysMessages) {
  std::string rendered =
      error_of(std::string("notify { 'r': message => ") + GetParam().call + " }");
  // Ruby's own words, without a function-name prefix (Puppet shows its ArgumentError as it is).
  EXPECT_NE(rendered.find(std::string("error: ") + GetParam().message), std::string::npos)
      << rendered;
}

INSTANTIATE_TEST_SUITE_P(
    Ruby, SprintfErrors,
    ::testing::Values(SprintfError{"sprintf('%s %d', 'a')", "too few arguments"},
                      SprintfError{"sprintf('%z', 1)", "malformed format string - %z"},
                      SprintfError{"sprintf('50%')", "incomplete format specifier"},
                      SprintfError{"sprintf('%d', 'abc')", "invalid value for Integer(): \"abc\""},
                      SprintfError{"sprintf('%<a>s', { 'b' => 1 })", "key<a> not found"},
                      SprintfError{"sprintf('%<a>s', 1)", "one hash required"},
                      SprintfError{"sprintf('%s %<a>s', 1)", "named<a> after unnumbered(1)"},
                      SprintfError{"sprintf('%c', 'ab')", "%c requires a character"}));

TEST(Functions, FqdnRandIsRubysMersenneTwisterSeededFromTheFqdn) {
  // Puppet 7 gives [52, 42] for web01.example.com (shared conformance functions_builtin, held in
  // tests/golden); this helper's facts have no networking.fqdn, so Puppet seeds with ":100:".
  EXPECT_EQ(message_of("[fqdn_rand(100), fqdn_rand(100, 'seed')]"),
            catalog::Data::parse("[79, 49]"));
}

TEST(Functions, RegsubstExpandsGroupsAndHonoursGlobalFlag) {
  EXPECT_EQ(message_of("[regsubst('aaa', 'a', 'b'), regsubst('aaa', 'a', 'b', 'G'), "
                       "regsubst('k=v', '^(\\w+)=(\\w+)$', '\\2=\\1')]"),
            catalog::Data::parse(R"(["baa", "bbb", "v=k"])"));
}

TEST(Functions, TypeAssignabilityOrdersTypes) {
  EXPECT_EQ(message_of("[Integer[1, 3] <= Integer, Integer < Integer, Integer <= Numeric, "
                       "String <= Integer, Integer[0, 10] >= Integer[2, 3]]"),
            catalog::Data::parse("[true, false, true, false, true]"));
}

TEST(HieraMerge, HashKeepsLowerPriorityKeyOrderAndHigherValues) {
  Value high = Hash{{Value("a"), Value(1)}, {Value("c"), Value(3)}};
  Value low = Hash{{Value("b"), Value(2)}, {Value("a"), Value(0)}};
  Value merged = compiler::hiera::merge_values(MergeStrategy::Hash, {high, low});
  EXPECT_EQ(compiler::to_string(merged), "{b => 2, a => 1, c => 3}");
}

TEST(HieraMerge, DeepMergesNestedHashesAndUniqueFlattens) {
  Value high = Hash{{Value("x"), Value(Hash{{Value("d"), Value(true)}})}};
  Value low = Hash{{Value("x"), Value(Hash{{Value("c"), Value(true)}})}};
  EXPECT_EQ(compiler::to_string(compiler::hiera::merge_values(MergeStrategy::Deep, {high, low})),
            "{x => {c => true, d => true}}");
  Value unique = compiler::hiera::merge_values(
      MergeStrategy::Unique, {Value(Array{Value("a"), Value("b")}), Value("a"), Value("c")});
  EXPECT_EQ(compiler::to_string(unique), "[a, b, c]");
  EXPECT_EQ(compiler::to_string(
                compiler::hiera::merge_values(MergeStrategy::First, {Value("one"), Value("two")})),
            "one");
}

}  // namespace
}  // namespace marionette::testing
