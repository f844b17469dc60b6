// Retry-After read as Puppet's RetryAfterHandler reads it: an integer, or an RFC 2822 date
// (seconds from now, none when past); anything else is not a Retry-After.

#include "remote/server_retries.hpp"

#include <gtest/gtest.h>
#include <time.h>

namespace marionette::remote {
namespace {

TEST(RetryAfter, IntegerSeconds) {
  EXPECT_EQ(parse_retry_after("120"), 120);
  EXPECT_EQ(parse_retry_after(" 7 "), 7);
  EXPECT_EQ(parse_retry_after("0"), 0);
  EXPECT_EQ(parse_retry_after("-5"), 0);  // never a negative wait
}

TEST(RetryAfter, Rfc2822Dates) {
  EXPECT_EQ(parse_retry_after("Wed, 21 Oct 2015 07:28:00 GMT"), 0);  // in the past
  char future[64];
  time_t then = ::time(nullptr) + 3600;
  struct tm parts {};
  ::gmtime_r(&then, &parts);
  ::strftime(future, sizeof future, "%a, %d %b %Y %H:%M:%S +0000", &parts);
  std::optional<long> seconds = parse_retry_after(future);
  ASSERT_TRUE(seconds);
  EXPECT_GE(*seconds, 3590);
  EXPECT_LE(*seconds, 3600);
}

TEST(RetryAfter, NeitherIsRefused) {
  EXPECT_FALSE(parse_retry_after("soon"));
  EXPECT_FALSE(parse_retry_after(""));
  EXPECT_FALSE(parse_retry_after("12abc"));
}

}  // namespace
}  // namespace marionette::remote
