// `marionette server`'s SNMP objects end to end: a private snmpd, the server with its AgentX
// subagent, a few requests over HTTPS (certificate requests, a catalog, a refused catalog),
// `marionette ca revoke`, and snmpbulkwalk of the mrnServer subtree, which must have moved.
// Skipped, saying so, without snmpd, snmpbulkwalk, curl or openssl.

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <string>
#include <thread>

#include "support/child_process.hpp"
#include "support/command.hpp"
#include "support/private_snmpd.hpp"
#include "support/snmp_walk.hpp"

namespace marionette {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

const std::string kRoot = ".1.3.6.1.4.1.8072.9999.9999.4242";
const std::string kServer = kRoot + ".1.9";

/// The number in a walked value such as "Counter64: 12" or "Timeticks: (300) 0:00:03.00".
std::uint64_t number_in(const std::string& value) {
  std::smatch match;
  static const std::regex kNumber(": \\(?([0-9]+)");
  if (!std::regex_search(value, match, kNumber)) return 0;
  return std::stoull(match[1]);
}

class ServerSnmp : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!testing::PrivateSnmpd::available()) GTEST_SKIP() << "needs /usr/sbin/snmpd";
    for (const char* tool : {"snmpbulkwalk", "curl", "openssl"})
      if (testing::find_executable(tool).empty()) GTEST_SKIP() << "needs " << tool;
    dir_ = fs::temp_directory_path() / ("marionette-server-snmp-" + std::to_string(getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "env" / "manifests");
    std::ofstream(dir_ / "env" / "manifests" / "site.pp")
        << "node default { notify { \"hello ${trusted['certname']}\": } }\n";
    std::ofstream(dir_ / "autosign.conf") << "node1.test\n";
    snmpd_ = std::make_unique<testing::PrivateSnmpd>();
    server_ = std::make_unique<testing::ChildProcess>(
        std::vector<std::string>{MARIONETTE_BINARY, "server",
                                 "--env-dir",       (dir_ / "env").string(),
                                 "--ssldir",        ssldir().string(),
                                 "--statedir",      (dir_ / "state").string(),
                                 "--certname",      "server.test",
                                 "--dns-alt-names", "localhost,IP:127.0.0.1",
                                 "--bindaddress",   "127.0.0.1",
                                 "--serverport",    "0",
                                 "--autosign",      (dir_ / "autosign.conf").string(),
                                 "--keylength",     "2048",
                                 "--workers",       "3",
                                 "--agentx-socket", snmpd_->agentx_socket()},
        dir_ / "server.log");
    std::regex listening("listening on 127\\.0\\.0\\.1:([0-9]+)");
    for (int i = 0; i < 300 && port_.empty(); ++i) {
      std::smatch match;
      std::string output = server_->output();
      if (std::regex_search(output, match, listening))
        port_ = match[1];
      else
        std::this_thread::sleep_for(100ms);
    }
    ASSERT_FALSE(port_.empty()) << server_->output();
  }

  void TearDown() override {
    if (server_) {
      server_->signal(SIGTERM);
      EXPECT_EQ(server_->wait(10s), 0) << server_->output();
    }
    server_.reset();
    snmpd_.reset();
    if (!dir_.empty()) fs::remove_all(dir_);
  }

  fs::path ssldir() const { return dir_ / "server-ssl"; }

  /// curl's HTTP status for a request (the response body to `out` when given), with the
  /// client certificate of `certname` when it is not empty.
  std::string request(const std::string& method, const std::string& path,
                      const std::string& certname, const fs::path& upload = {},
                      const fs::path& out = "/dev/null") {
    std::vector<std::string> argv = {
        "curl", "-s",           "-o",         out.string(),
        "-w",   "%{http_code}", "--max-time", "20",
        "-X",   method,         "--cacert",   (ssldir() / "ca" / "ca_crt.pem").string()};
    if (!certname.empty())
      argv.insert(argv.end(), {"--cert", (dir_ / (certname + ".crt")).string(), "--key",
                               (dir_ / (certname + ".key")).string()});
    if (!upload.empty())
      argv.insert(argv.end(),
                  {"-H", "Content-Type: text/plain", "--data-binary", "@" + upload.string()});
    argv.push_back("https://127.0.0.1:" + port_ + path);
    return testing::run_command(argv, 30s).out;
  }

  /// A key and a certificate request for `certname`, sent to the CA: the HTTP status.
  std::string request_certificate(const std::string& certname) {
    const fs::path key = dir_ / (certname + ".key"), csr = dir_ / (certname + ".csr");
    testing::CommandResult made =
        testing::run_command({"openssl", "req", "-new", "-newkey", "rsa:2048", "-nodes", "-keyout",
                              key.string(), "-subj", "/CN=" + certname, "-out", csr.string()},
                             60s);
    EXPECT_EQ(made.exit_code, 0) << made.err;
    return request("PUT", "/puppet-ca/v1/certificate_request/" + certname, "", csr);
  }

  /// Walks mrnServer until `done` holds for the walk (or 30 s pass: the CA is re-counted at most
  /// every 5 s); returns the last walk.
  template <class Done>
  std::map<std::string, std::string> walk_until(Done done) {
    std::map<std::string, std::string> walk;
    for (auto deadline = std::chrono::steady_clock::now() + 30s;
         std::chrono::steady_clock::now() < deadline; std::this_thread::sleep_for(200ms)) {
      walk = testing::snmp_bulkwalk(snmpd_->address(), kServer);
      if (done(walk)) break;
    }
    return walk;
  }

  static std::uint64_t value(const std::map<std::string, std::string>& walk,
                             const std::string& suffix) {
    auto found = walk.find(kServer + suffix + ".0");
    return found == walk.end() ? UINT64_MAX : number_in(found->second);
  }

  fs::path dir_;
  std::unique_ptr<testing::PrivateSnmpd> snmpd_;
  std::unique_ptr<testing::ChildProcess> server_;
  std::string port_;
};

