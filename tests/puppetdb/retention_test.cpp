// node-ttl, node-purge-ttl and report-ttl as PuppetDB's garbage collection applies them
// (FleetData::collect_garbage), over the fixture's fleet: web1 and web2 with facts, catalogs
// and reports, db1 with facts only, all produced on 2026-11-29 around 10:00.
#include <gtest/gtest.h>

#include "fleet_fixture.hpp"
#include "puppetdb/timestamp.hpp"

namespace marionette::puppetdb::testing {
namespace {

using nlohmann::json;
using std::chrono::hours;

std::int64_t at(const std::string& time) {
  return *parse_timestamp(time);
}

class Retention : public FleetFixture {
 protected:
  std::vector<std::string> certnames(const json& query) {
    QueryEngine engine(fleet);
    std::vector<std::string> names;
    for (const json& row : engine.entity_query("nodes", query, {}).rows)
      names.push_back(row["certname"]);
    std::sort(names.begin(), names.end());
    return names;
  }
  std::vector<std::string> active() { return certnames(nullptr); }
};

TEST_F(Retention, NodeTtlExpiresNodesWithNothingProducedSince) {
  // db1's newest data (facts) was produced at 09:59:00, web1's and web2's (reports) at 09:59:56.
  puppetdb::Retention retention;
  retention.node_ttl = hours(24 * 7);
  // 7 days and 30 s after db1's facts, 7 days less 26 s after web1's and web2's reports
  Collected first = fleet.collect_garbage(retention, at("2026-12-06T09:59:30.000Z"));
  EXPECT_EQ(first.expired, 1u);
  EXPECT_EQ(active(), (std::vector<std::string>{"web1.example.com", "web2.example.com"}));
  Collected later = fleet.collect_garbage(retention, at("2026-12-06T10:00:00.000Z"));
  EXPECT_EQ(later.expired, 2u);
  EXPECT_TRUE(active().empty());
  // Expired, as PuppetDB shows them: with node_state, and the time of the collection.
  json expired = json::array({"=", "node_state", "inactive"});
  EXPECT_EQ(certnames(expired).size(), 3u);
  EXPECT_EQ(fleet.node("web1.example.com").value()["expired"], "2026-12-06T10:00:00.000Z");
  EXPECT_EQ(fleet.node("db1.example.com").value()["expired"], "2026-12-06T09:59:30.000Z");
  // New data brings a node back, as a command does in PuppetDB.
  fleet.replace_facts(facts("db1.example.com", "RedHat", 9, 61, {"ens3"}),
                      "2026-12-06T11:00:00.000Z");
  EXPECT_EQ(active(), (std::vector<std::string>{"db1.example.com"}));
}

TEST_F(Retention, NodePurgeTtlDeletesLongInactiveNodesWithTheirData) {
  fleet.deactivate_node(
      {{"certname", "web2.example.com"}, {"producer_timestamp", "2026-11-29T12:00:00.000Z"}},
      "2026-11-29T12:00:00.000Z");
  const std::size_t keys_before = store.key_count();
  puppetdb::Retention retention;
  retention.node_purge_ttl = hours(24 * 14);
  EXPECT_EQ(fleet.collect_garbage(retention, at("2026-12-13T11:59:59.000Z")).purged, 0u);
  EXPECT_TRUE(fleet.node("web2.example.com"));
  EXPECT_EQ(fleet.collect_garbage(retention, at("2026-12-13T12:00:01.000Z")).purged, 1u);
  EXPECT_FALSE(fleet.node("web2.example.com"));
  EXPECT_FALSE(fleet.facts("web2.example.com"));
  EXPECT_FALSE(fleet.catalog("web2.example.com"));
  EXPECT_TRUE(fleet.reports("web2.example.com").empty());
  EXPECT_EQ(certnames(json::array({"=", "node_state", "any"})),
            (std::vector<std::string>{"db1.example.com", "web1.example.com"}));
  // No index names it any more: what web2 alone held is gone from the store.
  QueryEngine engine(fleet);
  json by_fact = json::array(
      {"and", {"=", "node_state", "any"}, {"=", json::array({"fact", "uptime_seconds"}), 7200}});
  EXPECT_TRUE(engine.entity_query("nodes", by_fact, {}).rows.empty());
  EXPECT_LT(store.key_count(), keys_before);
  for (const std::string& set : fleet.members(fleet.keys().resource_type("Class")))
    EXPECT_NE(set, "web2.example.com");
}

TEST_F(Retention, ReportTtlDropsReportsFromBeforeTheHorizonsDay) {
  fleet.store_report(
      [] {
        json newer = report("web1.example.com", "unchanged");
        newer["producer_timestamp"] = "2026-12-01T08:00:00.000Z";
        newer["transaction_uuid"] = "33333333-3333-4333-8333-333333333333";
        return newer;
      }(),
      "2026-12-01T08:00:00.000Z");
  ASSERT_EQ(fleet.reports("web1.example.com").size(), 2u);
  puppetdb::Retention retention;
  retention.report_ttl = hours(24 * 14);
  // 14 days before 12-13T23:00 is 11-29T23:00, whose day starts at 11-29T00:00: all kept.
  EXPECT_EQ(fleet.collect_garbage(retention, at("2026-12-13T23:00:00.000Z")).reports_dropped, 0u);
  // 14 days before 12-14T01:00 is in 11-30: the reports of 11-29 go.
  Collected collected = fleet.collect_garbage(retention, at("2026-12-14T01:00:00.000Z"));
  EXPECT_EQ(collected.reports_dropped, 2u);  // web1's first, web2's only
  std::vector<json> left = fleet.reports("web1.example.com");
  ASSERT_EQ(left.size(), 1u);
  EXPECT_EQ(left[0]["producer_timestamp"], "2026-12-01T08:00:00.000Z");
  EXPECT_EQ(fleet.node("web1.example.com").value()["latest_report_status"], "unchanged");
  // web2 has no report left: its node no longer names one, as PuppetDB's latest_report_id.
  json web2 = fleet.node("web2.example.com").value();
  EXPECT_TRUE(web2["latest_report_status"].is_null());
  EXPECT_TRUE(web2["report_timestamp"].is_null());
  EXPECT_EQ(collected.expired + collected.purged, 0u);
}

TEST_F(Retention, ZeroKeepsEverything) {
  fleet.deactivate_node({{"certname", "db1.example.com"}}, "2026-11-29T12:00:00.000Z");
  Collected collected = fleet.collect_garbage(puppetdb::Retention{}, at("2036-01-01T00:00:00Z"));
  EXPECT_EQ(collected.expired + collected.purged + collected.reports_dropped, 0u);
  EXPECT_EQ(active(), (std::vector<std::string>{"web1.example.com", "web2.example.com"}));
  EXPECT_EQ(fleet.reports("web1.example.com").size(), 1u);
}

}  // namespace
}  // namespace marionette::puppetdb::testing
