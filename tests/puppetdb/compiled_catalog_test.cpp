// What marionette server stores for a catalog it compiled: the replace-catalog command built from
// the compiled catalog itself equals the one read back from the catalog's JSON (the way it was
// built before), and so does everything the store then holds; a catalog whose resources and
// edges are the stored ones (PuppetDB's hash match) rewrites only its header and leaves the
// store as a full replacement would.
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "catalog/catalog.hpp"
#include "puppetdb/fleet_data.hpp"
#include "puppetdb/key_layout.hpp"
#include "puppetdb/store.hpp"
#include "puppetdb/wire_format.hpp"

namespace marionette::puppetdb::testing {
namespace {

using nlohmann::json;

catalog::Resource resource(std::string type, std::string title, std::vector<std::string> tags,
                           catalog::Data parameters) {
  catalog::Resource r;
  r.type = std::move(type);
  r.title = std::move(title);
  r.tags = std::move(tags);
  r.parameters = std::move(parameters);
  return r;
}

/// Every shape a compiled catalog gives the store: keys out of order and nested, numbers of
/// each kind, strings to escape, tags out of order and repeated, a file without a line, an
/// exported resource, each relationship metaparameter (one target or many, and a value that is
/// no reference), containment edges and one that is no reference.
catalog::Catalog compiled(const std::string& port, const std::string& uuid) {
  catalog::Catalog c;
  c.name = "web1.example.com";
  c.version = 1764480000;
  c.catalog_uuid = uuid;
  c.environment = "production";
  c.tags = {"settings", "class"};
  c.classes = {"settings", "apache"};
  c.resources.push_back(resource("Class", "Settings", {"class", "settings"}, catalog::Data()));
  catalog::Resource apache = resource(
      "Class", "Apache", {"class", "apache"},
      {{"port", port}, {"docroot", "/var/www"}, {"modules", {"ssl", "rewrite"}}, {"enable", true}});
  apache.file = "/etc/puppetlabs/code/environments/production/modules/apache/manifests/init.pp";
  apache.line = 1;
  apache.kind = "class";
  c.resources.push_back(std::move(apache));
  catalog::Data content = catalog::Data::object();
  content["zeta"] = {{"b", -3}, {"a", 18446744073709551615ULL}};
  content["alpha"] = {1.5, 3.0, 1e20, nullptr, false, -0.0, 0.1, -9223372036854775807LL - 1};
  content["q\"uote\x7f \u2028"] = catalog::Data::object();
  content["empty"] = catalog::Data::array();
  catalog::Resource motd =
      resource("File", "/etc/motd", {"file", "class", "apache", "file"},
               {{"ensure", "file"},
                {"content", "tab\there \"quoted\" \\ caf\u00e9 \u2603 \x01 end\n"},
                {"mode", "0644"},
                {"extra", content},
                {"require", "Package[httpd]"},
                {"before", {"Service[httpd]", "not a reference", "Exec[reload]"}},
                {"notify", "Service[httpd]"},
                {"subscribe", {"File[/etc/httpd.conf]"}}});
  motd.file = "/etc/puppetlabs/code/environments/production/manifests/site.pp";  // no line
  c.resources.push_back(std::move(motd));
  catalog::Resource host = resource("Host", "web1.example.com", {"host", "exported"},
                                    {{"ip", "10.0.0.1"}, {"ensure", "present"}});
  host.exported = true;
  host.file = "/etc/puppetlabs/code/environments/production/manifests/site.pp";
  host.line = 12;
  c.resources.push_back(std::move(host));
  c.resources.push_back(resource("Package", "httpd", {"package"}, {{"ensure", "installed"}}));
  c.resources.push_back(resource("Service", "httpd", {"service"},
                                 {{"ensure", "running"}, {"subscribe", "Package[httpd]"}}));
  c.edges = {{"Class[Settings]", "Class[Apache]"},        {"Class[Apache]", "File[/etc/motd]"},
             {"Class[Apache]", "Host[web1.example.com]"}, {"Class[Apache]", "Package[httpd]"},
             {"Class[Apache]", "Service[httpd]"},         {"Stage[main]", "no reference"}};
  return c;
}

/// The command the server built before: the catalog written as JSON and read back.
json command_from_text(const catalog::Catalog& c, const std::string& now) {
  return catalog_command(json::parse(catalog::to_json(c)), "puppet.example.com", now);
}

json command_from_model(catalog::Catalog c, const std::string& now) {
  std::optional<json> command = catalog_command(std::move(c), "puppet.example.com", now);
  if (!command) throw std::runtime_error("no command from the model");
  return *command;
}

TEST(CompiledCatalog, CommandFromTheModelIsTheOneReadBackFromItsJson) {
  const std::string now = "2026-11-30T05:00:00.000Z";
  for (const catalog::Catalog& c :
       {compiled("80", "22222222-2222-4222-8222-222222222222"), catalog::Catalog()}) {
    json expected = command_from_text(c, now);
    json got = command_from_model(c, now);
    EXPECT_EQ(got.dump(), expected.dump());
    EXPECT_EQ(got, expected);
  }
  catalog::Catalog with_code_id = compiled("80", "u");
  with_code_id.code_id = "abc123";
  EXPECT_EQ(command_from_model(with_code_id, now).dump(),
            command_from_text(with_code_id, now).dump());
}

TEST(CompiledCatalog, AStringThatIsNotUtf8LeavesTheCommandToTheJson) {
  catalog::Catalog c = compiled("80", "u");
  c.resources[2].parameters["content"] = std::string("bad \xff byte");
  EXPECT_FALSE(catalog_command(std::move(c), "puppet.example.com", "now").has_value());
  catalog::Catalog key = compiled("80", "u");
  key.resources[2].parameters[std::string("k\xc3")] = 1;
  EXPECT_FALSE(catalog_command(std::move(key), "puppet.example.com", "now").has_value());
}

TEST(CompiledCatalog, TheStoreHoldsWhatTheCommandFromJsonStored) {
  MemoryStore from_text, from_model;
  FleetData text_fleet(from_text, "test"), model_fleet(from_model, "test");
  // a first catalog, then another with a parameter changed and a resource gone
  catalog::Catalog second = compiled("8080", "33333333-3333-4333-8333-333333333333");
  second.resources.pop_back();
  second.edges.erase(second.edges.begin() + 4);
  const std::pair<catalog::Catalog, std::string> runs[] = {
      {compiled("80", "22222222-2222-4222-8222-222222222222"), "2026-11-30T05:00:00.000Z"},
      {second, "2026-11-30T05:30:00.000Z"}};
  for (const auto& [c, now] : runs) {
    text_fleet.replace_catalog(command_from_text(c, now), now);
    model_fleet.replace_catalog(command_from_model(c, now), now);
    EXPECT_EQ(from_model.contents(), from_text.contents());
  }
  EXPECT_GT(from_model.key_count(), 10u);
}

TEST(CompiledCatalog, TheHashOfPartsIsTheHashOfTheirArray) {
  const json resources = command_from_model(compiled("80", "u"), "now")["resources"];
  const json edges = json::array({{{"source", "a"}, {"target", "b"}}});
  const json environment = "production";
  EXPECT_EQ(document_hash({&resources, &edges, &environment}),
            document_hash(json::array({resources, edges, environment})));
}

TEST(CompiledCatalog, TheStoreHoldsFromTheCatalogItselfWhatItsCommandStored) {
  MemoryStore from_text, from_model;
  FleetData text_fleet(from_text, "test"), model_fleet(from_model, "test");
  // a first catalog, another with a parameter changed and a resource gone, the same again
  // (its hash matches), an empty one
  catalog::Catalog second = compiled("8080", "33333333-3333-4333-8333-333333333333");
  second.resources.pop_back();
  second.edges.erase(second.edges.begin() + 4);
  catalog::Catalog again = second;
  again.catalog_uuid = "44444444-4444-4444-8444-444444444444";
  again.version += 60;
  catalog::Catalog empty;
  empty.name = "web1.example.com";
  const std::pair<catalog::Catalog, std::string> runs[] = {
      {compiled("80", "22222222-2222-4222-8222-222222222222"), "2026-11-30T05:00:00.000Z"},
      {second, "2026-11-30T05:30:00.000Z"},
      {again, "2026-11-30T06:00:00.000Z"},
      {empty, "2026-11-30T06:30:00.000Z"}};
  for (const auto& [c, now] : runs) {
    text_fleet.replace_catalog(command_from_text(c, now), now);
    ASSERT_TRUE(model_fleet.replace_compiled_catalog(c, "puppet.example.com", now));
    EXPECT_EQ(from_model.contents(), from_text.contents()) << now;
    EXPECT_EQ(model_fleet.catalog_header("web1.example.com")->at("hash"),
              text_fleet.catalog_header("web1.example.com")->at("hash"));
  }
}

TEST(CompiledCatalog, AStringThatIsNotUtf8StoresNothingFromTheCatalog) {
  auto refused = [](catalog::Catalog c) {
    MemoryStore store;
    FleetData fleet(store, "test");
    const bool stored =
        fleet.replace_compiled_catalog(c, "puppet.example.com", "2026-11-30T05:00:00.000Z");
    return !stored && store.key_count() == 0;
  };
  catalog::Catalog value = compiled("80", "u");
  value.resources[2].parameters["content"] = std::string("bad \xff byte");
  EXPECT_TRUE(refused(value));
  catalog::Catalog key = compiled("80", "u");
  key.resources[2].parameters[std::string("k\xc3")] = 1;
  EXPECT_TRUE(refused(key));
  catalog::Catalog file = compiled("80", "u");
  file.resources[2].file = std::string("/etc/\xe2\x28");  // a file without a line is checked too
  EXPECT_TRUE(refused(file));
  catalog::Catalog edge = compiled("80", "u");
  edge.edges.push_back({"Class[\xff]", "Stage[main]"});
  EXPECT_TRUE(refused(edge));
  catalog::Catalog tag = compiled("80", "u");
  tag.resources[0].tags.push_back("\xc0\xaf");
  EXPECT_TRUE(refused(tag));
  EXPECT_FALSE(refused(compiled("80", "u")));
}

/// Counts the writes to catalogs' resources and the keys put (not the node's kept status and
/// row, KeyLayout::latest_statuses and node_rows, written with its document every time).
class CountingStore : public MemoryStore {
 public:
  void put_field(const std::string& key, const std::string& field,
                 const std::string& value) override {
    const KeyLayout keys("test");
    if (key != keys.latest_statuses() && key != keys.node_rows()) ++field_writes;
    MemoryStore::put_field(key, field, value);
  }
  void put(const std::string& key, const std::string& value) override {
    put_keys.push_back(key);
    MemoryStore::put(key, value);
  }
  std::optional<std::string> exchange(const std::string& key, const std::string& value) override {
    put_keys.push_back(key);
    return MemoryStore::exchange(key, value);
  }
  int field_writes = 0;
  std::vector<std::string> put_keys;
};

TEST(CompiledCatalog, TheSameResourcesAgainRewriteOnlyTheHeader) {
  const std::string first = "2026-11-30T05:00:00.000Z", again = "2026-11-30T06:00:00.000Z";
  const KeyLayout keys("test");
  CountingStore matched;
  FleetData fleet(matched, "test");
  fleet.replace_catalog(command_from_model(compiled("80", "u1"), first), first);
  const int fields = matched.field_writes;
  ASSERT_GT(fields, 0);
  ASSERT_EQ(std::count(matched.put_keys.begin(), matched.put_keys.end(),
                       keys.catalog_body("web1.example.com")),
            1);
  catalog::Catalog recompiled = compiled("80", "u2");  // a new uuid and version only
  recompiled.version += 60;
  fleet.replace_catalog(command_from_model(recompiled, again), again);
  EXPECT_EQ(matched.field_writes, fields);
  EXPECT_EQ(std::count(matched.put_keys.begin(), matched.put_keys.end(),
                       keys.catalog_body("web1.example.com")),
            1);
  EXPECT_EQ(std::count(matched.put_keys.begin(), matched.put_keys.end(),
                       keys.catalog("web1.example.com")),
            2);
  EXPECT_NE(fleet.catalog_header("web1.example.com")->dump().find("u2"), std::string::npos);

  // What a full replacement leaves: another catalog in between, so that the hashes differ.
  MemoryStore replaced;
  FleetData full(replaced, "test");
  full.replace_catalog(command_from_model(compiled("80", "u1"), first), first);
  const std::string between = "2026-11-30T05:30:00.000Z";
  catalog::Catalog other = compiled("8080", "u3");
  other.resources.pop_back();
  full.replace_catalog(command_from_model(other, between), between);
  full.replace_catalog(command_from_model(recompiled, again), again);
  EXPECT_EQ(matched.contents(), replaced.contents());

  // The same from the compiled catalogs themselves.
  CountingStore compiled_matched;
  FleetData model(compiled_matched, "test");
  ASSERT_TRUE(model.replace_compiled_catalog(compiled("80", "u1"), "puppet.example.com", first));
  const int model_fields = compiled_matched.field_writes;
  ASSERT_TRUE(model.replace_compiled_catalog(recompiled, "puppet.example.com", again));
  EXPECT_EQ(compiled_matched.field_writes, model_fields);
  EXPECT_EQ(std::count(compiled_matched.put_keys.begin(), compiled_matched.put_keys.end(),
                       keys.catalog_body("web1.example.com")),
            1);
  EXPECT_EQ(compiled_matched.contents(), replaced.contents());
}

json facts_payload(const std::string& produced, const std::string& ip) {
  return {{"certname", "web1.example.com"},
          {"environment", "production"},
          {"producer_timestamp", produced},
          {"producer", "puppet.example.com"},
          {"values", {{"os", {{"family", "Debian"}}}, {"ipaddress", ip}, {"uptime", 5}}}};
}

TEST(CompiledCatalog, TheSameFactsAgainRewriteOnlyTheirHeader) {
  const std::string first = "2026-11-30T05:00:00.000Z", again = "2026-11-30T06:00:00.000Z";
  const KeyLayout keys("test");
  CountingStore matched;
  FleetData fleet(matched, "test");
  fleet.replace_facts(facts_payload(first, "10.0.0.1"), first);
  const auto values_written = [&] {
    return std::count(matched.put_keys.begin(), matched.put_keys.end(),
                      keys.fact_object("web1.example.com"));
  };
  ASSERT_EQ(values_written(), 1);
  fleet.replace_facts(facts_payload(again, "10.0.0.1"), again);
  EXPECT_EQ(values_written(), 1);  // the values are not written again
  EXPECT_EQ(
      std::count(matched.put_keys.begin(), matched.put_keys.end(), keys.facts("web1.example.com")),
      2);
  std::optional<json> stored = fleet.facts("web1.example.com");
  ASSERT_TRUE(stored);
  EXPECT_EQ((*stored)["producer_timestamp"], again);
  EXPECT_EQ((*stored)["values"]["ipaddress"], "10.0.0.1");
  EXPECT_EQ(fleet.node("web1.example.com")->at("facts_timestamp"), again);
  // A stale command still changes nothing.
  fleet.replace_facts(facts_payload(first, "10.0.0.1"), first);
  EXPECT_EQ(fleet.node("web1.example.com")->at("facts_timestamp"), again);

  // What a full replacement leaves: other values in between, so that the hashes differ.
  MemoryStore replaced;
  FleetData full(replaced, "test");
  full.replace_facts(facts_payload(first, "10.0.0.1"), first);
  const std::string between = "2026-11-30T05:30:00.000Z";
  full.replace_facts(facts_payload(between, "10.0.0.2"), between);
  full.replace_facts(facts_payload(again, "10.0.0.1"), again);
  EXPECT_EQ(matched.contents(), replaced.contents());
}

}  // namespace
}  // namespace marionette::puppetdb::testing
