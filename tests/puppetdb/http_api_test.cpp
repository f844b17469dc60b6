// The /pdb HTTP handler: commands as puppet-terminus-puppetdb 7 posts them, queries by GET
// and POST, PQL and AST, child paths, paging headers and PuppetDB's refusals.
#include "puppetdb/http_api.hpp"

#include <gtest/gtest.h>

#include "fleet_fixture.hpp"

namespace marionette::puppetdb {
namespace {

using nlohmann::json;

class HttpApi : public ::testing::Test {
 protected:
  HttpApi() : fleet(store, "test") {}

  http::HttpResponse get(const std::string& path, std::map<std::string, std::string> query = {}) {
    http::HttpRequest request;
    request.method = "GET";
    request.path = path;
    request.query = std::move(query);
    return handle_puppetdb(request, fleet, submitter);
  }

  http::HttpResponse post(const std::string& path, const std::string& body,
                          std::map<std::string, std::string> query = {}) {
    http::HttpRequest request;
    request.method = "POST";
    request.path = path;
    request.query = std::move(query);
    request.body = body;
    return handle_puppetdb(request, fleet, submitter);
  }

  void load() {
    // As the terminus posts them: the command in the URL, the payload as the body.
    auto command = [&](const char* name, const char* version, const json& payload) {
      auto response = post("/pdb/cmd/v1", payload.dump(),
                           {{"command", name},
                            {"version", version},
                            {"certname", payload["certname"]},
                            {"checksum", "x"}});
      ASSERT_EQ(response.status, 200) << response.body;
      EXPECT_TRUE(json::parse(response.body).contains("uuid"));
    };
    using F = testing::FleetFixture;
    command("replace_facts", "5", F::facts("web1.example.com", "Debian", 12, 3600, {"eth0"}));
    command("replace_facts", "5", F::facts("db1.example.com", "RedHat", 9, 60, {"ens3"}));
    command("replace_catalog", "9", F::catalog("web1.example.com", "80"));
    command("store_report", "8", F::report("web1.example.com", "changed"));
  }

