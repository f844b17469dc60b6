#include "config/agent_config.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace marionette::config {
namespace {

namespace fs = std::filesystem;

class ConfigFile : public ::testing::Test {
 protected:
  void SetUp() override {
    path_ = fs::temp_directory_path() /
            ("marionette-config-" + std::to_string(getpid()) + "-" +
             ::testing::UnitTest::GetInstance()->current_test_info()->name() + ".yaml");
  }
  void TearDown() override { fs::remove(path_); }

  /// Loads `text` as marionette.yaml; the rendered error, or "" when it loaded.
  std::string load(const std::string& text, AgentConfig& config) {
    std::ofstream(path_) << text;
    try {
      load_file(path_, config);
      return "";
    } catch (const ConfigError& e) {
      return e.what();
    }
  }

  fs::path path_;
};

TEST_F(ConfigFile, ReadsEverySettingItNames) {
  AgentConfig config;
  ASSERT_EQ(load("env-dir: /etc/marionette/code/environments/production\n"
                 "certname: web01.example.com\n"
                 "runinterval: 30m\n"
                 "noop: yes\n"
                 "agentx-socket: /var/agentx/master\n"
                 "redis: redis://127.0.0.1:6379/2\n"
                 "redis-prefix: fleet-a\n"
                 "statedir: /var/lib/marionette\n",
                 config),
            "");
  EXPECT_EQ(config.env_dir, fs::path("/etc/marionette/code/environments/production"));
  EXPECT_EQ(config.certname, "web01.example.com");
  EXPECT_EQ(config.runinterval, std::chrono::seconds(1800));
  EXPECT_TRUE(config.noop);
  EXPECT_EQ(config.agentx_socket, "/var/agentx/master");
  EXPECT_EQ(config.redis, "redis://127.0.0.1:6379/2");
  EXPECT_EQ(config.redis_prefix, "fleet-a");
  EXPECT_EQ(config.statedir, fs::path("/var/lib/marionette"));
  EXPECT_TRUE(config.snmp) << "an unset setting keeps its default";
}

TEST_F(ConfigFile, ReadsTheModulePathSettings) {
  AgentConfig config;
  ASSERT_EQ(load("modulepath: site:modules\n"
                 "basemodulepath: /opt/modules\n"
                 "environmentpath: /srv/environments\n"
                 "environment: staging\n",
                 config),
            "");
  EXPECT_EQ(config.modulepath_text, "site:modules");
  EXPECT_EQ(config.basemodulepath, "/opt/modules");
  EXPECT_EQ(config.environmentpath, "/srv/environments");
  EXPECT_EQ(config.environment, "staging");
}

TEST_F(ConfigFile, AnEmptyFileSetsNothing) {
  AgentConfig config;
  EXPECT_EQ(load("", config), "");
  EXPECT_EQ(config.runinterval, std::chrono::seconds(1800));
}

TEST_F(ConfigFile, PuppetDbRetentionAsPuppetDbSpellsAndDefaultsIt) {
  AgentConfig defaults;
  EXPECT_EQ(defaults.node_ttl, std::chrono::hours(24 * 7));
  EXPECT_EQ(defaults.node_purge_ttl, std::chrono::hours(24 * 14));
  EXPECT_EQ(defaults.report_ttl, std::chrono::hours(24 * 14));
  AgentConfig config;
  ASSERT_EQ(load("node-ttl: 2d\nnode_purge_ttl: 0s\nreport-ttl: 36h\ngc-interval: 5\n", config),
            "");
  EXPECT_EQ(config.node_ttl, std::chrono::hours(48));
  EXPECT_EQ(config.node_purge_ttl, std::chrono::seconds(0));
  EXPECT_EQ(config.report_ttl, std::chrono::hours(36));
  EXPECT_EQ(config.puppetdb_gc_interval, std::chrono::minutes(5));  // minutes, as PuppetDB
}

TEST_F(ConfigFile, AnUnknownSettingNamesFileLineAndKey) {
  AgentConfig config;
  std::string error = load("runinterval: 60\nrun_interval: 60\n", config);
  EXPECT_EQ(error,
            path_.string() +
                ":2:1: error: unknown setting 'run_interval'\nrun_interval: 60\n^~~~~~~~~~~~");
}

TEST_F(ConfigFile, ABadValueNamesFileLineKeyAndValue) {
  AgentConfig config;
  std::string error = load("noop: false\nrunintervall: 1\n", config);
  EXPECT_NE(error.find(":2:1: error: unknown setting 'runintervall'"), std::string::npos);
  error = load("noop: false\nruninterval: soon\n", config);
  EXPECT_EQ(error, path_.string() +
                       ":2:14: error: setting 'runinterval' must be a duration such as 30, 30s, "
                       "5m, 2h or 1d, not 'soon'\nruninterval: soon\n             ^~~~");
  error = load("noop: maybe\n", config);
  EXPECT_NE(error.find(":1:7: error: setting 'noop' must be true or false, not 'maybe'"),
            std::string::npos)
      << error;
  error = load("redis:\n  host: x\n", config);
  EXPECT_NE(error.find(":2:3: error: setting 'redis' must be a single value"), std::string::npos)
      << error;
}

TEST_F(ConfigFile, BrokenYamlAndNonMappingsAreErrorsNotCrashes) {
  AgentConfig config;
  EXPECT_NE(load("runinterval: [1\n", config).find("error: not valid YAML"), std::string::npos);
  EXPECT_NE(load("- a\n- b\n", config).find("error: the configuration must be a mapping"),
            std::string::npos);
  std::string missing;
  try {
    load_file("/nonexistent/marionette.yaml", config);
  } catch (const ConfigError& e) {
    missing = e.what();
  }
  EXPECT_EQ(missing, "/nonexistent/marionette.yaml: error: cannot read the configuration file");
}

TEST(ConfigOptions, TheCommandLineUsesTheSameSettings) {
  AgentConfig config;
  apply_option("runinterval", "90", config);
  apply_option("noop", "true", config);
  EXPECT_EQ(config.runinterval, std::chrono::seconds(90));
  EXPECT_TRUE(config.noop);
  EXPECT_TRUE(is_switch("noop"));
  EXPECT_FALSE(is_switch("redis"));
  try {
    apply_option("runinterval", "0", config);
    FAIL() << "accepted a zero run interval";
  } catch (const ConfigError& e) {
    EXPECT_STREQ(e.what(), "option --runinterval must be longer than 0 seconds");
  }
  EXPECT_THROW(apply_option("frequency", "1", config), ConfigError);
}

TEST(Durations, ReadLikePuppets) {
  EXPECT_EQ(parse_duration("45"), std::chrono::seconds(45));
  EXPECT_EQ(parse_duration("45s"), std::chrono::seconds(45));
  EXPECT_EQ(parse_duration("5m"), std::chrono::seconds(300));
  EXPECT_EQ(parse_duration("2h"), std::chrono::seconds(7200));
  EXPECT_EQ(parse_duration("1d"), std::chrono::seconds(86400));
  EXPECT_FALSE(parse_duration("").has_value());
  EXPECT_FALSE(parse_duration("5 m").has_value());
  EXPECT_FALSE(parse_duration("-5").has_value());
  EXPECT_FALSE(parse_duration("5mm").has_value());
}

}  // namespace
}  // namespace marionette::config
