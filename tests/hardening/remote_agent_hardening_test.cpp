// The agent of a server against servers that are not there or do not behave (127.0.0.1 only):
// a closed port, a listener that never answers, a plain-HTTP answer to TLS. Each run ends
// within its timeouts, exit 1, with Puppet's words, never a hang or a crash.

#include <gtest/gtest.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <thread>

#include "support/command.hpp"
#include "support/loopback_listener.hpp"

namespace marionette {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

/// A TCP listener on 127.0.0.1 that, for each connection, says `answer` (nothing: stays
/// silent) and keeps it open until the test ends.
class FakeServer {
 public:
  explicit FakeServer(std::string answer) : answer_(std::move(answer)) {
    testing::LoopbackListener listener = testing::listen_on_loopback(SOCK_CLOEXEC);
    fd_ = listener.fd;
    port_ = listener.port;
    thread_ = std::thread([this] { serve(); });
  }
  ~FakeServer() {
    stop_ = true;
    thread_.join();
    for (int fd : accepted_) ::close(fd);
    ::close(fd_);
  }
  std::string port() const { return std::to_string(port_); }

 private:
  void serve() {
    while (!stop_) {
      pollfd waiting{fd_, POLLIN, 0};
      if (::poll(&waiting, 1, 100) <= 0) continue;
      int client = ::accept(fd_, nullptr, nullptr);
      if (client < 0) continue;
      accepted_.push_back(client);
      if (!answer_.empty()) {
        [[maybe_unused]] ssize_t sent = ::send(client, answer_.data(), answer_.size(), MSG_NOSIGNAL);
      }
    }
  }

  std::string answer_;
  int fd_ = -1;
  int port_ = 0;
  std::atomic<bool> stop_{false};
  std::vector<int> accepted_;
  std::thread thread_;
};

class RemoteAgentHardening : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("marionette-remote-hardening-" + std::to_string(getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  /// One agent run against 127.0.0.1:PORT with 1-second timeouts; how long it took.
  testing::CommandResult run(const std::string& port, std::chrono::milliseconds& took) {
    auto start = std::chrono::steady_clock::now();
    testing::CommandResult result = testing::run_command(
        {MARIONETTE_BINARY, "agent", "-t", "--server", "127.0.0.1", "--serverport", port,
         "--certname", "lonely.test", "--ssldir", (dir_ / "ssl").string(), "--statedir",
         (dir_ / "state").string(), "--confdir", (dir_ / "conf").string(), "--facts",
         MARIONETTE_FACTS_FILE, "--http_connect_timeout", "1", "--http_read_timeout", "1",
         "--waitforcert", "0", "--no-snmp"},
        60s);
    took = std::chrono::duration_cast<std::chrono::milliseconds>(
        std::chrono::steady_clock::now() - start);
    return result;
  }

  fs::path dir_;
};

TEST_F(RemoteAgentHardening, ClosedPortIsRefusedAtOnce) {
  std::string port;
  {
    FakeServer gone("");
    port = gone.port();
  }  // closed again: nobody listens there now
  std::chrono::milliseconds took{};
  testing::CommandResult result = run(port, took);
  EXPECT_EQ(result.exit_code, 1) << result.out << result.err;
  EXPECT_NE((result.out + result.err)
                .find("Could not download CA certificate: Failed to open TCP connection to "
                      "127.0.0.1:" + port + " (Connection refused - connect(2) for \"127.0.0.1\" port " +
                      port + ")"),
            std::string::npos)
      << result.out << result.err;
  EXPECT_LT(took, 20s);
}

TEST_F(RemoteAgentHardening, SilentServerTimesOut) {
  FakeServer silent("");
  std::chrono::milliseconds took{};
  testing::CommandResult result = run(silent.port(), took);
  EXPECT_EQ(result.exit_code, 1) << result.out << result.err;
  EXPECT_NE((result.out + result.err).find("Could not download CA certificate: TLS handshake timed out"),
            std::string::npos)
      << result.out << result.err;
  EXPECT_LT(took, 20s);
}

TEST_F(RemoteAgentHardening, PlainHttpAnswerToTlsIsATlsError) {
  FakeServer plain("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n");
  std::chrono::milliseconds took{};
  testing::CommandResult result = run(plain.port(), took);
  EXPECT_EQ(result.exit_code, 1) << result.out << result.err;
  EXPECT_NE((result.out + result.err)
                .find("Could not download CA certificate: TLS handshake with 127.0.0.1:" +
                      plain.port() + " failed"),
            std::string::npos)
      << result.out << result.err;
  EXPECT_LT(took, 20s);
}

}  // namespace
}  // namespace marionette
