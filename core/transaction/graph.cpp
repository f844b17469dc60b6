#include "transaction/graph.hpp"

#include <map>
#include <set>

namespace marionette::transaction {

namespace {

/// Relationship values: "Type[title]" strings, or arrays (possibly nested) of them.
void collect_references(const catalog::Data& value, std::vector<std::string>& out) {
  if (value.is_string()) {
    out.push_back(value.get<std::string>());
  } else if (value.is_array()) {
    for (const auto& item : value) collect_references(item, out);
  }
}

std::string file_path(const catalog::Resource& resource) {
  auto path = resource.parameters.find("path");
  std::string text = path != resource.parameters.end() && path->is_string()
                         ? path->get<std::string>()
                         : resource.title;
  while (text.size() > 1 && text.back() == '/') text.pop_back();
  return text;
}

}  // namespace

RelationshipGraph::RelationshipGraph(const catalog::Catalog& catalog) : catalog_(catalog) {
  index_resources();
  add_relationships();
  add_autorequires();
  add_vertices_and_edges();
  check_cycles();
  compute_order();
}

RelationshipGraph::RelationshipGraph(const catalog::Catalog& catalog, Unordered)
    : catalog_(catalog) {
  index_resources();
  add_relationships();
  add_autorequires();
  add_vertices_and_edges();
}

void RelationshipGraph::add_relationships() {
  struct Metaparameter {
    const char* name;
    bool incoming;  ///< require/subscribe: the named resource comes first
    bool refresh;
  };
  static const Metaparameter kMetaparameters[] = {{"require", true, false},
                                                  {"subscribe", true, true},
                                                  {"before", false, false},
                                                  {"notify", false, true}};
  std::map<std::pair<std::size_t, std::size_t>, std::size_t> seen;
  const auto& resources = catalog_.resources;
  for (std::size_t i = 0; i < resources.size(); ++i) {
    for (const auto& meta : kMetaparameters) {
      auto value = resources[i].parameters.find(meta.name);
      if (value == resources[i].parameters.end()) continue;
      std::vector<std::string> references;
      collect_references(*value, references);
      for (const auto& reference : references) {
        std::size_t other = resolve(reference, i);
        std::size_t source = meta.incoming ? other : i;
        std::size_t target = meta.incoming ? i : other;
        declared_.push_back({source, target});
        auto [at, inserted] = seen.emplace(std::make_pair(source, target), relationships_.size());
        if (inserted) {
          relationships_.push_back({source, target, meta.refresh});
        } else {
          relationships_[at->second].refresh |= meta.refresh;
        }
      }
    }
  }
}

/// Puppet's autorequire for the types we manage: a file requires the nearest managed directory
/// above it and its owner and group, an exec its cwd and user, a cron job its user, a user its
/// groups; never against a relationship already there in either direction. Each resource's in
/// the order its Puppet type declares them (a file's parent before its owner), which is the
/// order of the edges --graph writes.
void RelationshipGraph::add_autorequires() {
  const auto& resources = catalog_.resources;
  std::unordered_map<std::string, std::size_t> files, users, groups;
  auto name_of = [](const catalog::Resource& resource) {
    auto name = resource.parameters.find("name");
    return name != resource.parameters.end() && name->is_string() ? name->get<std::string>()
                                                                  : resource.title;
  };
  for (std::size_t i = 0; i < resources.size(); ++i) {
    const std::string type = canonical_type(resources[i].type);
    if (type == "File") files.emplace(file_path(resources[i]), i);
    if (type == "User") users.emplace(name_of(resources[i]), i);
    if (type == "Group") groups.emplace(name_of(resources[i]), i);
  }
  if (files.empty() && users.empty() && groups.empty()) return;
  std::set<std::pair<std::size_t, std::size_t>> related;
  for (const auto& r : relationships_) {
    related.insert({r.source, r.target});
    related.insert({r.target, r.source});
  }
  auto require = [&](std::size_t dependency, std::size_t dependent) {
    if (dependency == dependent || related.count({dependency, dependent})) return;
    relationships_.push_back({dependency, dependent, false});
    declared_.push_back({dependency, dependent});
    related.insert({dependency, dependent});
    related.insert({dependent, dependency});
  };
  /// Requires the resource named by parameter `name` (a string or strings) in `index`.
  auto require_named = [&](const std::unordered_map<std::string, std::size_t>& index,
                           std::size_t dependent, const char* parameter) {
    auto value = resources[dependent].parameters.find(parameter);
    if (value == resources[dependent].parameters.end()) return;
    auto one = [&](const catalog::Data& item) {
      if (!item.is_string()) return;
      auto found = index.find(item.get<std::string>());
      if (found != index.end()) require(found->second, dependent);
    };
    if (value->is_array()) {
      for (const auto& item : *value) one(item);
    } else {
      one(*value);
    }
  };
  for (std::size_t i = 0; i < resources.size(); ++i) {
    std::string type = canonical_type(resources[i].type);
    if (type == "User") {
      require_named(groups, i, "gid");
      require_named(groups, i, "groups");
      continue;
    }
    if (type == "Cron") require_named(users, i, "user");
    if (type == "File") {
      std::string path = file_path(resources[i]);
      // A relative path has no parent to require; the file type refuses it ("File paths must
      // be fully qualified") when the run binds its providers.
      while (path.size() > 1) {
        auto slash = path.rfind('/');
        if (slash == std::string::npos) break;
        path = slash == 0 ? "/" : path.substr(0, slash);
        auto parent = files.find(path);
        if (parent != files.end()) {
          require(parent->second, i);
          break;
        }
      }
      require_named(users, i, "owner");
      require_named(groups, i, "group");
    } else if (type == "Exec") {
      auto cwd = resources[i].parameters.find("cwd");
      if (cwd != resources[i].parameters.end() && cwd->is_string()) {
        auto dir = files.find(cwd->get<std::string>());
        if (dir != files.end()) require(dir->second, i);
      }
      require_named(users, i, "user");
    }
  }
}

void RelationshipGraph::add_vertices_and_edges() {
  const std::size_t count = catalog_.resources.size();
  admissible_.assign(count, 0);
  completed_.assign(count, 0);
  for (std::size_t i = 0; i < count; ++i) {
    if (container_[i]) {
      admissible_[i] = vertices_.size();
      vertices_.push_back({VertexKind::admissible, i});
      completed_[i] = vertices_.size();
      vertices_.push_back({VertexKind::completed, i});
    } else {
      admissible_[i] = completed_[i] = vertices_.size();
      vertices_.push_back({VertexKind::resource, i});
    }
  }
  out_.assign(vertices_.size(), {});
  in_.assign(vertices_.size(), {});
  for (const auto& r : relationships_)
    add_edge(completed_[r.source], admissible_[r.target], r.refresh);
  for (std::size_t x = 0; x < count; ++x) {
    if (!container_[x]) continue;
    if (contents_[x].empty()) add_edge(admissible_[x], completed_[x], true);
    for (std::size_t child : contents_[x]) {
      add_edge(admissible_[x], admissible_[child], true);
      add_edge(completed_[child], completed_[x], true);
    }
  }
}

void RelationshipGraph::add_edge(std::size_t from, std::size_t to, bool refresh) {
  auto [at, inserted] =
      edge_ids_.emplace((static_cast<std::uint64_t>(from) << 32) | to, edges_.size());
  if (!inserted) {
    edges_[at->second].refresh |= refresh;
    return;
  }
  out_[from].push_back(edges_.size());
  in_[to].push_back(edges_.size());
  edges_.push_back({from, to, refresh});
}

std::string reference_label(const catalog::Resource& resource) {
  std::string type = canonical_type(resource.type);
  // Puppet names classes by capitalised title: Class[main] shows as Class[Main].
  return type + "[" + (type == "Class" ? canonical_type(resource.title) : resource.title) + "]";
}

std::string RelationshipGraph::label(std::size_t vertex) const {
  return reference_label(catalog_.resources[vertices_[vertex].resource]);
}

std::vector<std::string> RelationshipGraph::evaluation_order() const {
  std::vector<std::string> refs;
  for (std::size_t vertex : order_) {
    if (vertices_[vertex].kind == VertexKind::resource) refs.push_back(label(vertex));
  }
  return refs;
}

}  // namespace marionette::transaction
