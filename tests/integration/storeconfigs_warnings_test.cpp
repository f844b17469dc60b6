// Without storeconfigs an exported resource and an exported collector each warn, as Puppet's
// RT_NO_STORECONFIGS_EXPORT and RT_NO_STORECONFIGS issues do, at the expression's place: the
// expected lines are what `puppet apply --noop` 7.23 printed for the same manifest; with real
// Puppet installed the test also runs it and compares. With storeconfigs on, neither warns.
#include <gtest/gtest.h>

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

constexpr const char* kManifest =
    "@notify { 'virtual': }\n"
    "@@notify { 'exported': }\n"
    "notify { 'plain': }\n"
    "  Notify <<| |>> { message => 'overridden' }\n"
    "  @@  notify { 'spaced': }\n"  // the expression starts at its `@@`, not at its type
    "@@\n"
    "  notify { 'next line': }\n";

/// The run's warnings about storeconfigs.
std::vector<std::string> storeconfigs_warnings(const std::string& output) {
  std::vector<std::string> lines;
  std::istringstream in(output);
  for (std::string line; std::getline(in, line);)
    if (line.find("storeconfigs") != std::string::npos) lines.push_back(line);
  return lines;
}

class StoreconfigsWarnings : public ::testing::Test {
 protected:
  void SetUp() override { std::ofstream(site_) << kManifest; }

  CommandResult ours(std::vector<std::string> extra = {}) {
    std::vector<std::string> argv = {MARIONETTE_BINARY, "apply",
                                     "--noop",          "--color=false",
                                     "--facts",         MARIONETTE_FACTS_FILE,
                                     "--statedir",      (dir_ / "state").string()};
    argv.insert(argv.end(), extra.begin(), extra.end());
    argv.push_back(site_.string());
    return run_command(argv, std::chrono::seconds(30));
  }

  std::vector<std::string> expected() const {
    const std::string where = " (file: " + site_.string() + ", line: ";
    return {
        "Warning: You cannot collect exported resources without storeconfigs being set; the "
        "export is ignored" +
            where + "2, column: 1)",
        "Warning: You cannot collect exported resources without storeconfigs being set; the "
        "collection will be ignored" +
            where + "4, column: 3)",
        "Warning: You cannot collect exported resources without storeconfigs being set; the "
        "export is ignored" +
            where + "5, column: 3)",
        "Warning: You cannot collect exported resources without storeconfigs being set; the "
        "export is ignored" +
            where + "6, column: 1)"};
  }

  marionette::testing::ScratchDir scratch_{"storeconfigs-warnings"};
  const fs::path& dir_ = scratch_.path();
  const fs::path site_ = dir_ / "site.pp";
};

TEST_F(StoreconfigsWarnings, AnExportAndAnExportedCollectorWarnWithoutStoreconfigs) {
  CommandResult run = ours();
  ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
  EXPECT_EQ(storeconfigs_warnings(run.out + run.err), expected()) << run.out << run.err;
}

TEST_F(StoreconfigsWarnings, NoneWithStoreconfigs) {
  CommandResult run = ours({"--storeconfigs"});
  EXPECT_EQ(storeconfigs_warnings(run.out + run.err), std::vector<std::string>())
      << run.out << run.err;
}

TEST_F(StoreconfigsWarnings, PuppetAgrees) {
  if (find_executable("puppet").empty()) GTEST_SKIP() << "real Puppet is not installed";
  CommandResult puppet =
      run_command({"puppet", "apply", "--noop", "--color=false", "--confdir",
                   (dir_ / "puppet").string(), "--vardir", (dir_ / "puppet/var").string(),
                   "--codedir", (dir_ / "puppet/code").string(), site_.string()},
                  std::chrono::seconds(120));
  ASSERT_EQ(puppet.exit_code, 0) << puppet.out << puppet.err;
  EXPECT_EQ(storeconfigs_warnings(puppet.out + puppet.err), expected()) << puppet.err;
  CommandResult run = ours();
  EXPECT_EQ(storeconfigs_warnings(run.out + run.err),
            storeconfigs_warnings(puppet.out + puppet.err));
}

}  // namespace
}  // namespace marionette
