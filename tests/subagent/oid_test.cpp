#include "subagent/oid.hpp"

#include <gtest/gtest.h>

namespace marionette::subagent {
namespace {

TEST(Oid, ParsesWithOrWithoutTheLeadingDot) {
  EXPECT_EQ(parse_oid(".1.3.6.1"), (Oid{1, 3, 6, 1}));
  EXPECT_EQ(parse_oid("1.3.6.1"), (Oid{1, 3, 6, 1}));
  EXPECT_EQ(parse_oid(".1.3.4294967295"), (Oid{1, 3, 4294967295u}));
}

TEST(Oid, RejectsAnythingElse) {
  for (const char* text :
       {"", ".", "1..3", "1.3.", ".1.3.x", "iso.3", "1.3.4294967296", "-1.3", " 1.3"}) {
    EXPECT_EQ(parse_oid(text), std::nullopt) << text;
  }
}

TEST(Oid, RendersWithALeadingDot) {
  EXPECT_EQ(to_string({1, 3, 6}), ".1.3.6");
}

TEST(Oid, JoinsAndComparesPrefixes) {
  Oid oid = join({1, 3}, {6, 1});
  EXPECT_EQ(oid, (Oid{1, 3, 6, 1}));
  EXPECT_TRUE(starts_with(oid, {1, 3}));
  EXPECT_TRUE(starts_with(oid, oid));
  EXPECT_FALSE(starts_with({1, 3}, oid));
  EXPECT_FALSE(starts_with(oid, {1, 4}));
}

}  // namespace
}  // namespace marionette::subagent
