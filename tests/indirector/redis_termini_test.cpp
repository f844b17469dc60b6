// The Redis termini against a private redis-server: namespaced keys, a bounded report history,
// and a clear error, within the timeout, when Redis is gone or hung.

#include <gtest/gtest.h>

#include <chrono>

#include "indirector/registry.hpp"
#include "support/private_redis.hpp"

namespace marionette::indirector {
namespace {

using testing::PrivateRedis;
using namespace std::chrono_literals;

class RedisTermini : public ::testing::Test {
 protected:
  void SetUp() override {
    testing::start_private_redis(redis_);
    if (!redis_) return;
    settings_.redis = redis_->url();
    settings_.redis_prefix = "test";
    settings_.redis_timeout = 500ms;
    settings_.report_history = 3;
  }

  std::unique_ptr<PrivateRedis> redis_;
  TerminusSettings settings_;
};

catalog::Catalog named(const std::string& name) {
  catalog::Catalog catalog;
  catalog.name = name;
  catalog.version = 7;
  catalog.catalog_uuid = "11111111-2222-4333-8444-555555555555";
  return catalog;
}

TEST_F(RedisTermini, CatalogsLiveUnderThePrefix) {
  auto terminus = catalog_termini().make("redis", settings_, {});
  EXPECT_FALSE(terminus->find({"node1"}));
  terminus->save({"node1"}, named("node1"));
  EXPECT_EQ(redis_->command({"GET", "test:catalog:node1"}), catalog::to_json(named("node1")));
  auto found = terminus->find({"node1"});
  ASSERT_TRUE(found);
  EXPECT_EQ(found->name, "node1");
  terminus->save({"node2"}, named("node2"));
  EXPECT_EQ(terminus->search({"*"}).size(), 2u);
  terminus->destroy({"node1"});
  EXPECT_EQ(redis_->command({"EXISTS", "test:catalog:node1"}), "0");
}

TEST_F(RedisTermini, FactsRoundTrip) {
  auto terminus = facts_termini().make("redis", settings_, {});
  facts::Facts facts = {{"kernel", "Linux"}, {"count", 2}};
  terminus->save({"node1"}, facts);
  EXPECT_EQ(terminus->find({"node1"}), facts);
  EXPECT_EQ(redis_->command({"TYPE", "test:facts:node1"}), "string");
}

TEST_F(RedisTermini, ReportsKeepABoundedHistoryNewestFirst) {
  auto terminus = report_termini().make("redis", settings_, {});
  for (int version = 1; version <= 5; ++version) {
    transaction::Report report;
    report.catalog_name = "node1";
    report.catalog_version = version;
    terminus->save({"node1"}, report);
  }
  EXPECT_EQ(redis_->command({"LLEN", "test:report:node1"}), "3");
  auto newest = nlohmann::json::parse(*redis_->command({"LINDEX", "test:report:node1", "0"}));
  EXPECT_EQ(newest["configuration_version"], 5);
  EXPECT_EQ(newest["host"], "node1");
  auto oldest = nlohmann::json::parse(*redis_->command({"LINDEX", "test:report:node1", "-1"}));
  EXPECT_EQ(oldest["configuration_version"], 3);
}

TEST_F(RedisTermini, ACatalogCacheInRedisServesTheIndirection) {
  Routes routes = default_routes(false);
  routes.catalog = {"json", "redis", std::nullopt};
  settings_.statedir = redis_->dir() / "state";
  auto catalogs = catalog_indirection(routes, settings_);
  catalogs.terminus().save({"node1"}, named("node1"));
  ASSERT_TRUE(catalogs.find({"node1"}));  // from the json terminus, then cached in Redis
  EXPECT_EQ(redis_->command({"EXISTS", "test:catalog:node1"}), "1");
}

TEST_F(RedisTermini, StoppedRedisIsAClearErrorWithinTheTimeout) {
  auto terminus = catalog_termini().make("redis", settings_, {});
  terminus->save({"node1"}, named("node1"));
  ASSERT_TRUE(redis_->stop());
  auto start = std::chrono::steady_clock::now();
  try {
    terminus->find({"node1"});
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_EQ(std::string(e.what()).rfind("catalog/redis: cannot read 'node1': ", 0), 0u)
        << e.what();
    EXPECT_NE(std::string(e.what()).find("127.0.0.1:" + std::to_string(redis_->port())),
              std::string::npos)
        << e.what();
  }
  EXPECT_LT(std::chrono::steady_clock::now() - start, 2s);
  auto reports = report_termini().make("redis", settings_, {});
  EXPECT_THROW(reports->save({"node1"}, transaction::Report{}), Error);
}

TEST_F(RedisTermini, HungRedisCostsAboutOneTimeout) {
  auto terminus = facts_termini().make("redis", settings_, {});
  terminus->save({"node1"}, facts::Facts{{"a", 1}});
  redis_->pause();
  auto start = std::chrono::steady_clock::now();
  EXPECT_THROW(terminus->find({"node1"}), Error);
  EXPECT_LT(std::chrono::steady_clock::now() - start, 2s);
  redis_->resume();
}

TEST(RedisTerminiWithoutRedis, SayThatNoRedisIsConfigured) {
  auto terminus = catalog_termini().make("redis", {}, {});
  try {
    terminus->find({"node1"});
    FAIL();
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(),
                 "catalog/redis: cannot read 'node1': no Redis is configured (set redis in "
                 "marionette.yaml or --redis URL)");
  }
}

}  // namespace
}  // namespace marionette::indirector
