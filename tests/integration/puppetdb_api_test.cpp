// marionette server's PuppetDB API over a private Redis, used by a real client no one here
// wrote: Debian's python3-pypuppetdb sends the reference fleet's commands and lists nodes,
// facts, resources, reports and inventory as a dashboard does; a certificate the
// --certificate-allowlist does not name is refused; the data lands in Redis under the
// documented keys (docs/architecture.md, core/puppetdb).
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <ctime>
#include <nlohmann/json.hpp>

#include "support/command.hpp"
#include "support/marionette_server.hpp"
#include "support/private_redis.hpp"
#include "support/puppet_agent.hpp"
#include "support/scratch_dir.hpp"

namespace marionette::testing {
namespace {

using nlohmann::json;

const std::filesystem::path kPython = "/usr/bin/python3";

bool pypuppetdb_installed() {
  return std::filesystem::exists(kPython) &&
         run_command({kPython.string(), "-c", "import pypuppetdb"}).exit_code == 0;
}

TEST(PuppetDbApi, PypuppetdbListsWhatItsCommandsStored) {
  if (!pypuppetdb_installed()) GTEST_SKIP() << "python3-pypuppetdb is not installed";
  std::unique_ptr<PrivateRedis> redis;
  testing::start_private_redis(redis);
  if (!redis) return;
  ScratchDir dir("puppetdb-api");
  dir.write("env/manifests/site.pp", "notify { 'hello': }\n");
  std::filesystem::path allowlist = dir.write("allowlist", "# PuppetDB's clients\nclient.test\n");
  MarionetteServer server(MARIONETTE_BINARY, dir.path() / "env", dir.path(),
                          "localhost,IP:127.0.0.1",
                          {"--redis", redis->url(), "--certificate-allowlist", allowlist.string()});
  ASSERT_FALSE(server.port().empty()) << server.output();
  for (const char* name : {"client.test", "other.test"}) {
    CommandResult made = run_command({MARIONETTE_BINARY, "ca", "generate", "--certname", name,
                                      "--ssldir", server.ssldir().string()});
    ASSERT_EQ(made.exit_code, 0) << made.out << made.err;
  }
  auto cert = [&](const std::string& name) {
    return (server.ssldir() / "certs" / (name + ".pem")).string();
  };
  auto key = [&](const std::string& name) {
    return (server.ssldir() / "private_keys" / (name + ".pem")).string();
  };
  CommandResult client = run_command(
      {kPython.string(), std::string(MARIONETTE_FIXTURES_DIR) + "/puppetdb/pypuppetdb_client.py",
       server.port(), cert("client.test"), key("client.test"), server.ca_certificate().string(),
       std::string(MARIONETTE_SOURCE_DIR) + "/tests/puppetdb/reference/commands.json",
       cert("other.test"), key("other.test")},
      std::chrono::seconds(120));
  ASSERT_EQ(client.exit_code, 0) << client.out << client.err << server.output();
  // The client's requests (13 commands and as many queries, and more before the server
  // answered) went over the server's pooled Redis connections, not one connection each.
  std::optional<std::string> stats = redis->command({"INFO", "stats"});
  ASSERT_TRUE(stats);
  const std::size_t at = stats->find("total_connections_received:");
  ASSERT_NE(at, std::string::npos) << *stats;
  EXPECT_LT(std::stoi(stats->substr(at + 27)), 13) << *stats;
  json seen = json::parse(client.out);
  EXPECT_EQ(seen["version"], "7.12.1");
  // old1 was deactivated by the last command
  EXPECT_EQ(seen["nodes"], json::parse(R"(["db1.example.com", "mail.example.com",
                                           "web1.example.com", "web2.example.com"])"));
  EXPECT_EQ(seen["db1_os_family"], json::parse(R"(["RedHat"])"));
  EXPECT_EQ(seen["services"], json::parse(R"(["apache", "apache", "postgresql"])"));
  EXPECT_EQ(seen["web1_reports"], 2);
  EXPECT_EQ(seen["web1_facts"], 18);  // empty_map too: facts keep it, fact-names do not
  EXPECT_EQ(seen["inventory"], 4);
  EXPECT_EQ(seen["fact_names"], 17);
  EXPECT_EQ(seen["exported_hosts"],
            json::parse(R"(["db1.example.com", "web1.example.com", "web2.example.com"])"));
  EXPECT_EQ(seen["other_status"], 403);
  EXPECT_EQ(seen["unknown_path"],
            json::array({302, "https://127.0.0.1:" + server.port() +
                                  "/pdb/query/v4/nothings%20x?limit=1/dashboard/index.html"}));

  // In Redis, as documented: the set of nodes and a node's documents under its hash tag.
  std::optional<std::string> nodes = redis->command({"SMEMBERS", "marionette:pdb:nodes"});
  ASSERT_TRUE(nodes);
  EXPECT_NE(nodes->find("old1.example.com"), std::string::npos) << *nodes;
  std::optional<std::string> facts =
      redis->command({"EXISTS", "marionette:pdb:{web1.example.com}:facts"});
  EXPECT_EQ(facts.value_or(""), "1");
  // A resource's nodes by id, under the first 16 hex digits of SHA-1("TYPE\0TITLE"), its
  // first node (db1 alone has it) in a field of a shared hash (its first 3 hex digits; the
  // field named by -1 minus the next 23 bits, layout 8); the ids read back as certnames
  // through node-names.
  CommandResult hash = run_command(
      {"python3", "-c",
       "import hashlib; print(hashlib.sha1(b'Class\\0Postgresql').hexdigest()[:16], end='')"});
  ASSERT_EQ(hash.exit_code, 0) << hash.err;
  std::optional<std::string> id =
      redis->command({"HGET", "marionette:pdb:node-ids", "db1.example.com"});
  ASSERT_TRUE(id && !id->empty());
  std::optional<std::string> indexed =
      redis->command({"HGET", "marionette:pdb:ixf:fv:" + hash.out.substr(0, 3),
                      std::to_string(-1 - (std::stol(hash.out.substr(3, 6), nullptr, 16) >> 1))});
  EXPECT_EQ(indexed.value_or(""), *id);
  EXPECT_EQ(redis->command({"EXISTS", "marionette:pdb:ix:tt:" + hash.out}).value_or(""), "0");
  std::optional<std::string> named = redis->command({"HGET", "marionette:pdb:node-names", *id});
  EXPECT_EQ(named.value_or(""), "db1.example.com");
}

TEST(PuppetDbApi, TheServersOwnCompilesAndReportsAreStored) {
  // A real `puppet agent -t` against marionette server (no Redis: the data in the server's
  // memory): its facts and catalog as the compile saw them, its report as it sent it.
  if (run_command({"puppet", "--version"}).exit_code != 0) GTEST_SKIP() << "no puppet";
  if (!pypuppetdb_installed()) GTEST_SKIP() << "python3-pypuppetdb is not installed";
  ScratchDir dir("puppetdb-compiles");
  dir.write("env/manifests/site.pp",
            "notify { 'hello': }\nfile { '/tmp/../tmp': ensure => directory }\n");
  MarionetteServer server(MARIONETTE_BINARY, dir.path() / "env", dir.path());
  ASSERT_FALSE(server.port().empty()) << server.output();
  CommandResult agent = run_puppet_agent(dir.path() / "agent", "agent1.test", server.port(),
                                         std::chrono::seconds(120));
  ASSERT_EQ(agent.exit_code, 2) << agent.out << agent.err;  // changes: the notify
  ASSERT_EQ(run_command({MARIONETTE_BINARY, "ca", "generate", "--certname", "client.test",
                         "--ssldir", server.ssldir().string()})
                .exit_code,
            0);
  const std::string script = R"(
import json, sys, pypuppetdb
port, cert, key, ca = sys.argv[1:5]
db = pypuppetdb.connect(host="127.0.0.1", port=int(port), ssl_verify=ca, ssl_key=key,
                        ssl_cert=cert, protocol="https", timeout=30)
node = db.node("agent1.test")
print(json.dumps({
    "status": [r.status for r in node.reports()],
    "resources": sorted(str(r) for r in db.resources(query='["=", "certname", "agent1.test"]')),
    "kernel": [f.value for f in node.facts() if f.name == "kernel"],
    "trusted": [f.value for f in node.facts() if f.name == "trusted"],
    "inventory_trusted": [i.trusted for i in db.inventory() if i.node == "agent1.test"],
    "events": [[e.item["title"], e.status] for r in node.reports() for e in r.events()],
    "edges": len(db._query("edges")),  # pypuppetdb's own edges() fails in 2.2
}, sort_keys=True))
)";
  CommandResult query =
      run_command({kPython.string(), "-c", script, server.port(),
                   (server.ssldir() / "certs" / "client.test.pem").string(),
                   (server.ssldir() / "private_keys" / "client.test.pem").string(),
                   server.ca_certificate().string()},
                  std::chrono::seconds(60));
  ASSERT_EQ(query.exit_code, 0) << query.out << query.err << server.output();
  json seen = json::parse(query.out);
  EXPECT_EQ(seen["status"], json::parse(R"(["changed"])"));
  EXPECT_EQ(seen["kernel"], json::parse(R"(["Linux"])"));
  // puppet-terminus-puppetdb adds the compile's $trusted to the facts it stores
  // (facts.values[:trusted] = TrustedInformation#to_h): PuppetDB's facts and inventory have it.
  const json trusted = json::parse(
      R"({"authenticated": "remote", "certname": "agent1.test", "domain": "test",
          "extensions": {}, "external": {}, "hostname": "agent1"})");
  EXPECT_EQ(seen["trusted"], json::array({trusted}));
  EXPECT_EQ(seen["inventory_trusted"], json::array({trusted}));
  json resources = seen["resources"];
  EXPECT_NE(std::find(resources.begin(), resources.end(), "Notify[hello]"), resources.end())
      << resources;
  EXPECT_NE(std::find(resources.begin(), resources.end(), "Class[main]"), resources.end())
      << resources;
  EXPECT_EQ(seen["events"], json::parse(R"([["hello", "success"]])"));
  EXPECT_GE(seen["edges"].get<int>(), 3);  // Stage[main] > Class[Settings], Class[Main] > …
}

