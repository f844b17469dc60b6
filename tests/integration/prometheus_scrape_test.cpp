// Debian's Prometheus (2.42) scraping marionette for real, all on 127.0.0.1 with temp dirs:
// `marionette server`'s /metrics over HTTPS with a client certificate from its CA (its fleet
// kept in a private Redis), and Debian's node_exporter reading the textfiles that
// `marionette agent --server` runs write; the test then asks Prometheus's HTTP API (PromQL)
// for a node's changes, the failed nodes (from the textfiles and from the server's fleet) and
// the server's compiles, and waits (with a deadline) until the answers are there.
// Skipped, saying so, without prometheus, prometheus-node-exporter, redis-server or curl.

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "support/child_process.hpp"
#include "support/command.hpp"
#include "support/loopback_listener.hpp"
#include "support/marionette_server.hpp"
#include "support/private_redis.hpp"
#include "support/wait_until.hpp"

namespace marionette {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

constexpr const char* kPrometheus = "/usr/bin/prometheus";
constexpr const char* kNodeExporter = "/usr/bin/prometheus-node-exporter";

/// A TCP port on 127.0.0.1 that was free a moment ago.
int free_tcp_port() {
  testing::LoopbackListener listener = testing::listen_on_loopback();
  const int port = listener.port;
  ::close(listener.fd);
  return port;
}

class PrometheusScrape : public ::testing::Test {
 protected:
  void SetUp() override {
    for (const char* binary : {kPrometheus, kNodeExporter})
      if (::access(binary, X_OK) != 0) GTEST_SKIP() << "needs " << binary;
    if (testing::find_executable("curl").empty()) GTEST_SKIP() << "needs curl";
    if (!testing::PrivateRedis::installed()) GTEST_SKIP() << "needs redis-server";
    dir_ = fs::temp_directory_path() / ("marionette-prometheus-" + std::to_string(getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "env" / "manifests");
    fs::create_directories(dir_ / "managed");
    fs::create_directories(textfiles());
    std::ofstream(dir_ / "env" / "manifests" / "site.pp")
        << "node /^bad/ { exec { 'fails': command => '/bin/false' } }\n"
           "node default {\n"
           "  file { \""
        << (dir_ / "managed").string()
        << "/${trusted['certname']}\":\n"
           "    content => \"managed\\n\",\n"
           "  }\n"
           "  notify { 'hello': }\n"
           "}\n";
  }

  void TearDown() override {
    prometheus_.reset();
    node_exporter_.reset();
    if (server_) {
      EXPECT_EQ(server_->stop(), 0) << server_->output();
    }
    server_.reset();
    redis_.reset();
    if (!dir_.empty()) fs::remove_all(dir_);
  }

  fs::path textfiles() const { return dir_ / "textfiles"; }

  /// One `marionette agent -t` run of `certname` against the server, writing its textfile.
  testing::CommandResult agent_run(const std::string& certname) {
    const fs::path home = dir_ / certname;
    return testing::run_command({MARIONETTE_BINARY,
                                 "agent",
                                 "-t",
                                 "--server",
                                 "127.0.0.1",
                                 "--serverport",
                                 server_->port(),
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
                                 "--color",
                                 "false",
                                 "--prometheus-textfile-dir",
                                 textfiles().string()},
                                120s);
  }

  void start_scrapers() {
    // Prometheus presents a certificate of the server's CA, as any client of /metrics must.
    testing::CommandResult made =
        testing::run_command({MARIONETTE_BINARY, "ca", "generate", "--certname", "prometheus.test",
                              "--ssldir", server_->ssldir().string(), "--keylength", "2048"},
                             60s);
    ASSERT_EQ(made.exit_code, 0) << made.out << made.err;
    const int node_port = free_tcp_port();
    node_exporter_ = std::make_unique<testing::ChildProcess>(
        std::vector<std::string>{kNodeExporter,
                                 "--web.listen-address=127.0.0.1:" + std::to_string(node_port),
                                 "--collector.disable-defaults", "--collector.textfile",
                                 "--collector.textfile.directory=" + textfiles().string()},
        dir_ / "node_exporter.log");
    const fs::path ssl = server_->ssldir();
    std::ofstream(dir_ / "prometheus.yml")
        << "global:\n"
           "  scrape_interval: 1s\n"
           "scrape_configs:\n"
           "  - job_name: marionette\n"
           "    scheme: https\n"
           "    tls_config:\n"
           "      ca_file: "
        << server_->ca_certificate().string()
        << "\n"
           "      cert_file: "
        << (ssl / "certs" / "prometheus.test.pem").string()
        << "\n"
           "      key_file: "
        << (ssl / "private_keys" / "prometheus.test.pem").string()
        << "\n"
           "    static_configs:\n"
           "      - targets: ['127.0.0.1:"
        << server_->port()
        << "']\n"
           "  - job_name: node\n"
           "    static_configs:\n"
           "      - targets: ['127.0.0.1:"
        << node_port << "']\n";
    prometheus_port_ = std::to_string(free_tcp_port());
    prometheus_ = std::make_unique<testing::ChildProcess>(
        std::vector<std::string>{kPrometheus, "--config.file=" + (dir_ / "prometheus.yml").string(),
                                 "--storage.tsdb.path=" + (dir_ / "tsdb").string(),
                                 "--web.listen-address=127.0.0.1:" + prometheus_port_},
        dir_ / "prometheus.log");
    ASSERT_TRUE(testing::wait_until(
        [&] {
          return testing::run_command({"curl", "-s", "-o", "/dev/null", "-w", "%{http_code}",
                                       "http://127.0.0.1:" + prometheus_port_ + "/-/ready"},
                                      10s)
                     .out == "200";
        },
        60s, 200ms))
        << prometheus_->output();
  }

  /// The one value PromQL `query` gives now (an instant vector of one sample); nullopt when it
  /// gives none.
  std::optional<double> query(const std::string& promql) {
    testing::CommandResult result = testing::run_command(
        {"curl", "-s", "-G", "--max-time", "10", "--data-urlencode", "query=" + promql,
         "http://127.0.0.1:" + prometheus_port_ + "/api/v1/query"},
        20s);
    nlohmann::json answer = nlohmann::json::parse(result.out, nullptr, false);
    if (answer.is_discarded() || answer.value("status", "") != "success") return std::nullopt;
    const nlohmann::json& samples = answer["data"]["result"];
    if (!samples.is_array() || samples.size() != 1) return std::nullopt;
    return std::stod(samples[0]["value"][1].get<std::string>());
  }

  /// Asks until `promql` gives `expected` (Prometheus scrapes every second), 60 s at most; the
  /// last answer.
  std::optional<double> query_until(const std::string& promql, double expected) {
    std::optional<double> last;
    testing::wait_until(
        [&] {
          last = query(promql);
          return last == expected;
        },
        60s, 250ms);
    return last;
  }

  fs::path dir_;
  std::unique_ptr<testing::PrivateRedis> redis_;
  std::unique_ptr<testing::MarionetteServer> server_;
  std::unique_ptr<testing::ChildProcess> node_exporter_, prometheus_;
  std::string prometheus_port_;
};

TEST_F(PrometheusScrape, PromQLSeesTheServerTheNodesChangesAndTheFailedNodes) {
  // A server with Redis keeps the fleet: /metrics has every node's last report.
  std::string why;
  redis_ = testing::PrivateRedis::start(testing::PrivateRedis::Listen::tcp, &why);
  ASSERT_TRUE(redis_) << why;
  server_ = std::make_unique<testing::MarionetteServer>(
      MARIONETTE_BINARY, dir_ / "env", dir_, "localhost,IP:127.0.0.1",
      std::vector<std::string>{"--no-snmp", "--redis", redis_->url()});
  ASSERT_FALSE(server_->port().empty()) << server_->output();
  // Two nodes apply a file and a notify (2 changes each); one fails its exec.
  for (const char* node : {"good1.test", "good2.test"}) {
    testing::CommandResult run = agent_run(node);
    ASSERT_EQ(run.exit_code, 2) << run.out << run.err;
  }
  testing::CommandResult bad = agent_run("bad1.test");
  ASSERT_EQ(bad.exit_code, 4) << bad.out << bad.err;
  for (const char* node : {"good1.test", "good2.test", "bad1.test"})
    ASSERT_TRUE(fs::exists(textfiles() / (std::string("puppet_report_") + node + ".prom"))) << node;
  start_scrapers();

  EXPECT_EQ(query_until("up{job=\"marionette\"}", 1), 1) << prometheus_->output();
  EXPECT_EQ(query_until("up{job=\"node\"}", 1), 1) << node_exporter_->output();
  // The agents' textfiles, through node_exporter, which read every one without an error.
  EXPECT_EQ(query_until("node_textfile_scrape_error", 0), 0) << node_exporter_->output();
  EXPECT_EQ(
      query_until("puppet_report_changes{job=\"node\",name=\"Total\",host=\"good1.test\"}", 2), 2);
  EXPECT_EQ(
      query_until("puppet_report_resources{job=\"node\",name=\"Failed\",host=\"bad1.test\"}", 1),
      1);
  EXPECT_EQ(query_until("sum(puppet_status{job=\"node\",state=\"failed\"})", 1), 1);
  EXPECT_EQ(query_until("sum(puppet_status{job=\"node\",state=\"changed\"})", 2), 2);
  EXPECT_EQ(query_until("marionette_node_runs_total{host=\"good2.test\"}", 1), 1);
  // The fleet, from the server's /metrics over HTTPS (OpenMetrics: Prometheus asks so).
  EXPECT_EQ(query_until("marionette_fleet_nodes{status=\"failed\"}", 1), 1) << server_->output();
  EXPECT_EQ(query_until("sum(puppet_status{job=\"marionette\",state=\"failed\"})", 1), 1);
  EXPECT_EQ(query_until("count(puppet_report{job=\"marionette\"})", 3), 3);
  EXPECT_EQ(query_until("puppet_report_changes{job=\"marionette\",name=\"Total\",host=\"good1."
                        "test\"}",
                        2),
            2);
  // The server's own figures.
  EXPECT_EQ(query_until("marionette_server_compiles_total", 3), 3);
  EXPECT_EQ(query_until("marionette_server_compile_duration_seconds_count", 3), 3);
  EXPECT_EQ(query_until("marionette_server_reports_total", 3), 3);
  EXPECT_EQ(query_until("marionette_server_compile_duration_seconds_bucket{le=\"+Inf\"}", 3), 3);
}

}  // namespace
}  // namespace marionette
