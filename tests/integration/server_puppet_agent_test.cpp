// `marionette server` against real Debian Puppet 7's `puppet agent -t` (temp confdir, vardir and
// ssldir; 127.0.0.1 only): the first run asks for a certificate, gets it autosigned and applies
// the catalog (exit 2), with $trusted from its certificate and a puppet:///modules/ file; the
// second changes nothing (exit 0); the report lands; the node may not read another node's
// catalog (403), a client without a certificate reaches only the CA (403 elsewhere), and once
// `marionette ca revoke` has revoked it the node is refused at the next connection.
// The same server (Puppet 8 behaviour, its default) against a real OpenVox 8 agent
// (shared/tools/openvox8 agent -t): exit 2, then 0; the catalog sees $server_facts as OpenVox 8's
// server makes them and the agent's facts as each agent sends them (legacy facts and its
// clientversion). Skipped, saying so, without `puppet` or `curl` (or shared/ for OpenVox 8).

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "support/command.hpp"
#include "support/marionette_server.hpp"
#include "support/puppet_agent.hpp"

namespace marionette {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

const fs::path kOpenVox8 = fs::path(MARIONETTE_SHARED_DIR) / "tools" / "openvox8";

std::string read(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

class ServerWithPuppetAgent : public ::testing::Test {
 protected:
  void SetUp() override {
    if (testing::find_executable("puppet").empty() || testing::find_executable("curl").empty())
      GTEST_SKIP() << "needs puppet (Debian's puppet 7) and curl";
    dir_ = fs::temp_directory_path() / ("marionette-server-" + std::to_string(getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "env" / "manifests");
    fs::create_directories(dir_ / "env" / "modules" / "demo" / "files");
    fs::create_directories(dir_ / "managed");
    std::ofstream(dir_ / "env" / "modules" / "demo" / "files" / "greeting.txt")
        << "served by marionette\n";
    std::ofstream(dir_ / "env" / "manifests" / "site.pp")
        << "node default {\n"
           "  file { '"
        << (dir_ / "managed" / "trusted.txt").string()
        << "':\n"
           "    content => \"${trusted['certname']} ${trusted['authenticated']} "
           "${facts['kernel']}\\n\",\n"
           "  }\n"
           "  file { '"
        << (dir_ / "managed" / "greeting.txt").string()
        << "':\n"
           "    source => 'puppet:///modules/demo/greeting.txt',\n"
           "  }\n"
           // strict_variables is 8's default: `=~ Undef` says whether a legacy fact was sent.
           "  $no_legacy = $facts['osfamily'] =~ Undef\n"
           "  file { \""
        << (dir_ / "managed").string()
        << "/${trusted['certname']}.seen\":\n"
           "    content => \"${server_facts['serverimplementation']} "
           "${server_facts['serverversion']} ${facts['clientversion']} "
           "${facts.dig('os', 'family')} ${no_legacy}\\n\",\n"
           "  }\n"
           "}\n";
    server_ = std::make_unique<testing::MarionetteServer>(MARIONETTE_BINARY, dir_ / "env", dir_,
                                                          "localhost,IP:127.0.0.1",
                                                          std::vector<std::string>{"--verbose"});
    port_ = server_->port();
    ASSERT_FALSE(port_.empty()) << server_->output();
  }

  void TearDown() override {
    if (server_) {
      EXPECT_EQ(server_->stop(), 0) << server_->output();
    }
    server_.reset();
    if (!dir_.empty()) fs::remove_all(dir_);
  }

  testing::CommandResult puppet_agent(const std::string& certname) {
    return testing::run_puppet_agent(dir_ / certname, certname, port_, 120s);
  }

  testing::CommandResult openvox_agent(const std::string& certname) {
    return testing::run_puppet_agent(dir_ / certname, certname, port_, 150s, {},
                                     kOpenVox8.string());
  }

  /// curl's HTTP status for a request, with `certname`'s certificate when it is not empty.
  std::string status_of(const std::string& method, const std::string& path,
                        const std::string& certname) {
    std::vector<std::string> argv = {
        "curl", "-s",           "-o",         "/dev/null",
        "-w",   "%{http_code}", "--max-time", "20",
        "-X",   method,         "--cacert",   (dir_ / "server-ssl" / "ca" / "ca_crt.pem").string()};
    if (!certname.empty()) {
      fs::path ssl = dir_ / certname / "ssl";
      argv.insert(argv.end(), {"--cert", (ssl / "certs" / (certname + ".pem")).string(), "--key",
                               (ssl / "private_keys" / (certname + ".pem")).string()});
    }
    argv.push_back("https://127.0.0.1:" + port_ + path);
    return testing::run_command(argv, 30s).out;
  }

  fs::path dir_;
  std::unique_ptr<testing::MarionetteServer> server_;
  std::string port_;
};

TEST_F(ServerWithPuppetAgent, RealAgentRunsSecurityHolds) {
  testing::CommandResult first = puppet_agent("agent1.test");
  ASSERT_EQ(first.exit_code, 2) << first.out << first.err << server_->output();
  EXPECT_EQ(read(dir_ / "managed" / "trusted.txt"), "agent1.test remote Linux\n");
  EXPECT_EQ(read(dir_ / "managed" / "greeting.txt"), "served by marionette\n");
  EXPECT_EQ(read(dir_ / "managed" / "agent1.test.seen"), "openvox 8.28.1 7.23.0 Debian false\n");
  EXPECT_TRUE(fs::exists(dir_ / "server-ssl" / "ca" / "signed" / "agent1.test.pem"));

  testing::CommandResult second = puppet_agent("agent1.test");
  EXPECT_EQ(second.exit_code, 0) << second.out << second.err << server_->output();

  std::size_t reports = 0;
  for (const auto& entry :
       fs::directory_iterator(dir_ / "server-state" / "reports" / "agent1.test")) {
    EXPECT_NE(read(entry.path()).find("\"host\":\"agent1.test\""), std::string::npos);
    ++reports;
  }
  EXPECT_EQ(reports, 2u);

  // auth.conf: its own catalog only; without a certificate, only the CA.
  EXPECT_EQ(status_of("POST", "/puppet/v3/catalog/agent1.test", "agent1.test"), "200");
  EXPECT_EQ(status_of("POST", "/puppet/v3/catalog/other.test", "agent1.test"), "403");
  EXPECT_EQ(status_of("GET", "/puppet/v3/node/other.test", "agent1.test"), "403");
  EXPECT_EQ(status_of("PUT", "/puppet/v3/report/other.test", "agent1.test"), "403");
  EXPECT_EQ(status_of("POST", "/puppet/v3/catalog/agent1.test", ""), "403");
  EXPECT_EQ(status_of("GET", "/puppet/v3/file_metadata/modules/demo/greeting.txt", ""), "403");
  EXPECT_EQ(status_of("GET", "/puppet-ca/v1/certificate/ca", ""), "200");
  EXPECT_EQ(status_of("GET", "/status/v1/simple", ""), "200");

  // The CA's status endpoints answer the server's own certificate (as `puppetserver ca` uses
  // it), not a node's.
  EXPECT_EQ(status_of("GET", "/puppet-ca/v1/certificate_statuses/any_key", "agent1.test"), "403");
  std::string statuses =
      testing::run_command(
          {"curl", "-s", "--max-time", "20", "--cacert",
           (dir_ / "server-ssl" / "ca" / "ca_crt.pem").string(), "--cert",
           (dir_ / "server-ssl" / "certs" / "server.test.pem").string(), "--key",
           (dir_ / "server-ssl" / "private_keys" / "server.test.pem").string(),
           "https://127.0.0.1:" + port_ + "/puppet-ca/v1/certificate_statuses/any_key"},
          30s)
          .out;
  EXPECT_NE(statuses.find("{\"name\":\"agent1.test\",\"state\":\"signed\""), std::string::npos)
      << statuses;

  // Revoked: refused at the next connection, the server still running.
  testing::CommandResult revoke =
      testing::run_command({MARIONETTE_BINARY, "ca", "revoke", "--certname", "agent1.test",
                            "--ssldir", (dir_ / "server-ssl").string()});
  ASSERT_EQ(revoke.exit_code, 0) << revoke.err;
  EXPECT_EQ(revoke.out, "Revoked certificate for agent1.test\n");
  EXPECT_EQ(status_of("POST", "/puppet/v3/catalog/agent1.test", "agent1.test"), "000");
  testing::CommandResult refused = puppet_agent("agent1.test");
  EXPECT_EQ(refused.exit_code, 1) << refused.out << refused.err;
}

// Static catalogs, as puppetserver's: the real agent takes the file's metadata from the
// catalog and its content from static_file_content, and once in sync asks for no file at all
// (pluginsync's file_metadatas aside).
TEST_F(ServerWithPuppetAgent, RealAgentInSyncAsksForNoFile) {
  auto requests_since = [&](std::size_t from, const std::string& what) {
    std::string log = server_->output().substr(from);
    std::size_t count = 0;
    for (std::size_t at = log.find(what); at != std::string::npos; at = log.find(what, at + 1))
      ++count;
    return count;
  };
  testing::CommandResult first = puppet_agent("static1.test");
  ASSERT_EQ(first.exit_code, 2) << first.out << first.err << server_->output();
  EXPECT_EQ(read(dir_ / "managed" / "greeting.txt"), "served by marionette\n");
  EXPECT_EQ(requests_since(0,
                           "\"GET /puppet/v3/static_file_content/modules/demo/files/"
                           "greeting.txt\" 200"),
            1u)
      << server_->output();
  EXPECT_EQ(requests_since(0, "/puppet/v3/file_metadata/"), 0u) << server_->output();
  EXPECT_EQ(requests_since(0, "/puppet/v3/file_content/"), 0u) << server_->output();

  std::size_t mark = server_->output().size();
  testing::CommandResult second = puppet_agent("static1.test");
  EXPECT_EQ(second.exit_code, 0) << second.out << second.err << server_->output();
  EXPECT_EQ(requests_since(mark, "\"POST /puppet/v3/catalog/static1.test\" 200"), 1u)
      << server_->output();
  EXPECT_EQ(requests_since(mark, "/puppet/v3/file_metadata/"), 0u) << server_->output();
  EXPECT_EQ(requests_since(mark, "/puppet/v3/file_content/"), 0u) << server_->output();
  EXPECT_EQ(requests_since(mark, "static_file_content"), 0u) << server_->output();
}

// environment.conf's static_catalogs = false, as puppetserver honours it: the catalog carries
// no metadata and no code_id, so the real agent asks file_metadata and file_content for the
// file, and never static_file_content.
TEST_F(ServerWithPuppetAgent, EnvironmentWithoutStaticCatalogsInlinesNothing) {
  std::ofstream(dir_ / "env" / "environment.conf") << "static_catalogs = false\n";
  testing::CommandResult run = puppet_agent("nostatic1.test");
  ASSERT_EQ(run.exit_code, 2) << run.out << run.err << server_->output();
  EXPECT_EQ(read(dir_ / "managed" / "greeting.txt"), "served by marionette\n");
  const std::string log = server_->output();
  EXPECT_NE(log.find("\"GET /puppet/v3/file_metadata/modules/demo/greeting.txt\" 200"),
            std::string::npos)
      << log;
  EXPECT_NE(log.find("\"GET /puppet/v3/file_content/modules/demo/greeting.txt\" 200"),
            std::string::npos)
      << log;
  EXPECT_EQ(log.find("static_file_content"), std::string::npos) << log;
  const fs::path cached =
      dir_ / "nostatic1.test" / "var" / "client_data" / "catalog" / "nostatic1.test.json";
  ASSERT_TRUE(fs::exists(cached));
  const std::string catalog = read(cached);
  EXPECT_EQ(catalog.find("\"metadata\""), std::string::npos) << catalog;
  EXPECT_EQ(catalog.find("\"code_id\":\""), std::string::npos) << catalog;
}

TEST_F(ServerWithPuppetAgent, OpenVox8AgentRunsAgainstIt) {
  if (!fs::exists(kOpenVox8)) GTEST_SKIP() << "needs " << kOpenVox8;
  testing::CommandResult first = openvox_agent("vox1.test");
  ASSERT_EQ(first.exit_code, 2) << first.out << first.err << server_->output();
  EXPECT_EQ(read(dir_ / "managed" / "vox1.test.seen"), "openvox 8.28.1 8.28.1 Debian true\n");
  EXPECT_EQ(read(dir_ / "managed" / "greeting.txt"), "served by marionette\n");
  EXPECT_TRUE(fs::exists(dir_ / "server-ssl" / "ca" / "signed" / "vox1.test.pem"));

  testing::CommandResult second = openvox_agent("vox1.test");
  EXPECT_EQ(second.exit_code, 0) << second.out << second.err << server_->output();

  std::size_t reports = 0;
  for (const auto& entry :
       fs::directory_iterator(dir_ / "server-state" / "reports" / "vox1.test")) {
    const std::string report = read(entry.path());
    EXPECT_NE(report.find("\"puppet_version\":\"8.28.1\""), std::string::npos) << report;
    ++reports;
  }
  EXPECT_EQ(reports, 2u);
}

}  // namespace
}  // namespace marionette
