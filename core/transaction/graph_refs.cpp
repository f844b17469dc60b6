#include <algorithm>
#include <cctype>

#include "text/text.hpp"
#include "transaction/graph.hpp"

namespace marionette::transaction {

namespace {

/// Class titles are matched case-insensitively and without a leading "::".
std::string class_key(std::string_view title) {
  if (title.substr(0, 2) == "::") title.remove_prefix(2);
  return "Class[" + text::lowercase(title) + "]";
}

std::string key_for(const std::string& type, std::string_view title) {
  if (type == "Class") return class_key(title);
  return type + "[" + std::string(title) + "]";
}

}  // namespace

std::string canonical_type(std::string_view type) {
  if (type.substr(0, 2) == "::") type.remove_prefix(2);
  std::string out = text::lowercase(type);
  bool segment_start = true;
  for (char& c : out) {
    if (segment_start && c != ':')
      c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    segment_start = c == ':';
  }
  return out;
}

std::optional<std::pair<std::string, std::string>> parse_reference(std::string_view text) {
  auto open = text.find('[');
  if (open == std::string_view::npos || open == 0 || text.size() < open + 2 || text.back() != ']') {
    return std::nullopt;
  }
  std::string title(text.substr(open + 1, text.size() - open - 2));
  if (title.size() >= 2 && (title.front() == '\'' || title.front() == '"') &&
      title.back() == title.front()) {
    title = title.substr(1, title.size() - 2);
  }
  return std::make_pair(canonical_type(text.substr(0, open)), title);
}

bool is_container_type(const catalog::Resource& resource) {
  std::string type = canonical_type(resource.type);
  return type == "Class" || type == "Stage" || type == "Node" || resource.kind == "defined_type";
}

void RelationshipGraph::index_resources() {
  const auto& resources = catalog_.resources;
  for (std::size_t i = 0; i < resources.size(); ++i) {
    by_ref_.emplace(key_for(canonical_type(resources[i].type), resources[i].title), i);
  }
  parent_.assign(resources.size(), static_cast<std::size_t>(-1));
  contents_.assign(resources.size(), {});
  for (const auto& edge : catalog_.edges) {
    auto source = parse_reference(edge.source);
    auto target = parse_reference(edge.target);
    auto from = source ? by_ref_.find(key_for(source->first, source->second)) : by_ref_.end();
    auto to = target ? by_ref_.find(key_for(target->first, target->second)) : by_ref_.end();
    if (from == by_ref_.end() || to == by_ref_.end()) {
      throw GraphError("Could not find resource '" +
                       (from == by_ref_.end() ? edge.source : edge.target) +
                       "' for containment edge " + edge.source + " => " + edge.target);
    }
    contents_[from->second].push_back(to->second);
    // Puppet's path names a resource's first container (a class that `contain` also holds is
    // the stage's, which added it first).
    if (parent_[to->second] == static_cast<std::size_t>(-1)) parent_[to->second] = from->second;
  }
  container_.assign(resources.size(), false);
  for (std::size_t i = 0; i < resources.size(); ++i) {
    container_[i] = is_container_type(resources[i]) || !contents_[i].empty();
  }
}

std::size_t RelationshipGraph::resolve(std::string_view reference, std::size_t from) const {
  auto parsed = parse_reference(reference);
  std::string shown = parsed ? parsed->first + "[" + parsed->second + "]" : std::string(reference);
  if (parsed) {
    auto found = by_ref_.find(key_for(parsed->first, parsed->second));
    if (found != by_ref_.end()) return found->second;
  }
  throw GraphError("Could not retrieve dependency '" + shown + "' of " +
                   canonical_type(catalog_.resources[from].type) + "[" +
                   catalog_.resources[from].title + "]");
}

std::vector<std::size_t> RelationshipGraph::containers_of(std::size_t resource) const {
  std::vector<std::size_t> chain;
  for (std::size_t at = parent_[resource]; at != static_cast<std::size_t>(-1); at = parent_[at]) {
    chain.push_back(at);
    if (chain.size() > parent_.size()) break;  // a malformed containment loop
  }
  std::reverse(chain.begin(), chain.end());
  return chain;
}

}  // namespace marionette::transaction
