// The agent's Prometheus outputs, on a real `marionette agent` process: the node_exporter
// textfile it replaces after each run (prometheus_textfile_dir), with prometheus_reporter's
// names, and the loopback /metrics listener (prometheus_port) with the same figures.

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>

#include "support/child_process.hpp"
#include "support/command.hpp"
#include "support/wait_until.hpp"

namespace marionette {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

std::string read(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

class AgentPrometheus : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "marionette-agent-prom-XXXXXX").string();
    dir_ = ::mkdtemp(pattern.data());
    fs::create_directories(dir_ / "textfiles");
    std::ofstream(dir_ / "site.pp")
        << "file { '" << (dir_ / "managed.txt").string() << "': content => \"x\\n\" }\n"
        << "exec { 'fails': command => '/bin/false' }\n"
        << "notify { 'skipped': require => Exec['fails'] }\n";
  }

  void TearDown() override {
    agent_.reset();
    fs::remove_all(dir_);
  }

  std::vector<std::string> agent_argv(std::vector<std::string> extra) {
    std::vector<std::string> argv = {MARIONETTE_BINARY,
                                     "agent",
                                     "--no-daemonize",
                                     "--manifest",
                                     (dir_ / "site.pp").string(),
                                     "--facts",
                                     MARIONETTE_FACTS_FILE,
                                     "--certname",
                                     "agent.test",
                                     "--statedir",
                                     (dir_ / "state").string(),
                                     "--no-snmp",
                                     "--color",
                                     "false"};
    argv.insert(argv.end(), extra.begin(), extra.end());
    return argv;
  }

  fs::path dir_;
  std::unique_ptr<testing::ChildProcess> agent_;
};

TEST_F(AgentPrometheus, EachRunReplacesTheTextfileWithTheReportersNames) {
  const fs::path textfile = dir_ / "textfiles" / "puppet_report_agent.test.prom";
  testing::CommandResult run = testing::run_command(
      agent_argv({"--onetime", "--prometheus-textfile-dir", (dir_ / "textfiles").string()}), 120s);
  ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
  const std::string text = read(textfile);
  for (const char* line :
       {"# TYPE puppet_report_resources gauge\n",
        "puppet_report_resources{name=\"Changed\",environment=\"production\",host=\"agent.test\"} "
        "1\n",
        "puppet_report_resources{name=\"Failed\",environment=\"production\",host=\"agent.test\"} "
        "1\n",
        "puppet_report_resources{name=\"Skipped\",environment=\"production\",host=\"agent.test\"} "
        "1\n",
        "puppet_report_resources{name=\"Total\",environment=\"production\",host=\"agent.test\"} "
        "3\n",
        "puppet_report_changes{name=\"Total\",environment=\"production\",host=\"agent.test\"} 1\n",
        "puppet_report_events{name=\"Failure\",environment=\"production\",host=\"agent.test\"} 1\n",
        "puppet_report_time{name=\"Config retrieval\",environment=\"production\",host=\"agent."
        "test\"} ",
        "puppet_transaction_completed{environment=\"production\",host=\"agent.test\"} 1\n",
        "puppet_cache_catalog_status{state=\"not_used\",environment=\"production\",host=\"agent."
        "test\"} 1\n",
        "puppet_status{state=\"failed\",environment=\"production\",host=\"agent.test\"} 1\n",
        "# TYPE marionette_node_runs_total counter\n"
        "marionette_node_runs_total{host=\"agent.test\"} 1\n",
        "marionette_node_resources_failed_total{host=\"agent.test\"} 1\n"})
    EXPECT_NE(text.find(line), std::string::npos) << line << "\nin:\n" << text;
  EXPECT_EQ(text.find("marionette_fleet"), std::string::npos) << "no fleet series in a textfile";
  struct stat info {};
  ASSERT_EQ(::stat(textfile.c_str(), &info), 0);
  EXPECT_EQ(info.st_mode & 0777, 0644u) << "node_exporter reads it as another user";

  // The next run replaces it: the counters go on, the file changed nothing this time.
  run = testing::run_command(
      agent_argv({"--onetime", "--prometheus-textfile-dir", (dir_ / "textfiles").string()}), 120s);
  const std::string second = read(textfile);
  EXPECT_NE(second.find("marionette_node_runs_total{host=\"agent.test\"} 2\n"), std::string::npos)
      << second;
  EXPECT_NE(second.find("puppet_report_resources{name=\"Changed\",environment=\"production\","
                        "host=\"agent.test\"} 0\n"),
            std::string::npos)
      << second;
  std::size_t files = 0;
  for (const auto& entry : fs::directory_iterator(dir_ / "textfiles")) {
    (void)entry;
    ++files;
  }
  EXPECT_EQ(files, 1u) << "no temporary left beside it";
}

TEST_F(AgentPrometheus, WithoutTheSettingNoTextfile) {
  testing::CommandResult run = testing::run_command(agent_argv({"--onetime"}), 120s);
  ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
  EXPECT_TRUE(fs::is_empty(dir_ / "textfiles"));
}

TEST_F(AgentPrometheus, TheLoopbackListenerServesTheSameFigures) {
  agent_ = std::make_unique<testing::ChildProcess>(
      agent_argv({"--runinterval", "3600", "--prometheus-port", "0"}), dir_ / "agent.log");
  std::string port;
  const std::regex serving("Prometheus metrics on http://127\\.0\\.0\\.1:([0-9]+)/metrics");
  ASSERT_TRUE(testing::wait_until(
      [&] {
        std::smatch match;
        const std::string output = agent_->output();
        if (!std::regex_search(output, match, serving)) return false;
        port = match[1];
        return true;
      },
      30s))
      << agent_->output();
  const std::string url = "http://127.0.0.1:" + port + "/metrics";
  std::string body;
  ASSERT_TRUE(testing::wait_until(
      [&] {
        body = testing::run_command({"curl", "-s", "--max-time", "5", url}, 10s).out;
        return body.find("marionette_node_runs_total{host=\"agent.test\"} 1\n") !=
               std::string::npos;
      },
      60s, 100ms))
      << body << agent_->output();
  EXPECT_NE(body.find("puppet_status{state=\"failed\",environment=\"production\",host=\"agent."
                      "test\"} 1\n"),
            std::string::npos)
      << body;
  testing::CommandResult open_metrics =
      testing::run_command({"curl", "-s", "-D", "-", "--max-time", "5", "-H",
                            "Accept: application/openmetrics-text; version=1.0.0", url},
                           10s);
  EXPECT_NE(open_metrics.out.find("Content-Type: application/openmetrics-text; version=1.0.0"),
            std::string::npos)
      << open_metrics.out;
  EXPECT_NE(open_metrics.out.find("# TYPE marionette_node_runs counter\n"), std::string::npos);
  EXPECT_TRUE(open_metrics.out.ends_with("# EOF\n")) << open_metrics.out;
  testing::CommandResult other =
      testing::run_command({"curl", "-s", "-o", "/dev/null", "-w", "%{http_code}", "--max-time",
                            "5", "http://127.0.0.1:" + port + "/other"},
                           10s);
  EXPECT_EQ(other.out, "404");
}

}  // namespace
}  // namespace marionette
