// The agent as a daemon, driven for real: `marionette agent` processes on short run intervals
// (without SNMP, counters in the state dir), signalled, locked out, reconfigured and asked
// about with `marionette status`.

#include <gtest/gtest.h>
#include <signal.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "support/child_process.hpp"
#include "support/command.hpp"
#include "support/wait_until.hpp"

namespace marionette {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using testing::ChildProcess;
using testing::run_command;

std::size_t count_of(const std::string& text, const std::string& part) {
  std::size_t count = 0;
  for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++count;
  return count;
}

std::string read_file(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

class AgentDaemon : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "marionette-daemon-XXXXXX").string();
    dir_ = ::mkdtemp(pattern.data());
    fs::create_directories(dir_ / "managed");
    write_manifest("notify { 'hello': message => 'hello from the daemon test' }\n");
  }

  void TearDown() override {
    agent_.reset();
    fs::remove_all(dir_);
  }

  void write_manifest(const std::string& text) { std::ofstream(dir_ / "site.pp") << text; }

  /// A manifest whose exec sleeps `seconds` (after touching managed/slow-started), with
  /// resources that must come after it.
  void write_slow_manifest(int seconds) {
    const std::string m = (dir_ / "managed").string();
    write_manifest("exec { 'slow': command => \"/bin/sh -c 'touch " + m + "/slow-started; sleep " +
                   std::to_string(seconds) + "; touch " + m + "/slow-done'\" }\n" + "file { '" + m +
                   "/after': ensure => file, require => Exec['slow'] }\n" +
                   "notify { 'last': require => File['" + m + "/after'] }\n");
  }

  std::vector<std::string> agent_argv(const std::vector<std::string>& extra) const {
    std::vector<std::string> argv = {
        MARIONETTE_BINARY,     "agent",      "--no-daemonize", "--manifest", site(), "--facts",
        MARIONETTE_FACTS_FILE, "--statedir", state().string(), "--no-snmp"};
    argv.insert(argv.end(), extra.begin(), extra.end());
    return argv;
  }

  void start_agent(const std::vector<std::string>& extra) {
    agent_ = std::make_unique<ChildProcess>(agent_argv(extra),
                                            dir_ / ("agent-" + std::to_string(++agents_) + ".log"));
  }

  std::string site() const { return (dir_ / "site.pp").string(); }
  fs::path state() const { return dir_ / "state"; }

  /// Waits until the agent has printed `part` at least `times` times; false after `timeout`.
  bool wait_for(const std::string& part, std::size_t times = 1,
                std::chrono::milliseconds timeout = 20s) {
    return testing::wait_until([&] { return count_of(agent_->output(), part) >= times; }, timeout);
  }

  /// The "state" field of agent_state.json ("" when unreadable), polled until it is `wanted`.
  bool wait_for_state(const std::string& wanted, std::chrono::milliseconds timeout = 20s) {
    return testing::wait_until([&] { return agent_state().value("state", "") == wanted; }, timeout);
  }

  /// agent_state.json as an object (empty when unreadable).
  nlohmann::json agent_state() const {
    auto json = nlohmann::json::parse(read_file(state() / "agent_state.json"), nullptr, false);
    return json.is_object() ? json : nlohmann::json::object();
  }

  testing::CommandResult status() const {
    return run_command({MARIONETTE_BINARY, "status", "--statedir", state().string()});
  }

  fs::path dir_;
  std::unique_ptr<ChildProcess> agent_;
  int agents_ = 0;
};

