// Runs the subagent against a private snmpd and walks it with snmpbulkwalk.
#include <gtest/gtest.h>
#include <spdlog/sinks/ringbuffer_sink.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <atomic>
#include <thread>
#include <vector>

#include "fixed_snapshot.hpp"
#include "subagent/mib_objects.hpp"
#include "subagent/oids.hpp"
#include "subagent/subagent.hpp"
#include "support/command.hpp"
#include "support/private_snmpd.hpp"
#include "support/private_snmptrapd.hpp"
#include "support/snmp_walk.hpp"
#include "support/wait_until.hpp"

namespace marionette::subagent {
namespace {

using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;
using marionette::testing::PrivateSnmpd;

const std::string kRoot(kRootOid);
const std::string kVersionOid = kRoot + ".1.1.1.0";

std::int64_t now_seconds() {
  return std::chrono::duration_cast<std::chrono::seconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

/// `snapshot` after one more run that ended with `status`, as the daemon's snapshot_after
/// records it (the last-run figures and recent_runs).
void add_run(metrics::Snapshot& snapshot, metrics::RunStatus status) {
  ++snapshot.runs_since_start;
  snapshot.last_run_status = status;
  snapshot.resources_failed = status == metrics::RunStatus::failed ? 2 : 0;
  snapshot.recent_runs.push_back(
      {snapshot.runs_since_start, status, snapshot.resources_failed, snapshot.last_compile_ok});
}

/// Where each of `texts` first appears in `log` (npos when absent).
std::vector<std::size_t> positions(const std::string& log, const std::vector<std::string>& texts) {
  std::vector<std::size_t> at;
  std::size_t from = 0;
  for (const std::string& text : texts) {
    from = log.find(text, from);
    at.push_back(from);
    if (from == std::string::npos) break;
    from += text.size();
  }
  return at;
}

/// The default logger replaced, at debug level, by one that keeps the lines in memory (what the
/// subagent says is how a test sees what it did: each reconnect attempt is a debug line).
class CapturedLog {
 public:
  CapturedLog() : previous_(spdlog::default_logger()) {
    auto logger = std::make_shared<spdlog::logger>("test", sink_);
    logger->set_level(spdlog::level::debug);
    spdlog::set_default_logger(std::move(logger));
  }
  ~CapturedLog() { spdlog::set_default_logger(previous_); }
  CapturedLog(const CapturedLog&) = delete;
  CapturedLog& operator=(const CapturedLog&) = delete;

  int count(const std::string& part) const {
    int found = 0;
    for (const std::string& line : sink_->last_formatted())
      if (line.find(part) != std::string::npos) ++found;
    return found;
  }
  std::string text() const {
    std::string all;
    for (const std::string& line : sink_->last_formatted()) all += line;
    return all;
  }

 private:
  std::shared_ptr<spdlog::sinks::ringbuffer_sink_mt> sink_ =
      std::make_shared<spdlog::sinks::ringbuffer_sink_mt>(1000);
  std::shared_ptr<spdlog::logger> previous_;
};

/// A reconnect attempt that found no master (MasterConnection::poll's debug line).
const std::string kNoMasterAttempt = "no AgentX master at";

/// Runs subagent::run on its own thread; stops and joins it when destroyed.
class SubagentThread {
 public:
  SubagentThread(Options options, const metrics::Registry& registry)
      : thread_([this, options, &registry] { run(options, registry, stop_); }) {}
  ~SubagentThread() { stop(); }
  /// How long the subagent took to notice `stop` and shut down.
  Clock::duration stop() {
    const auto begin = Clock::now();
    stop_ = true;
    if (thread_.joinable()) thread_.join();
    return Clock::now() - begin;
  }

 private:
  std::atomic<bool> stop_{false};
  std::thread thread_;
};

class SubagentIntegration : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!PrivateSnmpd::available()) {
      GTEST_SKIP() << "no " << PrivateSnmpd::kDefaultPath << " (Debian package snmpd)";
    }
    if (marionette::testing::find_executable("snmpbulkwalk").empty()) {
      GTEST_SKIP() << "no snmpbulkwalk (Debian package snmp)";
    }
  }

  Options options_for(const PrivateSnmpd& snmpd) const {
    Options options;
    options.agentx_socket = snmpd.agentx_socket();
    options.name = "marionette-test";
    return options;
  }

  /// 42 from "Gauge32: 42", 360000 from "Timeticks: (360000) 1:00:00.00".
  static unsigned long long number_after(const std::string& value, const std::string& type) {
    EXPECT_TRUE(value.starts_with(type + " ")) << value;
    const std::size_t digits = value.find_first_of("0123456789", type.size());
    return digits == std::string::npos ? 0 : std::stoull(value.substr(digits));
  }
};

