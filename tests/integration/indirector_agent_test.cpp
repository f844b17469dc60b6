// The real `marionette agent` through the indirector: a good manifest is compiled and its catalog
// cached at STATE_DIR/client_data/catalog/<certname>.json; after the manifest breaks, the cached
// catalog is applied, and the log, last_run_report.yaml and the SNMP walk (mrnCatalogSource
// cached(2)) all say so. Without usecacheonfailure nothing is applied.

#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>
#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <thread>

#include "subagent/mib_objects.hpp"
#include "subagent/oids.hpp"
#include "support/child_process.hpp"
#include "support/command.hpp"
#include "support/private_snmpd.hpp"
#include "support/snmp_walk.hpp"

namespace marionette {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

const char* kNode = "cache.example.com";
const char* kUsingCache = "Using cached catalog from environment 'production'";

std::string oid_of(std::string_view name) {
  for (const auto& object : subagent::mib_objects())
    if (object.name == name)
      return std::string(subagent::kRootOid) + subagent::to_string(object.suffix) + ".0";
  ADD_FAILURE() << "no MIB object " << name;
  return {};
}

std::uint64_t number_in(const std::string& value) {
  auto colon = value.find(": ");
  return colon == std::string::npos ? 0 : std::stoull(value.substr(colon + 2));
}

class IndirectorAgent : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("marionette-indirector-" + std::to_string(getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    managed_ = dir_ / "managed.txt";
  }
  void TearDown() override {
    agent_.reset();
    snmpd_.reset();
    fs::remove_all(dir_);
  }

  void write_good_manifest() const {
    std::ofstream(dir_ / "site.pp")
        << "file { '" << managed_.string() << "': ensure => file, content => \"cached\\n\" }\n"
        << "notify { 'hello': }\n";
  }
  void write_broken_manifest() const {
    std::ofstream(dir_ / "site.pp") << "notify { 'a': message => $undefined_function() }\n";
  }

  std::vector<std::string> agent_argv(const std::vector<std::string>& extra) const {
    std::vector<std::string> argv = {MARIONETTE_BINARY,
                                     "agent",
                                     "--no-daemonize",
                                     "--manifest",
                                     (dir_ / "site.pp").string(),
                                     "--facts",
                                     MARIONETTE_FACTS_FILE,
                                     "--node",
                                     kNode,
                                     "--statedir",
                                     (dir_ / "state").string(),
                                     "--log-level",
                                     "info"};
    argv.insert(argv.end(), extra.begin(), extra.end());
    return argv;
  }

  /// Walks until mrnRunsTotal reaches `runs`, at most 30 s.
  std::map<std::string, std::string> walk_after_run(std::uint64_t runs) {
    const std::string runs_oid = oid_of("mrnRunsTotal");
    auto deadline = std::chrono::steady_clock::now() + 30s;
    std::map<std::string, std::string> walked;
    while (std::chrono::steady_clock::now() < deadline) {
      walked = testing::snmp_bulkwalk(snmpd_->address(), std::string(subagent::kRootOid));
      auto it = walked.find(runs_oid);
      if (it != walked.end() && number_in(it->second) >= runs) {
        return testing::snmp_bulkwalk(snmpd_->address(), std::string(subagent::kRootOid));
      }
      std::this_thread::sleep_for(100ms);
    }
    ADD_FAILURE() << "mrnRunsTotal did not reach " << runs << "; agent log:\n" << agent_->output();
    return walked;
  }

  YAML::Node last_report() const {
    return YAML::LoadFile((dir_ / "state/last_run_report.yaml").string());
  }
  fs::path cache_file() const {
    return dir_ / "state/client_data/catalog" / (std::string(kNode) + ".json");
  }

  fs::path dir_, managed_;
  std::unique_ptr<testing::PrivateSnmpd> snmpd_;
  std::unique_ptr<testing::ChildProcess> agent_;
};

TEST_F(IndirectorAgent, ABrokenManifestAppliesTheCachedCatalogAndSaysSoEverywhere) {
  if (!testing::PrivateSnmpd::available()) GTEST_SKIP() << "snmpd is not installed";
  snmpd_ = std::make_unique<testing::PrivateSnmpd>();
  write_good_manifest();
  agent_ = std::make_unique<testing::ChildProcess>(
      agent_argv({"--runinterval", "3600", "--agentx-socket", snmpd_->agentx_socket()}),
      dir_ / "agent.log");

  auto first = walk_after_run(1);
  EXPECT_EQ(number_in(first[oid_of("mrnCatalogSource")]), 1u) << "compiled(1)";
  EXPECT_EQ(number_in(first[oid_of("mrnCompileLastOk")]), 1u);
  ASSERT_TRUE(fs::exists(cache_file())) << agent_->output();
  EXPECT_EQ(last_report()["cached_catalog_status"].as<std::string>(), "not_used");

  write_broken_manifest();
  fs::remove(managed_);
  agent_->signal(SIGUSR1);
  auto second = walk_after_run(2);
  EXPECT_EQ(number_in(second[oid_of("mrnCatalogSource")]), 2u) << "cached(2)";
  EXPECT_EQ(number_in(second[oid_of("mrnCompileLastOk")]), 2u) << "the compile failure stays";
  EXPECT_EQ(number_in(second[oid_of("mrnFailuresTotal")]), 1u);
  EXPECT_GE(number_in(second[oid_of("mrnCatalogResources")]), 2u);
  EXPECT_TRUE(fs::exists(managed_)) << "the cached catalog was not applied";

  const std::string log = agent_->output();
  EXPECT_NE(log.find("site.pp:1:"), std::string::npos) << log;
  EXPECT_NE(log.find(kUsingCache), std::string::npos) << log;
  YAML::Node report = last_report();
  EXPECT_EQ(report["cached_catalog_status"].as<std::string>(), "on_failure");
  EXPECT_EQ(report["logs"][1]["message"].as<std::string>(), kUsingCache);

  agent_->signal(SIGTERM);
  EXPECT_EQ(agent_->wait(10s), 0) << agent_->output();
}

TEST_F(IndirectorAgent, WithoutUseCacheOnFailureNothingIsApplied) {
  write_good_manifest();
  auto good = testing::run_command(agent_argv({"--onetime", "--no-snmp"}), 60s);
  ASSERT_EQ(good.exit_code, 0) << good.out << good.err;
  ASSERT_TRUE(fs::exists(cache_file()));

  write_broken_manifest();
  fs::remove(managed_);
  std::ofstream(dir_ / "marionette.yaml") << "usecacheonfailure: false\n";
  auto broken = testing::run_command(
      agent_argv({"--onetime", "--no-snmp", "--config", (dir_ / "marionette.yaml").string()}), 60s);
  EXPECT_EQ(broken.exit_code, 1);
  EXPECT_FALSE(fs::exists(managed_)) << "something was applied";
  const std::string log = broken.out + broken.err;
  EXPECT_NE(log.find("Not using cache on failed catalog"), std::string::npos) << log;
  EXPECT_NE(log.find("Could not retrieve catalog; skipping run"), std::string::npos) << log;
  EXPECT_EQ(log.find(kUsingCache), std::string::npos) << log;
  EXPECT_EQ(last_report()["cached_catalog_status"].as<std::string>(), "not_used")
      << "the report of the good run stays";
}

TEST_F(IndirectorAgent, TheClassifierAndTheRoutesFileComeFromTheConfiguration) {
  std::ofstream(dir_ / "site.pp") << "class app (String $words) { file { '" << managed_.string()
                                  << "': ensure => file, content => \"${words} ${::tier}\" } }\n";
  std::ofstream(dir_ / "enc.sh")
      << "#!/bin/sh\nprintf 'classes:\\n  app:\\n    words: from-enc\\nparameters:\\n"
         "  tier: gold\\n'\n";
  fs::permissions(dir_ / "enc.sh", fs::perms::owner_all);
  std::ofstream(dir_ / "routes.yaml")
      << "agent:\n  node: { terminus: exec, command: " << (dir_ / "enc.sh").string()
      << " }\n  report: { terminus: json }\n";
  auto run = testing::run_command(
      agent_argv({"--onetime", "--no-snmp", "--route-file", (dir_ / "routes.yaml").string()}), 60s);
  ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
  std::ifstream in(managed_);
  std::string content((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_EQ(content, "from-enc gold");
  EXPECT_TRUE(fs::exists(dir_ / "state/last_run_report.json"));
}

TEST_F(IndirectorAgent, OnetimeExitsAsPuppetsAgentDoes) {
  write_good_manifest();
  auto good =
      testing::run_command(agent_argv({"--onetime", "--no-snmp", "--detailed-exitcodes"}), 60s);
  EXPECT_EQ(good.exit_code, 2) << "the first run changes the file\n" << good.out << good.err;

  write_broken_manifest();
  fs::remove(managed_);
  auto cached = testing::run_command(agent_argv({"--onetime", "--no-snmp"}), 60s);
  EXPECT_EQ(cached.exit_code, 0) << "a cached catalog was applied\n" << cached.out << cached.err;
  EXPECT_TRUE(fs::exists(managed_));

  std::ofstream(dir_ / "site.pp") << "exec { 'fails': command => '/bin/false' }\n";
  auto failing = testing::run_command(agent_argv({"--onetime", "--no-snmp"}), 60s);
  EXPECT_EQ(failing.exit_code, 0) << "without --detailed-exitcodes, as puppet agent --onetime";
  auto detailed =
      testing::run_command(agent_argv({"--onetime", "--no-snmp", "--detailed-exitcodes"}), 60s);
  EXPECT_EQ(detailed.exit_code, 4) << detailed.out << detailed.err;
}

TEST_F(IndirectorAgent, ABadRoutesFileIsReportedWithItsLineAndCaret) {
  write_good_manifest();
  std::ofstream(dir_ / "routes.yaml") << "agent:\n  catalog: { terminus: nope }\n";
  auto run = testing::run_command(
      agent_argv({"--onetime", "--no-snmp", "--route-file", (dir_ / "routes.yaml").string()}), 60s);
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_NE(run.err.find("routes.yaml:2:24: error: unknown catalog terminus 'nope' (known: "
                         "compiler, json, redis)\n  catalog: { terminus: nope }\n"
                         "                       ^~~~"),
            std::string::npos)
      << run.err;
}

}  // namespace
}  // namespace marionette