TEST_F(AgentDaemon, RunsOnScheduleAndOnUsr1) {
  start_agent({"--runinterval", "1"});
  ASSERT_TRUE(wait_for("Notice: Applied catalog", 3, 15s)) << agent_->output();

  // A long interval: only SIGUSR1 starts the next run.
  agent_->signal(SIGTERM);
  ASSERT_EQ(agent_->wait(10s), 0) << agent_->output();
  start_agent({"--runinterval", "1h"});
  ASSERT_TRUE(wait_for("Notice: Applied catalog")) << agent_->output();
  // Idle after it, with the next run scheduled an hour later: nothing but USR1 comes before.
  ASSERT_TRUE(wait_for_state("idle")) << agent_->output();
  const nlohmann::json idle = agent_state();
  ASSERT_TRUE(idle["next_run"].is_number()) << idle.dump();
  EXPECT_GE(idle["next_run"].get<std::int64_t>() - idle["updated_at"].get<std::int64_t>(), 3590)
      << idle.dump();
  EXPECT_EQ(count_of(agent_->output(), "Notice: Applied catalog"), 1u) << agent_->output();
  agent_->signal(SIGUSR1);
  EXPECT_TRUE(wait_for("Notice: Applied catalog", 2, 10s)) << agent_->output();
  EXPECT_NE(agent_->output().find("Caught USR1; starting a run"), std::string::npos);
  agent_->signal(SIGTERM);
  EXPECT_EQ(agent_->wait(10s), 0) << agent_->output();
  EXPECT_NE(agent_->output().find("Notice: Caught TERM; exiting"), std::string::npos);
}

TEST_F(AgentDaemon, HupReloadsTheConfigurationAndKeepsTheOldOneWhenBroken) {
  const fs::path config = dir_ / "marionette.yaml";
  std::ofstream(config) << "runinterval: 1h\n";
  start_agent({"--config", config.string()});
  ASSERT_TRUE(wait_for("Notice: Applied catalog")) << agent_->output();

  // A new interval and noop: the runs come every second now, and change nothing.
  std::ofstream(config) << "runinterval: 1\nnoop: true\n";
  agent_->signal(SIGHUP);
  ASSERT_TRUE(wait_for("Reloaded the configuration; run interval 1 seconds, noop", 1, 10s))
      << agent_->output();
  ASSERT_TRUE(wait_for("Notice: Applied catalog", 3, 10s)) << agent_->output();
  EXPECT_NE(agent_->output().find("(noop)"), std::string::npos) << agent_->output();

  // A broken file: the error names it, line and column; the agent goes on with the old settings.
  std::ofstream(config) << "runinterval: 1\nnoop: maybe\n";
  agent_->signal(SIGHUP);
  ASSERT_TRUE(wait_for("Could not reload the configuration; keeping the current one", 1, 10s))
      << agent_->output();
  EXPECT_NE(agent_->output().find(config.string() + ":2:7: error: setting 'noop'"),
            std::string::npos)
      << agent_->output();
  std::size_t runs = count_of(agent_->output(), "Notice: Applied catalog");
  EXPECT_TRUE(wait_for("Notice: Applied catalog", runs + 2, 10s)) << agent_->output();
  EXPECT_FALSE(agent_->wait(10ms).has_value()) << "the agent died of a bad configuration";
  agent_->signal(SIGTERM);
  EXPECT_EQ(agent_->wait(10s), 0) << agent_->output();
}

TEST_F(AgentDaemon, TermDuringARunFinishesTheResourceAndSkipsTheRest) {
  write_slow_manifest(2);
  start_agent({"--runinterval", "1h"});
  ASSERT_TRUE(wait_for_state("applying")) << agent_->output();
  ASSERT_TRUE(testing::wait_until([&] { return fs::exists(dir_ / "managed/slow-started"); }, 20s))
      << agent_->output();  // the exec is sleeping now
  agent_->signal(SIGTERM);
  ASSERT_EQ(agent_->wait(15s), 0) << agent_->output();
  EXPECT_TRUE(fs::exists(dir_ / "managed/slow-done")) << "the running exec was not finished";
  EXPECT_FALSE(fs::exists(dir_ / "managed/after")) << "a resource after the stop was applied";
  const std::string log = agent_->output();
  EXPECT_NE(log.find("Caught TERM; exiting"), std::string::npos) << log;
  EXPECT_NE(log.find("Applied catalog"), std::string::npos) << "no report was written:\n" << log;
  YAML::Node summary = YAML::LoadFile((state() / "last_run_summary.yaml").string());
  EXPECT_EQ(summary["resources"]["skipped"].as<int>(), 2);
  EXPECT_EQ(summary["resources"]["changed"].as<int>(), 1);
  YAML::Node report = YAML::LoadFile((state() / "last_run_report.yaml").string());
  EXPECT_TRUE(report["resource_statuses"]);
  EXPECT_FALSE(fs::exists(state() / "agent_catalog_run.lock"));
  auto json = nlohmann::json::parse(read_file(state() / "agent_state.json"));
  EXPECT_EQ(json["state"], "stopped");
}

