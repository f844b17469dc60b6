// The agent and `status` under bad input and faults, driven for real: a relative file path (once
// an endless loop holding the run lock), a state dir that fills up (once an abort, then runs
// skipped without a trace), a malformed last_run_summary.yaml (once an abort in `status`).

#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

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
using testing::CommandResult;
using testing::run_command;

std::size_t count_of(const std::string& text, const std::string& part) {
  std::size_t count = 0;
  for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++count;
  return count;
}

/// True while `pid` runs; a zombie (killed, not reaped yet by whoever adopted it) is gone.
bool running(pid_t pid) {
  if (::kill(pid, 0) != 0) return false;
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string line;
  std::getline(stat, line);
  auto paren = line.rfind(')');
  return paren == std::string::npos || paren + 2 >= line.size() || line[paren + 2] != 'Z';
}

std::string read_file(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

class AgentHardening : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "marionette-hardening-XXXXXX").string();
    dir_ = ::mkdtemp(pattern.data());
    fs::create_directories(state());
  }

  void TearDown() override {
    agent_.reset();
    if (mounted_) run_command({"umount", "-l", state().string()}, 10s);
    fs::remove_all(dir_);
  }

  void write_manifest(const std::string& text) { std::ofstream(dir_ / "site.pp") << text; }

  void start_agent() {
    agent_ = std::make_unique<ChildProcess>(
        std::vector<std::string>{MARIONETTE_BINARY, "agent", "--no-daemonize", "--manifest",
                                 (dir_ / "site.pp").string(), "--facts", MARIONETTE_FACTS_FILE,
                                 "--statedir", state().string(), "--no-snmp", "--runinterval",
                                 "1h"},
        dir_ / ("agent-" + std::to_string(++agents_) + ".log"));
  }

  bool wait_for(const std::string& part, std::size_t times = 1,
                std::chrono::milliseconds timeout = 20s) {
    return testing::wait_until([&] { return count_of(agent_->output(), part) >= times; }, timeout);
  }

  nlohmann::json agent_state() const {
    return nlohmann::json::parse(read_file(state() / "agent_state.json"), nullptr, false);
  }

  /// Waits until agent_state.json says `wanted` after `runs` runs have ended.
  bool wait_for_idle_after(std::int64_t previous_last_run, std::chrono::milliseconds timeout = 20s) {
    return testing::wait_until(
        [&] {
          auto json = agent_state();
          return json.is_object() && json.value("state", "") == "idle" &&
                 json["last_run"].is_number() &&
                 json["last_run"].get<std::int64_t>() >= previous_last_run;
        },
        timeout);
  }

  CommandResult status() const {
    return run_command({MARIONETTE_BINARY, "status", "--statedir", state().string()}, 20s);
  }

  /// Puts a small tmpfs on the state dir; false (the test skips) when this is not root or the
  /// kernel refuses.
  bool mount_small_state_dir() {
    if (::geteuid() != 0) return false;
    CommandResult mounted =
        run_command({"mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", state().string()}, 10s);
    mounted_ = mounted.exit_code == 0;
    return mounted_;
  }

  fs::path state() const { return dir_ / "state"; }

  fs::path dir_;
  std::unique_ptr<ChildProcess> agent_;
  int agents_ = 0;
  bool mounted_ = false;
};

TEST_F(AgentHardening, RelativeFilePathFailsTheRunAndReleasesTheLock) {
  write_manifest("file { 'relative/path': ensure => file }\n");
  start_agent();
  ASSERT_TRUE(wait_for("File paths must be fully qualified, not 'relative/path'"))
      << agent_->output();
  ASSERT_TRUE(wait_for_idle_after(0)) << agent_->output();
  EXPECT_EQ(agent_state().value("last_status", ""), "failed");

  CommandResult said = status();
  EXPECT_EQ(said.exit_code, 150) << said.out << said.err;
  EXPECT_NE(said.out.find("failed"), std::string::npos) << said.out;

  // The run lock is free again: an apply on the same state dir takes it.
  std::ofstream(dir_ / "ok.pp") << "notify { 'after': }\n";
  CommandResult applied =
      run_command({MARIONETTE_BINARY, "apply", "--statedir", state().string(), "--facts",
                   MARIONETTE_FACTS_FILE, (dir_ / "ok.pp").string()},
                  20s);
  EXPECT_EQ(applied.exit_code, 0) << applied.out << applied.err;

  agent_->signal(SIGTERM);
  EXPECT_EQ(agent_->wait(10s), 0) << agent_->output();
}

