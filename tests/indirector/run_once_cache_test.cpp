// One run through the indirector: the compiled catalog cached at Puppet's place, the cached
// catalog applied when compiling fails (and said so), nothing applied without usecacheonfailure,
// a classifier's classes compiled in, a bad routes file reported.

#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include "daemon/run_once.hpp"
#include "temp_dir.hpp"

namespace marionette::daemon {
namespace {

using testing::TempDir;

struct Logged {
  std::vector<std::pair<std::string, std::string>> lines;
  RunLog log() {
    return [this](const std::string& level, const std::string& message) {
      lines.emplace_back(level, message);
    };
  }
  bool has(const std::string& level, const std::string& message) const {
    for (const auto& [l, m] : lines)
      if (l == level && m == message) return true;
    return false;
  }
};

class RunOnceCache : public ::testing::Test {
 protected:
  void SetUp() override {
    settings_.manifest = dir_.path() / "site.pp";
    settings_.facts = dir_.write("facts.yaml", "kernel: Linux\nfqdn: n1.example.com\n");
    settings_.certname = "n1.example.com";
    settings_.statedir = dir_.path() / "state";
    target_ = dir_.path() / "managed.txt";
  }

  void write_good_manifest() {
    dir_.write("site.pp", "file { '" + target_.string() + "': ensure => file, content => 'v1' }\n");
  }
  void write_broken_manifest() { dir_.write("site.pp", "file { 'x': ensure => \n"); }

  YAML::Node last_report() const {
    return YAML::LoadFile((settings_.statedir / "last_run_report.yaml").string());
  }

