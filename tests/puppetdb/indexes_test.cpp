// The indexes kept at ingest, kept right as the fleet changes: the fact paths of the active
// nodes (fact-paths, fact-names) across replaced facts, deactivation, reactivation, expiry and
// purge; a catalog's resources kept by type, so that a query by type reads only that type.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "fleet_fixture.hpp"
#include "puppetdb/timestamp.hpp"

namespace marionette::puppetdb::testing {
namespace {

using nlohmann::json;

class Indexes : public FleetFixture {
 protected:
  /// fact-paths as "a.b.c:type".
  std::set<std::string> paths() {
    QueryEngine engine(fleet);
    std::set<std::string> found;
    for (const json& row : engine.entity_query("fact-paths", nullptr, {}).rows) {
      std::string text;
      for (const json& step : row["path"])
        text +=
            (text.empty() ? "" : ".") + (step.is_string() ? step.get<std::string>() : step.dump());
      found.insert(text + ":" + row["type"].get<std::string>());
    }
    return found;
  }
  std::set<std::string> names() {
    QueryEngine engine(fleet);
    std::set<std::string> found;
    for (const json& name : engine.entity_query("fact-names", nullptr, {}).rows) found.insert(name);
    return found;
  }
  std::vector<json> resources(const json& query) {
    QueryEngine engine(fleet);
    std::vector<json> rows;
    for (const json& row : engine.entity_query("resources", query, {}).rows) rows.push_back(row);
    std::sort(rows.begin(), rows.end());
    return rows;
  }
  json newer(json payload, const std::string& produced) {
    payload["producer_timestamp"] = produced;
    return payload;
  }
};

TEST_F(Indexes, FactPathsFollowReplacedFacts) {
  ASSERT_TRUE(paths().count("networking.interfaces.ens3.mtu:integer"));  // db1's only
  json changed = facts("db1.example.com", "RedHat", 9, 60, {"eth9"});
  changed["values"]["uptime_seconds"] = "1 minute";  // a string for db1, integers elsewhere
  changed["values"]["rack"] = "r1";
  fleet.replace_facts(newer(changed, "2026-11-29T11:00:00.000Z"), "2026-11-29T11:00:00.000Z");
  const std::set<std::string> now = paths();
  EXPECT_FALSE(now.count("networking.interfaces.ens3.mtu:integer"));  // no node has it now
  EXPECT_TRUE(now.count("networking.interfaces.eth9.mtu:integer"));
  EXPECT_TRUE(now.count("uptime_seconds:integer"));  // web1's and web2's
  EXPECT_TRUE(now.count("uptime_seconds:string"));
  EXPECT_TRUE(now.count("rack:string"));
  EXPECT_TRUE(names().count("rack"));
  // facts older than those kept change nothing
  fleet.replace_facts(facts("db1.example.com", "RedHat", 9, 60, {"ens3"}),
                      "2026-11-29T11:30:00.000Z");
  EXPECT_EQ(paths(), now);
  // the last node with a fact losing it takes the name out of fact-names
  json without_rack = newer(changed, "2026-11-29T12:00:00.000Z");
  without_rack["values"].erase("rack");
  fleet.replace_facts(without_rack, "2026-11-29T12:00:00.000Z");
  EXPECT_FALSE(names().count("rack"));
  EXPECT_FALSE(paths().count("rack:string"));
}

TEST_F(Indexes, FactPathsLeaveWithADeactivatedNodeAndComeBackWithIt) {
  ASSERT_TRUE(paths().count("networking.interfaces.lo.mtu:integer"));  // web1's only
  fleet.deactivate_node(
      {{"certname", "web1.example.com"}, {"producer_timestamp", "2026-11-29T12:00:00.000Z"}},
      "2026-11-29T12:00:00.000Z");
  EXPECT_FALSE(paths().count("networking.interfaces.lo.mtu:integer"));
  EXPECT_TRUE(paths().count("networking.interfaces.eth0.mtu:integer"));  // web2 has it too
  // a catalog produced after the deactivation brings web1 back, with its facts' paths
  fleet.replace_catalog(newer(catalog("web1.example.com", "80"), "2026-11-29T13:00:00.000Z"),
                        "2026-11-29T13:00:00.000Z");
  EXPECT_TRUE(paths().count("networking.interfaces.lo.mtu:integer"));
  // and so do new facts after a second deactivation
  fleet.deactivate_node(
      {{"certname", "web1.example.com"}, {"producer_timestamp", "2026-11-29T14:00:00.000Z"}},
      "2026-11-29T14:00:00.000Z");
  EXPECT_FALSE(paths().count("networking.interfaces.lo.mtu:integer"));
  fleet.replace_facts(
      newer(facts("web1.example.com", "Debian", 12, 3600, {"lo"}), "2026-11-29T15:00:00.000Z"),
      "2026-11-29T15:00:00.000Z");
  EXPECT_TRUE(paths().count("networking.interfaces.lo.mtu:integer"));
}

TEST_F(Indexes, FactPathsLeaveWithExpiredAndPurgedNodes) {
  puppetdb::Retention retention;
  retention.node_ttl = std::chrono::hours(24 * 7);
  fleet.collect_garbage(retention, *parse_timestamp("2026-12-06T10:00:00.000Z"));  // all expire
  EXPECT_TRUE(paths().empty());
  EXPECT_TRUE(names().empty());
  fleet.replace_facts(
      newer(facts("db1.example.com", "RedHat", 9, 60, {"ens3"}), "2026-12-06T11:00:00.000Z"),
      "2026-12-06T11:00:00.000Z");
  EXPECT_TRUE(paths().count("networking.interfaces.ens3.mtu:integer"));
  EXPECT_FALSE(paths().count("networking.interfaces.lo.mtu:integer"));
  // purged (expired 14 days before): web1 and web2 and their data are gone; db1 stays
  retention.node_purge_ttl = std::chrono::hours(24 * 14);
  retention.node_ttl = std::chrono::hours(24 * 30);
  Collected purged = fleet.collect_garbage(retention, *parse_timestamp("2026-12-20T10:30:00.000Z"));
  EXPECT_EQ(purged.purged, 2u);
  EXPECT_FALSE(store.get_field(fleet.keys().resources("web1.example.com"), "Class"));
  EXPECT_TRUE(paths().count("networking.interfaces.ens3.mtu:integer"));
  EXPECT_TRUE(paths().count("os.family:string"));
  // a purged node sent again is indexed again
  fleet.replace_facts(
      newer(facts("web1.example.com", "Debian", 12, 3600, {"lo"}), "2026-12-20T11:00:00.000Z"),
      "2026-12-20T11:00:00.000Z");
  EXPECT_TRUE(paths().count("networking.interfaces.lo.mtu:integer"));
}

TEST_F(Indexes, ResourcesByTypeAreThoseOfTheFullCatalog) {
  const json by_type =
      json::array({"and", json::array({"=", "type", "File"}), json::array({"=", "tag", "motd"})});
  const std::vector<json> typed = resources(by_type);
  ASSERT_EQ(typed.size(), 2u);
  // the same rows, `resource` hash included, as a query that reads every type
  EXPECT_EQ(typed, resources(json::array({"=", "tag", "motd"})));
  EXPECT_EQ(typed[0]["resource"].get<std::string>().size(), 40u);
  // a query on the hash itself reads it before matching
  const json by_hash = json::array({"and", json::array({"=", "type", "File"}),
                                    json::array({"=", "resource", typed[0]["resource"]})});
  EXPECT_EQ(resources(by_hash), std::vector<json>{typed[0]});
}

TEST_F(Indexes, AReplacedCatalogDropsTheTypesItNoLongerHas) {
  json without_file = newer(catalog("web1.example.com", "80"), "2026-11-29T11:00:00.000Z");
  json& listed = without_file["resources"];
  listed.erase(std::remove_if(listed.begin(), listed.end(),
                              [](const json& r) { return r["type"] == "File"; }),
               listed.end());
  without_file["edges"].erase(1);
  fleet.replace_catalog(without_file, "2026-11-29T11:00:00.000Z");
  std::vector<json> files = resources(json::array({"=", "type", "File"}));
  ASSERT_EQ(files.size(), 1u);
  EXPECT_EQ(files[0]["certname"], "web2.example.com");
  EXPECT_FALSE(store.get_field(fleet.keys().resources("web1.example.com"), "File"));
  EXPECT_EQ(fleet.catalog("web1.example.com").value()["resources"].size(), 3u);
  EXPECT_EQ(resources(json::array({"=", "certname", "web1.example.com"})).size(), 3u);
}

}  // namespace
}  // namespace marionette::puppetdb::testing
