// puppetdb_query() and `marionette query` against the real `marionette server` on 127.0.0.1:
// db1.test's catalog request stores its facts (as puppet-terminus-puppetdb would), web1.test's
// manifest asks the fleet with puppetdb_query() and gets db1.test; then `marionette query`, with
// a client certificate from `marionette ca generate` in an agent's ssldir, prints the rows as
// puppetdb_cli's `puppet query` prints them (Go's encoding/json, two-space indent) and exits 1
// on a query the server refuses. Curl speaks as the agents. Skipped, saying so, without curl.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "support/command.hpp"
#include "support/marionette_server.hpp"
#include "support/scratch_dir.hpp"

namespace marionette {
namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;
using namespace std::chrono_literals;
using testing::CommandResult;
using testing::run_command;

/// CGI.escape, as Puppet's agent escapes the facts (and the form escapes them again).
std::string form_escape(const std::string& text) {
  std::string out;
  for (unsigned char c : text) {
    if (std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == '~') {
      out += static_cast<char>(c);
    } else {
      char hex[4];
      std::snprintf(hex, sizeof hex, "%%%02X", c);
      out += hex;
    }
  }
  return out;
}

TEST(PuppetDbQueryCli, TheCompilerAndTheCommandLineAskTheFleet) {
  if (testing::find_executable("curl").empty()) GTEST_SKIP() << "needs curl";
  testing::ScratchDir dir("puppetdb-query-cli");
  dir.write("env/manifests/site.pp",
            "$dbs = puppetdb_query('inventory[certname] { facts.role = \"db\" }')\n"
            "notify { 'dbs': message => $dbs.map |$row| { $row['certname'] }.join(',') }\n");
  testing::MarionetteServer server(MARIONETTE_BINARY, dir.path() / "env", dir.path(),
                                   "localhost,IP:127.0.0.1", {}, "false");
  ASSERT_FALSE(server.port().empty()) << server.output();
  const fs::path ssl = server.ssldir();
  for (const char* name : {"db1.test", "web1.test", "client.test"}) {
    CommandResult made = run_command({MARIONETTE_BINARY, "ca", "generate", "--certname", name,
                                      "--ssldir", ssl.string(), "--keylength", "2048"},
                                     60s);
    ASSERT_EQ(made.exit_code, 0) << made.out << made.err;
  }
  // A node's catalog as Puppet's agent asks for it; returns the body, the status last.
  auto catalog = [&](const std::string& node, const json& values) {
    const json facts = {{"name", node}, {"values", values}};
    CommandResult got = run_command(
        {"curl", "-s", "--max-time", "60", "-w", "\n%{http_code}", "--cacert",
         (ssl / "ca" / "ca_crt.pem").string(), "--cert", (ssl / "certs" / (node + ".pem")).string(),
         "--key", (ssl / "private_keys" / (node + ".pem")).string(), "--data",
         "facts_format=application%2Fjson&facts=" + form_escape(form_escape(facts.dump())),
         "https://127.0.0.1:" + server.port() + "/puppet/v3/catalog/" + node +
             "?environment=production"},
        90s);
    return got.out;
  };
  ASSERT_TRUE(catalog("db1.test", {{"role", "db"}, {"kernel", "Linux"}}).ends_with("\n200"))
      << server.output();
  const std::string web = catalog("web1.test", {{"role", "web"}, {"kernel", "Linux"}});
  ASSERT_TRUE(web.ends_with("\n200")) << web << server.output();
  json compiled = json::parse(web.substr(0, web.rfind('\n')));
  std::string message;
  for (const json& resource : compiled["resources"])
    if (resource["type"] == "Notify" && resource["title"] == "dbs")
      message = resource["parameters"]["message"];
  EXPECT_EQ(message, "db1.test");

  // An agent's ssldir for client.test: the CA certificate, the CRL, its certificate and key.
  const fs::path agent_ssl = dir.path() / "client-ssl";
  fs::create_directories(agent_ssl / "certs");
  fs::create_directories(agent_ssl / "private_keys");
  fs::copy_file(ssl / "ca" / "ca_crt.pem", agent_ssl / "certs" / "ca.pem");
  fs::copy_file(ssl / "ca" / "ca_crl.pem", agent_ssl / "crl.pem");
  fs::copy_file(ssl / "certs" / "client.test.pem", agent_ssl / "certs" / "client.test.pem");
  fs::copy_file(ssl / "private_keys" / "client.test.pem",
                agent_ssl / "private_keys" / "client.test.pem");
  auto query = [&](const std::string& text) {
    return run_command({MARIONETTE_BINARY, "query", text, "--server", "127.0.0.1", "--serverport",
                        server.port(), "--ssldir", agent_ssl.string(), "--certname", "client.test"},
                       60s);
  };
  CommandResult rows = query("inventory[certname] { facts.role = \"db\" }");
  EXPECT_EQ(rows.exit_code, 0) << rows.err;
  EXPECT_EQ(rows.out, "[\n  {\n    \"certname\": \"db1.test\"\n  }\n]\n");
  CommandResult ast =
      query(R"(["from", "nodes", ["extract", ["certname"], ["~", "certname", "^web"]]])");
  EXPECT_EQ(ast.exit_code, 0) << ast.err;
  EXPECT_EQ(ast.out, "[\n  {\n    \"certname\": \"web1.test\"\n  }\n]\n");
  CommandResult refused = query("nodes[certname] { nope = 1 }");
  EXPECT_EQ(refused.exit_code, 1);
  EXPECT_NE(refused.err.find("'nope' is not a queryable object for nodes"), std::string::npos)
      << refused.err;
  EXPECT_EQ(refused.out, "");

  // No --server: where puppet query and Puppet's PuppetDB terminus look. Puppet's puppetdb.conf
  // in the confdir, then puppetdb_cli's own configuration (it wins), then --urls (it wins).
  const std::string url = "https://127.0.0.1:" + server.port();
  dir.write("confdir/puppetdb.conf", "[main]\nserver_urls = " + url + ",https://elsewhere:8081\n");
  const fs::path home = dir.path() / "home";
  const std::vector<std::pair<std::string, std::string>> env = {{"HOME", home.string()}};
  auto query_without_server = [&](std::vector<std::string> extra, fs::path ssldir) {
    std::vector<std::string> argv = {MARIONETTE_BINARY,
                                     "query",
                                     "nodes[certname] { certname = \"db1.test\" }",
                                     "--confdir",
                                     (dir.path() / "confdir").string(),
                                     "--ssldir",
                                     ssldir.string(),
                                     "--certname",
                                     "client.test"};
    argv.insert(argv.end(), extra.begin(), extra.end());
    return run_command(argv, 60s, env);
  };
  const std::string db1 = "[\n  {\n    \"certname\": \"db1.test\"\n  }\n]\n";
  CommandResult by_conf = query_without_server({}, agent_ssl);
  EXPECT_EQ(by_conf.exit_code, 0) << by_conf.err;
  EXPECT_EQ(by_conf.out, db1);

  // puppetdb_cli's file names the server and its own TLS files (the ssldir given has none).
  dir.write("home/.puppetlabs/client-tools/puppetdb.json",
            json{{"puppetdb",
                  {{"server_urls", {url}},
                   {"cacert", (agent_ssl / "certs" / "ca.pem").string()},
                   {"cert", (agent_ssl / "certs" / "client.test.pem").string()},
                   {"key", (agent_ssl / "private_keys" / "client.test.pem").string()}}}}
                .dump());
  dir.write("confdir/puppetdb.conf", "[main]\nserver_urls = https://127.0.0.1:1\n");
  CommandResult by_client_tools = query_without_server({}, dir.path() / "empty-ssldir");
  EXPECT_EQ(by_client_tools.exit_code, 0) << by_client_tools.err;
  EXPECT_EQ(by_client_tools.out, db1);

  fs::remove(home / ".puppetlabs/client-tools/puppetdb.json");
  CommandResult by_urls = query_without_server({"--urls", url}, agent_ssl);
  EXPECT_EQ(by_urls.exit_code, 0) << by_urls.err;
  EXPECT_EQ(by_urls.out, db1);
  CommandResult plain = query_without_server({"--urls", "http://127.0.0.1:8080"}, agent_ssl);
  EXPECT_EQ(plain.exit_code, 1);  // a usage error, as Puppet's
  EXPECT_NE(plain.err.find("HTTPS only"), std::string::npos) << plain.err;
}

}  // namespace
}  // namespace marionette
