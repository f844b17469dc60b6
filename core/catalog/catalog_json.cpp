#include <random>
#include <string>
#include <string_view>

#include "catalog/catalog.hpp"

namespace marionette::catalog {

const Resource* Catalog::find(std::string_view ref) const {
  for (const Resource& r : resources)
    if (r.ref() == ref) return &r;
  return nullptr;
}

namespace {

/// Writes JSON straight into one string, with nlohmann's own serializer for every value (the same
/// escaping and number formatting as Data::dump), so that no copy of the catalog is built as a
/// JSON tree first: for large catalogs that copy, and freeing it, was most of `to_json`'s time.
class JsonWriter {
 public:
  explicit JsonWriter(std::string& out)
      : out_(out),
        serializer_(nlohmann::detail::output_adapter<char, std::string>(out), ' ',
                    Data::error_handler_t::replace) {}

  void raw(std::string_view text) { out_ += text; }
  void value(const Data& data) { serializer_.dump(data, false, false, 0); }
  void string(const std::string& text) { value(Data(text)); }
  void strings(const std::vector<std::string>& list) {
    out_ += '[';
    for (std::size_t i = 0; i < list.size(); ++i) {
      if (i) out_ += ',';
      string(list[i]);
    }
    out_ += ']';
  }

 private:
  std::string& out_;
  nlohmann::detail::serializer<Data> serializer_;
};

/// Keys in the order Puppet prints them: type, title, tags, file, line, exported, kind,
/// parameters (the last only when there are any).
void write_resource(JsonWriter& json, const Resource& r) {
  json.raw("{\"type\":");
  json.string(r.type);
  json.raw(",\"title\":");
  json.string(r.title);
  json.raw(",\"tags\":");
  json.strings(r.tags);
  if (r.file) {
    json.raw(",\"file\":");
    json.string(*r.file);
  }
  if (r.line) {
    json.raw(",\"line\":");
    json.raw(std::to_string(*r.line));
  }
  json.raw(r.exported ? ",\"exported\":true" : ",\"exported\":false");
  json.raw(",\"kind\":");
  json.string(r.kind);
  if (!r.parameters.empty()) {
    json.raw(",\"parameters\":");
    json.value(r.parameters);
  }
  json.raw("}");
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
  std::string out;
  out.reserve(256 + 512 * c.resources.size() + 128 * c.edges.size());
  JsonWriter json(out);
  json.raw("{\"tags\":");
  json.strings(c.tags);
  json.raw(",\"name\":");
  json.string(c.name);
  json.raw(",\"version\":");
  json.raw(std::to_string(c.version));
  json.raw(",\"code_id\":");
  if (c.code_id)
    json.string(*c.code_id);
  else
    json.raw("null");
  json.raw(",\"catalog_uuid\":");
  json.string(c.catalog_uuid);
  json.raw(",\"catalog_format\":2,\"environment\":");
  json.string(c.environment);
  json.raw(",\"resources\":[");
  for (std::size_t i = 0; i < c.resources.size(); ++i) {
    if (i) json.raw(",");
    write_resource(json, c.resources[i]);
  }
  json.raw("],\"edges\":[");
  for (std::size_t i = 0; i < c.edges.size(); ++i) {
    json.raw(i ? ",{\"source\":" : "{\"source\":");
    json.string(c.edges[i].source);
    json.raw(",\"target\":");
    json.string(c.edges[i].target);
    json.raw("}");
  }
  json.raw("],\"classes\":");
  json.strings(c.classes);
  json.raw("}");
  return out;
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
