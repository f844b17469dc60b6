// The table of `marionette ca`'s own options (cli/ca_options.cpp): what the parser takes is what
// the rows read, each into its field, and --help names every row.
#include "cli/ca_options.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "cli/arguments.hpp"
#include "cli/command.hpp"

namespace marionette::cli {
namespace {

std::string ca_usage() {
  const auto& all = commands();
  auto ca = std::find_if(all.begin(), all.end(),
                         [](const Command& command) { return std::string(command.name) == "ca"; });
  return ca == all.end() ? "" : ca->usage;
}

TEST(CaOptions, HelpNamesEveryRow) {
  const std::string usage = ca_usage();
  ASSERT_FALSE(usage.empty());
  for (const CaOption& option : ca_options()) {
    std::string spec = option.spec;
    EXPECT_NE(usage.find(spec), std::string::npos) << spec;
  }
}

Arguments ca_words(const std::vector<std::string>& words) {
  return Arguments(words, ca_valued_options(), ca_flags());
}

TEST(CaOptions, DefaultsAreAnOperatorsSigning) {
  CaCommandOptions options = read_ca_options(ca_words({}));
  EXPECT_TRUE(options.ca.allow_subject_alt_names);
  EXPECT_FALSE(options.ca.allow_authorization_extensions);
  EXPECT_FALSE(options.all);
  EXPECT_FALSE(options.ca_client);
  EXPECT_FALSE(options.subject_alt_names);
}

TEST(CaOptions, ReadingAppliesEachRowsSetter) {
  CaCommandOptions options =
      read_ca_options(ca_words({"--all", "--allow-authorization-extensions", "--ca-client",
                                "--subject-alt-names", "DNS:a,IP:127.0.0.1"}));
  EXPECT_TRUE(options.all);
  EXPECT_TRUE(options.ca.allow_authorization_extensions);
  EXPECT_TRUE(options.ca_client);
  EXPECT_EQ(options.subject_alt_names, "DNS:a,IP:127.0.0.1");
}

TEST(CaOptions, AFlagTurnedOffAgainIsOff) {
  CaCommandOptions options = read_ca_options(ca_words({"--all", "--no-all"}));
  EXPECT_FALSE(options.all);
}

TEST(CaOptions, AnUnknownOptionIsRefused) {
  EXPECT_THROW(ca_words({"--bogus"}), UsageError);
}

}  // namespace
}  // namespace marionette::cli
