// Two `marionette server`s behind one address serve one fleet (issue 26): both share one ssldir
// (one CA) and one private Redis, with storeconfigs on; a small TCP relay in this test is the
// address the agents know and sends each connection to the server the test picks. Real Debian
// Puppet 7 `puppet agent -t` runs node a.test through the first server: its catalog exports a
// @@host and a @@file, which it does not apply. Node b.test runs through the second server and
// collects them from Redis: the host lands in its hosts file and the file is written. Both
// nodes' facts, a.test's exported resources and both reports are in Redis.
// Skipped, saying so, without `puppet`, `redis-server` or Debian's host_core module.

#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "support/child_process.hpp"
#include "support/command.hpp"
#include "support/puppet_agent.hpp"
#include "support/private_redis.hpp"
#include "support/loopback_listener.hpp"

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

/// One address (127.0.0.1, a free port) in front of several servers: each accepted connection
/// is relayed, both ways, to the backend port chosen when it arrives. Stops with the test.
class Relay {
 public:
  explicit Relay(std::vector<int> backends) : backends_(std::move(backends)) {
    testing::LoopbackListener listener = testing::listen_on_loopback();
    listener_ = listener.fd;
    port_ = listener.port;
    accepting_ = std::thread([this] { accept_loop(); });
  }
  ~Relay() {
    stopping_ = true;
    if (accepting_.joinable()) accepting_.join();
    for (std::thread& pipe : pipes_) pipe.join();
    ::close(listener_);
  }
  int port() const { return port_; }
  void send_to(std::size_t backend) { chosen_ = backend; }
  int connections(std::size_t backend) const { return counts_[backend].load(); }

