// The settings table and its layers: defaults, puppet.conf by run mode, marionette.yaml-style
// writes and the command line; $setting interpolation as Puppet's; errors at the value.
#include "config/setting_values.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>

#include "config/settings_table.hpp"

namespace marionette::config {
namespace {

namespace fs = std::filesystem;

PuppetConf conf_of(const std::string& text) {
  return parse_puppet_conf(std::make_shared<lang::SourceFile>("/etc/puppet.conf", text));
}

ValueOrigin option(const std::string& name) {
  return ValueOrigin{nullptr, 0, 0, 1, name};
}

std::string config_error_of(const std::function<void()>& action) {
  try {
    action();
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "";
}

const char* kUsersConf =
    "[main]\n"
    "vardir = /srv/var\n"
    "logdir = $vardir/log\n"
    "certname = main.example.com\n"
    "foo = bar\n"
    "[user]\n"
    "certname = user.example.com\n"
    "[agent]\n"
    "runinterval = 1h\n"
    "server = puppet.example.com\n"
    "[server]\n"
    "environment = staging\n";

TEST(SettingsTable, OneTableByPuppetsNamesInEitherSpelling) {
  ASSERT_NE(find_setting("hiera_config"), nullptr);
  EXPECT_EQ(find_setting("hiera-config"), find_setting("hiera_config"));
  EXPECT_EQ(find_setting("strict-variables"), find_setting("strict_variables"));
  for (const char* name : {"modulepath",
                           "basemodulepath",
                           "environmentpath",
                           "hiera_config",
                           "vardir",
                           "statedir",
                           "logdir",
                           "ssldir",
                           "certname",
                           "server",
                           "tags",
                           "noop",
                           "strict",
                           "strict_variables",
                           "show_diff",
                           "graph",
                           "graphdir",
                           "environment_timeout",
                           "runinterval",
                           "splay",
                           "confdir",
                           "codedir"})
    EXPECT_NE(find_setting(name), nullptr) << name;
  EXPECT_EQ(find_setting("nosuch"), nullptr);
  EXPECT_EQ(dashed_setting_name("strict_variables"), "strict-variables");
  EXPECT_TRUE(is_switch("show_diff"));
  EXPECT_TRUE(is_switch("show-diff"));
  EXPECT_FALSE(is_switch("graphdir"));
}

TEST(SettingValues, EachModeReadsItsSectionOverMain) {
  PuppetConf conf = conf_of(kUsersConf);
  SettingValues user(RunMode::user), agent(RunMode::agent), server(RunMode::server),
      main(RunMode::main);
  for (SettingValues* values : {&user, &agent, &server, &main}) values->write_puppet_conf(conf);
  EXPECT_EQ(user.text("certname"), "user.example.com");
  EXPECT_EQ(agent.text("certname"), "main.example.com");
  EXPECT_EQ(main.text("certname"), "main.example.com");
  EXPECT_EQ(agent.printable("runinterval"), "3600") << "durations print in seconds";
  EXPECT_EQ(user.printable("runinterval"), "1800");
  EXPECT_EQ(agent.text("server"), "puppet.example.com");
  EXPECT_EQ(user.text("server"), "puppet");
  EXPECT_EQ(server.text("environment"), "staging");
  EXPECT_EQ(agent.to_config().runinterval, std::chrono::seconds(3600));
  EXPECT_EQ(user.to_config().certname, "user.example.com");
  EXPECT_EQ(user.to_config().statedir, fs::path("/srv/var")) << "statedir is $vardir";
}

TEST(SettingValues, InterpolatesOtherSettingsAsPuppetDoes) {
  SettingValues values;
  values.set_default("vardir", "/var/lib/marionette");
  EXPECT_EQ(values.text("graphdir"), "/var/lib/marionette/graphs") << "$statedir, then $vardir";
  EXPECT_EQ(values.text("environmentpath"), "/etc/marionette/code/environments");
  values.write("confdir", "/opt/conf", option("--confdir"));
  EXPECT_EQ(values.text("hiera_config"), "/opt/conf/hiera.yaml");
  values.write("logdest", "${logdir}/$run_mode.log", option("--logdest"));
  EXPECT_EQ(values.text("logdest"), "/var/log/marionette/user.log");
  values.write("server", "costs $ and $-", option("--server"));
  EXPECT_EQ(values.text("server"), "costs $ and $-") << "a $ that starts no name stays";
}

TEST(SettingValues, ADerivedDefaultFollowsTheSettingItNames) {
  SettingValues values;
  values.write("codedir", "/srv/code", option("--codedir"));
  AgentConfig config = values.to_config();
  EXPECT_EQ(config.environmentpath, "/srv/code/environments");
  EXPECT_EQ(config.basemodulepath, "/srv/code/modules:/usr/share/puppet/modules");
  EXPECT_FALSE(config.hiera_config)
      << "a derived hiera.yaml that does not exist is not used";
  EXPECT_FALSE(SettingValues().to_config().environmentpath) << "untouched defaults stay unset";
}

TEST(SettingValues, AnUnknownVariableIsPuppetsErrorAtTheValue) {
  SettingValues values;
  values.write_puppet_conf(conf_of("[main]\nlogdir = $nosuch/x\n"));
  EXPECT_EQ(config_error_of([&] { values.text("logdir"); }),
            "/etc/puppet.conf:2:10: error: Error converting value for param 'logdir': Could not "
            "find value for $nosuch\nlogdir = $nosuch/x\n         ^~~~~~~~~");
}

TEST(SettingValues, ALoopOfReferencesIsBoundedNotACrash) {
  SettingValues values;
  values.write_puppet_conf(conf_of("[main]\nvardir = $logdir\nlogdir = $vardir\n"));
  EXPECT_NE(
      config_error_of([&] { values.text("statedir"); }).find("interpolation nested deeper than"),
      std::string::npos);
  EXPECT_THROW(values.to_config(), ConfigError);
}

TEST(SettingValues, AHugeFileIsReadInLinearTime) {
  std::string text = "[main]\n";
  for (int i = 0; i < 200000; ++i)
    text += "setting" + std::to_string(i) + " = " + std::to_string(i) + "\n";
  text += "certname = last.example\n";
  auto started = std::chrono::steady_clock::now();
  SettingValues values;
  values.write_puppet_conf(conf_of(text));
  EXPECT_EQ(values.text("certname"), "last.example");
  EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(10));
}

TEST(SettingValues, SettingsPuppetKnowsAndMarionetteDoesNotAreAcceptedSilently) {
  SettingValues values;
  values.write_puppet_conf(conf_of(kUsersConf));
  EXPECT_NO_THROW(values.to_config());
  EXPECT_TRUE(values.written("foo"));
}

TEST(SettingValues, ABadValueIsAnErrorAtItsPlaceOrOption) {
  SettingValues from_file;
  from_file.write_puppet_conf(conf_of("[main]\nnoop = maybe\n"));
  EXPECT_EQ(config_error_of([&] { from_file.to_config(); }),
            "/etc/puppet.conf:2:8: error: setting 'noop' must be true or false, not 'maybe'\n"
            "noop = maybe\n       ^~~~~");
  SettingValues from_option;
  from_option.write("strict", "loud", option("--strict"));
  EXPECT_THROW(from_option.to_config(), OptionError);
  EXPECT_EQ(config_error_of([&] { from_option.to_config(); }),
            "option --strict must be one of off, warning, error, not 'loud'");
}

TEST(SettingValues, LaterSourcesWinAndTheSettingsReachTheConfig) {
  SettingValues values(RunMode::agent);
  values.write_puppet_conf(conf_of(kUsersConf));
  values.write("runinterval", "5m", option("--runinterval"));
  values.write("tags", "Web, db", option("--tags"));
  values.write("show-diff", "true", option("--show-diff"));
  values.write("strict_variables", "yes", option("--strict-variables"));
  values.write("graph", "on", option("--graph"));
  values.write("strict", "error", option("--strict"));
  AgentConfig config = values.to_config();
  EXPECT_EQ(config.runinterval, std::chrono::seconds(300));
  EXPECT_EQ(config.tags, (std::vector<std::string>{"web", "db"}));
  EXPECT_TRUE(config.show_diff);
  EXPECT_TRUE(config.strictness.strict_variables);
  EXPECT_TRUE(config.graph);
  EXPECT_EQ(config.graphdir, fs::path("/srv/var/graphs")) << "$statedir/graphs, vardir written";
  EXPECT_EQ(config.strictness.strict, marionette::compiler::Strict::Error);
}

// A compile server's `ca = false` is a setting like any other (Puppet 5's `ca`): in puppet.conf's
// [server] (or [master]) section for the server only, in marionette.yaml's writes, or --no-ca;
// the server's vardir in [server] moves its ssldir and reportdir, not the agent's.
TEST(SettingValues, CaIsASettingReadFromTheServersSections) {
  EXPECT_TRUE(SettingValues(RunMode::server).to_config().ca) << "a server is a CA by default";
  const PuppetConf conf = conf_of(
      "[main]\n"
      "vardir = /var/lib/marionette\n"
      "[master]\n"
      "ca = false\n"
      "[server]\n"
      "vardir = /var/lib/marionette-server\n");
  SettingValues server(RunMode::server), agent(RunMode::agent);
  server.write_puppet_conf(conf);
  agent.write_puppet_conf(conf);
  const AgentConfig compile_server = server.to_config();
  EXPECT_FALSE(compile_server.ca) << "[master] is read by the server under [server]";
  EXPECT_EQ(compile_server.ssldir, fs::path("/var/lib/marionette-server/ssl"));
  EXPECT_EQ(compile_server.reportdir, fs::path("/var/lib/marionette-server/reports"));
  EXPECT_EQ(compile_server.statedir, fs::path("/var/lib/marionette-server"));
  const AgentConfig node = agent.to_config();
  EXPECT_TRUE(node.ca) << "[server] and [master] are not the agent's";
  EXPECT_EQ(node.ssldir, fs::path("/var/lib/marionette/ssl"));

  SettingValues yaml(RunMode::server);
  yaml.write("ca", "false", option(""));
  EXPECT_FALSE(yaml.to_config().ca);
  SettingValues option_over_file(RunMode::server);
  option_over_file.write_puppet_conf(conf_of("[server]\nca = false\n"));
  option_over_file.write("ca", "true", option("--ca"));
  EXPECT_TRUE(option_over_file.to_config().ca) << "--ca over the file's ca = false";
  EXPECT_EQ(config_error_of([] {
              SettingValues bad(RunMode::server);
              bad.write_puppet_conf(conf_of("[server]\nca = maybe\n"));
              bad.to_config();
            }).find("setting 'ca' must be true or false, not 'maybe'") != std::string::npos,
            true);
}

// puppet_compat: 8 (Puppet 8 / OpenVox 8) by default, with the defaults Puppet 8 changed; 7
// gives Puppet 7.23's; a setting written on its own wins under either, in either order.
TEST(SettingValues, PuppetCompatChoosesTheDefaultsPuppet8Changed) {
  using compiler::Strict;
  SettingValues eight;
  EXPECT_EQ(eight.printable("puppet_compat"), "8");
  EXPECT_EQ(eight.printable("strict"), "error");
  EXPECT_EQ(eight.printable("strict_variables"), "true");
  EXPECT_EQ(eight.printable("include_legacy_facts"), "false");
  EXPECT_EQ(eight.printable("exclude_unchanged_resources"), "true");
  AgentConfig config = eight.to_config();
  EXPECT_EQ(config.compat, PuppetCompat::puppet8);
  EXPECT_EQ(config.strictness.strict, Strict::Error);
  EXPECT_TRUE(config.strictness.strict_variables);
  EXPECT_FALSE(config.include_legacy_facts);
  EXPECT_TRUE(config.exclude_unchanged_resources);

  SettingValues seven;
  seven.write_puppet_conf(conf_of("[main]\npuppet_compat = 7\n"));
  EXPECT_EQ(seven.printable("strict"), "warning");
  EXPECT_EQ(seven.printable("include_legacy_facts"), "true");
  config = seven.to_config();
  EXPECT_EQ(config.compat, PuppetCompat::puppet7);
  EXPECT_EQ(config.strictness.strict, Strict::Warning);
  EXPECT_FALSE(config.strictness.strict_variables);
  EXPECT_TRUE(config.include_legacy_facts);
  EXPECT_FALSE(config.exclude_unchanged_resources);

  SettingValues mixed;
  mixed.write("strict", "off", option("--strict"));
  mixed.write("puppet-compat", "8", option("--puppet-compat"));
  config = mixed.to_config();
  EXPECT_EQ(config.strictness.strict, Strict::Off);
  EXPECT_TRUE(config.strictness.strict_variables);

  SettingValues wrong;
  wrong.write("puppet_compat", "9", option("--puppet-compat"));
  EXPECT_EQ(config_error_of([&] { wrong.to_config(); }),
            "option --puppet-compat must be one of 7, 8, not '9'");
}

}  // namespace
TEST(SettingValues, TheManifestsSeeEveryPuppetSettingTypedAsPuppetTypesIt) {
  SettingValues values(RunMode::agent);
  values.set_default("certname", "agent1.example.com");
  values.write_puppet_conf(
      conf_of("[main]\nssldir = /srv/ssl\nruninterval = 1h\nsnmp = false\nnoop = yes\n"));
  AgentConfig config = values.to_config();
  std::map<std::string, compiler::ManifestSetting> seen;
  for (const compiler::ManifestSetting& setting : config.manifest_settings)
    seen[setting.name] = setting;
  using Kind = compiler::ManifestSetting::Kind;
  auto is = [&](const std::string& name, const std::string& text, Kind kind) {
    ASSERT_TRUE(seen.contains(name)) << name;
    EXPECT_EQ(seen[name].text, text) << name;
    EXPECT_EQ(seen[name].kind, kind) << name;
  };
  is("ssldir", "/srv/ssl", Kind::text);
  is("hostcert", "/srv/ssl/certs/agent1.example.com.pem", Kind::text);
  is("noop", "true", Kind::boolean);
  is("masterport", "8140", Kind::number);
  is("splaylimit", "3600", Kind::number);  // $runinterval, in seconds
  is("maxwaitforcert", "Infinity", Kind::number);
  is("environment_timeout", "0", Kind::number);
  is("logdest", "", Kind::undef);  // nil in Puppet: $settings::logdest is undef
  EXPECT_FALSE(seen.contains("snmp")) << "marionette's own: Puppet has no such setting";
  EXPECT_FALSE(seen.contains("puppet_compat"));
  EXPECT_FALSE(seen.contains("vardir")) << "no value: the caller gave none";
}

}  // namespace marionette::config
