// RedisConnection::pipeline against a private redis-server: every command sent, then every
// reply read in order (the PuppetDB API's batched reads and index changes rely on the order),
// and a reply past the connection's bounds fails the batch without leaving replies misaligned
// for the next command.
#include <gtest/gtest.h>

#include "counters/redis_connection.hpp"
#include "counters/redis_url.hpp"
#include "support/private_redis.hpp"

namespace marionette::counters {
namespace {

using testing::PrivateRedis;

TEST(RedisPipeline, RepliesComeInTheOrderOfTheCommands) {
  std::unique_ptr<PrivateRedis> redis;
  testing::start_private_redis(redis);
  if (!redis) return;
  std::string why;
  RedisConnection connection(*parse_redis_url(redis->url(), &why), std::chrono::seconds(5));
  std::vector<std::vector<std::string>> commands;
  for (int i = 0; i < 300; ++i)
    commands.push_back({"SET", "k" + std::to_string(i), std::to_string(i)});
  for (int i = 0; i < 300; ++i) commands.push_back({"GET", "k" + std::to_string(299 - i)});
  commands.push_back({"GET", "missing"});
  std::optional<std::vector<RedisReply>> replies = connection.pipeline(commands, &why);
  ASSERT_TRUE(replies) << why;
  ASSERT_EQ(replies->size(), commands.size());
  for (int i = 0; i < 300; ++i) {
    EXPECT_EQ((*replies)[i].kind, RedisReply::Kind::status);
    EXPECT_EQ((*replies)[300 + i].text, std::to_string(299 - i));
  }
  EXPECT_EQ(replies->back().kind, RedisReply::Kind::nil);

  // a reply past the bounds fails the whole batch; the connection then answers afresh
  const std::string big(RedisConnection::kMaxReplyBytes + 10, 'x');
  std::optional<RedisReply> stored = connection.command({"SET", "big", big}, &why);
  ASSERT_TRUE(stored) << why;
  EXPECT_FALSE(connection.pipeline({{"GET", "k1"}, {"GET", "big"}, {"GET", "k2"}}, &why));
  EXPECT_NE(why.find("bytes"), std::string::npos) << why;
  connection.retry_now();
  std::optional<RedisReply> after = connection.command({"GET", "k3"}, &why);
  ASSERT_TRUE(after) << why;
  EXPECT_EQ(after->text, "3");
}

}  // namespace
}  // namespace marionette::counters
