// mount's commands as mount_core's provider runs them: each case in fixtures/mount_commands/
// holds fstab, mounts (the table the fake mount lists) and site.pp (paths under $root); puppet is
// what real Puppet 7.23 did with the same fakes first on PATH (written by record-puppet): exit
// code, the resources' log lines in order, the mount/umount argv sequence (the listing, mount,
// umount, remount, an unmount and a mount on refresh without remounts), the fstab and the table
// afterwards. `marionette apply` with the same fakes must do the same.

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "support/command.hpp"

namespace marionette {
namespace {

namespace fs = std::filesystem;
using testing::CommandResult;
using testing::run_command;

const fs::path kCases = fs::path(MARIONETTE_FIXTURES_DIR) / "mount_commands";

std::string read_text(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

void replace_all(std::string& text, const std::string& from, const std::string& to) {
  for (std::size_t at = 0; (at = text.find(from, at)) != std::string::npos; at += to.size()) {
    text.replace(at, from.size(), to);
  }
}

/// The run as record-puppet writes Puppet's: exit code, log lines naming a resource or a failed
/// prefetch (not Info), the fakes' argv log, the fstab without Puppet's HEADER, the table.
std::string outcome(const CommandResult& run, const fs::path& work) {
  std::string text = "exit " + std::to_string(run.exit_code) + "\n--- log\n";
  std::istringstream all(run.out + run.err);
  for (std::string line; std::getline(all, line);) {
    if (line.starts_with("Info")) continue;
    if (line.find("/Stage[main]") == std::string::npos &&
        line.find("Could not prefetch") == std::string::npos) {
      continue;
    }
    replace_all(line, work.string(), "ROOT");
    replace_all(line, (kCases / "bin").string(), "BIN");
    text += line + "\n";
  }
  text += "--- commands\n" + read_text(work / "argv") + "--- fstab\n";
  std::istringstream fstab(read_text(work / "fstab"));
  for (std::string line; std::getline(fstab, line);) {
    if (!line.starts_with("# HEADER")) text += line + "\n";
  }
  return text + "--- mounts\n" + read_text(work / "mounts");
}

class MountCommands : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    work_ = fs::temp_directory_path() /
            ("marionette-mount-commands-" + GetParam() + "-" + std::to_string(::getpid()));
    fs::remove_all(work_);
    fs::create_directories(work_);
    for (const char* name : {"fstab", "mounts"}) fs::copy(kCases / GetParam() / name, work_ / name);
    std::ofstream(work_ / "site.pp") << "$root = '" << work_.string() << "'\n"
                                     << read_text(kCases / GetParam() / "site.pp");
  }
  void TearDown() override { fs::remove_all(work_); }

  fs::path work_;
};

TEST_P(MountCommands, RunsMountAndUmountAsPuppetDoes) {
  const char* path = std::getenv("PATH");
  // Through sh for one stream: errors (stderr) and notices (stdout) in the order written.
  CommandResult run = run_command(
      {"/bin/sh", "-c", "exec \"$0\" \"$@\" 2>&1", MARIONETTE_BINARY, "apply",
       (work_ / "site.pp").string(), "--facts", MARIONETTE_FACTS_FILE, "--statedir",
       (work_ / "state").string(), "--detailed-exitcodes"},
      std::chrono::seconds(60),
      {{"FAKE_MOUNT_DIR", work_.string()},
       {"PATH", (kCases / "bin").string() + ":" + (path ? path : "/usr/bin:/bin")}});
  ASSERT_FALSE(run.timed_out);
  EXPECT_EQ(outcome(run, work_), read_text(kCases / GetParam() / "puppet")) << run.out << run.err;
}

INSTANTIATE_TEST_SUITE_P(Cases, MountCommands,
                         ::testing::Values("mount_absent", "mount_unmounted", "ghost_mounted",
                                           "ghost_unmounted", "unmount", "absent_mounted",
                                           "options_changed", "refresh_remount",
                                           "refresh_without_remount", "refresh_swap", "in_sync",
                                           "two_mounts", "listing_unreadable", "mount_fails",
                                           "prefetch_fails_the_type"));

}  // namespace
}  // namespace marionette