TEST_F(AgentDaemon, ASecondRunWhileTheAgentRunsSaysWhoHoldsTheLockOrWaits) {
  write_slow_manifest(3);
  start_agent({"--runinterval", "1h"});
  ASSERT_TRUE(wait_for_state("applying")) << agent_->output();
  const std::string other = (dir_ / "other.pp").string();
  std::ofstream(other) << "notify { 'other': }\n";
  const std::string pid = std::to_string(agent_->pid());

  auto refused = run_command({MARIONETTE_BINARY, "apply", other, "--facts", MARIONETTE_FACTS_FILE,
                              "--statedir", state().string()});
  EXPECT_EQ(refused.exit_code, 1) << refused.out << refused.err;
  EXPECT_NE(refused.out.find("Notice: Run of marionette already in progress (pid " + pid +
                             "); skipping  (" + (state() / "agent_catalog_run.lock").string() +
                             " exists)"),
            std::string::npos)
      << refused.out << refused.err;
  EXPECT_EQ(refused.out.find("other"), std::string::npos) << "it applied anyway";

  auto onetime = run_command(agent_argv({"--onetime"}));
  EXPECT_EQ(onetime.exit_code, 1) << onetime.out << onetime.err;
  EXPECT_NE(onetime.out.find("already in progress (pid " + pid + ")"), std::string::npos)
      << onetime.out << onetime.err;

  auto status_now = status();
  EXPECT_NE(status_now.out.find("Run in progress: pid " + pid), std::string::npos)
      << status_now.out;

  auto waited =
      run_command({MARIONETTE_BINARY, "apply", other, "--facts", MARIONETTE_FACTS_FILE,
                   "--statedir", state().string(), "--waitforlock", "1", "--maxwaitforlock", "30",
                   "--verbose"},  // as Puppet: "Will try again" is an info line
                  60s);
  EXPECT_EQ(waited.exit_code, 0) << waited.out << waited.err;
  EXPECT_NE(waited.out.find("Info: Will try again in 1 seconds."), std::string::npos) << waited.out;
  EXPECT_NE(waited.out.find("Notify[other]"), std::string::npos) << waited.out;
  EXPECT_TRUE(fs::exists(dir_ / "managed/after")) << "the agent's run did not finish first";
}

