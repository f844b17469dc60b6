// `marionette server` reloads on SIGHUP (issue 37, the packaged unit's ExecReload), as
// puppetserver's reload: a server keeping parsed code for good (environment_timeout unlimited)
// serves a changed manifest only after the signal, and a compile server whose CRL refresh is a
// day away refuses a certificate the CA revoked as soon as it was signalled. The compile server
// takes `ca = false`, ca_server and ca_port from its puppet.conf's [server] section, with no
// --no-ca on its command line. Requests are made with curl and certificates from `marionette ca
// generate`; everything on 127.0.0.1 in a temp dir. puppet.conf's reloadable settings
// (metrics_anonymous_from here) are read again. Skipped, saying so, without curl.

#include <gtest/gtest.h>
#include <signal.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <random>
#include <sstream>
#include <string>

#include "support/command.hpp"
#include "support/marionette_server.hpp"
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

class ServerReload : public ::testing::Test {
 protected:
  void SetUp() override {
    if (testing::find_executable("curl").empty()) GTEST_SKIP() << "needs curl";
    dir_ = fs::temp_directory_path() /
           ("marionette-server-reload-" + std::to_string(std::random_device{}()));
    fs::create_directories(dir_ / "env" / "modules");
    write_site("first");
  }

  void TearDown() override {
    for (auto* server : {&compile_, &server_})
      if (*server) {
        EXPECT_EQ((*server)->stop(), 0) << (*server)->output();
        server->reset();
      }
    if (!dir_.empty()) fs::remove_all(dir_);
  }

  void write_site(const std::string& word) {
    std::ofstream(dir_ / "env" / "site.pp") << "notify { 'site says " << word << "': }\n";
  }

  std::unique_ptr<testing::MarionetteServer> start(const fs::path& dir,
                                                   std::vector<std::string> extra) {
    fs::create_directories(dir);
    extra.push_back("--verbose");
    auto server = std::make_unique<testing::MarionetteServer>(
        MARIONETTE_BINARY, dir_ / "env", dir, "localhost,IP:127.0.0.1", extra, "false");
    EXPECT_FALSE(server->port().empty()) << server->output();
    return server;
  }

  void generate(const std::string& certname) {
    testing::CommandResult generated = testing::run_command(
        {MARIONETTE_BINARY, "ca", "generate", "--certname", certname, "--subject-alt-names",
         "localhost,IP:127.0.0.1", "--ssldir", server_->ssldir().string(), "--keylength", "2048"},
        60s);
    ASSERT_EQ(generated.exit_code, 0) << generated.out << generated.err;
  }

  /// curl's answer (body, or the status with `status_only`) to node1.test's request of `path`
  /// at `server`, "000" when the handshake is refused.
  std::string get(const testing::MarionetteServer& server, const std::string& path,
                  bool status_only, const std::string& form = "") {
    const fs::path ssl = server_->ssldir();
    std::vector<std::string> argv = {
        "curl",       "-s",
        "--max-time", "30",
        "--cacert",   (ssl / "ca" / "ca_crt.pem").string(),
        "--cert",     (ssl / "certs" / "node1.test.pem").string(),
        "--key",      (ssl / "private_keys" / "node1.test.pem").string()};
    if (status_only) argv.insert(argv.end(), {"-o", "/dev/null", "-w", "%{http_code}"});
    if (!form.empty()) argv.insert(argv.end(), {"--data", form});
    argv.push_back("https://127.0.0.1:" + server.port() + path);
    return testing::run_command(argv, 60s).out;
  }

  std::string catalog() {
    return get(*server_, "/puppet/v3/catalog/node1.test?environment=production", false,
               "facts_format=application%2Fjson&facts=%257B%2522name%2522%253A%2522node1.test%"
               "2522%252C%2522values%2522%253A%257B%2522kernel%2522%253A%2522Linux%2522%257D%"
               "257D");
  }

  /// Sends SIGHUP and waits for the server to say it reloaded.
  void hangup(testing::MarionetteServer& server) {
    const std::size_t before = server.output().size();
    ASSERT_EQ(::kill(server.pid(), SIGHUP), 0);
    ASSERT_TRUE(testing::wait_until(
        [&] { return server.output().find("Caught HUP", before) != std::string::npos; }, 20s))
        << server.output();
  }

  fs::path dir_;
  std::unique_ptr<testing::MarionetteServer> server_;
  std::unique_ptr<testing::MarionetteServer> compile_;
};

TEST_F(ServerReload, HangupReadsTheEnvironmentsAgain) {
  server_ = start(dir_ / "ca", {"--environment-timeout", "unlimited"});
  ASSERT_FALSE(server_->port().empty());
  generate("node1.test");
  EXPECT_NE(catalog().find("site says first"), std::string::npos);
  write_site("second, after the reload");
  const std::string cached = catalog();
  EXPECT_NE(cached.find("site says first"), std::string::npos)
      << "unlimited keeps the parsed code: " << cached;
  hangup(*server_);
  EXPECT_NE(catalog().find("site says second, after the reload"), std::string::npos)
      << server_->output();
  EXPECT_NE(server_->output().find("the environments will be read again"), std::string::npos);
}

