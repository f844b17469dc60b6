// `marionette agent --no-daemonize -t` / `--onetime` on the console, as `puppet agent -t` 7.23
// prints: no timestamps (Puppet's console never has them; its log files and syslog do),
// `Info:`/`Notice:` on stdout, Puppet's colours with --color, and --summarize's summary after
// the run. `puppet agent -t --server 127.0.0.1 --masterport 1`, run against nothing, prints
//   ^[[1;31mError: Connection to https://127.0.0.1:1/puppet-ca/v1 failed, trying next route: …
// on stderr: the level's colour, no time. Puppet's --logdest FILE lines are
//   2026-11-26 06:15:08 +0000 Puppet (err): …

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

class AgentConsole : public ::testing::Test {
 protected:
  void SetUp() override {
    std::ofstream(dir_ / "site.pp") << "notify { 'hi': }\n";
  }

  CommandResult agent(const std::vector<std::string>& extra) {
    std::vector<std::string> argv = {MARIONETTE_BINARY,
                                     "agent",
                                     "--no-daemonize",
                                     "--no-snmp",
                                     "--manifest",
                                     (dir_ / "site.pp").string(),
                                     "--facts",
                                     MARIONETTE_FACTS_FILE,
                                     "--statedir",
                                     (dir_ / "state").string()};
    argv.insert(argv.end(), extra.begin(), extra.end());
    return run_command(argv, std::chrono::seconds(60));
  }

  marionette::testing::ScratchDir scratch_{"agent-console"};
  const fs::path& dir_ = scratch_.path();
};

/// Every line starts with a level's label, never with a date.
void expect_puppet_console_lines(const std::string& text) {
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);)
    EXPECT_TRUE(std::regex_search(line, std::regex("^(Debug|Info|Notice|Warning|Error): ")))
        << "a console line not as Puppet prints it: " << line;
}

TEST_F(AgentConsole, TestRunPrintsPuppetsLinesWithoutTimestamps) {
  CommandResult run = agent({"-t"});
  EXPECT_EQ(run.exit_code, 2) << run.out << run.err;
  EXPECT_NE(run.out.find("\nInfo: Applying configuration version '"), std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("\nNotice: /Stage[main]/Main/Notify[hi]/message: defined 'message' as "
                         "'hi'\n"),
            std::string::npos)
      << run.out;
  expect_puppet_console_lines(run.out);
  expect_puppet_console_lines(run.err);

  CommandResult onetime = agent({"--onetime"});
  EXPECT_EQ(onetime.exit_code, 0) << onetime.out << onetime.err;
  EXPECT_NE(onetime.out.find("Notice: Applied catalog in "), std::string::npos) << onetime.out;
  expect_puppet_console_lines(onetime.out);
}

TEST_F(AgentConsole, ColorAsPuppetsLevelsWhenAsked) {
  CommandResult colored = agent({"-t", "--color=true"});
  EXPECT_EQ(colored.exit_code, 2) << colored.err;
  EXPECT_NE(colored.out.find("\033[0;32mInfo: Applying configuration version"), std::string::npos)
      << colored.out;
  EXPECT_NE(colored.out.find("\033[mNotice: /Stage[main]/Main/Notify[hi]/message"),
            std::string::npos)
      << colored.out;

  CommandResult piped = agent({"-t"});  // not a terminal, not forced: plain
  EXPECT_EQ(piped.out.find('\033'), std::string::npos) << piped.out;
  CommandResult off = agent({"-t", "--color", "false"});
  EXPECT_EQ(off.out.find('\033'), std::string::npos) << off.out;
}

TEST_F(AgentConsole, SummarizePrintsTheSummaryAfterTheRun) {
  CommandResult run = agent({"--onetime", "--summarize"});
  EXPECT_EQ(run.exit_code, 0) << run.err;
  const std::size_t application = run.out.find("Application:\n");
  ASSERT_NE(application, std::string::npos) << run.out;
  EXPECT_GT(application, run.out.find("Notice: Applied catalog in ")) << "after the run";
  const std::string summary = run.out.substr(application);
  // Puppet sorts a section's lines by value: "agent" before "production".
  EXPECT_EQ(summary.rfind("Application:\n"
                          "         Run mode: agent\n"
                          "   Initial environment: production\n"
                          "   Converged environment: production\n"
                          "Changes:\n"
                          "            Total: 1\n",
                          0),
            0u)
      << summary;
  EXPECT_NE(summary.find("Version:\n"), std::string::npos) << summary;

  CommandResult without = agent({"--onetime"});
  EXPECT_EQ(without.out.find("Application:"), std::string::npos) << without.out;
}

TEST_F(AgentConsole, LogdestFileLinesAreTimestampedAsPuppets) {
  const fs::path log = dir_ / "agent.log";
  CommandResult run = agent({"--onetime", "--logdest", log.string()});
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out.find("Applied catalog"), std::string::npos) << run.out;
  std::ifstream in(log);
  std::stringstream text;
  text << in.rdbuf();
  const std::string stamp = "[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2} [+-][0-9]{4} ";
  EXPECT_TRUE(std::regex_search(text.str(),
                                std::regex(stamp + "Puppet \\(notice\\): Applied catalog in ")))
      << text.str();
}

}  // namespace
}  // namespace marionette
