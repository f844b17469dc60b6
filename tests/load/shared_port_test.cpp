// Two servers behind one address (issue 37): a CA server and a compile server (`--no-ca`, its
// certificate signed by the CA, the CA's certificate and CRL beside it), both started with
// `--reuse-port` on one 127.0.0.1 port. Simulated agents (marionette-load, new connection each
// run) have their catalogs compiled by both, as each server's access log shows; with the
// compile server killed (SIGKILL) the address still serves every run. Without `--reuse-port`
// a second server cannot bind the port. Everything on 127.0.0.1 in a temp dir.

#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "support/command.hpp"
#include "support/marionette_server.hpp"

namespace marionette {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

void write_environment(const fs::path& env, const std::string& who) {
  fs::create_directories(env / "manifests");
  fs::create_directories(env / "modules");
  std::ofstream(env / "manifests" / "site.pp")
      << "node default { notify { \"compiled by " << who << "\": } }\n";
}

std::size_t count_of(const std::string& text, const std::string& needle) {
  std::size_t count = 0;
  for (std::size_t at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1))
    ++count;
  return count;
}

class SharedPort : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("marionette-sharedport-" + std::to_string(getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "ca");
    write_environment(dir_ / "ca-env", "the CA server");
    write_environment(dir_ / "compile-env", "the compile server");
    ca_ = std::make_unique<testing::MarionetteServer>(
        MARIONETTE_BINARY, dir_ / "ca-env", dir_ / "ca", "localhost,IP:127.0.0.1",
        std::vector<std::string>{"--reuse-port", "--verbose"});
    ASSERT_FALSE(ca_->port().empty()) << ca_->output();
    // Certificates made at the CA: the compile server's and the simulated nodes'.
    for (const char* name : {"compile.test", "shared-0001.load.test", "shared-0002.load.test",
                             "shared-0003.load.test", "shared-0004.load.test"}) {
      testing::CommandResult made = testing::run_command(
          {MARIONETTE_BINARY, "ca", "generate", "--certname", name, "--subject-alt-names",
           "localhost,IP:127.0.0.1", "--keylength", "2048", "--ssldir", ca_->ssldir().string()},
          60s);
      ASSERT_EQ(made.exit_code, 0) << made.out << made.err;
    }
    const fs::path ssl = dir_ / "compile" / "server-ssl";
    fs::create_directories(ssl / "certs");
    fs::create_directories(ssl / "private_keys");
    for (const char* file : {"certs/compile.test.pem", "private_keys/compile.test.pem"})
      fs::copy_file(ca_->ssldir() / file, ssl / file);
    fs::copy_file(ca_->ca_certificate(), ssl / "certs" / "ca.pem");
    fs::copy_file(ca_->crl(), ssl / "crl.pem");
  }

  void TearDown() override {
    compile_.reset();
    if (ca_) {
      EXPECT_EQ(ca_->stop(), 0) << ca_->output();
    }
    ca_.reset();
    if (!dir_.empty()) fs::remove_all(dir_);
  }

  std::unique_ptr<testing::MarionetteServer> start_compile_server(bool reuse_port) {
    std::vector<std::string> args = {"--certname", "compile.test", "--no-ca",   "--serverport",
                                     ca_->port(),  "--ca_server",  "127.0.0.1", "--ca_port",
                                     ca_->port(),  "--verbose"};
    if (reuse_port) args.push_back("--reuse-port");
    return std::make_unique<testing::MarionetteServer>(
        MARIONETTE_BINARY, dir_ / "compile-env", dir_ / "compile", "localhost,IP:127.0.0.1", args);
  }

  /// Runs of the simulated nodes (a new connection each) against the shared port.
  testing::CommandResult load(int runs) {
    return testing::run_command({MARIONETTE_LOAD_BINARY,
                                 "--server",
                                 "127.0.0.1",
                                 "--serverport",
                                 ca_->port(),
                                 "--ssldir",
                                 ca_->ssldir().string(),
                                 "--facts",
                                 MARIONETTE_FACTS_FILE,
                                 "--node-prefix",
                                 "shared",
                                 "--domain",
                                 "load.test",
                                 "--nodes",
                                 "4",
                                 "--concurrency",
                                 "2",
                                 "--count",
                                 std::to_string(runs),
                                 "--json",
                                 "--timeout",
                                 "30"},
                                120s);
  }

  fs::path dir_;
  std::unique_ptr<testing::MarionetteServer> ca_;
  std::unique_ptr<testing::MarionetteServer> compile_;
};

TEST_F(SharedPort, BothServersCompileAndOneLeftKeepsServing) {
  compile_ = start_compile_server(true);
  ASSERT_EQ(compile_->port(), ca_->port()) << compile_->output();

  testing::CommandResult first = load(40);
  ASSERT_EQ(first.exit_code, 0) << first.out << first.err << ca_->output() << compile_->output();
  const std::string catalog = "/puppet/v3/catalog/shared-";
  const std::size_t by_ca = count_of(ca_->output(), catalog);
  const std::size_t by_compile = count_of(compile_->output(), catalog);
  EXPECT_GT(by_ca, 0u) << ca_->output();
  EXPECT_GT(by_compile, 0u) << compile_->output();
  EXPECT_EQ(by_ca + by_compile, 40u);

  ASSERT_EQ(::kill(compile_->pid(), SIGKILL), 0);
  EXPECT_EQ(compile_->stop(), -1);  // killed, not stopped by its SIGTERM
  testing::CommandResult after = load(10);
  ASSERT_EQ(after.exit_code, 0) << after.out << after.err << ca_->output();
  EXPECT_EQ(nlohmann::json::parse(after.out)["catalogs"], 10);
  EXPECT_EQ(count_of(ca_->output(), catalog), by_ca + 10);
}

TEST_F(SharedPort, WithoutReusePortTheSecondServerCannotBind) {
  compile_ = start_compile_server(false);
  EXPECT_TRUE(compile_->port().empty());
  EXPECT_NE(compile_->output().find("Could not bind to 127.0.0.1:" + ca_->port()),
            std::string::npos)
      << compile_->output();
}

}  // namespace
}  // namespace marionette