TEST_F(AgentHardening, FullStateDirCountsAndReportsTheFailedRunsAndRecovers) {
  if (!mount_small_state_dir()) GTEST_SKIP() << "needs root to mount a small tmpfs";
  // The exec fills the state dir in the middle of a run once `fill` exists.
  const std::string fill = (dir_ / "fill").string();
  const std::string filler = (state() / "filler").string();
  write_manifest("exec { 'fill': command => \"/bin/sh -c 'if [ -e " + fill + " ]; then cat " +
                 "/dev/zero > " + filler + "; fi; exit 0'\" }\n");
  start_agent();
  ASSERT_TRUE(wait_for("Notice: Applied catalog")) << agent_->output();
  ASSERT_TRUE(wait_for_idle_after(0)) << agent_->output();

  // Run 2 fills the state dir while applying: its counting fails, and must not kill the agent.
  std::ofstream(fill) << "";
  agent_->signal(SIGUSR1);
  ASSERT_TRUE(wait_for("Notice: Applied catalog", 2)) << agent_->output();
  ASSERT_TRUE(wait_for("runs are counted in memory")) << agent_->output();

  // Run 3 cannot even write the run lock: a failed run, counted and reported. (Releasing the
  // lock freed its block: take that too.)
  ASSERT_TRUE(wait_for_idle_after(0)) << agent_->output();
  {
    std::ofstream top_up(filler, std::ios::app);
    const std::string block(4096, 'x');
    for (int i = 0; i < 1024 && top_up; ++i) top_up.write(block.data(), block.size()).flush();
  }
  agent_->signal(SIGUSR1);
  ASSERT_TRUE(wait_for("Could not run: cannot write the run lock")) << agent_->output();
  ASSERT_TRUE(wait_for("No space left on device")) << agent_->output();
  // The failed run ended and was recorded (agent_state.json is rewritten in place): the agent
  // is idle again, not dead.
  ASSERT_TRUE(testing::wait_until(
      [&] {
        auto state = agent_state();
        return state.is_object() && state.value("state", "") == "idle" &&
               state.value("last_status", "") == "failed";
      },
      20s))
      << read_file(state() / "agent_state.json") << "\n"
      << agent_->output();
  ASSERT_FALSE(agent_->wait(0ms).has_value()) << "the agent died\n" << agent_->output();
  auto json = agent_state();
  EXPECT_EQ(json.value("last_status", ""), "failed") << json.dump();
  EXPECT_NE(json.value("last_error", "").find("cannot write the run lock"), std::string::npos)
      << json.dump();
  CommandResult said = status();
  EXPECT_EQ(said.exit_code, 150) << said.out << said.err;
  EXPECT_NE(said.out.find("Could not run: cannot write the run lock"), std::string::npos)
      << said.out;
  EXPECT_NE(said.out.find("The last run failed"), std::string::npos) << said.out;

  // Room again: run 4 records the runs held in memory.
  fs::remove(fill);
  fs::remove(filler);
  agent_->signal(SIGUSR1);
  ASSERT_TRUE(wait_for("Notice: Applied catalog", 3)) << agent_->output();
  ASSERT_TRUE(wait_for("the state dir can be written again")) << agent_->output();
  // The held runs are recorded one by one after that line: wait for the fourth.
  nlohmann::json counters;
  EXPECT_TRUE(testing::wait_until(
      [&] {
        counters = nlohmann::json::parse(read_file(state() / "counters.json"), nullptr, false);
        return counters.is_object() && counters.value("runs", 0) >= 4;
      },
      20s))
      << read_file(state() / "counters.json") << "\n"
      << agent_->output();
  ASSERT_TRUE(counters.is_object()) << read_file(state() / "counters.json");
  EXPECT_EQ(counters.value("runs", 0), 4) << counters.dump();
  EXPECT_EQ(counters.value("failures", 0), 1) << counters.dump();
  EXPECT_EQ(count_of(agent_->output(), "runs are counted in memory"), 1u) << agent_->output();

  agent_->signal(SIGTERM);
  EXPECT_EQ(agent_->wait(10s), 0) << agent_->output();
}

TEST_F(AgentHardening, StatusReportsAMalformedSummaryInsteadOfAborting) {
  const std::string whole =
      "version:\n  config: 1\n  puppet: 7.23.0\n"
      "resources:\n  total: 1\n  changed: 1\n"
      "time:\n  last_run: 1700000000\n  config_retrieval: 0.1\n"
      "changes:\n  total: 1\n"
      "events:\n  success: 1\n  failure: 0\n  total: 1\n";
  struct Broken {
    std::string text;
    std::string said;
  };
  const Broken cases[] = {
      {"version:\n  config: 1\nresources:\n  total: 1\ntime:\n  last_run: 1\nchanges:\n  total: 0\n",
       "(events: missing or not a mapping)"},
      {"version:\n  config: 1\ntime:\n  last_run: 1\nchanges:\n  total: 0\nevents:\n  total: 0\n",
       "(resources: missing or not a mapping)"},
      {"version:\n  config: 1\nresources: 3\ntime:\n  last_run: 1\nchanges: []\nevents: x\n",
       "(resources:, changes:, events: missing or not a mapping)"},
      {"version:\n  config: {a: 1}\nresources:\n  total: [1]\ntime: {last_run: x}\n"
       "changes: {}\nevents: {}\n",
       "resources: ? total"},
  };
  for (const Broken& broken : cases) {
    std::ofstream(state() / "last_run_summary.yaml") << broken.text;
    CommandResult said = status();
    EXPECT_TRUE(said.exit_code == 3 || said.exit_code == 4) << broken.text << said.out << said.err;
    EXPECT_NE(said.out.find(broken.said), std::string::npos) << broken.text << said.out;
    EXPECT_EQ(said.err.find("terminate"), std::string::npos) << said.err;
  }
  std::ofstream(state() / "last_run_summary.yaml") << whole;
  CommandResult said = status();
  EXPECT_EQ(said.exit_code, 3) << said.out << said.err;
  EXPECT_NE(said.out.find("resources: 1 total, 1 changed, 0 failed"), std::string::npos)
      << said.out;
}

