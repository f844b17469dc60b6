// A CA server and a compile server apart, as Puppet fleets run them (issue 37): `marionette
// server` with its CA, and `marionette server --no-ca` holding a certificate the CA signed, the
// CA's certificate and CRL. A real Debian `puppet agent -t` with ca_server at the CA and server
// at the compile server gets its certificate from the CA and its catalog from the compile
// server; the compile server has no /puppet-ca/ (404, as a puppetserver whose CA service is
// disabled); a certificate revoked at the CA is refused by the compile server once it has
// refreshed the CA's CRL. marionette's own agent (`marionette agent -t --server`) splits its
// requests by ca_server too. A compile server with no certificate gets one from the CA (as
// `puppet ssl bootstrap`) before serving. Everything on 127.0.0.1 in a temp dir; skipped without
// puppet or curl.

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <thread>

#include "support/command.hpp"
#include "support/marionette_server.hpp"
#include "support/puppet_agent.hpp"
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

/// An environment whose catalog writes DIR/managed/CERTNAME.txt saying which server compiled it.
void write_environment(const fs::path& env, const fs::path& managed, const std::string& who) {
  fs::create_directories(env / "manifests");
  fs::create_directories(env / "modules");
  std::ofstream(env / "manifests" / "site.pp")
      << "node default {\n  file { \"" << managed.string()
      << "/${trusted['certname']}.txt\":\n    content => \"compiled by " << who
      << "\\n\",\n  }\n}\n";
}