TEST_F(ServerSnmp, TheServerSubtreeCountsRequestsCompilesAndCertificates) {
  // Served as soon as the subagent is up: the workers, the server's own certificate.
  auto idle = walk_until([](const auto& walk) { return value(walk, ".1.2") == 3; });
  ASSERT_EQ(value(idle, ".1.2"), 3u) << server_->output() << snmpd_->log();
  EXPECT_EQ(value(idle, ".4.2"), 1u) << "the server's own certificate is signed";
  EXPECT_EQ(value(idle, ".3.1"), 0u);
  EXPECT_EQ(value(idle, ".1.5"), 256u) << "queue limit";

  ASSERT_EQ(request_certificate("node1.test"), "200");  // autosign.conf names it
  ASSERT_EQ(request_certificate("node2.test"), "200");  // waits for `ca sign`
  ASSERT_EQ(request("GET", "/puppet-ca/v1/certificate/node1.test", "", {}, dir_ / "node1.test.crt"),
            "200");
  EXPECT_EQ(request("GET", "/puppet/v3/catalog/node1.test?environment=production", "node1.test"),
            "200");
  EXPECT_EQ(request("GET", "/puppet/v3/catalog/node2.test?environment=production", "node1.test"),
            "403");
  EXPECT_EQ(request("GET", "/status/v1/simple", "node1.test"), "200");

  auto busy = walk_until([](const auto& walk) {
    return value(walk, ".3.1") == 1 && value(walk, ".4.1") == 1 && value(walk, ".2.1") == 6;
  });
  SCOPED_TRACE(server_->output());
  EXPECT_EQ(value(busy, ".2.1"), 6u) << "requests";
  EXPECT_EQ(value(busy, ".2.2"), 5u) << "below 400";
  EXPECT_EQ(value(busy, ".2.3"), 1u) << "4xx";
  EXPECT_EQ(value(busy, ".2.4"), 0u) << "5xx";
  EXPECT_EQ(value(busy, ".2.5"), 1u) << "refused by auth.conf";
  EXPECT_EQ(value(busy, ".2.6"), 3u) << "CA";
  EXPECT_EQ(value(busy, ".2.7"), 2u) << "catalog";
  EXPECT_EQ(value(busy, ".2.11"), 1u) << "other (status)";
  EXPECT_EQ(value(busy, ".2.13"), 6u) << "requests in the last minute";
  EXPECT_EQ(value(busy, ".3.1"), 1u) << "compiles";
  EXPECT_EQ(value(busy, ".3.2"), 0u) << "failed compiles";
  EXPECT_GT(value(busy, ".3.3"), 0u) << "compile microseconds";
  EXPECT_EQ(value(busy, ".3.4"), 1u) << "compiles in the last minute";
  EXPECT_GT(value(busy, ".3.7"), 0u) << "longest compile of the last minute";
  EXPECT_EQ(value(busy, ".3.5"), value(busy, ".3.7")) << "one compile: min is max";
  EXPECT_EQ(value(busy, ".3.10"), value(busy, ".3.7"));
  EXPECT_EQ(value(busy, ".4.1"), 1u) << "pending: node2";
  EXPECT_EQ(value(busy, ".4.2"), 2u) << "signed: the server and node1";
  EXPECT_EQ(value(busy, ".4.3"), 0u) << "revoked";
  EXPECT_EQ(value(busy, ".1.3"), 0u) << "no worker busy once curl is gone";
  EXPECT_EQ(value(busy, ".1.6"), 0u) << "no connection dropped";
  // The agent's objects belong to `marionette agent`: the server serves its subtree only.
  for (const auto& [oid, answer] : testing::snmp_bulkwalk(snmpd_->address(), kRoot + ".1"))
    EXPECT_EQ(oid.rfind(kServer + ".", 0), 0u) << oid << " = " << answer;

  testing::CommandResult revoked =
      testing::run_command({MARIONETTE_BINARY, "ca", "revoke", "--certname", "node1.test",
                            "--ssldir", ssldir().string()},
                           30s);
  ASSERT_EQ(revoked.exit_code, 0) << revoked.out << revoked.err;
  auto after = walk_until([](const auto& walk) { return value(walk, ".4.3") == 1; });
  EXPECT_EQ(value(after, ".4.3"), 1u) << "revoked";
  EXPECT_EQ(value(after, ".4.2"), 1u) << "signed and not revoked: the server";
}