TEST_F(AgentHardening, ApplyRemovesTemporariesAKilledWriteLeftBehind) {
  const fs::path managed = dir_ / "managed";
  fs::create_directories(managed);
  std::ofstream(managed / ".motd.mrnt-Ab12Cd") << "half a write";
  std::ofstream(managed / ".other.mrnt-Xy34Zw") << "half another";
  std::ofstream(managed / ".keep") << "not ours";
  std::ofstream(dir_ / "site.pp") << "file { '" + (managed / "motd").string() +
                                         "': ensure => file, content => 'hello' }\n";
  CommandResult applied =
      run_command({MARIONETTE_BINARY, "apply", "--statedir", state().string(), "--facts",
                   MARIONETTE_FACTS_FILE, (dir_ / "site.pp").string()},
                  20s);
  ASSERT_EQ(applied.exit_code, 0) << applied.out << applied.err;
  EXPECT_EQ(read_file(managed / "motd"), "hello");
  EXPECT_FALSE(fs::exists(managed / ".motd.mrnt-Ab12Cd"));
  EXPECT_FALSE(fs::exists(managed / ".other.mrnt-Xy34Zw"));
  EXPECT_TRUE(fs::exists(managed / ".keep"));
}

TEST_F(AgentHardening, AgentStartRemovesTemporariesKilledWritesLeftInTheStateDir) {
  fs::create_directories(state() / "client_data" / "catalog");
  const std::string live = "counters.json.tmp." + std::to_string(::getpid());
  for (const fs::path& stale :
       {state() / "counters.json.tmp.99999999", state() / "agent_state.json.tmp",
        state() / "client_data" / "catalog" / "web01.example.com.json.tmp.99999999",
        state() / live})
    std::ofstream(stale) << "half a write";
  write_manifest("notify { 'hello': }\n");
  start_agent();
  ASSERT_TRUE(wait_for("Notice: Applied catalog")) << agent_->output();
  EXPECT_FALSE(fs::exists(state() / "counters.json.tmp.99999999"));
  EXPECT_FALSE(fs::exists(state() / "client_data" / "catalog" / "web01.example.com.json.tmp.99999999"));
  EXPECT_TRUE(fs::exists(state() / live)) << "its writer still runs";
  EXPECT_NE(agent_->output().find("Removed 3 temporary files"), std::string::npos)
      << agent_->output();
  agent_->signal(SIGTERM);
  EXPECT_EQ(agent_->wait(10s), 0) << agent_->output();
}

TEST_F(AgentHardening, HungExternalFactIsKilledWithItsChildren) {
  const fs::path facts_d = dir_ / "facts.d";
  fs::create_directories(facts_d);
  const fs::path pid_file = dir_ / "grandchild.pid";
  {
    std::ofstream script(facts_d / "hang.sh");
    script << "#!/bin/sh\nsleep 300 &\necho $! > " << pid_file.string() << "\nsleep 300\n";
  }
  fs::permissions(facts_d / "hang.sh", fs::perms::owner_all);
  const auto started = std::chrono::steady_clock::now();
  CommandResult facts =
      run_command({MARIONETTE_BINARY, "facts", "--external-dir", facts_d.string()}, 60s);
  EXPECT_FALSE(facts.timed_out);
  EXPECT_LT(std::chrono::steady_clock::now() - started, 45s);
  EXPECT_NE((facts.out + facts.err).find("still running after 30 seconds; killed"),
            std::string::npos)
      << facts.out << facts.err;
  pid_t grandchild = 0;
  std::ifstream(pid_file) >> grandchild;
  ASSERT_GT(grandchild, 0);
  const bool gone = testing::wait_until([&] { return !running(grandchild); }, 5s);
  if (!gone) ::kill(grandchild, SIGKILL);
  EXPECT_TRUE(gone) << "the fact's background child " << grandchild << " survived";
}

}  // namespace
}  // namespace marionette
