// The `loglevel` metaparameter: a resource's change and noop lines, a notify's message and an
// exec's output are logged at its level (verbose is info), as Puppet's Event#send_log,
// Notify and Exec do; failures stay errors and "Triggered 'refresh'" stays a notice; a level
// Puppet does not know fails the run before anything is applied. The expected lines are what
// `puppet apply -v` 7.23 printed for the same manifest; with real Puppet installed the test
// also runs it and compares.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "support/command.hpp"
#include "support/scratch_dir.hpp"

namespace marionette {
namespace {

namespace fs = std::filesystem;
using testing::CommandResult;
using testing::find_executable;
using testing::run_command;

class Loglevel : public ::testing::Test {
 protected:
  fs::path manifest(const std::string& text) {
    std::ofstream(dir_ / "site.pp") << text;
    return dir_ / "site.pp";
  }

  std::string manifest_text() const {
    const std::string d = dir_.string();
    return "file { '" + d + "/a': content => 'a', loglevel => info }\n"
           "~> exec { '/bin/echo hi': refreshonly => true, loglevel => info, logoutput => true }\n"
           "file { '" + d + "/b': content => 'b', loglevel => debug, noop => true }\n"
           "notify { 'x': loglevel => alert }\n"
           "notify { 'y': loglevel => verbose }\n";
  }

  /// The run's lines without those that name times, versions or Facter.
  static std::vector<std::string> resource_lines(const std::string& output) {
    std::vector<std::string> lines;
    std::istringstream in(output);
    for (std::string line; std::getline(in, line);) {
      for (const char* skipped : {"Compiled catalog", "Applied catalog", "Using environment",
                                  "configuration version", "Loading facts", "Facter",
                                  "Creating state file"})
        if (line.find(skipped) != std::string::npos) line.clear();
      if (!line.empty()) lines.push_back(line);
    }
    return lines;
  }

  marionette::testing::ScratchDir scratch_{"loglevel"};
  const fs::path& dir_ = scratch_.path();
};

TEST_F(Loglevel, ResourceLinesAreLoggedAtTheResourcesLevel) {
  fs::path site = manifest(manifest_text());
  CommandResult run = run_command({MARIONETTE_BINARY, "apply", "-v", "--color=false", "--facts",
                                   MARIONETTE_FACTS_FILE, "--modulepath", (dir_ / "m").string(),
                                   "--statedir", (dir_ / "state").string(), site.string()},
                                  std::chrono::seconds(30));
  ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
  const std::string a = dir_.string() + "/a";
  std::vector<std::string> expected_out = {
      "Info: /Stage[main]/Main/File[" + a + "]/ensure: defined content as "
      "'{sha256}ca978112ca1bbdcafac231b39a23dc4da786eff8147c4e72b9807785afee48bb'",
      "Info: /Stage[main]/Main/File[" + a + "]: Scheduling refresh of Exec[/bin/echo hi]",
      "Info: /Stage[main]/Main/Exec[/bin/echo hi]/returns: hi",
      "Notice: /Stage[main]/Main/Exec[/bin/echo hi]: Triggered 'refresh' from 1 event",
      "Info: y",
      "Info: /Stage[main]/Main/Notify[y]/message: defined 'message' as 'y'"};
  std::vector<std::string> expected_err = {
      "Alert: x", "Alert: /Stage[main]/Main/Notify[x]/message: defined 'message' as 'x'"};
  EXPECT_EQ(resource_lines(run.out), expected_out) << run.out;
  EXPECT_EQ(resource_lines(run.err), expected_err) << run.err;
}

TEST_F(Loglevel, PuppetAgrees) {
  if (find_executable("puppet").empty()) GTEST_SKIP() << "real Puppet is not installed";
  fs::path site = manifest(manifest_text());
  CommandResult ours = run_command(
      {MARIONETTE_BINARY, "apply", "-v", "--color=false", "--facts", MARIONETTE_FACTS_FILE,
       "--modulepath", (dir_ / "m").string(), "--statedir", (dir_ / "state").string(),
       site.string()},
      std::chrono::seconds(30));
  fs::remove(dir_ / "a");
  fs::remove(dir_ / "b");
  CommandResult puppet = run_command(
      {"puppet", "apply", "-v", "--color=false", "--confdir", (dir_ / "puppet").string(),
       "--vardir", (dir_ / "puppet/var").string(), "--modulepath", (dir_ / "m").string(),
       site.string()},
      std::chrono::seconds(120));
  ASSERT_EQ(puppet.exit_code, 0) << puppet.out << puppet.err;
  EXPECT_EQ(resource_lines(ours.out), resource_lines(puppet.out));
  EXPECT_EQ(resource_lines(ours.err), resource_lines(puppet.err));
}

TEST_F(Loglevel, AnUnknownLevelFailsTheRunBeforeAnythingIsApplied) {
  fs::path site = manifest("notify { 'x': loglevel => bogus }\nfile { '" + dir_.string() +
                           "/c': content => 'c' }\n");
  CommandResult run = run_command(
      {MARIONETTE_BINARY, "apply", "--detailed-exitcodes", "--facts", MARIONETTE_FACTS_FILE,
       "--modulepath", (dir_ / "m").string(), "--statedir", (dir_ / "state").string(),
       site.string()},
      std::chrono::seconds(30));
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_NE(run.err.find("Error: Parameter loglevel failed on Notify[x]: Invalid value \"bogus\". "
                         "Valid values are debug, info, notice, warning, err, alert, emerg, "
                         "crit, verbose. (file: " + site.string() + ", line: 1)"),
            std::string::npos)
      << run.err;
  EXPECT_FALSE(fs::exists(dir_ / "c"));
}

}  // namespace
}  // namespace marionette