TEST_F(SubagentIntegration, ServesTheSnapshotAndReregistersAfterSnmpdRestarts) {
  PrivateSnmpd snmpd;
  metrics::Registry registry;
  const std::int64_t now = now_seconds();
  registry.publish(fixture::fixed_snapshot(now));
  SubagentThread subagent(options_for(snmpd), registry);

  auto values = marionette::testing::snmp_bulkwalk_until(snmpd.address(), kRoot, kVersionOid, 5s);
  ASSERT_TRUE(values.contains(kVersionOid)) << "snmpd's log:\n" << snmpd.log();

  const std::map<std::string, std::string> expected = {
      {".1.1.1.0", "STRING: \"0.1.0-test\""},
      {".1.1.3.0", "INTEGER: 3"},
      {".1.1.4.0", "Gauge32: 1800"},
      {".1.1.5.0", "Gauge32: " + std::to_string(now - 90)},
      {".1.2.1.0", "Gauge32: 1234"},
      {".1.2.2.0", "INTEGER: 2"},
      {".1.3.1.0", "Gauge32: 321"},
      {".1.3.2.0", "Gauge32: 400"},
      {".1.3.3.0", "Gauge32: 42"},
      {".1.4.1.0", "Gauge32: 320"},
      {".1.4.2.0", "Gauge32: 7"},
      {".1.4.3.0", "Gauge32: 2"},
      {".1.4.4.0", "Gauge32: 3"},
      {".1.4.5.0", "Gauge32: 9"},
      {".1.4.6.0", "Gauge32: 1"},
      {".1.4.7.0", "Gauge32: 11"},
      {".1.4.8.0", "Gauge32: 5678"},
      {".1.6.1.0", "Counter64: 5000000000"},
      {".1.6.2.0", "Counter64: 4294967297"},
      {".1.6.3.0", "Counter64: 18446744073709551614"},
      {".1.1.7.0", "STRING: \"1704067110\""},
      {".1.1.8.0", "INTEGER: 2"},
      {".1.2.3.0", "Gauge32: 1000"},
      {".1.2.4.0", "Gauge32: 1245"},
      {".1.2.5.0", "Gauge32: 1500"},
      {".1.2.6.0", "Gauge32: 3"},
      {".1.2.7.0", "Gauge32: 1"},
      {".1.2.8.0", "Gauge32: 56"},
      {".1.3.4.0", "Gauge32: 98765"},
      {".1.3.5.0", "STRING: \"1704067110\""},
      {".1.4.9.0", "Gauge32: 13"},
      {".1.4.10.0", "Gauge32: 4"},
      {".1.4.11.0", "Gauge32: 8"},
      {".1.4.12.0", "Gauge32: 3"},
      {".1.4.13.0", "INTEGER: 3"},
      {".1.6.4.0", "Counter64: 5000000001"},
      {".1.6.5.0", "Counter64: 17"},
      {".1.6.6.0", "Counter64: 18"},
      {".1.6.7.0", "Counter64: 19"},
      {".1.6.8.0", "Counter64: 20000000000"},
      {".1.6.9.0", "Counter64: 21000000000"},
      {".1.7.1.0", "Counter64: 6000000001"},
      {".1.7.2.0", "Counter64: 31"},
      {".1.7.3.0", "Counter64: 32"},
      {".1.7.4.0", "Counter64: 33"},
      {".1.7.5.0", "Counter64: 34"},
      {".1.7.6.0", "Counter64: 35"},
      {".1.7.7.0", "Counter64: 36"},
      {".1.7.8.0", "Counter64: 37"},
      {".1.7.9.0", "Counter64: 38"},
      {".1.8.1.0", "INTEGER: 3"},
      {".1.8.2.0", "Gauge32: 2"},
      {".1.8.3.0", "Gauge32: " + std::to_string(now - 30)},
      // The per-type table: index "Exec" = 4.69.120.101.99, "File" = 4.70.105.108.101.
      {".1.5.1.2.4.69.120.101.99", "STRING: \"Exec\""},
      {".1.5.1.2.4.70.105.108.101", "STRING: \"File\""},
      {".1.5.1.3.4.69.120.101.99", "Gauge32: 20"},
      {".1.5.1.3.4.70.105.108.101", "Gauge32: 300"},
      {".1.5.1.4.4.69.120.101.99", "Gauge32: 3"},
      {".1.5.1.4.4.70.105.108.101", "Gauge32: 4"},
      {".1.5.1.5.4.69.120.101.99", "Gauge32: 2"},
      {".1.5.1.5.4.70.105.108.101", "Gauge32: 0"},
      {".1.5.1.6.4.69.120.101.99", "Gauge32: 4"},
      {".1.5.1.6.4.70.105.108.101", "Gauge32: 5"},
      {".1.5.1.7.4.69.120.101.99", "Gauge32: 5000"},
      {".1.5.1.7.4.70.105.108.101", "Gauge32: 678"},
  };
  EXPECT_EQ(values.size(), expected.size() + 2) << "uptime and last-run age besides these";
  for (const auto& [suffix, value] : expected) {
    EXPECT_EQ(values[kRoot + suffix], value) << suffix;
  }
  // Time-dependent: within a few seconds of the snapshot's instants.
  EXPECT_NEAR(number_after(values[kRoot + ".1.1.2.0"], "Timeticks:"), 360'000, 1'000);
  EXPECT_NEAR(number_after(values[kRoot + ".1.1.6.0"], "Gauge32:"), 90, 10);

  // GET: an instance, a wrong instance of an object, and no object at all.
  auto get = marionette::testing::run_command(
      {"snmpget", "-v2c", "-c", "public", "-On", snmpd.address(), kRoot + ".1.6.1.0",
       kRoot + ".1.6.1.1", kRoot + ".1.6.99.0"},
      10s, {{"MIBS", ""}});
  EXPECT_EQ(get.out, kRoot + ".1.6.1.0 = Counter64: 5000000000\n" + kRoot +
                         ".1.6.1.1 = No Such Instance currently exists at this OID\n" + kRoot +
                         ".1.6.99.0 = No Such Object available on this agent at this OID\n")
      << get.err;

  snmpd.stop();
  snmpd.start();
  const auto restarted = Clock::now();
  values = marionette::testing::snmp_bulkwalk_until(snmpd.address(), kRoot, kVersionOid, 8s);
  ASSERT_TRUE(values.contains(kVersionOid)) << "not re-registered; snmpd's log:\n" << snmpd.log();
  EXPECT_LT(Clock::now() - restarted, 5s);
  EXPECT_EQ(values[kRoot + ".1.6.1.0"], "Counter64: 5000000000");

  EXPECT_LT(subagent.stop(), 2s);
}