 private:
  void accept_loop() {
    while (!stopping_) {
      pollfd ready{listener_, POLLIN, 0};
      if (::poll(&ready, 1, 100) <= 0) continue;
      int client = ::accept(listener_, nullptr, nullptr);
      if (client < 0) continue;
      std::size_t backend = chosen_.load();
      int server = ::socket(AF_INET, SOCK_STREAM, 0);
      sockaddr_in address{};
      address.sin_family = AF_INET;
      address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
      address.sin_port = htons(static_cast<std::uint16_t>(backends_[backend]));
      if (::connect(server, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) {
        ::close(server);
        ::close(client);
        continue;
      }
      ++counts_[backend];
      pipes_.emplace_back([this, client, server] { pipe(client, server); });
    }
  }
  void pipe(int client, int server) {
    char buffer[16384];
    bool open = true;
    while (open && !stopping_) {
      pollfd ends[2] = {{client, POLLIN, 0}, {server, POLLIN, 0}};
      if (::poll(ends, 2, 100) <= 0) continue;
      for (int i = 0; i < 2 && open; ++i) {
        if (!(ends[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
        ssize_t got = ::read(ends[i].fd, buffer, sizeof buffer);
        if (got <= 0) open = false;
        for (ssize_t sent = 0; open && sent < got;) {
          ssize_t wrote =
              ::write(ends[1 - i].fd, buffer + sent, static_cast<std::size_t>(got - sent));
          if (wrote <= 0)
            open = false;
          else
            sent += wrote;
        }
      }
    }
    ::close(client);
    ::close(server);
  }

  std::vector<int> backends_;
  int listener_ = -1;
  int port_ = 0;
  std::atomic<bool> stopping_{false};
  std::atomic<std::size_t> chosen_{0};
  std::atomic<int> counts_[2] = {0, 0};
  std::thread accepting_;
  std::vector<std::thread> pipes_;  ///< only the accepting thread adds to it
};

class TwoServersOneFleet : public ::testing::Test {
 protected:
  void SetUp() override {
    if (testing::find_executable("puppet").empty())
      GTEST_SKIP() << "needs puppet (Debian's puppet 7)";
    if (!testing::PrivateRedis::installed()) GTEST_SKIP() << "needs redis-server";
    // The agent gets the host type by pluginsync, from Debian's host_core module.
    const fs::path host_core = "/usr/share/puppet/modules/host_core";
    if (!fs::exists(host_core / "lib" / "puppet" / "type" / "host.rb"))
      GTEST_SKIP() << "needs puppet-module-puppetlabs-host-core";
    std::string why;
    redis_ = testing::PrivateRedis::start(testing::PrivateRedis::Listen::tcp, &why);
    ASSERT_TRUE(redis_) << why;
    dir_ = fs::temp_directory_path() / ("marionette-fleet-" + std::to_string(getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "env" / "manifests");
    fs::create_directories(dir_ / "managed");
    fs::create_directories(dir_ / "env" / "modules");
    fs::create_directory_symlink(host_core, dir_ / "env" / "modules" / "host_core");
    const std::string managed = (dir_ / "managed").string();
    std::ofstream(dir_ / "env" / "manifests" / "site.pp")
        << "node 'a.test' {\n"
           "  @@host { 'a.test': ip => '192.0.2.10', host_aliases => ['a'], tag => 'fleet' }\n"
           "  @@file { '"
        << managed
        << "/from-a.txt': content => \"exported by ${trusted['certname']}\\n\", tag => 'fleet' }\n"
           "  file { '"
        << managed
        << "/a-ran.txt': content => \"a\\n\" }\n"
           "}\n"
           "node 'b.test' {\n"
           "  Host <<| tag == 'fleet' |>> { target => '"
        << managed
        << "/hosts' }\n"
           "  File <<| tag == 'fleet' and title != '/nowhere' |>>\n"
           "}\n";
    start_server(0);
    start_server(0);
    relay_ = std::make_unique<Relay>(ports_);
    ASSERT_NE(relay_->port(), 0);
  }

  void TearDown() override {
    relay_.reset();
    for (auto& server : servers_) {
      server->signal(SIGTERM);
      EXPECT_EQ(server->wait(10s), 0) << server->output();
    }
    servers_.clear();
    if (!dir_.empty()) fs::remove_all(dir_);
  }

  /// A server on `port` (0: a free one) sharing the first one's ssldir and the Redis.
  void start_server(int port) {
    const std::size_t index = servers_.size();
    servers_.push_back(std::make_unique<testing::ChildProcess>(
        std::vector<std::string>{
            MARIONETTE_BINARY, "server",
            "--env-dir",       (dir_ / "env").string(),
            "--modulepath",    (dir_ / "env" / "modules").string(),
            "--ssldir",        (dir_ / "ssl").string(),
            "--statedir",      (dir_ / ("state" + std::to_string(index))).string(),
            "--certname",      "server.test",
            "--dns-alt-names", "localhost,IP:127.0.0.1",
            "--bindaddress",   "127.0.0.1",
            "--serverport",    std::to_string(port),
            "--autosign",      "true",
            "--keylength",     "2048",
            "--workers",       "2",
            "--verbose",       "--redis",
            redis_->url(),     "--storeconfigs"},
        dir_ / ("server" + std::to_string(index) + ".log")));
    std::regex listening("listening on 127\\.0\\.0\\.1:([0-9]+)");
    for (int i = 0; i < 300; ++i) {
      std::smatch match;
      std::string output = servers_.back()->output();
      if (std::regex_search(output, match, listening)) {
        ports_.push_back(std::stoi(match[1]));
        return;
      }
      std::this_thread::sleep_for(100ms);
    }
    FAIL() << servers_.back()->output();
  }

  testing::CommandResult puppet_agent(const std::string& certname) {
    return testing::run_puppet_agent(dir_ / certname, certname, std::to_string(relay_->port()),
                                     120s);
  }

  std::unique_ptr<testing::PrivateRedis> redis_;
  fs::path dir_;
  std::vector<std::unique_ptr<testing::ChildProcess>> servers_;
  std::vector<int> ports_;
  std::unique_ptr<Relay> relay_;
};

TEST_F(TwoServersOneFleet, ExportedOnOneServerCollectedOnTheOther) {
  relay_->send_to(0);
  testing::CommandResult a = puppet_agent("a.test");
  ASSERT_EQ(a.exit_code, 2) << a.out << a.err << servers_[0]->output();
  EXPECT_TRUE(fs::exists(dir_ / "managed" / "a-ran.txt"));
  EXPECT_FALSE(fs::exists(dir_ / "managed" / "from-a.txt")) << "an exported resource was applied";
  EXPECT_EQ(relay_->connections(1), 0);

  relay_->send_to(1);
  testing::CommandResult b = puppet_agent("b.test");
  ASSERT_EQ(b.exit_code, 2) << b.out << b.err << servers_[1]->output();
  EXPECT_GT(relay_->connections(1), 0);
  EXPECT_EQ(read(dir_ / "managed" / "from-a.txt"), "exported by a.test\n");
  std::string hosts = read(dir_ / "managed" / "hosts");
  EXPECT_NE(hosts.find("192.0.2.10\ta.test\ta"), std::string::npos) << hosts;

  // A second run of b changes nothing: what it collected is stable.
  testing::CommandResult again = puppet_agent("b.test");
  EXPECT_EQ(again.exit_code, 0) << again.out << again.err;

  // The fleet's Redis: both nodes' facts, a's exported resources, both nodes' reports.
  for (const char* node : {"a.test", "b.test"}) {
    std::optional<std::string> facts =
        redis_->command({"GET", std::string("marionette:facts:") + node});
    ASSERT_TRUE(facts);
    EXPECT_NE(facts->find("\"kernel\""), std::string::npos) << node << ": " << *facts;
    std::optional<std::string> reports =
        redis_->command({"LLEN", std::string("marionette:report:") + node});
    ASSERT_TRUE(reports);
    EXPECT_NE(*reports, "0") << node;
  }
  std::optional<std::string> exported =
      redis_->command({"GET", "marionette:exported:production:a.test"});
  ASSERT_TRUE(exported);
  EXPECT_NE(exported->find("\"type\":\"Host\",\"title\":\"a.test\""), std::string::npos)
      << *exported;
  EXPECT_NE(exported->find("\"type\":\"File\""), std::string::npos) << *exported;
  std::optional<std::string> none =
      redis_->command({"EXISTS", "marionette:exported:production:b.test"});
  ASSERT_TRUE(none);
  EXPECT_EQ(*none, "0");
}

// Masterless, storeconfigs keeps exported resources in files under the shared statedir: node
// a.test's `marionette apply` exports a file without applying it, b.test's collects and writes it.
TEST(MasterlessStoreconfigs, ApplyExportsAndCollectsThroughTheStateDir) {
  const fs::path dir =
      fs::temp_directory_path() / ("marionette-storeconfigs-" + std::to_string(getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir / "env" / "manifests");
  const std::string target = (dir / "from-a.txt").string();
  std::ofstream(dir / "env" / "manifests" / "site.pp")
      << "node 'a.test' { @@file { '" << target
      << "': content => \"from ${trusted['certname']}\\n\", tag => 'fleet' } }\n"
         "node 'b.test' { File <<| tag == 'fleet' |>> }\n";
  auto apply = [&](const std::string& certname) {
    return testing::run_command(
        {MARIONETTE_BINARY, "apply", "--env-dir", (dir / "env").string(), "--facts",
         MARIONETTE_FACTS_FILE, "--certname", certname, "--statedir", (dir / "state").string(),
         "--storeconfigs", "--color", "false"},
        60s);
  };
  testing::CommandResult a = apply("a.test");
  ASSERT_EQ(a.exit_code, 0) << a.out << a.err;
  EXPECT_FALSE(fs::exists(target));
  EXPECT_TRUE(fs::exists(dir / "state" / "exported" / "production" / "a.test.json"));
  testing::CommandResult b = apply("b.test");
  ASSERT_EQ(b.exit_code, 0) << b.out << b.err;
  EXPECT_EQ(read(target), "from a.test\n");
  fs::remove_all(dir);
}

}  // namespace
}  // namespace marionette
