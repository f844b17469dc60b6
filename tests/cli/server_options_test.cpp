// The table of `marionette server`'s options (cli/server_options.cpp): what --help lists is what
// the parser takes, and a row's bounds and setter are what reading it applies.
#include "cli/server_options.hpp"

#include <gtest/gtest.h>

#include "cli/arguments.hpp"
#include "cli/settings_from_arguments.hpp"

namespace marionette::cli {
namespace {

TEST(ServerOptions, EverySettingRowIsASettingTheParserTakes) {
  std::set<std::string> switches = setting_switches();
  for (const ServerOption& option : server_options()) {
    if (option.kind != ServerOption::Kind::setting) continue;
    std::string name = server_option_name(option);
    // A switch is also taken negated: --no-ca sets the switch `ca` false.
    bool negated_switch = name.starts_with("no-") && switches.count(name.substr(3));
    EXPECT_TRUE(kRunOptions.count(name) || switches.count(name) || negated_switch) << name;
  }
}

TEST(ServerOptions, HelpListsEachRowAtTheStartOfALine) {
  std::string usage = "Options:\n" + server_options_help();
  for (const ServerOption& option : server_options()) {
    std::string line = "\n  " + std::string(option.spec) + " ";
    EXPECT_EQ(usage.find(line) != std::string::npos, option.help != nullptr) << option.spec;
  }
  EXPECT_NE(usage.find("\n  --workers N           requests served and catalogs compiled at "
                       "once (default 4)\n"),
            std::string::npos);
  EXPECT_NE(usage.find("\n  --max-queued-requests N  requests waiting for a worker; beyond them "
                       "503 with\n                        Retry-After (default 256; 0: no "
                       "limit)\n"),
            std::string::npos);
}

Arguments server_words(const std::vector<std::string>& words) {
  return Arguments(words, server_valued_options(), server_flags(), {{"v", "verbose"}});
}

TEST(ServerOptions, ReadingAppliesEachRowsSetterWithinItsBounds) {
  server::ServerOptions options;
  read_server_options(
      server_words({"--workers", "7", "--max-idle-connections", "5", "--idle-timeout-milliseconds",
                    "250", "--allow-authorization-extensions", "-v"}),
      options);
  EXPECT_EQ(options.workers, 7u);
  EXPECT_EQ(options.max_idle_connections, 5u);
  EXPECT_EQ(options.idle_timeout, std::chrono::milliseconds(250));
  EXPECT_TRUE(options.ca.allow_authorization_extensions);
  EXPECT_FALSE(options.ca.allow_subject_alt_names);
  EXPECT_EQ(options.queue_limit, 256u);  // untouched: the default

  try {
    read_server_options(server_words({"--max-retry-delay", "86401"}), options);
    FAIL() << "no error";
  } catch (const UsageError& e) {
    EXPECT_EQ(std::string(e.what()),
              "option --max-retry-delay must be a whole number from 0 to 86400, not '86401'");
  }
}

}  // namespace
}  // namespace marionette::cli