TEST(PuppetDbApi, ADeactivatedNodesExportsAreNotCollected) {
  // As PuppetDB answers a collector: once `puppet node deactivate a.test` (the deactivate node
  // command) reaches the server, b.test's compile no longer collects what a.test exported;
  // a.test's next compile makes it active again and its exports are collected again.
  if (find_executable("curl").empty()) GTEST_SKIP() << "needs curl";
  ScratchDir dir("puppetdb-deactivated-exports");
  dir.write("env/manifests/site.pp",
            "node 'a.test' { @@notify { 'from a': tag => 'fleet' } }\n"
            "node 'b.test' { Notify <<| tag == 'fleet' |>> }\n");
  MarionetteServer server(MARIONETTE_BINARY, dir.path() / "env", dir.path(),
                          "localhost,IP:127.0.0.1", {"--storeconfigs"});
  ASSERT_FALSE(server.port().empty()) << server.output();
  for (const char* name : {"a.test", "b.test"}) {
    CommandResult made = run_command({MARIONETTE_BINARY, "ca", "generate", "--certname", name,
                                      "--ssldir", server.ssldir().string()});
    ASSERT_EQ(made.exit_code, 0) << made.out << made.err;
  }
  auto tls = [&](const std::string& name) {
    return std::vector<std::string>{
        "curl",       "-s",
        "--max-time", "30",
        "--cacert",   server.ca_certificate().string(),
        "--cert",     (server.ssldir() / "certs" / (name + ".pem")).string(),
        "--key",      (server.ssldir() / "private_keys" / (name + ".pem")).string()};
  };
  auto compile = [&](const std::string& name) {
    std::vector<std::string> command = tls(name);
    command.insert(command.end(),
                   {"--data", "facts_format=application%2Fjson", "--data-urlencode",
                    "facts={\"name\":\"" + name + "\",\"values\":{\"kernel\":\"Linux\"}}",
                    "https://127.0.0.1:" + server.port() + "/puppet/v3/catalog/" + name +
                        "?environment=production"});
    CommandResult got = run_command(command, std::chrono::seconds(60));
    EXPECT_EQ(got.exit_code, 0) << got.err;
    return got.out;
  };
  auto collects = [&](const std::string& catalog) {
    return catalog.find("\"from a\"") != std::string::npos;
  };
  ASSERT_FALSE(collects(compile("a.test")));  // exported, not a.test's own to apply
  ASSERT_TRUE(collects(compile("b.test"))) << server.output();

  const auto since_epoch = std::chrono::duration_cast<std::chrono::milliseconds>(
      std::chrono::system_clock::now().time_since_epoch());
  const std::time_t seconds = since_epoch.count() / 1000;
  char now[40];
  const std::size_t length =
      std::strftime(now, sizeof now, "%Y-%m-%dT%H:%M:%S", std::gmtime(&seconds));
  std::snprintf(now + length, sizeof now - length, ".%03dZ",
                static_cast<int>(since_epoch.count() % 1000));
  std::vector<std::string> deactivate = tls("server.test");  // the server may speak for any node
  deactivate.insert(
      deactivate.end(),
      {"-H", "Content-Type: application/json", "--data",
       R"({"certname": "a.test", "producer_timestamp": ")" + std::string(now) + R"("})",
       "https://127.0.0.1:" + server.port() +
           "/pdb/cmd/v1?command=deactivate_node&version=3&certname=a.test"});
  CommandResult sent = run_command(deactivate, std::chrono::seconds(30));
  ASSERT_EQ(sent.exit_code, 0) << sent.err;
  ASSERT_NE(sent.out.find("uuid"), std::string::npos) << sent.out << server.output();
  EXPECT_FALSE(collects(compile("b.test"))) << server.output();
  ASSERT_FALSE(collects(compile("a.test")));  // newer than its deactivation: active again
  EXPECT_TRUE(collects(compile("b.test"))) << server.output();
}

