// `marionette server --logdest FILE` (issue 37): every line of the server goes to FILE, and
// after logrotate moved the file a SIGUSR2 (or the reload's SIGHUP) opens FILE again, so that
// the lines that follow land in the new file and none in the old one. Real server on 127.0.0.1
// in a temp dir, requests by curl; skipped without curl.

#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>

#include "support/child_process.hpp"
#include "support/command.hpp"
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

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

TEST(ServerLogFile, LinesGoToTheFileReopenedOnUsr2AndHup) {
  if (testing::find_executable("curl").empty()) GTEST_SKIP() << "needs curl";
  const fs::path dir =
      fs::temp_directory_path() / ("marionette-logdest-" + std::to_string(getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir / "env" / "modules");
  std::ofstream(dir / "env" / "site.pp") << "notify { 'hello': }\n";
  const fs::path log = dir / "server.log";
  testing::ChildProcess server({MARIONETTE_BINARY, "server",
                                "--env-dir",       (dir / "env").string(),
                                "--ssldir",        (dir / "ssl").string(),
                                "--statedir",      (dir / "state").string(),
                                "--certname",      "server.test",
                                "--dns-alt-names", "localhost,IP:127.0.0.1",
                                "--bindaddress",   "127.0.0.1",
                                "--serverport",    "0",
                                "--keylength",     "2048",
                                "--workers",       "1",
                                "--no-snmp",       "--verbose",
                                "--logdest",       log.string()},
                               dir / "console.out");
  std::string port;
  ASSERT_TRUE(testing::wait_until(
      [&] {
        std::smatch match;
        std::string text = read(log);
        static const std::regex listening("listening on 127\\.0\\.0\\.1:([0-9]+)");
        if (!std::regex_search(text, match, listening)) return false;
        port = match[1];
        return true;
      },
      60s))
      << read(log) << server.output();
  auto status = [&] {
    return testing::run_command({"curl", "-s", "--max-time", "20", "--cacert",
                                 (dir / "ssl" / "certs" / "ca.pem").string(),
                                 "https://127.0.0.1:" + port + "/status/v1/simple"},
                                30s)
        .out;
  };
  const std::string request = "\"GET /status/v1/simple\" 200";
  ASSERT_EQ(status(), "running");
  ASSERT_TRUE(testing::wait_until([&] { return count(read(log), request) == 1; }, 10s))
      << read(log);
  EXPECT_EQ(server.output(), "");  // nothing on the console

  // logrotate: the file moved, then USR2.
  fs::rename(log, dir / "server.log.1");
  server.signal(SIGUSR2);
  ASSERT_TRUE(testing::wait_until(
      [&] {
        return read(log).find("Caught USR2; reopened the log file " + log.string()) !=
               std::string::npos;
      },
      10s))
      << read(dir / "server.log.1") << server.output();
  ASSERT_EQ(status(), "running");
  ASSERT_TRUE(testing::wait_until([&] { return count(read(log), request) == 1; }, 10s))
      << read(log);
  EXPECT_EQ(count(read(dir / "server.log.1"), request), 1u);

  // The reload's HUP reopens it too.
  fs::rename(log, dir / "server.log.2");
  server.signal(SIGHUP);
  ASSERT_TRUE(testing::wait_until(
      [&] {
        return read(log).find("Caught HUP; reopened the log file") != std::string::npos &&
               read(log).find("Notice: Caught HUP; the environments") != std::string::npos;
      },
      10s))
      << read(dir / "server.log.2") << server.output();
  ASSERT_EQ(status(), "running");
  ASSERT_TRUE(testing::wait_until([&] { return count(read(log), request) == 1; }, 10s))
      << read(log);
  EXPECT_EQ(count(read(dir / "server.log.2"), request), 1u);

  server.signal(SIGTERM);
  EXPECT_EQ(server.wait(20s), 0);
  EXPECT_NE(read(log).find("Caught TERM; exiting"), std::string::npos) << read(log);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace marionette
