// Counters are monotonic: a Redis restarted without its data (killed, no persistence) must not
// make the totals drop. The agent restores its node's totals from its state dir, and logs the
// outage and the recovery once each. A real private redis-server, a real agent.

#include <gtest/gtest.h>
#include <signal.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "support/child_process.hpp"
#include "support/private_redis.hpp"
#include "support/wait_until.hpp"

namespace marionette {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using testing::ChildProcess;
using testing::PrivateRedis;

std::size_t count_of(const std::string& text, const std::string& part) {
  std::size_t count = 0;
  for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++count;
  return count;
}

long fleet_runs(const PrivateRedis& redis) {
  auto reply = redis.command({"HGET", "hard:fleet", "runs"});
  if (!reply || reply->empty() || reply->front() == '(' || reply->front() == '-') return 0;
  return std::stol(*reply);
}

/// Runs waiting in the journal (one line each) for Redis.
std::size_t journaled_runs(const fs::path& state) {
  std::ifstream journal(state / "counters.journal");
  std::string line;
  std::size_t lines = 0;
  while (std::getline(journal, line))
    if (!line.empty()) ++lines;
  return lines;
}

TEST(RedisRestart, EmptyRedisGetsTheTotalsBackAndTheOutageIsLoggedOnce) {
  std::unique_ptr<PrivateRedis> redis;
  testing::start_private_redis(redis);
  if (!redis) return;
  std::string why;
  std::string pattern = (fs::temp_directory_path() / "marionette-redis-restart-XXXXXX").string();
  const fs::path dir = ::mkdtemp(pattern.data());
  std::ofstream(dir / "site.pp") << "notify { 'counted': }\n";
  auto agent = std::make_unique<ChildProcess>(
      std::vector<std::string>{MARIONETTE_BINARY, "agent", "--no-daemonize", "--manifest",
                               (dir / "site.pp").string(), "--facts", MARIONETTE_FACTS_FILE,
                               "--statedir", (dir / "state").string(), "--no-snmp", "--runinterval",
                               "1", "--redis", redis->url(), "--redis-prefix", "hard"},
      dir / "agent.log");

  ASSERT_TRUE(testing::wait_until([&] { return fleet_runs(*redis) >= 3; }, 30s)) << agent->output();

  // Killed without persistence: it comes back empty.
  const long before = fleet_runs(*redis);
  ASSERT_TRUE(redis->stop());
  auto cached_runs = [&] {
    std::ifstream cache(dir / "state" / "counters.redis-cache.json");
    std::stringstream text;
    text << cache.rdbuf();
    auto at = text.str().find("\"runs\":");
    return at == std::string::npos ? 0L : std::stol(text.str().substr(at + 7));
  };
  ASSERT_TRUE(testing::wait_until([&] { return cached_runs() >= before; }, 5s))
      << "the node's cache of its totals says " << cached_runs() << ", Redis said " << before;
  for (const auto& entry : fs::recursive_directory_iterator(redis->dir()))
    if (entry.path().extension() == ".rdb") fs::remove(entry.path());
  ASSERT_TRUE(testing::wait_until(
      [&] { return count_of(agent->output(), "Redis is unreachable") > 0; }, 10s))
      << agent->output();
  // Runs during the outage wait in the journal.
  ASSERT_TRUE(testing::wait_until([&] { return journaled_runs(dir / "state") >= 2; }, 10s))
      << agent->output();
  ASSERT_TRUE(redis->restart(&why)) << why;

  ASSERT_TRUE(
      testing::wait_until([&] { return count_of(agent->output(), "reachable again") > 0; }, 40s))
      << agent->output();
  ASSERT_TRUE(testing::wait_until([&] { return fleet_runs(*redis) > before; }, 10s))
      << fleet_runs(*redis) << " runs in Redis, " << before << " counted before\n"
      << agent->output();
  EXPECT_NE(agent->output().find("Redis had lost this node's totals"), std::string::npos)
      << agent->output();
  // More runs: nothing more to say.
  const std::size_t runs = count_of(agent->output(), "Applied catalog");
  ASSERT_TRUE(testing::wait_until(
      [&] { return count_of(agent->output(), "Applied catalog") >= runs + 2; }, 10s))
      << agent->output();
  const std::string log = agent->output();
  EXPECT_EQ(count_of(log, "Redis is unreachable"), 1u) << log;
  EXPECT_EQ(count_of(log, "reachable again"), 1u) << log;
  EXPECT_EQ(count_of(log, "Redis had lost this node's totals"), 1u) << log;
  EXPECT_GT(fleet_runs(*redis), before);

  agent->signal(SIGTERM);
  EXPECT_EQ(agent->wait(10s), 0) << agent->output();
  agent.reset();
  fs::remove_all(dir);
}

}  // namespace
}  // namespace marionette
