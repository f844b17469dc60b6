// The fleet table end to end (issue 36): two `marionette server`s sharing one private Redis
// and one ssldir (one CA), each with its own private snmpd; real `marionette agent --server`
// runs of several nodes, one failing and one that stops reporting. snmpbulkwalk and snmptable
// of mrnNodeTable through either server give the same rows; a snmptrapd that both snmpds send
// to receives each fleet notification once; a node whose certificate is cleaned leaves the
// table. Skipped, saying so, without snmpd, snmptrapd, snmpbulkwalk, snmptable or redis-server.

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <thread>

#include "support/child_process.hpp"
#include "support/command.hpp"
#include "support/private_redis.hpp"
#include "support/private_snmpd.hpp"
#include "support/private_snmptrapd.hpp"
#include "support/snmp_walk.hpp"
#include "support/wait_until.hpp"

namespace marionette {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

const std::string kRoot = ".1.3.6.1.4.1.8072.9999.9999.4242";
const std::string kFleet = kRoot + ".1.9.5";
const std::string kTable = kRoot + ".1.9.6";
const std::string kRunFailed = "OID: " + kRoot + ".0.3";
const std::string kBecameStale = "OID: " + kRoot + ".0.4";
const std::string kRecovered = "OID: " + kRoot + ".0.5";
/// How long a node may go without a report here: short, so that the test sees one go stale.
constexpr int kStaleAfterSeconds = 6;

/// A certname's row index, as SNMP encodes a string index: its length, then its bytes.
std::string row_index(const std::string& certname) {
  std::string index = "." + std::to_string(certname.size());
  for (unsigned char c : certname) index += "." + std::to_string(c);
  return index;
}

std::string cell(int column, const std::string& certname) {
  return kTable + ".1." + std::to_string(column) + row_index(certname);
}

class FleetTable : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!testing::PrivateSnmpd::available()) GTEST_SKIP() << "needs /usr/sbin/snmpd";
    if (!testing::PrivateSnmptrapd::available()) GTEST_SKIP() << "needs /usr/sbin/snmptrapd";
    for (const char* tool : {"snmpbulkwalk", "snmptable"})
      if (testing::find_executable(tool).empty()) GTEST_SKIP() << "needs " << tool;
    testing::start_private_redis(redis_);
    if (!redis_) return;
    dir_ = fs::temp_directory_path() / ("marionette-fleet-table-" + std::to_string(getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "env" / "manifests");
    std::ofstream(dir_ / "env" / "manifests" / "site.pp")
        << "node 'fail.test' { exec { 'broken': command => '/bin/false' } }\n"
           "node default { notify { \"hello ${trusted['certname']}\": } }\n";
    traps_ = std::make_unique<testing::PrivateSnmptrapd>();
    for (int i = 0; i < 2; ++i) {
      snmpds_.push_back(std::make_unique<testing::PrivateSnmpd>(testing::PrivateSnmpd::kDefaultPath,
                                                                /*start_now=*/false));
      snmpds_.back()->set_extra_config("trap2sink " + traps_->address() + " public");
      snmpds_.back()->start();
      start_server(i);
    }
  }

  void TearDown() override {
    for (auto& server : servers_) {
      server->signal(SIGTERM);
      EXPECT_EQ(server->wait(10s), 0) << server->output();
    }
    servers_.clear();
    snmpds_.clear();
    traps_.reset();
    if (!dir_.empty()) fs::remove_all(dir_);
  }

  void start_server(int index) {
    servers_.push_back(std::make_unique<testing::ChildProcess>(
        std::vector<std::string>{MARIONETTE_BINARY,
                                 "server",
                                 "--env-dir",
                                 (dir_ / "env").string(),
                                 "--ssldir",
                                 (dir_ / "ssl").string(),
                                 "--statedir",
                                 (dir_ / ("state" + std::to_string(index))).string(),
                                 "--certname",
                                 "server.test",
                                 "--dns-alt-names",
                                 "localhost,IP:127.0.0.1",
                                 "--bindaddress",
                                 "127.0.0.1",
                                 "--serverport",
                                 "0",
                                 "--autosign",
                                 "true",
                                 "--keylength",
                                 "2048",
                                 "--workers",
                                 "2",
                                 "--redis",
                                 redis_->url(),
                                 "--fleet-stale-after",
                                 std::to_string(kStaleAfterSeconds),
                                 "--agentx-socket",
                                 snmpds_[index]->agentx_socket()},
        dir_ / ("server" + std::to_string(index) + ".log")));
    std::regex listening("listening on 127\\.0\\.0\\.1:([0-9]+)");
    std::string port;
    ASSERT_TRUE(testing::wait_until(
        [&] {
          std::smatch match;
          std::string output = servers_.back()->output();
          if (!std::regex_search(output, match, listening)) return false;
          port = match[1];
          return true;
        },
        60s, 100ms))
        << servers_.back()->output();
    ports_.push_back(port);
  }

  /// One run of `certname` through server `index`: its exit code (2: changes, 4/6: failures).
  int agent_run(const std::string& certname, int index) {
    const fs::path home = dir_ / certname;
    testing::CommandResult run = testing::run_command({MARIONETTE_BINARY,
                                                       "agent",
                                                       "-t",
                                                       "--server",
                                                       "127.0.0.1",
                                                       "--serverport",
                                                       ports_[index],
                                                       "--certname",
                                                       certname,
                                                       "--ssldir",
                                                       (home / "ssl").string(),
                                                       "--statedir",
                                                       (home / "state").string(),
                                                       "--confdir",
                                                       (home / "conf").string(),
                                                       "--keylength",
                                                       "2048",
                                                       "--waitforcert",
                                                       "0",
                                                       "--facts",
                                                       MARIONETTE_FACTS_FILE,
                                                       "--no-snmp",
                                                       "--no-daemonize",
                                                       "--color",
                                                       "false"},
                                                      120s);
    EXPECT_TRUE(run.exit_code == 2 || run.exit_code == 4 || run.exit_code == 6)
        << certname << ": " << run.out << run.err;
    return run.exit_code;
  }

  std::map<std::string, std::string> walk_table(int index) {
    return testing::snmp_bulkwalk(snmpds_[index]->address(), kTable);
  }

  /// Waits until `done` holds for server `index`'s walk of the table; returns the last walk.
  template <class Done>
  std::map<std::string, std::string> walk_until(int index, Done done) {
    std::map<std::string, std::string> walk;
    testing::wait_until(
        [&] {
          walk = walk_table(index);
          return done(walk);
        },
        40s, 200ms);
    return walk;
  }

  /// Notifications of one kind naming `certname`: one line per notification in the log.
  int notifications(const std::string& kind, const std::string& certname) const {
    std::istringstream log(traps_->log());
    int seen = 0;
    for (std::string line; std::getline(log, line);) {
      if (line.find(kind) != std::string::npos &&
          line.find("\"" + certname + "\"") != std::string::npos)
        ++seen;
    }
    return seen;
  }

  bool wait_for_notification(const std::string& kind, const std::string& certname) const {
    return testing::wait_until([&] { return notifications(kind, certname) >= 1; }, 40s, 100ms);
  }

  /// snmptable of mrnNodeTable through server `index`, the MIB loaded, without the
  /// report-age column (it moves with the clock): one CSV line per row after the header.
  std::string snmptable(int index) {
    const std::string mibs = std::string(MARIONETTE_SHARED_DIR) +
                             "/validation/mibs:" + "/usr/share/snmp/mibs:" + MARIONETTE_SOURCE_DIR +
                             "/mibs";
    testing::CommandResult table = testing::run_command(
        {"snmptable", "-v2c", "-c", "public", "-M", "+" + mibs, "-m", "MARIONETTE-MIB", "-Cf", ",",
         "-Cb", snmpds_[index]->address(), "MARIONETTE-MIB::mrnNodeTable"},
        30s);
    EXPECT_EQ(table.exit_code, 0) << table.err;
    std::istringstream lines(table.out);
    std::string out, header;
    std::vector<bool> keep;
    for (std::string line; std::getline(lines, line);) {
      if (line.find(',') == std::string::npos) continue;  // the title, blank lines
      std::vector<std::string> fields;
      std::stringstream split(line);
      for (std::string field; std::getline(split, field, ',');) fields.push_back(field);
      if (keep.empty()) {
        for (const std::string& name : fields)
          keep.push_back(name.find("ReportAge") == std::string::npos);
      }
      for (std::size_t i = 0; i < fields.size(); ++i)
        if (i >= keep.size() || keep[i]) out += fields[i] + ",";
      out += "\n";
    }
    return out;
  }

  std::unique_ptr<testing::PrivateRedis> redis_;
  fs::path dir_;
  std::unique_ptr<testing::PrivateSnmptrapd> traps_;
  std::vector<std::unique_ptr<testing::PrivateSnmpd>> snmpds_;
  std::vector<std::unique_ptr<testing::ChildProcess>> servers_;
  std::vector<std::string> ports_;
};

