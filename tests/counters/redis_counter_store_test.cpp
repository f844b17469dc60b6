// Integration tests: a real, private redis-server per test.
#include "counters/redis_counter_store.hpp"

#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "counters/journal.hpp"
#include "counters/state_files.hpp"
#include "scratch_dir.hpp"
#include "support/loopback_listener.hpp"
#include "support/private_redis.hpp"
#include "support/wait_until.hpp"

namespace marionette::counters {
namespace {

using testing::PrivateRedis;
using namespace std::chrono_literals;

/// Calls totals() until the store reaches Redis again: after a failure, the store waits for
/// its reconnect backoff (1 s at first) before it tries.
void wait_until_reconnected(CounterStore& store) {
  testing::wait_until(
      [&] {
        store.totals();
        return store.backend() == "redis";
      },
      5s);
}

/// A TCP port on 127.0.0.1 that accepts connections and closes them at once, counting them:
/// a Redis that is "up" for connect() and gone for every command.
class CountingListener {
 public:
  CountingListener() {
    testing::LoopbackListener listener = testing::listen_on_loopback();
    fd_ = listener.fd;
    port_ = listener.port;
    thread_ = std::thread([this] {
      while (!stop_) {
        pollfd ready{fd_, POLLIN, 0};
        if (poll(&ready, 1, 20) <= 0) continue;
        const int client = accept(fd_, nullptr, nullptr);
        if (client < 0) continue;
        ++accepted_;
        close(client);
      }
    });
  }
  ~CountingListener() {
    stop_ = true;
    thread_.join();
    close(fd_);
  }
  std::string url() const { return "redis://127.0.0.1:" + std::to_string(port_); }
  int accepted() const { return accepted_; }

 private:
  int fd_ = -1;
  int port_ = 0;
  std::atomic<bool> stop_{false};
  std::atomic<int> accepted_{0};
  std::thread thread_;
};

StoreOptions redis_options(const std::filesystem::path& state_dir, const std::string& url,
                           const std::string& node) {
  StoreOptions options;
  options.state_dir = state_dir;
  options.redis_url = url;
  options.node_name = node;
  return options;
}

class RedisCounterStoreTest : public ::testing::TestWithParam<PrivateRedis::Listen> {
 protected:
  void SetUp() override { testing::start_private_redis(redis_, GetParam()); }

  std::unique_ptr<CounterStore> store(const std::string& node, const std::string& state = "a") {
    return make_counter_store(redis_options(dir_.path() / state, redis_->url(), node));
  }

  std::string redis_field(const std::string& key, const std::string& field) {
    return redis_->command({"HGET", key, field}).value_or("(unreachable)");
  }

  std::size_t journaled(const std::string& state = "a") {
    std::vector<RunDelta> pending;
    std::string error;
    Journal(state_files::journal(dir_.path() / state)).read_pending(&pending, &error);
    return pending.size();
  }