TEST_F(AgentDaemon, StatusTellsRunningStoppedDeadAndCorrupt) {
  auto never = status();
  EXPECT_EQ(never.exit_code, 3) << never.out << never.err;
  EXPECT_NE(never.out.find("Agent: not running"), std::string::npos) << never.out;
  EXPECT_NE(never.out.find("Last run: none"), std::string::npos) << never.out;

  start_agent({"--runinterval", "1h"});
  ASSERT_TRUE(wait_for("Notice: Applied catalog")) << agent_->output();
  ASSERT_TRUE(wait_for_state("idle"));
  auto running = status();
  EXPECT_EQ(running.exit_code, 0) << running.out << running.err;
  const std::string pid = std::to_string(agent_->pid());
  EXPECT_NE(running.out.find("Agent: running (pid " + pid + "), idle"), std::string::npos)
      << running.out;
  EXPECT_NE(running.out.find("run interval: 3600 seconds"), std::string::npos) << running.out;
  EXPECT_NE(running.out.find("next run: "), std::string::npos) << running.out;
  EXPECT_NE(running.out.find("(in 59 minutes)"), std::string::npos) << running.out;
  EXPECT_NE(running.out.find("last run: "), std::string::npos) << running.out;
  EXPECT_NE(running.out.find("resources: 1 total, 1 changed, 0 failed"), std::string::npos)
      << running.out;

  agent_->signal(SIGTERM);
  ASSERT_EQ(agent_->wait(10s), 0);
  auto stopped = status();
  EXPECT_EQ(stopped.exit_code, 3) << stopped.out;
  EXPECT_NE(stopped.out.find("Agent: not running; pid " + pid + " stopped at"), std::string::npos)
      << stopped.out;
  EXPECT_NE(stopped.out.find("Last run: "), std::string::npos) << stopped.out;

  start_agent({"--runinterval", "1h"});
  ASSERT_TRUE(wait_for_state("idle")) << agent_->output();
  const std::string dead_pid = std::to_string(agent_->pid());
  agent_->signal(SIGKILL);
  agent_->wait(10s);
  auto dead = status();
  EXPECT_EQ(dead.exit_code, 1) << dead.out;
  EXPECT_NE(dead.out.find("Agent: dead; pid " + dead_pid + " is gone, it was idle"),
            std::string::npos)
      << dead.out;

  std::ofstream(state() / "agent_state.json") << "{\"pid\": ";
  std::ofstream(state() / "last_run_summary.yaml") << "version: [unclosed\n";
  auto corrupt = status();
  EXPECT_EQ(corrupt.exit_code, 4) << corrupt.out;
  EXPECT_NE(corrupt.out.find("agent_state.json is corrupt (not a JSON object)"), std::string::npos)
      << corrupt.out;
  EXPECT_NE(corrupt.out.find("last_run_summary.yaml is corrupt (not valid YAML"), std::string::npos)
      << corrupt.out;
}

TEST_F(AgentDaemon, CorruptStateFilesAreReportedAndReplaced) {
  fs::create_directories(state());
  std::ofstream(state() / "last_run_summary.yaml") << "version: [unclosed\n";
  std::ofstream(state() / "agent_state.json") << "garbage";
  std::ofstream(state() / "facts_cache.json") << "{\"truncated\": ";
  auto run = run_command(agent_argv({"--onetime"}));
  EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
  for (const char* name : {"last_run_summary.yaml", "agent_state.json", "facts_cache.json"}) {
    EXPECT_NE(run.err.find("Warning: " + (state() / name).string() + " is corrupt"),
              std::string::npos)
        << name << "\n"
        << run.err;
    EXPECT_TRUE(fs::exists(state() / (std::string(name) + ".corrupt"))) << name;
  }
  YAML::Node summary = YAML::LoadFile((state() / "last_run_summary.yaml").string());
  EXPECT_EQ(summary["resources"]["total"].as<int>(), 1);
  auto json = nlohmann::json::parse(read_file(state() / "agent_state.json"));
  EXPECT_EQ(json["state"], "stopped");
}

