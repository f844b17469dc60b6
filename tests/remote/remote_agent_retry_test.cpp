// `marionette agent --server` against a real `marionette server` that is busy or restarts:
// the server's own overload answer (one worker held by a compile blocked on a FIFO, one request
// queued, the next answered 503) is waited out as Puppet's agent waits out Retry-After
// ("Sleeping for N seconds before retrying the request") and the run succeeds; without
// Retry-After the run fails with Puppet's "Error 503 on SERVER"; a server stopped and started
// again between the agent's catalog and its report costs the agent one resend of the report;
// a new agent answered 503 + Retry-After while it gets its certificate waits it out too.

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <regex>

#include "support/child_process.hpp"
#include "support/command.hpp"
#include "support/marionette_server.hpp"
#include "support/wait_until.hpp"

namespace marionette {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

/// The writing end of a FIFO that a compile or an exec is reading: opened once a reader holds
/// it, closed to let the reader go on.
class FifoRelease {
 public:
  explicit FifoRelease(fs::path path) : path_(std::move(path)) {}
  ~FifoRelease() { release(); }
  /// Whether a reader has the FIFO open (the opening succeeds only then); keeps it open.
  bool reader_waiting() {
    if (fd_ < 0) fd_ = ::open(path_.c_str(), O_WRONLY | O_NONBLOCK | O_CLOEXEC);
    return fd_ >= 0;
  }
  void release() {
    if (fd_ < 0) return;
    [[maybe_unused]] ssize_t written = ::write(fd_, "go\n", 3);
    ::close(fd_);
    fd_ = -1;
  }

 private:
  fs::path path_;
  int fd_ = -1;
};

class RemoteAgentRetryTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("marionette-agent-retry-" + std::to_string(getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "env" / "manifests");
    fs::create_directories(dir_ / "env" / "modules");
    ASSERT_EQ(::mkfifo((dir_ / "compile.fifo").c_str(), 0600), 0);
    ASSERT_EQ(::mkfifo((dir_ / "apply.fifo").c_str(), 0600), 0);
    std::ofstream(dir_ / "env" / "manifests" / "site.pp")
        << "node 'blocker.test' { $held = binary_file('" << (dir_ / "compile.fifo").string()
        << "') }\n"
           "node 'restart.test' {\n"
           "  exec { 'held': command => '/bin/cat "
        << (dir_ / "apply.fifo").string()
        << "' }\n"
           "}\n"
           "node default { notify { \"ran ${trusted['certname']}\": } }\n";
  }

  void TearDown() override {
    agents_.clear();
    if (server_) server_->stop();
    server_.reset();
    fs::remove_all(dir_);
  }

  void start_server(std::vector<std::string> extra) {
    server_ = std::make_unique<testing::MarionetteServer>(
        MARIONETTE_BINARY, dir_ / "env", dir_, "localhost,IP:127.0.0.1", std::move(extra));
    ASSERT_FALSE(server_->port().empty()) << server_->output();
  }

  std::vector<std::string> agent_argv(const std::string& certname, const std::string& port) {
    fs::path home = dir_ / certname;
    return {MARIONETTE_BINARY,
            "agent",
            "-t",
            "--server",
            "127.0.0.1",
            "--serverport",
            port,
            "--certname",
            certname,
            "--ssldir",
            (home / "ssl").string(),
            "--statedir",
            (home / "state").string(),
            "--confdir",
            (home / "conf").string(),
            "--keylength",
            "2048",
            "--waitforcert",
            "0",
            "--facts",
            MARIONETTE_FACTS_FILE,
            "--no-snmp",
            "--no-daemonize",
            "--color",
            "false"};
  }

  testing::ChildProcess& start_agent(const std::string& certname) {
    agents_.push_back(std::make_unique<testing::ChildProcess>(agent_argv(certname, server_->port()),
                                                              dir_ / (certname + ".out")));
    return *agents_.back();
  }

  bool has_report(const std::string& node) const {
    std::error_code error;
    return !fs::is_empty(server_->statedir() / "reports" / node, error) && !error;
  }

  /// One worker, one request allowed to wait for it: the blocker's compile holds the worker
  /// until `compile` is released.
  void hold_the_only_worker(FifoRelease& compile) {
    testing::ChildProcess& blocker = start_agent("blocker.test");
    ASSERT_TRUE(testing::wait_until([&] { return compile.reader_waiting(); }, 60s))
        << blocker.output() << server_->output();
  }

  fs::path dir_;
  std::unique_ptr<testing::MarionetteServer> server_;
  std::vector<std::unique_ptr<testing::ChildProcess>> agents_;
};

