#include "puppetdb/packed_resources.hpp"

#include <algorithm>

#include "digest/digest.hpp"
#include "puppetdb/json_scan.hpp"
#include "puppetdb/store.hpp"
#include "puppetdb/stored_text.hpp"

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

bool packed_tuple_titled(std::string_view tuple, const std::string& type, std::string_view quoted,
                         const std::string& title) {
  const std::size_t at = tuple.find_first_not_of(" \n\r\t", 1);
  if (at == std::string_view::npos || tuple[0] != '[')
    throw StoreError("a packed resource of type " + type + " is not a 6-tuple");
  const std::string_view first = tuple.substr(at, skip_json_value(tuple, at) - at);
  // the title as dumped, or (an escape written otherwise) as parsed
  return first == quoted || (first.find('\\') != std::string_view::npos &&
                             Json::parse(first, nullptr, false) == title);
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
      if (!packed_tuple_titled(tuple, type, quoted, *title)) return true;
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

/// Groups shared by catalog bodies (catalog_body_parts): their name is this many hex digits of
/// the SHA-256 of their types and texts (96 bits: no catalog a node sends can be made to take
/// another's name), and they are kept apart only from this many bytes of packed text on (a
/// shared part costs a key, ~200 bytes in Redis, and its name ~30 in each body).
constexpr std::size_t kSharedNameLength = 24;
constexpr std::size_t kSharedGroupsFrom = 512;

bool is_shared_part_name(std::string_view name) {
  return name.size() == kSharedNameLength && std::all_of(name.begin(), name.end(), [](char c) {
           return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
         });
}

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

/// A run's targets with each range of three or more consecutive resource numbers as [first,
/// count].
Json ranges_of(const Json& targets) {
  Json out = Json::array();
  for (std::size_t i = 0; i < targets.size();) {
    std::size_t j = i;
    while (targets[i].is_number_unsigned() && j + 1 < targets.size() &&
           targets[j + 1].is_number_unsigned() &&
           targets[j + 1].get<std::size_t>() == targets[j].get<std::size_t>() + 1)
      ++j;
    if (j - i >= 2) {
      out.push_back(Json::array({targets[i], j - i + 1}));
    } else {
      for (std::size_t k = i; k <= j; ++k) out.push_back(targets[k]);
    }
    i = j + 1;
  }
  return out;
}

/// The edges as runs (catalog_body_text); the text as it is when it is no array.
std::string edge_runs(const std::string& edges_text,
                      const std::vector<std::pair<std::string, std::string>>& resources) {
  Json edges = Json::parse(edges_text, nullptr, false);
  if (!edges.is_array()) return edges_text;
  std::map<std::pair<std::string, std::string>, std::size_t> number;
  for (std::size_t n = 0; n < resources.size(); ++n) number.emplace(resources[n], n);
  auto ref = [&](const Json& end) -> Json {
    if (end.size() == 2) {
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
    auto source = edge.is_object() ? edge.find("source") : edge.end(),
         target = edge.is_object() ? edge.find("target") : edge.end(),
         relationship = edge.is_object() ? edge.find("relationship") : edge.end();
    if (!edge.is_object() || edge.size() != 3 || source == edge.end() || target == edge.end() ||
        relationship == edge.end() || !source->is_object() || !target->is_object()) {
      runs.push_back(edge);  // kept as it is (not an array: read back as one edge)
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
  for (Json& run : runs)
    if (run.is_array()) run[2] = ranges_of(run[2]);
  return runs.dump();
}

/// The index line as catalog_body_text writes it, read without a JSON parser (a query reads
/// one for every node it answers); false for anything else (escapes included), which the
/// caller parses as JSON.
bool read_simple_index(std::string_view line, std::uint32_t& dictionary, std::string& shared,
                       std::vector<std::pair<std::string, std::pair<std::size_t, bool>>>& into) {
  std::size_t at = 0;
  auto number = [&](std::uint64_t& value) {
    const std::size_t from = at;
    value = 0;
    while (at < line.size() && line[at] >= '0' && line[at] <= '9' && at - from < 12)
      value = value * 10 + static_cast<std::uint64_t>(line[at++] - '0');
    return at > from;
  };
  auto expect = [&](char c) { return at < line.size() && line[at++] == c; };
  std::uint64_t id = 0;
  if (!expect('[') || !number(id) || id > 0xffffffffULL) return false;
  dictionary = static_cast<std::uint32_t>(id);
  if (line.substr(at, 2) == ",\"") {  // the name of the shared part (catalog_body_parts)
    const std::size_t end = line.find('"', at + 2);
    if (end == std::string_view::npos) return false;
    shared = std::string(line.substr(at + 2, end - at - 2));
    if (!is_shared_part_name(shared)) return false;
    at = end + 1;
  }
  while (at < line.size() && line[at] == ',') {
    ++at;
    if (!expect('[') || !expect('"')) return false;
    const std::size_t end = line.find('"', at);
    if (end == std::string_view::npos) return false;
    std::string type(line.substr(at, end - at));
    if (type.find('\\') != std::string::npos) return false;
    at = end + 1;
    std::uint64_t length = 0, deflated = 0;
    if (!expect(',') || !number(length)) return false;
    if (at < line.size() && line[at] == ',' && (++at, !number(deflated) || deflated != 1))
      return false;
    if (!expect(']')) return false;
    into.push_back({std::move(type), {length, deflated == 1}});
  }
  return expect(']') && at == line.size();
}

/// The resources of the groups, {type, title} each, in the groups' order: the numbers the
/// edges name them by.
std::vector<std::pair<std::string, std::string>> numbered(
    const std::map<std::string, std::string>& groups) {
  std::vector<std::pair<std::string, std::string>> resources;
  for (const auto& [type, group] : groups) {
    if (type.empty()) throw StoreError("a resource has no type");
    titles_of(type, group, resources);
  }
  return resources;
}

/// The body of these groups and these edge runs (edge_runs), naming its shared part if any.
std::string body_text(const std::map<std::string, std::string>& groups, const std::string& runs,
                      const std::string& shared) {
  const std::string_view dictionary = catalog_dictionary();
  Json index = Json::array({deflate_dictionary_id(dictionary)});
  if (!shared.empty()) index.push_back(shared);
  std::string pieces;
  auto add = [&](const std::string& type, const std::string& text) {
    std::optional<std::string> deflated =
        text.size() >= kDeflateFieldFrom / 2 ? deflated_piece(text, dictionary) : std::nullopt;
    index.push_back(deflated ? Json::array({type, deflated->size(), 1})
                             : Json::array({type, text.size()}));
    pieces += deflated ? *deflated : text;
  };
  for (const auto& [type, group] : groups) add(type, group);
  add("", runs);
  return index.dump() + '\n' + pieces;
}

/// Whether a group's text names the node: its certname, or its host name (the certname's
/// first label, of three characters or more) — such a group is the node's own.
bool names_node(std::string_view text, const std::string& certname) {
  if (certname.empty()) return true;
  if (text.find(certname) != std::string_view::npos) return true;
  const std::size_t dot = certname.find('.');
  return dot != std::string::npos && dot >= 3 &&
         text.find(std::string_view(certname).substr(0, dot)) != std::string_view::npos;
}

}  // namespace

std::string catalog_body_text(const std::map<std::string, std::string>& groups,
                              const std::string& edges) {
  return body_text(groups, edge_runs(edges, numbered(groups)), "");
}

CatalogBodyParts catalog_body_parts(const std::map<std::string, std::string>& groups,
                                    const std::string& edges, const std::string& certname) {
  const std::string runs = edge_runs(edges, numbered(groups));
  std::map<std::string, std::string> own, shared;
  std::size_t shared_bytes = 0;
  for (const auto& [type, group] : groups) {
    if (names_node(type, certname) || names_node(group, certname)) {
      own.emplace(type, group);
    } else {
      shared.emplace(type, group);
      shared_bytes += group.size();
    }
  }
  if (shared_bytes < kSharedGroupsFrom) return {body_text(groups, runs, ""), "", ""};
  std::string digested;
  for (const auto& [type, group] : shared) {
    digested += type;
    digested += '\0';
    digested += group;
    digested += '\0';
  }
  std::string name = digest::hex(digest::Algorithm::sha256, digested).substr(0, kSharedNameLength);
  std::string shared_text = body_text(shared, "[]", "");
  std::string body = body_text(own, runs, name);
  return {std::move(body), std::move(name), std::move(shared_text)};
}

CatalogBody::CatalogBody(std::string stored) : stored_(std::move(stored)) {
  const std::size_t newline = stored_.find('\n');
  if (newline == std::string::npos) throw StoreError("a catalog body has no index line");
  const std::string_view line = std::string_view(stored_).substr(0, newline);
  std::vector<std::pair<std::string, std::pair<std::size_t, bool>>> entries;
  if (!read_simple_index(line, dictionary_, shared_, entries)) {
    entries.clear();
    shared_.clear();
    Json index = Json::parse(line, nullptr, false);
    if (!index.is_array() || index.empty() || !index[0].is_number_unsigned())
      throw StoreError("a catalog body's index is not [DICTIONARY, [TYPE, LENGTH], …]");
    dictionary_ = index[0].get<std::uint32_t>();
    std::size_t first = 1;
    if (index.size() > 1 && index[1].is_string()) {
      shared_ = index[1].get<std::string>();
      if (!is_shared_part_name(shared_))
        throw StoreError("a catalog body names no shared part by a digest");
      first = 2;
    }
    for (std::size_t i = first; i < index.size(); ++i) {
      const Json& entry = index[i];
      if (!entry.is_array() || entry.size() < 2 || entry.size() > 3 || !entry[0].is_string() ||
          !entry[1].is_number_unsigned() || (entry.size() == 3 && entry[2] != 1))
        throw StoreError("a catalog body's index is not [DICTIONARY, [TYPE, LENGTH], …]");
      entries.push_back(
          {entry[0].get<std::string>(), {entry[1].get<std::size_t>(), entry.size() == 3}});
    }
  }
  std::size_t at = newline + 1;
  for (auto& [type, place] : entries) {
    if (place.first > stored_.size() - at)
      throw StoreError("a catalog body is shorter than its index");
    pieces_.push_back({std::move(type), at, place.first, place.second});
    at += place.first;
  }
  if (pieces_.empty() || !pieces_.back().type.empty())
    throw StoreError("a catalog body's index names no edges");
}

std::string CatalogBody::text(const Piece& piece) const {
  const std::string_view stored = std::string_view(stored_).substr(piece.from, piece.length);
  return piece.deflated ? inflated_piece(stored, dictionary_) : std::string(stored);
}

void CatalogBody::attach(std::shared_ptr<const Groups> shared_groups) {
  shared_groups_ = std::move(shared_groups);
}

std::optional<std::string> CatalogBody::group(const std::string& type) const {
  for (std::size_t i = 0; i + 1 < pieces_.size(); ++i)
    if (pieces_[i].type == type) return text(pieces_[i]);
  for (const auto& [shared_type, packed] : shared_groups())
    if (shared_type == type) return packed;
  return std::nullopt;
}

CatalogBody::Groups CatalogBody::groups() const {
  const Groups& shared = shared_groups();
  Groups groups;
  groups.reserve(pieces_.size() - 1 + shared.size());
  auto next_shared = shared.begin();
  for (std::size_t i = 0; i + 1 < pieces_.size(); ++i) {  // both by type: merged in that order
    for (; next_shared != shared.end() && next_shared->first < pieces_[i].type; ++next_shared)
      groups.push_back(*next_shared);
    groups.emplace_back(pieces_[i].type, text(pieces_[i]));
  }
  groups.insert(groups.end(), next_shared, shared.end());
  return groups;
}

const CatalogBody::Groups& CatalogBody::shared_groups() const {
  static const Groups none;
  if (shared_.empty()) return none;
  if (!shared_groups_)
    throw StoreError("a catalog body's shared part " + shared_ + " was not read with it");
  return *shared_groups_;
}

Json CatalogBody::edges() const {
  return edges_of(nullptr);
}

Json CatalogBody::edges(const std::vector<std::pair<std::string, std::string>>& groups) const {
  return edges_of(&groups);
}

Json CatalogBody::edges_of(const std::vector<std::pair<std::string, std::string>>* groups) const {
  Json runs = Json::parse(text(pieces_.back()), nullptr, false);
  if (!runs.is_array()) throw StoreError("a catalog body's edges are not JSON");
  std::vector<std::pair<std::string, std::string>> resources;
  bool titled = false;
  auto resource = [&](std::size_t n) -> Json {
    if (!titled) {  // the groups inflated only when an edge names a resource by its number
      Groups read;
      if (!groups) read = this->groups();
      for (const auto& [type, packed] : groups ? *groups : read) titles_of(type, packed, resources);
      titled = true;
    }
    if (n >= resources.size()) throw StoreError("a catalog body's edge names no resource");
    return {{"type", resources[n].first}, {"title", resources[n].second}};
  };
  auto end = [&](const Json& ref) { return ref.is_number_unsigned() ? resource(ref) : ref; };
  Json edges = Json::array();
  for (Json& run : runs) {
    if (!run.is_array()) {  // an edge kept as it was sent
      edges.push_back(std::move(run));
      continue;
    }
    if (run.size() != 3 || !run[2].is_array())
      throw StoreError("a catalog body's edges are not [relationship, source, [target, …]]");
    const Json source = end(run[1]);
    auto add = [&](Json target) {
      edges.push_back(
          {{"source", source}, {"target", std::move(target)}, {"relationship", run[0]}});
    };
    for (const Json& target : run[2]) {
      if (!target.is_array()) {
        add(end(target));
        continue;
      }
      if (target.size() != 2 || !target[0].is_number_unsigned() ||
          !target[1].is_number_unsigned() || target[1].get<std::size_t>() > kLargestDocument)
        throw StoreError("a catalog body's edge range is not [first, count]");
      for (std::size_t n = 0; n < target[1].get<std::size_t>(); ++n)
        add(resource(target[0].get<std::size_t>() + n));
    }
  }
  return edges;
}

}  // namespace marionette::puppetdb
