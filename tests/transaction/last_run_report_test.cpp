#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include "test_catalog.hpp"

namespace marionette::transaction {
namespace {

using testing::CatalogBuilder;
using testing::run_apply;
using testing::TempDir;
using testing::write_text;

double metric(const YAML::Node& report, const std::string& group, const std::string& key) {
  for (const auto& row : report["metrics"][group]["values"]) {
    if (row[0].as<std::string>() == key) return row[2].as<double>();
  }
  ADD_FAILURE() << "no metric " << group << "/" << key;
  return -1;
}

TEST(LastRunReport, HasStatusesEventsWithValuesMetricsAndLogs) {
  TempDir dir;
  const std::string path = dir / "conf";
  write_text(path, "old\n");
  CatalogBuilder b;
  b.add("File", path, {{"ensure", "file"}, {"content", "new\n"}});
  b.add("Notify", "hello", {});
  auto run = run_apply(b.build());
  const std::string file = dir / "last_run_report.yaml";
  write_last_run_report(run.report, file, "node1.example.com");

  YAML::Node report = YAML::LoadFile(file);
  EXPECT_EQ(report.Tag(), "!ruby/object:Puppet::Transaction::Report");
  EXPECT_EQ(report["host"].as<std::string>(), "node1.example.com");
  EXPECT_EQ(report["status"].as<std::string>(), "changed");
  EXPECT_EQ(report["report_format"].as<int>(), 12);
  EXPECT_EQ(metric(report, "resources", "total"), 2);
  EXPECT_EQ(metric(report, "resources", "changed"), 2);
  EXPECT_EQ(metric(report, "events", "success"), 2);
  EXPECT_EQ(metric(report, "changes", "total"), 2);

  YAML::Node status = report["resource_statuses"]["File[" + path + "]"];
  ASSERT_TRUE(status.IsMap());
  EXPECT_EQ(status["resource_type"].as<std::string>(), "File");
  EXPECT_TRUE(status["changed"].as<bool>());
  ASSERT_EQ(status["events"].size(), 1u);
  YAML::Node event = status["events"][0];
  EXPECT_EQ(event["property"].as<std::string>(), "content");
  EXPECT_EQ(event["name"].as<std::string>(), "content_changed");
  EXPECT_EQ(event["status"].as<std::string>(), "success");
  EXPECT_EQ(event["previous_value"].as<std::string>().rfind("{sha256}", 0), 0u);
  EXPECT_NE(event["previous_value"].as<std::string>(), event["desired_value"].as<std::string>());

  bool logged = false;
  for (const auto& log : report["logs"]) {
    if (log["source"].as<std::string>() == "/Stage[main]/Main/File[" + path + "]/content" &&
        log["level"].as<std::string>() == ":notice") {
      logged = log["message"].as<std::string>().rfind("content changed '{sha256}", 0) == 0;
    }
  }
  EXPECT_TRUE(logged) << YAML::Dump(report["logs"]);
}

TEST(LastRunReport, NoopEventsCarryCurrentAndDesiredValues) {
  TempDir dir;
  const std::string path = dir / "x";
  write_text(path, "x");
  CatalogBuilder b;
  b.add("File", path, {{"ensure", "absent"}});
  auto run = run_apply(b.build(), true);
  ASSERT_EQ(run.report.resources.size(), 1u);
  ASSERT_EQ(run.report.resources[0].events.size(), 1u);
  EXPECT_EQ(run.report.resources[0].events[0].previous_value, "file");
  EXPECT_EQ(run.report.resources[0].events[0].desired_value, "absent");
  EXPECT_EQ(run.report.resources[0].events[0].status, "noop");
}

}  // namespace
}  // namespace marionette::transaction
