#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>

#include "ral/exec_command.hpp"
#include "test_catalog.hpp"

namespace marionette::transaction {
namespace {

using testing::CatalogBuilder;
using testing::read_text;
using testing::run_apply;
using testing::TempDir;
using testing::write_text;

catalog::Catalog one_exec(const std::string& title, catalog::Data parameters) {
  CatalogBuilder b;
  b.add("Exec", title, std::move(parameters));
  return b.build();
}

std::string touch(const std::string& path) {
  return "/usr/bin/touch " + path;
}

TEST(ExecType, RunsTheCommandAndSaysSo) {
  TempDir dir;
  std::string marker = dir / "ran";
  auto run = run_apply(one_exec(touch(marker), {}));
  EXPECT_TRUE(std::filesystem::exists(marker));
  EXPECT_TRUE(run.logged("notice: /Stage[main]/Main/Exec[" + touch(marker) +
                         "]/returns: executed successfully"))
      << run.all_log();
  EXPECT_EQ(run.report.metrics.changed, 1u);
}

TEST(ExecType, CreatesSkipsTheCommandWhenThePathExists) {
  TempDir dir;
  std::string marker = dir / "ran";
  write_text(dir / "exists", "");
  auto run = run_apply(one_exec(touch(marker), {{"creates", dir / "exists"}}));
  EXPECT_FALSE(std::filesystem::exists(marker));
  EXPECT_EQ(run.report.metrics.out_of_sync, 0u);
  run_apply(one_exec(touch(marker), {{"creates", dir / "missing"}}));
  EXPECT_TRUE(std::filesystem::exists(marker));
}

TEST(ExecType, OnlyifRunsTheCommandOnlyWhenTheCheckSucceeds) {
  TempDir dir;
  std::string marker = dir / "ran";
  run_apply(one_exec(touch(marker), {{"onlyif", "/bin/false"}}));
  EXPECT_FALSE(std::filesystem::exists(marker));
  run_apply(one_exec(touch(marker), {{"onlyif", catalog::Data::array({"/bin/true", "test -d /"})},
                                     {"path", "/usr/bin:/bin"}}));
  EXPECT_TRUE(std::filesystem::exists(marker));
}

TEST(ExecType, UnlessSkipsTheCommandWhenTheCheckSucceeds) {
  TempDir dir;
  std::string marker = dir / "ran";
  run_apply(one_exec(touch(marker), {{"unless", "/bin/true"}}));
  EXPECT_FALSE(std::filesystem::exists(marker));
  run_apply(one_exec(touch(marker), {{"unless", "/bin/false"}}));
  EXPECT_TRUE(std::filesystem::exists(marker));
}

TEST(ExecType, RefreshonlyDoesNotRunWithoutAnEvent) {
  TempDir dir;
  std::string marker = dir / "ran";
  auto run = run_apply(one_exec(touch(marker), {{"refreshonly", true}}));
  EXPECT_FALSE(std::filesystem::exists(marker));
  EXPECT_EQ(run.report.status, "unchanged");
}

TEST(ExecType, CwdIsTheWorkingDirectory) {
  TempDir dir;
  run_apply(one_exec("/usr/bin/touch relative-marker", {{"cwd", dir.path().string()}}));
  EXPECT_TRUE(std::filesystem::exists(dir / "relative-marker"));
}

TEST(ExecType, PathFindsAnUnqualifiedCommandRunWithoutAShell) {
  TempDir dir;
  std::string marker = dir / "ran";
  run_apply(one_exec("touch " + marker, {{"path", catalog::Data::array({"/usr/bin", "/bin"})}}));
  EXPECT_TRUE(std::filesystem::exists(marker));
}

TEST(ExecType, ShellMetaCharactersRunThroughTheShell) {
  TempDir dir;
  std::string out = dir / "out";
  run_apply(one_exec("/bin/echo redirected > " + out, {}));
  EXPECT_EQ(read_text(out), "redirected\n");
}

TEST(ExecType, ReturnsListsTheAcceptedExitCodes) {
  auto run =
      run_apply(one_exec("/bin/sh -c \"exit 3\"", {{"returns", catalog::Data::array({0, 3})}}));
  EXPECT_EQ(run.report.metrics.failed, 0u);
  EXPECT_EQ(run.report.metrics.changed, 1u);
}

TEST(ExecType, UnexpectedExitCodeFailsAndLogsTheOutput) {
  std::string command = "/bin/sh -c \"echo out; echo err >&2; exit 4\"";
  auto run = run_apply(one_exec(command, {{"returns", 3}}));
  std::string path = "/Stage[main]/Main/Exec[" + command + "]";
  std::string reason = "'" + command + "' returned 4 instead of one of [3]";
  EXPECT_TRUE(run.logged("notice: " + path + "/returns: out")) << run.all_log();
  EXPECT_TRUE(run.logged("notice: " + path + "/returns: err")) << run.all_log();
  EXPECT_TRUE(run.logged("err: " + reason)) << run.all_log();
  EXPECT_TRUE(
      run.logged("err: " + path + "/returns: change from 'notrun' to ['3'] failed: " + reason))
      << run.all_log();
  EXPECT_EQ(run.report.metrics.failed, 1u);
  EXPECT_EQ(run.report.events.failure, 1u);
  EXPECT_EQ(run.report.detailed_exit_code(), 4);
}

TEST(ExecType, MissingCommandFails) {
  auto run = run_apply(one_exec("/nonexistent/command", {}));
  EXPECT_EQ(run.report.metrics.failed, 1u);
  EXPECT_NE(run.all_log().find("Could not find command '/nonexistent/command'"), std::string::npos)
      << run.all_log();
}

TEST(ExecType, UnqualifiedCommandWithoutPathFailsTheRunLikePuppet) {
  auto run = run_apply(one_exec("true", {}));
  EXPECT_FALSE(run.report.transaction_completed);
  EXPECT_TRUE(
      run.logged("err: Validation of Exec[true] failed: 'true' is not qualified and no "
                 "path was specified. Please qualify the command or specify a path."))
      << run.all_log();
}

TEST(ExecType, TimeoutKillsTheCommand) {
  auto start = std::chrono::steady_clock::now();
  auto run = run_apply(one_exec("/bin/sleep 20", {{"timeout", 1}}));
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(10));
  EXPECT_EQ(run.report.metrics.failed, 1u);
  EXPECT_NE(run.all_log().find("Command exceeded timeout"), std::string::npos) << run.all_log();
}

TEST(ExecType, NoopRunsNothingButReportsWhatItWouldDo) {
  TempDir dir;
  std::string marker = dir / "ran";
  auto run = run_apply(one_exec(touch(marker), {}), /*noop=*/true);
  EXPECT_FALSE(std::filesystem::exists(marker));
  EXPECT_TRUE(run.logged("notice: /Stage[main]/Main/Exec[" + touch(marker) +
                         "]/returns: current_value 'notrun', should be ['0'] (noop)"))
      << run.all_log();
}

TEST(ExecCommand, ShellOnlyForWhatRubyWouldGiveToTheShell) {
  namespace ec = ral::exec_command;
  EXPECT_FALSE(ec::needs_shell("/usr/bin/touch /tmp/x"));
  EXPECT_TRUE(ec::needs_shell("/bin/echo a > /tmp/x"));
  EXPECT_TRUE(ec::needs_shell("echo $HOME"));
  EXPECT_TRUE(ec::needs_shell("FOO=bar /usr/bin/env"));
  EXPECT_TRUE(ec::needs_shell("exit 3"));
  EXPECT_EQ(ec::argv("/usr/bin/touch  a\tb"),
            (std::vector<std::string>{"/usr/bin/touch", "a", "b"}));
  EXPECT_EQ(ec::argv("a | b"), (std::vector<std::string>{"/bin/sh", "-c", "a | b"}));
  EXPECT_EQ(ec::executable("\"/opt/my app/run\" --x"), "/opt/my app/run");
}

}  // namespace
}  // namespace marionette::transaction
