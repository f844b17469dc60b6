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

// Puppet's option parser takes --show_diff and --show-diff (and --detailed_exitcodes) alike.
TEST(Arguments, UnderscoresAndDashesAreTheSameOption) {
  Arguments args({"--show_diff", "--hiera_config=h.yaml", "--env-dir", "e"},
                 {"hiera-config", "env_dir"}, {"show-diff"});
  EXPECT_TRUE(args.flag("show-diff"));
  EXPECT_TRUE(args.flag("show_diff"));
  EXPECT_EQ(args.value("hiera-config"), "h.yaml");
  EXPECT_EQ(args.value("hiera_config"), "h.yaml");
  EXPECT_EQ(args.value("env-dir"), "e");
}

TEST(Arguments, NoPrefixTurnsAFlagOffAndTheLastOneWins) {
  Arguments off({"--no-noop"}, {}, {"noop"});
  EXPECT_FALSE(off.flag("noop"));
  EXPECT_EQ(off.switch_state("noop"), false);
  Arguments on_again({"--no-noop", "--noop"}, {}, {"noop"});
  EXPECT_EQ(on_again.switch_state("noop"), true);
  Arguments underscores({"--no-show_diff"}, {}, {"show-diff"});
  EXPECT_EQ(underscores.switch_state("show-diff"), false);
  Arguments neither({}, {}, {"noop"});
  EXPECT_EQ(neither.switch_state("noop"), std::nullopt);
}

TEST(Arguments, AFlagDeclaredWithNoStaysItself) {
  Arguments args({"--no-daemonize"}, {}, {"no-daemonize"});
  EXPECT_TRUE(args.flag("no-daemonize"));
}

TEST(Arguments, ShortFlagsStandForTheirLongOptions) {
  const std::map<std::string, std::string> shorts = {
      {"e", "execute"}, {"v", "verbose"}, {"d", "debug"}, {"l", "logdest"}};
  Arguments args({"-v", "-e", "notice(1)", "-l", "console", "site.pp"}, {"execute", "logdest"},
                 {"verbose", "debug"}, shorts);
  EXPECT_TRUE(args.flag("verbose"));
  EXPECT_FALSE(args.flag("debug"));
  EXPECT_EQ(args.value("execute"), "notice(1)");
  EXPECT_EQ(args.value("logdest"), "console");
  EXPECT_EQ(args.positionals(), (std::vector<std::string>{"site.pp"}));

  // As Ruby's OptionParser: flags bundle, and a valued one takes the rest of its word.
  Arguments bundled({"-vdenotice(2)"}, {"execute", "logdest"}, {"verbose", "debug"}, shorts);
  EXPECT_TRUE(bundled.flag("verbose"));
  EXPECT_TRUE(bundled.flag("debug"));
  EXPECT_EQ(bundled.value("execute"), "notice(2)");
}

TEST(Arguments, ALoneDashIsAPositional) {
  Arguments args({"-"}, {}, {});
  EXPECT_EQ(args.positionals(), (std::vector<std::string>{"-"}));
}

struct BadCommandLine {
  const char* name;
  std::vector<std::string> words;
  const char* message;
};

class ArgumentsRejects : public testing::TestWithParam<BadCommandLine> {};

TEST_P(ArgumentsRejects, WithAClearMessage) {
  try {
    Arguments args(GetParam().words, {"facts", "execute"}, {"noop", "verbose"},
                   {{"v", "verbose"}, {"e", "execute"}});
    FAIL() << "accepted";
  } catch (const UsageError& e) {
    EXPECT_STREQ(e.what(), GetParam().message);
  }
}

INSTANTIATE_TEST_SUITE_P(
    Cases, ArgumentsRejects,
    testing::Values(
        // Worded as Puppet's (Ruby's OptionParser): `puppet apply --bogus` says
        // "Could not parse application options: invalid option: --bogus".
        BadCommandLine{"UnknownOption", {"--fact", "x"},
                       "Could not parse application options: invalid option: --fact"},
        BadCommandLine{"MissingValue", {"--facts"},
                       "Could not parse application options: missing argument: --facts"},
        BadCommandLine{"ValueOnAFlag", {"--noop=yes"},
                       "Could not parse application options: needless argument: --noop=yes"},
        BadCommandLine{"ValueOnANegatedFlag", {"--no-noop=yes"},
                       "Could not parse application options: needless argument: --no-noop=yes"},
        BadCommandLine{"NoOnAValuedOption", {"--no-facts"},
                       "Could not parse application options: invalid option: --no-facts"},
        BadCommandLine{"NoOnAnUnknownName", {"--no-bogus"},
                       "Could not parse application options: invalid option: --no-bogus"},
        BadCommandLine{"UnderscoreSpellingIsNamedAsGiven", {"--bogus_flag=1"},
                       "Could not parse application options: invalid option: --bogus_flag=1"},
        // `marionette apply -x hi.pp` used to say "unexpected argument 'hi.pp'".
        BadCommandLine{"UnknownShortFlag", {"-x", "hi.pp"},
                       "Could not parse application options: invalid option: -x"},
        BadCommandLine{"UnknownInABundle", {"-vx"},
                       "Could not parse application options: invalid option: -x"},
        BadCommandLine{"ShortMissingValue", {"-e"},
                       "Could not parse application options: missing argument: -e"}),
    [](const testing::TestParamInfo<BadCommandLine>& info) { return info.param.name; });

TEST(Arguments, AShortFlagForAnUndeclaredOptionIsAProgrammingError) {
  EXPECT_THROW(Arguments({}, {}, {}, {{"j", "json"}}), std::logic_error);
}

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