  ScratchDir dir_;
  std::unique_ptr<PrivateRedis> redis_;
};

TEST_P(RedisCounterStoreTest, TotalsIncreaseAndSurviveADaemonRestart) {
  auto first = store("web01");
  EXPECT_EQ(first->backend(), "redis");
  EXPECT_EQ(first->add({"r1", 1, 3, 0}), (Totals{1, 3, 0}));
  EXPECT_EQ(first->add({"r2", 1, 2, 1}), (Totals{2, 5, 1}));
  EXPECT_EQ(journaled(), 0u);
  EXPECT_EQ(redis_field("marionette:node:web01", "runs"), "2");
  EXPECT_EQ(redis_field("marionette:node:web01", "resources_changed"), "5");
  EXPECT_EQ(redis_field("marionette:node:web01", "failures"), "1");
  first.reset();

  auto restarted = store("web01");
  EXPECT_EQ(restarted->totals(), (Totals{2, 5, 1}));
  EXPECT_EQ(restarted->add({"r3"}), (Totals{3, 5, 1}));
}

TEST_P(RedisCounterStoreTest, ARedisThatLostItsDataGetsTheNodesTotalsBack) {
  StoreOptions options = redis_options(dir_.path() / "a", redis_->url(), "web01");
  std::vector<std::string> said;
  options.log = [&](const std::string& level, const std::string& text) {
    said.push_back(level + ": " + text);
  };
  auto daemon = make_counter_store(options);
  daemon->add({"r1", 1, 3, 0});
  EXPECT_EQ(daemon->add({"r2", 1, 2, 1}), (Totals{2, 5, 1}));
  ASSERT_EQ(redis_->command({"FLUSHALL"}), "OK");  // as a restart without persistence

  EXPECT_EQ(daemon->add({"r3", 1, 1, 0}), (Totals{3, 6, 1})) << "never lower than before";
  EXPECT_EQ(redis_field("marionette:node:web01", "runs"), "3");
  EXPECT_EQ(redis_field("marionette:node:web01", "resources_changed"), "6");
  EXPECT_EQ(redis_field("marionette:fleet", "runs"), "3");
  EXPECT_EQ(daemon->add({"r3", 1, 1, 0}), (Totals{3, 6, 1})) << "a replay restores nothing";
  EXPECT_EQ(daemon->totals(), (Totals{3, 6, 1}));
  ASSERT_EQ(said.size(), 1u);
  EXPECT_NE(said[0].find("Redis had lost this node's totals"), std::string::npos) << said[0];
}

// Two agents share Redis, which loses its data: each gives back only its own share, when it next
// runs. The fleet's totals each one serves (mrnFleetRuns, a Counter64) must never go down
// meanwhile (web01's went 4 -> 2 -> 6 before).
TEST_P(RedisCounterStoreTest, FleetTotalsServedNeverGoDownWhenRedisLosesItsData) {
  auto web = store("web01", "web");
  auto db = store("db01", "db");
  web->add({"w1", 1, 1, 0});
  for (const char* run : {"d1", "d2", "d3"}) db->add({run, 1, 2, 0});
  EXPECT_EQ(web->fleet_totals(), (Totals{4, 7, 0}));
  EXPECT_EQ(db->fleet_totals(), (Totals{4, 7, 0}));
  ASSERT_EQ(redis_->command({"FLUSHALL"}), "OK");

  EXPECT_EQ(web->add({"w2", 1, 1, 0}), (Totals{2, 2, 0}));
  EXPECT_EQ(web->fleet_totals(), (Totals{5, 8, 0})) << "what web01 served, and its new run";
  EXPECT_EQ(redis_field("marionette:fleet", "runs"), "2") << "db01 has not given its share back";
  EXPECT_EQ(db->fleet_totals(), (Totals{5, 8, 0})) << "db01 gave its share back as it read";
  EXPECT_EQ(redis_field("marionette:fleet", "runs"), "5");

  EXPECT_EQ(db->add({"d4", 1, 2, 0}), (Totals{4, 8, 0}));
  EXPECT_EQ(redis_field("marionette:fleet", "runs"), "6");
  EXPECT_EQ(db->fleet_totals(), (Totals{6, 10, 0}));
  EXPECT_EQ(web->fleet_totals(), (Totals{6, 10, 0})) << "Redis's sum passed what was served";
  web.reset();
  EXPECT_EQ(store("web01", "web")->fleet_totals(), (Totals{6, 10, 0}));
}

TEST_P(RedisCounterStoreTest, SameRunIdCountsOnce) {
  auto store_a = store("web01", "a");
  store_a->add({"r1", 1, 4, 0});
  EXPECT_EQ(store_a->add({"r1", 1, 4, 0}), (Totals{1, 4, 0}));
  // Even from another journal (a state dir restored from backup): Redis knows the id.
  EXPECT_EQ(store("web01", "b")->add({"r1", 1, 4, 0}), (Totals{1, 4, 0}));
  EXPECT_EQ(redis_field("marionette:fleet", "runs"), "1");
  EXPECT_EQ(redis_->command({"ZCARD", "marionette:node:web01:applied"}), "1");
}

TEST_P(RedisCounterStoreTest, OutageLosesNothingAndFlushesOnce) {
  auto daemon = store("web01");
  daemon->add({"r1", 1, 1, 0});
  ASSERT_TRUE(redis_->stop());

  EXPECT_EQ(daemon->add({"r2", 1, 2, 0}), (Totals{2, 3, 0}));
  EXPECT_EQ(daemon->backend(), "journal-only");
  EXPECT_EQ(daemon->add({"r3", 1, 0, 1}), (Totals{3, 3, 1}));
  EXPECT_EQ(daemon->fleet_totals(), (Totals{3, 3, 1}));
  EXPECT_EQ(journaled(), 2u);
  daemon.reset();
  auto restarted_during_outage = store("web01");  // last known totals come from the cache
  EXPECT_EQ(restarted_during_outage->backend(), "journal-only");
  EXPECT_EQ(restarted_during_outage->totals(), (Totals{3, 3, 1}));

  std::string why;
  ASSERT_TRUE(redis_->restart(&why)) << why;
  wait_until_reconnected(*restarted_during_outage);
  EXPECT_EQ(restarted_during_outage->totals(), (Totals{3, 3, 1}));
  EXPECT_EQ(restarted_during_outage->backend(), "redis");
  EXPECT_EQ(journaled(), 0u);
  EXPECT_EQ(redis_field("marionette:node:web01", "runs"), "3");
  EXPECT_EQ(restarted_during_outage->totals(), (Totals{3, 3, 1}));
  EXPECT_EQ(redis_field("marionette:fleet", "runs"), "3");
}

TEST_P(RedisCounterStoreTest, RunWhoseReplyWasLostCountsOnce) {
  auto daemon = store("web01");
  daemon->add({"r1"});
  redis_->pause();  // r2's EVAL is sent, Redis runs it only after the client timed out
  const auto started = std::chrono::steady_clock::now();
  EXPECT_EQ(daemon->add({"r2"}), (Totals{2, 0, 0}));
  EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(2));
  EXPECT_EQ(daemon->backend(), "journal-only");
  redis_->resume();

