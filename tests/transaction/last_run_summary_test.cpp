#include <gtest/gtest.h>
#include <sys/stat.h>
#include <yaml-cpp/yaml.h>

#include <filesystem>

#include "test_catalog.hpp"

namespace marionette::transaction {
namespace {

using testing::CatalogBuilder;
using testing::read_text;
using testing::run_apply;
using testing::TempDir;

std::vector<std::string> keys(const YAML::Node& map) {
  std::vector<std::string> out;
  for (const auto& entry : map) out.push_back(entry.first.as<std::string>());
  return out;
}

TEST(LastRunSummary, HasPuppetsShape) {
  TempDir dir;
  CatalogBuilder b;
  b.add("File", dir / "f", {{"content", "x"}}).add("Exec", "/bin/false", {});
  auto catalog = b.build();
  catalog.version = 1795321128;
  auto run = run_apply(catalog);
  std::string path = dir / "last_run_summary.yaml";
  run.report.puppet_version = "7.23.0";  // the version of the Puppet the run follows
  write_last_run_summary(run.report, path, 0.25);

  std::string text = read_text(path);
  EXPECT_EQ(text.rfind("---\n", 0), 0u) << text;
  YAML::Node summary = YAML::Load(text);
  EXPECT_EQ(keys(summary), (std::vector<std::string>{"version", "application", "resources", "time",
                                                     "changes", "events"}));
  EXPECT_EQ(summary["version"]["config"].as<std::int64_t>(), 1795321128);
  EXPECT_EQ(summary["version"]["puppet"].as<std::string>(), "7.23.0");
  EXPECT_EQ(summary["application"]["run_mode"].as<std::string>(), "user");
  EXPECT_EQ(summary["application"]["converged_environment"].as<std::string>(), "production");
  EXPECT_EQ(
      keys(summary["resources"]),
      (std::vector<std::string>{"changed", "corrective_change", "failed", "failed_to_restart",
                                "out_of_sync", "restarted", "scheduled", "skipped", "total"}));
  EXPECT_EQ(summary["resources"]["total"].as<int>(), 2);
  EXPECT_EQ(summary["resources"]["changed"].as<int>(), 1);
  EXPECT_EQ(summary["resources"]["failed"].as<int>(), 1);
  EXPECT_EQ(summary["resources"]["out_of_sync"].as<int>(), 2);
  EXPECT_DOUBLE_EQ(summary["time"]["config_retrieval"].as<double>(), 0.25);
  EXPECT_GE(summary["time"]["total"].as<double>(), 0.0);
  EXPECT_TRUE(summary["time"]["file"]);
  EXPECT_TRUE(summary["time"]["exec"]);
  EXPECT_TRUE(summary["time"]["catalog_application"]);
  EXPECT_EQ(keys(summary["time"]).back(), "last_run");
  EXPECT_GT(summary["time"]["last_run"].as<std::int64_t>(), 1600000000);
  EXPECT_EQ(summary["changes"]["total"].as<int>(), 1);
  EXPECT_EQ(keys(summary["events"]), (std::vector<std::string>{"failure", "success", "total"}));
  EXPECT_EQ(summary["events"]["failure"].as<int>(), 1);
  EXPECT_EQ(summary["events"]["success"].as<int>(), 1);
  EXPECT_EQ(summary["events"]["total"].as<int>(), 2);

  struct stat st {};
  ASSERT_EQ(::stat(path.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0640u);
}

TEST(LastRunSummary, NoopEventsAreCounted) {
  TempDir dir;
  CatalogBuilder b;
  b.add("Notify", "n", {});
  auto run = run_apply(b.build(), /*noop=*/true);
  write_last_run_summary(run.report, dir / "s.yaml", 0);
  YAML::Node summary = YAML::LoadFile(dir / "s.yaml");
  EXPECT_EQ(summary["events"]["noop"].as<int>(), 1);
  EXPECT_EQ(summary["resources"]["out_of_sync"].as<int>(), 1);
  EXPECT_EQ(summary["changes"]["total"].as<int>(), 0);
}

TEST(LastRunSummary, ReplacesTheOldFileAtomically) {
  TempDir dir;
  std::string path = dir / "s.yaml";
  testing::write_text(path, "old");
  std::filesystem::create_hard_link(path, dir / "old-link");
  write_last_run_summary(run_apply(CatalogBuilder().build()).report, path, 0);
  EXPECT_EQ(read_text(dir / "old-link"), "old");
  EXPECT_NE(read_text(path).find("resources:"), std::string::npos);
}

TEST(LastRunSummary, UnwritablePlaceThrows) {
  EXPECT_THROW(write_last_run_summary(Report{}, "/nonexistent-dir/x/s.yaml", 0),
               std::runtime_error);
}

}  // namespace
}  // namespace marionette::transaction
