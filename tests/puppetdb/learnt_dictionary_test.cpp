// A dictionary learnt from the fleet's own facts (layout 11): what several nodes share and
// nothing only one of them sent; fact-objects deflated with it after the build's dictionary,
// read back through the store that keeps it under its name.
#include "puppetdb/learnt_dictionary.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "fleet_fixture.hpp"
#include "puppetdb/fact_object.hpp"
#include "puppetdb/fleet_data.hpp"
#include "puppetdb/store.hpp"
#include "puppetdb/stored_text.hpp"

namespace marionette::puppetdb::testing {
namespace {

using json = nlohmann::json;

/// Facter-like values of node `i`: the same operating system, shape and role as its fleet's,
/// its own addresses, keys and uptime.
json node_values(int i) {
  const std::string n = std::to_string(i);
  json interfaces = {
      {"eth0", {{"ip", "10.0.7." + n}, {"mac", "52:54:00:12:34:" + n}, {"mtu", 1500}}},
      {"lo", {{"ip", "127.0.0.1"}, {"mtu", 65536}}}};
  return {
      {"os",
       {{"family", "Debian"},
        {"name", "Debian"},
        {"release", {{"full", "12.8"}, {"major", "12"}}},
        {"distro", {{"codename", "bookworm"}, {"description", "Debian GNU/Linux 12"}}}}},
      {"kernel", "Linux"},
      {"role", "web"},
      {"uptime_seconds", 1000 + i},
      {"is_virtual", true},
      {"networking",
       {{"fqdn", "node" + n + ".example.com"}, {"interfaces", interfaces}, {"primary", "eth0"}}},
      {"ssh",
       {{"ed25519",
         {{"key", "AAAAC3NzaC1lZDI1NTE5AAAAI" + std::string(40, 'a' + i % 26) + n},
          {"type", "ssh-ed25519"}}}}}};
}

json facts_command(int i) {
  return {{"certname", "node" + std::to_string(i) + ".example.com"},
          {"environment", "production"},
          {"producer_timestamp", "2026-12-02T10:00:00.000Z"},
          {"producer", "puppet.example.com"},
          {"values", node_values(i)}};
}

std::vector<json> samples(int from, int count) {
  std::vector<json> out;
  for (int i = from; i < from + count; ++i) out.push_back(node_values(i));
  return out;
}

TEST(LearntDictionary, KeepsWhatTwoNodesShareAndBlanksWhatOneSent) {
  const json learnt = json::parse(learnt_dictionary_text(samples(0, 3)));
  EXPECT_EQ(learnt["os"], node_values(0)["os"]);  // every node's: kept
  EXPECT_EQ(learnt["networking"]["interfaces"]["lo"]["ip"], "127.0.0.1");
  EXPECT_EQ(learnt["networking"]["interfaces"]["eth0"]["mtu"], 1500);
  // the first node's own: blanked, a string to "" and a number to 0
  EXPECT_EQ(learnt["networking"]["interfaces"]["eth0"]["ip"], "");
  EXPECT_EQ(learnt["networking"]["fqdn"], "");
  EXPECT_EQ(learnt["ssh"]["ed25519"]["key"], "");
  EXPECT_EQ(learnt["uptime_seconds"], 0);
  EXPECT_EQ(learnt["is_virtual"], true);
  // one node alone teaches no value of its own
  const json alone = json::parse(learnt_dictionary_text(samples(4, 1)));
  EXPECT_EQ(alone["os"]["family"], "");
  EXPECT_EQ(learnt_dictionary_text({}), "");
}

TEST(LearntDictionary, KeepsItsLastBytesAndIsNamedByItsDigest) {
  json big = json::object();
  for (int i = 0; i < 2000; ++i) big["fact" + std::to_string(i)] = "shared value";
  const std::string text = learnt_dictionary_text({big, big});
  ASSERT_EQ(text.size(), kLearntDictionaryBytes);
  EXPECT_EQ(text.back(), '}');
  const std::string name = learnt_dictionary_name(text);
  EXPECT_EQ(name.size(), 24u);
  EXPECT_EQ(name.find_first_not_of("0123456789abcdef"), std::string::npos);
  EXPECT_NE(learnt_dictionary_name(text + " "), name);
}

TEST(LearntDictionary, AFactObjectDeflatedWithItIsSmallerAndReadsBackThroughItsName) {
  const std::string text = learnt_dictionary_text(samples(0, 8));
  const LearntDictionary learnt{learnt_dictionary_name(text),
                                std::make_shared<const std::string>(text)};
  const json values = node_values(42);
  const std::string with = stored_fact_object(values, &learnt);
  const std::string without = stored_fact_object(values);
  ASSERT_EQ(static_cast<unsigned char>(with[0]), 0x03);
  EXPECT_LT(with.size() * 4, without.size() * 3) << with.size() << " " << without.size();
  std::string asked;
  const FactObject object(with, [&](const std::string& name) {
    asked = name;
    return learnt.text;
  });
  EXPECT_EQ(asked, learnt.name);
  EXPECT_EQ(object.text(), values.dump());
  EXPECT_EQ(object.members_where([](std::string_view name) { return name == "role"; }, 1),
            json({{"role", "web"}}));
  EXPECT_EQ(object.members_where([](std::string_view name) { return name == "ssh"; }, 1),
            json({{"ssh", values["ssh"]}}));
  // no way to the dictionary, none of that name, or another text: a StoreError
  EXPECT_THROW(FactObject{with}, StoreError);
  EXPECT_THROW(FactObject(with, [](const std::string&) { return nullptr; }), StoreError);
  const auto other = std::make_shared<const std::string>(learnt_dictionary_text(samples(0, 1)));
  EXPECT_THROW(FactObject(with, [&](const std::string&) { return other; }).text(), StoreError);
  EXPECT_THROW(FactObject(with.substr(0, 10), [&](const std::string&) { return learnt.text; }),
               StoreError);
}

TEST(LearntDictionary, TheFleetLearnsItFromItsFirstNodesAndDeflatesTheRestWithIt) {
  MemoryStore store;
  FleetData fleet(store, "test");
  const KeyLayout& keys = fleet.keys();
  for (int i = 0; i < static_cast<int>(kLearntSamples) - 1; ++i) {
    fleet.replace_facts(facts_command(i), "2026-12-02T10:00:01.000Z");
    EXPECT_EQ(static_cast<unsigned char>(
                  store.get(keys.fact_object(facts_command(i)["certname"]))->at(0)),
              0x02);
  }
  EXPECT_FALSE(store.get(keys.facts_dictionary()));
  EXPECT_EQ(store.fields(keys.facts_samples()).size(), kLearntSamples - 1);
  // the eighth node's facts: the dictionary is learnt, stored under its name, and named
  fleet.replace_facts(facts_command(7), "2026-12-02T10:00:01.000Z");
  const std::optional<std::string> name = store.get(keys.facts_dictionary());
  ASSERT_TRUE(name);
  const std::optional<std::string> text = store.get(keys.learnt_dictionary(*name));
  ASSERT_TRUE(text);
  EXPECT_EQ(learnt_dictionary_name(*text), *name);
  EXPECT_EQ(text->find("10.0.7."), std::string::npos);  // no node's own address
  EXPECT_NE(text->find("bookworm"), std::string::npos);
  EXPECT_TRUE(store.fields(keys.facts_samples()).empty());
  for (int i = 7; i < 12; ++i) {
    if (i > 7) fleet.replace_facts(facts_command(i), "2026-12-02T10:00:01.000Z");
    const std::string certname = facts_command(i)["certname"];
    EXPECT_EQ(static_cast<unsigned char>(store.get(keys.fact_object(certname))->at(0)), 0x03);
  }
  // every node's values read back as sent, by another server on the same store too
  FleetData other(store, "test");
  for (int i = 0; i < 12; ++i) {
    const std::string certname = facts_command(i)["certname"];
    EXPECT_EQ(other.facts(certname).value()["values"], node_values(i));
    EXPECT_EQ(other.fact_values(certname, std::set<std::string>{"role"}).value(),
              json({{"role", "web"}}));
  }
}

TEST(LearntDictionary, AServerWritesWithTheStoresDictionaryAndRefusesOneNotOfItsName) {
  MemoryStore store;
  FleetData fleet(store, "test");
  const KeyLayout& keys = fleet.keys();
  // another server learnt it (from other nodes than these): this one writes with it at once
  const std::string text = learnt_dictionary_text(samples(100, 8));
  const std::string name = learnt_dictionary_name(text);
  store.put(keys.learnt_dictionary(name), text);
  store.put(keys.facts_dictionary(), name);
  fleet.replace_facts(facts_command(1), "2026-12-02T10:00:01.000Z");
  const std::string key = keys.fact_object("node1.example.com");
  const std::string stored = store.get(key).value();
  EXPECT_EQ(static_cast<unsigned char>(stored[0]), 0x03);
  EXPECT_EQ(fleet.facts("node1.example.com").value()["values"], node_values(1));
  // a value naming a dictionary the store does not have, or one whose text is not its name's
  const std::string unknown_text = learnt_dictionary_text(samples(200, 8)) + " ";
  const LearntDictionary unknown{learnt_dictionary_name(unknown_text),
                                 std::make_shared<const std::string>(unknown_text)};
  store.put(key, stored_fact_object(node_values(1), &unknown));
  EXPECT_THROW(fleet.facts("node1.example.com"), StoreError);
  store.put(keys.learnt_dictionary(unknown.name), text);
  EXPECT_THROW(fleet.facts("node1.example.com"), StoreError);
}

/// A store where another server names its own learnt dictionary just before this one's SET NX
/// of `pointer` (the two learnt at once, from other samples): the race the SET NX settles.
class RivalLearnsFirst : public MemoryStore {
 public:
  RivalLearnsFirst(std::string pointer, std::string dictionary_key, std::string text)
      : pointer_(std::move(pointer)), key_(std::move(dictionary_key)), text_(std::move(text)) {}
  bool put_if_absent(const std::string& key, const std::string& value) override {
    if (key == pointer_ && !raced_) {
      raced_ = true;
      put(key_, text_);
      MemoryStore::put_if_absent(key, learnt_dictionary_name(text_));
    }
    return MemoryStore::put_if_absent(key, value);
  }

