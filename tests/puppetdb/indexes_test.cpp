// The indexes kept at ingest, kept right as the fleet changes: the fact paths of the active
// nodes (fact-paths, fact-names) across replaced facts, deactivation, reactivation, expiry and
// purge; a catalog's resources kept by type, so that a query by type reads only that type; the
// facts kept by top-level name, so that a query reads only the facts it names; the latest
// report's status and events in the node's document and its indexes, so that failed nodes and
// the latest failure events are answered without reading reports; a store an earlier build
// wrote (facts whole, nodes without the latest report's summary, certnames in the leaf and
// title indexes) still answered; every index of fact names, leaves, resource types, titles,
// tags and exported types holds node ids (a set, then a bitmap once most nodes share it).
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <sstream>

#include "fleet_fixture.hpp"
#include "puppetdb/fact_object.hpp"
#include "puppetdb/packed_resources.hpp"
#include "puppetdb/rows.hpp"
#include "puppetdb/stored_text.hpp"
#include "puppetdb/timestamp.hpp"

namespace marionette::puppetdb::testing {
namespace {

using nlohmann::json;

class Indexes : public FleetFixture {
 protected:
  /// old1.example.com as an earlier build stored it: one facts document with the values
  /// (os.family Debian, kernel Linux) inline.
  void put_node_with_inline_facts() {
    const json whole = {{"certname", "old1.example.com"},
                        {"environment", "production"},
                        {"timestamp", "2026-11-29T10:00:00.000Z"},
                        {"producer_timestamp", "2026-11-29T10:00:00.000Z"},
                        {"producer", "puppet.example.com"},
                        {"hash", "0"},
                        {"values", {{"os", {{"family", "Debian"}}}, {"kernel", "Linux"}}}};
    store.put(fleet.keys().facts("old1.example.com"), whole.dump());
    store.put(
        fleet.keys().node("old1.example.com"),
        json({{"certname", "old1.example.com"}, {"deactivated", nullptr}, {"expired", nullptr}})
            .dump());
    store.add_member(fleet.keys().all_nodes(), "old1.example.com");
  }
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
  /// The id a leaf index keeps in its first-id field ("" for none).
  std::string first_id(const std::string& key) {
    const std::optional<Store::Field> first = fleet.keys().first_id_of(key);
    return first ? store.get_field(first->key, first->field).value_or("") : "";
  }
  /// The node's id out of the index, wherever it is kept.
  void drop_id(const std::string& key, const std::string& id) {
    store.remove_member(key, id);
    if (const std::optional<Store::Field> first = fleet.keys().first_id_of(key))
      store.remove_field_if(first->key, first->field, id);
  }
  std::string id_of(const std::string& certname) {
    return fleet.node(certname).value()["node_id"].dump();
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
  EXPECT_FALSE(store.get(fleet.keys().catalog_body("web1.example.com")));
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
  EXPECT_FALSE(
      CatalogBody(store.get(fleet.keys().catalog_body("web1.example.com")).value()).group("File"));
  EXPECT_EQ(fleet.catalog("web1.example.com").value()["resources"].size(), 3u);
  EXPECT_EQ(resources(json::array({"=", "certname", "web1.example.com"})).size(), 3u);
}

TEST_F(Indexes, ANodesQueryByFactReadsTheValuesWithoutTheFactsHeader) {
  // web1's facts header damaged: a nodes query by fact reads only its fact-object, the facts
  // entity (whose rows carry the header's environment) reads the header too
  store.put(fleet.keys().facts("web1.example.com"), "{not json");
  EXPECT_EQ(certnames("nodes", json::array({"=", json::array({"fact", "kernel"}), "Linux"})),
            (std::vector<std::string>{"db1.example.com", "web1.example.com", "web2.example.com"}));
  EXPECT_EQ(certnames("nodes", json::array({"=", "facts.os.family", "Debian"})),
            (std::vector<std::string>{"web1.example.com", "web2.example.com"}));
  EXPECT_THROW(rows("facts", json::array({"=", "certname", "web1.example.com"})), StoreError);
}

TEST_F(Indexes, FactsAreKeptAsOneObjectAndAQueryParsesOnlyThoseItNames) {
  const KeyLayout& keys = fleet.keys();
  const std::optional<std::string> object = store.get(keys.fact_object("web1.example.com"));
  ASSERT_TRUE(object);
  EXPECT_EQ(static_cast<unsigned char>((*object)[0]), 0x02);  // deflated, in two pieces
  EXPECT_TRUE(store.fields(keys.fact_values("web1.example.com")).empty());
  json values = fleet.facts("web1.example.com").value()["values"];
  ASSERT_TRUE(values.contains("os") && values.contains("kernel"));
  // a damaged `networking` is not parsed by a query on os and kernel, only by one reading all
  std::string text = values.dump();
  const std::string networking = "\"networking\":" + values["networking"].dump();
  ASSERT_NE(text.find(networking), std::string::npos);
  text.replace(text.find(networking), networking.size(), "\"networking\":{\"eth0\":nope}");
  store.put(keys.fact_object("web1.example.com"), text);
  const json by_two =
      json::array({"extract", json::array({"certname"}),
                   json::array({"and", json::array({"=", "facts.os.release.major", "12"}),
                                json::array({"=", "facts.kernel", "Linux"})})});
  EXPECT_EQ(rows("inventory", by_two), json::array({{{"certname", "web1.example.com"}}}));
  EXPECT_EQ(certnames("nodes", json::array({"=", json::array({"fact", "kernel"}), "Linux"})),
            (std::vector<std::string>{"db1.example.com", "web1.example.com", "web2.example.com"}));
  EXPECT_THROW(rows("inventory", json::array({"=", "certname", "web1.example.com"})), StoreError);
  EXPECT_THROW(rows("facts", json::array({"=", "certname", "web1.example.com"})), StoreError);
}

TEST_F(Indexes, ReplacedFactsDropTheNamesTheyNoLongerHaveAndAPurgeDropsThemAll) {
  json changed =
      newer(facts("web1.example.com", "Debian", 12, 3600, {"eth0"}), "2026-11-29T11:00:00.000Z");
  changed["values"].erase("kernel");
  fleet.replace_facts(changed, "2026-11-29T11:00:00.000Z");
  const std::string object = fleet.keys().fact_object("web1.example.com");
  const json kept = json::parse(FactObject(store.get(object).value()).text());
  EXPECT_FALSE(kept.contains("kernel"));
  EXPECT_TRUE(kept.contains("os"));
  const json answer = rows("facts", json::array({"=", "certname", "web1.example.com"}));
  EXPECT_EQ(answer.size(), changed["values"].size());
  // the whole facts, as sent, in the inventory
  EXPECT_EQ(rows("inventory", json::array({"=", "certname", "web1.example.com"}))[0]["facts"],
            changed["values"]);
  puppetdb::Retention retention;
  retention.node_ttl = std::chrono::hours(24);
  retention.node_purge_ttl = std::chrono::hours(24);
  fleet.collect_garbage(retention, *parse_timestamp("2026-12-29T10:00:00.000Z"));  // expired
  fleet.collect_garbage(retention, *parse_timestamp("2027-01-29T10:00:00.000Z"));  // purged
  EXPECT_FALSE(store.get(object));
  EXPECT_FALSE(store.get(fleet.keys().facts("web1.example.com")));
}

TEST_F(Indexes, FactsStoredWholeByAnEarlierBuildStillAnswer) {
  // the earlier layout: one document with the values inline, no fact-values hash
  put_node_with_inline_facts();
  EXPECT_EQ(rows("inventory", json::array({"extract", json::array({"certname", "facts.kernel"}),
                                           json::array({"=", "certname", "old1.example.com"})})),
            json::array({{{"certname", "old1.example.com"}, {"facts.kernel", "Linux"}}}));
  EXPECT_EQ(rows("facts", json::array({"=", "certname", "old1.example.com"})).size(), 2u);
  // its next facts replace the document in the new layout
  fleet.replace_facts(
      newer(facts("old1.example.com", "RedHat", 9, 60, {"ens3"}), "2026-11-29T11:00:00.000Z"),
      "2026-11-29T11:00:00.000Z");
  EXPECT_TRUE(store.get(fleet.keys().fact_object("old1.example.com")));
  EXPECT_FALSE(json::parse(json_text(store.get(fleet.keys().facts("old1.example.com")).value()))
                   .contains("values"));
  EXPECT_EQ(rows("facts", json::array({"=", "certname", "old1.example.com"})).size(), 7u);
}

TEST_F(Indexes, FactsRowsWrittenAsTextAreTheRowsAsValuesDump) {
  // an earlier build's node too: its values inline, answered through the rows as values
  put_node_with_inline_facts();
  // a fact whose name and value need escapes, and a float
  json odd =
      newer(facts("db1.example.com", "Debian", 12, 3600, {"eth0"}), "2026-11-29T11:00:00.000Z");
  odd["values"]["quoted \"name\"\n"] = "tab\there \u00e9";
  odd["values"]["load"] = 0.1;
  fleet.replace_facts(odd, "2026-11-29T11:00:00.000Z");
  QueryEngine text_engine(fleet, true);
  for (const char* query :
       {R"(["=", "certname", "web1.example.com"])", R"(["=", "certname", "old1.example.com"])",
        R"(["=", "certname", "db1.example.com"])", R"(["=", "name", "os"])",
        R"(["and", ["=", "name", "kernel"], ["=", "value", "Linux"]])", R"(["=", "value", 0.1])",
        R"(["~", "name", "quoted"])", R"(["=", "environment", "production"])",
        R"(["not", ["=", "name", "kernel"]])"}) {
    SCOPED_TRACE(query);
    const json condition = json::parse(query);
    const QueryAnswer answer = text_engine.entity_query("facts", condition, {});
    ASSERT_TRUE(answer.text);
    const json expected = rows("facts", condition);
    ASSERT_FALSE(expected.empty());
    EXPECT_EQ(*answer.text, expected.dump());
    Paging paging;
    paging.limit = 2;
    paging.offset = 1;
    paging.include_total = true;
    const QueryAnswer paged = text_engine.entity_query("facts", condition, paging);
    json rest = json::array();
    for (std::size_t i = 1; i < expected.size() && i < 3; ++i) rest.push_back(expected[i]);
    EXPECT_EQ(*paged.text, rest.dump());
    EXPECT_EQ(paged.total, expected.size());
  }
}

TEST_F(Indexes, TheLatestReportsStatusAndEventsAreAnsweredFromTheNodesDocument) {
  fleet.store_report(report("db1.example.com", "failed"), "2026-11-29T10:03:00.000Z");
  const json failed = json::array({"extract", json::array({"certname", "status"}),
                                   json::array({"and", json::array({"=", "status", "failed"}),
                                                json::array({"=", "latest_report?", true})})});
  const json success_events =
      json::array({"extract", json::array({"certname", "resource_title", "containing_class"}),
                   json::array({"and", json::array({"=", "status", "success"}),
                                json::array({"=", "latest_report?", true})})});
  const json expected_failed =
      json::array({{{"certname", "db1.example.com"}, {"status", "failed"}}});
  const json expected_events = json::array({{{"certname", "web1.example.com"},
                                             {"resource_title", "/etc/motd"},
                                             {"containing_class", "Apache"}}});
  // answered from the reports themselves (a field the nodes' documents do not keep) …
  EXPECT_EQ(
      rows("reports", json::array({"extract", json::array({"certname", "status"}),
                                   json::array({"and", failed[2],
                                                json::array({"null?", "start_time", false})})})),
      expected_failed);
  EXPECT_EQ(rows("events", json::array({"extract", success_events[1],
                                        json::array({"and", success_events[2],
                                                     json::array({"null?", "message", false})})})),
            expected_events);
  // … and the same with every report damaged: from the nodes' documents and the indexes
  for (const char* node : {"web1.example.com", "web2.example.com", "db1.example.com"}) {
    store.remove(fleet.keys().reports(node));
    store.push_bounded(fleet.keys().reports(node), "{damaged", 20);
  }
  EXPECT_EQ(rows("reports", failed), expected_failed);
  EXPECT_EQ(rows("events", success_events), expected_events);
  EXPECT_EQ(store.members(fleet.keys().latest_report_status("failed")),
            std::vector<std::string>{"db1.example.com"});
  EXPECT_EQ(store.members(fleet.keys().latest_event_status("success")),
            std::vector<std::string>{"web1.example.com"});
  EXPECT_EQ(certnames("nodes", json::array({"=", "latest_report_status", "failed"})),
            std::vector<std::string>{"db1.example.com"});
}

TEST_F(Indexes, FailedNodesWrittenAsTextAreTheRowsAsValuesDump) {
  fleet.store_report(report("db1.example.com", "failed"), "2026-11-29T10:03:00.000Z");
  json later = report("web1.example.com", "failed");
  later["producer_timestamp"] = "2026-11-29T11:00:00.000Z";
  fleet.store_report(later, "2026-11-29T11:00:00.000Z");
  QueryEngine text_engine(fleet, true);
  for (const char* fields :
       {R"(["certname"])", R"(["certname", "latest_report?"])",
        R"(["status", "certname", "latest_report?", "status"])", R"(["latest_report?"])"}) {
    SCOPED_TRACE(fields);
    const json query = json::array({"extract", json::parse(fields),
                                    json::array({"and", json::array({"=", "latest_report?", true}),
                                                 json::array({"=", "status", "failed"})})});
    const json expected = rows("reports", query);
    ASSERT_EQ(expected.size(), 2u);
    const QueryAnswer answer = text_engine.entity_query("reports", query, {});
    ASSERT_TRUE(answer.text);
    EXPECT_EQ(*answer.text, expected.dump());
    Paging paging;
    paging.offset = 1;
    paging.include_total = true;
    const QueryAnswer paged = text_engine.entity_query("reports", query, paging);
    ASSERT_TRUE(paged.text);
    EXPECT_EQ(*paged.text, json::array({expected[1]}).dump());
    EXPECT_EQ(paged.total, 2u);
  }
}

TEST_F(Indexes, FailedNodesAreAnsweredFromTheKeptStatusesWhichFollowEveryServersWrites) {
  const json failed_nodes =
      json::array({"extract", json::array({"certname", "latest_report?"}),
                   json::array({"and", json::array({"=", "latest_report?", true}),
                                json::array({"=", "status", "failed"})})});
  const std::string kept = fleet.keys().latest_statuses();
  FleetData other(store, "test");  // a second server on the same store
  other.store_report(report("db1.example.com", "failed"), "2026-11-29T10:03:00.000Z");
  EXPECT_EQ(store.get_field(kept, "db1.example.com"), "a:failed");
  EXPECT_EQ(store.get_field(kept, "web1.example.com"), "a:changed");
  const json expected = json::array({{{"certname", "db1.example.com"}, {"latest_report?", true}}});
  EXPECT_EQ(rows("reports", failed_nodes), expected);
  // the nodes' documents are not read: damaged, the answer is the same
  const std::string document = store.get(fleet.keys().node("db1.example.com")).value();
  store.put(fleet.keys().node("db1.example.com"), "{damaged");
  EXPECT_EQ(rows("reports", failed_nodes), expected);
  store.put(fleet.keys().node("db1.example.com"), document);
  // deactivated: still its latest report (reports are not filtered by node state)
  other.deactivate_node(
      {{"certname", "db1.example.com"}, {"producer_timestamp", "2026-11-29T12:00:00.000Z"}},
      "2026-11-29T12:00:00.000Z");
  EXPECT_EQ(store.get_field(kept, "db1.example.com"), "i:failed");
  EXPECT_EQ(rows("reports", failed_nodes), expected);
  // a newer report of web1 from the other server: web1 joins; an earlier build's node (nothing
  // kept) is read from its document
  json later = report("web1.example.com", "failed");
  later["producer_timestamp"] = "2026-11-29T11:00:00.000Z";
  other.store_report(later, "2026-11-29T11:00:00.000Z");
  store.remove_field(kept, "db1.example.com");
  const json both = json::array({{{"certname", "db1.example.com"}, {"latest_report?", true}},
                                 {{"certname", "web1.example.com"}, {"latest_report?", true}}});
  EXPECT_EQ(rows("reports", failed_nodes), both);
  // a node in the index whose kept status says otherwise (a write half done) is left out
  store.put_field(kept, "db1.example.com", "i:changed");
  EXPECT_EQ(rows("reports", failed_nodes),
            json::array({{{"certname", "web1.example.com"}, {"latest_report?", true}}}));
  store.put_field(kept, "db1.example.com", "i:failed");
  // purged: its kept status goes with it
  puppetdb::Retention retention;
  retention.node_purge_ttl = std::chrono::hours(24);
  other.collect_garbage(retention, *parse_timestamp("2026-12-20T12:00:00.000Z"));
  EXPECT_FALSE(store.get_field(kept, "db1.example.com"));
  EXPECT_EQ(certnames("reports", failed_nodes), std::vector<std::string>{"web1.example.com"});
}

TEST_F(Indexes, LatestFailureEventsAreAnsweredFromTheKeptFailuresWhichFollowEveryServersWrites) {
  const json failure_events =
      json::array({"extract", json::array({"certname", "resource_title", "environment"}),
                   json::array({"and", json::array({"=", "status", "failure"}),
                                json::array({"=", "latest_report?", true})})});
  const std::string kept = fleet.keys().latest_failures();
  // the answer as rows, and as the HTTP API's text written from the kept failures
  QueryEngine as_text(fleet, true);
  auto answers = [&](const json& expected) {
    EXPECT_EQ(rows("events", failure_events), expected);
    const QueryAnswer text = as_text.entity_query("events", failure_events, {});
    ASSERT_TRUE(text.text);
    EXPECT_EQ(json::parse(*text.text), expected);
  };
  // a report of db1 with a failure and a success event, from a second server on the store
  auto failing = [](const std::string& certname, const std::string& produced) {
    json payload = report(certname, "changed");
    json& resources = payload["resources"];
    resources[0]["events"][0]["status"] = "failure";
    json ok = resources[0];
    ok["resource_title"] = "/etc/issue";
    ok["events"][0]["status"] = "success";
    resources.push_back(ok);
    payload["status"] = "failed";
    payload["producer_timestamp"] = produced;
    return payload;
  };
  FleetData other(store, "test");
  other.store_report(failing("db1.example.com", "2026-11-29T10:03:00.000Z"),
                     "2026-11-29T10:03:00.000Z");
  // only the failure, and only for a node whose latest report has one
  const std::string db1 = store.get_field(kept, "db1.example.com").value();
  EXPECT_EQ(db1.substr(0, 2), "a:");
  EXPECT_NE(db1.find("/etc/motd"), std::string::npos) << db1;
  EXPECT_EQ(db1.find("/etc/issue"), std::string::npos) << db1;
  EXPECT_FALSE(store.get_field(kept, "web1.example.com"));  // its latest run's event succeeded
  const json expected = json::array({{{"certname", "db1.example.com"},
                                      {"resource_title", "/etc/motd"},
                                      {"environment", "production"}}});
  answers(expected);
  // the node's document is not read: damaged, the answer is the same
  const std::string document = store.get(fleet.keys().node("db1.example.com")).value();
  store.put(fleet.keys().node("db1.example.com"), "{damaged");
  answers(expected);
  store.put(fleet.keys().node("db1.example.com"), document);
  // deactivated: still its latest report's events (events are not filtered by node state)
  other.deactivate_node(
      {{"certname", "db1.example.com"}, {"producer_timestamp", "2026-11-29T12:00:00.000Z"}},
      "2026-11-29T12:00:00.000Z");
  EXPECT_EQ(store.get_field(kept, "db1.example.com").value().substr(0, 2), "i:");
  answers(expected);
  // web1's newer failing report joins; an earlier build's node (nothing kept) is read from its
  // document, as is one whose kept text is not ours
  other.store_report(failing("web1.example.com", "2026-11-29T11:00:00.000Z"),
                     "2026-11-29T11:00:00.000Z");
  ASSERT_TRUE(store.get_field(kept, "web1.example.com"));
  const json both = json::array({expected[0],
                                 {{"certname", "web1.example.com"},
                                  {"resource_title", "/etc/motd"},
                                  {"environment", "production"}}});
  answers(both);
  store.remove_field(kept, "web1.example.com");
  store.put_field(kept, "db1.example.com", "a:[damaged");
  answers(both);
  // a newer report without a failure takes web1's field and rows away
  json fixed = report("web1.example.com", "changed");
  fixed["producer_timestamp"] = "2026-11-29T11:30:00.000Z";
  other.store_report(failing("web1.example.com", "2026-11-29T11:20:00.000Z"),
                     "2026-11-29T11:20:00.000Z");
  ASSERT_TRUE(store.get_field(kept, "web1.example.com"));
  other.store_report(fixed, "2026-11-29T11:30:00.000Z");
  EXPECT_FALSE(store.get_field(kept, "web1.example.com"));
  answers(expected);
  // purged: its kept failures go with it
  puppetdb::Retention retention;
  retention.node_purge_ttl = std::chrono::hours(24);
  other.collect_garbage(retention, *parse_timestamp("2026-12-20T12:00:00.000Z"));
  EXPECT_FALSE(store.get_field(kept, "db1.example.com"));
  answers(json::array());
}

TEST_F(Indexes, FactAndResourceRowsTakeTheNodesStateFromTheKeptStatusesNotTheirDocuments) {
  const std::string kept = fleet.keys().latest_statuses();
  const json apache = json::array(
      {"and", json::array({"=", "type", "Class"}), json::array({"=", "title", "Apache"})});
  const json family = json::array({"=", "name", "os"});
  ASSERT_EQ(certnames("resources", apache),
            (std::vector<std::string>{"web1.example.com", "web2.example.com"}));
  const json resources_before = rows("resources", apache);
  const json facts_before = rows("facts", family);
  // the nodes' documents are not read: damaged, the answers are the same
  std::map<std::string, std::string> documents;
  for (const std::string name : {"web1.example.com", "web2.example.com", "db1.example.com"}) {
    documents[name] = store.get(fleet.keys().node(name)).value();
    store.put(fleet.keys().node(name), "{damaged");
  }
  EXPECT_EQ(rows("resources", apache), resources_before);
  EXPECT_EQ(rows("facts", family), facts_before);
  // nor, for nodes with a class (a subquery extracting certname), the catalogs' headers
  const json with_apache = json::array(
      {"in", "certname",
       json::array({"extract", "certname", json::array({"select_resources", apache})})});
  for (const std::string name : {"web1.example.com", "web2.example.com"}) {
    documents[name + "'s catalog"] = store.get(fleet.keys().catalog(name)).value();
    store.put(fleet.keys().catalog(name), "{damaged");
  }
  EXPECT_EQ(rows("nodes", json::array({"extract", json::array({"certname"}), with_apache})),
            json::array({{{"certname", "web1.example.com"}}, {{"certname", "web2.example.com"}}}));
  for (const auto& [name, document] : documents)
    store.put(name.find(' ') == std::string::npos
                  ? fleet.keys().node(name)
                  : fleet.keys().catalog(name.substr(0, name.find('\''))),
              document);
  // web2 deactivated by a second server: out of the active nodes' rows, in node_state = any's
  FleetData other(store, "test");
  other.deactivate_node(
      {{"certname", "web2.example.com"}, {"producer_timestamp", "2026-11-29T12:00:00.000Z"}},
      "2026-11-29T12:00:00.000Z");
  ASSERT_EQ(store.get_field(kept, "web2.example.com").value().substr(0, 2), "i:");
  EXPECT_EQ(certnames("resources", apache), std::vector<std::string>{"web1.example.com"});
  EXPECT_EQ(
      certnames("resources", json::array({"and", apache, json::array({"=", "node_state", "any"})})),
      (std::vector<std::string>{"web1.example.com", "web2.example.com"}));
  // nothing kept (an earlier build's node), or a text not ours: the document says
  store.remove_field(kept, "web2.example.com");
  store.put_field(kept, "web1.example.com", "?");
  EXPECT_EQ(certnames("resources", apache), std::vector<std::string>{"web1.example.com"});
  EXPECT_EQ(certnames("facts", family),
            (std::vector<std::string>{"db1.example.com", "web1.example.com"}));
}

TEST_F(Indexes, TheLatestReportIndexesFollowNewReportsDroppedReportsAndPurges) {
  const std::string failed = fleet.keys().latest_report_status("failed");
  const std::string changed = fleet.keys().latest_report_status("changed");
  const std::string success = fleet.keys().latest_event_status("success");
  json later = report("web1.example.com", "failed");
  later["producer_timestamp"] = "2026-11-29T11:00:00.000Z";
  fleet.store_report(later, "2026-11-29T11:00:00.000Z");
  EXPECT_EQ(store.members(failed), std::vector<std::string>{"web1.example.com"});
  EXPECT_TRUE(store.members(changed).empty());
  EXPECT_TRUE(store.members(success).empty());  // the failed run had no events
  // an older report does not change the latest
  fleet.store_report(report("web1.example.com", "changed"), "2026-11-29T11:01:00.000Z");
  EXPECT_EQ(store.members(failed), std::vector<std::string>{"web1.example.com"});
  EXPECT_TRUE(store.members(changed).empty());
  // report-ttl dropping every report of web2 takes it out of the indexes
  puppetdb::Retention retention;
  retention.report_ttl = std::chrono::hours(24 * 7);
  const std::string unchanged = fleet.keys().latest_report_status("unchanged");
  ASSERT_EQ(store.members(unchanged), std::vector<std::string>{"web2.example.com"});
  json newest = report("web1.example.com", "failed");
  newest["producer_timestamp"] = "2026-12-10T11:00:00.000Z";
  fleet.store_report(newest, "2026-12-10T11:00:00.000Z");
  fleet.collect_garbage(retention, *parse_timestamp("2026-12-10T12:00:00.000Z"));
  EXPECT_TRUE(store.members(unchanged).empty());
  EXPECT_EQ(store.members(failed), std::vector<std::string>{"web1.example.com"});
  // purged: out of every index
  fleet.deactivate_node(
      {{"certname", "web1.example.com"}, {"producer_timestamp", "2026-12-10T13:00:00.000Z"}},
      "2026-12-10T13:00:00.000Z");
  retention.node_purge_ttl = std::chrono::hours(24);
  fleet.collect_garbage(retention, *parse_timestamp("2026-12-20T12:00:00.000Z"));
  EXPECT_TRUE(store.members(failed).empty());
}

TEST_F(Indexes, ANodeAnEarlierBuildStoredGetsItsLatestReportIndexedWhenTheServerStarts) {
  // the earlier layout: the node's document without latest_report_events, no indexes
  json node = fleet.node("web1.example.com").value();
  node.erase("latest_report_events");
  store.put(fleet.keys().node("web1.example.com"), node.dump());
  store.remove_member(fleet.keys().latest_report_status("changed"), "web1.example.com");
  store.remove_member(fleet.keys().latest_event_status("success"), "web1.example.com");
  const json events = json::array({"extract", json::array({"certname", "status"}),
                                   json::array({"and", json::array({"=", "status", "success"}),
                                                json::array({"=", "latest_report?", true})})});
  EXPECT_TRUE(rows("events", events).empty());                              // not in the index yet
  fleet.collect_garbage({}, *parse_timestamp("2026-11-29T12:00:00.000Z"));  // as at start
  EXPECT_EQ(rows("events", events),
            json::array({{{"certname", "web1.example.com"}, {"status", "success"}}}));
  EXPECT_EQ(fleet.node("web1.example.com").value()["latest_report_events"].size(), 1u);
  EXPECT_EQ(certnames("nodes", json::array({"=", "latest_report_status", "changed"})),
            std::vector<std::string>{"web1.example.com"});
}

TEST_F(Indexes, TheLeafAndTitleIndexesHoldNodeIdsUnderAShortKeyAndFollowReplaceAndPurge) {
  const KeyLayout& keys = fleet.keys();
  const std::string web1 = fleet.node("web1.example.com").value()["node_id"].dump();
  const std::string web2 = fleet.node("web2.example.com").value()["node_id"].dump();
  const std::string debian = keys.fact_leaf(json{"os", "family"}, "Debian");
  const std::string apache = keys.resource_title("Class", "Apache");
  EXPECT_LE(debian.size(), std::string("test:pdb:ix:fv:").size() + 16);
  // integers in the store (Redis: an intset; the leaf's first node in its first-id field),
  // certnames to a reader
  EXPECT_EQ(first_id(debian), web1);
  EXPECT_EQ(store.members(debian), (std::vector<std::string>{web2}));
  EXPECT_EQ(fleet.members(debian),
            (std::vector<std::string>{"web1.example.com", "web2.example.com"}));
  EXPECT_EQ(first_id(apache), web1);  // a title's too (layout 6)
  EXPECT_EQ(store.members(apache), (std::vector<std::string>{web2}));
  EXPECT_EQ(fleet.members(apache),
            (std::vector<std::string>{"web1.example.com", "web2.example.com"}));
  // replaced facts and catalog: the node's id moves
  fleet.replace_facts(
      newer(facts("web1.example.com", "RedHat", 9, 60, {"eth0"}), "2026-11-29T11:00:00.000Z"),
      "2026-11-29T11:00:00.000Z");
  EXPECT_EQ(store.members(debian), std::vector<std::string>{web2});
  EXPECT_EQ(first_id(debian), "");
  EXPECT_EQ(fleet.members(keys.fact_leaf(json{"os", "family"}, "RedHat")),
            (std::vector<std::string>{"db1.example.com", "web1.example.com"}));
  json bare = catalog("web2.example.com", "1");
  bare["producer_timestamp"] = "2026-11-29T11:00:00.000Z";
  bare["resources"] = json::array();
  fleet.replace_catalog(bare, "2026-11-29T11:00:00.000Z");
  EXPECT_TRUE(store.members(apache).empty());
  EXPECT_EQ(first_id(apache), web1);
  EXPECT_EQ(rows("resources", json::parse(R"(["and", ["=", "type", "Class"],
                                                      ["=", "title", "Apache"]])"))
                .size(),
            1u);
  // deactivated: still indexed (a reader checks activity); purged: gone from every id set
  fleet.deactivate_node(
      {{"certname", "web1.example.com"}, {"producer_timestamp", "2026-11-29T12:00:00.000Z"}},
      "2026-11-29T12:00:00.000Z");
  EXPECT_EQ(first_id(apache), web1);
  puppetdb::Retention retention;
  retention.node_purge_ttl = std::chrono::hours(24);
  fleet.collect_garbage(retention, *parse_timestamp("2026-12-01T12:00:00.000Z"));
  EXPECT_TRUE(store.members(apache).empty());
  EXPECT_EQ(first_id(apache), "");
  EXPECT_TRUE(store.members(keys.fact_leaf(json{"os", "family"}, "RedHat")).empty());
  EXPECT_EQ(first_id(keys.fact_leaf(json{"os", "family"}, "RedHat")), id_of("db1.example.com"));
}

TEST_F(Indexes, AStoreAnEarlierBuildIndexedMovesToTheIdSetsWhenTheServerStarts) {
  // the earlier layout for web1: certnames under the leaf's and the resource's text, no ids
  const KeyLayout& keys = fleet.keys();
  json node = fleet.node("web1.example.com").value();
  const std::string id = node["node_id"].dump();
  node.erase("indexes");
  store.put(keys.node("web1.example.com"), node.dump());
  for (const auto& [path, value] : std::vector<std::pair<json, json>>{
           {json{"os", "family"}, "Debian"}, {json{"os", "release", "major"}, "12"}}) {
    drop_id(keys.fact_leaf(path, value), id);
    store.add_member(keys.fact_leaf_v1(path, value), "web1.example.com");
  }
  drop_id(keys.resource_title("Class", "Apache"), id);
  store.add_member(keys.resource_title_v1("Class", "Apache"), "web1.example.com");
  const json by_title = json::parse(R"(["and", ["=", "type", "Class"], ["=", "title", "Apache"]])");
  const json by_family = json::array({"=", "facts.os.family", "Debian"});
  EXPECT_EQ(certnames("nodes", by_family), std::vector<std::string>{"web2.example.com"});
  EXPECT_EQ(rows("resources", by_title).size(), 1u);
  fleet.collect_garbage({}, *parse_timestamp("2026-11-29T12:00:00.000Z"));  // as at start
  EXPECT_EQ(certnames("nodes", by_family),
            (std::vector<std::string>{"web1.example.com", "web2.example.com"}));
  EXPECT_EQ(rows("resources", by_title).size(), 2u);
  EXPECT_TRUE(store.members(keys.fact_leaf_v1(json{"os", "family"}, "Debian")).empty());
  EXPECT_TRUE(store.members(keys.resource_title_v1("Class", "Apache")).empty());
  EXPECT_EQ(fleet.node("web1.example.com").value()["indexes"], kIndexLayout);
}

TEST_F(Indexes, AnIndexMostNodesShareMovesToABitmapAndFollowsReplaceDeactivateAndPurge) {
  const KeyLayout& keys = fleet.keys();
  // kIdsBeforeBits more nodes with the kernel fact, the Class[Apache] resource and its tags
  for (std::size_t i = 0; i < kIdsBeforeBits; ++i) {
    const std::string name = "n" + std::to_string(i) + ".example.com";
    fleet.replace_facts(facts(name, "Debian", 12, 60, {"eth0"}), "2026-11-29T10:00:00.000Z");
    fleet.replace_catalog(catalog(name, "80"), "2026-11-29T10:01:00.000Z");
  }
  const std::size_t fleet_size = kIdsBeforeBits + 3;
  for (const std::string& key :
       {keys.fact_name("kernel"), keys.fact_leaf(json{"kernel"}, "Linux"),
        keys.resource_type("Class"), keys.resource_title("Class", "Apache"),
        keys.resource_tag("apache"), keys.exported_type("Host")}) {
    SCOPED_TRACE(key);
    // the ids moved to the bitmap, none left in the set; a reader sees every node
    EXPECT_TRUE(store.members(key).empty());
    const bool leaf = key == keys.fact_leaf(json{"kernel"}, "Linux") ||
                      key == keys.resource_title("Class", "Apache");
    const std::size_t expected =
        key == keys.fact_name("kernel") || key == keys.fact_leaf(json{"kernel"}, "Linux")
            ? fleet_size
            : fleet_size - 1;  // db1 has no catalog
    // the leaf's (the title's) first node (web1) stays in its first-id field
    EXPECT_EQ(store.bits(keys.bits_of(key)).size(), leaf ? expected - 1 : expected);
    EXPECT_EQ(first_id(key), leaf ? id_of("web1.example.com") : "");
    EXPECT_EQ(fleet.members(key).size(), expected);
  }
  // a value one node has is its first-id field alone: no set, no bitmap
  const std::string redhat = keys.fact_leaf(json{"os", "family"}, "RedHat");
  EXPECT_EQ(first_id(redhat), id_of("db1.example.com"));
  EXPECT_FALSE(store.exists(redhat));
  EXPECT_FALSE(store.exists(keys.bits_of(redhat)));
  const std::string web1_id = fleet.node("web1.example.com").value()["node_id"].dump();
  auto has_bit = [&](const std::string& key, const std::string& id) {
    const std::vector<std::size_t> bits = store.bits(keys.bits_of(key));
    return std::count(bits.begin(), bits.end(), std::stoull(id)) == 1;
  };
  // replaced: web1 no longer has the kernel fact nor the apache tag; a new node joins the bitmap
  json changed =
      newer(facts("web1.example.com", "Debian", 12, 60, {"eth0"}), "2026-11-29T11:00:00.000Z");
  changed["values"].erase("kernel");
  fleet.replace_facts(changed, "2026-11-29T11:00:00.000Z");
  EXPECT_FALSE(has_bit(keys.fact_name("kernel"), web1_id));
  EXPECT_EQ(certnames("facts", json::parse(R"(["=", "name", "kernel"])")).size(), fleet_size - 1);
  json bare = newer(catalog("web1.example.com", "80"), "2026-11-29T11:00:00.000Z");
  bare["resources"].erase(1);  // Class[Apache]
  fleet.replace_catalog(bare, "2026-11-29T11:00:00.000Z");
  EXPECT_FALSE(has_bit(keys.resource_tag("apache"), web1_id));
  EXPECT_TRUE(has_bit(keys.resource_tag("class"), web1_id));
  fleet.replace_facts(facts("late.example.com", "Debian", 12, 60, {"eth0"}),
                      "2026-11-29T11:00:00.000Z");
  const std::string late_id = fleet.node("late.example.com").value()["node_id"].dump();
  EXPECT_TRUE(has_bit(keys.fact_name("kernel"), late_id));
  EXPECT_TRUE(store.members(keys.fact_name("kernel")).empty());
  EXPECT_EQ(certnames("resources", json::parse(R"(["=", "tag", "apache"])")).size(),
            fleet_size - 2);
  // deactivated: still indexed (a reader checks activity); purged: out of every bitmap
  const std::string web2_id = fleet.node("web2.example.com").value()["node_id"].dump();
  fleet.deactivate_node(
      {{"certname", "web2.example.com"}, {"producer_timestamp", "2026-11-29T12:00:00.000Z"}},
      "2026-11-29T12:00:00.000Z");
  EXPECT_TRUE(has_bit(keys.resource_type("Class"), web2_id));
  EXPECT_EQ(certnames("resources", json::parse(R"(["=", "tag", "apache"])")).size(),
            fleet_size - 3);
  puppetdb::Retention retention;
  retention.node_purge_ttl = std::chrono::hours(24);
  fleet.collect_garbage(retention, *parse_timestamp("2026-12-01T12:00:00.000Z"));
  for (const std::string& key : {keys.fact_name("kernel"), keys.resource_type("Class"),
                                 keys.resource_tag("apache"), keys.exported_type("Host")})
    EXPECT_FALSE(has_bit(key, web2_id)) << key;
}

TEST_F(Indexes, AStoreOfTheSecondLayoutMovesItsNameTypeAndTagSetsToIdsWhenTheServerStarts) {
  // web1 as the previous build kept it: certnames in ix:fn, ix:rt, ix:tag and ix:exp
  const KeyLayout& keys = fleet.keys();
  json node = fleet.node("web1.example.com").value();
  const std::string id = node["node_id"].dump();
  node["indexes"] = 2;
  store.put(keys.node("web1.example.com"), node.dump());
  const std::vector<std::pair<std::string, std::string>> moved = {
      {keys.fact_name("kernel"), keys.fact_name_v2("kernel")},
      {keys.resource_type("Class"), keys.resource_type_v2("Class")},
      {keys.resource_tag("apache"), keys.resource_tag_v2("apache")},
      {keys.exported_type("Host"), keys.exported_type_v2("Host")}};
  for (const auto& [current, earlier] : moved) {
    store.remove_member(current, id);
    store.add_member(earlier, "web1.example.com");
  }
  // a leaf most nodes share, which layout 2 kept as one set of ids however large
  const std::string linux_leaf = keys.fact_leaf(json{"kernel"}, "Linux");
  for (std::size_t extra = 1000; extra < 1000 + kIdsBeforeBits; ++extra)
    store.add_member(linux_leaf, std::to_string(extra));
  const json by_tag = json::array({"=", "tag", "apache"});
  EXPECT_EQ(certnames("resources", by_tag), std::vector<std::string>{"web2.example.com"});
  fleet.collect_garbage({}, *parse_timestamp("2026-11-29T12:00:00.000Z"));  // as at start
  EXPECT_TRUE(store.members(linux_leaf).empty());
  EXPECT_EQ(store.bits(keys.bits_of(linux_leaf)).size(), kIdsBeforeBits + 2);  // web2, db1, extras
  EXPECT_EQ(first_id(linux_leaf), id);                                         // web1
  EXPECT_EQ(certnames("resources", by_tag),
            (std::vector<std::string>{"web1.example.com", "web2.example.com"}));
  for (const auto& [current, earlier] : moved) {
    SCOPED_TRACE(current);
    EXPECT_TRUE(store.members(earlier).empty());
    const std::vector<std::string> ids = store.members(current);
    EXPECT_EQ(std::count(ids.begin(), ids.end(), id), 1);
  }
  EXPECT_EQ(fleet.node("web1.example.com").value()["indexes"], kIndexLayout);
}

TEST_F(Indexes, EveryActiveNodeIsWrittenOutFromItsKeptRow) {
  fleet.deactivate_node(
      {{"certname", "db1.example.com"}, {"producer_timestamp", "2026-11-29T12:00:00.000Z"}},
      "2026-11-29T12:00:00.000Z");
  QueryEngine as_text(fleet, true);
  Paging total;
  total.include_total = true;
  const QueryAnswer all = as_text.entity_query("nodes", nullptr, total);
  ASSERT_TRUE(all.text);
  // the same rows as built from the nodes' documents
  EXPECT_EQ(json::parse(*all.text), rows("nodes", nullptr));
  EXPECT_EQ(json::parse(*all.text).size(), 2u);
  EXPECT_EQ(all.total, 2u);
  // a query on another field of the node is answered as rows, not text
  EXPECT_FALSE(
      as_text.entity_query("nodes", json::array({"=", "catalog_environment", "production"}), {})
          .text);
  // kept rows are what is read: a damaged document does not matter to this query
  store.put(fleet.keys().node("web2.example.com"), "{damaged");
  EXPECT_EQ(json::parse(*as_text.entity_query("nodes", nullptr, {}).text)[1]["certname"],
            "web2.example.com");
  // a node an earlier build wrote, without a kept row, is read from its document
  store.remove_field(fleet.keys().node_rows(), "web1.example.com");
  Paging second;
  second.offset = 1;
  second.limit = 1;
  EXPECT_EQ(json::parse(*as_text.entity_query("nodes", nullptr, second).text),
            json::array({json::parse(*all.text)[1]}));
  EXPECT_EQ(json::parse(*as_text.entity_query("nodes", nullptr, {}).text)[0],
            json::parse(*all.text)[0]);
  // a query on certname and facts too, its nodes' state as kept: web2's damaged document is
  // not read
  const QueryAnswer web2 =
      as_text.entity_query("nodes", json::array({"=", "certname", "web2.example.com"}), {});
  ASSERT_TRUE(web2.text);
  EXPECT_EQ(json::parse(*web2.text), json::array({json::parse(*all.text)[1]}));
}

TEST_F(Indexes, AnInventoryExtractOfCertnameAndFactsReadsTheValuesAlone) {
  put_node_with_inline_facts();  // old1: no fact-object, its values in its facts header
  const json linux = json::parse(R"(["~", "facts.kernel", "^Lin"])");
  const json expected = json::parse(R"([{"certname": "db1.example.com"},
      {"certname": "old1.example.com"}, {"certname": "web1.example.com"},
      {"certname": "web2.example.com"}])");
  auto sorted = [](json rows) {
    std::sort(rows.begin(), rows.end());
    return rows;
  };
  EXPECT_EQ(sorted(rows("inventory", json::array({"extract", {"certname"}, linux}))), expected);
  // web1's facts header damaged: not read for certname and facts, read for its own fields
  store.put(fleet.keys().facts("web1.example.com"), "{damaged");
  EXPECT_EQ(sorted(rows("inventory", json::array({"extract", {"certname"}, linux}))), expected);
  EXPECT_EQ(rows("inventory", json::parse(R"(["extract", ["certname", "facts.os.family"],
                                            ["=", "certname", "web1.example.com"]])")),
            json::parse(R"([{"certname": "web1.example.com", "facts.os.family": "Debian"}])"));
  EXPECT_THROW(rows("inventory", json::array({"extract", {"certname", "environment"}, linux})),
               StoreError);
}

TEST_F(Indexes, InventoryRowsWrittenAsTextAreTheRowsAsValuesDump) {
  // an earlier build's node too: its values inline, answered through the rows as values
  put_node_with_inline_facts();
  // names and values that need escapes, and no trusted fact (the row's trusted null)
  json odd =
      newer(facts("db1.example.com", "Debian", 12, 3600, {"eth0"}), "2026-11-29T11:00:00.000Z");
  odd["values"]["quoted \"name\"\n"] = "tab\there \u00e9";
  odd["values"].erase("trusted");
  fleet.replace_facts(odd, "2026-11-29T11:00:00.000Z");
  QueryEngine text_engine(fleet, true);
  for (const char* query :
       {R"(["=", "certname", "web1.example.com"])", R"(["=", "certname", "old1.example.com"])",
        R"(["=", "certname", "db1.example.com"])", R"(["~", "certname", "example"])",
        R"(["=", "environment", "production"])",
        R"([">", "timestamp", "2026-11-29T10:00:01.000Z"])", R"(["=", "facts.kernel", "Linux"])",
        R"(["=", "trusted.certname", "web2.example.com"])"}) {
    SCOPED_TRACE(query);
    const json condition = json::parse(query);
    const QueryAnswer answer = text_engine.entity_query("inventory", condition, {});
    ASSERT_TRUE(answer.text);
    const json expected = rows("inventory", condition);
    ASSERT_FALSE(expected.empty());
    EXPECT_EQ(*answer.text, expected.dump());
  }
}

TEST_F(Indexes, ResourcesAreWrittenAsTextFromTheStoredGroups) {
  QueryEngine as_text(fleet, true);
  // a title with an escape (the stored text's form of it is matched, or the parsed one)
  json odd = catalog("db1.example.com", "443");
  odd["resources"].push_back({{"type", "File"},
                              {"title", "/tmp/a \"quoted\" \\ name\n"},
                              {"tags", {"file"}},
                              {"exported", false},
                              {"parameters", {{"mode", "0644"}, {"size", 1.25}}}});
  fleet.replace_catalog(odd, "2026-11-29T10:01:02.000Z");
  const std::vector<json> queries = {
      nullptr,
      {"=", "certname", "web1.example.com"},
      {"=", "tag", "apache"},
      {"and", {"=", "type", "Host"}, {"=", "exported", true}, {"=", "tag", "host"}},
      {"and", {"=", "type", "Class"}, {"=", "title", "Apache"}},
      {"and", {"=", "type", "File"}, {"=", "title", "/tmp/a \"quoted\" \\ name\n"}},
      {"or", {"=", "parameters.port", "8080"}, {"~", "title", "motd"}},
      {"=", "resource",
       resource_hash("web2.example.com", {{"type", "Class"},
                                          {"title", "Main"},
                                          {"tags", {"class"}},
                                          {"exported", false},
                                          {"parameters", json::object()}})},
      {"and", {"=", "type", "Nothing"}, {"=", "title", "x"}}};
  for (const json& query : queries) {
    SCOPED_TRACE(query.dump());
    const QueryAnswer answer = as_text.entity_query("resources", query, {});
    ASSERT_TRUE(answer.text);
    // the rows of the same query built as values (parsed from the same writer's text)
    const json built = rows("resources", query);
    EXPECT_EQ(json::parse(*answer.text), built);
    for (const json& row : built) {
      EXPECT_EQ(row["resource"], resource_hash(row["certname"], row));
      EXPECT_FALSE(row.contains("tag"));
    }
  }
  EXPECT_EQ(json::parse(*as_text.entity_query("resources", queries[6], {}).text).size(), 4u);
  EXPECT_EQ(json::parse(*as_text.entity_query("resources", queries[5], {}).text).size(), 1u);
  EXPECT_EQ(json::parse(*as_text.entity_query("resources", queries[7], {}).text).size(), 1u);
  // paging taken from the text as from the rows
  const json all = rows("resources", nullptr);
  ASSERT_EQ(all.size(), 13u);
  for (const auto& [offset, limit] : std::vector<std::pair<long long, long long>>{
           {0, 1}, {2, 3}, {12, 5}, {13, 1}, {20, 2}, {0, 13}, {4, 100}}) {
    SCOPED_TRACE(std::to_string(offset) + " " + std::to_string(limit));
    Paging paging;
    paging.offset = offset;
    paging.limit = limit;
    paging.include_total = true;
    const QueryAnswer page = as_text.entity_query("resources", nullptr, paging);
    ASSERT_TRUE(page.text);
    EXPECT_EQ(json::parse(*page.text), rows("resources", nullptr, paging));
    EXPECT_EQ(page.total, 13u);
  }
  // an extract, or an order, is answered as rows
  EXPECT_FALSE(
      as_text.entity_query("resources", json::array({"extract", json::array({"certname"})}), {})
          .text);
  Paging ordered;
  ordered.order_by = json::array({json::array({"title", "desc"})});
  EXPECT_FALSE(as_text.entity_query("resources", nullptr, ordered).text);
}

TEST_F(Indexes, AStoreOfTheSixthLayoutPacksItsNodesRowsWhenTheServerStarts) {
  const std::string web1 = "web1.example.com";
  const std::string text = node_answer_text(fleet.node(web1).value());
  const std::string packed = store.get_field(fleet.keys().node_rows(), web1).value();
  EXPECT_LT(packed.size() * 3, text.size());  // kept packed (layout 7)
  QueryEngine as_text(fleet, true);
  const std::string all = *as_text.entity_query("nodes", nullptr, {}).text;
  // web1 as layout 6 kept it: its row's text, in its own key
  json node = fleet.node(web1).value();
  node["indexes"] = 6;
  store.put(fleet.keys().node(web1), node.dump());
  store.remove_field(fleet.keys().node_rows(), web1);
  store.put(fleet.keys().node_row_v11(web1), text);
  EXPECT_EQ(*as_text.entity_query("nodes", nullptr, {}).text, all);
  fleet.collect_garbage({}, *parse_timestamp("2026-11-29T12:00:00.000Z"));  // as at start
  EXPECT_EQ(store.get_field(fleet.keys().node_rows(), web1), packed);
  EXPECT_FALSE(store.get(fleet.keys().node_row_v11(web1)));
  EXPECT_EQ(fleet.node(web1).value()["indexes"], kIndexLayout);
  EXPECT_EQ(*as_text.entity_query("nodes", nullptr, {}).text, all);
}

TEST_F(Indexes, RowsLayoutsSixToElevenKeptInTheirOwnKeysAnswerUntilTheCollectionMovesThem) {
  const KeyLayout& keys = fleet.keys();
  const std::string web1 = "web1.example.com", db1 = "db1.example.com";
  QueryEngine as_text(fleet, true);
  const json linux = json::parse(R"(["=", ["fact", "kernel"], "Linux"])");
  const json typed = json::parse(R"(["=", "type", "Class"])");
  const std::string all = *as_text.entity_query("nodes", nullptr, {}).text;
  const std::string by_fact = *as_text.entity_query("nodes", linux, {}).text;
  const std::string classes = *as_text.entity_query("resources", typed, {}).text;
  // web1 and db1 as layout 11 left them: their packed rows in keys of their own
  std::map<std::string, std::string> packed;
  for (const std::string& certname : {web1, db1}) {
    packed[certname] = store.get_field(keys.node_rows(), certname).value();
    store.remove_field(keys.node_rows(), certname);
    store.put(keys.node_row_v11(certname), packed[certname]);
  }
  // their documents unread: what answers is the rows where they are
  const std::string web1_node = store.get(keys.node(web1)).value();
  store.put(keys.node(web1), "{damaged");
  EXPECT_EQ(*as_text.entity_query("nodes", nullptr, {}).text, all);
  EXPECT_EQ(*as_text.entity_query("nodes", linux, {}).text, by_fact);
  EXPECT_EQ(*as_text.entity_query("resources", typed, {}).text, classes);
  store.put(keys.node(web1), web1_node);
  // a command writes the node's row in node-rows; the old key is no longer read
  fleet.deactivate_node({{"certname", db1}, {"producer_timestamp", "2026-11-29T12:00:00.000Z"}},
                        "2026-11-29T12:00:00.000Z");
  EXPECT_NE(store.get_field(keys.node_rows(), db1), packed[db1]);
  EXPECT_TRUE(store.get(keys.node_row_v11(db1)));
  const json active = json::parse(*as_text.entity_query("nodes", nullptr, {}).text);
  EXPECT_EQ(active.size(), json::parse(all).size() - 1);
  for (const json& row : active) EXPECT_NE(row["certname"], db1);
  // the collection moves web1's row and drops db1's stale one
  fleet.collect_garbage({}, *parse_timestamp("2026-11-29T12:00:00.000Z"));
  EXPECT_EQ(store.get_field(keys.node_rows(), web1), packed[web1]);
  EXPECT_FALSE(store.get(keys.node_row_v11(web1)));
  EXPECT_FALSE(store.get(keys.node_row_v11(db1)));
  EXPECT_NE(store.get_field(keys.node_rows(), db1), packed[db1]);
  EXPECT_EQ(*as_text.entity_query("nodes", nullptr, {}).text, active.dump());
  // an inactive node's row after an active one's is taken back out of the answer
  fleet.deactivate_node(
      {{"certname", "web2.example.com"}, {"producer_timestamp", "2026-11-29T12:00:00.000Z"}},
      "2026-11-29T12:00:00.000Z");
  EXPECT_EQ(json::parse(*as_text.entity_query("nodes", nullptr, {}).text),
            json::array({active[0]}));
}

TEST_F(Indexes, ALeafOneNodeHasKeepsItsIdInASharedHashAndFollowsReplaceDeactivateAndPurge) {
  const KeyLayout& keys = fleet.keys();
  const std::string redhat = keys.fact_leaf(json{"os", "family"}, "RedHat");
  const std::string own = keys.fact_leaf(json{"trusted", "certname"}, "db1.example.com");
  const std::string db1 = id_of("db1.example.com"), web1 = id_of("web1.example.com");
  const json by_redhat = json::array({"=", "facts.os.family", "RedHat"});
  // no key of their own: a field of one of 4,096 hashes under a short name
  for (const std::string& leaf : {redhat, own}) {
    SCOPED_TRACE(leaf);
    EXPECT_FALSE(store.exists(leaf));
    EXPECT_EQ(first_id(leaf), db1);
    const std::optional<Store::Field> first = keys.first_id_of(leaf);
    ASSERT_TRUE(first);
    EXPECT_EQ(first->key.size(), std::string("test:pdb:ixf:fv:").size() + 3);
    // named by an integer Redis keeps as one (layout 8): 23 bits of the hash
    const long named = std::stol(first->field);
    EXPECT_EQ(std::to_string(named), first->field);
    EXPECT_GE(named, 0);
    EXPECT_LT(named, 1L << 23);
  }
  // a title's in the same hashes, its field named apart from the leaves' (negative)
  const std::optional<Store::Field> title =
      keys.first_id_of(keys.resource_title("Class", "Apache"));
  ASSERT_TRUE(title);
  EXPECT_EQ(std::to_string(std::stol(title->field)), title->field);
  EXPECT_LT(std::stol(title->field), 0);
  EXPECT_GE(std::stol(title->field), -(1L << 23));
  EXPECT_FALSE(keys.first_id_of(keys.resource_type("Class")));
  EXPECT_EQ(certnames("nodes", by_redhat), std::vector<std::string>{"db1.example.com"});
  // a second node joins the leaf's set; the first leaves: its field is emptied, the set stays
  fleet.replace_facts(
      newer(facts("web1.example.com", "RedHat", 9, 60, {"eth0"}), "2026-11-29T11:00:00.000Z"),
      "2026-11-29T11:00:00.000Z");
  EXPECT_EQ(store.members(redhat), std::vector<std::string>{web1});
  EXPECT_EQ(certnames("nodes", by_redhat),
            (std::vector<std::string>{"db1.example.com", "web1.example.com"}));
  fleet.replace_facts(
      newer(facts("db1.example.com", "Debian", 9, 60, {"ens3"}), "2026-11-29T11:00:00.000Z"),
      "2026-11-29T11:00:00.000Z");
  EXPECT_EQ(first_id(redhat), "");
  EXPECT_EQ(first_id(own), db1);  // unchanged leaves stay
  EXPECT_EQ(certnames("nodes", by_redhat), std::vector<std::string>{"web1.example.com"});
  // a node leaving that is not the field's leaves the field as it is
  fleet.replace_facts(facts("new.example.com", "RedHat", 9, 60, {"eth0"}),
                      "2026-11-29T11:00:00.000Z");
  const std::string fresh = id_of("new.example.com");
  EXPECT_EQ(first_id(redhat), fresh);
  fleet.replace_facts(
      newer(facts("web1.example.com", "Debian", 9, 60, {"eth0"}), "2026-11-29T11:30:00.000Z"),
      "2026-11-29T11:30:00.000Z");
  EXPECT_EQ(first_id(redhat), fresh);
  EXPECT_TRUE(store.members(redhat).empty());
  EXPECT_EQ(certnames("nodes", by_redhat), std::vector<std::string>{"new.example.com"});
  // deactivated: still indexed (a reader checks activity); purged: out of its fields, and a
  // hash left with no field is gone
  fleet.deactivate_node(
      {{"certname", "db1.example.com"}, {"producer_timestamp", "2026-11-29T12:00:00.000Z"}},
      "2026-11-29T12:00:00.000Z");
  EXPECT_EQ(first_id(own), db1);
  EXPECT_TRUE(
      certnames("nodes", json::array({"=", "facts.trusted.certname", "db1.example.com"})).empty());
  puppetdb::Retention retention;
  retention.node_purge_ttl = std::chrono::hours(24);
  fleet.collect_garbage(retention, *parse_timestamp("2026-12-01T12:00:00.000Z"));
  EXPECT_EQ(first_id(own), "");
  std::istringstream contents(store.contents());
  for (std::string kind, key, rest; contents >> kind >> key && std::getline(contents, rest);) {
    if (kind != "hash" || key.find(":ixf:") == std::string::npos) continue;
    std::istringstream fields(rest);
    for (std::string field; fields >> field;)
      EXPECT_NE(field.substr(field.find('=') + 1), db1) << key << " " << field;
  }
}

TEST_F(Indexes, AStoreOfTheThirdLayoutMovesItsOneNodeLeavesToTheSharedHashesWhenTheServerStarts) {
  // web1 as the previous build kept it: every leaf's ids in its set, the node's `indexes` 3
  const KeyLayout& keys = fleet.keys();
  json node = fleet.node("web1.example.com").value();
  const std::string id = node["node_id"].dump();
  node["indexes"] = 3;
  store.put(keys.node("web1.example.com"), node.dump());
  const std::string own = keys.fact_leaf(json{"trusted", "certname"}, "web1.example.com");
  const std::string debian = keys.fact_leaf(json{"os", "family"}, "Debian");
  for (const std::string& leaf : {own, debian}) {
    ASSERT_EQ(first_id(leaf), id);
    drop_id(leaf, id);
    store.add_member(leaf, id);
  }
  const json by_own = json::array({"=", "facts.trusted.certname", "web1.example.com"});
  EXPECT_EQ(certnames("nodes", by_own), std::vector<std::string>{"web1.example.com"});
  fleet.collect_garbage({}, *parse_timestamp("2026-11-29T12:00:00.000Z"));  // as at start
  // its own leaf moved; the one web2 shares (a set of 2) stays a set
  EXPECT_FALSE(store.exists(own));
  EXPECT_EQ(first_id(own), id);
  EXPECT_EQ(store.members(debian).size(), 2u);
  EXPECT_EQ(first_id(debian), "");
  EXPECT_EQ(certnames("nodes", by_own), std::vector<std::string>{"web1.example.com"});
  EXPECT_EQ(certnames("nodes", json::array({"=", "facts.os.family", "Debian"})),
            (std::vector<std::string>{"web1.example.com", "web2.example.com"}));
  EXPECT_EQ(fleet.node("web1.example.com").value()["indexes"], kIndexLayout);
}

TEST_F(Indexes, AStoreOfTheFourthLayoutMovesItsFactValuesToOneObjectWhenTheServerStarts) {
  // web1 as the previous build kept it: its values in a hash by name (from 128 bytes deflated
  // alone), the node's `indexes` 4
  const KeyLayout& keys = fleet.keys();
  json node = fleet.node("web1.example.com").value();
  node["indexes"] = 4;
  store.put(keys.node("web1.example.com"), node.dump());
  const json values = fleet.facts("web1.example.com").value()["values"];
  store.remove(keys.fact_object("web1.example.com"));
  for (const auto& [name, value] : values.items())
    store.put_field(keys.fact_values("web1.example.com"), name,
                    stored_text(value.dump(), kDeflateFieldFrom));
  const json inventory = json::array({"=", "certname", "web1.example.com"});
  const json by_family = json::array({"=", "facts.os.family", "Debian"});
  // answered from the hash until it moves
  EXPECT_EQ(rows("inventory", inventory)[0]["facts"], values);
  EXPECT_EQ(certnames("nodes", by_family),
            (std::vector<std::string>{"web1.example.com", "web2.example.com"}));
  fleet.collect_garbage({}, *parse_timestamp("2026-11-29T12:00:00.000Z"));  // as at start
  EXPECT_TRUE(store.fields(keys.fact_values("web1.example.com")).empty());
  EXPECT_EQ(json::parse(FactObject(store.get(keys.fact_object("web1.example.com")).value()).text()),
            values);
  EXPECT_EQ(rows("inventory", inventory)[0]["facts"], values);
  EXPECT_EQ(certnames("nodes", by_family),
            (std::vector<std::string>{"web1.example.com", "web2.example.com"}));
  EXPECT_EQ(fleet.node("web1.example.com").value()["indexes"], kIndexLayout);
}

TEST_F(Indexes, AMoveOfFactValuesNeverOverwritesTheObjectAnotherServerWrote) {
  // a server moved web1 and wrote newer facts while this one still read the old hash: the
  // hash goes, the newer object stays
  const KeyLayout& keys = fleet.keys();
  json node = fleet.node("web1.example.com").value();
  node["indexes"] = 4;
  store.put(keys.node("web1.example.com"), node.dump());
  const std::string newer = store.get(keys.fact_object("web1.example.com")).value();
  store.put_field(keys.fact_values("web1.example.com"), "kernel", "\"Older\"");
  fleet.collect_garbage({}, *parse_timestamp("2026-11-29T12:00:00.000Z"));
  EXPECT_EQ(store.get(keys.fact_object("web1.example.com")), newer);
  EXPECT_TRUE(store.fields(keys.fact_values("web1.example.com")).empty());
  EXPECT_EQ(fleet.facts("web1.example.com").value()["values"]["kernel"], "Linux");
}

/// web1's catalog as layout 5 kept it (resources in a hash by type, each group deflated from
/// 128 bytes alone; the edges a key of their own), its document's `indexes` 5.
void to_fifth_layout(FleetData& fleet, Store& store, const std::string& certname) {
  const KeyLayout& keys = fleet.keys();
  json node = fleet.node(certname).value();
  node["indexes"] = 5;
  store.put(keys.node(certname), node.dump());
  const json catalog = fleet.catalog(certname).value();
  store.remove(keys.catalog_body(certname));
  for (const auto& [type, packed] : pack_by_type(catalog["resources"]))
    store.put_field(keys.resources(certname), type,
                    stored_text(packed, kDeflateFieldFrom, catalog_dictionary()));
  store.put(keys.edges(certname), stored_text(catalog["edges"].dump(), kDeflateFieldFrom));
}

TEST_F(Indexes, AStoreOfTheFifthLayoutMovesEachCatalogToOneBodyWhenTheServerStarts) {
  const KeyLayout& keys = fleet.keys();
  const json catalog = fleet.catalog("web1.example.com").value();
  ASSERT_FALSE(catalog["edges"].empty());
  to_fifth_layout(fleet, store, "web1.example.com");
  const json files = json::array({"=", "type", "File"});
  const json one_node = json::array({"=", "certname", "web1.example.com"});
  const std::vector<json> typed = resources(files), all = resources(one_node);
  ASSERT_FALSE(typed.empty());
  // answered from the hash and the edges key until it moves
  EXPECT_EQ(fleet.catalog("web1.example.com").value(), catalog);
  fleet.collect_garbage({}, *parse_timestamp("2026-11-29T12:00:00.000Z"));  // as at start
  EXPECT_TRUE(store.fields(keys.resources("web1.example.com")).empty());
  EXPECT_FALSE(store.get(keys.edges("web1.example.com")));
  ASSERT_TRUE(store.get(keys.catalog_body("web1.example.com")));
  EXPECT_EQ(fleet.catalog("web1.example.com").value(), catalog);
  EXPECT_EQ(resources(files), typed);
  EXPECT_EQ(resources(one_node), all);
  EXPECT_EQ(fleet.node("web1.example.com").value()["indexes"], kIndexLayout);
}

TEST_F(Indexes, AMoveOfACatalogNeverOverwritesTheBodyAnotherServerWrote) {
  // a server moved web1 and wrote a newer catalog while this one still read the old hash: the
  // hash and the edges key go, the newer body stays
  const KeyLayout& keys = fleet.keys();
  json node = fleet.node("web1.example.com").value();
  node["indexes"] = 5;
  store.put(keys.node("web1.example.com"), node.dump());
  const std::string newer = store.get(keys.catalog_body("web1.example.com")).value();
  store.put_field(keys.resources("web1.example.com"), "Older", "[]");
  store.put(keys.edges("web1.example.com"), "[]");
  fleet.collect_garbage({}, *parse_timestamp("2026-11-29T12:00:00.000Z"));
  EXPECT_EQ(store.get(keys.catalog_body("web1.example.com")), newer);
  EXPECT_TRUE(store.fields(keys.resources("web1.example.com")).empty());
  EXPECT_FALSE(store.get(keys.edges("web1.example.com")));
  EXPECT_FALSE(fleet.catalog("web1.example.com").value()["edges"].empty());
}

TEST_F(Indexes, ANodeOfTheFifthLayoutMovesWithItsNextCatalogAndIsPurgedWhole) {
  const KeyLayout& keys = fleet.keys();
  to_fifth_layout(fleet, store, "web1.example.com");
  fleet.replace_catalog(newer(catalog("web1.example.com", "8080"), "2026-11-29T11:00:00.000Z"),
                        "2026-11-29T11:00:00.000Z");
  EXPECT_TRUE(store.fields(keys.resources("web1.example.com")).empty());
  EXPECT_FALSE(store.get(keys.edges("web1.example.com")));
  const std::vector<json> web1 = resources(json::array({"=", "certname", "web1.example.com"}));
  EXPECT_EQ(web1.size(), fleet.catalog("web1.example.com").value()["resources"].size());
  // its old resources' index sets were left, its new ones joined
  to_fifth_layout(fleet, store, "web2.example.com");
  fleet.deactivate_node(
      {{"certname", "web2.example.com"}, {"producer_timestamp", "2026-11-29T11:00:00.000Z"}},
      "2026-11-29T11:00:00.000Z");
  puppetdb::Retention retention;
  retention.node_purge_ttl = std::chrono::hours(24);
  fleet.collect_garbage(retention, *parse_timestamp("2026-12-01T12:00:00.000Z"));
  for (const std::string& key :
       {keys.catalog_body("web2.example.com"), keys.edges("web2.example.com")})
    EXPECT_FALSE(store.get(key)) << key;
  EXPECT_TRUE(store.fields(keys.resources("web2.example.com")).empty());
}

TEST_F(Indexes, ATitleOneNodeHasKeepsItsIdInASharedHashAndFollowsReplaceAndPurge) {
  // web1's Host[web1.example.com] is its own: no key of its own, a field of a shared hash
  const KeyLayout& keys = fleet.keys();
  const std::string host = keys.resource_title("Host", "web1.example.com");
  const std::string web1 = id_of("web1.example.com");
  const json by_title = json::array(
      {"and", json::array({"=", "type", "Host"}), json::array({"=", "title", "web1.example.com"})});
  EXPECT_FALSE(store.exists(host));
  EXPECT_EQ(first_id(host), web1);
  ASSERT_EQ(resources(by_title).size(), 1u);
  EXPECT_EQ(resources(by_title)[0]["certname"], "web1.example.com");
  // a catalog without it empties the field
  json without_host = newer(catalog("web1.example.com", "80"), "2026-11-29T11:00:00.000Z");
  json& listed = without_host["resources"];
  listed.erase(std::remove_if(listed.begin(), listed.end(),
                              [](const json& r) { return r["type"] == "Host"; }),
               listed.end());
  fleet.replace_catalog(without_host, "2026-11-29T11:00:00.000Z");
  EXPECT_EQ(first_id(host), "");
  EXPECT_TRUE(resources(by_title).empty());
  // web2's, purged with web2
  const std::string host2 = keys.resource_title("Host", "web2.example.com");
  EXPECT_EQ(first_id(host2), id_of("web2.example.com"));
  fleet.deactivate_node(
      {{"certname", "web2.example.com"}, {"producer_timestamp", "2026-11-29T12:00:00.000Z"}},
      "2026-11-29T12:00:00.000Z");
  puppetdb::Retention retention;
  retention.node_purge_ttl = std::chrono::hours(24);
  fleet.collect_garbage(retention, *parse_timestamp("2026-12-01T12:00:00.000Z"));
  EXPECT_EQ(first_id(host2), "");
}

TEST_F(Indexes, AStoreOfTheFifthLayoutMovesItsOneNodeTitlesToTheSharedHashesWhenTheServerStarts) {
  // web1 as layout 5 kept it: its titles' ids in their sets
  const KeyLayout& keys = fleet.keys();
  json node = fleet.node("web1.example.com").value();
  const std::string id = node["node_id"].dump();
  const std::string host = keys.resource_title("Host", "web1.example.com");
  const std::string apache = keys.resource_title("Class", "Apache");  // web2's too
  to_fifth_layout(fleet, store, "web1.example.com");
  for (const std::string& title : {host, apache}) {
    if (first_id(title) == id) {
      drop_id(title, id);
      store.add_member(title, id);
    }
  }
  const json by_title = json::array(
      {"and", json::array({"=", "type", "Host"}), json::array({"=", "title", "web1.example.com"})});
  EXPECT_EQ(resources(by_title).size(), 1u);  // read from the set meanwhile
  fleet.collect_garbage({}, *parse_timestamp("2026-11-29T12:00:00.000Z"));  // as at start
  EXPECT_FALSE(store.exists(host));
  EXPECT_EQ(first_id(host), id);
  EXPECT_EQ(store.members(apache).size() + (first_id(apache).empty() ? 0 : 1), 2u);
  EXPECT_EQ(resources(by_title).size(), 1u);
  EXPECT_EQ(fleet.node("web1.example.com").value()["indexes"], kIndexLayout);
}

TEST_F(Indexes,
       AStoreOfTheSeventhLayoutMovesItsFirstIdsToFieldsNamedByIntegersWhenTheServerStarts) {
  // web1 as layout 7 kept it: its first ids in fields named by the hash's hex digits
  const KeyLayout& keys = fleet.keys();
  json node = fleet.node("web1.example.com").value();
  const std::string id = node["node_id"].dump();
  node["indexes"] = 7;
  store.put(keys.node("web1.example.com"), node.dump());
  const std::string own = keys.fact_leaf(json{"trusted", "certname"}, "web1.example.com");
  const std::string host = keys.resource_title("Host", "web1.example.com");
  for (const std::string& key : {own, host}) {
    ASSERT_EQ(first_id(key), id);
    drop_id(key, id);
    const Store::Field named = *keys.first_id_named_of(key);
    store.put_field_if_absent(named.key, named.field, id);
  }
  EXPECT_EQ(keys.first_id_named_of(own)->field.size(), 13u);
  EXPECT_EQ(keys.first_id_named_of(host)->field, "t" + host.substr(host.size() - 13));
  // a leaf whose new field another leaf holds (two sharing it): the id goes to the set
  const std::string shared = keys.fact_leaf(json{"uptime_seconds"}, 3600);
  ASSERT_EQ(first_id(shared), id);
  drop_id(shared, id);
  const Store::Field shared_named = *keys.first_id_named_of(shared);
  store.put_field_if_absent(shared_named.key, shared_named.field, id);
  const Store::Field shared_first = *keys.first_id_of(shared);
  store.put_field_if_absent(shared_first.key, shared_first.field, "99999");
  // read from the named fields meanwhile
  const json by_own = json::array({"=", "facts.trusted.certname", "web1.example.com"});
  const json by_uptime = json::array({"=", "facts.uptime_seconds", 3600});
  const json by_title = json::array(
      {"and", json::array({"=", "type", "Host"}), json::array({"=", "title", "web1.example.com"})});
  EXPECT_EQ(certnames("nodes", by_own), std::vector<std::string>{"web1.example.com"});
  EXPECT_EQ(certnames("nodes", by_uptime), std::vector<std::string>{"web1.example.com"});
  EXPECT_EQ(resources(by_title).size(), 1u);
  fleet.collect_garbage({}, *parse_timestamp("2026-11-29T12:00:00.000Z"));  // as at start
  for (const std::string& key : {own, host}) {
    SCOPED_TRACE(key);
    EXPECT_EQ(first_id(key), id);
    const Store::Field named = *keys.first_id_named_of(key);
    EXPECT_FALSE(store.get_field(named.key, named.field));
    EXPECT_FALSE(store.exists(key));
  }
  EXPECT_FALSE(store.get_field(shared_named.key, shared_named.field));
  EXPECT_EQ(store.members(shared), std::vector<std::string>{id});
  EXPECT_EQ(certnames("nodes", by_own), std::vector<std::string>{"web1.example.com"});
  EXPECT_EQ(certnames("nodes", by_uptime), std::vector<std::string>{"web1.example.com"});
  EXPECT_EQ(resources(by_title).size(), 1u);
  EXPECT_EQ(fleet.node("web1.example.com").value()["indexes"], kIndexLayout);
  // and leaves them with the node's next facts
  fleet.replace_facts(
      newer(facts("web1.example.com", "RedHat", 9, 60, {"eth0"}), "2026-11-29T11:00:00.000Z"),
      "2026-11-29T11:00:00.000Z");
  EXPECT_EQ(certnames("nodes", by_uptime), std::vector<std::string>{});
  EXPECT_EQ(store.members(shared), std::vector<std::string>{});
}

}  // namespace
}  // namespace marionette::puppetdb::testing