  wait_until_reconnected(*daemon);
  EXPECT_EQ(daemon->totals(), (Totals{2, 0, 0}));
  EXPECT_EQ(daemon->backend(), "redis");
  EXPECT_EQ(redis_field("marionette:node:web01", "runs"), "2");
  EXPECT_EQ(journaled(), 0u);
}

TEST_P(RedisCounterStoreTest, FleetHashSumsNodes) {
  auto web = store("web01", "web");
  auto db = store("db01", "db");
  web->add({"w1", 1, 2, 0});
  web->add({"w2", 1, 1, 0});
  db->add({"d1", 1, 10, 1});
  EXPECT_EQ(web->totals(), (Totals{2, 3, 0}));
  EXPECT_EQ(db->totals(), (Totals{1, 10, 1}));
  EXPECT_EQ(web->fleet_totals(), (Totals{3, 13, 1}));
  EXPECT_EQ(db->fleet_totals(), (Totals{3, 13, 1}));
  EXPECT_EQ(redis_field("marionette:fleet", "resources_changed"), "13");
}

TEST_P(RedisCounterStoreTest, UrlSelectsTheDatabaseAndSendsThePassword) {
  const std::string url = redis_->url();
  const std::string in_db_2 = url.starts_with("unix://") ? url + "?db=2" : url + "/2";
  make_counter_store(redis_options(dir_.path() / "db2", in_db_2, "web01"))->add({"r1"});
  EXPECT_EQ(redis_field("marionette:node:web01", "runs"), "(nil)");  // not in db 0
  EXPECT_EQ(
      redis_->command({"EVAL", "redis.call('SELECT', 2) return redis.call('HGET', KEYS[1], 'runs')",
                       "1", "marionette:node:web01"}),
      "1");

  // This server has no password: AUTH fails, so the store keeps the run in its journal.
  const std::string with_password =
      url.starts_with("unix://") ? url + "?password=wrong" : "redis://:wrong@" + url.substr(8);
  auto refused = make_counter_store(redis_options(dir_.path() / "pw", with_password, "web01"));
  EXPECT_EQ(refused->backend(), "journal-only");
  EXPECT_EQ(refused->add({"r2"}), (Totals{1, 0, 0}));
  EXPECT_EQ(journaled("pw"), 1u);
}

INSTANTIATE_TEST_SUITE_P(Listen, RedisCounterStoreTest,
                         ::testing::Values(PrivateRedis::Listen::tcp,
                                           PrivateRedis::Listen::unix_socket),
                         [](const auto& info) {
                           return info.param == PrivateRedis::Listen::tcp ? "Tcp" : "UnixSocket";
                         });

TEST(RedisCounterStore, UnreachableRedisMeansJournalOnly) {
  ScratchDir dir;
  auto store = make_counter_store(redis_options(dir.path(), "redis://127.0.0.1:1", "web01"));
  EXPECT_EQ(store->backend(), "journal-only");
  EXPECT_EQ(store->add({"r1", 1, 2, 0}), (Totals{1, 2, 0}));
  EXPECT_EQ(store->add({"r2", 1, 2, 0}), (Totals{2, 4, 0}));
  EXPECT_EQ(store->fleet_totals(), (Totals{2, 4, 0}));
}

TEST(RedisCounterStore, WhileRedisIsDownEachRunTriesOnceAndOtherCallsWait) {
  ScratchDir dir;
  CountingListener redis;
  auto store = make_counter_store(redis_options(dir.path(), redis.url(), "web01"));
  EXPECT_EQ(store->backend(), "journal-only");
  const int after_start = redis.accepted();
  EXPECT_EQ(after_start, 1) << "the store tried Redis once when it started";
  for (int i = 0; i < 20; ++i) {
    store->totals();
    store->fleet_totals();
  }
  EXPECT_EQ(redis.accepted(), after_start) << "no connect per call while backing off";

  EXPECT_EQ(store->add({"r1", 1, 2, 0}), (Totals{1, 2, 0}));
  EXPECT_EQ(redis.accepted(), after_start + 1) << "a run always tries to flush";
  EXPECT_EQ(store->fleet_totals(), (Totals{1, 2, 0}));
  EXPECT_EQ(store->add({"r2", 1, 2, 0}), (Totals{2, 4, 0}));
  EXPECT_EQ(redis.accepted(), after_start + 2);
  EXPECT_EQ(store->status().pending, 2u);
}

TEST(RedisCounterStore, RejectsBadUrl) {
  ScratchDir dir;
  EXPECT_THROW(make_counter_store(redis_options(dir.path(), "http://x", "web01")),
               std::invalid_argument);
}

}  // namespace
}  // namespace marionette::counters
