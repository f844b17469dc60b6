// Debian's prometheus-snmp-exporter with the module shipped in prometheus/snmp_exporter/
// walks a private snmpd where a real `marionette agent` has registered its AgentX subagent,
// and exposes MARIONETTE-MIB's values: the run counters, the last run's figures (as
// last_run_summary.yaml has them), and the per-type table labelled by type name. Skipped, saying
// so, without snmpd, prometheus-snmp-exporter or curl.

#include <gtest/gtest.h>
#include <unistd.h>
#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "support/child_process.hpp"
#include "support/command.hpp"
#include "support/loopback_listener.hpp"
#include "support/private_snmpd.hpp"
#include "support/wait_until.hpp"

namespace marionette {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

constexpr const char* kSnmpExporter = "/usr/bin/prometheus-snmp-exporter";

int free_tcp_port() {
  testing::LoopbackListener listener = testing::listen_on_loopback();
  const int port = listener.port;
  ::close(listener.fd);
  return port;
}

TEST(SnmpExporter, TheShippedModuleExposesTheAgentsMibValues) {
  if (!testing::PrivateSnmpd::available()) GTEST_SKIP() << "needs /usr/sbin/snmpd";
  if (::access(kSnmpExporter, X_OK) != 0) GTEST_SKIP() << "needs " << kSnmpExporter;
  if (testing::find_executable("curl").empty()) GTEST_SKIP() << "needs curl";
  std::string pattern = (fs::temp_directory_path() / "marionette-snmp-exporter-XXXXXX").string();
  const fs::path dir = ::mkdtemp(pattern.data());
  std::ofstream(dir / "site.pp") << "file { '" << (dir / "a.txt").string()
                                 << "': content => \"a\\n\" }\n"
                                 << "file { '" << (dir / "b.txt").string()
                                 << "': content => \"b\\n\" }\n"
                                 << "notify { 'hello': }\n";
  {
    testing::PrivateSnmpd snmpd;
    testing::ChildProcess agent({MARIONETTE_BINARY, "agent", "--no-daemonize", "--manifest",
                                 (dir / "site.pp").string(), "--facts", MARIONETTE_FACTS_FILE,
                                 "--certname", "agent.test", "--statedir", (dir / "state").string(),
                                 "--runinterval", "3600", "--agentx-socket", snmpd.agentx_socket()},
                                dir / "agent.log");
    const std::string port = std::to_string(free_tcp_port());
    testing::ChildProcess exporter({kSnmpExporter,
                                    "--config.file=" + (fs::path(MARIONETTE_SOURCE_DIR) /
                                                        "prometheus" / "snmp_exporter" / "snmp.yml")
                                                           .string(),
                                    "--web.listen-address=127.0.0.1:" + port},
                                   dir / "snmp_exporter.log");
    const std::string url =
        "http://127.0.0.1:" + port + "/snmp?module=marionette&target=" + snmpd.address();
    std::string scraped;
    ASSERT_TRUE(testing::wait_until(
        [&] {
          scraped = testing::run_command({"curl", "-s", "--max-time", "10", url}, 20s).out;
          // the run counted and the agent idle again (the count comes before the state)
          return scraped.find("\nmrnRunsTotal 1\n") != std::string::npos &&
                 scraped.find("\nmrnState 1\n") != std::string::npos;
        },
        60s, 200ms))
        << scraped << exporter.output() << agent.output() << snmpd.log();
    const YAML::Node summary = YAML::LoadFile((dir / "state" / "last_run_summary.yaml").string());
    auto expect_line = [&](const std::string& line) {
      EXPECT_NE(scraped.find("\n" + line + "\n"), std::string::npos) << line << "\nin:\n"
                                                                     << scraped;
    };
    expect_line("# TYPE mrnRunsTotal counter");
    expect_line("mrnLastRunResources " + summary["resources"]["total"].as<std::string>());
    expect_line("mrnLastRunChanged " + summary["resources"]["changed"].as<std::string>());
    expect_line("mrnLastRunFailed 0");
    expect_line("mrnLastRunStatus 2");  // changed(2)
    expect_line("mrnTypeResources{mrnTypeName=\"File\"} 2");
    expect_line("mrnTypeResources{mrnTypeName=\"Notify\"} 1");
    expect_line("mrnTypeLabel{mrnTypeLabel=\"File\",mrnTypeName=\"File\"} 1");
    expect_line("mrnState 1");  // idle(1)
    EXPECT_NE(scraped.find("\nmrnVersion{mrnVersion=\""), std::string::npos) << scraped;
  }
  fs::remove_all(dir);
}

}  // namespace
}  // namespace marionette
