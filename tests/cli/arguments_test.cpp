#include "cli/arguments.hpp"

#include <gtest/gtest.h>

namespace marionette::cli {
namespace {

TEST(Arguments, ReadsValuesFlagsAndPositionals) {
  Arguments args({"site.pp", "--facts", "f.yaml", "--node=web01", "--noop", "--", "--literal"},
                 {"facts", "node"}, {"noop"});
  EXPECT_EQ(args.value("facts"), "f.yaml");
  EXPECT_EQ(args.value("node"), "web01");
  EXPECT_TRUE(args.flag("noop"));
  EXPECT_FALSE(args.value("statedir").has_value());
  EXPECT_EQ(args.positionals(), (std::vector<std::string>{"site.pp", "--literal"}));
}

struct BadCommandLine {
  const char* name;
  std::vector<std::string> words;
  const char* message;
};

class ArgumentsRejects : public testing::TestWithParam<BadCommandLine> {};

TEST_P(ArgumentsRejects, WithAClearMessage) {
  try {
    Arguments args(GetParam().words, {"facts"}, {"noop"});
    FAIL() << "accepted";
  } catch (const UsageError& e) {
    EXPECT_STREQ(e.what(), GetParam().message);
  }
}

INSTANTIATE_TEST_SUITE_P(
    Cases, ArgumentsRejects,
    testing::Values(BadCommandLine{"UnknownOption", {"--fact", "x"}, "unknown option --fact"},
                    BadCommandLine{"MissingValue", {"--facts"}, "option --facts needs a value"},
                    BadCommandLine{"ValueOnAFlag", {"--noop=yes"}, "option --noop takes no value"}),
    [](const testing::TestParamInfo<BadCommandLine>& info) { return info.param.name; });

TEST(Arguments, NumbersAreCheckedAgainstTheirRange) {
  Arguments ok({"--runinterval", "30"}, {"runinterval"}, {});
  EXPECT_EQ(ok.number("runinterval", 1, 100), 30);
  Arguments bad({"--runinterval", "30s"}, {"runinterval"}, {});
  try {
    bad.number("runinterval", 1, 100);
    FAIL() << "accepted 30s";
  } catch (const UsageError& e) {
    EXPECT_STREQ(e.what(), "option --runinterval must be a whole number from 1 to 100, not '30s'");
  }
  Arguments zero({"--runinterval=0"}, {"runinterval"}, {});
  EXPECT_THROW(zero.number("runinterval", 1, 100), UsageError);
}

}  // namespace
}  // namespace marionette::cli
