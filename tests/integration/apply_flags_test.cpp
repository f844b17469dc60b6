// `marionette apply` and `agent` with the flags Puppet users type, each checked against what
// real `puppet apply` 7.23 printed for the same code (recorded below: the same lines on the same
// streams, the same exit code). Timings and configuration versions are masked.

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "support/command.hpp"
#include "support/scratch_dir.hpp"

namespace marionette {
namespace {

namespace fs = std::filesystem;
using testing::CommandResult;
using testing::run_command;

/// "in 0.05 seconds" → "in N seconds", "version '1795661110'" → "version 'V'".
std::string masked(const std::string& text) {
  static const std::regex seconds("in [0-9]+\\.[0-9]+ seconds");
  static const std::regex version("version '[0-9]+'");
  return std::regex_replace(std::regex_replace(text, seconds, "in N seconds"), version,
                            "version 'V'");
}

std::string read_text(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

class ApplyFlags : public ::testing::Test {
 protected:
  /// `marionette apply` with the fixed facts (node web01.example.com) and a private state dir,
  /// as Puppet 7.23 (whose output these tests quote) unless `args` says otherwise.
  CommandResult apply(std::vector<std::string> args) {
    std::vector<std::string> argv = {MARIONETTE_BINARY,     "apply",      "--facts",
                                     MARIONETTE_FACTS_FILE, "--statedir", (dir_ / "state").string(),
                                     "--puppet-compat",     "7"};
    argv.insert(argv.end(), args.begin(), args.end());
    return run_command(argv, std::chrono::seconds(30));
  }

  marionette::testing::ScratchDir scratch_{"apply-flags"};
  const fs::path& dir_ = scratch_.path();
};

constexpr const char* kLevels = "notice(1) info(2) debug(3) warning(4) err(5)";

// puppet apply -e 'notice(1) info(2) debug(3) warning(4) err(5)'; echo $?
//   stdout: Notice: Scope(Class[main]): 1
//           Notice: Compiled catalog for vm in environment production in 0.06 seconds
//           Notice: Applied catalog in 0.04 seconds
//   stderr: Warning: Scope(Class[main]): 4
//           Error: Scope(Class[main]): 5
//   0
TEST_F(ApplyFlags, NoticesOnStdoutWarningsOnStderrInfoAndDebugHidden) {
  CommandResult run = apply({"-e", kLevels});
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_EQ(masked(run.out),
            "Notice: Scope(Class[main]): 1\n"
            "Notice: Compiled catalog for web01.example.com in environment production in N "
            "seconds\n"
            "Notice: Applied catalog in N seconds\n");
  EXPECT_EQ(run.err, "Warning: Scope(Class[main]): 4\nError: Scope(Class[main]): 5\n");
}

// puppet apply -e 'alert(6) crit(7) emerg(8)': stderr "Alert: Scope(Class[main]): 6",
// "Critical: Scope(Class[main]): 7", "Emergency: Scope(Class[main]): 8".
TEST_F(ApplyFlags, AlertCritAndEmergAreErrorsWithTheirOwnLabels) {
  CommandResult run = apply({"-e", "alert(6) crit(7) emerg(8)"});
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_EQ(run.err,
            "Alert: Scope(Class[main]): 6\nCritical: Scope(Class[main]): 7\n"
            "Emergency: Scope(Class[main]): 8\n");
}

// puppet apply -v -e '…' adds, on stdout (after Facter's "Info: Loading facts"):
//   Info: Scope(Class[main]): 2                      (after the notice)
//   Info: Using environment 'production'             (after "Compiled catalog")
//   Info: Applying configuration version '1795661110'
// and puppet's own "Info: Creating state file …/state.yaml" (we keep no state.yaml).
TEST_F(ApplyFlags, VerboseShowsInfoLinesOnStdout) {
  for (const char* flag : {"-v", "--verbose"}) {
    CommandResult run = apply({flag, "-e", kLevels});
    EXPECT_EQ(run.exit_code, 0) << flag;
    EXPECT_EQ(masked(run.out),
              "Notice: Scope(Class[main]): 1\n"
              "Info: Scope(Class[main]): 2\n"
              "Notice: Compiled catalog for web01.example.com in environment production in N "
              "seconds\n"
              "Info: Using environment 'production'\n"
              "Info: Applying configuration version 'V'\n"
              "Notice: Applied catalog in N seconds\n")
        << flag;
    EXPECT_EQ(run.err, "Warning: Scope(Class[main]): 4\nError: Scope(Class[main]): 5\n") << flag;
  }
}

// puppet apply -d: "Debug: Runtime environment: puppet_version=7.23.0, ruby_version=3.1.2,
// run_mode=user, default_encoding=UTF-8" first, "Debug: Scope(Class[main]): 3", all on stdout.
TEST_F(ApplyFlags, DebugShowsDebugLinesOnStdout) {
  CommandResult run = apply({"-d", "-e", kLevels});
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_EQ(run.out.rfind("Debug: Runtime environment: marionette_version=", 0), 0u) << run.out;
  EXPECT_NE(run.out.find(", puppet_version=7.23.0, run_mode=user, default_encoding=UTF-8\n"),
            std::string::npos);
  EXPECT_NE(run.out.find("\nInfo: Scope(Class[main]): 2\nDebug: Scope(Class[main]): 3\n"),
            std::string::npos)
      << run.out;
  EXPECT_EQ(run.err, "Warning: Scope(Class[main]): 4\nError: Scope(Class[main]): 5\n");
}

// puppet apply -d -e 'exec{"/bin/echo hi": unless=>"/bin/false"} notify{"n":
// notify=>Exec["/bin/echo hi"]}' prints on stdout, among Facter's and the settings' debug lines:
//   Info: /Stage[main]/Main/Notify[n]: Scheduling refresh of Exec[/bin/echo hi]
//   Debug: /Stage[main]/Main/Notify[n]: The container Class[Main] will propagate my refresh event
//   Debug: Exec[/bin/echo hi](provider=posix): Executing check '/bin/false'
//   Debug: Executing: '/bin/false'
//   Debug: Exec[/bin/echo hi](provider=posix): Executing '/bin/echo hi'
//   Debug: Executing: '/bin/echo hi'
//   Notice: /Stage[main]/Main/Exec[/bin/echo hi]/returns: executed successfully
// and for `exec{"/bin/echo c": refreshonly=>true}`:
//   Debug: /Stage[main]/Main/Exec[/bin/echo c]: '/bin/echo c' won't be executed because of
//   failed check 'refreshonly'
TEST_F(ApplyFlags, DebugShowsTheRunsOwnDebugLines) {
  CommandResult run = apply({"-d", "-e",
                             "exec { '/bin/echo hi': unless => '/bin/false' } "
                             "notify { 'n': notify => Exec['/bin/echo hi'] } "
                             "exec { '/bin/echo c': refreshonly => true }"});
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find(
                "Info: /Stage[main]/Main/Notify[n]: Scheduling refresh of Exec[/bin/echo hi]\n"
                "Debug: /Stage[main]/Main/Notify[n]: The container Class[Main] will propagate my "
                "refresh event\n"
                "Debug: Exec[/bin/echo hi](provider=posix): Executing check '/bin/false'\n"
                "Debug: Executing: '/bin/false'\n"
                "Debug: Exec[/bin/echo hi](provider=posix): Executing '/bin/echo hi'\n"
                "Debug: Executing: '/bin/echo hi'\n"
                "Notice: /Stage[main]/Main/Exec[/bin/echo hi]/returns: executed successfully\n"),
            std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("Debug: /Stage[main]/Main/Exec[/bin/echo c]: '/bin/echo c' won't be "
                         "executed because of failed check 'refreshonly'\n"),
            std::string::npos)
      << run.out;
  CommandResult quiet = apply({"-e", "notify { 'n': }"});
  EXPECT_EQ(quiet.out.find("Debug:"), std::string::npos) << quiet.out;
}

// echo 'notice(stdin)' | puppet apply   → Notice: Scope(Class[main]): stdin, exit 0.
TEST_F(ApplyFlags, ReadsTheManifestFromStdinWhenNoneIsNamed) {
  std::string command = "echo 'notice(stdin)' | '" + std::string(MARIONETTE_BINARY) +
                        "' apply --facts '" + MARIONETTE_FACTS_FILE + "' --statedir '" +
                        (dir_ / "state").string() + "'";
  CommandResult run = run_command({"/bin/sh", "-c", command}, std::chrono::seconds(30));
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out.rfind("Notice: Scope(Class[main]): stdin\n", 0), 0u) << run.out;
}

// puppet apply -e 'notice(1)' /nonexist.pp: the file is ignored, exit 0.
TEST_F(ApplyFlags, ExecuteWinsOverAManifestFile) {
  CommandResult run = apply({"-e", "notice(1)", (dir_ / "nonexist.pp").string()});
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out.rfind("Notice: Scope(Class[main]): 1\n", 0), 0u) << run.out;
  CommandResult long_form = apply({"--execute=notice(2)"});
  EXPECT_EQ(long_form.out.rfind("Notice: Scope(Class[main]): 2\n", 0), 0u) << long_form.out;
}

