// The whole pipeline, for real: a private snmpd and redis-server, the `marionette agent` process
// on a manifest that manages files in a temp dir, and snmpbulkwalk reading what it serves.

#include <gtest/gtest.h>
#include <signal.h>
#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <thread>

#include "subagent/mib_objects.hpp"
#include "subagent/oids.hpp"
#include "support/child_process.hpp"
#include "support/private_redis.hpp"
#include "support/private_snmpd.hpp"
#include "support/snmp_walk.hpp"

namespace marionette {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using testing::ChildProcess;

const char* kManifest = R"PP(
class app (String $root, Integer $workers = 2) {
  file { $root: ensure => directory, mode => '0755' }
  file { "${root}/app.conf":
    ensure  => file,
    content => "workers=${workers}\n",
    mode    => '0640',
    require => File[$root],
  }
  exec { 'seed':
    command => "/bin/sh -c 'echo seeded > ${root}/seed.txt'",
    creates => "${root}/seed.txt",
    require => File[$root],
  }
  exec { 'reload':
    command     => "/bin/touch ${root}/reloaded",
    refreshonly => true,
    subscribe   => File["${root}/app.conf"],
  }
}
class { 'app': root => '@ROOT@' }
exec { 'broken': command => '/bin/false' }
notify { 'after broken': message => 'never shown', require => Exec['broken'] }
notify { 'hello': message => 'hello from the end-to-end test' }
)PP";

/// The numeric OID of one object of MARIONETTE-MIB, instance .0 included.
std::string oid_of(std::string_view name) {
  for (const auto& object : subagent::mib_objects())
    if (object.name == name)
      return std::string(subagent::kRootOid) + subagent::to_string(object.suffix) + ".0";
  ADD_FAILURE() << "no MIB object " << name;
  return {};
}

/// "Gauge32: 42" or "Counter64: 5000000000" → the number.
std::uint64_t number_in(const std::string& value) {
  auto colon = value.find(": ");
  return colon == std::string::npos ? 0 : std::stoull(value.substr(colon + 2));
}

struct Walked {
  std::map<std::string, std::string> values;
  std::uint64_t operator()(std::string_view name) const {
    auto it = values.find(oid_of(name));
    if (it == values.end()) {
      ADD_FAILURE() << name << " was not in the walk";
      return 0;
    }
    return number_in(it->second);
  }
};

class AgentEndToEnd : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!testing::PrivateSnmpd::available())
      GTEST_SKIP() << "snmpd is not installed (apt-get install snmpd)";
    if (!testing::PrivateRedis::installed())
      GTEST_SKIP() << "redis-server is not installed (apt-get install redis-server)";
    dir_ = fs::temp_directory_path() / ("marionette-e2e-" + std::to_string(getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "managed");
    std::string manifest = kManifest;
    manifest.replace(manifest.find("@ROOT@"), 6, (dir_ / "managed" / "app").string());
    std::ofstream(dir_ / "site.pp") << manifest;
    snmpd_ = std::make_unique<testing::PrivateSnmpd>();
    std::string why;
    redis_ = testing::PrivateRedis::start(testing::PrivateRedis::Listen::tcp, &why);
    ASSERT_TRUE(redis_) << why;
  }

  void TearDown() override {
    agent_.reset();
    redis_.reset();
    snmpd_.reset();
    if (!dir_.empty()) fs::remove_all(dir_);
  }

  void start_agent() {
    agent_ = std::make_unique<ChildProcess>(
        std::vector<std::string>{MARIONETTE_BINARY, "agent", "--no-daemonize", "--manifest",
                                 (dir_ / "site.pp").string(), "--facts", MARIONETTE_FACTS_FILE,
                                 "--statedir", (dir_ / "state").string(), "--runinterval", "3600",
                                 "--agentx-socket", snmpd_->agentx_socket(), "--redis",
                                 redis_->url()},
        dir_ / "agent.log");
  }

  /// Walks until mrnRunsTotal reaches `runs` (the agent has run and registered), at most 30 s.
  Walked walk_after_run(std::uint64_t runs) {
    std::string runs_oid = oid_of("mrnRunsTotal");
    auto deadline = std::chrono::steady_clock::now() + 30s;
    Walked walked;
    while (std::chrono::steady_clock::now() < deadline) {
      walked.values = testing::snmp_bulkwalk(snmpd_->address(), std::string(subagent::kRootOid));
      auto it = walked.values.find(runs_oid);
      if (it != walked.values.end() && number_in(it->second) >= runs) return walked;
      std::this_thread::sleep_for(100ms);
    }
    ADD_FAILURE() << "mrnRunsTotal did not reach " << runs << "; agent log:\n" << agent_->output();
    return walked;
  }

  YAML::Node summary() const {
    return YAML::LoadFile((dir_ / "state/last_run_summary.yaml").string());
  }

  /// The SNMP figures of the last run are the report's figures.
  void expect_walk_matches_summary(const Walked& walked) {
    YAML::Node s = summary();
    EXPECT_EQ(walked("mrnLastRunResources"), s["resources"]["total"].as<std::uint64_t>());
    EXPECT_EQ(walked("mrnLastRunChanged"), s["resources"]["changed"].as<std::uint64_t>());
    EXPECT_EQ(walked("mrnLastRunFailed"), s["resources"]["failed"].as<std::uint64_t>());
    EXPECT_EQ(walked("mrnLastRunSkipped"), s["resources"]["skipped"].as<std::uint64_t>());
    EXPECT_EQ(walked("mrnLastRunOutOfSync"), s["resources"]["out_of_sync"].as<std::uint64_t>());
    EXPECT_EQ(walked("mrnLastRunRestarted"), s["resources"]["restarted"].as<std::uint64_t>());
    EXPECT_EQ(walked("mrnLastRunEvents"), s["events"]["total"].as<std::uint64_t>());
  }

  fs::path dir_;
  std::unique_ptr<testing::PrivateSnmpd> snmpd_;
  std::unique_ptr<testing::PrivateRedis> redis_;
  std::unique_ptr<ChildProcess> agent_;
};

