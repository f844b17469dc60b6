// The fleet's data in a private redis-server: whatever the store accepts it can read back,
// however far a document passes the 1 MiB a counters connection reads.
#include <gtest/gtest.h>

#include <random>

#include "fleet_fixture.hpp"
#include "puppetdb/fact_object.hpp"
#include "puppetdb/packed_resources.hpp"
#include "puppetdb/store.hpp"
#include "puppetdb/stored_text.hpp"
#include "support/private_redis.hpp"

namespace marionette::puppetdb {
namespace {

using marionette::testing::PrivateRedis;
using nlohmann::json;

/// `size` bytes of text that deflate cannot shrink much (hex of a fixed random stream).
std::string incompressible(std::size_t size) {
  std::mt19937_64 random(27);
  static const char* digits = "0123456789abcdef";
  std::string text(size, '0');
  for (char& c : text) c = digits[random() & 15];
  return text;
}

/// A store in a private redis-server of its own (the test skipped where none is installed).
class RedisStore : public ::testing::Test {
 protected:
  void SetUp() override {
    marionette::testing::start_private_redis(redis_);
    if (!redis_) return;
    store = make_redis_store(redis_->url(), std::chrono::seconds(5));
  }

  std::unique_ptr<PrivateRedis> redis_;
  std::unique_ptr<Store> store;
};

TEST_F(RedisStore, ACatalogStoredLargerThanOneMebibyteIsReadBackWhole) {
  FleetData fleet(*store, "big");

  json catalog = testing::FleetFixture::catalog("big.example.com", "80");
  const std::string content = incompressible(5 * 1024 * 1024);
  catalog["resources"][2]["parameters"]["content"] = content;
  ASSERT_GT(stored_text(catalog.dump()).size(), 2u * 1024 * 1024) << "the test's premise";
  fleet.replace_catalog(catalog, "2026-11-30T06:00:00.000Z");

  std::optional<json> read = fleet.catalog("big.example.com");
  ASSERT_TRUE(read);
  EXPECT_NE(read->dump().find(content), std::string::npos) << "File[/etc/motd]'s content is lost";

  // and the plain store calls, one at a time and batched
  const std::string value = incompressible(2 * 1024 * 1024);
  store->put("big:value", value);
  std::optional<std::string> got = store->get("big:value");
  ASSERT_TRUE(got);
  EXPECT_TRUE(*got == value);
  std::vector<std::optional<std::string>> many = store->get_many({"big:value", "big:none"});
  ASSERT_EQ(many.size(), 2u);
  ASSERT_TRUE(many[0]);
  EXPECT_TRUE(*many[0] == value);
  EXPECT_FALSE(many[1]);
}

TEST_F(RedisStore, StringsAndHashFieldsAreReadTogetherEachInItsPlace) {
  store->put("s:one", "1");
  store->put("s:two", "2");
  store->put_field("h", "a", "A");
  store->put_field("g", "b", "B");
  // more than one pipeline's worth of commands, strings and fields interleaved in the replies;
  // the fields of two hashes in runs (one HMGET a run)
  std::vector<std::string> keys;
  std::vector<std::pair<std::string, std::string>> fields;
  for (int i = 0; i < 300; ++i) {
    keys.push_back(i % 2 ? "s:two" : (i % 3 ? "s:none" : "s:one"));
    fields.emplace_back(i % 7 < 4 ? "h" : "g", i % 2 ? "a" : "b");
  }
  const auto [values, field_values] = store->get_many_and_fields(keys, fields);
  ASSERT_EQ(values.size(), keys.size());
  ASSERT_EQ(field_values.size(), fields.size());
  for (int i = 0; i < 300; ++i) {
    EXPECT_EQ(values[i], store->get(keys[i])) << i;
    EXPECT_EQ(field_values[i], store->get_field(fields[i].first, fields[i].second)) << i;
  }
  EXPECT_EQ(values[1], "2");
  EXPECT_EQ(values[3 * 2 + 0], "1");  // i = 6
  EXPECT_EQ(field_values[1], "A");    // h's a
  EXPECT_FALSE(field_values[0]);      // h's b
  EXPECT_EQ(field_values[4], "B");    // g's b
  EXPECT_FALSE(field_values[5]);      // g's a
}

TEST_F(RedisStore, StringsAndManyFieldsOfOneHashAreReadTogetherEachInItsPlace) {
  store->put("s:one", "1");
  std::vector<std::string> keys = {"s:none", "s:one"};
  // more fields than one HMGET asks, every third absent
  std::vector<std::string> names;
  for (int i = 0; i < 2500; ++i) {
    names.push_back("f" + std::to_string(i));
    if (i % 3) store->put_field("h", names.back(), "v" + std::to_string(i));
  }
  const auto [values, fields] = store->get_many_and_fields_of(keys, "h", names);
  ASSERT_EQ(values.size(), 2u);
  EXPECT_FALSE(values[0]);
  EXPECT_EQ(values[1], "1");
  ASSERT_EQ(fields.size(), names.size());
  for (int i = 0; i < 2500; ++i) {
    if (i % 3)
      EXPECT_EQ(fields[i], "v" + std::to_string(i)) << i;
    else
      EXPECT_FALSE(fields[i]) << i;
  }
  const auto [none, no_fields] = store->get_many_and_fields_of({}, "h", {});
  EXPECT_TRUE(none.empty());
  EXPECT_TRUE(no_fields.empty());
}

TEST_F(RedisStore, ABoundedListIsReadBackNewestFirstAloneOrWithOthersHoweverLargeItsEntries) {
  for (int i = 0; i < 5; ++i) store->push_bounded("reports", "report " + std::to_string(i), 3);
  const std::vector<std::string> newest = {"report 4", "report 3", "report 2"};
  EXPECT_EQ(store->list("reports"), newest);
  EXPECT_TRUE(store->list("no-reports").empty());
  // two entries that together pass the 1 MiB one reply of a counters connection may hold
  const std::string large = incompressible(900 * 1024);
  store->push_bounded("large", large + "a", 3);
  store->push_bounded("large", large + "b", 3);
  const std::vector<std::vector<std::string>> all = store->lists({"reports", "none", "large"});
  ASSERT_EQ(all.size(), 3u);
  EXPECT_EQ(all[0], newest);
  EXPECT_TRUE(all[1].empty());
  ASSERT_EQ(all[2].size(), 2u);
  EXPECT_TRUE(all[2][0] == large + "b");
  EXPECT_TRUE(store->list("large") == all[2]);
}

TEST_F(RedisStore, ALeafsFirstIdIsTakenOnceEmptiedOnlyByItsOwnerAndReadWithTheSetAndBitmap) {
  const Store::Field first{"t:ixf:fv:abc", "0123456789abc"};
  // HSETNX pipelined: the first taker wins, a second one is told it lost
  EXPECT_EQ(store->put_fields_if_absent({{first, "7"}, {first, "9"}}),
            (std::vector<bool>{true, false}));
  store->add_member("t:ix:fv:set", "9");
  store->set_bit("t:ixb:fv:set", 300, true);
  EXPECT_EQ(store->ids("t:ix:fv:set", "t:ixb:fv:set", {first}),
            (std::vector<std::size_t>{7, 9, 300}));
  // an earlier layout's field read beside it (the ids of both, once each)
  const Store::Field named{"t:ixf:fv:abc", "-4242"};
  store->put_field_if_absent(named.key, named.field, "11");
  EXPECT_EQ(store->ids("t:ix:fv:set", "t:ixb:fv:set", {first, named}),
            (std::vector<std::size_t>{7, 9, 11, 300}));
  store->remove_field_if(named.key, named.field, "11");
  // emptied only by the id it holds (a script on the one key), also within a batch of changes
  store->remove_field_if(first.key, first.field, "9");
  EXPECT_EQ(store->get_field(first.key, first.field), std::optional<std::string>("7"));
  store->change({{Store::Change::Kind::remove_field_if, first.key, first.field, 0, "7"}});
  EXPECT_FALSE(store->exists(first.key));
  EXPECT_EQ(store->ids("t:ix:fv:set", "t:ixb:fv:set", {first}), (std::vector<std::size_t>{9, 300}));
}

TEST_F(RedisStore, IndexesOfIdsReadTogetherAreEachReadWhole) {
  // a set past one SSCAN's page (an earlier layout's), a bitmap with a first id, nothing
  std::vector<std::size_t> many;
  for (std::size_t id = 1; id <= 2500; ++id) {
    store->add_member("t:ix:tagi:many", std::to_string(id));
    many.push_back(id);
  }
  const Store::Field first{"t:ixf:fv:def", "42"};
  store->put_field_if_absent(first.key, first.field, "3");
  store->set_bit("t:ixb:fv:bits", 5000, true);
  const std::vector<std::vector<std::size_t>> read =
      store->ids_of_each({{"t:ix:tagi:many", "t:ixb:tagi:many", {}},
                          {"t:ix:fv:bits", "t:ixb:fv:bits", {first}},
                          {"t:ix:fv:none", "t:ixb:fv:none", {{"t:ixf:fv:def", "43"}}}});
  ASSERT_EQ(read.size(), 3u);
  EXPECT_EQ(read[0], many);
  EXPECT_EQ(read[1], (std::vector<std::size_t>{3, 5000}));
  EXPECT_TRUE(read[2].empty());
  EXPECT_EQ(read[1], store->ids("t:ix:fv:bits", "t:ixb:fv:bits", {first}));
}

TEST_F(RedisStore,
       ExchangeAndTakeReturnWhatTheyReplacedAndAReferencedValueGoesWithItsLastReferrer) {
  EXPECT_FALSE(store->exchange("t:body", "one"));
  EXPECT_EQ(store->exchange("t:body", "two"), std::optional<std::string>("one"));
  EXPECT_EQ(store->take("t:body"), std::optional<std::string>("two"));
  EXPECT_FALSE(store->exists("t:body"));
  EXPECT_FALSE(store->take("t:body"));

  // two referrers: the value stays as the first set it, and goes with the second's drop
  store->add_reference("t:shared", "groups");
  store->add_reference("t:shared", "other");
  EXPECT_EQ(store->get_field("t:shared", Store::kReferencedValue),
            std::optional<std::string>("groups"));
  EXPECT_EQ(store->get_field("t:shared", "n"), std::optional<std::string>("2"));
  store->drop_reference("t:shared");
  EXPECT_EQ(store->get_field("t:shared", Store::kReferencedValue),
            std::optional<std::string>("groups"));
  store->drop_reference("t:shared");
  EXPECT_FALSE(store->exists("t:shared"));
  store->drop_reference("t:shared");  // a drop with no referrer left leaves nothing behind
  EXPECT_FALSE(store->exists("t:shared"));

  // and through the fleet's catalogs: two nodes of one role, one part, gone with both bodies
  FleetData fleet(*store, "t");
  json web1 = testing::FleetFixture::catalog("web1.example.com", "80"),
       web2 = testing::FleetFixture::catalog("web2.example.com", "80");
  for (json* catalog : {&web1, &web2})
    for (int n = 0; n < 20; ++n)
      (*catalog)["resources"].push_back({{"type", "Package"},
                                         {"title", "package-" + std::to_string(n)},
                                         {"tags", {"package"}},
                                         {"exported", false},
                                         {"parameters", {{"ensure", "installed"}}}});
  fleet.replace_catalog(web1, "2026-12-02T01:00:00.000Z");
  fleet.replace_catalog(web2, "2026-12-02T01:00:00.000Z");
  const std::string name =
      CatalogBody(store->get(fleet.keys().catalog_body("web1.example.com")).value()).shared_part();
  ASSERT_FALSE(name.empty());
  EXPECT_EQ(store->get_field(fleet.keys().shared_groups(name), "n"),
            std::optional<std::string>("2"));
  EXPECT_EQ(fleet.catalog("web2.example.com").value()["resources"].size(), 24u);
  for (json* catalog : {&web1, &web2}) {
    (*catalog)["resources"].erase((*catalog)["resources"].end() - 20,
                                  (*catalog)["resources"].end());
    (*catalog)["producer_timestamp"] = "2026-12-02T02:00:00.000Z";
    fleet.replace_catalog(*catalog, "2026-12-02T02:00:00.000Z");
  }
  EXPECT_FALSE(store->exists(fleet.keys().shared_groups(name)));
  EXPECT_EQ(fleet.catalog("web2.example.com").value()["resources"].size(), 4u);
}

TEST_F(RedisStore, AStringIsPutIfAbsentOnceAndANodesFactObjectReadsBackWithItsDictionary) {
  // SET NX: the first writer wins, a second is told it lost and changes nothing
  EXPECT_TRUE(store->put_if_absent("t:{a}:fact-object", "1"));
  EXPECT_FALSE(store->put_if_absent("t:{a}:fact-object", "2"));
  EXPECT_EQ(store->get("t:{a}:fact-object"), std::optional<std::string>("1"));
  // a deflated value's bytes (0x78 and binary) survive the round trip
  const json values =
      testing::FleetFixture::facts("a.example.com", "Debian", 12, 60, {"eth0", "eth1"})["values"];
  const std::string stored = stored_text(values.dump(), kDeflateFieldFrom, facts_dictionary());
  ASSERT_EQ(static_cast<unsigned char>(stored[0]), 0x78);
  store->put("t:{b}:fact-object", stored);
  EXPECT_EQ(json::parse(json_text(store->get("t:{b}:fact-object").value())), values);
  // and the fact-object's pieces (a mark 0x02, the dictionary's id, varints)
  const std::string pieces = stored_fact_object(values);
  ASSERT_EQ(static_cast<unsigned char>(pieces[0]), 0x02);
  store->put("t:{c}:fact-object", pieces);
  EXPECT_EQ(store->get("t:{c}:fact-object"), std::optional<std::string>(pieces));
}

}  // namespace
}  // namespace marionette::puppetdb
