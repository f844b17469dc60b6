#include "daemon/splay.hpp"

#include <gtest/gtest.h>

#include <set>

namespace marionette::daemon {
namespace {

using std::chrono::seconds;

TEST(Splay, StaysWithinZeroAndTheLimitBothIncluded) {
  std::mt19937_64 random(42);
  std::set<long long> seen;
  for (int i = 0; i < 2000; ++i) {
    seconds delay = splay_delay(seconds(3), random);
    ASSERT_GE(delay.count(), 0);
    ASSERT_LE(delay.count(), 3);
    seen.insert(delay.count());
  }
  EXPECT_EQ(seen, (std::set<long long>{0, 1, 2, 3}));
}

TEST(Splay, NoLimitNoWait) {
  std::mt19937_64 random(7);
  EXPECT_EQ(splay_delay(seconds(0), random), seconds(0));
  EXPECT_EQ(splay_delay(seconds(0)), seconds(0));
}

TEST(Splay, AgentsStartedTogetherSpread) {
  std::set<long long> delays;
  for (int i = 0; i < 20; ++i) delays.insert(splay_delay(seconds(1800)).count());
  EXPECT_GT(delays.size(), 10u);
  for (long long d : delays) EXPECT_LE(d, 1800);
}

}  // namespace
}  // namespace marionette::daemon
