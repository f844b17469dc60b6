#include "retry/backoff.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace marionette::counters {
namespace {

using namespace std::chrono_literals;
using Clock = retry::Backoff::Clock;

TEST(Backoff, DoublesFromOneSecondUpToThirtySeconds) {
  retry::Backoff backoff(1s, 30s);
  Clock::time_point now{};
  std::vector<long long> waits;
  for (int i = 0; i < 8; ++i) {
    backoff.failed(now);
    waits.push_back(
        std::chrono::duration_cast<std::chrono::seconds>(backoff.next_attempt() - now).count());
    now = backoff.next_attempt();
  }
  EXPECT_EQ(waits, (std::vector<long long>{1, 2, 4, 8, 16, 30, 30, 30}));
  EXPECT_EQ(backoff.failures(), 8u);
}

TEST(Backoff, IsDueOnlyOnceTheWaitIsOver) {
  retry::Backoff backoff(1s, 30s);
  const Clock::time_point start = Clock::now();
  EXPECT_TRUE(backoff.due(start)) << "nothing failed yet";
  backoff.failed(start);
  EXPECT_FALSE(backoff.due(start + 999ms));
  EXPECT_TRUE(backoff.due(start + 1s));
  backoff.failed(start + 1s);
  EXPECT_FALSE(backoff.due(start + 2500ms));
  EXPECT_TRUE(backoff.due(start + 3s));
}

TEST(Backoff, ASuccessStartsOver) {
  retry::Backoff backoff(1s, 30s);
  Clock::time_point now{};
  for (int i = 0; i < 6; ++i) backoff.failed(now);
  EXPECT_EQ(backoff.next_delay(), 30s);
  backoff.succeeded();
  EXPECT_EQ(backoff.failures(), 0u);
  EXPECT_TRUE(backoff.due(now));
  backoff.failed(now);
  EXPECT_EQ(backoff.next_attempt() - now, 1s) << "back to the first delay after a success";
}

TEST(Backoff, ACapBelowTheFirstDelayKeepsTheFirstDelay) {
  retry::Backoff backoff(2s, 1s);
  Clock::time_point now{};
  backoff.failed(now);
  backoff.failed(now);
  EXPECT_EQ(backoff.next_delay(), 2s);
}

}  // namespace
}  // namespace marionette::counters
