// `marionette server` (Puppet 8 behaviour, its default) against a real OpenVox 8 agent
// (shared/tools/openvox8 agent -t; temp confdir, vardir and ssldir; 127.0.0.1 only): the first
// run gets its certificate autosigned and applies the catalog (exit 2), the second changes
// nothing (exit 0). The catalog sees $server_facts as OpenVox 8's server makes them, and the
// agent's facts as OpenVox 8 sends them: no legacy facts, clientversion 8. Skipped, saying so,
// without Debian's puppet package (OpenVox 8 runs on its Ruby and gems) or shared/.

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

class ServerWithOpenVox8Agent : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!fs::exists(kOpenVox8) || testing::find_executable("puppet").empty())
      GTEST_SKIP() << "needs " << kOpenVox8 << " and Debian's puppet (its Ruby and gems)";
    dir_ = fs::temp_directory_path() / ("marionette-openvox8-" + std::to_string(getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "env" / "manifests");
    fs::create_directories(dir_ / "managed");
    // Under strict_variables (8's default) a legacy fact the agent did not send fails the
    // compile; `$facts['osfamily'] =~ Undef` says whether it was sent.
    std::ofstream(dir_ / "env" / "manifests" / "site.pp")
        << "node default {\n"
           "  file { '" << (dir_ / "managed" / "seen.txt").string() << "':\n"
           "    content => \"${trusted['certname']} ${server_facts['serverimplementation']} "
           "${server_facts['serverversion']} ${facts['clientversion']} "
           "${facts['os']['family']} ${facts['osfamily'] =~ Undef}\\n\",\n"
           "  }\n"
           "}\n";
    server_ = std::make_unique<testing::MarionetteServer>(
        MARIONETTE_BINARY, dir_ / "env", dir_, "localhost,IP:127.0.0.1",
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

  testing::CommandResult openvox_agent(const std::string& certname) {
    return testing::run_puppet_agent(dir_ / certname, certname, port_, 150s, {},
                                     kOpenVox8.string());
  }

  fs::path dir_;
  std::unique_ptr<testing::MarionetteServer> server_;
  std::string port_;
};

TEST_F(ServerWithOpenVox8Agent, FirstRunChangesSecondChangesNothing) {
  testing::CommandResult first = openvox_agent("vox1.test");
  ASSERT_EQ(first.exit_code, 2) << first.out << first.err << server_->output();
  EXPECT_EQ(read(dir_ / "managed" / "seen.txt"), "vox1.test openvox 8.28.1 8.28.1 Debian true\n");
  EXPECT_TRUE(fs::exists(dir_ / "server-ssl" / "ca" / "signed" / "vox1.test.pem"));

  testing::CommandResult second = openvox_agent("vox1.test");
  EXPECT_EQ(second.exit_code, 0) << second.out << second.err << server_->output();

  std::size_t reports = 0;
  for (const auto& entry : fs::directory_iterator(dir_ / "server-state" / "reports" / "vox1.test")) {
    const std::string report = read(entry.path());
    EXPECT_NE(report.find("\"puppet_version\":\"8.28.1\""), std::string::npos) << report;
    ++reports;
  }
  EXPECT_EQ(reports, 2u);
}

}  // namespace
}  // namespace marionette