TEST_F(SubagentIntegration, WaitsQuietlyForAMasterThatStartsLater) {
  CapturedLog log;
  PrivateSnmpd snmpd(PrivateSnmpd::kDefaultPath, /*start_now=*/false);
  metrics::Registry registry;
  registry.publish(fixture::fixed_snapshot(now_seconds()));
  SubagentThread subagent(options_for(snmpd), registry);
  // Several attempts without a master: the first, and a reconnect after it.
  ASSERT_TRUE(
      marionette::testing::wait_until([&] { return log.count(kNoMasterAttempt) >= 1; }, 10s))
      << log.text();

  snmpd.start();
  auto values = marionette::testing::snmp_bulkwalk_until(snmpd.address(), kRoot, kVersionOid, 8s);
  EXPECT_EQ(values[kVersionOid], "STRING: \"0.1.0-test\"") << snmpd.log();
  EXPECT_LT(subagent.stop(), 2s);

  EXPECT_EQ(log.count("Failed to connect"), 1) << "each failed reconnect was logged";
}

TEST_F(SubagentIntegration, ServesEveryObjectAndSendsTrapsUnderARootMovedByTheOptions) {
  using marionette::testing::PrivateSnmptrapd;
  if (!PrivateSnmptrapd::available()) {
    GTEST_SKIP() << "no " << PrivateSnmptrapd::kDefaultPath << " (Debian package snmptrapd)";
  }
  PrivateSnmptrapd traps;
  PrivateSnmpd snmpd(PrivateSnmpd::kDefaultPath, /*start_now=*/false);
  snmpd.set_extra_config("trap2sink " + traps.address() + " public");
  snmpd.start();
  metrics::Registry registry;
  metrics::Snapshot snapshot = fixture::fixed_snapshot(now_seconds());
  registry.publish(snapshot);
  Options options = options_for(snmpd);
  options.root_oid = ".1.3.6.1.4.1.8072.9999.9999.77";
  SubagentThread subagent(options, registry);

  const std::string moved = options.root_oid;
  const std::string moved_version = moved + ".1.1.1.0";
  auto values = marionette::testing::snmp_bulkwalk_until(snmpd.address(), moved, moved_version, 5s);
  EXPECT_EQ(values[moved_version], "STRING: \"0.1.0-test\"") << snmpd.log();
  // Every scalar, and the table's 6 columns for its 2 rows, under the moved root.
  EXPECT_EQ(values.size(), served_objects(Role::agent).size() + 2 * 6);
  for (const MibObject& object : served_objects(Role::agent)) {
    EXPECT_TRUE(values.contains(moved + to_string(object.suffix) + ".0")) << object.name;
  }
  EXPECT_EQ(values[moved + ".1.6.1.0"], "Counter64: 5000000000");
  EXPECT_EQ(values[moved + ".1.5.1.3.4.70.105.108.101"], "Gauge32: 300");
  EXPECT_TRUE(marionette::testing::snmp_bulkwalk(snmpd.address(), kRoot).size() <= 1)
      << "old root is empty";

  add_run(snapshot, metrics::RunStatus::changed);
  add_run(snapshot, metrics::RunStatus::failed);
  registry.publish(snapshot);
  ASSERT_TRUE(traps.wait_for("OID: " + moved + ".0.1", 5s)) << traps.log() << snmpd.log();
  EXPECT_NE(traps.log().find(moved + ".1.4.13.0 = INTEGER: 3"), std::string::npos) << traps.log();
  EXPECT_EQ(traps.log().find(kRoot), std::string::npos) << "nothing under the default root";
}