 private:
  std::string pointer_, key_, text_;
  bool raced_ = false;
};

TEST(LearntDictionary, OfTwoServersLearningAtOnceTheFirstToNameItsOwnGivesEveryonesDictionary) {
  const KeyLayout keys("test");
  std::vector<json> rival_samples = samples(300, 8);  // the rival's nodes: database servers
  for (json& values : rival_samples) values["role"] = "db";
  const std::string rival_text = learnt_dictionary_text(rival_samples);
  const std::string rival = learnt_dictionary_name(rival_text);
  RivalLearnsFirst store(keys.facts_dictionary(), keys.learnt_dictionary(rival), rival_text);
  FleetData fleet(store, "test");
  for (int i = 0; i < static_cast<int>(kLearntSamples); ++i)
    fleet.replace_facts(facts_command(i), "2026-12-02T10:00:01.000Z");
  // the rival's is the store's; this server's own dictionary and the samples are gone
  EXPECT_EQ(store.get(keys.facts_dictionary()), rival);
  const std::string own = learnt_dictionary_name(learnt_dictionary_text(samples(0, 8)));
  ASSERT_NE(own, rival);
  EXPECT_FALSE(store.get(keys.learnt_dictionary(own)));
  EXPECT_TRUE(store.fields(keys.facts_samples()).empty());
  // the eighth node's facts, and every later node's, name the rival's and read back as sent
  for (int i = 7; i < 10; ++i) {
    if (i > 7) fleet.replace_facts(facts_command(i), "2026-12-02T10:00:01.000Z");
    const std::string stored = store.get(keys.fact_object(facts_command(i)["certname"])).value();
    EXPECT_EQ(static_cast<unsigned char>(stored[0]), 0x03);
    EXPECT_NE(stored.find(learnt_name_bytes(rival)), std::string::npos);
    EXPECT_EQ(FleetData(store, "test").facts(facts_command(i)["certname"]).value()["values"],
              node_values(i));
  }
}

TEST(LearntDictionary, AReportDeflatedWithItIsSmallerAndReadsBackThroughItsName) {
  std::vector<json> reports;
  for (int i = 0; i < 3; ++i)
    reports.push_back(FleetFixture::report("node" + std::to_string(i) + ".example.com", "changed"));
  const std::string text = learnt_dictionary_text(reports);
  const LearntDictionary learnt{learnt_dictionary_name(text),
                                std::make_shared<const std::string>(text)};
  const std::string report = FleetFixture::report("node9.example.com", "changed").dump();
  const std::string with =
      stored_with_learnt(report, kDeflateFieldFrom, documents_dictionary(), learnt);
  const std::string without = stored_text(report, kDeflateFieldFrom, documents_dictionary());
  ASSERT_EQ(static_cast<unsigned char>(with[0]), 0x03);
  EXPECT_LT(with.size() * 2, without.size()) << with.size() << " " << without.size();
  EXPECT_EQ(learnt_json_text(with, [&](const std::string&) { return learnt.text; }), report);
  EXPECT_EQ(learnt_json_text(without, {}), report);  // an earlier form reads as it is
  EXPECT_THROW(learnt_json_text(with, {}), StoreError);
  EXPECT_THROW(learnt_json_text(with.substr(0, 9), [&](const std::string&) { return learnt.text; }),
               StoreError);
  // under the threshold: the text itself
  EXPECT_EQ(stored_with_learnt("{}", kDeflateFieldFrom, documents_dictionary(), learnt), "{}");
}

TEST(LearntDictionary, TheFleetLearnsOneForItsReportsToo) {
  MemoryStore store;
  FleetData fleet(store, "test");
  const KeyLayout& keys = fleet.keys();
  auto certname = [](int i) { return "node" + std::to_string(i) + ".example.com"; };
  for (int i = 0; i < 10; ++i) {
    fleet.store_report(FleetFixture::report(certname(i), i % 2 ? "changed" : "unchanged"),
                       "2026-11-29T10:02:00.000Z");
    const std::vector<std::string> stored = store.list(keys.reports(certname(i)));
    ASSERT_EQ(stored.size(), 1u);
    EXPECT_EQ(static_cast<unsigned char>(stored[0][0]), i < 7 ? 0x78 : 0x03) << i;
  }
  ASSERT_TRUE(store.get(keys.reports_dictionary()));
  EXPECT_TRUE(store.fields(keys.reports_samples()).empty());
  // read back as a node's first reports were, by another server too
  FleetData other(store, "test");
  const json first = other.reports(certname(1)).at(0), last = other.reports(certname(9)).at(0);
  EXPECT_EQ(last["certname"], certname(9));
  json renamed = last;
  renamed["certname"] = certname(1);
  renamed["hash"] = first["hash"];
  EXPECT_EQ(renamed, first);
}

}  // namespace
}  // namespace marionette::puppetdb::testing
