#include <random>
#include <string>

#include "catalog/catalog.hpp"

namespace marionette::catalog {

const Resource* Catalog::find(std::string_view ref) const {
  for (const Resource& r : resources)
    if (r.ref() == ref) return &r;
  return nullptr;
}

namespace {

Data resource_to_json(const Resource& r) {
  Data out = Data::object();
  out["type"] = r.type;
  out["title"] = r.title;
  out["tags"] = r.tags;
  if (r.file) out["file"] = *r.file;
  if (r.line) out["line"] = *r.line;
  out["exported"] = r.exported;
  out["kind"] = r.kind;
  if (!r.parameters.empty()) out["parameters"] = r.parameters;
  return out;
}

const Data& field(const Data& object, const char* name, const std::string& where) {
  auto it = object.find(name);
  if (it == object.end()) throw CatalogError(where + ": missing \"" + name + "\"");
  return *it;
}

std::string string_field(const Data& object, const char* name, const std::string& where) {
  const Data& value = field(object, name, where);
  if (!value.is_string()) throw CatalogError(where + ": \"" + name + "\" must be a string");
  return value.get<std::string>();
}

std::vector<std::string> string_list(const Data& object, const char* name,
                                     const std::string& where) {
  std::vector<std::string> out;
  auto it = object.find(name);
  if (it == object.end() || it->is_null()) return out;
  if (!it->is_array()) throw CatalogError(where + ": \"" + name + "\" must be an array");
  for (const Data& item : *it) {
    if (!item.is_string()) throw CatalogError(where + ": \"" + name + "\" must hold strings only");
    out.push_back(item.get<std::string>());
  }
  return out;
}

Resource resource_from_json(const Data& in, std::size_t index) {
  std::string where = "resources[" + std::to_string(index) + "]";
  if (!in.is_object()) throw CatalogError(where + ": must be an object");
  Resource r;
  r.type = string_field(in, "type", where);
  r.title = string_field(in, "title", where);
  where += " (" + r.ref() + ")";
  r.tags = string_list(in, "tags", where);
  if (auto it = in.find("file"); it != in.end() && it->is_string()) r.file = it->get<std::string>();
  if (auto it = in.find("line"); it != in.end() && it->is_number_integer()) r.line = it->get<int>();
  if (auto it = in.find("exported"); it != in.end() && it->is_boolean())
    r.exported = it->get<bool>();
  if (auto it = in.find("kind"); it != in.end() && it->is_string()) r.kind = it->get<std::string>();
  if (auto it = in.find("parameters"); it != in.end() && !it->is_null()) {
    if (!it->is_object()) throw CatalogError(where + ": \"parameters\" must be an object");
    r.parameters = *it;
  }
  return r;
}

}  // namespace

std::string to_json(const Catalog& c) {
  Data out = Data::object();
  out["tags"] = c.tags;
  out["name"] = c.name;
  out["version"] = c.version;
  out["code_id"] = c.code_id ? Data(*c.code_id) : Data(nullptr);
  out["catalog_uuid"] = c.catalog_uuid;
  out["catalog_format"] = 2;
  out["environment"] = c.environment;
  Data resources = Data::array();
  for (const Resource& r : c.resources) resources.push_back(resource_to_json(r));
  out["resources"] = std::move(resources);
  Data edges = Data::array();
  for (const Edge& e : c.edges) edges.push_back(Data{{"source", e.source}, {"target", e.target}});
  out["edges"] = std::move(edges);
  out["classes"] = c.classes;
  return out.dump(-1, ' ', false, Data::error_handler_t::replace);
}

Catalog from_json(std::string_view text) {
  Data in;
  try {
    in = Data::parse(text.begin(), text.end());
  } catch (const nlohmann::json::parse_error& e) {
    throw CatalogError(std::string("not valid JSON: ") + e.what());
  }
  if (!in.is_object()) throw CatalogError("a catalog must be a JSON object");
  // `puppet catalog find` wraps nothing; older tools wrap the catalog in {"data": …}.
  if (in.contains("data") && in["data"].is_object() && !in.contains("resources")) in = in["data"];
  Catalog c;
  const std::string where = "catalog";
  c.name = string_field(in, "name", where);
  c.tags = string_list(in, "tags", where);
  if (auto it = in.find("version"); it != in.end()) {
    if (it->is_number_integer())
      c.version = it->get<std::int64_t>();
    else if (it->is_string())
      c.version = std::strtoll(it->get<std::string>().c_str(), nullptr, 10);
  }
  if (auto it = in.find("code_id"); it != in.end() && it->is_string())
    c.code_id = it->get<std::string>();
  if (auto it = in.find("catalog_uuid"); it != in.end() && it->is_string())
    c.catalog_uuid = it->get<std::string>();
  if (auto it = in.find("environment"); it != in.end() && it->is_string())
    c.environment = it->get<std::string>();
  const Data& resources = field(in, "resources", where);
  if (!resources.is_array()) throw CatalogError("catalog: \"resources\" must be an array");
  for (std::size_t i = 0; i < resources.size(); ++i)
    c.resources.push_back(resource_from_json(resources[i], i));
  if (auto it = in.find("edges"); it != in.end() && !it->is_null()) {
    if (!it->is_array()) throw CatalogError("catalog: \"edges\" must be an array");
    for (std::size_t i = 0; i < it->size(); ++i) {
      std::string at = "edges[" + std::to_string(i) + "]";
      const Data& e = (*it)[i];
      if (!e.is_object()) throw CatalogError(at + ": must be an object");
      c.edges.push_back({string_field(e, "source", at), string_field(e, "target", at)});
    }
  }
  c.classes = string_list(in, "classes", where);
  return c;
}

std::string new_catalog_uuid() {
  std::random_device device;
  std::mt19937_64 random(device());
  std::uint64_t hi = random(), lo = random();
  hi = (hi & 0xffffffffffff0fffULL) | 0x0000000000004000ULL;  // version 4
  lo = (lo & 0x3fffffffffffffffULL) | 0x8000000000000000ULL;  // RFC 4122 variant
  char text[37];
  std::snprintf(text, sizeof text, "%08x-%04x-%04x-%04x-%012llx", unsigned(hi >> 32),
                unsigned((hi >> 16) & 0xffff), unsigned(hi & 0xffff), unsigned(lo >> 48),
                static_cast<unsigned long long>(lo & 0xffffffffffffULL));
  return text;
}

}  // namespace marionette::catalog
