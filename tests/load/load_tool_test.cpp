// marionette-load against a real `marionette server` on 127.0.0.1: node certificates requested
// through the CA (autosign) or taken from an ssldir `marionette ca generate` filled; a counted
// load whose figures add up (every run a catalog and a report, each node its share); failing
// compiles counted by kind with exit 3; non-loopback servers and bad usage refused.

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "support/command.hpp"
#include "support/marionette_server.hpp"

namespace marionette {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

class LoadToolTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("marionette-load-test-" + std::to_string(getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "env" / "manifests");
    fs::create_directories(dir_ / "env" / "modules");
    // A node named fail-* fails to compile: its runs are errors of kind http_500.
    std::ofstream(dir_ / "env" / "manifests" / "site.pp")
        << "node /^fail-/ { fail(\"no catalog for ${trusted['certname']}\") }\n"
           "node default { notify { \"${trusted['certname']} ${facts['hostname']} "
           "${facts['fqdn']}\": } }\n";
    server_ = std::make_unique<testing::MarionetteServer>(MARIONETTE_BINARY, dir_ / "env", dir_);
    ASSERT_FALSE(server_->port().empty()) << server_->output();
  }

  void TearDown() override {
    if (server_) {
      EXPECT_EQ(server_->stop(), 0) << server_->output();
    }
    server_.reset();
    fs::remove_all(dir_);
  }

  testing::CommandResult load(const fs::path& ssldir, std::vector<std::string> extra) {
    std::vector<std::string> argv = {MARIONETTE_LOAD_BINARY,
                                     "--server",
                                     "127.0.0.1",
                                     "--serverport",
                                     server_->port(),
                                     "--ssldir",
                                     ssldir.string(),
                                     "--facts",
                                     MARIONETTE_FACTS_FILE,
                                     "--domain",
                                     "load.test",
                                     "--json",
                                     "--timeout",
                                     "30"};
    argv.insert(argv.end(), extra.begin(), extra.end());
    return testing::run_command(argv, 120s);
  }

  std::size_t reports_of(const std::string& node) const {
    std::size_t count = 0;
    std::error_code error;
    for (auto it = fs::directory_iterator(server_->statedir() / "reports" / node, error);
         it != fs::directory_iterator(); ++it)
      ++count;
    return count;
  }

  fs::path dir_;
  std::unique_ptr<testing::MarionetteServer> server_;
};

TEST_F(LoadToolTest, CountedLoadWithAutosignedNodes) {
  testing::CommandResult result =
      load(dir_ / "agents", {"--nodes", "3", "--concurrency", "2", "--count", "12"});
  ASSERT_EQ(result.exit_code, 0) << result.out << result.err << server_->output();
  nlohmann::json figures = nlohmann::json::parse(result.out);
  EXPECT_EQ(figures["runs"], 12);
  EXPECT_EQ(figures["catalogs"], 12);
  EXPECT_EQ(figures["failed_runs"], 0);
  EXPECT_GT(figures["catalogs_per_second"].get<double>(), 0);
  const auto& catalog = figures["latency_ms"]["catalog"];
  EXPECT_GT(catalog["p50"].get<double>(), 0);
  EXPECT_LE(catalog["p50"].get<double>(), catalog["p90"].get<double>());
  EXPECT_LE(catalog["p99"].get<double>(), catalog["max"].get<double>());
  // The idle node with the fewest runs goes next: shares differ by a run or two at most.
  int fewest = figures["fairness"]["min_catalogs_per_node"];
  int most = figures["fairness"]["max_catalogs_per_node"];
  EXPECT_GE(fewest, 2);
  EXPECT_LE(most - fewest, 2);
  std::size_t reports = 0;
  for (const char* node :
       {"loadnode-0001.load.test", "loadnode-0002.load.test", "loadnode-0003.load.test"}) {
    EXPECT_TRUE(fs::exists(server_->ssldir() / "ca" / "signed" / (std::string(node) + ".pem")));
    std::size_t of_node = reports_of(node);
    EXPECT_GE(of_node, static_cast<std::size_t>(fewest)) << node;
    EXPECT_LE(of_node, static_cast<std::size_t>(most)) << node;
    reports += of_node;
  }
  EXPECT_EQ(reports, 12u);  // every run's report landed
}

