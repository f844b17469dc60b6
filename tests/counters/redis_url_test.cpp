#include "counters/redis_url.hpp"

#include <gtest/gtest.h>

namespace marionette::counters {
namespace {

struct GoodUrl {
  const char* url;
  RedisEndpoint expected;
};

void PrintTo(const GoodUrl& good, std::ostream* out) {
  *out << good.url;
}

class ParsesRedisUrl : public ::testing::TestWithParam<GoodUrl> {};

TEST_P(ParsesRedisUrl, IntoEndpoint) {
  std::string error;
  auto endpoint = parse_redis_url(GetParam().url, &error);
  ASSERT_TRUE(endpoint) << error;
  EXPECT_EQ(*endpoint, GetParam().expected);
}

INSTANTIATE_TEST_SUITE_P(
    Forms, ParsesRedisUrl,
    ::testing::Values(
        GoodUrl{"redis://localhost", {"localhost", 6379, "", "", "", 0}},
        GoodUrl{"redis://10.0.0.5:7000", {"10.0.0.5", 7000, "", "", "", 0}},
        GoodUrl{"redis://10.0.0.5:7000/3", {"10.0.0.5", 7000, "", "", "", 3}},
        GoodUrl{"redis://:s3cret@cache:6380/1", {"cache", 6380, "", "", "s3cret", 1}},
        GoodUrl{"redis://agent:pw@cache", {"cache", 6379, "", "agent", "pw", 0}},
        GoodUrl{"redis://[::1]:6390", {"::1", 6390, "", "", "", 0}},
        GoodUrl{"unix:///run/redis/redis.sock", {"", 6379, "/run/redis/redis.sock", "", "", 0}},
        GoodUrl{"unix:///tmp/r.sock?db=2&password=pw", {"", 6379, "/tmp/r.sock", "", "pw", 2}}));

struct BadUrl {
  const char* url;
  const char* message;
};

void PrintTo(const BadUrl& bad, std::ostream* out) {
  *out << bad.url;
}

class RejectsRedisUrl : public ::testing::TestWithParam<BadUrl> {};

TEST_P(RejectsRedisUrl, WithReason) {
  std::string error;
  EXPECT_FALSE(parse_redis_url(GetParam().url, &error));
  EXPECT_EQ(error, GetParam().message);
}

INSTANTIATE_TEST_SUITE_P(
    Errors, RejectsRedisUrl,
    ::testing::Values(
        BadUrl{"http://x", "invalid Redis URL 'http://x': expected redis:// or unix://"},
        BadUrl{"redis://", "invalid Redis URL 'redis://': no host"},
        BadUrl{"redis://h:99999", "invalid Redis URL 'redis://h:99999': bad port"},
        BadUrl{"redis://h/x", "invalid Redis URL 'redis://h/x': bad db number"},
        BadUrl{"redis://pw@h", "invalid Redis URL 'redis://pw@h': expected user:password@"},
        BadUrl{"unix://relative", "invalid Redis URL 'unix://relative': expected an absolute path"},
        BadUrl{"unix:///s?tls=1", "invalid Redis URL 'unix:///s?tls=1': unknown parameter 'tls'"}));

}  // namespace
}  // namespace marionette::counters
