// A node with a certificate from the fleet's CA posts PuppetDB commands (POST /pdb/cmd/v1, as
// puppet-terminus-puppetdb posts them) naming another node: its facts, its catalog, its
// report, its deactivation. Against the real `marionette server` on 127.0.0.1 (curl, certificates
// from `marionette ca generate`): each is refused as PuppetDB refuses a client (403,
// "Permission denied: The client certificate name … doesn't appear in the certificate
// allowlist…"), the victim's data is unchanged; the node's commands for itself, the server's
// own certificate's and an allowlisted client's for any node are taken. Skipped without curl.

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>
#include <random>
#include <string>

#include "support/command.hpp"
#include "support/marionette_server.hpp"

namespace marionette {
namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;
using namespace std::chrono_literals;

struct Answer {
  int status = 0;
  std::string body;
};

const char* const kRefusal =
    "Permission denied: The client certificate name mallory.test doesn't appear in the "
    "certificate allowlist. Is your master's (or other PuppetDB client's) certname listed in "
    "PuppetDB's certificate-allowlist file?";

json facts_of(const std::string& certname, const std::string& role) {
  return {{"certname", certname},
          {"environment", "production"},
          {"producer_timestamp", "2026-11-29T12:00:00.000Z"},
          {"producer", "server.test"},
          {"values", {{"role", role}, {"kernel", "Linux"}}}};
}

json catalog_of(const std::string& certname) {
  return {{"certname", certname},
          {"version", "1"},
          {"environment", "production"},
          {"transaction_uuid", "00000000-0000-4000-8000-000000000001"},
          {"catalog_uuid", "00000000-0000-4000-8000-000000000002"},
          {"code_id", nullptr},
          {"job_id", nullptr},
          {"producer_timestamp", "2026-11-29T12:00:01.000Z"},
          {"producer", "server.test"},
          {"resources",
           {{{"type", "Notify"},
             {"title", "planted"},
             {"exported", true},
             {"tags", {"notify", "planted"}},
             {"file", nullptr},
             {"line", nullptr},
             {"parameters", json::object()}}}},
          {"edges", json::array()}};
}

json report_of(const std::string& certname) {
  return {{"certname", certname},
          {"puppet_version", "7.23.0"},
          {"report_format", 12},
          {"configuration_version", "1"},
          {"start_time", "2026-11-29T12:00:02.000Z"},
          {"end_time", "2026-11-29T12:00:03.000Z"},
          {"producer_timestamp", "2026-11-29T12:00:03.000Z"},
          {"producer", "server.test"},
          {"resources", json::array()},
          {"metrics", json::array()},
          {"logs", json::array()},
          {"environment", "production"},
          {"transaction_uuid", "00000000-0000-4000-8000-000000000003"},
          {"status", "changed"},
          {"noop", false},
          {"noop_pending", false},
          {"corrective_change", false},
          {"catalog_uuid", "00000000-0000-4000-8000-000000000002"},
          {"code_id", nullptr},
          {"job_id", nullptr},
          {"cached_catalog_status", "not_used"}};
}

json deactivation_of(const std::string& certname) {
  return {{"certname", certname}, {"producer_timestamp", "2026-11-29T12:00:04.000Z"}};
}

class PuppetDbCommandIdentity : public ::testing::Test {
 protected:
  void start(std::vector<std::string> extra_args = {}) {
    if (testing::find_executable("curl").empty()) GTEST_SKIP() << "needs curl";
    dir_ = fs::temp_directory_path() /
           ("marionette-pdb-identity-" + std::to_string(std::random_device{}()));
    fs::create_directories(dir_ / "env" / "manifests");
    std::FILE* site = std::fopen((dir_ / "env" / "manifests" / "site.pp").c_str(), "w");
    ASSERT_NE(site, nullptr);
    std::fputs("notify { 'hello': }\n", site);
    std::fclose(site);
    for (std::string& arg : extra_args)
      if (arg == "ALLOWLIST") arg = write_allowlist();
    server_ = std::make_unique<testing::MarionetteServer>(
        MARIONETTE_BINARY, dir_ / "env", dir_, "localhost,IP:127.0.0.1", extra_args, "false");
    ASSERT_FALSE(server_->port().empty()) << server_->output();
    for (const char* name : {"mallory.test", "victim.test", "dashboard.test"}) {
      testing::CommandResult made =
          testing::run_command({MARIONETTE_BINARY, "ca", "generate", "--certname", name, "--ssldir",
                                server_->ssldir().string(), "--keylength", "2048"},
                               60s);
      ASSERT_EQ(made.exit_code, 0) << made.out << made.err;
    }
  }

  std::string write_allowlist() {
    const fs::path path = dir_ / "allowlist";
    std::FILE* file = std::fopen(path.c_str(), "w");
    std::fputs("server.test\ndashboard.test\n", file);
    std::fclose(file);
    return path.string();
  }

  void TearDown() override {
    if (server_) {
      EXPECT_EQ(server_->stop(), 0) << server_->output();
    }
    server_.reset();
    if (!dir_.empty()) fs::remove_all(dir_);
  }

