#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "catalog_compare.hpp"
#include "compiler/compiler.hpp"
#include "compiler/module_path.hpp"
#include "lang/diagnostic.hpp"

namespace marionette {
namespace {

namespace fs = std::filesystem;

const fs::path kGoldenDir = MARIONETTE_GOLDEN_DIR;

std::string read_text(const fs::path& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::vector<std::string> case_names() {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(kGoldenDir / "cases"))
    if (entry.is_directory()) names.push_back(entry.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

compiler::CompileRequest request_for(const fs::path& dir) {
  static const facts::Facts facts = facts::load_yaml_file(kGoldenDir / "facts.yaml");
  compiler::CompileRequest request;
  request.env_dir = dir;
  // The case's environment.conf counts, as it does for Puppet; no base module path, so that
  // a case sees only its own modules.
  compiler::EnvironmentSettings where;
  where.env_dir = dir;
  where.basemodulepath = "";
  compiler::ResolvedEnvironment resolved = compiler::resolve_environment(where);
  request.manifest = resolved.manifest;
  request.modulepath = resolved.modulepath;
  request.facts = facts;
  request.node_name = facts.value("fqdn", std::string("node1.example.com"));
  // The case's Puppet settings (puppet-expected gives them to Puppet the same way).
  std::ifstream settings(dir / "puppet-settings");
  for (std::string setting; std::getline(settings, setting);) {
    if (setting == "--strict_variables") {
      request.strictness.strict_variables = true;
    } else if (setting.starts_with("--strict=")) {
      request.strictness.strict = compiler::parse_strict(setting.substr(9)).value();
    } else if (!setting.empty()) {
      ADD_FAILURE() << dir / "puppet-settings" << ": the golden test does not know " << setting;
    }
  }
  return request;
}

class GoldenTest : public ::testing::TestWithParam<std::string> {};

TEST_P(GoldenTest, CompilesAsPuppetDoes) {
  const fs::path dir = kGoldenDir / "cases" / GetParam();
  const bool regenerate = std::getenv("MARIONETTE_REGENERATE_GOLDENS") != nullptr;
  if (fs::exists(dir / "expected.error")) {
    // Puppet refuses this manifest: we must too, naming the same file and line.
    std::string puppet = read_text(dir / "expected.error");
    std::smatch where;
    std::string rendered;
    try {
      compiler::compile(request_for(dir));
      FAIL() << "compiled, but Puppet fails: " << puppet;
    } catch (const lang::SourceError& e) {
      rendered = lang::render(e);
    }
    if (std::regex_search(puppet, where, std::regex(R"(\(file: ([^,)]+), line: (\d+))"))) {
      std::string expected = fs::path(where[1].str()).filename().string() + ":" + where[2].str();
      EXPECT_NE(rendered.find(expected), std::string::npos)
          << "expected the error to name " << expected << ", got:\n"
          << rendered;
    }
    return;
  }
  catalog::Catalog compiled = compiler::compile(request_for(dir));
  nlohmann::json actual = nlohmann::json::parse(catalog::to_json(compiled));
  if (regenerate) {
    std::ofstream(dir / "expected.json") << actual.dump(1) << "\n";
    return;
  }
  nlohmann::json expected = nlohmann::json::parse(read_text(dir / "expected.json"));
  std::vector<std::string> diffs = testing::compare_catalogs(expected, actual);
  std::string report;
  for (const std::string& d : diffs) report += d + "\n";
  EXPECT_TRUE(diffs.empty()) << report;
}

INSTANTIATE_TEST_SUITE_P(Cases, GoldenTest, ::testing::ValuesIn(case_names()),
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
  nlohmann::json expected = nlohmann::json::parse(read_text(examples / "production.puppet7.json"));
  std::vector<std::string> diffs = testing::compare_catalogs(expected, actual);
  std::string report;
  for (const std::string& d : diffs) report += d + "\n";
  EXPECT_TRUE(diffs.empty()) << report;
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
