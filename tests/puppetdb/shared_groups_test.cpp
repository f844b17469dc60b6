// Layout 9's shared catalog groups (catalog_body_parts, KeyLayout::shared_groups): the groups
// of a catalog that do not name its node are kept once for every node that has the same, and
// let go of when the last body that names them is replaced or purged.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <sstream>

#include "puppetdb/fleet_data.hpp"
#include "puppetdb/packed_resources.hpp"
#include "puppetdb/query_engine.hpp"
#include "puppetdb/store.hpp"
#include "puppetdb/timestamp.hpp"

namespace marionette::puppetdb {
namespace {

using nlohmann::json;

json resource(const std::string& type, const std::string& title, json parameters) {
  return {{"type", type},
          {"title", title},
          {"tags", {"class", "role"}},
          {"exported", false},
          {"file", "/etc/site.pp"},
          {"line", 3},
          {"parameters", std::move(parameters)}};
}

json ref(const std::string& type, const std::string& title) {
  return {{"type", type}, {"title", title}};
}

/// A role's catalog: packages and users of the role (shared by its nodes), a file that names
/// the node, and edges between them.
json role_catalog(const std::string& certname, const std::string& role, const std::string& time) {
  json resources = json::array({resource("Class", "Role::" + role, json::object())});
  json edges = json::array();
  for (int n = 0; n < 12; ++n) {
    const std::string package = role + "-package-" + std::to_string(n);
    resources.push_back(resource("Package", package, {{"ensure", "installed"}}));
    edges.push_back({{"source", ref("Class", "Role::" + role)},
                     {"target", ref("Package", package)},
                     {"relationship", "contains"}});
  }
  resources.push_back(resource("User", "deploy", {{"uid", 2000}, {"shell", "/bin/bash"}}));
  resources.push_back(
      resource("File", "/etc/motd", {{"content", "managed for " + certname + "\n"}}));
  edges.push_back({{"source", ref("Package", role + "-package-0")},
                   {"target", ref("File", "/etc/motd")},
                   {"relationship", "before"}});
  return {{"certname", certname},
          {"version", "1700000000"},
          {"environment", "production"},
          {"transaction_uuid", "11111111-1111-4111-8111-111111111111"},
          {"catalog_uuid", "22222222-2222-4222-8222-222222222222"},
          {"code_id", nullptr},
          {"job_id", nullptr},
          {"producer_timestamp", time},
          {"producer", "puppet.example.com"},
          {"resources", std::move(resources)},
          {"edges", std::move(edges)}};
}

/// The shared parts the store keeps: {key, how many bodies name it}.
std::map<std::string, std::string> shared_parts(MemoryStore& store) {
  std::map<std::string, std::string> parts;
  std::istringstream lines(store.contents());
  for (std::string line; std::getline(lines, line);) {
    const std::size_t at = line.find("test:pdb:shared:");
    if (at == std::string::npos) continue;
    const std::string key = line.substr(at, line.find(' ', at) - at);
    parts[key] = store.get_field(key, "n").value_or("");
  }
  return parts;
}

std::vector<json> sorted(json items) {
  std::vector<json> out(items.begin(), items.end());
  std::sort(out.begin(), out.end(),
            [](const json& a, const json& b) { return a.dump() < b.dump(); });
  return out;
}

/// The catalog as read back has the resources and edges sent (in any order).
void expect_read_back(FleetData& fleet, const json& sent) {
  std::optional<json> read = fleet.catalog(sent["certname"]);
  ASSERT_TRUE(read);
  EXPECT_EQ(sorted((*read)["resources"]), sorted(sent["resources"]));
  EXPECT_EQ(sorted((*read)["edges"]), sorted(sent["edges"]));
}

TEST(SharedGroups, NodesOfOneRoleKeepTheirCommonGroupsOnce) {
  MemoryStore store;
  FleetData fleet(store, "test");
  const std::string now = "2026-12-02T01:00:00.000Z";
  const json web1 = role_catalog("web1.example.com", "web", now),
             web2 = role_catalog("web2.example.com", "web", now);
  fleet.replace_catalog(web1, now);
  fleet.replace_catalog(web2, now);

  const std::map<std::string, std::string> parts = shared_parts(store);
  ASSERT_EQ(parts.size(), 1u);
  EXPECT_EQ(parts.begin()->second, "2");
  // the node's own body holds the file that names it, and names the part
  const std::string body = store.get(fleet.keys().catalog_body("web1.example.com")).value();
  const CatalogBody own(body);
  EXPECT_EQ("test:pdb:shared:" + own.shared_part(), parts.begin()->first);
  EXPECT_EQ(body.find("Package"), std::string::npos);
  EXPECT_NE(body.find("\"File\""), std::string::npos);

  expect_read_back(fleet, web1);
  expect_read_back(fleet, web2);
  // a query by type reads the shared group; by title too
  QueryEngine engine(fleet);
  EXPECT_EQ(engine.entity_query("resources", json::array({"=", "type", "Package"}), {}).rows.size(),
            24u);
  const json user = json::array(
      {"and", json::array({"=", "type", "User"}), json::array({"=", "title", "deploy"})});
  EXPECT_EQ(engine.entity_query("resources", user, {}).rows.size(), 2u);
}

TEST(SharedGroups, AReplacedOrPurgedBodyLetsGoOfItsPart) {
  MemoryStore store;
  FleetData fleet(store, "test");
  const std::string first = "2026-12-02T01:00:00.000Z", later = "2026-12-02T02:00:00.000Z";
  fleet.replace_catalog(role_catalog("web1.example.com", "web", first), first);
  fleet.replace_catalog(role_catalog("web2.example.com", "web", first), first);
  // web1 becomes a database: the web part is named once, the db part once
  const json db = role_catalog("web1.example.com", "db", later);
  fleet.replace_catalog(db, later);
  std::map<std::string, std::string> parts = shared_parts(store);
  ASSERT_EQ(parts.size(), 2u);
  for (const auto& [key, count] : parts) EXPECT_EQ(count, "1") << key;
  expect_read_back(fleet, db);
  expect_read_back(fleet, role_catalog("web2.example.com", "web", first));

  // web2 deactivated and purged: the web part goes with it
  fleet.deactivate_node({{"certname", "web2.example.com"}, {"producer_timestamp", later}}, later);
  Retention retention;
  retention.node_purge_ttl = std::chrono::hours(1);
  ASSERT_EQ(fleet.collect_garbage(retention, *parse_timestamp("2026-12-02T04:00:00.000Z")).purged,
            1u);
  parts = shared_parts(store);
  ASSERT_EQ(parts.size(), 1u);
  EXPECT_EQ(parts.begin()->first,
            "test:pdb:shared:" +
                CatalogBody(store.get(fleet.keys().catalog_body("web1.example.com")).value())
                    .shared_part());
  // the same catalog again names the same part once
  const std::string again = "2026-12-02T05:00:00.000Z";
  json changed = role_catalog("web1.example.com", "db", again);
  changed["resources"].back()["parameters"]["content"] = "changed for web1.example.com\n";
  fleet.replace_catalog(changed, again);
  parts = shared_parts(store);
  ASSERT_EQ(parts.size(), 1u);
  EXPECT_EQ(parts.begin()->second, "1");
  expect_read_back(fleet, changed);
}

/// A store in which the node's catalog is replaced, by another server, between a reader's read
/// of its body and of the shared part that body named.
class ReplacedWhileReadStore : public MemoryStore {
 public:
  std::optional<std::string> get_field(const std::string& key, const std::string& field) override {
    if (replace && key.find(":shared:") != std::string::npos) {
      std::function<void()> now = std::move(replace);
      replace = nullptr;
      now();
    }
    return MemoryStore::get_field(key, field);
  }
  std::function<void()> replace;
};

TEST(SharedGroups, ABodyReplacedWhileItsPartIsReadIsReadAgain) {
  ReplacedWhileReadStore store;
  FleetData fleet(store, "test"), other_server(store, "test");
  const std::string first = "2026-12-02T01:00:00.000Z", later = "2026-12-02T02:00:00.000Z";
  // roles of their own: no part of theirs is kept in this process yet
  fleet.replace_catalog(role_catalog("web1.example.com", "raced", first), first);
  const json newer = role_catalog("web1.example.com", "racing", later);
  store.replace = [&] { other_server.replace_catalog(newer, later); };
  expect_read_back(fleet, newer);
  EXPECT_FALSE(store.replace);
  EXPECT_EQ(shared_parts(store).size(), 1u);
}

TEST(SharedGroups, GroupsThatNameTheNodeOrAreSmallStayInItsBody) {
  const std::map<std::string, std::string> groups = {
      {"File", R"([["/etc/motd",[],false,null,null,{"content":"for node7.example.com"}]])"},
      {"Host", R"([["node7",[],false,null,null,{"ip":"10.0.0.7"}]])"},
      {"Class", R"([["Main",[],false,null,null,{}]])"}};
  // the class is not the node's, but too small to be worth a key of its own
  CatalogBodyParts parts = catalog_body_parts(groups, "[]", "node7.example.com");
  EXPECT_TRUE(parts.shared_name.empty());
  EXPECT_EQ(parts.body, catalog_body_text(groups, "[]"));

  std::map<std::string, std::string> larger = groups;
  larger["Package"] = "[";
  for (int n = 0; n < 20; ++n)
    larger["Package"] += (n ? "," : "") + std::string(R"(["pkg-)") + std::to_string(n) +
                         R"(",["package"],false,null,null,{"ensure":"installed"}])";
  larger["Package"] += "]";
  parts = catalog_body_parts(larger, "[]", "node7.example.com");
  ASSERT_FALSE(parts.shared_name.empty());
  const CatalogBody shared(parts.shared);
  std::vector<std::string> types;
  for (const auto& [type, packed] : shared.groups()) types.push_back(type);
  EXPECT_EQ(types, (std::vector<std::string>{"Class", "Package"}));
  CatalogBody own(parts.body);
  EXPECT_THROW(own.groups(), StoreError) << "a body reads nothing without its shared part";
  own.attach(std::make_shared<const CatalogBody::Groups>(shared.groups()));
  EXPECT_EQ(own.groups(), CatalogBody(catalog_body_text(larger, "[]")).groups());
}

TEST(SharedGroups, EdgesNumberTheResourcesOfBothPartsAsOneBody) {
  const json sent = role_catalog("web1.example.com", "web", "2026-12-02T01:00:00.000Z");
  std::map<std::string, std::string> groups = pack_by_type(sent["resources"]);
  const CatalogBodyParts parts =
      catalog_body_parts(groups, sent["edges"].dump(), "web1.example.com");
  ASSERT_FALSE(parts.shared_name.empty());
  CatalogBody own(parts.body);
  own.attach(std::make_shared<const CatalogBody::Groups>(CatalogBody(parts.shared).groups()));
  EXPECT_EQ(sorted(own.edges()), sorted(sent["edges"]));
  EXPECT_EQ(own.group("Package"), groups["Package"]);
  EXPECT_EQ(own.group("File"), groups["File"]);
  EXPECT_FALSE(own.group("Service"));
  // the same groups name the same part, whichever node sends them
  const json web2 = role_catalog("web2.example.com", "web", "2026-12-02T01:00:00.000Z");
  EXPECT_EQ(
      catalog_body_parts(pack_by_type(web2["resources"]), "[]", "web2.example.com").shared_name,
      parts.shared_name);
}

}  // namespace
}  // namespace marionette::puppetdb
