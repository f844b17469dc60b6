#include <gtest/gtest.h>

#include "catalog/catalog.hpp"

namespace marionette::catalog {
namespace {

/// The document as nlohmann would print a tree of it: what to_json printed before it streamed.
std::string dumped_as_tree(const Catalog& c) {
  Data out = Data::object();
  out["tags"] = c.tags;
  out["name"] = c.name;
  out["version"] = c.version;
  out["code_id"] = c.code_id ? Data(*c.code_id) : Data(nullptr);
  out["catalog_uuid"] = c.catalog_uuid;
  out["catalog_format"] = 2;
  out["environment"] = c.environment;
  Data resources = Data::array();
  for (const Resource& r : c.resources) {
    Data one = Data::object();
    one["type"] = r.type;
    one["title"] = r.title;
    one["tags"] = r.tags;
    if (r.file) one["file"] = *r.file;
    if (r.line) one["line"] = *r.line;
    one["exported"] = r.exported;
    one["kind"] = r.kind;
    if (!r.parameters.empty()) one["parameters"] = r.parameters;
    resources.push_back(one);
  }
  out["resources"] = resources;
  Data edges = Data::array();
  for (const Edge& e : c.edges) edges.push_back(Data{{"source", e.source}, {"target", e.target}});
  out["edges"] = edges;
  out["classes"] = c.classes;
  return out.dump(-1, ' ', false, Data::error_handler_t::replace);
}

Catalog tricky_catalog() {
  Catalog c;
  c.name = "web01.example.com";
  c.version = 1700000000;
  c.catalog_uuid = "0d6d1d3e-3f8e-4b5e-9d4c-5b0f3a1e2c7d";
  c.tags = {"class", "app"};
  c.classes = {"settings", "app"};
  Resource file;
  file.type = "File";
  file.title = "/etc/motd \"quoted\"\n\ttab \\ slash \x01 é \xff";  // control, UTF-8, invalid
  file.tags = {"file", "class"};
  file.file = "/env/site.pp";
  file.line = 12;
  file.parameters = Data::object();
  file.parameters["mode"] = "0644";
  file.parameters["size"] = 1.5;
  file.parameters["count"] = -3;
  file.parameters["list"] = Data::array({1, "two", nullptr, true});
  file.parameters["nested"] = Data{{"z", 1}, {"a", Data::object()}};
  Resource bare;
  bare.type = "Class";
  bare.title = "Settings";
  bare.kind = "unknown";
  bare.exported = true;
  c.resources = {file, bare};
  c.edges = {{"Stage[main]", "Class[Settings]"}, {"Class[Settings]", file.ref()}};
  return c;
}

TEST(CatalogJson, StreamedDocumentIsByteForByteTheTreeDump) {
  Catalog c = tricky_catalog();
  EXPECT_EQ(to_json(c), dumped_as_tree(c));
  c.code_id = "abc";
  c.edges.clear();
  c.tags.clear();
  EXPECT_EQ(to_json(c), dumped_as_tree(c));
}

TEST(CatalogJson, EmptyCatalogPrintsEveryTopLevelKey) {
  Catalog c;
  c.name = "n";
  EXPECT_EQ(to_json(c),
            "{\"tags\":[],\"name\":\"n\",\"version\":0,\"code_id\":null,\"catalog_uuid\":\"\","
            "\"catalog_format\":2,\"environment\":\"production\",\"resources\":[],\"edges\":[],"
            "\"classes\":[]}");
}

TEST(CatalogJson, ReadsBackWhatItWrites) {
  Catalog c = tricky_catalog();
  c.resources[0].title = "/etc/motd";  // valid UTF-8 only: the round trip must be exact
  Catalog back = from_json(to_json(c));
  ASSERT_EQ(back.resources.size(), 2u);
  EXPECT_EQ(back.resources[0].title, "/etc/motd");
  EXPECT_EQ(back.resources[0].parameters, c.resources[0].parameters);
  EXPECT_EQ(back.resources[0].line, 12);
  EXPECT_TRUE(back.resources[1].exported);
  EXPECT_EQ(back.edges.size(), 2u);
  EXPECT_EQ(to_json(back), to_json(c));
}

}  // namespace
}  // namespace marionette::catalog