TEST_F(AgentDaemon, LogsToAFileAtTheChosenLevel) {
  const fs::path log = dir_ / "agent-file.log";
  auto run = run_command(agent_argv({"--onetime", "--logdest", log.string()}));
  EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
  const std::string text = read_file(log);
  // As Puppet's log files: `2026-11-26 06:15:08 +0000 SOURCE (LEVEL): message`.
  EXPECT_NE(text.find(" /Stage[main]/Main/Notify[hello]/message (notice): defined 'message' as "
                      "'hello from the daemon test'"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find(" Puppet (notice): Applied catalog in "), std::string::npos) << text;
  EXPECT_EQ(run.out.find("Applied catalog"), std::string::npos) << "still on the console";

  // log-level warning: no notices; the file is appended to, not replaced.
  auto quiet =
      run_command(agent_argv({"--onetime", "--logdest", log.string(), "--log-level", "warning"}));
  EXPECT_EQ(quiet.exit_code, 0) << quiet.out << quiet.err;
  EXPECT_EQ(count_of(read_file(log), "Applied catalog"), 1u) << read_file(log);

  // Under a regular file: neither the file nor its directory can be created.
  const std::string bad = site() + "/x.log";
  auto unopenable = run_command(agent_argv({"--onetime", "--logdest", bad}));
  EXPECT_EQ(unopenable.exit_code, 1);
  EXPECT_NE(unopenable.err.find("Error: cannot start the agent: cannot open the log file " + bad),
            std::string::npos)
      << unopenable.err;
}

TEST_F(AgentDaemon, WithoutAnAgentxMasterItWarnsOnceAndKeepsRunning) {
  const fs::path log = dir_ / "agent-file.log";
  std::vector<std::string> argv = agent_argv({"--runinterval", "1", "--logdest", log.string(),
                                              "--agentx-socket", (dir_ / "no-master").string()});
  argv.erase(std::find(argv.begin(), argv.end(), "--no-snmp"));
  agent_ = std::make_unique<ChildProcess>(argv, dir_ / "agent.log");
  testing::wait_until([&] { return count_of(read_file(log), "Applied catalog") >= 3; }, 20s);
  const std::string text = read_file(log);
  EXPECT_GE(count_of(text, "Applied catalog"), 3u) << text;
  // The subagent's messages go where the agent logs, and the failure is told once.
  EXPECT_EQ(count_of(text, "snmp: Failed to connect to the AgentX master"), 1u) << text;
  EXPECT_FALSE(agent_->wait(10ms).has_value()) << agent_->output();
  agent_->signal(SIGTERM);
  EXPECT_EQ(agent_->wait(10s), 0) << agent_->output();
}

TEST_F(AgentDaemon, SplayWaitsBeforeTheFirstRunAndTermEndsTheWait) {
  auto run =
      run_command(agent_argv({"--onetime", "--splay", "--splaylimit", "1", "--log-level", "info"}));
  EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
  EXPECT_TRUE(run.out.find("Info: Sleeping for 0 seconds (splay is enabled)") !=
                  std::string::npos ||
              run.out.find("Info: Sleeping for 1 seconds (splay is enabled)") != std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("Applied catalog"), std::string::npos) << run.out;

  start_agent({"--splay", "--splaylimit", "1d", "--log-level", "info"});
  ASSERT_TRUE(wait_for("(splay is enabled)")) << agent_->output();
  if (agent_->output().find("Sleeping for 0 seconds") != std::string::npos)
    GTEST_SKIP() << "drew a splay of 0 seconds";
  ASSERT_TRUE(wait_for_state("splaying"));
  agent_->signal(SIGTERM);
  EXPECT_EQ(agent_->wait(5s), 0) << agent_->output();
  EXPECT_EQ(agent_->output().find("Applied catalog"), std::string::npos) << agent_->output();
}

TEST_F(AgentDaemon, ExternalFactExecutablesRunWithNoSignalBlocked) {
  // The agent blocks the signals it waits for; what it runs must not inherit that mask.
  fs::create_directories(dir_ / "facts.d");
  const fs::path fact = dir_ / "facts.d/sigmask.sh";
  std::ofstream(fact)
      << "#!/bin/sh\necho \"sigblk=$(awk '/^SigBlk/ {print $2}' /proc/self/status)\"\n";
  fs::permissions(fact, fs::perms::owner_all);
  write_manifest("notify { \"blocked ${facts['sigblk']}\": }\n");
  auto run = run_command({MARIONETTE_BINARY, "agent", "--no-daemonize", "--onetime", "--manifest",
                          site(), "--external-dir", (dir_ / "facts.d").string(), "--statedir",
                          state().string(), "--no-snmp", "--modulepath",
                          (dir_ / "modules").string()});  // no module's custom facts to run
  EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
  EXPECT_NE(run.out.find("blocked 0000000000000000"), std::string::npos) << run.out << run.err;
}

}  // namespace
}  // namespace marionette
