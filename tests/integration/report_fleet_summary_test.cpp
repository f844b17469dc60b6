// A report the server has stored is acknowledged even when the fleet table's summary of it
// cannot be written (as Puppet's report processors: one that fails is logged, the agent still
// hears 200). The fleet summaries' key in a private Redis is made a plain string, so the
// summary's HSET fails with WRONGTYPE; a real Debian Puppet 7 `puppet agent -t` then runs.
// Skipped, saying so, without `puppet` or `redis-server`.

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <string>

#include "support/command.hpp"
#include "support/marionette_server.hpp"
#include "support/private_redis.hpp"
#include "support/puppet_agent.hpp"

namespace marionette {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

TEST(ReportFleetSummary, AStoredReportIsAcknowledgedWhenItsFleetSummaryCannotBeWritten) {
  if (testing::find_executable("puppet").empty()) GTEST_SKIP() << "needs Debian's puppet";
  std::unique_ptr<testing::PrivateRedis> redis;
  testing::start_private_redis(redis);
  if (!redis) return;
  ASSERT_EQ(redis->command({"SET", "marionette:fleet:summaries", "not a hash"}), "OK");

  fs::path dir =
      fs::temp_directory_path() / ("marionette-report-summary-" + std::to_string(getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir / "env" / "manifests");
  std::ofstream(dir / "env" / "manifests" / "site.pp") << "notify { 'hello': }\n";
  {
    testing::MarionetteServer server(MARIONETTE_BINARY, dir / "env", dir, "localhost,IP:127.0.0.1",
                                     {"--redis", redis->url()});
    ASSERT_FALSE(server.port().empty()) << server.output();

    testing::CommandResult agent =
        testing::run_puppet_agent(dir / "r.test", "r.test", server.port(), 120s);
    EXPECT_EQ(agent.exit_code, 2) << agent.out << agent.err;  // notify changed
    EXPECT_EQ((agent.out + agent.err).find("Could not send report"), std::string::npos)
        << agent.out << agent.err;
    // Stored, on disk and in Redis, and the failed summary said in the server's log.
    EXPECT_FALSE(fs::is_empty(server.statedir() / "reports" / "r.test"));
    EXPECT_EQ(redis->command({"GET", "marionette:fleet:summaries"}), "not a hash");
    EXPECT_EQ(server.stop(), 0) << server.output();
    EXPECT_NE(server.output().find("could not store the fleet summary of r.test's report"),
              std::string::npos)
        << server.output();
  }
  fs::remove_all(dir);
}

}  // namespace
}  // namespace marionette
