// The termini that keep models in the state dir, at Puppet's places.

#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <fstream>
#include <sstream>

#include "indirector/registry.hpp"
#include "temp_dir.hpp"

namespace marionette::indirector {
namespace {

using testing::TempDir;

std::string read(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

TerminusSettings settings_in(const TempDir& dir) {
  TerminusSettings settings;
  settings.statedir = dir.path();
  return settings;
}

catalog::Catalog small_catalog(const std::string& name) {
  catalog::Catalog catalog;
  catalog.name = name;
  catalog.version = 1700000000;
  catalog.catalog_uuid = "11111111-2222-4333-8444-555555555555";
  catalog::Resource notify;
  notify.type = "Notify";
  notify.title = "hello";
  notify.tags = {"notify", "hello"};
  notify.parameters = {{"message", "hi"}};
  catalog.resources.push_back(notify);
  return catalog;
}

TEST(CatalogJson, SavesAtPuppetsPlaceAndFindsItBack) {
  TempDir dir;
  auto terminus = catalog_termini().make("json", settings_in(dir), {});
  terminus->save({"node1.example.com"}, small_catalog("node1.example.com"));
  auto path = dir.path() / "client_data/catalog/node1.example.com.json";
  ASSERT_TRUE(std::filesystem::exists(path));
  EXPECT_EQ(read(path), catalog::to_json(small_catalog("node1.example.com")));
  auto found = terminus->find({"node1.example.com"});
  ASSERT_TRUE(found);
  EXPECT_EQ(catalog::to_json(*found), catalog::to_json(small_catalog("node1.example.com")));
  EXPECT_FALSE(terminus->find({"other"}));
  terminus->save({"other"}, small_catalog("other"));
  EXPECT_EQ(terminus->search({"*"}).size(), 2u);
  terminus->destroy({"node1.example.com"});
  EXPECT_FALSE(std::filesystem::exists(path));
}

TEST(CatalogJson, ACorruptCacheIsAnErrorNamingModelTerminusAndKey) {
  TempDir dir;
  dir.write("client_data/catalog/node1.json", "{not json");
  auto terminus = catalog_termini().make("json", settings_in(dir), {});
  try {
    terminus->find({"node1"});
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(std::string(e.what()).rfind("catalog/json: cannot read 'node1': ", 0), 0u)
        << e.what();
  }
}

TEST(CatalogJson, AKeyThatIsNoNodeNameIsRefused) {
  TempDir dir;
  auto terminus = catalog_termini().make("json", settings_in(dir), {});
  try {
    terminus->save({"../escape"}, small_catalog("x"));
    FAIL();
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(), "catalog/json: cannot save '../escape': not a valid node name");
  }
}

TEST(FactsJson, RoundTripsInClientData) {
  TempDir dir;
  auto terminus = facts_termini().make("json", settings_in(dir), {});
  facts::Facts facts = {{"kernel", "Linux"}, {"processors", {{"count", 4}}}};
  terminus->save({"node1"}, facts);
  EXPECT_TRUE(std::filesystem::exists(dir.path() / "client_data/facts/node1.json"));
  EXPECT_EQ(terminus->find({"node1"}), facts);
}

TEST(FactsYaml, ReadsTheFactsFileForEveryKey) {
  TempDir dir;
  TerminusSettings settings = settings_in(dir);
  settings.facts = dir.write("facts.yaml", "kernel: Linux\nversion: '12'\ncount: 4\n");
  auto terminus = facts_termini().make("yaml", settings, {});
  auto found = terminus->find({"anything"});
  ASSERT_TRUE(found);
  EXPECT_EQ((*found)["version"], "12");
  EXPECT_EQ((*found)["count"], 4);
}

TEST(FactsYaml, SavesInClientYamlAndReadsBackTheSameTypes) {
  TempDir dir;
  auto terminus = facts_termini().make("yaml", settings_in(dir), {});
  facts::Facts facts = {{"version", "12"}, {"count", 4}, {"virtual", false}, {"load", 0.5}};
  terminus->save({"node1"}, facts);
  EXPECT_TRUE(std::filesystem::exists(dir.path() / "client_yaml/facts/node1.yaml"));
  EXPECT_EQ(terminus->find({"node1"}), facts);
  EXPECT_FALSE(terminus->find({"node2"}));
}

TEST(FactsYaml, FloatsReadBackAsFloatsUnderPsychsRules) {
  // Psych (and load_yaml_file) reads `1e+20` and `2` as no float: the terminus writes
  // `1.0e+20` and `2.0`, as Ruby would.
  TempDir dir;
  auto terminus = facts_termini().make("yaml", settings_in(dir), {});
  facts::Facts facts = {{"big", 1e20}, {"whole", 2.0}, {"tiny", 1e-7}, {"word", "yes"}};
  terminus->save({"node1"}, facts);
  auto found = terminus->find({"node1"});
  ASSERT_TRUE(found);
  for (const char* name : {"big", "whole", "tiny"}) {
    EXPECT_TRUE((*found)[name].is_number_float()) << name << " read back as " << (*found)[name];
    EXPECT_EQ((*found)[name].get<double>(), facts[name].get<double>()) << name;
  }
  EXPECT_EQ((*found)["word"], "yes");
}

TEST(FactsNative, GathersWithTheGivenExternalDirs) {
  TempDir dir;
  TerminusSettings settings = settings_in(dir);
  settings.external_dirs = {dir.path() / "facts.d"};
  dir.write("facts.d/site.yaml", "datacenter: paris\n");
  auto terminus = facts_termini().make("native", settings, {});
  auto found = terminus->find({"node1"});
  ASSERT_TRUE(found);
  EXPECT_EQ((*found)["datacenter"], "paris");
  EXPECT_TRUE(found->contains("kernel"));
}

transaction::Report small_report() {
  transaction::Report report;
  report.status = "changed";
  report.catalog_name = "node1";
  report.catalog_version = 42;
  report.cached_catalog_status = "on_failure";
  transaction::ResourceStatus status;
  status.ref = "Notify[hello]";
  status.type = "Notify";
  status.title = "hello";
  status.changed = true;
  report.resources.push_back(status);
  report.logs.push_back({"notice", "Puppet", "hello", 0});
  report.finalize();
  return report;
}

TEST(ReportYaml, WritesLastRunReportWithTheCachedCatalogStatus) {
  TempDir dir;
  auto terminus = report_termini().make("yaml", settings_in(dir), {});
  terminus->save({"node1"}, small_report());
  YAML::Node report = YAML::LoadFile((dir.path() / "last_run_report.yaml").string());
  EXPECT_EQ(report["host"].as<std::string>(), "node1");
  EXPECT_EQ(report["cached_catalog_status"].as<std::string>(), "on_failure");
}

TEST(ReportJson, WritesPuppetsJsonShape) {
  TempDir dir;
  auto terminus = report_termini().make("json", settings_in(dir), {});
  terminus->save({"node1"}, small_report());
  auto report = nlohmann::json::parse(read(dir.path() / "last_run_report.json"));
  EXPECT_EQ(report["host"], "node1");
  EXPECT_EQ(report["status"], small_report().status);
  EXPECT_EQ(report["configuration_version"], 42);
  EXPECT_EQ(report["report_format"], 12);
  EXPECT_EQ(report["cached_catalog_status"], "on_failure");
  EXPECT_EQ(report["resource_statuses"]["Notify[hello]"]["resource_type"], "Notify");
  EXPECT_EQ(report["logs"][0]["message"], "hello");
}

TEST(ReportNone, KeepsNothing) {
  TempDir dir;
  auto terminus = report_termini().make("none", settings_in(dir), {});
  terminus->save({"node1"}, small_report());
  EXPECT_TRUE(std::filesystem::is_empty(dir.path()));
}

TEST(Registry, KnowsEveryTerminusByName) {
  EXPECT_EQ(terminus_names("facts"), (std::vector<std::string>{"json", "native", "redis", "yaml"}));
  EXPECT_EQ(terminus_names("node"), (std::vector<std::string>{"exec", "plain"}));
  EXPECT_EQ(terminus_names("catalog"), (std::vector<std::string>{"compiler", "json", "redis"}));
  EXPECT_EQ(terminus_names("report"), (std::vector<std::string>{"json", "none", "redis", "yaml"}));
  EXPECT_THROW(catalog_termini().make("yaml", {}, {}), Error);
}

}  // namespace
}  // namespace marionette::indirector
