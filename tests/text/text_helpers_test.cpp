// core/text's split and time helpers, which the CA, the server, the agent of a server, the
// reports, `marionette status` and the exec type share.
#include <gtest/gtest.h>

#include "text/split.hpp"
#include "text/time_text.hpp"

namespace marionette::text {
namespace {

using Pieces = std::vector<std::string>;

TEST(SplitNonempty, LeavesOutEmptyPieces) {
  EXPECT_EQ(split_nonempty("a,,b,", ','), (Pieces{"a", "b"}));
  EXPECT_EQ(split_nonempty("/usr/bin:/bin", ':'), (Pieces{"/usr/bin", "/bin"}));
  EXPECT_EQ(split_nonempty("", ','), Pieces{});
  EXPECT_EQ(split_nonempty(",,", ','), Pieces{});
  EXPECT_EQ(split_nonempty("one", ','), Pieces{"one"});
}

// Ruby's "a::b::".split(':'): inner empty pieces kept, trailing ones left out.
TEST(SplitAsRuby, KeepsInnerEmptyPiecesAndDropsTrailingOnes) {
  EXPECT_EQ(split_as_ruby("a::b::", ':'), (Pieces{"a", "", "b"}));
  EXPECT_EQ(split_as_ruby("::1", ':'), (Pieces{"", "", "1"}));
  EXPECT_EQ(split_as_ruby("/etc/a:/etc/b", ':'), (Pieces{"/etc/a", "/etc/b"}));
  EXPECT_EQ(split_as_ruby("", ':'), Pieces{});
  EXPECT_EQ(split_as_ruby("::", ':'), Pieces{});
}

TEST(UtcTimeText, WritesTheFormatInUtc) {
  EXPECT_EQ(utc_time_text(0, "%Y-%m-%dT%H:%M:%SUTC"), "1970-01-01T00:00:00UTC");
  EXPECT_EQ(utc_time_text(1'764'144'000, "%Y-%m-%d %H:%M:%S +0000"), "2025-11-26 08:00:00 +0000");
}

TEST(Iso8601Nanoseconds, IsRubysIso8601Of9Digits) {
  EXPECT_EQ(iso8601_nanoseconds(1'764'144'000'123'456'789LL),
            "2025-11-26T08:00:00.123456789+00:00");
  EXPECT_EQ(iso8601_nanoseconds(0), "1970-01-01T00:00:00.000000000+00:00");
}

}  // namespace
}  // namespace marionette::text
