#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "catalog_compare.hpp"
#include "compiler/compiler.hpp"
#include "compiler/ruby_module.hpp"
#include "golden_case.hpp"
#include "puppet_error.hpp"

namespace marionette {
namespace {

namespace fs = std::filesystem;

const fs::path kGoldenDir = MARIONETTE_GOLDEN_DIR;

class GoldenTest : public ::testing::TestWithParam<std::string> {};

const facts::Facts& golden_facts() {
  static const facts::Facts facts = facts::load_yaml_file(kGoldenDir / "facts.yaml");
  return facts;
}

// No base module path: a case sees only its own modules.
TEST_P(GoldenTest, CompilesAsPuppet7Does) {
  std::vector<std::string> diffs = testing::golden_differences(
      kGoldenDir / "cases" / GetParam(), golden_facts(), "", PuppetCompat::puppet7);
  EXPECT_TRUE(diffs.empty()) << testing::join_lines(diffs);
}

TEST_P(GoldenTest, CompilesAsOpenVox8Does) {
  const fs::path dir = kGoldenDir / "cases" / GetParam();
  if (!testing::checked_under_openvox8(dir))
    GTEST_SKIP() << "OpenVox 8 has not been run on it yet: tests/golden/puppet-expected --openvox8 "
                 << dir;
  std::vector<std::string> diffs =
      testing::golden_differences(dir, golden_facts(), "", PuppetCompat::puppet8);
  // A case still pending must still differ: the list only shrinks.
  if (const std::string why = testing::pending_under_openvox8(dir); !why.empty()) {
    EXPECT_FALSE(diffs.empty()) << "listed in openvox8-pending, but it gives OpenVox 8's result "
                                   "now: remove it from the list";
    if (!diffs.empty()) GTEST_SKIP() << "openvox8-pending: " << why;
  }
  EXPECT_TRUE(diffs.empty()) << testing::join_lines(diffs);
}

INSTANTIATE_TEST_SUITE_P(Cases, GoldenTest,
                         ::testing::ValuesIn(testing::golden_case_names(kGoldenDir / "cases")),
                         [](const auto& info) { return info.param; });

// Issue 39: these cases' module functions (`*args` and optional parameters with Puppet's default
// dispatch, optional_param and repeated_param, IPAddr with rescue, url_encode) run in the Ruby
// subset: each gives Puppet's catalog or error with the embedded Ruby absent.
// Issue 37: so do the 3.x functions (newfunction) of the ruby_function3_native* cases, written in
// the shapes of the perf-control roles' six (postgresql's, staging's scope_defaults, apache's):
// a module wrapper or Puppet::Parser::Functions::newfunction, heredoc docs, :arity, `return`,
// lookupdefaults, arguments as Puppet converts them for 3.x, Puppet's count and raise errors.
TEST(GoldenNativeRuby, RubyFunctionCasesNeedNoEmbeddedRuby) {
  setenv("MARIONETTE_RUBY_MODULE", "/nonexistent/marionette-ruby.so", 1);
  std::string why_not;
  if (compiler::ruby_module(why_not))
    GTEST_SKIP() << "the embedded Ruby was loaded earlier in this process: run this test alone";
  for (const char* name : {"ruby_function_native_rest", "ruby_function_native_rest_count",
                           "ruby_function_native_optional", "ruby_function_native_optional_count",
                           "ruby_function_native_optional_type", "ruby_function3_native",
                           "ruby_function3_native_arity", "ruby_function3_native_arity_minimum",
                           "ruby_function3_native_raise"}) {
    std::vector<std::string> diffs = testing::golden_differences(
        kGoldenDir / "cases" / name, golden_facts(), "", PuppetCompat::puppet7);
    EXPECT_TRUE(diffs.empty()) << name << ":\n" << testing::join_lines(diffs);
  }
}

// The environment the README runs is held against the catalog real Puppet 7 compiled for it
// (shared/tools/puppet-catalog examples/production -f examples/facts.yaml).
TEST(ExampleEnvironment, CompilesAsPuppetDoes) {
  const fs::path examples = MARIONETTE_EXAMPLES_DIR;
  compiler::CompileRequest request;
  request.env_dir = examples / "production";
  request.facts = facts::load_yaml_file(examples / "facts.yaml");
  request.node_name = "web01.example.com";
  nlohmann::json actual = nlohmann::json::parse(catalog::to_json(compiler::compile(request)));
  nlohmann::json expected =
      nlohmann::json::parse(testing::read_text(examples / "production.puppet7.json"));
  std::vector<std::string> diffs = testing::compare_catalogs(expected, actual);
  EXPECT_TRUE(diffs.empty()) << testing::join_lines(diffs);
  EXPECT_EQ(actual["resources"].size(), 14u);
}

// Puppet's error taken apart: the message (all its lines) and the place it names last.
TEST(GoldenErrors, PuppetsErrorIsItsMessageAndItsPlace) {
  testing::PuppetError reassign = testing::parse_puppet_error(
      testing::read_text(kGoldenDir / "cases/err_reassign/expected.error"));
  EXPECT_EQ(reassign.message, "Cannot reassign variable '$x'");
  EXPECT_EQ(reassign.file, "site.pp");
  EXPECT_EQ(reassign.line, 2);
  EXPECT_EQ(reassign.column, 4);
  testing::PuppetError duplicate = testing::parse_puppet_error(
      "Error: Evaluation Error: Error while evaluating a Resource Statement, Duplicate "
      "declaration: File[/a] is already declared at (file: site.pp, line: 2); cannot redeclare "
      "(file: site.pp, line: 3) (file: site.pp, line: 3, column: 1) on node n.example.com\n");
  EXPECT_EQ(duplicate.message,
            "Duplicate declaration: File[/a] is already declared at (file: site.pp, line: 2); "
            "cannot redeclare (file: site.pp, line: 3)");
  EXPECT_EQ(duplicate.column, 1);
  testing::PuppetError signatures = testing::parse_puppet_error(
      "Error: Evaluation Error: Error while evaluating a Function Call, The function 'f' was "
      "called with arguments it does not accept. It expects one of:\n  (String a)\n    "
      "rejected: parameter 'a' expects a String value, got Integer (file: site.pp, line: 1, "
      "column: 6) on node n.example.com\n");
  EXPECT_EQ(signatures.message,
            "The function 'f' was called with arguments it does not accept. It expects one of:\n"
            "  (String a)\n    rejected: parameter 'a' expects a String value, got Integer");
}

// A golden error case fails when our message differs from Puppet's, even at Puppet's very
// place (the check before compared the file and line only, and passed this).
TEST(GoldenErrors, AWrongMessageAtPuppetsPlaceFails) {
  const fs::path original = kGoldenDir / "cases/err_reassign";
  const fs::path copy =
      fs::temp_directory_path() / ("marionette-golden-wrong-message-" + std::to_string(::getpid()));
  fs::remove_all(copy);
  fs::create_directories(copy);
  fs::copy_file(original / "site.pp", copy / "site.pp");
  std::string expected = testing::read_text(original / "expected.error");
  ASSERT_NE(expected.find("'$x'"), std::string::npos);
  const facts::Facts& facts = golden_facts();
  std::ofstream(copy / "expected.error") << expected;
  EXPECT_TRUE(testing::golden_differences(copy, facts, "", PuppetCompat::puppet7).empty());
  expected.replace(expected.find("'$x'"), 4, "'$y'");
  std::ofstream(copy / "expected.error") << expected;
  std::vector<std::string> diffs =
      testing::golden_differences(copy, facts, "", PuppetCompat::puppet7);
  fs::remove_all(copy);
  ASSERT_EQ(diffs.size(), 1u);
  EXPECT_NE(diffs[0].find("the message differs from Puppet's"), std::string::npos) << diffs[0];

  testing::PuppetError puppet = testing::parse_puppet_error(expected);
  testing::OurError elsewhere{"Cannot reassign variable '$y'", "site.pp", 2, 1};
  EXPECT_EQ(testing::error_mismatches(puppet, elsewhere).size(), 1u);  // the column
}

TEST(CatalogCompare, NoticesWhatDiffers) {
  auto catalog = nlohmann::json::parse(R"({"name": "n", "environment": "production",
    "resources": [{"type": "File", "title": "/a", "tags": ["file"], "line": 2,
                   "file": "/x/site.pp", "exported": false, "parameters": {"mode": "0644"}},
                  {"type": "Notify", "title": "b", "tags": ["notify"], "exported": false}],
    "edges": [{"source": "Class[main]", "target": "File[/a]"}], "classes": ["settings"]})");
  EXPECT_TRUE(testing::compare_catalogs(catalog, catalog).empty());

  auto other_dir = catalog;
  other_dir["resources"][0]["file"] = "/elsewhere/site.pp";
  other_dir["version"] = 7;
  EXPECT_TRUE(testing::compare_catalogs(catalog, other_dir).empty());

  auto changed = catalog;
  changed["resources"][0]["parameters"]["mode"] = "0600";
  EXPECT_EQ(testing::compare_catalogs(catalog, changed).size(), 1u);

  auto reordered = catalog;
  std::swap(reordered["resources"][0], reordered["resources"][1]);
  EXPECT_EQ(testing::compare_catalogs(catalog, reordered).size(), 1u);

  auto no_edge = catalog;
  no_edge["edges"] = nlohmann::json::array();
  EXPECT_EQ(testing::compare_catalogs(catalog, no_edge),
            std::vector<std::string>{"missing edge Class[main] -> File[/a]"});
}

}  // namespace
}  // namespace marionette