// puppet apply -e 'fail("boom")': only the error on stderr, nothing on stdout, exit 1 — no
// "Not using cache on failed catalog", no "Could not retrieve catalog; skipping run".
TEST_F(ApplyFlags, AFailedCompileSaysOnlyTheError) {
  CommandResult run = apply({"-e", "fail('boom')"});
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(run.out, "");
  EXPECT_EQ(run.err.rfind("1:1: error: boom\n", 0), 0u) << run.err;  // no file named, as Puppet's
  EXPECT_EQ(run.err.find("cache"), std::string::npos) << run.err;
  EXPECT_EQ(run.err.find("Could not retrieve catalog"), std::string::npos) << run.err;
}

// puppet apply --detailed_exitcodes and --detailed-exitcodes alike exit 2 after a change;
// -t (--test) implies detailed exit codes and verbose.
TEST_F(ApplyFlags, UnderscoreSpellingsAndTestImplyDetailedExitcodes) {
  for (const char* flag : {"--detailed_exitcodes", "--detailed-exitcodes", "-t", "--test"}) {
    CommandResult run = apply({flag, "-e", "notify { 'hi': }"});
    EXPECT_EQ(run.exit_code, 2) << flag << run.err;
  }
  CommandResult test = apply({"-t", "-e", "notify { 'hi': }"});
  EXPECT_NE(test.out.find("Info: Applying configuration version"), std::string::npos) << test.out;
}