  /// curl as `as`: a POST with `body` (a command) or a GET (a query).
  Answer request(const std::string& as, const std::string& path_and_query,
                 const std::string* body = nullptr) {
    const fs::path ssl = server_->ssldir();
    std::vector<std::string> argv = {"curl",       "-s",
                                     "--max-time", "30",
                                     "-w",         "\n%{http_code}",
                                     "--cacert",   (ssl / "ca" / "ca_crt.pem").string(),
                                     "--cert",     (ssl / "certs" / (as + ".pem")).string(),
                                     "--key",      (ssl / "private_keys" / (as + ".pem")).string()};
    if (body) {
      argv.insert(argv.end(), {"-H", "Content-Type: application/json", "--data-binary", *body});
    }
    argv.push_back("https://127.0.0.1:" + server_->port() + path_and_query);
    testing::CommandResult got = testing::run_command(argv, 60s);
    Answer answer;
    const std::size_t last = got.out.rfind('\n');
    if (last == std::string::npos) return answer;
    answer.status = std::atoi(got.out.c_str() + last + 1);
    answer.body = got.out.substr(0, last);
    return answer;
  }

  /// A command as puppet-terminus-puppetdb 7 posts it: name, version and certname in the URL.
  Answer command(const std::string& as, const std::string& name, int version, const json& payload) {
    const std::string body = payload.dump();
    return request(as,
                   "/pdb/cmd/v1?command=" + name + "&version=" + std::to_string(version) +
                       "&certname=" + payload.value("certname", "") + "&checksum=x",
                   &body);
  }

  /// The value of the role fact PuppetDB holds for `certname` ("" when none).
  std::string role_of(const std::string& certname) {
    Answer answer = request("server.test", "/pdb/query/v4/nodes/" + certname + "/facts/role");
    json rows = json::parse(answer.body, nullptr, false);
    if (answer.status != 200 || !rows.is_array() || rows.empty()) return "";
    return rows[0].value("value", "");
  }

  fs::path dir_;
  std::unique_ptr<testing::MarionetteServer> server_;
};

TEST_F(PuppetDbCommandIdentity, ANodeCannotSubmitCommandsForAnotherNode) {
  start();
  if (IsSkipped() || HasFatalFailure()) return;
  ASSERT_EQ(command("server.test", "replace_facts", 5, facts_of("victim.test", "db")).status, 200);
  ASSERT_EQ(command("server.test", "replace_catalog", 9, catalog_of("victim.test")).status, 200);
  ASSERT_EQ(role_of("victim.test"), "db");

  Answer facts = command("mallory.test", "replace_facts", 5, facts_of("victim.test", "owned"));
  EXPECT_EQ(facts.status, 403) << facts.body;
  EXPECT_EQ(facts.body, kRefusal);

  // The URL may name mallory.test while the payload names the victim (PuppetDB stores the
  // payload's certname): refused too, as are the older {command, version, payload} body and
  // replace facts v4's "name".
  const std::string lying = facts_of("victim.test", "owned").dump();
  Answer mixed = request(
      "mallory.test", "/pdb/cmd/v1?command=replace_facts&version=5&certname=mallory.test", &lying);
  EXPECT_EQ(mixed.status, 403) << mixed.body;
  const std::string old_form =
      json{{"command", "replace facts"}, {"version", 5}, {"payload", facts_of("victim.test", "x")}}
          .dump();
  Answer old = request("mallory.test", "/pdb/cmd/v1", &old_form);
  EXPECT_EQ(old.status, 403) << old.body;
  json v4 = facts_of("victim.test", "owned");
  v4.erase("certname");
  v4["name"] = "victim.test";
  const std::string v4_body = v4.dump();
  Answer named = request("mallory.test", "/pdb/cmd/v1?command=replace_facts&version=4", &v4_body);
  EXPECT_EQ(named.status, 403) << named.body;

  EXPECT_EQ(command("mallory.test", "replace_catalog", 9, catalog_of("victim.test")).status, 403);
  EXPECT_EQ(command("mallory.test", "store_report", 8, report_of("victim.test")).status, 403);
  EXPECT_EQ(command("mallory.test", "deactivate_node", 3, deactivation_of("victim.test")).status,
            403);

  // The victim is as the server left it: its facts, active, no report from mallory.
  EXPECT_EQ(role_of("victim.test"), "db");
  Answer node = request("server.test", "/pdb/query/v4/nodes/victim.test");
  ASSERT_EQ(node.status, 200) << node.body;
  json victim = json::parse(node.body);
  EXPECT_TRUE(victim["deactivated"].is_null()) << node.body;
  EXPECT_TRUE(victim["report_timestamp"].is_null()) << node.body;

  // mallory's commands for itself are taken.
  EXPECT_EQ(command("mallory.test", "replace_facts", 5, facts_of("mallory.test", "web")).status,
            200);
  EXPECT_EQ(command("mallory.test", "store_report", 8, report_of("mallory.test")).status, 200);
  EXPECT_EQ(role_of("mallory.test"), "web");
}

TEST_F(PuppetDbCommandIdentity, TheAllowlistMaySubmitForAnyNode) {
  start({"--certificate-allowlist", "ALLOWLIST"});
  if (IsSkipped() || HasFatalFailure()) return;
  EXPECT_EQ(command("dashboard.test", "replace_facts", 5, facts_of("victim.test", "db")).status,
            200);
  EXPECT_EQ(command("server.test", "store_report", 8, report_of("victim.test")).status, 200);
  EXPECT_EQ(role_of("victim.test"), "db");
  // Outside the allowlist, not even for itself.
  Answer own = command("mallory.test", "replace_facts", 5, facts_of("mallory.test", "web"));
  EXPECT_EQ(own.status, 403) << own.body;
  EXPECT_EQ(own.body, kRefusal);
}

}  // namespace
}  // namespace marionette
