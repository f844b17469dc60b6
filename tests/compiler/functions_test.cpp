#include <gtest/gtest.h>

#include "compile_helper.hpp"
#include "compiler/hiera/merge.hpp"

namespace marionette::testing {
namespace {

using compiler::Array;
using compiler::Hash;
using compiler::Value;
using compiler::hiera::MergeStrategy;

TEST(Functions, VersioncmpFollowsPuppetSegments) {
  EXPECT_EQ(message_of("[versioncmp('1.10', '1.9'), versioncmp('1.0', '1.0'), "
                       "versioncmp('1.0-rc1', '1.0.1'), versioncmp('2.a', '2.B')]"),
            catalog::Data::parse("[1, 0, -1, -1]"));
}

TEST(Functions, SprintfUsesRubyDirectives) {
  EXPECT_EQ(message_of("sprintf('%-5s|%+d|%b|%o|%.1e|%%', 'ab', 3, 5, 8, 12345.0)"),
            "ab   |+3|101|10|1.2e+04|%");
}

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