TEST_F(ServerReload, HangupFetchesTheCasCrlOnACompileServerConfiguredByPuppetConf) {
  server_ = start(dir_ / "ca", {});
  ASSERT_FALSE(server_->port().empty());
  generate("node1.test");
  generate("compile.test");
  // The compile server's ssldir as an agent keeps it, from the CA's.
  const fs::path ssl = dir_ / "compile" / "server-ssl";
  fs::create_directories(ssl / "certs");
  fs::create_directories(ssl / "private_keys");
  for (const char* file : {"certs/compile.test.pem", "private_keys/compile.test.pem"})
    fs::copy_file(server_->ssldir() / file, ssl / file);
  fs::copy_file(server_->ca_certificate(), ssl / "certs" / "ca.pem");
  fs::copy_file(server_->crl(), ssl / "crl.pem");
  std::ofstream(dir_ / "compile.conf") << "[main]\nca_server = nowhere.invalid\n"
                                       << "[server]\nca = false\nca_server = 127.0.0.1\n"
                                       << "ca_port = " << server_->port() << "\n";
  compile_ = start(dir_ / "compile", {"--config", (dir_ / "compile.conf").string(), "--certname",
                                      "compile.test", "--crl-refresh-interval", "86400"});
  ASSERT_FALSE(compile_->port().empty());
  EXPECT_EQ(get(*compile_, "/puppet-ca/v1/certificate/ca", true), "404")
      << "ca = false in [server]: no CA endpoints";
  EXPECT_EQ(get(*compile_, "/puppet/v3/node/node1.test?environment=production", true), "200");

  testing::CommandResult revoke =
      testing::run_command({MARIONETTE_BINARY, "ca", "revoke", "--certname", "node1.test",
                            "--ssldir", server_->ssldir().string()});
  ASSERT_EQ(revoke.exit_code, 0) << revoke.err;
  EXPECT_EQ(get(*compile_, "/puppet/v3/node/node1.test?environment=production", true), "200")
      << "the next refresh is a day away";
  const std::size_t before = compile_->output().size();
  hangup(*compile_);
  ASSERT_TRUE(testing::wait_until(
      [&] {
        return compile_->output().find("Refreshed the CRL from 127.0.0.1:" + server_->port(),
                                       before) != std::string::npos;
      },
      30s))
      << compile_->output();
  EXPECT_EQ(read(ssl / "crl.pem"), read(server_->crl()));
  EXPECT_EQ(get(*compile_, "/puppet/v3/node/node1.test?environment=production", true), "000")
      << compile_->output();
}

// The settings a reload reads again from puppet.conf (docs/architecture.md, server): here
// metrics_anonymous_from, which opens /metrics to an address without a certificate, and a
// puppet.conf that no longer reads, which keeps the settings as they were.
TEST_F(ServerReload, HangupReadsTheReloadableSettingsFromPuppetConf) {
  const fs::path conf = dir_ / "server.conf";
  std::ofstream(conf) << "[server]\nenvironment_timeout = 0\n";
  server_ = start(dir_ / "ca", {"--config", conf.string()});
  ASSERT_FALSE(server_->port().empty());
  auto anonymous_metrics = [&] {
    return testing::run_command({"curl", "-s", "-o", "/dev/null", "-w", "%{http_code}",
                                 "--max-time", "20", "--cacert", server_->ca_certificate().string(),
                                 "https://127.0.0.1:" + server_->port() + "/metrics"},
                                30s)
        .out;
  };
  EXPECT_EQ(anonymous_metrics(), "403");
  std::ofstream(conf) << "[server]\nenvironment_timeout = 0\nmetrics_anonymous_from = 127.0.0.1\n";
  hangup(*server_);
  ASSERT_TRUE(testing::wait_until(
      [&] {
        return server_->output().find(
                   "autosign, static_catalogs and metrics_anonymous_from were read again") !=
               std::string::npos;
      },
      20s))
      << server_->output();
  EXPECT_EQ(anonymous_metrics(), "200") << server_->output();

  std::ofstream(conf) << "[server]\nmetrics_anonymous_from = not an address\n";
  const std::size_t before = server_->output().size();
  hangup(*server_);
  ASSERT_TRUE(testing::wait_until(
      [&] { return server_->output().find("metrics_anonymous_from", before) != std::string::npos; },
      20s))
      << server_->output();
  EXPECT_EQ(anonymous_metrics(), "200") << "the settings read before are kept";
}

}  // namespace
}  // namespace marionette