TEST_F(ServerSnmp, AnAgentAndAServerOnOneHostShareOneSnmpd) {
  // The agent registers the whole root, the server only mrnServer: both answer one walk.
  std::ofstream(dir_ / "agent.pp") << "notify { 'from the agent': }\n";
  testing::ChildProcess agent(
      {MARIONETTE_BINARY, "agent", "--no-daemonize", "--manifest", (dir_ / "agent.pp").string(),
       "--facts", MARIONETTE_FACTS_FILE, "--statedir", (dir_ / "agent-state").string(),
       "--runinterval", "3600", "--agentx-socket", snmpd_->agentx_socket()},
      dir_ / "agent.log");
  const std::string runs_total = kRoot + ".1.6.1.0", workers = kServer + ".1.2.0";
  std::map<std::string, std::string> walk;
  for (auto deadline = std::chrono::steady_clock::now() + 30s;
       std::chrono::steady_clock::now() < deadline; std::this_thread::sleep_for(200ms)) {
    walk = testing::snmp_bulkwalk(snmpd_->address(), kRoot);
    if (number_in(walk[runs_total]) >= 1 && number_in(walk[workers]) == 3) break;
  }
  EXPECT_EQ(number_in(walk[runs_total]), 1u) << agent.output() << snmpd_->log();
  EXPECT_EQ(number_in(walk[workers]), 3u) << server_->output() << snmpd_->log();
  EXPECT_TRUE(walk.contains(kRoot + ".1.8.1.0")) << "the agent's last object, before mrnServer";
  EXPECT_TRUE(walk.contains(kServer + ".4.3.0")) << "the server's last object";
  agent.signal(SIGTERM);
  EXPECT_EQ(agent.wait(10s), 0) << agent.output();
}

}  // namespace
}  // namespace marionette
