// Usage errors of every subcommand, side by side with real Puppet 7.23: the same exit code (1:
// Puppet exits 1 on every usage error, marionette used to exit 2) and the same first line on
// stderr, with "puppet" read as "marionette". Puppet is run when it is installed (with private
// directories and --color=false); the expected lines below were measured from it too, so
// marionette's half runs without it.

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <regex>

#include "support/command.hpp"

namespace marionette {
namespace {

namespace fs = std::filesystem;
using testing::CommandResult;
using testing::run_command;

struct UsageCase {
  const char* name;
  std::vector<std::string> words;  ///< after `marionette` / `puppet`
  const char* first_error_line;    ///< marionette's; Puppet's the same with puppet → marionette
  bool on_stdout = false;          ///< Puppet prints an unknown subcommand's error on stdout
};

const UsageCase kCases[] = {
    {"ApplyUnknownLongOption",
     {"apply", "--bogus"},
     "Error: Could not parse application options: invalid option: --bogus"},
    {"ApplyUnknownShortFlag",
     {"apply", "-x"},
     "Error: Could not parse application options: invalid option: -x"},
    {"ApplyUnknownFlagInABundle",
     {"apply", "-vx"},
     "Error: Could not parse application options: invalid option: -x"},
    {"ApplyValueOnAFlag",
     {"apply", "--noop=maybe", "-e", "notice(1)"},
     "Error: Could not parse application options: needless argument: --noop=maybe"},
    {"ApplyMissingManifest",
     {"apply", "-v", "/nonexistent-marionette.pp"},
     "Error: Could not run: Could not find file /nonexistent-marionette.pp"},
    {"FactsUnknownOption",
     {"facts", "--bogus"},
     "Error: Could not parse application options: invalid option: --bogus"},
    {"LookupUnknownOption",
     {"lookup", "--bogus"},
     "Error: Could not parse application options: invalid option: --bogus"},
    {"LookupWithoutAKey", {"lookup"}, "Error: Could not run: No keys were given to lookup."},
    {"LookupBadMerge",
     {"lookup", "--merge", "bogus", "key"},
     "Error: Could not run: The --merge option only accepts 'first', 'hash', 'unique', or "
     "'deep'"},
    {"ResourceUnknownOption",
     {"resource", "--bogus"},
     "Error: Could not parse application options: invalid option: --bogus"},
    {"ResourceWithoutAType",
     {"resource"},
     "Error: Could not run: You must specify the type to display"},
    {"ResourceBadAttribute",
     {"resource", "file", "/tmp", "x"},
     "Error: Could not run: Invalid parameter setting x"},
    {"ParserWithoutAnAction",
     {"parser"},
     "Error: 'parser' has no default action.  See `marionette help parser`."},
    {"ParserUnknownAction",
     {"parser", "bogus"},
     "Error: 'parser' has no 'bogus' action.  See `marionette help parser`."},
    {"ParserValidateUnknownOption",
     {"parser", "validate", "--bogus"},
     "Error: Could not parse application options: invalid option: --bogus"},
    {"ConfigWithoutAnAction",
     {"config"},
     "Error: 'config' has no default action.  See `marionette help config`."},
    {"ConfigUnknownAction",
     {"config", "bogus"},
     "Error: 'config' has no 'bogus' action.  See `marionette help config`."},
    {"ConfigPrintUnknownOption",
     {"config", "print", "--bogus"},
     "Error: Could not parse application options: invalid option: --bogus"},
    {"AgentUnknownOption",
     {"agent", "--bogus"},
     "Error: Could not parse application options: invalid option: --bogus"},
    {"AgentTakesNoParameters",
     {"agent", "extra"},
     "Error: Could not prepare for execution: The marionette agent command does not take "
     "parameters"},
    {"UnknownSubcommand", {"bogus"}, "Error: Unknown marionette subcommand 'bogus'", true},
};

/// The first line of `err` that is not Facter complaining about /proc (Puppet's lookup loads
/// facts before it looks at its arguments).
std::string first_error_line(const std::string& err) {
  std::size_t at = 0;
  while (at < err.size()) {
    std::size_t end = err.find('\n', at);
    std::string line = err.substr(at, end == std::string::npos ? std::string::npos : end - at);
    if (line.rfind("Error: Facter:", 0) != 0) return line;
    if (end == std::string::npos) break;
    at = end + 1;
  }
  return "";
}

/// Puppet's words with its own name replaced by ours ("Unknown Puppet subcommand").
std::string as_marionette(const std::string& text) {
  static const std::regex puppet("puppet", std::regex::icase);
  return std::regex_replace(text, puppet, "marionette");
}

class UsageErrors : public ::testing::TestWithParam<UsageCase> {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("marionette-usage-" + std::to_string(getpid()) + "-" + GetParam().name);
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  fs::path dir_;
};

TEST_P(UsageErrors, ExitOneWithPuppetsWords) {
  std::vector<std::string> argv = {MARIONETTE_BINARY};
  argv.insert(argv.end(), GetParam().words.begin(), GetParam().words.end());
  CommandResult ours = run_command(argv, std::chrono::seconds(30), {{"HOME", dir_.string()}});
  EXPECT_EQ(ours.exit_code, 1) << ours.out << ours.err;
  EXPECT_EQ(first_error_line(GetParam().on_stdout ? ours.out : ours.err),
            GetParam().first_error_line)
      << ours.err;
}

TEST_P(UsageErrors, PuppetAgrees) {
  if (testing::find_executable("puppet").empty()) GTEST_SKIP() << "real Puppet is not installed";
  std::vector<std::string> argv = {"puppet"};
  argv.insert(argv.end(), GetParam().words.begin(), GetParam().words.end());
  for (const char* dir : {"confdir", "vardir", "codedir", "logdir", "rundir"})
    argv.insert(argv.end(), {std::string("--") + dir, (dir_ / dir).string()});
  argv.push_back("--color=false");
  CommandResult puppet = run_command(argv, std::chrono::seconds(120), {{"HOME", dir_.string()}});
  ASSERT_FALSE(puppet.timed_out);
  EXPECT_EQ(puppet.exit_code, 1) << puppet.out << puppet.err;
  EXPECT_EQ(as_marionette(first_error_line(GetParam().on_stdout ? puppet.out : puppet.err)),
            GetParam().first_error_line)
      << puppet.err;
}

INSTANTIATE_TEST_SUITE_P(EverySubcommand, UsageErrors, ::testing::ValuesIn(kCases),
                         [](const ::testing::TestParamInfo<UsageCase>& info) {
                           return std::string(info.param.name);
                         });

}  // namespace
}  // namespace marionette