TEST_F(FleetTable, BothServersServeTheSameRowsAndEachChangeIsNotifiedOnce) {
  // A node that reports once, then stops: stale after kStaleAfterSeconds, once.
  EXPECT_EQ(agent_run("quiet.test", 0), 2);
  ASSERT_TRUE(wait_for_notification(kBecameStale, "quiet.test"))
      << traps_->log() << servers_[0]->output() << servers_[1]->output();

  // The others, through one server or the other; fail.test's run fails.
  EXPECT_EQ(agent_run("web.test", 0), 2);
  EXPECT_EQ(agent_run("db.test", 1), 2);
  EXPECT_NE(agent_run("fail.test", 1), 2);
  ASSERT_TRUE(wait_for_notification(kRunFailed, "fail.test")) << traps_->log();

  // Both servers serve the four rows (each walk waits for the server's next refresh).
  auto rows_of = [](const std::map<std::string, std::string>& walk) {
    std::map<std::string, std::string> rows;  // without the age column: it moves
    for (const auto& [oid, value] : walk)
      if (oid.rfind(kTable + ".1.5.", 0) != 0) rows[oid] = value;
    return rows;
  };
  auto has_all = [](const std::map<std::string, std::string>& walk) {
    for (const char* node : {"quiet.test", "web.test", "db.test", "fail.test"})
      if (!walk.contains(cell(2, node))) return false;
    return true;
  };
  auto first = rows_of(walk_until(0, has_all));
  auto second = rows_of(walk_until(1, has_all));
  ASSERT_TRUE(has_all(first)) << servers_[0]->output();
  EXPECT_EQ(first.size(), 4u * 14u) << "14 readable columns besides the age";
  EXPECT_EQ(first[cell(2, "fail.test")], "STRING: \"fail.test\"");
  EXPECT_EQ(first[cell(3, "web.test")], "STRING: \"production\"");
  EXPECT_EQ(first[cell(6, "fail.test")], "INTEGER: 3") << "failed";
  EXPECT_EQ(first[cell(6, "web.test")], "INTEGER: 2") << "changed";
  EXPECT_EQ(first[cell(9, "fail.test")], "Gauge32: 1") << "one resource failed";
  EXPECT_EQ(first[cell(8, "db.test")], "Gauge32: 1") << "the notify changed";
  EXPECT_EQ(first[cell(16, "quiet.test")], "INTEGER: 1") << "stale";
  // The same rows from the other server; staleness can flip between two servers' refreshes
  // for the nodes that just ran, so compare it where it cannot.
  for (auto* rows : {&first, &second})
    for (const char* node : {"web.test", "db.test", "fail.test"}) rows->erase(cell(16, node));
  EXPECT_EQ(first, second);
  const std::string table = snmptable(0);
  EXPECT_NE(table.find("fail.test"), std::string::npos) << table;
  EXPECT_EQ(table, snmptable(1));

  // The fleet's figures.
  auto figures = testing::snmp_bulkwalk(snmpds_[1]->address(), kFleet);
  EXPECT_EQ(figures[kFleet + ".1.0"], "Gauge32: 4") << "nodes";
  EXPECT_EQ(figures[kFleet + ".2.0"], "Gauge32: 1") << "failed";
  EXPECT_EQ(figures[kFleet + ".8.0"], "Counter64: 4") << "reports";
  EXPECT_EQ(figures[kFleet + ".9.0"], "Gauge32: " + std::to_string(kStaleAfterSeconds));
  EXPECT_EQ(figures[kFleet + ".11.0"], "INTEGER: 1") << "the store answers";

  // quiet.test reports again: recovered, once.
  EXPECT_EQ(agent_run("quiet.test", 1), 2);
  ASSERT_TRUE(wait_for_notification(kRecovered, "quiet.test")) << traps_->log();

  // A cleaned certificate takes the node out of both tables.
  testing::CommandResult cleaned =
      testing::run_command({MARIONETTE_BINARY, "ca", "clean", "--certname", "db.test", "--ssldir",
                            (dir_ / "ssl").string()},
                           30s);
  ASSERT_EQ(cleaned.exit_code, 0) << cleaned.out << cleaned.err;
  for (int index : {0, 1}) {
    auto walk =
        walk_until(index, [](const auto& walk) { return !walk.contains(cell(2, "db.test")); });
    EXPECT_FALSE(walk.contains(cell(2, "db.test"))) << "server " << index;
    EXPECT_TRUE(walk.contains(cell(2, "web.test")));
  }

  // Let both servers refresh a few more times: no notification comes twice.
  const auto refreshed = [&](int index, std::int64_t after) {
    auto value = testing::snmp_bulkwalk(snmpds_[index]->address(), kFleet)[kFleet + ".10.0"];
    return !value.empty() && std::stoll(value.substr(value.find(' ') + 1)) > after;
  };
  const std::int64_t now = std::chrono::duration_cast<std::chrono::seconds>(
                               std::chrono::system_clock::now().time_since_epoch())
                               .count();
  for (int index : {0, 1})
    EXPECT_TRUE(testing::wait_until([&] { return refreshed(index, now + 2); }, 30s, 200ms));
  // Each change is one notification: no (kind, node, report) comes twice, though both servers
  // saw every change. (A node goes stale again after each report it stops sending after.)
  std::map<std::string, int> sent;
  std::istringstream log(traps_->log());
  static const std::regex kNotification(
      "OID: (\\.[0-9.]+\\.0\\.[345])\\t.*STRING: (\"[^\"]+\").*\\.1\\.9\\.6\\.1\\.4\\.[0-9.]+ = "
      "Gauge32: ([0-9]+)");
  for (std::string line; std::getline(log, line);) {
    std::smatch match;
    if (std::regex_search(line, match, kNotification))
      ++sent[match[1].str() + " " + match[2].str() + " " + match[3].str()];
  }
  for (const auto& [notification, times] : sent) EXPECT_EQ(times, 1) << notification;
  EXPECT_GE(sent.size(), 3u) << traps_->log();
  EXPECT_EQ(notifications(kRunFailed, "fail.test"), 1) << traps_->log();
  EXPECT_EQ(notifications(kRecovered, "quiet.test"), 1) << traps_->log();
  EXPECT_EQ(notifications(kRunFailed, "web.test"), 0);
}

}  // namespace
}  // namespace marionette
