#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "ral/host.hpp"
#include "test_catalog.hpp"

namespace marionette::transaction {
namespace {

using testing::CatalogBuilder;
using testing::run_apply;
using testing::status_of;
using Strings = std::vector<std::string>;

/// A node where systemd runs: /run/systemd/system exists, nothing else does.
class SystemdBootedFiles final : public ral::FileSystem {
 public:
  std::optional<ral::FileInfo> lstat(const std::string&) override { return std::nullopt; }
  std::optional<ral::FileInfo> stat(const std::string&) override { return std::nullopt; }
  std::optional<std::vector<std::string>> list_directory(const std::string&) override {
    return std::nullopt;
  }
  bool exists(const std::string& path) override { return path == "/run/systemd/system"; }
  ral::IoResult read(const std::string&, std::string&) override { return fail(); }
  ral::IoResult write_atomic(const std::string&, const std::string&,
                             const ral::FileAttributes&) override {
    return fail();
  }
  ral::IoResult make_directory(const std::string&, unsigned) override { return fail(); }
  ral::IoResult remove(const std::string&, bool) override { return fail(); }
  ral::IoResult change_mode(const std::string&, unsigned) override { return fail(); }
  ral::IoResult change_owner(const std::string&, std::optional<uid_t>,
                             std::optional<gid_t>) override {
    return fail();
  }
  bool is_executable_file(const std::string&) override { return false; }
  ral::IoResult make_symlink(const std::string&, const std::string&) override { return fail(); }
  std::optional<std::string> read_link(const std::string&) override { return std::nullopt; }

 private:
  static ral::IoResult fail() { return ral::IoResult::failure("not in this test"); }
};

/// systemctl: the unit is stopped and disabled; every call is recorded.
class FakeSystemctl final : public ral::CommandRunner {
 public:
  ral::CommandResult run(const ral::CommandRequest& request) override {
    std::string line;
    for (const auto& word : request.argv) line += (line.empty() ? "" : " ") + word;
    calls.push_back(line);
    const bool query = request.argv.size() > 1 &&
                       (request.argv[1] == "is-active" || request.argv[1] == "is-enabled");
    return {query ? 3 : 0, "", false, ""};
  }
  Strings calls;
};

// Puppet's service: starting it brings `enable` along without an event of its own, and the
// start drops the refresh its subscription queued (invalidate_refreshes): no restart.
TEST(ServiceType, StartingEnablesAlongAndDropsTheQueuedRefresh) {
  SystemdBootedFiles files;
  FakeSystemctl systemctl;
  ral::Host host{&files, nullptr, &systemctl};
  CatalogBuilder b;
  b.add("Notify", "config changed", {})
      .add("Service", "nginx",
           {{"ensure", "running"}, {"enable", true}, {"subscribe", "Notify[config changed]"}});
  ApplyOptions options;
  options.host = &host;
  Strings log;
  options.log = [&](const std::string& level, const std::string& message) {
    log.push_back(level + ": " + message);
  };
  Report report = apply(b.build(), options);
  EXPECT_EQ(systemctl.calls,
            (Strings{"/bin/systemctl is-active --quiet nginx.service",
                     "/bin/systemctl is-enabled --quiet nginx.service",
                     "/bin/systemctl start nginx.service", "/bin/systemctl enable nginx.service"}));
  auto has = [&](const std::string& line) {
    return std::find(log.begin(), log.end(), line) != log.end();
  };
  EXPECT_TRUE(
      has("notice: /Stage[main]/Main/Service[nginx]/ensure: ensure changed 'stopped' to "
          "'running'"));
  EXPECT_TRUE(
      has("info: /Stage[main]/Main/Service[nginx]: Unscheduling refresh on Service[nginx]"));
  for (const auto& line : log) {
    EXPECT_EQ(line.find("/enable:"), std::string::npos) << line;
    EXPECT_EQ(line.find("Triggered 'refresh'"), std::string::npos) << line;
  }
  EXPECT_EQ(report.status, "changed");
}

// A service already running and enabled restarts on refresh; one that is not running is not
// restarted (Puppet's "Skipping restart"), and the refresh still counts.
class RunningSystemctl final : public ral::CommandRunner {
 public:
  explicit RunningSystemctl(bool running) : running_(running) {}
  ral::CommandResult run(const ral::CommandRequest& request) override {
    std::string line;
    for (const auto& word : request.argv) line += (line.empty() ? "" : " ") + word;
    calls.push_back(line);
    const bool active = request.argv.size() > 1 && request.argv[1] == "is-active";
    return {active && !running_ ? 3 : 0, "", false, ""};
  }
  Strings calls;

 private:
  bool running_;
};

TEST(ServiceType, RefreshRestartsOnlyARunningService) {
  for (bool running : {true, false}) {
    SystemdBootedFiles files;
    RunningSystemctl systemctl(running);
    ral::Host host{&files, nullptr, &systemctl};
    CatalogBuilder b;
    b.add("Notify", "config changed", {})
        .add("Service", "nginx", {{"enable", true}, {"subscribe", "Notify[config changed]"}});
    ApplyOptions options;
    options.host = &host;
    Report report = apply(b.build(), options);
    const bool restarted =
        std::find(systemctl.calls.begin(), systemctl.calls.end(),
                  "/bin/systemctl restart nginx.service") != systemctl.calls.end();
    EXPECT_EQ(restarted, running);
    EXPECT_TRUE(status_of(report, "Service[nginx]")->restarted) << running;
  }
}

TEST(ServiceType, ClearFailureWhereSystemdIsNotRunning) {
  if (std::filesystem::exists("/run/systemd/system"))
    GTEST_SKIP() << "systemd runs on this machine; this test is for containers without it";
  testing::TempDir dir;
  CatalogBuilder b;
  b.add("Service", "nginx", {{"ensure", "running"}, {"provider", "systemd"}})
      .add("File", dir / "after", {{"content", "x"}, {"require", "Service[nginx]"}});
  auto run = run_apply(b.build());
  EXPECT_TRUE(run.logged(
      "err: /Stage[main]/Main/Service[nginx]: Could not evaluate: systemd is not running on this "
      "node (no /run/systemd/system), so the systemd provider cannot manage Service[nginx] (in a "
      "container, manage the process another way or run systemd as PID 1)"))
      << run.all_log();
  EXPECT_TRUE(status_of(run.report, "Service[nginx]")->failed);
  EXPECT_TRUE(status_of(run.report, "File[" + (dir / "after") + "]")->skipped);
}

}  // namespace
}  // namespace marionette::transaction