  MemoryStore store;
  FleetData fleet;
  Submitter submitter{"puppet.example.com", true};  ///< as the server's own certificate
};

TEST_F(HttpApi, CommandsThenQueriesByPqlAndAst) {
  load();
  auto pql =
      get("/pdb/query/v4",
          {{"query",
            "nodes[certname] { facts { name = \"os\" and value ~ \"x\" } or certname ~ 'db' }"}});
  ASSERT_EQ(pql.status, 200) << pql.body;
  EXPECT_EQ(json::parse(pql.body), json::parse(R"([{"certname": "db1.example.com"}])"));
  auto ast = post("/pdb/query/v4", R"({"query": ["from", "resources", ["=", "exported", true]]})");
  ASSERT_EQ(ast.status, 200) << ast.body;
  ASSERT_EQ(json::parse(ast.body).size(), 1u);
  EXPECT_EQ(json::parse(ast.body)[0]["type"], "Host");
}

TEST_F(HttpApi, OlderCommandFormInTheBody) {
  json body = {{"command", "replace facts"},
               {"version", 5},
               {"payload", testing::FleetFixture::facts("a.example.com", "Debian", 1, 1, {})}};
  ASSERT_EQ(post("/pdb/cmd/v1", body.dump()).status, 200);
  EXPECT_EQ(json::parse(get("/pdb/query/v4/nodes/a.example.com").body)["certname"],
            "a.example.com");
}

TEST_F(HttpApi, ANodeSubmitsCommandsForItselfOnly) {
  load();
  submitter = {"db1.example.com", false};
  const json theirs = testing::FleetFixture::facts("web1.example.com", "Evil", 1, 1, {});
  auto refused =
      post("/pdb/cmd/v1", theirs.dump(),
           {{"command", "replace_facts"}, {"version", "5"}, {"certname", "web1.example.com"}});
  EXPECT_EQ(refused.status, 403);
  EXPECT_EQ(refused.content_type, "text/plain; charset=utf-8");
  EXPECT_TRUE(refused.body.starts_with(
      "Permission denied: The client certificate name db1.example.com doesn't appear in the "
      "certificate allowlist."))
      << refused.body;
  // The URL naming itself does not cover a payload naming another node.
  EXPECT_EQ(post("/pdb/cmd/v1", theirs.dump(),
                 {{"command", "replace_facts"}, {"version", "5"}, {"certname", "db1.example.com"}})
                .status,
            403);
  json v4 = theirs;
  v4.erase("certname");
  v4["name"] = "web1.example.com";
  EXPECT_EQ(post("/pdb/cmd/v1", v4.dump(), {{"command", "replace_facts"}, {"version", "4"}}).status,
            403);
  EXPECT_EQ(
      json::parse(get("/pdb/query/v4/nodes/web1.example.com/facts/os").body)[0]["value"]["family"],
      "Debian");
  const json own = testing::FleetFixture::facts("db1.example.com", "Debian", 12, 1, {});
  EXPECT_EQ(post("/pdb/cmd/v1", own.dump(),
                 {{"command", "replace_facts"}, {"version", "5"}, {"certname", "db1.example.com"}})
                .status,
            200);
}

TEST_F(HttpApi, ChildPathsOfTheEntityEndpoints) {
  load();
  EXPECT_EQ(json::parse(get("/pdb/query/v4/facts/kernel").body).size(), 2u);
  EXPECT_EQ(json::parse(get("/pdb/query/v4/facts/kernel/Linux").body).size(), 2u);
  EXPECT_EQ(json::parse(get("/pdb/query/v4/nodes/web1.example.com/facts/kernel").body).size(), 1u);
  EXPECT_EQ(json::parse(get("/pdb/query/v4/resources/Class/Apache").body).size(), 1u);
  EXPECT_EQ(
      json::parse(get("/pdb/query/v4/catalogs/web1.example.com").body)["resources"]["data"].size(),
      4u);
  EXPECT_EQ(json::parse(get("/pdb/query/v4/catalogs/web1.example.com/edges").body).size(), 2u);
  auto missing = get("/pdb/query/v4/nodes/nobody");
  EXPECT_EQ(missing.status, 404);
  EXPECT_EQ(json::parse(missing.body),
            json::parse(R"({"error": "No information is known about node nobody"})"));
  json report = json::parse(get("/pdb/query/v4/reports").body)[0];
  EXPECT_EQ(json::parse(
                get("/pdb/query/v4/reports/" + report["hash"].get<std::string>() + "/events").body)
                .size(),
            1u);
}

TEST_F(HttpApi, PagingParametersAndTotal) {
  load();
  auto response =
      get("/pdb/query/v4/facts", {{"order_by", R"([{"field": "name", "order": "desc"}])"},
                                  {"limit", "2"},
                                  {"offset", "1"},
                                  {"include_total", "true"},
                                  {"query", R"(["=", "certname", "web1.example.com"])"}});
  ASSERT_EQ(response.status, 200) << response.body;
  EXPECT_EQ(response.header("X-Records"), "7");
  json rows = json::parse(response.body);
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0]["name"], "trusted");
  EXPECT_EQ(rows[1]["name"], "os");
}

TEST_F(HttpApi, Refusals) {
  EXPECT_EQ(get("/pdb/query/v4/nodes", {{"query", "[\"=\", \"certname\""}}).status, 400);
  EXPECT_EQ(get("/pdb/query/v4/nodes", {{"limit", "0"}}).status, 400);
  EXPECT_EQ(get("/pdb/query/v4/nodes", {{"order_by", "[{\"field\": \"nope\"}]"}}).status, 400);
  EXPECT_EQ(get("/pdb/query/v4", {{"query", "nodes { certname = }"}}).status, 400);
  EXPECT_EQ(get("/pdb/query/v4/nothing").status, 302);  // to its dashboard, as PuppetDB
  EXPECT_EQ(get("/nothing").status, 404);
  EXPECT_EQ(post("/pdb/cmd/v1", "{}", {{"command", "frob"}, {"version", "1"}}).status, 400);
  EXPECT_EQ(post("/pdb/cmd/v1", "not json").status, 400);
}

TEST_F(HttpApi, VersionAndStatus) {
  EXPECT_EQ(json::parse(get("/pdb/meta/v1/version").body)["version"], kPuppetDbVersion);
  EXPECT_EQ(json::parse(get("/status/v1/services/puppetdb-status").body)["state"], "running");
}

}  // namespace
}  // namespace marionette::puppetdb