// puppet apply --noop --no-noop: the last one wins, the change is made.
TEST_F(ApplyFlags, NoNoopTurnsNoopOffAgain) {
  fs::path file = dir_ / "made";
  std::string code = "file { '" + file.string() + "': content => 'x' }";
  CommandResult run = apply({"--noop", "--no-noop", "-e", code});
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_TRUE(fs::exists(file));
}

// puppet apply -x hi.pp: "Error: Could not parse application options: invalid option: -x",
// exit 1 (tests/integration/usage_errors_test.cpp holds every subcommand to Puppet's words).
TEST_F(ApplyFlags, UsageErrorsNameTheBadOption) {
  fs::path manifest = dir_ / "hi.pp";
  std::ofstream(manifest) << "notice(1)\n";
  CommandResult run = apply({"-x", manifest.string()});
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(run.err, "Error: Could not parse application options: invalid option: -x\n");
  CommandResult verbose = apply({"-v", manifest.string()});
  EXPECT_EQ(verbose.exit_code, 0) << verbose.err;
}

// puppet apply a.pp b.pp: "Warning: Only one file can be applied per run.  Skipping b.pp" on
// stderr, then a.pp is applied (exit 0); b.pp is never read.
TEST_F(ApplyFlags, OnlyTheFirstOfSeveralManifestsIsApplied) {
  fs::path first = dir_ / "a.pp";
  std::ofstream(first) << "notice('from a')\n";
  fs::path second = dir_ / "b.pp";
  std::ofstream(second) << "notice('from b')\n";
  CommandResult run = apply({first.string(), second.string()});
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.err,
            "Warning: Only one file can be applied per run.  Skipping " + second.string() + "\n");
  EXPECT_NE(run.out.find("Notice: Scope(Class[main]): from a\n"), std::string::npos) << run.out;
  EXPECT_EQ(run.out.find("from b"), std::string::npos) << run.out;
}

// puppet apply --color=true -e 'notice(1) warning(2)' (cat -v):
//   ^[[mNotice: Scope(Class[main]): 1^[[0m            (stdout)
//   ^[[1;33mWarning: Scope(Class[main]): 2^[[0m       (stderr)
// -v: ^[[0;32mInfo: …^[[0m; -d: ^[[0;36mDebug: …^[[0m; err: ^[[1;31mError: …^[[0m.
// --color=false: plain. (Puppet colours piped output too by default; we colour only a terminal.)
TEST_F(ApplyFlags, ColorsLevelsAsPuppetWhenAsked) {
  CommandResult on = apply({"--color=true", "-d", "-e", kLevels});
  EXPECT_NE(on.out.find("\033[mNotice: Scope(Class[main]): 1\033[0m\n"), std::string::npos);
  EXPECT_NE(on.out.find("\033[0;32mInfo: Scope(Class[main]): 2\033[0m\n"), std::string::npos);
  EXPECT_NE(on.out.find("\033[0;36mDebug: Scope(Class[main]): 3\033[0m\n"), std::string::npos);
  EXPECT_EQ(on.err,
            "\033[1;33mWarning: Scope(Class[main]): 4\033[0m\n"
            "\033[1;31mError: Scope(Class[main]): 5\033[0m\n");
  CommandResult ansi = apply({"--color", "ansi", "-e", "warning(1)"});
  EXPECT_EQ(ansi.err, "\033[1;33mWarning: Scope(Class[main]): 1\033[0m\n");
  for (std::vector<std::string> plain :
       {std::vector<std::string>{"--color=false"}, std::vector<std::string>{}}) {
    plain.insert(plain.end(), {"-e", kLevels});
    CommandResult run = apply(plain);
    EXPECT_EQ(run.out.find('\033'), std::string::npos) << run.out;
    EXPECT_EQ(run.err.find('\033'), std::string::npos) << run.err;
  }
}

