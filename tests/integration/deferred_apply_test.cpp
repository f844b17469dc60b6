// Deferred values are calls the agent makes when it applies the catalog: Puppet 7
// (preprocess_deferred = true) makes them all before applying anything; Puppet/OpenVox 8
// (preprocess_deferred = false) makes each one when its resource's turn comes, after the
// resources it depends on. The expected outcomes are what `puppet apply` 7.23 and
// `openvox8 apply` 8.28.1 did with the same manifest (fresh confdir/vardir each):
//   Puppet 7:  exit 1, nothing applied, "Error: Could not find any files from ROOT/made".
//   OpenVox 8: exit 1; ROOT, ROOT/greeting ("a-b") and ROOT/made made, "Notice: made in this
//              run" and ".../Notify[reads-made]/message: defined 'message' as "made in this
//              run\n"", then "Error: Failed to apply catalog: deferred failure"; ROOT/after not
//              made.
// A Puppet 7 agent run that fails in a Deferred call still ends as every run does: the
// configurer's report is saved and last_run_summary.yaml written (`puppet apply` resolves
// before its configurer runs and writes neither, as `puppet apply` 7.23 showed). Two files that are one path
// after munging (ROOT/dup, then ROOT//dup) are Puppet's duplicate when one holds a Deferred too:
// `openvox8 apply` fails before applying anything, as it does when neither holds one, with
// `Error: Cannot alias File[ROOT//dup] to ["ROOT/dup"] at (file: SITE, line: 4); resource
// ["File", "ROOT/dup"] already declared (file: SITE, line: 3)` (so does Puppet 7's apply).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "support/command.hpp"
#include "support/scratch_dir.hpp"

namespace marionette {
namespace {

namespace fs = std::filesystem;
using testing::CommandResult;
using testing::run_command;

std::string read_file(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

class DeferredApply : public ::testing::Test {
 protected:
  CommandResult apply_manifest(const std::string& compat, const std::string& manifest) {
    std::ofstream(dir_ / "site.pp") << "$root = '" << out_.string() << "'\n" << manifest;
    return run_command(
        {MARIONETTE_BINARY, "apply", "--facts", MARIONETTE_FACTS_FILE, "--statedir",
         (dir_ / "state").string(), "--puppet-compat", compat, (dir_ / "site.pp").string()},
        std::chrono::seconds(60));
  }

  CommandResult agent_once(const std::string& compat) {
    return run_command({MARIONETTE_BINARY, "agent", "--no-daemonize", "--onetime", "--no-snmp",
                        "--facts", MARIONETTE_FACTS_FILE, "--statedir", (dir_ / "state").string(),
                        "--puppet-compat", compat, "--manifest", (dir_ / "site.pp").string()},
                       std::chrono::seconds(60));
  }

  CommandResult apply(const std::string& compat) {
    const std::string root = out_.string();
    std::ofstream(dir_ / "site.pp")
        << "$root = '" << root << "'\n"
        << "file { $root: ensure => directory }\n"
           "file { \"${root}/greeting\": content => Deferred('sprintf', ['%s-%s', 'a', 'b']) }\n"
           "file { \"${root}/made\": content => \"made in this run\\n\",\n"
           "  require => File[\"${root}/greeting\"] }\n"
           "-> notify { 'reads-made': message => Deferred('file', [\"${root}/made\"]) }\n"
           "-> notify { 'fails': message => Deferred('fail', ['deferred failure']) }\n"
           "-> file { \"${root}/after\": content => \"after\\n\" }\n";
    return run_command(
        {MARIONETTE_BINARY, "apply", "--facts", MARIONETTE_FACTS_FILE, "--statedir",
         (dir_ / "state").string(), "--puppet-compat", compat, (dir_ / "site.pp").string()},
        std::chrono::seconds(60));
  }

  marionette::testing::ScratchDir scratch_{"deferred-apply"};
  const fs::path& dir_ = scratch_.path();
  const fs::path out_ = dir_ / "out";
};

TEST_F(DeferredApply, Puppet7CallsThemAllBeforeApplyingAnything) {
  CommandResult run = apply("7");
  EXPECT_EQ(run.exit_code, 1) << run.out << run.err;
  EXPECT_FALSE(fs::exists(out_)) << run.out;
  EXPECT_NE(run.err.find("Error: Could not find any files from " + (out_ / "made").string() + "\n"),
            std::string::npos)
      << run.err;
  EXPECT_EQ(run.out.find("Failed to apply catalog"), std::string::npos) << run.out;
}

TEST_F(DeferredApply, Puppet8CallsEachWhenItsResourceComes) {
  CommandResult run = apply("8");
  EXPECT_EQ(run.exit_code, 1) << run.out << run.err;
  EXPECT_EQ(read_file(out_ / "greeting"), "a-b");
  EXPECT_EQ(read_file(out_ / "made"), "made in this run\n");
  EXPECT_FALSE(fs::exists(out_ / "after"));
  const std::string all = run.out + run.err;
  const std::size_t notice = all.find("Notice: made in this run\n");
  const std::size_t error = all.find("Error: Failed to apply catalog: deferred failure\n");
  EXPECT_NE(notice, std::string::npos) << all;
  EXPECT_NE(all.find("/Notify[reads-made]/message: defined 'message' as \"made in this run\\n\"\n"),
            std::string::npos)
      << all;
  EXPECT_NE(error, std::string::npos) << all;
  EXPECT_LT(notice, error) << all;
}

TEST_F(DeferredApply, Puppet7AgentRunWhoseCallFailsStillEndsWithItsReport) {
  apply("7");  // writes site.pp; apply saves nothing when a call fails
  EXPECT_FALSE(fs::exists(dir_ / "state" / "last_run_report.yaml"));
  CommandResult run = agent_once("7");
  EXPECT_FALSE(fs::exists(out_)) << run.out << run.err;
  const std::string all = run.out + run.err;
  EXPECT_NE(all.find("Failed to apply catalog: Could not find any files from"), std::string::npos)
      << all;
  const std::string summary = read_file(dir_ / "state" / "last_run_summary.yaml");
  EXPECT_NE(summary.find("puppet: 7."), std::string::npos) << summary;
  const std::string report = read_file(dir_ / "state" / "last_run_report.yaml");
  EXPECT_NE(report.find("Failed to apply catalog: Could not find any files from"),
            std::string::npos)
      << report;
}

TEST_F(DeferredApply, Puppet8DuplicateHoldingADeferredFailsBeforeApplying) {
  for (const char* content : {"'plain'", "Deferred('sprintf', ['%s', 'late'])"}) {
    fs::remove_all(out_);
    CommandResult run = apply_manifest(
        "8", std::string("file { $root: ensure => directory }\n"
                         "file { \"${root}/dup\": content => 'first' }\n"
                         "file { \"${root}//dup\": content => ") +
                 content + " }\n");
    EXPECT_EQ(run.exit_code, 1) << content << run.out << run.err;
    const std::string site = (dir_ / "site.pp").string();
    const std::string dup = (out_ / "dup").string();
    EXPECT_NE(run.err.find("Error: Cannot alias File[" + out_.string() + "//dup] to [\"" + dup +
                           "\"] at (file: " + site + ", line: 4); resource [\"File\", \"" + dup +
                           "\"] already declared (file: " + site + ", line: 3)\n"),
              std::string::npos)
        << content << run.err;
    EXPECT_FALSE(fs::exists(out_)) << content;
  }
}

}  // namespace
}  // namespace marionette
