// Everything that links OpenSSL lives in marionette-fleet, which `marionette server|ca` exec:
// the main executable must not carry OpenSSL (every command would pay its start-up cost), and
// the subcommands must still work through it.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "support/command.hpp"

namespace {

using marionette::testing::CommandResult;
using marionette::testing::run_command;

constexpr auto kTimeLimit = std::chrono::seconds(30);

std::string file_bytes(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

std::filesystem::path fleet_binary() {
  return std::filesystem::path(MARIONETTE_BINARY).parent_path().parent_path() / "lib" /
         "marionette" / "marionette-fleet";
}

// libcrypto's assembler routines name their author: in every program that links libcrypto.
constexpr const char* kOpenSslMark = "CRYPTOGAMS by <appro@openssl.org>";

TEST(FleetExecutable, TheMainExecutableCarriesNoOpenSsl) {
  ASSERT_TRUE(std::filesystem::exists(fleet_binary())) << fleet_binary();
  EXPECT_NE(file_bytes(fleet_binary()).find(kOpenSslMark), std::string::npos)
      << "the mark should be found where OpenSSL is linked, or this test checks nothing";
  EXPECT_EQ(file_bytes(MARIONETTE_BINARY).find(kOpenSslMark), std::string::npos);
  CommandResult ldd = run_command({"ldd", MARIONETTE_BINARY}, kTimeLimit);
  EXPECT_EQ(ldd.out.find("libssl"), std::string::npos) << ldd.out;
  EXPECT_EQ(ldd.out.find("libcrypto"), std::string::npos) << ldd.out;
}

TEST(FleetExecutable, CaRunsThroughIt) {
  std::filesystem::path ssldir = std::filesystem::temp_directory_path() /
                                 ("marionette-fleet-test-" + std::to_string(::getpid()));
  CommandResult listed = run_command(
      {MARIONETTE_BINARY, "ca", "list", "--ssldir", ssldir.string()}, kTimeLimit);
  EXPECT_EQ(listed.exit_code, 1);
  EXPECT_NE(listed.err.find("No CA in " + (ssldir / "ca").string()), std::string::npos)
      << listed.err;
  EXPECT_FALSE(std::filesystem::exists(ssldir));
}

TEST(FleetExecutable, HelpNeedsNoFleet) {
  CommandResult help = run_command({MARIONETTE_BINARY, "server", "--help"}, kTimeLimit,
                                   {{"MARIONETTE_FLEET", "/nonexistent/marionette-fleet"}});
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_NE(help.out.find("Usage: marionette server"), std::string::npos) << help.out;
}

TEST(FleetExecutable, AMissingFleetIsAClearErrorNotACrash) {
  CommandResult run = run_command({MARIONETTE_BINARY, "ca", "list"}, kTimeLimit,
                                  {{"MARIONETTE_FLEET", "/nonexistent/marionette-fleet"}});
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_NE(run.err.find("Error: cannot run /nonexistent/marionette-fleet"), std::string::npos)
      << run.err;
}

}  // namespace
