// Documents as the store keeps them (from 128 bytes deflated with a preset dictionary: a node's
// fact values, resource groups, edges, documents and reports) and the bound on what a stored value
// may inflate to: a value in the shared store is not trusted to be one this server wrote.
#include "puppetdb/stored_text.hpp"

#include <gtest/gtest.h>
#include <zlib.h>

#include "fleet_fixture.hpp"
#include "puppetdb/fleet_data.hpp"
#include "puppetdb/packed_resources.hpp"
#include "puppetdb/query_error.hpp"
#include "puppetdb/store.hpp"

namespace marionette::puppetdb::testing {
namespace {

/// A zlib stream of `size` bytes, `open`, spaces and `close` (a JSON text when those make one),
/// deflated from a small buffer: about a thousandth of `size`.
std::string deflate_bomb(std::size_t size, const std::string& open = "",
                         const std::string& close = "") {
  z_stream stream{};
  EXPECT_EQ(deflateInit(&stream, Z_BEST_COMPRESSION), Z_OK);
  std::string chunk(64 * 1024, ' ');
  std::string out;
  char buffer[16384];
  std::size_t left = size;
  int status = Z_OK;
  bool first = true;
  do {
    const std::size_t take = std::min(left, chunk.size());
    left -= take;
    std::string piece = chunk.substr(0, take);
    if (first) piece.replace(0, open.size(), open);
    if (left == 0) piece.replace(piece.size() - close.size(), close.size(), close);
    first = false;
    stream.next_in = reinterpret_cast<Bytef*>(piece.data());
    stream.avail_in = static_cast<uInt>(take);
    const int flush = left == 0 ? Z_FINISH : Z_NO_FLUSH;
    do {
      stream.next_out = reinterpret_cast<Bytef*>(buffer);
      stream.avail_out = sizeof buffer;
      status = deflate(&stream, flush);
      out.append(buffer, sizeof buffer - stream.avail_out);
    } while (stream.avail_out == 0);
  } while (left > 0);
  EXPECT_EQ(status, Z_STREAM_END);
  deflateEnd(&stream);
  return out;
}

TEST(StoredText, LargeDocumentsAreDeflatedAndComeBackWhole) {
  std::string text = "[";
  for (int i = 0; i < 500; ++i) text += "\"networking.interfaces.eth0.mtu\",";
  text += "1]";
  const std::string stored = stored_text(text);
  EXPECT_LT(stored.size(), text.size() / 4);
  EXPECT_EQ(json_text(stored), text);
  EXPECT_EQ(stored_text("{\"small\":1}"), "{\"small\":1}");  // under 1 KiB: as it is
}

TEST(StoredText, ANodesFactValuesAndResourceGroupsAreDeflatedFromTheFieldThreshold) {
  // a fact value and a resource group of a few hundred bytes: under kDeflateFrom, past
  // kDeflateFieldFrom, kept deflated and read back whole
  MemoryStore store;
  FleetData fleet(store, "test");
  std::string text;
  for (int i = 0; i < 12; ++i) text += "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5 ";
  ASSERT_GT(text.size(), kDeflateFieldFrom);
  ASSERT_LT(text.size(), kDeflateFrom);
  nlohmann::json facts = {{"certname", "a.example.com"},
                          {"environment", "production"},
                          {"producer_timestamp", "2026-11-30T20:00:00.000Z"},
                          {"values", {{"ssh", {{"key", text}}}, {"kernel", "Linux"}}}};
  fleet.replace_facts(facts, "2026-11-30T20:00:00.000Z");
  nlohmann::json catalog = {{"certname", "a.example.com"},
                            {"version", "1"},
                            {"environment", "production"},
                            {"producer_timestamp", "2026-11-30T20:00:00.000Z"},
                            {"resources",
                             {{{"type", "File"},
                               {"title", "/etc/motd"},
                               {"tags", {"file"}},
                               {"exported", false},
                               {"parameters", {{"content", text}}}}}},
                            {"edges", nlohmann::json::array()}};
  fleet.replace_catalog(catalog, "2026-11-30T20:00:00.000Z");
  const KeyLayout& keys = fleet.keys();
  const std::optional<std::string> values = store.get(keys.fact_object("a.example.com"));
  const std::optional<std::string> files = store.get(keys.catalog_body("a.example.com"));
  ASSERT_TRUE(values && files);
  EXPECT_EQ(static_cast<unsigned char>((*values)[0]), 0x02);  // pieces (fact_object.hpp)
  EXPECT_LT(values->size(), text.size() / 2);
  EXPECT_LT(files->size(), text.size() / 2);
  EXPECT_EQ(fleet.facts("a.example.com").value()["values"]["ssh"]["key"], text);
  EXPECT_EQ(fleet.catalog("a.example.com").value()["resources"][0]["parameters"]["content"], text);
}

TEST(StoredText, TheFactsDictionaryShrinksANodesValuesAndIsNamedByTheStream) {
  // Facter-like values of a few hundred bytes: the dictionary holds their names
  const std::string values =
      R"({"os":{"architecture":"amd64","distro":{"codename":"bookworm","id":"Debian",)"
      R"("release":{"full":"12.8","major":"12","minor":"8"}},"family":"Debian",)"
      R"("hardware":"x86_64","name":"Debian","release":{"full":"12.8","major":"12",)"
      R"("minor":"8"},"selinux":{"enabled":false}},"kernel":"Linux","is_virtual":true,)"
      R"("path":"/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",)"
      R"("timezone":"UTC","virtual":"kvm"})";
  const std::string alone = stored_text(values, kDeflateFieldFrom);
  const std::string with = stored_text(values, kDeflateFieldFrom, facts_dictionary());
  EXPECT_EQ(static_cast<unsigned char>(with[0]), 0x78);
  EXPECT_EQ(with[1] & 0x20, 0x20);  // FDICT: the stream names its dictionary
  EXPECT_LT(with.size() * 2, alone.size());
  EXPECT_EQ(json_text(with), values);
  EXPECT_EQ(json_text(alone), values);
  // under the threshold, or not smaller: the text itself
  EXPECT_EQ(stored_text("{\"kernel\":\"Linux\"}", kDeflateFieldFrom, facts_dictionary()),
            "{\"kernel\":\"Linux\"}");
}

/// The dictionary a zlib stream names (its DICTID, bytes 2–5), 0 for none.
uLong dictionary_id(const std::string& stored) {
  if (stored.size() < 6 || static_cast<unsigned char>(stored[0]) != 0x78 || !(stored[1] & 0x20))
    return 0;
  uLong id = 0;
  for (int i = 2; i < 6; ++i) id = (id << 8) | static_cast<unsigned char>(stored[i]);
  return id;
}

uLong adler_of(std::string_view text) {
  return adler32(adler32(0, nullptr, 0), reinterpret_cast<const Bytef*>(text.data()),
                 static_cast<uInt>(text.size()));
}

TEST(StoredText, EachOfANodesDocumentsIsDeflatedWithItsDictionaryAndReadsBack) {
  MemoryStore store;
  FleetData fleet(store, "test");
  const std::string now = "2026-11-29T10:00:00.000Z";
  const std::string name = "web1.example.com";
  fleet.replace_facts(FleetFixture::facts(name, "Debian", 12, 60, {"eth0"}), now);
  fleet.replace_catalog(FleetFixture::catalog(name, "80"), now);
  fleet.store_report(FleetFixture::report(name, "failed"), now);
  const KeyLayout& keys = fleet.keys();
  const uLong facts = adler_of(facts_dictionary()), catalog = adler_of(catalog_dictionary()),
              documents = adler_of(documents_dictionary());
  // the fact-object's pieces name it after their mark (fact_object.hpp)
  const std::string values = store.get(keys.fact_object(name)).value();
  ASSERT_EQ(static_cast<unsigned char>(values[0]), 0x02);
  EXPECT_EQ(dictionary_id("\x78\x20" + values.substr(1, 4)), facts);
  const std::string body = store.get(keys.catalog_body(name)).value();
  EXPECT_EQ(body.rfind("[" + std::to_string(catalog) + ",", 0), 0u);
  EXPECT_EQ(dictionary_id(store.get(keys.node(name)).value()), documents);
  EXPECT_EQ(dictionary_id(store.get(keys.facts(name)).value()), documents);
  EXPECT_EQ(dictionary_id(store.get(keys.catalog(name)).value()), documents);
  EXPECT_EQ(dictionary_id(store.list(keys.reports(name)).at(0)), documents);
  // and each reads back as sent
  EXPECT_EQ(fleet.facts(name).value()["values"],
            FleetFixture::facts(name, "Debian", 12, 60, {"eth0"})["values"]);
  EXPECT_EQ(fleet.node(name).value()["latest_report_status"], "failed");
  EXPECT_EQ(fleet.catalog(name).value()["resources"].size(),
            FleetFixture::catalog(name, "80")["resources"].size());
  EXPECT_EQ(fleet.reports(name).at(0)["status"], "failed");
}

TEST(StoredText, AStreamNamingADictionaryThisBuildLacksIsAStoreError) {
  const std::string text(300, 'a');
  const std::string other = "another dictionary";
  z_stream stream{};
  ASSERT_EQ(deflateInit(&stream, Z_DEFAULT_COMPRESSION), Z_OK);
  ASSERT_EQ(deflateSetDictionary(&stream, reinterpret_cast<const Bytef*>(other.data()),
                                 static_cast<uInt>(other.size())),
            Z_OK);
  std::string out(1024, '\0');
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
  stream.avail_in = static_cast<uInt>(text.size());
  stream.next_out = reinterpret_cast<Bytef*>(out.data());
  stream.avail_out = static_cast<uInt>(out.size());
  ASSERT_EQ(deflate(&stream, Z_FINISH), Z_STREAM_END);
  out.resize(stream.total_out);
  deflateEnd(&stream);
  ASSERT_EQ(static_cast<unsigned char>(out[0]), 0x78);
  try {
    json_text(out);
    FAIL() << "inflated without its dictionary";
  } catch (const StoreError& error) {
    EXPECT_NE(std::string(error.what()).find("dictionary"), std::string::npos) << error.what();
  }
}

TEST(StoredText, AStreamCutShortOrWithAWrongChecksumIsAStoreError) {
  // json_text reads zlib's wrapper itself (the dictionary by its DICTID): the wrapper's checks
  // are its own to keep
  std::string text = "{";
  for (int i = 0; i < 200; ++i) text += "\"k" + std::to_string(i) + "\":\"value\",";
  text += "\"end\":1}";
  const std::string stored = stored_text(text, 128, documents_dictionary());
  ASSERT_EQ(static_cast<unsigned char>(stored[0]), 0x78);
  ASSERT_EQ(json_text(stored), text);
  std::string checksum = stored;
  checksum.back() = static_cast<char>(checksum.back() ^ 1);
  EXPECT_THROW(json_text(checksum), StoreError);
  EXPECT_THROW(json_text(stored.substr(0, stored.size() - 2)), StoreError);  // no whole trailer
  EXPECT_THROW(json_text(stored.substr(0, stored.size() / 2)), StoreError);  // cut in the data
  EXPECT_THROW(json_text(stored + "tail"), StoreError);  // more after the stream
  std::string header = stored;
  header[1] = static_cast<char>(header[1] ^ 4);  // FCHECK no longer holds
  EXPECT_THROW(json_text(header), StoreError);
  EXPECT_THROW(json_text(stored.substr(0, 5)), StoreError);
}

TEST(StoredText, AValueThatInflatesPastTheLargestDocumentIsRefused) {
  const std::string bomb = deflate_bomb(kLargestDocument + 1024 * 1024);
  ASSERT_LT(bomb.size(), 1024u * 1024);
  EXPECT_THROW(json_text(bomb), StoreError);
  // the same stream under a smaller bound, and a stream just within it
  EXPECT_THROW(json_text(deflate_bomb(70 * 1024), 64 * 1024), StoreError);
  EXPECT_EQ(json_text(deflate_bomb(60 * 1024), 64 * 1024), std::string(60 * 1024, ' '));
}

TEST(StoredText, AForgedFactsDocumentInTheStoreIsAStoreError) {
  MemoryStore store;
  FleetData fleet(store, "test");
  // a JSON object of 64 MiB of spaces: whole, it would be read and answered
  store.put(fleet.keys().facts("web1.example.com"),
            deflate_bomb(kLargestDocument + 4096, "{\"certname\":\"web1.example.com\"", "}"));
  EXPECT_THROW(fleet.facts("web1.example.com"), StoreError);  // the API answers 500
}

TEST(StoredText, ADocumentLargerThanTheServerAcceptsIsNotStored) {
  try {
    stored_text(std::string(kLargestDocument + 1, ' '));
    FAIL() << "stored";
  } catch (const QueryError& error) {
    EXPECT_EQ(error.status, 413);
  }
}

TEST(CatalogBody, GroupsAndEdgesReadBackAsStoredAndAGroupInflatesOnlyWhatPrecedesIt) {
  // a large group (File, 200 resources) and a small one (Zone): the small one is first
  nlohmann::json resources = nlohmann::json::array();
  resources.push_back({{"type", "Zone"},
                       {"title", "Main"},
                       {"tags", {"class"}},
                       {"exported", false},
                       {"file", nullptr},
                       {"line", nullptr},
                       {"parameters", nlohmann::json::object()}});
  nlohmann::json edges = nlohmann::json::array();
  for (int n = 0; n < 200; ++n) {
    const std::string title = "/etc/app/" + std::to_string(n * 7919 % 1000003) + ".conf";
    resources.push_back({{"type", "File"},
                         {"title", title},
                         {"tags", {"file", "class"}},
                         {"exported", false},
                         {"file", "/etc/site.pp"},
                         {"line", n},
                         {"parameters", {{"content", std::to_string(n * 104729)}}}});
    edges.push_back({{"source", {{"type", "Zone"}, {"title", "Main"}}},
                     {"target", {{"type", "File"}, {"title", title}}},
                     {"relationship", n % 50 == 0 ? "before" : "contains"}});
  }
  // ends the catalog has no resource for, and edges of another form, kept as they are
  edges.push_back({{"source", {{"type", "Class"}, {"title", "Elsewhere"}}},
                   {"target", {{"type", "File"}, {"title", "/etc/app/0.conf"}}},
                   {"relationship", "contains"}});
  edges.push_back({{"source", 3},
                   {"target", {{"type", "Zone"}, {"title", "Main"}}},
                   {"relationship", "notifies"}});
  edges.push_back({{"source", {{"type", "Class"}, {"title", "Main"}, {"x", 1}}},
                   {"target", {{"type", "Class"}, {"title", "Main"}}}});
  const std::map<std::string, std::string> groups = pack_by_type(resources);
  const std::string text = catalog_body_text(groups, edges.dump());
  EXPECT_LT(text.size(), resources.dump().size() + edges.dump().size() / 2);  // edges as runs
  const std::string& stored = text;
  EXPECT_EQ(CatalogBody(stored).group("File"), groups.at("File"));
  EXPECT_EQ(CatalogBody(stored).group("Zone"), groups.at("Zone"));
  EXPECT_FALSE(CatalogBody(stored).group("Service"));
  EXPECT_FALSE(CatalogBody(stored).group(""));  // the edges are no group
  std::vector<std::pair<std::string, std::string>> all = CatalogBody(stored).groups();
  ASSERT_EQ(all.size(), 2u);
  EXPECT_EQ(all[0], (std::pair<std::string, std::string>{"File", groups.at("File")}));
  EXPECT_EQ(all[1], (std::pair<std::string, std::string>{"Zone", groups.at("Zone")}));
  EXPECT_EQ(CatalogBody(stored).edges(), edges);
  // each group deflated alone, named by the dictionary's id: a damaged File group (raw deflate
  // has no check: an error or another text) does not keep Zone's from reading
  const std::string index = text.substr(0, text.find('\n'));
  EXPECT_EQ(index.rfind("[" + std::to_string(deflate_dictionary_id(catalog_dictionary())) + ",", 0),
            0u);
  EXPECT_NE(index.find("[\"File\","), std::string::npos);
  std::string damaged = text;
  damaged[index.size() + 3] ^= 0x55;
  EXPECT_EQ(CatalogBody(damaged).group("Zone"), groups.at("Zone"));
  try {
    EXPECT_NE(CatalogBody(damaged).group("File"), groups.at("File"));
  } catch (const StoreError&) {
  }
  // an index written otherwise (an escape in a type) reads as JSON
  const std::string escaped =
      catalog_body_text({{"Odd\"Type", "[[\"t\",[],false,null,null,{}]]"}}, "[]");
  EXPECT_EQ(CatalogBody(escaped).group("Odd\"Type"), "[[\"t\",[],false,null,null,{}]]");
}

TEST(CatalogBody, ABodyThatIsNotOfItsFormIsAStoreError) {
  const std::string text = catalog_body_text({{"File", "[]"}}, "[]");
  EXPECT_EQ(CatalogBody(text).group("File"), "[]");
  EXPECT_THROW(CatalogBody(text.substr(0, text.size() - 1)), StoreError);  // short
  EXPECT_THROW(CatalogBody("no index"), StoreError);
  EXPECT_THROW(CatalogBody("[1,[\"File\",2]]\n[]"), StoreError);  // no edges
  EXPECT_THROW(CatalogBody("[1,[\"File\",2],[\"\",13]]\n[][[\"x\",7,[99]]]").edges(), StoreError);
  EXPECT_THROW(CatalogBody("[1,[\"File\",2],[\"\",13]]\n[][[\"x\",0,[[0,9]]]]").edges(),
               StoreError);
  EXPECT_THROW(CatalogBody("[1,[\"File\",2,1],[\"\",2]]\n[][]").group("File"), StoreError);
  const std::string big = "[[\"" + std::string(4000, 'x') + "\",[],false,null,null,{}]]";
  const std::string piece = deflated_piece(big, catalog_dictionary()).value();
  const std::string id = std::to_string(deflate_dictionary_id(catalog_dictionary()));
  const std::string whole =
      "[" + id + ",[\"File\"," + std::to_string(piece.size()) + ",1],[\"\",2]]\n" + piece + "[]";
  EXPECT_EQ(CatalogBody(whole).group("File"), big);
  const std::string cut = "[" + id + ",[\"File\"," + std::to_string(piece.size() / 2) +
                          ",1],[\"\",2]]\n" + piece.substr(0, piece.size() / 2) + "[]";
  EXPECT_THROW(CatalogBody(cut).group("File"), StoreError);  // a stream cut short
  const std::string unknown =
      "[12345,[\"File\"," + std::to_string(piece.size()) + ",1],[\"\",2]]\n" + piece + "[]";
  EXPECT_THROW(CatalogBody(unknown).group("File"), StoreError);  // a dictionary this build lacks
  EXPECT_LT(CatalogBody(whole).group("File")->size(), kLargestDocument);
}

}  // namespace
}  // namespace marionette::puppetdb::testing