TEST_F(SubagentIntegration, NotifiesEveryTransitionEvenWithinOneTick) {
  using marionette::testing::PrivateSnmptrapd;
  if (!PrivateSnmptrapd::available()) {
    GTEST_SKIP() << "no " << PrivateSnmptrapd::kDefaultPath << " (Debian package snmptrapd)";
  }
  PrivateSnmptrapd traps;
  PrivateSnmpd snmpd(PrivateSnmpd::kDefaultPath, /*start_now=*/false);
  snmpd.set_extra_config("trap2sink " + traps.address() + " public");
  snmpd.start();
  metrics::Registry registry;
  metrics::Snapshot snapshot = fixture::fixed_snapshot(now_seconds());
  snapshot.runs_since_start = 0;
  add_run(snapshot, metrics::RunStatus::unchanged);
  registry.publish(snapshot);
  SubagentThread subagent(options_for(snmpd), registry);
  auto values = marionette::testing::snmp_bulkwalk_until(snmpd.address(), kRoot, kVersionOid, 5s);
  ASSERT_TRUE(values.contains(kVersionOid)) << snmpd.log();

  // Four runs end within microseconds, far less than one 100 ms tick: failed, recovered,
  // failed, recovered. Only the last snapshot is ever seen, yet each transition is notified.
  for (auto status : {metrics::RunStatus::failed, metrics::RunStatus::changed,
                      metrics::RunStatus::failed, metrics::RunStatus::unchanged}) {
    add_run(snapshot, status);
    registry.publish(snapshot);
  }
  const std::string failed_trap = "OID: " + kRoot + ".0.1";
  const std::string recovered_trap = "OID: " + kRoot + ".0.2";
  ASSERT_TRUE(traps.wait_for(recovered_trap, 5s, 2)) << traps.log();
  EXPECT_EQ(traps.count(failed_trap), 2) << traps.log();
  EXPECT_EQ(traps.count(recovered_trap), 2) << traps.log();
  const auto at =
      positions(traps.log(), {failed_trap, recovered_trap, failed_trap, recovered_trap});
  EXPECT_EQ(std::count(at.begin(), at.end(), std::string::npos), 0) << "not in the runs' order:\n"
                                                                    << traps.log();
  // Each carries its own run's status: failed(3) with the failures, then changed(2).
  EXPECT_NE(traps.log().find(kRoot + ".1.4.13.0 = INTEGER: 2"), std::string::npos) << traps.log();
}

