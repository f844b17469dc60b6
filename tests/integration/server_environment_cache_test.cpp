// `marionette server --environment-timeout`: with 0 (Puppet's default) a changed manifest is in
// the very next catalog; with a duration the server keeps serving the code it parsed until the
// environment has gone unused for that long, then reads the change (Puppet 7's MRU policy).
// Catalogs are asked for with curl and a certificate from `marionette ca generate`; 127.0.0.1.
// Skipped, saying so, without curl.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <thread>

#include "support/marionette_server.hpp"
#include "support/command.hpp"

namespace marionette {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

class ServerEnvironmentCache : public ::testing::Test {
 protected:
  void SetUp() override {
    if (testing::find_executable("curl").empty()) GTEST_SKIP() << "needs curl";
    dir_ = fs::temp_directory_path() /
           ("marionette-server-envcache-" + std::to_string(std::random_device{}()));
    fs::create_directories(dir_ / "env" / "modules" / "app" / "manifests");
    write_site("first");
    std::ofstream(dir_ / "env" / "modules" / "app" / "manifests" / "init.pp")
        << "class app { notify { 'from the module': } }\n";
  }

  void TearDown() override {
    if (server_) {
      EXPECT_EQ(server_->stop(), 0) << server_->output();
    }
    server_.reset();
    if (!dir_.empty()) fs::remove_all(dir_);
  }

  void write_site(const std::string& word) {
    // A different length each time: the change shows whatever the file system's time stamps.
    std::ofstream(dir_ / "env" / "site.pp")
        << "include app\nnotify { 'site says " << word << "': }\n";
  }

  void start(const std::string& environment_timeout) {
    server_ = std::make_unique<testing::MarionetteServer>(
        MARIONETTE_BINARY, dir_ / "env", dir_, "localhost,IP:127.0.0.1",
        std::vector<std::string>{"--environment-timeout", environment_timeout}, "false");
    port_ = server_->port();
    ASSERT_FALSE(port_.empty()) << server_->output();
    testing::CommandResult generated = testing::run_command(
        {MARIONETTE_BINARY, "ca", "generate", "--certname", "node1.test", "--ssldir",
         server_->ssldir().string(), "--keylength", "2048"},
        60s);
    ASSERT_EQ(generated.exit_code, 0) << generated.out << generated.err;
  }

  /// node1.test's catalog as curl gets it (facts in the form, as an agent sends them).
  std::string catalog() {
    fs::path ssl = server_->ssldir();
    testing::CommandResult got = testing::run_command(
        {"curl", "-s", "--max-time", "30", "--cacert", (ssl / "ca" / "ca_crt.pem").string(),
         "--cert", (ssl / "certs" / "node1.test.pem").string(), "--key",
         (ssl / "private_keys" / "node1.test.pem").string(), "--data",
         "facts_format=application%2Fjson&facts=%257B%2522name%2522%253A%2522node1.test%2522%"
         "252C%2522values%2522%253A%257B%2522kernel%2522%253A%2522Linux%2522%257D%257D",
         "https://127.0.0.1:" + port_ + "/puppet/v3/catalog/node1.test?environment=production"},
        60s);
    EXPECT_NE(got.out.find("from the module"), std::string::npos) << got.out << got.err;
    return got.out;
  }

  static bool says(const std::string& catalog, const std::string& word) {
    return catalog.find("site says " + word) != std::string::npos;
  }

  fs::path dir_;
  std::unique_ptr<testing::MarionetteServer> server_;
  std::string port_;
};

TEST_F(ServerEnvironmentCache, TimeoutZeroServesAChangeAtOnce) {
  start("0");
  EXPECT_TRUE(says(catalog(), "first"));
  write_site("second, at once");
  EXPECT_TRUE(says(catalog(), "second, at once"));
}

TEST_F(ServerEnvironmentCache, ADurationServesTheCachedCodeUntilUnusedThatLong) {
  start("5s");
  EXPECT_TRUE(says(catalog(), "first"));
  write_site("second after the timeout");
  // Used again within the timeout: still the code parsed first (and the time starts again).
  std::string cached = catalog();
  EXPECT_TRUE(says(cached, "first"));
  EXPECT_FALSE(says(cached, "second after the timeout"));
  std::this_thread::sleep_for(6s);  // unused for longer than environment_timeout
  EXPECT_TRUE(says(catalog(), "second after the timeout"));
}

TEST_F(ServerEnvironmentCache, AnInvalidTimeoutIsRefused) {
  testing::CommandResult refused = testing::run_command(
      {MARIONETTE_BINARY, "server", "--env-dir", (dir_ / "env").string(), "--ssldir",
       (dir_ / "ssl").string(), "--environment-timeout", "soon"},
      30s);
  EXPECT_NE(refused.exit_code, 0);
  EXPECT_NE(refused.err.find("environment-timeout"), std::string::npos) << refused.err;
}

}  // namespace
}  // namespace marionette
