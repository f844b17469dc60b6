#include <random>
#include <string>
#include <string_view>

#include "catalog/catalog.hpp"
#include "catalog/catalog_writer.hpp"
#include "catalog/json_writer.hpp"
#include "rubyish/json_nesting.hpp"

namespace marionette::catalog {

const Resource* Catalog::find(std::string_view ref) const {
  for (const Resource& r : resources)
    if (r.ref() == ref) return &r;
  return nullptr;
}

namespace {

void write_resource(JsonWriter& json, const Resource& r) {
  write_resource_start(json, r.type, r.title, r.tags, r.file ? &*r.file : nullptr, r.line,
                       r.exported, r.kind);
  if (!r.parameters.empty()) {
    json.raw(",\"parameters\":");
    json.value(r.parameters);
  }
  if (!r.sensitive_parameters.empty()) {
    json.raw(",\"sensitive_parameters\":");
    json.value(Data(r.sensitive_parameters));
  }
  json.raw('}');
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
  if (auto it = in.find("sensitive_parameters"); it != in.end() && it->is_array())
    for (const Data& name : *it)
      if (name.is_string()) r.sensitive_parameters.push_back(name.get<std::string>());
  return r;
}

}  // namespace

void write_resource_start(JsonWriter& json, std::string_view type, std::string_view title,
                          const std::vector<std::string>& tags, const std::string* file,
                          std::optional<int> line, bool exported, std::string_view kind) {
  write_resource_head(json, type, title);
  json.strings(tags);
  write_resource_tail(json, file, line, exported, kind);
}

void write_resource_head(JsonWriter& json, std::string_view type, std::string_view title) {
  json.raw("{\"type\":");
  json.string(type);
  json.raw(",\"title\":");
  json.string(title);
  json.raw(",\"tags\":");
}

void write_resource_tail(JsonWriter& json, const std::string* file, std::optional<int> line,
                         bool exported, std::string_view kind) {
  if (file) {
    json.raw(",\"file\":");
    json.string(*file);
  }
  if (line) {
    json.raw(",\"line\":");
    json.integer(*line);
  }
  json.raw(exported ? ",\"exported\":true" : ",\"exported\":false");
  json.raw(",\"kind\":");
  json.string(kind);
}

void write_catalog(JsonWriter& json, const Catalog& c,
                   const std::function<void(JsonWriter&)>& resources,
                   const std::function<void(JsonWriter&)>& edges) {
  json.raw("{\"tags\":");
  json.strings(c.tags);
  json.raw(",\"name\":");
  json.string(c.name);
  json.raw(",\"version\":");
  json.integer(c.version);
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
  resources(json);
  json.raw("],\"edges\":[");
  edges(json);
  json.raw("],\"classes\":");
  json.strings(c.classes);
  json.raw('}');
}

void write_edge(JsonWriter& json, std::string_view source_type, std::string_view source_title,
                std::string_view target_type, std::string_view target_title,
                std::string& source_written) {
  json.raw("{\"source\":");
  if (!source_written.empty()) {
    json.raw(source_written);
  } else {
    std::size_t start = json.written();
    json.string_of({source_type, "[", source_title, "]"});
    source_written = json.written_since(start);
  }
  json.raw(",\"target\":");
  json.string_of({target_type, "[", target_title, "]"});
  json.raw('}');
}

void write_edge(JsonWriter& json, std::string_view source, std::string_view target) {
  json.raw("{\"source\":");
  json.string(source);
  json.raw(",\"target\":");
  json.string(target);
  json.raw('}');
}

std::string to_json(const Catalog& c) {
  // Room for the whole text at once: the perf-control catalogs take 700-770 bytes a resource
  // with their edges. A catalog's text is mapped on its own in the server (64 KiB and more,
  // cli/server_command.cpp), whose pages count only once written, so room to spare costs no
  // memory; growing past it would copy the text into a new mapping and fault in its pages again.
  std::string out;
  out.reserve(4096 + 1024 * c.resources.size() + 256 * c.edges.size());
  JsonWriter json(out);
  write_catalog(
      json, c,
      [&](JsonWriter& json) {
        for (std::size_t i = 0; i < c.resources.size(); ++i) {
          if (i) json.raw(',');
          write_resource(json, c.resources[i]);
        }
      },
      [&](JsonWriter& json) {
        for (std::size_t i = 0; i < c.edges.size(); ++i) {
          if (i) json.raw(',');
          write_edge(json, c.edges[i].source, c.edges[i].target);
        }
      });
  json.finish();
  return out;
}

Catalog from_json(std::string_view text) {
  if (std::string problem = rubyish::json_nesting_problem(text); !problem.empty())
    throw CatalogError(problem);
  Data in;
  try {
    in = Data::parse(text.begin(), text.end());
  } catch (const nlohmann::json::exception& e) {  // a parse error, or a number out of range
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