TEST_F(SubagentIntegration, NotificationsRaisedWithoutAMasterAreSentInOrderWhenItIsBack) {
  using marionette::testing::PrivateSnmptrapd;
  if (!PrivateSnmptrapd::available()) {
    GTEST_SKIP() << "no " << PrivateSnmptrapd::kDefaultPath << " (Debian package snmptrapd)";
  }
  CapturedLog log;
  PrivateSnmptrapd traps;
  PrivateSnmpd snmpd(PrivateSnmpd::kDefaultPath, /*start_now=*/false);
  snmpd.set_extra_config("trap2sink " + traps.address() + " public");
  snmpd.start();
  metrics::Registry registry;
  metrics::Snapshot snapshot = fixture::fixed_snapshot(now_seconds());
  snapshot.runs_since_start = 0;
  add_run(snapshot, metrics::RunStatus::unchanged);
  registry.publish(snapshot);
  SubagentThread subagent(options_for(snmpd), registry);
  auto values = marionette::testing::snmp_bulkwalk_until(snmpd.address(), kRoot, kVersionOid, 5s);
  ASSERT_TRUE(values.contains(kVersionOid)) << snmpd.log();

  // Each reconnect attempt is made on a tick, just before the tick looks at the latest run.
  auto a_tick_after = [&](int attempts) {
    return marionette::testing::wait_until([&] { return log.count(kNoMasterAttempt) > attempts; },
                                           10s);
  };
  snmpd.stop();
  ASSERT_TRUE(a_tick_after(0)) << "the master's loss went unnoticed\n" << log.text();
  add_run(snapshot, metrics::RunStatus::failed);
  registry.publish(snapshot);
  ASSERT_TRUE(a_tick_after(log.count(kNoMasterAttempt)))  // a tick saw it with no master
      << log.text();
  add_run(snapshot, metrics::RunStatus::changed);
  registry.publish(snapshot);
  EXPECT_EQ(traps.count("OID: " + kRoot), 0) << traps.log();

  snmpd.start();
  const std::string failed_trap = "OID: " + kRoot + ".0.1";
  const std::string recovered_trap = "OID: " + kRoot + ".0.2";
  // The next reconnect attempt is due 2 s after the last one (backoff).
  ASSERT_TRUE(traps.wait_for(recovered_trap, 10s)) << traps.log() << snmpd.log();
  EXPECT_EQ(traps.count(failed_trap), 1) << traps.log();
  EXPECT_EQ(traps.count(recovered_trap), 1) << traps.log();
  EXPECT_LT(traps.log().find(failed_trap), traps.log().find(recovered_trap))
      << "sent in the runs' order";
  EXPECT_NE(traps.log().find(kRoot + ".1.4.3.0 = Gauge32: 2"), std::string::npos)
      << "the failed run's own figures:\n"
      << traps.log();
}

TEST_F(SubagentIntegration, NotifiesAFailedRunAndTheRecoveryThroughTheMaster) {
  using marionette::testing::PrivateSnmptrapd;
  if (!PrivateSnmptrapd::available()) {
    GTEST_SKIP() << "no " << PrivateSnmptrapd::kDefaultPath << " (Debian package snmptrapd)";
  }
  PrivateSnmptrapd traps;
  PrivateSnmpd snmpd(PrivateSnmpd::kDefaultPath, /*start_now=*/false);
  snmpd.set_extra_config("trap2sink " + traps.address() + " public");
  snmpd.start();
  metrics::Registry registry;
  metrics::Snapshot snapshot = fixture::fixed_snapshot(now_seconds());
  snapshot.runs_since_start = 1;
  snapshot.last_run_status = metrics::RunStatus::unchanged;
  registry.publish(snapshot);
  SubagentThread subagent(options_for(snmpd), registry);
  auto values = marionette::testing::snmp_bulkwalk_until(snmpd.address(), kRoot, kVersionOid, 5s);
  ASSERT_TRUE(values.contains(kVersionOid)) << snmpd.log();

  const std::string failed_trap = "OID: " + kRoot + ".0.1";
  const std::string recovered_trap = "OID: " + kRoot + ".0.2";
  snapshot.runs_since_start = 2;
  snapshot.last_run_status = metrics::RunStatus::failed;
  snapshot.resources_failed = 2;
  registry.publish(snapshot);
  ASSERT_TRUE(traps.wait_for(failed_trap, 5s)) << traps.log() << snmpd.log();
  EXPECT_NE(traps.log().find(kRoot + ".1.4.13.0 = INTEGER: 3"), std::string::npos)
      << "mrnLastRunStatus failed(3) rides along:\n"
      << traps.log();
  EXPECT_NE(traps.log().find(kRoot + ".1.4.3.0 = Gauge32: 2"), std::string::npos) << traps.log();

  snapshot.runs_since_start = 3;  // fails again: nothing new to say
  registry.publish(snapshot);
  snapshot.runs_since_start = 4;
  snapshot.last_run_status = metrics::RunStatus::changed;
  snapshot.resources_failed = 0;
  registry.publish(snapshot);
  ASSERT_TRUE(traps.wait_for(recovered_trap, 5s)) << traps.log();
  EXPECT_EQ(traps.count(failed_trap), 1) << traps.log();
  EXPECT_EQ(traps.count(recovered_trap), 1) << traps.log();
}

}  // namespace
}  // namespace marionette::subagent
