#include "puppetdb/packed_resources.hpp"

#include <algorithm>

#include "puppetdb/json_scan.hpp"
#include "puppetdb/store.hpp"

namespace marionette::puppetdb {

using Json = nlohmann::json;

std::map<std::string, std::string> pack_by_type(const Json& resources) {
  std::map<std::string, Json> groups;
  for (const Json& resource : resources) {
    Json& group = groups[resource["type"].get<std::string>()];
    if (group.is_null()) group = Json::array();
    group.push_back(Json::array({resource["title"], resource["tags"], resource["exported"],
                                 resource["file"], resource["line"], resource["parameters"]}));
  }
  std::map<std::string, std::string> packed;
  for (const auto& [type, group] : groups) packed[type] = group.dump();
  return packed;
}

void unpack_resources(const std::string& type, const std::string& packed, Json& into,
                      const std::optional<std::string>& title) {
  auto add = [&](Json& tuple) {
    if (!tuple.is_array() || tuple.size() != 6)
      throw StoreError("a packed resource of type " + type + " is not a 6-tuple");
    into.push_back({{"type", type},
                    {"title", std::move(tuple[0])},
                    {"tags", std::move(tuple[1])},
                    {"exported", std::move(tuple[2])},
                    {"file", std::move(tuple[3])},
                    {"line", std::move(tuple[4])},
                    {"parameters", std::move(tuple[5])}});
  };
  if (title) {  // only the tuples of that title are parsed: their first element read first
    const std::string quoted = Json(*title).dump();
    for_each_json_element(packed, [&](std::string_view tuple) {
      std::size_t at = tuple.find_first_not_of(" \n\r\t", 1);
      if (at == std::string_view::npos || tuple[0] != '[')
        throw StoreError("a packed resource of type " + type + " is not a 6-tuple");
      std::string_view first = tuple.substr(at, skip_json_value(tuple, at) - at);
      // the title as dumped, or (an escape written otherwise) as parsed
      if (first != quoted && (first.find('\\') == std::string_view::npos ||
                              Json::parse(first, nullptr, false) != *title))
        return true;
      Json parsed = Json::parse(tuple, nullptr, false);
      add(parsed);
      return true;
    });
    return;
  }
  Json group = Json::parse(packed, nullptr, false);
  if (!group.is_array()) throw StoreError("the resources of type " + type + " are not JSON");
  for (Json& tuple : group) add(tuple);
}

namespace {

/// The title of each tuple of a packed group, in order (only each tuple's first element read).
void titles_of(const std::string& type, std::string_view packed,
               std::vector<std::pair<std::string, std::string>>& into) {
  for_each_json_element(packed, [&](std::string_view tuple) {
    const std::size_t at = tuple.find_first_not_of(" \n\r\t", 1);
    if (at == std::string_view::npos || tuple[0] != '[')
      throw StoreError("a packed resource of type " + type + " is not a 6-tuple");
    Json title = Json::parse(tuple.substr(at, skip_json_value(tuple, at) - at), nullptr, false);
    into.emplace_back(type, title.is_string() ? title.get<std::string>() : std::string());
    return true;
  });
}

/// The edges as runs [relationship, source, [target, …]] of consecutive edges of one
/// relationship and source, a source or target the number of its resource in the body (its
/// group's place, then its own) or, when no resource of the catalog is {type, title}, the
/// object as sent: the edges' text is most of what a catalog body would store otherwise.
std::string edge_runs(const std::string& edges_text,
                      const std::vector<std::pair<std::string, std::string>>& resources) {
  Json edges = Json::parse(edges_text, nullptr, false);
  if (!edges.is_array()) return edges_text;
  std::map<std::pair<std::string, std::string>, std::size_t> number;
  for (std::size_t n = 0; n < resources.size(); ++n) number.emplace(resources[n], n);
  auto ref = [&](const Json& end) -> Json {
    if (end.is_object() && end.size() == 2) {
      auto type = end.find("type"), title = end.find("title");
      if (type != end.end() && title != end.end() && type->is_string() && title->is_string())
        if (auto found = number.find({type->get<std::string>(), title->get<std::string>()});
            found != number.end())
          return found->second;
    }
    return end;
  };
  Json runs = Json::array();
  for (const Json& edge : edges) {
    auto source = edge.find("source"), target = edge.find("target"),
         relationship = edge.find("relationship");
    if (!edge.is_object() || edge.size() != 3 || source == edge.end() || target == edge.end() ||
        relationship == edge.end() || !source->is_object() || !target->is_object()) {
      runs.push_back(edge);  // kept as it is (an object: read back as one)
      continue;
    }
    Json from = ref(*source);
    if (!runs.empty() && runs.back().is_array() && runs.back()[0] == *relationship &&
        runs.back()[1] == from) {
      runs.back()[2].push_back(ref(*target));
    } else {
      runs.push_back(Json::array({*relationship, std::move(from), Json::array({ref(*target)})}));
    }
  }
  return runs.dump();
}

}  // namespace

std::string catalog_body_text(const std::map<std::string, std::string>& groups,
                              const std::string& edges) {
  std::vector<const std::pair<const std::string, std::string>*> order;
  for (const auto& group : groups) order.push_back(&group);
  // smallest first: a query by type inflates its group and those before it
  std::stable_sort(order.begin(), order.end(), [](const auto* a, const auto* b) {
    return a->second.size() < b->second.size();
  });
  Json index = Json::array();
  std::vector<std::pair<std::string, std::string>> resources;  // {type, title} in body order
  for (const auto* group : order) {
    index.push_back(Json::array({group->first, group->second.size()}));
    titles_of(group->first, group->second, resources);
  }
  std::string text = index.dump();
  text += '\n';
  for (const auto* group : order) text += group->second;
  text += edge_runs(edges, resources);
  return text;
}

void CatalogBody::read_index() {
  if (indexed_) return;
  std::size_t newline = std::string::npos;
  for (std::size_t want = 512; newline == std::string::npos; want *= 4) {
    const std::string& text = text_.upto(want);
    newline = text.find('\n');
    if (newline == std::string::npos && text.size() < want)
      throw StoreError("a catalog body has no index line");
  }
  Json index =
      Json::parse(std::string_view(text_.upto(newline)).substr(0, newline), nullptr, false);
  if (!index.is_array()) throw StoreError("a catalog body's index is not JSON");
  std::size_t at = newline + 1;
  for (const Json& entry : index) {
    if (!entry.is_array() || entry.size() != 2 || !entry[0].is_string() ||
        !entry[1].is_number_unsigned())
      throw StoreError("a catalog body's index is not [[TYPE, LENGTH], …]");
    const std::size_t length = entry[1].get<std::size_t>();
    if (length > kLargestDocument) throw StoreError("a catalog body's group is too long");
    index_.push_back({entry[0].get<std::string>(), {at, length}});
    at += length;
  }
  edges_from_ = at;
  indexed_ = true;
}

std::optional<std::string> CatalogBody::group(const std::string& type) {
  read_index();
  for (const auto& [name, place] : index_) {
    if (name != type) continue;
    const std::string& text = text_.upto(place.first + place.second);
    if (text.size() < place.first + place.second)
      throw StoreError("a catalog body is shorter than its index");
    return text.substr(place.first, place.second);
  }
  return std::nullopt;
}

std::vector<std::pair<std::string, std::string>> CatalogBody::groups() {
  read_index();
  const std::string& text = text_.upto(edges_from_);
  if (text.size() < edges_from_) throw StoreError("a catalog body is shorter than its index");
  std::vector<std::pair<std::string, std::string>> groups;
  for (const auto& [name, place] : index_)
    groups.emplace_back(name, text.substr(place.first, place.second));
  // by type, as layout 5's hash gave them (a catalog's resources answer in that order)
  std::sort(groups.begin(), groups.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
  return groups;
}

Json CatalogBody::edges() {
  read_index();
  const std::string& text = text_.whole();
  if (text.size() < edges_from_) throw StoreError("a catalog body is shorter than its index");
  Json runs = Json::parse(std::string_view(text).substr(edges_from_), nullptr, false);
  if (!runs.is_array()) throw StoreError("a catalog body's edges are not JSON");
  std::vector<std::pair<std::string, std::string>> resources;
  bool titled = false;
  auto end = [&](const Json& ref) -> Json {
    if (!ref.is_number_unsigned()) return ref;
    if (!titled) {
      for (const auto& [type, place] : index_)
        titles_of(type, std::string_view(text).substr(place.first, place.second), resources);
      titled = true;
    }
    const std::size_t n = ref.get<std::size_t>();
    if (n >= resources.size()) throw StoreError("a catalog body's edge names no resource");
    return {{"type", resources[n].first}, {"title", resources[n].second}};
  };
  Json edges = Json::array();
  for (Json& run : runs) {
    if (run.is_object()) {  // an edge kept as it was sent
      edges.push_back(std::move(run));
      continue;
    }
    if (!run.is_array() || run.size() != 3 || !run[2].is_array())
      throw StoreError("a catalog body's edges are not [relationship, source, [target, …]]");
    const Json source = end(run[1]);
    for (const Json& target : run[2])
      edges.push_back({{"source", source}, {"target", end(target)}, {"relationship", run[0]}});
  }
  return edges;
}

}  // namespace marionette::puppetdb
