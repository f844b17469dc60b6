#include <gtest/gtest.h>

#include <filesystem>

#include "ral/resource_type.hpp"
#include "test_catalog.hpp"

namespace marionette::transaction {
namespace {

using testing::CatalogBuilder;
using testing::read_text;
using testing::run_apply;
using testing::status_of;
using testing::TempDir;

/// Appends a line to `log` each time it runs.
std::string append_line(const std::string& log) {
  return "/bin/sh -c 'echo run >> " + log + "'";
}

std::size_t line_count(const std::string& path) {
  std::string text = read_text(path);
  return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
}

/// class app { file { conf } }  class svc { exec refreshonly, exec always }  Class[app] ~>
/// Class[svc]
catalog::Catalog refresh_catalog(const TempDir& dir, const std::string& content) {
  CatalogBuilder b;
  b.add_class("App", {{"notify", catalog::Data::array({"Class[Svc]"})}})
      .add_class("Svc")
      .add("File", dir / "conf", {{"ensure", "file"}, {"content", content}}, "Class[App]")
      .add("Exec", "restart", {{"command", append_line(dir / "restarts")}, {"refreshonly", true}},
           "Class[Svc]")
      .add("Exec", "always", {{"command", append_line(dir / "always")}}, "Class[Svc]");
  return b.build();
}

TEST(Refresh, ReachesResourcesThroughClassContainers) {
  TempDir dir;
  auto run = run_apply(refresh_catalog(dir, "v1"));
  EXPECT_EQ(line_count(dir / "restarts"), 1u);
  // Puppet re-runs an exec that is not refreshonly when it is refreshed.
  EXPECT_EQ(line_count(dir / "always"), 2u);
  EXPECT_TRUE(
      run.logged("notice: /Stage[main]/Svc/Exec[restart]: Triggered 'refresh' from 1 event"))
      << run.all_log();
  EXPECT_TRUE(run.logged("notice: /Stage[main]/Svc/Exec[always]: Triggered 'refresh' from 1 event"))
      << run.all_log();
  EXPECT_EQ(run.report.metrics.restarted, 2u);
  EXPECT_TRUE(status_of(run.report, "Exec[restart]")->restarted);
  EXPECT_EQ(run.report.metrics.changed, 3u);
  EXPECT_EQ(run.report.changes, 4u);  // file, always (run + refresh), restart (refresh)

  auto second = run_apply(refresh_catalog(dir, "v1"));
  EXPECT_EQ(line_count(dir / "restarts"), 1u) << "nothing changed, so no refresh";
  EXPECT_EQ(line_count(dir / "always"), 3u);
  EXPECT_EQ(second.report.metrics.restarted, 0u);
}

TEST(Refresh, SubscribeToAFile) {
  TempDir dir;
  CatalogBuilder b;
  b.add("Exec", "reload",
        {{"command", append_line(dir / "reloads")},
         {"refreshonly", true},
         {"subscribe", "File[" + (dir / "conf") + "]"}})
      .add("File", dir / "conf", {{"content", "x"}});
  run_apply(b.build());
  EXPECT_EQ(line_count(dir / "reloads"), 1u);
}

TEST(Refresh, RequireDoesNotRefresh) {
  TempDir dir;
  CatalogBuilder b;
  b.add("File", dir / "conf", {{"content", "x"}})
      .add("Exec", "reload",
           {{"command", append_line(dir / "reloads")},
            {"refreshonly", true},
            {"require", "File[" + (dir / "conf") + "]"}});
  run_apply(b.build());
  EXPECT_FALSE(std::filesystem::exists(dir / "reloads"));
}

TEST(Refresh, NoopSaysItWouldHaveTriggered) {
  TempDir dir;
  auto run = run_apply(refresh_catalog(dir, "v1"), /*noop=*/true);
  EXPECT_FALSE(std::filesystem::exists(dir / "restarts"));
  EXPECT_TRUE(run.logged("notice: Class[App]: Would have triggered 'refresh' from 1 event"))
      << run.all_log();
  EXPECT_TRUE(
      run.logged("notice: /Stage[main]/Svc/Exec[restart]: Would have triggered 'refresh' "
                 "from 1 event"))
      << run.all_log();
  EXPECT_EQ(run.report.metrics.restarted, 0u);
}

TEST(Failures, FailedResourceSkipsItsDependentsOnly) {
  TempDir dir;
  CatalogBuilder b;
  b.add("Exec", "fails", {{"command", "/bin/false"}})
      .add("File", dir / "dep", {{"content", "x"}, {"require", "Exec[fails]"}})
      .add("File", dir / "dep2", {{"content", "y"}, {"require", "File[" + (dir / "dep") + "]"}})
      .add("File", dir / "indep", {{"content", "z"}});
  auto run = run_apply(b.build());
  EXPECT_FALSE(std::filesystem::exists(dir / "dep"));
  EXPECT_FALSE(std::filesystem::exists(dir / "dep2"));
  EXPECT_TRUE(std::filesystem::exists(dir / "indep"));
  std::string dep = "/Stage[main]/Main/File[" + (dir / "dep") + "]";
  std::string dep2 = "/Stage[main]/Main/File[" + (dir / "dep2") + "]";
  EXPECT_TRUE(run.logged("notice: " + dep + ": Dependency Exec[fails] has failures: true"))
      << run.all_log();
  EXPECT_TRUE(run.logged("warning: " + dep + ": Skipping because of failed dependencies"));
  EXPECT_TRUE(run.logged("warning: " + dep2 + ": Skipping because of failed dependencies"));
  EXPECT_FALSE(run.logged("notice: " + dep2 + ": Dependency Exec[fails] has failures: true"))
      << "Puppet announces each failed dependency once";
  EXPECT_EQ(run.report.metrics.failed, 1u);
  EXPECT_EQ(run.report.metrics.skipped, 2u);
  EXPECT_EQ(run.report.metrics.changed, 1u);
  EXPECT_EQ(run.report.status, "failed");
  EXPECT_EQ(run.report.detailed_exit_code(), 6);
}

TEST(Failures, FailureInsideAClassSkipsClassesThatRequireIt) {
  TempDir dir;
  CatalogBuilder b;
  b.add_class("Base")
      .add_class("App", {{"require", "Class[Base]"}})
      .add("Exec", "broken", {{"command", "/bin/false"}}, "Class[Base]")
      .add("File", dir / "app", {{"content", "x"}}, "Class[App]");
  auto run = run_apply(b.build());
  EXPECT_FALSE(std::filesystem::exists(dir / "app"));
  EXPECT_TRUE(status_of(run.report, "File[" + (dir / "app") + "]")->skipped);
}

TEST(Failures, TypeWithoutProviderFailsAndNamesTheType) {
  TempDir dir;
  CatalogBuilder b;
  b.add("Widget", "x", {{"ensure", "present"}})
      .add("File", dir / "after", {{"content", "x"}, {"require", "Widget[x]"}})
      .add("File", dir / "other", {{"content", "y"}});
  auto run = run_apply(b.build());
  // Puppet 7.23: "Error: Could not find a suitable provider for widget", dependents skipped.
  EXPECT_TRUE(run.logged("err: Could not find a suitable provider for widget")) << run.all_log();
  EXPECT_TRUE(status_of(run.report, "Widget[x]")->failed);
  EXPECT_TRUE(status_of(run.report, "File[" + (dir / "after") + "]")->skipped);
  EXPECT_TRUE(run.logged("warning: /Stage[main]/Main/File[" + (dir / "after") +
                         "]: Skipping because of failed dependencies"))
      << run.all_log();
  EXPECT_FALSE(std::filesystem::exists(dir / "after"));
  EXPECT_TRUE(std::filesystem::exists(dir / "other"));
  EXPECT_EQ(run.report.detailed_exit_code(), 6);
}

TEST(Failures, CycleStopsTheRunBeforeAnythingChanges) {
  TempDir dir;
  CatalogBuilder b;
  b.add("File", dir / "a", {{"content", "x"}, {"require", "Notify[b]"}})
      .add("Notify", "b", {{"require", "File[" + (dir / "a") + "]"}});
  auto run = run_apply(b.build());
  EXPECT_FALSE(std::filesystem::exists(dir / "a"));
  EXPECT_TRUE(
      run.logged("err: Failed to apply catalog: One or more resource dependency cycles "
                 "detected in graph"))
      << run.all_log();
  EXPECT_NE(run.all_log().find("err: Found 1 dependency cycle:"), std::string::npos);
  EXPECT_EQ(run.report.detailed_exit_code(), 1);
  EXPECT_EQ(run.report.status, "failed");
}

TEST(Notify, LogsItsMessageAndChangesEveryRun) {
  CatalogBuilder b;
  b.add("Notify", "hello world", {}).add("Notify", "n2", {{"message", "msg two"}});
  for (int i = 0; i < 2; ++i) {
    auto run = run_apply(b.build());
    EXPECT_TRUE(run.logged("notice: hello world"));
    EXPECT_TRUE(
        run.logged("notice: /Stage[main]/Main/Notify[hello world]/message: defined "
                   "'message' as 'hello world'"));
    EXPECT_TRUE(run.logged("notice: msg two"));
    EXPECT_EQ(run.report.metrics.changed, 2u);
  }
}

TEST(ReportMetrics, CountsTimesAndExitCodes) {
  TempDir dir;
  CatalogBuilder b;
  b.add("File", dir / "f", {{"content", "x"}})
      .add("Exec", "/bin/true", {})
      .add("Notify", "n", {})
      .add("Exec", "/bin/false", {})
      .add("Exec", "later", {{"command", "/bin/true"}, {"require", "Exec[/bin/false]"}});
  auto run = run_apply(b.build());
  const auto& m = run.report.metrics;
  EXPECT_EQ(m.total, 5u);
  EXPECT_EQ(m.changed, 3u);
  EXPECT_EQ(m.failed, 1u);
  EXPECT_EQ(m.skipped, 1u);
  EXPECT_EQ(m.out_of_sync, 4u);
  EXPECT_EQ(run.report.events.total, 4u);
  EXPECT_EQ(run.report.events.success, 3u);
  EXPECT_EQ(run.report.events.failure, 1u);
  for (const char* key : {"file", "exec", "notify", "total"}) {
    EXPECT_TRUE(run.report.time.count(key)) << key;
  }
  EXPECT_GE(run.report.time.at("total"), run.report.time.at("exec"));
  EXPECT_EQ(run.report.status, "failed");
  EXPECT_EQ(run.report.detailed_exit_code(), 6);

  EXPECT_EQ(run_apply(CatalogBuilder().build()).report.detailed_exit_code(), 0);
  CatalogBuilder only_failure;
  only_failure.add("Exec", "/bin/false", {});
  EXPECT_EQ(run_apply(only_failure.build()).report.detailed_exit_code(), 4);
}

}  // namespace
}  // namespace marionette::transaction