// puppet apply --logdest /tmp/x.log -e 'notice(1) warning(2)': nothing on the console; the file
// gets "2026-11-26 02:51:35 +0000 Scope(Class[main]) (notice): 1",
// "… Scope(Class[main]) (warning): 2", "… Puppet (notice): Compiled catalog for vm in …".
// --logdest console,FILE writes both.
TEST_F(ApplyFlags, LogdestWritesPuppetShapedLinesToAFile) {
  fs::path log = dir_ / "x.log";
  CommandResult run = apply({"--logdest", log.string(), "-e", "notice(1) warning(2)"});
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_EQ(run.out, "");
  EXPECT_EQ(run.err, "");
  std::string text = read_text(log);
  const std::string stamp = "[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2} [+-][0-9]{4} ";
  EXPECT_TRUE(std::regex_search(
      text, std::regex("^" + stamp + "Scope\\(Class\\[main\\]\\) \\(notice\\): 1\n" + stamp +
                       "Scope\\(Class\\[main\\]\\) \\(warning\\): 2\n" + stamp +
                       "Puppet \\(notice\\): Compiled catalog for web01.example.com")))
      << text;

  fs::path both = dir_ / "y.log";
  CommandResult twice = apply({"-l", "console," + both.string(), "-e", "notice(1)"});
  EXPECT_EQ(twice.out.rfind("Notice: Scope(Class[main]): 1\n", 0), 0u) << twice.out;
  EXPECT_NE(read_text(both).find("Scope(Class[main]) (notice): 1\n"), std::string::npos);
}

// puppet apply -v --evaltrace -e 'file{"/tmp/cf/t1": content=>"a\n"} notify{"hi":}':
//   Info: /Stage[main]/Main/File[/tmp/cf/t1]: Starting to evaluate the resource (5 of 15)
//   Notice: /Stage[main]/Main/File[/tmp/cf/t1]/ensure: defined content as '{sha256}8742…'
//   Info: /Stage[main]/Main/File[/tmp/cf/t1]: Evaluated in 0.03 seconds
// (Puppet counts its stages, classes, schedules and filebucket too; we count resources.)
TEST_F(ApplyFlags, EvaltraceTimesEachResource) {
  CommandResult run = apply({"-v", "--evaltrace", "-e", "notify { 'hi': }"});
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(masked(run.out).find(
                "Info: /Stage[main]/Main/Notify[hi]: Starting to evaluate the resource (1 of 1)\n"
                "Notice: hi\n"
                "Notice: /Stage[main]/Main/Notify[hi]/message: defined 'message' as 'hi'\n"
                "Info: /Stage[main]/Main/Notify[hi]: Evaluated in N seconds\n"),
            std::string::npos)
      << run.out;
  CommandResult quiet = apply({"--evaltrace", "-e", "notify { 'hi': }"});
  EXPECT_EQ(quiet.out.find("Starting to evaluate"), std::string::npos);  // info: needs -v
}

// openvox8 apply -d and --summarize name OpenVox's version, 8.28.1, where Puppet 7 names 7.23.0.
TEST_F(ApplyFlags, VersionShownIsThatOfThePuppetFollowed) {
  CommandResult run =
      apply({"--puppet-compat", "8", "-d", "--summarize", "-e", "notify { 'hi': }"});
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find(", puppet_version=8.28.1, run_mode=user"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("\n           Puppet: 8.28.1\n"), std::string::npos) << run.out;
}

