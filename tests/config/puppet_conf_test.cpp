// puppet.conf as Puppet 7.23 reads it (the behaviour checked with `puppet config print
// --config FILE`): sections, comments, the first of a repeated setting, file metadata, and
// Puppet's errors for a line it cannot match and a section it does not allow, at the line.
#include "config/puppet_conf.hpp"

#include <gtest/gtest.h>

#include "config/agent_config.hpp"

namespace marionette::config {
namespace {

PuppetConf parse(const std::string& text) {
  return parse_puppet_conf(std::make_shared<lang::SourceFile>("/etc/marionette/puppet.conf", text));
}

std::string parse_error_of(const std::string& text) {
  try {
    parse(text);
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "";
}

TEST(PuppetConf, ReadsSectionsSettingsAndComments) {
  PuppetConf conf = parse(
      "# Puppet's own example\n"
      "certname = early.example.com\n"
      "\n"
      "[main]\n"
      "  vardir = /var/lib/x   \n"
      "    # indented comment\n"
      "[agent]\n"
      "server=puppet.example.com\n"
      "  [user]  \n"
      "certname = user.example.com\n"
      "[main]\n"
      "logdir = $vardir/log\n");
  ASSERT_NE(conf.find("main", "certname"), nullptr) << "a setting before any section is [main]'s";
  EXPECT_EQ(conf.find("main", "certname")->value, "early.example.com");
  EXPECT_EQ(conf.find("main", "vardir")->value, "/var/lib/x") << "trailing blanks are trimmed";
  EXPECT_EQ(conf.find("main", "vardir")->line, 4u);
  EXPECT_EQ(conf.find("main", "vardir")->value_column, 11u);
  EXPECT_EQ(conf.find("agent", "server")->value, "puppet.example.com");
  EXPECT_EQ(conf.find("user", "certname")->value, "user.example.com");
  EXPECT_EQ(conf.find("main", "logdir")->value, "$vardir/log") << "a repeated section adds to it";
  EXPECT_EQ(conf.find("agent", "certname"), nullptr);
}

TEST(PuppetConf, TheFirstOfARepeatedSettingWinsAndAHashIsPartOfAValue) {
  PuppetConf conf = parse(
      "[main]\ncertname = first.example\ncertname = second.example\n"
      "server = s # c\n");
  EXPECT_EQ(conf.find("main", "certname")->value, "first.example");
  EXPECT_EQ(conf.find("main", "server")->value, "s # c");
}

TEST(PuppetConf, QuotesAroundAValueAndTheCaseOfBooleansAreDroppedAsPuppetDoes) {
  PuppetConf conf = parse(
      "[main]\ncertname = \"web01.example.com\"\nserver = 'puppet'\n"
      "noop = TRUE\nsplay = False\ntags = a\"b\n");
  EXPECT_EQ(conf.find("main", "certname")->value, "web01.example.com");
  EXPECT_EQ(conf.find("main", "certname")->value_column, 12u) << "the caret is on the value";
  EXPECT_EQ(conf.find("main", "server")->value, "puppet");
  EXPECT_EQ(conf.find("main", "noop")->value, "true");
  EXPECT_EQ(conf.find("main", "splay")->value, "false");
  EXPECT_EQ(conf.find("main", "tags")->value, "a\"b") << "only an opening or closing quote";
}

TEST(PuppetConf, FileMetadataIsDroppedFromTheValue) {
  PuppetConf conf = parse("[main]\nlogdir = /var/log/x {owner = root, mode = 750}\n");
  EXPECT_EQ(conf.find("main", "logdir")->value, "/var/log/x");
  EXPECT_NE(parse_error_of("[main]\nlogdir = /x {mode = rw}\n").find("File modes must be numbers"),
            std::string::npos);
  EXPECT_NE(
      parse_error_of("[main]\nlogdir = /x {color = red}\n").find("Invalid file option 'color'"),
      std::string::npos);
  EXPECT_NE(parse_error_of("[main]\nlogdir = $confdir/x/${vardir}\n")
                .find("error: Could not parse '$confdir/x/${vardir}'"),
            std::string::npos)
      << "Puppet reads ${...} in puppet.conf as metadata and fails";
}

TEST(PuppetConf, ALineItCannotMatchIsPuppetsErrorAtTheLineWithACaret) {
  EXPECT_EQ(parse_error_of("certname = top.example\n[agent]\nrunint = 5\n  garbage here\n"),
            "/etc/marionette/puppet.conf:4:3: error: Could not match line   garbage here\n"
            "  garbage here\n"
            "  ^~~~~~~~~~~~");
  EXPECT_NE(
      parse_error_of("[main]\n; a semicolon is no comment\n").find(":2:1: error: Could not match"),
      std::string::npos);
  EXPECT_NE(parse_error_of("[main]\n[main\n").find(":2:1: error: Could not match line [main"),
            std::string::npos);
}

TEST(PuppetConf, ASectionPuppetDoesNotAllowIsAnError) {
  std::string error = parse_error_of("[main]\n[production]\ncertname = x\n");
  EXPECT_NE(error.find("puppet.conf:2:1: error: Illegal section 'production' in config file. The "
                       "only valid puppet.conf sections are: [main, server, master, agent, user]."),
            std::string::npos)
      << error;
  EXPECT_NE(error.find("[production]\n^~~~~~~~~~~~"), std::string::npos) << error;
  for (const char* allowed : {"main", "server", "master", "agent", "user"})
    EXPECT_EQ(parse_error_of(std::string("[") + allowed + "]\nx = 1\n"), "") << allowed;
}

TEST(PuppetConf, EachModeReadsItsSectionsOverMain) {
  EXPECT_EQ(sections_read_by(RunMode::user), (std::vector<std::string>{"user", "main"}));
  EXPECT_EQ(sections_read_by(RunMode::agent), (std::vector<std::string>{"agent", "main"}));
  EXPECT_EQ(sections_read_by(RunMode::server),
            (std::vector<std::string>{"server", "master", "main"}));
  EXPECT_EQ(sections_read_by(RunMode::main), (std::vector<std::string>{"main"}));
}

TEST(PuppetConf, AnUnreadableFileIsAnError) {
  EXPECT_THROW(read_puppet_conf("/nonexistent/puppet.conf"), ConfigError);
}

}  // namespace
}  // namespace marionette::config
