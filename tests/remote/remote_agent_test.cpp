// `marionette agent --server` against a real `marionette server` on 127.0.0.1 (temp ssldirs
// and state dirs): the first run gets its certificate signed and applies (exit 2) with
// $trusted from it and a puppet:///modules/ file fetched from the server; the second changes
// nothing (exit 0); both reports land; csr_attributes' extension requests and dns_alt_names
// reach the certificate; a server that does not sign makes the agent exit or wait as
// waitforcert says; a failed compile is Puppet's "Could not retrieve catalog" and a failed
// report; a revoked node is refused; files in sync are checked by their metadata, not fetched;
// with a static catalog (the server's default) a run whose files are in sync asks for none;
// pluginsync brings a module's Ruby fact, its external fact and its plugins to the agent, whose
// facts the server stores.

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "support/child_process.hpp"
#include "support/command.hpp"
#include "support/marionette_server.hpp"
#include "support/wait_until.hpp"

namespace marionette {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

std::string read(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

class RemoteAgentTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("marionette-remote-agent-" + std::to_string(getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "env" / "manifests");
    fs::create_directories(dir_ / "env" / "modules" / "demo" / "files" / "tree" / "sub");
    fs::create_directories(dir_ / "managed");
    std::ofstream(dir_ / "env" / "modules" / "demo" / "files" / "greeting.txt")
        << "served by marionette\n";
    std::ofstream(dir_ / "env" / "modules" / "demo" / "files" / "tree" / "sub" / "leaf.txt")
        << "a leaf\n";
    const std::string managed = (dir_ / "managed").string();
    std::ofstream(dir_ / "env" / "manifests" / "site.pp")
        << "node /^broken/ { fail('broken on purpose') }\n"
           "node default {\n"
           "  file { \"" << managed << "/${trusted['certname']}.txt\":\n"
           "    content => \"${trusted['certname']} ${trusted['authenticated']} "
           "${trusted['extensions']['pp_role']} ${facts['kernel']}\\n\",\n"
           "  }\n"
           "  file { \"" << managed << "/greeting-${trusted['certname']}.txt\":\n"
           "    source => 'puppet:///modules/demo/greeting.txt',\n"
           "  }\n"
           "  file { \"" << managed << "/tree-${trusted['certname']}\":\n"
           "    ensure => directory, recurse => true, source => 'puppet:///modules/demo/tree',\n"
           "  }\n"
           "}\n";
  }

  void TearDown() override {
    if (server_) {
      EXPECT_EQ(server_->stop(), 0) << server_->output();
    }
    server_.reset();
    fs::remove_all(dir_);
  }

  void start_server(const std::string& autosign = "true", std::vector<std::string> extra = {}) {
    server_ = std::make_unique<testing::MarionetteServer>(MARIONETTE_BINARY, dir_ / "env", dir_,
                                                          "localhost,IP:127.0.0.1", extra, autosign);
    ASSERT_FALSE(server_->port().empty()) << server_->output();
  }

  std::vector<std::string> agent_argv(const std::string& certname,
                                      std::vector<std::string> extra = {}) {
    fs::path home = dir_ / certname;
    std::vector<std::string> argv = {
        MARIONETTE_BINARY, "agent", "-t", "--server", "127.0.0.1", "--serverport",
        server_->port(), "--certname", certname, "--ssldir", (home / "ssl").string(),
        "--statedir", (home / "state").string(), "--confdir", (home / "conf").string(),
        "--keylength", "2048", "--waitforcert", "0", "--facts", MARIONETTE_FACTS_FILE,
        "--no-snmp", "--no-daemonize", "--color", "false"};
    argv.insert(argv.end(), extra.begin(), extra.end());
    return argv;
  }

  testing::CommandResult agent(const std::string& certname, std::vector<std::string> extra = {}) {
    return testing::run_command(agent_argv(certname, std::move(extra)), 120s);
  }

  testing::CommandResult ca(const std::string& action, const std::string& certname) {
    return testing::run_command({MARIONETTE_BINARY, "ca", action, "--certname", certname,
                                 "--ssldir", server_->ssldir().string()},
                                60s);
  }

  /// How many times `what` occurs in the server's log (-v: a line per request) after `from`.
  std::size_t requests_since(std::size_t from, const std::string& what) const {
    std::string log = server_->output().substr(from);
    std::size_t count = 0;
    for (std::size_t at = log.find(what); at != std::string::npos; at = log.find(what, at + 1))
      ++count;
    return count;
  }

  /// The requests for the catalog's files (file_metadata, file_content, file_metadatas of a
  /// module) after `from`; pluginsync's are not.
  std::size_t file_requests_since(std::size_t from) const {
    return requests_since(from, "/puppet/v3/file_metadata/") +
           requests_since(from, "/puppet/v3/file_content/") +
           requests_since(from, "/puppet/v3/file_metadatas/modules/");
  }

  std::vector<std::string> reports_of(const std::string& node) const {
    std::vector<std::string> reports;
    std::error_code error;
    for (auto it = fs::directory_iterator(server_->statedir() / "reports" / node, error);
         !error && it != fs::directory_iterator(); ++it)
      reports.push_back(read(it->path()));
    return reports;
  }

  fs::path dir_;
  std::unique_ptr<testing::MarionetteServer> server_;
};

TEST_F(RemoteAgentTest, SignsAppliesThenChangesNothingAndReports) {
  start_server("true", {"--allow-subject-alt-names"});  // else, as puppetserver, not autosigned
  // csr_attributes.yaml's extension request and dns_alt_names go into the CSR and, signed,
  // into $trusted and the certificate.
  fs::create_directories(dir_ / "agent1.test" / "conf");
  std::ofstream(dir_ / "agent1.test" / "conf" / "csr_attributes.yaml")
      << "extension_requests:\n  pp_role: webserver\n";
  testing::CommandResult first = agent("agent1.test", {"--dns_alt_names", "web1,IP:127.0.0.9"});
  ASSERT_EQ(first.exit_code, 2) << first.out << first.err << server_->output();
  EXPECT_NE(first.out.find("Info: Creating a new SSL certificate request for agent1.test"),
            std::string::npos)
      << first.out;
  EXPECT_NE(first.out.find("Notice: Applied catalog in"), std::string::npos) << first.out;
  EXPECT_EQ(read(dir_ / "managed" / "agent1.test.txt"), "agent1.test remote webserver Linux\n");
  EXPECT_EQ(read(dir_ / "managed" / "greeting-agent1.test.txt"), "served by marionette\n");
  EXPECT_EQ(read(dir_ / "managed" / "tree-agent1.test" / "sub" / "leaf.txt"), "a leaf\n");
  EXPECT_TRUE(fs::exists(dir_ / "agent1.test" / "ssl" / "certs" / "agent1.test.pem"));
  EXPECT_FALSE(fs::exists(dir_ / "agent1.test" / "ssl" / "certificate_requests" / "agent1.test.pem"));
  testing::CommandResult listed = testing::run_command(
      {MARIONETTE_BINARY, "ca", "list", "--all", "--ssldir", server_->ssldir().string()}, 60s);
  EXPECT_NE(listed.out.find("DNS:web1"), std::string::npos) << listed.out;

  testing::CommandResult second = agent("agent1.test");
  EXPECT_EQ(second.exit_code, 0) << second.out << second.err;
  EXPECT_EQ(second.out.find("Creating a new"), std::string::npos) << second.out;

  std::vector<std::string> reports = reports_of("agent1.test");
  ASSERT_EQ(reports.size(), 2u);
  int changed = 0, unchanged = 0;
  for (const std::string& report : reports) {
    EXPECT_NE(report.find("\"host\":\"agent1.test\""), std::string::npos) << report;
    EXPECT_NE(report.find("\"transaction_uuid\":"), std::string::npos) << report;
    changed += report.find("\"status\":\"changed\"") != std::string::npos;
    unchanged += report.find("\"status\":\"unchanged\"") != std::string::npos;
  }
  EXPECT_EQ(changed, 1);
  EXPECT_EQ(unchanged, 1);

  // Revoked: the server refuses the node at its next connection.
  ASSERT_EQ(ca("revoke", "agent1.test").exit_code, 0);
  testing::CommandResult refused = agent("agent1.test");
  EXPECT_EQ(refused.exit_code, 1) << refused.out << refused.err;
  EXPECT_NE((refused.out + refused.err).find("certificate revoked"), std::string::npos)
      << refused.out << refused.err;
  EXPECT_EQ(reports_of("agent1.test").size(), 2u);
}

TEST_F(RemoteAgentTest, UnsignedCertificateWaitsOrExitsAsWaitforcertSays) {
  start_server("false");
  testing::CommandResult unsigned_run = agent("agent2.test");
  EXPECT_EQ(unsigned_run.exit_code, 1) << unsigned_run.out << unsigned_run.err;
  EXPECT_NE(unsigned_run.out.find("Couldn't fetch certificate from CA server; you might still "
                                  "need to sign this agent's certificate (agent2.test)."),
            std::string::npos)
      << unsigned_run.out;
  EXPECT_NE((unsigned_run.out + unsigned_run.err)
                .find("Exiting now because the waitforcert setting is set to 0."),
            std::string::npos)
      << unsigned_run.out << unsigned_run.err;
  EXPECT_TRUE(fs::exists(server_->ssldir() / "ca" / "requests" / "agent2.test.pem"));

  // Waiting: signed while the agent waits, it goes on and applies.
  testing::ChildProcess waiting(agent_argv("agent2.test", {"--waitforcert", "1"}),
                                dir_ / "waiting.log");
  // Signed once the agent has asked and is waiting for its certificate.
  ASSERT_TRUE(testing::wait_until(
      [&] {
        return waiting.output().find("Info: Will try again in 1 seconds.") != std::string::npos;
      },
      60s))
      << waiting.output();
  testing::CommandResult signed_now = ca("sign", "agent2.test");
  ASSERT_EQ(signed_now.exit_code, 0) << signed_now.out << signed_now.err;
  std::optional<int> status = waiting.wait(60s);
  ASSERT_TRUE(status.has_value()) << waiting.output();
  EXPECT_EQ(*status, 2) << waiting.output();
  EXPECT_NE(waiting.output().find("Info: Will try again in 1 seconds."), std::string::npos)
      << waiting.output();
  EXPECT_EQ(read(dir_ / "managed" / "agent2.test.txt"), "agent2.test remote  Linux\n");
}

TEST_F(RemoteAgentTest, FilesInSyncAreCheckedByMetadataNotFetched) {
  start_server("true", {"-v", "--no-static-catalogs"});
  testing::CommandResult first = agent("agent3.test");
  ASSERT_EQ(first.exit_code, 2) << first.out << first.err;
  EXPECT_EQ(requests_since(0, "\"GET /puppet/v3/file_content/modules/demo/"), 2u)
      << server_->output();
  // Metadata first even when the host has no copy yet, as Puppet's agent.
  EXPECT_EQ(requests_since(0, "\"GET /puppet/v3/file_metadata/modules/demo/greeting.txt"), 1u)
      << server_->output();
  EXPECT_EQ(requests_since(0, "static_file_content"), 0u) << server_->output();
  // In sync: the metadata is asked and no content is fetched, as Puppet's agent does.
  std::size_t mark = server_->output().size();
  testing::CommandResult second = agent("agent3.test");
  EXPECT_EQ(second.exit_code, 0) << second.out << second.err;
  EXPECT_EQ(requests_since(mark, "/puppet/v3/file_content/"), 0u) << server_->output();
  EXPECT_EQ(requests_since(mark, "\"GET /puppet/v3/file_metadata/modules/demo/greeting.txt"), 1u)
      << server_->output();
  EXPECT_EQ(requests_since(mark, "\"GET /puppet/v3/file_metadatas/modules/demo/tree"), 1u)
      << server_->output();
  // A file changed here is fetched again and put back; the others are not fetched.
  std::ofstream(dir_ / "managed" / "tree-agent3.test" / "sub" / "leaf.txt") << "changed here\n";
  mark = server_->output().size();
  testing::CommandResult third = agent("agent3.test");
  EXPECT_EQ(third.exit_code, 2) << third.out << third.err;
  EXPECT_EQ(read(dir_ / "managed" / "tree-agent3.test" / "sub" / "leaf.txt"), "a leaf\n");
  EXPECT_EQ(requests_since(mark, "/puppet/v3/file_content/"), 1u) << server_->output();
  EXPECT_EQ(requests_since(mark, "\"GET /puppet/v3/file_content/modules/demo/tree/sub/leaf.txt"),
            1u)
      << server_->output();
}

TEST_F(RemoteAgentTest, StaticCatalogInSyncRunAsksForNoFile) {
  start_server("true", {"-v"});  // static catalogs, as puppetserver's default
  testing::CommandResult first = agent("agent6.test");
  ASSERT_EQ(first.exit_code, 2) << first.out << first.err << server_->output();
  EXPECT_EQ(read(dir_ / "managed" / "greeting-agent6.test.txt"), "served by marionette\n");
  EXPECT_EQ(read(dir_ / "managed" / "tree-agent6.test" / "sub" / "leaf.txt"), "a leaf\n");
  // The catalog's inlined metadata stands for file_metadata(s); the content comes through its
  // content_uri with the catalog's code_id.
  EXPECT_EQ(file_requests_since(0), 0u) << server_->output();
  EXPECT_EQ(requests_since(0, "\"GET /puppet/v3/static_file_content/modules/demo/files/"
                              "greeting.txt\" 200"),
            1u)
      << server_->output();
  EXPECT_EQ(requests_since(0, "\"GET /puppet/v3/static_file_content/modules/demo/files/tree/sub/"
                              "leaf.txt\" 200"),
            1u)
      << server_->output();
  // In sync: not one file request (pluginsync's file_metadatas of its mounts aside).
  std::size_t mark = server_->output().size();
  testing::CommandResult second = agent("agent6.test");
  EXPECT_EQ(second.exit_code, 0) << second.out << second.err;
  EXPECT_EQ(file_requests_since(mark), 0u) << server_->output();
  EXPECT_EQ(requests_since(mark, "static_file_content"), 0u) << server_->output();
  EXPECT_EQ(requests_since(mark, "\"POST /puppet/v3/catalog/agent6.test\" 200"), 1u)
      << server_->output();
  // A file changed here: that one is fetched again, and put back.
  std::ofstream(dir_ / "managed" / "tree-agent6.test" / "sub" / "leaf.txt") << "changed here\n";
  mark = server_->output().size();
  testing::CommandResult third = agent("agent6.test");
  EXPECT_EQ(third.exit_code, 2) << third.out << third.err;
  EXPECT_EQ(read(dir_ / "managed" / "tree-agent6.test" / "sub" / "leaf.txt"), "a leaf\n");
  EXPECT_EQ(requests_since(mark, "static_file_content"), 1u) << server_->output();
  EXPECT_EQ(file_requests_since(mark), 0u) << server_->output();
}

TEST_F(RemoteAgentTest, PluginsyncBringsModuleFactsToTheServer) {
  if (testing::find_executable("curl").empty()) GTEST_SKIP() << "needs curl";
  fs::path demo = dir_ / "env" / "modules" / "demo";
  fs::create_directories(demo / "lib" / "facter");
  fs::create_directories(demo / "lib" / "puppet" / "type");
  fs::create_directories(demo / "facts.d");
  std::ofstream(demo / "lib" / "facter" / "demo_role.rb")
      << "Facter.add(:demo_role) do\n  setcode { \"synced from #{Facter.value(:kernel)}\" }\nend\n";
  std::ofstream(demo / "lib" / "puppet" / "type" / "demo_thing.rb")
      << "Puppet::Type.newtype(:demo_thing) do\n  newparam(:name, namevar: true)\nend\n";
  std::ofstream(demo / "facts.d" / "demo_external.txt") << "demo_external=from facts.d\n";
  std::ofstream(dir_ / "env" / "manifests" / "site.pp")
      << "node default {\n  file { '" << (dir_ / "managed").string()
      << "/role.txt': content => \"${facts['demo_role']} ${facts['demo_external']}\\n\" }\n}\n";
  start_server("true", {"-v"});
  // Native facts (no --facts): Facter's, with what pluginsync brought.
  std::vector<std::string> argv = agent_argv("agent7.test");
  auto facts = std::find(argv.begin(), argv.end(), "--facts");
  argv.erase(facts, facts + 2);
  testing::CommandResult first = testing::run_command(argv, 120s);
  ASSERT_EQ(first.exit_code, 2) << first.out << first.err << server_->output();
  EXPECT_NE(first.out.find("Info: Retrieving pluginfacts"), std::string::npos) << first.out;
  EXPECT_NE(first.out.find("Info: Retrieving plugin\n"), std::string::npos) << first.out;
  fs::path vardir = dir_ / "agent7.test" / "state";
  EXPECT_EQ(read(vardir / "lib" / "facter" / "demo_role.rb"), read(demo / "lib" / "facter" / "demo_role.rb"));
  EXPECT_TRUE(fs::exists(vardir / "lib" / "puppet" / "type" / "demo_thing.rb"));
  EXPECT_EQ(read(vardir / "facts.d" / "demo_external.txt"), "demo_external=from facts.d\n");
  EXPECT_EQ(read(dir_ / "managed" / "role.txt"), "synced from Linux from facts.d\n");
  // The server stored the facts the agent sent (its PuppetDB API, the node's certificate).
  fs::path ssl = dir_ / "agent7.test" / "ssl";
  std::string stored =
      testing::run_command(
          {"curl", "-s", "--max-time", "20", "--cacert", server_->ca_certificate().string(),
           "--cert", (ssl / "certs" / "agent7.test.pem").string(), "--key",
           (ssl / "private_keys" / "agent7.test.pem").string(),
           "https://127.0.0.1:" + server_->port() + "/pdb/query/v4/nodes/agent7.test/facts/demo_role"},
          30s)
          .out;
  EXPECT_NE(stored.find("\"value\":\"synced from Linux\""), std::string::npos) << stored;

  // In sync: the metadata of both mounts, no content; a fact gone from the server is purged.
  fs::remove(demo / "facts.d" / "demo_external.txt");
  std::size_t mark = server_->output().size();
  testing::CommandResult second = testing::run_command(argv, 120s);
  EXPECT_EQ(second.exit_code, 2) << second.out << second.err;
  EXPECT_EQ(requests_since(mark, "\"GET /puppet/v3/file_metadatas/pluginfacts\" 200"), 1u)
      << server_->output();
  EXPECT_EQ(requests_since(mark, "\"GET /puppet/v3/file_metadatas/plugins\" 200"), 1u)
      << server_->output();
  EXPECT_EQ(requests_since(mark, "/puppet/v3/file_content/"), 0u) << server_->output();
  EXPECT_FALSE(fs::exists(vardir / "facts.d" / "demo_external.txt"));
  EXPECT_NE(second.out.find("demo_external.txt]/ensure: removed"), std::string::npos) << second.out;
  EXPECT_EQ(read(dir_ / "managed" / "role.txt"), "synced from Linux \n");
}

TEST_F(RemoteAgentTest, FailedCompileIsACatalogRetrievalError) {
  start_server();
  testing::CommandResult failed = agent("broken.test");
  EXPECT_EQ(failed.exit_code, 1) << failed.out << failed.err;
  std::string said = failed.out + failed.err;
  EXPECT_NE(said.find("Could not retrieve catalog from remote server: Error 500 on SERVER: "
                      "Server Error: "),
            std::string::npos)
      << said;
  EXPECT_NE(said.find("broken on purpose"), std::string::npos) << said;
  EXPECT_NE(said.find("Could not retrieve catalog; skipping run"), std::string::npos) << said;
  // The run is reported all the same, failed, with its log.
  std::vector<std::string> reports = reports_of("broken.test");
  ASSERT_EQ(reports.size(), 1u);
  EXPECT_NE(reports[0].find("\"status\":\"failed\""), std::string::npos) << reports[0];
  EXPECT_NE(reports[0].find("broken on purpose"), std::string::npos) << reports[0];
}

TEST_F(RemoteAgentTest, ServerAndCertnameFromPuppetConf) {
  start_server();
  fs::path home = dir_ / "agent4.test";
  fs::create_directories(home);
  // Puppet's [agent] section: ca_server and ca_port name the same server here.
  std::ofstream(home / "puppet.conf") << "[main]\nssldir = " << (home / "ssl").string()
                                      << "\n[agent]\nserver = localhost\nserverport = "
                                      << server_->port() << "\nca_server = 127.0.0.1\nca_port = "
                                      << server_->port() << "\ncertname = agent4.test\n"
                                      << "keylength = 2048\nwaitforcert = 0\n";
  testing::CommandResult run = testing::run_command(
      {MARIONETTE_BINARY, "agent", "-t", "--config", (home / "puppet.conf").string(), "--statedir",
       (home / "state").string(), "--facts", MARIONETTE_FACTS_FILE, "--no-snmp"},
      120s);
  EXPECT_EQ(run.exit_code, 2) << run.out << run.err;
  EXPECT_EQ(read(dir_ / "managed" / "agent4.test.txt"), "agent4.test remote  Linux\n");
  EXPECT_TRUE(fs::exists(home / "ssl" / "certs" / "agent4.test.pem"));
}

TEST_F(RemoteAgentTest, DaemonRunsEveryRunIntervalUntilTerm) {
  start_server();
  std::vector<std::string> argv = agent_argv("agent5.test", {"--runinterval", "1"});
  argv.erase(std::find(argv.begin(), argv.end(), "-t"));  // the daemon, not one run
  testing::ChildProcess daemon(argv, dir_ / "daemon.log");
  ASSERT_TRUE(testing::wait_until([&] { return reports_of("agent5.test").size() >= 3; }, 30s))
      << daemon.output();
  daemon.signal(SIGTERM);
  std::optional<int> status = daemon.wait(30s);
  ASSERT_TRUE(status.has_value()) << daemon.output();
  EXPECT_EQ(*status, 0) << daemon.output();
  EXPECT_GE(reports_of("agent5.test").size(), 3u) << daemon.output();
  EXPECT_NE(daemon.output().find("Caught TERM; exiting"), std::string::npos) << daemon.output();
}

}  // namespace
}  // namespace marionette