  TempDir dir_;
  RunSettings settings_;
  std::filesystem::path target_;
};

TEST_F(RunOnceCache, AGoodCompileIsCachedAndABrokenOneAppliesTheCache) {
  write_good_manifest();
  Logged first;
  RunOutcome good = run_once(settings_, first.log());
  ASSERT_TRUE(good.compiled) << good.compile_error;
  EXPECT_FALSE(good.catalog_from_cache);
  const auto cache = settings_.statedir / "client_data/catalog/n1.example.com.json";
  EXPECT_TRUE(std::filesystem::exists(cache));
  EXPECT_TRUE(first.has("info", "Caching catalog for n1.example.com"));
  EXPECT_EQ(last_report()["cached_catalog_status"].as<std::string>(), "not_used");

  std::filesystem::remove(target_);
  write_broken_manifest();
  Logged second;
  RunOutcome broken = run_once(settings_, second.log());
  EXPECT_FALSE(broken.compiled);
  EXPECT_TRUE(broken.failed());
  EXPECT_NE(broken.compile_error.find("site.pp:2:1: error: Syntax error at end of input"),
            std::string::npos)
      << broken.compile_error;
  EXPECT_TRUE(broken.catalog_from_cache);
  EXPECT_TRUE(second.has("info", "Using cached catalog from environment 'production'"));
  ASSERT_TRUE(broken.report);
  EXPECT_TRUE(std::filesystem::exists(target_));  // the cached catalog was applied
  EXPECT_EQ(broken.catalog_resources, good.catalog_resources);

  YAML::Node report = last_report();
  EXPECT_EQ(report["cached_catalog_status"].as<std::string>(), "on_failure");
  EXPECT_EQ(report["status"].as<std::string>(), "changed");  // Puppet: from the resources
  EXPECT_EQ(report["logs"][0]["level"].as<std::string>(), ":err");
  EXPECT_EQ(report["logs"][0]["message"].as<std::string>(), broken.compile_error);
  EXPECT_EQ(report["logs"][1]["message"].as<std::string>(),
            "Using cached catalog from environment 'production'");
}

TEST_F(RunOnceCache, WithoutUseCacheOnFailureNothingIsApplied) {
  write_good_manifest();
  ASSERT_TRUE(run_once(settings_, Logged().log()).compiled);
  std::filesystem::remove(target_);
  write_broken_manifest();
  settings_.usecacheonfailure = false;
  Logged logged;
  RunOutcome outcome = run_once(settings_, logged.log());
  EXPECT_FALSE(outcome.compiled);
  EXPECT_FALSE(outcome.catalog_from_cache);
  EXPECT_FALSE(outcome.report);
  EXPECT_FALSE(std::filesystem::exists(target_));
  EXPECT_TRUE(logged.has("warning", "Not using cache on failed catalog"));
  EXPECT_TRUE(logged.has("err", "Could not retrieve catalog; skipping run"));
}

TEST_F(RunOnceCache, NoCachedCatalogMeansNoRun) {
  write_broken_manifest();
  Logged logged;
  RunOutcome outcome = run_once(settings_, logged.log());
  EXPECT_FALSE(outcome.catalog_from_cache);
  EXPECT_FALSE(outcome.report);
  EXPECT_TRUE(logged.has("err", "Could not retrieve catalog; skipping run"));
}

TEST_F(RunOnceCache, ACachedCatalogOfAnotherEnvironmentIsNotUsed) {
  write_good_manifest();
  ASSERT_TRUE(run_once(settings_, Logged().log()).compiled);
  write_broken_manifest();
  settings_.environment = "staging";
  Logged logged;
  RunOutcome outcome = run_once(settings_, logged.log());
  EXPECT_FALSE(outcome.catalog_from_cache);
  EXPECT_TRUE(logged.has("err",
                         "Not using cached catalog because its environment 'production' does not "
                         "match 'staging'"));
}

TEST_F(RunOnceCache, NoopRunsDoNotCache) {
  write_good_manifest();
  settings_.noop = true;
  ASSERT_TRUE(run_once(settings_, Logged().log()).compiled);
  EXPECT_FALSE(std::filesystem::exists(settings_.statedir / "client_data/catalog"));
}

TEST_F(RunOnceCache, TheClassifiersClassesAreCompiledIn) {
  dir_.write("site.pp", "class app (String $content) { file { '" + target_.string() +
                            "': ensure => file, content => \"${content} ${::tier}\" } }\n");
  auto enc = dir_.write("enc.sh",
                        "#!/bin/sh\n[ \"$1\" = n1.example.com ] || exit 1\n"
                        "printf 'classes:\\n  app:\\n    content: from-enc\\nparameters:\\n  "
                        "tier: gold\\n'\n",
                        true);
  settings_.route_file = dir_.write(
      "routes.yaml", "agent:\n  node: { terminus: exec, command: " + enc.string() + " }\n");
  RunOutcome outcome = run_once(settings_, Logged().log());
  ASSERT_TRUE(outcome.compiled) << outcome.compile_error;
  std::ifstream in(target_);
  std::string content((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_EQ(content, "from-enc gold");
}

TEST_F(RunOnceCache, ABadRoutesFileIsAReportedFailure) {
  write_good_manifest();
  settings_.route_file = dir_.write("routes.yaml", "agent:\n  catalog: { terminus: nope }\n");
  Logged logged;
  RunOutcome outcome = run_once(settings_, logged.log());
  EXPECT_FALSE(outcome.compiled);
  EXPECT_EQ(outcome.compile_error, (dir_.path() / "routes.yaml").string() +
                                       ":2:24: error: unknown catalog terminus 'nope' (known: "
                                       "compiler, json, redis)\n"
                                       "  catalog: { terminus: nope }\n"
                                       "                       ^~~~");
  ASSERT_FALSE(logged.lines.empty());
  EXPECT_EQ(logged.lines.front().first, "diagnostic");
}

TEST_F(RunOnceCache, ReportsCanGoToJsonInstead) {
  write_good_manifest();
  settings_.route_file = dir_.write("routes.yaml", "agent:\n  report: { terminus: json }\n");
  ASSERT_TRUE(run_once(settings_, Logged().log()).compiled);
  EXPECT_TRUE(std::filesystem::exists(settings_.statedir / "last_run_report.json"));
  EXPECT_FALSE(std::filesystem::exists(settings_.statedir / "last_run_report.yaml"));
}

}  // namespace
}  // namespace marionette::daemon