TEST(PuppetDbApi, StoreconfigsFalseStoresNoCompile) {
  // storeconfigs = false in puppet.conf's [server]: a compile is answered as before, but neither
  // its facts nor its catalog are stored (puppetserver stores them only with storeconfigs on);
  // the exported resource warns as Puppet's compile does. A second server without the setting
  // stores them (the default).
  if (run_command({"puppet", "--version"}).exit_code != 0) GTEST_SKIP() << "no puppet";
  if (!pypuppetdb_installed()) GTEST_SKIP() << "python3-pypuppetdb is not installed";
  const std::string script = R"(
import json, sys, pypuppetdb
port, cert, key, ca = sys.argv[1:5]
db = pypuppetdb.connect(host="127.0.0.1", port=int(port), ssl_verify=ca, ssl_key=key,
                        ssl_cert=cert, protocol="https", timeout=30)
print(json.dumps({"catalogs": len(db._query("catalogs")), "factsets": len(db._query("factsets"))}))
)";
  for (const bool off : {true, false}) {
    ScratchDir dir(off ? "puppetdb-storeconfigs-off" : "puppetdb-storeconfigs-default");
    dir.write("env/manifests/site.pp", "notify { 'hello': }\n@@notify { 'exported': }\n");
    const std::filesystem::path conf =
        dir.write("puppet.conf", off ? "[server]\nstoreconfigs = false\n" : "[server]\n");
    MarionetteServer server(MARIONETTE_BINARY, dir.path() / "env", dir.path(),
                            "localhost,IP:127.0.0.1", {"--config", conf.string()});
    ASSERT_FALSE(server.port().empty()) << server.output();
    CommandResult agent = run_puppet_agent(dir.path() / "agent", "agent1.test", server.port(),
                                           std::chrono::seconds(120));
    ASSERT_EQ(agent.exit_code, 2) << agent.out << agent.err << server.output();
    ASSERT_EQ(run_command({MARIONETTE_BINARY, "ca", "generate", "--certname", "client.test",
                           "--ssldir", server.ssldir().string()})
                  .exit_code,
              0);
    CommandResult query =
        run_command({kPython.string(), "-c", script, server.port(),
                     (server.ssldir() / "certs" / "client.test.pem").string(),
                     (server.ssldir() / "private_keys" / "client.test.pem").string(),
                     server.ca_certificate().string()},
                    std::chrono::seconds(60));
    ASSERT_EQ(query.exit_code, 0) << query.out << query.err << server.output();
    const int stored = off ? 0 : 1;
    EXPECT_EQ(json::parse(query.out), json({{"catalogs", stored}, {"factsets", stored}}))
        << query.out;
    EXPECT_NE(server.output().find("Warning: You cannot collect exported resources without "
                                   "storeconfigs being set; the export is ignored (file: " +
                                   (dir.path() / "env/manifests/site.pp").string() +
                                   ", line: 2, column: 1)"),
              std::string::npos)
        << server.output();
  }
}

}  // namespace
}  // namespace marionette::testing