class CaAndCompileServer : public ::testing::Test {
 protected:
  void SetUp() override {
    if (testing::find_executable("puppet").empty() || testing::find_executable("curl").empty())
      GTEST_SKIP() << "needs puppet (Debian's puppet 7) and curl";
    dir_ = fs::temp_directory_path() / ("marionette-casplit-" + std::to_string(getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "managed");
    fs::create_directories(dir_ / "ca");
    write_environment(dir_ / "ca-env", dir_ / "managed", "the CA server");
    write_environment(dir_ / "compile-env", dir_ / "managed", "the compile server");

    ca_ = std::make_unique<testing::MarionetteServer>(MARIONETTE_BINARY, dir_ / "ca-env",
                                                      dir_ / "ca", "localhost,IP:127.0.0.1",
                                                      std::vector<std::string>{"--verbose"});
    ASSERT_FALSE(ca_->port().empty()) << ca_->output();

    // The compile server's certificate, made at the CA as puppetserver's `ca generate` does,
    // with the CA's certificate and CRL beside it as an agent keeps them.
    testing::CommandResult generated = testing::run_command(
        {MARIONETTE_BINARY, "ca", "generate", "--certname", "compile.test", "--subject-alt-names",
         "localhost,IP:127.0.0.1", "--keylength", "2048", "--ssldir", ca_->ssldir().string()},
        60s);
    ASSERT_EQ(generated.exit_code, 0) << generated.out << generated.err;
    const fs::path ssl = dir_ / "compile" / "server-ssl";
    fs::create_directories(ssl / "certs");
    fs::create_directories(ssl / "private_keys");
    for (const char* file : {"certs/compile.test.pem", "private_keys/compile.test.pem"})
      fs::copy_file(ca_->ssldir() / file, ssl / file);
    fs::copy_file(ca_->ca_certificate(), ssl / "certs" / "ca.pem");
    fs::copy_file(ca_->crl(), ssl / "crl.pem");

    compile_ = std::make_unique<testing::MarionetteServer>(
        MARIONETTE_BINARY, dir_ / "compile-env", dir_ / "compile", "localhost,IP:127.0.0.1",
        std::vector<std::string>{"--certname", "compile.test", "--no-ca", "--ca_server",
                                 "127.0.0.1", "--ca_port", ca_->port(), "--crl-refresh-interval",
                                 "1", "--verbose"});
    ASSERT_FALSE(compile_->port().empty()) << compile_->output();
  }

  void TearDown() override {
    if (compile_) {
      EXPECT_EQ(compile_->stop(), 0) << compile_->output();
    }
    if (ca_) {
      EXPECT_EQ(ca_->stop(), 0) << ca_->output();
    }
    compile_.reset();
    ca_.reset();
    if (!dir_.empty()) fs::remove_all(dir_);
  }

  testing::CommandResult puppet_agent(const std::string& certname) {
    return testing::run_puppet_agent(dir_ / certname, certname, compile_->port(), 120s,
                                     {"--ca_server", "127.0.0.1", "--ca_port", ca_->port()});
  }

  /// curl's HTTP status for a GET of the compile server, with `certname`'s certificate when it
  /// is not empty; "000" when the connection is refused.
  std::string compile_status(const std::string& path, const std::string& certname) {
    std::vector<std::string> argv = {
        "curl",         "-s",         "-o", "/dev/null", "-w",
        "%{http_code}", "--max-time", "20", "--cacert",  ca_->ca_certificate().string()};
    if (!certname.empty()) {
      fs::path ssl = dir_ / certname / "ssl";
      argv.insert(argv.end(), {"--cert", (ssl / "certs" / (certname + ".pem")).string(), "--key",
                               (ssl / "private_keys" / (certname + ".pem")).string()});
    }
    argv.push_back("https://127.0.0.1:" + compile_->port() + path);
    return testing::run_command(argv, 30s).out;
  }

  fs::path dir_;
  std::unique_ptr<testing::MarionetteServer> ca_;
  std::unique_ptr<testing::MarionetteServer> compile_;
};

TEST_F(CaAndCompileServer, AgentGetsCertificateFromCaAndCatalogFromCompileServer) {
  EXPECT_EQ(compile_status("/puppet-ca/v1/certificate/ca", ""), "404");
  EXPECT_EQ(compile_status("/puppet-ca/v1/certificate_request/node1.test", ""), "404");

  testing::CommandResult run = puppet_agent("node1.test");
  ASSERT_EQ(run.exit_code, 2) << run.out << run.err << compile_->output();
  EXPECT_EQ(read(dir_ / "managed" / "node1.test.txt"), "compiled by the compile server\n");
  EXPECT_TRUE(fs::exists(ca_->ssldir() / "ca" / "signed" / "node1.test.pem"));
  EXPECT_NE(ca_->output().find("/puppet-ca/v1/certificate_request/node1.test"), std::string::npos)
      << ca_->output();
  EXPECT_NE(compile_->output().find("/puppet/v3/catalog/node1.test"), std::string::npos)
      << compile_->output();
  EXPECT_EQ(ca_->output().find("/puppet/v3/catalog/"), std::string::npos) << ca_->output();
  EXPECT_EQ(compile_status("/puppet/v3/node/node1.test?environment=production", "node1.test"),
            "200");
}

TEST_F(CaAndCompileServer, CertificateRevokedAtCaIsRefusedOnceCrlRefreshed) {
  testing::CommandResult run = puppet_agent("node2.test");
  ASSERT_EQ(run.exit_code, 2) << run.out << run.err << compile_->output();

  const std::size_t before = compile_->output().size();
  testing::CommandResult revoke =
      testing::run_command({MARIONETTE_BINARY, "ca", "revoke", "--certname", "node2.test",
                            "--ssldir", ca_->ssldir().string()});
  ASSERT_EQ(revoke.exit_code, 0) << revoke.err;
  ASSERT_TRUE(testing::wait_until(
      [&] {
        return compile_->output().find("Refreshed the CRL from 127.0.0.1:" + ca_->port(), before) !=
               std::string::npos;
      },
      30s))
      << compile_->output();
  EXPECT_EQ(read(dir_ / "compile" / "server-ssl" / "crl.pem"), read(ca_->crl()));
  EXPECT_EQ(compile_status("/puppet/v3/node/node2.test?environment=production", "node2.test"),
            "000");
  testing::CommandResult refused = puppet_agent("node2.test");
  EXPECT_EQ(refused.exit_code, 1) << refused.out << refused.err;
}

TEST_F(CaAndCompileServer, MarionetteAgentSendsCaRequestsToCaServer) {
  const fs::path home = dir_ / "node3.test";
  testing::CommandResult run = testing::run_command({MARIONETTE_BINARY,
                                                     "agent",
                                                     "-t",
                                                     "--server",
                                                     "127.0.0.1",
                                                     "--serverport",
                                                     compile_->port(),
                                                     "--ca_server",
                                                     "127.0.0.1",
                                                     "--ca_port",
                                                     ca_->port(),
                                                     "--certname",
                                                     "node3.test",
                                                     "--ssldir",
                                                     (home / "ssl").string(),
                                                     "--statedir",
                                                     (home / "state").string(),
                                                     "--keylength",
                                                     "2048",
                                                     "--waitforcert",
                                                     "0",
                                                     "--facts",
                                                     MARIONETTE_FACTS_FILE,
                                                     "--no-snmp"},
                                                    120s);
  ASSERT_EQ(run.exit_code, 2) << run.out << run.err << compile_->output();
  EXPECT_EQ(read(dir_ / "managed" / "node3.test.txt"), "compiled by the compile server\n");
  EXPECT_TRUE(fs::exists(ca_->ssldir() / "ca" / "signed" / "node3.test.pem"));
  EXPECT_EQ(compile_->output().find("/puppet-ca/"), std::string::npos) << compile_->output();
}

// A compile server with an empty ssldir gets its certificate from the CA as puppetserver's
// compilers do with `puppet ssl bootstrap`: it downloads the CA's certificate and CRL, submits a
// CSR with its dns_alt_names, waits (waitforcert) while the CA's autosign leaves the request
// pending (alt names), gets the certificate once `marionette ca sign` signed it, then serves a
// real puppet agent.
TEST_F(CaAndCompileServer, CompileServerWithoutCertificateGetsOneFromCa) {
  const fs::path ssl = dir_ / "compile2" / "server-ssl";
  fs::create_directories(dir_ / "compile2");  // for its log
  const fs::path request = ca_->ssldir() / "ca" / "requests" / "compile2.test.pem";
  testing::CommandResult signing;
  std::thread operator_signs([&] {
    if (!testing::wait_until([&] { return fs::exists(request); }, 60s)) return;
    signing = testing::run_command({MARIONETTE_BINARY, "ca", "sign", "--certname", "compile2.test",
                                    "--ssldir", ca_->ssldir().string()},
                                   60s);
  });
  auto second = std::make_unique<testing::MarionetteServer>(
      MARIONETTE_BINARY, dir_ / "compile-env", dir_ / "compile2", "localhost,IP:127.0.0.1",
      std::vector<std::string>{"--certname", "compile2.test", "--no-ca", "--ca_server", "127.0.0.1",
                               "--ca_port", ca_->port(), "--waitforcert", "1", "--verbose"});
  operator_signs.join();
  ASSERT_EQ(signing.exit_code, 0) << signing.out << signing.err << second->output();
  ASSERT_FALSE(second->port().empty()) << second->output();
  EXPECT_NE(second->output().find("you might still need to sign this agent's certificate "
                                  "(compile2.test)"),
            std::string::npos)
      << second->output();
  EXPECT_EQ(read(ssl / "certs" / "compile2.test.pem"),
            read(ca_->ssldir() / "ca" / "signed" / "compile2.test.pem"));
  EXPECT_EQ(read(ssl / "certs" / "ca.pem"), read(ca_->ca_certificate()));
  EXPECT_EQ(read(ssl / "crl.pem"), read(ca_->crl()));
  EXPECT_FALSE(fs::exists(ssl / "ca"));

  testing::CommandResult run =
      testing::run_puppet_agent(dir_ / "node4.test", "node4.test", second->port(), 120s,
                                {"--ca_server", "127.0.0.1", "--ca_port", ca_->port()});
  ASSERT_EQ(run.exit_code, 2) << run.out << run.err << second->output();
  EXPECT_EQ(read(dir_ / "managed" / "node4.test.txt"), "compiled by the compile server\n");
  EXPECT_NE(second->output().find("/puppet/v3/catalog/node4.test"), std::string::npos)
      << second->output();
  EXPECT_EQ(second->stop(), 0) << second->output();
}

// A compile server that cannot reach its CA does not start, says so, and makes no CA.
TEST_F(CaAndCompileServer, CompileServerThatCannotReachItsCaRefusesToStart) {
  testing::CommandResult run = testing::run_command({MARIONETTE_BINARY,
                                                     "server",
                                                     "--no-ca",
                                                     "--env-dir",
                                                     (dir_ / "compile-env").string(),
                                                     "--ssldir",
                                                     (dir_ / "empty-ssl").string(),
                                                     "--statedir",
                                                     (dir_ / "empty-state").string(),
                                                     "--certname",
                                                     "compile3.test",
                                                     "--ca_server",
                                                     "127.0.0.1",
                                                     "--ca_port",
                                                     "1",
                                                     "--bindaddress",
                                                     "127.0.0.1",
                                                     "--serverport",
                                                     "0",
                                                     "--no-snmp"},
                                                    30s);
  EXPECT_EQ(run.exit_code, 1) << run.out << run.err;
  EXPECT_NE(run.err.find("could not get this compile server's certificate: Could not download "
                         "CA certificate"),
            std::string::npos)
      << run.err;
  EXPECT_FALSE(fs::exists(dir_ / "empty-ssl" / "ca"));
  EXPECT_FALSE(fs::exists(dir_ / "empty-ssl" / "certs" / "compile3.test.pem"));
}

}  // namespace
}  // namespace marionette
