// The whole pipeline, for real: a private snmpd and redis-server, the `marionette agent` process
// on a manifest that manages files in a temp dir, and snmpbulkwalk reading what it serves.

#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>
#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <thread>

#include "subagent/mib_objects.hpp"
#include "subagent/oids.hpp"
#include "support/child_process.hpp"
#include "support/command.hpp"
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

  void start_agent() { agent_ = agent_process(*snmpd_, "state", {}); }

  /// An agent on this test's manifest, serving through `snmpd`, with its own state dir.
  std::unique_ptr<ChildProcess> agent_process(const testing::PrivateSnmpd& snmpd,
                                              const std::string& state,
                                              const std::vector<std::string>& extra) {
    std::vector<std::string> argv = {MARIONETTE_BINARY,
                                     "agent",
                                     "--no-daemonize",
                                     "--manifest",
                                     (dir_ / "site.pp").string(),
                                     "--facts",
                                     MARIONETTE_FACTS_FILE,
                                     "--statedir",
                                     (dir_ / state).string(),
                                     "--runinterval",
                                     "3600",
                                     "--agentx-socket",
                                     snmpd.agentx_socket(),
                                     "--redis",
                                     redis_->url()};
    argv.insert(argv.end(), extra.begin(), extra.end());
    return std::make_unique<ChildProcess>(argv, dir_ / (state + ".log"));
  }

  /// Walks `snmpd` until `name` is at least `at_least`, at most 30 s.
  Walked walk_until(const testing::PrivateSnmpd& snmpd, std::string_view name,
                    std::uint64_t at_least) {
    const std::string oid = oid_of(name);
    auto deadline = std::chrono::steady_clock::now() + 30s;
    Walked walked;
    while (std::chrono::steady_clock::now() < deadline) {
      walked.values = testing::snmp_bulkwalk(snmpd.address(), std::string(subagent::kRootOid));
      auto it = walked.values.find(oid);
      if (it != walked.values.end() && number_in(it->second) >= at_least) {
        walked.values = testing::snmp_bulkwalk(snmpd.address(), std::string(subagent::kRootOid));
        return walked;
      }
      std::this_thread::sleep_for(50ms);
    }
    ADD_FAILURE() << name << " did not reach " << at_least;
    return walked;
  }

  /// Walks until mrnRunsTotal reaches `runs` (the agent has run and registered), at most 30 s.
  Walked walk_after_run(std::uint64_t runs) {
    std::string runs_oid = oid_of("mrnRunsTotal");
    auto deadline = std::chrono::steady_clock::now() + 30s;
    Walked walked;
    while (std::chrono::steady_clock::now() < deadline) {
      walked.values = testing::snmp_bulkwalk(snmpd_->address(), std::string(subagent::kRootOid));
      auto it = walked.values.find(runs_oid);
      if (it != walked.values.end() && number_in(it->second) >= runs) {
        // A walk takes several requests, and the run may have ended between two of them:
        // walk once more, now that the snapshot is the run's.
        walked.values = testing::snmp_bulkwalk(snmpd_->address(), std::string(subagent::kRootOid));
        return walked;
      }
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

// Issue 21: a full state dir made every run skip ("cannot write the run lock") while SNMP went
// on serving the last good run. A run that cannot run is a failed run, served as such.
TEST_F(AgentEndToEnd, ARunThatCannotTakeTheRunLockIsServedAsAFailedRun) {
  if (::geteuid() != 0) GTEST_SKIP() << "needs root to mount a small tmpfs as the state dir";
  const fs::path state = dir_ / "state";
  fs::create_directories(state);
  if (testing::run_command({"mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", state.string()})
          .exit_code != 0)
    GTEST_SKIP() << "cannot mount a tmpfs";
  struct Unmount {
    fs::path dir;
    ~Unmount() { testing::run_command({"umount", "-l", dir.string()}); }
  } unmount{state};
  std::ofstream(dir_ / "site.pp") << "notify { 'hello': }\n";
  start_agent();
  Walked first = walk_until(*snmpd_, "mrnRunsTotal", 1);
  EXPECT_EQ(first("mrnLastRunStatus"), 2u) << "changed(2)";
  EXPECT_EQ(first("mrnFailuresTotal"), 0u);

  {
    std::ofstream filler(state / "filler");
    const std::string block(4096, 'x');
    for (int i = 0; i < 1024 && filler; ++i) filler.write(block.data(), block.size()).flush();
  }
  agent_->signal(SIGUSR1);
  Walked stuck = walk_until(*snmpd_, "mrnRunsTotal", 2);
  EXPECT_EQ(stuck("mrnLastRunStatus"), 3u) << "failed(3)";
  EXPECT_EQ(stuck("mrnFailuresTotal"), 1u);
  EXPECT_NE(agent_->output().find("Could not run: cannot write the run lock"), std::string::npos)
      << agent_->output();

  fs::remove(state / "filler");
  agent_->signal(SIGUSR1);
  Walked again = walk_until(*snmpd_, "mrnRunsTotal", 3);
  EXPECT_EQ(again("mrnLastRunStatus"), 2u);
  EXPECT_EQ(again("mrnFailuresTotal"), 1u) << "the failed run stays counted";
  agent_->signal(SIGTERM);
  EXPECT_EQ(agent_->wait(10s), 0) << agent_->output();
  agent_.reset();
}

/// The per-type table's instance for a type: length, then the name's bytes.
std::string type_instance(std::string_view type) {
  std::string instance = "." + std::to_string(type.size());
  for (char c : type) instance += "." + std::to_string(static_cast<unsigned char>(c));
  return instance;
}

/// Column `column` of mrnTypeTable for `type`, numeric.
std::string type_cell(int column, std::string_view type) {
  return std::string(subagent::kRootOid) + ".1.5.1." + std::to_string(column) + type_instance(type);
}

TEST_F(AgentEndToEnd, ServesTheWholeReportThePerTypeTableAndTheStoreState) {
  start_agent();
  Walked walked = walk_after_run(1);
  expect_walk_matches_summary(walked);
  YAML::Node s = summary();
  EXPECT_EQ(walked("mrnLastRunStatus"), 3u) << "failed(3): Exec[broken] failed";
  EXPECT_EQ(walked("mrnLastRunEventsOk"), s["events"]["success"].as<std::uint64_t>());
  EXPECT_EQ(walked("mrnLastRunEventFail"), s["events"]["failure"].as<std::uint64_t>());
  EXPECT_EQ(walked("mrnLastRunEventFail"), 1u);
  EXPECT_EQ(walked("mrnLastRunScheduled"), s["resources"]["scheduled"].as<std::uint64_t>());
  EXPECT_EQ(walked("mrnLastRunCorrected"), s["resources"]["corrective_change"].as<std::uint64_t>());
  EXPECT_EQ(walked("mrnCompileWinCount"), 1u);
  EXPECT_EQ(walked("mrnCompileMinTime"), walked("mrnCompileLastTime"));
  EXPECT_EQ(walked("mrnCompileMaxTime"), walked("mrnCompileLastTime"));
  EXPECT_GT(walked("mrnCatalogBytes"), 1000u) << "the catalog JSON of ~10 resources";
  const std::string version = walked.values[oid_of("mrnCatalogVersion")];
  EXPECT_EQ(version, "STRING: \"" + s["version"]["config"].as<std::string>() + "\"");
  EXPECT_EQ(walked.values[oid_of("mrnConfigVersion")], version);
  EXPECT_EQ(walked("mrnCatalogSource"), 1u) << "compiled(1)";
  ASSERT_TRUE(walked.values.contains(oid_of("mrnCompileParseTime")));
  EXPECT_LE(walked("mrnCompileParseTime"), walked("mrnCompileLastTime"));

  // Counter64 totals: this node, and the fleet (this node alone).
  EXPECT_EQ(walked("mrnCompilesTotal"), 1u);
  EXPECT_EQ(walked("mrnCompileFailTotal"), 0u);
  EXPECT_EQ(walked("mrnResFailedTotal"), 1u);
  EXPECT_EQ(walked("mrnEventsTotal"), s["events"]["total"].as<std::uint64_t>());
  EXPECT_GT(walked("mrnCompileUsTotal"), 0u);
  EXPECT_GT(walked("mrnApplyUsTotal"), 0u);
  const std::pair<const char*, const char*> kNodeAndFleet[] = {
      {"mrnRunsTotal", "mrnFleetRuns"},           {"mrnChangedTotal", "mrnFleetChanged"},
      {"mrnFailuresTotal", "mrnFleetFailures"},   {"mrnCompilesTotal", "mrnFleetCompiles"},
      {"mrnResFailedTotal", "mrnFleetResFailed"}, {"mrnEventsTotal", "mrnFleetEvents"},
      {"mrnCompileUsTotal", "mrnFleetCompileUs"}, {"mrnApplyUsTotal", "mrnFleetApplyUs"}};
  for (const auto& [node, fleet] : kNodeAndFleet) EXPECT_EQ(walked(fleet), walked(node)) << fleet;
  EXPECT_EQ(walked("mrnStoreBackend"), 1u) << "redis(1)";
  EXPECT_EQ(walked("mrnStorePending"), 0u);
  EXPECT_GT(walked("mrnStoreLastFlush"), 1'700'000'000u);

  // The per-type table: File[root], File[app.conf]; Exec seed, reload, broken; two notifies.
  auto cell = [&](int column, std::string_view type) {
    return number_in(walked.values[type_cell(column, type)]);
  };
  EXPECT_EQ(walked.values[type_cell(2, "Exec")], "STRING: \"Exec\"");
  EXPECT_EQ(cell(3, "File"), 2u);
  EXPECT_EQ(cell(3, "Exec"), 3u);
  EXPECT_EQ(cell(3, "Notify"), 2u);
  EXPECT_EQ(cell(5, "Exec"), 1u) << "Exec[broken]";
  EXPECT_EQ(cell(5, "File"), 0u);
  EXPECT_EQ(cell(4, "File") + cell(4, "Exec") + cell(4, "Notify"), walked("mrnLastRunChanged"));
  EXPECT_EQ(cell(3, "File") + cell(3, "Exec") + cell(3, "Notify"), walked("mrnLastRunResources"));
}

TEST_F(AgentEndToEnd, AWalkWithTheMibResolvesEveryName) {
  const fs::path base_mibs = fs::path(MARIONETTE_SHARED_DIR) / "validation" / "mibs";
  if (!fs::exists(base_mibs)) GTEST_SKIP() << "no " << base_mibs << " (SNMPv2-SMI and friends)";
  start_agent();
  walk_after_run(1);
  const std::string mib_path = "+" + base_mibs.string() + ":/usr/share/snmp/mibs:" +
                               (fs::path(MARIONETTE_SOURCE_DIR) / "mibs").string();
  auto walk =
      testing::run_command({"snmpbulkwalk", "-v2c", "-c", "public", "-M", mib_path, "-m",
                            "+MARIONETTE-MIB", snmpd_->address(), "MARIONETTE-MIB::marionetteMIB"});
  ASSERT_EQ(walk.exit_code, 0) << walk.err;
  std::istringstream lines(walk.out);
  int count = 0;
  for (std::string line; std::getline(lines, line);) {
    ++count;
    EXPECT_TRUE(line.starts_with("MARIONETTE-MIB::mrn")) << "unresolved: " << line;
  }
  EXPECT_GE(count, static_cast<int>(subagent::served_objects(subagent::Role::agent).size()));
  EXPECT_NE(walk.out.find("MARIONETTE-MIB::mrnTypeResources.\"File\" = Gauge32: 2"),
            std::string::npos)
      << walk.out;
  EXPECT_NE(walk.out.find("MARIONETTE-MIB::mrnLastRunStatus.0 = INTEGER: failed(3)"),
            std::string::npos)
      << walk.out;
  EXPECT_NE(walk.out.find("MARIONETTE-MIB::mrnStoreBackend.0 = INTEGER: redis(1)"),
            std::string::npos)
      << walk.out;
}

TEST_F(AgentEndToEnd, RedisStoppedDuringARunThenRestartedGivesExactTotals) {
  start_agent();
  Walked first = walk_after_run(1);
  const std::uint64_t changed_first = first("mrnChangedTotal");

  ASSERT_TRUE(redis_->stop());
  agent_->signal(SIGUSR1);  // a run while Redis is down: journaled, served as pending
  Walked during = walk_after_run(2);
  EXPECT_EQ(during("mrnRunsTotal"), 2u) << "last known totals plus the journal";
  EXPECT_EQ(during("mrnStoreBackend"), 2u) << "journalOnly(2)";
  EXPECT_EQ(during("mrnStorePending"), 1u);
  const std::uint64_t changed_second = during("mrnLastRunChanged");
  EXPECT_EQ(during("mrnChangedTotal"), changed_first + changed_second);

  std::string why;
  ASSERT_TRUE(redis_->restart(&why)) << why;
  agent_->signal(SIGUSR1);
  Walked after = walk_after_run(3);
  EXPECT_EQ(after("mrnRunsTotal"), 3u);
  EXPECT_EQ(after("mrnFailuresTotal"), 3u);
  EXPECT_EQ(after("mrnStoreBackend"), 1u) << "redis(1)";
  EXPECT_EQ(after("mrnStorePending"), 0u);
  EXPECT_EQ(after("mrnChangedTotal"), changed_first + 2 * changed_second);
  EXPECT_EQ(redis_->command({"HGET", "marionette:node:web01.example.com", "runs"}), "3");
  EXPECT_EQ(redis_->command({"HGET", "marionette:fleet", "runs"}), "3");
  EXPECT_EQ(redis_->command({"HGET", "marionette:node:web01.example.com", "compiles"}), "3");
}

TEST_F(AgentEndToEnd, TwoDaemonsAddUpInTheFleetCounters) {
  testing::PrivateSnmpd other_snmpd;
  auto web = agent_process(*snmpd_, "web", {"--node", "web01.example.com"});
  auto db = agent_process(other_snmpd, "db", {"--node", "db01.example.com"});
  walk_until(*snmpd_, "mrnRunsTotal", 1);
  walk_until(other_snmpd, "mrnRunsTotal", 1);
  // Each one saw the fleet as it was after its own run; the next run of each sees both.
  web->signal(SIGUSR1);
  Walked from_web = walk_until(*snmpd_, "mrnRunsTotal", 2);
  EXPECT_EQ(from_web("mrnRunsTotal"), 2u);
  EXPECT_EQ(from_web("mrnFleetRuns"), 3u);
  EXPECT_EQ(from_web("mrnFleetFailures"), 3u) << "Exec[broken] fails on every node";
  EXPECT_EQ(from_web("mrnFleetCompiles"), 3u);
  EXPECT_EQ(redis_->command({"HGET", "marionette:fleet", "runs"}), "3");
  EXPECT_EQ(redis_->command({"HGET", "marionette:node:db01.example.com", "runs"}), "1");
}

TEST_F(AgentEndToEnd, ServesTheParseTimeAsAPartOfTheCompileTime) {
  // A class that is defined but never declared: parsed in full, never evaluated.
  std::ofstream site(dir_ / "site.pp", std::ios::app);
  site << "class unused {\n";
  for (int i = 0; i < 6000; ++i) {
    site << "  file { '/nonexistent/" << i << "': ensure => file, content => 'x' }\n";
  }
  site << "}\n";
  site.close();
  start_agent();
  Walked walked = walk_after_run(1);
  EXPECT_GE(walked("mrnCompileParseTime"), 1u) << "6000 lines take more than a millisecond";
  EXPECT_LE(walked("mrnCompileParseTime"), walked("mrnCompileLastTime"));
}

TEST_F(AgentEndToEnd, TheRootOidSettingMovesEveryObject) {
  const std::string moved = ".1.3.6.1.4.1.8072.9999.9999.77";
  agent_ = agent_process(*snmpd_, "state", {"--root-oid", moved});
  const std::string root(subagent::kRootOid);
  const std::string runs_total = moved + oid_of("mrnRunsTotal").substr(root.size());
  std::map<std::string, std::string> values;
  const auto deadline = std::chrono::steady_clock::now() + 30s;
  while (std::chrono::steady_clock::now() < deadline && number_in(values[runs_total]) < 1) {
    std::this_thread::sleep_for(100ms);
    values = testing::snmp_bulkwalk(snmpd_->address(), moved);
  }
  ASSERT_EQ(number_in(values[runs_total]), 1u) << agent_->output();
  for (const auto& object : subagent::served_objects(subagent::Role::agent)) {
    EXPECT_TRUE(values.contains(moved + subagent::to_string(object.suffix) + ".0")) << object.name;
  }
  EXPECT_TRUE(values.contains(moved + ".1.5.1.2" + type_instance("Exec"))) << "the per-type table";
  EXPECT_LE(testing::snmp_bulkwalk(snmpd_->address(), root).size(), 1u) << "nothing at the default";
}

TEST_F(AgentEndToEnd, ServesWhileALongApplyRuns) {
  // Overwrite the manifest with one whose apply sleeps.
  std::ofstream(dir_ / "site.pp") << "exec { 'slow': command => '/bin/sleep 4' }\n";
  start_agent();
  const std::string state = oid_of("mrnState");
  auto deadline = std::chrono::steady_clock::now() + 20s;
  bool seen_applying = false;
  int walks_while_applying = 0;
  while (std::chrono::steady_clock::now() < deadline) {
    const auto begin = std::chrono::steady_clock::now();
    auto values = testing::snmp_bulkwalk(snmpd_->address(), std::string(subagent::kRootOid));
    const auto took = std::chrono::steady_clock::now() - begin;
    if (values[state] == "INTEGER: 3") {
      seen_applying = true;
      ++walks_while_applying;
      EXPECT_LT(took, 1s) << "a walk waited for the apply";
      EXPECT_GE(values.size(), subagent::served_objects(subagent::Role::agent).size());
      if (walks_while_applying >= 5) break;
    }
    std::this_thread::sleep_for(20ms);
  }
  EXPECT_TRUE(seen_applying) << "never saw mrnState applying(3); agent log:\n" << agent_->output();
  EXPECT_GE(walks_while_applying, 5);
}

}  // namespace
}  // namespace marionette