TEST_F(AgentEndToEnd, ServesTheRunsFiguresAndKeepsCountersAcrossRestarts) {
  start_agent();

  // First run: everything is created; Exec[broken] fails and its dependent is skipped.
  Walked first = walk_after_run(1);
  expect_walk_matches_summary(first);
  EXPECT_TRUE(fs::exists(dir_ / "managed/app/app.conf"));
  EXPECT_TRUE(fs::exists(dir_ / "managed/app/seed.txt"));
  EXPECT_TRUE(fs::exists(dir_ / "managed/app/reloaded"))
      << "the refreshonly exec was not refreshed";
  EXPECT_EQ(first("mrnCompileLastOk"), 1u) << "TruthValue true is 1";
  EXPECT_GE(first("mrnCatalogResources"), 9u);
  EXPECT_GE(first("mrnCatalogEdges"), 8u);
  EXPECT_EQ(first("mrnLastRunFailed"), 1u);
  EXPECT_EQ(first("mrnLastRunSkipped"), 1u);
  EXPECT_GE(first("mrnLastRunChanged"), 5u);
  std::uint64_t changed_first = first("mrnLastRunChanged");
  EXPECT_EQ(first("mrnRunsTotal"), 1u);
  EXPECT_EQ(first("mrnChangedTotal"), changed_first);
  EXPECT_EQ(first("mrnFailuresTotal"), 1u);
  EXPECT_EQ(first("mrnRunInterval"), 3600u);

  // SIGUSR1 runs again at once: only the notify changes now.
  agent_->signal(SIGUSR1);
  Walked second = walk_after_run(2);
  expect_walk_matches_summary(second);
  std::uint64_t changed_second = second("mrnLastRunChanged");
  EXPECT_EQ(changed_second, 1u) << "a second run of the same catalog changed more than the notify";
  EXPECT_EQ(second("mrnRunsTotal"), 2u);
  EXPECT_EQ(second("mrnChangedTotal"), changed_first + changed_second);
  EXPECT_EQ(second("mrnFailuresTotal"), 2u);

  // SIGTERM stops it cleanly.
  agent_->signal(SIGTERM);
  EXPECT_EQ(agent_->wait(10s), 0) << agent_->output();

  // A new agent process counts on from where the last one stopped: the totals live in Redis.
  start_agent();
  Walked third = walk_after_run(3);
  EXPECT_EQ(third("mrnRunsTotal"), 3u);
  EXPECT_EQ(third("mrnChangedTotal"), changed_first + 2 * changed_second);
  EXPECT_EQ(third("mrnFailuresTotal"), 3u);
  auto runs_in_redis = redis_->command({"HGET", "marionette:node:web01.example.com", "runs"});
  ASSERT_TRUE(runs_in_redis);
  EXPECT_EQ(*runs_in_redis, "3");
}

TEST_F(AgentEndToEnd, AManifestErrorIsAFailedRunThatTheAgentSurvives) {
  std::ofstream(dir_ / "site.pp") << "notify { 'a': message => $undefined_function() }\n";
  start_agent();
  Walked walked = walk_after_run(1);
  EXPECT_EQ(walked("mrnCompileLastOk"), 2u) << "TruthValue false is 2";
  EXPECT_EQ(walked("mrnFailuresTotal"), 1u);
  EXPECT_EQ(walked("mrnLastRunResources"), 0u);
  EXPECT_FALSE(agent_->wait(200ms).has_value()) << "the agent exited after a failed compile";
  std::string log = agent_->output();
  EXPECT_NE(log.find("site.pp:1:"), std::string::npos) << log;
}

}  // namespace
}  // namespace marionette
