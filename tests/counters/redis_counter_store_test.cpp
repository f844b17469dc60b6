// Integration tests: a real, private redis-server per test.
#include "counters/redis_counter_store.hpp"

#include <gtest/gtest.h>

#include <chrono>

#include "counters/journal.hpp"
#include "counters/state_files.hpp"
#include "scratch_dir.hpp"
#include "support/private_redis.hpp"

namespace marionette::counters {
namespace {

using testing::PrivateRedis;

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
  void SetUp() override {
    if (!PrivateRedis::installed()) GTEST_SKIP() << "redis-server is not installed";
    std::string why;
    redis_ = PrivateRedis::start(GetParam(), &why);
    ASSERT_TRUE(redis_) << why;
  }

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

TEST(RedisCounterStore, RejectsBadUrl) {
  ScratchDir dir;
  EXPECT_THROW(make_counter_store(redis_options(dir.path(), "http://x", "web01")),
               std::invalid_argument);
}

}  // namespace
}  // namespace marionette::counters
