#include "compiler/exported_resources.hpp"

#include <algorithm>
#include <stdexcept>

#include "rubyish/json_nesting.hpp"
#include "text/text.hpp"

namespace marionette::compiler {

namespace {

bool field_equals(const std::string& field, const catalog::Data& value,
                  const catalog::Resource& resource) {
  if (field == "title") return value.is_string() && value.get<std::string>() == resource.title;
  if (field == "tag") {
    if (!value.is_string()) return false;
    const std::string wanted = text::lowercase(value.get<std::string>());
    return std::find(resource.tags.begin(), resource.tags.end(), wanted) != resource.tags.end();
  }
  auto found = resource.parameters.find(field);
  if (found == resource.parameters.end()) return false;
  if (found->is_array())
    return std::any_of(found->begin(), found->end(),
                       [&](const catalog::Data& item) { return item == value; });
  return *found == value;
}

}  // namespace

bool matches(const ExportQuery* query, const catalog::Resource& resource) {
  if (!query) return true;
  switch (query->op) {
    case ExportQuery::Op::And:
      return matches(query->left.get(), resource) && matches(query->right.get(), resource);
    case ExportQuery::Op::Or:
      return matches(query->left.get(), resource) || matches(query->right.get(), resource);
    case ExportQuery::Op::Equal:
      return field_equals(query->field, query->value, resource);
    case ExportQuery::Op::NotEqual:
      return !field_equals(query->field, query->value, resource);
  }
  return false;
}

void append_matching(const std::string& certname, const std::vector<catalog::Resource>& resources,
                     const std::string& type, const ExportQuery* query,
                     std::vector<ExportedResource>& out) {
  for (const catalog::Resource& resource : resources)
    if (resource.type == type && matches(query, resource)) out.push_back({certname, resource});
}

std::vector<ExportedResource> MemoryExportedResourceStore::search(const std::string& environment,
                                                                  const std::string& node,
                                                                  const std::string& type,
                                                                  const ExportQuery* query) {
  std::lock_guard lock(mutex_);
  std::vector<ExportedResource> out;
  auto found = nodes_.find(environment);
  if (found == nodes_.end()) return out;
  for (const auto& [certname, resources] : found->second)
    if (certname != node) append_matching(certname, resources, type, query, out);
  return out;
}

void MemoryExportedResourceStore::replace(const std::string& environment, const std::string& node,
                                          const std::vector<catalog::Resource>& resources) {
  std::lock_guard lock(mutex_);
  if (resources.empty()) {
    if (auto found = nodes_.find(environment); found != nodes_.end()) found->second.erase(node);
    return;
  }
  nodes_[environment][node] = resources;
}

std::vector<catalog::Resource> MemoryExportedResourceStore::resources_of(
    const std::string& environment, const std::string& node) {
  std::lock_guard lock(mutex_);
  auto found = nodes_.find(environment);
  if (found == nodes_.end()) return {};
  auto resources = found->second.find(node);
  return resources == found->second.end() ? std::vector<catalog::Resource>{} : resources->second;
}

std::string exported_resources_to_json(const std::vector<catalog::Resource>& resources) {
  catalog::Data out = catalog::Data::array();
  for (const catalog::Resource& r : resources) {
    catalog::Data entry = catalog::Data::object();
    entry["type"] = r.type;
    entry["title"] = r.title;
    entry["tags"] = r.tags;
    if (r.file) entry["file"] = *r.file;
    if (r.line) entry["line"] = *r.line;
    entry["exported"] = true;
    entry["kind"] = r.kind;
    if (!r.parameters.empty()) entry["parameters"] = r.parameters;
    out.push_back(std::move(entry));
  }
  return out.dump();
}

std::vector<catalog::Resource> exported_resources_from_json(const std::string& text) {
  // What another process stored: its nesting is bounded before anything recursive reads it.
  if (std::string problem = rubyish::json_nesting_problem(text); !problem.empty())
    throw std::runtime_error("exported resources: " + problem);
  catalog::Data in = catalog::Data::parse(text, nullptr, false);
  if (!in.is_array()) throw std::runtime_error("exported resources: not a JSON array");
  std::vector<catalog::Resource> out;
  for (const catalog::Data& entry : in) {
    if (!entry.is_object() || !entry.contains("type") || !entry["type"].is_string() ||
        !entry.contains("title") || !entry["title"].is_string())
      throw std::runtime_error("exported resources: an entry without a type and a title");
    catalog::Resource r;
    r.type = entry["type"].get<std::string>();
    r.title = entry["title"].get<std::string>();
    if (auto tags = entry.find("tags"); tags != entry.end() && tags->is_array())
      for (const catalog::Data& tag : *tags)
        if (tag.is_string()) r.tags.push_back(tag.get<std::string>());
    if (auto file = entry.find("file"); file != entry.end() && file->is_string())
      r.file = file->get<std::string>();
    if (auto line = entry.find("line"); line != entry.end() && line->is_number_integer())
      r.line = line->get<int>();
    if (auto kind = entry.find("kind"); kind != entry.end() && kind->is_string())
      r.kind = kind->get<std::string>();
    if (auto parameters = entry.find("parameters");
        parameters != entry.end() && parameters->is_object())
      r.parameters = *parameters;
    r.exported = true;
    out.push_back(std::move(r));
  }
  return out;
}

}  // namespace marionette::compiler
