#include "daemon/daemon_state.hpp"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "daemon/state_dir_check.hpp"

namespace marionette::daemon {
namespace {

namespace fs = std::filesystem;

class StateDir : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "marionette-state-XXXXXX").string();
    dir_ = ::mkdtemp(pattern.data());
  }
  void TearDown() override { fs::remove_all(dir_); }
  void write(const std::string& name, const std::string& text) {
    std::ofstream(dir_ / name) << text;
  }
  fs::path dir_;
};

TEST_F(StateDir, StateRoundTrips) {
  DaemonState state;
  state.pid = 1234;
  state.state = "applying";
  state.started_at = 1700000000;
  state.updated_at = 1700000100;
  state.last_run = 1700000050;
  state.last_status = "changed";
  state.catalog_source = "cache";
  state.next_run = 1700001850;
  state.run_interval_s = 1800;
  state.noop = true;
  write_daemon_state(daemon_state_path(dir_), state);
  EXPECT_FALSE(fs::exists(daemon_state_path(dir_).string() + ".tmp"));
  std::string error;
  auto read = read_daemon_state(daemon_state_path(dir_), error);
  ASSERT_TRUE(read) << error;
  EXPECT_EQ(read->pid, 1234);
  EXPECT_EQ(read->state, "applying");
  EXPECT_EQ(read->last_run, 1700000050);
  EXPECT_EQ(read->last_status, "changed");
  EXPECT_EQ(read->catalog_source, "cache");
  EXPECT_EQ(read->next_run, 1700001850);
  EXPECT_EQ(read->run_interval_s, 1800);
  EXPECT_TRUE(read->noop);
}

TEST_F(StateDir, BeforeTheFirstRunTimesAreAbsent) {
  DaemonState state;
  state.pid = 1;
  write_daemon_state(daemon_state_path(dir_), state);
  std::string error;
  auto read = read_daemon_state(daemon_state_path(dir_), error);
  ASSERT_TRUE(read) << error;
  EXPECT_FALSE(read->last_run);
  EXPECT_FALSE(read->next_run);
}

TEST_F(StateDir, MissingIsNoError) {
  std::string error = "left over";
  EXPECT_FALSE(read_daemon_state(daemon_state_path(dir_), error));
  EXPECT_EQ(error, "");
}

TEST_F(StateDir, CorruptStateSaysWhatIsWrong) {
  for (const auto& [text, why] : std::vector<std::pair<std::string, std::string>>{
           {"{\"pid\": 12", "not a JSON object"},
           {"[1, 2]", "not a JSON object"},
           {"{\"pid\": 12}", "not an agent state file"},
           {"{\"pid\": \"x\", \"state\": \"idle\"}", "not an agent state file"}}) {
    write("agent_state.json", text);
    std::string error;
    EXPECT_FALSE(read_daemon_state(daemon_state_path(dir_), error)) << text;
    EXPECT_NE(error.find(why), std::string::npos) << text << " gave " << error;
  }
}

TEST_F(StateDir, ProcessAliveKnowsTheLivingFromTheDead) {
  EXPECT_TRUE(process_alive(::getpid()));
  pid_t child = ::fork();
  if (child == 0) ::_exit(0);
  ::waitpid(child, nullptr, 0);
  EXPECT_FALSE(process_alive(child));
  EXPECT_FALSE(process_alive(0));
}

TEST_F(StateDir, CorruptStateFilesAreSetAsideGoodOnesKept) {
  write("last_run_summary.yaml", "version: [unclosed\n");
  write("last_run_report.yaml", "--- !ruby/object:Puppet::Transaction::Report\nhost: n\n");
  write("facts_cache.json", "\x01\x02 not json");
  write("agent_state.json", "{}");
  std::vector<std::string> messages = set_aside_corrupt_state(dir_);
  ASSERT_EQ(messages.size(), 3u);
  EXPECT_NE(messages[0].find("last_run_summary.yaml is corrupt (not valid YAML"), std::string::npos)
      << messages[0];
  EXPECT_NE(messages[1].find("facts_cache.json is corrupt (not valid JSON)"), std::string::npos)
      << messages[1];
  EXPECT_NE(messages[2].find("agent_state.json is corrupt (not an agent state file"),
            std::string::npos)
      << messages[2];
  EXPECT_TRUE(fs::exists(dir_ / "last_run_summary.yaml.corrupt"));
  EXPECT_FALSE(fs::exists(dir_ / "last_run_summary.yaml"));
  EXPECT_TRUE(fs::exists(dir_ / "facts_cache.json.corrupt"));
  EXPECT_TRUE(fs::exists(dir_ / "agent_state.json.corrupt"));
  EXPECT_TRUE(fs::exists(dir_ / "last_run_report.yaml"));  // a good one stays
  EXPECT_TRUE(set_aside_corrupt_state(dir_).empty());
}

TEST_F(StateDir, AnEmptyStateDirHasNothingToSay) {
  EXPECT_TRUE(set_aside_corrupt_state(dir_).empty());
  EXPECT_TRUE(set_aside_corrupt_state(dir_ / "absent").empty());
}

}  // namespace
}  // namespace marionette::daemon