TEST_F(LoadToolTest, UsesCertificatesFromCaGenerateAndCountsFailuresByKind) {
  for (const char* node : {"fail-0001.load.test", "fail-0002.load.test"}) {
    testing::CommandResult made =
        testing::run_command({MARIONETTE_BINARY, "ca", "generate", "--certname", node, "--ssldir",
                              server_->ssldir().string(), "--keylength", "2048"},
                             60s);
    ASSERT_EQ(made.exit_code, 0) << made.err;
  }
  std::size_t signed_before = 0;
  for (auto& entry : fs::directory_iterator(server_->ssldir() / "ca" / "signed")) {
    (void)entry;
    ++signed_before;
  }
  testing::CommandResult result = load(server_->ssldir(), {"--nodes", "2", "--node-prefix", "fail",
                                                           "--concurrency", "2", "--count", "4"});
  EXPECT_EQ(result.exit_code, 3) << result.out << result.err;
  nlohmann::json figures = nlohmann::json::parse(result.out);
  EXPECT_EQ(figures["runs"], 4);
  EXPECT_EQ(figures["catalogs"], 0);
  EXPECT_EQ(figures["errors"]["total"], 4);
  EXPECT_EQ(figures["errors"]["by_kind"]["http_500"], 4);
  EXPECT_NE(figures["errors"]["first"].get<std::string>().find("no catalog for fail-000"),
            std::string::npos)
      << figures["errors"]["first"];
  std::size_t signed_after = 0;
  for (auto& entry : fs::directory_iterator(server_->ssldir() / "ca" / "signed")) {
    (void)entry;
    ++signed_after;
  }
  EXPECT_EQ(signed_after, signed_before);  // the generated certificates were used, none asked for
}

// --interval paces each node (a compressed runinterval: 2 nodes every 2 s for 3 s make 3 or 4
// runs, where an unpaced load makes dozens); --run-log has a line per run whose acknowledged
// report is the one the server stored (the soak's comparison).
TEST_F(LoadToolTest, IntervalPacesNodesAndRunLogNamesStoredReports) {
  const fs::path run_log = dir_ / "runs.jsonl";
  testing::CommandResult result =
      load(dir_ / "agents", {"--nodes", "2", "--concurrency", "2", "--duration", "3", "--interval",
                             "2", "--run-log", run_log.string()});
  ASSERT_EQ(result.exit_code, 0) << result.out << result.err << server_->output();
  nlohmann::json figures = nlohmann::json::parse(result.out);
  EXPECT_GE(figures["runs"], 2);
  EXPECT_LE(figures["runs"], 4);
  std::set<std::string> logged;
  std::ifstream in(run_log);
  for (std::string line; std::getline(in, line);) {
    nlohmann::json run = nlohmann::json::parse(line);
    EXPECT_TRUE(run["catalog"].get<bool>()) << line;
    EXPECT_TRUE(run["report"].get<bool>()) << line;
    EXPECT_EQ(run["error"], "") << line;
    logged.insert(run["node"].get<std::string>() + " " +
                  run["transaction_uuid"].get<std::string>());
  }
  EXPECT_EQ(logged.size(), figures["runs"].get<std::size_t>());
  std::set<std::string> stored;
  for (auto& node : fs::directory_iterator(server_->statedir() / "reports"))
    for (auto& file : fs::directory_iterator(node.path())) {
      std::ifstream report_file(file.path());
      nlohmann::json report = nlohmann::json::parse(report_file);
      stored.insert(report["host"].get<std::string>() + " " +
                    report["transaction_uuid"].get<std::string>());
    }
  EXPECT_EQ(logged, stored);
}

TEST(LoadToolUsage, RefusesOtherAddressesAndBadArguments) {
  testing::CommandResult remote =
      testing::run_command({MARIONETTE_LOAD_BINARY, "--server", "192.0.2.1", "--serverport", "8140",
                            "--ssldir", "/nonexistent", "--facts", MARIONETTE_FACTS_FILE, "--nodes",
                            "1", "--concurrency", "1", "--count", "1"},
                           30s);
  EXPECT_EQ(remote.exit_code, 2);
  EXPECT_NE(remote.err.find("is not a loopback address"), std::string::npos) << remote.err;
  testing::CommandResult both =
      testing::run_command({MARIONETTE_LOAD_BINARY, "--ssldir", "/x", "--facts", "/y", "--count",
                            "1", "--duration", "1"},
                           30s);
  EXPECT_EQ(both.exit_code, 2);
  EXPECT_NE(both.err.find("give exactly one of --duration S and --count K"), std::string::npos);
  testing::CommandResult crowded =
      testing::run_command({MARIONETTE_LOAD_BINARY, "--ssldir", "/x", "--facts", "/y", "--count",
                            "1", "--nodes", "2", "--concurrency", "3"},
                           30s);
  EXPECT_EQ(crowded.exit_code, 2);
}

}  // namespace
}  // namespace marionette