TEST_F(RemoteAgentRetryTest, WaitsOutRetryAfterAndTheRunSucceeds) {
  start_server({"--workers", "1", "--max-queued-requests", "1", "--max-retry-delay", "2"});
  // Each agent gets its certificate first, so that the busy server sees run requests only.
  for (const char* node : {"one.test", "two.test"}) {
    testing::CommandResult first = testing::run_command(agent_argv(node, server_->port()), 120s);
    ASSERT_EQ(first.exit_code, 2) << first.out << first.err << server_->output();
  }
  FifoRelease compile(dir_ / "compile.fifo");
  hold_the_only_worker(compile);
  testing::ChildProcess& one = start_agent("one.test");
  testing::ChildProcess& two = start_agent("two.test");
  // One of them waits in the queue; the other is answered 503 + Retry-After and sleeps.
  const std::regex sleeping("Warning: Sleeping for [01] seconds before retrying the request");
  auto slept = [&](testing::ChildProcess& agent) {
    return std::regex_search(agent.output(), sleeping);
  };
  ASSERT_TRUE(testing::wait_until([&] { return slept(one) || slept(two); }, 60s))
      << one.output() << two.output() << server_->output();
  compile.release();
  EXPECT_EQ(one.wait(60s), 2) << one.output();
  EXPECT_EQ(two.wait(60s), 2) << two.output();
  EXPECT_EQ(agents_[0]->wait(60s), 0) << agents_[0]->output();
  for (testing::ChildProcess* agent : {&one, &two}) {
    EXPECT_EQ(agent->output().find("Error"), std::string::npos) << agent->output();
    EXPECT_NE(agent->output().find("Notice: Applied catalog in"), std::string::npos)
        << agent->output();
  }
  EXPECT_TRUE(has_report("one.test"));
  EXPECT_TRUE(has_report("two.test"));
}

TEST_F(RemoteAgentRetryTest, CertificateStageWaitsOutRetryAfter) {
  start_server({"--workers", "1", "--max-queued-requests", "1", "--max-retry-delay", "5"});
  FifoRelease compile(dir_ / "compile.fifo");
  hold_the_only_worker(compile);
  // Two new agents: one's first request to the CA waits in the queue, the other's is answered
  // 503 + Retry-After, which it waits out before asking again, as Puppet's agent does.
  testing::ChildProcess& one = start_agent("fresh1.test");
  testing::ChildProcess& two = start_agent("fresh2.test");
  auto slept = [&](testing::ChildProcess& agent) {
    return agent.output().find("Warning: Sleeping for ") != std::string::npos;
  };
  ASSERT_TRUE(testing::wait_until([&] { return slept(one) || slept(two); }, 60s))
      << one.output() << two.output() << server_->output();
  compile.release();
  for (testing::ChildProcess* agent : {&one, &two}) {
    EXPECT_EQ(agent->wait(90s), 2) << agent->output();
    EXPECT_EQ(agent->output().find("Error"), std::string::npos) << agent->output();
  }
  EXPECT_TRUE(fs::exists(dir_ / "fresh1.test" / "ssl" / "certs" / "fresh1.test.pem"));
  EXPECT_TRUE(fs::exists(dir_ / "fresh2.test" / "ssl" / "certs" / "fresh2.test.pem"));
  EXPECT_TRUE(has_report("fresh1.test"));
  EXPECT_TRUE(has_report("fresh2.test"));
}

TEST_F(RemoteAgentRetryTest, WithoutRetryAfterTheRunFailsAsPuppetSaysIt) {
  start_server({"--workers", "1", "--max-queued-requests", "1", "--max-retry-delay", "0"});
  for (const char* node : {"one.test", "two.test"}) {
    testing::CommandResult first = testing::run_command(agent_argv(node, server_->port()), 120s);
    ASSERT_EQ(first.exit_code, 2) << first.out << first.err << server_->output();
  }
  FifoRelease compile(dir_ / "compile.fifo");
  hold_the_only_worker(compile);
  testing::ChildProcess& one = start_agent("one.test");
  testing::ChildProcess& two = start_agent("two.test");
  // The one refused has no Retry-After to wait for: its run fails while the other waits.
  testing::ChildProcess* refused = nullptr;
  ASSERT_TRUE(testing::wait_until(
      [&] {
        for (testing::ChildProcess* agent : {&one, &two})
          if (agent->wait(0ms)) return refused = agent, true;
        return false;
      },
      60s))
      << one.output() << two.output();
  compile.release();
  EXPECT_NE(refused->output().find(
                "Error: Could not retrieve catalog from remote server: Error 503 on SERVER: The "
                "number of requests waiting for a JRuby instance has exceeded the limit"),
            std::string::npos)
      << refused->output();
  EXPECT_EQ(refused->output().find("Sleeping for"), std::string::npos) << refused->output();
  testing::ChildProcess& served = refused == &one ? two : one;
  EXPECT_EQ(served.wait(60s), 2) << served.output();
}

TEST_F(RemoteAgentRetryTest, AServerRestartedMidRunCostsOneResend) {
  start_server({});
  const std::string port = server_->port();
  FifoRelease apply(dir_ / "apply.fifo");
  testing::ChildProcess& agent = start_agent("restart.test");
  // The agent has its catalog and applies it (its exec reads the FIFO): the server goes away.
  ASSERT_TRUE(testing::wait_until([&] { return apply.reader_waiting(); }, 60s))
      << agent.output() << server_->output();
  EXPECT_EQ(server_->stop(), 0) << server_->output();
  apply.release();
  // Its report finds no server: it says so and waits for one.
  ASSERT_TRUE(testing::wait_until(
      [&] {
        return agent.output().find("; sending it again once the server is back") !=
               std::string::npos;
      },
      60s))
      << agent.output();
  EXPECT_NE(agent.output().find("Warning: Request to https://127.0.0.1:" + port +
                                "/puppet/v3/report/restart.test"),
            std::string::npos)
      << agent.output();
  start_server({"--serverport", port});  // the same CA, certificate and state
  ASSERT_EQ(server_->port(), port);
  EXPECT_EQ(agent.wait(60s), 2) << agent.output();
  EXPECT_EQ(agent.output().find("Could not send report"), std::string::npos) << agent.output();
  EXPECT_TRUE(has_report("restart.test")) << agent.output() << server_->output();
}

}  // namespace
}  // namespace marionette