// puppet apply --summarize -e 'file{"/tmp/cf/t1": content=>"a\n"} notify{"hi":}' ends with
//   Application:\n   Initial environment: production\n   Converged environment: production\n
//            Run mode: user\n Changes:\n            Total: 2\n Events:\n          Success: 2\n
//               Total: 2\n Resources:\n          Changed: 2\n      Out of sync: 2\n
//               Total: 9\n Time:\n  … (sorted by value, Total last)\n Version:\n
//              Config: 1795661581\n           Puppet: 7.23.0
// (Puppet's totals count its schedules, stages and filebucket; ours only the resources.)
TEST_F(ApplyFlags, SummarizePrintsPuppetsSummary) {
  std::string code =
      "file { '" + (dir_ / "t1").string() + "': content => \"a\\n\" } " + "notify { 'hi': }";
  CommandResult run = apply({"--summarize", "-e", code});
  EXPECT_EQ(run.exit_code, 0) << run.err;
  std::string out = run.out.substr(run.out.find("Application:"));
  EXPECT_EQ(out.rfind("Application:\n"
                      "   Initial environment: production\n"
                      "   Converged environment: production\n"
                      "         Run mode: user\n"
                      "Changes:\n"
                      "            Total: 2\n"
                      "Events:\n"
                      "          Success: 2\n"
                      "            Total: 2\n"
                      "Resources:\n"
                      "          Changed: 2\n"
                      "      Out of sync: 2\n"
                      "            Total: 2\n"
                      "Time:\n",
                      0),
            0u)
      << out;
  EXPECT_TRUE(std::regex_search(out, std::regex("\n             File: [0-9]+\\.[0-9]{2}\n")))
      << out;
  EXPECT_TRUE(std::regex_search(
      out, std::regex("\n            Total: [0-9.]+\nVersion:\n           Config: [0-9]+\n"
                      "           Puppet: 7\\.23\\.0\n$")))
      << out;
  // Nothing changed: the zero lines are left out, as Puppet's "Changes:\nEvents:\n".
  std::string unchanged = "file { '" + (dir_ / "t1").string() + "': content => \"a\\n\" }";
  CommandResult again = apply({"--summarize", "-e", unchanged});
  EXPECT_NE(again.out.find("Changes:\nEvents:\nResources:\n            Total: 1\n"),
            std::string::npos)
      << again.out;
}

TEST_F(ApplyFlags, CertnameNamesTheNode) {
  CommandResult run =
      apply({"--certname", "db01.example.com", "-e", "notice($trusted['certname'])"});
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("Notice: Scope(Class[main]): db01.example.com\n"
                         "Notice: Compiled catalog for db01.example.com in environment"),
            std::string::npos)
      << run.out;
}

// puppet agent -t: onetime, verbose, detailed exit codes (2 after a change).
TEST_F(ApplyFlags, AgentTestRunsOnceVerboselyWithDetailedExitcodes) {
  fs::path manifest = dir_ / "site.pp";
  std::ofstream(manifest) << "notify { 'hi': }\n";
  CommandResult run =
      run_command({MARIONETTE_BINARY, "agent", "-t", "--no-snmp", "--manifest", manifest.string(),
                   "--facts", MARIONETTE_FACTS_FILE, "--statedir", (dir_ / "state").string()},
                  std::chrono::seconds(60));
  EXPECT_EQ(run.exit_code, 2) << run.out << run.err;
  EXPECT_NE(run.out.find("Info: Applying configuration version"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("Notice: hi"), std::string::npos) << run.out;
}

// puppet agent --no-noop: a boolean setting turned off on the command line over puppet.conf's
// `noop = true`; here over marionette.yaml's `noop: true`.
TEST_F(ApplyFlags, AgentNoNoopOverridesTheConfigFile) {
  fs::path made = dir_ / "made";
  fs::path manifest = dir_ / "site.pp";
  std::ofstream(manifest) << "file { '" << made.string() << "': content => 'x' }\n";
  fs::path config = dir_ / "marionette.yaml";
  std::ofstream(config) << "noop: true\n";
  std::vector<std::string> argv = {
      MARIONETTE_BINARY,     "agent",           "--onetime",
      "--no-snmp",           "--config",        config.string(),
      "--manifest",          manifest.string(), "--facts",
      MARIONETTE_FACTS_FILE, "--statedir",      (dir_ / "state").string()};
  CommandResult noop = run_command(argv, std::chrono::seconds(60));
  EXPECT_EQ(noop.exit_code, 0) << noop.err;
  EXPECT_FALSE(fs::exists(made));
  argv.push_back("--no-noop");
  CommandResult run = run_command(argv, std::chrono::seconds(60));
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_TRUE(fs::exists(made));
}

}  // namespace
}  // namespace marionette
