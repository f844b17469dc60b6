#include <gtest/gtest.h>

#include <filesystem>

#include "catalog_compare.hpp"
#include "compiler/compiler.hpp"
#include "golden_case.hpp"

namespace marionette {
namespace {

namespace fs = std::filesystem;

const fs::path kGoldenDir = MARIONETTE_GOLDEN_DIR;

class GoldenTest : public ::testing::TestWithParam<std::string> {};

// No base module path: a case sees only its own modules.
TEST_P(GoldenTest, CompilesAsPuppetDoes) {
  static const facts::Facts facts = facts::load_yaml_file(kGoldenDir / "facts.yaml");
  std::vector<std::string> diffs =
      testing::golden_differences(kGoldenDir / "cases" / GetParam(), facts, "");
  EXPECT_TRUE(diffs.empty()) << testing::join_lines(diffs);
}

INSTANTIATE_TEST_SUITE_P(Cases, GoldenTest,
                         ::testing::ValuesIn(testing::golden_case_names(kGoldenDir / "cases")),
                         [](const auto& info) { return info.param; });

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
