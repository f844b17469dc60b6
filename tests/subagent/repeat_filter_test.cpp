#include "subagent/repeat_filter.hpp"

#include <gtest/gtest.h>

namespace marionette::subagent {
namespace {

TEST(RepeatFilter, LetsAMessageThroughOnceAndCountsItsRepeats) {
  RepeatFilter filter;
  EXPECT_TRUE(filter.admit("Failed to connect").log);
  EXPECT_FALSE(filter.admit("Failed to connect").log);
  EXPECT_FALSE(filter.admit("Failed to connect").log);
  RepeatFilter::Verdict next = filter.admit("connected");
  EXPECT_TRUE(next.log);
  EXPECT_EQ(next.previous_repeats, 2u);
  RepeatFilter::Verdict again = filter.admit("Failed to connect");
  EXPECT_TRUE(again.log);
  EXPECT_EQ(again.previous_repeats, 0u);
}

}  // namespace
}  // namespace marionette::subagent
