#include "catalog_compare.hpp"

#include <filesystem>
#include <map>
#include <set>

namespace marionette::testing {

namespace {

using json = nlohmann::json;

std::string ref(const json& resource) {
  return resource.at("type").get<std::string>() + "[" + resource.at("title").get<std::string>() +
         "]";
}

std::string basename_of(const json& resource) {
  if (!resource.contains("file") || resource["file"].is_null()) return "";
  return std::filesystem::path(resource["file"].get<std::string>()).filename().string();
}

std::set<std::pair<std::string, std::string>> edges(const json& catalog) {
  std::set<std::pair<std::string, std::string>> out;
  for (const json& e : catalog.value("edges", json::array()))
    out.emplace(e.at("source").get<std::string>(), e.at("target").get<std::string>());
  return out;
}

std::set<std::string> string_set(const json& list) {
  std::set<std::string> out;
  for (const json& item : list) out.insert(item.get<std::string>());
  return out;
}

}  // namespace

std::vector<std::string> compare_catalogs(const json& expected, const json& actual) {
  std::vector<std::string> diffs;
  std::map<std::string, const json*> want, got;
  std::vector<std::string> want_order, got_order;
  const json want_resources = expected.value("resources", json::array());
  const json got_resources = actual.value("resources", json::array());
  for (const json& r : want_resources) {
    want[ref(r)] = &r;
    want_order.push_back(ref(r));
  }
  for (const json& r : got_resources) {
    got[ref(r)] = &r;
    got_order.push_back(ref(r));
  }
  for (const auto& [key, r] : want)
    if (!got.count(key)) diffs.push_back("missing resource " + key);
  for (const auto& [key, r] : got)
    if (!want.count(key)) diffs.push_back("extra resource " + key);
  for (const auto& [key, e] : want) {
    auto found = got.find(key);
    if (found == got.end()) continue;
    const json& a = *found->second;
    json ep = e->value("parameters", json::object());
    json ap = a.value("parameters", json::object());
    if (ep != ap)
      diffs.push_back(key + " parameters: expected " + ep.dump() + ", got " + ap.dump());
    if (string_set(e->value("tags", json::array())) != string_set(a.value("tags", json::array())))
      diffs.push_back(key + " tags: expected " + e->value("tags", json::array()).dump() + ", got " +
                      a.value("tags", json::array()).dump());
    for (const char* field : {"exported", "line", "kind"})
      if (e->value(field, json()) != a.value(field, json()))
        diffs.push_back(key + " " + field + ": expected " + e->value(field, json()).dump() +
                        ", got " + a.value(field, json()).dump());
    if (basename_of(*e) != basename_of(a))
      diffs.push_back(key + " file: expected " + basename_of(*e) + ", got " + basename_of(a));
  }
  auto want_edges = edges(expected), got_edges = edges(actual);
  for (const auto& [s, t] : want_edges)
    if (!got_edges.count({s, t})) diffs.push_back("missing edge " + s + " -> " + t);
  for (const auto& [s, t] : got_edges)
    if (!want_edges.count({s, t})) diffs.push_back("extra edge " + s + " -> " + t);
  if (string_set(expected.value("classes", json::array())) !=
      string_set(actual.value("classes", json::array())))
    diffs.push_back("classes: expected " + expected.value("classes", json::array()).dump() +
                    ", got " + actual.value("classes", json::array()).dump());
  for (const char* field : {"name", "environment"})
    if (expected.value(field, json()) != actual.value(field, json()))
      diffs.push_back(std::string("catalog ") + field + ": expected " +
                      expected.value(field, json()).dump() + ", got " +
                      actual.value(field, json()).dump());
  if (diffs.empty() && want_order != got_order) {
    std::size_t i = 0;
    while (i < want_order.size() && i < got_order.size() && want_order[i] == got_order[i]) ++i;
    diffs.push_back("resource order differs first at #" + std::to_string(i) + ": expected " +
                    (i < want_order.size() ? want_order[i] : "<end>") + ", got " +
                    (i < got_order.size() ? got_order[i] : "<end>"));
  }
  return diffs;
}

}  // namespace marionette::testing
