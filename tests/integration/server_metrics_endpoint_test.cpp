// `marionette server`'s GET /metrics over HTTPS, asked with curl: a client certificate signed
// by the CA is needed unless metrics_anonymous_from names the client's address; the text
// format by default, OpenMetrics when the Accept header asks for it.

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "support/command.hpp"
#include "support/marionette_server.hpp"

namespace marionette {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

struct Answer {
  std::string status, content_type, body;
};

class ServerMetricsEndpoint : public ::testing::Test {
 protected:
  void SetUp() override {
    for (const char* tool : {"curl"})
      if (testing::find_executable(tool).empty()) GTEST_SKIP() << "needs " << tool;
    dir_ = fs::temp_directory_path() / ("marionette-server-metrics-" + std::to_string(getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "env" / "manifests");
    std::ofstream(dir_ / "env" / "manifests" / "site.pp") << "notify { 'hi': }\n";
  }

  void TearDown() override {
    if (server_) {
      EXPECT_EQ(server_->stop(), 0) << server_->output();
    }
    server_.reset();
    fs::remove_all(dir_);
  }

  void start(std::vector<std::string> extra = {}) {
    extra.insert(extra.end(), {"--no-snmp"});
    server_ = std::make_unique<testing::MarionetteServer>(MARIONETTE_BINARY, dir_ / "env", dir_,
                                                          "localhost,IP:127.0.0.1", extra);
    ASSERT_FALSE(server_->port().empty()) << server_->output();
  }

  /// A certificate for `certname` made by the server's CA (`marionette ca generate`).
  void generate_certificate(const std::string& certname) {
    testing::CommandResult made =
        testing::run_command({MARIONETTE_BINARY, "ca", "generate", "--certname", certname,
                              "--ssldir", server_->ssldir().string(), "--keylength", "2048"},
                             60s);
    ASSERT_EQ(made.exit_code, 0) << made.out << made.err;
  }

  Answer get(const std::string& certname, const std::string& accept = "") {
    const fs::path body = dir_ / "body";
    std::vector<std::string> argv = {"curl",       "-s",
                                     "-o",         body.string(),
                                     "-w",         "%{http_code} %{content_type}",
                                     "--max-time", "20",
                                     "--cacert",   server_->ca_certificate().string()};
    if (!certname.empty())
      argv.insert(argv.end(),
                  {"--cert", (server_->ssldir() / "certs" / (certname + ".pem")).string(), "--key",
                   (server_->ssldir() / "private_keys" / (certname + ".pem")).string()});
    if (!accept.empty()) argv.insert(argv.end(), {"-H", "Accept: " + accept});
    argv.push_back("https://127.0.0.1:" + server_->port() + "/metrics");
    testing::CommandResult result = testing::run_command(argv, 30s);
    Answer answer;
    const std::size_t space = result.out.find(' ');
    answer.status = result.out.substr(0, space);
    if (space != std::string::npos) answer.content_type = result.out.substr(space + 1);
    std::ifstream in(body);
    answer.body.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    return answer;
  }

  fs::path dir_;
  std::unique_ptr<testing::MarionetteServer> server_;
};

TEST_F(ServerMetricsEndpoint, WithoutACertificateItIsRefusedByDefault) {
  start();
  Answer answer = get("");
  EXPECT_EQ(answer.status, "403");
  EXPECT_NE(answer.body.find("access to /metrics (method :get) (authenticated: false) denied by "
                             "rule 'marionette metrics'"),
            std::string::npos)
      << answer.body;
}

TEST_F(ServerMetricsEndpoint, WithACertificateTheTextFormat) {
  start();
  generate_certificate("scraper.test");
  Answer answer = get("scraper.test");
  ASSERT_EQ(answer.status, "200") << answer.body;
  EXPECT_EQ(answer.content_type, "text/plain; version=0.0.4; charset=utf-8");
  for (const char* line :
       {"# TYPE marionette_server_compile_duration_seconds histogram\n",
        "marionette_server_compile_duration_seconds_bucket{le=\"+Inf\"} 0\n",
        "marionette_server_workers 2\n", "marionette_server_certificates{state=\"signed\"} 2\n"})
    EXPECT_NE(answer.body.find(line), std::string::npos) << line << "\nin:\n" << answer.body;
  // The first scrape is counted by the second (a status code appears once answered).
  Answer again = get("scraper.test");
  EXPECT_NE(again.body.find("marionette_server_endpoint_requests_total{endpoint=\"other\"} 1\n"),
            std::string::npos)
      << again.body;
  EXPECT_NE(again.body.find("# TYPE marionette_server_http_requests_total counter\n"
                            "marionette_server_http_requests_total{code=\"200\"} 1\n"),
            std::string::npos)
      << again.body;
}

TEST_F(ServerMetricsEndpoint, OpenMetricsWhenTheScraperAsksForIt) {
  start();
  generate_certificate("scraper.test");
  Answer answer = get("scraper.test",
                      "application/openmetrics-text;version=1.0.0,text/plain;version=0.0.4;q=0.5");
  ASSERT_EQ(answer.status, "200") << answer.body;
  EXPECT_EQ(answer.content_type, "application/openmetrics-text; version=1.0.0; charset=utf-8");
  EXPECT_NE(answer.body.find("# TYPE marionette_server_compiles counter\n"
                             "marionette_server_compiles_total 0\n"),
            std::string::npos)
      << answer.body;
  EXPECT_TRUE(answer.body.ends_with("# EOF\n")) << answer.body;
}

TEST_F(ServerMetricsEndpoint, AnonymousWhereTheSettingAllows) {
  start({"--metrics-anonymous-from", "10.0.0.0/8, 127.0.0.0/8"});
  Answer answer = get("");
  EXPECT_EQ(answer.status, "200") << answer.body;
  EXPECT_NE(answer.body.find("marionette_server_workers 2\n"), std::string::npos);
}

TEST_F(ServerMetricsEndpoint, AnonymousOnlyWhereTheSettingAllows) {
  start({"--metrics-anonymous-from", "10.0.0.0/8,::1"});
  EXPECT_EQ(get("").status, "403");
}

TEST_F(ServerMetricsEndpoint, ASettingThatIsNotAnAddressStopsTheServer) {
  testing::CommandResult result = testing::run_command(
      {MARIONETTE_BINARY, "server", "--env-dir", (dir_ / "env").string(), "--ssldir",
       (dir_ / "ssl").string(), "--statedir", (dir_ / "state").string(), "--certname",
       "server.test", "--bindaddress", "127.0.0.1", "--serverport", "0", "--keylength", "2048",
       "--no-snmp", "--metrics-anonymous-from", "127.0.0.1/40"},
      60s);
  EXPECT_EQ(result.exit_code, 1) << result.out << result.err;
  EXPECT_NE((result.out + result.err)
                .find("metrics_anonymous_from: '127.0.0.1/40' is not an IP "
                      "address or a CIDR range"),
            std::string::npos)
      << result.out << result.err;
}

}  // namespace
}  // namespace marionette
